"""How much each card in hand helps toward a phase: the scores by which
:class:`~phase10.bots.GreedyBot` keeps or parts with its cards. Built on
the public records only, as the bots are.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._cards import Card, Color
from ._phases import KIND_FACTS, PhaseSpec, unknown_kind

__all__ = ["keep_scores"]


def keep_scores(
    hand: Sequence[Card], phase: PhaseSpec, wrap: bool = False
) -> list[int]:
    """For each card of ``hand``, how much it helps toward ``phase`` given
    the hand (higher keeps it): the most cards of the hand that could go
    with it in one group of the phase. Runs wrap from 12 to 1 if ``wrap``;
    a run of odd or even numbers counts only the numbers of its parity."""
    by_number: dict[int, int] = {}
    by_color: dict[Color | None, int] = {}
    parities = [0, 0]
    numbers: set[int] = set()
    numbers_of: dict[Color | None, set[int]] = {}
    for c in hand:
        by_color[c.color] = by_color.get(c.color, 0) + 1
        if c.number is not None:
            by_number[c.number] = by_number.get(c.number, 0) + 1
            parities[c.number % 2] += 1
            numbers.add(c.number)
            numbers_of.setdefault(c.color, set()).add(c.number)
    scores = []
    for card in hand:
        if card.is_wild or card.is_skip:
            scores.append(100 if card.is_wild else -1)
            continue
        number = card.number or 0
        best = 0
        for group in phase.groups:
            kind = group.kind
            holds = KIND_FACTS[kind].holds
            if holds == "number":
                score = by_number.get(number, 0)
            elif holds == "color":
                score = by_color.get(card.color, 0)
            elif kind.parity is not None and number % 2 != kind.parity:
                score = 0  # an even or odd group or run takes no such card
            elif holds == "parity":  # an even or odd group (R43)
                score = parities[number % 2]
            elif holds != "sequence":
                raise unknown_kind(
                    kind
                )  # pragma: no cover (a kind with no formula here)
            else:  # a run: the numbers held near enough to share one with it
                step = kind.step or 1  # 2 for a run of odd or even numbers (R51)
                span = step * (group.size - 1)
                held = numbers_of[card.color] if kind.is_colored else numbers
                if wrap:
                    score = sum(
                        1
                        for x in held
                        if _distance(x, number, wrap) <= span
                        and (x - number) % step == 0
                    )
                else:
                    score = len(
                        held.intersection(range(number - span, number + span + 1, step))
                    )
            best = max(best, score)
        scores.append(best)
    return scores


def _distance(a: int, b: int, wrap: bool) -> int:
    """How far apart two numbers are in a run, round from 12 to 1 if ``wrap``."""
    apart = abs(a - b)
    return min(apart, 12 - apart) if wrap else apart
