"""The general search: any phase, depth first over the groups' parameters
(see docs/solver.md, "The general search").

A group is fixed by a few parameters: a set's number, a run's lowest
number, a colour group's colour, a colour run's colour and lowest number
(``colour * 16 + lowest``). The search gives the groups their parameters
one by one, the most constrained first, keeps a :class:`Tally` of what
they ask of the hand, cuts a branch when a lower bound on the Wilds needed
exceeds the hand's Wilds, and at a leaf builds the answer from a flow of
natural cards into slots.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence
from math import comb

from .._cards import (
    FACE_COUNT,
    HIGHEST,
    NUMBER_FACES,
    SKIP_INDEX,
    SLOT_COUNT,
    WILD_INDEX,
    Card,
)
from ._bounds import GroupsLeft, least_alone
from ._common import (
    COLOR,
    COLOR_RUN,
    COLORS,
    PER_GROUP,
    PER_PHASE,
    RUN,
    SET,
    Answer,
    naturals_needed,
)
from ._flow import Naturals, flow_answer
from ._tally import Tally

# Per (kind, size): the values worth trying, and the Wilds each needs alone
# (in the same order, never decreasing).
_Domains = dict[tuple[int, int], tuple[list[int], list[int]]]


class General:
    """The strategy for any phase: the plan of the general search."""

    __slots__ = ("kinds", "level", "mixed", "need", "sizes", "slots")

    def __init__(
        self, kinds: tuple[int, ...], sizes: tuple[int, ...], level: int
    ) -> None:
        self.kinds = kinds
        self.sizes = sizes
        # Number demands (sets, runs) and colour demands (colour groups)
        # compete for the same cards.
        self.mixed = COLOR in kinds and (SET in kinds or RUN in kinds)
        self.slots = sum(sizes)
        self.level = level
        self.need = naturals_needed(level, len(kinds))

    def solve(self, hand: Sequence[Card]) -> Answer | None:
        """A way to make the phase from ``hand``, or ``None``."""
        cnt = [0] * FACE_COUNT
        for card in hand:
            cnt[card.index] += 1
        wilds = cnt[WILD_INDEX]
        naturals = len(hand) - wilds - cnt[SKIP_INDEX]
        if naturals + wilds < self.slots or naturals < self.need:
            return None
        by_number = [0] * SLOT_COUNT
        by_color = [0] * COLORS
        for f in range(NUMBER_FACES):
            if cnt[f]:
                by_number[f // 4 + 1] += cnt[f]
                by_color[f % 4] += cnt[f]
        strict = self.level == PER_GROUP
        found: _Domains = {}
        for key in zip(self.kinds, self.sizes, strict=True):
            if key not in found:
                found[key] = domain(*key, cnt, by_number, by_color, strict)
                if not found[key][0]:
                    return None
        order = self._order(found, wilds)
        kinds = [self.kinds[i] for i in order]
        sizes = [self.sizes[i] for i in order]
        keys = list(zip(kinds, sizes, strict=True))
        least = least_alone(kinds, sizes, [found[key][1][0] for key in keys], by_number)
        if least[0] > wilds:
            return None
        domains = [found[key][0] for key in keys]
        needs = [found[key][1] for key in keys]
        search = _Search(
            self, cnt, by_number, by_color, kinds, sizes, domains, needs, least
        )
        answer = search.step(0, 0)
        if answer is None:
            return None
        result: list[tuple[Card, ...]] = [()] * len(order)
        for j, i in enumerate(order):
            result[i] = answer[j]
        return tuple(result)

    def _order(self, found: _Domains, wilds: int) -> list[int]:
        """The order in which the groups are placed, most constrained first.

        First those that need most Wilds alone, then the classes of
        identical requirements with fewest arrangements: a class of k with
        d values has comb(d + k - 1, k), counting only the values that the
        hand's Wilds allow on their own. The classes with most go last,
        where the bound on the groups left is tightest, as fewer groups
        left means less that it leaves out. Identical requirements sort
        next to each other, so that their parameters can be taken in
        non-decreasing order.
        """
        keys = list(zip(self.kinds, self.sizes, strict=True))
        classes = Counter(keys)
        tightness = []
        for key in keys:
            needs = found[key][1]
            count = classes[key]
            viable = bisect_right(needs, wilds)
            tightness.append((-needs[0], comb(viable + count - 1, count), *key))
        return sorted(range(len(keys)), key=tightness.__getitem__)


def domain(
    kind: int,
    size: int,
    cnt: Sequence[int],
    by_number: Sequence[int],
    by_color: Sequence[int],
    strict: bool,
) -> tuple[list[int], list[int]]:
    """The parameter values worth trying for one group, best first, and
    the Wilds the group needs on its own on each of them (never
    decreasing, so the first is the fewest).

    Values whose group could hold no natural card are dropped when every
    group needs one (``strict``); otherwise one of them is kept, as they
    are all alike (Wilds only, on cards nobody holds).
    """
    scored: list[tuple[int, int]] = []  # (natural cards it can hold, value)
    if kind in (SET, COLOR):
        totals, first, count = (
            (by_number, 1, HIGHEST) if kind == SET else (by_color, 0, COLORS)
        )
        for v in range(first, first + count):
            scored.append((min(totals[v], size), v))
    else:
        colors = range(COLORS) if kind == COLOR_RUN else (-1,)
        for color in colors:
            for low in range(1, HIGHEST + 2 - size):
                if color < 0:
                    held = sum(1 for x in range(low, low + size) if by_number[x])
                    scored.append((held, low))
                else:
                    start = (low - 1) * 4 + color
                    faces = range(start, start + size * 4, 4)
                    held = sum(1 for f in faces if cnt[f])
                    scored.append((held, color * 16 + low))
    scored.sort(key=lambda item: -item[0])
    values: list[int] = []
    needs: list[int] = []
    empty = False
    for held, value in scored:
        if held or (not strict and not empty):
            values.append(value)
            needs.append(size - held)
            empty = empty or not held
    return values, needs


class _Search:
    """One hand's search: the groups (in the order they are placed), their
    domains, the tally, the bounds and the natural-card matching.

    ``step`` goes on from group j; ``_place`` tries group j's values;
    ``_descend`` goes on with one of them placed; ``_leaf`` builds the
    answer once every group has its parameters.
    """

    __slots__ = (
        "budget",
        "chosen",
        "cnt",
        "columns",
        "domains",
        "failed",
        "groups",
        "kinds",
        "least",
        "left",
        "level",
        "mixed",
        "naturals",
        "needs",
        "no_runs",
        "per_group",
        "remember",
        "rows",
        "same",
        "sizes",
        "slots",
        "tally",
        "wilds",
    )

    def __init__(
        self,
        plan: General,
        cnt: Sequence[int],
        by_number: Sequence[int],
        by_color: Sequence[int],
        kinds: Sequence[int],
        sizes: Sequence[int],
        domains: Sequence[Sequence[int]],
        needs: Sequence[Sequence[int]],
        least: Sequence[int],
    ) -> None:
        groups = len(kinds)
        wilds = cnt[WILD_INDEX]
        self.cnt = cnt
        self.wilds = wilds
        self.kinds = kinds
        self.sizes = sizes
        self.domains = domains
        self.needs = needs
        self.groups = groups
        # Identical requirements take their values in non-decreasing order.
        self.same = [j > 0 and domains[j] is domains[j - 1] for j in range(groups)]
        # least[j]: the Wilds that groups j, j+1, ... need at the least.
        self.least = least
        self.level = plan.level
        self.slots = plan.slots
        self.mixed = plan.mixed
        self.per_group = plan.level == PER_GROUP
        self.tally = Tally(cnt, by_number, by_color)
        self.left = GroupsLeft(kinds, sizes, domains, self.same, self.tally, self.mixed)
        # Under PER_GROUP, a distinct natural card for each group placed.
        self.naturals = Naturals(cnt, groups)
        self.chosen = [0] * groups  # index into the group's domain
        # Numbers (when no group is a run) and colours that hold the same
        # cards are interchangeable while the groups placed treat them
        # alike: swapping them maps one subtree onto the other, so only
        # the first of them is tried. This matters on big decks.
        self.no_runs = RUN not in kinds and COLOR_RUN not in kinds
        self.rows = [tuple(cnt[(x - 1) * 4 : x * 4]) for x in range(SLOT_COUNT)]
        self.columns = [tuple(cnt[c:NUMBER_FACES:COLORS]) for c in range(COLORS)]
        # Sub-states that failed, and with how many Wilds to spare. Unless
        # every group needs a natural card of its own or number and colour
        # demands compete, what the groups left can still do depends only
        # on the cards each face, number and colour has to spare and on
        # the Wilds left.
        self.remember = not self.per_group and not self.mixed
        self.budget = min(wilds, self.slots - 1) if self.level == PER_PHASE else wilds
        self.failed: dict[tuple[object, ...], int] = {}

    def step(self, j: int, used: int) -> Answer | None:
        """Go on from group j, with ``used`` Wilds needed so far."""
        if j == self.groups:
            return self._leaf(used)
        if self.remember and j:
            key = (j, self.chosen[j - 1] if self.same[j] else -1, self.tally.spare())
            if self.failed.get(key, -1) >= self.budget - used:
                return None
            found = self._place(j, used)
            if found is None:
                self.failed[key] = self.budget - used
            return found
        return self._place(j, used)

    def _place(self, j: int, used: int) -> Answer | None:
        """Try each value of group j's domain that the bounds allow."""
        kind = self.kinds[j]
        size = self.sizes[j]
        domain = self.domains[j]
        needs = self.needs[j]
        tally = self.tally
        put = tally.put
        lift = tally.lift
        wilds = self.wilds
        least = self.least[j + 1]
        check_exact = self.mixed and j + 1 < self.groups
        ranked = self.left.worth[j + 1]
        no_runs = self.no_runs
        seen: set[tuple[object, ...]] = set()
        # Where the bound on the groups left is worked out, the values are
        # tried in order of it, fewest Wilds first: the same values, so
        # nothing is lost, and answers come sooner.
        order: list[tuple[int, int]] = []
        # A group adds at least the Wilds it needs alone (the bound is
        # supermodular), and the domain is in order of that: once a value
        # needs more than the Wilds left over, so do all after it.
        room = wilds - used - least
        for index in range(self.chosen[j - 1] if self.same[j] else 0, len(domain)):
            if needs[index] > room:
                break
            value = domain[index]
            if kind == SET:
                if no_runs:
                    alike: tuple[object, ...] = (tally.demand[value], self.rows[value])
                    if alike in seen:
                        continue
                    seen.add(alike)
            elif kind != RUN:
                c = value if kind == COLOR else value >> 4
                alike = (
                    value & 15 if kind == COLOR_RUN else 0,
                    tally.color_demand[c],
                    self.columns[c],
                    tuple(tally.face_demand[c:NUMBER_FACES:COLORS]),
                )
                if alike in seen:
                    continue
                seen.add(alike)
            added = put(kind, size, value)
            if used + added + least <= wilds and (
                not check_exact
                or not tally.competing()
                or tally.exact() + least <= wilds
            ):
                if ranked:
                    color = value >> 4 if kind == COLOR_RUN else 0
                    rise = added + self.left.added(j + 1, index, color)
                    if used + rise <= wilds:
                        order.append((rise, index))
                else:
                    found = self._descend(j, index, used + added)
                    if found is not None:
                        return found
            lift(kind, size, value)
        order.sort()
        for _, index in order:
            value = domain[index]
            found = self._descend(j, index, used + put(kind, size, value))
            if found is not None:
                return found
            lift(kind, size, value)
        return None

    def _descend(self, j: int, index: int, used: int) -> Answer | None:
        """Go on with group j on ``domains[j][index]``, placed already."""
        per_group = self.per_group
        if per_group and not self.naturals.join(
            j, self.kinds[j], self.sizes[j], self.domains[j][index]
        ):
            return None
        self.chosen[j] = index
        found = self.step(j + 1, used)
        if found is None and per_group:
            self.naturals.leave(j)
        return found

    def _leaf(self, used: int) -> Answer | None:
        """Every group has its parameters: check the Wilds and the natural
        cards, and build the answer from a flow."""
        if self.mixed:
            used = self.tally.exact()
            if used > self.wilds:
                return None
        if self.level == PER_PHASE and used >= self.slots:
            return None
        kinds = self.kinds
        sizes = self.sizes
        chosen = self.chosen
        params = [self.domains[j][chosen[j]] for j in range(self.groups)]
        naturals = self.naturals
        if not self.per_group:
            for j in range(self.groups):
                naturals.accepts[j] = naturals.faces(kinds[j], sizes[j], params[j])
        first = naturals.pick if self.per_group else []
        return flow_answer(kinds, sizes, self.cnt, params, naturals.accepts, first)
