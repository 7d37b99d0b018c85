"""What every kind of move shares (``phase10._moves._kernel``): the checks
of a turn, each refusal with the clause it cites. The faults that
mutation testing put into the kernel showed which the other tests left
unchecked (tests/mutation.py).
"""

from __future__ import annotations

import attrs
import pytest
from scenarios import deal
from test_masters import MASTERS, dealt

from phase10 import (
    Draw,
    GameOver,
    GameState,
    LayPhase,
    NextHand,
    NotYourTurn,
    Rules,
    Step,
    WrongStep,
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


@pytest.mark.rule("R36")
def test_a_move_once_the_hand_is_over_cites_r36() -> None:
    rules = Rules(phases=["1 set of 2", "1 set of 3"], hand_size=3)
    state = deal(["R1 B2 G3", "R5 B5 G5"], starter="Y9", draw_top="Y5", rules=rules)
    ended = apply(apply(state, Draw()), LayPhase(["R5 B5 G5 Y5"]))
    assert ended.step is Step.HAND_OVER
    with pytest.raises(WrongStep) as caught:
        apply(ended, Draw())
    assert caught.value.clause == "R36"
    assert str(caught.value).startswith("the hand is over: deal the next hand")


@pytest.mark.rule("R20")
def test_a_move_out_of_turn_names_both_players() -> None:
    state = deal(["R1 B2 G3", "R5 B5 G5"], names=["Ann", "Bob"])
    with pytest.raises(NotYourTurn) as caught:
        apply(state, Draw(), player=0)
    assert caught.value.clause == "R20"
    assert str(caught.value) == "it is Bob's turn, not Ann's (rule R20)"


@pytest.mark.rule("R44")
def test_a_move_while_the_phases_are_chosen_names_the_chooser() -> None:
    state = dealt(MASTERS)
    with pytest.raises(WrongStep) as caught:
        apply(state, Draw())
    assert caught.value.clause == "R44"
    assert str(caught.value).endswith(
        "before play begins: Player 1 to choose (rule R44)"
    )
