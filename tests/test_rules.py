"""The rules record, its options, presets and checks (R3, R17, R34, R39, R40)."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from strategies import rules_records

from phase10 import (
    FACES,
    PRESETS,
    SKIP,
    STANDARD_PHASES,
    WILD,
    Card,
    EmptyDrawPile,
    NaturalRule,
    Phase10Error,
    PhaseSpec,
    Points,
    Rules,
    RulesError,
    SkipLimit,
    UsageError,
    format_cards,
    parse_cards,
    standard_deck,
)

MISPRINTED = (
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
)

# 22 cards that can make every official phase: a red run 1-12, two blues and
# eight Wilds. Just enough to deal ten cards each to two players.
SMALL_DECK = (*parse_cards("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 B1 B2"), *[WILD] * 8)


# --- Defaults ----------------------------------------------------------------


@pytest.mark.rule("R3", "R9", "R2")
def test_defaults_are_the_official_game() -> None:
    """Rules() has exactly the defaults of the API table."""
    rules = Rules()
    assert rules.phases == STANDARD_PHASES
    assert rules.everyone_advances is False
    assert rules.hand_size == 10
    assert rules.deck == standard_deck()
    assert rules.min_players == 2
    assert rules.max_players == 6
    assert rules.naturals is NaturalRule.PER_GROUP
    assert rules.skip_limit is SkipLimit.ROUND
    assert rules.wild_from_discard is True
    assert rules.hit_on_lay_turn is True
    assert rules.go_out_by_hit is True
    assert rules.on_empty_draw_pile is EmptyDrawPile.RESHUFFLE
    assert rules.points == Points(low=5, high=10, skip=15, wild=25)


@pytest.mark.rule("R17")
def test_option_enums_have_the_documented_members() -> None:
    """The option enums offer the readings named in the rulings."""
    assert {rule.name for rule in NaturalRule} == {"PER_GROUP", "PER_PHASE", "NONE"}
    assert {limit.name for limit in SkipLimit} == {
        "ROUND",
        "UNTIL_SERVED",
        "PER_HAND",
        "UNLIMITED",
    }
    assert {way.name for way in EmptyDrawPile} == {"RESHUFFLE", "END_HAND"}


@pytest.mark.rule("R17")
def test_rules_are_keyword_only() -> None:
    """Options are given by name, so a positional argument is a TypeError."""
    with pytest.raises(TypeError):
        Rules(STANDARD_PHASES)  # type: ignore[call-arg]


# --- Value semantics ---------------------------------------------------------


@pytest.mark.rule("R17")
def test_rules_are_frozen() -> None:
    """Setting a field of a Rules raises AttributeError and changes nothing."""
    rules = Rules()
    with pytest.raises(AttributeError):
        rules.hand_size = 3  # type: ignore[misc]
    assert rules.hand_size == 10


@pytest.mark.rule("R17")
def test_rules_are_equal_and_hashable_by_value() -> None:
    """Equal options give equal Rules with equal hashes, usable as dict keys."""
    assert Rules() == Rules()
    assert hash(Rules()) == hash(Rules())
    assert {Rules(): "official"}[Rules()] == "official"
    assert Rules(hand_size=11) != Rules()
    assert Rules(naturals=NaturalRule.NONE) != Rules()


@pytest.mark.rule("R17")
def test_sequences_are_stored_as_tuples() -> None:
    """Lists given for phases and deck are kept as tuples, equal to the defaults."""
    rules = Rules(phases=list(STANDARD_PHASES), deck=list(standard_deck()))
    assert isinstance(rules.phases, tuple)
    assert isinstance(rules.deck, tuple)
    assert rules == Rules()


@pytest.mark.rule("R17")
def test_deck_may_be_given_as_notation() -> None:
    """A deck given as text is parsed card by card."""
    text = format_cards(standard_deck())
    assert Rules(deck=text).deck == standard_deck()


@pytest.mark.rule("R17")
@given(rules_records())
def test_random_valid_rules_survive_a_rebuild(rules: Rules) -> None:
    """Any valid Rules rebuilt from its own fields is equal, and meets the checks."""
    again = Rules(**attrs.asdict(rules, recurse=False))
    assert again == rules
    assert hash(again) == hash(rules)
    assert attrs.evolve(rules) == rules
    assert all(phase.min_cards <= rules.hand_size + 1 for phase in rules.phases)
    assert len(rules.deck) >= rules.max_players * rules.hand_size + 2
    assert 2 <= rules.min_players <= rules.max_players


# --- Phases ------------------------------------------------------------------


@pytest.mark.rule("R9", "R17")
def test_phases_given_as_text_are_parsed() -> None:
    """Phase texts are parsed into PhaseSpecs; text and specs may be mixed."""
    rules = Rules(phases=["2 sets of 3", STANDARD_PHASES[3], "1 color run of 4"])
    assert rules.phases == (
        STANDARD_PHASES[0],
        STANDARD_PHASES[3],
        PhaseSpec.parse("1 run of 4 of one color"),
    )


@pytest.mark.rule("R9")
def test_the_misprinted_list_is_a_valid_phase_list() -> None:
    """The misprinted edition's list makes a valid Rules of ten phases."""
    rules = Rules(phases=MISPRINTED)
    assert len(rules.phases) == 10
    assert rules.phases[2] == rules.phases[3] == STANDARD_PHASES[2]
    assert STANDARD_PHASES[6] not in rules.phases
    assert rules.phases[4:7] == STANDARD_PHASES[3:6]


