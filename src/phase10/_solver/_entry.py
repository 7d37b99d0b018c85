"""The solver's entry points, and the choice of a route for each phase.

:func:`find_phase` is the public entry, which checks its arguments;
:func:`solve` is the engine's own. Each phase is compiled once into a
strategy: a fast route where one fits its shape, else the general search
(see docs/solver.md, "Choosing a route").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

from .._cards import Card
from .._errors import RulesError, UsageError, shown
from .._phases import NaturalRule, PhaseSpec
from ._bins import OneKind
from ._common import (
    COLOR,
    COLOR_RUN,
    EVEN,
    EVEN_RUN,
    KIND_CODE,
    LEVEL,
    ODD,
    ODD_RUN,
    RUN,
    SET,
    Answer,
    Strategy,
)
from ._general import General
from ._house import House
from ._one_run import RunAndSet, SingleRun
from ._sets_and_runs import SetsAndRuns

if TYPE_CHECKING:
    from .._rules import Rules

__all__ = ["find_phase", "solve"]

# The official rule, Rules().naturals: a natural card in every group.
_OFFICIAL_NATURALS: Final = NaturalRule.PER_GROUP


def solve(
    cards: Sequence[Card],
    phase: PhaseSpec,
    naturals: NaturalRule,
    *,
    wrap: bool = False,
) -> Answer | None:
    """A way to make ``phase`` from ``cards``, or ``None`` (R4-R11, R14).

    The engine's own entry: no checking of the cards. Each group is
    exactly its requirement's minimum size, in the order of
    ``phase.groups``; a run's cards are in ascending order, each Wild where
    the number it stands for goes. With ``wrap``, runs may go on from 12
    to 1 (R42).
    """
    entry = _PLANS.get((id(phase), id(naturals), wrap))
    if entry is None or entry[0] is not phase:
        entry = _remember(phase, naturals, wrap)
    return entry[1](cards)


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
        return solve(hand, spec, _OFFICIAL_NATURALS)
    # Only the natural-card rule matters here, so the solver reads it from
    # the record without knowing the rules module (which uses the solver).
    naturals = getattr(rules, "naturals", None)
    if not isinstance(naturals, NaturalRule):
        raise UsageError(f"rules must be a Rules record or None, not {shown(rules)}")
    wrap = getattr(rules, "wrap_runs", False)
    return solve(hand, spec, naturals, wrap=wrap is True)


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


# Plans are looked up by identity: hashing an attrs spec costs more than most
# solves. Each entry keeps its spec alive, so an id is never reused while it
# is a key; the table is emptied when it grows large.
_PLANS: dict[tuple[int, int, bool], tuple[PhaseSpec, Strategy]] = {}
_MAX_PLANS: Final = 512


def _remember(
    phase: PhaseSpec, naturals: NaturalRule, wrap: bool
) -> tuple[PhaseSpec, Strategy]:
    if not isinstance(phase, PhaseSpec):
        raise RulesError(f"a phase must be a PhaseSpec, not {shown(phase)}")
    if naturals not in LEVEL:
        raise RulesError(f"naturals must be a NaturalRule, not {shown(naturals)}")
    if len(_PLANS) >= _MAX_PLANS:
        _PLANS.clear()
    entry = (phase, _compile(phase, naturals, wrap))
    _PLANS[(id(phase), id(naturals), wrap)] = entry
    return entry


def _compile(phase: PhaseSpec, naturals: NaturalRule, wrap: bool) -> Strategy:
    """The strategy for a phase: a fast route where one fits, else the
    general search; the house route for house rules (R42, R43, R51)."""
    kinds = tuple(KIND_CODE[group.kind] for group in phase.groups)
    sizes = tuple(group.size for group in phase.groups)
    level = LEVEL[naturals]
    present = set(kinds)
    if present & {EVEN, ODD, EVEN_RUN, ODD_RUN} or (
        wrap and present & {RUN, COLOR_RUN}
    ):
        return House(kinds, sizes, level, wrap).solve
    if present == {SET}:
        return OneKind(sizes, level, by_color=False).solve
    if present == {COLOR}:
        return OneKind(sizes, level, by_color=True).solve
    if present <= {SET, RUN}:
        runs = kinds.count(RUN)
        if runs == 1 and len(kinds) == 1:
            return SingleRun(sizes[0], level).solve
        if runs == 1 and len(kinds) == 2:
            run_first = kinds[0] == RUN
            run_size, set_size = sizes if run_first else sizes[::-1]
            return RunAndSet(run_size, set_size, run_first, level).solve
        general = General(kinds, sizes, level).solve
        return SetsAndRuns(kinds, sizes, level, general).solve
    return General(kinds, sizes, level).solve
