"""Cards, their notation and the official deck (R1, R2)."""

from __future__ import annotations

import copy
import pickle
import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import cards, hands

from phase10 import (
    FACES,
    SKIP,
    WILD,
    Card,
    Color,
    NotationError,
    Phase10Error,
    UsageError,
    parse_cards,
    standard_deck,
)

NUMBER_CARDS = [card for card in FACES if card.is_number]


def face_id(card: Card) -> str:
    """Name a parametrized case after the card."""
    return str(card)


# --- Colours -----------------------------------------------------------------


@pytest.mark.rule("R1")
def test_four_colours_with_one_letter_codes() -> None:
    """The four colours are red, blue, yellow and green, coded R, B, Y, G."""
    assert [(color.name, color.value) for color in Color] == [
        ("RED", "R"),
        ("BLUE", "B"),
        ("YELLOW", "Y"),
        ("GREEN", "G"),
    ]
    assert Color("G") is Color.GREEN


# --- Faces -------------------------------------------------------------------


@pytest.mark.rule("R1")
def test_there_are_fifty_faces_in_index_order() -> None:
    """FACES lists 48 number cards (by number, then colour), the Wild, the Skip."""
    assert len(FACES) == 50
    assert len(set(FACES)) == 50
    assert [card.index for card in FACES] == list(range(50))
    expected = [Card(n, c) for n in range(1, 13) for c in Color]
    assert list(FACES[:48]) == expected
    assert FACES[48] is WILD
    assert FACES[49] is SKIP


@pytest.mark.rule("R1")
@pytest.mark.parametrize("card", NUMBER_CARDS, ids=face_id)
def test_number_card_attributes(card: Card) -> None:
    """A number card has a number 1-12 and a colour, and is neither Wild nor Skip."""
    assert card.number is not None
    assert 1 <= card.number <= 12
    assert isinstance(card.color, Color)
    assert Card(card.number, card.color) is card
    assert card.is_number
    assert not card.is_wild
    assert not card.is_skip


@pytest.mark.rule("R1")
def test_wild_and_skip_have_neither_number_nor_colour() -> None:
    """The Wild and the Skip have no number and no colour."""
    assert (WILD.number, WILD.color) == (None, None)
    assert (SKIP.number, SKIP.color) == (None, None)
    assert WILD.is_wild
    assert not WILD.is_skip
    assert SKIP.is_skip
    assert not SKIP.is_wild
    assert not WILD.is_number
    assert not SKIP.is_number


@pytest.mark.rule("R1")
@pytest.mark.parametrize("index", range(50))
def test_from_index_gives_the_face_with_that_index(index: int) -> None:
    """Card.from_index(i) is FACES[i], whose index is i."""
    card = Card.from_index(index)
    assert card is FACES[index]
    assert card.index == index


@pytest.mark.rule("R1")
@pytest.mark.parametrize("index", [-1, 50, 1000, "3", 3.0, None, True])
def test_from_index_rejects_what_is_not_an_index(index: object) -> None:
    """Card.from_index refuses a whole number out of 0-49 (NotationError) and
    anything else, bools too (UsageError)."""
    wrong_type = isinstance(index, bool) or not isinstance(index, int)
    error = UsageError if wrong_type else NotationError
    with pytest.raises(error, match=r"0 to 49|whole number"):
        Card.from_index(index)  # type: ignore[arg-type]


# --- Notation ----------------------------------------------------------------


@pytest.mark.rule("R1")
@pytest.mark.parametrize("card", FACES, ids=face_id)
def test_str_and_parse_round_trip(card: Card) -> None:
    """str(card) is the canonical notation and parses back to the same card."""
    text = str(card)
    assert re.fullmatch(r"[RBYG](?:[1-9]|1[0-2])|W|S", text)
    assert Card.parse(text) is card
    assert Card.parse(text.lower()) is card
    assert Card.parse(f"  {text.lower()}\t") is card


@pytest.mark.rule("R1")
@pytest.mark.parametrize(
    ("text", "number", "color"),
    [
        ("R7", 7, Color.RED),
        ("b12", 12, Color.BLUE),
        ("y1", 1, Color.YELLOW),
        ("G10", 10, Color.GREEN),
    ],
)
def test_parse_reads_colour_and_number(text: str, number: int, color: Color) -> None:
    """Card.parse reads the colour letter and the number, in either case."""
    card = Card.parse(text)
    assert (card.number, card.color) == (number, color)


@pytest.mark.rule("R1")
def test_parse_reads_wild_and_skip_in_either_case() -> None:
    """The Wild is written "W" or "w", the Skip "S" or "s"."""
    assert Card.parse("W") is Card.parse("w") is WILD
    assert Card.parse("S") is Card.parse("s") is SKIP


