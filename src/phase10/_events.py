"""What a move did, as events a front end can show or animate.

Events are worked out from the state before a move, the move and the state
after it, so states never carry a growing log. Some events are private: a
card drawn from the draw pile is seen by the player who drew it alone, and
:meth:`Event.seen_by` gives the version another seat may be told.

.. versionadded:: 0.1
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ._actions import Action, Discard, Draw, Hit, LayPhase, NextHand, Skip, apply
from ._cards import Card
from ._errors import FormatError, shown
from ._immutable import Immutable
from ._state import GameState, Meld, Pile, Step
from ._transitions import verify_next_hand

__all__ = [
    "CardDiscarded",
    "CardDrawn",
    "CardHit",
    "DrawPileShuffled",
    "Event",
    "GameEnded",
    "HandDealt",
    "HandEnded",
    "PhaseLaid",
    "SkipPlayed",
    "TurnLost",
    "events",
]


def _name(names: Sequence[str], seat: int | None) -> str:
    if seat is None:
        return "nobody"
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


@attrs.frozen
class CardDrawn(Immutable):
    """``player`` drew from ``source``; ``card`` is ``None`` when hidden from
    the seat the event was told to."""

    player: int
    source: Pile
    card: Card | None

    def seen_by(self, seat: int | None) -> CardDrawn:
        """The event as ``seat`` may know it (a draw-pile card is private)."""
        if self.source is Pile.DRAW and seat != self.player:
            return attrs.evolve(self, card=None)
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        what = f" {self.card}" if self.card is not None else " a card"
        pile = "discard pile" if self.source is Pile.DISCARD else "draw pile"
        return f"{_name(names, self.player)} draws{what} from the {pile}"


@attrs.frozen
class PhaseLaid(Immutable):
    """``player`` laid their phase as the groups ``melds``."""

    player: int
    melds: tuple[Meld, ...]

    def seen_by(self, seat: int | None) -> PhaseLaid:
        """Public: everyone sees the same."""
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        groups = " | ".join(str(meld) for meld in self.melds)
        return f"{_name(names, self.player)} lays down {groups}"


@attrs.frozen
class CardHit(Immutable):
    """``player`` hit ``card`` onto table group ``meld``, which became ``result``."""

    player: int
    card: Card
    meld: int
    result: Meld

    def seen_by(self, seat: int | None) -> CardHit:
        """Public: everyone sees the same."""
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        return (
            f"{_name(names, self.player)} hits {self.card} on group {self.meld} "
            f"({self.result})"
        )


@attrs.frozen
class CardDiscarded(Immutable):
    """``player`` ended their turn by discarding ``card``."""

    player: int
    card: Card

    def seen_by(self, seat: int | None) -> CardDiscarded:
        """Public: everyone sees the same."""
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        return f"{_name(names, self.player)} discards {self.card}"


@attrs.frozen
class SkipPlayed(Immutable):
    """``player`` discarded a Skip against ``target`` (``None``: nobody)."""

    player: int
    target: int | None

    def seen_by(self, seat: int | None) -> SkipPlayed:
        """Public: everyone sees the same."""
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        if self.target is None:
            return f"{_name(names, self.player)} discards a Skip against nobody"
        return f"{_name(names, self.player)} skips {_name(names, self.target)}"


@attrs.frozen
class TurnLost(Immutable):
    """``player`` lost a turn to a Skip (R26, R27)."""

    player: int

    def seen_by(self, seat: int | None) -> TurnLost:
        """Public: everyone sees the same."""
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        return f"{_name(names, self.player)} loses a turn"


@attrs.frozen
class DrawPileShuffled(Immutable):
    """The discards under the top card became a new draw pile (R25)."""

    size: int

    def seen_by(self, seat: int | None) -> DrawPileShuffled:
        """Public: everyone sees the same."""
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        return f"the discard pile is shuffled into a new draw pile of {self.size}"


@attrs.frozen
class HandEnded(Immutable):
    """A hand ended: who went out (``None`` if nobody) and each seat's points."""

    went_out: int | None
    points: tuple[int, ...]

    def seen_by(self, seat: int | None) -> HandEnded:
        """Public: everyone sees the same."""
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        if self.went_out is None:
            return "the hand ends with nobody out"
        return f"{_name(names, self.went_out)} goes out"


@attrs.frozen
class GameEnded(Immutable):
    """The game ended and ``winner`` won."""

    winner: int

    def seen_by(self, seat: int | None) -> GameEnded:
        """Public: everyone sees the same."""
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        return f"{_name(names, self.winner)} wins the game"


@attrs.frozen
class HandDealt(Immutable):
    """Hand ``hand_number`` was dealt by ``dealer``; ``starter`` began the
    discard pile; ``tiebreak`` marks a tie-break hand."""

    hand_number: int
    dealer: int
    starter: Card
    tiebreak: bool

    def seen_by(self, seat: int | None) -> HandDealt:
        """Public: everyone sees the same."""
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        kind = "tie-break hand" if self.tiebreak else "hand"
        return (
            f"{_name(names, self.dealer)} deals {kind} {self.hand_number}; "
            f"the discard pile starts with {self.starter}"
        )


