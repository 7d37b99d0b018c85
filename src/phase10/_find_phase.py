"""The public :func:`~phase10.find_phase`: the solver asked under a rule set.

The solver (``_solver``) takes plain options, the natural-card rule and
whether runs wrap, so that the rules module can use it to check a rule set
(R17) without the solver knowing the rules; this module, above both, checks
the caller's arguments and reads those options from a :class:`Rules`.
"""

from __future__ import annotations

from collections.abc import Iterable

from ._cards import Card
from ._errors import UsageError, shown
from ._phases import PhaseSpec
from ._rules import OFFICIAL, Rules
from ._solver import Answer, solve

__all__ = ["find_phase"]


def find_phase(
    cards: Iterable[Card], spec: PhaseSpec, rules: Rules | None = None
) -> Answer | None:
    """A way to make the phase ``spec`` from ``cards``, or ``None`` if there is none.

    The answer has one tuple of cards per requirement of ``spec``, in the
    order of ``spec.groups``, each exactly the requirement's minimum size
    (R14), in the form :func:`lay_phase` takes: a run's cards in ascending
    order, each Wild at the place of the number it stands for (R6, R10).
    Sets (R5), runs (R6), colour groups (R7) and colour runs (R8) may be
    mixed freely, and so may even and odd groups (R43) and runs of odd or
    even numbers (R51); two groups may use
    the same number. Skips are never used. ``rules.naturals`` says how many
    natural cards are needed (R11), and ``rules.wrap_runs`` whether runs may
    go on from 12 to 1 (R42); ``rules`` defaults to ``Rules()``, the
    official game. The search is exact: ``None`` means that no way exists (R4, R9).

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

    Raises :class:`UsageError` if ``cards`` is not a collection of
    :class:`Card` (text is read with :func:`parse_cards`), ``spec`` not a
    :class:`PhaseSpec` or ``rules`` not a :class:`Rules`.

    .. versionadded:: 0.1
    """
    hand = cards if isinstance(cards, (tuple, list)) else _as_tuple(cards)
    for card in hand:
        if card.__class__ is not Card:
            raise UsageError(
                f"find_phase takes Card objects, not {shown(card)} "
                "(read text with parse_cards)"
            )
    if not isinstance(spec, PhaseSpec):
        raise UsageError(
            f"find_phase takes a PhaseSpec, not {shown(spec)} "
            "(read text with PhaseSpec.parse)"
        )
    if rules is None:
        rules = OFFICIAL
    elif not isinstance(rules, Rules):
        raise UsageError(f"rules must be a Rules record or None, not {shown(rules)}")
    return solve(hand, spec, rules.naturals, wrap=rules.wrap_runs)


def _as_tuple(cards: Iterable[Card]) -> tuple[Card, ...]:
    if isinstance(cards, str):
        raise UsageError(
            f"find_phase takes cards, not the text {shown(cards)} "
            "(read it with parse_cards)"
        )
    try:
        return tuple(cards)
    except TypeError:
        raise UsageError(
            f"find_phase takes a collection of cards, not {shown(cards)}"
        ) from None
