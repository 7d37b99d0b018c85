"""The tally of the general search: what the groups placed ask of the hand,
against what it holds (see docs/solver.md, "The general search").

Colour runs take their faces' cards first (a colour-run slot accepts one
face only, so serving it first never lowers the maximum flow); sets and
runs then ask for cards by number, colour groups by colour, from what the
colour runs leave.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._cards import HIGHEST, NUMBER_FACES, SLOT_COUNT
from ._common import COLOR_RUN, COLORS, RUN, SET
from ._flow import rest_flow

_NUMBERS = range(1, HIGHEST + 1)


class Tally:
    """The demands of the groups placed, and the cards left to meet them.

    ``put`` and ``lift`` place and remove a group; ``put`` returns the rise
    of a lower bound on the Wilds needed, the sum of three shortfalls:
    colour-run slots beyond their faces' cards, number demand beyond the
    cards of each number that the colour runs leave, and colour demand
    beyond the cards of each colour that they leave. It is exact unless
    number and colour demands compete; then :meth:`exact` gives the figure.
    """

    __slots__ = (
        "cnt",
        "color_demand",
        "color_left",
        "demand",
        "face_demand",
        "face_left",
        "number_left",
    )

    def __init__(
        self, cnt: Sequence[int], by_number: Sequence[int], by_color: Sequence[int]
    ) -> None:
        self.cnt = cnt  # cards per face (0-47), Wilds (48), Skips (49)
        self.face_demand = [0] * NUMBER_FACES  # colour-run slots per face
        self.face_left = list(
            cnt[:NUMBER_FACES]
        )  # cards per face not taken by colour runs
        self.demand = [0] * SLOT_COUNT  # set and run slots per number
        self.number_left = list(by_number)  # cards per number left by colour runs
        self.color_demand = [0] * COLORS  # colour-group slots per colour
        self.color_left = list(by_color)  # cards per colour left by colour runs

    def put(self, kind: int, size: int, value: int) -> int:
        """Place a group's slots; the rise of the bound."""
        added = 0
        if kind == COLOR_RUN:
            color, low = value >> 4, value & 15
            for x in range(low, low + size):
                added += self._take_face((x - 1) * 4 + color)
        elif kind == RUN:
            demand = self.demand
            number_left = self.number_left
            for x in range(value, value + size):
                demand[x] += 1
                if demand[x] > number_left[x]:
                    added += 1
        elif kind == SET:
            demand = self.demand
            left = self.number_left[value]
            before = demand[value] - left
            demand[value] += size
            after = demand[value] - left
            added = max(after, 0) - max(before, 0)
        else:
            color_demand = self.color_demand
            left = self.color_left[value]
            before = color_demand[value] - left
            color_demand[value] += size
            after = color_demand[value] - left
            added = max(after, 0) - max(before, 0)
        return added

    def lift(self, kind: int, size: int, value: int) -> None:
        """Remove a group placed last."""
        if kind == COLOR_RUN:
            color, low = value >> 4, value & 15
            for x in range(low + size - 1, low - 1, -1):
                self._give_face((x - 1) * 4 + color)
        elif kind == RUN:
            demand = self.demand
            for x in range(value, value + size):
                demand[x] -= 1
        elif kind == SET:
            self.demand[value] -= size
        else:
            self.color_demand[value] -= size

    def _take_face(self, f: int) -> int:
        """One more colour-run slot on face f; the rise of the bound."""
        self.face_demand[f] += 1
        if self.face_demand[f] > self.cnt[f]:
            return 1
        self.face_left[f] -= 1
        x, c = f // 4 + 1, f % 4
        self.number_left[x] -= 1
        self.color_left[c] -= 1
        return (self.demand[x] > self.number_left[x]) + (
            self.color_demand[c] > self.color_left[c]
        )

    def _give_face(self, f: int) -> None:
        if self.face_demand[f] <= self.cnt[f]:
            self.face_left[f] += 1
            self.number_left[f // 4 + 1] += 1
            self.color_left[f % 4] += 1
        self.face_demand[f] -= 1

    def exact(self) -> int:
        """The Wilds the groups placed need, when number and colour demands
        compete (the closed-form minimum cut)."""
        cnt = self.cnt
        face_demand = self.face_demand
        spare = [0] * NUMBER_FACES
        used = 0
        for f in range(NUMBER_FACES):
            over = face_demand[f] - cnt[f]
            if over > 0:
                used += over
            else:
                spare[f] = -over
        demand = self.demand
        color_demand = self.color_demand
        rest = sum(demand) + sum(color_demand)
        return used + rest - rest_flow(spare, demand, color_demand)

    def competing(self) -> bool:
        """Whether numbers and colours are both asked for."""
        return any(self.color_demand) and any(self.demand)

    def spare(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """The cards each face, number and colour has to spare: what the
        groups left can still use (the key of a sub-state)."""
        demand = self.demand
        number_left = self.number_left
        color_demand = self.color_demand
        color_left = self.color_left
        return (
            tuple(self.face_left),
            tuple([max(number_left[x] - demand[x], 0) for x in _NUMBERS]),
            tuple([max(color_left[c] - color_demand[c], 0) for c in range(COLORS)]),
        )

    def numbers_spare(self) -> list[int]:
        """Per number (index 0-13), the cards left beyond the demand; may
        be negative."""
        demand = self.demand
        number_left = self.number_left
        return [number_left[x] - demand[x] for x in range(SLOT_COUNT)]

    def colors_spare(self) -> list[int]:
        """Per colour, the cards left beyond the demand; may be negative."""
        color_demand = self.color_demand
        color_left = self.color_left
        return [color_left[c] - color_demand[c] for c in range(COLORS)]

    def face_lines(self, mixed: bool) -> list[tuple[int, ...]]:
        """Per colour, the cards of each face that colour runs could still
        take without a Wild: those left on the face, and unless demands
        compete (``mixed``), no more than its number and its colour have to
        spare (a card that a set, run or colour group needs is a Wild short
        elsewhere)."""
        face_left = self.face_left
        if mixed:
            return [tuple(face_left[c:NUMBER_FACES:COLORS]) for c in range(COLORS)]
        number_left = self.number_left
        demand = self.demand
        spare = self.colors_spare()
        lines = []
        for c in range(COLORS):
            line = []
            for x in _NUMBERS:
                held = face_left[(x - 1) * 4 + c]
                if held > 0:
                    held = min(held, number_left[x] - demand[x], spare[c])
                line.append(held if held > 0 else 0)
            lines.append(tuple(line))
        return lines
