"""Games between bots: :func:`play_game` plays one, :func:`tournament` many,
here or on an executor, with the same results either way.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import cast

import attrs

from .._actions import Action
from .._errors import RulesError, UsageError, is_whole, shown
from .._events import Event
from .._flow import new_game, new_game_with_events
from .._immutable import Immutable
from .._moves import apply, apply_with_events
from .._rules import OFFICIAL, Rules
from .._shuffle import derive_seed
from .._state import GameState, Step
from .._view import PlayerView, view
from ._base import Bot, count, whole

__all__ = ["GameResult", "TournamentResult", "play_game", "tournament"]


@attrs.frozen
class GameResult(Immutable):
    """How one game between bots ended.

    .. versionadded:: 0.1
    """

    winner: int | None
    """The winning seat, or ``None`` if the game was stopped unfinished."""
    scores: tuple[int, ...]
    completed: tuple[int, ...]
    """Phases each seat completed."""
    hands: int
    moves: int
    final: GameState


def play_game(
    bots: Sequence[Bot],
    rules: Rules | None = None,
    *,
    seed: int,
    dealer: int = 0,
    max_moves: int = 100_000,
) -> GameResult:
    """Play one game, seat ``i`` played by ``bots[i]``; stop after ``max_moves``.

    Each bot is given the view of its own seat only. ``max_moves`` is a
    whole number of at least 0 (0 stops at the deal); a negative one raises
    :class:`~phase10.RulesError`.

    Two methods of a bot are called if it has them (the page "Bots" tells
    more):

    - ``observe(events)``, with the events of the deal and then of every
      move, as its seat may know them (``event.seen_by(seat)``): for a bot
      that keeps track of the table;
    - ``game_over(seen)``, with its seat's view of the last position, once
      the game ends or stops at ``max_moves`` (not when an error a bot
      raises ends it).

    A bot with either method plays one seat: the same object in two seats
    raises :class:`~phase10.UsageError`, since it would be told what each
    seat alone may know.

    .. versionadded:: 0.1
    .. versionchanged:: 0.3
       The calls of ``observe`` and ``game_over``.
    """
    if not isinstance(bots, Sequence) or isinstance(bots, str):
        raise UsageError(f"bots is a sequence of bots, one a seat, not {shown(bots)}")
    for bot in bots:
        if not callable(getattr(bot, "choose", None)):
            raise UsageError(f"a bot has a choose(view) method: {shown(bot)} has none")
    max_moves = count("max_moves", max_moves, 0)
    told = Told(bots)
    if told.watching:
        state, happened = new_game_with_events(
            len(bots), rules, seed=seed, dealer=dealer
        )
        told.tell(happened)
    else:
        state = new_game(len(bots), rules, seed=seed, dealer=dealer)
    moves = 0
    while state.step is not Step.GAME_OVER and moves < max_moves:
        seat = state.current
        state = told.play(state, bots[seat].choose(view(state, seat)))
        moves += 1
    told.end(state)
    return GameResult(
        winner=state.winner,
        scores=tuple(p.score for p in state.players),
        completed=tuple(p.completed for p in state.players),
        hands=state.hand_number,
        moves=moves,
        final=state,
    )


class Told:
    """The bots of a game that are told of it as it goes (``observe``) and
    at its end (``game_over``), each as its own seat may know it: what
    :func:`play_game` and the command line's ``play`` do with them."""

    def __init__(self, bots: Sequence[Bot]) -> None:
        self.watching: list[tuple[int, Callable[[tuple[Event, ...]], object]]] = []
        self.ending: list[tuple[int, Callable[[PlayerView], object]]] = []
        seats: dict[int, int] = {}
        for seat, bot in enumerate(bots):
            observe = getattr(bot, "observe", None)
            over = getattr(bot, "game_over", None)
            if callable(observe) or callable(over):
                if id(bot) in seats:
                    raise UsageError(
                        f"one {type(bot).__name__} plays seats {seats[id(bot)]} and "
                        f"{seat}: a bot that is told of the game (observe, "
                        "game_over) plays one seat; give each seat its own"
                    )
                seats[id(bot)] = seat
            if callable(observe):
                self.watching.append((seat, observe))
            if callable(over):
                self.ending.append((seat, over))

    def tell(self, happened: tuple[Event, ...]) -> None:
        """Tell each watching seat the events, as it may know them."""
        for seat, observe in self.watching:
            observe(tuple(event.seen_by(seat) for event in happened))

    def play(self, state: GameState, move: Action) -> GameState:
        """Make the move, and tell the watching seats what it did."""
        if not self.watching:
            return apply(state, move)
        state, happened = apply_with_events(state, move)
        self.tell(happened)
        return state

    def end(self, state: GameState) -> None:
        """Tell each seat that asks the last position, as it sees it."""
        for seat, over in self.ending:
            over(view(state, seat))