@pytest.mark.rule("R17")
def test_bad_phase_text_is_refused_when_the_rules_are_made() -> None:
    """A phase text that does not parse is refused at once, as a Phase10Error."""
    with pytest.raises(Phase10Error) as caught:
        Rules(phases=["2 sets of 3", "2 heaps of 3"])
    assert isinstance(caught.value, ValueError)
    assert "heaps" in str(caught.value)


# --- Invalid combinations ----------------------------------------------------


INVALID: list[tuple[str, dict[str, Any], str]] = [
    ("no phases", {"phases": ()}, "empty"),
    ("no phases (list)", {"phases": []}, "empty"),
    ("single phase text", {"phases": "2 sets of 3"}, "sequence"),
    ("single PhaseSpec", {"phases": STANDARD_PHASES[0]}, "sequence"),
    ("phases not iterable", {"phases": 5}, "sequence"),
    ("phases None", {"phases": None}, "sequence"),
    ("a phase that is not a PhaseSpec", {"phases": (STANDARD_PHASES[0], 5)}, "5"),
    ("hand_size 0", {"hand_size": 0}, "hand_size"),
    ("hand_size negative", {"hand_size": -1}, "hand_size"),
    ("hand_size bool", {"hand_size": True}, "hand_size"),
    ("hand_size float", {"hand_size": 10.0}, "hand_size"),
    ("hand_size text", {"hand_size": "10"}, "hand_size"),
    ("min_players 1", {"min_players": 1}, "min_players"),
    ("min_players 0", {"min_players": 0}, "min_players"),
    ("min_players bool", {"min_players": True}, "min_players"),
    ("max below min", {"min_players": 4, "max_players": 3}, "max_players"),
    ("max_players bool", {"max_players": True}, "max_players"),
    ("max_players float", {"max_players": 6.0}, "max_players"),
    ("deck too small for six", {"deck": standard_deck()[:61]}, "61"),
    ("too many players for the deck", {"max_players": 11}, "11"),
    ("hand too big for the deck", {"hand_size": 18}, "18"),
    (
        "small deck one short",
        {"deck": SMALL_DECK[:-1], "max_players": 2},
        "21",
    ),
    ("deck without number cards", {"deck": [WILD] * 100 + [SKIP] * 8}, "number"),
    ("deck of Skips", {"deck": [SKIP] * 108}, "number"),
    ("deck holding a non-card", {"deck": (*standard_deck(), "R1")}, "'R1'"),
    ("deck not iterable", {"deck": 5}, "deck"),
    ("phase longer than hand + 1", {"phases": ["1 set of 12"]}, "12"),
    ("official phases need 9 cards", {"hand_size": 7}, "9"),
    ("naturals as text", {"naturals": "per group"}, "naturals"),
    ("naturals of the wrong enum", {"naturals": SkipLimit.ROUND}, "naturals"),
    ("skip_limit as text", {"skip_limit": "round"}, "skip_limit"),
    ("on_empty_draw_pile as text", {"on_empty_draw_pile": "reshuffle"}, "on_empty"),
    ("everyone_advances int", {"everyone_advances": 1}, "everyone_advances"),
    ("everyone_advances None", {"everyone_advances": None}, "everyone_advances"),
    ("wild_from_discard text", {"wild_from_discard": "yes"}, "wild_from_discard"),
    ("hit_on_lay_turn int", {"hit_on_lay_turn": 0}, "hit_on_lay_turn"),
    ("go_out_by_hit None", {"go_out_by_hit": None}, "go_out_by_hit"),
    ("points not a Points", {"points": 5}, "points"),
    ("points as a dict", {"points": {"low": 5}}, "points"),
]


