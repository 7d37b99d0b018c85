"""What one player may see of a game, and nothing more (R41).

A :class:`PlayerView` holds the seat's own hand and only public facts about
everyone else: hand sizes, progress, scores, the cards known to have been
taken from the discard pile, the table and the two piles' sizes. It never
holds another hand, the draw pile's order or the seed.
"""

from __future__ import annotations

import attrs

from ._cards import Card
from ._errors import IllegalMove, shown
from ._immutable import Immutable
from ._phases import PhaseSpec
from ._rules import Rules
from ._state import GameState, Meld, Step, phase_for, phase_number_for
from ._text import view_text
from .svg import view as svg_view

__all__ = ["PlayerView", "PublicPlayer", "view"]


@attrs.frozen
class PublicPlayer(Immutable):
    """What everyone knows about one player.

    .. versionadded:: 0.1
    """

    name: str
    hand_size: int
    completed: int
    """Phases completed so far."""
    laid_down: bool
    """Whether the player has laid their phase this hand."""
    score: int
    skips_pending: int
    """Turns the player is still to lose to Skips."""
    skipped_in_slot: int | None
    """The turn slot of the last Skip against the player this hand (R28)."""
    known: tuple[Card, ...]
    """Cards the player is known to hold: taken from the discard pile and no
    card of that face played since."""


@attrs.frozen
class PlayerView(Immutable):
    """A game as one seat sees it: safe to send to that player.

    ``seat`` is ``None`` for a spectator, who sees no hand at all. The
    attributes mirror :class:`GameState` where the information is public.

    .. versionadded:: 0.1
    """

    seat: int | None
    hand: tuple[Card, ...]
    """The seat's own hand (empty for a spectator)."""
    players: tuple[PublicPlayer, ...]
    rules: Rules
    current: int
    dealer: int
    step: Step
    table: tuple[Meld, ...]
    discard_top: Card | None
    """The top card of the discard pile, or ``None`` if it is empty."""
    discard_size: int
    draw_size: int
    hand_number: int
    winner: int | None
    turn_slot: int
    laid_this_turn: bool
    went_out: int | None
    hand_points: tuple[int, ...] | None
    contenders: tuple[int, ...]
    tiebreak: bool

    @property
    def is_my_turn(self) -> bool:
        """Whether the seat viewing the game is the one to move."""
        return self.seat == self.current and self.step in (Step.DRAW, Step.PLAY)

    def phase_of(self, seat: int) -> PhaseSpec | None:
        """The phase ``seat`` is working on, or ``None`` once all are done."""
        return phase_for(self.rules, self.tiebreak, self.players[seat].completed)

    def phase_number(self, seat: int) -> int:
        """The 1-based number of the phase ``seat`` is working on."""
        return phase_number_for(self.rules, self.tiebreak, self.players[seat].completed)

    def __str__(self) -> str:
        """A text picture of what the seat sees, its own hand last."""
        return view_text(self)

    def _repr_svg_(self) -> str:
        """The view as a picture, for Jupyter (see :func:`phase10.svg.view`)."""
        return svg_view(self)


def view(state: GameState, seat: int | None) -> PlayerView:
    """The game as ``seat`` may see it; ``seat=None`` for a spectator.

    >>> from phase10 import new_game
    >>> game = new_game(["Ann", "Bob"], seed=5)
    >>> mine = view(game, 0)
    >>> len(mine.hand), mine.players[1].hand_size, mine.draw_size
    (10, 10, 87)
    >>> hasattr(mine, "seed"), hasattr(mine, "draw_pile")
    (False, False)

    .. versionadded:: 0.1
    """
    if not isinstance(state, GameState):
        raise IllegalMove(f"a view is taken of a GameState, not {type(state).__name__}")
    if seat is not None and (
        isinstance(seat, bool)
        or not isinstance(seat, int)
        or not 0 <= seat < len(state.players)
    ):
        raise IllegalMove(f"there is no seat {shown(seat)} at this table")
    players = tuple(
        PublicPlayer(
            name=p.name,
            hand_size=len(p.hand),
            completed=p.completed,
            laid_down=p.laid_down,
            score=p.score,
            skips_pending=p.skips_pending,
            skipped_in_slot=p.skipped_in_slot,
            known=p.known,
        )
        for p in state.players
    )
    return PlayerView(
        seat=seat,
        hand=() if seat is None else state.players[seat].hand,
        players=players,
        rules=state.rules,
        current=state.current,
        dealer=state.dealer,
        step=state.step,
        table=state.table,
        discard_top=state.discard_pile[0] if state.discard_pile else None,
        discard_size=len(state.discard_pile),
        draw_size=len(state.draw_pile),
        hand_number=state.hand_number,
        winner=state.winner,
        turn_slot=state.turn_slot,
        laid_this_turn=state.laid_this_turn,
        went_out=state.went_out,
        hand_points=state.hand_points,
        contenders=state.contenders,
        tiebreak=state.tiebreak,
    )
