"""The move notation: ``action.notation`` and ``parse_action``, its inverse."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import rules_records

from phase10 import (
    Action,
    Discard,
    Draw,
    End,
    Hit,
    LayPhase,
    NextHand,
    NotationError,
    Pile,
    Rules,
    Skip,
    Step,
    UsageError,
    apply,
    legal_actions,
    new_game,
    parse_action,
)
from phase10.bots import GreedyBot

EXAMPLES: list[tuple[Action, str]] = [
    (Draw(), "D"),
    (Draw(Pile.DISCARD), "T"),
    (LayPhase(["R5 B5 G5", "Y7 R7 W"]), "L R5 B5 G5 | Y7 R7 W"),
    (LayPhase(["R1 R2 R3 R4 W R6 R7"]), "L R1 R2 R3 R4 W R6 R7"),
    (Hit("R7", 2), "H R7 2"),
    (Hit("W", 0, end=End.LOW), "H W 0 low"),
    (Hit("W", 11, end=End.HIGH), "H W 11 high"),
    (Discard("B12"), "X B12"),
    (Skip(1), "S 1"),
    (Skip(None), "S -"),
    (NextHand(), "N"),
    (LayPhase([]), "L"),
]


@pytest.mark.parametrize(("action", "text"), EXAMPLES, ids=[t for _, t in EXAMPLES])
def test_each_move_has_a_canonical_notation_that_reads_back(
    action: Action, text: str
) -> None:
    assert action.notation == text
    assert parse_action(text) == action
    assert parse_action(text.lower()) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("draw", Draw()),
        ("take", Draw(Pile.DISCARD)),
        ("  lay r5 b5 g5|y7 r7 w ", LayPhase(["R5 B5 G5", "Y7 R7 W"])),
        ("lay R5,B5,G5 | Y7 R7 W", LayPhase(["R5 B5 G5", "Y7 R7 W"])),
        ("Hit w 3 LOW", Hit("W", 3, end=End.LOW)),
        ("discard r7", Discard("R7")),
        ("SKIP 2", Skip(2)),
        ("skip -", Skip(None)),
        ("next", NextHand()),
        ("\tX\tR7\n", Discard("R7")),
    ],
)
def test_verbs_may_be_written_out_in_either_case(text: str, action: Action) -> None:
    assert parse_action(text) == action


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "is not a move: start with D \\(draw\\)"),
        ("Q R7", "'Q' is not a move: start with D"),
        ("D R7", "'D R7' is not a move: it is written D"),
        ("X", "it is written X <card>, such as 'X R7'"),
        ("X R7 R8", "it is written X <card>"),
        ("X R13", "'R13' is not a card.*a move X is written X <card>"),
        ("H R7", "it is written H <card> <group number> \\[low\\|high\\]"),
        ("H R7 two", "a group number is written in digits, such as 0 or 2, not 'two'"),
        ("H R7 -1", "a group number is written in digits"),
        ("H W 0 middle", "the end of a run is low or high, not 'middle'"),
        ("H W 1234567890", "a group number is written in digits"),
        ("S", "it is written S <seat> or S - \\(against nobody\\)"),
        ("S x", "a seat is written in digits"),
        ("L R5 B5 | Q9", "'Q9' is not a card.*a move L is written L <cards>"),
        ("X R\uff17", "a move is written in ASCII text"),
        ("\u017f 1", "a move is written in ASCII text"),
    ],
)
def test_bad_notation_says_what_was_expected(text: str, expected: str) -> None:
    with pytest.raises(NotationError, match=expected):
        parse_action(text)


@pytest.mark.parametrize("value", [None, 7, b"D", ["D"]])
def test_a_move_is_read_from_text_only(value: object) -> None:
    with pytest.raises(UsageError, match="a move is written in ASCII text"):
        parse_action(value)  # type: ignore[arg-type]


def test_a_refusal_never_quotes_a_huge_input_whole() -> None:
    huge = "Q" + "7" * 1_000_000
    with pytest.raises(NotationError) as refusal:
        parse_action(huge)
    assert len(str(refusal.value)) < 300
    with pytest.raises(NotationError) as refusal:
        parse_action("L " + "R13 " * 100_000)
    assert len(str(refusal.value)) < 300


def test_notation_is_not_the_english_sentence() -> None:
    assert str(Hit("W", 0, end=End.LOW)) == "hit W on group 0 at the low end"
    assert str(Draw(Pile.DISCARD)) == "draw from the discard pile"


@pytest.mark.slow
@settings(max_examples=25)
@given(rules=rules_records(), seed=st.integers(0, 2**32), players=st.integers(2, 6))
def test_every_legal_action_reads_back_from_its_notation(
    rules: Rules, seed: int, players: int
) -> None:
    """parse_action(a.notation) == a for every action legal_actions yields,
    over whole games of random legal play under random rules."""
    players = max(rules.min_players, min(players, rules.max_players))
    state = new_game(players, rules, seed=seed)
    bot = GreedyBot(random.Random(seed))
    chance = random.Random(seed)
    for _ in range(400):
        if state.step is Step.GAME_OVER:
            break
        actions = legal_actions(state)
        for action in actions:
            assert parse_action(action.notation) == action, action
        # Mostly the greedy bot, to reach lays and hits; sometimes any move.
        choice = bot.choose(state) if chance.random() < 0.7 else chance.choice(actions)
        state = apply(state, choice)
