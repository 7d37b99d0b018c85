"""Phase requirements and their text language (R4-R9)."""

from __future__ import annotations

import pytest
from hypothesis import given
from strategies import group_specs, phase_specs

from phase10 import (
    MAX_GROUPS,
    MAX_PHASE_CARDS,
    STANDARD_PHASES,
    GroupKind,
    GroupSpec,
    NotationError,
    Phase10Error,
    PhaseSpec,
    Rules,
    RulesError,
    UsageError,
    from_dict,
    to_dict,
)
from phase10._phases import KIND_FACTS, KindFacts, check_kind_facts

SET = GroupKind.SET
RUN = GroupKind.RUN
COLOR = GroupKind.COLOR
COLOR_RUN = GroupKind.COLOR_RUN


def spec(*groups: tuple[GroupKind, int]) -> PhaseSpec:
    """A phase built from (kind, size) pairs."""
    return PhaseSpec(tuple(GroupSpec(kind, size) for kind, size in groups))


OFFICIAL = [
    spec((SET, 3), (SET, 3)),
    spec((SET, 3), (RUN, 4)),
    spec((SET, 4), (RUN, 4)),
    spec((RUN, 7)),
    spec((RUN, 8)),
    spec((RUN, 9)),
    spec((SET, 4), (SET, 4)),
    spec((COLOR, 7)),
    spec((SET, 5), (SET, 2)),
    spec((SET, 5), (SET, 3)),
]

# The phase lists exactly as printed on the rule sheets: two Mattel printings
# and a third-party summary ("+", "1 color"), a printing with British spelling
# ("1 colour"), and the misprinted edition ("&", phases 3 and 4 repeated).
SHEET_LISTS = {
    "mattel-plus": [
        "2 sets of 3",
        "1 set of 3 + 1 run of 4",
        "1 set of 4 + 1 run of 4",
        "1 run of 7",
        "1 run of 8",
        "1 run of 9",
        "2 sets of 4",
        "7 cards of 1 color",
        "1 set of 5 + 1 set of 2",
        "1 set of 5 + 1 set of 3",
    ],
    "mattel-colour": [
        "2 sets of 3",
        "1 set of 3 + 1 run of 4",
        "1 set of 4 + 1 run of 4",
        "1 run of 7",
        "1 run of 8",
        "1 run of 9",
        "2 sets of 4",
        "7 cards of 1 colour",
        "1 set of 5 + 1 set of 2",
        "1 set of 5 + 1 set of 3",
    ],
}

MISPRINTED = [
    "2 sets of 3",
    "1 set of 3 & 1 run of 4",
    "1 set of 4 & 1 run of 4",
    "1 set of 4 & 1 run of 4",
    "1 run of 7",
    "1 run of 8",
    "1 run of 9",
    "7 cards of 1 color",
    "1 set of 5 & 1 set of 2",
    "1 set of 5 & 1 set of 3",
]
MISPRINTED_SPECS = [
    OFFICIAL[0],
    OFFICIAL[1],
    OFFICIAL[2],
    OFFICIAL[2],
    OFFICIAL[3],
    OFFICIAL[4],
    OFFICIAL[5],
    OFFICIAL[7],
    OFFICIAL[8],
    OFFICIAL[9],
]


@pytest.mark.rule("R9")
@pytest.mark.parametrize("sheet", sorted(SHEET_LISTS))
def test_parser_reads_the_printed_phase_lists(sheet: str) -> None:
    """Each printed list of the ten phases parses to the official phases."""
    assert [PhaseSpec.parse(text) for text in SHEET_LISTS[sheet]] == OFFICIAL


@pytest.mark.rule("R9")
def test_parser_reads_the_misprinted_list() -> None:
    """The misprinted list parses, phases 3 and 4 alike, with no "2 sets of 4"."""
    assert [PhaseSpec.parse(text) for text in MISPRINTED] == MISPRINTED_SPECS


