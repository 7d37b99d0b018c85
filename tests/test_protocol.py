"""The bot protocol: programs in any language play through JSON lines.

The host is :class:`~phase10.bots.ProgramBot`; the guests are
``python -m phase10 serve`` (a level), small Python programs written here
that misbehave on purpose, and a JavaScript bot run by node
(``tests/programs/bot.js``; skipped without node, except where
``PHASE10_NO_SKIPS=1``).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import game_states
from test_view import hidden_twin

from phase10 import (
    PRESETS,
    CardDrawn,
    Draw,
    Event,
    FormatError,
    GameRecord,
    GameState,
    IllegalMove,
    NotationError,
    Pile,
    Rules,
    RulesError,
    Step,
    UsageError,
    WrongStep,
    apply,
    apply_with_events,
    final_state,
    new_game,
    new_game_with_events,
    to_dict,
    view,
)
from phase10.__main__ import main
from phase10.bots import (
    GreedyBot,
    ProgramBot,
    ProgramFailed,
    choose_message,
    events_message,
    hello_message,
    level,
    play_game,
    protocol_schema,
    read_answer,
    serve,
    tournament,
)

HERE = Path(__file__).parent
SERVE = [sys.executable, "-m", "phase10", "serve"]


def guest(tmp_path: Path, body: str) -> list[str]:
    """A Python guest program: ``body`` runs for each message, with
    ``message`` read and ``say(obj)`` to answer; every message it is sent
    is also kept, one a line, in ``tmp_path / "heard"``."""
    program = tmp_path / "guest.py"
    program.write_text(
        textwrap.dedent(
            """\
            import json, sys, time
            heard = open(sys.argv[1], "a")
            def say(obj):
                print(json.dumps(obj), flush=True)
            for line in sys.stdin:
                heard.write(line); heard.flush()
                message = json.loads(line)
                if message["type"] == "hello":
                    say({"type": "ready", "name": "guest"})
                    continue
                if message["type"] == "bye":
                    break
            """
        )
        + textwrap.indent(textwrap.dedent(body), "    ")
    )
    return [sys.executable, str(program), str(tmp_path / "heard")]


def heard(tmp_path: Path) -> list[dict[str, Any]]:
    lines = (tmp_path / "heard").read_text().splitlines()
    return [json.loads(line) for line in lines]


# --- whole games through the protocol ------------------------------------------


def test_a_served_level_plays_exactly_as_the_same_bot_in_this_process() -> None:
    """The view document carries all the bot reads: ``serve casual`` over
    the protocol makes the very moves GreedyBot makes here, a whole game."""
    rules = Rules.first_phases(3)
    with ProgramBot([*SERVE, "casual", "--seed", "4"]) as outside:
        there = play_game([outside, GreedyBot(random.Random(9))], rules, seed=6)
        assert outside.name == "phase10 casual"
    mine = Counted(level("casual", random.Random(4)))
    here = play_game([mine, GreedyBot(random.Random(9))], rules, seed=6)
    assert there.final == here.final
    assert outside.stats == {
        "moves": mine.moves,
        "refused": 0,
        "late": 0,
        "fallbacks": 0,
    }


class Counted:
    """A bot that counts its moves."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.moves = 0

    def choose(self, seen: Any) -> Any:
        self.moves += 1
        return self.bot.choose(seen)


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("PHASE10_NO_SKIPS") == "1":
            pytest.fail("node is needed for the JavaScript bot")
        pytest.skip("node is not installed")
    return node


JS_BOT = str(HERE / "programs" / "bot.js")


def test_a_javascript_bot_plays_whole_games() -> None:
    """A bot in another language, run by node, plays seeded games to their
    end against GreedyBot, in notation and in move documents."""
    node = _node()
    for seed in range(3):
        with ProgramBot([node, JS_BOT], random.Random(seed)) as js:
            result = play_game([js, GreedyBot()], Rules.first_phases(2), seed=seed)
            assert result.winner is not None
            assert js.name == "bot.js" and js.stats["moves"] > 10
            assert js.stats["refused"] == js.stats["fallbacks"] == 0


