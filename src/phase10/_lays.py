"""Every minimal way to lay a phase from a hand, for :func:`legal_actions`.

The solver (:func:`~phase10.find_phase`) answers whether a hand makes a
phase; this module lists every way it does with groups of exactly the
minimum sizes, which is what a bot choosing among lays needs. Cards are
handled as counts per face (see :attr:`Card.index`).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from itertools import combinations, compress, product
from math import comb, prod
from operator import getitem, itemgetter
from typing import Final

from ._cards import COLOR_COUNT, FACES, HIGHEST, SKIP, WILD, Card
from ._memo import Memo, cached, memo
from ._phases import GroupKind, NaturalRule, PhaseSpec

__all__ = ["minimal_lays"]


# --- enumerating lays ---------------------------------------------------------------

_WILD: Final = WILD.index

_Group = tuple[int, ...]
"""A group as its cards' indices, in laid order."""
_Pool = tuple[tuple[int, ...], Callable[[Sequence[int]], tuple[int, ...]]]
"""A pool of faces (a number's for sets, a colour's for colour groups), and
the getter of their counts."""


def _face(number: int, color: int) -> int:
    return (number - 1) * COLOR_COUNT + color


def _pooled_groups(
    counts: Sequence[int],
    size: int,
    pools: Sequence[_Pool],
    per_group: bool,
) -> list[_Group]:
    """Groups of ``size`` cards drawn from one pool (a number's faces for a
    set, a colour's for a colour group) topped up with Wilds; and the group of
    Wilds alone unless every group needs a natural card (R5, R7, R10, R11).
    Each group's indices are ascending, Wilds last."""
    wilds = counts[_WILD]
    least = max(1, size - wilds)
    out: list[_Group] = []
    for pool, holding in pools:
        held = holding(counts)
        if sum(held) >= least:
            out += _pool_groups(pool, held, size, least)
    if not per_group and wilds >= size:
        out.append((_WILD,) * size)
    return out


@cached("_lays.pool_groups")
@lru_cache(maxsize=4096)
def _pool_groups(
    pool: tuple[int, ...], held: tuple[int, ...], size: int, least: int
) -> tuple[_Group, ...]:
    """The groups of :func:`_pooled_groups` from one pool whose faces are
    held ``held`` times, with at least ``least`` natural cards. Hands hold
    the same few cards of a pool again and again, so the answers are kept."""
    have = [(face, count) for face, count in zip(pool, held, strict=True) if count]
    total = sum(held)
    single = total == len(have)  # no face twice: combinations are exact
    out: list[_Group] = []
    for natural in range(least, min(size, total) + 1):
        pad = (_WILD,) * (size - natural)
        if single:
            faces = [face for face, _ in have]
            out.extend(group + pad for group in combinations(faces, natural))
        else:
            out.extend(group + pad for group in _sub_multisets(have, natural))
    return tuple(out)


def _sub_multisets(held: Sequence[tuple[int, int]], size: int) -> list[_Group]:
    """Every sub-multiset of ``size`` cards of ``held`` (faces in ascending
    order, each with its count), each once and ascending: built face by
    face, so that no work is spent on duplicates."""
    partial: list[tuple[_Group, int]] = [((), 0)]
    left = sum(count for _, count in held)
    for face, count in held:
        left -= count
        grown: list[tuple[_Group, int]] = []
        for group, taken in partial:
            # Take n of this face, keeping enough faces after it to finish.
            for n in range(max(0, size - taken - left), min(count, size - taken) + 1):
                grown.append((group + (face,) * n, taken + n))
        partial = grown
    return [group for group, _ in partial]


