"""The judge of groups: laying sets, runs and colour groups, and hitting onto
them (R5-R8, R10-R14, R30, R32). Most cases are the rule sheets' own examples.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from strategies import MAX_RUN, cards, colors

from phase10 import (
    STANDARD_PHASES,
    WILD,
    Card,
    CardDoesNotFit,
    Color,
    End,
    GroupKind,
    GroupSpec,
    IllegalMove,
    NaturalRule,
    PhaseNotMet,
    PhaseSpec,
)
from phase10._cards import format_cards
from phase10._cards import parse_cards as c
from phase10._groups import GroupShape, check_phase, extend_group, judge_group

SET = GroupKind.SET
RUN = GroupKind.RUN
COLOR = GroupKind.COLOR
COLOR_RUN = GroupKind.COLOR_RUN
CLASSIC_KINDS = (SET, RUN, COLOR, COLOR_RUN)
PHASE_1, PHASE_2, PHASE_4, PHASE_8 = (STANDARD_PHASES[i - 1] for i in (1, 2, 4, 8))
PER_GROUP = NaturalRule.PER_GROUP
PER_PHASE = NaturalRule.PER_PHASE
NONE = NaturalRule.NONE


def judge(
    kind: GroupKind, text: str, min_size: int = 1, *, natural: bool = True
) -> GroupShape:
    """Judge the cards written in ``text`` as one group."""
    return judge_group(kind, c(text), min_size, need_natural=natural)


def not_met(
    kind: GroupKind, text: str, min_size: int = 1, *, natural: bool = True
) -> PhaseNotMet:
    """The PhaseNotMet raised when judging ``text`` as one group."""
    with pytest.raises(PhaseNotMet) as caught:
        judge(kind, text, min_size, natural=natural)
    return caught.value


def hit(
    kind: GroupKind, shape: GroupShape, text: str, card: str, end: End | None = None
) -> tuple[tuple[Card, ...], GroupShape]:
    """Hit the card ``card`` onto the group written in ``text``."""
    return extend_group(kind, shape, c(text), Card.parse(card), end)


def no_fit(
    kind: GroupKind, shape: GroupShape, text: str, card: str, end: End | None = None
) -> CardDoesNotFit:
    """The CardDoesNotFit raised when hitting ``card`` onto ``text``."""
    with pytest.raises(CardDoesNotFit) as caught:
        hit(kind, shape, text, card, end)
    return caught.value


def lay(
    groups: Sequence[str], phase: PhaseSpec, naturals: NaturalRule = PER_GROUP
) -> tuple[tuple[GroupSpec, GroupShape], ...]:
    """Judge the groups written in ``groups`` as a way to lay ``phase``."""
    return check_phase([c(text) for text in groups], phase, naturals)


def refused(
    groups: Sequence[str], phase: PhaseSpec, naturals: NaturalRule = PER_GROUP
) -> PhaseNotMet:
    """The PhaseNotMet raised when laying ``groups`` for ``phase``."""
    with pytest.raises(PhaseNotMet) as caught:
        lay(groups, phase, naturals)
    return caught.value


def test_judge_errors_are_illegal_moves() -> None:
    """PhaseNotMet and CardDoesNotFit are IllegalMoves (hence ValueErrors)."""
    assert issubclass(PhaseNotMet, IllegalMove)
    assert issubclass(CardDoesNotFit, IllegalMove)
    assert issubclass(IllegalMove, ValueError)


# --- Sets (R5) ---------------------------------------------------------------


@pytest.mark.rule("R5")
def test_a_set_is_cards_of_one_number_in_any_colours() -> None:
    """Three 7s of mixed colours are a set of 7s."""
    assert judge(SET, "R7 B7 G7", 3) == GroupShape(number=7)
    assert judge(SET, "Y10 Y10 Y10", 3) == GroupShape(number=10)


@pytest.mark.rule("R5", "R4")
def test_phase_one_with_three_fives_and_three_sevens() -> None:
    """The sheet's Phase 1: three 5s and three 7s are two sets of 3."""
    result = lay(["R5 B5 Y5", "G7 R7 B7"], PHASE_1)
    assert result == (
        (GroupSpec(SET, 3), GroupShape(number=5)),
        (GroupSpec(SET, 3), GroupShape(number=7)),
    )


@pytest.mark.rule("R5")
def test_two_sets_may_share_a_number() -> None:
    """Three 10s and three more 10s make Phase 1."""
    result = lay(["R10 B10 Y10", "G10 R10 B10"], PHASE_1)
    assert [shape.number for _, shape in result] == [10, 10]


@pytest.mark.rule("R5")
def test_seven_tens_as_a_set_of_5_and_a_set_of_2() -> None:
    """Seven 10s can be laid as Phase 9 (1 set of 5 + 1 set of 2)."""
    lay(["R10 B10 Y10 G10 R10", "B10 Y10"], STANDARD_PHASES[8])


@pytest.mark.rule("R5")
def test_a_set_refuses_a_second_number_naming_both_cards() -> None:
    """A set with a 5 and a 6 is refused, and the message names both cards."""
    error = not_met(SET, "R5 B6 Y5", 3)
    assert error.clause == "R5"
    assert "R5" in str(error)
    assert "B6" in str(error)


# --- Runs (R6) ---------------------------------------------------------------


@pytest.mark.rule("R6")
def test_a_run_is_consecutive_numbers_in_any_colours() -> None:
    """3, 4, 5, 6 in four colours is a run from 3."""
    assert judge(RUN, "R3 B4 Y5 G6", 4) == GroupShape(low=3)


@pytest.mark.rule("R6")
def test_a_run_of_all_twelve_numbers() -> None:
    """1 to 12 is a run, the longest there is."""
    assert judge(RUN, "R1 B2 Y3 G4 R5 B6 Y7 G8 R9 B10 Y11 G12", 12) == GroupShape(low=1)


@pytest.mark.rule("R6")
@pytest.mark.parametrize("text", ["R11 B12 Y1 G2", "R12 B1 Y2 G3", "W R12 B1 Y2"])
def test_a_run_does_not_wrap_round(text: str) -> None:
    """12 is never followed by 1."""
    assert not_met(RUN, text, 4).clause == "R6"


@pytest.mark.rule("R6")
@pytest.mark.parametrize("text", ["R3 B4 Y4 G5", "R3 R3 R4 R5", "R3 B4 G5 Y5"])
def test_a_run_has_no_repeated_number(text: str) -> None:
    """No number appears twice in a run."""
    assert not_met(RUN, text, 4).clause == "R6"