def test_a_javascript_bot_plays_a_tournament_and_replays_it() -> None:
    """``functools.partial(ProgramBot, command)`` is a bot factory: the
    tournament starts a program a game, seeds it through hello, and the same
    tournament gives the same results again, here and on two processes."""
    import functools

    node = _node()
    entrants: dict[str, Any] = {
        "js": functools.partial(ProgramBot, [node, JS_BOT]),
        "greedy": GreedyBot,
    }

    def play(executor: Any) -> Any:
        return tournament(
            entrants, games=4, rules=Rules.first_phases(2), seed=2, executor=executor
        )

    first = play(None)
    assert first.games == 4 and first.unfinished == 0
    assert sum(first.wins.values()) == 4
    assert play(None) == first
    # Pools of processes started by spawn: a fork of this process, which
    # runs the reader threads of the bots' programs, may inherit a held lock.
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(
        2, mp_context=multiprocessing.get_context("spawn")
    ) as pool:
        assert play(pool) == first


# --- what the host does with a guest that misbehaves ----------------------------


def start(seed: int = 1) -> Any:
    """The view of the first seat to move in a new game."""
    state = new_game(2, seed=seed)
    return view(state, state.current)


def test_a_refused_answer_is_asked_again_with_the_reason(tmp_path: Path) -> None:
    command = guest(
        tmp_path,
        """
        if message["refused"] is None:
            say({"type": "move", "id": message["id"], "move": "L R1 R1 R1"})
        else:
            say({"type": "move", "id": message["id"], "move": "D"})
        """,
    )
    with ProgramBot(command) as bot:
        assert bot.choose(start()) == Draw()
        assert bot.stats == {"moves": 1, "refused": 1, "late": 0, "fallbacks": 0}
    first, second = (m for m in heard(tmp_path) if m["type"] == "choose")
    assert first["id"] == second["id"] and first["refused"] is None
    assert "draw" in second["refused"].lower()  # the rules' own reason


def test_answers_refused_past_the_retries_forfeit_or_fall_back(tmp_path: Path) -> None:
    body = 'say({"type": "move", "id": message["id"], "move": "X 9"})'
    with ProgramBot(guest(tmp_path, body), retries=2) as bot:
        with pytest.raises(ProgramFailed, match="no move that could be played in 3"):
            bot.choose(start())
        assert bot.stats["refused"] == 3
    fallback = GreedyBot(random.Random(1))
    with ProgramBot(guest(tmp_path, body), retries=0, fallback=fallback) as bot:
        seen = start()
        assert bot.choose(seen) == GreedyBot(random.Random(1)).choose(seen)
        assert bot.choose(seen) == GreedyBot(random.Random(1)).choose(seen)
        assert bot.stats == {"moves": 0, "refused": 1, "late": 0, "fallbacks": 2}


def test_a_program_too_slow_is_stopped_not_waited_for(tmp_path: Path) -> None:
    import time

    body = """
    time.sleep(30)
    """
    with ProgramBot(guest(tmp_path, body), time_limit=0.3) as bot:
        began = time.monotonic()
        with pytest.raises(ProgramFailed, match=r"no answer within 0.3 s"):
            bot.choose(start())
        assert time.monotonic() - began < 5
        assert bot.stats["late"] == 1
        assert bot._process is not None and bot._process.poll() is not None


def test_a_program_that_stops_or_cannot_start_is_a_clear_failure(
    tmp_path: Path,
) -> None:
    stops = ProgramBot(guest(tmp_path, "sys.exit(7)"))
    with stops, pytest.raises(ProgramFailed, match=r"stopped \(exit code 7\)"):
        stops.choose(start())
    absent = ProgramBot([str(tmp_path / "no-such-program")])
    with absent, pytest.raises(ProgramFailed, match="cannot be started"):
        absent.choose(start())
    silent = [sys.executable, "-c", "import sys; sys.stdin.readline(); print('hi')"]
    with ProgramBot(silent) as bot, pytest.raises(ProgramFailed, match="not ready"):
        bot.choose(start())


def test_closing_says_bye_and_leaves_no_process(tmp_path: Path) -> None:
    bot = ProgramBot(
        guest(tmp_path, 'say({"type": "move", "id": message["id"], "move": "D"})')
    )
    bot.choose(start())
    process = bot._process
    assert process is not None and process.poll() is None
    bot.close()
    assert process.poll() == 0  # it read bye and ended by itself
    assert heard(tmp_path)[-1] == {"type": "bye"}
    bot.close()  # again: nothing left to do


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("python bot.py",), "list of the program"),
        (([],), "non-empty list"),
        (([1],), "non-empty list"),
    ],
)
def test_a_wrong_command_is_a_usage_error(arguments: tuple[Any], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        ProgramBot(*arguments)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"time_limit": 0}, "time_limit is a number of seconds above 0"),
        ({"time_limit": True}, "time_limit"),
        ({"start_limit": -1.0}, "start_limit"),
        ({"retries": -1}, "retries"),
        ({"fallback": "greedy"}, "fallback is a bot"),
    ],
)
def test_wrong_options_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises((UsageError, ValueError), match=message):
        ProgramBot(["true"], **options)


