"""The move notation: ``action.notation`` and ``parse_action``, its inverse."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import rules_records

import phase10
from phase10 import (
    FACES,
    PRESETS,
    Action,
    Discard,
    Draw,
    End,
    Hit,
    IllegalMove,
    LayPhase,
    NextHand,
    NotationError,
    Pile,
    Rules,
    Skip,
    Step,
    UsageError,
    apply,
    from_json,
    legal_actions,
    new_game,
    parse_action,
    to_json,
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
]


@pytest.mark.parametrize(("action", "text"), EXAMPLES, ids=[t for _, t in EXAMPLES])
def test_each_move_has_a_canonical_notation_that_reads_back(
    action: Action, text: str
) -> None:
    assert action.notation == text
    assert parse_action(text) == action
    assert parse_action(text.lower()) == action
    assert type(action).from_notation(text) == action


@pytest.mark.parametrize(("action", "text"), EXAMPLES, ids=[t for _, t in EXAMPLES])
def test_a_moves_repr_is_short_and_evaluates_back(action: Action, text: str) -> None:
    """repr(move) is its class reading its notation, as python-chess writes
    Move.from_uci('e2e4'), and evaluates back to the move."""
    assert repr(action) == f"{type(action).__name__}.from_notation({text!r})"
    assert eval(repr(action), vars(phase10)) == action


def test_a_kind_reads_only_its_own_notation() -> None:
    """Hit.from_notation reads hits only, and says what the text is."""
    with pytest.raises(NotationError, match="'X R7' is a Discard, not a Hit"):
        Hit.from_notation("X R7")
    assert Discard.from_notation("discard r7") == Discard("R7")


@pytest.mark.parametrize(
    "make",
    [
        lambda: LayPhase([]),
        lambda: LayPhase(["R5 B5 G5", ""]),
        lambda: Hit("R7", -1),
        lambda: Hit("R7", 10**9),
        lambda: Skip(-1),
        lambda: Skip(10**9),
    ],
)
def test_a_record_refuses_at_construction_what_its_readers_refuse(
    make: Callable[[], Action],
) -> None:
    """A move record that could not be read back from its notation or JSON
    cannot be made: no empty lay or group, no negative or ten-digit number."""
    with pytest.raises(NotationError):
        make()


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
        (
            "H W 1234567890",
            "there is no group 1234567890: no game has that many groups",
        ),
        ("S", "it is written S <seat> or S - \\(against nobody\\)"),
        ("S x", "a seat is written in digits"),
        ("S 1234567890", "there is no seat 1234567890: no game has that many seats"),
        ("P x", "a phase's number is written in digits, such as 1 or 7, not 'x'"),
        ("P 0", "there is no phase 0: a phase's number counts from 1"),
        ("P 1234567890", "there is no phase 1234567890: no game has that many"),
        ("L R5 B5 | Q9", "'Q9' is not a card.*a move L is written L <cards>"),
        ("L |", "one or more groups of one or more cards"),
        ("L", "one or more groups of one or more cards"),
        ("L R5 B5 G5 |", "one or more groups of one or more cards"),
        ("L | R5 B5 G5", "one or more groups of one or more cards"),
        ("X R\uff17", "a move is written in ASCII text"),
        ("\u017f 1", "a move is written in ASCII text"),
    ],
)
def test_bad_notation_says_what_was_expected(text: str, expected: str) -> None:
    with pytest.raises(NotationError, match=expected):
        parse_action(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("L ,R5", "',R5' starts with a comma: a comma goes between two cards"),
        ("L R5,", "'R5,' ends with a comma: a comma goes between two cards"),
        ("L R5 B5 G5, | Y7 R7 W", "'R5 B5 G5,' ends with a comma"),
        ("L R5 B5 G5 | ,Y7 R7 W", "',Y7 R7 W' starts with a comma"),
        ("L R5 B5 G5 |, Y7 R7 W", "', Y7 R7 W' starts with a comma"),
        ("L R5 B5 G5 ,| Y7 R7 W", "'R5 B5 G5 ,' ends with a comma"),
        ("L ,", "',' starts with a comma"),
        ("lay r5 , , | y7", "'r5 , ,' ends with a comma"),
    ],
)
def test_a_lay_refuses_a_comma_that_is_not_between_two_cards(
    text: str, expected: str
) -> None:
    """The grammar puts commas between the cards of a group only: a comma
    before a group's first card or after its last is refused, saying so."""
    with pytest.raises(NotationError, match=expected) as refusal:
        parse_action(text)
    assert "a move L is written L <cards> | <cards>" in str(refusal.value)
    with pytest.raises(NotationError, match=expected):
        LayPhase.from_notation(text)


