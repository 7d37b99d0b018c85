"""Dealing the next hand once a hand is over (R18, R36, R38): the judge,
the builder, the move and its listing, as in every module of this package.
The deal itself is the flow's (:mod:`.._flow`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .._actions import NextHand
from .._cards import Card
from .._errors import Phase10Error, WrongStep
from .._flow import MAX_HANDS, Log, deal
from .._state import GameState, Step, replace
from ._kernel import HAND_OVER, MoveKind, check_game, check_seat, game_over

__all__ = [
    "ROW",
    "next_hand",
    "next_hand_candidates",
    "play_next_hand",
    "verify_next_hand",
]


def verify_next_hand(state: GameState, *, player: int | None = None) -> None:
    """Raise unless the next hand may be dealt: the current one is over (R36).

    Any player may call for the next hand; ``player``, if given, must be a
    seat at the table (:class:`NoSuchSeat`, R3). Once the game is over,
    :class:`GameOver` (R37); while a hand is still being played,
    :class:`WrongStep` (R36).

    .. versionadded:: 0.1
    """
    check_game(state)
    if player is not None:
        check_seat(state, player)
    if state.step is Step.GAME_OVER:
        raise game_over(state)
    if state.step is not Step.HAND_OVER:
        raise WrongStep(
            "the hand is still being played: the next hand is dealt once it is over",
            clause="R36",
        )
    if state.hand_number >= MAX_HANDS:
        raise WrongStep(
            f"this game has lasted {MAX_HANDS:,} hands, the most a game may: "
            "it cannot go on",
            clause="R36",
        )


_NEXT_HAND: Final = (NextHand(),)


def next_hand_candidates(
    state: GameState, faces: tuple[Card, ...]
) -> tuple[NextHand, ...]:
    """``(NextHand(),)`` when the next hand may be dealt, else ``()`` (R36)."""
    if state.step is not HAND_OVER:
        return ()
    try:
        verify_next_hand(state)
    except Phase10Error:
        return ()
    return _NEXT_HAND


def play_next_hand(
    state: GameState, deck: Sequence[Card] | None, player: int | None, log: Log
) -> GameState:
    """:func:`next_hand`, writing its events to ``log``."""
    verify_next_hand(state, player=player)
    following = replace(
        state,
        dealer=(state.dealer + 1) % len(state.players),
        hand_number=state.hand_number + 1,
    )
    return deal(following, deck, log)


def next_hand(
    state: GameState, *, deck: Sequence[Card] | None = None, player: int | None = None
) -> GameState:
    """Deal the next hand, the dealer moving one seat left (R18, R36, R38).

    After a tie (R38, R39) this deals the tie-break hand to the tied players
    alone. ``deck`` is as for :func:`new_game`.

    .. versionadded:: 0.1
    """
    return play_next_hand(state, deck, player, None)


ROW: Final = MoveKind(
    NextHand,
    lambda s, a, p: verify_next_hand(s, player=p),
    lambda s, a, p, log: play_next_hand(s, None, p, log),
    next_hand_candidates,
    (Step.HAND_OVER,),
    uses_faces=False,
)
"""The row of this kind of move in the table of moves."""
