"""Computer players, and a way to play them against each other.

A bot is anything with a ``choose(view) -> Action`` method (the :class:`Bot`
protocol). It is given the :class:`~phase10.PlayerView` of the seat whose
turn it is, so it cannot see other hands or the draw pile. Passing a full
:class:`~phase10.GameState` is allowed for convenience; the bots here turn
it into that seat's view before looking at it.

- :class:`RandomBot` plays a random legal move.
- :class:`GreedyBot` plays a plain, sensible game: it keeps the cards that
  bring it closer to its phase, lays the phase as soon as it can, hits every
  card that fits, plays Skips on the leader and discards the costliest card
  it does not need.
- :func:`play_game` and :func:`tournament` play seeded games between bots.

.. versionadded:: 0.1
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Final, Protocol, cast

import attrs

from ._actions import (
    Action,
    ChoosePhase,
    Discard,
    Draw,
    DrawSaved,
    Hit,
    LayPhase,
    NextHand,
    Save,
    Skip,
    SwapWild,
)
from ._bot_editions import closest_phase, declare, saved_wild
from ._bot_scores import keep_scores
from ._cards import Card
from ._determinize import determinize
from ._errors import (
    CardDoesNotFit,
    GameOver,
    IllegalMove,
    NotYourTurn,
    RulesError,
    UsageError,
    is_whole,
    shown,
)
from ._flow import new_game
from ._groups import End, extend_group
from ._immutable import Immutable
from ._legal import can_apply, can_draw, can_lay_phase, can_skip, legal_actions
from ._moves import apply
from ._phases import PhaseSpec
from ._rules import OFFICIAL, Rules
from ._shuffle import derive_seed
from ._solver import find_phase
from ._state import GameState, Meld, Pile, Step
from ._view import PlayerView, view

__all__ = [
    "Bot",
    "GameResult",
    "GreedyBot",
    "MonteCarloBot",
    "RandomBot",
    "TournamentResult",
    "play_game",
    "tournament",
]


class Bot(Protocol):
    """Anything that chooses a move from what its seat may see."""

    def choose(self, seen: PlayerView) -> Action:
        """The move to make; ``seen`` is the view of the seat to move."""
        ...


_TURN_STEPS: Final = (Step.DRAW, Step.PLAY, Step.CHOOSE)
"""The steps in which one seat is to move, and only its view may choose."""


def _as_view(seen: PlayerView | GameState) -> PlayerView:
    """The view to choose from: the mover's own. A bot given another seat's
    view would build its move from the wrong hand, so that is refused, in
    the Masters Edition's choosing step as in a turn (R20, R44)."""
    if isinstance(seen, GameState):
        return view(seen, seen.current)
    if not isinstance(seen, PlayerView):
        raise UsageError(
            "a bot chooses from a PlayerView (phase10.view(state, seat)) or a "
            f"GameState, not {shown(seen)}"
        )
    if seen.step in _TURN_STEPS and seen.seat != seen.current:
        whose = "a spectator's" if seen.seat is None else f"seat {seen.seat}'s"
        raise NotYourTurn(
            f"this is {whose} view, but it is seat {seen.current}'s turn: "
            "a bot chooses from the view of the seat to move",
            clause="R20",
        )
    return seen


def _random_source(rng: object) -> random.Random:
    """A bot's source of randomness: ``rng``, or a fixed one for ``None``."""
    if rng is None:
        return random.Random(0)
    if not isinstance(rng, random.Random):
        raise UsageError(f"a bot's rng is a random.Random (or None), not {shown(rng)}")
    return rng


def _whole(name: str, value: object) -> int:
    """``value`` if it is a whole number, else a :class:`UsageError`."""
    if not is_whole(value):
        raise UsageError(f"{name} is a whole number, not {shown(value)}")
    return cast(int, value)


def _count(name: str, value: object, least: int) -> int:
    """``value`` if it is a whole number of at least ``least``: else a
    :class:`UsageError` for another type, a :class:`RulesError` (a
    ``ValueError``) for a number out of range."""
    number = _whole(name, value)
    if number < least:
        raise RulesError(
            f"{name} is a whole number of at least {least}, not {shown(number)}"
        )
    return number


