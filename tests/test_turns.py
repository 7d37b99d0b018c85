"""Dealing, the dealer, turn order and drawing (R18-R25)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest
from scenarios import all_cards, deal

from phase10 import (
    MAX_HANDS,
    MAX_TURNS_PER_HAND,
    CannotDraw,
    Card,
    EmptyDrawPile,
    GameState,
    NoSuchSeat,
    NotYourTurn,
    Pile,
    Rules,
    RulesError,
    Step,
    UsageError,
    WrongStep,
    discard,
    draw,
    new_game,
    next_hand,
    parse_cards,
    skip,
    skip_targets,
    standard_deck,
)


@pytest.mark.rule("R18", "R20")
def test_first_player_sits_left_of_the_dealer() -> None:
    """The player after the dealer's seat plays first; the default dealer is seat 0."""
    assert new_game(4, seed=1).current == 1
    assert new_game(4, seed=1, dealer=2).current == 3
    assert new_game(4, seed=1, dealer=3).current == 0


@pytest.mark.rule("R18")
def test_dealer_moves_one_seat_left_each_hand() -> None:
    """next_hand gives the deal to the next seat and the first turn to the one after."""
    state = new_game(3, Rules(on_empty_draw_pile=EmptyDrawPile.END_HAND), seed=2)
    state = _play_out_hand(state)
    assert state.step is Step.HAND_OVER
    following = next_hand(state)
    assert following.dealer == 1
    assert following.current == 2
    assert following.hand_number == 2


@pytest.mark.rule("R18")
def test_bad_dealer_seat_is_refused() -> None:
    """A dealer seat outside the table raises RulesError."""
    with pytest.raises(RulesError, match="dealer"):
        new_game(3, seed=1, dealer=3)


@pytest.mark.rule("R19")
def test_cards_are_dealt_one_at_a_time_from_the_dealers_left() -> None:
    """Card i of a given deck goes to the (i mod n)-th player left of the dealer."""
    deck = standard_deck()
    state = new_game(3, seed=1, dealer=0, deck=deck)
    assert state.players[1].hand == deck[0:30:3]
    assert state.players[2].hand == deck[1:30:3]
    assert state.players[0].hand == deck[2:30:3]
    assert state.discard_pile == (deck[30],)
    assert state.draw_pile == deck[31:]


@pytest.mark.rule("R19", "R2")
def test_deal_uses_the_whole_deck_once() -> None:
    """After the deal every card of the deck is somewhere exactly once."""
    for players in range(2, 7):
        state = new_game(players, seed=players)
        assert all_cards(state) == Counter(standard_deck())
        assert all(len(p.hand) == 10 for p in state.players)
        assert len(state.discard_pile) == 1


@pytest.mark.rule("R19")
def test_hand_size_option_deals_that_many() -> None:
    """Rules.hand_size sets the number of cards dealt."""
    state = new_game(2, Rules(phases=["2 sets of 3"], hand_size=7), seed=3)
    assert [len(p.hand) for p in state.players] == [7, 7]


@pytest.mark.rule("R19")
def test_a_deck_that_is_not_the_rules_deck_is_refused() -> None:
    """new_game refuses a deck order that is not a permutation of the rules' deck."""
    with pytest.raises(RulesError, match="exactly the cards"):
        new_game(2, seed=1, deck=standard_deck()[:-1])
    with pytest.raises(RulesError, match="exactly the cards"):
        new_game(2, seed=1, deck=(*standard_deck()[:-1], Card.parse("R1")))


@pytest.mark.rule("R3")
def test_player_count_must_fit_the_rules() -> None:
    """Too few or too many players, or empty names, raise RulesError; one name
    given as the players, UsageError."""
    for count in (0, 1, 7):
        with pytest.raises(RulesError, match="2 to 6 players"):
            new_game(count, seed=1)
    with pytest.raises(RulesError):
        new_game(["Ann", ""], seed=1)
    with pytest.raises(UsageError, match="not one name"):
        new_game("Ann", seed=1)
    assert [p.name for p in new_game(["Ann", "Bob"], seed=1).players] == ["Ann", "Bob"]


@pytest.mark.rule("R20", "R21")
def test_a_turn_is_draw_then_discard_and_play_passes_left() -> None:
    """A player draws one card, discards one, and the next seat plays."""
    state = deal(["R1 R2", "B1 B2", "G1 G2"], starter="Y9", draw_top="Y4")
    assert state.current == 1 and state.step is Step.DRAW
    drawn = draw(state)
    assert drawn.players[1].hand[-1] == Card.parse("Y4")
    assert drawn.step is Step.PLAY
    ended = discard(drawn, "B1")
    assert ended.current == 2 and ended.step is Step.DRAW
    assert ended.discard_pile[0] == Card.parse("B1")
    assert len(ended.players[1].hand) == 10


