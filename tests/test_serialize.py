"""Games, views, rules and moves as dicts and JSON: exact round trips, and
untrusted input that is either read correctly or refused with a FormatError."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import attrs
import pytest
from games import played
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scenarios import deal
from strategies import cards, every_later_option, hands, rules_records

from phase10 import (
    PRESETS,
    Action,
    Discard,
    Draw,
    End,
    FormatError,
    GameState,
    Hit,
    LayPhase,
    Meld,
    NaturalRule,
    NextHand,
    NotationError,
    Phase10Error,
    PhaseChoice,
    Pile,
    PlayerState,
    PlayerView,
    Points,
    PublicPlayer,
    Rules,
    RulesError,
    Save,
    Skip,
    Step,
    UsageError,
    apply,
    draw,
    hit,
    lay_phase,
    legal_actions,
    new_game,
    standard_deck,
    view,
)
from phase10._codec import WRITTEN_WHEN_SET
from phase10._flow import MAX_HANDS, MAX_TURNS_PER_HAND
from phase10._serialize import (
    MAX_JSON_LENGTH,
    from_dict,
    from_json,
    to_dict,
    to_json,
)
from phase10.bots import GreedyBot

KINDS: tuple[Any, ...] = (GameState, PlayerView, Rules, Action)

SHORT = Rules(phases=["2 sets of 3"], naturals=NaturalRule.NONE)
"""A one-phase game that ends quickly, with groups of Wilds alone allowed."""


def seats_for(rules: Rules, wanted: int) -> int:
    """``wanted`` players, brought within what ``rules`` allow."""
    return min(max(wanted, rules.min_players), rules.max_players)


def round_trips(obj: Any, kind: Any) -> None:
    """``obj`` survives dict and JSON exactly, and its JSON is stable."""
    data = to_dict(obj)
    assert from_dict(data, kind) == obj
    text = to_json(obj)
    assert json.loads(text) == data
    again = from_json(text, kind)
    assert again == obj
    assert to_json(again) == text


# --- round trips ------------------------------------------------------------------


@pytest.mark.slow
@given(
    rules=rules_records(),
    players=st.integers(2, 8),
    seed=st.integers(-(2**130), 2**130),
    bot_seed=st.integers(0, 2**32),
    moves=st.integers(0, 500),
)
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@pytest.mark.rule("R41")
def test_states_of_random_games_round_trip_exactly(
    rules: Rules, players: int, seed: int, bot_seed: int, moves: int
) -> None:
    """Every state of a random game reads back equal, seed and draw pile included."""
    states = played(rules, seats_for(rules, players), seed, moves, bot_seed=bot_seed)
    for index, state in enumerate(states):
        if index % 6 == 0 or state.step not in (Step.DRAW, Step.PLAY):
            round_trips(state, GameState)
    round_trips(states[-1], GameState)


@pytest.mark.slow
@given(
    which=st.sampled_from([SHORT, PRESETS["first-5-phases"], PRESETS["ten-hands"]]),
    players=st.integers(2, 6),
    seed=st.integers(0, 2**64),
)
@settings(max_examples=15, suppress_health_check=[HealthCheck.too_slow])
def test_states_round_trip_through_whole_games(
    which: Rules, players: int, seed: int
) -> None:
    """Hand ends, tie-breaks and the end of the game read back equal."""
    states = played(which, players, seed, 20_000, bot_seed=seed)
    assert states[-1].is_over
    for state in states:
        if state.step is not Step.PLAY or state.table:
            assert from_dict(to_dict(state), GameState) == state
    round_trips(states[-1], GameState)


@pytest.mark.rule("R41")
def test_a_read_state_plays_on_exactly_like_the_original() -> None:
    """A saved and reloaded game deals and shuffles on exactly as it would have."""
    states = played(PRESETS["official"], 4, 2026, 20_000, bot_seed=1)
    middle = states[len(states) // 2]
    reloaded = from_json(to_json(middle), GameState)
    bot, twin = GreedyBot(random.Random(3)), GreedyBot(random.Random(3))
    ahead, again = middle, reloaded
    while not ahead.is_over:
        ahead = apply(ahead, bot.choose(ahead))
        again = apply(again, twin.choose(again))
        assert ahead == again
    assert again.is_over


@pytest.mark.slow
@given(
    rules=rules_records(),
    players=st.integers(2, 8),
    seed=st.integers(0, 2**128),
    moves=st.integers(0, 400),
)
@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
def test_views_round_trip_exactly(
    rules: Rules, players: int, seed: int, moves: int
) -> None:
    """The view of every seat, and a spectator's, reads back equal."""
    states = played(rules, seats_for(rules, players), seed, moves, bot_seed=seed)
    for state in states[:: max(1, len(states) // 4)] + states[-1:]:
        for seat in (None, *range(len(state.players))):
            round_trips(view(state, seat), PlayerView)


@given(rules=rules_records())
def test_rules_round_trip_exactly(rules: Rules) -> None:
    """Any valid rules record reads back equal."""
    round_trips(rules, Rules)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_presets_round_trip_and_write_their_deck_by_name(name: str) -> None:
    """The presets read back equal, their deck written as "standard" or "masters"."""
    rules = PRESETS[name]
    round_trips(rules, Rules)
    deck = "masters" if name.startswith("masters") else "standard"
    assert to_dict(rules)["deck"] == deck
    assert from_dict({**to_dict(Rules()), "deck": deck}, Rules).deck == rules.deck


def test_a_custom_deck_is_written_card_by_card_in_its_order() -> None:
    """A deck that is not the standard one, even reordered, is listed in full."""
    reordered = Rules(deck=tuple(reversed(standard_deck())))
    data = to_dict(reordered)
    assert data["deck"][:2] == ["S", "S"]
    assert from_dict(data, Rules) == reordered != Rules()
    doubled = Rules(deck=standard_deck() * 2, max_players=10)
    assert len(to_dict(doubled)["deck"]) == 216
    round_trips(doubled, Rules)


ACTIONS: st.SearchStrategy[Action] = st.one_of(
    st.builds(Draw, st.sampled_from(Pile)),
    st.builds(LayPhase, st.lists(hands(1, 9), min_size=1, max_size=4)),
    st.builds(Hit, cards(), st.integers(0, 40), st.none() | st.sampled_from(End)),
    st.builds(Discard, cards()),
    st.builds(Skip, st.none() | st.integers(0, 7)),
    st.just(NextHand()),
)


@given(action=ACTIONS)
def test_actions_round_trip_exactly(action: Action) -> None:
    """Every move record reads back equal, as a move and as its own class."""
    round_trips(action, Action)
    assert from_dict(to_dict(action), type(action)) == action


def test_a_move_of_another_class_is_refused() -> None:
    """Asking for one move class refuses a document of another."""
    with pytest.raises(FormatError, match="expected a discard move, not hit"):
        from_dict(to_dict(Hit("R7", 0)), Discard)


def test_documents_look_as_documented() -> None:
    """The documents carry their schema and version, and cards as notation."""
    assert to_dict(Hit("W", 2, End.LOW)) == {
        "schema": "phase10/action",
        "version": 1,
        "type": "hit",
        "card": "W",
        "meld": 2,
        "end": "low",
    }
    assert to_dict(LayPhase(["R7 B7 W", "G1 G2 G3 G4"]))["groups"] == [
        ["R7", "B7", "W"],
        ["G1", "G2", "G3", "G4"],
    ]
    rules = to_dict(PRESETS["even-phases"])
    assert rules["schema"] == "phase10/rules"
    assert rules["phases"][0] == "1 set of 3 + 1 run of 4"
    assert rules["points"] == {"low": 5, "high": 10, "skip": 15, "wild": 25}
    state = to_dict(new_game(["Ann", "Bob"], seed=2**100))
    assert (state["schema"], state["version"]) == ("phase10/state", 1)
    assert state["seed"] == str(2**100)
    assert state["players"][0]["name"] == "Ann"
    assert all(isinstance(card, str) for card in state["draw_pile"])
    assert list(state)[:2] == ["schema", "version"]


def test_json_is_compact_unless_indented() -> None:
    """to_json writes one line by default and indents on request."""
    rules = Rules()
    assert "\n" not in to_json(rules)
    assert json.loads(to_json(rules, indent=2)) == to_dict(rules)
    assert "\n  " in to_json(rules, indent=2)


def field_names(cls: type) -> set[str]:
    """The attrs fields of ``cls``."""
    return {field.name for field in attrs.fields(cls)}


def test_every_field_is_written() -> None:
    """Documents hold every field of the records, so a new field is not lost;
    those added since 0.1.0 only when they are not at their defaults, so that
    a classic game's documents are as 0.1.0 wrote them."""
    later = WRITTEN_WHEN_SET
    state = played(SHORT, 3, 5, 60, bot_seed=5)[-1]
    data = to_dict(state)
    assert set(data) - {"schema", "version"} == field_names(GameState)
    assert set(data["players"][0]) == field_names(PlayerState) - later[PlayerState]
    assert set(data["rules"]) == field_names(Rules) - later[Rules]
    assert "wrap_runs" in to_dict(attrs.evolve(state.rules, wrap_runs=True))
    assert set(data["rules"]["points"]) == field_names(Points)
    assert data["table"], "the game should have groups on the table by now"
    assert set(data["table"][0]) == field_names(Meld)
    seen = to_dict(view(state, 0))
    assert (
        set(seen) - {"schema", "version"} == field_names(PlayerView) - later[PlayerView]
    )
    assert set(seen["players"][0]) == field_names(PublicPlayer) - later[PublicPlayer]
    # Set, they are written: a Masters game with a card saved, in the middle
    # of a hand, under rules that set every new option (built from the
    # fields, so an option added later is set here with no list to keep).
    rules = every_later_option()
    assert rules.phase_choice is PhaseChoice.CHOSEN and rules.saves_per_hand
    assert set(to_dict(rules)) - {"schema", "version"} == field_names(Rules)
    game = new_game(3, rules, seed=4)
    while game.step is not Step.PLAY:
        game = apply(game, legal_actions(game)[0])
    seat = game.current
    game = apply(game, Save(game.players[seat].hand[0]))
    saver = [player for player in to_dict(game)["players"] if "saved" in player]
    assert len(saver) == 1
    assert set(saver[0]) == field_names(PlayerState) - {"phases_done"}
    theirs = to_dict(view(game, (seat + 1) % 3))["players"][seat]
    assert theirs["saved_size"] == 1 and "saved" not in theirs  # face down
    assert to_dict(view(game, seat))["saved"] == saver[0]["saved"]


# --- refusing bad data --------------------------------------------------------------


@cache
def sample_state() -> GameState:
    """A four-player official game in the middle of a hand, with groups down."""
    for state in played(PRESETS["official"], 4, 11, 2000, bot_seed=2):
        if len(state.table) >= 2 and state.step is Step.PLAY:
            return state
    raise AssertionError("no state with two groups down")


def state_data() -> dict[str, Any]:
    """A fresh, valid state document to spoil."""
    return to_dict(sample_state())


def spoil(change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    """A state document with one change made."""
    data = state_data()
    change(data)
    return data


def set_card(data: dict[str, Any], place: int, text: str) -> None:
    """Overwrite card ``place`` of seat 2's hand."""
    data["players"][2]["hand"][place] = text


def swap_hand_card(data: dict[str, Any]) -> None:
    """Change seat 1's first card to another face, so the deck no longer adds up."""
    hand = data["players"][1]["hand"]
    hand[0] = "R1" if hand[0] != "R1" else "B1"


def make_meld_a_mess(data: dict[str, Any]) -> None:
    """Swap the first card of the first group with a Skip from elsewhere."""
    piles = [data["draw_pile"], data["discard_pile"]]
    piles += [player["hand"] for player in data["players"]]
    pile = next(pile for pile in piles if "S" in pile)
    meld = data["table"][0]
    place = pile.index("S")
    meld["cards"][0], pile[place] = pile[place], meld["cards"][0]


BAD_STATES: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    (
        "unknown card",
        lambda d: set_card(d, 3, "X9"),
        r"^players\[2\]\.hand\[3\]: 'X9' is not a card$",
    ),
    (
        "card as a number",
        lambda d: set_card(d, 0, 7),  # type: ignore[arg-type]
        r"^players\[2\]\.hand\[0\]: 7 is not a card$",
    ),
    (
        "bool for a number",
        lambda d: d["players"][0].update(score=True),
        r"^players\[0\]\.score: expected a whole number, not true$",
    ),
    (
        "float for a number",
        lambda d: d.update(hand_number=1.0),
        r"^hand_number: expected a whole number, not 1\.0$",
    ),
    (
        "negative count",
        lambda d: d["players"][1].update(skips_pending=-1),
        r"^players\[1\]\.skips_pending: expected a whole number from 0 to 1000, "
        r"not -1$",
    ),
    (
        "turns owed beyond any game",
        lambda d: d["players"][1].update(skips_pending=10**7),
        r"^players\[1\]\.skips_pending: expected a whole number from 0 to 1000",
    ),
    ("missing key", lambda d: d.pop("dealer"), r"^missing key 'dealer'$"),
    (
        "extra key",
        lambda d: d["players"][3].update(cheat=True),
        r"^players\[3\]: unknown key 'cheat'$",
    ),
    (
        "unknown step",
        lambda d: d.update(step="dance"),
        r"^step: 'dance' is not a step \('draw', 'play', 'hand over', 'game over', "
        r"'choose'\)$",
    ),
    (
        "current out of range",
        lambda d: d.update(current=4),
        r"^current: there is no seat 4 \(seats are 0 to 3\)$",
    ),
    (
        "meld owner out of range",
        lambda d: d["table"][1].update(owner=-1),
        r"^table\[1\]\.owner: there is no seat -1",
    ),
    (
        "winner while playing",
        lambda d: d.update(winner=0),
        r"^winner: a game has a winner exactly when it is over$",
    ),
    (
        "contenders twice",
        lambda d: d.update(contenders=[0, 0, 1, 2]),
        r"^contenders: the seats must be listed once each",
    ),
    (
        "contender out of range",
        lambda d: d.update(contenders=[0, 1, 2, 3, 4]),
        r"^contenders: has 5 items, more than the 4 possible$",
    ),
    (
        "cards that do not add up",
        swap_hand_card,
        r"^the hands, piles and table do not hold exactly the rules' deck: ",
    ),
    ("a meld that is no group", make_meld_a_mess, r"^table\[0\]: not a \w+"),
    (
        "a meld's shape changed",
        lambda d: d["table"][0].update(kind="color"),
        r"^table\[0\]: ",
    ),
    (
        "known card not in hand",
        lambda d: d["players"][0].update(known=["S", "S", "S", "S", "S"]),
        r"^players\[0\]\.known: lists a card that is not in the hand$",
    ),
    (
        "seed as a number",
        lambda d: d.update(seed=11),
        r"^seed: expected the seed as a text of decimal digits",
    ),
    (
        "empty name",
        lambda d: d["players"][0].update(name="  "),
        r"^players\[0\]\.name: a player's name cannot be empty$",
    ),
    (
        "too many players for the rules",
        lambda d: d["players"].extend(copy.deepcopy(d["players"][:3])),
        r"^players: has 7 items, more than the 6 possible$",
    ),
    (
        "unknown enum in the rules",
        lambda d: d["rules"].update(naturals="some"),
        r"^rules\.naturals: 'some' is not a natural rule",
    ),
    (
        "an unplayable phase",
        lambda d: d["rules"]["phases"].__setitem__(0, "3 sets of 4"),
        r"^rules: these rules cannot be played: phase 1 \(3 sets of 4\) needs 12",
    ),
    (
        "a phase that is not a phase",
        lambda d: d["rules"]["phases"].__setitem__(4, "a run of thirteen"),
        r"^rules\.phases\[4\]: ",
    ),
    ("not a list", lambda d: d.update(table={}), r"^table: expected a list, not an"),
]


@pytest.mark.parametrize(
    ("change", "message"),
    [pytest.param(change, message, id=name) for name, change, message in BAD_STATES],
)
def test_bad_states_are_refused_saying_what_and_where(
    change: Callable[[dict[str, Any]], object], message: str
) -> None:
    """Each kind of bad state data raises a FormatError naming the place."""
    data = spoil(change)
    with pytest.raises(FormatError, match=message):
        from_dict(data, GameState)
    with pytest.raises(FormatError, match=message):
        from_json(json.dumps(data), GameState)


def test_the_valid_sample_is_read() -> None:
    """The document the bad-data tests spoil is itself valid."""
    assert from_dict(state_data(), GameState) == sample_state()


def test_rules_errors_surface_as_format_errors_chained() -> None:
    """Rules that cannot be played raise FormatError, from the RulesError."""
    data = to_dict(Rules())
    data["hand_size"] = 3
    with pytest.raises(FormatError, match="cannot be played") as caught:
        from_dict(data, Rules)
    assert isinstance(caught.value.__cause__, RulesError)
    data["hand_size"] = 0
    with pytest.raises(FormatError, match="hand_size"):
        from_dict(data, Rules)


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ({"schema": "phase10/view"}, r"^schema: expected 'phase10/state', not"),
        ({"schema": None}, r"^schema: expected 'phase10/state', not null$"),
        ({"version": 2}, r"written by a newer phase10 \(document version 2\)"),
        ({"version": 0}, r"reads versions 1 to 1, not version 0$"),
        ({"version": True}, r"^version: expected a whole number, not true$"),
        ({"version": "1"}, r"^version: expected a whole number, not '1'$"),
    ],
)
def test_wrong_schema_or_version_is_refused(
    header: dict[str, object], message: str
) -> None:
    """Another kind of document or another version is refused."""
    data = state_data() | header
    with pytest.raises(FormatError, match=message):
        from_dict(data, GameState)


