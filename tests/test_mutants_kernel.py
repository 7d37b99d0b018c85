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
    CardDiscarded,
    Discard,
    Draw,
    GameOver,
    GameState,
    HandEnded,
    LayPhase,
    NextHand,
    NotYourTurn,
    Rules,
    Step,
    UsageError,
    WrongStep,
    apply,
    apply_with_events,
    draw,
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


@pytest.mark.parametrize("made_on", [42, "x", None])
def test_a_move_on_a_value_that_is_not_a_game_names_what_it_was_given(
    made_on: object,
) -> None:
    """Every move's turn check refuses anything but a state, naming the type
    it was given, not another."""
    with pytest.raises(UsageError) as caught:
        apply(made_on, Draw())  # type: ignore[arg-type]
    expected = f"moves are made on a GameState, not {type(made_on).__name__}"
    assert str(caught.value) == expected
    with pytest.raises(UsageError, match=f"not {type(made_on).__name__}$"):
        draw(made_on)  # type: ignore[arg-type]


@pytest.mark.rule("R33")
def test_a_discard_of_the_last_card_tells_the_hand_is_over() -> None:
    """Going out by a discard ends the hand, and its events say so after the
    discard: who went out and each seat's points."""
    state = apply(deal([ANN_OUT, BOB_OUT], dealer=1, draw_top="B7"), Draw())
    state = apply(state, LayPhase(["R3 B3 G3", "Y5 R5 G5"]))
    last = _holding_only(state, "Y4")
    after, told = apply_with_events(last, Discard("Y4"))
    assert [type(event) for event in told] == [CardDiscarded, HandEnded]
    ended = told[1]
    assert isinstance(ended, HandEnded) and ended.went_out == last.current
    assert after.step is Step.HAND_OVER


ANN_OUT = "R3 B3 G3 Y5 R5 G5 W Y1 Y2 Y4"
BOB_OUT = "R9 B9 G11 Y12 R12 B10 G8 Y7 S B1"


def _holding_only(state: GameState, card: str) -> GameState:
    """``state`` with the player to move holding ``card`` alone, the rest of
    the hand put on the discard pile (so no card is lost)."""
    me = state.players[state.current]
    keep = tuple(c for c in me.hand if str(c) == card)[:1]
    rest = list(me.hand)
    rest.remove(keep[0])
    players = tuple(
        attrs.evolve(p, hand=keep) if seat == state.current else p
        for seat, p in enumerate(state.players)
    )
    return attrs.evolve(
        state, players=players, discard_pile=state.discard_pile + tuple(rest)
    )
