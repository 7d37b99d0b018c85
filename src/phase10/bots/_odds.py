"""A bot on the exact odds: :class:`OddsBot`.

It ranks the legal moves by what :mod:`phase10.analysis` counts (the outs
and the odds of the phase within one and two draws over the unseen cards,
as :func:`~phase10.analysis.advise` does), and adds what that ranking
leaves out: the structure of a hand still far from its phase (when no
card it could give up changes the odds), the cards another seat is seen
to need, the points left in hand when another seat is near going out, and
which seat to Skip.
"""

from __future__ import annotations

import random

from .._actions import Action, Discard, Draw, NextHand, Save, Skip
from .._cards import SKIP, Card
from .._errors import GameOver, IllegalMove
from .._legal import legal_actions
from .._scores import keep_scores
from .._state import GameState, Pile, Step
from .._view import PlayerView
from ..analysis._advice import Key, _judge, _short, _Turn, _without, advise
from ..analysis._odds import Question
from ._base import as_view, random_source

__all__ = ["AdviceBot", "OddsBot"]


class OddsBot:
    """A computer player that plays by the exact odds of its phase.

    Each move is ranked as :func:`~phase10.analysis.advise` ranks it (lay
    the phase with the fewest Wilds, hit every card that fits, draw and
    discard for the best chance of the phase within two draws), with these
    changes, each read from the seat's own view alone:

    - a hand whose odds no discard changes (still far from its phase) keeps
      the cards that bring it closest: fewest Wilds short of the phase,
      then the cards most others of the hand could share a group with;
    - the top discard is taken, when the odds do not decide, if it brings
      the hand a card closer to its phase;
    - a card another seat can use (it fits their groups on the table, or
      joins cards they are known to hold) is given up last, when the odds
      cost of keeping it is small;
    - when another seat is down and close to going out, the points in hand
      weigh more: the costliest card goes first;
    - a Skip goes to the seat nearest to going out (down, fewest cards),
      else the one furthest ahead.

    ``rng`` breaks exact ties, so a seeded bot plays the same game every
    time.

    .. versionadded:: 0.3
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = random_source(rng)

    def choose(self, seen: PlayerView | GameState) -> Action:
        """The move this bot makes for the seat whose view ``seen`` is."""
        seen = as_view(seen)
        if seen.step is Step.HAND_OVER:
            return NextHand()
        if seen.step is Step.GAME_OVER:
            raise GameOver("the game is over", clause="R37")
        moves = legal_actions(seen)
        if not moves:  # only in a position no game reaches, built by hand
            raise IllegalMove("no move is legal in this position")
        if len(moves) == 1:
            return moves[0]
        turn = _Turn(seen)
        table = _Table(turn)
        keys = [table.key(move) for move in moves]
        best = max(keys)
        tied = [move for move, key in zip(moves, keys, strict=True) if key == best]
        return tied[0] if len(tied) == 1 else self.rng.choice(tied)


class AdviceBot:
    """Plays the move :func:`phase10.analysis.advise` ranks first.

    The advice's own player: the baseline every bot on the odds is measured
    against. Ties in the advice's ranking go to its first move, so the bot
    plays the same game every time; ``rng`` is taken for the factories'
    sake (``LEVELS``) and not used.

    .. versionadded:: 0.3
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = random_source(rng)

    def choose(self, seen: PlayerView | GameState) -> Action:
        """The move this bot makes for the seat whose view ``seen`` is."""
        seen = as_view(seen)
        if seen.step is Step.HAND_OVER:
            return NextHand()
        if seen.step is Step.GAME_OVER:
            raise GameOver("the game is over", clause="R37")
        moves = legal_actions(seen)
        if not moves:  # only in a position no game reaches, built by hand
            raise IllegalMove("no move is legal in this position")
        if len(moves) == 1:
            return moves[0]
        return advise(seen)[0].action


DENIAL = 0.02
"""The chance of the phase (within two draws) worth giving up to keep back a
card the next seat can use."""
ONE_DRAW = 0.5
"""How much the chance within one draw counts beside the chance within two."""
FLOOR = 0.0
"""A chance of the phase within two draws at most this small counts as none:
the hand is kept for its structure instead (fewest Wilds short)."""


class _Table:
    """The ranking of one position's moves, with what the moves share."""

    def __init__(self, turn: _Turn) -> None:
        self.turn = turn
        self.danger = _danger(turn.seen, turn.seat)
        self._short: dict[tuple[Card, ...], int] = {}

    def key(self, move: Action) -> Key:
        """Where ``move`` ranks: the higher, the better."""
        question = self.turn.question
        if question is not None and not self.turn.laid:
            if isinstance(move, Skip):
                return self._end_turn(question, move, SKIP)
            if isinstance(move, (Discard, Save)):
                return self._end_turn(question, move, move.card)
            if isinstance(move, Draw):
                return self._draw(question, move)
        return _judge(self.turn, move)[0]

    def short(self, question: Question, hand: tuple[Card, ...]) -> int:
        """How many Wilds ``hand`` lacks for the phase (kept for the turn)."""
        key = tuple(sorted(hand))
        found = self._short.get(key)
        if found is None:
            found = self._short[key] = _short(question, hand)
        return found

    def _end_turn(self, question: Question, move: Action, card: Card) -> Key:
        """A move that ends the turn by giving up ``card``, before the phase
        is laid."""
        turn = self.turn
        hand = _without(turn.seen.hand, card)
        found, one, two = turn.after(hand)
        points = turn.rules.points.of(card)
        wants = isinstance(move, Discard) and turn.next_player_wants(card)
        chance = float(two) + ONE_DRAW * float(one)
        if wants:
            chance -= DENIAL
        structure: Key = ()
        if two <= FLOOR:
            chance = -DENIAL if wants else 0.0
            scores = keep_scores((*hand, card), question.phase, turn.rules.wrap_runs)
            structure = (-self.short(question, hand), -scores[-1])
        bonus = 0.0
        target = 0.0
        if isinstance(move, Skip):
            bonus = 2.0 + (move.target is not None)
            if move.target is not None:
                target = self._skip_target(move.target)
        elif isinstance(move, Save):
            bonus = 1.5 if card.is_wild else -1.0
        return (
            40.0,
            round(chance, 3),
            float(points if self.danger else 0),
            *structure,
            found,
            float(not card.is_wild),
            bonus,
            -float(wants),
            points,
            target,
        )

    def _draw(self, question: Question, move: Draw) -> Key:
        """A draw before the phase is laid: the advice's ranking, but the
        top discard is taken, when the odds are nil either way, if it
        brings the hand a Wild closer to its phase."""
        turn = self.turn
        base = _judge(turn, move)[0]
        hand = turn.seen.hand
        top = turn.seen.discard_top
        if question.makes(hand) or move.source is not Pile.DISCARD or top is None:
            return base
        if base[1] == 0:
            taken = (*hand, top)
            after = min(self.short(question, _without(taken, c)) for c in set(hand))
            if after < self.short(question, hand):
                return (base[0], 0.0, 0.0, 2.0)
        return base

    def _skip_target(self, target: int) -> float:
        """How much a Skip on ``target`` holds them back: a seat down and
        near going out first, then the one furthest ahead."""
        player = self.turn.seen.players[target]
        near = 20 - player.hand_size if player.laid_down else 0
        return near * 10_000.0 + player.completed * 1000 - player.score


def _danger(seen: PlayerView, seat: int) -> bool:
    """Whether another seat is down with few cards left (near going out)."""
    return any(
        other != seat and player.laid_down and player.hand_size <= 3
        for other, player in enumerate(seen.players)
    )