@pytest.mark.rule("R4", "R5", "R6", "R7")
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Phrasings in the sheets' prose.
        ("two sets of three", spec((SET, 3), (SET, 3))),
        ("a run of four", spec((RUN, 4))),
        ("seven cards of one color", spec((COLOR, 7))),
        ("seven cards of one colour", spec((COLOR, 7))),
        ("1 run of 6", spec((RUN, 6))),
        ("one set of 3", spec((SET, 3))),
        ("a set of 5 + set of 2", spec((SET, 5), (SET, 2))),
        # Words and digits, "and", singular and plural.
        ("1 set of 3 and 1 run of 4", spec((SET, 3), (RUN, 4))),
        ("one set of three and one run of four", spec((SET, 3), (RUN, 4))),
        ("One Set Of Three AND One Run Of Four", spec((SET, 3), (RUN, 4))),
        ("1 set of 3, 1 run of 4", spec((SET, 3), (RUN, 4))),
        ("1 set of 3+1 run of 4", spec((SET, 3), (RUN, 4))),
        ("  2 sets of 3  ", spec((SET, 3), (SET, 3))),
        ("1 sets of 3", spec((SET, 3))),
        ("2 set of 3", spec((SET, 3), (SET, 3))),
        ("3 sets of 2", spec((SET, 2), (SET, 2), (SET, 2))),
        ("2 runs of 4", spec((RUN, 4), (RUN, 4))),
        ("twelve cards of one color", spec((COLOR, 12))),
        ("1 run of twelve", spec((RUN, 12))),
        ("four sets of 1", spec(*[(SET, 1)] * 4)),
        ("7 cards of the same color", spec((COLOR, 7))),
        ("7 cards all one colour", spec((COLOR, 7))),
        # The sheets' own prose: "cards of all one color".
        ("7 cards of all one color", spec((COLOR, 7))),
        ("7 cards of all one colour", spec((COLOR, 7))),
        ("1 card of one color", spec((COLOR, 1))),
        ("2 sets of 3 cards", spec((SET, 3), (SET, 3))),
        # Mixed kinds keep their written order.
        ("1 run of 4 + 1 set of 3", spec((RUN, 4), (SET, 3))),
        (
            "1 set of 2 + 4 cards of 1 color + 1 set of 2",
            spec((SET, 2), (COLOR, 4), (SET, 2)),
        ),
    ],
)
def test_parser_reads_the_ways_a_phase_is_written(
    text: str, expected: PhaseSpec
) -> None:
    """Counts and sizes as digits or words, any joiner, any case, either number."""
    assert PhaseSpec.parse(text) == expected


@pytest.mark.rule("R8")
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 run of 4 of one color", spec((COLOR_RUN, 4))),
        ("1 run of 4 of one colour", spec((COLOR_RUN, 4))),
        ("1 run of 4 of 1 color", spec((COLOR_RUN, 4))),
        ("1 run of 4 in one color", spec((COLOR_RUN, 4))),
        ("1 run of 4 of the same color", spec((COLOR_RUN, 4))),
        ("1 color run of 4", spec((COLOR_RUN, 4))),
        ("1 colour run of 4", spec((COLOR_RUN, 4))),
        ("2 color runs of 5", spec((COLOR_RUN, 5), (COLOR_RUN, 5))),
        ("2 runs of 4 of one color", spec((COLOR_RUN, 4), (COLOR_RUN, 4))),
        ("1 run of 4 of one color + 1 run of 4", spec((COLOR_RUN, 4), (RUN, 4))),
        ("1 set of 3 + 1 color run of 4", spec((SET, 3), (COLOR_RUN, 4))),
    ],
)
def test_parser_reads_colour_runs(text: str, expected: PhaseSpec) -> None:
    """A run "of one color" (or a "color run") is a colour run, not a plain run."""
    assert PhaseSpec.parse(text) == expected


