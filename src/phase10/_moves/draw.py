"""Drawing: the first move of a turn, from the draw pile or the discard
pile (R21-R25).

As every module of this package: the judge (:func:`verify_draw`), which
raises the :class:`~phase10.IllegalMove` the move would raise and changes
nothing; the builder (:func:`play_draw`), which calls the judge, builds the
next state and tells its events; the public move (:func:`draw`), the
builder with no log; the listing of the moves of this kind the judge allows
now (:func:`draw_candidates`); and, last, the kind's row of the table of
moves.
"""

from __future__ import annotations

from typing import Final

from .._actions import Draw
from .._cards import Card
from .._errors import CannotDraw, Refusal, UsageError, shown
from .._events import CardDrawn
from .._flow import Log, replace_player
from .._state import GameState, Pile, Step
from ._kernel import (
    COPY_PLAYER,
    COPY_STATE,
    DRAW_PILE,
    DRAW_STEP,
    PLAY_STEP,
    MoveKind,
    verify_turn,
)

__all__ = [
    "ROW",
    "build_draw",
    "draw",
    "draw_barrier",
    "draw_candidates",
    "play_draw",
    "verify_draw",
]


def verify_draw(
    state: GameState, source: Pile = Pile.DRAW, *, player: int | None = None
) -> None:
    """Raise the :class:`IllegalMove` that :func:`draw` would raise; else nothing.

    A turn starts with one draw (R21): from the draw pile while it has a
    card (R25), or the top of the discard pile unless it is a Skip (R23) or
    a Wild the rules keep there (R22).

    .. versionadded:: 0.1
    """
    if source.__class__ is not Pile:
        raise UsageError(f"draw from Pile.DRAW or Pile.DISCARD, not {shown(source)}")
    verify_turn(state, player, DRAW_STEP, "draw")
    barrier = draw_barrier(state, source)
    if barrier is not None:
        raise barrier.error()


_NO_DRAW_PILE: Final = Refusal(CannotDraw, "the draw pile is empty", "R25")


_NO_DISCARD_PILE: Final = Refusal(CannotDraw, "the discard pile is empty", "R21")


_SKIP_ON_TOP: Final = Refusal(
    CannotDraw, "a Skip can never be taken from the discard pile", "R23"
)


_WILD_ON_TOP: Final = Refusal(
    CannotDraw, "these rules do not let a Wild be taken from the discard pile", "R22"
)


def draw_barrier(state: GameState, source: Pile) -> Refusal | None:
    """Why the top card of ``source`` may not be drawn now, or ``None``: the
    part of :func:`verify_draw`'s judgement about the pile, kept apart so
    that listing the draws asks it without raising."""
    if source is DRAW_PILE:
        # A turn never starts with an empty draw pile (R25), but a state
        # built by hand or from outside data could.
        if not state.draw_pile:
            return _NO_DRAW_PILE
        return None
    if not state.discard_pile:
        return _NO_DISCARD_PILE
    top = state.discard_pile[0]
    if top.is_skip:
        return _SKIP_ON_TOP
    if top.is_wild and not state.rules.wild_from_discard:
        return _WILD_ON_TOP
    return None


def play_draw(
    state: GameState, source: Pile, player: int | None, log: Log
) -> GameState:
    """:func:`draw`, telling ``log`` the card drawn."""
    verify_draw(state, source, player=player)
    return build_draw(state, source, log)


def build_draw(state: GameState, source: Pile, log: Log) -> GameState:
    """The state after a draw the judge allows (:func:`verify_draw` asked
    before, or the listing of this very state): the card moves from the
    pile to the end of the hand, seen by all when it was the discard."""
    me = state.players[state.current]
    if source is DRAW_PILE:
        card = state.draw_pile[0]
        known = me.known
        piles: dict[str, object] = {"draw_pile": state.draw_pile[1:]}
    else:
        card = state.discard_pile[0]
        known = me.known + (card,)  # noqa: RUF005 (concatenation is faster)
        piles = {"discard_pile": state.discard_pile[1:]}
    if log is not None:
        log.append(CardDrawn(state.current, source, card))
    mine = COPY_PLAYER(me, {"hand": me.hand + (card,), "known": known})  # noqa: RUF005
    piles["players"] = replace_player(state.players, state.current, mine)
    piles["step"] = PLAY_STEP
    return COPY_STATE(state, piles)


def draw(
    state: GameState, source: Pile = Pile.DRAW, *, player: int | None = None
) -> GameState:
    """Start the turn by drawing the top card of a pile (R21-R24).

    ``player``, if given, must be the seat whose turn it is (a check for
    front ends that act for several people).

    .. versionadded:: 0.1
    """
    return play_draw(state, source, player, None)


_DRAWS: Final = tuple((source, Draw(source)) for source in (Pile.DRAW, Pile.DISCARD))


def draw_candidates(state: GameState, faces: tuple[Card, ...]) -> list[Draw]:
    """``Draw(Pile.DRAW)``, then ``Draw(Pile.DISCARD)`` when the top discard
    may be taken, in the ``DRAW`` step (R21-R23)."""
    if state.step is not DRAW_STEP:
        return []
    return [move for source, move in _DRAWS if draw_barrier(state, source) is None]


ROW: Final = MoveKind(
    Draw,
    lambda s, a, p: verify_draw(s, a.source, player=p),
    lambda s, a, p, log: play_draw(s, a.source, p, log),
    draw_candidates,
    (Step.DRAW,),
    uses_faces=False,
    trusted=lambda s, a: build_draw(s, a.source, None),
)
"""The row of this kind of move in the table of moves."""