@pytest.mark.rule("R6")
@pytest.mark.parametrize(
    "text",
    [
        "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 W",
        "W R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12",
        "R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 W W",
    ],
)
def test_a_run_holds_at_most_twelve_cards(text: str) -> None:
    """A Wild can stand for neither 0 nor 13, so no run exceeds 12 cards."""
    assert not_met(RUN, text, 4).clause == "R6"


@pytest.mark.rule("R6", "R13")
@pytest.mark.parametrize("kind", [RUN, COLOR_RUN])
@pytest.mark.parametrize("count", [13, 14, 20])
def test_a_run_of_wilds_alone_holds_at_most_twelve_cards(
    kind: GroupKind, count: int
) -> None:
    """Even with no natural card needed, 13 or more Wilds are no run (1-12 only)."""
    with pytest.raises(PhaseNotMet) as caught:
        judge_group(kind, [WILD] * count, 4, need_natural=False)
    assert caught.value.clause == "R6"


@pytest.mark.rule("R6")
@pytest.mark.parametrize("text", ["R6 B5 Y4 G3", "R3 B5 Y4 G6", "R3 R4 R6 R7"])
def test_a_run_is_given_lowest_first_without_gaps(text: str) -> None:
    """Cards out of order, or with a missing number and no Wild, are not a run."""
    assert not_met(RUN, text, 4).clause == "R6"


@pytest.mark.rule("R6", "R14")
def test_a_run_too_short_names_its_cards() -> None:
    """Three cards are not a run of 4, and the message lists them."""
    error = not_met(RUN, "R3 B4 Y5", 4)
    assert error.clause == "R14"
    assert "R3 B4 Y5" in str(error)
    assert "4" in str(error)


# --- Colour groups and colour runs (R7, R8) ----------------------------------


@pytest.mark.rule("R7")
def test_seven_cards_of_one_colour_in_any_order() -> None:
    """Seven green cards of any numbers, repeats and any order, make Phase 8."""
    assert judge(COLOR, "G12 G1 G7 G7 G3 G9 G2", 7) == GroupShape(color=Color.GREEN)
    assert lay(["R1 R5 R5 R12 R2 R8 R8"], PHASE_8)[0][1] == GroupShape(color=Color.RED)


@pytest.mark.rule("R7")
def test_a_colour_group_refuses_another_colour() -> None:
    """A red card among greens is refused, and the message names it."""
    error = not_met(COLOR, "G1 G2 G3 R4 G5 G6 G7", 7)
    assert error.clause == "R7"
    assert "R4" in str(error)


@pytest.mark.rule("R8")
def test_a_colour_run_is_a_run_of_one_colour() -> None:
    """Blue 3, 4, 5, 6 is a blue colour run from 3."""
    assert judge(COLOR_RUN, "B3 B4 B5 B6", 4) == GroupShape(color=Color.BLUE, low=3)
    assert judge(COLOR_RUN, "W B4 W B6", 4) == GroupShape(color=Color.BLUE, low=3)


@pytest.mark.rule("R8")
def test_a_colour_run_needs_one_colour_and_a_run() -> None:
    """Mixed colours, or one colour with a gap, are not a colour run."""
    mixed = not_met(COLOR_RUN, "B3 B4 R5 B6", 4)
    assert mixed.clause == "R8"
    assert "R5" in str(mixed)
    assert not_met(COLOR_RUN, "B3 B4 B6 B7", 4).clause == "R6"


# --- Wilds (R10) -------------------------------------------------------------


@pytest.mark.rule("R10")
def test_wild_as_the_five_in_three_four_wild_six() -> None:
    """The sheet's example: 3, 4, Wild, 6 is a run of 4 with the Wild as 5."""
    assert judge(RUN, "R3 B4 W G6", 4) == GroupShape(low=3)
    result = lay(["Y9 R9 W", "R3 B4 W G6"], PHASE_2)
    assert result[1] == (GroupSpec(RUN, 4), GroupShape(low=3))


@pytest.mark.rule("R10")
def test_wild_as_a_green_card_for_phase_eight() -> None:
    """The sheet's example: six greens and a Wild make seven cards of one colour."""
    assert lay(["G1 G3 G4 G8 W G10 G11"], PHASE_8)[0][1] == GroupShape(
        color=Color.GREEN
    )


@pytest.mark.rule("R10")
@pytest.mark.parametrize(
    ("kind", "text", "shape"),
    [
        (SET, "W W R8 W", GroupShape(number=8)),
        (RUN, "W W R3 W W", GroupShape(low=1)),
        (RUN, "R8 W W W W", GroupShape(low=8)),
        (RUN, "W R2 W W W W W W W W W W", GroupShape(low=1)),
        (COLOR, "W Y2 W W", GroupShape(color=Color.YELLOW)),
        (COLOR_RUN, "W W Y5", GroupShape(color=Color.YELLOW, low=3)),
    ],
)
def test_a_group_may_hold_several_wilds(
    kind: GroupKind, text: str, shape: GroupShape
) -> None:
    """Wilds may fill any places of a group, as long as the natural cards fit."""
    assert judge(kind, text, 3) == shape


@pytest.mark.rule("R10", "R6")
@pytest.mark.parametrize("text", ["W W R2 B3", "W R1 B2 Y3", "R11 B12 W", "R10 W W W"])
def test_wilds_cannot_stand_below_one_or_above_twelve(text: str) -> None:
    """A Wild's place in a run implies its number, which must be 1 to 12."""
    assert not_met(RUN, text, 3).clause == "R6"


# --- Skips (R12) -------------------------------------------------------------


@pytest.mark.rule("R12")
@pytest.mark.parametrize(
    ("kind", "text"),
    [
        (SET, "R5 S B5 Y5"),
        (RUN, "R3 R4 S R6"),
        (RUN, "R3 R4 R5 R6 S"),
        (COLOR, "G1 G2 G3 G4 G5 G6 S"),
        (COLOR_RUN, "S G2 G3 G4"),
        (SET, "S S S"),
    ],
)
def test_a_skip_is_never_part_of_a_group(kind: GroupKind, text: str) -> None:
    """A Skip anywhere in a group makes it no group, even with Wilds allowed."""
    error = not_met(kind, text, 3, natural=False)
    assert error.clause == "R12"
    assert "Skip" in str(error)


