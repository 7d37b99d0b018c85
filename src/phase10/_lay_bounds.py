"""Bounds on how many minimal lays a phase may have, for the rules' check R17.

:func:`~phase10._lays.minimal_lays` lists the lays of one hand; the rules
must know, before any hand is dealt, that no hand can have more than
:data:`~phase10.MAX_LISTED_LAYS` of them. These bounds say so for every hand
of a given size.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from math import comb, factorial
from typing import Final

from ._cards import COLOR_COUNT, HIGHEST
from ._limits import MAX_HAND_SIZE
from ._memo import cached
from ._phases import GroupKind, GroupSpec, NaturalRule, PhaseSpec

__all__ = ["most_groups", "most_lays"]


_TOP: Final = MAX_HAND_SIZE + 1  # the most cards a player holds


def most_lays(
    phase: PhaseSpec, cards: int, naturals: NaturalRule, *, wrap: bool = False
) -> int:
    """A bound on how many minimal lays :func:`minimal_lays` can list for
    ``phase`` from any hand of ``cards`` cards (at most ``MAX_HAND_SIZE + 1``).

    The rules are checked with it (R17), so that :func:`legal_actions`
    never lists more lays than ``MAX_LISTED_LAYS``. Why it is a bound: a lay is a
    choice of one group per requirement, each from the cards the earlier
    ones leave; so the lays are at most, over the Wilds and natural cards a
    hand may hold, the groups the first requirement can be made of times
    the lays of the others from what is left, summed over how many Wilds
    and natural cards that group takes. Each count of groups is itself the
    most that any hand with that many natural cards allows (see
    :func:`_choices`). Identical requirements take their groups in order,
    so a class of ``k`` of them is also bounded by the multisets of ``k``
    of its groups, and by the ordered choices divided by ``k!`` plus those
    that take one group twice. With ``wrap`` (R42), runs may start at any
    number.
    """
    wild_only = naturals is not NaturalRule.PER_GROUP
    sizes: dict[tuple[GroupKind, int], int] = {}
    for group in phase.groups:
        key = (group.kind, group.size)
        sizes[key] = sizes.get(key, 0) + 1
    classes = [(kind, size, count) for (kind, size), count in sizes.items()]
    return min(
        _Bound(order, wild_only, wrap).most(cards)
        for order in (
            classes,
            sorted(classes, key=lambda item: item[1]),
            sorted(classes, key=lambda item: -item[1]),
        )
    )


def most_groups(
    group: GroupSpec, cards: int, naturals: NaturalRule, *, wrap: bool = False
) -> int:
    """A bound on how many groups :func:`minimal_lays` can list for one
    requirement from any hand of ``cards`` cards: it lists them all before
    it chooses among them, so the rules bound these too (R17)."""
    wild_only = naturals is not NaturalRule.PER_GROUP
    return _Bound([(group.kind, group.size, 1)], wild_only, wrap).most(cards)


class _Bound:
    """The bound of :func:`most_lays` for one order of the classes of
    identical requirements, remembered by (class, Wilds, natural cards)."""

    __slots__ = ("classes", "known", "wild_only", "wrap")

    def __init__(
        self,
        classes: Sequence[tuple[GroupKind, int, int]],
        wild_only: bool,
        wrap: bool = False,
    ) -> None:
        self.classes = classes
        self.wild_only = wild_only
        self.wrap = wrap
        self.known: dict[tuple[int, int, int, int], int] = {}

    def most(self, cards: int) -> int:
        """The bound for any hand of ``cards`` cards, Wilds or natural."""
        return max(self.rest(0, wilds, cards - wilds) for wilds in range(cards + 1))

    def rest(self, c: int, wilds: int, natural: int) -> int:
        """The lays of classes c, c+1, ... from ``wilds`` Wilds and
        ``natural`` natural cards."""
        if c == len(self.classes):
            return 1
        kind, size, count = self.classes[c]
        ordered = self._ordered(c, count, wilds, natural)
        if count == 1:
            return ordered
        # The class takes its groups in order: a choice of distinct groups
        # is counted count! times among the ordered ones, and a choice
        # with a group twice is that group and the others in some order.
        repeated = 0
        for used in range(min(wilds // 2, size) + 1):
            held = size - used
            if 2 * held <= natural:
                ways = self._ways(kind, size, held, natural)
                if ways:
                    repeated += ways * self._ordered(
                        c, count - 2, wilds - 2 * used, natural - 2 * held
                    )
        groups = sum(
            self._ways(kind, size, size - used, natural)
            for used in range(min(wilds, size) + 1)
        )
        after = max(
            (
                self.rest(c + 1, wilds - used, natural - (count * size - used))
                for used in range(min(wilds, count * size) + 1)
                if count * size - used <= natural
            ),
            default=0,
        )
        return min(
            ordered,
            ordered // factorial(count) + repeated,
            comb(groups + count - 1, count) * after,
        )

    def _ordered(self, c: int, count: int, wilds: int, natural: int) -> int:
        """The lays when ``count`` groups of class c are still to choose, one
        after another, then the classes after it."""
        if count == 0:
            return self.rest(c + 1, wilds, natural)
        key = (c, count, wilds, natural)
        known = self.known.get(key)
        if known is not None:
            return known
        kind, size, _ = self.classes[c]
        total = 0
        for used in range(min(wilds, size) + 1):
            held = size - used
            if held > natural:
                continue
            ways = self._ways(kind, size, held, natural)
            if ways:
                total += ways * self._ordered(
                    c, count - 1, wilds - used, natural - held
                )
        self.known[key] = total
        return total

    def _ways(self, kind: GroupKind, size: int, held: int, natural: int) -> int:
        """Groups of ``size`` with exactly ``held`` natural cards, at most."""
        if held == 0:
            return 1 if self.wild_only else 0
        return _choices(kind, size, held, self.wrap)[natural]


@cached("_lay_bounds.choices")
@cache
def _choices(
    kind: GroupKind, size: int, held: int, wrap: bool = False
) -> tuple[int, ...]:
    """For each count n of natural cards in hand (0 to ``_TOP``), the most
    distinct groups of ``kind`` and ``size`` with exactly ``held`` natural
    cards that any n natural cards allow.

    A set's natural cards are ``held`` of one number's cards, c of them: at
    most C(c, held) choices, and at most the multisets of ``held`` of the
    number's four faces; likewise a colour group's, of twelve faces. The
    natural cards are shared out among the numbers (or colours) every way,
    and the best sharing kept. A run's are ``held`` places of a window of
    numbers, each place any face of its number held: see :func:`_runs`; a
    run of odd or even numbers likewise, on the six numbers of its parity
    (R51). An even or odd group's are ``held`` of one pool of 24 faces (R43).
    """
    if kind is GroupKind.SET:
        return _pooled(held, COLOR_COUNT, HIGHEST)
    if kind is GroupKind.COLOR:
        return _pooled(held, HIGHEST, COLOR_COUNT)
    if kind is GroupKind.RUN:
        return _runs(size, held, COLOR_COUNT, wrap)
    if kind is GroupKind.COLOR_RUN:
        return _shared(_runs(size, held, 1, wrap), COLOR_COUNT)
    if kind.parity is None:
        raise AssertionError(f"no bound for {kind}")  # pragma: no cover
    if kind.is_run:
        return _runs(size, held, COLOR_COUNT, wrap, HIGHEST // 2)
    return _pooled(held, COLOR_COUNT * HIGHEST // 2, 1)


@cached("_lay_bounds.pooled")
@cache
def _pooled(held: int, faces: int, pools: int) -> tuple[int, ...]:
    """:func:`_choices` for sets or colour groups, which does not depend on
    the group's size."""
    return _shared(_in_one_pool(held, faces), pools)