# --- the messages -----------------------------------------------------------------


def test_answers_are_read_or_refused_with_the_kind_of_fault() -> None:
    seen = start()
    draw = to_dict(Draw())
    assert read_answer('{"type":"move","id":2,"move":"d"}', 2, seen) == Draw()
    assert (
        read_answer(json.dumps({"type": "move", "id": 2, "move": draw}), 2, seen)
        == Draw()
    )
    for line, fault, words in [
        ("D", FormatError, "not a JSON object"),
        ('["move"]', FormatError, '"type": "move"'),
        ('{"type":"move","id":1,"move":"D"}', FormatError, "question 2, not 1"),
        ('{"type":"move","id":true,"move":"D"}', FormatError, "question 2"),
        ('{"type":"move","id":2,"move":"Q"}', NotationError, "Q"),
        ('{"type":"move","id":2,"move":7}', NotationError, "notation"),
        ('{"type":"move","id":2,"move":{"type":"draw"}}', NotationError, "document"),
        ('{"type":"move","id":2,"move":"X R7"}', IllegalMove, "before you discard"),
    ]:
        with pytest.raises(fault, match=words):
            read_answer(line, 2, seen)
    drawn = _drawn()
    with pytest.raises(WrongStep, match="R21"):  # the rules' own refusal
        read_answer('{"type":"move","id":2,"move":"D"}', 2, view(drawn, drawn.current))


def _drawn() -> GameState:
    return apply(new_game(2, seed=1), Draw())


def test_every_message_matches_the_protocol_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(protocol_schema())
    rng = random.Random(3)
    for name in ("official", "masters"):
        rules = PRESETS[name]
        validator.validate(hello_message(rules, 3, 5.0))
        state = new_game(3, rules, seed=2)
        for number in range(40):
            if state.step is Step.GAME_OVER:
                break
            seen = view(state, state.current)
            validator.validate(
                choose_message(seen, number, "a reason" if number else None)
            )
            move = GreedyBot(rng).choose(seen)
            validator.validate({"type": "move", "id": number, "move": move.notation})
            validator.validate({"type": "move", "id": number, "move": to_dict(move)})
            state, happened = apply_with_events(state, move)
            for seat in (0, 1, None):
                validator.validate(events_message([e.seen_by(seat) for e in happened]))
    with pytest.raises(RulesError, match="at least 2"):
        hello_message(Rules(), 1, 5.0)  # never written where the schema refuses
    for good in (
        {"type": "ready", "name": "x"},
        {"type": "ready", "name": "x", "events": True},
        {"type": "bye"},
    ):
        validator.validate(good)
    for bad in (
        {"type": "move", "move": "D"},
        {"type": "move", "id": -1, "move": "D"},
        {"type": "hello", "protocol": "phase10/bot", "version": 2},
        {"type": "dance"},
    ):
        assert not validator.is_valid(bad), bad


@given(state=game_states(), shake=st.integers(0, 2**32))
@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
def test_a_question_tells_nothing_the_seat_cannot_see(
    state: GameState, shake: int
) -> None:
    """Re-deal the other hands, the draw pile, the face-down saves and the
    seed: the question put to the guest is the same, word for word (the
    non-interference test)."""
    if state.step is Step.GAME_OVER:
        return
    seat = state.current
    twin = hidden_twin(state, seat, random.Random(shake))
    assert json.dumps(choose_message(view(twin, seat), 1)) == json.dumps(
        choose_message(view(state, seat), 1)
    )


