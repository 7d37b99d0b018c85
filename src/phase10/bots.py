"""Ready-made computer players.

:class:`SimpleBot` plays a plain, sensible game: it keeps the cards that
bring it closer to its phase, lays the phase as soon as it can, hits every
card that fits, plays Skips on the leader and discards the costliest card it
does not need. It reads only what the player whose turn it is may see: its
own hand, the table, the top discard and everyone's progress.

.. versionadded:: 0.1
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ._actions import Action, Discard, Draw, Hit, LayPhase, NextHand, Skip
from ._cards import Card
from ._errors import IllegalMove
from ._groups import End
from ._phases import GroupKind, PhaseSpec
from ._solver import find_phase
from ._state import GameState, Pile, Step
from ._transitions import skip_targets, verify_draw, verify_hit

__all__ = ["SimpleBot"]


class SimpleBot:
    """A computer player that chooses one move at a time.

    ``rng`` breaks ties between equally good moves, so a seeded bot plays
    the same game every time.

    >>> import random
    >>> from phase10 import apply, new_game
    >>> from phase10.bots import SimpleBot
    >>> state = new_game(2, seed=3)
    >>> bot = SimpleBot(random.Random(0))
    >>> state = apply(state, bot.choose(state))
    >>> state.step.name
    'PLAY'

    .. versionadded:: 0.1
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random(0)

    def choose(self, state: GameState) -> Action:
        """The move this bot makes for the player whose turn it is."""
        if state.step is Step.HAND_OVER:
            return NextHand()
        if state.step is Step.GAME_OVER:
            raise IllegalMove("the game is over", clause="R37")
        me = state.players[state.current]
        phase = state.phase_of(state.current)
        if state.step is Step.DRAW:
            return Draw(Pile.DISCARD if self._wants_discard(state) else Pile.DRAW)
        if not me.laid_down and phase is not None:
            groups = find_phase(me.hand, phase, state.rules)
            # Laying every card at once goes out, which some rules forbid.
            if groups is not None and (
                len(me.hand) > sum(len(g) for g in groups) or state.rules.go_out_by_hit
            ):
                return LayPhase(groups)
        if me.laid_down:
            for card in sorted(me.hand, key=lambda c: c.is_wild):
                if card.is_skip:
                    continue
                for index in range(len(state.table)):
                    for end in (None, End.LOW) if card.is_wild else (None,):
                        try:
                            verify_hit(state, card, index, end=end)
                        except IllegalMove:
                            continue
                        return Hit(card, index, end)
        return self._end_turn(state, phase)

    def _wants_discard(self, state: GameState) -> bool:
        try:
            verify_draw(state, Pile.DISCARD)
        except IllegalMove:
            return False
        top = state.discard_pile[0]
        if top.is_wild:
            return True
        me = state.players[state.current]
        if me.laid_down:
            return any(_fits(meld_cards, top) for meld_cards in _melds(state))
        phase = state.phase_of(state.current)
        if phase is None:
            return False
        return _keep_score(top, (*me.hand, top), phase) > max(
            (_keep_score(c, me.hand, phase) for c in me.hand if not c.is_wild),
            default=0,
        )

    def _end_turn(self, state: GameState, phase: PhaseSpec | None) -> Action:
        me = state.players[state.current]
        hand = me.hand
        if any(card.is_skip for card in hand):
            targets = skip_targets(state)
            if not targets:
                return Skip(None)
            # Skip whoever is furthest ahead; ties broken at random.
            best = max(
                (state.players[t].completed, -state.players[t].score) for t in targets
            )
            leaders = [
                t
                for t in targets
                if (state.players[t].completed, -state.players[t].score) == best
            ]
            return Skip(self.rng.choice(leaders))
        points = state.rules.points
        if me.laid_down or phase is None:
            keep = [1 if card.is_wild else 0 for card in hand]
        else:
            keep = [_keep_score(card, hand, phase) for card in hand]
        worst = min(
            range(len(hand)),
            key=lambda i: (keep[i], -points.of(hand[i]), self.rng.random()),
        )
        return Discard(hand[worst])


def _melds(state: GameState) -> list[tuple[GroupKind, tuple[Card, ...], int | None]]:
    return [(m.kind, m.cards, m.low) for m in state.table]


def _fits(meld: tuple[GroupKind, tuple[Card, ...], int | None], card: Card) -> bool:
    kind, cards, low = meld
    naturals = [c for c in cards if not c.is_wild]
    if card.is_skip:
        return False
    if card.is_wild:
        return True
    if kind is GroupKind.SET:
        return not naturals or naturals[0].number == card.number
    if kind is GroupKind.COLOR:
        return not naturals or naturals[0].color is card.color
    start = low or 1
    return card.number in (start - 1, start + len(cards))


def _keep_score(card: Card, hand: Sequence[Card], phase: PhaseSpec) -> int:
    """How much ``card`` helps toward ``phase`` given ``hand`` (higher keeps it)."""
    if card.is_wild:
        return 100
    if card.is_skip:
        return -1
    number = card.number or 0
    best = 0
    for group in phase.groups:
        if group.kind is GroupKind.SET:
            score = sum(1 for c in hand if c.number == number)
        elif group.kind is GroupKind.COLOR:
            score = sum(1 for c in hand if c.color is card.color)
        else:
            span = group.size - 1
            nearby = {
                c.number
                for c in hand
                if c.number is not None
                and abs(c.number - number) <= span
                and (group.kind is GroupKind.RUN or c.color is card.color)
            }
            score = len(nearby)
        best = max(best, score)
    return best
