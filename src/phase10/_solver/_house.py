"""The house route: any phase with even or odd groups (R43), runs of odd or
even numbers (R51), or runs that may wrap from 12 to 1 (R42) (see
docs/solver.md, "House rules").

Depth first over the groups' parameters, as the general search, but with
one plain bound: the Wilds that the groups placed need, found exactly by
a maximum flow of natural cards into their slots. Adding a group never
lowers that figure, so a branch whose groups already need more Wilds than
the hand holds is cut, and nothing is lost. At a leaf the same flow is the
answer.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._cards import FACE_COUNT, HIGHEST, NUMBER_FACES, SKIP_INDEX, WILD_INDEX, Card
from ._common import (
    COLOR,
    COLOR_RUN,
    COLORS,
    EVEN,
    EVEN_RUN,
    ODD,
    ODD_RUN,
    PARITY_RUNS,
    PER_GROUP,
    PER_PHASE,
    RUN,
    SET,
    Answer,
    naturals_needed,
)
from ._flow import Naturals, flow_answer

_RUN_KINDS = (RUN, COLOR_RUN, EVEN_RUN, ODD_RUN)


def house_accepted(kind: int, size: int, value: int, wrap: bool) -> list[int]:
    """The card faces (indices 0-47) that a group's slots accept; a run's
    numbers go on from 12 to 1 if ``wrap``, two apart for a run of odd or
    even numbers (whose value is its lowest number, as a run's)."""
    if kind == SET:
        return list(range((value - 1) * 4, value * 4))
    if kind == COLOR:
        return list(range(value, NUMBER_FACES, COLORS))
    if kind in (EVEN, ODD):
        parity = 0 if kind == EVEN else 1
        return [f for f in range(NUMBER_FACES) if (f // 4 + 1) % 2 == parity]
    colors = (value >> 4,) if kind == COLOR_RUN else range(COLORS)
    low = value & 15 if kind == COLOR_RUN else value
    step = 2 if kind in PARITY_RUNS else 1
    faces: list[int] = []
    for place in range(size):
        x = low + step * place
        if wrap:
            x = (x - 1) % HIGHEST + 1
        faces.extend((x - 1) * 4 + c for c in colors)
    return sorted(faces)


def _values(kind: int, size: int, wrap: bool) -> list[int]:
    """Every parameter a group of ``kind`` and ``size`` may take, once for
    each set of slots: a run that wraps and holds every number of its kind
    has the same slots from whichever number it starts, so one start stands
    for them all."""
    if kind == SET:
        return list(range(1, HIGHEST + 1))
    if kind == COLOR:
        return list(range(COLORS))
    if kind in (EVEN, ODD):
        return [0]
    if kind in PARITY_RUNS:
        first = 2 if kind == EVEN_RUN else 1
        if wrap and size == HIGHEST // 2:
            return [first]
        last = HIGHEST if wrap else HIGHEST - 2 * (size - 1)
        return list(range(first, last + 1, 2))
    if wrap and size == HIGHEST:
        lows: range = range(1, 2)
    else:
        lows = range(1, HIGHEST + 1) if wrap else range(1, HIGHEST + 2 - size)
    if kind == RUN:
        return list(lows)
    return [color * 16 + low for color in range(COLORS) for low in lows]


class House:
    """The strategy for a phase with house-rule groups or wrapping runs."""

    __slots__ = ("kinds", "level", "need", "sizes", "slots", "wrap")

    def __init__(
        self, kinds: tuple[int, ...], sizes: tuple[int, ...], level: int, wrap: bool
    ) -> None:
        self.kinds = kinds
        self.sizes = sizes
        self.level = level
        self.wrap = wrap
        self.slots = sum(sizes)
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
        strict = self.level == PER_GROUP
        found: dict[tuple[int, int], list[tuple[int, list[int]]]] = {}
        for key in zip(self.kinds, self.sizes, strict=True):
            if key not in found:
                found[key] = self._domain(*key, cnt, wilds, strict)
                if not found[key]:
                    return None
        keys = list(zip(self.kinds, self.sizes, strict=True))
        # Fewest values first; identical requirements next to each other.
        order = sorted(
            range(len(keys)), key=lambda i: (len(found[keys[i]]), keys[i], i)
        )
        search = _Search(self, cnt, [keys[i] for i in order], found)
        answer = search.step(0, 0)
        if answer is None:
            return None
        result: list[tuple[Card, ...]] = [()] * len(order)
        for j, i in enumerate(order):
            result[i] = answer[j]
        return tuple(result)

    def _domain(
        self, kind: int, size: int, cnt: Sequence[int], wilds: int, strict: bool
    ) -> list[tuple[int, list[int]]]:
        """The values worth trying for one group, fewest Wilds needed alone
        first, each with the faces held that it accepts. Values whose group
        could hold no natural card are dropped when every group needs one;
        otherwise one of them is kept, as they are all alike."""
        scored: list[tuple[int, int, list[int]]] = []
        empty = False
        for value in _values(kind, size, self.wrap):
            faces = [f for f in house_accepted(kind, size, value, self.wrap) if cnt[f]]
            if kind in _RUN_KINDS:
                held = len({f // 4 for f in faces})
            else:
                held = min(size, sum(cnt[f] for f in faces))
            if not held:
                if strict or empty:
                    continue
                empty = True
            if size - held <= wilds:
                scored.append((size - held, value, faces))
        scored.sort(key=lambda item: item[0])
        return [(value, faces) for _, value, faces in scored]


class _Search:
    """One hand's search: groups in the order they are placed, each with
    its domain; a natural card of its own for each group under R11's
    default rule; the flow at each step."""

    __slots__ = (
        "accepts",
        "chosen",
        "cnt",
        "domains",
        "groups",
        "kinds",
        "level",
        "naturals",
        "params",
        "same",
        "sizes",
        "wilds",
    )

    def __init__(
        self,
        plan: House,
        cnt: Sequence[int],
        keys: Sequence[tuple[int, int]],
        found: dict[tuple[int, int], list[tuple[int, list[int]]]],
    ) -> None:
        self.cnt = cnt
        self.wilds = cnt[WILD_INDEX]
        self.level = plan.level
        self.kinds = [kind for kind, _ in keys]
        self.sizes = [size for _, size in keys]
        self.domains = [found[key] for key in keys]
        self.groups = len(keys)
        self.same = [j > 0 and keys[j] == keys[j - 1] for j in range(self.groups)]
        self.chosen = [0] * self.groups
        self.params = [0] * self.groups
        self.accepts: list[list[int]] = [[] for _ in keys]
        self.naturals = Naturals(cnt, self.groups) if plan.level == PER_GROUP else None

    def _flow(self, upto: int) -> Answer:
        """The groups 0 .. ``upto`` - 1 with as many natural cards as they
        can hold, each keeping its own natural card if it has one."""
        first = self.naturals.pick[:upto] if self.naturals is not None else []
        return flow_answer(
            self.kinds[:upto],
            self.sizes[:upto],
            self.cnt,
            self.params[:upto],
            self.accepts[:upto],
            first,
        )

    def step(self, j: int, used: int) -> Answer | None:
        """Go on from group j, the groups before it needing ``used`` Wilds."""
        if j == self.groups:
            return self._leaf()
        start = self.chosen[j - 1] if self.same[j] else 0
        naturals = self.naturals
        domain = self.domains[j]
        for index in range(start, len(domain)):
            value, faces = domain[index]
            self.params[j] = value
            self.accepts[j] = faces
            self.chosen[j] = index
            if naturals is not None and not naturals.join_faces(j, faces):
                continue
            answer = self._flow(j + 1)
            need = sum(card.is_wild for group in answer for card in group)
            if need <= self.wilds:
                found = self.step(j + 1, need)
                if found is not None:
                    return found
            if naturals is not None:
                naturals.leave(j)
        return None

    def _leaf(self) -> Answer | None:
        answer = self._flow(self.groups)
        if self.level == PER_PHASE and all(
            card.is_wild for group in answer for card in group
        ):
            return None
        return answer
