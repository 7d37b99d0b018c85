"""Saving a card (R46, R48), each refusal with the clause it cites, each
limit at its boundary, and the turn slots a save passes (R36): the faults
that mutation testing put into ``_moves/save`` showed which the other
tests left unchecked (tests/mutation.py).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from test_masters import DECLARE, dealt

from phase10 import (
    CannotSave,
    CardNotInHand,
    CardSaved,
    ChoosePhase,
    Discard,
    Draw,
    GameState,
    HandEnded,
    IllegalMove,
    LayPhase,
    NotYourTurn,
    Rules,
    Save,
    Step,
    TurnLost,
    WrongStep,
    apply,
    apply_with_events,
    can_apply,
    legal_actions,
    parse_cards,
    save,
    verify_save,
)
from phase10._flow import MAX_TURNS_PER_HAND


def refusal(state: GameState, card: str) -> IllegalMove:
    """The refusal of saving ``card`` in ``state``: can_apply and the
    listing agree."""
    with pytest.raises(IllegalMove) as caught:
        apply(state, Save(card))
    assert not can_apply(state, Save(card))
    assert Save(card) not in legal_actions(state)
    return caught.value


def saves(state: GameState) -> list[Save]:
    return [move for move in legal_actions(state) if isinstance(move, Save)]


def ann(state: GameState, **changes: Any) -> GameState:
    """``state`` with some fields of Ann's (seat 0) changed."""
    players = list(state.players)
    players[0] = attrs.evolve(players[0], **changes)
    return attrs.evolve(state, players=tuple(players))


def drawn(**rules: Any) -> GameState:
    """Ann has drawn the B8 under the classic phases with ``rules``."""
    return apply(dealt(Rules(**rules), draw_top="B8 B9"), Draw())


@pytest.mark.rule("R46", "R20", "R21")
def test_a_card_is_saved_after_drawing() -> None:
    state = dealt(Rules(saves_per_hand=1))
    error = refusal(state, "R3")
    assert isinstance(error, WrongStep) and error.clause == "R21"
    assert str(error).endswith("before you save a card (rule R21)")
    with pytest.raises(NotYourTurn) as caught:
        apply(drawn(saves_per_hand=1), Save("R9"), player=1)
    assert caught.value.clause == "R20"


@pytest.mark.rule("R46")
def test_rules_that_save_nothing_cite_r46() -> None:
    error = refusal(drawn(), "R3")
    assert isinstance(error, CannotSave) and error.clause == "R46"
    assert saves(drawn()) == []


@pytest.mark.rule("R46")
def test_saves_per_hand_is_the_most_a_player_saves_a_hand() -> None:
    """With two saves a hand, a player who saved once saves again, and one
    who saved twice is refused, naming the two."""
    state = drawn(saves_per_hand=2)
    once = ann(state, saved=parse_cards("W"), saved_now=1)
    assert apply(once, Save("R3")).players[0].saved_now == 2
    assert Save("R3") in saves(once)
    twice = ann(state, saved=parse_cards("W Y9"), saved_now=2)
    twice = attrs.evolve(twice, rules=twice.rules.replace(most_saved=3))
    error = refusal(twice, "R3")
    assert isinstance(error, CannotSave) and error.clause == "R46"
    assert "you may save 2 cards a hand" in str(error)
    assert saves(twice) == []


@pytest.mark.rule("R46")
def test_most_saved_is_the_most_a_save_pile_holds() -> None:
    """A pile of one under most_saved=2 takes another; a pile of two is full."""
    state = drawn(saves_per_hand=1, most_saved=2)
    one = ann(state, saved=parse_cards("W"))
    assert apply(one, Save("R3")).players[0].saved == parse_cards("W R3")
    two = ann(state, saved=parse_cards("W Y9"))
    error = refusal(two, "R3")
    assert isinstance(error, CannotSave) and error.clause == "R46"
    assert str(error).endswith("it holds at most 2 cards (rule R46)")
    assert saves(two) == []


@pytest.mark.rule("R46")
def test_a_skip_is_saved_only_where_the_rules_allow() -> None:
    bob = apply(apply(drawn(saves_per_hand=1, save_skips=False), Discard("R3")), Draw())
    error = refusal(bob, "S")
    assert isinstance(error, CannotSave) and error.clause == "R46"
    assert Save("B1") in saves(bob)
    allowed = apply(apply(drawn(saves_per_hand=1), Discard("R3")), Draw())
    assert Save("S") in saves(allowed)
    assert apply(allowed, Save("S")).players[1].saved == parse_cards("S")


