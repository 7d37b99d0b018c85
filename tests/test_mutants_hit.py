"""Hitting (R30-R33): what the judge returns, each refusal with the clause
it cites, and the listing at its boundaries. The faults that mutation
testing put into ``_moves/hit`` showed which the other tests left
unchecked (tests/mutation.py).
"""

from __future__ import annotations

import pytest
from scenarios import deal

from phase10 import (
    Draw,
    GameState,
    Hit,
    LayPhase,
    Meld,
    apply,
    verify_hit,
)

ANN = "R3 B3 G3 Y5 R5 G5 W Y1 Y2 Y4"
BOB = "R9 B9 G11 Y12 R12 B10 G8 Y7 S B1"


def down() -> GameState:
    """Ann has drawn and laid phase 1 (two sets of 3); she holds W Y1 Y2 Y4
    and the card she drew."""
    state = apply(deal([ANN, BOB], dealer=1, draw_top="B7"), Draw())
    return apply(state, LayPhase(["R3 B3 G3", "Y5 R5 G5"]))


@pytest.mark.rule("R30", "R32")
def test_the_judge_of_a_hit_returns_the_group_as_it_would_become() -> None:
    state = down()
    grown = verify_hit(state, "W", 1)
    assert isinstance(grown, Meld)
    assert grown == apply(state, Hit("W", 1)).table[1]
    assert grown.cards[-1].is_wild and len(grown.cards) == 4