@pytest.mark.rule("R21")
def test_must_draw_before_discarding_and_only_once() -> None:
    """Discarding before drawing, or drawing twice, raises WrongStep."""
    state = deal(["R1", "B1"], starter="Y9")
    with pytest.raises(WrongStep, match="draw a card before"):
        discard(state, "B1")
    with pytest.raises(WrongStep, match="already drawn"):
        draw(draw(state))


@pytest.mark.rule("R21")
def test_drawing_from_the_discard_pile_takes_its_top() -> None:
    """Pile.DISCARD moves the top discard into the hand."""
    state = deal(["R1", "B1"], starter="Y9")
    taken = draw(state, Pile.DISCARD)
    assert taken.players[1].hand[-1] == Card.parse("Y9")
    assert taken.discard_pile == ()
    assert taken.draw_pile == state.draw_pile


@pytest.mark.rule("R20")
def test_acting_for_the_wrong_player_is_refused() -> None:
    """A move made with player= for a seat whose turn it is not raises NotYourTurn."""
    state = deal(["R1", "B1"], starter="Y9", names=["Ann", "Bob"])
    with pytest.raises(NotYourTurn, match="Bob's turn, not Ann's"):
        draw(state, player=0)
    assert draw(state, player=1).step is Step.PLAY


@pytest.mark.rule("R22")
def test_a_wild_starter_may_be_taken_by_the_first_player() -> None:
    """A Wild on the discard pile may be drawn by default."""
    state = deal(["R1", "B1"], starter="W")
    assert draw(state, Pile.DISCARD).players[1].hand[-1].is_wild


@pytest.mark.rule("R22")
def test_wild_from_discard_option_forbids_it() -> None:
    """With wild_from_discard=False a Wild on the discard pile cannot be drawn."""
    state = deal(["R1", "B1"], starter="W", rules=Rules(wild_from_discard=False))
    with pytest.raises(CannotDraw, match="Wild"):
        draw(state, Pile.DISCARD)


@pytest.mark.rule("R23")
def test_a_skip_is_never_drawn_from_the_discard_pile() -> None:
    """A Skip on top of the discard pile cannot be drawn."""
    state = deal(["R1 S", "B1"], starter="Y9")
    state = discard(draw(state), "B1")  # seat 1 plays, then seat 0
    state = skip(draw(state), 1)  # a Skip lands on the discard pile
    assert state.discard_pile[0].is_skip
    with pytest.raises(CannotDraw, match="Skip"):
        draw(state, Pile.DISCARD)


@pytest.mark.rule("R24")
def test_the_drawn_discard_may_be_discarded_again() -> None:
    """Taking the top discard and discarding it again is allowed."""
    state = deal(["R1", "B1"], starter="Y9")
    again = discard(draw(state, Pile.DISCARD), "Y9")
    assert again.discard_pile == (Card.parse("Y9"),)
    assert again.players[1].hand == state.players[1].hand


@pytest.mark.rule("R25")
def test_empty_draw_pile_is_refilled_from_the_discards_but_the_top() -> None:
    """With no draw pile at a turn's start, the discards under the top refill it."""
    state = new_game(2, seed=4)
    emptied = _drain(state)
    assert emptied.draw_pile
    assert emptied.discard_pile == (emptied.discard_pile[0],)
    assert all_cards(emptied) == Counter(standard_deck())
    assert emptied.shuffles == state.shuffles + 1


@pytest.mark.rule("R25", "R35")
def test_nothing_under_the_top_discard_ends_the_hand_with_no_winner() -> None:
    """With only the top discard left, the hand ends: no winner, everyone scores."""
    rules = Rules()
    # An empty draw pile; the player takes the only discard and lays one down.
    state = attrs.evolve(new_game(2, rules, seed=5), draw_pile=())
    state = draw(state, Pile.DISCARD)
    mover = state.current
    card = next(c for c in state.players[mover].hand if not c.is_skip)
    ended = discard(state, card)
    assert ended.step is Step.HAND_OVER
    assert ended.went_out is None
    assert ended.hand_points == tuple(rules.points.total(p.hand) for p in ended.players)
    assert all(points > 0 for points in ended.hand_points)


@pytest.mark.rule("R25")
def test_end_hand_option_ends_the_hand_at_an_empty_draw_pile() -> None:
    """With EmptyDrawPile.END_HAND an empty draw pile ends the hand."""
    state = new_game(2, Rules(on_empty_draw_pile=EmptyDrawPile.END_HAND), seed=4)
    ended = _drain(state)
    assert ended.step is Step.HAND_OVER
    assert ended.went_out is None


def _drain(state: GameState) -> GameState:
    """Draw and discard the drawn card until the draw pile runs out once."""
    shuffles = state.shuffles
    while state.step is Step.DRAW and state.shuffles == shuffles:
        state = draw(state)
        drawn = state.players[state.current].hand[-1]
        if drawn.is_skip:
            targets = skip_targets(state)
            state = skip(state, targets[0] if targets else None)
        else:
            state = discard(state, drawn)
    return state


