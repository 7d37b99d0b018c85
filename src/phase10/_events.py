"""What a move did, as events a front end can show or animate.

Each transition says what it did as it builds the next state (see
:func:`~phase10.apply_with_events`), so states never carry a growing log.
Some events are private: a card drawn from the draw pile is seen by the
player who drew it alone, and ``event.seen_by(seat)`` gives the version
another seat may be told.

.. versionadded:: 0.1
"""

from __future__ import annotations

import typing
from collections.abc import Sequence
from typing import ClassVar, Final

import attrs
from typing_extensions import Self

from ._cards import Card
from ._errors import UsageError, seat_type_error, shown
from ._immutable import Immutable
from ._limits import (
    BOUNDS,
    MAX_DECK_SIZE,
    MAX_HANDS,
    MAX_MOVE_NUMBER,
    MAX_PHASES,
    MAX_PLAYERS,
)
from ._state import Meld, Pile

__all__ = [
    "EVENT_TYPES",
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


_SEAT: Final = {BOUNDS: {"minimum": 0, "maximum": MAX_PLAYERS - 1}}
_GROUP: Final = {BOUNDS: {"minimum": 0, "maximum": MAX_MOVE_NUMBER}}
"""The metadata of a field that names a group on the table, as a move does."""
"""The metadata of a field that names a seat (or ``None``, where its type
says so): its fixed bounds (``_limits.BOUNDS``), which the reader of event
documents checks and their JSON Schema states."""


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


class _Told(Immutable):
    """What every event has: how a seat is told it, and one sentence for a
    person. An event is public, told alike to every seat, unless its class
    says otherwise in :meth:`seen_by`; each class writes its sentence in
    ``_sentence``."""

    __slots__ = ()

    def seen_by(self, seat: int | None) -> Self:
        """The event as ``seat`` may know it (``None``: a spectator)."""
        _check_seat(seat)
        return self

    def describe(self, names: Sequence[str]) -> str:
        """One sentence for a person; ``names`` are the players' by seat."""
        _check_names(names)
        return self._sentence(names)

    def _sentence(self, names: Sequence[str]) -> str:
        raise NotImplementedError  # pragma: no cover (every event writes one)


@attrs.frozen
class CardDrawn(_Told):
    """``player`` drew from ``source``; ``card`` is ``None`` when hidden from
    the seat the event was told to.

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "card_drawn"
    """The event's ``"type"`` in its document."""

    player: int = attrs.field(metadata=_SEAT)
    source: Pile
    card: Card | None

    def seen_by(self, seat: int | None) -> CardDrawn:
        """The event as ``seat`` may know it (a draw-pile card is private)."""
        _check_seat(seat)
        if self.source is Pile.DRAW and seat != self.player:
            return CardDrawn(self.player, self.source, None)
        return self

    def _sentence(self, names: Sequence[str]) -> str:
        what = f" {self.card}" if self.card is not None else " a card"
        pile = "discard pile" if self.source is Pile.DISCARD else "draw pile"
        return f"{_name(names, self.player)} draws{what} from the {pile}"


@attrs.frozen
class PhaseLaid(_Told):
    """``player`` laid their phase as the groups ``melds``.

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "phase_laid"
    """The event's ``"type"`` in its document."""

    player: int = attrs.field(metadata=_SEAT)
    melds: tuple[Meld, ...] = attrs.field(metadata={BOUNDS: {"minItems": 1}})

    def _sentence(self, names: Sequence[str]) -> str:
        groups = " | ".join(str(meld) for meld in self.melds)
        return f"{_name(names, self.player)} lays down {groups}"


@attrs.frozen
class CardHit(_Told):
    """``player`` hit ``card`` onto table group ``meld``, which became ``result``.

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "card_hit"
    """The event's ``"type"`` in its document."""

    player: int = attrs.field(metadata=_SEAT)
    card: Card
    meld: int = attrs.field(metadata=_GROUP)
    result: Meld

    def _sentence(self, names: Sequence[str]) -> str:
        return (
            f"{_name(names, self.player)} hits {self.card} on group {self.meld} "
            f"({self.result})"
        )


@attrs.frozen
class CardDiscarded(_Told):
    """``player`` ended their turn by discarding ``card``.

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "card_discarded"
    """The event's ``"type"`` in its document."""

    player: int = attrs.field(metadata=_SEAT)
    card: Card

    def _sentence(self, names: Sequence[str]) -> str:
        return f"{_name(names, self.player)} discards {self.card}"


@attrs.frozen
class SkipPlayed(_Told):
    """``player`` discarded a Skip against ``target`` (``None``: nobody).

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "skip_played"
    """The event's ``"type"`` in its document."""

    player: int = attrs.field(metadata=_SEAT)
    target: int | None = attrs.field(metadata=_SEAT)

    def _sentence(self, names: Sequence[str]) -> str:
        if self.target is None:
            return f"{_name(names, self.player)} discards a Skip against nobody"
        return f"{_name(names, self.player)} skips {_name(names, self.target)}"


@attrs.frozen
class TurnLost(_Told):
    """``player`` lost a turn to a Skip (R26, R27).

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "turn_lost"
    """The event's ``"type"`` in its document."""

    player: int = attrs.field(metadata=_SEAT)

    def _sentence(self, names: Sequence[str]) -> str:
        return f"{_name(names, self.player)} loses a turn"


@attrs.frozen
class DrawPileShuffled(_Told):
    """The discards under the top card became a new draw pile (R25).

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "draw_pile_shuffled"
    """The event's ``"type"`` in its document."""

    size: int = attrs.field(metadata={BOUNDS: {"minimum": 0, "maximum": MAX_DECK_SIZE}})

    def _sentence(self, names: Sequence[str]) -> str:
        return f"the discard pile is shuffled into a new draw pile of {self.size}"


@attrs.frozen
class HandEnded(_Told):
    """A hand ended: who went out (``None`` if nobody) and each seat's points.

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "hand_ended"
    """The event's ``"type"`` in its document."""

    went_out: int | None = attrs.field(metadata=_SEAT)
    points: tuple[int, ...] = attrs.field(
        metadata={BOUNDS: {"minItems": 2, "maxItems": MAX_PLAYERS}}
    )

    def _sentence(self, names: Sequence[str]) -> str:
        if self.went_out is None:
            return "the hand ends with nobody out"
        return f"{_name(names, self.went_out)} goes out"


@attrs.frozen
class GameEnded(_Told):
    """The game ended and ``winner`` won.

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "game_ended"
    """The event's ``"type"`` in its document."""

    winner: int = attrs.field(metadata=_SEAT)

    def _sentence(self, names: Sequence[str]) -> str:
        return f"{_name(names, self.winner)} wins the game"


@attrs.frozen
class HandDealt(_Told):
    """Hand ``hand_number`` was dealt by ``dealer``; ``starter`` began the
    discard pile; ``tiebreak`` marks a tie-break hand.

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "hand_dealt"
    """The event's ``"type"`` in its document."""

    hand_number: int = attrs.field(
        metadata={BOUNDS: {"minimum": 1, "maximum": MAX_HANDS}}
    )
    dealer: int = attrs.field(metadata=_SEAT)
    starter: Card
    tiebreak: bool

    def _sentence(self, names: Sequence[str]) -> str:
        kind = "tie-break hand" if self.tiebreak else "hand"
        return (
            f"{_name(names, self.dealer)} deals {kind} {self.hand_number}; "
            f"the discard pile starts with {self.starter}"
        )


@attrs.frozen
class PhaseChosen(_Told):
    """``player`` chose (R44) or declared (R45) phase ``phase`` (from 1) for
    this hand, face up.

    .. versionadded:: 0.2
    """

    name: ClassVar[str] = "phase_chosen"
    """The event's ``"type"`` in its document."""

    player: int = attrs.field(metadata=_SEAT)
    phase: int = attrs.field(metadata={BOUNDS: {"minimum": 1, "maximum": MAX_PHASES}})

    def _sentence(self, names: Sequence[str]) -> str:
        return f"{_name(names, self.player)} chooses phase {self.phase}"


@attrs.frozen
class CardSaved(_Told):
    """``player`` ended their turn by saving ``card`` (R46); ``card`` is
    ``None`` when saved cards are face down and the seat told is not the
    player's. ``hidden`` says whether they are face down.

    .. versionadded:: 0.2
    """

    name: ClassVar[str] = "card_saved"
    """The event's ``"type"`` in its document."""

    player: int = attrs.field(metadata=_SEAT)
    card: Card | None
    hidden: bool = False

    def seen_by(self, seat: int | None) -> CardSaved:
        """The event as ``seat`` may know it (private when saved face down)."""
        _check_seat(seat)
        if self.hidden and seat != self.player and self.card is not None:
            return CardSaved(self.player, None, self.hidden)
        return self

    def _sentence(self, names: Sequence[str]) -> str:
        what = "a card" if self.card is None else str(self.card)
        return f"{_name(names, self.player)} saves {what}"


@attrs.frozen
class SavedCardDrawn(_Told):
    """``player`` drew ``card`` from their own save pile (R47); ``card`` is
    ``None`` when saved cards are face down and the seat told is not the
    player's.

    .. versionadded:: 0.2
    """

    name: ClassVar[str] = "saved_card_drawn"
    """The event's ``"type"`` in its document."""

    player: int = attrs.field(metadata=_SEAT)
    card: Card | None
    hidden: bool = False

    def seen_by(self, seat: int | None) -> SavedCardDrawn:
        """The event as ``seat`` may know it (private when saved face down)."""
        _check_seat(seat)
        if self.hidden and seat != self.player and self.card is not None:
            return SavedCardDrawn(self.player, None, self.hidden)
        return self

    def _sentence(self, names: Sequence[str]) -> str:
        what = "a saved card" if self.card is None else f"the saved {self.card}"
        return f"{_name(names, self.player)} draws {what}"


@attrs.frozen
class WildSwapped(_Told):
    """``player`` put ``card`` on table group ``meld`` in place of a Wild and
    took the Wild (R50); the group became ``result``.

    .. versionadded:: 0.2
    """

    name: ClassVar[str] = "wild_swapped"
    """The event's ``"type"`` in its document."""

    player: int = attrs.field(metadata=_SEAT)
    card: Card
    meld: int = attrs.field(metadata=_GROUP)
    result: Meld

    def _sentence(self, names: Sequence[str]) -> str:
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

EVENT_TYPES: Final[tuple[type[Event], ...]] = typing.get_args(Event)
"""Every kind of event, in the order of :data:`Event`.

.. versionadded:: 0.3
"""