def test_missing_header_is_refused() -> None:
    """A document without its schema or version is refused."""
    for key in ("schema", "version"):
        data = state_data()
        del data[key]
        with pytest.raises(FormatError, match=f"missing key '{key}'"):
            from_dict(data, GameState)


def test_only_known_kinds_are_read_or_written() -> None:
    """Asking for an unknown kind, or writing an unknown object, is a UsageError."""
    with pytest.raises(UsageError, match="cannot read int"):
        from_dict({}, int)
    with pytest.raises(UsageError, match="cannot read a list of 0 items"):
        from_json("{}", [])  # type: ignore[call-overload]
    with pytest.raises(UsageError, match="cannot write a str"):
        to_dict("R7")  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="cannot write a Card"):
        to_json(standard_deck()[0])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", r"^not valid JSON: "),
        ("", r"^not valid JSON: "),
        ('{"schema": "phase10/rules", "version": NaN}', r"NaN is not a number"),
        ('{"version": 1, "version": 1}', r"the key 'version' appears twice"),
        ("[" * 100_000 + "]" * 100_000, r"^not valid JSON: "),
        ('{"version": ' + "9" * 5000 + "}", r"^(not valid JSON|version): "),
        (b"\xff\xfe{", r"^not valid JSON: "),
        ("[]", r"^a document is an object, not a list of 0 items$"),
        ("null", r"^a document is an object, not null$"),
    ],
)
def test_malformed_json_is_a_format_error(text: str | bytes, message: str) -> None:
    """Text that is not JSON, or nested or numbered absurdly, is a FormatError."""
    with pytest.raises(FormatError, match=message):
        from_json(text, GameState)