@pytest.mark.rule("R12")
@pytest.mark.parametrize(
    ("kind", "shape", "text"),
    [
        (SET, GroupShape(number=5), "R5 B5 Y5"),
        (RUN, GroupShape(low=3), "R3 B4 Y5 G6"),
        (COLOR, GroupShape(color=Color.GREEN), "G1 G2 G3 G4 G5 G6 G7"),
        (COLOR_RUN, GroupShape(color=Color.GREEN, low=1), "G1 G2 G3 G4"),
    ],
)
def test_a_skip_is_never_hit_onto_a_group(
    kind: GroupKind, shape: GroupShape, text: str
) -> None:
    """Hitting a Skip onto any group raises CardDoesNotFit."""
    error = no_fit(kind, shape, text, "S")
    assert error.clause == "R12"


# --- Natural cards (R11) -----------------------------------------------------


@pytest.mark.rule("R11")
@pytest.mark.parametrize("kind", list(GroupKind))
def test_wilds_alone_are_a_group_only_when_naturals_allow(kind: GroupKind) -> None:
    """With need_natural, Wilds alone are refused; without it they are a group."""
    error = not_met(kind, "W W W W", 4)
    assert error.clause == "R11"
    judge(kind, "W W W W", 4, natural=False)


@pytest.mark.rule("R11")
def test_naturals_per_group() -> None:
    """By default every group of the phase needs a natural card."""
    error = refused(["W W W", "R7 B7 G7"], PHASE_1, PER_GROUP)
    assert error.clause == "R11"
    lay(["W W R5", "R7 W W"], PHASE_1, PER_GROUP)


@pytest.mark.rule("R11")
def test_naturals_per_phase() -> None:
    """PER_PHASE: one natural card somewhere in the phase is enough, none is not."""
    result = lay(["W W W", "R7 B7 G7"], PHASE_1, PER_PHASE)
    assert [shape for _, shape in result] == [GroupShape(), GroupShape(number=7)]
    assert refused(["W W W", "W W W"], PHASE_1, PER_PHASE).clause == "R11"


@pytest.mark.rule("R11")
def test_naturals_none() -> None:
    """NONE: a phase may be laid from Wilds alone."""
    result = lay(["W W W", "W W W W"], PHASE_2, NONE)
    assert result == (
        (GroupSpec(SET, 3), GroupShape()),
        (GroupSpec(RUN, 4), GroupShape()),
    )


# --- Wilds once laid (R13) ---------------------------------------------------


@pytest.mark.rule("R13")
def test_a_set_of_wilds_takes_the_first_natural_hit() -> None:
    """A set of Wilds becomes 9s when a 9 is hit on it; an 8 then does not fit."""
    shape = judge(SET, "W W W", 3, natural=False)
    assert shape.number is None
    cards, shape = hit(SET, shape, "W W W", "R9")
    assert shape == GroupShape(number=9)
    assert cards == c("W W W R9")
    error = no_fit(SET, shape, "W W W R9", "B8")
    assert "B8" in str(error)
    assert hit(SET, shape, "W W W R9", "G9")[1] == GroupShape(number=9)
    assert hit(SET, shape, "W W W R9", "W")[1] == GroupShape(number=9)


@pytest.mark.rule("R13")
def test_a_wild_hit_on_a_set_of_wilds_leaves_it_open() -> None:
    """A Wild hit onto a set of Wilds alone still leaves its number open."""
    cards, shape = hit(SET, GroupShape(), "W W", "W")
    assert cards == c("W W W")
    assert shape == GroupShape()
    assert hit(SET, shape, "W W W", "Y4")[1] == GroupShape(number=4)


@pytest.mark.rule("R13")
def test_a_colour_group_of_wilds_takes_the_first_natural_hit() -> None:
    """A colour group of Wilds becomes green when a green card is hit on it."""
    shape = judge(COLOR, "W W W W", 4, natural=False)
    assert shape.color is None
    _, shape = hit(COLOR, shape, "W W W W", "W")
    assert shape.color is None
    _, shape = hit(COLOR, shape, "W W W W W", "G3")
    assert shape == GroupShape(color=Color.GREEN)
    assert "R4" in str(no_fit(COLOR, shape, "W W W W W G3", "R4"))


@pytest.mark.rule("R13")
def test_a_run_of_wilds_floats_until_a_natural_card_is_hit() -> None:
    """Ruling 31: a run of three Wilds stands for no numbers yet; a 9 hit at
    the low end makes it 9-12, at the high end 6-9."""
    shape = judge(RUN, "W W W", 3, natural=False)
    assert shape == GroupShape()
    assert hit(RUN, shape, "W W W", "B9", End.LOW) == (
        c("B9 W W W"),
        GroupShape(low=9),
    )
    assert hit(RUN, shape, "W W W", "B9", End.HIGH) == (
        c("W W W B9"),
        GroupShape(low=6),
    )
    assert hit(RUN, shape, "W W W", "W", End.LOW) == (c("W W W W"), GroupShape())


@pytest.mark.rule("R13", "R8")
def test_a_colour_run_of_wilds_takes_its_colour_from_the_first_natural_hit() -> None:
    """Ruling 31: a floating colour run of Wilds takes blue and its numbers
    from a blue 4 hit on it; then only blue fits."""
    shape = judge(COLOR_RUN, "W W W", 3, natural=False)
    assert shape == GroupShape()
    cards, shape = hit(COLOR_RUN, shape, "W W W", "B4")
    assert cards == c("W W W B4")
    assert shape == GroupShape(color=Color.BLUE, low=1)
    assert no_fit(COLOR_RUN, shape, "W W W B4", "R5").clause == "R30"
    assert hit(COLOR_RUN, shape, "W W W B4", "B5")[1] == shape


@pytest.mark.rule("R30")
@pytest.mark.parametrize(
    ("run", "fits"),
    [
        ("R9 B10 Y11", "an 8 below or a 12 above"),
        ("B8 R9 B10 Y11 G12", "a 7 below"),
        ("R1 B2 Y3", "a 4 above"),
        ("R6 B7", "a 5 below or an 8 above"),
        ("R9 B10", "an 8 below or an 11 above"),
    ],
)
def test_a_card_that_misses_a_run_is_told_what_fits(run: str, fits: str) -> None:
    """The refusal names the numbers that fit, with "an 8" and "an 11" said right."""
    low = c(run)[0].number
    error = no_fit(RUN, GroupShape(low=low), run, "G3" if low != 1 else "G9")
    assert f"it takes only {fits} (or a Wild)" in str(error)


