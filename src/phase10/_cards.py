"""Cards, their compact notation, and the official deck (rule clauses R1-R4)."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from typing import Any, ClassVar, Final, cast, final

from ._errors import NotationError, UsageError, is_whole, shown
from ._svgcard import card_document

__all__ = [
    "COLOR_COUNT",
    "COLOR_ORDER",
    "FACES",
    "FACE_COUNT",
    "HIGHEST",
    "NUMBER_FACES",
    "SKIP",
    "SKIP_INDEX",
    "SKIP_SLOT",
    "SLOT_COUNT",
    "WILD",
    "WILD_INDEX",
    "WILD_SLOT",
    "Card",
    "CardLike",
    "Color",
    "as_card",
    "as_cards",
    "as_groups",
    "format_cards",
    "masters_deck",
    "parse_cards",
    "standard_deck",
]


class Color(enum.Enum):
    """The four colours of the number cards; the value is the one-letter code.

    >>> Color("R")
    <Color.RED: 'R'>
    >>> Color.GREEN.value
    'G'

    .. versionadded:: 0.1
    """

    RED = "R"
    BLUE = "B"
    YELLOW = "Y"
    GREEN = "G"


# The facts of the deck's faces, named once (R1): every module that counts
# cards by face or by number uses these names.

COLOR_ORDER: Final[tuple[Color, ...]] = tuple(Color)
"""The colours in the order of :attr:`Card.index`: red, blue, yellow, green."""
COLOR_COUNT: Final = len(COLOR_ORDER)
"""How many colours there are: 4."""
HIGHEST: Final = 12
"""The highest number on a card: number cards run from 1 to ``HIGHEST``."""
NUMBER_FACES: Final = HIGHEST * COLOR_COUNT
"""How many number-card faces there are (48): :attr:`Card.index` 0 to 47,
number by number and, within a number, in :data:`COLOR_ORDER`."""
WILD_INDEX: Final = NUMBER_FACES
"""The Wild's :attr:`Card.index`: 48."""
SKIP_INDEX: Final = NUMBER_FACES + 1
"""The Skip's :attr:`Card.index`: 49."""
FACE_COUNT: Final = SKIP_INDEX + 1
"""How many faces there are (50): the length of a count of cards by face."""

# Slot of a card in a count by number: 0 Wild, 1-12 the numbers, 13 Skip.
WILD_SLOT: Final = 0
SKIP_SLOT: Final = HIGHEST + 1
SLOT_COUNT: Final = SKIP_SLOT + 1
"""The length of a count of cards by number (14): Wilds, 1-12, Skips."""

_COLOR_INDEX: Final = {color: i for i, color in enumerate(COLOR_ORDER)}


