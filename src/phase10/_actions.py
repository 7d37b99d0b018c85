"""Moves as data: one frozen record per kind of move, and their notation.

Each record names its kind (``Draw.name == "draw"``, the ``"type"`` of its
JSON document) and writes itself in the move notation
(``Hit("W", 2, end="low").notation == "H W 2 low"``), which
:func:`parse_action` reads back. ``str(action)`` is an English sentence.
The notation's grammar is in the documentation ("Move notation").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeVar, cast

import attrs
from typing_extensions import Self

from ._cards import Card, as_card, as_groups, format_cards, parse_cards
from ._errors import NotationError, UsageError, is_whole, shown
from ._groups import End
from ._immutable import Immutable
from ._limits import BOUNDS, MAX_MOVE_NUMBER
from ._state import Pile

__all__ = [
    "MAX_MOVE_NUMBER",
    "MOVE_CLASSES",
    "MOVE_TYPES",
    "Action",
    "ChoosePhase",
    "Discard",
    "Draw",
    "DrawSaved",
    "Hit",
    "LayPhase",
    "NextHand",
    "Save",
    "Skip",
    "SwapWild",
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


def _number_field(what: str, *, low: int = 0, optional: bool = False) -> Any:
    """A field of a whole number from ``low`` to :data:`MAX_MOVE_NUMBER`
    (or ``None``, if ``optional``), refused at construction as the notation
    and JSON readers refuse it, so that every record reads back."""
    bounds = {"minimum": low, "maximum": MAX_MOVE_NUMBER}

    def check(instance: Any, attribute: Any, value: Any) -> None:
        if value is None and optional:
            return
        if not is_whole(value):
            also = " or None" if optional else ""
            raise UsageError(f"{what} is a whole number{also}, not {shown(value)}")
        if not bounds["minimum"] <= value <= bounds["maximum"]:
            raise NotationError(
                f"{what} is a whole number from {bounds['minimum']} to "
                f"{bounds['maximum']:,}, not {shown(value)}"
            )

    return attrs.field(validator=check, metadata={BOUNDS: bounds})


_GROUPS_BOUNDS: Final[dict[str, Any]] = {"minItems": 1, "items": {"minItems": 1}}
"""A lay has at least one group, and every group at least one card."""


def _check_groups(instance: Any, attribute: Any, groups: Any) -> None:
    """A lay has at least one group, and every group at least one card."""
    least_cards = _GROUPS_BOUNDS["items"]["minItems"]
    if len(groups) < _GROUPS_BOUNDS["minItems"] or any(
        len(group) < least_cards for group in groups
    ):
        raise NotationError(
            "a phase is laid as one or more groups of one or more cards each, "
            "such as 'L R5 B5 G5 | Y7 R7 W'"
        )


class _Move(Immutable):
    """What every move record has: its notation's reader beside the
    :attr:`notation` each record writes, and a ``repr`` that calls it."""

    __slots__ = ()

    if TYPE_CHECKING:  # each record writes its own notation

        @property
        def notation(self) -> str: ...

    @classmethod
    def from_notation(cls, text: str) -> Self:
        """The move of this kind that ``text`` writes, the inverse of
        :attr:`notation`; text for another kind of move is refused.

        >>> from phase10 import Hit
        >>> Hit.from_notation("h w 0 LOW")
        Hit.from_notation('H W 0 low')

        .. versionadded:: 0.2
        """
        return cast(Self, _parse(text, cast(Any, cls)))

    def __repr__(self) -> str:
        """The call that makes the move again, short: ``Hit.from_notation('H R7
        2')``, as python-chess writes ``Move.from_uci('e2e4')``."""
        return f"{type(self).__name__}.from_notation({self.notation!r})"


@attrs.frozen(repr=False)
class Draw(_Move):
    """Draw the top card of ``source`` (R21).

    Notation: ``D`` for the draw pile, ``T`` to take the top of the discard
    pile.

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "draw"
    """The move's name: the ``"type"`` of its JSON document."""

    verbs: ClassVar[dict[str, str]] = {"D": "D", "T": "T"}
    """The notation's letters for this kind of move, and how each is written."""
    words: ClassVar[dict[str, str]] = {"DRAW": "D", "TAKE": "T"}
    """Verbs written out, and the letters they stand for."""

    source: Pile = attrs.field(default=Pile.DRAW, converter=_pile)

    @property
    def notation(self) -> str:
        """The move in the move notation, ``"D"`` or ``"T"``."""
        return "T" if self.source is Pile.DISCARD else "D"

    @classmethod
    def _from_words(cls, verb: str, args: list[str]) -> Draw | None:
        if args:
            return None
        return cls(Pile.DISCARD if verb == "T" else Pile.DRAW)

    def __str__(self) -> str:
        return "draw from the " + (
            "discard pile" if self.source is Pile.DISCARD else "draw pile"
        )


@attrs.frozen(repr=False)
class LayPhase(_Move):
    """Lay down the phase as ``groups`` (R4, R14).

    Notation: ``L`` and the groups' cards, groups separated by ``|``:
    ``"L R5 B5 G5 | Y7 R7 W"``.

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "lay_phase"
    """The move's name: the ``"type"`` of its JSON document."""

    verbs: ClassVar[dict[str, str]] = {
        "L": "L <cards> | <cards> ..., such as 'L R5 B5 G5 | Y7 R7 W'"
    }
    """The notation's letters for this kind of move, and how each is written."""
    words: ClassVar[dict[str, str]] = {"LAY": "L"}
    """Verbs written out, and the letters they stand for."""

    groups: tuple[tuple[Card, ...], ...] = attrs.field(
        converter=as_groups,
        validator=_check_groups,
        metadata={BOUNDS: _GROUPS_BOUNDS},
    )

    @property
    def notation(self) -> str:
        """The move in the move notation, such as ``"L R5 B5 G5 | Y7 R7 W"``."""
        return "L " + " | ".join(format_cards(g) for g in self.groups)

    @classmethod
    def _from_words(cls, verb: str, args: list[str]) -> LayPhase | None:
        groups = []
        for group in " ".join(args).split("|"):
            # The grammar's commas go between two cards, which parse_cards
            # (lenient, for lists of cards) would not check.
            text = group.strip(" ")
            for comma, where in ((text[:1], "starts"), (text[-1:], "ends")):
                if comma == ",":
                    raise NotationError(
                        f"{shown(text)} {where} with a comma: a comma goes "
                        "between two cards"
                    )
            groups.append(parse_cards(text))
        return cls(groups)

    def __str__(self) -> str:
        return "lay down " + " | ".join(format_cards(g) for g in self.groups)


@attrs.frozen(repr=False)
class Hit(_Move):
    """Hit ``card`` onto group ``meld`` of the table (R30, R32).

    Notation: ``H``, the card, the group's number (from 0) and, for a
    chosen end of a run, ``low`` or ``high``: ``"H R7 2"``, ``"H W 0 low"``.

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "hit"
    """The move's name: the ``"type"`` of its JSON document."""

    verbs: ClassVar[dict[str, str]] = {
        "H": "H <card> <group number> [low|high], such as 'H R7 2' or 'H W 0 low'"
    }
    """The notation's letters for this kind of move, and how each is written."""
    words: ClassVar[dict[str, str]] = {"HIT": "H"}
    """Verbs written out, and the letters they stand for."""

    card: Card = attrs.field(converter=as_card)
    meld: int = _number_field("a group's number")
    end: End | None = attrs.field(default=None, converter=_end)

    @property
    def notation(self) -> str:
        """The move in the move notation, such as ``"H W 0 low"``."""
        end = "" if self.end is None else f" {self.end.value}"
        return f"H {self.card} {self.meld}{end}"

    @classmethod
    def _from_words(cls, verb: str, args: list[str]) -> Hit | None:
        if len(args) not in (2, 3):
            return None
        end = None
        if len(args) == 3:
            if args[2].lower() not in ("low", "high"):
                raise NotationError(
                    f"the end of a run is low or high, not {shown(args[2])}"
                )
            end = End(args[2].lower())
        return cls(Card.parse(args[0]), _number(args[1], "group"), end)

    def __str__(self) -> str:
        where = f" at the {self.end.value} end" if self.end is not None else ""
        return f"hit {self.card} on group {self.meld}{where}"


@attrs.frozen(repr=False)
class Discard(_Move):
    """Discard ``card``, ending the turn (R21).

    Notation: ``X`` and the card: ``"X R7"``.

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "discard"
    """The move's name: the ``"type"`` of its JSON document."""

    verbs: ClassVar[dict[str, str]] = {"X": "X <card>, such as 'X R7'"}
    """The notation's letters for this kind of move, and how each is written."""
    words: ClassVar[dict[str, str]] = {"DISCARD": "X"}
    """Verbs written out, and the letters they stand for."""

    card: Card = attrs.field(converter=as_card)

    @property
    def notation(self) -> str:
        """The move in the move notation, such as ``"X R7"``."""
        return f"X {self.card}"

    @classmethod
    def _from_words(cls, verb: str, args: list[str]) -> Discard | None:
        return cls(Card.parse(args[0])) if len(args) == 1 else None

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen(repr=False)
class Skip(_Move):
    """Discard a Skip against seat ``target`` (R26, R29).

    Notation: ``S`` and the seat (from 0), or ``S -`` against nobody.

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "skip"
    """The move's name: the ``"type"`` of its JSON document."""

    verbs: ClassVar[dict[str, str]] = {
        "S": "S <seat> or S - (against nobody), such as 'S 1'"
    }
    """The notation's letters for this kind of move, and how each is written."""
    words: ClassVar[dict[str, str]] = {"SKIP": "S"}
    """Verbs written out, and the letters they stand for."""

    target: int | None = _number_field("a Skip's target seat", optional=True)

    @property
    def notation(self) -> str:
        """The move in the move notation, such as ``"S 1"`` or ``"S -"``."""
        return f"S {'-' if self.target is None else self.target}"

    @classmethod
    def _from_words(cls, verb: str, args: list[str]) -> Skip | None:
        if len(args) != 1:
            return None
        return cls(None if args[0] == "-" else _number(args[0], "seat"))

    def __str__(self) -> str:
        return "discard a Skip" + (
            f" against seat {self.target}" if self.target is not None else ""
        )


@attrs.frozen(repr=False)
class NextHand(_Move):
    """Deal the next hand (R36).

    Notation: ``N``.

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "next_hand"
    """The move's name: the ``"type"`` of its JSON document."""

    verbs: ClassVar[dict[str, str]] = {"N": "N"}
    """The notation's letters for this kind of move, and how each is written."""
    words: ClassVar[dict[str, str]] = {"NEXT": "N"}
    """Verbs written out, and the letters they stand for."""

    @property
    def notation(self) -> str:
        """The move in the move notation, always ``"N"``."""
        return "N"

    @classmethod
    def _from_words(cls, verb: str, args: list[str]) -> NextHand | None:
        return None if args else cls()

    def __str__(self) -> str:
        return "deal the next hand"


@attrs.frozen(repr=False)
class ChoosePhase(_Move):
    """Choose phase ``phase`` (its number, from 1) as the one to attempt this
    hand (the Masters Edition, R44), or declare it before laying it (R45).

    Notation: ``P`` and the phase's number: ``"P 7"``.

    .. versionadded:: 0.2
    """

    name: ClassVar[str] = "choose_phase"
    """The move's name: the ``"type"`` of its JSON document."""

    verbs: ClassVar[dict[str, str]] = {"P": "P <phase number>, such as 'P 7'"}
    """The notation's letters for this kind of move, and how each is written."""
    words: ClassVar[dict[str, str]] = {"PHASE": "P", "CHOOSE": "P"}
    """Verbs written out, and the letters they stand for."""

    phase: int = _number_field("a phase's number", low=1)

    @property
    def notation(self) -> str:
        """The move in the move notation, such as ``"P 7"``."""
        return f"P {self.phase}"

    @classmethod
    def _from_words(cls, verb: str, args: list[str]) -> ChoosePhase | None:
        if len(args) != 1:
            return None
        return cls(_number(args[0], "phase", first=1))

    def __str__(self) -> str:
        return f"choose phase {self.phase}"


@attrs.frozen(repr=False)
class Save(_Move):
    """End the turn by putting ``card`` on one's own save pile instead of
    discarding (the Masters Edition, R46).

    Notation: ``K`` (keep) and the card: ``"K W"``.

    .. versionadded:: 0.2
    """

    name: ClassVar[str] = "save"
    """The move's name: the ``"type"`` of its JSON document."""

    verbs: ClassVar[dict[str, str]] = {"K": "K <card>, such as 'K W'"}
    """The notation's letters for this kind of move, and how each is written."""
    words: ClassVar[dict[str, str]] = {"SAVE": "K", "KEEP": "K"}
    """Verbs written out, and the letters they stand for."""

    card: Card = attrs.field(converter=as_card)

    @property
    def notation(self) -> str:
        """The move in the move notation, such as ``"K W"``."""
        return f"K {self.card}"

    @classmethod
    def _from_words(cls, verb: str, args: list[str]) -> Save | None:
        return cls(Card.parse(args[0])) if len(args) == 1 else None

    def __str__(self) -> str:
        return f"save {self.card}"


@attrs.frozen(repr=False)
class DrawSaved(_Move):
    """Draw ``card`` from one's own save pile instead of either pile (the
    Masters Edition, R47).

    Notation: ``U`` (use) and the card: ``"U W"``.

    .. versionadded:: 0.2
    """

    name: ClassVar[str] = "draw_saved"
    """The move's name: the ``"type"`` of its JSON document."""

    verbs: ClassVar[dict[str, str]] = {"U": "U <card>, such as 'U W'"}
    """The notation's letters for this kind of move, and how each is written."""
    words: ClassVar[dict[str, str]] = {"USE": "U"}
    """Verbs written out, and the letters they stand for."""

    card: Card = attrs.field(converter=as_card)

    @property
    def notation(self) -> str:
        """The move in the move notation, such as ``"U W"``."""
        return f"U {self.card}"

    @classmethod
    def _from_words(cls, verb: str, args: list[str]) -> DrawSaved | None:
        return cls(Card.parse(args[0])) if len(args) == 1 else None

    def __str__(self) -> str:
        return f"draw the saved {self.card}"


@attrs.frozen(repr=False)
class SwapWild(_Move):
    """Put ``card`` on table group ``meld`` in place of the Wild that stands
    for it, and take the Wild into the hand (the house rule R50).

    Notation: ``E`` (exchange), the card and the group's number: ``"E R7 2"``.

    .. versionadded:: 0.2
    """

    name: ClassVar[str] = "swap_wild"
    """The move's name: the ``"type"`` of its JSON document."""

    verbs: ClassVar[dict[str, str]] = {"E": "E <card> <group number>, such as 'E R7 2'"}
    """The notation's letters for this kind of move, and how each is written."""
    words: ClassVar[dict[str, str]] = {"SWAP": "E", "EXCHANGE": "E"}
    """Verbs written out, and the letters they stand for."""

    card: Card = attrs.field(converter=as_card)
    meld: int = _number_field("a group's number")

    @property
    def notation(self) -> str:
        """The move in the move notation, such as ``"E R7 2"``."""
        return f"E {self.card} {self.meld}"

    @classmethod
    def _from_words(cls, verb: str, args: list[str]) -> SwapWild | None:
        if len(args) != 2:
            return None
        return cls(Card.parse(args[0]), _number(args[1], "group"))

    def __str__(self) -> str:
        return f"put {self.card} on group {self.meld} and take its Wild"


Action = (
    Draw
    | LayPhase
    | Hit
    | Discard
    | Skip
    | NextHand
    | ChoosePhase
    | DrawSaved
    | Save
    | SwapWild
)
"""Any move, as a record."""

MOVE_TYPES: Final = (
    Draw,
    LayPhase,
    Hit,
    Discard,
    Skip,
    NextHand,
    ChoosePhase,
    DrawSaved,
    Save,
    SwapWild,
)
"""Every kind of move: those of the classic game in the order of a turn,
then those the Masters Edition and the house rules add (kept last, so that
the classic moves keep their order and their numbers in the encoding)."""

MOVE_CLASSES: Final = (
    ", ".join(cls.__name__ for cls in MOVE_TYPES[:-1])
    + f" or {MOVE_TYPES[-1].__name__}"
)
"""The records of moves, in words: "Draw, LayPhase, ... or SwapWild"."""

_A = TypeVar(
    "_A",
    Draw,
    LayPhase,
    Hit,
    Discard,
    Skip,
    NextHand,
    ChoosePhase,
    DrawSaved,
    Save,
    SwapWild,
)


# --- reading the notation -----------------------------------------------------

_SPACE: Final = re.compile(r"[ \t\n\r\x0b\x0c]+")
_NUMBER: Final = re.compile(r"[0-9]{1,9}")
_DIGITS: Final = re.compile(r"[0-9]+")
_KIND_OF_VERB: Final[dict[str, type[Action]]] = {
    verb: kind for kind in MOVE_TYPES for verb in kind.verbs
}
"""The kind of move each letter of the notation starts."""
_FORMS: Final[dict[str, str]] = {
    verb: form for kind in MOVE_TYPES for verb, form in kind.verbs.items()
}
_ALIASES: Final[dict[str, str]] = {
    word: verb for kind in MOVE_TYPES for word, verb in kind.words.items()
}
_VERBS: Final = ", ".join(
    f"{verb} ({word.lower()})" for word, verb in list(_ALIASES.items())[:-1]
) + " or {} ({})".format(*[(v, w.lower()) for w, v in _ALIASES.items()][-1])


def parse_action(text: str) -> Action:
    """Read a move from its notation, the inverse of ``action.notation``.

    The verb comes first, then its arguments, separated by spaces; letters
    may be in either case and the verbs may be written out (``draw``,
    ``take``, ``lay``, ``hit``, ``discard``, ``skip``, ``next``, and for the
    Masters Edition ``choose``, ``save`` and ``use``, and ``swap``). Each kind
    of move reads its own notation (``Hit.from_notation``); this function
    gives the text to the kind its verb names:

    >>> parse_action("H W 0 low")
    Hit.from_notation('H W 0 low')
    >>> parse_action("lay r5 b5 g5 | y7 r7 w").notation
    'L R5 B5 G5 | Y7 R7 W'
    >>> parse_action("S -"), parse_action("t")
    (Skip.from_notation('S -'), Draw.from_notation('T'))

    Raises :class:`NotationError` saying what was expected.

    .. versionadded:: 0.1
    """
    return _parse(text, None)


def _parse(text: str, only: type[_A] | None) -> _A:
    """The move ``text`` writes, of kind ``only`` if given."""
    if not isinstance(text, str) or not text.isascii():
        raise (NotationError if isinstance(text, str) else UsageError)(
            f"a move is written in ASCII text, such as 'X R7', not {shown(text)}"
        )
    words = _SPACE.split(text.strip(" \t\n\r\x0b\x0c"))
    verb = _ALIASES.get(words[0].upper(), words[0].upper())
    kind = _KIND_OF_VERB.get(verb)
    if kind is None:
        raise NotationError(f"{shown(words[0])} is not a move: start with {_VERBS}")
    if only is not None and kind is not only:
        raise NotationError(
            f"{shown(text)} is a {kind.__name__}, not a {only.__name__}"
        )
    try:
        action = kind._from_words(verb, words[1:])
    except NotationError as error:
        raise NotationError(
            f"{error} (a move {verb} is written {_FORMS[verb]})"
        ) from None
    if action is None:
        raise NotationError(
            f"{shown(text)} is not a move: it is written {_FORMS[verb]}"
        )
    return cast(_A, action)


_WRITTEN: Final = {
    "group": "a group number",
    "seat": "a seat",
    "phase": "a phase's number",
}


def _number(word: str, noun: str, *, first: int = 0) -> int:
    """The number of a ``noun`` (a seat, a table group, a phase), numbered
    from ``first``; one that no game has is refused in the game's words."""
    if _DIGITS.fullmatch(word) is None:
        example = "0 or 2" if first == 0 else "1 or 7"
        raise NotationError(
            f"{_WRITTEN[noun]} is written in digits, such as {example}, "
            f"not {shown(word)}"
        )
    if _NUMBER.fullmatch(word) is None and _NUMBER.fullmatch(word.lstrip("0")):
        raise NotationError(
            f"{_WRITTEN[noun]} is written in at most nine digits, not {shown(word)}"
        )
    named = word.lstrip("0") or "0"
    if _NUMBER.fullmatch(word) is None:
        named = named if len(named) <= 20 else f"{named[:17]}..."
        raise NotationError(
            f"there is no {noun} {named}: no game has that many {noun}s"
        )
    if int(word) < first:
        raise NotationError(
            f"there is no {noun} {named}: a {noun}'s number counts from {first}"
        )
    return int(word)