@pytest.mark.rule("R13", "R32")
def test_a_laid_wild_keeps_the_number_it_stands_for() -> None:
    """A Wild hit above 3-6 is the 7: a natural 7 then no longer fits, an 8 does."""
    cards, shape = hit(RUN, GroupShape(low=3), "R3 B4 Y5 G6", "W")
    assert cards == c("R3 B4 Y5 G6 W")
    assert shape == GroupShape(low=3)
    no_fit(RUN, shape, "R3 B4 Y5 G6 W", "R7")
    assert hit(RUN, shape, "R3 B4 Y5 G6 W", "R8")[1] == GroupShape(low=3)


# --- Exactly the phase's groups (R14) ----------------------------------------


@pytest.mark.rule("R14")
def test_five_fives_are_a_set_of_three() -> None:
    """Extra cards that fit a group may be laid with it: five 5s for a set of 3."""
    result = lay(["R5 B5 Y5 G5 R5", "R7 B7 G7"], PHASE_1)
    assert result[0] == (GroupSpec(SET, 3), GroupShape(number=5))


@pytest.mark.rule("R14")
def test_three_tens_cannot_be_a_third_group() -> None:
    """Phase 1 is exactly two sets: a third set of 10s is refused."""
    error = refused(["R5 B5 Y5", "R7 B7 G7", "R10 B10 Y10"], PHASE_1)
    assert error.clause == "R14"
    message = str(error).replace(str(PHASE_1), "")
    assert "2 groups" in message
    assert "3" in message


@pytest.mark.rule("R14")
def test_one_group_is_not_two() -> None:
    """Phase 1 laid as one big set is refused: it needs two groups."""
    assert refused(["R5 B5 Y5 G5 R5 B5"], PHASE_1).clause == "R14"
    assert refused([], PHASE_1).clause == "R14"


@pytest.mark.rule("R14", "R6")
def test_a_run_of_nine_for_a_run_of_seven() -> None:
    """A run of nine meets "1 run of 7" (the extra cards fit the run)."""
    result = lay(["R2 B3 Y4 G5 R6 B7 Y8 G9 R10"], PHASE_4)
    assert result == ((GroupSpec(RUN, 7), GroupShape(low=2)),)


@pytest.mark.rule("R14", "R4")
def test_groups_may_be_given_in_any_order() -> None:
    """The run may come before the set; the result pairs each with its requirement."""
    result = lay(["R3 B4 Y5 G6", "R9 B9 Y9"], PHASE_2)
    assert result == (
        (GroupSpec(RUN, 4), GroupShape(low=3)),
        (GroupSpec(SET, 3), GroupShape(number=9)),
    )


@pytest.mark.rule("R14")
def test_each_group_meets_a_different_requirement() -> None:
    """Two sets do not make "1 set of 3 + 1 run of 4", though each is a set of 3."""
    error = refused(["R5 B5 Y5 G5", "R7 B7 G7"], PHASE_2)
    assert error.clause == "R14"


@pytest.mark.rule("R14")
def test_a_refused_group_is_named() -> None:
    """When one group fits no requirement, the message names it and says why."""
    error = refused(["R5 B5 Y5", "R7 B8 G7"], PHASE_1)
    assert "R7 B8 G7" in str(error)
    assert error.clause == "R5"


@pytest.mark.rule("R14", "R8")
def test_a_custom_phase_with_every_kind() -> None:
    """A custom phase of each classic kind (a set, a run, a colour group and a
    colour run) is judged."""
    phase = PhaseSpec.parse(
        "1 set of 2 + 1 run of 3 + 3 cards of one color + 1 color run of 3"
    )
    result = lay(["Y6 Y7 Y8", "R1 R1", "G2 G9 W", "B10 B11 B12"], phase)
    kinds = [requirement.kind for requirement, _ in result]
    assert sorted(kinds, key=str) == sorted(CLASSIC_KINDS, key=str)
    assert kinds[1:3] == [SET, COLOR]
    assert result[1][1] == GroupShape(number=1)
    assert result[2][1] == GroupShape(color=Color.GREEN)


# --- Hitting (R30) -----------------------------------------------------------


@pytest.mark.rule("R30")
def test_hitting_two_seven_and_eight_onto_three_to_six() -> None:
    """The sheet's example: a 2, a 7 and an 8 all fit the run 3-4-5-6."""
    run = c("R3 B4 Y5 G6")
    cards, shape = extend_group(RUN, GroupShape(low=3), run, Card.parse("B2"))
    assert (cards, shape) == (c("B2 R3 B4 Y5 G6"), GroupShape(low=2))
    cards, shape = extend_group(RUN, shape, cards, Card.parse("R7"))
    assert (cards, shape) == (c("B2 R3 B4 Y5 G6 R7"), GroupShape(low=2))
    cards, shape = extend_group(RUN, shape, cards, Card.parse("G8"))
    assert (cards, shape) == (c("B2 R3 B4 Y5 G6 R7 G8"), GroupShape(low=2))
    assert judge_group(RUN, cards, 4, need_natural=True) == shape


@pytest.mark.rule("R30")
@pytest.mark.parametrize("card", ["R5", "B4", "Y3", "G9", "R1", "R12"])
def test_a_run_takes_cards_only_at_its_ends(card: str) -> None:
    """3-6 refuses a card in the middle or far off, naming it and what would fit."""
    error = no_fit(RUN, GroupShape(low=3), "R3 B4 Y5 G6", card)
    assert error.clause == "R30"
    assert card in str(error)
    assert "2" in str(error)
    assert "7" in str(error)


@pytest.mark.rule("R30")
def test_hitting_fours_onto_a_set_of_fours() -> None:
    """The sheet's example: any 4 fits a set of 4s; a 5 does not."""
    cards, shape = hit(SET, GroupShape(number=4), "R4 B4 Y4", "G4")
    assert (cards, shape) == (c("R4 B4 Y4 G4"), GroupShape(number=4))
    assert hit(SET, shape, "R4 B4 Y4 G4", "W")[1] == GroupShape(number=4)
    error = no_fit(SET, shape, "R4 B4 Y4 G4", "R5")
    assert error.clause == "R30"
    assert "R5" in str(error)
    assert "4" in str(error)


@pytest.mark.rule("R30")
def test_hitting_green_cards_and_a_wild_onto_a_green_group() -> None:
    """The sheet's example: green cards and a Wild fit seven greens; a red does not."""
    greens = "G1 G2 G3 G4 G5 G6 G7"
    shape = GroupShape(color=Color.GREEN)
    assert hit(COLOR, shape, greens, "G12") == (c(greens + " G12"), shape)
    assert hit(COLOR, shape, greens, "G1")[1] == shape
    assert hit(COLOR, shape, greens, "W") == (c(greens + " W"), shape)
    error = no_fit(COLOR, shape, greens, "R12")
    assert error.clause == "R30"
    assert "R12" in str(error)


