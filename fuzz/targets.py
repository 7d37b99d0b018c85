"""What the fuzzers feed: every reader of untrusted input, and what a finding is.

Each target takes the fuzzer's bytes and hands them to one reader. A
*finding* is raised as :class:`Finding` (or escapes as any exception that
is not a :class:`~phase10.Phase10Error`):

- the reader raises anything but a ``Phase10Error`` (a refusal of bad input
  must come from the package's own hierarchy);
- a call takes more than :data:`SLOW` seconds;
- the reader accepts a document that then cannot be used: it does not
  write back to the same text and read back equal, or the game it
  describes cannot be played on (moves listed, a few of them applied, the
  players' views made), or its notation does not read back.

The targets use only the standard library and ``phase10``, so the
regression tests (``tests/test_fuzz_findings.py``) run them without
atheris. ``fuzz/run.py`` drives them under coverage guidance.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial

from phase10 import (
    Action,
    Card,
    Discard,
    Draw,
    GameRecord,
    GameState,
    Hit,
    LayPhase,
    NextHand,
    Phase10Error,
    PhaseSpec,
    PlayerView,
    Rules,
    Skip,
    Step,
    apply,
    check_state,
    check_view,
    determinize,
    find_phase,
    from_json,
    legal_actions,
    new_game,
    parse_action,
    parse_cards,
    replay,
    to_json,
    view,
)

__all__ = ["JSON_TARGETS", "SLOW", "TARGETS", "Finding", "run_target"]

SLOW = 1.0
"""Seconds a single call may take before it counts as a finding."""

MOVES_AFTER = 6
"""Listed moves applied to a game a document describes, to show it plays on."""


Document = GameState | PlayerView | Rules | Action
"""What ``to_json`` writes and ``from_json`` reads, but for records."""


class Finding(Exception):
    """An input the package handled wrongly; the message says how."""


@contextmanager
def _timed(what: str) -> Iterator[None]:
    start = time.perf_counter()
    yield
    took = time.perf_counter() - start
    if took > SLOW:
        raise Finding(f"{what} took {took:.2f} s (more than {SLOW:g} s)")


def _read(what: str, reader: Callable[[], object]) -> object | None:
    """``reader()``, or ``None`` when it refuses with a ``Phase10Error``."""
    with _timed(what):
        try:
            return reader()
        except Phase10Error:
            return None


def _text(data: bytes) -> str:
    """The fuzzer's bytes as text: UTF-8 where they are, Latin-1 otherwise."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _must(condition: bool, message: str) -> None:
    if not condition:
        raise Finding(message)


def _round_trips(obj: Document, kind: type[Document]) -> None:
    """``obj`` written to JSON reads back equal and writes the same text."""
    text = to_json(obj)
    again: Document = from_json(text, kind)
    _must(again == obj, f"a {kind.__name__} read from JSON does not read back equal")
    _must(to_json(again) == text, f"a {kind.__name__}'s JSON is not stable")


def _plays_on(state: GameState) -> None:
    """A state accepted from outside is one the game goes on from."""
    with _timed("playing on from an accepted state"):
        check_state(state)
        for seat in [*range(len(state.players)), None]:
            check_view(view(state, seat))
        for _ in range(MOVES_AFTER):
            if state.step is Step.GAME_OVER:
                return
            moves = legal_actions(state)
            _must(
                bool(moves), f"no legal move in an accepted state ({state.step.name})"
            )
            # The first and the last listed moves: a draw, a lay, a discard.
            state = apply(state, moves[-1] if state.step is Step.PLAY else moves[0])


def fuzz_rules(data: bytes) -> None:
    """``from_json(..., Rules)``: accepted rules deal a game that plays."""
    rules = _read("reading rules", lambda: from_json(data, Rules))
    if isinstance(rules, Rules):
        _round_trips(rules, Rules)
        with _timed("dealing under accepted rules"):
            state = new_game(rules.min_players, rules, seed=0)
        _plays_on(state)


def fuzz_state(data: bytes) -> None:
    """``from_json(..., GameState)``: an accepted state plays on."""
    state = _read("reading a state", lambda: from_json(data, GameState))
    if isinstance(state, GameState):
        _round_trips(state, GameState)
        _plays_on(state)


