"""What the solver's parts share: the answer's shape, kinds and levels as
small ints, and the limits of the cards (see docs/solver.md)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from .._cards import COLOR_COUNT, HIGHEST, Card
from .._phases import GroupKind, NaturalRule

Answer = tuple[tuple[Card, ...], ...]
"""One tuple of cards per group of the phase, in the phase's order."""

Strategy = Callable[[Sequence[Card]], Answer | None]
"""A phase's compiled solver: a hand in, an answer or ``None`` out."""

# Kinds of group as small ints.
SET: Final = 0
RUN: Final = 1
COLOR: Final = 2
COLOR_RUN: Final = 3
EVEN: Final = 4
ODD: Final = 5
EVEN_RUN: Final = 6
ODD_RUN: Final = 7
PARITY_RUNS: Final = (EVEN_RUN, ODD_RUN)
"""Runs of even or odd numbers (R51), their numbers two apart."""
KIND_CODE: Final = {
    GroupKind.SET: SET,
    GroupKind.RUN: RUN,
    GroupKind.COLOR: COLOR,
    GroupKind.COLOR_RUN: COLOR_RUN,
    GroupKind.EVEN: EVEN,
    GroupKind.ODD: ODD,
    GroupKind.EVEN_RUN: EVEN_RUN,
    GroupKind.ODD_RUN: ODD_RUN,
}

# The natural-card rule (R11) as a level: how many natural cards are needed.
NONE: Final = 0
PER_PHASE: Final = 1
PER_GROUP: Final = 2
LEVEL: Final = {
    NaturalRule.NONE: NONE,
    NaturalRule.PER_PHASE: PER_PHASE,
    NaturalRule.PER_GROUP: PER_GROUP,
}

COLORS: Final = COLOR_COUNT  # the colours, named in _cards with the other card facts
INF: Final = 1 << 30  # more Wilds than any hand holds
ALL_NUMBERS: Final = (1 << (HIGHEST + 1)) - 2  # bits 1-12


def naturals_needed(level: int, groups: int) -> int:
    """The fewest natural cards a phase of ``groups`` groups holds."""
    return groups if level == PER_GROUP else 1 if level == PER_PHASE else 0


class Fallback(Exception):
    """A fast route met a case it does not decide; the general search will."""
