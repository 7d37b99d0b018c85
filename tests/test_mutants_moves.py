"""The table of moves and its entry points (``phase10._moves``): the check
that names what a kind of move lacks, ``events``' refusals, and each
public move function doing what its record does through ``apply``. The
faults that mutation testing put into them showed which the other tests
left unchecked (tests/mutation.py).
"""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest
from scenarios import deal
from test_masters import MASTERS, chosen, dealt
from test_swap import laid

import phase10
from phase10 import (
    ChoosePhase,
    Discard,
    Draw,
    GameState,
    Hit,
    LayPhase,
    NextHand,
    NotYourTurn,
    Pile,
    Rules,
    Save,
    Skip,
    SwapWild,
    UsageError,
    apply,
    events,
)
from phase10._actions import MOVE_TYPES
from phase10._errors import shown
from phase10._moves import MOVES, check_move_kinds


@pytest.mark.parametrize(
    ("part", "change"),
    [
        ("judge", {"judge": None}),
        ("builder", {"play": None}),
        ("candidates", {"candidates": None}),
    ],
)
def test_a_row_without_a_part_is_named_with_the_part(
    part: str, change: dict[str, Any]
) -> None:
    rows = list(MOVES.values())
    broken = attrs.evolve(rows[0], **change)
    with pytest.raises(ImportError, match=f"^the move Draw lacks: {part}$"):
        check_move_kinds([broken, *rows[1:]], MOVE_TYPES)


@pytest.mark.parametrize(
    "lacking", ["name", "notation", "from_notation", "verbs", "_from_words"]
)
def test_a_record_without_a_part_is_named_with_the_part(lacking: str) -> None:
    """A record with every part but one is named with the one it lacks."""
    draw = MOVES[Draw].record
    parts = {
        "name": "pass",
        "notation": property(lambda self: "X"),
        "from_notation": classmethod(lambda cls, text: cls()),
        "verbs": ("X",),
        "_from_words": classmethod(lambda cls, words: cls()),
    }
    del parts[lacking]
    record: Any = type("Pass", (), parts)
    row = attrs.evolve(MOVES[draw], record=record)
    with pytest.raises(ImportError, match=f"^the move Pass lacks: {lacking}$"):
        check_move_kinds([row], (record,))


def test_events_refuse_an_after_that_is_not_a_state() -> None:
    game = phase10.new_game(2, seed=1)
    with pytest.raises(UsageError, match="after is a GameState, not 'x'"):
        events(game, Draw(), "x")  # type: ignore[arg-type]


def moves_and_functions() -> list[tuple[GameState, Any, Any]]:
    """States, a move legal in each, and the same move made by its function."""
    start = deal(["R3 B3 G3 Y5 R5 G5 W Y1 Y2 Y4", "R9 B9 S"], dealer=1)
    drawn = apply(start, Draw())
    down = apply(drawn, LayPhase(["R3 B3 G3", "Y5 R5 G5"]))
    bob = apply(apply(down, Discard("Y4")), Draw())
    short = Rules(phases=["1 set of 2", "1 set of 3"], hand_size=3)
    over = deal(["R1 B2 G3", "R5 B5 G5"], starter="Y9", draw_top="Y5", rules=short)
    over = apply(apply(over, Draw()), LayPhase(["R5 B5 G5 Y5"]))
    masters = dealt(MASTERS, draw_top="W")
    saving = apply(chosen(masters, 4, 9), Draw())
    swap = laid()
    return [
        (start, Draw(Pile.DISCARD), lambda s, **k: phase10.draw(s, Pile.DISCARD, **k)),
        (drawn, Discard("Y4"), lambda s, **k: phase10.discard(s, "Y4", **k)),
        (
            drawn,
            LayPhase(["R3 B3 G3", "Y5 R5 G5"]),
            lambda s, **k: phase10.lay_phase(s, ["R3 B3 G3", "Y5 R5 G5"], **k),
        ),
        (down, Hit("W", 0), lambda s, **k: phase10.hit(s, "W", 0, **k)),
        (bob, Skip(0), lambda s, **k: phase10.skip(s, 0, **k)),
        (masters, ChoosePhase(3), lambda s, **k: phase10.choose_phase(s, 3, **k)),
        (saving, Save("W"), lambda s, **k: phase10.save(s, "W", **k)),
        (swap, SwapWild("B5", 1), lambda s, **k: phase10.swap_wild(s, "B5", 1, **k)),
        (over, NextHand(), lambda s, **k: phase10.next_hand(s, **k)),
    ]


def test_each_move_function_makes_the_move_its_record_makes() -> None:
    """Each public move function, given the seat to move or no seat, makes
    the state apply makes; given another seat, it refuses out of turn."""
    cases = moves_and_functions()
    for state, move, function in cases:
        made = apply(state, move)
        assert function(state) == made, move
        assert function(state, player=state.current) == made, move
        if not isinstance(move, NextHand):
            with pytest.raises(NotYourTurn):
                function(state, player=1 - state.current)


def test_apply_refuses_what_is_not_a_move_naming_it() -> None:
    game = phase10.new_game(2, seed=1)
    for value in ("D", None, Draw):
        with pytest.raises(
            UsageError, match=f"^{re.escape(shown(value))} is not a move"
        ):
            apply(game, value)  # type: ignore[arg-type]
