"""Discarding (R21, R26, R33, R36): each refusal with the clause it cites.
The faults that mutation testing put into ``_moves/discard`` showed which
the other tests left unchecked (tests/mutation.py).
"""

from __future__ import annotations

import attrs
import pytest
from scenarios import deal

from phase10 import (
    BadDiscard,
    Card,
    CardDiscarded,
    CardNotInHand,
    Discard,
    Draw,
    WrongStep,
    apply,
    apply_with_events,
    can_apply,
    legal_actions,
    parse_cards,
)
from phase10._flow import MAX_TURNS_PER_HAND
from phase10._moves import apply_listed


@pytest.mark.rule("R21")
def test_a_discard_before_drawing_cites_r21() -> None:
    state = deal(["R1 R2", "B1 B2"])
    with pytest.raises(WrongStep) as caught:
        apply(state, Discard("B1"))
    assert str(caught.value) == "you must draw a card before you discard (rule R21)"


@pytest.mark.rule("R21", "R26")
def test_a_skip_or_a_card_not_held_is_refused_citing_its_rule() -> None:
    state = apply(deal(["R1 R2 S", "B1 B2 S"], dealer=1), Draw())
    with pytest.raises(BadDiscard) as caught:
        apply(state, Discard("S"))
    assert caught.value.clause == "R26"
    with pytest.raises(CardNotInHand) as missing:
        apply(state, Discard("Y7"))
    assert missing.value.clause == "R21"
    assert str(missing.value) == "you do not hold Y7 (rule R21)"
    assert not can_apply(state, Discard("Y7"))


@pytest.mark.rule("R21")
def test_the_learners_loop_judges_a_discard_it_did_not_list() -> None:
    """apply_listed builds a listed discard without its judge; given one of a
    card not held after all, it judges it and refuses it as apply does."""
    state = apply(deal(["R1 R2 S", "B1 B2 S"], dealer=1), Draw())
    with pytest.raises(CardNotInHand, match=r"^you do not hold Y7 \(rule R21\)$"):
        apply_listed(state, Discard("Y7"))


@pytest.mark.rule("R21")
def test_a_discard_tells_who_discarded_what() -> None:
    state = apply(deal(["R1 R2 S", "B1 B2 S"], dealer=1), Draw())
    after, told = apply_with_events(state, Discard("R2"))
    assert told == (CardDiscarded(0, Card.parse("R2")),)
    assert told[0].describe(["Ann", "Bob"]) == "Ann discards R2"
    assert after.discard_pile[0] == Card.parse("R2")


@pytest.mark.rule("R21", "R36")
def test_a_discard_passes_the_turn_at_the_slot_before_the_last() -> None:
    """The turn passes to the last slot of a hand, and no further."""
    state = apply(deal(["R1 R2 S", "B1 B2 S"], dealer=1), Draw())
    before_last = attrs.evolve(state, turn_slot=MAX_TURNS_PER_HAND - 1)
    assert Discard("R2") in legal_actions(before_last)
    assert apply(before_last, Discard("R2")).turn_slot == MAX_TURNS_PER_HAND
    last = attrs.evolve(state, turn_slot=MAX_TURNS_PER_HAND)
    with pytest.raises(WrongStep) as caught:
        apply(last, Discard("R2"))
    assert caught.value.clause == "R36"
    assert Discard("R2") not in legal_actions(last)


@pytest.mark.rule("R33", "R36")
def test_at_the_last_slot_only_a_last_card_is_listed_as_a_discard() -> None:
    """Two copies of one face are not a last card: the discard would pass
    the turn, so it is not listed; a single card goes out."""
    state = apply(deal(["R1 R2 S", "B1 B2 S"], dealer=1), Draw())
    last = attrs.evolve(state, turn_slot=MAX_TURNS_PER_HAND)
    for hand, listed in (("R2 R2", False), ("R2", True), ("R2 B2", False)):
        players = list(last.players)
        players[0] = attrs.evolve(players[0], hand=parse_cards(hand))
        holding = attrs.evolve(last, players=tuple(players))
        assert (Discard("R2") in legal_actions(holding)) is listed, hand
