"""The checks every state and view must pass (``phase10._invariants``),
which check_state, check_view and the readers (from_json, from_dict) run:
each refusal at its boundary, with the field it names. The faults that
mutation testing put into them showed which the other tests left unchecked
(tests/mutation.py).

Each test changes one field of a state or view that play reaches, and
expects check_state or check_view to name that field and say why, or to
accept the record when the change keeps it reachable.
"""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest
from scenarios import deal, player, seen_player
from test_masters import MASTERS, chosen, dealt

from phase10 import (
    Card,
    Color,
    Draw,
    FormatError,
    GameState,
    InvalidState,
    LayPhase,
    NaturalRule,
    PlayerView,
    Points,
    Rules,
    Save,
    Step,
    UsageError,
    apply,
    check_state,
    check_view,
    from_dict,
    parse_cards,
    standard_deck,
    to_dict,
    view,
)


def refused(
    game: GameState | PlayerView,
    where: str,
    why: str,
    read: type[FormatError] = InvalidState,
) -> None:
    """check_state or check_view refuses ``game``, naming ``where`` first,
    and reading its document refuses it alike, with ``read`` (a field that
    its own rule refuses in a document is a :class:`FormatError`)."""
    kind = GameState if isinstance(game, GameState) else PlayerView
    check = check_state if kind is GameState else check_view
    start = f"^{re.escape(where)}: " if where else "^"
    with pytest.raises(InvalidState, match=start + why):
        check(game)  # type: ignore[arg-type]
    with pytest.raises(read, match=start + why):
        from_dict(to_dict(game), kind)


def accepted(game: GameState | PlayerView) -> None:
    """check_state or check_view accepts ``game``, and so does its reader."""
    kind = GameState if isinstance(game, GameState) else PlayerView
    if kind is GameState:
        check_state(game)  # type: ignore[arg-type]
    else:
        check_view(game)  # type: ignore[arg-type]
    assert from_dict(to_dict(game), kind) == game


COLORS = Rules(phases=["3 cards of one color"])


def laid_color() -> GameState:
    """Seat 1 has drawn and laid three red cards as a colour group."""
    state = deal(["G1 G2 G3", "R2 R4 R7 B2 B5"], rules=COLORS, draw_top="Y9")
    return apply(apply(state, Draw()), LayPhase(["R2 R4 R7"]))


# --- what the checks are given ---------------------------------------------------


def test_a_check_given_no_state_or_view_shows_what_it_was_given() -> None:
    """check_state and check_view refuse another value, showing it."""
    with pytest.raises(UsageError, match=r"^check_state takes a GameState, not 'x'$"):
        check_state("x")  # type: ignore[arg-type]
    with pytest.raises(UsageError, match=r"^check_view takes a PlayerView, not 3$"):
        check_view(3)  # type: ignore[arg-type]


def test_rules_that_are_not_a_rules_record_are_shown() -> None:
    """A state whose rules are a preset's name is refused, showing the name."""
    state = deal(["R1 R2 R3", "B1 B2 B3"])
    with pytest.raises(
        InvalidState, match=r"^rules: expected a Rules record, not 'official'$"
    ):
        check_state(attrs.evolve(state, rules="official"))  # type: ignore[arg-type]


# Each field of a record built in Python is checked by its type. The checks
# are made once, from the records' types, when the package is imported (so
# mutation testing cannot turn a fault on in them: see the survivors list);
# these tests pin what they refuse, and pass in a fresh interpreter with a
# fault put into the making of the checks only if the fault changes nothing.

WRONG_TYPES: list[tuple[str, Any, str]] = [
    # (what is changed, how, the refusal)
    (
        "step",
        lambda s: attrs.evolve(s, step="draw"),
        "step: expected a Step, not 'draw'",
    ),
    (
        "a hand",
        lambda s: player(s, 0, hand=list(s.players[0].hand)),
        "players[0].hand: expected a tuple, not [",
    ),
    (
        "a card of a hand",
        lambda s: player(s, 1, hand=(*s.players[1].hand[:2], "R7")),
        "players[1].hand[2]: expected a Card, not 'R7'",
    ),
    (
        "a player's name",
        lambda s: player(s, 1, name=" "),
        "players[1].name: a player's name cannot be empty",
    ),
    (
        "a player",
        lambda s: attrs.evolve(s, players=(s.players[0], "Bob")),
        "players[1]: expected a PlayerState, not 'Bob'",
    ),
    (
        "the seats in the hand",
        lambda s: attrs.evolve(s, contenders=[0, 1]),
        "contenders: expected a tuple, not [0, 1]",
    ),
    (
        "a seat in the hand",
        lambda s: attrs.evolve(s, contenders=(0, "1")),
        "contenders[1]: expected a whole number, not '1'",
    ),
    (
        "a hand's points",
        lambda s: attrs.evolve(s, hand_points=(0, "5")),
        "hand_points[1]: expected a whole number, not '5'",
    ),
    (
        "the owner of a group",
        lambda s: attrs.evolve(s, table=(attrs.evolve(s.table[0], owner=2),)),
        "table[0].owner: there is no seat 2 (seats are 0 to 1)",
    ),
    (
        "a card of a group",
        lambda s: attrs.evolve(
            s, table=(attrs.evolve(s.table[0], cards=(*s.table[0].cards[:2], 7)),)
        ),
        "table[0].cards[2]: expected a Card, not 7",
    ),
]


