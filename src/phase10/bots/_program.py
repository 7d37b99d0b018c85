"""The host side of the bot protocol: a bot that is another program.

:class:`ProgramBot` runs a command, speaks the protocol of
:mod:`phase10.bots._protocol` with it over its standard input and output,
and plays the moves it answers. This is the one module of the package that
starts a process: it does so only when such a bot is made.
"""

from __future__ import annotations

import contextlib
import json
import queue
import random
import subprocess
import threading
import time
import weakref
from collections.abc import Sequence
from typing import Any, NoReturn

from .._actions import Action
from .._errors import (
    FormatError,
    IllegalMove,
    NotationError,
    Phase10Error,
    UsageError,
    shown,
)
from .._events import Event, HandDealt
from .._state import GameState
from .._view import PlayerView
from ._base import Bot, as_view, count, events, random_source, seconds
from ._protocol import choose_message, events_message, hello_message, read_answer

__all__ = ["ProgramBot", "ProgramFailed"]


class ProgramFailed(Phase10Error, RuntimeError):
    """A bot program did not play: it stopped, or did not answer in time, or
    every answer it gave to a question was refused, and there was no
    fallback bot to play instead. A :class:`LanguageModelBot` whose model's
    every answer to a question was refused raises it too.

    .. versionadded:: 0.3
    """


_GONE = None
"""What the reader thread puts on its queue when the program's output ends."""


