"""The moves that end a turn, discard and Skip, as pure functions.

As in :mod:`._transitions`: one judge (``verify_…``) that raises the
:class:`IllegalMove` the move would raise and changes nothing, one builder
(``play_…``) that calls it and builds the new state, and the listing of the
moves of its kind that the judge allows (``…_candidates``) beside them.
"""

from __future__ import annotations

from typing import Final

from ._actions import Discard, Skip
from ._cards import FACES, SKIP, Card, CardLike, as_card
from ._errors import (
    BadDiscard,
    BadSkipTarget,
    CardNotInHand,
    UsageError,
    is_whole,
    shown,
)
from ._events import CardDiscarded, SkipPlayed
from ._flow import (
    Log,
    begin_turn,
    check_game,
    end_hand,
    next_seat,
    pass_turn_barrier,
    replace_player,
)
from ._rules import PhaseChoice, SkipLimit
from ._state import GameState, PlayerState, replace
from ._transitions import (
    COPY_PLAYER,
    PLAY_STEP,
    forget,
    take_from_hand,
    verify_turn,
)

__all__ = [
    "discard",
    "discard_candidates",
    "may_discard",
    "play_discard",
    "play_skip",
    "skip",
    "skip_candidates",
    "skip_targets",
    "verify_discard",
    "verify_skip",
]

_PLAY_STEP: Final = PLAY_STEP


# --- discard and skip -----------------------------------------------------------


def verify_discard(
    state: GameState, card: CardLike, *, player: int | None = None
) -> None:
    """Raise what :func:`discard` would raise; else do nothing.

    A turn ends with one discard of a card from the hand (R21), which is
    not a Skip: a Skip is played against a player with :func:`skip` (R26).

    .. versionadded:: 0.1
    """
    _judge_discard(state, card, player)


def may_discard(card: Card) -> bool:
    """Whether a card in hand may end the turn as a plain discard: any card
    but a Skip, which is played against a player instead (R21, R26)."""
    return not card.is_skip


def _judge_discard(
    state: GameState, card: CardLike, player: int | None
) -> tuple[Card, tuple[Card, ...]]:
    """The judge of a discard: the card, and the hand that would be left."""
    the_card = as_card(card)
    verify_turn(state, player, _PLAY_STEP, "discard")
    if not may_discard(the_card):
        raise BadDiscard(
            "a Skip is not discarded like other cards: play it against the "
            "player who is to lose a turn",
            clause="R26",
        )
    rest = take_from_hand(state.players[state.current].hand, (the_card,))
    barrier = pass_turn_barrier(state, False, not rest)
    if barrier is not None:
        raise barrier
    return the_card, rest


def play_discard(
    state: GameState, card: CardLike, player: int | None, log: Log
) -> GameState:
    """:func:`discard`, telling ``log`` the card and what followed."""
    the_card, rest = _judge_discard(state, card, player)
    if log is not None:
        log.append(CardDiscarded(state.current, the_card))
    return _finish_turn(state, the_card, rest, None, log)


def discard(
    state: GameState, card: CardLike, *, player: int | None = None
) -> GameState:
    """End the turn by discarding ``card`` (R21, R24, R33).

    Discarding the last card goes out and ends the hand.

    .. versionadded:: 0.1
    """
    return play_discard(state, card, player, None)


def declaration_lapses(state: GameState, me: PlayerState) -> bool:
    """Whether the phase ``me`` declared this turn lapses as the turn ends:
    it was declared and not laid (R45). Asked by every move that ends a turn."""
    return (
        me.active is not None
        and not me.laid_down
        and state.rules.phase_choice is PhaseChoice.DECLARED
    )


def _finish_turn(
    state: GameState,
    card: Card,
    rest: tuple[Card, ...],
    target: int | None,
    log: Log,
) -> GameState:
    """End the turn by putting ``card`` on the discard pile, leaving ``rest``
    in hand (R21, R26, R33)."""
    me = state.players[state.current]
    changes: dict[str, object] = {"hand": rest, "known": forget(me.known, (card,))}
    if declaration_lapses(state, me):
        changes["active"] = None  # a declaration lasts one turn (R45)
    mine = COPY_PLAYER(me, changes)
    players = replace_player(state.players, state.current, mine)
    if target is not None:
        victim = players[target]
        players = replace_player(
            players,
            target,
            replace(
                victim,
                skips_pending=victim.skips_pending + 1,
                skipped_in_slot=state.turn_slot,
            ),
        )
    discard_pile = (card,) + state.discard_pile  # noqa: RUF005 (faster)
    if not rest:
        after = replace(state, players=players, discard_pile=discard_pile)
        return end_hand(after, state.current, log)
    following = next_seat(state, state.current)
    return begin_turn(state, players, following, state.turn_slot + 1, discard_pile, log)


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
    verify_turn(state, player, _PLAY_STEP, "play a Skip")
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
    return _finish_turn(state, the_skip, rest, target, log)


def skip(
    state: GameState, target: int | None, *, player: int | None = None
) -> GameState:
    """End the turn by discarding a Skip so that ``target`` loses a turn (R26-R29).

    ``target=None`` is allowed only when no player may be targeted (R29).
    Discarding the last card this way goes out (R33).

    .. versionadded:: 0.1
    """
    return play_skip(state, target, player, None)


# --- the moves of these kinds a turn may make ------------------------------------

_DISCARDS: Final = tuple(Discard(card) if may_discard(card) else None for card in FACES)
"""By card index, the discard of that card, or ``None`` where the card may
not be discarded (asked of :func:`may_discard` once, here)."""
_SKIPS: Final = {target: Skip(target) for target in (None, *range(64))}


def _holds_one(state: GameState) -> bool:
    return len(state.players[state.current].hand) == 1


def discard_candidates(state: GameState, faces: tuple[Card, ...]) -> list[Discard]:
    """Every discard the judge allows now, one per face in hand in index order
    but Skips (``faces``: the distinct cards of the hand of the player to
    move, in index order), in the ``PLAY`` step (R21, R26, R36). Move records
    are immutable, so the same ones are handed out again."""
    if pass_turn_barrier(state, False, len(faces) == 1 and _holds_one(state)):
        return []
    return [move for card in faces if (move := _DISCARDS[card.index]) is not None]


def skip_candidates(state: GameState, faces: tuple[Card, ...]) -> list[Skip]:
    """Every Skip the judge allows now: one for each seat that may be
    targeted, in seat order, or ``Skip(None)`` when nobody may be (R26-R29)."""
    if not faces or faces[-1] is not SKIP:  # the Skip sorts last (index 49)
        return []
    targets = skip_targets(state)
    going_out = len(state.players[state.current].hand) == 1
    if pass_turn_barrier(state, bool(targets), going_out) is not None:
        return []
    return [_SKIPS.get(target) or Skip(target) for target in targets or (None,)]