class RandomBot:
    """Plays a uniformly random legal move.

    .. versionadded:: 0.1
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = _random_source(rng)

    def choose(self, seen: PlayerView | GameState) -> Action:
        """A random move from :func:`~phase10.legal_actions`."""
        seen = _as_view(seen)
        if seen.step is Step.GAME_OVER:
            raise GameOver("the game is over", clause="R37")
        moves = legal_actions(seen)
        if not moves:  # only in a position no game reaches, built by hand
            raise IllegalMove("no move is legal in this position")
        return self.rng.choice(moves)


class GreedyBot:
    """A computer player that plays a plain, sensible game.

    ``rng`` breaks ties between equally good moves, so a seeded bot plays
    the same game every time.

    >>> import random
    >>> from phase10 import apply, new_game
    >>> from phase10.bots import GreedyBot
    >>> state = new_game(2, seed=3)
    >>> bot = GreedyBot(random.Random(0))
    >>> state = apply(state, bot.choose(state))
    >>> state.step.name
    'PLAY'

    .. versionadded:: 0.1
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = _random_source(rng)

    def choose(self, seen: PlayerView | GameState) -> Action:
        """The move this bot makes for the seat whose view ``seen`` is.

        Given a whole state (as in a search's play-outs), it chooses from the
        mover's view all the same, and asks the rules' checks of the state
        itself, which answer as they would for the view (legality never
        depends on hidden cards) without building a stand-in for it.
        """
        on: PlayerView | GameState = seen
        seen = _as_view(seen)
        if seen.step is Step.HAND_OVER:
            return NextHand()
        if seen.step is Step.GAME_OVER:
            raise GameOver("the game is over", clause="R37")
        if seen.step is Step.CHOOSE:
            return ChoosePhase(closest_phase(seen, seen.hand) + 1)
        phase = seen.phase_of(seen.current)
        me = seen.players[seen.current]
        if seen.step is Step.DRAW:
            saved = saved_wild(seen)
            if saved is not None:
                return saved
            wanted = self._wants_discard(seen, phase, on)
            return Draw(Pile.DISCARD if wanted else Pile.DRAW)
        if not me.laid_down and phase is None:
            declared = declare(seen)  # the Masters Edition's variant (R45)
            if declared is not None:
                return declared
        if not me.laid_down and phase is not None:
            groups = _lay_with_fewest_wilds(seen.hand, phase, seen.rules)
            if groups is not None and can_lay_phase(on, groups):
                return LayPhase(groups)
        if me.laid_down:
            moves = legal_actions(on)
            swaps = [a for a in moves if isinstance(a, SwapWild)]
            if swaps:  # a Wild in hand is worth more than the card (R50)
                return swaps[0]
            hits = [a for a in moves if isinstance(a, Hit)]
            if hits:
                # Natural cards first: a Wild is worth more kept for later.
                return min(hits, key=lambda hit: (hit.card.is_wild, hit.meld))
            wild = next((card for card in seen.hand if card.is_wild), None)
            if wild is not None and can_apply(on, Save(wild)):
                return Save(wild)  # a Wild no group takes, kept for a later hand
        return self._end_turn(seen, phase, on)

    def _wants_discard(
        self, seen: PlayerView, phase: PhaseSpec | None, on: PlayerView | GameState
    ) -> bool:
        top = seen.discard_top
        if top is None or not can_draw(on, Pile.DISCARD):
            return False
        if top.is_wild:
            return True
        me = seen.players[seen.current]
        if me.laid_down:
            wrap = seen.rules.wrap_runs
            return any(_can_extend(meld, top, wrap) for meld in seen.table)
        # Take it only if it would not be among the first cards to go: taking
        # a card only to throw it back can leave two bots doing so forever.
        hand = (*seen.hand, top)
        keys = self._discard_keys(seen, hand, phase)
        return keys[-1] > min(keys)

    def _end_turn(
        self, seen: PlayerView, phase: PhaseSpec | None, on: PlayerView | GameState
    ) -> Action:
        hand = seen.hand
        if any(card.is_skip for card in hand):
            targets = [t for t in seen.contenders if can_skip(on, t)]
            if not targets:
                return Skip(None)

            # Skip whoever is furthest ahead; ties broken at random.
            def lead(seat: int) -> tuple[int, int]:
                return (seen.players[seat].completed, -seen.players[seat].score)

            best = max(lead(t) for t in targets)
            return Skip(self.rng.choice([t for t in targets if lead(t) == best]))
        keys = self._discard_keys(seen, hand, phase)
        worst = min(range(len(hand)), key=lambda i: (keys[i], self.rng.random()))
        return Discard(hand[worst])

    def _discard_keys(
        self, seen: PlayerView, hand: Sequence[Card], phase: PhaseSpec | None
    ) -> list[tuple[int, int]]:
        """For each card of ``hand``, how much to keep it (the lowest goes)."""
        points = seen.rules.points
        if seen.players[seen.current].laid_down or phase is None:
            return [(1 if card.is_wild else 0, -points.of(card)) for card in hand]
        scores = keep_scores(hand, phase, seen.rules.wrap_runs)
        return [
            (score, -points.of(card)) for score, card in zip(scores, hand, strict=True)
        ]