@pytest.mark.rule("R9")
def test_standard_phases_are_the_ten_official_phases() -> None:
    """STANDARD_PHASES is the official list of ten, in order."""
    assert isinstance(STANDARD_PHASES, tuple)
    assert list(STANDARD_PHASES) == OFFICIAL


@pytest.mark.rule("R9")
def test_standard_phases_print_as_the_sheet_does() -> None:
    """The official phases print in the canonical wording."""
    assert [str(phase) for phase in STANDARD_PHASES] == [
        "2 sets of 3",
        "1 set of 3 + 1 run of 4",
        "1 set of 4 + 1 run of 4",
        "1 run of 7",
        "1 run of 8",
        "1 run of 9",
        "2 sets of 4",
        "7 cards of one color",
        "1 set of 5 + 1 set of 2",
        "1 set of 5 + 1 set of 3",
    ]


@pytest.mark.rule("R4")
@pytest.mark.parametrize(
    ("phase", "text"),
    [
        (spec((SET, 3), (SET, 3), (SET, 3)), "3 sets of 3"),
        (spec((SET, 3), (RUN, 4), (SET, 3)), "1 set of 3 + 1 run of 4 + 1 set of 3"),
        (spec((COLOR, 4), (COLOR, 4)), "4 cards of one color + 4 cards of one color"),
        (spec((COLOR_RUN, 4)), "1 run of 4 of one color"),
        (spec((COLOR_RUN, 5), (COLOR_RUN, 5)), "2 runs of 5 of one color"),
    ],
)
def test_str_is_canonical(phase: PhaseSpec, text: str) -> None:
    """str(spec) groups equal neighbours into a count and names colour runs."""
    assert str(phase) == text
    assert PhaseSpec.parse(text) == phase


@pytest.mark.rule("R4")
@given(phase_specs(max_groups=MAX_GROUPS, max_cards=MAX_PHASE_CARDS))
def test_str_parses_back_equal(phase: PhaseSpec) -> None:
    """For any phase, PhaseSpec.parse(str(phase)) == phase."""
    assert PhaseSpec.parse(str(phase)) == phase


@pytest.mark.rule("R4")
@given(phase_specs(max_groups=MAX_GROUPS, max_cards=MAX_PHASE_CARDS))
def test_str_is_a_fixed_point(phase: PhaseSpec) -> None:
    """Printing a parsed canonical text gives the same text."""
    text = str(phase)
    assert str(PhaseSpec.parse(text)) == text


@pytest.mark.rule("R4")
@given(group_specs(max_size=20))
def test_group_spec_str_parses_as_one_group(group: GroupSpec) -> None:
    """str(group) is the text of a phase of that one group."""
    assert PhaseSpec.parse(str(group)) == PhaseSpec((group,))


@pytest.mark.rule("R4")
@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ("", ["empty"]),
        ("   ", ["empty"]),
        ("2 piles of 3", ["'piles'", "set", "run"]),
        ("two sets", ["size", "the text ended"]),
        ("2 sets 3", ["'of'", "'3'"]),
        ("2 sets of", ["size", "the text ended"]),
        ("2 sets of three + ", ["count", "the text ended"]),
        ("2 sets of 3 1 run of 4", ["'+'", "'1'"]),
        ("sets of 3", ["count", "'sets'"]),
        ("2 sets of many", ["size", "'many'"]),
        ("7 cards", ["of one color", "the text ended"]),
        ("7 cards of 1 shade", ["of one color", "'shade'"]),
        ("1 color set of 3", ["'run'", "'set'"]),
        ("1 set of 3 of one color", ["'of'"]),
        ("1 run of 4 of one", ["'color'", "the text ended"]),
        ("7 cards of all", ["'one color'", "the text ended"]),
        ("150 sets of 2", ["at most 4", "'150' (word 1)"]),
        ("5 sets of 2", ["at most 4", "'5' (word 1)"]),
        ("2 sets of 2 + 3 runs of 3", ["at most 4 groups"]),
        ("1 set of 12 + 1 run of 12", ["at most 21 cards", "24"]),
        ("22 cards of one color", ["at most 21 cards", "22"]),
        ("\u0663 sets of 3", ["unexpected"]),
        ("2 sets of 3 / 1 run of 4", ["'/'"]),
        ("2 sets of 3 – 1 run of 4", ["'–'"]),
    ],
)
def test_bad_text_raises_naming_what_was_expected(
    text: str, fragments: list[str]
) -> None:
    """Bad phase text raises NotationError saying what was expected and found."""
    with pytest.raises(NotationError) as caught:
        PhaseSpec.parse(text)
    message = str(caught.value)
    for fragment in fragments:
        assert fragment in message, (fragment, message)


