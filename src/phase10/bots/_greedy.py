"""GreedyBot: a plain, sensible game, and the helpers it shares with the
search bot (which card to part with first, a lay with the fewest Wilds).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .._actions import (
    Action,
    ChoosePhase,
    Discard,
    Draw,
    Hit,
    LayPhase,
    NextHand,
    Save,
    Skip,
    SwapWild,
)
from .._cards import Card
from .._errors import CardDoesNotFit, GameOver
from .._find_phase import find_phase
from .._groups import End, extend_group
from .._legal import can_apply, can_draw, can_lay_phase, can_skip, legal_actions
from .._phases import PhaseSpec
from .._rules import Rules
from .._scores import keep_scores
from .._state import GameState, Meld, Pile, Step
from .._view import PlayerView
from ._base import as_view, random_source
from ._editions import closest_phase, declare, saved_wild

__all__ = ["GreedyBot", "lay_with_fewest_wilds"]


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
        self.rng = random_source(rng)

    def choose(self, seen: PlayerView | GameState) -> Action:
        """The move this bot makes for the seat whose view ``seen`` is.

        Given a whole state (as in a search's play-outs), it chooses from the
        mover's view all the same, and asks the rules' checks of the state
        itself, which answer as they would for the view (legality never
        depends on hidden cards) without building a stand-in for it.
        """
        on: PlayerView | GameState = seen
        seen = as_view(seen)
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
            groups = lay_with_fewest_wilds(seen.hand, phase, seen.rules)
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


def lay_with_fewest_wilds(
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
