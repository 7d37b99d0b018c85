"""The listing of hits, for :func:`~phase10.legal_actions` (R30-R33).

The judge of a hit is :func:`~phase10._transitions.verify_hit`; listing
every hit a turn may make asks the parts of it that hold for the whole turn
once (the barriers) and, for each card and group, the judge of groups,
:func:`extend_group`, whose answers are kept: a group on the table stays as
it is for many turns, and every turn asks again about the same groups and
cards.
"""

from __future__ import annotations

from typing import Final

from ._actions import Hit
from ._cards import Card
from ._errors import CardDoesNotFit
from ._groups import End, GroupShape, extend_group
from ._phases import GroupKind
from ._state import GameState, Meld
from ._transitions import hit_barrier, keep_card_barrier

__all__ = ["hit_candidates"]


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


_FITS: Final[dict[int, tuple[Meld, int, bool, dict[int, tuple[Hit, ...]]]]] = {}
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
        if len(_FITS) >= 4096:
            _FITS.clear()
        entry = _FITS[id(meld)] = (meld, index, wrap, {})
    return entry[3]


def _hit(card: Card, meld: int, end: End | None) -> Hit:
    """``Hit(card, meld, end)``, made once: records are immutable, and hands
    keep making the same hits."""
    key = (card.index, meld, id(end))
    hit = _HITS.get(key)
    if hit is None:
        if len(_HITS) >= 65536:
            _HITS.clear()
        hit = _HITS[key] = Hit(card, meld, end)
    return hit


_HITS: Final[dict[tuple[int, int, int], Hit]] = {}


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
        if len(_ENDS) >= 65536:
            _ENDS.clear()
        ends = _ENDS[key] = _fitting_ends(kind, meld.shape, meld.cards, card, wrap)
    return ends


_ENDS: Final[
    dict[tuple[int, int | None, int, int | None, int, int], tuple[End | None, ...]]
] = {}
"""The ends at which a face fits groups alike (see :func:`_ends_of`)."""


_EITHER_END: Final = (End.LOW, End.HIGH)
_HIGHEST: Final = 12
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
    if wrap and run and len(cards) == _HIGHEST // (kind.step or 1) - 1:
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