@pytest.mark.parametrize(
    ("text", "groups"),
    [
        ("L R5,B5 , G5|Y7,,R7 W", ["R5 B5 G5", "Y7 R7 W"]),
        ("L R5, B5,G5 | Y7", ["R5 B5 G5", "Y7"]),
    ],
)
def test_commas_between_the_cards_of_a_group_still_read(
    text: str, groups: list[str]
) -> None:
    """Commas and spaces, one or more, separate the cards of a group."""
    assert parse_action(text) == LayPhase(groups)


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
    """parse_action(a.notation) == a, and eval(repr(a)) == a, for every action
    legal_actions yields, over whole games of random legal play under random
    rules."""
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
            assert eval(repr(action), vars(phase10)) == action
        # Mostly the greedy bot, to reach lays and hits; sometimes any move.
        choice = bot.choose(state) if chance.random() < 0.7 else chance.choice(actions)
        state = apply(state, choice)


@st.composite
def move_records(draw: st.DrawFn) -> Action:
    """Any move record that can be made, from the values its fields take."""
    cards = st.sampled_from(list(FACES))
    number = st.integers(-3, 10**10)
    kind = draw(st.sampled_from(["draw", "lay", "hit", "discard", "skip", "next"]))
    if kind == "draw":
        return Draw(draw(st.sampled_from(list(Pile))))
    if kind == "lay":
        groups = st.lists(st.lists(cards, max_size=4), max_size=4)
        return LayPhase(draw(groups))
    if kind == "hit":
        return Hit(draw(cards), draw(number), draw(st.sampled_from([None, *End])))
    if kind == "discard":
        return Discard(draw(cards))
    if kind == "skip":
        return Skip(draw(st.one_of(st.none(), number)))
    return NextHand()


@given(st.data())
def test_whatever_record_can_be_made_reads_back(data: st.DataObject) -> None:
    """A move record that its constructor accepts is written and read back,
    as JSON and in the notation: a record never writes what its readers
    refuse."""
    try:
        action = data.draw(move_records())
    except NotationError:
        return  # refused when made, as its readers would refuse it
    assert from_json(to_json(action), Action) == action
    assert parse_action(action.notation) == action
    assert eval(repr(action), vars(phase10)) == action


TYPED = [
    "D", "T", "L R5 B5 G5 | Y7 R7 W", "L W W W W", "H R7 0", "H W 0 low",
    "H R7 99", "X R7", "X S", "X W", "S 0", "S 1", "S 9", "S -", "P 1", "P 3",
    "P 11", "K W", "K S", "U W", "E R7 0", "N",
]  # fmt: skip
"""Moves a person might type at any step, most of them refused."""

FIELD_WORDS = re.compile(
    r"Rules\.|[a-z]+_[a-z]+|\b(True|False|None)\b|[A-Z][a-z]+\.[A-Z_]{2,}"
    r"|PhaseChoice|SkipLimit|NaturalRule|\bint\b|\bstr\b|999,999,999"
)
"""What a programmer writes and a player should never read: a field's
name, an enum member, a Python type, the notation's limit."""


@pytest.mark.parametrize(
    "rules",
    [
        PRESETS["official"],
        PRESETS["masters"],
        PRESETS["masters-declare"],
        Rules(swap_wilds=True, skip_next_only=True, wild_from_discard=False),
    ],
    ids=["official", "masters", "masters-declare", "house rules"],
)
def test_refusals_of_typed_moves_speak_the_games_words(rules: Rules) -> None:
    """Every refusal a typed move meets, read by parse_action and made with
    apply at each step of a game, is in the game's words: no field name,
    enum member or Python type."""
    state = new_game(["Ann", "Bob", "Cy"], rules, seed=5)
    bot = GreedyBot(random.Random(5))
    said = set()
    for _ in range(150):
        if state.step is Step.GAME_OVER:
            break
        for text in TYPED:
            try:
                apply(state, parse_action(text), player=state.current)
            except (NotationError, IllegalMove) as refusal:
                said.add(str(refusal))
        state = apply(state, bot.choose(state))
    assert len(said) > 15
    spoken = [message for message in said if FIELD_WORDS.search(message)]
    assert not spoken


@pytest.mark.parametrize(
    ("rules", "text", "refusal"),
    [
        (
            Rules(),
            "P 3",
            "in this game the phases are played in order: you cannot choose one "
            "(rule R16)",
        ),
        (Rules(), "K W", "these rules save no cards: end your turn by discarding"),
        (Rules(), "E R7 0", "these rules leave a laid Wild on the table: it cannot"),
    ],
)
def test_a_move_the_game_does_not_have_says_what_it_has(
    rules: Rules, text: str, refusal: str
) -> None:
    """Choosing a phase in the classic game, saving a card or taking a Wild
    back without the rules for it is refused saying what the game does."""
    state = new_game(2, rules, seed=2)
    state = apply(state, Draw())
    with pytest.raises(IllegalMove, match=re.escape(refusal)):
        apply(state, parse_action(text))
