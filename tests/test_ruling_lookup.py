"""The lookup of rulings that settles a dispute at the table (R1-R51).

Each question a player asks finds, first, the ruling of the clause of
docs/rules.md that settles it; every flag and choice of ``Rules`` is the
option of some ruling, and each ruling's answer under a rule set says what
that rule set does.
"""

from __future__ import annotations

import enum
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

from phase10 import (
    PRESETS,
    EmptyDrawPile,
    NaturalRule,
    PhaseChoice,
    Points,
    Rules,
    SkipLimit,
    UsageError,
)
from phase10.ledger._rulings import RULINGS, Ruling, find_rulings

RULES_DOCUMENT = Path(__file__).resolve().parent.parent / "docs" / "rules.md"

QUESTIONS = [
    ("R22", "May I discard a wild?"),
    ("R22", "Can I take a joker from the discard pile?"),
    ("R30", "can I hit before I lay down my phase"),
    ("R30", "Can I play on someone else's phase?"),
    ("R25", "what if the draw pile runs out"),
    ("R25", "What if the deck runs out?"),
    ("R26", "can I skip myself"),
    ("R42", "do runs wrap from 12 to 1"),
    ("R34", "how many points is a skip worth"),
    ("R38", "what if two players finish the last phase in the same hand"),
    ("R23", "Can I pick up a skip from the discard pile?"),
    ("R28", "Can the same player be skipped twice in a row?"),
    ("R28", "If I lose a turn, can I be skipped again next round?"),
    ("R29", "What if nobody can be skipped?"),
    ("R27", "What if the first card turned over is a skip?"),
    ("R11", "Can a phase be all jokers?"),
    ("R10", "what color is a joker"),
    ("R19", "How many cards do we deal?"),
    ("R18", "Who goes first?"),
    ("R33", "Can I go out by hitting with my last card?"),
    ("R33", "Can I go out on a skip?"),
    ("R15", "Can I lay down half my phase?"),
    ("R14", "Can I put down extra cards with my phase?"),
    ("R31", "Can I hit on the same turn I lay my phase down?"),
    ("R13", "Can I move a wild after it's been laid?"),
    ("R13", "Can I swap a natural card for a wild on the table?"),
    ("R5", "Does a set have to be all one colour?"),
    ("R32", "Can I add a card to the middle of a run?"),
    ("R6", "Can a run have 13 cards?"),
    ("R35", "Who advances to the next phase?"),
    ("R37", "Who wins when the game ends?"),
    ("R39", "Can we play ten hands where everybody advances?"),
    ("R40", "Can we play only the even phases?"),
    ("R24", "Can I discard the same card I just picked up?"),
    ("R16", "Do I have to do the phases in order?"),
    ("R44", "Can I choose which phase to play?"),
    ("R12", "Can a skip be part of a set?"),
    ("R3", "How many people can play?"),
    ("R2", "How many cards are in a deck?"),
    ("R46", "How many cards can I save?"),
    ("R46", "Can I save a skip?"),
    ("R47", "Can I draw a card I saved this hand?"),
    ("R48", "Can the others see my saved cards?"),
    ("R48", "Do saved cards count as points?"),
]
"""Questions players ask, each with the clause whose ruling must come first."""


def options() -> list[str]:
    """The flags and choices of Rules: its bool and enum fields, new ones too."""
    return [
        field.name
        for field in attrs.fields(Rules)
        if isinstance(field.default, (bool, enum.Enum))
    ]


def other_values(option: str) -> list[Any]:
    """Every value of a flag or choice other than the official one."""
    default = getattr(Rules(), option)
    if isinstance(default, bool):
        return [not default]
    return [member for member in type(default) if member is not default]


def named(option: str, value: Any) -> str:
    """How an answer under rules names the option's value."""
    if isinstance(value, bool):
        return f"{option} is {'on' if value else 'off'}"
    return f"{option}={value.name}"


@pytest.mark.rule(
    "R2", "R3", "R5", "R6", "R10", "R11", "R12", "R13", "R14", "R15", "R16", "R18",
    "R19", "R22", "R23", "R24", "R25", "R26", "R27", "R28", "R29", "R30", "R31",
    "R32", "R33", "R34", "R35", "R37", "R38", "R39", "R40", "R42", "R44", "R46",
    "R47", "R48",
)  # fmt: skip
@pytest.mark.parametrize(("clause", "question"), QUESTIONS, ids=lambda x: str(x))
def test_a_question_finds_the_ruling_of_its_clause_first(
    clause: str, question: str
) -> None:
    """Each question's first ruling is the one of the clause named with it
    (the marker names every clause of QUESTIONS)."""
    found = find_rulings(question)
    assert found, question
    assert found[0].clause == clause, [ruling.question for ruling in found]
    assert 1 <= len(found) <= 3