def test_json_must_be_text() -> None:
    """from_json takes text or bytes only."""
    with pytest.raises(UsageError, match="JSON is text, not a dict"):
        from_json({}, GameState)  # type: ignore[call-overload]


def test_absurd_sizes_are_refused() -> None:
    """A million players, or text beyond the limit, is refused (and at once:
    benchmarks/worst_case.py times the reader)."""
    data = state_data()
    data["players"] = [{}] * 1_000_000
    with pytest.raises(FormatError, match="more than the 6 possible"):
        from_dict(data, GameState)
    with pytest.raises(FormatError, match="more than the 6 possible"):
        from_json(json.dumps(data), GameState)
    big = data | {"players": [], "draw_pile": ["R7"] * 2_000_000}
    with pytest.raises(FormatError):
        from_dict(big, GameState)
    with pytest.raises(FormatError, match="more than the"):
        from_json(" " * (MAX_JSON_LENGTH + 1), GameState)
    header = {"schema": "phase10/state", "version": 1}
    with pytest.raises(FormatError, match="at most 64 keys"):
        from_dict(header | {str(i): i for i in range(100_000)}, GameState)


# --- fuzzing --------------------------------------------------------------------------

JSON_VALUES: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True)
    | st.text(max_size=8)
    | st.sampled_from(["R7", "W", "S", "x", "standard", "draw", "set", "-1", "0"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def check_outcome(data: object, kind: Any) -> None:
    """Reading ``data`` gives a valid object or a FormatError, never anything else."""
    try:
        result = from_dict(data, kind)
    except FormatError:
        return
    # What is accepted writes back the same and reads back equal.
    assert from_dict(to_dict(result), kind) == result
    if isinstance(result, GameState):
        for seat in range(len(result.players)):
            view(result, seat)
        # The engine plays on from any state that is accepted.
        bot = GreedyBot(random.Random(0))
        state = result
        for _ in range(30):
            if state.is_over:
                break
            try:
                state = apply(state, bot.choose(state))
            except Phase10Error:
                break


@given(value=JSON_VALUES, kind=st.sampled_from(KINDS))
def test_random_values_are_read_or_refused(value: object, kind: Any) -> None:
    """Any JSON-like value is read as a valid object or refused with FormatError."""
    check_outcome(value, kind)
    schema = {GameState: "state", PlayerView: "view", Rules: "rules"}.get(
        kind, "action"
    )
    if isinstance(value, dict):
        check_outcome({**value, "schema": f"phase10/{schema}", "version": 1}, kind)


WILD_GROUPS = Rules(
    phases=["1 set of 3 + 1 run of 3 + 3 cards of one color"],
    naturals=NaturalRule.NONE,
)
"""A phase that may be laid as groups of Wilds alone."""


def wild_groups_states() -> tuple[GameState, GameState]:
    """A set and a run of Wilds alone on the table; then a card hit on the run."""
    state = deal(["R9 B9", "W W W W W W W W G2 R9"], rules=WILD_GROUPS, draw_top="Y4")
    laid = lay_phase(draw(state), ["W W W", "W W W", "W W G2"])
    return laid, hit(laid, "Y4", 1)


@cache
def documents() -> tuple[tuple[Any, dict[str, Any]], ...]:
    """Valid documents of every kind, from games under several rule sets."""
    found: list[tuple[Any, dict[str, Any]]] = []
    for wild in wild_groups_states():
        found.append((GameState, to_dict(wild)))
        found.append((PlayerView, to_dict(view(wild, 0))))
    per_phase = Rules(naturals=NaturalRule.PER_PHASE, phases=["2 sets of 3"])
    for rules in (PRESETS["official"], SHORT, per_phase, PRESETS["ten-hands"]):
        states = played(rules, 3, 7, 3000, bot_seed=7)
        for state in states[::97] + states[-2:]:
            found.append((GameState, to_dict(state)))
            found.append((PlayerView, to_dict(view(state, state.current))))
        found.append((Rules, to_dict(rules)))
    for action in (
        Draw(Pile.DISCARD),
        LayPhase(["R7 B7 W", "G1 G2 G3"]),
        Hit("W", 1, End.HIGH),
        Discard("B12"),
        Skip(2),
        Skip(None),
        NextHand(),
    ):
        found.append((Action, to_dict(action)))
    return tuple(found)


def places(value: object, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value inside a document."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(places(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(places(item, (*path, index)))
    return found


def mutate(data: Any, path: tuple[Any, ...], how: str, new: object) -> Any:
    """A copy of ``data`` with the value at ``path`` changed in one way."""
    data = copy.deepcopy(data)
    if not path:
        return new if how == "replace" else data
    *parents, last = path
    owner = data
    for key in parents:
        owner = owner[key]
    old = owner[last]
    if how == "delete":
        del owner[last]
    elif how == "replace":
        owner[last] = new
    elif how == "nudge" and isinstance(old, int) and not isinstance(old, bool):
        owner[last] = old + (1 if new else -1)
    elif how == "retype":
        owner[last] = (
            str(old)
            if isinstance(old, (int, bool)) or old is None
            else [old]
            if not isinstance(old, list)
            else None
        )
    elif how == "card" and isinstance(old, str):
        owner[last] = random.Random(str(new)).choice(["R7", "W", "S", "G12", "B1"])
    elif how == "swap" and isinstance(owner, list) and len(owner) > 1:
        other = (last + 1) % len(owner)
        owner[last], owner[other] = owner[other], owner[last]
    elif how == "grow":
        if isinstance(owner, dict):
            owner["extra"] = new
        else:
            owner.append(old)
    return data


@pytest.mark.slow
@given(
    choice=st.integers(0, 10**9),
    where=st.integers(0, 10**9),
    how=st.sampled_from(
        ["delete", "replace", "nudge", "retype", "card", "swap", "grow"]
    ),
    new=JSON_VALUES,
)
@settings(max_examples=300)
def test_mutated_documents_are_read_or_refused(
    choice: int, where: int, how: str, new: object
) -> None:
    """A valid document with one change is read as a valid object or refused."""
    pool = documents()
    kind, data = pool[choice % len(pool)]
    paths = places(data)
    check_outcome(mutate(data, paths[where % len(paths)], how, new), kind)


def test_every_kind_of_document_is_in_the_fuzzing_pool() -> None:
    """The mutation pool holds states, views, rules and moves, all valid."""
    pool = documents()
    assert {kind for kind, _ in pool} == set(KINDS)
    for kind, data in pool:
        from_dict(data, kind)
    states = [from_dict(data, GameState) for kind, data in pool if kind is GameState]
    assert any(state.is_over for state in states)
    assert any(
        all(card.is_wild for card in meld.cards)
        for state in states
        for meld in state.table
    ), "no group of Wilds alone to spoil"


# --- numbers a front end reads exactly ----------------------------------------------

SAFE = 2**53 - 1
"""The largest whole number the reader takes where no smaller cap applies."""

TOO_BIG = r"expected a whole number from \d+ to 9007199254740991 \(2\*\*53 - 1, "


@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param(
            lambda d: d["players"][0].update(score=10**5000),
            rf"^players\[0\]\.score: {TOO_BIG}",
            id="a score too long to write",
        ),
        pytest.param(
            lambda d: d["players"][1].update(score=SAFE + 1),
            rf"^players\[1\]\.score: {TOO_BIG}",
            id="a score of 2**53",
        ),
        pytest.param(
            lambda d: d["players"][3].update(skipped_in_slot=SAFE + 1),
            rf"^players\[3\]\.skipped_in_slot: {TOO_BIG}",
            id="skipped in slot",
        ),
        pytest.param(
            lambda d: d["rules"]["points"].update(wild=SAFE + 1),
            rf"^rules\.points\.wild: {TOO_BIG}",
            id="points of a card",
        ),
    ],
)
def test_numbers_beyond_what_javascript_reads_exactly_are_refused(
    change: Callable[[dict[str, Any]], object], message: str
) -> None:
    """A number above 2**53 - 1 is refused, so what is read can always be written."""
    data = spoil(change)
    with pytest.raises(FormatError, match=message):
        from_dict(data, GameState)


@pytest.mark.parametrize(
    ("key", "most"),
    [
        ("turn_slot", MAX_TURNS_PER_HAND),
        ("hand_number", MAX_HANDS),
        ("shuffles", MAX_HANDS * (MAX_TURNS_PER_HAND + 1)),
    ],
)
def test_the_counts_of_a_game_stay_within_its_length_limits(
    key: str, most: int
) -> None:
    """Hands, turn slots and shuffles are read up to what the longest game
    reaches, and no further, so every state a game reaches can be saved."""
    with pytest.raises(FormatError, match=rf"^{key}: expected a whole number"):
        from_dict(spoil(lambda d: d.update({key: most + 1})), GameState)
    assert most < SAFE


def test_a_score_is_at_most_what_the_hands_played_give() -> None:
    """A score above what the hands played so far can give is refused; the
    largest one allowed reads, writes and reads back equal."""
    base = from_dict(state_data(), GameState)
    rules = base.rules
    hands = base.hand_number - 1  # the hand is still being played
    prices = rules.points
    most = (
        hands
        * (rules.hand_size + 1)
        * max(prices.low, prices.high, prices.skip, prices.wild)
    )
    with pytest.raises(FormatError, match=r"^players\[0\]\.score: is \d+, more than"):
        from_dict(spoil(lambda d: d["players"][0].update(score=most + 1)), GameState)
    state = from_dict(spoil(lambda d: d["players"][0].update(score=most)), GameState)
    round_trips(state, GameState)
    round_trips(view(state, 1), PlayerView)


def test_hand_points_and_view_numbers_are_capped() -> None:
    """hand_points in a state and scores in a view are capped at 2**53 - 1 too."""
    # the game is over: hand_points are set
    over = played(SHORT, 3, 5, 5000, bot_seed=5)[-1]
    data = to_dict(over)
    data["hand_points"][1] = 10**5000
    with pytest.raises(FormatError, match=rf"^hand_points\[1\]: {TOO_BIG}"):
        from_dict(data, GameState)
    seen = to_dict(view(over, 0))
    seen["players"][2]["score"] = SAFE + 1
    with pytest.raises(FormatError, match=rf"^players\[2\]\.score: {TOO_BIG}"):
        from_dict(seen, PlayerView)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "skip", "target": 10**5000}, rf"^target: {TOO_BIG}"),
        ({"type": "hit", "card": "W", "meld": SAFE + 1, "end": None}, r"^meld: "),
    ],
)
def test_moves_with_numbers_too_large_are_refused(
    data: dict[str, Any], message: str
) -> None:
    """A move's seat or group number above 2**53 - 1 is refused."""
    with pytest.raises(FormatError, match=message):
        from_dict({"schema": "phase10/action", "version": 1, **data}, Action)