def _run_groups(
    counts: Sequence[int],
    size: int,
    palettes: Sequence[tuple[int, ...]],
    per_group: bool,
    wrap: bool = False,
    parity: int | None = None,
) -> list[_Group]:
    """Runs of ``size`` cards, lowest first, each place a card of its number
    in one of a palette's colours or a Wild (R6, R8, R10, R11); and the run of
    Wilds alone unless every group needs a natural card. A run has one
    palette of every colour, a colour run one palette per colour; a run of
    odd or even numbers (``parity`` 1 or 0, R51) goes through the numbers
    of its parity only. With ``wrap`` (R42) a run may start at any of its
    numbers and go on from 12 to 1.

    For each choice of the places that Wilds fill (every place with no card
    of its number, and at most as many as the hand's Wilds, keeping a
    natural card), the runs are a product of the faces held at the other
    places, each place holding at least one: so the work is in proportion
    to the runs found. Where every choice of face or Wild at every place
    makes few more runs than that (most choices keep within the Wilds),
    they are all made and filtered instead, which is quicker.
    """
    wilds = counts[_WILD]
    spare = min(wilds, size - 1)  # the Wilds one run holds beside a natural card
    everywhere = (_WILD,) * size
    out: list[_Group] = []
    for palette in palettes:
        numbers = _BY_NUMBER[palette]
        if parity is not None:
            numbers = numbers[1 - parity :: 2]
        options = [
            tuple(compress(faces, holding(counts))) for faces, holding in numbers
        ]
        span = len(options)
        if wrap:
            options = options + options
        for low in range(span if wrap else span - size + 1):
            places = options[low : low + size]
            missing = places.count(())
            if missing > spare:
                continue
            free = spare - missing  # Wilds left for places that have a card
            subsets = _SUBSETS[size - missing][free]
            every = prod([len(faces) + 1 for faces in places])
            if every <= 4 * subsets:
                # Few choices go to waste: filter them all, at C speed.
                out.extend(
                    run
                    for run in product(*[(*faces, _WILD) for faces in places])
                    if run.count(_WILD) <= spare
                )
                continue
            bare = [i for i in range(size) if not places[i]]
            held = [i for i in range(size) if places[i]]
            for extra in range(free + 1):
                for chosen in combinations(held, extra):
                    filled = list(places)
                    for i in (*bare, *chosen):
                        filled[i] = _ONLY_WILD
                    out.extend(product(*filled))
    if not per_group and wilds >= size:
        out.append(everywhere)
    return out


_ONLY_WILD: Final = (_WILD,)


def _with_getters(pools: Sequence[tuple[int, ...]]) -> tuple[_Pool, ...]:
    """Each pool with the getter of its faces' counts (a C call: reading
    them one by one costs several times more)."""
    return tuple((pool, itemgetter(*pool)) for pool in pools)


_SET_POOLS: Final = _with_getters(
    [
        tuple(_face(number, color) for color in range(COLOR_COUNT))
        for number in range(1, HIGHEST + 1)
    ]
)
_COLOR_POOLS: Final = _with_getters(
    [
        tuple(_face(number, color) for number in range(1, HIGHEST + 1))
        for color in range(COLOR_COUNT)
    ]
)
_PARITY_POOLS: Final = {
    parity: _with_getters(
        [
            tuple(
                _face(number, color)
                for number in range(1, HIGHEST + 1)
                if number % 2 == parity
                for color in range(COLOR_COUNT)
            )
        ]
    )
    for parity in (0, 1)
}
"""For even (0) and odd (1) groups, their one pool: the faces of their numbers."""
_RUN_PALETTES: Final = (tuple(range(COLOR_COUNT)),)
_COLOR_RUN_PALETTES: Final = tuple((color,) for color in range(COLOR_COUNT))
_BY_NUMBER: Final = {
    palette: tuple(
        (
            faces,
            itemgetter(*faces)
            if len(faces) > 1
            else lambda counts, f=faces: (counts[f[0]],),
        )
        for faces in (
            tuple(_face(number, color) for color in palette)
            for number in range(1, HIGHEST + 1)
        )
    )
    for palette in (*_RUN_PALETTES, *_COLOR_RUN_PALETTES)
}
"""For each palette, the faces of each number 1-12 in its colours, with
the getter of their counts."""
_SUBSETS: Final = tuple(
    tuple(
        sum(comb(held, extra) for extra in range(free + 1))
        for free in range(HIGHEST + 1)
    )
    for held in range(HIGHEST + 1)
)
"""``_SUBSETS[n][k]``: the ways to choose at most ``k`` of ``n`` places."""