WRONG_TYPES = {
    "single phase text",
    "single PhaseSpec",
    "phases not iterable",
    "phases None",
    "a phase that is not a PhaseSpec",
    "hand_size bool",
    "hand_size float",
    "hand_size text",
    "min_players bool",
    "max_players bool",
    "max_players float",
    "deck holding a non-card",
    "deck not iterable",
    "naturals as text",
    "naturals of the wrong enum",
    "skip_limit as text",
    "on_empty_draw_pile as text",
    "everyone_advances int",
    "everyone_advances None",
    "wild_from_discard text",
    "hit_on_lay_turn int",
    "go_out_by_hit None",
    "points not a Points",
    "points as a dict",
}
"""The cases above that give a value of the wrong type: a UsageError."""


@pytest.mark.rule("R17")
@pytest.mark.parametrize(
    ("options", "fragment", "error"),
    [
        pytest.param(
            options,
            fragment,
            UsageError if name in WRONG_TYPES else RulesError,
            id=name,
        )
        for name, options, fragment in INVALID
    ],
)
def test_invalid_combinations_raise_rules_error(
    options: dict[str, Any], fragment: str, error: type[Phase10Error]
) -> None:
    """Every unplayable combination raises RulesError, naming what is wrong;
    a value of the wrong type raises UsageError (also a TypeError)."""
    with pytest.raises(error) as caught:
        Rules(**options)
    assert fragment in str(caught.value)
    assert isinstance(caught.value, TypeError if error is UsageError else ValueError)
    assert isinstance(caught.value, Phase10Error)


@pytest.mark.rule("R17")
def test_evolve_checks_the_new_record_too() -> None:
    """attrs.evolve to an unplayable combination raises RulesError as well."""
    with pytest.raises(RulesError):
        attrs.evolve(Rules(), hand_size=0)


@pytest.mark.rule("R3", "R17")
@pytest.mark.parametrize(
    "options",
    [
        {"deck": SMALL_DECK, "max_players": 2},
        {"deck": standard_deck()[:62]},
        {"max_players": 10},
        {"min_players": 6, "max_players": 6},
        {"hand_size": 8},
        {"hand_size": 1, "phases": ["1 set of 2"]},
        {"phases": ["1 set of 11"]},
        {"phases": ["1 run of 12"], "hand_size": 11},
    ],
    ids=repr,
)
def test_boundary_combinations_are_valid(options: dict[str, Any]) -> None:
    """Combinations exactly at a limit are accepted."""
    rules = Rules(**options)
    for name, value in options.items():
        if name == "phases":
            assert rules.phases == tuple(PhaseSpec.parse(text) for text in value)
        elif name == "deck":
            assert rules.deck == tuple(value)
        else:
            assert getattr(rules, name) == value


@pytest.mark.rule("R17")
def test_a_phase_the_deck_cannot_make_is_refused() -> None:
    """A phase that no cards of the deck can make raises RulesError (R17)."""
    red_ones = [Card.parse("R1")] * 108
    with pytest.raises(RulesError, match="1 run of 4"):
        Rules(deck=red_ones, phases=["1 run of 4"])