def _in_one_pool(held: int, faces: int) -> tuple[int, ...]:
    """For c cards of one pool of ``faces`` faces, the most sub-multisets of
    ``held`` of them."""
    return tuple(
        min(comb(c, held), comb(held + faces - 1, faces - 1)) for c in range(_TOP + 1)
    )


def _shared(one: Sequence[int], pools: int) -> tuple[int, ...]:
    """For n cards shared out among ``pools`` pools, the most that the pools
    give together, each as ``one`` says for the cards it gets."""
    best = [max(one[: n + 1]) for n in range(_TOP + 1)]
    for _ in range(pools - 1):
        best = [
            max(one[c] + best[n - c] for c in range(n + 1)) for n in range(_TOP + 1)
        ]
    return tuple(best)


def _runs(
    size: int, held: int, faces: int, wrap: bool = False, numbers: int = HIGHEST
) -> tuple[int, ...]:
    """For n natural cards of one palette (each number offering ``faces``
    faces), the most runs of ``size`` with exactly ``held`` natural cards,
    on a line of ``numbers`` numbers (12, or 6 for a run of odd or even
    numbers, R51).

    With d(x) faces held of number x, a window holds e(d) such runs, the
    elementary symmetric sum of degree ``held`` of its d's. That sum only
    grows as cards are added and as the d's are evened out, so a window
    holding M cards holds at most f(M), its value on the most even d's.
    Hence two bounds: every window at its best, and, as each number lies in
    at most ``cover`` windows (their M's add up to at most ``cover * n``),
    ``cover * n`` times the best ratio f(M) / M. With ``wrap`` (R42) every
    number starts a window, and lies in ``size`` of them.
    """
    windows = numbers if wrap else numbers + 1 - size
    cover = min(size, windows)
    most = faces * size  # the most distinct faces a window holds

    def even(total: int) -> int:
        q, r = divmod(total, size)
        sums = [1] + [0] * held
        for d in [q + 1] * r + [q] * (size - r):
            for j in range(held, 0, -1):
                sums[j] += sums[j - 1] * d
        return sums[held]

    best = [even(m) for m in range(min(most, _TOP) + 1)]
    out = []
    for n in range(_TOP + 1):
        top = min(n, most)
        ratio = max((cover * n * best[m] // m for m in range(1, top + 1)), default=0)
        out.append(min(windows * best[top], ratio))
    return tuple(out)
