"""Events: what a move did, told to each seat as it may know it."""

from __future__ import annotations

import random
from typing import get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scenarios import arranged_deck, deal

from phase10 import (
    PRESETS,
    Card,
    CardDiscarded,
    CardDrawn,
    CardHit,
    Discard,
    Draw,
    DrawPileShuffled,
    Event,
    FormatError,
    GameEnded,
    HandDealt,
    HandEnded,
    LayPhase,
    NextHand,
    NoSuchSeat,
    PhaseLaid,
    Pile,
    Rules,
    Skip,
    SkipPlayed,
    Step,
    TurnLost,
    UsageError,
    WrongStep,
    apply,
    apply_with_events,
    events,
    new_game,
    next_hand,
)
from phase10._actions import MOVE_TYPES
from phase10.bots import GreedyBot

NAMES = ["Ann", "Bob", "Cy"]


@pytest.mark.rule("R21", "R41")
def test_a_card_from_the_draw_pile_is_seen_by_its_drawer_alone() -> None:
    """Other seats learn that a card was drawn, not which."""
    state = deal(["R1", "B1", "G1"], starter="Y9", draw_top="Y4", names=NAMES)
    after = apply(state, Draw())
    assert events(state, Draw(), after, seat=1) == (
        CardDrawn(1, Pile.DRAW, Card.parse("Y4")),
    )
    assert events(state, Draw(), after, seat=0) == (CardDrawn(1, Pile.DRAW, None),)
    assert events(state, Draw(), after, seat=None) == (CardDrawn(1, Pile.DRAW, None),)
    assert events(state, Draw(), after) == (CardDrawn(1, Pile.DRAW, None),)
    assert events(state, Draw(), after, reveal_all=True) == (
        CardDrawn(1, Pile.DRAW, Card.parse("Y4")),
    )
    assert events(state, Draw(), after, seat=2)[0].describe(NAMES) == (
        "Bob draws a card from the draw pile"
    )


@pytest.mark.rule("R21")
def test_a_card_from_the_discard_pile_is_seen_by_all() -> None:
    """Taking the top discard is public."""
    state = deal(["R1", "B1", "G1"], starter="Y9", names=NAMES)
    action = Draw(Pile.DISCARD)
    after = apply(state, action)
    told = events(state, action, after, seat=0)
    assert told == (CardDrawn(1, Pile.DISCARD, Card.parse("Y9")),)
    assert told[0].describe(NAMES) == "Bob draws Y9 from the discard pile"


@pytest.mark.rule("R26")
def test_a_skip_tells_who_was_skipped_and_who_lost_a_turn() -> None:
    """Playing a Skip gives SkipPlayed, then TurnLost for the target."""
    state = apply(deal(["R1", "S B1", "G1"], starter="Y9", names=NAMES), Draw())
    after = apply(state, Skip(2))
    assert events(state, Skip(2), after) == (SkipPlayed(1, 2), TurnLost(2))
    assert after.current == 0


@pytest.mark.rule("R27", "R36")
def test_a_new_hand_tells_the_deal_and_a_lost_first_turn() -> None:
    """NextHand gives HandDealt, and TurnLost when the starter is a Skip."""
    rules = Rules(phases=["1 set of 2", "1 set of 3"], hand_size=3)
    state = deal(["R1 B2 G3", "R5 B5 G5"], starter="Y9", draw_top="Y5", rules=rules)
    drawn = apply(state, Draw())
    lay = LayPhase(("R5 B5 G5 Y5",))
    ended = apply(drawn, lay)
    told = events(drawn, lay, ended)
    assert told[0] == PhaseLaid(1, ended.table)
    assert told[1:] == (HandEnded(1, ended.hand_points or ()),)
    deck = arranged_deck(rules, ["R1 B1 G1", "R2 B2 G2"], starter="S", dealer=1)
    following = next_hand(ended, deck=deck)
    told = events(ended, NextHand(), following)
    assert told == (HandDealt(2, 1, Card.parse("S"), False), TurnLost(0))


@pytest.mark.rule("R25")
def test_a_reshuffle_is_told() -> None:
    """When the draw pile is refilled, DrawPileShuffled gives its new size."""
    state = new_game(2, seed=4)
    while True:
        state = apply(state, Draw())
        card = next(c for c in state.players[state.current].hand[::-1] if not c.is_skip)
        action = Discard(card)
        after = apply(state, action)
        told = events(state, action, after)
        if after.shuffles > state.shuffles:
            assert told[-1] == DrawPileShuffled(len(after.draw_pile))
            return
        assert not any(isinstance(e, DrawPileShuffled) for e in told)
        state = after


