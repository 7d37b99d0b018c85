"""The solver's entry point, and the choice of a route for each phase.

:func:`solve` takes plain options (the natural-card rule, whether runs
wrap) and checks no cards: the public :func:`~phase10.find_phase`, which
checks its arguments and reads the options from a rule set, lives above the
rules (``_find_phase``), since the rules use the solver to check a rule set
(R17). Each phase is compiled once into a
strategy: a fast route where one fits its shape, else the general search
(see docs/solver.md, "Choosing a route").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .._cards import Card
from .._errors import RulesError, shown
from .._memo import Memo, memo
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

__all__ = ["solve"]


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


# Plans are looked up by identity: hashing an attrs spec costs more than most
# solves. Each entry keeps its spec alive, so an id is never reused while it
# is a key (see _memo).
_PLANS: Final[Memo[tuple[int, int, bool], tuple[PhaseSpec, Strategy]]] = memo(
    "_solver.plans", 512
)


def _remember(
    phase: PhaseSpec, naturals: NaturalRule, wrap: bool
) -> tuple[PhaseSpec, Strategy]:
    if not isinstance(phase, PhaseSpec):
        raise RulesError(f"a phase must be a PhaseSpec, not {shown(phase)}")
    if naturals not in LEVEL:
        raise RulesError(f"naturals must be a NaturalRule, not {shown(naturals)}")
    entry = (phase, _compile(phase, naturals, wrap))
    return _PLANS.keep((id(phase), id(naturals), wrap), entry)


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
