"""Flow checks: natural cards into the slots of groups whose parameters are
fixed (see docs/solver.md, "Flow checks for natural cards").

Once every group has its parameters, each group is a list of slots, each
slot accepting certain card faces (indices 0-47). Whether the cards make
the phase is a question of flows from faces to slots: a maximum flow
leaving no more slots empty than the hand has Wilds, and, when every group
needs a natural card (R11), a distinct natural card for each group.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .._cards import FACES, HIGHEST, NUMBER_FACES, WILD, Card
from ._common import COLOR, COLOR_RUN, COLORS, INF, PARITY_RUNS, RUN, SET, Answer

_RUNS: Final = (RUN, COLOR_RUN, *PARITY_RUNS)

# A slot node: (group, place in a run or -1, capacity, faces accepted).
_Node = tuple[int, int, int, list[int]]


def accepted(kind: int, size: int, value: int) -> list[int]:
    """The card faces (indices 0-47) that a group's slots accept."""
    if kind == SET:
        return list(range((value - 1) * 4, value * 4))
    if kind == COLOR:
        return list(range(value, NUMBER_FACES, COLORS))
    if kind == RUN:
        return list(range((value - 1) * 4, (value + size - 1) * 4))
    color, low = value >> 4, value & 15
    return [(x - 1) * 4 + color for x in range(low, low + size)]


class Naturals:
    """A distinct natural card for each group placed, kept as groups come
    and go (a bipartite matching of groups to the hand's cards, grown by
    one augmenting path per group).

    Groups added later never make such a matching easier to find, so a
    group that cannot join it can be cut at once.
    """

    __slots__ = ("accepts", "cnt", "holders", "known", "pick")

    def __init__(self, cnt: Sequence[int], groups: int) -> None:
        self.cnt = cnt
        self.known: dict[tuple[int, int, int], list[int]] = {}
        # The faces held in the hand that group j accepts.
        self.accepts: list[list[int]] = [[] for _ in range(groups)]
        # The face whose card group j holds.
        self.pick = [-1] * groups
        # The groups holding a card of each face.
        self.holders: list[list[int]] = [[] for _ in range(NUMBER_FACES)]

    def faces(self, kind: int, size: int, value: int) -> list[int]:
        """The faces that a group accepts and the hand holds."""
        key = (kind, size, value)
        faces = self.known.get(key)
        if faces is None:
            cnt = self.cnt
            faces = [f for f in accepted(kind, size, value) if cnt[f]]
            self.known[key] = faces
        return faces

    def join(self, j: int, kind: int, size: int, value: int) -> bool:
        """Give group j a natural card of its own if the matching can grow."""
        self.accepts[j] = self.faces(kind, size, value)
        return self._claim(j, set())

    def join_faces(self, j: int, faces: list[int]) -> bool:
        """:meth:`join` for a group whose faces held are given."""
        self.accepts[j] = faces
        return self._claim(j, set())

    def leave(self, j: int) -> None:
        """Take group j out; the others keep their cards, still a matching."""
        self.holders[self.pick[j]].remove(j)

    def _claim(self, j: int, seen: set[int]) -> bool:
        """Give group j a natural card, moving others along a path."""
        for f in self.accepts[j]:
            if f in seen:
                continue
            seen.add(f)
            owners = self.holders[f]
            if len(owners) < self.cnt[f]:
                owners.append(j)
                self.pick[j] = f
                return True
            for k, other in enumerate(owners):
                if self._claim(other, seen):
                    owners[k] = j
                    self.pick[j] = f
                    return True
        return False


def run_naturals(
    counts: Sequence[int],
    set_numbers: Sequence[int],
    lows: Sequence[int],
    sizes: Sequence[int],
) -> list[int] | None:
    """One natural card per group of sets and runs: the number each run
    takes it from, or ``None`` if there is no such choice.

    Sets are pinned to their number; runs are intervals, matched earliest
    end first to the lowest number with a card to spare (the classic greedy
    for intervals and points, which is exact).
    """
    spare = list(counts)
    for x in set_numbers:
        spare[x] -= 1
        if spare[x] < 0:
            return None
    reps = [0] * len(lows)
    for j in sorted(range(len(lows)), key=lambda j: lows[j] + sizes[j]):
        for x in range(lows[j], lows[j] + sizes[j]):
            if spare[x] > 0:
                spare[x] -= 1
                reps[j] = x
                break
        else:
            return None
    return reps