@pytest.mark.rule("R41")
@pytest.mark.parametrize(
    ("spoil", "message"),
    [pytest.param(spoil, message, id=name) for name, spoil, message in WRONG_TYPES],
)
def test_a_field_of_the_wrong_type_is_named(spoil: Any, message: str) -> None:
    """A state whose field holds a value of another type is refused, naming
    the field by its path."""
    state = laid_color()
    check_state(state)
    with pytest.raises(InvalidState, match=f"^{re.escape(message)}"):
        check_state(spoil(state))


@pytest.mark.rule("R41")
def test_a_view_s_top_discard_is_a_card_or_none() -> None:
    """The top discard of a view, a card or nothing, is checked as either."""
    seen = view(laid_color(), 0)
    with pytest.raises(InvalidState, match=r"^discard_top: expected a Card, not 'R1'$"):
        check_view(attrs.evolve(seen, discard_top="R1"))  # type: ignore[arg-type]
    empty = attrs.evolve(
        seen,
        discard_top=None,
        discard_size=0,
        draw_size=seen.draw_size + seen.discard_size,
    )
    check_view(empty)


# --- scores ----------------------------------------------------------------------


@pytest.mark.rule("R34", "R41")
@pytest.mark.parametrize(
    ("rules", "most"),
    [
        # 2 hands of 11 cards (10 dealt, 1 drawn) at 25 points, a Wild's.
        pytest.param(Rules(), 2 * 11 * 25, id="classic"),
        # Saved cards count too: 11 + 2 (most_saved) cards a hand.
        pytest.param(
            Rules(saves_per_hand=1, saved_cards_score=True),
            2 * 13 * 25,
            id="saved cards score",
        ),
        # Saves that do not score leave 11 cards a hand.
        pytest.param(Rules(saves_per_hand=1), 2 * 11 * 25, id="saved cards free"),
        pytest.param(Rules(points=Points(low=35)), 2 * 11 * 35, id="low cards"),
        pytest.param(Rules(points=Points(high=30)), 2 * 11 * 30, id="high cards"),
        pytest.param(Rules(points=Points(skip=40)), 2 * 11 * 40, id="skips"),
    ],
)
def test_a_score_is_at_most_what_the_hands_played_can_give(
    rules: Rules, most: int
) -> None:
    """In hand 3, two hands have been scored: each at most every card a
    player can hold at its end (those dealt, one drawn, and the save pile
    where saved cards score) at the dearest card's price."""
    state = attrs.evolve(deal(["R1 R2 R3", "B1 B2 B3"], rules=rules), hand_number=3)
    accepted(player(state, 1, score=most))
    refused(player(state, 1, score=most + 1), "players[1].score", f"is {most + 1}, ")


# --- the cards a view shows --------------------------------------------------------


def all_of(seen: PlayerView, card: Card) -> PlayerView:
    """``seen`` with the seat's hand holding every copy of ``card`` the deck
    has, in place of other cards, and no card of its hand known to others."""
    copies = seen.rules.deck.count(card)
    others = [one for one in seen.hand if one != card]
    hand = (card,) * copies + tuple(others[: len(seen.hand) - copies])
    assert seen.seat is not None
    return seen_player(attrs.evolve(seen, hand=hand), seen.seat, known=())


def one_too_many(card: Card) -> str:
    return re.escape(
        f"the cards shown are not all in the rules' deck: 1 {card} too many"
    )


@pytest.mark.rule("R41")
def test_a_view_shows_no_card_beyond_the_deck_on_the_discard_pile() -> None:
    """The top discard is one of the cards shown: with every copy in hand,
    it is one too many."""
    seen = view(laid_color(), 0)
    top = seen.discard_top
    assert top is not None and top.is_number
    refused(all_of(seen, top), "", one_too_many(top) + "$")