def test_serve_answers_hello_and_each_question_then_stops_at_bye() -> None:
    import io

    seen = start()
    lines = [
        json.dumps(hello_message(seen.rules, 2, 1.0)),
        "",
        json.dumps(choose_message(seen, 5)),
        json.dumps({"type": "bye"}),
        json.dumps(choose_message(seen, 6)),  # never read
    ]
    out = io.StringIO()
    assert serve(GreedyBot(), lines, out, name="g") == 1
    ready, move = (json.loads(line) for line in out.getvalue().splitlines())
    assert ready == {"type": "ready", "name": "g"}
    assert move == {"type": "move", "id": 5, "move": GreedyBot().choose(seen).notation}
    wrong = dict(json.loads(lines[0]), version=99)
    with pytest.raises(FormatError, match=r"version 1, not 'phase10/bot' version 99"):
        serve(GreedyBot(), [json.dumps(wrong)], io.StringIO())
    for garbage in ("hello", "[1]"):  # from a host that is not one
        with pytest.raises(FormatError, match="a message is a JSON object"):
            serve(GreedyBot(), [garbage], io.StringIO())
    with pytest.raises(UsageError, match="choose"):
        serve("greedy", [], io.StringIO())  # type: ignore[arg-type]


# --- the command line -----------------------------------------------------------