def fuzz_view(data: bytes) -> None:
    """``from_json(..., PlayerView)``: an accepted view is one a game can show."""
    seen = _read("reading a view", lambda: from_json(data, PlayerView))
    if isinstance(seen, PlayerView):
        _round_trips(seen, PlayerView)
        with _timed("using an accepted view"):
            check_view(seen)
            if seen.seat is not None:
                game = determinize(seen, random.Random(0))
                _must(view(game, seen.seat) == seen, "a determinized view differs")
            if seen.step is not Step.GAME_OVER and seen.seat == seen.current:
                legal_actions(seen)


MOVE_KINDS: tuple[type[Action], ...] = (Draw, LayPhase, Hit, Discard, Skip, NextHand)


def fuzz_move(data: bytes) -> None:
    """``from_json`` of a move, as any move and as each kind of move."""
    move = _read("reading a move", lambda: from_json(data, Action))
    if move is not None:
        _check_move(move)  # type: ignore[arg-type]
    for kind in MOVE_KINDS:
        move = _read(f"reading a {kind.__name__} move", partial(from_json, data, kind))
        if move is not None:
            _check_move(move)  # type: ignore[arg-type]


def _check_move(move: Action) -> None:
    _round_trips(move, type(move))
    _must(
        from_json(to_json(move), Action) == move, "a move does not read back as Action"
    )
    _must(parse_action(move.notation) == move, f"{move.notation!r} does not read back")


def fuzz_record(data: bytes) -> None:
    """``GameRecord.from_json``: an accepted record writes back, and replays
    to a state that plays on or refuses its moves with a ``Phase10Error``."""
    record = _read("reading a record", lambda: GameRecord.from_json(data))
    if isinstance(record, GameRecord):
        text = record.to_json()
        _must(GameRecord.from_json(text) == record, "a record does not read back equal")
        states = _read("replaying a record", lambda: replay(record))
        if isinstance(states, tuple):
            _plays_on(states[-1])


def fuzz_action_notation(data: bytes) -> None:
    """``parse_action``: a move read from notation writes back the same move."""
    move = _read("reading a move's notation", lambda: parse_action(_text(data)))
    if move is not None:
        _check_move(move)  # type: ignore[arg-type]


_HAND = parse_cards("R1 R2 R3 R4 B4 G4 Y4 R5 B5 G5 W W Y7 B9 S")


def fuzz_phase(data: bytes) -> None:
    """``PhaseSpec.parse``: a phase read back from its own text is the same,
    and the solver answers it."""
    phase = _read("reading a phase", lambda: PhaseSpec.parse(_text(data)))
    if isinstance(phase, PhaseSpec):
        _must(
            PhaseSpec.parse(str(phase)) == phase, f"{str(phase)!r} does not read back"
        )
        with _timed("solving a phase read from text"):
            find_phase(_HAND, phase)


def fuzz_card(data: bytes) -> None:
    """``Card.parse``: a card writes back as notation that reads the same card."""
    card = _read("reading a card", lambda: Card.parse(_text(data)))
    if isinstance(card, Card):
        _must(Card.parse(str(card)) == card, f"{str(card)!r} does not read back")


def fuzz_cards(data: bytes) -> None:
    """``parse_cards``: cards written back read the same cards."""
    cards = _read("reading cards", lambda: parse_cards(_text(data)))
    if isinstance(cards, tuple):
        again = parse_cards(" ".join(str(card) for card in cards))
        _must(again == cards, "cards written back do not read the same")


TARGETS: dict[str, Callable[[bytes], None]] = {
    "rules": fuzz_rules,
    "state": fuzz_state,
    "view": fuzz_view,
    "move": fuzz_move,
    "record": fuzz_record,
    "notation": fuzz_action_notation,
    "phase": fuzz_phase,
    "card": fuzz_card,
    "cards": fuzz_cards,
}
"""Every target by name, as ``fuzz/run.py --target`` takes it."""

JSON_TARGETS = frozenset({"rules", "state", "view", "move", "record"})
"""The targets that read JSON documents, fuzzed by changing their values
(``fuzz/mutate.py``) as well as their bytes."""


def run_target(name: str, data: bytes) -> None:
    """Run target ``name`` on ``data``: any exception but a refusal becomes a
    :class:`Finding` naming the target (a ``Finding`` passes as it is)."""
    try:
        TARGETS[name](data)
    except Finding:
        raise
    except Phase10Error as error:
        raise Finding(f"{name}: an accepted input then failed: {error!r}") from error
    except Exception as error:
        raise Finding(f"{name}: {type(error).__name__}: {error}") from error
