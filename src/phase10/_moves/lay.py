"""Laying down a phase (R4, R10-R17): the judge, the builder, the move and
the listing of every minimal lay, as in every module of this package.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .._actions import LayPhase
from .._cards import Card, CardLike, as_groups
from .._errors import CannotLay, IllegalMove, Refusal
from .._events import PhaseLaid
from .._flow import Log, end_hand, replace_player
from .._groups import GroupShape, check_phase
from .._lays import minimal_lays
from .._phases import GroupSpec
from .._rules import PhaseChoice
from .._solver import solve
from .._state import GameState, Meld, Step, phase_for, replace
from ._kernel import PLAY_STEP, MoveKind, forget, take_from_hand, verify_turn

__all__ = [
    "ROW",
    "lay_barrier",
    "lay_candidates",
    "lay_phase",
    "play_lay_phase",
    "verify_lay_phase",
]


def verify_lay_phase(
    state: GameState,
    groups: Iterable[Iterable[CardLike] | str],
    *,
    player: int | None = None,
) -> tuple[tuple[GroupSpec, GroupShape], ...]:
    """Raise what :func:`lay_phase` would raise; else return the requirement
    each group meets and what it stands for.

    A player lays down once a hand (R15), from their own hand, exactly the
    phase they are working on (R4, R10-R14, R16), and under rules without
    going out by a hit must keep a card to discard (R33).

    .. versionadded:: 0.1
    """
    return _judge_lay(state, as_groups(groups), player)[0]


def _judge_lay(
    state: GameState, cards: tuple[tuple[Card, ...], ...], player: int | None
) -> tuple[tuple[tuple[GroupSpec, GroupShape], ...], tuple[Card, ...]]:
    """The judge of a lay, on groups already read into cards: what each
    group meets and stands for, and the hand that would be left."""
    verify_turn(state, player, PLAY_STEP, "lay down a phase")
    me = state.players[state.current]
    barrier = lay_barrier(state)
    if barrier is not None:
        raise barrier.error()
    rest = take_from_hand(
        me.hand, (card for group in cards for card in group), clause="R15"
    )
    phase = state.phase_of(state.current)
    if phase is None:
        if state.rules.phase_choice is PhaseChoice.DECLARED:
            raise CannotLay(
                "declare the phase you lay first, such as 'P 3'", clause="R45"
            )
        # A finished player never plays on; a chosen phase is chosen before
        # play begins (R44).
        raise CannotLay(  # pragma: no cover
            "you have no phase to lay this hand", clause="R16"
        )
    shapes = check_phase(cards, phase, state.rules.naturals, wrap=state.rules.wrap_runs)
    if not rest and not state.rules.go_out_by_hit:
        raise CannotLay(
            "you must keep a card to discard: these rules do not let you go out "
            "without a discard",
            clause="R33",
        )
    return shapes, rest


_LAID_ALREADY: Final = Refusal(
    CannotLay, "you have already laid down your phase this hand", "R15"
)


def lay_barrier(state: GameState) -> Refusal | None:
    """Why the player to move may not lay down at all now, or ``None``: they
    laid their phase this hand already (R15). Part of
    :func:`verify_lay_phase`'s judgement, kept apart so that listing every
    lay asks it first."""
    if state.players[state.current].laid_down:
        return _LAID_ALREADY
    return None


def play_lay_phase(
    state: GameState,
    groups: Iterable[Iterable[CardLike] | str],
    player: int | None,
    log: Log,
) -> GameState:
    """:func:`lay_phase`, telling ``log`` the groups laid."""
    cards = as_groups(groups)  # read once: groups may be one-shot iterators
    shapes, rest = _judge_lay(state, cards, player)
    me = state.players[state.current]
    laid_cards = [card for group in cards for card in group]
    melds = tuple(
        Meld(state.current, spec.kind, group, shape.number, shape.color, shape.low)
        for group, (spec, shape) in zip(cards, shapes, strict=True)
    )
    if log is not None:
        log.append(PhaseLaid(state.current, melds))
    mine = replace(me, hand=rest, known=forget(me.known, laid_cards), laid_down=True)
    laid = replace(
        state,
        players=replace_player(state.players, state.current, mine),
        table=state.table + melds,
        laid_this_turn=True,
    )
    if not rest:
        return end_hand(laid, state.current, log)
    return laid


def lay_phase(
    state: GameState,
    groups: Iterable[Iterable[CardLike] | str],
    *,
    player: int | None = None,
) -> GameState:
    """Lay down the current player's phase (R4, R10-R16).

    ``groups`` holds one group of cards per requirement of the player's
    current phase, in any order; a group may be given as text
    (``"R3 R4 W R6"``). A run's cards are given lowest first, a Wild standing
    for the number its place implies. Groups may hold more than the minimum
    when the extra cards fit them. When a group could meet more than one of
    the phase's requirements (three green 5s are a set and a colour group),
    groups are matched to requirements in the order given where that works,
    so list them in the order of the phase to choose what each becomes.

    .. versionadded:: 0.1
    """
    return play_lay_phase(state, groups, player, None)


def lay_candidates(state: GameState, faces: tuple[Card, ...]) -> list[LayPhase]:
    """Every minimal lay of the current phase that ``lay_phase`` accepts now,
    in the ``PLAY`` step (R4, R10-R16), in the order
    :func:`~phase10.legal_actions` gives.

    A hand of more cards than any turn holds (``hand_size + 1``) is refused:
    no game reaches it, and the rules bound the lays (``MAX_LISTED_LAYS``,
    R17) only for hands that a game deals.
    """
    if lay_barrier(state) is not None:
        return []
    seat = state.current
    me = state.players[seat]
    rules = state.rules
    # state.phase_of(seat) without its check of the seat: it is the current one.
    phase = phase_for(rules, state.tiebreak, me.completed, me.active)
    if phase is None:
        return []
    hand = me.hand
    if len(hand) > rules.hand_size + 1:
        raise IllegalMove(
            f"seat {seat} holds {len(hand)} cards, more than a player ever holds "
            f"under these rules (hand_size + 1 = {rules.hand_size + 1}): no game "
            "reaches this state",
            clause="R19",
        )
    wrap = rules.wrap_runs
    way = solve(hand, phase, rules.naturals, wrap=wrap)  # the engine's own: no checks
    if way is None:
        return []
    # The solver's way meets the phase from this hand, so of the judge's
    # checks only one is left to ask: every minimal lay holds as many cards
    # as the way, and none may empty the hand unless the rules let a player
    # go out without a discard (R33). The tests judge every lay listed.
    if not rules.go_out_by_hit and sum(map(len, way)) == len(hand):
        return []
    return [
        _laid(groups) for groups in minimal_lays(hand, phase, rules.naturals, wrap=wrap)
    ]


_NEW: Final = object.__new__


_SET: Final = object.__setattr__


def _laid(groups: tuple[tuple[Card, ...], ...]) -> LayPhase:
    """``LayPhase(groups)`` for groups already in the record's own form (a
    tuple of tuples of cards, none empty), made without its converter's
    checks: a turn may list thousands of lays, and these checks would double
    the cost."""
    lay = _NEW(LayPhase)
    _SET(lay, "groups", groups)
    return lay


ROW: Final = MoveKind(
    LayPhase,
    lambda s, a, p: verify_lay_phase(s, a.groups, player=p),
    lambda s, a, p, log: play_lay_phase(s, a.groups, p, log),
    lay_candidates,
    (Step.PLAY,),
)
"""The row of this kind of move in the table of moves."""
