"""What every kind of move shares (``phase10._moves._kernel``): the checks
of a turn, each refusal with the clause it cites. The faults that
mutation testing put into the kernel showed which the other tests left
unchecked (tests/mutation.py).
"""

from __future__ import annotations

import attrs
import pytest
from scenarios import deal

from phase10 import (
    Draw,
    GameOver,
    GameState,
    LayPhase,
    NextHand,
    Rules,
    Step,
    apply,
)

ONE_PHASE = Rules(phases=["1 set of 2"], hand_size=3)


def won() -> GameState:
    """Seat 1 lays the last phase and goes out: the game is over."""
    state = deal(["R1 B2 G3", "R5 B5 G5"], starter="Y9", draw_top="Y5", rules=ONE_PHASE)
    over = apply(apply(state, Draw()), LayPhase(["R5 B5 G5 Y5"]))
    assert (over.step, over.winner) == (Step.GAME_OVER, 1)
    return over


@pytest.mark.rule("R37")
def test_every_move_after_the_game_cites_r37_and_names_the_winner() -> None:
    over = won()
    for move in (Draw(), NextHand()):
        with pytest.raises(GameOver) as caught:
            apply(over, move)
        assert caught.value.clause == "R37"
        assert str(caught.value) == "the game is over: Player 2 won (rule R37)"


@pytest.mark.rule("R37")
def test_a_state_over_with_no_winner_says_nobody_won() -> None:
    """A state built by hand may end the game with no winner; its refusal
    says so rather than fail."""
    over = attrs.evolve(won(), winner=None)
    with pytest.raises(GameOver, match=r"^the game is over: nobody won"):
        apply(over, Draw())
