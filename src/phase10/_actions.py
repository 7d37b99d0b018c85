"""Moves as data: one frozen record per kind of move, and :func:`apply`."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Final, cast

import attrs

from ._cards import Card, parse_cards
from ._errors import IllegalMove, NotationError, shown
from ._groups import End
from ._immutable import Immutable
from ._state import GameState, Pile
from ._transitions import discard, draw, hit, lay_phase, next_hand, skip

__all__ = [
    "MOVE_TYPES",
    "Action",
    "Discard",
    "Draw",
    "Hit",
    "LayPhase",
    "NextHand",
    "Skip",
    "apply",
]


def _cards(value: Iterable[Card | str] | str) -> tuple[Card, ...]:
    if isinstance(value, str):
        return parse_cards(value)
    return tuple(_card(card) for card in _iterate(value, "a group of cards"))


def _groups(
    value: Iterable[Iterable[Card | str] | str],
) -> tuple[tuple[Card, ...], ...]:
    if isinstance(value, str):
        raise NotationError(
            f"a phase is laid as a list of groups, such as ['R5 B5 G5', 'Y7 R7 W'], "
            f"not the single text {shown(value)}"
        )
    groups = _iterate(value, "a list of groups")
    return tuple(_cards(cast("Iterable[Card | str] | str", g)) for g in groups)


def _iterate(value: object, what: str) -> Iterable[object]:
    if isinstance(value, (tuple, list)):
        return value
    try:
        return tuple(cast("Iterable[object]", value))
    except TypeError:
        raise NotationError(f"expected {what}, not {shown(value)}") from None


def _card(value: object) -> Card:
    return value if isinstance(value, Card) else Card.parse(value)  # type: ignore[arg-type]


def _pile(value: Pile | str) -> Pile:
    """A pile, also from its name ``"draw"`` or ``"discard"``."""
    if isinstance(value, Pile):
        return value
    if isinstance(value, str) and value.strip().lower() in ("draw", "discard"):
        return Pile(value.strip().lower())
    raise NotationError(
        f"a pile is Pile.DRAW or Pile.DISCARD ('draw' or 'discard'), not {shown(value)}"
    )


def _end(value: End | str | None) -> End | None:
    """An end of a run, also from its name ``"low"`` or ``"high"``, or ``None``."""
    if value is None or isinstance(value, End):
        return value
    if isinstance(value, str) and value.strip().lower() in ("low", "high"):
        return End(value.strip().lower())
    raise NotationError(
        f"an end of a run is End.LOW or End.HIGH ('low' or 'high'), not {shown(value)}"
    )


def _check_seat(what: str, *, optional: bool) -> Callable[[Any, Any, Any], None]:
    def check(instance: Any, attribute: Any, value: Any) -> None:
        if value is None and optional:
            return
        if isinstance(value, bool) or not isinstance(value, int):
            also = " or None" if optional else ""
            raise NotationError(f"{what} is a whole number{also}, not {shown(value)}")

    return check


@attrs.frozen
class Draw(Immutable):
    """Draw the top card of ``source`` (R21).

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "draw"
    """The move's name: the ``"type"`` of its JSON document."""

    source: Pile = attrs.field(default=Pile.DRAW, converter=_pile)

    def __str__(self) -> str:
        return "draw from the " + (
            "discard pile" if self.source is Pile.DISCARD else "draw pile"
        )


@attrs.frozen
class LayPhase(Immutable):
    """Lay down the phase as ``groups`` (R4, R14).

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "lay_phase"
    """The move's name: the ``"type"`` of its JSON document."""

    groups: tuple[tuple[Card, ...], ...] = attrs.field(converter=_groups)

    def __str__(self) -> str:
        return "lay down " + " | ".join(" ".join(map(str, g)) for g in self.groups)


@attrs.frozen
class Hit(Immutable):
    """Hit ``card`` onto group ``meld`` of the table (R30, R32).

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "hit"
    """The move's name: the ``"type"`` of its JSON document."""

    card: Card = attrs.field(converter=_card)
    meld: int = attrs.field(validator=_check_seat("a group's number", optional=False))
    end: End | None = attrs.field(default=None, converter=_end)

    def __str__(self) -> str:
        where = f" at the {self.end.value} end" if self.end is not None else ""
        return f"hit {self.card} on group {self.meld}{where}"


@attrs.frozen
class Discard(Immutable):
    """Discard ``card``, ending the turn (R21).

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "discard"
    """The move's name: the ``"type"`` of its JSON document."""

    card: Card = attrs.field(converter=_card)

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class Skip(Immutable):
    """Discard a Skip against seat ``target`` (R26, R29).

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "skip"
    """The move's name: the ``"type"`` of its JSON document."""

    target: int | None = attrs.field(
        validator=_check_seat("a Skip's target seat", optional=True)
    )

    def __str__(self) -> str:
        return "discard a Skip" + (
            f" against seat {self.target}" if self.target is not None else ""
        )


@attrs.frozen
class NextHand(Immutable):
    """Deal the next hand (R36).

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "next_hand"
    """The move's name: the ``"type"`` of its JSON document."""

    def __str__(self) -> str:
        return "deal the next hand"


Action = Draw | LayPhase | Hit | Discard | Skip | NextHand
"""Any move, as a record."""

MOVE_TYPES: Final = (Draw, LayPhase, Hit, Discard, Skip, NextHand)
"""Every kind of move, in the order of a turn."""


def apply(state: GameState, action: Action, *, player: int | None = None) -> GameState:
    """Make the move ``action`` describes; the same as calling its function.

    .. versionadded:: 0.1
    """
    if isinstance(action, Draw):
        return draw(state, action.source, player=player)
    if isinstance(action, LayPhase):
        return lay_phase(state, action.groups, player=player)
    if isinstance(action, Hit):
        return hit(state, action.card, action.meld, end=action.end, player=player)
    if isinstance(action, Discard):
        return discard(state, action.card, player=player)
    if isinstance(action, Skip):
        return skip(state, action.target, player=player)
    if isinstance(action, NextHand):
        return next_hand(state, player=player)
    raise IllegalMove(f"{shown(action)} is not a move")