def _lay_with_fewest_wilds(
    hand: Sequence[Card], phase: PhaseSpec, rules: Rules
) -> tuple[tuple[Card, ...], ...] | None:
    """A way to make ``phase`` from ``hand`` that spends as few Wilds as any
    way can, or ``None`` if there is none.

    :func:`~phase10.find_phase` answers with some way; a Wild kept in the
    hand is worth more later (it fits any group a player may hit), so the
    bots lay with the fewest. The solver is asked once with the whole hand
    (most often there is no way, and that one call says so); when its way
    spends Wilds, it is asked again with none, then one, and so on below
    that count: the first answer is one of the fewest.
    """
    found = find_phase(hand, phase, rules)
    if found is None:
        return None
    spent = sum(card.is_wild for group in found for card in group)
    naturals = [card for card in hand if not card.is_wild]
    wilds = [card for card in hand if card.is_wild]
    for count in range(spent):
        groups = find_phase(naturals + wilds[:count], phase, rules)
        if groups is not None:
            return groups
    return found


def _can_extend(meld: Meld, card: Card, wrap: bool) -> bool:
    """Whether ``card`` fits ``meld`` at some end, by the rules' own judge
    (runs wrapping from 12 to 1 if ``wrap``)."""
    for end in (End.LOW, End.HIGH) if meld.kind.is_run else (None,):
        try:
            extend_group(meld.kind, meld.shape, meld.cards, card, end, wrap=wrap)
        except CardDoesNotFit:
            continue
        return True
    return False


class MonteCarloBot:
    """A search bot: determinized Monte Carlo over :class:`GreedyBot` play-outs.

    For each choice that matters (which pile to draw from; which card to
    discard or whom to Skip) it deals the cards it cannot see at random
    (:func:`~phase10.determinize`) ``rollouts`` times, and for every
    candidate move plays each deal out to the end of the hand with
    ``policy`` bots in every seat. It keeps the move with the best average
    outcome: phases completed (100 points each), less the points left in
    hand, compared with the other players' average (and 1,000 for winning
    the game). Each deal is shared by all candidates, so they are compared
    on the same cards. Lays and hits it makes as :class:`GreedyBot` does.

    It chooses from the view alone, and a seeded bot plays the same game
    every time. ``candidates`` bounds the end-of-turn moves compared (the
    ones :class:`GreedyBot` would part with first); ``horizon`` bounds each
    play-out's moves. Its cost grows with ``rollouts * candidates``. Each of
    the three is a whole number of at least 1: another number raises
    :class:`~phase10.RulesError` (a ``ValueError``).

    >>> import random
    >>> from phase10 import apply, new_game
    >>> from phase10.bots import MonteCarloBot
    >>> state = new_game(2, seed=3)
    >>> bot = MonteCarloBot(random.Random(0), rollouts=4)
    >>> state = apply(state, bot.choose(state))
    >>> state.step.name
    'PLAY'

    .. versionadded:: 0.1
    """

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        rollouts: int = 16,
        candidates: int = 4,
        horizon: int = 80,
        policy: Callable[[random.Random], Bot] = GreedyBot,
    ) -> None:
        for name, value in (
            ("rollouts", rollouts),
            ("candidates", candidates),
            ("horizon", horizon),
        ):
            _count(name, value, 1)
        if not callable(policy):
            raise UsageError(
                f"policy makes a bot from a random.Random, not {shown(policy)}"
            )
        self.rng = _random_source(rng)
        self.rollouts = rollouts
        self.candidates = candidates
        self.horizon = horizon
        self.policy = policy
        self._greedy = GreedyBot(self.rng)

    def choose(self, seen: PlayerView | GameState) -> Action:
        """The move with the best average play-out for the seat to move."""
        seen = _as_view(seen)
        if seen.step is Step.HAND_OVER:
            return NextHand()
        if seen.step is Step.GAME_OVER:
            raise GameOver("the game is over", clause="R37")
        moves = self._candidates(seen)
        if len(moves) == 1:
            return moves[0]
        base = self.rng.getrandbits(64)
        values: list[list[float]] = [[] for _ in moves]
        for rollout in range(self.rollouts):
            rng = random.Random(base + rollout)
            deal = determinize(seen, rng)
            seed = rng.getrandbits(64)
            for i, move in enumerate(moves):
                values[i].append(self._play_out(apply(deal, move), seen, seed))
        return moves[_clear_winner(values)]

    def _candidates(self, seen: PlayerView) -> list[Action]:
        """The moves worth comparing, :class:`GreedyBot`'s choice first."""
        default = self._greedy.choose(seen)
        if seen.players[seen.current].laid_down or isinstance(
            default, (LayPhase, Hit, ChoosePhase, DrawSaved)
        ):
            return [default]
        legal = legal_actions(seen)
        if seen.step is Step.DRAW:
            return [default, *(move for move in legal if move != default)]
        keys = self._greedy._discard_keys(seen, seen.hand, seen.phase_of(seen.current))
        keep = {card: key for card, key in zip(seen.hand, keys, strict=True)}
        others = sorted(
            (m for m in legal if isinstance(m, (Discard, Skip)) and m != default),
            key=lambda m: (0, ()) if isinstance(m, Skip) else (1, keep[m.card]),
        )
        moves: list[Action] = [default, *others]
        return moves[: self.candidates]

    def _play_out(self, state: GameState, seen: PlayerView, seed: int) -> float:
        """Play ``state`` to the end of the hand; how well it went for the
        viewing seat, against the others."""
        bots = [
            self.policy(random.Random(seed + seat)) for seat in range(len(seen.players))
        ]
        # The built-in bots take the whole state and choose from its view
        # themselves, asking the rules' checks of the state: the same moves,
        # without a stand-in state built for every check. Any other policy is
        # given the view.
        whole = self.policy in (GreedyBot, RandomBot)
        moves = 0
        while state.step in (Step.DRAW, Step.PLAY) and moves < self.horizon:
            seat = state.current
            bot = bots[seat]
            if whole:
                move = cast("GreedyBot | RandomBot", bot).choose(state)
            else:
                move = bot.choose(view(state, seat))
            state = apply(state, move)
            moves += 1
        return _outcome(state, seen)