def flow_answer(
    kinds: Sequence[int],
    sizes: Sequence[int],
    cnt: Sequence[int],
    params: Sequence[int],
    accepts: Sequence[Sequence[int]],
    first: Sequence[int],
) -> Answer:
    """Build the groups from a flow of natural cards into slots.

    Start from each group's own natural card (``first``, if any), fill
    slots greedily, then augment along alternating paths until no path
    is left: a maximum flow, in which no group has lost its natural
    card, since an augmenting path never empties a slot.
    """
    nodes, node_of = _slot_nodes(kinds, sizes, params, accepts)
    held: list[list[int]] = [[] for _ in nodes]
    used = [0] * NUMBER_FACES
    for j, f in enumerate(first):
        for n in node_of[j]:
            if f in nodes[n][3]:
                held[n].append(f)
                used[f] += 1
                break
    # Greedy fill, the slots that accept fewest faces first, so that few
    # augmenting paths are left to find.
    for n in sorted(range(len(nodes)), key=lambda n: len(nodes[n][3])):
        _, _, cap, faces = nodes[n]
        mine = held[n]
        for f in faces:
            while len(mine) < cap and used[f] < cnt[f]:
                mine.append(f)
                used[f] += 1
    takers: list[list[int]] = [[] for _ in range(NUMBER_FACES)]
    for n, node in enumerate(nodes):
        for f in node[3]:
            takers[f].append(n)
    while _augment(nodes, held, used, cnt, takers):
        pass
    groups: list[tuple[Card, ...]] = []
    for j, kind in enumerate(kinds):
        if kind not in _RUNS:
            cards = [FACES[f] for f in held[node_of[j][0]]]
            cards.sort(key=lambda card: card.index)
            cards.extend([WILD] * (sizes[j] - len(cards)))
        else:
            cards = [FACES[held[n][0]] if held[n] else WILD for n in node_of[j]]
        groups.append(tuple(cards))
    return tuple(groups)


def _slot_nodes(
    kinds: Sequence[int],
    sizes: Sequence[int],
    params: Sequence[int],
    accepts: Sequence[Sequence[int]],
) -> tuple[list[_Node], list[list[int]]]:
    """The slot nodes of the groups, and each group's nodes: one node of
    the group's size for a set or colour group, one of size 1 per place
    of a run (its numbers two apart for a run of odd or even numbers)."""
    nodes: list[_Node] = []
    node_of: list[list[int]] = []
    for j, kind in enumerate(kinds):
        mine: list[int] = []
        if kind not in _RUNS:
            mine.append(len(nodes))
            nodes.append((j, -1, sizes[j], list(accepts[j])))
        else:
            low = params[j] & 15 if kind == COLOR_RUN else params[j]
            step = 2 if kind in PARITY_RUNS else 1
            for place in range(sizes[j]):
                x = low + step * place
                if x > HIGHEST:  # a run that wraps from 12 to 1 (R42)
                    x -= HIGHEST
                faces = [f for f in accepts[j] if f // 4 + 1 == x]
                mine.append(len(nodes))
                nodes.append((j, place, 1, faces))
        node_of.append(mine)
    return nodes, node_of


def _augment(
    nodes: Sequence[_Node],
    held: list[list[int]],
    used: list[int],
    cnt: Sequence[int],
    takers: Sequence[Sequence[int]],
) -> bool:
    """Move one more natural card into a slot along an alternating path."""
    came_from_face: dict[int, int] = {}  # node -> the face that would enter it
    came_from_node: dict[int, int] = {}  # face -> the node it would leave
    queue = [f for f in range(NUMBER_FACES) if used[f] < cnt[f] and takers[f]]
    seen = set(queue)
    for f in queue:
        for n in takers[f]:
            if n in came_from_face:
                continue
            came_from_face[n] = f
            if len(held[n]) < nodes[n][2]:
                # Walk back: each node takes the face before it and gives
                # up the face after it.
                while True:
                    face = came_from_face[n]
                    held[n].append(face)
                    if face not in came_from_node:
                        used[face] += 1
                        return True
                    n = came_from_node[face]
                    held[n].remove(face)
            for g in held[n]:
                if g not in seen:
                    seen.add(g)
                    came_from_node[g] = n
                    queue.append(g)
    return False


def rest_flow(
    spare: Sequence[int], demand: Sequence[int], color_demand: Sequence[int]
) -> int:
    """Maximum flow of the faces left into number demands and colour demands.

    The minimum cut picks the set C of colour demands on the source side:
    cut = sum of F[c] for c in C + sum over numbers x of (cards of x not in
    C) + min(D[x], cards of x in C). Colours nobody asks for belong in C.
    """
    asked = [c for c in range(COLORS) if color_demand[c]]
    best = INF
    for mask in range(1 << len(asked)):
        inside = [True] * COLORS
        total = 0
        for bit, c in enumerate(asked):
            if mask >> bit & 1:
                total += color_demand[c]
            else:
                inside[c] = False
        for x in range(1, HIGHEST + 1):
            base = (x - 1) * 4
            kept = 0
            for c in range(COLORS):
                if inside[c]:
                    kept += spare[base + c]
                else:
                    total += spare[base + c]
            need = demand[x]
            total += need if need < kept else kept
        if total < best:
            best = total
    return best