@pytest.mark.rule("R41")
def test_a_view_shows_no_card_beyond_the_deck_among_the_cards_known() -> None:
    """A card another seat is known to hold is shown too."""
    seen = view(laid_color(), 0)
    card = parse_cards("Y11")[0]
    assert card not in seen.hand
    crowded = seen_player(all_of(seen, card), 1, known=(card,))
    refused(crowded, "", one_too_many(card) + "$")


@pytest.mark.rule("R41")
def test_a_view_shows_no_card_beyond_the_deck_on_the_table() -> None:
    """The cards of the groups on the table are shown."""
    seen = view(laid_color(), 0)
    card = seen.table[0].cards[0]
    refused(all_of(seen, card), "", one_too_many(card) + "$")


def saved() -> GameState:
    """Masters: Ann drew a B7 and saved it; Bob is to draw."""
    state = chosen(dealt(MASTERS, draw_top="B7"), 4, 9)
    return apply(apply(state, Draw()), Save("B7"))


@pytest.mark.rule("R41", "R46")
def test_a_view_shows_no_card_beyond_the_deck_in_the_save_piles() -> None:
    """The save piles are shown: another seat's face up, the seat's own
    to it."""
    card = parse_cards("B7")[0]
    theirs = view(saved(), 1)
    assert theirs.players[0].saved == (card,)
    refused(all_of(theirs, card), "", one_too_many(card) + "$")
    mine = view(saved(), 0)
    assert mine.saved == (card,)
    refused(all_of(mine, card), "", one_too_many(card) + "$")


@pytest.mark.rule("R41")
def test_the_cards_a_seat_is_known_to_hold_are_in_its_own_hand() -> None:
    """In a view, the seat's own known cards are checked against its hand."""
    seen = view(laid_color(), 1)
    assert seen.seat == 1
    card = next(one for one in parse_cards("Y1 Y2 Y3") if one not in seen.hand)
    refused(
        seen_player(seen, 1, known=(card,)),
        "players[1].known",
        "lists a card that is not in the hand$",
    )


@pytest.mark.rule("R25", "R41")
def test_a_view_of_a_turn_to_draw_shows_cards_to_draw() -> None:
    """A view at the start of a turn with an empty draw pile is refused,
    with the cards counted on the discard pile instead."""
    seen = view(deal(["R1 R2 R3", "B1 B2 B3"]), 0)
    assert seen.step is Step.DRAW
    emptied = attrs.evolve(
        seen, draw_size=0, discard_size=seen.discard_size + seen.draw_size
    )
    # The refusal names the view's own field, draw_size (a state's is draw_pile).
    why = "^draw_size: a turn never starts with no draw pile$"
    with pytest.raises(InvalidState, match=why):
        check_view(emptied)
    with pytest.raises(InvalidState, match=why):
        from_dict(to_dict(emptied), PlayerView)


# --- the cards of a state ----------------------------------------------------------


def changed(state: GameState, seat: int, cards: str, into: str) -> GameState:
    """``state`` with ``cards`` of a seat's hand changed into ``into``."""
    hand = list(state.players[seat].hand)
    for old, new in zip(parse_cards(cards), parse_cards(into), strict=True):
        hand[hand.index(old)] = new
    return player(state, seat, hand=tuple(hand))


DECK = "the hands, piles and table do not hold exactly the rules' deck: "


@pytest.mark.rule("R2", "R41")
def test_a_state_names_each_card_too_many_and_each_missing() -> None:
    """Cards changed into others: each face too many, then each missing."""
    state = deal(["R1 R2 R3 R4", "B1 B2 B3"])
    refused(
        changed(state, 0, "R1 R2 R3", "G7 G8 G9"),
        "",
        re.escape(
            DECK + "1 G7 too many, 1 G8 too many, 1 G9 too many, "
            "1 R1 missing, 1 R2 missing, 1 R3 missing"
        )
        + "$",
    )
    refused(
        changed(state, 0, "R1 R2 R3 R4", "G7 G8 G9 G9"),
        "",
        re.escape(
            DECK + "1 G7 too many, 1 G8 too many, 2 G9 too many, "
            "1 R1 missing, 1 R2 missing, 1 R3 missing, ..."
        )
        + "$",
    )