@pytest.mark.rule("R30", "R8")
def test_hitting_a_colour_run_needs_its_colour_and_an_end() -> None:
    """On a red colour run 3-6, a red 7 fits; a blue 7 and a red 5 do not."""
    shape = GroupShape(color=Color.RED, low=3)
    assert hit(COLOR_RUN, shape, "R3 R4 R5 R6", "R7")[1] == shape
    assert hit(COLOR_RUN, shape, "R3 R4 R5 R6", "R2")[1] == GroupShape(
        color=Color.RED, low=2
    )
    assert "B7" in str(no_fit(COLOR_RUN, shape, "R3 R4 R5 R6", "B7"))
    assert "R5" in str(no_fit(COLOR_RUN, shape, "R3 R4 R5 R6", "R5"))


@pytest.mark.rule("R30")
def test_hitting_does_not_change_the_given_cards() -> None:
    """extend_group returns new cards and leaves its arguments as they were."""
    cards = c("R3 B4 Y5 G6")
    shape = GroupShape(low=3)
    extend_group(RUN, shape, cards, Card.parse("R7"))
    assert cards == c("R3 B4 Y5 G6")
    assert shape == GroupShape(low=3)


# --- A Wild hit onto a run (R32) ---------------------------------------------


@pytest.mark.rule("R32")
def test_a_wild_extends_the_high_end_by_default() -> None:
    """Without an end, a Wild on 3-6 goes above, as the 7."""
    assert hit(RUN, GroupShape(low=3), "R3 B4 Y5 G6", "W") == (
        c("R3 B4 Y5 G6 W"),
        GroupShape(low=3),
    )


@pytest.mark.rule("R32")
def test_a_wild_extends_the_low_end_of_a_run_reaching_twelve() -> None:
    """Without an end, a Wild on 9-12 goes below, as the 8."""
    assert hit(RUN, GroupShape(low=9), "R9 B10 Y11 G12", "W") == (
        c("W R9 B10 Y11 G12"),
        GroupShape(low=8),
    )


@pytest.mark.rule("R32")
def test_the_player_chooses_the_wild_end() -> None:
    """With end=End.LOW or End.HIGH the Wild goes where the player says."""
    low = hit(RUN, GroupShape(low=3), "R3 B4 Y5 G6", "W", End.LOW)
    assert low == (c("W R3 B4 Y5 G6"), GroupShape(low=2))
    high = hit(RUN, GroupShape(low=3), "R3 B4 Y5 G6", "W", End.HIGH)
    assert high == (c("R3 B4 Y5 G6 W"), GroupShape(low=3))


@pytest.mark.rule("R32")
def test_a_wild_cannot_go_past_one_or_twelve() -> None:
    """A Wild at the high end of a run reaching 12, or the low end at 1, is refused."""
    assert (
        no_fit(RUN, GroupShape(low=9), "R9 B10 Y11 G12", "W", End.HIGH).clause == "R32"
    )
    assert no_fit(RUN, GroupShape(low=1), "R1 B2 Y3 G4", "W", End.LOW).clause == "R32"


@pytest.mark.rule("R32", "R6")
@pytest.mark.parametrize("card", ["W", "R1", "R12", "B6"])
@pytest.mark.parametrize("end", [None, End.LOW, End.HIGH])
def test_a_run_from_one_to_twelve_takes_nothing(card: str, end: End | None) -> None:
    """Neither a Wild nor any natural card fits a run of all twelve numbers."""
    full = "R1 B2 Y3 G4 R5 B6 Y7 G8 R9 B10 Y11 G12"
    no_fit(RUN, GroupShape(low=1), full, card, end)


@pytest.mark.rule("R32")
@pytest.mark.parametrize("kind", [SET, COLOR])
@pytest.mark.parametrize("end", [End.LOW, End.HIGH])
def test_an_end_for_a_group_without_ends_is_refused(kind: GroupKind, end: End) -> None:
    """Only runs have ends: giving one for a set or colour group raises."""
    shape = GroupShape(number=5) if kind is SET else GroupShape(color=Color.RED)
    error = no_fit(kind, shape, "R5 R5 R5", "W", end)
    assert error.clause == "R32"
    no_fit(kind, shape, "R5 R5 R5", "R5", end)


@pytest.mark.rule("R32", "R30")
def test_a_natural_card_at_the_wrong_end_is_refused() -> None:
    """With end= naming the other end, a natural card that fits raises, naming it."""
    error = no_fit(RUN, GroupShape(low=3), "R3 B4 Y5 G6", "R7", End.LOW)
    assert "R7" in str(error)
    assert "high" in str(error)
    assert "B2" in str(no_fit(RUN, GroupShape(low=3), "R3 B4 Y5 G6", "B2", End.HIGH))
    assert hit(RUN, GroupShape(low=3), "R3 B4 Y5 G6", "R7", End.HIGH)[1] == GroupShape(
        low=3
    )
    assert hit(RUN, GroupShape(low=3), "R3 B4 Y5 G6", "B2", End.LOW)[1] == GroupShape(
        low=2
    )


# --- Properties --------------------------------------------------------------


@st.composite
def laid_runs(
    draw: st.DrawFn, kind: GroupKind = RUN
) -> tuple[tuple[Card, ...], int, Color | None]:
    """A valid run with at least one natural card: its cards, its low and its colour."""
    low = draw(st.integers(1, MAX_RUN))
    length = draw(st.integers(1, MAX_RUN - low + 1))
    wild = draw(st.lists(st.booleans(), min_size=length, max_size=length))
    assume(not all(wild))
    one_color = draw(colors())
    run = []
    for place in range(length):
        if wild[place]:
            run.append(WILD)
        else:
            color = one_color if kind is COLOR_RUN else draw(colors())
            run.append(Card(low + place, color))
    return tuple(run), low, one_color if kind is COLOR_RUN else None


@pytest.mark.rule("R6", "R10")
@given(laid_runs())
def test_judge_finds_the_low_of_any_run(
    laid: tuple[tuple[Card, ...], int, Color | None],
) -> None:
    """For a random run with random colours and Wilds, judge_group gives its low."""
    run, low, _ = laid
    shape = judge_group(RUN, run, len(run), need_natural=True)
    assert shape == GroupShape(low=low)


