"""Taking a laid Wild back (the house rule R50): the listing under every
rule it reads, and the public function. The faults that mutation testing
put into ``_moves/swap_wild`` showed which the other tests left unchecked
(tests/mutation.py).
"""

from __future__ import annotations

import pytest
from scenarios import deal

from phase10 import (
    Draw,
    GameState,
    LayPhase,
    Rules,
    SwapWild,
    apply,
    legal_actions,
    parse_cards,
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