def test_writing_never_fails_with_an_error_of_python_s_own() -> None:
    """Numbers too long to write as text raise FormatError, not ValueError."""
    state = sample_state()
    huge = attrs.evolve(
        state,
        players=(attrs.evolve(state.players[0], score=10**5000), *state.players[1:]),
    )
    with pytest.raises(FormatError, match=r"^cannot write this GameState as JSON: "):
        to_json(huge)
    with pytest.raises(RulesError, match="at most 1,000,000"):
        Points(wild=10**5000)  # so no Rules holds a number too long to write
    with pytest.raises(NotationError, match=r"from 0 to 999,999,999"):
        Skip(10**5000)  # so no move holds a number too long to write
    with pytest.raises(FormatError, match=r"^seed: expected a whole number, not '7'$"):
        to_dict(attrs.evolve(state, seed="7"))  # type: ignore[arg-type]
    long_seed = attrs.evolve(state, seed=10**4000)
    with pytest.raises(FormatError, match=r"^seed: a seed is written with at most"):
        to_dict(long_seed)
    assert from_json(to_json(attrs.evolve(state, seed=1 - 10**4000)), GameState)


@pytest.mark.slow
@given(
    choice=st.integers(0, 10**9),
    where=st.integers(0, 10**9),
    how=st.sampled_from(["replace", "nudge", "card", "swap"]),
    new=JSON_VALUES,
    seed=st.integers(0, 2**32),
)
@settings(max_examples=300)
@pytest.mark.rule("R41")
def test_an_accepted_save_plays_on_and_every_state_reached_is_accepted(
    choice: int, where: int, how: str, new: object, seed: int
) -> None:
    """A state document with one change, if the reader takes it, can be played
    on with the moves legal_actions lists, and every state reached from it is
    written and read back equal: the reader keeps out states no game reaches."""
    states = [(kind, data) for kind, data in documents() if kind is GameState]
    _, data = states[choice % len(states)]
    paths = places(data)
    spoiled = mutate(data, paths[where % len(paths)], how, new)
    try:
        state = from_dict(spoiled, GameState)
    except FormatError:
        return
    chance = random.Random(seed)
    for _ in range(60):
        moves = legal_actions(state)
        if not moves:
            assert state.step is Step.GAME_OVER
            break
        state = apply(state, chance.choice(moves))
        assert from_json(to_json(state), GameState) == state
