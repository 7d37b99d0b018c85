"""MonteCarloBot: determinized Monte Carlo search over play-outs by
:class:`~phase10.bots.GreedyBot` (or another policy).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

from .._actions import (
    Action,
    ChoosePhase,
    Discard,
    DrawSaved,
    Hit,
    LayPhase,
    NextHand,
    Skip,
)
from .._determinize import determinize
from .._errors import GameOver, UsageError, shown
from .._legal import legal_actions
from .._moves import apply
from .._state import GameState, Step
from .._view import PlayerView, view
from ._base import Bot, RandomBot, as_view, count, random_source
from ._greedy import GreedyBot

__all__ = ["MonteCarloBot"]


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
            count(name, value, 1)
        if not callable(policy):
            raise UsageError(
                f"policy makes a bot from a random.Random, not {shown(policy)}"
            )
        self.rng = random_source(rng)
        self.rollouts = rollouts
        self.candidates = candidates
        self.horizon = horizon
        self.policy = policy
        self._greedy = GreedyBot(self.rng)

    def choose(self, seen: PlayerView | GameState) -> Action:
        """The move with the best average play-out for the seat to move."""
        seen = as_view(seen)
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
