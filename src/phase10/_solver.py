"""The phase solver: a way to make a phase from some cards, or proof there is none.

The question (R4-R11, R14): can the cards be split into one group per
requirement of a phase, each group exactly its minimum size? The answer is
exact for every phase the language can express, and fast enough for a bot
to ask it every turn.

Why it is exact
---------------

A group is fixed by a few *parameters*: a set's number, a run's lowest
number, a colour group's colour, a colour run's colour and lowest number.
Once every group has its parameters, each group is a list of *slots*, and
each slot accepts certain natural cards: a set's slots take any card of its
number, a run's slot for number x any card numbered x, a colour group's slots
any card of its colour, a colour run's slot for x only that colour's x.
Wilds fill any slot (R10) and Skips none (R12). So, for fixed parameters,
the cards make the phase exactly when there is an assignment of natural
cards to slots such that

1. the slots left empty are no more than the hand's Wilds, and
2. the natural cards satisfy ``naturals`` (R11).

Condition 1 is a maximum-flow question (cards to slots). It has a closed
form here: a colour run's slot accepts a single face, so serving it first
never lowers the maximum (any optimal assignment can be redirected to it);
what remains is a transport between card faces and two kinds of demand,
"any card of number x" and "any card of colour c", whose minimum cut is a
minimum over the subsets of the (at most four) colours that colour groups
ask for. For phases of sets and runs alone it is simply, for each number,
demand beyond supply.

Condition 2 under ``PER_GROUP`` (every group holds a natural card): start
from a system of distinct natural cards, one per group (a small bipartite
matching), and grow it into a maximum flow by augmenting paths. An
augmenting path never takes flow away from a slot, so every group keeps its
natural card; hence "a distinct natural card per group exists" and "the
maximum flow leaves at most Wilds empty" together are exact, and that is
also how an answer is built. ``PER_PHASE`` asks for a maximum flow of at
least one; ``NONE`` for nothing.

The search enumerates parameters depth first: the most constrained groups
first (those that need most Wilds alone, then the classes of identical
requirements with fewest arrangements), each group's most promising values
first. Requirements with the same kind and size are interchangeable, so
their parameters are taken in non-decreasing order; numbers (when there are
no runs) and colours that hold the same cards and are treated alike by the
groups placed so far are interchangeable too, so only the first of them is
tried. Values that give a group no natural card are all alike (Wilds only,
on cards nobody holds), so one of them stands for all, and none is tried
when every group needs a natural card. Under ``PER_GROUP`` the system of
distinct natural cards is kept for the groups placed, grown by one
augmenting path per group: a group that cannot join it is cut at once, as
more groups never make such a system easier to find.

A branch is cut when a lower bound on the Wilds needed exceeds the hand's
Wilds. For the groups placed, the bound is the sum of the shortfalls of the
colour runs, of the number demands and of the colour demands, each against
the cards left for it (a card fills one slot, so these add up), or the
exact figure where number and colour demands compete. To that it adds a
bound for the groups not yet placed. The Wilds needed are the slots less a
maximum flow, and that flow is submodular in the groups, so the Wilds are
supermodular: groups added raise them by at least what they would add to
any fewer groups. Hence at least the sum of what each needs alone, and at
least the shortfall of the numbers that every placement of a long run
covers. Where several identical requirements are left, better: each class
of them adds at least what it would add to the groups placed that share
its demands (colour runs' faces, numbers, colours), against which the
Wilds are a plain sum of shortfalls, so its least is found exactly, over
the values still open to it: sets and colour groups take the largest
gains, runs and colour runs a small dynamic programme along the numbers
(per colour, then shared out among the colours; for long runs on many
cards, where it would grow large, a looser count). Unless number and colour
demands compete, a face's card is free to a colour run only while its
number and its colour have a card to spare, so no more are counted. The
classes are bounded one by one and the bounds added, which only lowers the
sum. Where it is worked out, the values are tried in the order of this
bound; the values tried are the same.

Unless every group needs a natural card of its own or number and colour
demands compete, what the groups left can still do depends only on the
cards that each face, number and colour has to spare and on the Wilds
left, so a sub-state (the same groups left, from the same value on, with
the same cards to spare) that failed with some Wilds to spare fails again
with as many or fewer, and is not searched twice. No cut loses a way.

Faster routes answer the common shapes, and fall back on the general search
where they cannot decide:

- sets only (or colour groups only): some best way puts the k groups on the
  k numbers (colours) the hand holds most of. Moving all the groups on a
  number outside those k to an unused one inside costs no more Wilds and
  leaves each group at least as many natural cards, so only those k bins
  are tried, by dynamic programming over bins with the groups left as a
  multiset of sizes;
- sets and runs: the runs' lowest numbers are enumerated, then the sets
  are placed as above on the cards the runs leave over. That placement
  needs the fewest Wilds, so "too many Wilds" rules the runs out. When
  Wilds suffice but the natural cards cannot be shared out one per group,
  runs alone are ruled out too, and with sets the general search decides.
  The runs left and the sets are bounded as in the general search, and
  runs that cannot have a natural card each are cut when placed. One run
  and one set (phases 2 and 3) and one run alone (phases 4-6) have
  their own short loops, which follow the same reasoning.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from itertools import product
from math import comb
from typing import TYPE_CHECKING, Final

from . import _rules
from ._cards import FACES, WILD, Card
from ._errors import NotationError, RulesError, shown
from ._phases import GroupKind, PhaseSpec
from ._rules import NaturalRule

if TYPE_CHECKING:
    from ._rules import Rules

__all__ = ["find_phase", "solve"]

Answer = tuple[tuple[Card, ...], ...]
_Strategy = Callable[[Sequence[Card]], Answer | None]

# Kinds as small ints, and the natural-card rule as a level.
_SET: Final = 0
_RUN: Final = 1
_COLOR: Final = 2
_COLOR_RUN: Final = 3
_KIND_CODE: Final = {
    GroupKind.SET: _SET,
    GroupKind.RUN: _RUN,
    GroupKind.COLOR: _COLOR,
    GroupKind.COLOR_RUN: _COLOR_RUN,
}
_NONE: Final = 0
_PER_PHASE: Final = 1
_PER_GROUP: Final = 2
_LEVEL: Final = {
    NaturalRule.NONE: _NONE,
    NaturalRule.PER_PHASE: _PER_PHASE,
    NaturalRule.PER_GROUP: _PER_GROUP,
}

_HIGHEST: Final = 12
_COLORS: Final = 4
_INF: Final = 1 << 30
_ALL_NUMBERS: Final = (1 << (_HIGHEST + 1)) - 2  # bits 1-12
_MAX_STATES: Final = 4096  # beyond this _covered settles for a weaker bound


class _Fallback(Exception):
    """A fast route met a case it does not decide; the general search will."""


# ---------------------------------------------------------------------------
# Entry points


def solve(
    cards: Sequence[Card], phase: PhaseSpec, naturals: NaturalRule
) -> Answer | None:
    """A way to make ``phase`` from ``cards``, or ``None`` (R4-R11, R14).

    The engine's own entry: no checking of the arguments. Each group is
    exactly its requirement's minimum size, in the order of
    ``phase.groups``; a run's cards are in ascending order, each Wild where
    the number it stands for goes.
    """
    entry = _PLANS.get((id(phase), id(naturals)))
    if entry is None or entry[0] is not phase:
        entry = _remember(phase, naturals)
    return entry[1](cards)


_default_rules: Rules | None = None


def find_phase(
    cards: Iterable[Card], spec: PhaseSpec, rules: Rules | None = None
) -> Answer | None:
    """A way to make the phase ``spec`` from ``cards``, or ``None`` if there is none.

    The answer has one tuple of cards per requirement of ``spec``, in the
    order of ``spec.groups``, each exactly the requirement's minimum size
    (R14), in the form :func:`lay_phase` takes: a run's cards in ascending
    order, each Wild at the place of the number it stands for (R6, R10).
    Sets (R5), runs (R6), colour groups (R7) and colour runs (R8) may be
    mixed freely, and two groups may use the same number. Skips are never
    used. ``rules.naturals`` says how many natural cards are needed (R11);
    ``rules`` defaults to ``Rules()``, the official game. The search is
    exact: ``None`` means that no way exists (R4, R9).

    >>> from phase10 import STANDARD_PHASES, PhaseSpec, find_phase, parse_cards
    >>> hand = parse_cards("R5 B5 G5 Y7 R7 W S")
    >>> find_phase(hand, STANDARD_PHASES[0])  # doctest: +NORMALIZE_WHITESPACE
    ((Card.parse('R5'), Card.parse('B5'), Card.parse('G5')),
     (Card.parse('Y7'), Card.parse('R7'), Card.parse('W')))
    >>> find_phase(parse_cards("R5 B5 G5 Y7 R8 W S"), STANDARD_PHASES[0]) is None
    True

    A Wild in a run stands where the missing number goes:

    >>> (run,) = find_phase(parse_cards("Y9 G6 W B4 R3"), PhaseSpec.parse("1 run of 4"))
    >>> " ".join(str(card) for card in run)
    'R3 B4 W G6'

    Raises :class:`NotationError` if an item of ``cards`` is not a
    :class:`Card`, and :class:`RulesError` if ``spec`` is not a
    :class:`PhaseSpec` or ``rules`` not a :class:`Rules`.

    .. versionadded:: 0.1
    """
    global _default_rules
    hand = cards if isinstance(cards, (tuple, list)) else _as_tuple(cards)
    for card in hand:
        if card.__class__ is not Card:
            raise NotationError(
                f"find_phase takes Card objects, not {shown(card)} "
                "(read text with parse_cards)"
            )
    if not isinstance(spec, PhaseSpec):
        raise RulesError(
            f"find_phase takes a PhaseSpec, not {shown(spec)} "
            "(read text with PhaseSpec.parse)"
        )
    if rules is None:
        if _default_rules is None:
            _default_rules = _rules.Rules()
        rules = _default_rules
    elif not isinstance(rules, _rules.Rules):
        raise RulesError(f"rules must be a Rules record or None, not {shown(rules)}")
    return solve(hand, spec, rules.naturals)


def _as_tuple(cards: Iterable[Card]) -> tuple[Card, ...]:
    if isinstance(cards, str):
        raise NotationError(
            f"find_phase takes cards, not the text {shown(cards)} "
            "(read it with parse_cards)"
        )
    try:
        return tuple(cards)
    except TypeError:
        raise NotationError(
            f"find_phase takes a collection of cards, not {shown(cards)}"
        ) from None


# Plans are looked up by identity: hashing an attrs spec costs more than most
# solves. Each entry keeps its spec alive, so an id is never reused while it
# is a key; the table is emptied when it grows large.
_PLANS: dict[tuple[int, int], tuple[PhaseSpec, _Strategy]] = {}
_MAX_PLANS: Final = 512


def _remember(phase: PhaseSpec, naturals: NaturalRule) -> tuple[PhaseSpec, _Strategy]:
    if not isinstance(phase, PhaseSpec):
        raise RulesError(f"a phase must be a PhaseSpec, not {shown(phase)}")
    if naturals not in _LEVEL:
        raise RulesError(f"naturals must be a NaturalRule, not {shown(naturals)}")
    if len(_PLANS) >= _MAX_PLANS:
        _PLANS.clear()
    entry = (phase, _compile(phase, naturals))
    _PLANS[(id(phase), id(naturals))] = entry
    return entry


def _compile(phase: PhaseSpec, naturals: NaturalRule) -> _Strategy:
    kinds = tuple(_KIND_CODE[group.kind] for group in phase.groups)
    sizes = tuple(group.size for group in phase.groups)
    level = _LEVEL[naturals]
    general = _General(kinds, sizes, level)
    present = set(kinds)
    if present == {_SET}:
        return _pooled_strategy(sizes, level, by_color=False)
    if present == {_COLOR}:
        return _pooled_strategy(sizes, level, by_color=True)
    if present <= {_SET, _RUN}:
        return _sets_and_runs_strategy(kinds, sizes, level, general)
    return general


# ---------------------------------------------------------------------------
# Placing interchangeable groups on bins (numbers or colours)


def _place_on_bins(
    sizes: Sequence[int], supply: Sequence[int], per_group: bool
) -> tuple[int, list[int]] | None:
    """Put each group (of ``sizes``) on one bin, needing the fewest Wilds.

    A bin with ``supply`` natural cards and groups totalling S slots needs
    ``max(0, S - supply)`` Wilds. With ``per_group``, a bin holds no more
    groups than it has natural cards. Returns the Wilds needed and each
    group's bin, or ``None`` if ``per_group`` cannot be met. Only the bins
    given are tried (the caller passes those worth trying, most supplied
    first), by dynamic programming over bins with the groups left as a
    multiset of sizes.
    """
    if len(sizes) == 1:
        if per_group and supply[0] < 1:
            return None
        return max(0, sizes[0] - supply[0]), [0]
    if len(sizes) == 2 and len(supply) == 2:
        # Both groups on the first bin, or one on each; both on the second
        # is never better, as bins come in decreasing order of supply.
        s1, s2 = sizes
        m1, m2 = supply
        found = (_INF, [0, 0])
        if m1 >= 2 or not per_group:
            found = (max(0, s1 + s2 - m1), [0, 0])
        if m2 >= 1 or not per_group:
            cost = max(0, s1 - m1) + max(0, s2 - m2)
            if cost < found[0]:
                found = (cost, [0, 1])
            cost = max(0, s2 - m1) + max(0, s1 - m2)
            if cost < found[0]:
                found = (cost, [1, 0])
        return None if found[0] >= _INF else found
    kinds = sorted(set(sizes), reverse=True)
    start = tuple(sizes.count(size) for size in kinds)
    bins = len(supply)
    memo: dict[
        tuple[int, tuple[int, ...]], tuple[int, tuple[tuple[int, ...], ...]]
    ] = {}

    def best(i: int, left: tuple[int, ...]) -> tuple[int, tuple[tuple[int, ...], ...]]:
        if not any(left):
            return 0, ()
        if i == bins:
            return _INF, ()
        key = (i, left)
        known = memo.get(key)
        if known is not None:
            return known
        found: tuple[int, tuple[tuple[int, ...], ...]] = (_INF, ())
        have = supply[i]
        for take in product(*(range(count + 1) for count in left)):
            groups = sum(take)
            if per_group and groups > have:
                continue
            slots = sum(n * size for n, size in zip(take, kinds, strict=True))
            rest = best(i + 1, tuple(a - b for a, b in zip(left, take, strict=True)))
            cost = max(0, slots - have) + rest[0]
            if cost < found[0]:
                found = (cost, (take, *rest[1]))
        memo[key] = found
        return found

    cost, takes = best(0, start)
    if cost >= _INF:
        return None
    # Hand the bins back to the groups, size by size, in the groups' order.
    queues: dict[int, list[int]] = {size: [] for size in kinds}
    for i, take in enumerate(takes):
        for n, size in zip(take, kinds, strict=True):
            queues[size].extend([i] * n)
    where = [queues[size].pop(0) for size in sizes]
    return cost, where


def _top_bins(values: Sequence[int], first: int, count: int, k: int) -> list[int]:
    """The ``k`` indices in ``first .. first+count-1`` with the largest values."""
    order = sorted(range(first, first + count), key=values.__getitem__, reverse=True)
    return order[:k]


def _pooled_strategy(sizes: tuple[int, ...], level: int, by_color: bool) -> _Strategy:
    """Sets only (bins are numbers) or colour groups only (bins are colours)."""
    k = len(sizes)
    slots = sum(sizes)
    per_group = level == _PER_GROUP
    need = k if per_group else 1 if level == _PER_PHASE else 0
    bins = _COLORS if by_color else _HIGHEST
    first = 0 if by_color else 1
    s1 = sizes[0]

    def answer(hand: Sequence[Card], wanted: Sequence[int]) -> Answer:
        # One natural card to each group first, then fill in turn.
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

    def run(hand: Sequence[Card]) -> Answer | None:
        if by_color:
            counts = [0] * 5
            for card in hand:
                counts[card._c] += 1
            wilds = hand.count(WILD)
            naturals = len(hand) - counts[4]
        else:
            counts = [0] * 14
            for card in hand:
                counts[card._n] += 1
            wilds = counts[0]
            naturals = len(hand) - wilds - counts[13]
        if naturals + wilds < slots or naturals < need:
            return None
        if k <= 2:
            top = counts[first : first + bins]
            m1 = max(top)
            a = top.index(m1)
            if k == 1:
                if s1 - m1 > wilds or (need and not m1):
                    return None
                return answer(hand, (a + first,))
            top[a] = -1
            m2 = max(top)
            b = top.index(m2)
            placed = _place_on_bins(sizes, (m1, m2), per_group)
            if placed is None:
                return None
            cost, where = placed
            if cost > wilds or (need and cost >= slots):
                return None
            pair = (a + first, b + first)
            return answer(hand, (pair[where[0]], pair[where[1]]))
        chosen = _top_bins(counts, first, bins, k)
        placed = _place_on_bins(sizes, [counts[i] for i in chosen], per_group)
        if placed is None:
            return None
        cost, where = placed
        if cost > wilds or (need and cost >= slots):
            return None
        return answer(hand, [chosen[i] for i in where])

    return run


# ---------------------------------------------------------------------------
# Sets and runs


def _sets_and_runs_strategy(
    kinds: tuple[int, ...], sizes: tuple[int, ...], level: int, general: _General
) -> _Strategy:
    """Phases of sets and runs, with at least one run."""
    runs = [i for i, kind in enumerate(kinds) if kind == _RUN]
    runs.sort(key=lambda i: -sizes[i])
    sets = [i for i, kind in enumerate(kinds) if kind == _SET]
    run_sizes = [sizes[i] for i in runs]
    set_sizes = [sizes[i] for i in sets]
    same_as_previous = [
        j > 0 and run_sizes[j] == run_sizes[j - 1] for j in range(len(runs))
    ]
    nruns = len(runs)
    nsets = len(sets)
    slots = sum(sizes)
    per_group = level == _PER_GROUP
    need = len(sizes) if per_group else 1 if level == _PER_PHASE else 0
    numbers = range(1, _HIGHEST + 1)
    single = nruns == 1 and nsets == 0
    run_and_set = nruns == 1 and nsets == 1
    size0 = run_sizes[0]
    set_size = set_sizes[0] if nsets else 0
    run_first = runs[0] == 0
    # For the bound on what is left (see search): the runs j, j+1, ... as
    # classes of one size (first index, size, count), the sets by size, and
    # from which run on fewer than two groups are left (no bound needed).
    run_classes: list[list[tuple[int, int, int]]] = [[] for _ in range(nruns + 1)]
    for j in range(nruns - 1, -1, -1):
        later = run_classes[j + 1]
        if j + 1 < nruns and same_as_previous[j + 1]:
            run_classes[j] = [(j, run_sizes[j], later[0][2] + 1), *later[1:]]
        else:
            run_classes[j] = [(j, run_sizes[j], 1), *later]
    set_classes = [(size, set_sizes.count(size)) for size in sorted(set(set_sizes))]
    bounded_from = max(0, nruns + nsets - 1)

    def run(hand: Sequence[Card]) -> Answer | None:
        counts = [0] * 14
        for card in hand:
            counts[card._n] += 1
        wilds = counts[0]
        naturals = len(hand) - wilds - counts[13]
        if naturals + wilds < slots or naturals < need:
            return None
        if single:
            # One run: count the numbers present in each window.
            present = [0] * 14
            total = 0
            for x in numbers:
                if counts[x]:
                    total += 1
                present[x] = total
            if total + wilds < size0:
                return None
            for low in range(1, _HIGHEST + 2 - size0):
                have = present[low + size0 - 1] - present[low - 1]
                if have + wilds >= size0 and (have or not need):
                    return _build_run(hand, low, size0)
            return None
        try:
            if run_and_set:
                return run_and_set_search(hand, counts, wilds)
            return search(hand, counts, wilds)
        except _Fallback:
            return general(hand)

    def run_and_set_search(
        hand: Sequence[Card], counts: list[int], wilds: int
    ) -> Answer | None:
        # The set is best on a number held most (m cards): one outside the
        # run's window keeps all m, one inside gives a card to the run. Any
        # such choice also leaves a natural card for each group whenever
        # the hand has two: if every most-held number lies in the window
        # and m is 1, every natural card does, so the run has another.
        present = [0] * 14
        total = 0
        most = 0
        for x in numbers:
            held = counts[x]
            if held:
                total += 1
                if held > most:
                    most = held
            present[x] = total
        if total + wilds < size0 or most + wilds < set_size:
            return None
        tops = [x for x in numbers if counts[x] == most]
        for low in range(1, _HIGHEST + 2 - size0):
            high = low + size0 - 1
            have = present[high] - present[low - 1]
            used = size0 - have
            if used > wilds or (per_group and not have):
                continue
            x = tops[0]
            spare = most - 1 if most else 0
            for y in tops:
                if y < low or y > high:
                    x = y
                    spare = most
                    break
            if set_size > spare:
                used += set_size - spare
                if used > wilds:
                    continue
            # Laid in the order of _build_sets_and_runs: the set's first
            # card, the run's places, the rest of the set.
            run_cards: list[Card] = [WILD] * size0
            set_cards: list[Card] = []
            for card in hand:
                n = card._n
                if n == x and not set_cards:
                    set_cards.append(card)
                elif low <= n <= high and run_cards[n - low] is WILD:
                    run_cards[n - low] = card
                elif n == x and len(set_cards) < set_size:
                    set_cards.append(card)
            set_cards.extend([WILD] * (set_size - len(set_cards)))
            if run_first:
                return (tuple(run_cards), tuple(set_cards))
            return (tuple(set_cards), tuple(run_cards))
        return None

    def search(hand: Sequence[Card], counts: list[int], wilds: int) -> Answer | None:
        demand = [0] * 14
        lows = [0] * nruns
        tables: dict[tuple[tuple[int, ...], int, int], list[int]] = {}

        def future(j: int, low: int) -> int:
            """Wilds that runs j, j+1, ... and the sets add, at the least,
            each class against the cards left alone (as in _General)."""
            left = [counts[x] - demand[x] for x in range(14)]
            line = tuple(v if v > 0 else 0 for v in left[1:13])
            total = 0
            for first, size, count in run_classes[j]:
                mask = (1 << (_HIGHEST + 2 - size)) - 2
                if first == j and same_as_previous[j]:
                    mask &= ~((1 << low) - 1)
                key = (line, size, mask)
                table = tables.get(key)
                if table is None or len(table) <= count:
                    table = _covered(line, size, mask, count)
                    tables[key] = table
                total += count * size - table[count]
            for size, count in set_classes:
                total += count * size - _pooled(left, 1, _ALL_NUMBERS, size, count)
            return total

        def place(j: int, used: int) -> Answer | None:
            if j == nruns:
                return finish(used)
            size = run_sizes[j]
            start = lows[j - 1] if same_as_previous[j] else 1
            for low in range(start, _HIGHEST + 2 - size):
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
                        j + 1 >= bounded_from
                        or used + added + future(j + 1, low) <= wilds
                    )
                    # Runs that cannot have a natural card each now never
                    # will: cut them here, not after every way to go on.
                    and not (
                        per_group
                        and j
                        and _run_naturals(counts, (), lows[: j + 1], run_sizes) is None
                    )
                ):
                    found = place(j + 1, used + added)
                    if found is not None:
                        return found
                for x in range(low, top):
                    demand[x] -= 1
            return None

        def finish(used: int) -> Answer | None:
            wanted: list[int] = []
            if nsets:
                spare = [0] * 14
                order = [0] * 14
                for x in numbers:
                    left = counts[x] - demand[x]
                    if left > 0:
                        spare[x] = left
                    # Ties go to the number with more cards, to keep the
                    # natural cards easy to share out.
                    order[x] = spare[x] * 4096 + counts[x]
                chosen = _top_bins(order, 1, _HIGHEST, nsets)
                placed = _place_on_bins(set_sizes, [spare[x] for x in chosen], False)
                if placed is None:  # pragma: no cover - no constraint to fail
                    return None
                cost, where = placed
                used += cost
                if used > wilds:
                    return None
                wanted = [chosen[i] for i in where]
            if need and used >= slots:
                return None
            reps: list[int] = []
            if per_group:
                found = _run_naturals(counts, wanted, lows, run_sizes)
                if found is None:
                    # The runs were checked as they were placed, so the
                    # sets are in the way, and another placement of them
                    # might leave the runs their natural cards: let the
                    # general search decide.
                    raise _Fallback
                reps = found
            return _build_sets_and_runs(
                hand, runs, lows, run_sizes, sets, wanted, set_sizes, reps
            )

        return place(0, 0)

    return run


def _run_naturals(
    counts: Sequence[int],
    set_numbers: Sequence[int],
    lows: Sequence[int],
    sizes: Sequence[int],
) -> list[int] | None:
    """One natural card per group: the number each run takes it from.

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