def test_the_questions_cover_at_least_twenty_clauses() -> None:
    """The questions name at least twenty clauses, and the marker of the
    test that asks them names those clauses exactly."""
    clauses = {clause for clause, _ in QUESTIONS}
    assert len(clauses) >= 20
    test = test_a_question_finds_the_ruling_of_its_clause_first
    (marker,) = (mark for mark in test.pytestmark if mark.name == "rule")  # type: ignore[attr-defined]
    assert set(marker.args) == clauses


@pytest.mark.rule("R17")
@pytest.mark.parametrize("option", options())
def test_every_flag_and_choice_of_rules_has_a_ruling(option: str) -> None:
    """R17: each bool or enum field of Rules is the option of some ruling."""
    assert any(ruling.option == option for ruling in RULINGS)


def test_the_options_walk_finds_the_known_flags_and_choices() -> None:
    assert {"wild_from_discard", "skip_limit", "naturals", "phase_choice"} <= set(
        options()
    )
    assert "hand_size" not in options()


def test_every_ruling_names_a_clause_of_the_rules_document() -> None:
    clauses = set(re.findall(r"\*\*(R[0-9]+)\.", RULES_DOCUMENT.read_text("utf-8")))
    assert {ruling.clause for ruling in RULINGS} <= clauses
    assert len(RULINGS) >= 52  # rows 1-39 and the editions' 13, at least


def test_every_ruling_is_a_ruling_with_text() -> None:
    for ruling in RULINGS:
        assert isinstance(ruling, Ruling)
        assert ruling.question.endswith("?")
        assert ruling.keywords and all(word for word in ruling.keywords)
        assert ruling.option is None or ruling.option in attrs.fields_dict(Rules)


@pytest.mark.parametrize("ruling", RULINGS, ids=lambda ruling: ruling.question)
def test_under_the_official_rules_the_answer_is_the_ruling(ruling: Ruling) -> None:
    """R46-R48: the points of saving cards are the Masters Edition's; under
    the classic game no card is saved, and the ruling says so."""
    if ruling.option in SAVING:
        assert ruling.under(Rules()).startswith("No card is saved under these rules")
        assert ruling.under(PRESETS["masters"]) == ruling.answer
    else:
        assert ruling.under(Rules()) == ruling.answer


SAVING = {
    "most_saved",
    "saved_cards_hidden",
    "saved_cards_score",
    "go_out_by_save",
    "save_skips",
    "draw_saved_same_hand",
}


@pytest.mark.parametrize(
    ("option", "value"),
    [(option, value) for option in options() for value in other_values(option)],
    ids=str,
)
def test_under_other_rules_the_answer_says_what_they_do(
    option: str, value: Any
) -> None:
    """Every other value of a flag or choice changes the answer of each of
    its rulings, names the option and its value, and differs from every
    other value's."""
    base = PRESETS["masters"] if option in SAVING else Rules()
    rules = base.replace(**{option: value})
    for ruling in (ruling for ruling in RULINGS if ruling.option == option):
        text = ruling.under(rules)
        assert text != ruling.answer
        assert named(option, value) in text
        for other in other_values(option):
            if other is not value:
                assert text != ruling.under(base.replace(**{option: other}))


@pytest.mark.parametrize(
    ("question", "rules", "phrase"),
    [
        (
            "May I discard a wild?",
            Rules(wild_from_discard=False),
            "A Wild may still be discarded, but under these rules no Wild is taken",
        ),
        (
            "skipped twice in a row",
            Rules(skip_limit=SkipLimit.UNLIMITED),
            "the lost turns add up",
        ),
        (
            "skipped twice in a row",
            Rules(skip_limit=SkipLimit.PER_HAND),
            "one Skip in a whole hand",
        ),
        (
            "draw pile runs out",
            Rules(on_empty_draw_pile=EmptyDrawPile.END_HAND),
            "ends with no winner as soon as a turn starts with the draw pile empty",
        ),
        (
            "all wilds phase",
            Rules(naturals=NaturalRule.NONE),
            "Wilds alone, with no natural card at all",
        ),
        (
            "choose which phase",
            Rules(phase_choice=PhaseChoice.DECLARED),
            "a player declares a phase not yet completed",
        ),
        ("hit same turn I lay down", Rules(hit_on_lay_turn=False), "may not hit"),
        ("wrap from 12 to 1", Rules(wrap_runs=True), "as 11 12 1 2"),
        ("how many points", Rules(points=Points(skip=20)), "20 for a Skip"),
        ("how many cards dealt", Rules(hand_size=12), "dealt 12 cards"),
        ("how many cards are in the deck", PRESETS["masters"], "of 106 cards (deck)"),
        ("how many cards may I save", PRESETS["masters"], "saves_per_hand=1"),
        ("shorter game", Rules.first_phases(5), "5 phases (phases): 2 sets of 3;"),
        ("how many players", Rules(min_players=3), "3 to 6 players may play"),
        ("who wins", Rules(everyone_advances=True), "lowest total wins"),
        ("wrap from 12 to 1", Rules(wrap_runs=True), "never 0 or 13"),
    ],
    ids=str,
)
def test_a_few_answers_under_other_rules_word_by_word(
    question: str, rules: Rules, phrase: str
) -> None:
    """R22, R28, R25, R11, R44, R31, R42, R34, R19, R2, R46, R40 under rules
    other than the official ones."""
    (ruling,) = find_rulings(question, limit=1)
    assert phrase in ruling.under(rules)
    assert ruling.under(Rules()) == ruling.answer