@pytest.mark.rule("R37")
def test_the_end_of_a_game_is_told() -> None:
    """The move that decides the game gives HandEnded then GameEnded."""
    rules = Rules(phases=["1 set of 2"], hand_size=3)
    state = apply(
        deal(["R1 B2 G3", "R5 B5 G5"], starter="Y9", draw_top="Y5", rules=rules), Draw()
    )
    lay = LayPhase(("R5 B5 G5 Y5",))
    over = apply(state, lay)
    told = events(state, lay, over)
    assert told[-2:] == (HandEnded(1, over.hand_points or ()), GameEnded(1))
    assert told[-1].describe(["Ann", "Bob"]) == "Bob wins the game"


@pytest.mark.slow
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6))
@settings(max_examples=20)
@pytest.mark.rule("R41")
def test_events_in_random_games_never_leak_a_drawn_card(
    seed: int, players: int
) -> None:
    """Told to another seat, no draw-pile card is named; hits match the table."""
    state = new_game(players, seed=seed)
    bot = GreedyBot(random.Random(seed))
    for _ in range(600):
        if state.step is Step.GAME_OVER:
            break
        action = bot.choose(state)
        after = apply(state, action)
        seats: list[int | None] = [*range(players), None]  # None: a spectator
        for seat in seats:
            for event in events(state, action, after, seat=seat):
                if isinstance(event, CardDrawn) and event.source is Pile.DRAW:
                    assert (event.card is None) == (seat != event.player)
                if isinstance(event, CardHit):
                    assert after.table[event.meld] == event.result
                if isinstance(event, CardDiscarded):
                    assert after.discard_pile[0] == event.card
        state = after


@pytest.mark.rule("R41")
def test_events_refuse_states_that_do_not_belong_to_the_move() -> None:
    """A before, action and after that do not fit together raise a package error."""
    state = deal(["R1", "B1", "G1"], starter="Y9", draw_top="Y4", names=NAMES)
    after = apply(state, Draw())
    with pytest.raises(FormatError, match="not the state that draw from the draw"):
        events(state, Draw(), state)
    with pytest.raises(WrongStep, match="draw a card before you discard"):
        events(state, Discard("R1"), after)
    with pytest.raises(FormatError, match="takes no seat"):
        events(state, Draw(), after, seat=1, reveal_all=True)
    for seat in (3, -1):
        with pytest.raises(NoSuchSeat, match=r"or None, not .*\(rule R3\)"):
            events(state, Draw(), after, seat=seat)
    with pytest.raises(UsageError, match=r"a seat is a whole number or None, not True"):
        events(state, Draw(), after, seat=True)


@pytest.mark.rule("R41")
def test_reveal_all_opens_the_secrets_only_when_it_is_true() -> None:
    """reveal_all must be True or False: a truthy string or number is refused."""
    state = deal(["R1", "B1", "G1"], starter="Y9", draw_top="Y4", names=NAMES)
    after = apply(state, Draw())
    for wrong in ("no", "False", 1, 0, None, [True]):
        with pytest.raises(UsageError, match="reveal_all must be True or False"):
            events(state, Draw(), after, reveal_all=wrong)  # type: ignore[arg-type]
    assert events(state, Draw(), after, reveal_all=True)[0] == CardDrawn(
        1, Pile.DRAW, Card.parse("Y4")
    )
    assert events(state, Draw(), after, reveal_all=False)[0] == CardDrawn(
        1, Pile.DRAW, None
    )


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.rule("R18", "R44")
def test_a_hand_dealt_from_a_given_deck_is_told_under_every_preset(name: str) -> None:
    """events() tells the deal of next_hand(deck=...), choosing step included."""
    rules = PRESETS[name]
    state = new_game(3, rules, seed=11)
    bots = [GreedyBot(random.Random(seat)) for seat in range(3)]
    for _ in range(3000):
        if state.step is Step.HAND_OVER:
            break
        state = apply(state, bots[state.current].choose(state))
    assert state.step is Step.HAND_OVER
    saved = [card for player in state.players for card in player.saved]
    deck = list(rules.deck)
    for card in saved:
        deck.remove(card)
    deck.reverse()
    following = next_hand(state, deck=deck)
    told = events(state, NextHand(), following, reveal_all=True)
    assert isinstance(told[0], HandDealt)
    assert told == events(state, NextHand(), following)
    assert told[0].starter == deck[3 * rules.hand_size]


def test_every_event_and_move_says_when_it_was_added() -> None:
    """Each event and move record's docstring names the version that added it."""
    kinds = [*get_args(Event), *MOVE_TYPES]
    for kind in kinds:
        assert ".. versionadded:: 0." in (kind.__doc__ or ""), kind.__name__


def test_public_events_are_told_alike_to_every_seat() -> None:
    """An event with no secret is the same object for every seat and spectator."""
    state = deal(["R1", "B1", "G1"], starter="Y9", draw_top="Y4", names=NAMES)
    _, told = apply_with_events(apply(state, Draw()), Discard("Y4"))
    assert told
    for event in told:
        for seat in (None, 0, 1, 2):
            assert event.seen_by(seat) is event
        assert event.describe(NAMES)
