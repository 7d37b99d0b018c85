"""Every minimal way to lay a phase from a hand, for :func:`legal_actions`.

The solver (:func:`~phase10.find_phase`) answers whether a hand makes a
phase; this module lists every way it does with groups of exactly the
minimum sizes, which is what a bot choosing among lays needs. Cards are
handled as counts per face (see :attr:`Card.index`).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations, compress, product
from math import comb, factorial, prod
from operator import getitem, itemgetter, mul
from typing import Final

from ._cards import FACES, SKIP, WILD, Card
from ._limits import MAX_HAND_SIZE
from ._phases import GroupKind, GroupSpec, NaturalRule, PhaseSpec

__all__ = ["minimal_lays", "most_groups", "most_lays"]


# --- enumerating lays ---------------------------------------------------------------

_WILD: Final = WILD.index
_HIGHEST: Final = 12
_COLORS: Final = 4

_Group = tuple[int, ...]
"""A group as its cards' indices, in laid order."""


def _face(number: int, color: int) -> int:
    return (number - 1) * _COLORS + color


def _pooled_groups(
    counts: Sequence[int],
    size: int,
    pools: Sequence[tuple[int, ...]],
    per_group: bool,
) -> list[_Group]:
    """Groups of ``size`` cards drawn from one pool (a number's faces for a
    set, a colour's for a colour group) topped up with Wilds; and the group of
    Wilds alone unless every group needs a natural card (R5, R7, R10, R11).
    Each group's indices are ascending, Wilds last."""
    wilds = counts[_WILD]
    least = max(1, size - wilds)
    out: list[_Group] = []
    for pool in pools:
        held = tuple(map(counts.__getitem__, pool))
        if sum(held) >= least:
            out += _pool_groups(pool, held, size, least)
    if not per_group and wilds >= size:
        out.append((_WILD,) * size)
    return out


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
) -> list[_Group]:
    """Runs of ``size`` cards, lowest first, each place a card of its number
    in one of a palette's colours or a Wild (R6, R8, R10, R11); and the run of
    Wilds alone unless every group needs a natural card. A run has one
    palette of every colour, a colour run one palette per colour. With
    ``wrap`` (R42) a run may start at any number and go on from 12 to 1.

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
        count_of = counts.__getitem__
        options = [
            tuple(compress(faces, map(count_of, faces)))
            for faces in _BY_NUMBER[palette]
        ]
        if wrap:
            options = options + options
        for low in range(_HIGHEST if wrap else _HIGHEST - size + 1):
            places = options[low : low + size]
            bare = [i for i in range(size) if not places[i]]
            if len(bare) > spare:
                continue
            held = [i for i in range(size) if places[i]]
            free = spare - len(bare)  # Wilds left for places that have a card
            subsets = sum(comb(len(held), extra) for extra in range(free + 1))
            every = prod(len(places[i]) + 1 for i in held)
            if every <= 4 * subsets:
                # Few choices go to waste: filter them all, at C speed.
                out.extend(
                    run
                    for run in product(*[(*faces, _WILD) for faces in places])
                    if run.count(_WILD) <= spare
                )
                continue
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


_SET_POOLS: Final = tuple(
    tuple(_face(number, color) for color in range(_COLORS))
    for number in range(1, _HIGHEST + 1)
)
_COLOR_POOLS: Final = tuple(
    tuple(_face(number, color) for number in range(1, _HIGHEST + 1))
    for color in range(_COLORS)
)
_PARITY_POOLS: Final = {
    parity: (
        tuple(
            _face(number, color)
            for number in range(1, _HIGHEST + 1)
            if number % 2 == parity
            for color in range(_COLORS)
        ),
    )
    for parity in (0, 1)
}
"""For even (0) and odd (1) groups, their one pool: the faces of their numbers."""
_RUN_PALETTES: Final = (tuple(range(_COLORS)),)
_COLOR_RUN_PALETTES: Final = tuple((color,) for color in range(_COLORS))
_BY_NUMBER: Final = {
    palette: tuple(
        tuple(_face(number, color) for color in palette)
        for number in range(1, _HIGHEST + 1)
    )
    for palette in (*_RUN_PALETTES, *_COLOR_RUN_PALETTES)
}
"""For each palette, the faces of each number 1-12 in its colours."""


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
    return _pooled_groups(counts, size, _PARITY_POOLS[kind.parity or 0], per_group)


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
        return [(tuple(map(FACES.__getitem__, group)),) for group in groups]
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
        self.bits, unit, self.guards, packs = _packing(max(counts))
        if len(packs) > _PACKS_KEPT:
            packs.clear()
        listed: dict[tuple[GroupKind, int], list[_Choice]] = {}
        self.choices: list[list[_Choice]] = []
        choices = self.choices
        for requirement in wanted:
            key = (requirement.kind, requirement.size)
            if key not in listed:
                groups = _groups_for(*key, counts, self.per_group, wrap)
                groups.sort()
                for group in groups:
                    if group not in packs:
                        packs[group] = sum(map(unit.__getitem__, group))
                listed[key] = [
                    (packs[group], group.count(_WILD), group) for group in groups
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
        counts = self.counts
        unit = _packing(max(counts))[1]
        whole = self.guards + sum(map(mul, unit, counts))
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
            {
                i: tuple(map(FACES.__getitem__, options[i][2]))
                for i in {way[j] for way in ways}
            }
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


_PACKS_KEPT: Final = 1 << 16
"""The most packed groups remembered for one width (a few megabytes)."""

# Beyond this many choices, the choices that fit are made rather than tried:
# making a set or a colour group costs about as much as trying a hundred,
# making a run as trying several hundred.
_MANY_POOLED: Final = 96
_MANY_RUNS: Final = 512


@cache
def _packing(largest: int) -> tuple[int, list[int], int, dict[_Group, int]]:
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
    return bits, unit, sum(one << (bits - 1) for one in unit), {}


# --- how many lays there can be ----------------------------------------------------

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
    numbers, each place any face of its number held: see :func:`_runs`. An
    even or odd group's are ``held`` of one pool of 24 faces (R43).
    """
    if kind is GroupKind.SET:
        return _pooled(held, 4, 12)
    if kind is GroupKind.COLOR:
        return _pooled(held, 12, _COLORS)
    if kind is GroupKind.RUN:
        return _runs(size, held, 4, wrap)
    if kind is GroupKind.COLOR_RUN:
        return _shared(_runs(size, held, 1, wrap), _COLORS)
    return _pooled(held, 4 * _HIGHEST // 2, 1)


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


def _runs(size: int, held: int, faces: int, wrap: bool = False) -> tuple[int, ...]:
    """For n natural cards of one palette (each number offering ``faces``
    faces), the most runs of ``size`` with exactly ``held`` natural cards.

    With d(x) faces held of number x, a window holds e(d) such runs, the
    elementary symmetric sum of degree ``held`` of its d's. That sum only
    grows as cards are added and as the d's are evened out, so a window
    holding M cards holds at most f(M), its value on the most even d's.
    Hence two bounds: every window at its best, and, as each number lies in
    at most ``cover`` windows (their M's add up to at most ``cover * n``),
    ``cover * n`` times the best ratio f(M) / M. With ``wrap`` (R42) every
    number starts a window, and lies in ``size`` of them.
    """
    windows = _HIGHEST if wrap else _HIGHEST + 1 - size
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