def _groups_for(
    kind: GroupKind,
    size: int,
    counts: Sequence[int],
    per_group: bool,
    wrap: bool = False,
) -> list[_Group]:
    """Every group of ``kind`` and exactly ``size`` cards that ``counts`` can
    make (runs wrapping from 12 to 1 if ``wrap``)."""
    if kind is GroupKind.SET:
        return _pooled_groups(counts, size, _SET_POOLS, per_group)
    if kind is GroupKind.COLOR:
        return _pooled_groups(counts, size, _COLOR_POOLS, per_group)
    if kind is GroupKind.RUN:
        return _run_groups(counts, size, _RUN_PALETTES, per_group, wrap)
    if kind is GroupKind.COLOR_RUN:
        return _run_groups(counts, size, _COLOR_RUN_PALETTES, per_group, wrap)
    parity = kind.parity
    if parity is None:
        raise AssertionError(f"no groups listed for {kind}")  # pragma: no cover
    if kind.is_run:  # a run of odd or even numbers (R51)
        return _run_groups(counts, size, _RUN_PALETTES, per_group, wrap, parity)
    return _pooled_groups(counts, size, _PARITY_POOLS[parity], per_group)


_Choice = tuple[int, int, _Group]
"""A possible group: the cards it takes (packed as below), how many Wilds it
holds, and its cards' indices."""


def minimal_lays(
    hand: Sequence[Card], phase: PhaseSpec, naturals: NaturalRule, *, wrap: bool = False
) -> list[tuple[tuple[Card, ...], ...]]:
    """Every way to make ``phase`` from ``hand`` with minimal groups (R4-R14),
    runs wrapping from 12 to 1 if ``wrap`` (R42).

    Groups are in the order of ``phase.groups``, each exactly its
    requirement's minimum size; a set's or colour group's cards sorted, a
    run's lowest first with each Wild at the place of the number it stands
    for. Ways are distinct up to cards of the same face and up to the order
    of groups that meet identical requirements (those come in non-decreasing
    order), and come sorted by their cards' indices.

    Each requirement's possible groups are listed once, from the whole hand;
    the search then picks one group per requirement, fewest choices first,
    keeping those the cards left can still supply. The judge of groups is
    not consulted here: the lays are built to meet the phase, the caller
    judges the solver's way, and the test suite checks every lay against
    the judge.
    """
    counts = [0] * len(FACES)
    for card in hand:
        counts[card.index] += 1
    counts[SKIP.index] = 0  # never part of a group (R12)
    if len(phase.groups) == 1:
        # One requirement: each of its groups is a way; no search.
        (wanted,) = phase.groups
        groups = _groups_for(
            wanted.kind, wanted.size, counts, naturals is NaturalRule.PER_GROUP, wrap
        )
        if naturals is NaturalRule.PER_PHASE:
            groups = [group for group in groups if group.count(_WILD) < len(group)]
        groups.sort()
        return [(_cards_of(group),) for group in groups]
    search = _LaySearch(counts, phase, naturals, wrap)
    if not all(search.choices):
        return []
    return search.run()


