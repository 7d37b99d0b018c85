"""Playing a Skip: a turn ended by discarding a Skip against a player, who
loses their next turn (R26-R29, R49): the judge, the builder, the move and
the listing of every target, as in every module of this package.
"""

from __future__ import annotations

from typing import Final

from .._actions import Skip
from .._cards import SKIP, Card
from .._errors import BadSkipTarget, CardNotInHand, UsageError, is_whole, shown
from .._events import SkipPlayed
from .._flow import Log, next_seat, pass_turn_barrier
from .._rules import SkipLimit
from .._state import GameState, Step
from ._kernel import (
    PLAY_STEP,
    MoveKind,
    check_game,
    finish_turn,
    take_from_hand,
    verify_turn,
)

__all__ = ["ROW", "play_skip", "skip", "skip_candidates", "skip_targets", "verify_skip"]


def skip_targets(state: GameState) -> tuple[int, ...]:
    """The seats the current player may make lose a turn with a Skip now (R26, R28).

    .. versionadded:: 0.1
    """
    check_game(state)
    limit = state.rules.skip_limit
    table_size = len(state.contenders)
    allowed = []
    for seat in state.contenders:
        if seat == state.current:
            continue
        player = state.players[seat]
        if limit is SkipLimit.ROUND:
            ok = (
                player.skipped_in_slot is None
                or state.turn_slot >= player.skipped_in_slot + table_size
            )
        elif limit is SkipLimit.UNTIL_SERVED:
            ok = player.skips_pending == 0
        elif limit is SkipLimit.PER_HAND:
            ok = player.skipped_in_slot is None
        else:
            ok = True
        if ok:
            allowed.append(seat)
    if state.rules.skip_next_only:  # a house rule: the next player or nobody (R49)
        following = next_seat(state, state.current)
        return (following,) if following in allowed else ()
    return tuple(allowed)


def verify_skip(
    state: GameState, target: int | None, *, player: int | None = None
) -> None:
    """Raise what :func:`skip` would raise; else do nothing.

    The player must hold a Skip (R26) and name a player who is in this hand
    (R38), is not themselves (R26), and may still be skipped under the
    rules' Skip limit (R28); ``None`` only when nobody may be (R29).

    .. versionadded:: 0.1
    """
    if target is not None and not is_whole(target):
        raise UsageError(
            f"a Skip's target is a seat number or None, not {shown(target)}"
        )
    verify_turn(state, player, PLAY_STEP, "play a Skip")
    me = state.players[state.current]
    if not any(card.is_skip for card in me.hand):
        raise CardNotInHand("you do not hold a Skip", clause="R26")
    allowed = skip_targets(state)
    if target is None:
        if allowed and state.rules.skip_next_only:
            raise BadSkipTarget(
                "a Skip makes the next player lose a turn: play it against "
                f"{state.players[allowed[0]].name} (seat {allowed[0]})",
                clause="R49",
            )
        if allowed:
            names = ", ".join(state.players[seat].name for seat in allowed)
            raise BadSkipTarget(f"choose who loses a turn: {names}", clause="R29")
        barrier = pass_turn_barrier(state, False, len(me.hand) == 1)
        if barrier is not None:
            raise barrier
        return
    if not 0 <= target < len(state.players):
        raise BadSkipTarget(f"there is no player {shown(target)} to skip", clause="R26")
    if target == state.current:
        raise BadSkipTarget("you cannot skip yourself", clause="R26")
    if target not in state.contenders:
        raise BadSkipTarget(
            f"{state.players[target].name} is not playing this hand", clause="R38"
        )
    if target not in allowed:
        raise BadSkipTarget(_limit_reason(state, target), clause="R28")
    barrier = pass_turn_barrier(state, True, len(me.hand) == 1)
    if barrier is not None:
        raise barrier


def _limit_reason(state: GameState, target: int) -> str:
    name = state.players[target].name
    limit = state.rules.skip_limit
    if limit is SkipLimit.UNTIL_SERVED:
        return f"{name} already has a turn to lose to a Skip"
    if limit is SkipLimit.PER_HAND:
        return f"{name} has already been skipped this hand"
    return f"{name} has already been skipped this round: one Skip per player per round"


def play_skip(
    state: GameState, target: int | None, player: int | None, log: Log
) -> GameState:
    """:func:`skip`, telling ``log`` the Skip and what followed."""
    verify_skip(state, target, player=player)
    if log is not None:
        log.append(SkipPlayed(state.current, target))
    hand = state.players[state.current].hand
    the_skip = next(c for c in hand if c.is_skip)
    rest = take_from_hand(hand, (the_skip,))
    return finish_turn(state, the_skip, rest, target, log)


def skip(
    state: GameState, target: int | None, *, player: int | None = None
) -> GameState:
    """End the turn by discarding a Skip so that ``target`` loses a turn (R26-R29).

    ``target=None`` is allowed only when no player may be targeted (R29).
    Discarding the last card this way goes out (R33).

    .. versionadded:: 0.1
    """
    return play_skip(state, target, player, None)


_SKIPS: Final = {target: Skip(target) for target in (None, *range(64))}


def skip_candidates(state: GameState, faces: tuple[Card, ...]) -> list[Skip]:
    """Every Skip the judge allows now: one for each seat that may be
    targeted, in seat order, or ``Skip(None)`` when nobody may be (R26-R29)."""
    if not faces or faces[-1] is not SKIP:  # the Skip sorts last (SKIP_INDEX)
        return []
    targets = skip_targets(state)
    going_out = len(state.players[state.current].hand) == 1
    if pass_turn_barrier(state, bool(targets), going_out) is not None:
        return []
    return [_SKIPS.get(target) or Skip(target) for target in targets or (None,)]


ROW: Final = MoveKind(
    Skip,
    lambda s, a, p: verify_skip(s, a.target, player=p),
    lambda s, a, p, log: play_skip(s, a.target, p, log),
    skip_candidates,
    (Step.PLAY,),
)
"""The row of this kind of move in the table of moves."""