@attrs.frozen
class TournamentResult(Immutable):
    """Totals over a tournament, by bot name.

    .. versionadded:: 0.1
    """

    games: int
    wins: Mapping[str, int]
    unfinished: int
    """Games stopped at the move limit with no winner."""
    mean_score: Mapping[str, float]
    """Each bot's average final score per seat it played."""

    def win_rate(self, name: str) -> float:
        """The share of all games the bot named ``name`` won.

        A name that did not play in the tournament raises
        :class:`~phase10.RulesError`, which lists the names that did.
        """
        if not isinstance(name, str):
            raise UsageError(f"a bot's name is a text, not {shown(name)}")
        if name not in self.wins:
            played = ", ".join(shown(n) for n in self.wins) or "none"
            raise RulesError(
                f"no bot named {shown(name)} played in this tournament; "
                f"the names are {played}"
            )
        return self.wins[name] / self.games if self.games else 0.0


def tournament(
    entrants: Mapping[str, Callable[[random.Random], Bot]],
    *,
    games: int,
    players: int | None = None,
    rules: Rules | None = None,
    seed: int = 0,
    max_moves: int = 100_000,
    executor: Executor | int | None = None,
) -> TournamentResult:
    """Play ``games`` seeded games between bots and total the results.

    ``entrants`` maps a name to a function making a bot from a random
    generator. Seats are filled by the entrants in turn (so with two
    entrants and four players each has two seats) and rotate from game to
    game, so no bot keeps the first seat. Game ``g`` is dealt from a seed
    derived from ``seed`` and ``g`` by a hash, so the same call gives the
    same results, while one game's seed tells nothing of the next one's.

    ``executor`` plays the games elsewhere: any
    :class:`concurrent.futures.Executor` (threads, processes, or a cluster's
    executor such as Dask's), or a number of worker processes to start for
    the call (no more than one a game). Each game is one task, seeded as in
    a serial run, and the results are totalled in game order, so they are
    the same as a serial run's. Worker processes receive the bot factories
    by pickling: use classes or functions defined at module level, not
    lambdas; a :class:`~concurrent.futures.ProcessPoolExecutor` given one
    that cannot be pickled raises :class:`~phase10.UsageError` (a
    ``TypeError``) before any game starts, as does an argument of the wrong
    type.
    A number of worker processes are started as the platform starts them
    by default (by fork on Linux before Python 3.14): for bots that run
    threads, as :class:`~phase10.bots.ProgramBot` does, give a
    ``ProcessPoolExecutor(mp_context=multiprocessing.get_context("spawn"))``
    instead, since a fork copies a thread's held locks and may hang.

    Values out of range raise :class:`~phase10.RulesError` (a
    ``ValueError``), also before any game starts: no entrants, a negative
    ``games`` or ``max_moves``, a number of seats (``players``, or one a bot
    when it is ``None``) the rules do not allow, or a number of worker
    processes below 1 (or more than the platform can start). ``seed`` may
    be any whole number.

    .. versionadded:: 0.1
    .. versionchanged:: 0.1 ``executor``.
    """
    if not isinstance(entrants, Mapping):
        raise UsageError(
            f"entrants maps names to functions that make bots, not {shown(entrants)}"
        )
    for factory in entrants.values():
        if not callable(factory):
            raise UsageError(
                f"entrants maps names to functions that make bots, and "
                f"{shown(factory)} is not one"
            )
    games = whole("games", games)
    seed = whole("seed", seed)
    max_moves = whole("max_moves", max_moves)
    if players is not None:
        players = whole("players", players)
    if rules is not None and not isinstance(rules, Rules):
        raise UsageError(f"rules are a Rules record or None, not {shown(rules)}")
    _check_executor(executor)
    names = list(entrants)  # every type checked: now the values
    if not names:
        raise RulesError("a tournament needs at least one bot: entrants is empty")
    count("games", games, 0)
    count("max_moves", max_moves, 0)
    seats = _seats(players, len(names), rules or OFFICIAL)
    tasks = []
    for game in range(games):
        rng = random.Random(seed * 1_000_003 + game)
        lineup = tuple(names[(seat + game) % len(names)] for seat in range(seats))
        bot_seeds = tuple(rng.getrandbits(64) for _ in lineup)
        factories = tuple(entrants[name] for name in lineup)
        tasks.append((factories, bot_seeds, rules, derive_seed(seed, game), max_moves))
    outcomes = _run_games(tasks, executor, entrants)
    wins = dict.fromkeys(names, 0)
    totals = dict.fromkeys(names, 0)
    played = dict.fromkeys(names, 0)
    unfinished = 0
    for game, (winner, scores) in enumerate(outcomes):
        lineup = tuple(names[(seat + game) % len(names)] for seat in range(seats))
        if winner is None:
            unfinished += 1
        else:
            wins[lineup[winner]] += 1
        for seat, name in enumerate(lineup):
            totals[name] += scores[seat]
            played[name] += 1
    return TournamentResult(
        games=games,
        wins=wins,
        unfinished=unfinished,
        mean_score={n: totals[n] / played[n] if played[n] else 0.0 for n in names},
    )