@pytest.mark.rule("R4", "R6")
@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("1 run of 13", "13"),
        ("1 run of 4 of one color + 1 color run of 20", "20"),
        ("1 color run of 13", "13"),
        ("2 sets of 0", "0"),
        ("0 sets of 3", "'0'"),
        ("0 cards of one color", "'0'"),
        ("1 run of zero", "zero"),
    ],
)
def test_impossible_sizes_are_notation_errors(text: str, fragment: str) -> None:
    """Sizes no group can have (a run over 12, zero) raise NotationError naming them."""
    with pytest.raises(NotationError, match=fragment) as caught:
        PhaseSpec.parse(text)
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, Phase10Error)


@pytest.mark.rule("R4")
@pytest.mark.parametrize("value", [None, 3, ["2 sets of 3"]])
def test_parse_rejects_what_is_not_text(value: object) -> None:
    """PhaseSpec.parse raises UsageError for a non-string."""
    with pytest.raises(UsageError):
        PhaseSpec.parse(value)  # type: ignore[arg-type]


# --- GroupSpec and PhaseSpec as values ---------------------------------------


@pytest.mark.rule("R5", "R6", "R7", "R8")
def test_group_kinds() -> None:
    """The kinds: which are runs and which must share a colour."""
    assert [kind for kind in GroupKind if kind.is_run] == [
        RUN,
        COLOR_RUN,
        GroupKind.EVEN_RUN,
        GroupKind.ODD_RUN,
    ]
    assert [kind for kind in GroupKind if kind.is_colored] == [COLOR, COLOR_RUN]


@pytest.mark.rule("R6")
@pytest.mark.parametrize("kind", list(GroupKind))
def test_group_spec_accepts_every_valid_size(kind: GroupKind) -> None:
    """A group of any kind may ask for 1 to 12 cards (a run of odd or even
    numbers 1 to 6); sets and colours for more."""
    for size in range(1, (kind.longest or 12) + 1):
        assert GroupSpec(kind, size).size == size
    if not kind.is_run:
        assert GroupSpec(kind, 13).size == 13


@pytest.mark.rule("R6", "R17")
@pytest.mark.parametrize(
    ("kind", "size", "fragment", "error"),
    [
        (RUN, 13, "12", RulesError),
        (COLOR_RUN, 13, "12", RulesError),
        (SET, 0, "at least 1", RulesError),
        (COLOR, -1, "at least 1", RulesError),
        (SET, True, "True", UsageError),
        (SET, 3.0, "3.0", UsageError),
        (SET, "3", "'3'", UsageError),
        ("set", 3, "GroupKind", UsageError),
        (None, 3, "GroupKind", UsageError),
    ],
)
def test_group_spec_validation(
    kind: object, size: object, fragment: str, error: type[Exception]
) -> None:
    """An impossible GroupSpec raises RulesError naming the bad value; a kind
    or size of the wrong type, UsageError."""
    with pytest.raises(error, match=fragment):
        GroupSpec(kind, size)  # type: ignore[arg-type]


@pytest.mark.rule("R4")
@pytest.mark.parametrize(
    "phase",
    [
        PhaseSpec([GroupSpec(SET, MAX_PHASE_CARDS)]),
        PhaseSpec([GroupSpec(COLOR, 1)] * MAX_GROUPS),
        spec((COLOR, 1), (COLOR_RUN, 12), (SET, 8)),
    ],
)
def test_every_spec_the_constructors_allow_parses_back(phase: PhaseSpec) -> None:
    """The constructors and the parser share their limits, so str() round-trips."""
    assert PhaseSpec.parse(str(phase)) == phase