@pytest.mark.rule("R8", "R10")
@given(laid_runs(COLOR_RUN))
def test_judge_finds_the_low_and_colour_of_any_colour_run(
    laid: tuple[tuple[Card, ...], int, Color | None],
) -> None:
    """For a random one-colour run with Wilds, judge_group gives its low and colour."""
    run, low, color = laid
    assert judge_group(COLOR_RUN, run, 1, need_natural=True) == GroupShape(
        color=color, low=low
    )


@pytest.mark.rule("R30", "R32")
@given(laid_runs(), cards(), st.sampled_from([None, End.LOW, End.HIGH]))
def test_a_hit_on_a_run_fits_exactly_at_an_end(
    laid: tuple[tuple[Card, ...], int, Color | None], card: Card, end: End | None
) -> None:
    """A card fits a run iff it is next below or above it; the result is still a run."""
    run, low, _ = laid
    high = low + len(run) - 1
    shape = GroupShape(low=low)
    if card.is_skip:
        fits = False
    elif card.is_wild:
        fits = (end is not End.LOW and high < MAX_RUN) or (
            end is not End.HIGH and low > 1
        )
    else:
        at_low, at_high = card.number == low - 1, card.number == high + 1
        fits = (at_low and end is not End.HIGH) or (at_high and end is not End.LOW)
    if not fits:
        with pytest.raises(CardDoesNotFit):
            extend_group(RUN, shape, run, card, end)
        return
    cards_after, shape_after = extend_group(RUN, shape, run, card, end)
    assert sorted(cards_after) == sorted((*run, card))
    assert (
        judge_group(RUN, cards_after, len(cards_after), need_natural=True)
        == shape_after
    )
    assert shape_after.low in (low - 1, low)


@pytest.mark.rule("R5", "R30")
@given(st.integers(1, 12), st.lists(colors(), min_size=1, max_size=8), cards())
def test_a_hit_on_a_set_fits_iff_same_number_or_wild(
    number: int, set_colors: list[Color], card: Card
) -> None:
    """A card fits a set iff it is a Wild or has the set's number."""
    group = tuple(Card(number, color) for color in set_colors)
    shape = judge_group(SET, group, 1, need_natural=True)
    if card.is_wild or card.number == number:
        assert extend_group(SET, shape, group, card) == ((*group, card), shape)
    else:
        with pytest.raises(CardDoesNotFit):
            extend_group(SET, shape, group, card)


# --- house rules: runs that wrap from 12 to 1 (R42), even and odd groups (R43) --

EVEN, ODD = GroupKind.EVEN, GroupKind.ODD


@pytest.mark.rule("R42")
def test_a_run_may_wrap_from_12_to_1_under_the_house_rule() -> None:
    """With wrap, 11 12 1 2 is a run starting at 11, Wilds standing for the
    numbers round the corner; without it, it is refused as before."""
    assert judge_group(RUN, c("R11 B12 G1 Y2"), 4, need_natural=True, wrap=True) == (
        GroupShape(low=11)
    )
    assert judge_group(RUN, c("W W G1 Y2"), 4, need_natural=True, wrap=True) == (
        GroupShape(low=11)
    )
    assert judge_group(
        COLOR_RUN, c("R12 W R2"), 3, need_natural=True, wrap=True
    ) == GroupShape(color=Color.RED, low=12)
    assert not_met(RUN, "R11 B12 G1 Y2").clause == "R6"
    # Still in order, and still no number twice.
    for text in (
        "R1 R2 R11 R12",
        "R12 R1 R12",
        "R1 B2 G3 Y4 R5 B6 G7 Y8 R9 B10 G11 Y12 W",
    ):
        with pytest.raises(PhaseNotMet):
            judge_group(RUN, c(text), 1, need_natural=True, wrap=True)


@pytest.mark.rule("R42", "R32")
def test_hits_go_round_the_corner_under_the_house_rule() -> None:
    """On a wrapping run, 1 fits above 12 and 12 below 1; a Wild fits at
    either end until the run holds all twelve numbers."""
    run = c("R10 B11 G12")
    cards, shape = extend_group(
        RUN, GroupShape(low=10), run, Card.parse("Y1"), wrap=True
    )
    assert (format_cards(cards), shape) == ("R10 B11 G12 Y1", GroupShape(low=10))
    with pytest.raises(CardDoesNotFit):
        extend_group(RUN, GroupShape(low=10), run, Card.parse("Y1"))
    low = c("R1 B2")
    cards, shape = extend_group(
        RUN, GroupShape(low=1), low, Card.parse("G12"), wrap=True
    )
    assert (format_cards(cards), shape) == ("G12 R1 B2", GroupShape(low=12))
    cards, shape = extend_group(RUN, GroupShape(low=1), low, WILD, End.LOW, wrap=True)
    assert shape == GroupShape(low=12)
    eleven = c("R1 B2 G3 Y4 R5 B6 G7 Y8 R9 B10 G11")
    for end, expected in ((End.LOW, 12), (End.HIGH, 1), (None, 1)):
        _, shape = extend_group(
            RUN, GroupShape(low=1), eleven, Card.parse("B12"), end, wrap=True
        )
        assert shape == GroupShape(low=expected)
    full = (*eleven, Card.parse("Y12"))
    for card in ("W", "R1"):
        with pytest.raises(CardDoesNotFit) as caught:
            extend_group(RUN, GroupShape(low=1), full, Card.parse(card), wrap=True)
        assert caught.value.clause == "R42"
    # A floating run of Wilds takes any natural card at either end.
    _, shape = extend_group(
        RUN, GroupShape(), c("W W"), Card.parse("R1"), End.HIGH, wrap=True
    )
    assert shape == GroupShape(low=11)
    _, shape = extend_group(
        RUN, GroupShape(), c("W W"), Card.parse("R12"), End.LOW, wrap=True
    )
    assert shape == GroupShape(low=12)


def _turned(card: Card, turn: int) -> Card:
    """``card`` with its number moved ``turn`` places round from 12 to 1."""
    if card.number is None or card.color is None:
        return card
    return Card((card.number + turn - 1) % 12 + 1, card.color)


