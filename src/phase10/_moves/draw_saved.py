"""Drawing a saved card: a turn started from one's own save pile instead of
either pile (the Masters Edition, R47): the judge, the builder, the move
and the listing of the cards that may be drawn, as in every module of this
package.
"""

from __future__ import annotations

from typing import Final

from .._actions import DrawSaved
from .._cards import Card, CardLike, as_card
from .._errors import CannotDraw, CardNotInHand
from .._events import SavedCardDrawn
from .._flow import Log, replace_player
from .._state import GameState, PlayerState, Step, replace
from ._kernel import COPY_PLAYER, DRAW_STEP, PLAY_STEP, MoveKind, verify_turn

__all__ = [
    "ROW",
    "draw_saved",
    "draw_saved_candidates",
    "drawable_saved",
    "play_draw_saved",
    "verify_draw_saved",
]


def drawable_saved(state: GameState, me: PlayerState) -> tuple[Card, ...]:
    """The cards of ``me``'s save pile that may be drawn now: all of them, or
    those saved in an earlier hand (R47)."""
    if state.rules.draw_saved_same_hand or not me.saved_now:
        return me.saved
    return me.saved[: len(me.saved) - me.saved_now]


def verify_draw_saved(
    state: GameState, card: CardLike, *, player: int | None = None
) -> None:
    """Raise what :func:`draw_saved` would raise; else do nothing.

    .. versionadded:: 0.2
    """
    the_card = as_card(card)
    verify_turn(state, player, DRAW_STEP, "draw")
    me = state.players[state.current]
    if the_card not in me.saved:
        raise CardNotInHand(f"your save pile holds no {the_card}", clause="R47")
    if the_card not in drawable_saved(state, me):
        raise CannotDraw(
            f"the {the_card} was saved this hand: a saved card is for a later hand",
            clause="R47",
        )


def play_draw_saved(
    state: GameState, card: CardLike, player: int | None, log: Log
) -> GameState:
    """:func:`draw_saved`, telling ``log`` the card drawn."""
    verify_draw_saved(state, card, player=player)
    the_card = as_card(card)
    seat = state.current
    rules = state.rules
    if log is not None:
        log.append(SavedCardDrawn(seat, the_card, rules.saved_cards_hidden))
    me = state.players[seat]
    saved = list(me.saved)
    # The oldest copy: when cards saved this hand may not be drawn, the last
    # saved_now cards (those saved this hand) stay where they are.
    saved.remove(the_card)
    known = me.known if rules.saved_cards_hidden else (*me.known, the_card)
    mine = COPY_PLAYER(
        me, {"hand": (*me.hand, the_card), "saved": tuple(saved), "known": known}
    )
    return replace(
        state, players=replace_player(state.players, seat, mine), step=PLAY_STEP
    )


def draw_saved(
    state: GameState, card: CardLike, *, player: int | None = None
) -> GameState:
    """Start the turn by drawing ``card`` from one's own save pile instead of
    either pile (the Masters Edition, R47).

    .. versionadded:: 0.2
    """
    return play_draw_saved(state, card, player, None)


def draw_saved_candidates(state: GameState, faces: tuple[Card, ...]) -> list[DrawSaved]:
    """Every saved card the player may draw now, one per face, in index order."""
    if state.step is not DRAW_STEP:
        return []
    me = state.players[state.current]
    if not me.saved:
        return []
    cards = sorted(set(drawable_saved(state, me)), key=lambda card: card.index)
    return [DrawSaved(card) for card in cards]


ROW: Final = MoveKind(
    DrawSaved,
    lambda s, a, p: verify_draw_saved(s, a.card, player=p),
    lambda s, a, p, log: play_draw_saved(s, a.card, p, log),
    draw_saved_candidates,
    (Step.DRAW,),
    lambda rules: rules.saves_per_hand > 0,
    uses_faces=False,
)
"""The row of this kind of move in the table of moves."""