@pytest.mark.rule("R4", "R17")
def test_specs_beyond_the_limits_are_refused() -> None:
    """No group or phase of more cards than a hand holds, no phase of more
    than MAX_GROUPS groups: the constructors refuse them as the parser does."""
    assert MAX_GROUPS == 4
    assert MAX_PHASE_CARDS == 21
    assert GroupSpec(SET, 21).size == 21
    with pytest.raises(RulesError, match="at most 21 cards"):
        GroupSpec(SET, 22)
    assert len(PhaseSpec([GroupSpec(SET, 2)] * 4).groups) == 4
    with pytest.raises(RulesError, match="at most 4 groups, not 5"):
        PhaseSpec([GroupSpec(SET, 2)] * 5)
    assert PhaseSpec([GroupSpec(SET, 11), GroupSpec(SET, 10)]).min_cards == 21
    with pytest.raises(RulesError, match=r"at most 21 cards in all .* not 22"):
        PhaseSpec([GroupSpec(SET, 11), GroupSpec(SET, 11)])


@pytest.mark.rule("R4", "R17")
@pytest.mark.parametrize(
    ("groups", "error"),
    [
        ((), RulesError),
        ([], RulesError),
        (["2 sets of 3"], UsageError),
        ((GroupSpec(SET, 3), None), UsageError),
        (5, UsageError),
    ],
)
def test_phase_spec_validation(groups: object, error: type[Exception]) -> None:
    """A PhaseSpec needs one or more GroupSpecs: none raises RulesError,
    anything else UsageError."""
    with pytest.raises(error):
        PhaseSpec(groups)  # type: ignore[arg-type]


@pytest.mark.rule("R4")
def test_phase_spec_takes_any_iterable_of_groups() -> None:
    """PhaseSpec stores its groups as a tuple, in the order given."""
    groups = [GroupSpec(RUN, 4), GroupSpec(SET, 3)]
    phase = PhaseSpec(groups)
    assert phase.groups == (GroupSpec(RUN, 4), GroupSpec(SET, 3))
    assert PhaseSpec(iter(groups)) == phase


@pytest.mark.rule("R4")
def test_specs_are_frozen_and_hashable() -> None:
    """GroupSpec and PhaseSpec cannot be changed and work as dict keys."""
    group = GroupSpec(SET, 3)
    phase = PhaseSpec((group,))
    with pytest.raises(AttributeError):
        group.size = 4  # type: ignore[misc]
    with pytest.raises(AttributeError):
        phase.groups = ()  # type: ignore[misc]
    assert {phase: 1}[PhaseSpec.parse("1 set of 3")] == 1
    assert hash(GroupSpec(SET, 3)) == hash(group)


@pytest.mark.rule("R4")
def test_phases_differ_by_group_order() -> None:
    """Equality of phases compares their groups in order."""
    assert spec((SET, 3), (RUN, 4)) != spec((RUN, 4), (SET, 3))
    assert spec((SET, 3)) != spec((SET, 4))
    assert spec((RUN, 4)) != spec((COLOR_RUN, 4))


@pytest.mark.rule("R4", "R9")
def test_min_cards_of_the_official_phases() -> None:
    """min_cards is the sum of the group sizes: 6, 7, 8, 7, 8, 9, 8, 7, 7, 8."""
    sizes = [phase.min_cards for phase in STANDARD_PHASES]
    assert sizes == [6, 7, 8, 7, 8, 9, 8, 7, 7, 8]


