"""The judge of groups where mutation testing found it unchecked
(tests/mutation.py): what a refusal says, which requirement a group that
meets none is measured against, and floating runs of Wilds that wrap.
"""

from __future__ import annotations

import re

import pytest

from phase10 import (
    Card,
    CardDoesNotFit,
    Color,
    End,
    GroupKind,
    NaturalRule,
    PhaseNotMet,
    PhaseSpec,
)
from phase10._cards import parse_cards as c
from phase10._groups import GroupShape, check_phase, extend_group, judge_group

RUN = GroupKind.RUN
PER_GROUP = NaturalRule.PER_GROUP


def not_met(kind: GroupKind, text: str) -> str:
    """The message of the PhaseNotMet for ``text`` as one group of ``kind``."""
    with pytest.raises(PhaseNotMet) as caught:
        judge_group(kind, c(text), 1, need_natural=True)
    return str(caught.value)


def not_laid(phase: str, *groups: str) -> str:
    """The message of the PhaseNotMet for ``groups`` laid as ``phase``."""
    with pytest.raises(PhaseNotMet) as caught:
        check_phase([c(text) for text in groups], PhaseSpec.parse(phase), PER_GROUP)
    return str(caught.value)


def no_fit(text: str, card: str, end: End | None = None, kind: GroupKind = RUN) -> str:
    """The message of the CardDoesNotFit for ``card`` hit onto Wilds alone."""
    with pytest.raises(CardDoesNotFit) as caught:
        extend_group(kind, GroupShape(), c(text), Card.parse(card), end)
    return str(caught.value)


@pytest.mark.rule("R6", "R51")
def test_a_run_too_long_is_refused_naming_the_numbers_it_may_hold() -> None:
    """A run holds at most its numbers, and the refusal lists them."""
    assert not_met(RUN, "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 W") == (
        "a run holds at most 12 cards (the numbers 1 to 12), not 13 (rule R6)"
    )
    assert not_met(GroupKind.ODD_RUN, "R1 R3 R5 R7 R9 R11 W") == (
        "a run of odd numbers holds at most 6 cards (1, 3, 5, 7, 9, 11), "
        "not 7 (rule R51)"
    )
    assert not_met(GroupKind.EVEN_RUN, "R2 R4 R6 R8 R10 R12 W") == (
        "a run of even numbers holds at most 6 cards (2, 4, 6, 8, 10, 12), "
        "not 7 (rule R51)"
    )


@pytest.mark.rule("R14")
def test_a_group_that_meets_no_requirement_is_measured_against_its_own_kind() -> None:
    """A group of several numbers is explained as a run, one of a single
    number (Wilds aside) as a set, and with no requirement of its kind,
    against the first requirement."""
    assert not_laid("1 set of 3 + 1 run of 4", "R1 R2 R3 R4", "G5 B6 Y7") == (
        "group 1 (G5 B6 Y7) is not a run of 4: it needs at least 4 cards, "
        "not 3 (rule R14)"
    )
    assert not_laid("1 set of 3 + 1 run of 4", "R1 R2 R3 R4", "G5 B6") == (
        "group 1 (G5 B6) is not a run of 4: it needs at least 4 cards, not 2 (rule R14)"
    )
    assert not_laid("1 run of 4 + 1 set of 3", "R1 R2 R3 R4", "R5 W") == (
        "group 1 (R5 W) is not a set of 3: it needs at least 3 cards, not 2 (rule R14)"
    )
    assert not_laid("1 set of 3 + 1 set of 4", "R1 B1 G1 Y1", "G5 B6 Y7") == (
        "group 1 (G5 B6 Y7) is not a set of 3: G5 and B6 are not the same "
        "number, so they cannot be in one set (rule R5)"
    )


@pytest.mark.rule("R14", "R6")
def test_a_phase_of_one_group_gives_that_groups_own_reason() -> None:
    """With one group to lay, the refusal is the group's own, unchanged."""
    assert not_laid("1 run of 4", "R1 B1 G1 Y1") == (
        "R1 and B1 cannot both be where they are in this run: a run's numbers "
        "go up by one from card to card, lowest first, with a Wild for each "
        "missing number (rule R6)"
    )


