"""Events as documents: ``phase10/event``, written, read back and described
by their JSON Schema, for front ends and bot programs in other languages."""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any, get_args

import attrs
import jsonschema
import pytest

from phase10 import (
    PRESETS,
    Card,
    CardDiscarded,
    CardDrawn,
    CardHit,
    CardSaved,
    Color,
    Discard,
    DrawPileShuffled,
    Event,
    FormatError,
    GameEnded,
    GameState,
    GroupKind,
    HandDealt,
    HandEnded,
    Meld,
    PhaseChosen,
    PhaseLaid,
    Pile,
    SavedCardDrawn,
    SkipPlayed,
    Step,
    TurnLost,
    UsageError,
    WildSwapped,
    apply_with_events,
    from_dict,
    from_json,
    json_schema,
    legal_actions,
    new_game_with_events,
    to_dict,
    to_json,
)
from phase10._events import EVENT_TYPES
from phase10._limits import BOUNDS, MAX_PLAYERS
from phase10.bots import GreedyBot

SET_OF_7 = Meld(0, GroupKind.SET, tuple(map(Card.parse, ("R7", "B7", "W"))), number=7)
RUN = Meld(1, GroupKind.RUN, tuple(map(Card.parse, ("W", "G5", "B6", "Y7"))), low=4)
COLOR = Meld(2, GroupKind.COLOR, tuple(map(Card.parse, ("R1",) * 7)), color=Color.RED)

EVERY_EVENT: tuple[Event, ...] = (
    CardDrawn(1, Pile.DRAW, Card.parse("Y4")),
    CardDrawn(1, Pile.DRAW, None),
    CardDrawn(0, Pile.DISCARD, Card.parse("W")),
    PhaseLaid(0, (SET_OF_7, SET_OF_7)),
    CardHit(2, Card.parse("W"), 1, RUN),
    CardDiscarded(0, Card.parse("B12")),
    SkipPlayed(1, 0),
    SkipPlayed(1, None),
    TurnLost(0),
    DrawPileShuffled(40),
    HandEnded(2, (0, 35, 120)),
    HandEnded(None, (0, 0)),
    GameEnded(2),
    HandDealt(3, 1, Card.parse("S"), False),
    HandDealt(11, 0, Card.parse("G2"), True),
    PhaseChosen(1, 9),
    CardSaved(0, Card.parse("R3"), False),
    CardSaved(0, None, True),
    SavedCardDrawn(1, Card.parse("W"), True),
    SavedCardDrawn(1, None, True),
    WildSwapped(2, Card.parse("R1"), 0, COLOR),
)
"""An event of every kind, the hidden cards' forms too."""

RULE_SETS = {**PRESETS, "masters-hidden-saves": None}


@cache
def validator() -> jsonschema.protocols.Validator:
    schema = json_schema("event")
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@cache
def told(name: str, seed: int = 3) -> tuple[tuple[Event, int | None], ...]:
    """Every event of a seeded game under the rules named (a greedy bot
    mixed with random listed moves), as each seat and a spectator is told."""
    rules = PRESETS.get(name) or attrs.evolve(
        PRESETS["masters"], saved_cards_hidden=True
    )
    state, happened = new_game_with_events(3, rules, seed=seed)
    rng = random.Random(seed)
    bot = GreedyBot(rng)
    seen: list[tuple[Event, int | None]] = []
    for _ in range(600):
        seen += [(e.seen_by(seat), seat) for e in happened for seat in (0, 1, 2, None)]
        if state.step is Step.GAME_OVER:
            break
        listed = legal_actions(state)
        move = rng.choice(listed) if rng.random() < 0.3 else bot.choose(state)
        state, happened = apply_with_events(state, move)
    return tuple(seen)


def test_the_kinds_of_event_are_those_of_the_union() -> None:
    assert get_args(Event) == EVENT_TYPES
    assert {type(event) for event in EVERY_EVENT} == set(EVENT_TYPES)
    names = [cls.name for cls in EVENT_TYPES]
    assert len(set(names)) == len(names) and all(n.islower() for n in names)


@pytest.mark.parametrize("event", EVERY_EVENT, ids=repr)
def test_each_event_reads_back_as_itself_and_validates(event: Event) -> None:
    document = to_dict(event)
    assert document["schema"] == "phase10/event" and document["version"] == 1
    assert document["type"] == event.name
    assert from_dict(document, Event) == event
    assert from_dict(document, type(event)) == event
    assert from_json(to_json(event), Event) == event
    assert json.loads(to_json(event)) == document
    assert list(validator().iter_errors(document)) == []


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_every_event_of_a_game_reads_back_and_validates(name: str) -> None:
    """As every seat and a spectator is told it, under every preset."""
    kinds = set()
    for event, seat in told(name):
        document = to_dict(event)
        assert from_dict(document, Event) == event, (document, seat)
        assert validator().is_valid(document), document
        kinds.add(type(event))
    assert {CardDrawn, CardDiscarded, PhaseLaid, HandDealt} <= kinds


def test_the_games_tell_a_hidden_card_and_every_common_kind() -> None:
    """The walks are worth their time: hidden draws and saves, and all but
    the rarest kinds of event, are among the documents they check."""
    every = [event for name in RULE_SETS for event, _ in told(name)]
    rare = {WildSwapped, DrawPileShuffled}  # EVERY_EVENT has them
    assert {type(event) for event in every} >= set(EVENT_TYPES) - rare
    assert CardDrawn in {type(e) for e in every if getattr(e, "card", 1) is None}
    assert CardSaved in {type(e) for e in every if getattr(e, "card", 1) is None}