@pytest.mark.rule("R42")
@given(
    laid_runs(), cards(), st.sampled_from([None, End.LOW, End.HIGH]), st.integers(0, 11)
)
def test_a_hit_on_a_wrapping_run_fits_exactly_at_an_end(
    laid: tuple[tuple[Card, ...], int, Color | None],
    card: Card,
    end: End | None,
    turn: int,
) -> None:
    """A random run turned round the twelve numbers by ``turn``: a card fits
    iff it is next below or above it counting round from 12 to 1, and the
    result is judged a wrapping run of the shape the hit gives."""
    run, low, _ = laid
    run = tuple(_turned(card, turn) for card in run)
    low = (low + turn - 1) % 12 + 1
    size = len(run)
    assert judge_group(RUN, run, size, need_natural=True, wrap=True) == GroupShape(
        low=low
    )
    below, above = (low - 2) % 12 + 1, (low + size - 1) % 12 + 1
    if card.is_skip or size == 12:
        fits = False
    elif card.is_wild:
        fits = True
    else:
        at_low, at_high = card.number == below, card.number == above
        fits = (at_low and end is not End.HIGH) or (at_high and end is not End.LOW)
    if not fits:
        with pytest.raises(CardDoesNotFit):
            extend_group(RUN, GroupShape(low=low), run, card, end, wrap=True)
        return
    cards_after, shape_after = extend_group(
        RUN, GroupShape(low=low), run, card, end, wrap=True
    )
    assert sorted(cards_after) == sorted((*run, card))
    assert shape_after.low in (below, low)
    assert (
        judge_group(RUN, cards_after, size + 1, need_natural=True, wrap=True)
        == shape_after
    )


@pytest.mark.rule("R43")
def test_even_and_odd_groups_are_judged_by_their_numbers() -> None:
    """An even group holds even numbers of any colours, an odd group odd
    ones; Wilds fill in, and need a natural card beside them by default."""
    assert judge(EVEN, "R2 B12 G4 W", 4) == GroupShape()
    assert judge(ODD, "R1 B11 G7 Y7", 4) == GroupShape()
    assert not_met(EVEN, "R2 B3").clause == "R43"
    assert not_met(ODD, "R2 B3").clause == "R43"
    assert not_met(EVEN, "W W").clause == "R11"
    assert judge(EVEN, "W W", natural=False) == GroupShape()
    assert not_met(ODD, "R1 S").clause == "R12"
    assert hit(EVEN, GroupShape(), "R2 B4", "G10") == (c("R2 B4 G10"), GroupShape())
    assert hit(ODD, GroupShape(), "R1 B3", "W") == (c("R1 B3 W"), GroupShape())
    assert no_fit(ODD, GroupShape(), "R1 B3", "G10").clause == "R43"
    assert no_fit(EVEN, GroupShape(), "R2", "W", End.LOW).clause == "R32"
    both = PhaseSpec.parse("2 even cards + 2 odd cards")
    met = lay(["R3 W", "B2 G8"], both)
    assert [requirement.kind for requirement, _ in met] == [ODD, EVEN]


# --- house rule: runs of odd or of even numbers (R51) ------------------------

ODD_RUN, EVEN_RUN = GroupKind.ODD_RUN, GroupKind.EVEN_RUN


@pytest.mark.rule("R51", "R10")
def test_runs_of_odd_or_even_numbers_are_judged_two_apart() -> None:
    """An odd run is 1 3 5 7, an even run 2 4 6 8, any colours, lowest
    first, each Wild standing for the number two above the card before it."""
    assert judge(ODD_RUN, "R1 B3 G5 Y7", 4) == GroupShape(low=1)
    assert judge(ODD_RUN, "R5 W G9", 3) == GroupShape(low=5)
    assert judge(ODD_RUN, "W W R5", 3) == GroupShape(low=1)
    assert judge(EVEN_RUN, "R2 B4 W Y8", 4) == GroupShape(low=2)
    assert judge(EVEN_RUN, "W B12") == GroupShape(low=10)
    assert judge(EVEN_RUN, "R2 B4 G6 Y8 R10 B12", 6) == GroupShape(low=2)
    assert not_met(ODD_RUN, "R1 B2 G3").clause == "R51"  # 2 is not odd
    assert not_met(EVEN_RUN, "R3 B5").clause == "R51"
    assert not_met(ODD_RUN, "R1 B5").clause == "R6"  # 3 is missing
    assert not_met(ODD_RUN, "R3 B1").clause == "R6"  # lowest first
    assert not_met(ODD_RUN, "W R1").clause == "R6"  # nothing odd below 1
    assert not_met(EVEN_RUN, "B12 W").clause == "R6"  # nothing even above 12
    assert not_met(EVEN_RUN, "R2 W W W W W W").clause == "R51"  # 7 places
    assert not_met(ODD_RUN, "W W", natural=True).clause == "R11"
    assert judge(ODD_RUN, "W W", natural=False) == GroupShape()
    assert not_met(ODD_RUN, "R1 S").clause == "R12"
    assert not_met(ODD_RUN, "R1 B3 G5", 4).clause == "R14"


@pytest.mark.rule("R51", "R30", "R32")
def test_hits_on_runs_of_odd_or_even_numbers() -> None:
    """A run of odd or even numbers takes the number two below or two above
    it (or a Wild at either end), and nothing past 1 or 11 (odd), 2 or 12
    (even); a number of the wrong parity never fits."""
    odd = GroupShape(low=3)
    assert hit(ODD_RUN, odd, "R3 B5 G7", "Y9") == (c("R3 B5 G7 Y9"), odd)
    assert hit(ODD_RUN, odd, "R3 B5 G7", "Y1") == (c("Y1 R3 B5 G7"), GroupShape(low=1))
    assert hit(ODD_RUN, odd, "R3 B5 G7", "W", End.LOW)[1] == GroupShape(low=1)
    assert hit(ODD_RUN, odd, "R3 B5 G7", "W")[0] == c("R3 B5 G7 W")
    assert no_fit(ODD_RUN, odd, "R3 B5 G7", "Y8").clause == "R51"
    assert no_fit(ODD_RUN, odd, "R3 B5 G7", "Y11").clause == "R30"
    assert no_fit(ODD_RUN, odd, "R3 B5 G7", "Y9", End.LOW).clause == "R30"
    top = GroupShape(low=7)
    assert no_fit(ODD_RUN, top, "R7 B9 G11", "W", End.HIGH).clause == "R32"
    assert hit(ODD_RUN, top, "R7 B9 G11", "W") == (c("W R7 B9 G11"), GroupShape(low=5))
    bottom = GroupShape(low=2)
    assert no_fit(EVEN_RUN, bottom, "R2 B4", "W", End.LOW).clause == "R32"
    assert no_fit(EVEN_RUN, bottom, "R2 B4", "G1").clause == "R51"
    assert hit(EVEN_RUN, bottom, "R2 B4", "G6") == (c("R2 B4 G6"), bottom)
    full = GroupShape(low=2)
    error = no_fit(EVEN_RUN, full, "R2 B4 G6 Y8 R10 B12", "W")
    assert error.clause == "R32"


