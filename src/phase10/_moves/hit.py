"""Hitting: one card from the hand onto a group on the table (R30-R33).

The judge, the builder, the move and the listing of every hit, as in every
module of this package. Listing every hit a turn may make asks the parts of
the judge that hold for the whole turn once (the barriers) and, for each
card and group, the judge of groups, :func:`extend_group`, whose answers are
kept: a group on the table stays as it is for many turns, and every turn
asks again about the same groups and cards.
"""

from __future__ import annotations

from typing import Final

from .._actions import Hit
from .._cards import HIGHEST, Card, CardLike, as_card
from .._errors import (
    CannotHit,
    CardDoesNotFit,
    NoSuchMeld,
    Refusal,
    UsageError,
    is_whole,
    shown,
)
from .._events import CardHit
from .._flow import Log, end_hand, replace_player
from .._groups import End, GroupShape, extend_group
from .._memo import Memo, memo
from .._phases import GroupKind
from .._state import GameState, Meld, Step, replace
from ._kernel import PLAY_STEP, MoveKind, forget, take_from_hand, verify_turn

__all__ = [
    "ROW",
    "fit_hit",
    "hit",
    "hit_barrier",
    "hit_candidates",
    "keep_card_barrier",
    "play_hit",
    "verify_hit",
]


def verify_hit(
    state: GameState,
    card: CardLike,
    meld: int,
    *,
    end: End | None = None,
    player: int | None = None,
) -> Meld:
    """Raise what :func:`hit` would raise; else return the group as it would
    become.

    Only a player whose phase is down may hit (R30), not on the turn of the
    lay under rules that forbid it (R31), a card that fits the group (R32),
    and under rules without going out by a hit, not their last card (R33).

    .. versionadded:: 0.1
    """
    return _judge_hit(state, card, meld, end, player)[0]


def _judge_hit(
    state: GameState, card: CardLike, meld: int, end: End | None, player: int | None
) -> tuple[Meld, Card, tuple[Card, ...]]:
    """The judge of a hit: the group as it would become, the card, and the
    hand that would be left."""
    the_card = as_card(card)
    if not is_whole(meld):
        raise UsageError(
            f"a group on the table is named by its number from 0, not {shown(meld)}"
        )
    if end is not None and end.__class__ is not End:
        raise UsageError(f"end is End.LOW, End.HIGH or None, not {shown(end)}")
    verify_turn(state, player, PLAY_STEP, "hit")
    barrier = hit_barrier(state)
    if barrier is not None:
        raise barrier.error()
    me = state.players[state.current]
    rest = take_from_hand(me.hand, (the_card,), clause="R30")
    if not (0 <= meld < len(state.table)):
        raise NoSuchMeld(
            f"there is no group {shown(meld)} on the table "
            f"({len(state.table)} groups, numbered from 0)",
            clause="R30",
        )
    cards, shape = fit_hit(state, the_card, meld, end, len(rest))
    target = state.table[meld]
    grown = replace(
        target, cards=cards, number=shape.number, color=shape.color, low=shape.low
    )
    return grown, the_card, rest


_NOT_DOWN: Final = Refusal(
    CannotHit, "you must lay down your own phase before you can hit", "R30"
)


_LAID_THIS_TURN: Final = Refusal(
    CannotHit,
    "these rules do not let you hit on the turn you lay down your phase",
    "R31",
)


def hit_barrier(state: GameState) -> Refusal | None:
    """Why the player to move may not hit at all now, or ``None``: their
    phase is not down (R30), or it went down this turn under rules that
    forbid hitting then (R31). Part of :func:`verify_hit`'s judgement, kept
    apart so that listing every hit asks it once."""
    if not state.players[state.current].laid_down:
        return _NOT_DOWN
    if state.laid_this_turn and not state.rules.hit_on_lay_turn:
        return _LAID_THIS_TURN
    return None


