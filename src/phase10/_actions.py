"""Moves as data: one frozen record per kind of move, and their notation.

Each record names its kind (``Draw.name == "draw"``, the ``"type"`` of its
JSON document) and writes itself in the move notation
(``Hit("W", 2, end="low").notation == "H W 2 low"``), which
:func:`parse_action` reads back. ``str(action)`` is an English sentence.
The notation's grammar is in the documentation ("Move notation").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar, Final

import attrs

from ._cards import Card, as_card, as_groups, format_cards, parse_cards
from ._errors import NotationError, UsageError, is_whole, shown
from ._groups import End
from ._immutable import Immutable
from ._state import Pile

__all__ = [
    "MOVE_TYPES",
    "Action",
    "Discard",
    "Draw",
    "Hit",
    "LayPhase",
    "NextHand",
    "Skip",
    "parse_action",
]


def _pile(value: Pile | str) -> Pile:
    """A pile, also from its name ``"draw"`` or ``"discard"``."""
    if isinstance(value, Pile):
        return value
    if isinstance(value, str) and value.strip().lower() in ("draw", "discard"):
        return Pile(value.strip().lower())
    raise (NotationError if isinstance(value, str) else UsageError)(
        f"a pile is Pile.DRAW or Pile.DISCARD ('draw' or 'discard'), not {shown(value)}"
    )


def _end(value: End | str | None) -> End | None:
    """An end of a run, also from its name ``"low"`` or ``"high"``, or ``None``."""
    if value is None or isinstance(value, End):
        return value
    if isinstance(value, str) and value.strip().lower() in ("low", "high"):
        return End(value.strip().lower())
    raise (NotationError if isinstance(value, str) else UsageError)(
        f"an end of a run is End.LOW or End.HIGH ('low' or 'high'), not {shown(value)}"
    )


def _check_number(what: str, *, optional: bool) -> Callable[[Any, Any, Any], None]:
    def check(instance: Any, attribute: Any, value: Any) -> None:
        if (value is None and optional) or is_whole(value):
            return
        also = " or None" if optional else ""
        raise UsageError(f"{what} is a whole number{also}, not {shown(value)}")

    return check


@attrs.frozen
class Draw(Immutable):
    """Draw the top card of ``source`` (R21).

    Notation: ``D`` for the draw pile, ``T`` to take the top of the discard
    pile.

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "draw"
    """The move's name: the ``"type"`` of its JSON document."""

    source: Pile = attrs.field(default=Pile.DRAW, converter=_pile)

    @property
    def notation(self) -> str:
        """The move in the move notation, ``"D"`` or ``"T"``."""
        return "T" if self.source is Pile.DISCARD else "D"

    def __str__(self) -> str:
        return "draw from the " + (
            "discard pile" if self.source is Pile.DISCARD else "draw pile"
        )


@attrs.frozen
class LayPhase(Immutable):
    """Lay down the phase as ``groups`` (R4, R14).

    Notation: ``L`` and the groups' cards, groups separated by ``|``:
    ``"L R5 B5 G5 | Y7 R7 W"``.

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "lay_phase"
    """The move's name: the ``"type"`` of its JSON document."""

    groups: tuple[tuple[Card, ...], ...] = attrs.field(converter=as_groups)

    @property
    def notation(self) -> str:
        """The move in the move notation, such as ``"L R5 B5 G5 | Y7 R7 W"``."""
        return " ".join(["L", " | ".join(format_cards(g) for g in self.groups)]).strip()

    def __str__(self) -> str:
        return "lay down " + " | ".join(format_cards(g) for g in self.groups)


@attrs.frozen
class Hit(Immutable):
    """Hit ``card`` onto group ``meld`` of the table (R30, R32).

    Notation: ``H``, the card, the group's number (from 0) and, for a
    chosen end of a run, ``low`` or ``high``: ``"H R7 2"``, ``"H W 0 low"``.

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "hit"
    """The move's name: the ``"type"`` of its JSON document."""

    card: Card = attrs.field(converter=as_card)
    meld: int = attrs.field(validator=_check_number("a group's number", optional=False))
    end: End | None = attrs.field(default=None, converter=_end)

    @property
    def notation(self) -> str:
        """The move in the move notation, such as ``"H W 0 low"``."""
        end = "" if self.end is None else f" {self.end.value}"
        return f"H {self.card} {self.meld}{end}"

    def __str__(self) -> str:
        where = f" at the {self.end.value} end" if self.end is not None else ""
        return f"hit {self.card} on group {self.meld}{where}"


@attrs.frozen
class Discard(Immutable):
    """Discard ``card``, ending the turn (R21).

    Notation: ``X`` and the card: ``"X R7"``.

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "discard"
    """The move's name: the ``"type"`` of its JSON document."""

    card: Card = attrs.field(converter=as_card)

    @property
    def notation(self) -> str:
        """The move in the move notation, such as ``"X R7"``."""
        return f"X {self.card}"

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class Skip(Immutable):
    """Discard a Skip against seat ``target`` (R26, R29).

    Notation: ``S`` and the seat (from 0), or ``S -`` against nobody.

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "skip"
    """The move's name: the ``"type"`` of its JSON document."""

    target: int | None = attrs.field(
        validator=_check_number("a Skip's target seat", optional=True)
    )

    @property
    def notation(self) -> str:
        """The move in the move notation, such as ``"S 1"`` or ``"S -"``."""
        return f"S {'-' if self.target is None else self.target}"

    def __str__(self) -> str:
        return "discard a Skip" + (
            f" against seat {self.target}" if self.target is not None else ""
        )