class _LaySearch:
    """One hand's search for :func:`minimal_lays`.

    Card counts are packed into one integer (see :func:`_packing`), so
    that whether the cards left can supply a group is one subtraction and
    one mask. Identical requirements have the same choices; each takes a
    choice no earlier than its twin's, so each way is found in one order
    only. The requirements are taken fewest choices first, a twin before
    the requirement it is the twin of.
    """

    __slots__ = (
        "bits",
        "choices",
        "counts",
        "fits",
        "found",
        "guards",
        "index",
        "last",
        "natural_in",
        "need_one",
        "order",
        "packs",
        "per_group",
        "twin",
        "unit",
        "wanted",
        "wrap",
    )

    def __init__(
        self, counts: list[int], phase: PhaseSpec, naturals: NaturalRule, wrap: bool
    ) -> None:
        self.counts = counts
        self.wrap = wrap
        self.wanted = wanted = phase.groups
        self.per_group = naturals is NaturalRule.PER_GROUP
        self.need_one = naturals is NaturalRule.PER_PHASE
        self.bits, self.unit, self.guards, packs = _packing(max(counts))
        unit = self.unit
        listed: dict[tuple[GroupKind, int], list[_Choice]] = {}
        self.choices: list[list[_Choice]] = []
        choices = self.choices
        for requirement in wanted:
            key = (requirement.kind, requirement.size)
            if key not in listed:
                groups = _groups_for(*key, counts, self.per_group, wrap)
                groups.sort()
                packed = []
                for group in groups:
                    # Read into a local: another thread may clear the memo.
                    value = packs.get(group)
                    if value is None:
                        value = packs.keep(group, sum(map(unit.__getitem__, group)))
                    packed.append(value)
                listed[key] = [
                    (value, group.count(_WILD), group)
                    for value, group in zip(packed, groups, strict=True)
                ]
            choices.append(listed[key])
        k = len(wanted)
        self.order = order = sorted(range(k), key=lambda j: (len(choices[j]), j))
        step_of = {j: step for step, j in enumerate(order)}
        self.twin = [
            max((step_of[i] for i in range(j) if wanted[i] == wanted[j]), default=-1)
            for j in order
        ]
        self.packs = [[packed for packed, _, _ in choices[j]] for j in order]
        self.natural_in = [
            [wild < len(group) for _, wild, group in choices[j]] for j in order
        ]
        self.last = k - 1
        self.found: list[tuple[int, ...]] = []
        # Per step, the choices that fit each hand left, and each choice's
        # place among them by its group (made when first needed).
        self.fits: list[dict[int, list[int]]] = [{} for _ in range(k)]
        self.index: list[dict[_Group, int]] = [{} for _ in range(k)]

    def run(self) -> list[tuple[tuple[Card, ...], ...]]:
        """Every way, in the phase's order of groups, sorted."""
        unit = self.unit
        whole = self.guards + sum(
            [unit[face] * count for face, count in enumerate(self.counts) if count]
        )
        if self.last == 1 and not self.need_one and len(self.packs[1]) <= _MANY_POOLED:
            self._pairs(whole)
        else:
            self._place(0, whole, False, ())
        # Each requirement's choices are sorted, so sorting the ways by the
        # choices they make, in the phase's order, sorts them by their cards.
        ways = self.found
        k = self.last + 1
        if k > 1:
            positions = {j: step for step, j in enumerate(self.order)}
            in_phase_order = itemgetter(*[positions[j] for j in range(k)])
            ways = sorted(map(in_phase_order, ways))
        # Only the choices some way makes are spelt out in cards.
        laid = [
            {i: _cards_of(options[i][2]) for i in {way[j] for way in ways}}
            for j, options in enumerate(self.choices)
        ]
        # The commonest shapes spelled out: this loop makes every lay.
        if k == 1:
            (first,) = laid
            return [(first[a],) for (a,) in ways]
        if k == 2:
            first, second = laid
            return [(first[a], second[b]) for a, b in ways]
        return [tuple(map(getitem, laid, way)) for way in ways]

    def _pairs(self, whole: int) -> None:
        """:meth:`_place` for two requirements of few choices, none needing a
        natural card from the other: each choice of the first, then every
        choice of the second that the cards left can make (no earlier than
        the first's if the two are twins), tried at once."""
        first, second = self.packs
        guards = self.guards
        twins = self.twin[1] >= 0
        found = self.found
        for i, taken in enumerate(first):
            left = whole - taken
            found += [
                (i, j)
                for j in range(i if twins else 0, len(second))
                if (left - second[j]) & guards == guards
            ]

    def _place(
        self, step: int, left: int, natural: bool, prefix: tuple[int, ...]
    ) -> None:
        """Choose for the requirement at ``step``, the cards ``left`` packed."""
        fitting: Sequence[int] = (
            self._fitting(step, left) if step else range(len(self.packs[0]))
        )
        twin = self.twin[step]
        if twin >= 0:
            fitting = fitting[bisect_left(fitting, prefix[twin]) :]
        has = self.natural_in[step]
        if step == self.last:
            if self.need_one and not natural:
                fitting = [i for i in fitting if has[i]]
            self.found.extend([(*prefix, i) for i in fitting])
            return
        packed = self.packs[step]
        for i in fitting:
            self._place(step + 1, left - packed[i], natural or has[i], (*prefix, i))

    def _fitting(self, step: int, left: int) -> list[int]:
        """The choices of the requirement at ``step`` that the cards ``left``
        (packed) can make, ascending, remembered for each hand left: many
        ways to choose before often leave the same cards.

        Where the choices are many, most do not fit, so those that do are
        made anew from the cards left (in time in proportion to them) rather
        than found by trying every choice."""
        known = self.fits[step]
        found = known.get(left)
        if found is not None:
            return found
        packed = self.packs[step]
        requirement = self.wanted[self.order[step]]
        many = _MANY_RUNS if requirement.kind.is_run else _MANY_POOLED
        if len(packed) <= many:
            guards = self.guards
            found = [
                i for i in range(len(packed)) if (left - packed[i]) & guards == guards
            ]
        else:
            bits = self.bits
            field = (1 << bits) - 1
            half = 1 << (bits - 1)
            counts = [
                (left >> bits * face & field) - half for face in range(len(FACES))
            ]
            index = self.index[step]
            if not index:
                options = self.choices[self.order[step]]
                index.update((group, i) for i, (_, _, group) in enumerate(options))
            made = _groups_for(
                requirement.kind, requirement.size, counts, self.per_group, self.wrap
            )
            found = sorted([index[group] for group in made])
        known[left] = found
        return found


