"""A deliberately simple, exhaustive phase finder to check the solver against.

It tries every way to pick each group's cards from what is left of the
hand, as sub-multisets of exactly the requirement's size, arranges each
candidate run every way its lowest number allows, and keeps the first
choice that the engine's own judge (``check_phase``) accepts. Runs that
wrap from 12 to 1 (R42) are tried from every lowest number, each natural
card at its number's distance from it counted round the twelve numbers;
a run of odd or even numbers (R51) goes through the six numbers of its
parity the same way; even and odd groups (R43) are left to the judge as
they are. Nothing is clever and speed does not matter: it is meant for
hands of up to a dozen cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations

from phase10 import WILD, Card, PhaseNotMet, PhaseSpec
from phase10._groups import check_phase, judge_group
from phase10._phases import GroupKind
from phase10._rules import NaturalRule

__all__ = ["oracle_find_phase"]

Answer = tuple[tuple[Card, ...], ...]


def _sub_multisets(cards: Counter[Card], size: int) -> list[tuple[Card, ...]]:
    """Every sub-multiset of ``cards`` with exactly ``size`` cards, once each."""
    # Combinations of the sorted cards give equal tuples for equal multisets.
    return sorted(set(combinations(sorted(cards.elements()), size)))


def _arrangements(
    kind: GroupKind, cards: tuple[Card, ...], wrap: bool = False
) -> Iterator[tuple[Card, ...]]:
    """The ways to lay ``cards`` as a group of ``kind``: as they are, or for
    a run, in ascending order from each possible lowest number, each natural
    card at its number's place and Wilds in the gaps."""
    if not kind.is_run:
        # Only to spare the judge hopeless candidates: a set's natural cards
        # share one number (R5), a colour group's one colour (R7).
        naturals = [card for card in cards if not card.is_wild]
        if kind is GroupKind.SET:
            alike = len({card.number for card in naturals}) <= 1
        elif kind is GroupKind.COLOR:
            alike = len({card.color for card in naturals}) <= 1
        else:
            alike = True
        if alike:
            yield cards
        return
    # A run goes through the numbers of its kind in order: every number, or
    # for a run of odd or even numbers (R51) every other one.
    numbers = [n for n in range(1, 13) if kind.parity in (None, n % 2)]
    naturals = [card for card in cards if not card.is_wild]
    wilds = len(cards) - len(naturals)
    if len(cards) > len(numbers):
        return  # a run holds no number twice
    starts = len(numbers) if wrap else len(numbers) - len(cards) + 1
    for start in range(starts):
        places: list[Card | None] = [None] * len(cards)
        fits = True
        for card in naturals:
            if card.number not in numbers:
                fits = False
                break
            place = numbers.index(card.number) - start
            if wrap:
                place %= len(numbers)
            if not 0 <= place < len(cards) or places[place] is not None:
                fits = False
                break
            places[place] = card
        if fits and places.count(None) == wilds:
            yield tuple(WILD if card is None else card for card in places)


def oracle_find_phase(
    cards: Sequence[Card], spec: PhaseSpec, naturals: NaturalRule, wrap: bool = False
) -> Answer | None:
    """A way to make ``spec`` from ``cards`` with minimal groups, or ``None``;
    runs wrap from 12 to 1 if ``wrap``."""
    hand = Counter(card for card in cards if not card.is_skip)
    groups = spec.groups
    per_group = naturals is NaturalRule.PER_GROUP

    def search(
        i: int, left: Counter[Card], laid: list[tuple[Card, ...]]
    ) -> Answer | None:
        if i == len(groups):
            try:
                check_phase(laid, spec, naturals, wrap=wrap)
            except PhaseNotMet:
                return None
            return tuple(laid)
        requirement = groups[i]
        for chosen in _sub_multisets(left, requirement.size):
            for group in _arrangements(requirement.kind, chosen, wrap):
                try:
                    judge_group(
                        requirement.kind,
                        group,
                        requirement.size,
                        need_natural=per_group,
                        wrap=wrap,
                    )
                except PhaseNotMet:
                    continue
                found = search(i + 1, left - Counter(chosen), [*laid, group])
                if found is not None:
                    return found
                break  # other arrangements of the same cards leave the same rest
        return None

    return search(0, hand, [])
