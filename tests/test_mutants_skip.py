"""Playing a Skip (R26-R29, R38, R49): each refusal with the clause it
cites, each target at the boundary of the seats, and the last turn slots
of a hand, where a Skip takes one more turn than a discard (R36). The
faults that mutation testing put into ``_moves/skip`` showed which the
other tests left unchecked (tests/mutation.py).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from scenarios import deal
from test_skips import three

from phase10 import (
    BadSkipTarget,
    CardNotInHand,
    Discard,
    Draw,
    GameState,
    IllegalMove,
    Rules,
    Skip,
    SkipLimit,
    Step,
    WrongStep,
    apply,
    can_apply,
    legal_actions,
    parse_cards,
    skip,
    skip_targets,
)
from phase10._flow import MAX_TURNS_PER_HAND


def refusal(state: GameState, target: int | None) -> IllegalMove:
    """The refusal of a Skip at ``target``: can_apply and the listing agree."""
    with pytest.raises(IllegalMove) as caught:
        apply(state, Skip(target))
    assert not can_apply(state, Skip(target))
    assert Skip(target) not in legal_actions(state)
    return caught.value


def skips(state: GameState) -> list[Skip]:
    return [move for move in legal_actions(state) if isinstance(move, Skip)]


def seat(state: GameState, number: int, **changes: Any) -> GameState:
    players = list(state.players)
    players[number] = attrs.evolve(players[number], **changes)
    return attrs.evolve(state, players=tuple(players))


def playing() -> GameState:
    """Three players; seat 1 has drawn and holds S S B4 Y1."""
    return apply(three(), Draw())


@pytest.mark.rule("R26")
def test_each_refusal_of_the_target_cites_r26() -> None:
    """No Skip in hand, a seat past the last or before the first, oneself."""
    state = playing()
    no_skip = seat(state, 1, hand=parse_cards("B4 Y1"))
    error = refusal(no_skip, 0)
    assert isinstance(error, CardNotInHand) and error.clause == "R26"
    assert str(error) == "you do not hold a Skip (rule R26)"
    for target in (3, 1):
        error = refusal(state, target)
        assert isinstance(error, BadSkipTarget) and error.clause == "R26", target
    assert str(refusal(state, 1)) == "you cannot skip yourself (rule R26)"
    with pytest.raises(BadSkipTarget) as caught:
        skip(state, -1)
    assert caught.value.clause == "R26"
    assert skips(state) == [Skip(0), Skip(2)]
    assert apply(state, Skip(0)).players[0].skips_pending == 1
    assert apply(state, Skip(2)).current == 0  # seat 2 lost its turn


@pytest.mark.rule("R29", "R49")
def test_a_skip_against_nobody_cites_the_rule_it_breaks() -> None:
    error = refusal(playing(), None)
    assert isinstance(error, BadSkipTarget) and error.clause == "R29"
    assert "choose who loses a turn: Player 1, Player 3" in str(error)
    next_only = apply(
        deal(
            ["R1 R2 R3", "S S B4", "S G5 G6"],
            starter="Y9",
            rules=Rules(skip_next_only=True),
        ),
        Draw(),
    )
    error = refusal(next_only, None)
    assert isinstance(error, BadSkipTarget) and error.clause == "R49"
    assert str(error).endswith("play it against Player 3 (seat 2) (rule R49)")
    assert skips(next_only) == [Skip(2)]


@pytest.mark.rule("R38")
def test_a_player_outside_a_tie_break_hand_is_not_skipped() -> None:
    tied = attrs.evolve(playing(), contenders=(1, 2), tiebreak=True, hand_number=2)
    error = refusal(tied, 0)
    assert isinstance(error, BadSkipTarget) and error.clause == "R38"
    assert skips(tied) == [Skip(2)]


@pytest.mark.rule("R28")
def test_a_target_the_limit_bars_cites_r28() -> None:
    state = apply(apply(three(SkipLimit.PER_HAND), Draw()), Skip(0))
    state = apply(state, Draw())
    error = refusal(state, 0)
    assert isinstance(error, BadSkipTarget) and error.clause == "R28"


@pytest.mark.rule("R26", "R36")
def test_a_skip_takes_a_turn_slot_more_than_a_discard_at_the_end_of_a_hand() -> None:
    """A Skip at a player takes the next turn slot and the one lost: at the
    slot before the last it is refused, two before it is not; a Skip against
    nobody takes one slot, and a Skip that is the last card goes out."""
    state = playing()
    two_before = attrs.evolve(state, turn_slot=MAX_TURNS_PER_HAND - 2)
    assert Skip(0) in skips(two_before)
    apply(two_before, Skip(0))
    before_last = attrs.evolve(state, turn_slot=MAX_TURNS_PER_HAND - 1)
    error = refusal(before_last, 0)
    assert isinstance(error, WrongStep) and error.clause == "R36"
    assert skips(before_last) == []
    last_card = seat(before_last, 1, hand=parse_cards("S"))
    assert apply(last_card, Skip(0)).step is Step.HAND_OVER
    assert skips(last_card) == [Skip(0), Skip(2)]
    nobody = attrs.evolve(before_last, rules=Rules(skip_limit=SkipLimit.PER_HAND))
    nobody = seat(seat(nobody, 0, skipped_in_slot=0), 2, skipped_in_slot=0)
    assert skips(nobody) == [Skip(None)]
    apply(nobody, Skip(None))
    at_last = attrs.evolve(nobody, turn_slot=MAX_TURNS_PER_HAND)
    error = refusal(at_last, None)
    assert isinstance(error, WrongStep) and error.clause == "R36"
    out = seat(at_last, 1, hand=parse_cards("S"))
    assert apply(out, Skip(None)).step is Step.HAND_OVER


@pytest.mark.rule("R21")
def test_a_skip_before_drawing_cites_r21_in_its_words() -> None:
    with pytest.raises(WrongStep) as caught:
        apply(three(), Skip(0))
    assert str(caught.value) == "you must draw a card before you play a Skip (rule R21)"


@pytest.mark.rule("R49", "R28")
def test_under_the_house_rule_a_next_player_the_limit_bars_leaves_nobody() -> None:
    """Skips for the next player alone, once a hand: seat 1 skips seat 2,
    and next time may skip nobody."""
    rules = Rules(skip_next_only=True, skip_limit=SkipLimit.PER_HAND)
    state = deal(["R1 R2 R3", "S S B4", "S G5 G6"], starter="Y9", rules=rules)
    state = apply(apply(state, Draw()), Skip(2))  # seat 2 loses its turn
    state = apply(apply(state, Draw()), Discard("R1"))  # seat 0
    state = apply(state, Draw())  # seat 1 again
    assert state.current == 1
    assert skip_targets(state) == ()
    assert skips(state) == [Skip(None)]