@pytest.mark.rule("R1")
def test_str_of_examples() -> None:
    """str gives upper-case notation without padding."""
    assert str(Card(7, Color.RED)) == "R7"
    assert str(Card(12, Color.BLUE)) == "B12"
    assert (str(WILD), str(SKIP)) == ("W", "S")


@pytest.mark.rule("R1")
@pytest.mark.parametrize("card", FACES, ids=face_id)
def test_repr_evaluates_back_to_the_card(card: Card) -> None:
    """repr(card) is Python that gives the same card back."""
    assert eval(repr(card), {"Card": Card}) is card


BAD_CARD_TEXTS = [
    "",
    " ",
    "R0",
    "R13",
    "B-1",
    "X7",
    "7R",
    "R",
    "RR",
    "R 7",
    "R07",
    "R7.",
    "WW",
    "Wild",
    "Skip",
    "R7 B7",
    "R½",
]


@pytest.mark.rule("R1")
@pytest.mark.parametrize("text", BAD_CARD_TEXTS)
def test_parse_rejects_bad_text_helpfully(text: str) -> None:
    """Bad notation raises NotationError that quotes the text and shows the form."""
    with pytest.raises(NotationError) as caught:
        Card.parse(text)
    message = str(caught.value)
    assert repr(text) in message
    assert "R7" in message


@pytest.mark.rule("R1")
def test_notation_error_is_a_value_error_and_a_phase10_error() -> None:
    """NotationError can be caught as ValueError and as Phase10Error."""
    assert issubclass(NotationError, ValueError)
    assert issubclass(NotationError, Phase10Error)
    with pytest.raises(ValueError):
        Card.parse("Q5")
    with pytest.raises(Phase10Error):
        Card.parse("Q5")


@pytest.mark.rule("R1")
@pytest.mark.parametrize("text", [None, 7, b"R7", ["R7"]])
def test_parse_rejects_what_is_not_text(text: object) -> None:
    """Card.parse raises NotationError, not TypeError, for a non-string."""
    with pytest.raises(UsageError):
        Card.parse(text)  # type: ignore[arg-type]


@pytest.mark.rule("R1")
@pytest.mark.parametrize(
    ("number", "color", "fragment"),
    [
        (13, Color.RED, "13"),
        (0, Color.BLUE, "1 to 12"),
        (-3, Color.GREEN, "-3"),
        (7, "R", "Color"),
        (7, None, "Color"),
        ("7", Color.RED, "'7'"),
    ],
)
def test_constructor_rejects_impossible_faces(
    number: object, color: object, fragment: str
) -> None:
    """Card(number, color) raises NotationError naming a bad number, and
    UsageError for a number or colour of the wrong type."""
    error = (
        NotationError
        if isinstance(number, int) and isinstance(color, Color)
        else UsageError
    )
    with pytest.raises(error, match=re.escape(fragment)):
        Card(number, color)  # type: ignore[arg-type]


@pytest.mark.rule("R1")
@pytest.mark.parametrize("number", [True, 1.0, 7.0], ids=repr)
def test_constructor_rejects_numbers_that_are_not_ints(number: object) -> None:
    """Card(number, color) takes a whole number: not a bool or a float equal to one."""
    with pytest.raises(UsageError):
        Card(number, Color.RED)  # type: ignore[arg-type]


@pytest.mark.rule("R1")
def test_constructor_accepts_keywords() -> None:
    """Card(number=..., color=...) names the same face."""
    assert Card(number=7, color=Color.RED) is Card.parse("R7")


# --- Value semantics ---------------------------------------------------------


@pytest.mark.rule("R1")
def test_same_face_is_the_same_card() -> None:
    """Two red 7s are equal, hash alike and are in fact one object."""
    a = Card(7, Color.RED)
    b = Card.parse("r7")
    assert a == b
    assert a is b
    assert hash(a) == hash(b)
    assert len({a, b}) == 1


@pytest.mark.rule("R1")
def test_different_faces_differ() -> None:
    """Cards differing in number or colour, and the Wild and Skip, are unequal."""
    assert Card(7, Color.RED) != Card(7, Color.BLUE)
    assert Card(7, Color.RED) != Card(8, Color.RED)
    assert WILD != SKIP
    assert len(set(standard_deck())) == 50


@pytest.mark.rule("R1")
def test_card_is_not_equal_to_its_text() -> None:
    """A card is not equal to its notation or to its number."""
    card: object = Card.parse("R7")
    assert card != "R7"
    assert card != 7


@pytest.mark.rule("R1")
@pytest.mark.parametrize(
    "name", ["number", "color", "is_wild", "is_skip", "index", "extra"]
)
def test_cards_are_immutable(name: str) -> None:
    """Setting or deleting any attribute of a card raises AttributeError."""
    card = Card.parse("R7")
    with pytest.raises(AttributeError):
        setattr(card, name, 5)
    if name != "extra":
        with pytest.raises(AttributeError):
            delattr(card, name)
    assert card.number == 7
    assert card.color is Color.RED


