"""The numbering of lays: the *k*-th lay of the phase that
:func:`~phase10.legal_actions` lists is the *k*-th number of the ``lay``
block, and a lay given in any order of its groups and cards is found among
those listed."""

from __future__ import annotations

from typing import Final

from .._actions import LayPhase
from .._phases import GroupSpec
from .._state import GameState
from .._view import PlayerView

__all__ = ["MAX_LAYS", "lay_place", "same_lay"]

MAX_LAYS: Final = 128
"""How many lays the encoding numbers by default (the package's
``MAX_LAYS``, documented there, says why)."""


def lay_place(
    lay: LayPhase, state: GameState | PlayerView, lays: list[LayPhase]
) -> int | None:
    """The place of ``lay`` among the ``lays`` listed in ``state`` (in the
    order of :func:`~phase10.legal_actions`, up to the encoding's limit), or
    ``None`` when none of them makes the same groups."""
    phase = state.phase_of(state.current)
    if phase is None:
        return None
    # Groups in the order of the requirements first: with groups that meet
    # several requirements, that order says which is which.
    for in_order in (True, False):
        for place, candidate in enumerate(lays):
            if same_lay(lay, candidate, phase.groups, in_order=in_order):
                return place
    return None


def same_lay(
    lay: LayPhase,
    listed: LayPhase,
    wanted: tuple[GroupSpec, ...],
    *,
    in_order: bool,
) -> bool:
    """Whether ``lay`` makes the groups of ``listed`` (which is in the order of
    the requirements ``wanted``, a set's or colour group's cards sorted):
    each group of ``lay`` meets one requirement, in the order of the
    requirements when ``in_order``, else in any order."""
    groups = lay.groups
    if len(groups) != len(wanted):
        return False
    if in_order:
        return all(
            (group if need.kind.is_run else tuple(sorted(group))) == target
            for group, need, target in zip(groups, wanted, listed.groups, strict=True)
        )
    used = [False] * len(groups)

    def match(j: int) -> bool:
        if j == len(wanted):
            return True
        target = listed.groups[j]
        for i, group in enumerate(groups):
            if used[i] or len(group) != len(target):
                continue
            same = group if wanted[j].kind.is_run else tuple(sorted(group))
            if same == target:
                used[i] = True
                if match(j + 1):
                    return True
                used[i] = False
        return False

    return match(0)
