"""Faults of the counting under the odds (``phase10.analysis._counting``)
that the other tests let through, each killed here (``tests/mutation.py
--module phase10.analysis._counting``)."""

from __future__ import annotations

from fractions import Fraction

from phase10 import Card, NaturalRule, PhaseSpec
from phase10.analysis._counting import classes_of, made_for, multisets, odds

PHASE = PhaseSpec.parse("1 set of 3")


def test_no_cards_to_draw_is_no_chance_even_for_a_made_hand() -> None:
    """Fewer unseen cards than draws: the chance is 0, as the docstring says,
    before the hand is looked at."""
    stands = classes_of(PHASE)
    hand = tuple(Card.parse(card) for card in ("R7", "B7", "G7"))
    made = made_for(hand, PHASE, NaturalRule.NONE, False, stands)
    assert made.made(())
    assert odds(made, {}, 1) == Fraction(0)
    assert odds(made, {stands[Card.parse("R1").index]: 1}, 2) == Fraction(0)
    assert odds(made, {stands[Card.parse("R1").index]: 1}, 1) == Fraction(1)


def test_the_multisets_of_draws_over_classes_are_counted_with_repetition() -> None:
    assert [multisets(classes, 2) for classes in (1, 2, 3, 50)] == [1, 3, 6, 1275]
    assert multisets(17, 4) == 4845 and multisets(18, 4) == 5985
