"""The JSON Schemas of the documents (``phase10.json_schema``) against the documents.

Every document the library writes validates against its schema (games of
every preset and of the house rules walked move by move: their states,
the views of every seat and a spectator, their moves and records), and so
does every document a release wrote (``tests/compat/``). The other way,
a document the readers refuse for its shape (a wrong type, a missing key,
a key they do not know) is refused by the schema too: valid documents are
mutated at every place, and each mutation the reader refuses for its
shape must fail the schema. The schema says nothing of meaning (a card
counted twice, a seat the rules do not have): the readers check that.
"""

from __future__ import annotations

import copy
import json
import random
import re
import warnings
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from move_examples import EVERY_MOVE
from strategies import every_later_option, game_states, rules_records
from test_event_documents import EVERY_EVENT

import phase10
from phase10 import (
    MAX_HAND_SIZE,
    MAX_HANDS,
    MAX_PHASES,
    MAX_PLAYERS,
    MAX_TURNS_PER_HAND,
    PRESETS,
    Action,
    Card,
    Discard,
    Event,
    FormatError,
    GameRecord,
    GameState,
    Hit,
    PlayerView,
    Rules,
    Step,
    UsageError,
    _schema,
    apply,
    from_dict,
    json_schema,
    legal_actions,
    new_game,
    to_dict,
    view,
)
from phase10._actions import MOVE_TYPES
from phase10._codec import Codec
from phase10._fields import MAX_OWED
from phase10._json import MAX_DECK, MAX_SAFE_INT, MIGRATIONS, SCHEMA_VERSION
from phase10._limits import BOUNDS
from phase10._memo import clear_all
from phase10._shuffle import MAX_SEED_DIGITS
from phase10.bots import GreedyBot

KINDS = ("rules", "state", "view", "move", "record", "event")
KIND_OF_DOCUMENT = {
    "phase10/rules": "rules",
    "phase10/state": "state",
    "phase10/view": "view",
    "phase10/action": "move",
    "phase10/record": "record",
    "phase10/event": "event",
}
READERS: dict[str, Any] = {
    "rules": lambda data: from_dict(data, Rules),
    "state": lambda data: from_dict(data, GameState),
    "view": lambda data: from_dict(data, PlayerView),
    "move": lambda data: from_dict(data, Action),
    "record": GameRecord.from_dict,
    "event": lambda data: from_dict(data, Event),
}
COMPAT = sorted(
    path
    for path in (Path(__file__).parent / "compat").glob("*/*.json")
    if not path.name.endswith(".meaning.json")
)


@cache
def validator(kind: str) -> jsonschema.protocols.Validator:
    schema = json_schema(kind)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def problems(document: Any) -> list[str]:
    """What the schema of the document's kind finds wrong with it."""
    kind = KIND_OF_DOCUMENT[document["schema"]]
    return [
        f"{'/'.join(map(str, error.absolute_path))}: {error.message[:200]}"
        for error in validator(kind).iter_errors(document)
    ]


# --- the schemas themselves ---------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_each_schema_is_a_valid_draft_2020_12_schema(kind: str) -> None:
    schema = json_schema(kind)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    name = {"move": "action"}.get(kind, kind)
    assert schema["$id"] == f"urn:phase10:{name}:v{SCHEMA_VERSION}"


def test_the_schema_describes_the_version_the_library_writes() -> None:
    """The schemas describe the current document version; the readers take
    earlier ones through MIGRATIONS. Once there is a migration, version 1
    documents (those in tests/compat/0.1.0) no longer have this body: the
    schema must then describe each version the readers take (or the docs
    say which schema an old document follows) before this test changes."""
    assert MIGRATIONS == {}
    for kind in KINDS:
        schema = json_schema(kind)
        for variant in schema.get("oneOf", [schema]):
            assert variant["properties"]["version"] == {"const": SCHEMA_VERSION}