@pytest.mark.rule("R51", "R13")
def test_a_floating_run_of_odd_or_even_wilds() -> None:
    """A run of odd or even Wilds alone floats: the first natural card of its
    parity fixes it at the end named, if the Wilds stay within 1-12."""
    wilds = c("W W")
    assert hit(ODD_RUN, GroupShape(), "W W", "R5", End.LOW) == (
        c("R5 W W"),
        GroupShape(low=5),
    )
    assert hit(ODD_RUN, GroupShape(), "W W", "R5", End.HIGH)[1] == GroupShape(low=1)
    assert hit(ODD_RUN, GroupShape(), "W W", "R5")[1] == GroupShape(low=1)
    assert hit(EVEN_RUN, GroupShape(), "W W", "R4")[1] == GroupShape(low=4)
    assert no_fit(EVEN_RUN, GroupShape(), "W W", "R4", End.HIGH).clause == "R13"
    assert no_fit(ODD_RUN, GroupShape(), "W W", "R4").clause == "R51"
    assert hit(ODD_RUN, GroupShape(), "W W", "W") == ((*wilds, WILD), GroupShape())
    six = "W W W W W W"
    assert no_fit(ODD_RUN, GroupShape(), six, "R5").clause == "R13"


@pytest.mark.rule("R51", "R42")
def test_runs_of_odd_or_even_numbers_wrap_under_the_house_rule() -> None:
    """With runs wrapping, 11 is followed by 1 in an odd run and 12 by 2 in
    an even run; without it they are refused. A wrapping run of odd or even
    numbers holds each of its six numbers once."""

    def wrapped(kind: GroupKind, text: str, size: int = 1) -> GroupShape:
        return judge_group(kind, c(text), size, need_natural=True, wrap=True)

    assert wrapped(ODD_RUN, "R9 B11 G1 Y3") == GroupShape(low=9)
    assert wrapped(EVEN_RUN, "R12 W Y4") == GroupShape(low=12)
    assert wrapped(EVEN_RUN, "W R2") == GroupShape(low=12)
    assert not_met(ODD_RUN, "R9 B11 G1 Y3").clause == "R6"
    with pytest.raises(PhaseNotMet):
        wrapped(ODD_RUN, "R1 B3 G5 Y7 R9 B11 W")
    run = c("R9 B11")
    cards, shape = extend_group(ODD_RUN, GroupShape(low=9), run, c("G1")[0], wrap=True)
    assert (format_cards(cards), shape) == ("R9 B11 G1", GroupShape(low=9))
    cards, shape = extend_group(ODD_RUN, GroupShape(low=9), run, c("G7")[0], wrap=True)
    assert (format_cards(cards), shape) == ("G7 R9 B11", GroupShape(low=7))
    with pytest.raises(CardDoesNotFit):
        extend_group(ODD_RUN, GroupShape(low=9), run, c("G1")[0])
    _, shape = extend_group(
        EVEN_RUN, GroupShape(low=2), c("R2 B4"), WILD, End.LOW, wrap=True
    )
    assert shape == GroupShape(low=12)
    five = c("R1 B3 G5 Y7 R9")
    for end, expected in ((End.LOW, 11), (End.HIGH, 1), (None, 1)):
        _, shape = extend_group(
            ODD_RUN, GroupShape(low=1), five, c("B11")[0], end, wrap=True
        )
        assert shape == GroupShape(low=expected)
    with pytest.raises(CardDoesNotFit) as caught:
        extend_group(ODD_RUN, GroupShape(low=1), (*five, WILD), WILD, wrap=True)
    assert caught.value.clause == "R42"
    _, shape = extend_group(
        EVEN_RUN, GroupShape(), c("W W"), c("R2")[0], End.HIGH, wrap=True
    )
    assert shape == GroupShape(low=10)


@st.composite
def laid_parity_runs(
    draw: st.DrawFn,
) -> tuple[GroupKind, tuple[Card, ...], int]:
    """A run of odd or even numbers with at least one natural card, maybe
    going on from 11 or 12 round to 1 or 2: its kind, cards and low."""
    kind = draw(st.sampled_from([ODD_RUN, EVEN_RUN]))
    first = 1 if kind is ODD_RUN else 2
    start = draw(st.integers(0, 5))
    length = draw(st.integers(1, 6))
    wild = draw(st.lists(st.booleans(), min_size=length, max_size=length))
    assume(not all(wild))
    run = [
        WILD if wild[place] else Card(first + (start + place) % 6 * 2, draw(colors()))
        for place in range(length)
    ]
    return kind, tuple(run), first + 2 * start


@pytest.mark.rule("R51", "R42", "R30", "R32")
@given(laid_parity_runs(), cards(), st.sampled_from([None, End.LOW, End.HIGH]))
def test_a_hit_on_a_run_of_odd_or_even_numbers_fits_exactly_at_an_end(
    laid: tuple[GroupKind, tuple[Card, ...], int], card: Card, end: End | None
) -> None:
    """A card fits a run of odd or even numbers iff it is of the run's parity
    and two below or above it, counting round from 12 to 1 when runs wrap;
    the result is judged the run the hit says."""
    kind, run, low = laid
    size = len(run)
    high = low + 2 * (size - 1)
    for wrap in (False, True):
        if not wrap and high > 12:
            with pytest.raises(PhaseNotMet):
                judge_group(kind, run, size, need_natural=True)
            continue
        shape = GroupShape(low=low)
        assert judge_group(kind, run, size, need_natural=True, wrap=wrap) == shape
        below, above = low - 2, high + 2
        if wrap:
            below, above = (below - 1) % 12 + 1, (above - 1) % 12 + 1
        if card.is_skip or (size == 6 and wrap):
            fits = False
        elif card.is_wild:
            fits = (
                wrap
                or (end is not End.LOW and above <= 12)
                or (end is not End.HIGH and below >= 1)
            )
        else:
            at_low, at_high = card.number == below, card.number == above
            fits = (at_low and end is not End.HIGH) or (at_high and end is not End.LOW)
        if not fits:
            with pytest.raises(CardDoesNotFit):
                extend_group(kind, shape, run, card, end, wrap=wrap)
            continue
        after, shape_after = extend_group(kind, shape, run, card, end, wrap=wrap)
        assert sorted(after) == sorted((*run, card))
        assert shape_after.low in (below, low)
        assert judge_group(kind, after, size + 1, need_natural=True, wrap=wrap) == (
            shape_after
        )
