"""Language-model players: the prompt, the answer reader and the bot.

No model and no network here: the bot is driven by scripted functions from
a prompt to an answer, some of them answering the way chat models do (in
prose, with the move in backticks, by its number, on the last line).
"""

from __future__ import annotations

import functools
import io
import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import game_states
from test_view import hidden_twin

from phase10 import (
    GameState,
    IllegalMove,
    NotationError,
    RulesError,
    Step,
    UsageError,
    WrongStep,
    apply,
    legal_actions,
    new_game,
    view,
)
from phase10.bots import (
    GreedyBot,
    LanguageModelBot,
    ProgramFailed,
    RandomBot,
    play_game,
    prompt,
    read_move,
    tournament,
)


def _discarding() -> GameState:
    """A state whose seat to move has drawn and may only discard: its
    moves are exactly ``X <card>`` for each card it holds."""
    state = new_game(3, seed=2)
    bot = GreedyBot(random.Random(1))
    for _ in range(30):
        state = apply(state, bot.choose(view(state, state.current)))
    return state


DISCARDING = _discarding()
MOVES = [move.notation for move in legal_actions(DISCARDING)]


def test_the_discarding_state_is_the_one_the_tables_assume() -> None:
    assert MOVES == ["X R4", "X Y5", "X Y7", "X R9"]


def _read(answer: str, strict: bool) -> str:
    """The notation read, or the kind of error and its message."""
    try:
        return read_move(answer, DISCARDING, strict=strict).notation
    except (NotationError, IllegalMove) as error:
        return f"{type(error).__name__}: {error}"


@pytest.mark.parametrize(
    ("answer", "strict", "lenient"),
    [
        ("X R4", "X R4", "X R4"),
        ("  x r9\n", "X R9", "X R9"),  # either case, spaces around
        ("discard Y5", "X Y5", "X Y5"),  # the verb written out is notation
        ("`X Y7`", "NotationError", "X Y7"),
        ("**X Y7**.", "NotationError", "X Y7"),
        ("Answer: X R9", "NotationError", "X R9"),
        ("My move - X R4", "NotationError", "X R4"),
        ("3", "NotationError", "X Y7"),  # by its number in the prompt's list
        ("#3", "NotationError", "X Y7"),
        ("Option 2.", "NotationError", "X Y5"),
        ("I think move 2 is best here.", "NotationError", "X Y5"),
        ("Y7 is far from any set, so I discard Y7.", "NotationError", "X Y7"),
        ("I'll go with `X R9` since it costs most.", "NotationError", "X R9"),
        (
            "Thinking it over...\nR4 could still make a set.\nX Y5",
            "NotationError",
            "X Y5",
        ),
        ("I would discard R4 or discard Y5.", "NotationError", "names 2 moves"),
        ("X R4 or X Y5", "NotationError", "names 2 moves"),
        ("hello", "NotationError", "no move could be read"),
        ("", "the answer is empty", "no move could be read"),
        ("5", "NotationError", "there is no move 5: the moves are numbered 1 to 4"),
        ("X B5", "CardNotInHand", "CardNotInHand"),  # read, and not legal
        ("D", "WrongStep", "WrongStep"),
        ("The discard pile tempts me: `D`", "NotationError", "WrongStep"),
        # A move named, and another spoken of: refused, never misread.
        (
            "Move 1 (X R4) would break my pair. I'll discard Y7 instead.",
            "",
            "NotationError",
        ),
        (
            "Discarding the Y7 is best; option 1 would waste my R4.",
            "",
            "other moves too",
        ),
        ("I'll get rid of Y7 rather than R4 (#1).", "", "other moves too"),
        ("I will not discard Y7. Instead I throw away R9.", "", "other moves too"),
        ("Answer: X R9\nPhase 2", "NotationError", "X R9"),  # its first line
        ("X R9\n\nR4 pairs with nothing.", "NotationError", "X R9"),
        ("#" + " " * 99_990 + "x", "NotationError", "no move could be read"),
        ("move" + "\t" * 99_990 + "x", "NotationError", "no move could be read"),
    ],
)
def test_answers_are_read_strictly_or_leniently(
    answer: str, strict: str, lenient: str
) -> None:
    assert strict in _read(answer, True)
    assert lenient in _read(answer, False)