def _play_out_hand(state: GameState) -> GameState:
    while state.step in (Step.DRAW, Step.PLAY):
        state = _drain(state)
    return state


def test_parse_cards_feeds_moves() -> None:
    """Moves accept cards as text as well as Card values."""
    state = deal(["R1", "B1"], starter="Y9")
    assert discard(draw(state), "b1") == discard(draw(state), parse_cards("B1")[0])


@pytest.mark.rule("R21")
def test_a_card_taken_from_the_discard_pile_is_publicly_known_until_played() -> None:
    """A taken discard is known to all until a card of its face is played."""
    state = deal(["R1", "B1 Y9"], starter="Y9", draw_top="Y4 Y5")
    taken = draw(state, Pile.DISCARD)
    assert taken.players[1].known == (Card.parse("Y9"),)
    kept = discard(taken, "B1")
    assert kept.players[1].known == (Card.parse("Y9"),)
    # Seat 1 held another Y9: after playing one, nobody can tell which.
    played = discard(draw(discard(draw(kept), "R1")), "Y9")
    assert played.players[1].known == ()
    assert draw(state).players[1].known == ()


@pytest.mark.rule("R25")
def test_drawing_from_an_empty_draw_pile_is_refused_not_a_crash() -> None:
    """A state with an empty draw pile at the draw step refuses the draw."""
    empty = attrs.evolve(new_game(2, seed=1), draw_pile=())
    with pytest.raises(CannotDraw, match="draw pile is empty"):
        draw(empty)


@pytest.mark.rule("R3")
def test_a_huge_player_count_is_refused_at_once() -> None:
    """new_game checks the count before making any player."""
    with pytest.raises(RulesError, match="not 1000000000"):
        new_game(10**9, seed=1)


def test_moves_on_something_that_is_not_a_state_are_refused() -> None:
    """A move, a view or a query given no GameState raises IllegalMove."""
    from collections.abc import Callable

    from phase10 import Draw, apply, legal_actions, next_hand, view

    nothing: Any = None
    calls: list[Callable[[], object]] = [
        lambda: draw(nothing),
        lambda: skip_targets(nothing),
        lambda: legal_actions(5),  # type: ignore[arg-type]
        lambda: next_hand(nothing),
        lambda: view(nothing, 0),
        lambda: apply(nothing, Draw()),
    ]
    for call in calls:
        with pytest.raises(UsageError, match="GameState"):
            call()


@pytest.mark.rule("R21")
def test_a_draw_from_no_pile_is_refused_naming_the_rule() -> None:
    """A source that is not a Pile raises UsageError naming the two piles."""
    state = deal(["R1", "B1"], starter="Y9")
    with pytest.raises(UsageError, match=r"Pile.DRAW or Pile.DISCARD, not 'discard'"):
        draw(state, "discard")  # type: ignore[arg-type]


@pytest.mark.rule("R3")
def test_next_hand_for_a_seat_not_at_the_table_is_refused() -> None:
    """next_hand(player=9) at a table of two raises NoSuchSeat citing R3."""
    state = new_game(2, Rules(on_empty_draw_pile=EmptyDrawPile.END_HAND), seed=2)
    state = _play_out_hand(state)
    with pytest.raises(NoSuchSeat, match=r"from 0 to 1, not 9 .*\(rule R3\)"):
        next_hand(state, player=9)


@pytest.mark.rule("R3", "R20")
def test_a_seat_must_be_a_whole_number_not_true_or_a_float() -> None:
    """player=True or 1.0 is refused, though Python holds them equal to 1."""
    state = deal(["R1", "B1"], starter="Y9")
    assert state.current == 1
    for player in (True, 1.0):
        with pytest.raises(UsageError, match=r"a seat is a whole number, not"):
            draw(state, player=player)  # type: ignore[arg-type]
    with pytest.raises(NoSuchSeat, match=r"whole number from 0 to 1.*\(rule R3\)"):
        draw(state, player=2)
    assert draw(state, player=1).step is Step.PLAY


@pytest.mark.rule("R36")
def test_a_game_and_a_hand_have_a_length_limit() -> None:
    """The next hand after MAX_HANDS hands, and a turn after MAX_TURNS_PER_HAND
    turn slots, are refused, so every count of a state can be saved exactly."""
    state = new_game(2, Rules(on_empty_draw_pile=EmptyDrawPile.END_HAND), seed=2)
    over = _play_out_hand(state)
    from phase10._state import replace

    with pytest.raises(WrongStep, match=r"lasted 100,000 hands.*\(rule R36\)"):
        next_hand(replace(over, hand_number=MAX_HANDS))
    assert next_hand(replace(over, hand_number=MAX_HANDS - 1)).hand_number == MAX_HANDS
    playing = draw(replace(state, turn_slot=MAX_TURNS_PER_HAND))
    card = next(c for c in playing.players[playing.current].hand if not c.is_skip)
    with pytest.raises(WrongStep, match=r"lasted 1,000,000,000 turns"):
        discard(playing, card)