def _build_sets_and_runs(
    hand: Sequence[Card],
    runs: Sequence[int],
    lows: Sequence[int],
    run_sizes: Sequence[int],
    sets: Sequence[int],
    set_numbers: Sequence[int],
    set_sizes: Sequence[int],
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
    nsets = len(sets)
    nruns = len(runs)
    run_cards: list[list[Card | None]] = [[None] * size for size in run_sizes]
    set_cards: list[list[Card]] = [[] for _ in sets]
    for card in hand:
        n = card._n
        if n == 0 or n == 13:
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
    for j, i in enumerate(runs):
        result[i] = tuple([WILD if card is None else card for card in run_cards[j]])
    for j, i in enumerate(sets):
        group = set_cards[j]
        result[i] = (*group, *[WILD] * (set_sizes[j] - len(group)))
    return tuple(result)


def _build_run(hand: Sequence[Card], low: int, size: int) -> Answer:
    """Lay out a single run from ``low``: a card at each place it can fill."""
    cards: list[Card] = [WILD] * size
    for card in hand:
        place = card._n - low
        if 0 <= place < size and cards[place] is WILD:
            cards[place] = card
    return (tuple(cards),)


# ---------------------------------------------------------------------------
# The general search


class _General:
    """Any phase: depth-first over group parameters, judged by flows.

    The most constrained groups are placed first: those that need the most
    Wilds on their own, then the classes of identical requirements with the
    fewest arrangements of their parameter values. The bound kept along the
    way is the sum of three shortfalls: colour-run slots beyond their faces'
    cards, number demand beyond the cards of each number that the colour
    runs leave, and colour demand beyond the cards of each colour that they
    leave. It is a function of the parameters chosen, whatever the order,
    and exact unless number and colour demands compete; then the
    closed-form minimum cut gives the exact figure. The groups left are
    bounded class by class, and failed sub-states remembered, as the module
    docstring explains.
    """

    def __init__(
        self, kinds: tuple[int, ...], sizes: tuple[int, ...], level: int
    ) -> None:
        self.kinds = kinds
        self.sizes = sizes
        self.mixed = _COLOR in kinds and (_SET in kinds or _RUN in kinds)
        self.slots = sum(sizes)
        self.level = level
        self.need = (
            len(kinds) if level == _PER_GROUP else 1 if level == _PER_PHASE else 0
        )

    def _domain(
        self,
        kind: int,
        size: int,
        cnt: Sequence[int],
        by_number: Sequence[int],
        by_color: Sequence[int],
    ) -> tuple[list[int], int]:
        """The parameter values worth trying for one group, best first, and
        the fewest Wilds the group needs on its own.

        Values whose group could hold no natural card are dropped when
        every group needs one; otherwise one of them is kept, as they are
        all alike (Wilds only, on cards nobody holds).
        """
        strict = self.level == _PER_GROUP
        scored: list[tuple[int, int]] = []  # (natural cards it can hold, value)
        if kind in (_SET, _COLOR):
            totals, first, count = (
                (by_number, 1, _HIGHEST) if kind == _SET else (by_color, 0, _COLORS)
            )
            for v in range(first, first + count):
                scored.append((min(totals[v], size), v))
        else:
            colors = range(_COLORS) if kind == _COLOR_RUN else (-1,)
            for color in colors:
                for low in range(1, _HIGHEST + 2 - size):
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
        empty = False
        for held, value in scored:
            if held:
                values.append(value)
            elif not strict and not empty:
                values.append(value)
                empty = True
        return values, size - scored[0][0]

    def __call__(self, hand: Sequence[Card]) -> Answer | None:
        cnt = [0] * 50
        for card in hand:
            cnt[card.index] += 1
        wilds = cnt[48]
        naturals = len(hand) - wilds - cnt[49]
        if naturals + wilds < self.slots or naturals < self.need:
            return None
        by_number = [0] * 14
        by_color = [0] * _COLORS
        for f in range(48):
            if cnt[f]:
                by_number[f // 4 + 1] += cnt[f]
                by_color[f % 4] += cnt[f]
        groups = len(self.kinds)
        found_domains: dict[tuple[int, int], tuple[list[int], int]] = {}
        for key in zip(self.kinds, self.sizes, strict=True):
            if key not in found_domains:
                found_domains[key] = self._domain(*key, cnt, by_number, by_color)
                if not found_domains[key][0]:
                    return None

        # A class of k identical requirements with d values has
        # comb(d + k - 1, k) arrangements; the classes with most go last,
        # where the bound on the groups left (below) is tightest, as fewer
        # groups left means less that it leaves out.
        classes = Counter(zip(self.kinds, self.sizes, strict=True))

        def tightness(i: int) -> tuple[int, int, int, int]:
            key = (self.kinds[i], self.sizes[i])
            domain, alone = found_domains[key]
            count = classes[key]
            return (-alone, comb(len(domain) + count - 1, count), *key)

        # Identical requirements sort next to each other, so that their
        # parameters can be taken in non-decreasing order.
        order = sorted(range(groups), key=tightness)
        kinds = [self.kinds[i] for i in order]
        sizes = [self.sizes[i] for i in order]
        domains = [found_domains[(kinds[j], sizes[j])][0] for j in range(groups)]
        same = [j > 0 and domains[j] is domains[j - 1] for j in range(groups)]
        # least[j]: Wilds that groups j, j+1, ... need at the very least.
        # Adding a group raises the Wilds needed by at least what it needs
        # alone, since the flow grows by at most the cards it can take.
        # Better still for long runs: a run of s > 6 covers numbers 13-s to
        # s wherever it starts, so those numbers must supply all such runs.
        least = [0] * (groups + 1)
        core = [0] * 14
        for j in range(groups - 1, -1, -1):
            least[j] = least[j + 1] + found_domains[(kinds[j], sizes[j])][1]
            if kinds[j] in (_RUN, _COLOR_RUN):
                for x in range(_HIGHEST + 1 - sizes[j], sizes[j] + 1):
                    core[x] += 1
            short = sum(max(0, core[x] - by_number[x]) for x in range(1, 13))
            least[j] = max(least[j], short)
        if least[0] > wilds:
            return None

        # Many interchangeable groups are where the search can drown: they
        # have countless arrangements that all fall just short, and what
        # each needs alone says little. So, for the groups left to place,
        # class by class (a class: identical requirements), a bound on the
        # Wilds they add. The Wilds needed are supermodular in the groups
        # (slots less a flow, which is submodular), so a class adds at
        # least what it would add to fewer groups: to the groups placed
        # whose demands it shares alone. Against those the Wilds are a sum
        # over faces, numbers or colours of the slots beyond the cards
        # left, so the least a class adds is found exactly: sets and
        # colour groups take the largest gains (bins that still fill a
        # whole group first), runs and colour runs a small dynamic
        # programme along the numbers (_covered). The class being placed
        # counts only the values left to it (none before the last chosen).
        classes_from: list[list[tuple[int, int]]] = [[] for _ in range(groups + 1)]
        for j in range(groups - 1, -1, -1):
            later = classes_from[j + 1]
            if j + 1 < groups and same[j + 1]:
                classes_from[j] = [(j, later[0][1] + 1), *later[1:]]
            else:
                classes_from[j] = [(j, 1), *later]
        bounded = [
            any(count > 1 for _, count in classes_from[j]) for j in range(groups + 1)
        ]
        # masks[j][i]: the values of domains[j][i:] as bits, per colour for
        # colour runs.
        masks: dict[int, list[tuple[int, ...]]] = {}
        for j in range(groups):
            masks[j] = masks[j - 1] if same[j] else _suffix_masks(domains[j], kinds[j])
        tables: dict[tuple[tuple[int, ...], int, int], list[int]] = {}
        splits: dict[tuple[object, ...], list[int]] = {}

        def on_line(
            line: tuple[int, ...], size: int, mask: int, count: int
        ) -> list[int]:
            key = (line, size, mask)
            table = tables.get(key)
            if table is None or len(table) <= count:
                table = _covered(line, size, mask, count)
                tables[key] = table
            return table

        def face_lines() -> list[tuple[int, ...]]:
            """Per colour, the cards of each face that colour runs could
            still take without a Wild: those left on the face, and unless
            demands compete, no more than its number and its colour have
            to spare (a card that a set, run or colour group needs is a
            Wild short elsewhere)."""
            if mixed:
                return [tuple(face_left[c:48:4]) for c in range(_COLORS)]
            spare = [color_left[c] - color_demand[c] for c in range(_COLORS)]
            lines = []
            for c in range(_COLORS):
                line = []
                for x in range(1, _HIGHEST + 1):
                    held = face_left[(x - 1) * 4 + c]
                    if held > 0:
                        held = min(held, number_left[x] - demand[x], spare[c])
                    line.append(held if held > 0 else 0)
                lines.append(tuple(line))
            return lines

        def future(j: int, start: int, color: int) -> int:
            """Wilds that the groups j, j+1, ... add, at the least (``color``:
            the colour just played in, if any)."""
            total = 0
            numbers: list[int] = []
            lines: list[tuple[int, ...]] = []
            for first, count in classes_from[j]:
                kind = kinds[first]
                size = sizes[first]
                mask = masks[first][start if first == j and same[j] else 0]
                if kind == _COLOR_RUN:
                    if not lines:
                        lines = face_lines()
                    # The colour just played in is the one likely to be
                    # new: the other three are merged once for its siblings.
                    keys = [(lines[c], size, mask[c]) for c in range(_COLORS)]
                    rest = (*keys[:color], *keys[color + 1 :])
                    others = splits.get((rest, count))
                    if others is None:
                        others = _merged([on_line(*key, count) for key in rest], count)
                        splits[(rest, count)] = others
                    mine = on_line(*keys[color], count)
                    most = max(
                        [
                            others[a] + mine[count - a]
                            for a in range(count + 1)
                            if others[a] >= 0 and mine[count - a] >= 0
                        ],
                        default=-1,
                    )
                elif kind == _COLOR:
                    most = _pooled(
                        [color_left[c] - color_demand[c] for c in range(_COLORS)],
                        0,
                        mask[0],
                        size,
                        count,
                    )
                else:
                    if not numbers:
                        numbers = [number_left[x] - demand[x] for x in range(14)]
                    if kind == _SET:
                        most = _pooled(numbers, 1, mask[0], size, count)
                    else:
                        line = tuple(v if v > 0 else 0 for v in numbers[1:13])
                        most = on_line(line, size, mask[0], count)[count]
                if most < 0:
                    return _INF
                total += count * size - most
            return total

        # Numbers (when no group is a run) and colours that hold the same
        # cards are interchangeable while the groups placed treat them
        # alike: swapping them maps one subtree onto the other, so only
        # the first of them is tried. This matters on big decks.
        no_runs = _RUN not in kinds and _COLOR_RUN not in kinds
        rows = [tuple(cnt[(x - 1) * 4 : x * 4]) for x in range(14)]
        columns = [tuple(cnt[c:48:4]) for c in range(_COLORS)]
        chosen = [0] * groups  # index into the group's domain
        face_demand = [0] * 48  # colour-run slots per face
        face_left = cnt[:48]  # cards per face not taken by colour runs
        demand = [0] * 14  # set and run slots per number
        number_left = by_number[:]  # cards per number not taken by colour runs
        color_demand = [0] * _COLORS
        color_left = by_color[:]  # cards per colour not taken by colour runs
        level = self.level
        slots = self.slots
        mixed = self.mixed
        per_group = level == _PER_GROUP
        # Under PER_GROUP, a distinct natural card for each group placed is
        # kept up to date (a matching, grown by one augmenting path per
        # group): groups added later never make it easier, so a group that
        # cannot join it is cut at once rather than at the leaf.
        naturals_of: dict[tuple[int, int, int], list[int]] = {}
        accepts: list[list[int]] = [[] for _ in range(groups)]
        pick = [-1] * groups  # the face whose card group j holds
        holders: list[list[int]] = [[] for _ in range(48)]

        def exact() -> int:
            """The Wilds the groups placed need, when number and colour
            demands compete (the closed-form minimum cut)."""
            spare = [0] * 48
            used = 0
            for f in range(48):
                over = face_demand[f] - cnt[f]
                if over > 0:
                    used += over
                else:
                    spare[f] = -over
            rest = sum(demand) + sum(color_demand)
            return used + rest - _rest_flow(spare, demand, color_demand)

        def leaf(used: int) -> Answer | None:
            if mixed:
                used = exact()
                if used > wilds:
                    return None
            if level == _PER_PHASE and used >= slots:
                return None
            params = [domains[j][chosen[j]] for j in range(groups)]
            if not per_group:
                for j in range(groups):
                    accepts[j] = natural_faces(kinds[j], sizes[j], params[j])
            return _flow_answer(
                kinds, sizes, cnt, params, accepts, pick if per_group else []
            )

        def natural_faces(kind: int, size: int, value: int) -> list[int]:
            key = (kind, size, value)
            faces = naturals_of.get(key)
            if faces is None:
                faces = [f for f in _accepted(kind, size, value) if cnt[f]]
                naturals_of[key] = faces
            return faces

        def claim(j: int, seen: set[int]) -> bool:
            """Give group j a natural card, moving others along a path."""
            for f in accepts[j]:
                if f in seen:
                    continue
                seen.add(f)
                owners = holders[f]
                if len(owners) < cnt[f]:
                    owners.append(j)
                    pick[j] = f
                    return True
                for k, other in enumerate(owners):
                    if claim(other, seen):
                        owners[k] = j
                        pick[j] = f
                        return True
            return False

        def take_face(f: int) -> int:
            """One more colour-run slot on face f; the rise of the bound."""
            face_demand[f] += 1
            if face_demand[f] > cnt[f]:
                return 1
            face_left[f] -= 1
            x, c = f // 4 + 1, f % 4
            number_left[x] -= 1
            color_left[c] -= 1
            return (demand[x] > number_left[x]) + (color_demand[c] > color_left[c])

        def give_face(f: int) -> None:
            if face_demand[f] <= cnt[f]:
                face_left[f] += 1
                number_left[f // 4 + 1] += 1
                color_left[f % 4] += 1
            face_demand[f] -= 1

        # Sub-states that failed. Unless every group needs a natural card
        # of its own or number and colour demands compete, what the groups
        # left can still do depends only on the cards each face, number
        # and colour has left for them (a card short is a Wild whatever
        # else is short) and on the Wilds left: a sub-state met again with
        # no more Wilds left than when it failed fails again. (Which
        # groups hold the natural cards does matter under PER_GROUP, and
        # with competing demands the Wilds are no sum of shortfalls.)
        remember = not per_group and not mixed
        budget = min(wilds, slots - 1) if level == _PER_PHASE else wilds
        failed: dict[tuple[object, ...], int] = {}

        def state(j: int) -> tuple[object, ...]:
            return (
                j,
                chosen[j - 1] if same[j] else -1,
                tuple(face_left),
                tuple([max(number_left[x] - demand[x], 0) for x in range(1, 13)]),
                tuple(
                    [max(color_left[c] - color_demand[c], 0) for c in range(_COLORS)]
                ),
            )

        def step(j: int, used: int) -> Answer | None:
            if j == groups:
                return leaf(used)
            if remember and j:
                key = state(j)
                if failed.get(key, -1) >= budget - used:
                    return None
                found = place(j, used)
                if found is None:
                    failed[key] = budget - used
                return found
            return place(j, used)

        def put(kind: int, size: int, value: int) -> int:
            """Place a group's slots; the rise of the bound."""
            added = 0
            if kind == _COLOR_RUN:
                color, low = value >> 4, value & 15
                for x in range(low, low + size):
                    added += take_face((x - 1) * 4 + color)
            elif kind == _RUN:
                for x in range(value, value + size):
                    demand[x] += 1
                    if demand[x] > number_left[x]:
                        added += 1
            elif kind == _SET:
                before = demand[value] - number_left[value]
                demand[value] += size
                after = demand[value] - number_left[value]
                added = max(after, 0) - max(before, 0)
            else:
                before = color_demand[value] - color_left[value]
                color_demand[value] += size
                after = color_demand[value] - color_left[value]
                added = max(after, 0) - max(before, 0)
            return added

        def lift(kind: int, size: int, value: int) -> None:
            if kind == _COLOR_RUN:
                color, low = value >> 4, value & 15
                for x in range(low + size - 1, low - 1, -1):
                    give_face((x - 1) * 4 + color)
            elif kind == _RUN:
                for x in range(value, value + size):
                    demand[x] -= 1
            elif kind == _SET:
                demand[value] -= size
            else:
                color_demand[value] -= size

        def descend(j: int, index: int, used: int) -> Answer | None:
            """Go on with group j on domains[j][index], placed already."""
            if per_group:
                accepts[j] = natural_faces(kinds[j], sizes[j], domains[j][index])
                if not claim(j, set()):
                    return None
            chosen[j] = index
            found = step(j + 1, used)
            if found is None and per_group:
                # The others keep their cards: still a matching.
                holders[pick[j]].remove(j)
            return found

        def place(j: int, used: int) -> Answer | None:
            kind = kinds[j]
            size = sizes[j]
            domain = domains[j]
            seen: set[tuple[object, ...]] = set()
            # Where the bound on the groups left is worked out, the values
            # are tried in order of it, fewest Wilds first: the same
            # values, so nothing is lost, and answers come sooner.
            ranked: list[tuple[int, int]] = []
            for index in range(chosen[j - 1] if same[j] else 0, len(domain)):
                value = domain[index]
                if kind == _SET:
                    if no_runs:
                        alike: tuple[object, ...] = (demand[value], rows[value])
                        if alike in seen:
                            continue
                        seen.add(alike)
                elif kind != _RUN:
                    c = value if kind == _COLOR else value >> 4
                    alike = (
                        value & 15 if kind == _COLOR_RUN else 0,
                        color_demand[c],
                        columns[c],
                        tuple(face_demand[c:48:4]),
                    )
                    if alike in seen:
                        continue
                    seen.add(alike)
                added = put(kind, size, value)
                if used + added + least[j + 1] <= wilds and (
                    not mixed
                    or j + 1 == groups
                    or not any(color_demand)
                    or not any(demand)
                    or exact() + least[j + 1] <= wilds
                ):
                    if bounded[j + 1]:
                        color = value >> 4 if kind == _COLOR_RUN else 0
                        rise = added + future(j + 1, index, color)
                        if used + rise <= wilds:
                            ranked.append((rise, index))
                    else:
                        found = descend(j, index, used + added)
                        if found is not None:
                            return found
                lift(kind, size, value)
            ranked.sort()
            for _, index in ranked:
                value = domain[index]
                found = descend(j, index, used + put(kind, size, value))
                if found is not None:
                    return found
                lift(kind, size, value)
            return None

        found = step(0, 0)
        if found is None:
            return None
        result: list[tuple[Card, ...]] = [()] * groups
        for j, i in enumerate(order):
            result[i] = found[j]
        return tuple(result)


def _suffix_masks(domain: Sequence[int], kind: int) -> list[tuple[int, ...]]:
    """For each i, the values of ``domain[i:]`` as bits (bit v for value v);
    for colour runs, per colour, the lowest numbers."""
    width = _COLORS if kind == _COLOR_RUN else 1
    found = [(0,) * width] * (len(domain) + 1)
    bits = [0] * width
    for i in range(len(domain) - 1, -1, -1):
        value = domain[i]
        if kind == _COLOR_RUN:
            bits[value >> 4] |= 1 << (value & 15)
        else:
            bits[0] |= 1 << value
        found[i] = tuple(bits)
    return found


def _pooled(left: Sequence[int], first: int, mask: int, size: int, count: int) -> int:
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


def _covered(line: Sequence[int], size: int, mask: int, most: int) -> list[int]:
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
    last = _HIGHEST + 1 - size
    if (cap + 1) ** min(size - 1, last) * (most + 1) > _MAX_STATES:
        # Too many states (long runs on many cards): a weaker bound, m runs
        # covering at most m cards of each number they can reach.
        reach = [
            line[x - 1]
            for x in range(1, _HIGHEST + 1)
            if any(mask >> low & 1 for low in range(max(1, x - size + 1), x + 1))
        ]
        return [
            min(m * size, sum(min(held, m) for held in reach)) for m in range(most + 1)
        ]
    states: dict[tuple[tuple[int, ...], int], int] = {((0,) * (size - 1), 0): 0}
    for x in range(1, _HIGHEST + 1):
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


def _merged(tables: Sequence[Sequence[int]], count: int) -> list[int]:
    """For m = 0 .. ``count``, the most cards m runs cover, shared out among
    the lines (each table as from :func:`_covered`); -1 where they cannot
    be placed."""
    best = list(tables[0][: count + 1])
    for table in tables[1:]:
        merged = [-1] * (count + 1)
        for a in range(count + 1):
            left = best[a]
            if left < 0:
                continue
            for b in range(count + 1 - a):
                right = table[b]
                if right >= 0 and left + right > merged[a + b]:
                    merged[a + b] = left + right
        best = merged
    return best


def _flow_answer(
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
    # Slot nodes: (group, place in a run or -1, capacity, faces accepted).
    nodes: list[tuple[int, int, int, list[int]]] = []
    node_of: list[list[int]] = []
    for j, kind in enumerate(kinds):
        mine: list[int] = []
        if kind in (_SET, _COLOR):
            mine.append(len(nodes))
            nodes.append((j, -1, sizes[j], list(accepts[j])))
        else:
            low = params[j] & 15 if kind == _COLOR_RUN else params[j]
            for place in range(sizes[j]):
                x = low + place
                faces = [f for f in accepts[j] if f // 4 + 1 == x]
                mine.append(len(nodes))
                nodes.append((j, place, 1, faces))
        node_of.append(mine)
    held: list[list[int]] = [[] for _ in nodes]
    used = [0] * 48
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
    takers: list[list[int]] = [[] for _ in range(48)]
    for n, node in enumerate(nodes):
        for f in node[3]:
            takers[f].append(n)
    while _augment(nodes, held, used, cnt, takers):
        pass
    groups: list[tuple[Card, ...]] = []
    for j, kind in enumerate(kinds):
        if kind in (_SET, _COLOR):
            cards = [FACES[f] for f in held[node_of[j][0]]]
            cards.sort(key=lambda card: card.index)
            cards.extend([WILD] * (sizes[j] - len(cards)))
        else:
            cards = [FACES[held[n][0]] if held[n] else WILD for n in node_of[j]]
        groups.append(tuple(cards))
    return tuple(groups)


def _augment(
    nodes: Sequence[tuple[int, int, int, list[int]]],
    held: list[list[int]],
    used: list[int],
    cnt: Sequence[int],
    takers: Sequence[Sequence[int]],
) -> bool:
    """Move one more natural card into a slot along an alternating path."""
    came_from_face: dict[int, int] = {}  # node -> the face that would enter it
    came_from_node: dict[int, int] = {}  # face -> the node it would leave
    queue = [f for f in range(48) if used[f] < cnt[f] and takers[f]]
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


def _accepted(kind: int, size: int, value: int) -> list[int]:
    """The card faces (indices 0-47) that a group's slots accept."""
    if kind == _SET:
        return list(range((value - 1) * 4, value * 4))
    if kind == _COLOR:
        return list(range(value, 48, 4))
    if kind == _RUN:
        return list(range((value - 1) * 4, (value + size - 1) * 4))
    color, low = value >> 4, value & 15
    return [(x - 1) * 4 + color for x in range(low, low + size)]


def _rest_flow(
    spare: Sequence[int], demand: Sequence[int], color_demand: Sequence[int]
) -> int:
    """Maximum flow of the faces left into number demands and colour demands.

    The minimum cut picks the set C of colour demands on the source side:
    cut = sum of F[c] for c in C + sum over numbers x of (cards of x not in
    C) + min(D[x], cards of x in C). Colours nobody asks for belong in C.
    """
    asked = [c for c in range(_COLORS) if color_demand[c]]
    best = _INF
    for mask in range(1 << len(asked)):
        inside = [True] * _COLORS
        total = 0
        for bit, c in enumerate(asked):
            if mask >> bit & 1:
                total += color_demand[c]
            else:
                inside[c] = False
        for x in range(1, _HIGHEST + 1):
            base = (x - 1) * 4
            kept = 0
            for c in range(_COLORS):
                if inside[c]:
                    kept += spare[base + c]
                else:
                    total += spare[base + c]
            need = demand[x]
            total += need if need < kept else kept
        if total < best:
            best = total
    return best
