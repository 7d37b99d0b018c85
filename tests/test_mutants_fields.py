"""The rules of single fields (``phase10._fields``), which check_state,
check_view and the readers ask first: each whole number is refused one past
its bounds, naming the field and the bounds, and a value of the wrong type
in a plain field (one with no rule of its own) is refused naming the
field. The
faults that mutation testing put into these rules (a bound moved or
dropped, the field's name lost) showed which the other tests left unchecked
(tests/mutation.py): a value past a bound was refused, but later and for
another reason, by the checks across fields.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import attrs
import pytest
from scenarios import deal, player, seen_player
from test_masters import MASTERS, chosen, dealt
from test_mutants_invariants import accepted, refused

from phase10 import (
    Draw,
    FormatError,
    GameState,
    LayPhase,
    PlayerView,
    Rules,
    apply,
    new_game,
    standard_deck,
    view,
)
from phase10._codec import Codec
from phase10._fields import Table
from phase10._flow import MAX_HANDS, MAX_TURNS_PER_HAND

Change = Callable[[int], GameState | PlayerView]
"""A record that play reaches, with one field set to the number given."""

DECK = len(standard_deck())


def official() -> GameState:
    return new_game(2, seed=1)


def masters() -> GameState:
    """Both players have chosen a phase (3 and 5) and may save one card a hand."""
    return chosen(dealt(MASTERS), 3, 5)


def two_sets() -> GameState:
    """Seat 1 has laid phase 1: a set of 1s, then a set of 2s."""
    state = deal(
        ["R9 B9 G11 Y12 R12 B10 G8 Y7 B1 G4", "R1 B1 G1 R2 B2 G2 Y5 Y7 Y9 Y11"],
        draw_top="R4",
    )
    return apply(
        apply(state, Draw()), LayPhase([["R1", "B1", "G1"], ["R2", "B2", "G2"]])
    )


def group_number(number: int) -> GameState:
    state = two_sets()
    return attrs.evolve(
        state, table=(attrs.evolve(state.table[0], number=number), state.table[1])
    )


# (field as named, record with the field set, lowest, highest)
BOUNDED: list[tuple[str, Change, int, int]] = [
    ("players[0].completed", lambda n: player(official(), 0, completed=n), 0, 10),
    ("players[0].active", lambda n: player(masters(), 0, active=n), 0, 9),
    ("players[0].saved_now", lambda n: player(masters(), 0, saved_now=n), 0, 1),
    ("table[0].number", group_number, 1, 12),
    ("draw_size", lambda n: attrs.evolve(view(official(), 0), draw_size=n), 0, DECK),
    (
        "discard_size",
        lambda n: attrs.evolve(view(official(), 0), discard_size=n),
        0,
        DECK,
    ),
    (
        "players[1].hand_size",
        lambda n: seen_player(view(official(), 0), 1, hand_size=n),
        0,
        DECK,
    ),
    (
        "players[1].saved_size",
        lambda n: seen_player(view(masters(), 0), 1, saved_size=n),
        0,
        len(MASTERS.deck),
    ),
    (
        "shuffles",
        lambda n: attrs.evolve(official(), shuffles=n),
        0,
        MAX_HANDS * (MAX_TURNS_PER_HAND + 1),
    ),
    ("hand_number", lambda n: attrs.evolve(official(), hand_number=n), 1, MAX_HANDS),
]


@pytest.mark.parametrize(
    ("where", "change", "low", "high"),
    [pytest.param(*row, id=row[0]) for row in BOUNDED],
)
def test_a_number_past_its_bounds_is_refused_naming_the_field_and_its_bounds(
    where: str, change: Change, low: int, high: int
) -> None:
    """One below the lowest and one above the highest are refused by the
    field's own rule, which names the field and the bounds."""
    for past in (low - 1, high + 1):
        why = f"expected a whole number from {low} to {high}, not {past}"
        refused(change(past), where, re.escape(why) + "$", FormatError)


@pytest.mark.parametrize(
    ("where", "change", "high"),
    [
        pytest.param(where, change, high, id=where)
        for where, change, _, high in BOUNDED
        if where in ("players[0].active", "shuffles")
    ],
)
def test_the_highest_number_is_taken(where: str, change: Change, high: int) -> None:
    """The last phase may be the one attempted; the shuffles may reach their
    bound (one a deal, one a turn slot): records that are otherwise whole."""
    accepted(change(high))


@pytest.mark.parametrize(
    "game",
    [
        player(official(), 0, laid_down=3),
        seen_player(view(official(), 1), 0, laid_down=3),
    ],
    ids=["state", "view"],
)
def test_a_flag_that_is_not_true_or_false_is_refused_naming_the_field(
    game: GameState | PlayerView,
) -> None:
    why = "expected true or false, not 3$"
    refused(game, "players[0].laid_down", why, FormatError)


@attrs.frozen
class Plain:
    """A record of plain fields, as a later release might add to one."""

    label: str
    flag: bool
    count: int
    maybe: int | None = None


@pytest.mark.parametrize(
    ("key", "value", "why"),
    [
        ("label", 3, "expected a text, not 3"),
        ("flag", 3, "expected true or false, not 3"),
        ("count", "3", "expected a whole number, not '3'"),
        ("maybe", True, "expected a whole number, not true"),
        ("maybe", -1, "expected a whole number >= 0, not -1"),
    ],
)
def test_a_plain_field_of_the_wrong_type_is_refused_naming_itself(
    key: str, value: object, why: str
) -> None:
    """The readers check a field with no rule of its own by its type alone
    (a text, a flag, a whole number, or none), and name it."""
    codec, table = Codec(Plain), Table(Rules(), 0, 100)
    document = {"label": "x", "flag": False, "count": 1, key: value}
    with pytest.raises(FormatError, match=f"^plain\\.{key}: {re.escape(why)}$"):
        codec.read(document, "plain", table)
    whole = {"label": "x", "flag": True, "count": 1, "maybe": None}
    assert codec.read(whole, "plain", table) == Plain("x", True, 1)