def test_a_kind_not_described_is_refused_naming_the_kinds() -> None:
    for wrong in ("action", "State", "", None, 3, ["rules"]):
        with pytest.raises(UsageError, match="'rules', 'state', 'view', 'move'"):
            json_schema(wrong)  # type: ignore[arg-type]


def test_each_call_returns_a_copy_the_caller_may_change() -> None:
    schema = json_schema("state")
    kept = copy.deepcopy(schema)
    schema["properties"]["rules"]["$ref"] = "#/nowhere"
    schema["$defs"]["Card"]["enum"].clear()
    schema["required"].append("mine")
    assert json_schema("state") == kept
    assert json_schema("state") is not json_schema("state")


def test_the_schemas_are_made_again_once_the_memos_are_emptied() -> None:
    """Emptying every memo (a server taking its memory back) empties the
    schemas too: they are made again from the codecs, the same."""
    before = {kind: json_schema(kind) for kind in KINDS}
    clear_all()
    assert {kind: json_schema(kind) for kind in KINDS} == before


def test_the_schema_is_the_public_name() -> None:
    assert phase10.json_schema is json_schema
    assert json.loads(json.dumps(json_schema("record"))) == json_schema("record")


def test_required_keys_and_defaults_are_the_codecs() -> None:
    """A key is required exactly when the reader has no default for it."""
    rules = json_schema("rules")
    assert rules["required"] == ["schema", "version"]  # every option has one
    assert rules["properties"]["deck"]["default"] == "standard"
    state = json_schema("state")
    assert "contenders" in state["required"]  # its default is computed
    assert "seed" not in state["required"]
    assert "saved" not in state["$defs"]["PlayerState"]["required"]  # since 0.2


def test_the_bounds_are_the_widest_any_rules_allow() -> None:
    """A bound that depends on the document's own rules is the widest any
    rules allow: the schema never refuses what some rules let a reader take."""
    state = json_schema("state")
    play, player = state["properties"], state["$defs"]["PlayerState"]["properties"]
    meld = state["$defs"]["Meld"]["properties"]
    bounds = {
        "current": (play["current"], 0, MAX_PLAYERS - 1),
        "winner": (play["winner"], 0, MAX_PLAYERS - 1),
        "owner": (meld["owner"], 0, MAX_PLAYERS - 1),
        "hand_number": (play["hand_number"], 1, MAX_HANDS),
        "turn_slot": (play["turn_slot"], 0, MAX_TURNS_PER_HAND),
        "completed": (player["completed"], 0, MAX_PHASES),
        "active": (player["active"], 0, MAX_PHASES - 1),
        "skips_pending": (player["skips_pending"], 0, MAX_OWED),
        "saved_now": (player["saved_now"], 0, MAX_HAND_SIZE),
        "score": (player["score"], 0, MAX_SAFE_INT),
        "number": (meld["number"], 1, 12),
        "discard_size": (
            json_schema("view")["properties"]["discard_size"],
            0,
            MAX_DECK,
        ),
    }
    for name, (schema, low, high) in bounds.items():
        assert (schema["minimum"], schema["maximum"]) == (low, high), name
    assert play["winner"]["type"] == ["integer", "null"]
    assert player["name"]["pattern"] == r"\S"
    seed = re.compile(play["seed"]["pattern"])
    assert seed.search("-" + "9" * MAX_SEED_DIGITS)
    assert not seed.search("9" * (MAX_SEED_DIGITS + 1))
    assert not seed.search("12a") and not seed.search("")


@attrs.frozen
class Odd:
    """A record of the tests' own (its types are read here, where it lives)."""

    card: Card