def fit_hit(
    state: GameState, card: Card, meld: int, end: End | None, left: int
) -> tuple[tuple[Card, ...], GroupShape]:
    """The cards and shape of ``state.table[meld]`` with ``card`` hit on it
    at ``end``, leaving ``left`` cards in hand; raises :class:`CardDoesNotFit`
    (R32) or, when the hit would empty the hand under rules without going
    out by a hit, :class:`CannotHit` (R33). The rest of
    :func:`verify_hit`'s judgement."""
    target = state.table[meld]
    grown = extend_group(
        target.kind, target.shape, target.cards, card, end, wrap=state.rules.wrap_runs
    )
    barrier = keep_card_barrier(state, left)
    if barrier is not None:
        raise barrier.error()
    return grown


_LAST_CARD_HIT: Final = Refusal(
    CannotHit,
    "you must keep a card to discard: these rules do not let you go out by a hit",
    "R33",
)


def keep_card_barrier(state: GameState, left: int) -> Refusal | None:
    """Why a hit leaving ``left`` cards in hand is refused, or ``None``: it
    would empty the hand under rules without going out by a hit (R33)."""
    if not left and not state.rules.go_out_by_hit:
        return _LAST_CARD_HIT
    return None


def play_hit(
    state: GameState,
    card: CardLike,
    meld: int,
    end: End | None,
    player: int | None,
    log: Log,
) -> GameState:
    """:func:`hit`, telling ``log`` the card hit and the group it made."""
    grown, the_card, rest = _judge_hit(state, card, meld, end, player)
    me = state.players[state.current]
    if log is not None:
        log.append(CardHit(state.current, the_card, meld, grown))
    table = (*state.table[:meld], grown, *state.table[meld + 1 :])
    mine = replace(me, hand=rest, known=forget(me.known, (the_card,)))
    after = replace(
        state, players=replace_player(state.players, state.current, mine), table=table
    )
    if not rest:
        return end_hand(after, state.current, log)
    return after


def hit(
    state: GameState,
    card: CardLike,
    meld: int,
    *,
    end: End | None = None,
    player: int | None = None,
) -> GameState:
    """Put one card from the current player's hand onto ``state.table[meld]`` (R30-R33).

    For a Wild on a run, and for a natural card on a floating run (a run of
    Wilds alone, R13), ``end`` picks the end; without it the card goes at
    the high end if it fits there, else the low end.

    .. versionadded:: 0.1
    """
    return play_hit(state, card, meld, end, player, None)


def hit_candidates(state: GameState, faces: tuple[Card, ...]) -> list[Hit]:
    """Every hit the judge allows now, in the ``PLAY`` step: by card (each face
    in hand, in index order), then group on the table, then end (R30-R33)."""
    if (
        not state.table
        or hit_barrier(state) is not None
        or keep_card_barrier(state, len(state.players[state.current].hand) - 1)
        is not None
    ):
        return []
    hits: list[Hit] = []
    wrap = state.rules.wrap_runs
    table = state.table
    tables = [_fits_of(meld, index, wrap) for index, meld in enumerate(table)]
    for card in faces:
        face = card.index
        for index, fits in enumerate(tables):
            made = fits.get(face)
            if made is None:
                meld = table[index]
                made = fits[face] = tuple(
                    _hit(card, index, end) for end in _ends_of(meld, card, wrap)
                )
            hits += made
    return hits


_FITS: Final[Memo[int, tuple[Meld, int, bool, dict[int, tuple[Hit, ...]]]]] = memo(
    "_moves.hit.fits", 4096
)
"""For each group on the table (by identity, kept alive here so its id is
not reused), its place on the table and, for each face, the hits of that
face on it, made once: groups stay unchanged for many turns, and finding
one by identity costs less than hashing its cards. Hit records are
immutable, so the same ones are handed out again."""


def _fits_of(meld: Meld, index: int, wrap: bool) -> dict[int, tuple[Hit, ...]]:
    entry = _FITS.get(id(meld))
    if (
        entry is None
        or entry[0] is not meld
        or entry[1] != index
        or entry[2] is not wrap
    ):
        entry = _FITS.keep(id(meld), (meld, index, wrap, {}))
    return entry[3]