@pytest.mark.rule("R46")
def test_a_card_not_held_cannot_be_saved() -> None:
    error = refusal(drawn(saves_per_hand=1), "Y11")
    assert isinstance(error, CardNotInHand) and error.clause == "R46"


@pytest.mark.rule("R46", "R33")
def test_the_last_card_refused_cites_r46() -> None:
    state = ann(drawn(saves_per_hand=1), hand=parse_cards("R3"))
    error = refusal(state, "R3")
    assert isinstance(error, CannotSave) and error.clause == "R46"
    assert saves(state) == []
    two = ann(drawn(saves_per_hand=1), hand=parse_cards("R3 R4"))
    assert saves(two) == [Save("R3"), Save("R4")]


@pytest.mark.rule("R46")
def test_a_save_counts_one_and_passes_the_turn_to_the_next_slot() -> None:
    state = drawn(saves_per_hand=1)
    after = apply(state, Save("R3"))
    assert after.players[0].saved_now == 1
    assert after.players[0].saved == parse_cards("R3")
    assert (after.current, after.step) == (1, Step.DRAW)
    assert after.turn_slot == state.turn_slot + 1
    assert after.players[0].hand == tuple(
        card for card in state.players[0].hand if card != parse_cards("R3")[0]
    )


@pytest.mark.rule("R46", "R45")
def test_a_save_ends_a_declaration_not_laid_and_keeps_one_laid() -> None:
    """A phase declared and not laid lapses with the turn a save ends; one
    laid stays the phase attempted."""
    state = apply(apply(dealt(DECLARE, draw_top="B8"), Draw()), ChoosePhase(1))
    assert apply(state, Save("W")).players[0].active is None
    laid = apply(state, LayPhase(["R3 B3 G3", "Y5 R5 G5"]))
    assert apply(laid, Save("W")).players[0].active == 0


@pytest.mark.rule("R46", "R36")
def test_a_save_passes_the_turn_up_to_the_last_slot_of_a_hand() -> None:
    """A save passes the turn as a discard does: at the slot before the last
    it may, at the last it may not, unless it saves the last card and so
    goes out where the rules allow it."""
    state = drawn(saves_per_hand=1, go_out_by_save=True)
    before_last = attrs.evolve(state, turn_slot=MAX_TURNS_PER_HAND - 1)
    assert Save("R3") in saves(before_last)
    assert apply(before_last, Save("R3")).turn_slot == MAX_TURNS_PER_HAND
    last = attrs.evolve(state, turn_slot=MAX_TURNS_PER_HAND)
    error = refusal(last, "R3")
    assert isinstance(error, WrongStep) and error.clause == "R36"
    going_out = ann(last, hand=parse_cards("R3"))
    assert saves(going_out) == [Save("R3")]
    assert apply(going_out, Save("R3")).step is Step.HAND_OVER


@pytest.mark.rule("R46")
def test_the_function_saves_as_the_move_does() -> None:
    state = drawn(saves_per_hand=1)
    assert save(state, "R3") == apply(state, Save("R3"))
    assert save(state, "R3", player=0) == apply(state, Save("R3"))
    verify_save(state, "R3", player=0)
    with pytest.raises(NotYourTurn):
        save(state, "R3", player=1)


@pytest.mark.rule("R46")
def test_a_skip_refused_is_named() -> None:
    bob = apply(apply(drawn(saves_per_hand=1, save_skips=False), Discard("R3")), Draw())
    with pytest.raises(CannotSave, match=r"^these rules do not let a Skip be saved"):
        apply(bob, Save("S"))


@pytest.mark.rule("R46", "R27")
def test_a_save_tells_the_turn_the_next_player_loses() -> None:
    """A save passes the turn as a discard does: to a player owed a Skip,
    who loses it, and the events say so."""
    state = drawn(saves_per_hand=1)
    players = list(state.players)
    players[1] = attrs.evolve(players[1], skips_pending=1, skipped_in_slot=0)
    state = attrs.evolve(state, players=tuple(players))
    after, told = apply_with_events(state, Save("R3"))
    assert TurnLost(1) in told
    assert after.current == 0


@pytest.mark.rule("R46", "R33")
def test_saving_the_last_card_tells_the_end_of_the_hand() -> None:
    state = ann(drawn(saves_per_hand=1, go_out_by_save=True), hand=parse_cards("R3"))
    after, told = apply_with_events(state, Save("R3"))
    assert after.step is Step.HAND_OVER
    assert [type(event) for event in told] == [CardSaved, HandEnded]