@pytest.mark.parametrize(
    ("answer", "read"),
    [
        ("I'll take from the discard pile rather than draw from the draw pile.", ""),
        ("I'll draw. Taking from the discard pile (T) is worse.", ""),
        ("Option 2 is to take the discard, which I don't want; I'll draw.", ""),
        ("I will draw from the discard pile, so `T`.", "T"),
        ("I'll draw from the draw pile.", "D"),
    ],
)
def test_a_draw_named_while_the_other_pile_is_spoken_of_is_refused(
    answer: str, read: str
) -> None:
    seen = view(new_game(2, seed=1), 1)
    try:
        got = read_move(answer, seen, strict=False).notation
    except NotationError as error:
        got = ""
        assert "other moves too" in str(error) or "names 2" in str(error)
    assert got == read


def test_a_refusal_is_the_package_s_own_error_kind() -> None:
    with pytest.raises(WrongStep):
        read_move("D", DISCARDING)
    with pytest.raises(NotationError, match="longer than"):
        read_move("X R4 " * 30_000, DISCARDING, strict=False)
    with pytest.raises(UsageError, match="strict is True or False"):
        read_move("X R4", DISCARDING, strict=1)  # type: ignore[arg-type]


@given(state=game_states(), data=st.data())
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
def test_every_legal_move_is_read_in_each_way_the_prompt_offers(
    state: GameState, data: st.DataObject
) -> None:
    """Its notation, strictly; leniently, its notation, its number, its
    words in a sentence and its notation in backticks inside prose."""
    if state.step is Step.GAME_OVER:
        return
    seen = view(state, state.current)
    moves = legal_actions(seen)
    number = data.draw(st.integers(1, len(moves)))
    move = moves[number - 1]
    assert read_move(move.notation, seen) == move
    assert read_move(move.notation, seen, strict=False) == move
    assert read_move(str(number), seen, strict=False) == move
    assert read_move(f"I pick option {number}.", seen, strict=False) == move
    assert read_move(f"After some thought: I {move}.", seen, strict=False) == move
    assert read_move(f"So `{move.notation}` it is.", seen, strict=False) == move
    lines = prompt(seen).splitlines()
    assert f"{number}. {move.notation}: {move}" in lines


@given(state=game_states(), shake=st.integers(0, 2**32))
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
def test_a_prompt_tells_nothing_the_seat_cannot_see(
    state: GameState, shake: int
) -> None:
    """Re-deal the other hands, the draw pile, the face-down saves and the
    seed: every seat's prompt is the same, word for word (the
    non-interference test), and so is what is read from an answer."""
    for seat in range(len(state.players)):
        twin = hidden_twin(state, seat, random.Random(shake))
        assert prompt(view(twin, seat)) == prompt(view(state, seat))
    if state.step is Step.GAME_OVER:
        return
    seat = state.current  # a state is its mover's view
    twin = hidden_twin(state, seat, random.Random(shake))
    assert prompt(twin) == prompt(state)
    for answer in ("1", "D", "take", "X R7", "H W 0 low"):
        assert _outcome(answer, view(state, seat)) == _outcome(answer, view(twin, seat))


def _outcome(answer: str, seen: Any) -> str:
    try:
        return read_move(answer, seen, strict=False).notation
    except (NotationError, IllegalMove) as error:
        return f"{type(error).__name__}: {error}"


def test_a_prompt_says_what_the_seat_sees_in_sentences() -> None:
    text = prompt(view(DISCARDING, DISCARDING.current))
    seen = view(DISCARDING, DISCARDING.current)
    assert "This is hand 1, dealt by you. Your turn: hit, then discard." in text
    assert "Your hand, 4 cards: R4 Y5 Y7 R9." in text
    assert "Player 2 (seat 1): 10 cards in hand, 0 points, phase 1: 2 sets of 3" in text
    assert "holds G4 G7 G9" in text  # the cards it took from the discard pile
    assert "- group 0, Player 3's set of 11s: G11 G11 R11 Y11" in text
    assert f"the draw pile has {seen.draw_size} cards" in text
    assert "Your last answer" not in text
    again = prompt(seen, refused="you do not hold B5 (rule R21)")
    assert again.endswith(
        "Your last answer was refused: you do not hold B5 (rule R21). Answer again."
    )
    waiting = prompt(view(DISCARDING, 1))
    assert "Player 1's turn" in waiting and "no move to make now" in waiting


def test_a_prompt_is_for_a_seat() -> None:
    with pytest.raises(UsageError, match="spectator"):
        prompt(view(DISCARDING, None))
    with pytest.raises(UsageError, match="refused is a text"):
        prompt(DISCARDING, refused=3)  # type: ignore[arg-type]