@pytest.mark.rule("R13")
def test_a_floating_run_says_how_many_wilds_it_holds() -> None:
    """The refusals of a hit on Wilds alone count them: 1 Wild, 2 Wilds."""
    assert no_fit("W", "R12", End.LOW) == (
        "R12 cannot go at the low end of this run of 1 Wild: the Wilds would "
        "stand for 13 to 13, and runs stop at 12; it fits at the high end "
        "(rule R13)"
    )
    assert no_fit("W W", "R1", End.HIGH) == (
        "R1 cannot go at the high end of this run of 2 Wilds: the Wilds would "
        "stand for -1 to 0, and runs start at 1; it fits at the low end "
        "(rule R13)"
    )
    eleven = " ".join(["W"] * 11)
    assert no_fit(eleven, "R6") == (
        "R6 fits neither end of this run of 11 Wilds: at the low end the Wilds "
        "would stand for 7 to 17, at the high end for -5 to 5, and runs use "
        "only the numbers 1 to 12 (rule R13)"
    )
    assert re.fullmatch(
        r"R6 cannot go at the low end of this run of 11 Wilds: .*, and runs stop"
        r" at 12 \(rule R13\)",
        no_fit(eleven, "R6", End.LOW),
    )
    assert no_fit(" ".join(["W"] * 6), "R5", kind=GroupKind.ODD_RUN) == (
        "this run of 6 Wilds already stands for all six numbers, whatever "
        "numbers it takes, so nothing more can be hit on it (rule R13)"
    )


@pytest.mark.rule("R13", "R42")
def test_a_floating_colour_run_that_wraps_takes_the_colour_of_its_first_card() -> None:
    """Under runs that wrap, a natural card hit onto a colour run of Wilds
    alone fixes its colour at either end, and its numbers round from 12."""
    wilds = c("W W")
    red = Card.parse("R2")
    cards, shape = extend_group(
        GroupKind.COLOR_RUN, GroupShape(), wilds, red, End.LOW, wrap=True
    )
    assert (cards, shape) == ((red, *wilds), GroupShape(color=Color.RED, low=2))
    cards, shape = extend_group(
        GroupKind.COLOR_RUN, GroupShape(), wilds, red, End.HIGH, wrap=True
    )
    assert (cards, shape) == ((*wilds, red), GroupShape(color=Color.RED, low=12))
    cards, shape = extend_group(
        GroupKind.COLOR_RUN, GroupShape(), wilds, red, None, wrap=True
    )
    assert (cards, shape) == ((*wilds, red), GroupShape(color=Color.RED, low=12))


@pytest.mark.rule("R13", "R51")
def test_a_floating_run_of_odd_numbers_names_the_numbers_its_wilds_would_take() -> None:
    """The refusal of a hit on odd or even Wilds alone lists the numbers two
    apart that they would stand for."""
    odd, even = GroupKind.ODD_RUN, GroupKind.EVEN_RUN
    assert no_fit("W", "R11", End.LOW, kind=odd) == (
        "R11 cannot go at the low end of this run of 1 Wild: the Wilds would "
        "stand for 13, and runs stop at 12; it fits at the high end (rule R13)"
    )
    assert no_fit("W W W", "R9", End.LOW, kind=odd) == (
        "R9 cannot go at the low end of this run of 3 Wilds: the Wilds would "
        "stand for 11, 13 and 15, and runs stop at 12; it fits at the high end "
        "(rule R13)"
    )
    assert no_fit("W W W W W", "R6", kind=even) == (
        "R6 fits neither end of this run of 5 Wilds: at the low end the Wilds "
        "would stand for 8, 10, 12, 14 and 16, at the high end for -4, -2, 0, "
        "2 and 4, and runs use only the numbers 1 to 12 (rule R13)"
    )