def _cards_of(group: _Group) -> tuple[Card, ...]:
    """The cards of a group given by their indices (remembered: hands keep
    making the same groups)."""
    cards = _CARDS.get(group)
    if cards is None:
        cards = _CARDS.keep(group, tuple([FACES[face] for face in group]))
    return cards


_CARDS: Final[Memo[_Group, tuple[Card, ...]]] = memo("_lays.cards", 1 << 16)
_PACKS_KEPT: Final = 1 << 16
"""The most groups a memo keeps (packed for one width, or spelt out in
cards) before it starts again: a few megabytes."""

# Beyond this many choices, the choices that fit are made rather than tried:
# making a set or a colour group costs about as much as trying a hundred,
# making a run as trying several hundred.
_MANY_POOLED: Final = 96
_MANY_RUNS: Final = 512


@cached("_lays.packing")
@cache
def _packing(largest: int) -> tuple[int, list[int], int, Memo[_Group, int]]:
    """How to pack card counts into one integer, when no face is held more
    than ``largest`` times: the bits per face, each face's unit, the guard
    bits, and a memo of the groups packed so far (a group's packing
    depends on the width alone, and hands keep making the same groups).

    Each face gets a field of ``bits`` bits, the count below a guard bit
    ``2 ** (bits - 1)`` that exceeds every count. Taking a group's cards
    away takes at most as many of a face as the hand holds, so a field
    never borrows from the next one, and every guard stays set exactly
    when the counts can supply the group. The width follows the largest
    count, so any hand packs correctly, however many cards of one face it
    holds.
    """
    bits = largest.bit_length() + 1
    unit = [1 << (bits * face) for face in range(len(FACES))]
    # The memo lives and is emptied with this function's cache.
    packs: Memo[_Group, int] = Memo(f"_lays.packs({bits} bits)", _PACKS_KEPT)
    return bits, unit, sum(one << (bits - 1) for one in unit), packs