@pytest.mark.rule("R4")
@given(phase_specs(max_groups=MAX_GROUPS, max_cards=MAX_PHASE_CARDS))
def test_min_cards_is_the_sum_of_sizes(phase: PhaseSpec) -> None:
    """For any phase, min_cards adds up its groups' minimum sizes."""
    assert phase.min_cards == sum(group.size for group in phase.groups)
    assert phase.min_cards <= MAX_PHASE_CARDS
    assert 1 <= len(phase.groups) <= MAX_GROUPS


@pytest.mark.rule("R43")
@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("8 even cards", "8 even cards"),
        ("3 odd cards", "3 odd cards"),
        ("an odd card", "1 odd card"),
        ("two Even numbers & 1 set of 3", "2 even cards + 1 set of 3"),
        ("3 odd cards + three odd cards", "3 odd cards + 3 odd cards"),
        ("1 run of 4, 6 even cards", "1 run of 4 + 6 even cards"),
    ],
)
def test_even_and_odd_groups_are_written_and_read(text: str, written: str) -> None:
    """Even and odd groups read as the rules words them and write back in
    one canonical form that reads back equal, in phase lists and in JSON."""
    spec = PhaseSpec.parse(text)
    assert str(spec) == written
    assert PhaseSpec.parse(written) == spec
    assert {group.kind.parity for group in spec.groups} <= {None, 0, 1}
    rules = Rules(phases=[spec])
    assert from_dict(to_dict(rules), Rules) == rules
    assert to_dict(rules)["phases"] == [written]


@pytest.mark.rule("R43")
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("8 even", "'cards' after 'even'"),
        ("0 odd cards", "a size of at least 1"),
        ("even cards", "a count such as '1' or 'two'"),
        ("30 even cards", "at most 21 cards"),
        ("2 sets of even cards", "a size such as '3' or 'four'"),
    ],
)
def test_malformed_even_and_odd_groups_are_refused(text: str, expected: str) -> None:
    """A malformed even or odd group raises NotationError saying what was
    expected, and a rule set with one raises RulesError."""
    with pytest.raises(NotationError, match=expected):
        PhaseSpec.parse(text)
    with pytest.raises(RulesError):
        Rules(phases=[text])


@pytest.mark.rule("R43")
def test_even_and_odd_kinds() -> None:
    """Even and odd groups are neither runs nor one colour; their parity is
    the remainder of their numbers divided by 2."""
    assert not GroupKind.EVEN.is_run and not GroupKind.ODD.is_colored
    assert (GroupKind.EVEN.parity, GroupKind.ODD.parity) == (0, 1)
    assert {kind.parity for kind in (SET, RUN, COLOR, COLOR_RUN)} == {None}


# --- house rule: runs of odd or of even numbers (R51) ------------------------

ODD_RUN = GroupKind.ODD_RUN
EVEN_RUN = GroupKind.EVEN_RUN


@pytest.mark.rule("R51")
@pytest.mark.parametrize(
    ("text", "written", "expected"),
    [
        ("1 run of 4 odd numbers", "1 run of 4 odd numbers", spec((ODD_RUN, 4))),
        ("1 run of 3 even numbers", "1 run of 3 even numbers", spec((EVEN_RUN, 3))),
        ("a run of four Odd cards", "1 run of 4 odd numbers", spec((ODD_RUN, 4))),
        ("run of 1 even number", "1 run of 1 even number", spec((EVEN_RUN, 1))),
        (
            "2 runs of 3 odd numbers",
            "2 runs of 3 odd numbers",
            spec((ODD_RUN, 3), (ODD_RUN, 3)),
        ),
        (
            "1 run of 6 even numbers & 1 set of 3",
            "1 run of 6 even numbers + 1 set of 3",
            spec((EVEN_RUN, 6), (SET, 3)),
        ),
        (
            "1 run of 4 + 1 run of 4 odd numbers + 3 odd cards",
            "1 run of 4 + 1 run of 4 odd numbers + 3 odd cards",
            spec((RUN, 4), (ODD_RUN, 4), (GroupKind.ODD, 3)),
        ),
    ],
)
def test_runs_of_odd_or_even_numbers_are_written_and_read(
    text: str, written: str, expected: PhaseSpec
) -> None:
    """Runs of odd or even numbers read as other programs word them and
    write back in one canonical form that reads back equal, in JSON too."""
    phase = PhaseSpec.parse(text)
    assert phase == expected
    assert str(phase) == written
    assert PhaseSpec.parse(written) == phase
    rules = Rules(phases=[phase])
    assert from_dict(to_dict(rules), Rules) == rules
    assert to_dict(rules)["phases"] == [written]


