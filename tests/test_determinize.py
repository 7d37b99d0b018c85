"""determinize: whole states a seat cannot tell from the real one, built from
its view alone; with_draw_pile: the draw pile in an order search code picks."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scenarios import all_cards
from strategies import rules_records
from test_bots import hide_differently
from test_encoding import positions

from phase10 import (
    PRESETS,
    Card,
    DrawPileShuffled,
    FormatError,
    GameState,
    Rules,
    RulesError,
    Save,
    Step,
    UsageError,
    apply,
    apply_with_events,
    check_state,
    determinize,
    draw,
    from_dict,
    legal_actions,
    new_game,
    next_hand,
    to_dict,
    view,
    with_draw_pile,
)


def last_position(players: int, seed: int, moves: int) -> GameState:
    """Where a seeded game of mixed greedy and random moves stands after
    ``moves`` moves (or at its end)."""
    *_, state = positions(players, None, seed, moves + 1)
    return state


def cards_of(state: GameState) -> Counter[Card]:
    """Every card of a state: hands, save piles, piles and table."""
    return all_cards(state)


@given(
    rules=st.one_of(st.none(), rules_records()),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 400),
    data=st.data(),
)
@settings(max_examples=40)
@pytest.mark.rule("R41")
def test_a_determinized_state_shows_the_seat_exactly_its_view(
    rules: Rules | None, seed: int, moves: int, data: st.DataObject
) -> None:
    """view(determinize(v), seat) == v for every seat and a spectator, under
    any rules; the state holds the deck, and the JSON reader's checks accept
    it."""
    low, high = (2, 6) if rules is None else (rules.min_players, rules.max_players)
    players = data.draw(st.integers(low, high))
    *_, state = positions(players, rules, seed, moves + 1)
    rng = random.Random(seed)
    for seat in (*range(players), None):
        seen = view(state, seat)
        guess = determinize(seen, rng)
        assert view(guess, seat) == seen
        assert cards_of(guess) == Counter(state.rules.deck)
        assert from_dict(to_dict(guess), GameState) == guess


@given(seed=st.integers(0, 2**32), moves=st.integers(0, 300))
@settings(max_examples=30)
@pytest.mark.rule("R41")
def test_determinize_reads_nothing_the_view_hides(seed: int, moves: int) -> None:
    """Two games that differ only in what the seat cannot see give the same
    deal for the same generator: nothing hidden leaks into it."""
    state = last_position(3, seed, moves)
    if state.step not in (Step.DRAW, Step.PLAY):
        return
    twin = hide_differently(state)
    seat = state.current
    assert state != twin
    first = determinize(view(state, seat), random.Random(7))
    second = determinize(view(twin, seat), random.Random(7))
    assert first == second


def test_the_unseen_cards_are_dealt_at_random() -> None:
    """Other seeds deal other hands; the known cards stay with their holders;
    the seed of later reshuffles comes from the generator."""
    state = new_game(3, seed=2)
    seen = view(state, 0)
    deals = {determinize(seen, random.Random(k)).players[1].hand for k in range(20)}
    assert len(deals) == 20
    guesses = [determinize(seen, random.Random(k)) for k in range(5)]
    assert len({guess.seed for guess in guesses}) == 5
    assert all(guess.players[0].hand == seen.hand for guess in guesses)
    assert determinize(seen, random.Random(3)) == determinize(seen, random.Random(3))


def test_known_cards_stay_in_their_holders_hands() -> None:
    """A card taken from the discard pile is public, and stays where it is."""
    for state in positions(2, None, seed=4, moves=3000):
        holder = next((p for p in state.players if p.known), None)
        if holder is not None:
            break
    else:
        pytest.fail("no card was taken from the discard pile in 3000 moves")
    seat = 1 - state.players.index(holder)
    for k in range(5):
        guess = determinize(view(state, seat), random.Random(k))
        other = guess.players[1 - seat]
        assert not Counter(holder.known) - Counter(other.hand)


def test_a_view_no_game_shows_is_refused() -> None:
    """Sizes that do not add up, or more cards of a face than the deck has."""
    seen = view(new_game(2, seed=1), 0)
    with pytest.raises(FormatError, match="its sizes call for"):
        determinize(attrs.evolve(seen, draw_size=seen.draw_size + 1), random.Random(0))
    with pytest.raises(FormatError, match="more W cards than the deck holds"):
        determinize(attrs.evolve(seen, hand=(Card.parse("W"),) * 9), random.Random(0))
    players = (seen.players[0], attrs.evolve(seen.players[1], hand_size=-1))
    with pytest.raises(FormatError, match="negative"):
        determinize(attrs.evolve(seen, players=players), random.Random(0))
    with pytest.raises(UsageError, match="takes a PlayerView"):
        determinize(new_game(2, seed=1), random.Random(0))  # type: ignore[arg-type]


def test_with_draw_pile_puts_the_chosen_order_in_place() -> None:
    """The next draw takes the chosen top card; nothing else changes."""
    state = new_game(2, seed=9)
    order = sorted(state.draw_pile, reverse=True)
    stacked = with_draw_pile(state, order)
    assert stacked.draw_pile == tuple(order)
    assert attrs.evolve(stacked, draw_pile=state.draw_pile) == state
    assert draw(stacked).players[stacked.current].hand[-1] == order[0]
    assert with_draw_pile(state, [str(c) for c in order]) == stacked


def test_with_draw_pile_refuses_other_cards() -> None:
    """One card more, less or different is refused."""
    state = new_game(2, seed=9)
    pile = list(state.draw_pile)
    for wrong in (pile[1:], [*pile, Card.parse("W")], [Card.parse("S"), *pile[1:]]):
        if Counter(wrong) == Counter(pile):
            continue
        with pytest.raises(RulesError, match="exactly the cards of the draw pile"):
            with_draw_pile(state, wrong)
    with pytest.raises(UsageError, match="a sequence of cards"):
        with_draw_pile(state, 5)  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="expected a GameState"):
        with_draw_pile(view(state, 0), pile)  # type: ignore[arg-type]


def test_search_code_can_choose_a_reshuffle() -> None:
    """After a move that reshuffled, with_draw_pile sets the outcome chosen
    as a chance event, and play goes on from it."""
    rng = random.Random(0)
    state = new_game(2, seed=5)
    for _ in range(5000):
        if state.step is Step.HAND_OVER:
            state = next_hand(state)
        state, events = apply_with_events(state, rng.choice(legal_actions(state)))
        if any(isinstance(event, DrawPileShuffled) for event in events):
            chosen = sorted(state.draw_pile)
            state = with_draw_pile(state, chosen)
            assert state.draw_pile == tuple(chosen)
            if state.step is Step.DRAW:
                assert draw(state).players[state.current].hand[-1] == chosen[0]
            return
    pytest.fail("no reshuffle in 5000 random moves")


@pytest.mark.rule("R46", "R48")
def test_face_down_saves_are_dealt_no_skip_where_skips_are_not_saved() -> None:
    """A hidden save pile is never dealt a Skip under save_skips=False."""
    rules = PRESETS["masters"].replace(saved_cards_hidden=True, save_skips=False)
    state = new_game(3, rules, seed=2)
    while state.step is Step.CHOOSE:
        state = apply(state, legal_actions(state)[0])
    state = draw(state)
    saves = [move for move in legal_actions(state) if isinstance(move, Save)]
    state = apply(state, saves[0])
    seen = view(state, (state.current + 1) % 3)
    assert sum(player.saved_size for player in seen.players) == 1
    for seed in range(60):
        guess = determinize(seen, random.Random(seed))
        check_state(guess)
        assert not any(card.is_skip for p in guess.players for card in p.saved)
        assert view(guess, seen.seat) == seen
