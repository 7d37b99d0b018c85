"""What a move did, as events a front end can show or animate.

Each transition says what it did as it builds the next state (see
:func:`~phase10.apply_with_events`), so states never carry a growing log.
Some events are private: a card drawn from the draw pile is seen by the
player who drew it alone, and ``event.seen_by(seat)`` gives the version
another seat may be told.

.. versionadded:: 0.1
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ._cards import Card
from ._errors import UsageError, seat_type_error, shown
from ._immutable import Immutable
from ._state import Meld, Pile

__all__ = [
    "CardDiscarded",
    "CardDrawn",
    "CardHit",
    "CardSaved",
    "DrawPileShuffled",
    "Event",
    "GameEnded",
    "HandDealt",
    "HandEnded",
    "PhaseChosen",
    "PhaseLaid",
    "SavedCardDrawn",
    "SkipPlayed",
    "TurnLost",
    "WildSwapped",
]


def _check_seat(seat: object) -> None:
    """Refuse a ``seat`` for :meth:`seen_by` that is not of a seat's type."""
    wrong = seat_type_error(seat, optional=True)
    if wrong is not None:
        raise wrong


def _check_names(names: object) -> None:
    """Refuse ``names`` for :meth:`describe` that are not a sequence."""
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise UsageError(
            f"names are the players' names by seat, a list of texts, not {shown(names)}"
        )


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
        _check_seat(seat)
        if self.source is Pile.DRAW and seat != self.player:
            return CardDrawn(self.player, self.source, None)
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        _check_names(names)
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
        _check_seat(seat)
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        _check_names(names)
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
        _check_seat(seat)
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        _check_names(names)
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
        _check_seat(seat)
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        _check_names(names)
        return f"{_name(names, self.player)} discards {self.card}"


@attrs.frozen
class SkipPlayed(Immutable):
    """``player`` discarded a Skip against ``target`` (``None``: nobody)."""

    player: int
    target: int | None

    def seen_by(self, seat: int | None) -> SkipPlayed:
        """Public: everyone sees the same."""
        _check_seat(seat)
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        _check_names(names)
        if self.target is None:
            return f"{_name(names, self.player)} discards a Skip against nobody"
        return f"{_name(names, self.player)} skips {_name(names, self.target)}"


@attrs.frozen
class TurnLost(Immutable):
    """``player`` lost a turn to a Skip (R26, R27)."""

    player: int

    def seen_by(self, seat: int | None) -> TurnLost:
        """Public: everyone sees the same."""
        _check_seat(seat)
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        _check_names(names)
        return f"{_name(names, self.player)} loses a turn"


@attrs.frozen
class DrawPileShuffled(Immutable):
    """The discards under the top card became a new draw pile (R25)."""

    size: int

    def seen_by(self, seat: int | None) -> DrawPileShuffled:
        """Public: everyone sees the same."""
        _check_seat(seat)
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        _check_names(names)
        return f"the discard pile is shuffled into a new draw pile of {self.size}"


@attrs.frozen
class HandEnded(Immutable):
    """A hand ended: who went out (``None`` if nobody) and each seat's points."""

    went_out: int | None
    points: tuple[int, ...]

    def seen_by(self, seat: int | None) -> HandEnded:
        """Public: everyone sees the same."""
        _check_seat(seat)
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        _check_names(names)
        if self.went_out is None:
            return "the hand ends with nobody out"
        return f"{_name(names, self.went_out)} goes out"


@attrs.frozen
class GameEnded(Immutable):
    """The game ended and ``winner`` won."""

    winner: int

    def seen_by(self, seat: int | None) -> GameEnded:
        """Public: everyone sees the same."""
        _check_seat(seat)
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        _check_names(names)
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
        _check_seat(seat)
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        _check_names(names)
        kind = "tie-break hand" if self.tiebreak else "hand"
        return (
            f"{_name(names, self.dealer)} deals {kind} {self.hand_number}; "
            f"the discard pile starts with {self.starter}"
        )


@attrs.frozen
class PhaseChosen(Immutable):
    """``player`` chose (R44) or declared (R45) phase ``phase`` (from 1) for
    this hand, face up.

    .. versionadded:: 0.2
    """

    player: int
    phase: int

    def seen_by(self, seat: int | None) -> PhaseChosen:
        """Public: everyone sees the same."""
        _check_seat(seat)
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        _check_names(names)
        return f"{_name(names, self.player)} chooses phase {self.phase}"


@attrs.frozen
class CardSaved(Immutable):
    """``player`` ended their turn by saving ``card`` (R46); ``card`` is
    ``None`` when saved cards are face down and the seat told is not the
    player's. ``hidden`` says whether they are face down.

    .. versionadded:: 0.2
    """

    player: int
    card: Card | None
    hidden: bool = False

    def seen_by(self, seat: int | None) -> CardSaved:
        """The event as ``seat`` may know it (private when saved face down)."""
        _check_seat(seat)
        if self.hidden and seat != self.player and self.card is not None:
            return CardSaved(self.player, None, self.hidden)
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        _check_names(names)
        what = "a card" if self.card is None else str(self.card)
        return f"{_name(names, self.player)} saves {what}"


@attrs.frozen
class SavedCardDrawn(Immutable):
    """``player`` drew ``card`` from their own save pile (R47); ``card`` is
    ``None`` when saved cards are face down and the seat told is not the
    player's.

    .. versionadded:: 0.2
    """

    player: int
    card: Card | None
    hidden: bool = False

    def seen_by(self, seat: int | None) -> SavedCardDrawn:
        """The event as ``seat`` may know it (private when saved face down)."""
        _check_seat(seat)
        if self.hidden and seat != self.player and self.card is not None:
            return SavedCardDrawn(self.player, None, self.hidden)
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        _check_names(names)
        what = "a saved card" if self.card is None else f"the saved {self.card}"
        return f"{_name(names, self.player)} draws {what}"


@attrs.frozen
class WildSwapped(Immutable):
    """``player`` put ``card`` on table group ``meld`` in place of a Wild and
    took the Wild (R50); the group became ``result``.

    .. versionadded:: 0.2
    """

    player: int
    card: Card
    meld: int
    result: Meld

    def seen_by(self, seat: int | None) -> WildSwapped:
        """Public: everyone sees the same."""
        _check_seat(seat)
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person."""
        _check_names(names)
        return (
            f"{_name(names, self.player)} puts {self.card} on group {self.meld} "
            f"and takes its Wild ({self.result})"
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
    | PhaseChosen
    | CardSaved
    | SavedCardDrawn
    | WildSwapped
)
"""Any event."""