def test_a_ruling_without_option_reads_the_same_under_any_rules() -> None:
    """R23: a Skip is never drawn from the discard pile, whatever the rules."""
    (ruling,) = find_rulings("pick up a skip from the discard pile", limit=1)
    assert ruling.option is None
    for rules in PRESETS.values():
        assert ruling.under(rules) == ruling.answer


def test_a_question_with_no_known_word_finds_nothing() -> None:
    assert find_rulings("xyzzy plugh?") == ()
    assert find_rulings("what is it?") == ()  # only words that say nothing


def test_the_limit_bounds_the_answers_and_keeps_the_order() -> None:
    every = find_rulings("skip", limit=len(RULINGS))
    assert len(every) > 3
    assert find_rulings("skip", limit=2) == every[:2]
    assert find_rulings("skip") == every[:3]


def test_the_lookup_is_the_same_whatever_the_rules_passed() -> None:
    question = "Can I take a joker from the discard pile?"
    found = find_rulings(question)
    assert find_rulings(question, Rules(wild_from_discard=False)) == found
    assert find_rulings(question, PRESETS["masters"], limit=3) == found


def test_a_clause_id_or_an_option_finds_its_rulings() -> None:
    assert find_rulings("R25")[0].clause == "R25"
    assert find_rulings("skip_next_only")[0].option == "skip_next_only"


def test_case_punctuation_and_endings_do_not_matter() -> None:
    assert find_rulings("MAY I DISCARD A WILD!!!") == find_rulings(
        "may i discard a wild"
    )
    assert (
        find_rulings("skipping a player twice")[0]
        == find_rulings("skip player twice")[0]
    )


@pytest.mark.parametrize(
    ("question", "limit", "rules"),
    [
        (None, 3, None),
        (42, 3, None),
        (b"may I discard a wild", 3, None),
        (["wild"], 3, None),
        ("", 3, None),
        ("   \n\t", 3, None),
        ("wild", 0, None),
        ("wild", -1, None),
        ("wild", True, None),
        ("wild", 2.0, None),
        ("wild", "3", None),
        ("wild", None, None),
        ("wild", 3, "official"),
        ("wild", 3, PRESETS),
        ("wild", 3, 0),
    ],
    ids=repr,
)
def test_bad_arguments_are_usage_errors(question: Any, limit: Any, rules: Any) -> None:
    with pytest.raises(UsageError) as caught:
        find_rulings(question, rules, limit=limit)
    assert type(caught.value) is UsageError
    assert str(caught.value)


@pytest.mark.parametrize("rules", [None, "official", 1, Rules], ids=repr)
def test_under_takes_rules_only(rules: Any) -> None:
    with pytest.raises(UsageError) as caught:
        RULINGS[0].under(rules)
    assert type(caught.value) is UsageError


@pytest.mark.parametrize(
    "fields",
    [
        {"clause": 22},
        {"question": ""},
        {"answer": None},
        {"option": "no_such_option"},
        {"keywords": "wild"},
        {"keywords": ("wild", 3)},
        {"keywords": 5},
    ],
    ids=repr,
)
def test_a_ruling_made_badly_is_a_usage_error(fields: dict[str, Any]) -> None:
    made = {"clause": "R22", "question": "Wild?", "answer": "Yes.", **fields}
    with pytest.raises(UsageError) as caught:
        Ruling(**made)
    assert type(caught.value) is UsageError


def test_a_ruling_is_immutable() -> None:
    ruling = RULINGS[0]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        ruling.answer = "No."  # type: ignore[misc]


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("Can I take a joker?", "Can I take a wild?"),
        ("What colour are jokers?", "What color are wilds?"),
        ("Do I lose a turn?", "Am I skipped?"),
        ("Can I play on his run?", "Can I hit his run?"),
        ("Can I put down my phase?", "Can I lay my phase?"),
        ("What if the pile runs out?", "What if the pile is empty?"),
    ],
    ids=str,
)
def test_a_players_words_read_as_the_rulings_words(said: str, meant: str) -> None:
    assert find_rulings(said, limit=5) == find_rulings(meant, limit=5) != ()