def _hit(card: Card, meld: int, end: End | None) -> Hit:
    """``Hit(card, meld, end)``, made once: records are immutable, and hands
    keep making the same hits."""
    key = (card.index, meld, id(end))
    hit = _HITS.get(key)
    if hit is None:
        hit = _HITS.keep(key, Hit(card, meld, end))
    return hit


_HITS: Final[Memo[tuple[int, int, int], Hit]] = memo("_moves.hit.records", 65536)


def _ends_of(meld: Meld, card: Card, wrap: bool) -> tuple[End | None, ...]:
    """:func:`_fitting_ends` for ``card`` on ``meld``, shared by groups alike.

    Whether a card fits a group that neither floats nor wraps depends on
    what the group stands for (its kind, number, colour and lowest number)
    and, for a run, its length, never on which cards make it up (see
    :func:`extend_group`): so groups alike share their answers, and a group
    grown by a hit seldom needs the judge again. A floating or wrapping run
    is asked about its own cards.
    """
    kind = meld.kind
    run = kind.is_run
    if wrap or (run and meld.low is None):
        return _fitting_ends(kind, meld.shape, meld.cards, card, wrap)
    key = (
        id(kind),
        meld.number,
        id(meld.color),
        meld.low,
        len(meld.cards) if run else 0,
        card.index,
    )
    ends = _ENDS.get(key)
    if ends is None:
        ends = _ENDS.keep(key, _fitting_ends(kind, meld.shape, meld.cards, card, wrap))
    return ends


_ENDS: Final[
    Memo[tuple[int, int | None, int, int | None, int, int], tuple[End | None, ...]]
] = memo("_moves.hit.ends", 65536)
"""The ends at which a face fits groups alike (see :func:`_ends_of`)."""


_EITHER_END: Final = (End.LOW, End.HIGH)


_NO_END: Final = (None,)


_HIGH_END: Final = (End.HIGH,)


def _fitting_ends(
    kind: GroupKind,
    shape: GroupShape,
    cards: tuple[Card, ...],
    card: Card,
    wrap: bool = False,
) -> tuple[End | None, ...]:
    """The ends at which ``card`` fits a group laid as ``cards`` (``(None,)``
    where no end is named), asking the judge of groups, :func:`extend_group`
    (R13, R30, R32, R51), runs wrapping from 12 to 1 if ``wrap`` (R42).

    The answers are kept by :func:`hit_candidates`, for each group on the table.
    """
    run = kind.is_run
    fitting = []
    ends = _hit_ends(card, run, run and shape.low is None)
    if wrap and run and len(cards) == HIGHEST // (kind.step or 1) - 1:
        # The one number a run of 11 lacks (or a run of 5 odd or even
        # numbers) follows on at both ends (R42, R51).
        ends = _EITHER_END
    for end in ends:
        try:
            extend_group(kind, shape, cards, card, end, wrap=wrap)
        except CardDoesNotFit:
            continue
        fitting.append(end)
    return tuple(fitting)


def _hit_ends(card: Card, run: bool, floating: bool) -> tuple[End | None, ...]:
    """The ``end`` values to try for a hit of ``card`` on a group (a run or
    not, floating or not), one per distinct move (R13, R30, R32).

    A Wild on a run may go at either end; so may a natural card on a
    floating run, where the end fixes the Wilds' numbers. A Wild on a
    floating run makes the same group at either end, so only ``End.HIGH``
    is tried. A natural card anywhere else has one place it fits, and a
    card on a set or colour group has no end.
    """
    if not run:
        return _NO_END
    if floating:
        return _HIGH_END if card.is_wild else _EITHER_END
    return _EITHER_END if card.is_wild else _NO_END


ROW: Final = MoveKind(
    Hit,
    lambda s, a, p: verify_hit(s, a.card, a.meld, end=a.end, player=p),
    lambda s, a, p, log: play_hit(s, a.card, a.meld, a.end, p, log),
    hit_candidates,
    (Step.PLAY,),
)
"""The row of this kind of move in the table of moves."""
