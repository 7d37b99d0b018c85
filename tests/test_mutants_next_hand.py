"""Dealing the next hand (R18, R36, R37): each refusal with the clause it
cites, the last hand a game may deal at its boundary, and the dealer and
hand number of the deal. The faults that mutation testing put into
``_moves/next_hand`` showed which the other tests left unchecked
(tests/mutation.py).
"""

from __future__ import annotations

import attrs
import pytest
from scenarios import deal

from phase10 import (
    Draw,
    GameState,
    LayPhase,
    NextHand,
    NoSuchSeat,
    Rules,
    Step,
    WrongStep,
    apply,
    can_apply,
    legal_actions,
    next_hand,
    verify_next_hand,
)
from phase10._flow import MAX_HANDS

SHORT = Rules(phases=["1 set of 2", "1 set of 3"], hand_size=3)


def ended(players: int = 2) -> GameState:
    """Seat 1 went out in the first hand (seat 0 dealt)."""
    hands = ["R1 B2 G3", "R5 B5 G5", "R7 B8 G9"][:players]
    state = deal(hands, starter="Y9", draw_top="Y5", rules=SHORT)
    over = apply(apply(state, Draw()), LayPhase(["R5 B5 G5 Y5"]))
    assert over.step is Step.HAND_OVER
    return over


@pytest.mark.rule("R36")
def test_the_next_hand_during_play_cites_r36() -> None:
    state = deal(["R1 B2 G3", "R5 B5 G5"], starter="Y9", rules=SHORT)
    with pytest.raises(WrongStep) as caught:
        apply(state, NextHand())
    assert caught.value.clause == "R36"
    assert not can_apply(state, NextHand())


@pytest.mark.rule("R36")
def test_the_last_hand_a_game_may_deal_is_hand_max_hands() -> None:
    """After hand MAX_HANDS - 1 the next is dealt; after hand MAX_HANDS it
    is refused, citing R36, and not listed."""
    before_last = attrs.evolve(ended(), hand_number=MAX_HANDS - 1)
    assert legal_actions(before_last) == (NextHand(),)
    assert next_hand(before_last).hand_number == MAX_HANDS
    last = attrs.evolve(ended(), hand_number=MAX_HANDS)
    with pytest.raises(WrongStep) as caught:
        apply(last, NextHand())
    assert caught.value.clause == "R36"
    assert legal_actions(last) == ()


@pytest.mark.rule("R3", "R18")
def test_any_seat_at_the_table_calls_for_the_next_hand_and_the_deal_moves_left() -> (
    None
):
    """Each seat may call for the next hand, none past the last; the deal
    passes to the left, from the last seat back to the first."""
    for players in (2, 3):
        state = ended(players)
        for caller in range(players):
            verify_next_hand(state, player=caller)
        with pytest.raises(NoSuchSeat):
            verify_next_hand(state, player=players)
        following = next_hand(state)
        assert (following.dealer, following.hand_number) == (1, 2)
        last_dealer = attrs.evolve(state, dealer=players - 1)
        assert next_hand(last_dealer).dealer == 0
