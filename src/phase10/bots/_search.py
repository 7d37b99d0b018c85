"""Search on top of the odds: :class:`SearchBot`."""

from __future__ import annotations

import random
import time

from .._actions import Action, Discard, NextHand, Save, Skip
from .._determinize import determinize
from .._errors import GameOver
from .._legal import legal_actions
from .._moves import apply
from .._state import GameState, Step
from .._view import PlayerView
from ..analysis._advice import _Turn
from ._base import as_view, count, random_source, share
from ._montecarlo import _clear_winner, _outcome
from ._odds import OddsBot, _Table

__all__ = ["SearchBot"]


class SearchBot:
    """Determinized Monte Carlo search over :class:`OddsBot` play-outs.

    It plays as :class:`OddsBot` does, but where that bot's choice of how
    to end the turn is close (other cards it could give up, or Skips it
    could play, rank within ``margin`` of its first choice by the odds of
    the phase), it compares up to ``candidates`` of them by play-outs: it
    deals the cards it cannot see at random (:func:`~phase10.determinize`)
    and plays each candidate on the same deal with :class:`OddsBot` in
    every seat for ``horizon`` moves or to the end of the hand, whichever
    comes first. A play-out is scored as :class:`MonteCarloBot` scores
    one (phases completed or laid, 100 points each, less a quarter of the
    points in hand, against the other seats' mean). The odds bot's choice
    stands unless another candidate did better on the same deals by more
    than one standard error of the difference.

    The budget is ``rollouts`` deals a close choice, or, if ``ms`` is
    given, as many deals as fit in that many milliseconds (at least two,
    and never more than ``rollouts``). A budget in deals is reproducible: a
    seeded bot plays the same game every time, on any machine. A budget in
    milliseconds depends on the machine's speed and load, so it is not.

    Every choice is made from the seat's view alone: the deals are drawn
    from what the view leaves unseen.

    >>> import random
    >>> from phase10 import apply, new_game
    >>> from phase10.bots import SearchBot
    >>> state = new_game(2, seed=3)
    >>> bot = SearchBot(random.Random(0), rollouts=4)
    >>> state = apply(state, bot.choose(state))
    >>> state.step.name
    'PLAY'

    ``rollouts``, ``candidates`` and ``horizon`` are whole numbers of at
    least 1, ``ms`` one of at least 1 or ``None``, ``margin`` a number from
    0 to 1; another type raises :class:`~phase10.UsageError`, a number out
    of range :class:`~phase10.RulesError`.

    .. versionadded:: 0.3
    """

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        rollouts: int = 8,
        candidates: int = 3,
        horizon: int = 24,
        margin: float = 0.05,
        ms: int | None = None,
    ) -> None:
        for name, value in (
            ("rollouts", rollouts),
            ("candidates", candidates),
            ("horizon", horizon),
        ):
            count(name, value, 1)
        if ms is not None:
            count("ms", ms, 1)
        self.rng = random_source(rng)
        self.rollouts = rollouts
        self.candidates = candidates
        self.horizon = horizon
        self.margin = share("margin", margin)
        self.ms = ms
        self._odds = OddsBot(self.rng)

    def choose(self, seen: PlayerView | GameState) -> Action:
        """The move for the seat to move: the odds bot's, or, at a close
        choice, the candidate with the best play-outs."""
        seen = as_view(seen)
        if seen.step is Step.HAND_OVER:
            return NextHand()
        if seen.step is Step.GAME_OVER:
            raise GameOver("the game is over", clause="R37")
        moves = self._close(seen)
        if len(moves) == 1:
            return moves[0]
        return moves[self._search(seen, moves)]

    def _close(self, seen: PlayerView) -> list[Action]:
        """The odds bot's choice first, then the end-of-turn moves ranked
        within the margin of it, if the choice is how to end the turn."""
        first = self._odds.choose(seen)
        if seen.step is not Step.PLAY or not isinstance(first, (Discard, Save, Skip)):
            return [first]
        turn = _Turn(seen)
        if turn.laid or turn.question is None:
            return [first]
        table = _Table(turn)
        ranked = []
        for move in legal_actions(seen):
            if isinstance(move, (Discard, Save, Skip)) and move != first:
                ranked.append((table.key(move), move))
        lead = table.key(first)[1]
        ranked.sort(key=lambda pair: pair[0], reverse=True)
        near = [move for key, move in ranked if lead - key[1] <= self.margin]
        return [first, *near[: self.candidates - 1]]

    def _search(self, seen: PlayerView, moves: list[Action]) -> int:
        """The index of the candidate to play, by play-outs on shared deals."""
        start = time.perf_counter()
        base = self.rng.getrandbits(64)
        values: list[list[float]] = [[] for _ in moves]
        for rollout in range(self.rollouts):
            spent = (time.perf_counter() - start) * 1000
            if self.ms is not None and rollout >= 2 and spent >= self.ms:
                break
            rng = random.Random(base + rollout)
            deal = determinize(seen, rng)
            seed = rng.getrandbits(64)
            for i, move in enumerate(moves):
                values[i].append(self._play_out(apply(deal, move), seen, seed))
        return _clear_winner(values)

    def _play_out(self, state: GameState, seen: PlayerView, seed: int) -> float:
        """Play ``state`` on with odds bots for the horizon or to the end of
        the hand; how well it went for the viewing seat, against the others."""
        bots = [
            OddsBot(random.Random(seed + seat)) for seat in range(len(seen.players))
        ]
        for _ in range(self.horizon):
            if state.step not in (Step.DRAW, Step.PLAY):
                break
            state = apply(state, bots[state.current].choose(state))
        return _outcome(state, seen)