_Task = tuple[
    tuple[Callable[[random.Random], Bot], ...], tuple[int, ...], Rules | None, int, int
]
"""One game of a tournament: the bot factories by seat, each bot's seed, the
rules, the deal's seed and the move limit."""


def _play_task(
    task: _Task,
) -> tuple[int | None, tuple[int, ...]]:
    """Play one tournament game; its winner and scores (what the totals need,
    and small enough to send back from another process)."""
    factories, bot_seeds, rules, seed, max_moves = task
    bots = [
        make(random.Random(s)) for make, s in zip(factories, bot_seeds, strict=True)
    ]
    result = play_game(bots, rules, seed=seed, max_moves=max_moves)
    return result.winner, result.scores


def _run_games(
    tasks: list[_Task],
    executor: Executor | int | None,
    entrants: Mapping[str, Callable[[random.Random], Bot]],
) -> list[tuple[int | None, tuple[int, ...]]]:
    """Each task's outcome, in order: here, on ``executor``, or on a pool of
    that many worker processes."""
    if executor is None:
        return [_play_task(task) for task in tasks]
    if isinstance(executor, int):
        _check_picklable(entrants)
        workers = max(1, min(executor, len(tasks)))  # no more than the games
        try:
            pool = ProcessPoolExecutor(max_workers=workers)
        except ValueError as error:  # a platform's limit, as Windows' 61
            raise RulesError(
                f"cannot start {workers} worker processes here: {error}"
            ) from None
        with pool:
            return list(pool.map(_play_task, tasks))
    if isinstance(executor, ProcessPoolExecutor):
        _check_picklable(entrants)
    futures = [executor.submit(_play_task, task) for task in tasks]
    return [future.result() for future in futures]


def _seats(players: int | None, entrants: int, rules: Rules) -> int:
    """The seats at each game's table: ``players``, or one an entrant when
    it is ``None``; refused if the rules do not allow that many."""
    seats = entrants if players is None else players
    if rules.min_players <= seats <= rules.max_players:
        return seats
    wanted = f"this game is for {rules.min_players} to {rules.max_players} players"
    if players is not None:
        raise RulesError(f"{wanted}, not {shown(players)}")
    raise RulesError(
        f"{wanted}, not {entrants} (one seat for each bot, as players= is not "
        "given): pass players= to seat the bots in turn at a table of that many"
    )


def _check_executor(executor: object) -> None:
    """Refuse, before any game is dealt, an ``executor`` of the wrong type,
    or a number of worker processes below 1."""
    if executor is None or isinstance(executor, Executor):
        return
    if not is_whole(executor):
        raise UsageError(
            "executor is a concurrent.futures.Executor or a whole number of "
            f"worker processes, not {shown(executor)}"
        )
    if cast(int, executor) < 1:
        raise RulesError(
            "executor, as a number of worker processes to start, is a whole "
            f"number of at least 1, not {shown(executor)}"
        )


def _check_picklable(entrants: Mapping[str, Callable[[random.Random], Bot]]) -> None:
    """Refuse, before any game starts, a bot factory that worker processes
    could not receive."""
    for name, factory in entrants.items():
        try:
            pickle.dumps(factory)
        except Exception:  # pickle raises several kinds
            raise UsageError(
                f"bot factories must be picklable to play on worker processes, "
                f"and the one for {name!r} is not: define it at module "
                "level (a class, a function or a functools.partial of one), "
                "not as a lambda or a nested function"
            ) from None
