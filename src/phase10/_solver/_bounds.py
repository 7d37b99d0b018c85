"""Bounds: lower bounds on the Wilds that groups not yet placed still need.

A branch of the search is cut when the Wilds the groups placed need, plus
a lower bound for the groups left, exceed the hand's Wilds. The bounds are
admissible (never above the truth) because the Wilds needed are
supermodular in the groups: see docs/solver.md, "Bounds".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .._cards import HIGHEST, SLOT_COUNT
from ._common import COLOR, COLOR_RUN, COLORS, INF, RUN, SET
from ._tally import Tally

_MAX_STATES: Final = 512  # beyond this covered() settles for a weaker bound

# Tables of covered(), by (line, size, mask).
Tables = dict[tuple[tuple[int, ...], int, int], list[int]]


def least_alone(
    kinds: Sequence[int],
    sizes: Sequence[int],
    alone: Sequence[int],
    by_number: Sequence[int],
) -> list[int]:
    """For each j, the Wilds that groups j, j+1, ... need at the very least.

    Adding a group raises the Wilds needed by at least what it needs alone
    (``alone[j]``), since the flow grows by at most the cards it can take.
    Better still for long runs: a run of s > 6 covers numbers 13-s to s
    wherever it starts, so those numbers must supply all such runs.
    """
    groups = len(kinds)
    least = [0] * (groups + 1)
    core = [0] * SLOT_COUNT
    for j in range(groups - 1, -1, -1):
        least[j] = least[j + 1] + alone[j]
        if kinds[j] in (RUN, COLOR_RUN):
            for x in range(HIGHEST + 1 - sizes[j], sizes[j] + 1):
                core[x] += 1
        short = sum(max(0, core[x] - by_number[x]) for x in range(1, HIGHEST + 1))
        least[j] = max(least[j], short)
    return least


def suffix_masks(domain: Sequence[int], kind: int) -> list[tuple[int, ...]]:
    """For each i, the values of ``domain[i:]`` as bits (bit v for value v);
    for colour runs, per colour, the lowest numbers."""
    width = COLORS if kind == COLOR_RUN else 1
    found = [(0,) * width] * (len(domain) + 1)
    bits = [0] * width
    for i in range(len(domain) - 1, -1, -1):
        value = domain[i]
        if kind == COLOR_RUN:
            bits[value >> 4] |= 1 << (value & 15)
        else:
            bits[0] |= 1 << value
        found[i] = tuple(bits)
    return found


def pooled(left: Sequence[int], first: int, mask: int, size: int, count: int) -> int:
    """The most cards ``count`` groups of ``size`` cover when each takes one
    bin (a bit of ``mask``) and a bin with n cards left covers n in all:
    the largest gains, whole groups first; -1 if no bin is allowed."""
    if not mask:
        return -1 if count else 0
    whole = 0
    parts: list[int] = []
    for b in range(first, len(left)):
        if mask >> b & 1 and left[b] > 0:
            whole += left[b] // size
            if left[b] % size:
                parts.append(left[b] % size)
    if whole >= count:
        return count * size
    parts.sort(reverse=True)
    return whole * size + sum(parts[: count - whole])


def covered(line: Sequence[int], size: int, mask: int, most: int) -> list[int]:
    """The most cards of one colour that m colour runs of ``size`` can
    cover, for m = 0 .. ``most``, with lowest numbers among the bits of
    ``mask``; ``-1`` where m runs cannot be placed at all.

    ``line[x - 1]`` is the cards left of number x. Dynamic programming over
    the numbers in order, remembering how many runs start at each of the
    last ``size - 1`` numbers: number x is covered by min(runs over it,
    cards of x). More runs on one lowest number than any number has cards
    add nothing, so no more are counted; the runs beyond still cover no
    fewer cards, so "m runs" is "at most m runs" when m >= 1 and some
    lowest number is allowed.
    """
    if not mask:
        return [0] + [-1] * most
    cap = min(max(line), most)
    if not cap:
        return [0] * (most + 1)
    last = HIGHEST + 1 - size
    if (cap + 1) ** min(size - 1, last) * (most + 1) > _MAX_STATES:
        # Too many states (long runs on many cards): a weaker bound, m runs
        # covering at most m cards of each number they can reach.
        reach = [
            line[x - 1]
            for x in range(1, HIGHEST + 1)
            if any(mask >> low & 1 for low in range(max(1, x - size + 1), x + 1))
        ]
        return [
            min(m * size, sum(min(held, m) for held in reach)) for m in range(most + 1)
        ]
    states: dict[tuple[tuple[int, ...], int], int] = {((0,) * (size - 1), 0): 0}
    for x in range(1, HIGHEST + 1):
        here = line[x - 1]
        open_ = x <= last and mask >> x & 1
        grown: dict[tuple[tuple[int, ...], int], int] = {}
        for (window, placed), value in states.items():
            over = sum(window)
            top = min(cap, most - placed) if open_ else 0
            for n in range(top + 1):
                cover = over + n
                key = ((*window[1:], n) if size > 1 else (), placed + n)
                total = value + (cover if cover < here else here)
                if grown.get(key, -1) < total:
                    grown[key] = total
        states = grown
    best = [0] * (most + 1)
    for (_, placed), value in states.items():
        if value > best[placed]:
            best[placed] = value
    for m in range(1, most + 1):
        if best[m - 1] > best[m]:
            best[m] = best[m - 1]
    return best


def merged(tables: Sequence[Sequence[int]], count: int) -> list[int]:
    """For m = 0 .. ``count``, the most cards m runs cover, shared out among
    the lines (each table as from :func:`covered`); -1 where they cannot
    be placed."""
    best = list(tables[0][: count + 1])
    for table in tables[1:]:
        combined = [-1] * (count + 1)
        for a in range(count + 1):
            left = best[a]
            if left < 0:
                continue
            for b in range(count + 1 - a):
                right = table[b]
                if right >= 0 and left + right > combined[a + b]:
                    combined[a + b] = left + right
        best = combined
    return best


def covered_by(
    tables: Tables, line: tuple[int, ...], size: int, mask: int, count: int
) -> list[int]:
    """:func:`covered` for up to ``count`` runs, remembered in ``tables``."""
    key = (line, size, mask)
    table = tables.get(key)
    if table is None or len(table) <= count:
        table = covered(line, size, mask, count)
        tables[key] = table
    return table


def classes_from(same: Sequence[bool]) -> list[list[tuple[int, int]]]:
    """For each j, the classes of identical requirements among groups j,
    j+1, ...: (first group, count), given ``same[j]``, whether group j is
    identical to group j - 1."""
    groups = len(same)
    found: list[list[tuple[int, int]]] = [[] for _ in range(groups + 1)]
    for j in range(groups - 1, -1, -1):
        later = found[j + 1]
        if j + 1 < groups and same[j + 1]:
            found[j] = [(j, later[0][1] + 1), *later[1:]]
        else:
            found[j] = [(j, 1), *later]
    return found


class GroupsLeft:
    """The bound on the Wilds that the groups not yet placed add, class by
    class (a class: identical requirements).

    A class adds at least what it would add to the groups placed that share
    its demands (colour runs' faces, numbers, colours), against which the
    Wilds are a plain sum of shortfalls, so its least is found exactly:
    sets and colour groups take the largest gains (:func:`pooled`), runs
    and colour runs a small dynamic programme along the numbers
    (:func:`covered`). The class being placed counts only the values left
    to it (none before the last chosen).
    """

    __slots__ = (
        "classes",
        "kinds",
        "masks",
        "mixed",
        "same",
        "sizes",
        "splits",
        "tables",
        "tally",
        "worth",
    )

    def __init__(
        self,
        kinds: Sequence[int],
        sizes: Sequence[int],
        domains: Sequence[Sequence[int]],
        same: Sequence[bool],
        tally: Tally,
        mixed: bool,
    ) -> None:
        self.kinds = kinds
        self.sizes = sizes
        self.same = same
        self.tally = tally
        self.mixed = mixed
        self.classes = classes_from(same)
        # worth[j]: whether a class of two or more is left from group j on;
        # otherwise what each needs alone (least_alone) is as good.
        self.worth = [any(count > 1 for _, count in found) for found in self.classes]
        # masks[j][i]: the values of domains[j][i:] as bits, per colour for
        # colour runs.
        self.masks: list[list[tuple[int, ...]]] = []
        for j in range(len(kinds)):
            self.masks.append(
                self.masks[j - 1] if same[j] else suffix_masks(domains[j], kinds[j])
            )
        self.tables: Tables = {}
        self.splits: dict[tuple[object, ...], list[int]] = {}

    def added(self, j: int, start: int, color: int) -> int:
        """Wilds that the groups j, j+1, ... add, at the least, when group
        j - 1 took value ``start`` of its domain (``color``: the colour it
        played in, if a colour run)."""
        total = 0
        numbers: list[int] = []
        lines: list[tuple[int, ...]] = []
        kinds = self.kinds
        sizes = self.sizes
        for first, count in self.classes[j]:
            kind = kinds[first]
            size = sizes[first]
            mask = self.masks[first][start if first == j and self.same[j] else 0]
            if kind == COLOR_RUN:
                if not lines:
                    lines = self.tally.face_lines(self.mixed)
                most = self._color_runs(lines, size, mask, count, color)
            elif kind == COLOR:
                most = pooled(self.tally.colors_spare(), 0, mask[0], size, count)
            else:
                if not numbers:
                    numbers = self.tally.numbers_spare()
                if kind == SET:
                    most = pooled(numbers, 1, mask[0], size, count)
                else:
                    line = tuple(v if v > 0 else 0 for v in numbers[1 : HIGHEST + 1])
                    most = covered_by(self.tables, line, size, mask[0], count)[count]
            if most < 0:
                return INF
            total += count * size - most
        return total

    def _color_runs(
        self,
        lines: Sequence[tuple[int, ...]],
        size: int,
        mask: tuple[int, ...],
        count: int,
        color: int,
    ) -> int:
        """The most cards ``count`` colour runs cover, shared out among the
        colours. The colour just played in is the one likely to be new:
        the other three are merged once for its siblings."""
        tables = self.tables
        keys = [(lines[c], size, mask[c]) for c in range(COLORS)]
        rest = (*keys[:color], *keys[color + 1 :])
        others = self.splits.get((rest, count))
        if others is None:
            others = merged([covered_by(tables, *key, count) for key in rest], count)
            self.splits[(rest, count)] = others
        mine = covered_by(tables, *keys[color], count)
        return max(
            [
                others[a] + mine[count - a]
                for a in range(count + 1)
                if others[a] >= 0 and mine[count - a] >= 0
            ],
            default=-1,
        )