class ProgramBot:
    """A bot that is a program, in any language, speaking the bot protocol
    (JSON lines over its standard input and output; the page "Outside
    agents" describes it).

    ``command`` is the program and its arguments, as ``subprocess.Popen``
    takes them (a list, no shell). The program is started at the first
    :meth:`choose` and told the rules then (``hello``), with a seed drawn
    from ``rng`` for its own random choices (so
    ``functools.partial(ProgramBot, command)`` is a bot factory, as
    :func:`tournament` takes, and a seeded program replays); it must answer each
    message within ``time_limit`` seconds. An answer that is refused (not a
    move message, unreadable, not legal now) is asked again with the reason,
    up to ``retries`` more times. When the program runs out of retries,
    answers too late or stops, it is stopped, and the move is
    ``fallback``'s if a fallback bot is given, for this decision and every
    later one; else :class:`ProgramFailed` is raised, which ends the game
    as a forfeit for whoever plays it. ``stats`` counts what happened.

    A program that asks for the game's events in its ``ready`` is sent them
    (``events``) as :meth:`observe` is told them, which :func:`play_game`
    does after the deal and after every move; those told before the
    program starts are sent once it is ready.

    The program's standard error is left to this process's. :meth:`close`
    (or leaving a ``with`` block) says ``bye``, and stops the program if it
    has not stopped within a second; so does the bot's garbage collection.

    >>> import sys
    >>> from phase10.bots import GreedyBot, play_game
    >>> guest = [sys.executable, "-m", "phase10", "serve", "casual"]
    >>> with ProgramBot(guest) as outside:
    ...     result = play_game([outside, GreedyBot()], seed=4)
    >>> result.winner in (0, 1), outside.stats["moves"] > 0
    (True, True)

    .. versionadded:: 0.3
    """

    def __init__(
        self,
        command: Sequence[str],
        rng: random.Random | None = None,
        *,
        time_limit: float = 5.0,
        retries: int = 1,
        fallback: Bot | None = None,
        start_limit: float = 30.0,
    ) -> None:
        if isinstance(command, str) or not isinstance(command, Sequence):
            raise UsageError(
                "command is a list of the program and its arguments, "
                f"not {shown(command)}"
            )
        if not command or not all(isinstance(part, str) for part in command):
            raise UsageError(
                f"command is a non-empty list of strings, not {shown(command)}"
            )
        if fallback is not None and not callable(getattr(fallback, "choose", None)):
            raise UsageError(
                f"fallback is a bot, with a choose(view) method, not {shown(fallback)}"
            )
        self.command = tuple(command)
        self.rng = random_source(rng)
        self.time_limit = seconds("time_limit", time_limit)
        self.start_limit = seconds("start_limit", start_limit)
        self.retries = count("retries", retries, 0)
        self.fallback = fallback
        self.name: str | None = None
        """The name the program gave in its ``ready``, once started."""
        self.stats = {"moves": 0, "refused": 0, "late": 0, "fallbacks": 0}
        """Moves the program made, answers refused, answers too late, and
        moves its fallback made."""
        self._process: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._question = 0
        self._wants_events = False
        self._waiting: list[Event] = []
        """Events told before the program started, sent once it is ready."""
        self._failed: str | None = None
        self._finalizer: Any = None

    # --- the bot -------------------------------------------------------------

    def choose(self, seen: PlayerView | GameState) -> Action:
        """Ask the program for its move at ``seen``, its seat's view (a
        state is taken as the view of its seat to move)."""
        seen = as_view(seen)
        if self._failed is None:
            try:
                if self._process is None:
                    self._start(seen)
                return self._ask(seen)
            except ProgramFailed:  # the program is stopped, _failed says why
                if self.fallback is None:
                    raise
        if self.fallback is None:
            raise ProgramFailed(self._failed)
        self.stats["fallbacks"] += 1
        return self.fallback.choose(seen)

    def observe(self, happened: Sequence[Event]) -> None:
        """Send the program the events ``happened`` (each as its seat may
        know it) if it asked for events; kept until it starts, if it has
        not (a new game's deal forgets those of a game it never played). A
        program that has stopped, or been closed, is told nothing: the next
        :meth:`choose` says why it stopped, or falls back."""
        told = events(happened)
        if self._failed is not None or self._closed:
            return
        if self._process is None:
            if any(isinstance(e, HandDealt) and e.hand_number == 1 for e in told):
                self._waiting = []  # a new game: the last one's are of no use
            self._waiting += told
        elif self._wants_events and told:
            with contextlib.suppress(ProgramFailed):  # _failed keeps the reason
                self._send(events_message(told))

    def _ask(self, seen: PlayerView) -> Action:
        self._question += 1
        number = self._question
        refused: str | None = None
        for _ in range(self.retries + 1):
            self._send(choose_message(seen, number, refused))
            line = self._answer(number, self.time_limit)
            try:
                move = read_answer(line, number, seen)
            except (FormatError, NotationError, IllegalMove) as error:
                self.stats["refused"] += 1
                refused = str(error)
                continue
            self.stats["moves"] += 1
            return move
        return self._fail(
            f"gave no move that could be played in {self.retries + 1} answers; "
            f"the last was refused: {refused}"
        )

    # --- the program ---------------------------------------------------------

    def _start(self, seen: PlayerView) -> None:
        try:
            process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                bufsize=1,
            )
        except OSError as error:
            self._failed = f"the program {self._shown()} cannot be started: {error}"
            raise ProgramFailed(self._failed) from None
        self._process = process
        self._finalizer = weakref.finalize(self, _stop, process)
        threading.Thread(
            target=_read_lines, args=(process, self._lines), daemon=True
        ).start()
        seed = self.rng.getrandbits(63)
        self._send(hello_message(seen.rules, len(seen.players), self.time_limit, seed))
        line = self._answer(None, self.start_limit)
        try:
            ready = json.loads(line)
        except ValueError:
            ready = None
        if not isinstance(ready, dict) or ready.get("type") != "ready":
            self._fail(f"answered hello with {line.strip()[:80]!r}, not ready")
        name = ready.get("name")
        self.name = name if isinstance(name, str) else None
        self._wants_events = ready.get("events") is True
        waiting, self._waiting = self._waiting, []
        if self._wants_events and waiting:
            self._send(events_message(waiting))

    def _send(self, message: dict[str, Any]) -> None:
        assert self._process is not None and self._process.stdin is not None
        try:
            self._process.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            self._process.stdin.flush()
        except (OSError, ValueError):  # a pipe broken, or closed already
            self._fail(self._stopped())

    def _answer(self, number: int | None, limit: float) -> str:
        """The program's next line (skipping late answers to old questions)."""
        deadline = time.monotonic() + limit
        while True:
            left = deadline - time.monotonic()
            try:
                line = self._lines.get(timeout=max(left, 0.0))
            except queue.Empty:
                self.stats["late"] += 1
                self._fail(f"gave no answer within {limit:g} s")
            if line is _GONE:
                self._fail(self._stopped())
            assert line is not None
            if number is not None and _is_late(line, number):
                continue
            return line

    def _fail(self, why: str) -> NoReturn:
        """Stop the program and raise :class:`ProgramFailed` saying ``why``."""
        self._failed = f"the program {self._shown()} {why}"
        self.close()
        raise ProgramFailed(self._failed)

    def _stopped(self) -> str:
        assert self._process is not None
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._process.wait(1)
        return f"stopped (exit code {self._process.returncode})"

    def _shown(self) -> str:
        return repr(" ".join(self.command)[:80])

    @property
    def _closed(self) -> bool:
        return self._finalizer is not None and not self._finalizer.alive

    def close(self) -> None:
        """Say ``bye`` and stop the program (at once if it does not)."""
        if self._finalizer is not None:
            self._finalizer()

    def __enter__(self) -> ProgramBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __getstate__(self) -> dict[str, Any]:
        """A bot is sent to a process pool before its program starts."""
        if self._process is not None:
            raise UsageError(
                "a ProgramBot whose program runs cannot be sent to another process"
            )
        state = self.__dict__.copy()
        del state["_lines"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, _lines=queue.Queue())


def _is_late(line: str, number: int) -> bool:
    """Whether ``line`` answers a question before ``number`` (too late)."""
    try:
        message = json.loads(line)
    except ValueError:
        return False
    asked = message.get("id") if isinstance(message, dict) else None
    return isinstance(asked, int) and not isinstance(asked, bool) and asked < number


def _read_lines(process: subprocess.Popen[str], lines: queue.Queue[str | None]) -> None:
    """Move the program's output lines onto ``lines``, then ``_GONE``."""
    assert process.stdout is not None
    try:
        for line in process.stdout:
            lines.put(line)
    except (OSError, ValueError):  # closed under us
        pass
    lines.put(_GONE)


def _stop(process: subprocess.Popen[str]) -> None:
    """Say bye to the program, and stop it if it does not stop by itself."""
    if process.poll() is None:
        with contextlib.suppress(OSError, ValueError):
            assert process.stdin is not None
            process.stdin.write('{"type":"bye"}\n')
            process.stdin.flush()
    with contextlib.suppress(OSError, ValueError):
        assert process.stdin is not None
        process.stdin.close()
    try:
        process.wait(1)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    if process.stdout is not None:
        with contextlib.suppress(OSError, ValueError):
            process.stdout.close()