# --- the bot -------------------------------------------------------------------


def scripted(*answers: str) -> Callable[[str], str]:
    """A model that gives ``answers`` in turn, then repeats the last."""
    given = iter(answers)
    last = [answers[-1]]

    def model(text: str) -> str:
        last[0] = next(given, last[0])
        return last[0]

    return model


def chatty(seed: int) -> Callable[[str], str]:
    """A model that answers the way chat models do: a random move of the
    prompt's list, named in one of several ways, inside prose."""
    rng = random.Random(seed)

    def model(text: str) -> str:
        listed = re.findall(r"^(\d+)\. ([^:]+): (.*)$", text, re.MULTILINE)
        number, notation, words = rng.choice(listed)
        answer: str = rng.choice(
            [
                notation,
                f"Let me think about this.\nAnswer: {notation}",
                f"I will {words}, so `{notation}`.",
                f"Option {number}.",
                number,
            ]
        )
        return answer

    return model


def test_a_model_plays_whole_games_through_prose_answers() -> None:
    for seed in range(3):
        trace = io.StringIO()
        bot = LanguageModelBot(chatty(seed), trace=trace)
        result = play_game([bot, GreedyBot(random.Random(seed))], seed=seed)
        assert result.final.step is Step.GAME_OVER
        assert bot.stats["decisions"] == bot.stats["answers"] == bot.stats["moves"]
        assert bot.stats["unreadable"] == bot.stats["illegal"] == 0
        records = [json.loads(line) for line in trace.getvalue().splitlines()]
        kinds = [record["type"] for record in records]
        assert kinds == ["prompt", "answer", "move"] * bot.stats["decisions"] + [
            "outcome"
        ]
        assert records[-1]["winner"] == result.winner
        assert records[-1]["scores"] == list(result.scores)
        assert records[-1]["seat"] == 0 and records[-1]["over"] is True


def test_a_refused_answer_is_asked_again_with_the_reason_and_counted() -> None:
    trace = io.StringIO()
    bot = LanguageModelBot(scripted("I have no idea", "D", "2"), trace=trace)
    seen = view(DISCARDING, DISCARDING.current)
    assert bot.choose(seen).notation == "X Y5"
    assert bot.stats == {
        "decisions": 1,
        "answers": 3,
        "moves": 1,
        "unreadable": 1,
        "illegal": 1,
        "fallbacks": 0,
    }
    records = [json.loads(line) for line in trace.getvalue().splitlines()]
    prompts = [r for r in records if r["type"] == "prompt"]
    answers = [r for r in records if r["type"] == "answer"]
    assert [p["attempt"] for p in prompts] == [1, 2, 3]
    assert "Your last answer" not in prompts[0]["text"]
    assert "no move could be read" in prompts[1]["text"]
    assert [a["outcome"] for a in answers] == ["unreadable", "illegal", "move"]
    assert "you have already drawn" in prompts[2]["text"]
    assert records[-1] == {"type": "move", "decision": 1, "move": "X Y5", "by": "model"}


def test_answers_refused_past_the_retries_fail_or_fall_back() -> None:
    seen = view(DISCARDING, DISCARDING.current)
    bot = LanguageModelBot(scripted("D"), retries=1)
    with pytest.raises(ProgramFailed, match="no move that could be played in 2"):
        bot.choose(seen)
    assert bot.stats["illegal"] == 2 and bot.stats["moves"] == 0
    fallback = RandomBot(random.Random(5))
    bot = LanguageModelBot(scripted("D"), retries=0, fallback=fallback)
    assert bot.choose(seen) == RandomBot(random.Random(5)).choose(seen)
    assert bot.stats["fallbacks"] == 1 and bot.stats["illegal"] == 1


def test_strict_refuses_what_lenient_reads() -> None:
    seen = view(DISCARDING, DISCARDING.current)
    lenient = LanguageModelBot(scripted("`X R9`"))
    assert lenient.choose(seen).notation == "X R9"
    strict = LanguageModelBot(scripted("`X R9`", "X R9"), strict=True)
    assert strict.choose(seen).notation == "X R9"
    assert strict.stats["unreadable"] == 1


def test_a_model_that_answers_no_text_is_a_usage_error() -> None:
    bot = LanguageModelBot(lambda text: None)  # type: ignore[arg-type,return-value]
    with pytest.raises(UsageError, match="not a text"):
        bot.choose(DISCARDING)


