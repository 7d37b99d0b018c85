"""The house rule R50: taking a laid Wild back by putting the natural card it
stands for in its place."""

from __future__ import annotations

import random

import pytest
from scenarios import all_cards, deal

import phase10
from phase10 import (
    CannotHit,
    CardDoesNotFit,
    CardNotInHand,
    Discard,
    Draw,
    LayPhase,
    NoSuchMeld,
    Rules,
    SwapWild,
    WildSwapped,
    apply,
    apply_with_events,
    can_apply,
    check_state,
    from_json,
    legal_actions,
    parse_action,
    to_dict,
    to_json,
    view,
)
from phase10.bots import GreedyBot
from phase10.encoding import Encoding

PHASES = phase10.STANDARD_PHASES[1:]  # a set of 3 and a run of 4 first
SWAP = Rules(swap_wilds=True, phases=PHASES)
# Ann lays a set of 3s with a Wild, and a run 4-7 with a Wild for the 5
# (phase 2); she holds a natural 3 and 5 to swap in. Bob holds junk.
ANN = "R3 B3 W Y4 W Y6 Y7 G3 B5 R9"
BOB = "R12 B12 G11 Y11 R10 B10 G8 Y8 S B1"


def laid(rules: Rules = SWAP) -> phase10.GameState:
    """Ann, to play, after laying R3 B3 W and Y4 W Y6 Y7."""
    state = apply(deal([ANN, BOB], rules=rules, dealer=1, draw_top="R2"), Draw())
    return apply(state, LayPhase(["R3 B3 W", "Y4 W Y6 Y7"]))


@pytest.mark.rule("R50")
def test_a_natural_card_takes_the_place_of_the_wild_it_stands_for() -> None:
    state = laid()
    listed = [m for m in legal_actions(state) if isinstance(m, SwapWild)]
    assert listed == [SwapWild("G3", 0), SwapWild("B5", 1)]
    after, events = apply_with_events(state, SwapWild("B5", 1))
    assert [str(c) for c in after.table[1].cards] == ["Y4", "B5", "Y6", "Y7"]
    assert after.table[1].shape == state.table[1].shape
    assert after.players[0].hand.count(phase10.WILD) == 1
    assert phase10.WILD in view(after, 1).players[0].known
    assert events == (WildSwapped(0, phase10.Card.parse("B5"), 1, after.table[1]),)
    assert "puts B5 on group 1 and takes its Wild" in events[0].describe(["A", "B"])
    assert all_cards(after) == all_cards(state)
    check_state(after)
    again = apply(after, SwapWild("G3", 0))
    assert [str(c) for c in again.table[0].cards] == ["R3", "B3", "G3"]
    # The Wilds taken back may be hit or kept; the turn goes on.
    assert again.step is phase10.Step.PLAY
    assert apply(again, Discard("R9")).current == 1


@pytest.mark.rule("R50", "R13")
def test_a_card_that_is_not_what_the_wild_stands_for_is_refused() -> None:
    state = laid()
    for move, error, text in (
        (SwapWild("R9", 1), CardDoesNotFit, "no Wild of group 1 stands for R9"),
        (SwapWild("G3", 1), CardDoesNotFit, "stands for G3"),
        (SwapWild("Y8", 0), CardNotInHand, "do not hold Y8"),
        (SwapWild("G3", 5), NoSuchMeld, "no group 5"),
    ):
        with pytest.raises(error, match=text):
            apply(state, move)
        assert not can_apply(state, move)
    classic = laid(Rules(phases=PHASES))
    with pytest.raises(
        CannotHit, match="leave a laid Wild on the table: it cannot be taken"
    ) as refused:
        apply(classic, SwapWild("B5", 1))
    assert refused.value.clause == "R13"
    assert not any(isinstance(m, SwapWild) for m in legal_actions(classic))


@pytest.mark.rule("R50", "R30")
def test_only_a_player_whose_phase_is_down_takes_a_wild() -> None:
    state = laid()
    state = apply(state, Discard("R9"))
    state = apply(state, Draw())  # Bob, who has not laid down
    with pytest.raises(CannotHit, match="lay down your own phase"):
        apply(state, SwapWild("B12", 0))
    assert not any(isinstance(m, SwapWild) for m in legal_actions(state))


@pytest.mark.rule("R50", "R13")
def test_a_run_of_wilds_alone_gives_no_wild_back() -> None:
    rules = Rules(swap_wilds=True, phases=PHASES, naturals=phase10.NaturalRule.NONE)
    hands = ["W W W W R3 B3 G3 Y5 R9 B1", BOB]
    state = apply(deal(hands, rules=rules, dealer=1, draw_top="R2"), Draw())
    state = apply(state, LayPhase(["R3 B3 G3", "W W W W"]))
    assert state.table[1].floating
    assert not any(isinstance(m, SwapWild) for m in legal_actions(state))
    with pytest.raises(CardDoesNotFit):
        apply(state, SwapWild("Y5", 1))
    # Nor does a set of Wilds alone: a 5 would make it a set of 5s.
    sets = Rules(swap_wilds=True, naturals=phase10.NaturalRule.NONE)
    hands = ["W W W R3 B3 G3 Y5 R9 B1 G7", BOB]
    state = apply(deal(hands, rules=sets, dealer=1, draw_top="R2"), Draw())
    state = apply(state, LayPhase(["R3 B3 G3", "W W W"]))
    assert state.table[1].number is None
    assert not any(isinstance(m, SwapWild) for m in legal_actions(state))
    with pytest.raises(CardDoesNotFit):
        apply(state, SwapWild("Y5", 1))


@pytest.mark.rule("R50")
def test_the_swap_is_a_move_like_the_others() -> None:
    move = SwapWild("R7", 2)
    assert move.notation == "E R7 2"
    assert parse_action("swap r7 2") == move == parse_action("E R7 2")
    assert from_json(to_json(move), SwapWild) == move
    assert to_dict(move)["type"] == "swap_wild"
    assert "swap_wilds" in to_dict(SWAP) and "swap_wilds" not in to_dict(Rules())
    encoding = Encoding(2, SWAP)
    state = laid()
    legal = encoding.legal(state)
    numbers = [i for i, m in legal.items() if isinstance(m, SwapWild)]
    assert [encoding.action(i, state) for i in numbers] == [
        SwapWild("G3", 0),
        SwapWild("B5", 1),
    ]
    assert all("swap" in encoding.describe(i) for i in numbers)
    assert Encoding(2).num_actions < encoding.num_actions


@pytest.mark.rule("R50")
def test_bots_take_wilds_back_and_games_stay_whole() -> None:
    swaps = 0
    for seed in range(3):
        state = phase10.new_game(3, SWAP, seed=seed)
        bots = [GreedyBot(random.Random(seat)) for seat in range(3)]
        while not state.is_over:
            move = bots[state.current].choose(view(state, state.current))
            swaps += isinstance(move, SwapWild)
            state = apply(state, move)
            check_state(state)
    assert swaps > 0
