"""Laying down a phase (R4, R10-R17, R19, R33): each refusal with the
clause it cites, and the listing's refusal of a hand no game deals. The
faults that mutation testing put into ``_moves/lay`` showed which the
other tests left unchecked (tests/mutation.py).
"""

from __future__ import annotations

import attrs
import pytest
from scenarios import deal

from phase10 import (
    CannotLay,
    CardNotInHand,
    Draw,
    GameState,
    IllegalMove,
    LayPhase,
    Rules,
    WrongStep,
    apply,
    legal_actions,
    parse_cards,
)

ANN = "R3 B3 G3 Y5 R5 G5 W Y1 Y2 Y4"
BOB = "R9 B9 G11 Y12 R12 B10 G8 Y7 S B1"
LAY = LayPhase(["R3 B3 G3", "Y5 R5 G5"])


def drawn(rules: Rules | None = None) -> GameState:
    return apply(deal([ANN, BOB], dealer=1, draw_top="B7", rules=rules), Draw())


@pytest.mark.rule("R21")
def test_a_lay_before_drawing_cites_r21() -> None:
    with pytest.raises(WrongStep) as caught:
        apply(deal([ANN, BOB], dealer=1), LAY)
    assert str(caught.value).endswith("before you lay down a phase (rule R21)")


@pytest.mark.rule("R15")
def test_cards_not_held_cite_r15() -> None:
    state = drawn()
    with pytest.raises(CardNotInHand) as caught:
        apply(state, LayPhase(["R3 B3 G3", "Y5 R5 B5"]))
    assert caught.value.clause == "R15"
    assert str(caught.value) == "you do not hold B5 (rule R15)"
    with pytest.raises(CardNotInHand) as twice:
        apply(state, LayPhase(["R3 R3 R3", "Y5 R5 G5"]))
    assert str(twice.value) == "you hold only 1 R3, not more (rule R15)"


@pytest.mark.rule("R33")
def test_a_lay_of_the_whole_hand_cites_r33() -> None:
    """Without going out by a hit, a set of four from a hand of four is
    refused, citing R33, and a set of three is listed; with it, the four
    go down and the hand ends."""
    rules = Rules(phases=["1 set of 3"], hand_size=3, go_out_by_hit=False)
    hands = ["R3 B3 Y3", "R9 B9 G9"]
    state = apply(deal(hands, dealer=1, draw_top="G3", rules=rules), Draw())
    with pytest.raises(CannotLay) as caught:
        apply(state, LayPhase(["R3 B3 G3 Y3"]))
    assert caught.value.clause == "R33"
    assert LayPhase(["R3 B3 Y3"]) in legal_actions(state)
    out = attrs.evolve(state, rules=rules.replace(go_out_by_hit=True))
    assert apply(out, LayPhase(["R3 B3 G3 Y3"])).players[0].hand == ()


@pytest.mark.rule("R19")
def test_a_hand_larger_than_a_turn_holds_is_refused_by_the_listing() -> None:
    """hand_size + 1 cards are listed; one more is refused citing R19."""
    state = drawn()
    assert len(state.players[0].hand) == 11
    assert any(isinstance(move, LayPhase) for move in legal_actions(state))
    players = list(state.players)
    players[0] = attrs.evolve(players[0], hand=(*players[0].hand, *parse_cards("B8")))
    with pytest.raises(IllegalMove) as caught:
        legal_actions(attrs.evolve(state, players=tuple(players)))
    assert caught.value.clause == "R19"


@pytest.mark.rule("R42")
def test_a_phase_met_only_by_a_run_wrapping_past_12_is_listed() -> None:
    rules = Rules(wrap_runs=True, phases=["1 run of 4"], hand_size=7)
    hands = ["R11 R12 Y1 B2 G7 R5 B9", "R9 B9 G11 Y12 R3 B10 G4"]
    state = apply(deal(hands, rules=rules, dealer=1, draw_top="Y5"), Draw())
    lays = [move for move in legal_actions(state) if isinstance(move, LayPhase)]
    assert lays == [LayPhase(["R11 R12 Y1 B2"])]
    assert apply(state, lays[0]).players[0].laid_down
