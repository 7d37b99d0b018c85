"""Fast route: phases of sets and runs with more than one group, at least
one of them a run (see docs/solver.md, "The fast routes").

The runs' lowest numbers are enumerated, then the sets are placed as in
the sets-only route on the cards the runs leave over. That placement needs
the fewest Wilds, so "too many Wilds" rules the runs out. When Wilds
suffice but the natural cards cannot be shared out one per group, runs
alone are ruled out too, and with sets the general search decides.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._cards import HIGHEST, SKIP_SLOT, SLOT_COUNT, WILD, Card
from ._bins import place_on_bins, top_bins
from ._bounds import Tables, classes_from, covered_by, pooled
from ._common import (
    ALL_NUMBERS,
    PER_GROUP,
    RUN,
    SET,
    Answer,
    Fallback,
    Strategy,
    naturals_needed,
)
from ._flow import run_naturals

_NUMBERS = range(1, HIGHEST + 1)


class SetsAndRuns:
    """The strategy for a phase of sets and runs: the plan of its search.

    The runs are placed longest first. For the bound on what is left, the
    runs j, j+1, ... form classes of one size, and the sets classes by size;
    from the last group on no bound is needed.
    """

    __slots__ = (
        "bounded_from",
        "general",
        "need",
        "nruns",
        "nsets",
        "per_group",
        "run_classes",
        "run_sizes",
        "runs",
        "same_as_previous",
        "set_classes",
        "set_sizes",
        "sets",
        "slots",
    )

    def __init__(
        self,
        kinds: tuple[int, ...],
        sizes: tuple[int, ...],
        level: int,
        general: Strategy,
    ) -> None:
        self.general = general  # where a case this route does not decide goes
        runs = [i for i, kind in enumerate(kinds) if kind == RUN]
        runs.sort(key=lambda i: -sizes[i])
        self.runs = runs
        self.sets = [i for i, kind in enumerate(kinds) if kind == SET]
        self.run_sizes = run_sizes = [sizes[i] for i in runs]
        self.set_sizes = set_sizes = [sizes[i] for i in self.sets]
        nruns = self.nruns = len(runs)
        self.nsets = len(self.sets)
        self.same_as_previous = same = [
            j > 0 and run_sizes[j] == run_sizes[j - 1] for j in range(nruns)
        ]
        self.slots = sum(sizes)
        self.per_group = level == PER_GROUP
        self.need = naturals_needed(level, len(sizes))
        # run_classes[j]: (first index, size, count) for runs j, j+1, ...
        self.run_classes = [
            [(first, run_sizes[first], count) for first, count in found]
            for found in classes_from(same)
        ]
        self.set_classes = [
            (size, set_sizes.count(size)) for size in sorted(set(set_sizes))
        ]
        self.bounded_from = max(0, nruns + self.nsets - 1)

    def solve(self, hand: Sequence[Card]) -> Answer | None:
        """A way to make the phase from ``hand``, or ``None``."""
        counts = [0] * SLOT_COUNT
        for card in hand:
            counts[card._n] += 1
        wilds = counts[0]
        naturals = len(hand) - wilds - counts[SKIP_SLOT]
        if naturals + wilds < self.slots or naturals < self.need:
            return None
        try:
            return _RunSearch(self, hand, counts).place(0, 0)
        except Fallback:
            return self.general(hand)


class _RunSearch:
    """One hand's search over the runs' lowest numbers; the sets go last."""

    __slots__ = ("counts", "demand", "hand", "lows", "plan", "tables", "wilds")

    def __init__(self, plan: SetsAndRuns, hand: Sequence[Card], counts: list[int]):
        self.plan = plan
        self.hand = hand
        self.counts = counts  # cards per number: Wilds at 0, Skips at 13
        self.wilds = counts[0]
        self.demand = [0] * SLOT_COUNT  # run slots per number
        self.lows = [0] * plan.nruns  # each run's lowest number
        self.tables: Tables = {}

    def place(self, j: int, used: int) -> Answer | None:
        """Try each lowest number for run j, with ``used`` Wilds so far."""
        plan = self.plan
        if j == plan.nruns:
            return self._finish(used)
        counts = self.counts
        demand = self.demand
        lows = self.lows
        wilds = self.wilds
        per_group = plan.per_group
        size = plan.run_sizes[j]
        start = lows[j - 1] if plan.same_as_previous[j] else 1
        for low in range(start, HIGHEST + 2 - size):
            top = low + size
            added = 0
            natural = False
            for x in range(low, top):
                if counts[x]:
                    natural = True
                demand[x] += 1
                if demand[x] > counts[x]:
                    added += 1
            lows[j] = low
            if (
                used + added <= wilds
                and (natural or not per_group)
                and (
                    j + 1 >= plan.bounded_from
                    or used + added + self._future(j + 1, low) <= wilds
                )
                # Runs that cannot have a natural card each now never
                # will: cut them here, not after every way to go on.
                and not (
                    per_group
                    and j
                    and run_naturals(counts, (), lows[: j + 1], plan.run_sizes) is None
                )
            ):
                found = self.place(j + 1, used + added)
                if found is not None:
                    return found
            for x in range(low, top):
                demand[x] -= 1
        return None

    def _future(self, j: int, low: int) -> int:
        """Wilds that runs j, j+1, ... and the sets add, at the least, each
        class against the cards left alone (as in the general search)."""
        plan = self.plan
        counts = self.counts
        demand = self.demand
        left = [counts[x] - demand[x] for x in range(SLOT_COUNT)]
        line = tuple(v if v > 0 else 0 for v in left[1 : HIGHEST + 1])
        total = 0
        for first, size, count in plan.run_classes[j]:
            mask = (1 << (HIGHEST + 2 - size)) - 2
            if first == j and plan.same_as_previous[j]:
                mask &= ~((1 << low) - 1)
            total += (
                count * size - covered_by(self.tables, line, size, mask, count)[count]
            )
        for size, count in plan.set_classes:
            total += count * size - pooled(left, 1, ALL_NUMBERS, size, count)
        return total

    def _finish(self, used: int) -> Answer | None:
        """The runs are placed: put the sets on the cards they leave over,
        share out the natural cards, and lay the cards out."""
        plan = self.plan
        counts = self.counts
        wanted: list[int] = []
        if plan.nsets:
            spare = [0] * SLOT_COUNT
            order = [0] * SLOT_COUNT
            for x in _NUMBERS:
                left = counts[x] - self.demand[x]
                if left > 0:
                    spare[x] = left
                # Ties go to the number with more cards, to keep the
                # natural cards easy to share out.
                order[x] = spare[x] * 4096 + counts[x]
            chosen = top_bins(order, 1, HIGHEST, plan.nsets)
            placed = place_on_bins(plan.set_sizes, [spare[x] for x in chosen], False)
            if placed is None:  # pragma: no cover - no constraint to fail
                return None
            cost, where = placed
            used += cost
            if used > self.wilds:
                return None
            wanted = [chosen[i] for i in where]
        if plan.need and used >= plan.slots:
            return None
        reps: list[int] = []
        if plan.per_group:
            found = run_naturals(counts, wanted, self.lows, plan.run_sizes)
            if found is None:
                # The runs were checked as they were placed, so the sets
                # are in the way, and another placement of them might
                # leave the runs their natural cards: let the general
                # search decide.
                raise Fallback
            reps = found
        return build_sets_and_runs(self.hand, plan, self.lows, wanted, reps)


def build_sets_and_runs(
    hand: Sequence[Card],
    plan: SetsAndRuns,
    lows: Sequence[int],
    set_numbers: Sequence[int],
    reps: Sequence[int],
) -> Answer:
    """Lay the cards out, each card into the most urgent open slot of its number.

    Cards of one number are interchangeable, so handing each to the first
    open slot in this order gives: first one natural card to each set, then
    to each run its own natural card (``reps``: the number each run takes it
    from, empty unless every group needs one), then the runs' other places,
    then the rest of the sets. Every slot of a number is filled while its
    cards last, so the Wilds used are exactly the demand beyond supply.
    """
    run_sizes = plan.run_sizes
    set_sizes = plan.set_sizes
    nsets = plan.nsets
    nruns = plan.nruns
    run_cards: list[list[Card | None]] = [[None] * size for size in run_sizes]
    set_cards: list[list[Card]] = [[] for _ in range(nsets)]
    for card in hand:
        n = card._n
        if n == 0 or n == SKIP_SLOT:
            continue
        for j in range(nsets):
            if set_numbers[j] == n and not set_cards[j]:
                set_cards[j].append(card)
                break
        else:
            target = -1
            for j in range(nruns):
                place = n - lows[j]
                if 0 <= place < run_sizes[j] and run_cards[j][place] is None:
                    if reps and reps[j] == n:
                        target = j
                        break
                    if target < 0:
                        target = j
            if target >= 0:
                run_cards[target][n - lows[target]] = card
                continue
            for j in range(nsets):
                if set_numbers[j] == n and len(set_cards[j]) < set_sizes[j]:
                    set_cards[j].append(card)
                    break
    result: list[tuple[Card, ...]] = [()] * (nruns + nsets)
    for j, i in enumerate(plan.runs):
        result[i] = tuple([WILD if card is None else card for card in run_cards[j]])
    for j, i in enumerate(plan.sets):
        group = set_cards[j]
        result[i] = (*group, *[WILD] * (set_sizes[j] - len(group)))
    return tuple(result)