@attrs.frozen
class NextHand(Immutable):
    """Deal the next hand (R36).

    Notation: ``N``.

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "next_hand"
    """The move's name: the ``"type"`` of its JSON document."""

    @property
    def notation(self) -> str:
        """The move in the move notation, always ``"N"``."""
        return "N"

    def __str__(self) -> str:
        return "deal the next hand"


Action = Draw | LayPhase | Hit | Discard | Skip | NextHand
"""Any move, as a record."""

MOVE_TYPES: Final = (Draw, LayPhase, Hit, Discard, Skip, NextHand)
"""Every kind of move, in the order of a turn."""


# --- reading the notation -----------------------------------------------------

_SPACE: Final = re.compile(r"[ \t\n\r\x0b\x0c]+")
_NUMBER: Final = re.compile(r"[0-9]{1,9}")
_VERBS: Final = (
    "D (draw), T (take the discard), L (lay down), H (hit), X (discard), "
    "S (Skip) or N (next hand)"
)
_FORMS: Final = {
    "D": "D",
    "T": "T",
    "L": "L <cards> | <cards> ..., such as 'L R5 B5 G5 | Y7 R7 W'",
    "H": "H <card> <group number> [low|high], such as 'H R7 2' or 'H W 0 low'",
    "X": "X <card>, such as 'X R7'",
    "S": "S <seat> or S - (against nobody), such as 'S 1'",
    "N": "N",
}
_ALIASES: Final = {
    "DRAW": "D",
    "TAKE": "T",
    "LAY": "L",
    "HIT": "H",
    "DISCARD": "X",
    "SKIP": "S",
    "NEXT": "N",
}


def parse_action(text: str) -> Action:
    """Read a move from its notation, the inverse of ``action.notation``.

    The verb comes first, then its arguments, separated by spaces; letters
    may be in either case and the verbs may be written out (``draw``,
    ``take``, ``lay``, ``hit``, ``discard``, ``skip``, ``next``):

    >>> parse_action("H W 0 low")
    Hit(card=Card.parse('W'), meld=0, end=<End.LOW: 'low'>)
    >>> parse_action("lay r5 b5 g5 | y7 r7 w").notation
    'L R5 B5 G5 | Y7 R7 W'
    >>> parse_action("S -"), parse_action("t")
    (Skip(target=None), Draw(source=<Pile.DISCARD: 'discard'>))

    Raises :class:`NotationError` saying what was expected.

    .. versionadded:: 0.1
    """
    if not isinstance(text, str) or not text.isascii():
        raise (NotationError if isinstance(text, str) else UsageError)(
            f"a move is written in ASCII text, such as 'X R7', not {shown(text)}"
        )
    words = _SPACE.split(text.strip(" \t\n\r\x0b\x0c"))
    verb = _ALIASES.get(words[0].upper(), words[0].upper())
    if verb not in _FORMS:
        raise NotationError(f"{shown(words[0])} is not a move: start with {_VERBS}")
    args = words[1:]
    try:
        action = _read(verb, args)
    except NotationError as error:
        raise NotationError(
            f"{error} (a move {verb} is written {_FORMS[verb]})"
        ) from None
    if action is None:
        raise NotationError(
            f"{shown(text)} is not a move: it is written {_FORMS[verb]}"
        )
    return action


def _read(verb: str, args: list[str]) -> Action | None:
    """The move of ``verb`` with ``args``, or ``None`` if they are the wrong
    number or shape; a bad card raises :class:`NotationError`."""
    if verb in "DTN":
        if args:
            return None
        if verb == "N":
            return NextHand()
        return Draw(Pile.DISCARD if verb == "T" else Pile.DRAW)
    if verb == "L":
        joined = " ".join(args)
        return (
            LayPhase(tuple(parse_cards(g) for g in joined.split("|")))
            if args
            else LayPhase(())
        )
    if verb == "X":
        return Discard(Card.parse(args[0])) if len(args) == 1 else None
    if verb == "S":
        if len(args) != 1:
            return None
        if args[0] == "-":
            return Skip(None)
        return Skip(_number(args[0], "a seat"))
    if len(args) not in (2, 3):
        return None
    end = None
    if len(args) == 3:
        if args[2].lower() not in ("low", "high"):
            raise NotationError(
                f"the end of a run is low or high, not {shown(args[2])}"
            )
        end = End(args[2].lower())
    return Hit(Card.parse(args[0]), _number(args[1], "a group number"), end)


def _number(word: str, what: str) -> int:
    if _NUMBER.fullmatch(word) is None:
        raise NotationError(
            f"{what} is written in digits, such as 0 or 2, not {shown(word)}"
        )
    return int(word)