def _document(**changes: Any) -> dict[str, Any]:
    return to_dict(CardDrawn(1, Pile.DISCARD, Card.parse("R7"))) | changes


@pytest.mark.parametrize(
    ("document", "message"),
    [
        (_document(type="dance"), r"^type: 'dance' is not an event \('card_drawn'"),
        ({"schema": "phase10/event", "version": 1}, r"^missing key 'type'$"),
        (_document(player=20), r"^player: expected a whole number from 0 to 19"),
        (_document(player=-1), r"^player: "),
        (_document(card="X9"), r"^card: "),
        (_document(source="table"), r"^source: 'table' is not a pile"),
        (_document(extra=1), r"unknown key 'extra'"),
        (_document(schema="phase10/action"), r"phase10/event"),
        (
            to_dict(PhaseLaid(0, (SET_OF_7,))) | {"melds": []},
            r"^melds: expected at least 1 item, not 0$",
        ),
        (
            to_dict(HandEnded(0, (1, 2))) | {"points": [0] * (MAX_PLAYERS + 1)},
            r"^points: expected at most 20 items, not 21$",
        ),
        (
            to_dict(CardHit(0, Card.parse("W"), 0, RUN))
            | {
                "result": to_dict(CardHit(0, Card.parse("W"), 0, RUN))["result"]
                | {"owner": 20}
            },
            r"^result\.owner: ",
        ),
        (
            to_dict(HandDealt(1, 0, Card.parse("S"), False)) | {"hand_number": 0},
            r"^hand_number: ",
        ),
        (
            to_dict(PhaseChosen(0, 1)) | {"phase": 51},
            r"^phase: expected a whole number from 1 to 50",
        ),
        (
            to_dict(HandEnded(0, (1, 2))) | {"points": [3]},
            r"^points: expected at least 2 items, not 1$",
        ),
        (
            to_dict(DrawPileShuffled(3)) | {"size": 1001},
            r"^size: expected a whole number from 0 to 1000, not 1001$",
        ),
        (
            to_dict(HandDealt(1, 0, Card.parse("S"), False)) | {"hand_number": 100_001},
            r"^hand_number: expected a whole number from 1 to 100000",
        ),
    ],
)
def test_a_document_no_event_has_is_refused_saying_where(
    document: dict[str, Any], message: str
) -> None:
    with pytest.raises(FormatError, match=message):
        from_dict(document, Event)
    assert not validator().is_valid(document)


def test_an_event_of_another_kind_or_a_move_is_refused_for_a_class() -> None:
    drawn = to_dict(CardDrawn(1, Pile.DRAW, None))
    with pytest.raises(FormatError, match=r"^type: expected a turn_lost event, not "):
        from_dict(drawn, TurnLost)
    with pytest.raises(FormatError, match=r"phase10/event"):
        from_dict(to_dict(Discard("R7")), Event)
    with pytest.raises(UsageError, match="an event"):
        to_dict(object())  # type: ignore[arg-type]


def test_an_event_made_by_hand_out_of_bounds_is_not_written() -> None:
    """What the reader would refuse is not written either."""
    with pytest.raises(
        FormatError, match=r"^player: expected a whole number from 0 to 19, not 20$"
    ):
        to_dict(CardDrawn(20, Pile.DRAW, None))
    with pytest.raises(
        FormatError, match=r"^player: expected a whole number, not 'x'$"
    ):
        to_json(CardDrawn("x", Pile.DRAW, None))  # type: ignore[arg-type]


def _edges(bounds: dict[str, Any], written: Any) -> list[tuple[Any, bool]]:
    """One value inside and one outside each of ``bounds``; a list's items
    are copies of the first of ``written``, the field as written."""
    edges: list[tuple[Any, bool]] = []
    if "minimum" in bounds:
        edges += [(bounds["minimum"], True), (bounds["minimum"] - 1, False)]
    if "maximum" in bounds:
        edges += [(bounds["maximum"], True), (bounds["maximum"] + 1, False)]
    for key, inside, outside in (("minItems", 0, -1), ("maxItems", 0, 1)):
        if key in bounds:
            edges += [
                (written[:1] * (bounds[key] + inside), True),
                (written[:1] * (bounds[key] + outside), False),
            ]
    return edges


def test_every_fixed_bound_of_an_event_is_the_same_to_the_schema_and_the_reader() -> (
    None
):
    """Each event field's bounds come from the field's own declaration
    (``_limits.BOUNDS``): on each edge, one value inside and one outside,
    the reader and the schema agree."""
    walked = 0
    for event in EVERY_EVENT:
        for field in attrs.fields(type(event)):
            bounds = field.metadata.get(BOUNDS)
            if bounds is None:
                continue
            written = to_dict(event)[field.name]
            for value, inside in _edges(bounds, written):
                document = to_dict(event) | {field.name: value}
                where = f"{type(event).__name__}.{field.name} = {value!r}"
                try:
                    from_dict(document, Event)
                    read = True
                except FormatError:
                    read = False
                assert read is inside, where
                assert validator().is_valid(document) is inside, where
                walked += 1
    assert walked > 40


def test_a_state_is_not_an_event() -> None:
    state = new_game_with_events(2, seed=1)[0]
    assert isinstance(state, GameState)
    with pytest.raises(FormatError):
        from_dict(to_dict(state), Event)