@pytest.mark.rule("R42", "R30")
def test_a_wrapping_run_keeps_its_colour_and_says_what_it_takes() -> None:
    """A hit on a colour run that wraps keeps its colour at either end; a
    card that follows on from neither end is refused under R30."""
    red = GroupShape(low=3, color=Color.RED)
    run = c("R3 R4 R5")
    for card, end, low in (("R2", None, 2), ("R6", None, 3), ("W", End.LOW, 2)):
        _, shape = extend_group(
            GroupKind.COLOR_RUN, red, run, Card.parse(card), end, wrap=True
        )
        assert shape == GroupShape(low=low, color=Color.RED)
    with pytest.raises(CardDoesNotFit) as caught:
        extend_group(RUN, GroupShape(low=3), run, Card.parse("R9"), wrap=True)
    assert str(caught.value) == (
        "R9 does not fit this run of 3-5: it takes only a 2 below or a 6 above "
        "(or a Wild) (rule R30)"
    )
    assert caught.value.clause == "R30"
    with pytest.raises(CardDoesNotFit) as caught:
        extend_group(RUN, GroupShape(low=3), run, Card.parse("R6"), End.LOW, wrap=True)
    assert str(caught.value) == "R6 can only go at the high end of this run (rule R30)"
    assert caught.value.clause == "R30"


@pytest.mark.rule("R42", "R30", "R51")
def test_a_full_run_says_it_holds_every_number_it_may() -> None:
    """A run holding all its numbers refuses every hit, saying so."""
    cases = [
        (RUN, 1, "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12", "every number from 1 to 12"),
        (GroupKind.ODD_RUN, 1, "R1 R3 R5 R7 R9 R11", "every odd number"),
        (GroupKind.EVEN_RUN, 2, "R2 R4 R6 R8 R10 R12", "every even number"),
    ]
    for kind, low, text, every in cases:
        with pytest.raises(CardDoesNotFit) as caught:
            extend_group(kind, GroupShape(low=low), c(text), Card.parse("W"), wrap=True)
        assert str(caught.value) == (
            f"this run already holds {every}, so nothing more can be hit on it "
            "(rule R42)"
        )
    with pytest.raises(CardDoesNotFit) as caught:
        extend_group(RUN, GroupShape(low=1), c(cases[0][2]), Card.parse("R5"))
    assert str(caught.value) == (
        "R5 does not fit this run of 1-12: it already holds every number from 1 "
        "to 12 (rule R30)"
    )
    with pytest.raises(CardDoesNotFit) as caught:
        extend_group(
            GroupKind.EVEN_RUN, GroupShape(low=2), c(cases[2][2]), Card.parse("R4")
        )
    assert str(caught.value) == (
        "R4 does not fit this run of 2-12: it already holds every even number "
        "(rule R30)"
    )


@pytest.mark.rule("R30")
def test_a_run_from_2_still_takes_a_1_below() -> None:
    """A run starting at 2 names the 1 it may take below, and the number above."""
    with pytest.raises(CardDoesNotFit) as caught:
        extend_group(RUN, GroupShape(low=2), c("R2 R3 R4"), Card.parse("R9"))
    assert str(caught.value) == (
        "R9 does not fit this run of 2-4: it takes only a 1 below or a 5 above "
        "(or a Wild) (rule R30)"
    )
    with pytest.raises(CardDoesNotFit) as caught:
        extend_group(RUN, GroupShape(low=1), c("R1 R2 R3"), Card.parse("R9"))
    assert str(caught.value) == (
        "R9 does not fit this run of 1-3: it takes only a 4 above (or a Wild) "
        "(rule R30)"
    )


@pytest.mark.rule("R7", "R11", "R14")
def test_refusals_name_the_group_as_the_phase_does() -> None:
    """A colour group is named by its count, a set or run with "a"."""
    assert not_met(GroupKind.COLOR, "R1 R2 B3") == (
        "B3 is not red like R1: 1 card of one color must be all one color (rule R7)"
    )
    with pytest.raises(PhaseNotMet) as caught:
        judge_group(GroupKind.COLOR, c("R1 R2"), 3, need_natural=True)
    assert str(caught.value) == (
        "3 cards of one color needs at least 3 cards, not 2 (R1 R2) (rule R14)"
    )
    with pytest.raises(PhaseNotMet) as caught:
        judge_group(GroupKind.SET, c("W W W"), 3, need_natural=True)
    assert str(caught.value) == (
        "a set of 3 needs at least one natural card, not only Wilds (rule R11)"
    )


