"""Choosing and declaring a phase (R44, R45), each refusal with the clause
it cites and each boundary of the judge: the faults that mutation testing
put into ``_moves/choose_phase`` showed which the other tests left
unchecked (tests/mutation.py).
"""

from __future__ import annotations

import attrs
import pytest
from scenarios import deal
from test_masters import DECLARE, MASTERS, chosen, dealt

from phase10 import (
    BadPhaseChoice,
    ChoosePhase,
    Draw,
    GameState,
    IllegalMove,
    LayPhase,
    NotYourTurn,
    Rules,
    Step,
    UsageError,
    WrongStep,
    apply,
    can_apply,
    can_choose_phase,
    choose_phase,
    legal_actions,
)

LAY = LayPhase(["R3 B3 G3", "Y5 R5 G5"])


def refusal(state: GameState, phase: int, player: int | None = None) -> IllegalMove:
    """The refusal of choosing ``phase`` in ``state``; can_apply agrees."""
    with pytest.raises(IllegalMove) as caught:
        apply(state, ChoosePhase(phase), player=player)
    assert not can_apply(state, ChoosePhase(phase), player=player)
    return caught.value


def declaring() -> GameState:
    """Declared phases: Ann has drawn and may declare."""
    return apply(dealt(DECLARE), Draw())


@pytest.mark.rule("R45", "R21")
def test_a_phase_is_declared_after_drawing() -> None:
    """Declaring before drawing is refused as a move made before the draw."""
    error = refusal(dealt(DECLARE), 1)
    assert isinstance(error, WrongStep) and error.clause == "R21"
    assert str(error).endswith("before you declare your phase (rule R21)")
    assert apply(declaring(), ChoosePhase(1)).players[0].active == 0


@pytest.mark.rule("R45", "R20")
def test_only_the_player_to_move_declares() -> None:
    error = refusal(declaring(), 2, player=1)
    assert isinstance(error, NotYourTurn) and error.clause == "R20"


@pytest.mark.rule("R45", "R38")
def test_nobody_declares_in_a_tie_break_hand() -> None:
    """In a tie-break hand everyone plays the last phase: no declaration."""
    tied = attrs.evolve(declaring(), hand_number=2, tiebreak=True)
    error = refusal(tied, 1)
    assert isinstance(error, BadPhaseChoice) and error.clause == "R38"
    assert not any(isinstance(move, ChoosePhase) for move in legal_actions(tied))


@pytest.mark.rule("R45", "R15")
def test_nobody_declares_again_after_laying_the_phase() -> None:
    laid = apply(apply(declaring(), ChoosePhase(1)), LAY)
    error = refusal(laid, 2)
    assert isinstance(error, BadPhaseChoice) and error.clause == "R15"
    assert str(error).endswith("laid your phase this hand already (rule R15)")


@pytest.mark.rule("R45")
def test_a_phase_is_declared_once_a_turn() -> None:
    declared = apply(declaring(), ChoosePhase(4))
    error = refusal(declared, 1)
    assert isinstance(error, BadPhaseChoice) and error.clause == "R45"
    assert "declared phase 4 for this turn" in str(error)


@pytest.mark.rule("R16", "R20")
def test_in_order_whose_turn_it_is_comes_before_the_order() -> None:
    """Under phases in order a choice is refused (R16), but one made out of
    turn is refused first as out of turn."""
    state = apply(dealt(Rules()), Draw())
    error = refusal(state, 2, player=1)
    assert isinstance(error, NotYourTurn) and error.clause == "R20"
    error = refusal(state, 2, player=0)
    assert isinstance(error, BadPhaseChoice) and error.clause == "R16"


@pytest.mark.rule("R44")
def test_the_phases_to_choose_are_1_to_the_last() -> None:
    """Phase 0 and one past the last are refused, citing R44; the first
    and the last are accepted."""
    state = dealt(MASTERS)
    for phase in (0, -1, 11):
        with pytest.raises(BadPhaseChoice) as caught:
            choose_phase(state, phase)
        assert caught.value.clause == "R44"
        assert str(caught.value).endswith("the phases are 1 to 10 (rule R44)")
        assert not can_choose_phase(state, phase)
    for phase in (1, 10):
        assert apply(state, ChoosePhase(phase)).players[0].active == phase - 1
    short = dealt(MASTERS.replace(phases=MASTERS.phases[:3]))
    assert refusal(short, 4).clause == "R44"
    assert apply(short, ChoosePhase(3)).players[0].active == 2


@pytest.mark.rule("R44")
def test_a_completed_phase_is_refused_naming_the_ones_left() -> None:
    state = dealt(MASTERS)
    players = list(state.players)
    players[0] = attrs.evolve(players[0], completed=2, phases_done=(0, 4))
    done = attrs.evolve(state, players=tuple(players))
    for phase in (1, 5):
        error = refusal(done, phase)
        assert isinstance(error, BadPhaseChoice) and error.clause == "R44"
        assert str(error).endswith("choose one of 2, 3, 4, 6, 7, 8, 9, 10 (rule R44)")
    assert apply(done, ChoosePhase(2)).players[0].active == 1
    listed = [m.phase for m in legal_actions(done) if isinstance(m, ChoosePhase)]
    assert listed == [2, 3, 4, 6, 7, 8, 9, 10]


@pytest.mark.rule("R44")
def test_choosing_late_is_refused_with_whose_turn_first() -> None:
    """A choice once play has begun cites R44; out of turn, R20 first."""
    begun = chosen(dealt(MASTERS), 1, 2)
    error = refusal(begun, 3, player=1)
    assert isinstance(error, NotYourTurn) and error.clause == "R20"
    error = refusal(begun, 3)
    assert isinstance(error, WrongStep) and error.clause == "R44"


@pytest.mark.rule("R44", "R20")
def test_the_choosers_go_clockwise_from_the_dealers_left_then_play_begins() -> None:
    """Three players, the last dealing: seats 0, 1 and 2 choose in turn,
    then seat 0 draws first, at the hand's first turn slot."""
    state = deal(["R1 R2", "B1 B2", "G1 G2"], rules=MASTERS, dealer=2, starter="Y9")
    assert (state.step, state.current) == (Step.CHOOSE, 0)
    state = apply(state, ChoosePhase(3))
    assert (state.step, state.current) == (Step.CHOOSE, 1)
    assert refusal(state, 2, player=0).clause == "R20"
    state = apply(state, ChoosePhase(5))
    assert (state.step, state.current) == (Step.CHOOSE, 2)
    state = apply(state, ChoosePhase(7))
    assert (state.step, state.current, state.turn_slot) == (Step.DRAW, 0, 0)
    assert [state.phase_number(seat) for seat in range(3)] == [3, 5, 7]


def test_a_phase_number_that_is_not_whole_is_named() -> None:
    with pytest.raises(
        UsageError, match=r"a phase's number is a whole number, not 1\.5"
    ):
        choose_phase(dealt(MASTERS), 1.5)  # type: ignore[arg-type]