def _without_times(trace: str) -> list[dict[str, Any]]:
    records = [json.loads(line) for line in trace.splitlines()]
    for record in records:
        record.pop("seconds", None)
    return records


@given(state=game_states(), shake=st.integers(0, 2**32))
@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow])
def test_a_trace_tells_nothing_the_seat_cannot_see(
    state: GameState, shake: int
) -> None:
    """The same model at a state and at its hidden twin writes the same
    trace (the non-interference test, for the trace)."""
    if state.step is Step.GAME_OVER:
        return
    seat = state.current
    twin = hidden_twin(state, seat, random.Random(shake))
    traces = []
    for game in (state, twin):
        trace = io.StringIO()
        bot = LanguageModelBot(chatty(shake), retries=1, trace=trace)
        bot.choose(game)  # the bot is given the state, and takes its view
        traces.append(_without_times(trace.getvalue()))
    assert traces[0] == traces[1]


def test_a_model_bot_plays_a_tournament_as_a_factory() -> None:
    def model(text: str) -> str:
        return "1"

    factory = functools.partial(LanguageModelBot, model, fallback=None)
    result = tournament({"model": factory, "greedy": GreedyBot}, games=2, seed=1)
    assert sum(result.wins.values()) == 2


def test_wrong_options_are_refused() -> None:
    model = scripted("D")
    cases: list[tuple[dict[str, Any], str]] = [
        ({"model": 3}, "model is a function"),
        ({"retries": "2"}, "retries"),
        ({"fallback": "greedy"}, "fallback is a bot"),
        ({"trace": "trace.jsonl"}, "trace is a text stream"),
        ({"strict": "yes"}, "strict is True or False"),
    ]
    for options, message in cases:
        arguments: dict[str, Any] = {"model": model, **options}
        with pytest.raises(UsageError, match=message):
            LanguageModelBot(**arguments)
    with pytest.raises(RulesError, match="retries is a whole number of at least 0"):
        LanguageModelBot(model, retries=-1)
    with pytest.raises(UsageError, match="GameResult"):
        LanguageModelBot(model).game_over("over")  # type: ignore[arg-type]


def test_the_prompt_tells_what_happened_since_the_model_was_last_asked() -> None:
    """The events the bot is told (as ``play_game`` tells them: each as its
    seat may know it) are in the next prompt, once, after the facts; a card
    another seat drew blind is not named."""
    from phase10 import Discard, Draw, apply_with_events, new_game_with_events

    texts: list[str] = []

    def model(text: str) -> str:
        texts.append(text)
        return "1"

    bot = LanguageModelBot(model)
    state, dealt = new_game_with_events(2, seed=11)
    watcher = 1 - state.current
    bot.observe([event.seen_by(watcher) for event in dealt])
    state, drawn = apply_with_events(state, Draw())
    secret = state.players[state.current].hand[-1]
    bot.observe([event.seen_by(watcher) for event in drawn])
    state, discarded = apply_with_events(state, Discard(secret))
    bot.observe([event.seen_by(watcher) for event in discarded])
    assert state.current == watcher
    bot.choose(view(state, watcher))
    bot.choose(view(apply(state, Draw()), watcher))
    first = texts[0].split("What happened since you were last asked:\n")[1]
    told = first.split("\n\n")[0].splitlines()
    names = [player.name for player in state.players]
    mover = names[1 - watcher]
    dealer = names[state.dealer]
    assert told[0].startswith(f"- {dealer} deals hand 1; the discard pile starts with")
    assert told[1:] == [
        f"- {mover} draws a card from the draw pile",
        f"- {mover} discards {secret}",
    ]
    assert "What happened" not in texts[1]  # told once, and nothing since
    assert "What happened" not in prompt(view(state, watcher))
    with pytest.raises(UsageError, match="a sequence of events"):
        bot.observe("D")  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="events only"):
        prompt(view(state, watcher), None, [Draw()])  # type: ignore[list-item]


def test_a_model_in_play_game_is_told_the_other_seats_moves() -> None:
    texts: list[str] = []

    def model(text: str) -> str:
        texts.append(text)
        return "1"

    play_game([GreedyBot(), LanguageModelBot(model)], seed=3, max_moves=30)
    later = [text for text in texts[1:] if "What happened" in text]
    assert len(later) >= len(texts) // 2
    assert any("Player 1 discards" in text for text in later)
