"""Fast routes: one run alone (phases 4-6), and one run with one set
(phases 2 and 3).

A run alone is made exactly when some window of numbers holds enough
numbers present, with Wilds for the rest. With one set too, the set is
best on a number held most. Why these are exact: docs/solver.md, "The fast
routes".
"""

from __future__ import annotations

from collections.abc import Sequence

from .._cards import HIGHEST, SKIP_SLOT, SLOT_COUNT, WILD, Card
from ._common import PER_GROUP, Answer, naturals_needed

_NUMBERS = range(1, HIGHEST + 1)


class SingleRun:
    """The strategy for a phase of one run."""

    __slots__ = ("need", "size")

    def __init__(self, size: int, level: int) -> None:
        self.size = size
        self.need = naturals_needed(level, 1)

    def solve(self, hand: Sequence[Card]) -> Answer | None:
        """A way to make the run from ``hand``, or ``None``."""
        counts = [0] * SLOT_COUNT
        for card in hand:
            counts[card._n] += 1
        wilds = counts[0]
        naturals = len(hand) - wilds - counts[SKIP_SLOT]
        size = self.size
        need = self.need
        if naturals + wilds < size or naturals < need:
            return None
        # present[x]: how many of the numbers 1..x the hand holds.
        present = [0] * SLOT_COUNT
        total = 0
        for x in _NUMBERS:
            if counts[x]:
                total += 1
            present[x] = total
        if total + wilds < size:
            return None
        for low in range(1, HIGHEST + 2 - size):
            have = present[low + size - 1] - present[low - 1]
            if have + wilds >= size and (have or not need):
                return build_run(hand, low, size)
        return None


def build_run(hand: Sequence[Card], low: int, size: int) -> Answer:
    """Lay out a single run from ``low``: a card at each place it can fill."""
    cards: list[Card] = [WILD] * size
    for card in hand:
        place = card._n - low
        if 0 <= place < size and cards[place] is WILD:
            cards[place] = card
    return (tuple(cards),)


class RunAndSet:
    """The strategy for a phase of one run and one set, in either order.

    The set is best on a number held most (m cards): one outside the run's
    window keeps all m, one inside gives a card to the run. Any such choice
    also leaves a natural card for each group whenever the hand has two: if
    every most-held number lies in the window and m is 1, every natural
    card does, so the run has another.
    """

    __slots__ = ("need", "per_group", "run_first", "run_size", "set_size", "slots")

    def __init__(self, run_size: int, set_size: int, run_first: bool, level: int):
        self.run_size = run_size
        self.set_size = set_size
        self.run_first = run_first
        self.slots = run_size + set_size
        self.per_group = level == PER_GROUP
        self.need = naturals_needed(level, 2)

    def solve(self, hand: Sequence[Card]) -> Answer | None:
        """A way to make the phase from ``hand``, or ``None``."""
        counts = [0] * SLOT_COUNT
        for card in hand:
            counts[card._n] += 1
        wilds = counts[0]
        naturals = len(hand) - wilds - counts[SKIP_SLOT]
        if naturals + wilds < self.slots or naturals < self.need:
            return None
        size = self.run_size
        set_size = self.set_size
        per_group = self.per_group
        present = [0] * SLOT_COUNT
        total = 0
        most = 0
        for x in _NUMBERS:
            held = counts[x]
            if held:
                total += 1
                if held > most:
                    most = held
            present[x] = total
        if total + wilds < size or most + wilds < set_size:
            return None
        tops = [x for x in _NUMBERS if counts[x] == most]
        for low in range(1, HIGHEST + 2 - size):
            high = low + size - 1
            have = present[high] - present[low - 1]
            used = size - have
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
            return self._answer(hand, low, x)
        return None

    def _answer(self, hand: Sequence[Card], low: int, x: int) -> Answer:
        """Lay out the run from ``low`` and the set of ``x``, in the order of
        the sets-and-runs route: the set's first card, the run's places, the
        rest of the set."""
        size = self.run_size
        set_size = self.set_size
        high = low + size - 1
        run_cards: list[Card] = [WILD] * size
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
        if self.run_first:
            return (tuple(run_cards), tuple(set_cards))
        return (tuple(set_cards), tuple(run_cards))
