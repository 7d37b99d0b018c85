"""Every minimal way to lay a phase from a hand, for :func:`legal_actions`.

The solver (:func:`~phase10.find_phase`) answers whether a hand makes a
phase; this module lists every way it does with groups of exactly the
minimum sizes, which is what a bot choosing among lays needs. Cards are
handled as counts per face (see :attr:`Card.index`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product
from typing import Final

from ._cards import FACES, SKIP, WILD, Card
from ._phases import GroupKind, NaturalRule, PhaseSpec

__all__ = ["minimal_lays"]


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
        held = [face for face in pool for _ in range(counts[face])]
        if len(held) < least:
            continue
        for natural in range(least, min(size, len(held)) + 1):
            pad = (_WILD,) * (size - natural)
            # Combinations of sorted cards give each sub-multiset in order,
            # equal ones next to each other.
            out.extend(
                group + pad for group in dict.fromkeys(combinations(held, natural))
            )
    if not per_group and wilds >= size:
        out.append((_WILD,) * size)
    return out


def _run_groups(
    counts: Sequence[int],
    size: int,
    palettes: Sequence[tuple[int, ...]],
    per_group: bool,
) -> list[_Group]:
    """Runs of ``size`` cards, lowest first, each place a card of its number
    in one of a palette's colours or a Wild (R6, R8, R10, R11); and the run of
    Wilds alone unless every group needs a natural card. A run has one
    palette of every colour, a colour run one palette per colour."""
    wilds = counts[_WILD]
    out: list[_Group] = []
    for palette in palettes:
        options = [
            [face for face in faces if counts[face]] for faces in _BY_NUMBER[palette]
        ]
        if wilds:
            for faces in options:
                faces.append(_WILD)
        for low in range(_HIGHEST - size + 1):
            places = options[low : low + size]
            if wilds < size - 1:
                gaps = sum(1 for faces in places if not faces or faces[0] == _WILD)
                if gaps > wilds:
                    continue
                out.extend(
                    run
                    for run in product(*places)
                    if run.count(_WILD) <= wilds and run.count(_WILD) < size
                )
            else:
                out.extend(run for run in product(*places) if run.count(_WILD) < size)
    if not per_group and wilds >= size:
        out.append((_WILD,) * size)
    return out


_SET_POOLS: Final = tuple(
    tuple(_face(number, color) for color in range(_COLORS))
    for number in range(1, _HIGHEST + 1)
)
_COLOR_POOLS: Final = tuple(
    tuple(_face(number, color) for number in range(1, _HIGHEST + 1))
    for color in range(_COLORS)
)
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
    kind: GroupKind, size: int, counts: Sequence[int], per_group: bool
) -> list[_Group]:
    """Every group of ``kind`` and exactly ``size`` cards that ``counts`` can make."""
    if kind is GroupKind.SET:
        return _pooled_groups(counts, size, _SET_POOLS, per_group)
    if kind is GroupKind.COLOR:
        return _pooled_groups(counts, size, _COLOR_POOLS, per_group)
    if kind is GroupKind.RUN:
        return _run_groups(counts, size, _RUN_PALETTES, per_group)
    return _run_groups(counts, size, _COLOR_RUN_PALETTES, per_group)


_Choice = tuple[int, int, _Group]
"""A possible group: the cards it takes (packed as below), how many Wilds it
holds, and its cards' indices."""


def minimal_lays(
    hand: Sequence[Card], phase: PhaseSpec, naturals: NaturalRule
) -> list[tuple[tuple[Card, ...], ...]]:
    """Every way to make ``phase`` from ``hand`` with minimal groups (R4-R14).

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
    wanted = phase.groups
    k = len(wanted)
    per_group = naturals is NaturalRule.PER_GROUP
    need_one = naturals is NaturalRule.PER_PHASE
    listed: dict[tuple[GroupKind, int], list[_Choice]] = {}
    choices: list[list[_Choice]] = []
    for requirement in wanted:
        key = (requirement.kind, requirement.size)
        if key not in listed:
            groups = _groups_for(requirement.kind, requirement.size, counts, per_group)
            groups.sort()
            listed[key] = [
                (sum(map(_UNIT.__getitem__, group)), group.count(_WILD), group)
                for group in groups
            ]
        if not listed[key]:
            return []
        choices.append(listed[key])
    # Identical requirements have the same choices; each takes a choice no
    # earlier than its twin's, so each way is found in one order only.
    twin = [
        max((i for i in range(j) if wanted[i] == wanted[j]), default=-1)
        for j in range(k)
    ]
    order = sorted(range(k), key=lambda j: (len(choices[j]), j))
    chosen = [0] * k
    found: list[tuple[int, ...]] = []

    def place(step: int, left: int, natural: bool) -> None:
        if step == k:
            if natural or not need_one:
                found.append(tuple(chosen))
            return
        j = order[step]
        options = choices[j]
        for i in range(chosen[twin[j]] if twin[j] >= 0 else 0, len(options)):
            rest = left - options[i][0]
            if rest & _GUARDS == _GUARDS:
                chosen[j] = i
                place(step + 1, rest, natural or options[i][1] < len(options[i][2]))

    place(
        0,
        _GUARDS + sum(_UNIT[face] * count for face, count in enumerate(counts)),
        False,
    )
    # Each requirement's choices are sorted, so sorting the ways by the
    # choices they make sorts them by their cards.
    found.sort()
    cards: dict[_Group, tuple[Card, ...]] = {}
    for options in choices:
        for _, _, group in options:
            if group not in cards:
                cards[group] = tuple(map(FACES.__getitem__, group))
    return [tuple(cards[choices[j][i][2]] for j, i in enumerate(way)) for way in found]


# Card counts packed in one integer, a byte per face: the low seven bits hold
# the count, the top bit is a guard. Taking a group's cards away leaves every
# guard set exactly when the counts can supply them. (A hand never holds 128
# cards of one face.)
_BITS: Final = 8
_UNIT: Final = tuple(1 << (_BITS * face) for face in range(len(FACES)))
_GUARDS: Final = sum(unit << (_BITS - 1) for unit in _UNIT)
