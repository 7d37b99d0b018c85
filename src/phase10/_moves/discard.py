"""Discarding: the usual end of a turn, one card from the hand onto the
discard pile (R21, R24, R33): the judge, the builder, the move and the
listing of every discard, as in every module of this package.
"""

from __future__ import annotations

from typing import Final

from .._actions import Discard
from .._cards import FACES, Card, CardLike, as_card
from .._errors import BadDiscard
from .._events import CardDiscarded
from .._flow import Log, pass_turn_barrier
from .._memo import Memo, memo
from .._rules import Rules
from .._state import GameState, Step
from ._kernel import (
    PLAY_STEP,
    MoveKind,
    finish_turn,
    take_from_hand,
    verify_turn,
    without,
)

__all__ = [
    "ROW",
    "build_discard",
    "discard",
    "discard_candidates",
    "may_discard",
    "play_discard",
    "verify_discard",
]


def verify_discard(
    state: GameState, card: CardLike, *, player: int | None = None
) -> None:
    """Raise what :func:`discard` would raise; else do nothing.

    A turn ends with one discard of a card from the hand (R21), which is
    not a Skip: a Skip is played against a player with :func:`skip` (R26).

    .. versionadded:: 0.1
    """
    _judge_discard(state, card, player)


def may_discard(card: Card, rules: Rules) -> bool:
    """Whether a card in hand may end the turn as a plain discard under
    ``rules``: any card but a Skip, which is played against a player
    instead (R21, R26). The listing asks it once per face and rule set
    (see :func:`_discards`), so it must depend on nothing else."""
    return not card.is_skip


def _judge_discard(
    state: GameState, card: CardLike, player: int | None
) -> tuple[Card, tuple[Card, ...]]:
    """The judge of a discard: the card, and the hand that would be left."""
    the_card = as_card(card)
    verify_turn(state, player, PLAY_STEP, "discard")
    if not may_discard(the_card, state.rules):
        raise BadDiscard(
            "a Skip is not discarded like other cards: play it against the "
            "player who is to lose a turn",
            clause="R26",
        )
    rest = take_from_hand(state.players[state.current].hand, (the_card,))
    barrier = pass_turn_barrier(state, False, not rest)
    if barrier is not None:
        raise barrier
    return the_card, rest


def play_discard(
    state: GameState, card: CardLike, player: int | None, log: Log
) -> GameState:
    """:func:`discard`, telling ``log`` the card and what followed."""
    the_card, rest = _judge_discard(state, card, player)
    return build_discard(state, the_card, rest, log)


def build_discard(
    state: GameState, card: Card, rest: tuple[Card, ...], log: Log
) -> GameState:
    """The state after a discard the judge allows: ``card`` on the discard
    pile, ``rest`` the hand left (as the judge found it), the turn over."""
    if log is not None:
        log.append(CardDiscarded(state.current, card))
    return finish_turn(state, card, rest, None, log)


def _trusted_discard(state: GameState, move: Discard) -> GameState:
    """:func:`build_discard` of a discard listed for this very state: the
    card is in hand (one object per face, found by identity)."""
    card = move.card
    rest = without(state.players[state.current].hand, card)
    if rest is None:  # not listed for this state after all: judge it
        return play_discard(state, card, None, None)
    return build_discard(state, card, rest, None)


def discard(
    state: GameState, card: CardLike, *, player: int | None = None
) -> GameState:
    """End the turn by discarding ``card`` (R21, R24, R33).

    Discarding the last card goes out and ends the hand.

    .. versionadded:: 0.1
    """
    return play_discard(state, card, player, None)


_DISCARDS: Final[Memo[int, tuple[Rules, tuple[Discard | None, ...]]]] = memo(
    "_moves.discard.by_face", 256
)
"""For each rule set (by identity, kept alive in its entry), the discard of
each face by card index, or ``None`` where the face may not be discarded."""


def _discards(rules: Rules) -> tuple[Discard | None, ...]:
    """The discard of each face under ``rules``, or ``None``: asked of
    :func:`may_discard` once per face and rule set, and handed out again
    (records are immutable)."""
    entry = _DISCARDS.get(id(rules))
    if entry is None or entry[0] is not rules:
        table = tuple(
            Discard(card) if may_discard(card, rules) else None for card in FACES
        )
        entry = _DISCARDS.keep(id(rules), (rules, table))
    return entry[1]


def _holds_one(state: GameState) -> bool:
    return len(state.players[state.current].hand) == 1


def discard_candidates(state: GameState, faces: tuple[Card, ...]) -> list[Discard]:
    """Every discard the judge allows now, one per face in hand in index order
    but Skips (``faces``: the distinct cards of the hand of the player to
    move, in index order), in the ``PLAY`` step (R21, R26, R36). Move records
    are immutable, so the same ones are handed out again."""
    if pass_turn_barrier(state, False, len(faces) == 1 and _holds_one(state)):
        return []
    table = _discards(state.rules)
    return [move for card in faces if (move := table[card.index]) is not None]


ROW: Final = MoveKind(
    Discard,
    lambda s, a, p: verify_discard(s, a.card, player=p),
    lambda s, a, p, log: play_discard(s, a.card, p, log),
    discard_candidates,
    (Step.PLAY,),
    trusted=_trusted_discard,
)
"""The row of this kind of move in the table of moves."""