@pytest.mark.rule("R6", "R51")
def test_a_run_says_how_far_apart_its_numbers_go_and_where_it_would_start() -> None:
    """A run going below 1 says so (it does not wrap), and a run of odd or
    even numbers that skips one says its numbers go up by two."""
    assert not_met(RUN, "W R1 R2") == (
        "this run would have to go below 1 before R1: runs use the numbers 1 to "
        "12 and do not wrap round (rule R6)"
    )
    assert not_met(GroupKind.ODD_RUN, "R1 R5") == (
        "R1 and R5 cannot both be where they are in this run: a run's numbers go "
        "up by two from card to card, lowest first, with a Wild for each missing "
        "number (rule R6)"
    )


@pytest.mark.rule("R12", "R43", "R51")
def test_a_hit_of_the_wrong_parity_or_a_skip_is_refused_saying_why() -> None:
    """A hit onto a group of one parity names the parity; a Skip fits no group."""
    cases = [
        (GroupKind.ODD_RUN, GroupShape(low=1), "R1 R3", "R6"),
        (GroupKind.EVEN, GroupShape(), "R2 R4", "R5"),
        (RUN, GroupShape(low=1), "R1 R2", "S"),
    ]
    said = []
    for kind, shape, text, card in cases:
        with pytest.raises(CardDoesNotFit) as caught:
            extend_group(kind, shape, c(text), Card.parse(card))
        said.append(str(caught.value))
    assert said == [
        "R6 is not an odd number, so it does not fit this run of odd numbers "
        "(rule R51)",
        "R5 is not an even number, so it does not fit this group of even cards "
        "(rule R43)",
        "a Skip can never be hit onto a group (rule R12)",
    ]


@pytest.mark.rule("R11", "R14")
def test_groups_are_matched_to_requirements_after_a_first_wrong_try() -> None:
    """Wilds alone fit a set or a run: when the set they try first is the
    one the other group needs, they are matched to the run instead; with
    no natural card at all, a phase that needs one is refused."""
    phase = PhaseSpec.parse("1 set of 3 + 1 run of 3")
    laid = check_phase([c("W W W"), c("R5 B5 G5")], phase, NaturalRule.PER_PHASE)
    assert [spec.kind for spec, _ in laid] == [RUN, GroupKind.SET]
    with pytest.raises(PhaseNotMet) as caught:
        check_phase([c("W W W"), c("W W W")], phase, NaturalRule.PER_PHASE)
    assert str(caught.value) == "a phase needs at least one natural card (rule R11)"


@pytest.mark.rule("R12", "R51")
def test_a_skip_or_a_number_of_the_wrong_parity_is_refused_saying_why() -> None:
    """A Skip is never laid; a run of even numbers refuses an odd one, by name."""
    assert not_met(GroupKind.SET, "R5 S B5") == (
        "a Skip can never be part of a phase (rule R12)"
    )
    with pytest.raises(PhaseNotMet) as caught:
        judge_group(GroupKind.EVEN_RUN, c("R2 R5 R6"), 3, need_natural=True)
    assert str(caught.value) == (
        "R5 is not an even number: a run of 3 even numbers must all be even "
        "numbers (rule R51)"
    )


@pytest.mark.rule("R43")
def test_an_odd_group_is_named_without_an_article() -> None:
    """An odd group's refusal names it as the phase does: '3 odd cards'."""
    with pytest.raises(PhaseNotMet) as caught:
        judge_group(GroupKind.ODD, c("R1 R2 R3"), 3, need_natural=True)
    assert str(caught.value) == (
        "R2 is not an odd number: 3 odd cards must all be odd numbers (rule R43)"
    )