@pytest.mark.rule("R51")
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 run of 7 odd numbers", "at most 6 cards"),
        ("1 run of 7 even numbers", "at most 6 cards"),
        ("1 run of 4 odd", "'numbers' after 'odd'"),
        ("1 run of 4 odd numbers of one color", "no colour"),
        ("1 run of 0 even numbers", "at least 1"),
    ],
)
def test_malformed_runs_of_odd_or_even_numbers_are_refused(
    text: str, expected: str
) -> None:
    """A run of odd or even numbers longer than the six numbers of its
    parity, or badly worded, raises NotationError saying why; rules with
    one raise RulesError."""
    with pytest.raises(NotationError, match=expected):
        PhaseSpec.parse(text)
    with pytest.raises(RulesError):
        Rules(phases=[text])


@pytest.mark.rule("R51")
def test_runs_of_odd_or_even_numbers_as_kinds() -> None:
    """Runs of odd or even numbers are runs of step 2 and of one parity,
    never of one colour, and hold at most the six numbers of their parity."""
    assert ODD_RUN.is_run and EVEN_RUN.is_run
    assert not ODD_RUN.is_colored and not EVEN_RUN.is_colored
    assert (EVEN_RUN.parity, ODD_RUN.parity) == (0, 1)
    assert (EVEN_RUN.step, ODD_RUN.step, RUN.step, COLOR_RUN.step) == (2, 2, 1, 1)
    assert {kind.step for kind in (SET, COLOR, GroupKind.EVEN, GroupKind.ODD)} == {None}
    longest = [None, 12, None, 12, None, None, 6, 6]
    assert [kind.longest for kind in GroupKind] == longest
    assert GroupSpec(ODD_RUN, 6).size == 6
    with pytest.raises(RulesError, match=r"at most 6 cards \(1, 3, 5, 7, 9, 11\)"):
        GroupSpec(ODD_RUN, 7)
    with pytest.raises(RulesError, match=r"at most 6 cards \(2, 4, 6, 8, 10, 12\)"):
        GroupSpec(EVEN_RUN, 7)


def test_every_kind_of_group_has_its_facts_in_one_row() -> None:
    """KIND_FACTS describes every kind, and the kind's properties read it."""
    assert set(KIND_FACTS) == set(GroupKind)
    for kind, facts in KIND_FACTS.items():
        assert kind.is_run == (facts.holds == "sequence")
        assert kind.step == facts.step
        assert kind.is_colored == facts.colored
        assert kind.parity == facts.parity
        assert kind.longest == (None if facts.step is None else 12 // facts.step)


def test_a_kind_without_its_facts_stops_the_package() -> None:
    """A kind missing from the facts, or with a step but no sequence, is
    refused with ImportError naming it, as at import."""
    facts = dict(KIND_FACTS)
    del facts[GroupKind.ODD_RUN]
    with pytest.raises(
        ImportError, match=r"no facts for the kinds of group \['ODD_RUN'\]"
    ):
        check_kind_facts(facts)
    facts = {**KIND_FACTS, GroupKind.SET: KindFacts("number", 1, False, None)}
    with pytest.raises(ImportError, match="SET: a step exactly for a sequence"):
        check_kind_facts(facts)
    facts = {**KIND_FACTS, GroupKind.SET: KindFacts("pairs", None, False, None)}  # type: ignore[arg-type]
    with pytest.raises(ImportError, match="SET: holds is one of"):
        check_kind_facts(facts)