@pytest.mark.rule("R1")
@pytest.mark.parametrize("card", FACES, ids=face_id)
def test_pickle_and_copy_keep_the_same_object(card: Card) -> None:
    """pickle (every protocol), copy and deepcopy give back the very same card."""
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(card, protocol=protocol)) is card
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert copy.deepcopy([card, card])[1] is card


# --- Ordering ----------------------------------------------------------------


@pytest.mark.rule("R1")
def test_sorting_orders_by_number_then_colour_then_wild_then_skip() -> None:
    """sorted() puts number cards by number, then colour (R, B, Y, G), then W, S."""
    assert sorted(parse_cards("S W G1 R7 B2 R2 Y12 Y2")) == list(
        parse_cards("G1 R2 B2 Y2 R7 Y12 W S")
    )


@pytest.mark.rule("R1")
@given(cards(), cards())
def test_comparisons_follow_the_index(a: Card, b: Card) -> None:
    """<, <=, >, >= agree with comparing the cards' indexes."""
    assert (a < b) == (a.index < b.index)
    assert (a <= b) == (a.index <= b.index)
    assert (a > b) == (a.index > b.index)
    assert (a >= b) == (a.index >= b.index)


@pytest.mark.rule("R1")
def test_comparing_with_a_non_card_raises_type_error() -> None:
    """Ordering a card against something else is a TypeError, as for built-ins."""
    with pytest.raises(TypeError):
        _ = Card.parse("R7") < 7


# --- parse_cards -------------------------------------------------------------


@pytest.mark.rule("R1")
@pytest.mark.parametrize(
    "text",
    ["R7 B7 W", "R7,B7,W", "R7, b7 w", " R7\tB7\nW ", "r7,, ,B7 ,W,", "R7 , B7 , W"],
)
def test_parse_cards_accepts_spaces_and_commas(text: str) -> None:
    """parse_cards splits on any mix of whitespace and commas."""
    assert parse_cards(text) == (Card.parse("R7"), Card.parse("B7"), WILD)


@pytest.mark.rule("R1")
@pytest.mark.parametrize("text", ["", "   ", ",", " , ,\n"])
def test_parse_cards_of_nothing_is_empty(text: str) -> None:
    """Text with no cards in it gives the empty tuple."""
    assert parse_cards(text) == ()


@pytest.mark.rule("R1")
def test_parse_cards_names_the_bad_word() -> None:
    """One bad word makes parse_cards raise NotationError quoting that word."""
    with pytest.raises(NotationError, match="'X9'"):
        parse_cards("R7 X9 B7")


@pytest.mark.rule("R1")
@pytest.mark.parametrize("value", [None, 7, ["R7"]])
def test_parse_cards_rejects_what_is_not_text(value: object) -> None:
    """parse_cards raises NotationError for a non-string."""
    with pytest.raises(UsageError):
        parse_cards(value)  # type: ignore[arg-type]


@pytest.mark.rule("R1")
@given(hands(max_size=20), st.sampled_from([" ", ",", ", ", "\n"]), st.booleans())
def test_parse_cards_reads_back_any_hand(
    hand: tuple[Card, ...], separator: str, lower: bool
) -> None:
    """Writing a hand with any separator and case and parsing it gives it back."""
    text = separator.join(str(card) for card in hand)
    assert parse_cards(text.lower() if lower else text) == hand


# --- The deck ----------------------------------------------------------------


@pytest.mark.rule("R2")
def test_standard_deck_composition() -> None:
    """The deck has 108 cards: two of each number in each colour, 8 Wilds, 4 Skips."""
    deck = standard_deck()
    assert isinstance(deck, tuple)
    assert len(deck) == 108
    counts = Counter(deck)
    assert counts[WILD] == 8
    assert counts[SKIP] == 4
    for card in NUMBER_CARDS:
        assert counts[card] == 2, card
    assert sum(counts[card] for card in NUMBER_CARDS) == 96


@pytest.mark.rule("R2")
@pytest.mark.parametrize("color", Color)
def test_standard_deck_has_24_of_each_colour(color: Color) -> None:
    """Each colour has 24 cards, numbered 1 to 12 twice over (as the sheets say)."""
    of_color = [card for card in standard_deck() if card.color is color]
    assert len(of_color) == 24
    numbers = Counter(card.number for card in of_color)
    assert numbers == {number: 2 for number in range(1, 13)}


@pytest.mark.rule("R2")
def test_standard_deck_is_the_same_every_call() -> None:
    """standard_deck() returns equal decks every time (a fixed order)."""
    assert standard_deck() == standard_deck()