@pytest.mark.rule("R2", "R41")
def test_a_game_of_a_deck_of_its_own_is_checked_against_that_deck() -> None:
    """A deck first seen (the rules of a deck of one's own) is counted,
    and its cards are the ones a state and a view must hold."""
    deck = [card for card in standard_deck() if not card.is_skip]
    own = Rules(deck=deck)
    state = deal(["R1 R2 R3", "B1 B2 B3"], rules=own)
    accepted(state)
    accepted(view(state, 0))
    skip = parse_cards("S")[0]
    refused(
        changed(state, 0, "R1", "S"),
        "",
        re.escape(DECK + "1 S too many, 1 R1 missing") + "$",
    )
    seen = view(state, 0)
    shown = seen_player(attrs.evolve(seen, hand=(skip, *seen.hand[1:])), 0, known=())
    refused(shown, "", one_too_many(skip) + "$")


# --- the table ---------------------------------------------------------------------


@pytest.mark.rule("R7", "R41")
def test_a_colour_group_that_claims_another_colour_names_both() -> None:
    """The refusal of a group's shape shows the colour it stands for and
    the colour it claims."""
    state = laid_color()
    claimed = attrs.evolve(state.table[0], color=Color.BLUE)
    refused(
        attrs.evolve(state, table=(claimed,)),
        "table[0]",
        re.escape(
            "the cards stand for number=None, color=R, low=None, "
            "not number=None, color=B, low=None"
        )
        + "$",
    )


# --- tie-breaks --------------------------------------------------------------------


@pytest.mark.rule("R38")
def test_a_tie_break_player_who_has_not_finished_is_named() -> None:
    """A contender of a tie-break who has not completed the last phase is
    refused at that player's completed."""
    state = deal(["R1 R2 R3", "B1 B2 B3", "G1 G2 G3"])
    tie = attrs.evolve(state, tiebreak=True, hand_number=2)
    for seat in range(3):
        tie = player(tie, seat, completed=10, score=100)
    accepted(tie)
    refused(
        player(tie, 1, completed=9),
        "players[1].completed",
        "seat 1 plays the tie-break, but has completed 9 of the 10 phases",
    )


@pytest.mark.rule("R38")
def test_the_turn_of_a_tie_break_is_a_contender_s() -> None:
    """In a tie-break between seats 0 and 1, seat 2 never has the turn."""
    state = deal(["R1 R2 R3", "B1 B2 B3", "G1 G2 G3"], dealer=2)
    tie = attrs.evolve(state, tiebreak=True, hand_number=2, contenders=(0, 1))
    for seat in range(3):
        tie = player(tie, seat, completed=10, score=100)
    third = tie.players[2].hand
    tie = player(tie, 2, hand=())
    tie = attrs.evolve(tie, draw_pile=(*third, *tie.draw_pile))
    accepted(tie)
    refused(
        attrs.evolve(tie, current=2),
        "current",
        "the current seat is not playing this hand$",
    )


@pytest.mark.rule("R41")
def test_the_seats_in_the_hand_are_seats_at_the_table() -> None:
    """A seat in contenders one past the last seat is refused."""
    state = deal(["R1 R2 R3", "B1 B2 B3"])
    with pytest.raises(
        InvalidState,
        match=re.escape("contenders[1]: there is no seat 2 (seats are 0 to 1)") + "$",
    ):
        check_state(attrs.evolve(state, contenders=(0, 2)))


@pytest.mark.rule("R14")
def test_a_group_of_one_card_is_a_group_where_the_phase_asks_for_one() -> None:
    """Under a phase of one set of one card, the group laid holds one card."""
    rules = Rules(phases=["1 set of 1"], hand_size=3)
    state = deal(["G1 G2 G3", "R5 B7 Y9"], rules=rules, draw_top="G11")
    laid = apply(apply(state, Draw()), LayPhase(["R5"]))
    assert len(laid.table[0].cards) == 1
    accepted(laid)


@pytest.mark.rule("R11")
def test_a_player_s_groups_need_a_natural_card_between_them() -> None:
    """Under one natural card a phase, a seat whose groups are all Wilds is
    refused at the table."""
    rules = Rules(phases=["2 sets of 2"], naturals=NaturalRule.PER_PHASE)
    state = deal(["G1 G2 G3", "R5 W W W W B9"], rules=rules, draw_top="G11")
    laid = apply(apply(state, Draw()), LayPhase(["R5 W", "W W"]))
    accepted(laid)
    wild = parse_cards("W")[0]
    meld = laid.table[0]
    natural = meld.cards[0]
    hand = laid.players[1].hand
    spare = hand.index(wild)
    wilds = attrs.evolve(meld, cards=(wild, wild), number=None)
    spoiled = player(laid, 1, hand=(*hand[:spare], natural, *hand[spare + 1 :]))
    refused(
        attrs.evolve(spoiled, table=(wilds, *laid.table[1:])),
        "table",
        "seat 1's groups need at least one natural card$",
    )
