"""The listing of hits, for :func:`~phase10.legal_actions` (R30-R33).

The judge of a hit is :func:`~phase10._transitions.verify_hit`; listing
every hit a turn may make asks the parts of it that hold for the whole turn
once (the barriers) and, for each card and group, the judge of groups,
:func:`extend_group`, whose answers are kept: a group on the table stays as
it is for many turns, and every turn asks again about the same groups and
cards.
"""

from __future__ import annotations

from functools import lru_cache
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
    hits = []
    wrap = state.rules.wrap_runs
    tables = [_fits_of(meld, wrap) for meld in state.table]
    for card in faces:
        face = card.index
        for index, fits in enumerate(tables):
            ends = fits.get(face)
            if ends is None:
                meld = state.table[index]
                ends = fits[face] = tuple(
                    (end, _END_CODE[end])
                    for end in _fitting_ends(
                        meld.kind, meld.shape, meld.cards, card, wrap
                    )
                )
            for end, code in ends:
                key = (face, index, code)
                hit = _HITS.get(key)
                if hit is None:
                    hit = _HITS[key] = Hit(card, index, end)
                hits.append(hit)
    return hits


_END_CODE: Final[dict[End | None, int]] = {None: 0, End.LOW: 1, End.HIGH: 2}
_HITS: Final[dict[tuple[int, int, int], Hit]] = {}
"""Hit records handed out again, by face, group and end: records are
immutable, and a turn lists the same hits as the one before."""
_FITS: Final[
    dict[int, tuple[Meld, bool, dict[int, tuple[tuple[End | None, int], ...]]]]
] = {}
"""For each group on the table (by identity, kept alive here so its id is
not reused), the ends at which each face fits it: groups stay unchanged for
many turns, and finding one by identity costs less than hashing its cards."""


def _fits_of(meld: Meld, wrap: bool) -> dict[int, tuple[tuple[End | None, int], ...]]:
    entry = _FITS.get(id(meld))
    if entry is None or entry[0] is not meld or entry[1] is not wrap:
        if len(_FITS) >= 4096:
            _FITS.clear()
            _HITS.clear()
        entry = _FITS[id(meld)] = (meld, wrap, {})
    return entry[2]


_EITHER_END: Final = (End.LOW, End.HIGH)
_HIGHEST: Final = 12
_NO_END: Final = (None,)
_HIGH_END: Final = (End.HIGH,)


@lru_cache(maxsize=8192)
def _fitting_ends(
    kind: GroupKind,
    shape: GroupShape,
    cards: tuple[Card, ...],
    card: Card,
    wrap: bool = False,
) -> tuple[End | None, ...]:
    """The ends at which ``card`` fits a group laid as ``cards`` (``(None,)``
    where no end is named), asking the judge of groups, :func:`extend_group`
    (R13, R30, R32), runs wrapping from 12 to 1 if ``wrap`` (R42).

    A group on the table stays as it is for many turns, so the answers are
    remembered: every turn asks again about the same groups and cards.
    """
    run = kind.is_run
    fitting = []
    ends = _hit_ends(card, run, run and shape.low is None)
    if wrap and run and len(cards) == _HIGHEST - 1:
        # The one number a run of 11 lacks follows on at both ends (R42).
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