@final
class Card:
    """One card, an immutable value compared by face (rule R1).

    There is exactly one object per face: ``Card(7, Color.RED)`` always
    returns the same object, so two red 7s are equal (and identical), and
    cards are cheap to hash and compare. Wild and Skip are the constants
    :data:`WILD` and :data:`SKIP`.

    >>> Card(7, Color.RED) == Card.parse("r7")
    True
    >>> str(Card.parse("b12")), Card.parse("W").is_wild
    ('B12', True)
    >>> [str(card) for card in sorted(parse_cards("W R7 B2 S R2"))]
    ['R2', 'B2', 'R7', 'W', 'S']

    Attributes:
        number: 1 to 12 for a number card, else ``None``.
        color: a :class:`Color` for a number card, else ``None`` (Wild and
            Skip are colourless in the rules).
        is_wild: whether this is a Wild.
        is_skip: whether this is a Skip.
        index: the card's place in :data:`FACES` (0-47 number cards ordered
            by number then colour, 48 Wild, 49 Skip); handy for arrays.

    .. versionadded:: 0.1
    """

    __slots__ = ("_c", "_n", "_text", "color", "index", "is_skip", "is_wild", "number")

    number: int | None
    color: Color | None
    is_wild: bool
    is_skip: bool
    index: int
    _n: int  # its slot: WILD_SLOT, the number, or SKIP_SLOT
    _c: int  # colour index 0-3, or -1
    _text: str

    _by_face: ClassVar[dict[tuple[int, Color], Card]] = {}

    def __new__(cls, number: int, color: Color) -> Card:
        if type(number) is int:  # not a bool or a float that equals an int
            try:
                return cls._by_face[(number, color)]
            except (KeyError, TypeError):
                pass
        if not isinstance(color, Color):
            raise UsageError(f"a card's color must be a Color, not {shown(color)}")
        if not is_whole(number):
            raise UsageError(f"a card's number is a whole number, not {shown(number)}")
        raise NotationError(
            f"a number card has a number from 1 to 12, not {shown(number)}"
        )

    @classmethod
    def _make(cls, index: int, number: int | None, color: Color | None) -> Card:
        card = object.__new__(cls)
        setattr_ = object.__setattr__
        setattr_(card, "index", index)
        setattr_(card, "number", number)
        setattr_(card, "color", color)
        setattr_(card, "is_wild", index == WILD_INDEX)
        setattr_(card, "is_skip", index == SKIP_INDEX)
        if number is not None and color is not None:
            setattr_(card, "_n", number)
            setattr_(card, "_c", _COLOR_INDEX[color])
            setattr_(card, "_text", f"{color.value}{number}")
        else:
            setattr_(card, "_n", WILD_SLOT if index == WILD_INDEX else SKIP_SLOT)
            setattr_(card, "_c", -1)
            setattr_(card, "_text", "W" if index == WILD_INDEX else "S")
        return card

    @staticmethod
    def parse(text: str) -> Card:
        """Read a card from its notation: ``"R7"``, ``"b12"``, ``"W"``, ``"S"``.

        Letters may be in either case (ASCII only) and surrounding ASCII
        white space is ignored.
        Raises :class:`NotationError` for anything else.
        """
        if isinstance(text, str) and text.isascii():
            card = _BY_TEXT.get(text.strip(_ASCII_SPACE).upper())
            if card is not None:
                return card
        if not isinstance(text, str):
            raise UsageError(f"a card is parsed from text, not from {shown(text)}")
        raise NotationError(
            f"{shown(text)} is not a card: write a color letter (R, B, Y, G) and a "
            'number 1-12 such as "R7", or "W" for a Wild, "S" for a Skip'
        ) from None

    @staticmethod
    def from_index(index: int) -> Card:
        """The card whose :attr:`index` is ``index`` (0-49)."""
        if type(index) is int and 0 <= index < len(FACES):
            return FACES[index]
        if not is_whole(index):
            raise UsageError(f"a card index is a whole number, not {shown(index)}")
        raise NotationError(
            f"a card index is 0 to {FACE_COUNT - 1}, not {shown(index)}"
        )

    @property
    def is_number(self) -> bool:
        """Whether this is a number card (not a Wild, not a Skip)."""
        return self._c >= 0

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def _repr_svg_(self) -> str:
        """The card as a picture, for Jupyter (see :func:`phase10.svg.card`)."""
        return card_document(self._text)

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index < other.index
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index <= other.index
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index > other.index
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index >= other.index
        return NotImplemented

    def __hash__(self) -> int:
        # By face, not by address: a set of cards then iterates in the same
        # order in every run, which seeded games rely on (R41).
        return self.index

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("cards are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        # Keep one object per face through pickle and copy.
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


def _build_faces() -> tuple[Card, ...]:
    faces: list[Card] = []
    for number in range(1, HIGHEST + 1):
        for color in COLOR_ORDER:
            card = Card._make(len(faces), number, color)
            Card._by_face[(number, color)] = card
            faces.append(card)
    faces.append(Card._make(WILD_INDEX, None, None))
    faces.append(Card._make(SKIP_INDEX, None, None))
    return tuple(faces)


FACES: Final[tuple[Card, ...]] = _build_faces()
"""Every distinct card face, in :attr:`Card.index` order."""

WILD: Final[Card] = FACES[WILD_INDEX]
"""The Wild card."""

SKIP: Final[Card] = FACES[SKIP_INDEX]
"""The Skip card."""

_BY_TEXT: Final = {str(card): card for card in FACES}

_ASCII_SPACE: Final = " \t\n\r\x0b\x0c"
_SEPARATORS: Final = re.compile(r"[ \t\n\r\x0b\x0c,]+")

CardLike = Card | str
"""A card, or its notation such as ``"R7"``: what every move accepts."""


def as_card(value: object) -> Card:
    """``value`` as a card: a :class:`Card` as it is, a text by its notation.

    The one converter every move and record uses. Raises
    :class:`NotationError` for anything else.
    """
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise UsageError(
        f"a card is a Card or its notation such as 'R7', not {shown(value)}"
    )


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces and/or commas.

    >>> parse_cards("R7, b7 W")
    (Card.parse('R7'), Card.parse('B7'), Card.parse('W'))

    .. versionadded:: 0.1
    """
    if not isinstance(text, str):
        raise UsageError(f"cards are written as text, not {type(text).__name__}")
    words = _SEPARATORS.split(text.strip(_ASCII_SPACE))
    return tuple(Card.parse(word) for word in words if word)


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards in notation, separated by spaces (undoes :func:`parse_cards`).

    >>> format_cards(parse_cards("r7 b7 w"))
    'R7 B7 W'

    .. versionadded:: 0.1
    """
    if isinstance(cards, str):
        raise UsageError(
            f"format_cards writes cards, not the text {shown(cards)}: read it with "
            "parse_cards"
        )
    return " ".join(str(as_card(card)) for card in _iterate(cards, "cards"))


def standard_deck() -> tuple[Card, ...]:
    """The 108 cards of the official deck, in a fixed order (rule R2).

    Two of each number 1-12 in each colour (96), then 8 Wilds and 4 Skips.

    >>> deck = standard_deck()
    >>> len(deck), deck.count(WILD), deck.count(SKIP), deck.count(Card.parse("G12"))
    (108, 8, 4, 2)

    .. versionadded:: 0.1
    """
    return _STANDARD_DECK


def masters_deck() -> tuple[Card, ...]:
    """The 106 cards of Phase 10 Masters Edition, in a fixed order (rule R2).

    The official deck but two of its Skips: two of each number 1-12 in each
    colour (96), then 8 Wilds and 2 Skips, as the edition's instructions
    list them.

    >>> deck = masters_deck()
    >>> len(deck), deck.count(WILD), deck.count(SKIP)
    (106, 8, 2)

    .. versionadded:: 0.2
    """
    return _MASTERS_DECK


_STANDARD_DECK: Final = tuple(
    [Card(n, c) for _ in range(2) for c in COLOR_ORDER for n in range(1, HIGHEST + 1)]
    + [WILD] * 8
    + [SKIP] * 4
)
_MASTERS_DECK: Final = _STANDARD_DECK[:-2]


def as_cards(value: Iterable[Card | str] | str) -> tuple[Card, ...]:
    """A group of cards: a text in notation, or cards or their notations."""
    if isinstance(value, str):
        return parse_cards(value)
    return tuple(as_card(card) for card in _iterate(value, "a group of cards"))


def as_groups(
    value: Iterable[Iterable[Card | str] | str],
) -> tuple[tuple[Card, ...], ...]:
    """Groups of cards, each as :func:`as_cards` reads it: the one reader of
    the groups a phase is laid as, for :class:`~phase10.LayPhase` and
    :func:`~phase10.lay_phase` alike. A one-shot iterator is read once."""
    if isinstance(value, str):
        raise UsageError(
            f"a phase is laid as a list of groups, such as ['R5 B5 G5', 'Y7 R7 W'], "
            f"not the single text {shown(value)}"
        )
    if type(value) is tuple and all(  # already in its final form: keep it
        type(group) is tuple and all(type(card) is Card for card in group)
        for group in value
    ):
        return value
    groups = _iterate(value, "a list of groups")
    return tuple(as_cards(cast("Iterable[Card | str] | str", g)) for g in groups)


def _iterate(value: object, what: str) -> Iterable[object]:
    if isinstance(value, (tuple, list)):
        return value
    try:
        return tuple(cast("Iterable[object]", value))
    except TypeError:
        raise UsageError(f"expected {what}, not {shown(value)}") from None