Event = (
    CardDrawn
    | PhaseLaid
    | CardHit
    | CardDiscarded
    | SkipPlayed
    | TurnLost
    | DrawPileShuffled
    | HandEnded
    | GameEnded
    | HandDealt
)
"""Any event."""


def events(
    before: GameState,
    action: Action,
    after: GameState,
    *,
    seat: int | None = None,
    reveal_all: bool = False,
) -> tuple[Event, ...]:
    """The events of the move ``action`` that took ``before`` to ``after``.

    The events are told as ``seat`` may know them: a card drawn from the
    draw pile is named to its drawer alone. ``seat=None`` is a spectator, as
    for :func:`view`, who is told no private card. ``reveal_all=True`` tells
    everything, for a referee or a log that no player reads; it cannot be
    combined with a seat.

    Raises :class:`FormatError` when ``after`` is not the state that
    ``action`` leads to from ``before``, and the move's own
    :class:`IllegalMove` when ``action`` is not legal in ``before``.

    >>> from phase10 import Draw, apply, new_game
    >>> game = new_game(["Ann", "Bob"], seed=1)
    >>> after = apply(game, Draw())
    >>> [e.describe(["Ann", "Bob"]) for e in events(game, Draw(), after, seat=0)]
    ['Bob draws a card from the draw pile']

    .. versionadded:: 0.1
    """
    if reveal_all and seat is not None:
        raise FormatError(
            "events: reveal_all tells everything, so it takes no seat "
            f"(not {shown(seat)})"
        )
    if seat is not None and (
        isinstance(seat, bool)
        or not isinstance(seat, int)
        or not 0 <= seat < len(before.players)
    ):
        raise FormatError(
            f"events: seat is a seat from 0 to {len(before.players) - 1} or None "
            f"for a spectator, not {shown(seat)}"
        )
    _check_follows(before, action, after)
    found: list[Event] = []
    mover = before.current
    if isinstance(action, Draw):
        card = after.players[mover].hand[-1]
        found.append(CardDrawn(mover, action.source, card))
    elif isinstance(action, LayPhase):
        found.append(PhaseLaid(mover, after.table[len(before.table) :]))
    elif isinstance(action, Hit):
        found.append(CardHit(mover, action.card, action.meld, after.table[action.meld]))
    elif isinstance(action, Discard):
        found.append(CardDiscarded(mover, action.card))
    elif isinstance(action, Skip):
        found.append(SkipPlayed(mover, action.target))
    elif isinstance(action, NextHand):
        found.append(
            HandDealt(
                after.hand_number, after.dealer, after.discard_pile[-1], after.tiebreak
            )
        )
    new_hand = isinstance(action, NextHand)
    if after.step in (Step.HAND_OVER, Step.GAME_OVER) and before.step in (
        Step.DRAW,
        Step.PLAY,
    ):
        found.append(HandEnded(after.went_out, after.hand_points or ()))
    elif after.step is Step.DRAW and (new_hand or isinstance(action, (Discard, Skip))):
        found.extend(_lost_turns(before, after, new_hand))
        # A deal always leaves a draw pile, so only a turn can reshuffle.
        if not new_hand and after.shuffles > before.shuffles:
            found.append(DrawPileShuffled(len(after.draw_pile)))
    if after.step is Step.GAME_OVER and after.winner is not None:
        found.append(GameEnded(after.winner))
    if reveal_all:
        return tuple(found)
    return tuple(event.seen_by(seat) for event in found)


def _check_follows(before: GameState, action: Action, after: GameState) -> None:
    """Raise unless ``after`` is what ``action`` makes of ``before``.

    A new hand may be dealt from any deck order (``next_hand(deck=...)``),
    so for it the check is that it is the next hand of the same game.
    """
    if isinstance(action, NextHand):
        verify_next_hand(before)
        follows = (
            isinstance(after, GameState)
            and after.rules == before.rules
            and [p.name for p in after.players] == [p.name for p in before.players]
            and after.hand_number == before.hand_number + 1
            and after.step is Step.DRAW
        )
    else:
        follows = apply(before, action) == after
    if not follows:
        raise FormatError(
            f"events: after is not the state that {action} leads to from before"
        )


def _lost_turns(before: GameState, after: GameState, new_hand: bool) -> list[Event]:
    """The seats passed over between the move and the next turn (R26, R27)."""
    first_slot = 0 if new_hand else before.turn_slot + 1
    lost = after.turn_slot - first_slot
    if lost <= 0:
        return []
    playing = list(after.contenders)
    # Walk back from the seat now to play: each lost slot is the seat before.
    seats: list[Event] = []
    place = playing.index(after.current)
    for step_back in range(lost, 0, -1):
        seats.append(TurnLost(playing[(place - step_back) % len(playing)]))
    return seats
