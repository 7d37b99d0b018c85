"""Fast route: phases of sets only, or of colour groups only.

Each group goes on one *bin* (a number for sets, a colour for colour
groups). Some best way puts the k groups on the k bins the hand holds most
of, so only those are tried, by dynamic programming over the bins with the
groups left as a multiset of sizes. Why this is exact: docs/solver.md,
"The fast routes".
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from .._cards import HIGHEST, SKIP_SLOT, SLOT_COUNT, WILD, Card
from ._common import COLORS, INF, PER_GROUP, Answer, naturals_needed

# For each bin in turn, how many groups of each size it takes.
_Takes = tuple[tuple[int, ...], ...]


def place_on_bins(
    sizes: Sequence[int], supply: Sequence[int], per_group: bool
) -> tuple[int, list[int]] | None:
    """Put each group (of ``sizes``) on one bin, needing the fewest Wilds.

    A bin with ``supply`` natural cards and groups totalling S slots needs
    ``max(0, S - supply)`` Wilds. With ``per_group``, a bin holds no more
    groups than it has natural cards. Returns the Wilds needed and each
    group's bin, or ``None`` if ``per_group`` cannot be met. Only the bins
    given are tried (the caller passes those worth trying, most supplied
    first).
    """
    if len(sizes) == 1:
        if per_group and supply[0] < 1:
            return None
        return max(0, sizes[0] - supply[0]), [0]
    if len(sizes) == 2 and len(supply) == 2:
        return _two_on_two(sizes[0], sizes[1], supply[0], supply[1], per_group)
    kinds = sorted(set(sizes), reverse=True)
    start = tuple(sizes.count(size) for size in kinds)
    memo: dict[tuple[int, tuple[int, ...]], tuple[int, _Takes]] = {}
    cost, takes = _fewest_wilds(0, start, kinds, supply, per_group, memo)
    if cost >= INF:
        return None
    # Hand the bins back to the groups, size by size, in the groups' order.
    queues: dict[int, list[int]] = {size: [] for size in kinds}
    for i, take in enumerate(takes):
        for n, size in zip(take, kinds, strict=True):
            queues[size].extend([i] * n)
    where = [queues[size].pop(0) for size in sizes]
    return cost, where


def _two_on_two(
    s1: int, s2: int, m1: int, m2: int, per_group: bool
) -> tuple[int, list[int]] | None:
    """Two groups on two bins: both on the first, or one on each. Both on
    the second is never better, as bins come in decreasing order of supply."""
    found = (INF, [0, 0])
    if m1 >= 2 or not per_group:
        found = (max(0, s1 + s2 - m1), [0, 0])
    if m2 >= 1 or not per_group:
        cost = max(0, s1 - m1) + max(0, s2 - m2)
        if cost < found[0]:
            found = (cost, [0, 1])
        cost = max(0, s2 - m1) + max(0, s1 - m2)
        if cost < found[0]:
            found = (cost, [1, 0])
    return None if found[0] >= INF else found


def _fewest_wilds(
    i: int,
    left: tuple[int, ...],
    kinds: Sequence[int],
    supply: Sequence[int],
    per_group: bool,
    memo: dict[tuple[int, tuple[int, ...]], tuple[int, _Takes]],
) -> tuple[int, _Takes]:
    """The fewest Wilds that put the groups ``left`` (a count per size of
    ``kinds``) on bins i, i+1, ..., and how many of each each bin takes."""
    if not any(left):
        return 0, ()
    if i == len(supply):
        return INF, ()
    key = (i, left)
    known = memo.get(key)
    if known is not None:
        return known
    found: tuple[int, _Takes] = (INF, ())
    have = supply[i]
    for take in product(*(range(count + 1) for count in left)):
        groups = sum(take)
        if per_group and groups > have:
            continue
        slots = sum(n * size for n, size in zip(take, kinds, strict=True))
        after = tuple(a - b for a, b in zip(left, take, strict=True))
        rest = _fewest_wilds(i + 1, after, kinds, supply, per_group, memo)
        cost = max(0, slots - have) + rest[0]
        if cost < found[0]:
            found = (cost, (take, *rest[1]))
    memo[key] = found
    return found


def top_bins(values: Sequence[int], first: int, count: int, k: int) -> list[int]:
    """The ``k`` indices in ``first .. first+count-1`` with the largest values."""
    order = sorted(range(first, first + count), key=values.__getitem__, reverse=True)
    return order[:k]


class OneKind:
    """The strategy for sets only (bins are numbers) or colour groups only
    (bins are colours)."""

    __slots__ = (
        "bins",
        "by_color",
        "first",
        "k",
        "need",
        "per_group",
        "s1",
        "sizes",
        "slots",
    )

    def __init__(self, sizes: tuple[int, ...], level: int, by_color: bool) -> None:
        self.sizes = sizes
        self.k = len(sizes)
        self.slots = sum(sizes)
        self.per_group = level == PER_GROUP
        self.need = naturals_needed(level, len(sizes))
        self.by_color = by_color
        self.bins = COLORS if by_color else HIGHEST
        self.first = 0 if by_color else 1
        self.s1 = sizes[0]

    def solve(self, hand: Sequence[Card]) -> Answer | None:
        """A way to make the phase from ``hand``, or ``None``."""
        if self.by_color:
            counts = [0] * (COLORS + 1)
            for card in hand:
                counts[card._c] += 1
            # By identity: one object per face, and a card's comparison is
            # Python code.
            wilds = [card is WILD for card in hand].count(True)
            naturals = len(hand) - counts[COLORS]
        else:
            counts = [0] * SLOT_COUNT
            for card in hand:
                counts[card._n] += 1
            wilds = counts[0]
            naturals = len(hand) - wilds - counts[SKIP_SLOT]
        need = self.need
        if naturals + wilds < self.slots or naturals < need:
            return None
        first = self.first
        k = self.k
        if k > 2:
            chosen = top_bins(counts, first, self.bins, k)
            placed = place_on_bins(
                self.sizes, [counts[i] for i in chosen], self.per_group
            )
            if placed is None:
                return None
            cost, where = placed
            if cost > wilds or (need and cost >= self.slots):
                return None
            return self._answer(hand, [chosen[i] for i in where])
        top = counts[first : first + self.bins]
        m1 = max(top)
        a = top.index(m1)
        if k == 1:
            if self.s1 - m1 > wilds or (need and not m1):
                return None
            return self._answer(hand, (a + first,))
        top[a] = -1
        m2 = max(top)
        if m1 + m2 + wilds < self.slots:
            # Two groups draw on two bins at most: even the two best leave
            # more places than there are Wilds.
            return None
        b = top.index(m2)
        placed = place_on_bins(self.sizes, (m1, m2), self.per_group)
        if placed is None:
            return None
        cost, where = placed
        if cost > wilds or (need and cost >= self.slots):
            return None
        pair = (a + first, b + first)
        return self._answer(hand, (pair[where[0]], pair[where[1]]))

    def _answer(self, hand: Sequence[Card], wanted: Sequence[int]) -> Answer:
        """Lay the groups on the bins ``wanted``: one natural card to each
        group first, then fill them in turn."""
        sizes = self.sizes
        k = self.k
        by_color = self.by_color
        groups: list[list[Card]] = [[] for _ in sizes]
        for card in hand:
            b = card._c if by_color else card._n
            if b not in wanted:
                continue
            for j in range(k):
                if wanted[j] == b and not groups[j]:
                    groups[j].append(card)
                    break
            else:
                for j in range(k):
                    if wanted[j] == b and len(groups[j]) < sizes[j]:
                        groups[j].append(card)
                        break
        return tuple(
            [
                (*group, *[WILD] * (size - len(group)))
                for group, size in zip(groups, sizes, strict=True)
            ]
        )