def test_a_writer_rule_or_type_with_no_description_cannot_be_described() -> None:
    """A new field the schema could not describe stops its making, naming it."""
    own = Codec(Odd, encoders={"card": str})  # a writer of its own, unsaid
    with pytest.raises(TypeError, match=r"Odd.card .*WRITTEN_AS"):
        _schema._record_object(own, _schema._Defs())
    with pytest.raises(TypeError, match="no JSON Schema for values of type"):
        _schema._by_type(complex, _schema._Defs())

    def shapeless(value: object, where: str, table: object) -> object:
        return value

    with pytest.raises(TypeError, match=r"Meld.owner has no shape"):
        _schema._ruled(shapeless, "Meld.owner")


# --- every document written validates -----------------------------------------------


def masters_hidden() -> Rules:
    return attrs.evolve(PRESETS["masters"], saved_cards_hidden=True)


RULE_SETS: dict[str, Rules] = {
    **PRESETS,
    "masters-hidden-saves": masters_hidden(),
    "every-later-option": every_later_option(),
    "house": Rules(swap_wilds=True, wrap_runs=True, skip_next_only=True),
}


@cache
def walk(name: str) -> tuple[tuple[GameState, ...], tuple[Action, ...], GameRecord]:
    """A seeded game under the rules named: its states and moves, a greedy
    bot mixed with random listed moves, and its record."""
    rules = RULE_SETS[name]
    seats = max(rules.min_players, 3)
    record, state = GameRecord.start(seats, rules, seed=len(name) * 7919)
    rng = random.Random(name)
    bot = GreedyBot(rng)
    states, moves = [state], []
    for _ in range(40):
        if state.step is Step.GAME_OVER:
            break
        listed = legal_actions(state)
        move = rng.choice(listed) if rng.random() < 0.3 else bot.choose(state)
        state = apply(state, move)
        states.append(state)
        moves.append(move)
    return tuple(states), tuple(moves), record.then(*moves)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_every_document_of_a_game_validates(name: str) -> None:
    states, moves, record = walk(name)
    assert problems(to_dict(states[0].rules)) == []
    assert problems(record.to_dict()) == []
    for move in moves:
        assert problems(to_dict(move)) == [], move
    for number, state in enumerate(states):
        assert problems(to_dict(state)) == [], number
        if number % 8 == 0:  # every seat and a spectator, every few moves
            for seat in [*range(len(state.players)), None]:
                assert problems(to_dict(view(state, seat))) == [], (number, seat)


def test_the_games_reach_every_step_and_save_piles_both_ways() -> None:
    """The walks are worth their time: choices, hands and games over, save
    piles face up and face down, and views that hide saved cards."""
    steps = {state.step for name in RULE_SETS for state in walk(name)[0]}
    assert steps >= {Step.DRAW, Step.PLAY, Step.CHOOSE, Step.HAND_OVER}
    for name in ("masters", "masters-hidden-saves"):
        saved = [
            state for state in walk(name)[0] if any(p.saved for p in state.players)
        ]
        assert saved, name
    hidden = [
        seen
        for state in walk("masters-hidden-saves")[0]
        for seen in [view(state, None)]
        if any(player.saved_size and not player.saved for player in seen.players)
    ]
    assert hidden
    assert problems(to_dict(hidden[0])) == []


@settings(max_examples=40, deadline=None)
@given(rules=rules_records())
def test_rules_with_any_options_validate(rules: Rules) -> None:
    assert problems(to_dict(rules)) == []


@settings(max_examples=15, suppress_health_check=[HealthCheck.too_slow])
@given(state=game_states())
def test_states_and_views_under_any_rules_validate(state: GameState) -> None:
    assert problems(to_dict(state)) == []
    for seat in [*range(len(state.players)), None]:
        assert problems(to_dict(view(state, seat))) == []


def test_a_game_over_validates() -> None:
    state = new_game(2, PRESETS["first-5-phases"], seed=3)
    rng = random.Random(3)
    bot = GreedyBot(rng)
    while state.step is not Step.GAME_OVER:
        state = apply(state, bot.choose(state))
    assert problems(to_dict(state)) == []
    assert problems(to_dict(view(state, 0))) == []
    assert problems(to_dict(view(state, None))) == []


