"""A player who makes a beginner's mistakes: :class:`BeginnerBot`."""

from __future__ import annotations

import random

from .._actions import Action, Discard, Draw, Hit, SwapWild
from .._legal import can_apply
from .._state import GameState, Pile, Step
from .._view import PlayerView
from ._base import as_view, random_source, share
from ._greedy import GreedyBot

__all__ = ["BeginnerBot"]


class BeginnerBot:
    """Plays as :class:`GreedyBot` does, but for the mistakes a beginner
    makes, each at the rate ``mistakes`` (a chance from 0 to 1, 0.3 unless
    given) whenever the chance to make it comes:

    - it does not watch the discard pile: it draws blind when the top
      discard was worth taking;
    - it misses a hit: it ends its turn with a card that fits a group on
      the table;
    - it throws away a card it needed: it discards one of the cards it
      would have kept (never a Wild), rather than the one that helps least.

    Every move it makes is legal, and it never gives up a phase it could
    lay: a beginner lays as soon as the hand shows the phase. ``rng``
    draws both the mistakes and the ties, so a seeded bot plays the same
    game every time.

    >>> import random
    >>> from phase10.bots import BeginnerBot
    >>> BeginnerBot(random.Random(0), mistakes=0.5).mistakes
    0.5

    .. versionadded:: 0.3
    """

    def __init__(self, rng: random.Random | None = None, mistakes: float = 0.3) -> None:
        self.rng = random_source(rng)
        self.mistakes = share("mistakes", mistakes)
        self._plain = GreedyBot(self.rng)

    def choose(self, seen: PlayerView | GameState) -> Action:
        """The move this bot makes for the seat whose view ``seen`` is."""
        on: PlayerView | GameState = seen
        seen = as_view(seen)
        move = self._plain.choose(on)
        if self.mistakes == 0 or seen.step not in (Step.DRAW, Step.PLAY):
            return move
        slip: Action | None = None
        if isinstance(move, Draw) and move.source is Pile.DISCARD:
            slip = Draw(Pile.DRAW)
        elif isinstance(move, (Hit, SwapWild)):
            slip = self._plain._end_turn(seen, seen.phase_of(seen.current), on)
        elif isinstance(move, Discard):
            slip = self._wrong_discard(seen, move)
        if slip is None or slip == move or not self._slips():
            return move
        return slip if can_apply(on, slip) else move

    def _slips(self) -> bool:
        return self.rng.random() < self.mistakes

    def _wrong_discard(self, seen: PlayerView, plain: Discard) -> Action | None:
        """A card the plain player would have kept, never a Wild."""
        kept = sorted(
            {card for card in seen.hand if not card.is_wild and card != plain.card}
        )
        return Discard(self.rng.choice(kept)) if kept else None
