"""Taking a laid Wild back (the house rule R50): the listing under every
rule it reads, and the public function. The faults that mutation testing
put into ``_moves/swap_wild`` showed which the other tests left unchecked
(tests/mutation.py).
"""

from __future__ import annotations

import pytest
from scenarios import deal
from test_swap import ANN, BOB, SWAP, laid

from phase10 import (
    CardDoesNotFit,
    CardNotInHand,
    Draw,
    GameState,
    LayPhase,
    NoSuchMeld,
    Rules,
    SwapWild,
    UsageError,
    WrongStep,
    apply,
    can_apply,
    legal_actions,
    parse_cards,
    verify_swap_wild,
)

WRAP = Rules(swap_wilds=True, wrap_runs=True, phases=["1 run of 4"], hand_size=7)


def wrapped() -> GameState:
    """Ann has laid R11 R12 W B2, a run wrapping from 12 to 1 whose Wild is
    a 1, and holds Y1."""
    hands = ["R11 R12 W B2 Y1 G7 G8", "R9 B9 G11 Y12 R3 B10 G4"]
    state = deal(hands, rules=WRAP, dealer=1, draw_top="R5")
    return apply(apply(state, Draw()), LayPhase(["R11 R12 W B2"]))


def swaps(state: GameState) -> list[SwapWild]:
    return [move for move in legal_actions(state) if isinstance(move, SwapWild)]


@pytest.mark.rule("R50", "R42")
def test_a_wild_of_a_run_wrapping_from_12_to_1_is_listed_and_taken_back() -> None:
    state = wrapped()
    assert swaps(state) == [SwapWild("Y1", 0)]
    after = apply(state, SwapWild("Y1", 0))
    assert after.table[0].cards == parse_cards("R11 R12 Y1 B2")
    assert after.table[0].shape == state.table[0].shape


@pytest.mark.rule("R50")
def test_a_card_takes_the_place_of_a_later_wild_where_the_first_is_not_it() -> None:
    """Y4 W W Y7: a Y6 does not make a run in the first Wild's place (a 5),
    and takes the second's."""
    rules = Rules(swap_wilds=True, phases=["1 run of 4"], hand_size=7)
    hands = ["Y4 W W Y7 Y6 G8 G9", "R9 B9 G11 Y12 R3 B10 G4"]
    state = apply(deal(hands, rules=rules, dealer=1, draw_top="R1"), Draw())
    state = apply(state, LayPhase(["Y4 W W Y7"]))
    assert swaps(state) == [SwapWild("Y6", 0)]
    assert apply(state, SwapWild("Y6", 0)).table[0].cards == parse_cards("Y4 W Y6 Y7")


@pytest.mark.rule("R50", "R21")
def test_a_wild_is_taken_back_after_drawing() -> None:
    before = deal([ANN, BOB], rules=SWAP, dealer=1, draw_top="R2")
    with pytest.raises(WrongStep) as caught:
        apply(before, SwapWild("B5", 1))
    assert caught.value.clause == "R21"
    assert str(caught.value).endswith(
        "before you take a Wild from the table (rule R21)"
    )


@pytest.mark.rule("R50")
def test_each_refusal_of_a_swap_cites_r50() -> None:
    """No group 2 of two (the last is 1), a card not held, a card no Wild
    stands for: each is refused citing R50."""
    state = laid()
    assert len(state.table) == 2
    for move, error in (
        (SwapWild("B5", 2), NoSuchMeld),
        (SwapWild("Y8", 1), CardNotInHand),
        (SwapWild("R9", 1), CardDoesNotFit),
    ):
        with pytest.raises(error) as caught:
            apply(state, move)
        assert caught.value.clause == "R50", move
        assert not can_apply(state, move)


def test_a_group_number_that_is_not_whole_is_named() -> None:
    with pytest.raises(
        UsageError, match=r"a group's number is a whole number, not 1\.5"
    ):
        verify_swap_wild(laid(), "B5", 1.5)  # type: ignore[arg-type]