def test_each_of_the_ten_kinds_of_move_validates() -> None:
    assert {type(move) for move in EVERY_MOVE} == set(MOVE_TYPES)
    for move in EVERY_MOVE:
        assert problems(to_dict(move)) == [], move
    record = GameRecord(players=("Ann", "Bob"), seed=-5, actions=EVERY_MOVE)
    assert problems(record.to_dict()) == []


@pytest.mark.parametrize("path", COMPAT, ids=lambda path: path.name)
def test_every_document_a_release_wrote_validates(path: Path) -> None:
    assert problems(json.loads(path.read_text(encoding="utf-8"))) == []


# --- what the readers refuse for its shape, the schema refuses ----------------------

SHAPE = re.compile(
    r"missing key|unknown key|a document is an object"
    r"|expected (an object|a list|a whole number|true or false|a text"
    r"|a seat number|the seed as a text)(, not| such)"
    r"|is not (a card|an? [a-z ]+ \(|a move \()"
)
"""The readers' refusals of a document's shape: a wrong type, a missing or
unknown key, a text that is none of the values of its kind. Not those of
meaning (a number beyond what these rules allow, a card too many)."""

WRONG: tuple[Any, ...] = (None, True, 1.5, "x", [], {})
"""What a value is replaced with. Not 1.0: JSON Schema counts it a whole
number, while the readers, as Python's json reads it, take only 1."""


def places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a document: each key of every object, the first item
    of every list."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield (*path, key)
            yield from places(inner, (*path, key))
    elif isinstance(value, list) and value:
        yield (*path, 0)
        yield from places(value[0], (*path, 0))