def _clear_winner(values: list[list[float]]) -> int:
    """The candidate to play: the first (the greedy choice) unless another
    did better on the same deals by more than the noise of the difference
    (a mean paired difference above one standard error)."""
    best, best_margin = 0, 0.0
    count = len(values[0])
    for i in range(1, len(values)):
        diffs = [a - b for a, b in zip(values[i], values[0], strict=True)]
        mean = sum(diffs) / count
        spread = sum((d - mean) ** 2 for d in diffs) / max(count - 1, 1)
        margin = mean - (spread / count) ** 0.5
        if margin > best_margin:
            best, best_margin = i, margin
    return best


_PHASE_VALUE = 100.0
"""A phase completed, in the points of a hand."""
_POINT_VALUE = 0.25
"""A point left in hand: points only break ties between finalists, so they
weigh far less than progress through the phases."""
_WIN_VALUE = 1_000.0


def _outcome(state: GameState, seen: PlayerView) -> float:
    """The viewing seat's result in ``state`` less the others' average: each
    phase completed since ``seen`` (or laid, mid-hand), less the points in
    hand, and winning the game."""
    over = state.hand_points is not None
    scores = []
    for seat, player in enumerate(state.players):
        if over:
            progress = player.completed - seen.players[seat].completed
            points = state.hand_points[seat] if state.hand_points else 0
        else:
            progress = int(player.laid_down)
            points = state.rules.points.total(player.hand)
        won = _WIN_VALUE if state.winner == seat else 0.0
        scores.append(_PHASE_VALUE * progress - _POINT_VALUE * points + won)
    me = seen.seat if seen.seat is not None else seen.current
    others = [scores[s] for s in seen.contenders if s != me] or [0.0]
    return scores[me] - sum(others) / len(others)


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

    .. versionadded:: 0.1
    """
    if not isinstance(bots, Sequence) or isinstance(bots, str):
        raise UsageError(f"bots is a sequence of bots, one a seat, not {shown(bots)}")
    for bot in bots:
        if not callable(getattr(bot, "choose", None)):
            raise UsageError(f"a bot has a choose(view) method: {shown(bot)} has none")
    max_moves = _count("max_moves", max_moves, 0)
    state = new_game(len(bots), rules, seed=seed, dealer=dealer)
    moves = 0
    while state.step is not Step.GAME_OVER and moves < max_moves:
        seat = state.current
        state = apply(state, bots[seat].choose(view(state, seat)))
        moves += 1
    return GameResult(
        winner=state.winner,
        scores=tuple(p.score for p in state.players),
        completed=tuple(p.completed for p in state.players),
        hands=state.hand_number,
        moves=moves,
        final=state,
    )


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
    games = _whole("games", games)
    seed = _whole("seed", seed)
    max_moves = _whole("max_moves", max_moves)
    if players is not None:
        players = _whole("players", players)
    if rules is not None and not isinstance(rules, Rules):
        raise UsageError(f"rules are a Rules record or None, not {shown(rules)}")
    _check_executor(executor)
    names = list(entrants)  # every type checked: now the values
    if not names:
        raise RulesError("a tournament needs at least one bot: entrants is empty")
    _count("games", games, 0)
    _count("max_moves", max_moves, 0)
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