@pytest.mark.rule("R11", "R17")
def test_whether_the_deck_can_make_a_phase_depends_on_naturals() -> None:
    """One natural card and Wilds make two sets of 3 only if naturals allow it."""
    deck = [Card.parse("R1"), *[WILD] * 107]
    with pytest.raises(RulesError, match="2 sets of 3"):
        Rules(deck=deck, phases=["2 sets of 3"])
    assert Rules(deck=deck, phases=["2 sets of 3"], naturals=NaturalRule.PER_PHASE)
    assert Rules(deck=deck, phases=["2 sets of 3"], naturals=NaturalRule.NONE)


# --- Presets and variations --------------------------------------------------


@pytest.mark.rule("R39")
def test_ten_hands_is_official_variation_one() -> None:
    """Rules.ten_hands() is the official game with everyone advancing."""
    assert Rules.ten_hands() == attrs.evolve(Rules(), everyone_advances=True)
    assert len(Rules.ten_hands().phases) == 10


@pytest.mark.rule("R40")
@pytest.mark.parametrize("count", range(1, 11))
def test_first_phases_is_official_variation_two(count: int) -> None:
    """Rules.first_phases(n) plays STANDARD_PHASES[:n], all else official."""
    assert Rules.first_phases(count) == Rules(phases=STANDARD_PHASES[:count])


@pytest.mark.rule("R40")
@pytest.mark.parametrize("count", [0, 11, -1], ids=repr)
def test_first_phases_refuses_impossible_counts(count: int) -> None:
    """Rules.first_phases takes a whole number 1-10: another number is
    refused as rules no game has."""
    with pytest.raises(RulesError, match="choose 1 to 10 phases"):
        Rules.first_phases(count)


@pytest.mark.parametrize("count", [True, 5.0, "5", None], ids=repr)
def test_first_phases_refuses_what_is_not_a_whole_number(count: object) -> None:
    """Rules.first_phases refuses a count of the wrong type as a mistake of
    the calling program (UsageError)."""
    with pytest.raises(UsageError, match="the number of phases must be a whole"):
        Rules.first_phases(count)  # type: ignore[arg-type]


@pytest.mark.rule("R40")
def test_even_phases_is_official_variation_three() -> None:
    """Rules.even_phases() plays phases 2, 4, 6, 8 and 10, all else official."""
    rules = Rules.even_phases()
    assert rules == Rules(phases=STANDARD_PHASES[1::2])
    assert rules.phases == tuple(STANDARD_PHASES[i - 1] for i in (2, 4, 6, 8, 10))


@pytest.mark.rule("R39", "R40")
def test_presets_name_the_official_game_and_its_variations() -> None:
    """PRESETS maps stable names to the official game and the printed variations."""
    assert PRESETS["official"] == Rules()
    assert PRESETS["ten-hands"] == Rules.ten_hands()
    assert PRESETS["first-5-phases"] == Rules(phases=STANDARD_PHASES[:5])
    assert PRESETS["first-7-phases"] == Rules(phases=STANDARD_PHASES[:7])
    assert PRESETS["even-phases"] == Rules(phases=STANDARD_PHASES[1::2])
    assert all(isinstance(rules, Rules) for rules in PRESETS.values())


@pytest.mark.rule("R17")
def test_presets_cannot_be_changed() -> None:
    """PRESETS is a read-only mapping."""
    with pytest.raises(TypeError):
        PRESETS["mine"] = Rules()  # type: ignore[index]
    assert "mine" not in PRESETS


# --- Points (R34) ------------------------------------------------------------


def official_points(card: Card) -> int:
    """The penalty for one card as the rule sheets print it."""
    if card.is_wild:
        return 25
    if card.is_skip:
        return 15
    assert card.number is not None
    return 5 if card.number <= 9 else 10


@pytest.mark.rule("R34")
@pytest.mark.parametrize("card", FACES, ids=str)
def test_points_of_every_face(card: Card) -> None:
    """5 for 1-9, 10 for 10-12, 15 for a Skip, 25 for a Wild."""
    assert Points().of(card) == official_points(card)