def test_the_command_line_plays_a_game_and_writes_its_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    served = "program:" + " ".join([*SERVE, "club"])
    assert main(["play", "casual", served, "--seed", "3", "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("hand 1: casual ")
    saved = GameRecord.from_json(record.read_text())
    assert saved.players == ("casual", served)
    end = final_state(saved)
    assert end.step is Step.GAME_OVER
    assert out.splitlines()[-1] == f"{saved.players[end.winner or 0]} wins"


def test_the_command_line_matches_and_lists_and_refuses_unknown_players(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert (
        main(["match", "novice", "casual", "--games", "4", "--rules", "first-5-phases"])
        == 0
    )
    out = capsys.readouterr().out
    assert out.startswith("4 games, seats rotated:") and "casual:" in out
    assert main(["levels"]) == 0
    assert capsys.readouterr().out.split() == [
        "novice",
        "beginner",
        "casual",
        "club",
        "strong",
    ]
    with pytest.raises(SystemExit, match="neither a level"):
        main(["play", "grandmaster", "casual"])
    with pytest.raises(SystemExit, match="no preset"):
        main(["play", "casual", "casual", "--rules", "house"])


def test_an_answer_to_an_earlier_question_is_passed_over(tmp_path: Path) -> None:
    """A program that answers each question twice: the second copy, read
    at the next question, is too late and is passed over, not refused."""
    body = """
    answer = {"type": "move", "id": message["id"], "move": "D"}
    say(answer)
    say(answer)
    """
    state = new_game(2, seed=1)
    with ProgramBot(guest(tmp_path, body), retries=0) as bot:
        assert bot.choose(state) == Draw()
        twin = hidden_twin(state, state.current, random.Random(1))
        assert bot.choose(twin) == Draw()  # question 2, after question 1's copy
        assert bot.stats["refused"] == 0 and bot.stats["moves"] == 2


def test_the_command_line_ladder_rates_every_pair(
    capsys: pytest.CaptureFixture[str],
) -> None:
    served = "program:" + " ".join([*SERVE, "casual"])
    code = main(
        ["ladder", "novice", served, "--games", "2", "--rules", "first-5-phases"]
    )
    assert code == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "2 two-player games a pair, seats alternated:"
    assert out[1].startswith(f"  novice v {served}: ")
    assert out[2] == "ratings (Bradley-Terry, Elo scale, novice at 0):"
    assert {line.split(None, 1)[1] for line in out[3:]} == {"novice", served}
    with pytest.raises(SystemExit, match="two players at least"):
        main(["ladder", "novice"])


def test_bradley_terry_ratings_follow_the_odds() -> None:
    """Two bots, 3 wins to 1: with half a win added to each side, the odds
    are 3.5 to 1.5, which the Elo scale puts 400 log10(7/3) apart; even
    results rate alike; a third bot that lost every game rates lowest."""
    import math

    from phase10.bots._ratings import bradley_terry, wilson

    rated = bradley_terry(["a", "b"], {("a", "b"): 3, ("b", "a"): 1})
    assert rated["a"] - rated["b"] == pytest.approx(400 * math.log10(7 / 3), abs=0.5)
    even = bradley_terry(["a", "b"], {("a", "b"): 5, ("b", "a"): 5})
    assert even["a"] == pytest.approx(even["b"])
    three = bradley_terry(
        ["a", "b", "c"],
        {("a", "b"): 2, ("b", "a"): 2, ("a", "c"): 4, ("c", "a"): 0},
    )
    assert min(three, key=three.__getitem__) == "c"
    low, high = wilson(5, 10)
    assert low < 0.5 < high and low == pytest.approx(1 - high)


def test_the_command_line_matches_a_program_on_two_processes() -> None:
    """``python -m phase10 match`` on two worker processes, one player a
    program: the workers, started by spawn, can rebuild every player (none
    is defined in the command line's ``__main__``)."""
    import subprocess

    served = "program:" + " ".join([*SERVE, "novice"])
    options = ["--games", "2", "--workers", "2", "--rules", "first-5-phases"]
    done = subprocess.run(
        [sys.executable, "-m", "phase10", "match", "casual", served, *options],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("2 games, seats rotated:")
    assert f"  {served}: " in done.stdout


# --- the game's events ------------------------------------------------------------


def test_a_javascript_bot_keeps_the_discard_pile_from_the_events_alone() -> None:
    """With ``--track`` the JavaScript bot asks for the events, keeps the
    discard pile (its size and top) from them alone, and stops at the first
    question whose view disagrees: whole games pass with none (the events
    are complete, in order, and readable in another language)."""
    node = _node()
    for seed in range(3):
        with ProgramBot([node, JS_BOT, "--track"], random.Random(seed)) as js:
            result = play_game([GreedyBot(), js], Rules.first_phases(3), seed=seed)
            assert result.winner is not None
            assert js.stats["moves"] > 10
            assert js.stats["refused"] == js.stats["fallbacks"] == 0


class Watcher:
    """GreedyBot, keeping what it is told."""

    def __init__(self) -> None:
        self.greedy = GreedyBot()
        self.told: list[tuple[Event, ...]] = []
        self.results: list[Any] = []

    def choose(self, seen: Any) -> Any:
        return self.greedy.choose(seen)

    def observe(self, happened: tuple[Event, ...]) -> None:
        self.told.append(happened)

    def game_over(self, seen: Any) -> None:
        self.results.append(seen)


def test_play_game_tells_each_watching_seat_its_own_events_and_the_end() -> None:
    """``observe`` gets the deal's events and each move's, as the seat may
    know them (a card another seat draws blind is not named); ``game_over``
    gets the seat's view of the end once; a bot with neither method is told
    nothing, and one with either may not play two seats."""
    watchers: list[Any] = [Watcher(), GreedyBot(), Watcher()]
    result = play_game(watchers, Rules.first_phases(2), seed=8)
    state, dealt = new_game_with_events(3, Rules.first_phases(2), seed=8)
    expected: dict[int, list[tuple[Event, ...]]] = {0: [], 2: []}
    for seat in expected:
        expected[seat].append(tuple(e.seen_by(seat) for e in dealt))
    bots = [GreedyBot(), GreedyBot(), GreedyBot()]
    while state.step is not Step.GAME_OVER:
        mover = state.current
        state, happened = apply_with_events(
            state, bots[mover].choose(view(state, mover))
        )
        for seat in expected:
            expected[seat].append(tuple(e.seen_by(seat) for e in happened))
    assert state == result.final
    for seat in expected:
        watcher = watchers[seat]
        assert isinstance(watcher, Watcher)
        assert watcher.told == expected[seat]
        assert watcher.results == [view(result.final, seat)]
        blind = [
            e
            for told in watcher.told
            for e in told
            if isinstance(e, CardDrawn) and e.source is Pile.DRAW and e.player != seat
        ]
        assert blind and all(e.card is None for e in blind)
    twice = Watcher()
    with pytest.raises(UsageError, match=r"^one Watcher plays seats 0 and 2: a bot"):
        play_game([twice, GreedyBot(), twice], seed=1)
    greedy = GreedyBot()  # told nothing: it may play every seat
    assert play_game([greedy, greedy], seed=1, max_moves=5).moves == 5


@given(state=game_states(), shake=st.integers(0, 2**32))
@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
def test_the_events_of_a_blind_draw_tell_another_seat_nothing_more(
    state: GameState, shake: int
) -> None:
    """Re-deal what a watching seat cannot see: the events message it is
    sent when the seat to move draws blind is the same, word for word."""
    if state.step is not Step.DRAW or not state.draw_pile:
        return
    for watcher in range(len(state.players)):
        if watcher == state.current:
            continue
        twin = hidden_twin(state, watcher, random.Random(shake))
        messages = [
            json.dumps(
                events_message(
                    [e.seen_by(watcher) for e in apply_with_events(s, Draw())[1]]
                )
            )
            for s in (state, twin)
        ]
        assert messages[0] == messages[1]


def test_a_program_that_does_not_ask_is_sent_no_events(tmp_path: Path) -> None:
    command = guest(
        tmp_path,
        """
        if message["type"] == "choose":
            first = message["legal"][0]["notation"]
            say({"type": "move", "id": message["id"], "move": first})
        """,
    )
    with ProgramBot(command) as bot:
        play_game([bot, GreedyBot()], Rules.first_phases(1), seed=2, max_moves=12)
    kinds = {message["type"] for message in heard(tmp_path)}
    assert kinds == {"hello", "choose", "bye"}


def test_serve_asks_for_events_for_a_bot_that_observes_and_tells_it_them() -> None:
    import io

    state, dealt = new_game_with_events(2, seed=1)
    seen = view(state, state.current)
    watcher = Watcher()
    lines = [
        json.dumps(hello_message(seen.rules, 2, 1.0)),
        json.dumps(events_message(dealt)),
        json.dumps(choose_message(seen, 1)),
        json.dumps({"type": "bye"}),
    ]
    out = io.StringIO()
    assert serve(watcher, lines, out, name="w") == 1
    ready = json.loads(out.getvalue().splitlines()[0])
    assert ready == {"type": "ready", "name": "w", "events": True}
    assert watcher.told == [dealt]
    plain = io.StringIO()
    serve(GreedyBot(), lines, plain, name="g")  # told nothing, asks nothing
    assert json.loads(plain.getvalue().splitlines()[0]) == {
        "type": "ready",
        "name": "g",
    }
    with pytest.raises(FormatError, match="events are a list"):
        serve(Watcher(), [lines[0], json.dumps({"type": "events", "events": 3})], out)
    with pytest.raises(FormatError, match=r"phase10/event"):
        serve(
            Watcher(), [lines[0], json.dumps({"type": "events", "events": [{}]})], out
        )
    with pytest.raises(UsageError, match="a sequence of events"):
        events_message(dealt[0])  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="events only"):
        events_message([Draw()])  # type: ignore[list-item]


def test_the_command_line_plays_a_program_that_keeps_track_of_the_events(
    capsys: pytest.CaptureFixture[str],
) -> None:
    node = _node()
    tracked = f"program:{node} {JS_BOT} --track"
    assert (
        main(["play", "casual", tracked, "--seed", "3", "--rules", "first-5-phases"])
        == 0
    )
    assert capsys.readouterr().out.splitlines()[-1].endswith(" wins")


def test_a_program_is_sent_its_own_games_events_and_none_once_closed(
    tmp_path: Path,
) -> None:
    """Events told before the program starts are sent once it is ready, but
    only those of the game it plays; a closed program is told nothing."""
    program = tmp_path / "tracker.py"
    program.write_text(
        textwrap.dedent(
            """\
            import json, sys
            heard = open(sys.argv[1], "a")
            for line in sys.stdin:
                heard.write(line); heard.flush()
                message = json.loads(line)
                if message["type"] == "hello":
                    print(json.dumps({"type": "ready", "events": True}), flush=True)
                elif message["type"] == "choose":
                    move = {"type": "move", "id": message["id"]}
                    move["move"] = message["legal"][0]["notation"]
                    print(json.dumps(move), flush=True)
                elif message["type"] == "bye":
                    break
            """
        )
    )
    bot = ProgramBot([sys.executable, str(program), str(tmp_path / "heard")])
    play_game([GreedyBot(), bot], seed=2, max_moves=0)  # never asked: not started
    play_game([bot, GreedyBot()], seed=3, max_moves=6)
    bot.close()
    bot.observe(new_game_with_events(2, seed=4)[1])  # closed: told nothing
    told = [m for m in heard(tmp_path) if m["type"] == "events"]
    # The first message: game 2's deal and seat 1's first turn, kept until
    # the program started; not game 1's deal. Then one a move.
    first = [one["type"] for one in told[0]["events"]]
    assert first == ["hand_dealt", "card_drawn", "card_discarded"]
    assert told[0]["events"][0]["starter"] == str(new_game(2, seed=3).discard_pile[0])
    assert len(told) == 1 + 4
    with pytest.raises(UsageError, match="events only"):
        bot.observe([Draw()])  # type: ignore[list-item]