def mutations(document: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The document with one place changed: a key taken away or added, a
    value replaced by one of another type."""
    for place in [(), *places(document)]:
        if place:
            *parent_path, last = place
            if isinstance(last, str):
                gone = copy.deepcopy(document)
                del at(gone, parent_path)[last]
                yield f"without {place}", gone
            for wrong in WRONG:
                changed = copy.deepcopy(document)
                at(changed, parent_path)[last] = copy.deepcopy(wrong)
                yield f"{place} = {wrong!r}", changed
        if isinstance(at(document, place), dict):
            added = copy.deepcopy(document)
            at(added, place)["extra"] = 1
            yield f"{place} + extra", added


def at(document: Any, path: Any) -> Any:
    for step in path:
        document = document[step]
    return document


def samples() -> Iterator[tuple[str, dict[str, Any]]]:
    """Documents of every kind, with save piles, groups on the table and
    the options of the later releases, that the mutations start from."""
    states, _, record = walk("every-later-option")
    rich = next(
        state
        for state in states
        if state.table and any(player.saved for player in state.players)
    )
    seat = next(seat for seat, player in enumerate(rich.players) if player.saved)
    yield "rules", to_dict(rich.rules)
    yield "state", to_dict(rich)
    yield "view", to_dict(view(rich, seat))
    for move in EVERY_MOVE:
        yield repr(move), to_dict(move)
    yield "record", attrs.evolve(record, actions=EVERY_MOVE[:4]).to_dict()
    for event in EVERY_EVENT:
        yield repr(event), to_dict(event)


def refusal(document: Any, kind: str) -> str | None:
    """The refusal of the document by the reader of ``kind``, if it refuses it."""
    try:
        READERS[kind](document)
    except FormatError as error:
        return str(error)
    return None


def accepted(document: Any, kind: str) -> bool:
    return bool(validator(kind).is_valid(document))


@pytest.mark.parametrize("name", [name for name, _ in samples()])
def test_what_the_reader_refuses_for_its_shape_the_schema_refuses(name: str) -> None:
    document = dict(samples())[name]
    kind = KIND_OF_DOCUMENT[document["schema"]]
    assert refusal(document, kind) is None and accepted(document, kind)
    shape_refusals = 0
    for change, mutated in mutations(document):
        refused = refusal(mutated, kind)
        if refused is not None and SHAPE.search(refused):
            shape_refusals += 1
            assert not accepted(mutated, kind), f"{change}: the reader says {refused}"
    assert shape_refusals > 10  # the mutations reach the readers' shape checks


def test_the_judge_of_shape_refusals_can_fail() -> None:
    """Broken on purpose: a schema that takes any key misses the unknown ones."""
    loose = json_schema("move")
    for variant in loose["oneOf"]:
        variant["additionalProperties"] = True
    judge = jsonschema.Draft202012Validator(loose)
    document = to_dict(Discard("R7")) | {"extra": 1}
    refused = refusal(document, "move")
    assert refused is not None and SHAPE.search(refused)
    assert judge.is_valid(document)  # the loose schema would let it through
    assert not accepted(document, "move")


@pytest.mark.parametrize("spelling", ["r7", " R7 ", "w", "S\t", "g12", "\nb1"])
def test_a_card_spelled_otherwise_is_deprecated_and_the_schema_refuses_it(
    spelling: str,
) -> None:
    """One spelling of cards in documents, the library's: the schema lists
    only it; the readers still take another spelling Card.parse reads, with
    a FutureWarning that says it will be refused from 0.4, and that does not
    name the card (a document may hold secret cards)."""
    card = Card.parse(spelling)
    document = to_dict(Discard(card)) | {"card": spelling}
    assert not accepted(document, "move")
    with pytest.warns(FutureWarning, match="refused from phase10 0.4") as caught:
        assert READERS["move"](document) == Discard(card)
    told = [str(w.message) for w in caught]
    other = document | {"card": "y3" if card != Card.parse("Y3") else "b4"}
    with pytest.warns(FutureWarning) as caught:
        READERS["move"](other)
    assert [str(w.message) for w in caught] == told  # the card is not named
    state = to_dict(phase10.new_game(2, seed=1))
    hand = state["players"][1]["hand"]
    heard = []
    for place in (0, 1):  # two different secret cards, spelled the same way
        copied = copy.deepcopy(state)
        held = copied["players"][1]["hand"]
        held[0], held[place] = held[place], held[0]  # the same cards, swapped
        held[0] = f" {held[0].lower()} "
        assert not accepted(copied, "state")
        with pytest.warns(FutureWarning, match=r"players\[1\]\.hand\[0\]") as caught:
            READERS["state"](copied)
        heard.append([str(w.message) for w in caught])
    assert hand[0] != hand[1] and heard[0] == heard[1]


def test_the_written_spelling_reads_with_no_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for move in EVERY_MOVE:
            READERS["move"](to_dict(move))
        READERS["state"](to_dict(phase10.new_game(3, seed=2)))


def test_an_integral_float_is_whole_to_the_schema_but_not_to_the_readers() -> None:
    """JSON Schema counts 2.0 an integer; the readers take only 2, as
    json_schema's docstring and the page "Compatibility" say."""
    document = to_dict(Hit("R7", 2)) | {"meld": 2.0}
    assert accepted(document, "move")
    assert refusal(document, "move") == "meld: expected a whole number, not 2.0"
    assert "2.0" in (json_schema.__doc__ or "") or "1.0" in (json_schema.__doc__ or "")


def _edges(bounds: dict[str, Any]) -> Iterator[tuple[Any, bool]]:
    """Values at a field's bounds, each with whether it is inside them."""
    if "minimum" in bounds:
        yield bounds["minimum"], True
        yield bounds["minimum"] - 1, False
        yield bounds["maximum"], True
        yield bounds["maximum"] + 1, False
    if "minItems" in bounds:  # a lay's groups: at least so many, each so long
        least, cards = bounds["minItems"], bounds["items"]["minItems"]
        yield [["R7"] * cards] * least, True
        yield [["R7"] * cards] * (least - 1), False
        yield [["R7"] * cards] * least + [["R7"] * (cards - 1)], False


def test_every_fixed_bound_of_a_move_is_the_same_to_the_schema_and_the_reader() -> None:
    """Each move field's bounds come from one place, the field's own
    (``_limits.BOUNDS``): on each edge, one value inside and one outside,
    the reader and the schema agree."""
    walked = 0
    for cls in MOVE_TYPES:
        sample = next(move for move in EVERY_MOVE if type(move) is cls)
        for field in attrs.fields(cls):
            bounds = field.metadata.get(BOUNDS)
            if bounds is None:
                continue
            for value, inside in _edges(bounds):
                document = to_dict(sample) | {field.name: value}
                where = f"{cls.__name__}.{field.name} = {value!r}"
                assert (refusal(document, "move") is None) is inside, where
                assert accepted(document, "move") is inside, where
                walked += 1
    assert walked >= 4 * 4 + 3  # meld twice, target, phase; the groups


def test_every_fixed_bound_of_the_rules_is_the_same_to_the_schema_and_the_reader() -> (
    None
):
    """The rules' fixed bounds (hand_size, the players, the saves) come from
    the fields' own declarations: past an edge the schema and the reader
    refuse the field; on it the schema accepts and the reader
    does not refuse for that bound (it may for what the rules mean
    together: a hand of 20 for 20 players needs a bigger deck)."""
    walked = 0
    for field in attrs.fields(Rules):
        bounds = field.metadata.get(BOUNDS)
        if bounds is None:
            continue
        said = f"{field.name} must be {bounds['minimum']} to {bounds['maximum']}"
        for value, inside in _edges(bounds):
            document = to_dict(Rules()) | {field.name: value}
            where = f"Rules.{field.name} = {value!r}"
            refused = refusal(document, "rules") or ""
            assert accepted(document, "rules") is inside, where
            if inside:
                assert said not in refused, f"{where}: {refused}"
            else:  # for that bound, or for a negative number's shape
                assert field.name in refused, f"{where}: refused {refused!r}"
            walked += 1
    assert walked == 5 * 4


EDGY: tuple[Any, ...] = (-1, 0, 1, 2, 999_999_999, 10**9, 2**53, "", [], "r7", " W ")
"""Values of the right JSON types, at the edges: what a differential run
between the readers and the schemas finds disagreements on."""


def edgy_mutations(document: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The document with one value changed to an edgy one of its type."""
    for place in places(document):
        *parent_path, last = place
        value = at(document, place)
        for edgy in EDGY:
            if type(edgy) is not type(value) or edgy == value:
                continue
            changed = copy.deepcopy(document)
            at(changed, parent_path)[last] = copy.deepcopy(edgy)
            yield f"{place} = {edgy!r}", changed


def test_what_the_reader_reads_the_schema_accepts() -> None:
    """The differential test, the other way: every document the reader
    reads, changed at one place by shape or to an edge of its type, the
    schema accepts, but for the spellings of cards the readers read with a
    FutureWarning (deprecated). What the schema accepts and the reader
    refuses is refused for what it means (the other test holds the shape
    refusals to the schema), as the page "Compatibility" lists."""
    read = deprecated_read = 0
    for name, document in samples():
        kind = KIND_OF_DOCUMENT[document["schema"]]
        for change, mutated in [*mutations(document), *edgy_mutations(document)]:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                refused = refusal(mutated, kind)
            if refused is not None:
                continue
            deprecated = any(w.category is FutureWarning for w in caught)
            assert accepted(mutated, kind) is not deprecated, (
                f"{name}, {change}: read {'with' if deprecated else 'without'} "
                "a warning"
            )
            read += 1
            deprecated_read += deprecated
    assert read > 50 and deprecated_read > 5, (read, deprecated_read)
