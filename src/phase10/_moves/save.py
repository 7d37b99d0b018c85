"""Saving a card: a turn ended by putting a card on one's own save pile for a
later hand instead of discarding it (the Masters Edition, R46, R48): the
judge, the builder, the move and the listing of the saves, as in every
module of this package.
"""

from __future__ import annotations

from typing import Final

from .._actions import Save
from .._cards import Card, CardLike, as_card
from .._errors import CannotSave
from .._events import CardSaved
from .._flow import Log, pass_turn_barrier
from .._state import GameState, PlayerState, Step
from ._kernel import (
    PLAY_STEP,
    MoveKind,
    end_turn,
    forget,
    forget_hidden_one,
    take_from_hand,
    verify_turn,
)

__all__ = ["ROW", "play_save", "save", "save_barrier", "save_candidates", "verify_save"]


def _judge_save(
    state: GameState, card: CardLike, player: int | None
) -> tuple[Card, tuple[Card, ...]]:
    """The judge of a save: the card, and the hand that would be left."""
    the_card = as_card(card)
    verify_turn(state, player, PLAY_STEP, "save a card")
    rules = state.rules
    me = state.players[state.current]
    barrier = save_barrier(state, me)
    if barrier is not None:
        raise barrier
    if the_card.is_skip and not rules.save_skips:
        raise CannotSave("these rules do not let a Skip be saved", clause="R46")
    rest = take_from_hand(me.hand, (the_card,), clause="R46")
    if not rest and not rules.go_out_by_save:
        raise CannotSave(
            "your last card cannot be saved: go out by discarding it", clause="R46"
        )
    barrier_turn = pass_turn_barrier(state, False, not rest)
    if barrier_turn is not None:
        raise barrier_turn
    return the_card, rest


def save_barrier(state: GameState, me: PlayerState) -> CannotSave | None:
    """Why the player to move may save no card at all now, or ``None``."""
    rules = state.rules
    if not rules.saves_per_hand:
        return CannotSave(
            "these rules save no cards: end your turn by discarding a card",
            clause="R46",
        )
    if me.saved_now >= rules.saves_per_hand:
        many = (
            "a card" if rules.saves_per_hand == 1 else f"{rules.saves_per_hand} cards"
        )
        return CannotSave(
            f"you may save {many} a hand, and you have this hand", clause="R46"
        )
    if len(me.saved) >= rules.most_saved:
        return CannotSave(
            f"your save pile is full: it holds at most {rules.most_saved} cards",
            clause="R46",
        )
    return None


def verify_save(state: GameState, card: CardLike, *, player: int | None = None) -> None:
    """Raise what :func:`save` would raise; else do nothing.

    .. versionadded:: 0.2
    """
    _judge_save(state, card, player)


def play_save(
    state: GameState, card: CardLike, player: int | None, log: Log
) -> GameState:
    """:func:`save`, telling ``log`` the card saved and what followed."""
    the_card, rest = _judge_save(state, card, player)
    seat = state.current
    if log is not None:
        log.append(CardSaved(seat, the_card, state.rules.saved_cards_hidden))
    me = state.players[seat]
    changes: dict[str, object] = {
        "hand": rest,
        "known": forget_hidden_one(me.known)
        if state.rules.saved_cards_hidden
        else forget(me.known, (the_card,)),
        "saved": (*me.saved, the_card),
        "saved_now": me.saved_now + 1,
    }
    return end_turn(state, changes, state.discard_pile, log)


def save(state: GameState, card: CardLike, *, player: int | None = None) -> GameState:
    """End the turn by putting ``card`` on one's own save pile instead of
    discarding it (the Masters Edition, R46).

    .. versionadded:: 0.2
    """
    return play_save(state, card, player, None)


def save_candidates(state: GameState, faces: tuple[Card, ...]) -> list[Save]:
    """Every save the judge allows now, one per face in hand in index order."""
    rules = state.rules
    if not rules.saves_per_hand:
        return []
    me = state.players[state.current]
    if save_barrier(state, me) is not None:
        return []
    last = len(me.hand) == 1
    if last and not rules.go_out_by_save:
        return []
    if pass_turn_barrier(state, False, last) is not None:
        return []
    return [Save(card) for card in faces if rules.save_skips or not card.is_skip]


ROW: Final = MoveKind(
    Save,
    lambda s, a, p: verify_save(s, a.card, player=p),
    lambda s, a, p, log: play_save(s, a.card, p, log),
    save_candidates,
    (Step.PLAY,),
    lambda rules: rules.saves_per_hand > 0,
)
"""The row of this kind of move in the table of moves."""