@pytest.mark.rule("R34")
def test_points_total_of_a_hand() -> None:
    """A hand counts the sum of its cards; an empty hand counts nothing."""
    hand = parse_cards("R1 B9 G10 Y12 S W W")
    assert Points().total(hand) == 5 + 5 + 10 + 10 + 15 + 25 + 25
    assert Points().total(()) == 0
    assert Points().total(standard_deck()) == 72 * 5 + 24 * 10 + 4 * 15 + 8 * 25


@pytest.mark.rule("R34")
def test_custom_points_are_used() -> None:
    """Each Points field prices its own kind of card."""
    points = Points(low=1, high=2, skip=3, wild=4)
    assert [points.of(card) for card in parse_cards("R9 R10 S W")] == [1, 2, 3, 4]
    assert Rules(points=points).points.of(WILD) == 4


@pytest.mark.rule("R34", "R17")
@pytest.mark.parametrize("field", ["low", "high", "skip", "wild"])
@pytest.mark.parametrize("value", [-1, True, 2.5, "5", None], ids=repr)
def test_points_validation(field: str, value: object) -> None:
    """A price below 0 raises RulesError naming the field; one that is not a
    whole number, UsageError."""
    error = RulesError if value == -1 else UsageError
    with pytest.raises(error, match=field):
        Points(**{field: value})  # type: ignore[arg-type]


@pytest.mark.rule("R34", "R17")
def test_points_are_at_most_a_million_a_card() -> None:
    """A price over 1,000,000 is refused, so totals stay far below 2**53."""
    assert Points(wild=1_000_000).wild == 1_000_000
    with pytest.raises(RulesError, match=r"points\.wild is at most 1,000,000"):
        Points(wild=1_000_001)


@pytest.mark.rule("R34")
def test_points_may_be_zero() -> None:
    """A price of 0 is allowed (a variant where some cards cost nothing)."""
    assert Points(low=0, high=0, skip=0, wild=0).total(standard_deck()) == 0


@pytest.mark.rule("R17", "R33")
def test_a_phase_of_the_whole_hand_needs_going_out_without_a_discard() -> None:
    """Without go_out_by_hit a phase can use at most hand_size cards."""
    Rules(phases=["1 run of 11"], hand_size=10)
    with pytest.raises(RulesError, match="at most 10"):
        Rules(phases=["1 run of 11"], hand_size=10, go_out_by_hit=False)
    Rules(phases=["1 run of 10"], hand_size=10, go_out_by_hit=False)


def test_replace_changes_one_field_of_a_preset_and_keeps_the_rest() -> None:
    """Rules.replace gives a copy with the named fields changed, the others
    as they were, and leaves the preset itself untouched."""
    masters = PRESETS["masters"]
    hidden = masters.replace(saved_cards_hidden=True)
    assert hidden.saved_cards_hidden and not masters.saved_cards_hidden
    assert attrs.evolve(hidden, saved_cards_hidden=False) == masters
    assert PRESETS["masters"] == masters
    assert masters.replace() == masters
    assert Rules().replace(phases=["1 run of 4", "2 sets of 3"]).phases == (
        PhaseSpec.parse("1 run of 4"),
        PhaseSpec.parse("2 sets of 3"),
    )  # given as text, read as the constructor reads them


@pytest.mark.parametrize(
    ("changes", "error", "message"),
    [
        ({"everyone_advances": True}, RulesError, "everyone_advances"),
        ({"hand_size": 3}, RulesError, "needs 6 cards"),
        ({"hand_size": "3"}, UsageError, "hand_size must be a whole number"),
        ({"hand_sise": 9}, UsageError, "no field 'hand_sise': did you mean hand_size"),
        ({"colour": 9}, UsageError, "^Rules has no field 'colour'$"),
        ({"skip_limit": "round"}, UsageError, "skip_limit must be a SkipLimit"),
    ],
)
def test_replace_is_checked_like_the_constructor(
    changes: dict[str, Any], error: type[Exception], message: str
) -> None:
    """Rules.replace refuses what Rules(...) refuses: an impossible
    combination with RulesError, a wrong type or an unknown field name with
    UsageError."""
    with pytest.raises(error, match=message):
        PRESETS["masters"].replace(**changes)
