"""Skip cards and the Skip limit (R26-R29)."""

from __future__ import annotations

import pytest
from scenarios import arranged_deck, deal

from phase10 import (
    BadDiscard,
    BadSkipTarget,
    Card,
    CardNotInHand,
    GameState,
    HandDealt,
    Rules,
    SkipLimit,
    Step,
    TurnLost,
    discard,
    draw,
    new_game,
    new_game_with_events,
    skip,
    skip_targets,
)

# Three players, seat 1 plays first; seats 1 and 2 hold Skips.
HANDS = ["R1 R2 R3", "S S B4", "S G5 G6"]


def three(limit: SkipLimit = SkipLimit.ROUND) -> GameState:
    """A three-player deal where seats 1 and 2 hold Skips."""
    return deal(
        HANDS, starter="Y9", draw_top="Y1 Y2 Y3 Y4 Y5", rules=Rules(skip_limit=limit)
    )


@pytest.mark.rule("R26")
def test_a_skip_makes_its_target_lose_the_next_turn() -> None:
    """After a Skip against seat 0, play passes over seat 0."""
    state = skip(draw(three()), 2)
    assert state.current == 0
    assert state.discard_pile[0].is_skip
    state = skip(draw(three()), 0)
    assert state.current == 2
    state = discard(draw(state), "G5")
    assert state.current == 1  # seat 0's turn slot was lost
    assert state.turn_slot == 3
    assert state.players[0].skips_pending == 0


@pytest.mark.rule("R26")
def test_you_cannot_skip_yourself() -> None:
    """Targeting your own seat raises BadSkipTarget."""
    with pytest.raises(BadSkipTarget, match="yourself"):
        skip(draw(three()), 1)


@pytest.mark.rule("R26")
def test_a_skip_cannot_be_discarded_as_a_plain_card() -> None:
    """discard() refuses a Skip; skip() plays it."""
    with pytest.raises(BadDiscard, match="Skip is not discarded"):
        discard(draw(three()), "S")


@pytest.mark.rule("R26")
def test_skip_needs_a_skip_in_hand_and_a_real_target() -> None:
    """skip() without a Skip in hand, or at a seat that does not exist, is refused."""
    state = deal(["R1", "B1"], starter="Y9", draw_top="Y1")
    with pytest.raises(CardNotInHand, match="Skip"):
        skip(draw(state), 0)
    with pytest.raises(BadSkipTarget, match="no player 5"):
        skip(draw(three()), 5)


@pytest.mark.rule("R26")
def test_with_two_players_the_skipper_plays_again() -> None:
    """In a two-player game a Skip gives its player the next turn too."""
    state = deal(["R1", "S S B4"], starter="Y9", draw_top="Y1 Y2 Y3")
    after = skip(draw(state), 0)
    assert after.current == 1
    assert after.step is Step.DRAW
    assert after.turn_slot == 2


@pytest.mark.rule("R27")
def test_a_skip_starter_costs_the_first_player_their_first_turn() -> None:
    """A Skip starting the discard pile passes over the first player."""
    state = deal(HANDS, starter="S")
    assert state.current == 2
    assert state.turn_slot == 1
    assert state.players[1].skips_pending == 0


@pytest.mark.rule("R27", "R28")
def test_the_starter_skip_does_not_count_against_the_limit() -> None:
    """The player who lost a turn to the starter Skip may be skipped at once."""
    state = deal(HANDS, starter="S", draw_top="Y1 Y2 Y3")
    assert 1 in skip_targets(draw(state))
    assert skip(draw(state), 1).current == 0


def _skip_seat0_then_reach(limit: SkipLimit) -> tuple[GameState, GameState]:
    """Seat 1 skips seat 0; the states at seat 2's play and seat 1's next one."""
    state = skip(draw(three(limit)), 0)  # slot 0
    at_seat2 = draw(state)  # slot 1
    state = discard(at_seat2, "G5")  # seat 0 loses slot 2
    at_seat1_again = draw(state)  # slot 3
    return at_seat2, at_seat1_again


@pytest.mark.rule("R28")
def test_round_limit_bars_a_target_until_once_around_the_table() -> None:
    """SkipLimit.ROUND: no second Skip at a player until n turn slots later."""
    at_seat2, at_seat1_again = _skip_seat0_then_reach(SkipLimit.ROUND)
    assert skip_targets(at_seat2) == (1,)
    with pytest.raises(BadSkipTarget, match="already been skipped this round"):
        skip(at_seat2, 0)
    assert at_seat1_again.turn_slot == 3
    assert 0 in skip_targets(at_seat1_again)


@pytest.mark.rule("R28")
def test_until_served_limit_bars_a_target_only_while_a_turn_is_owed() -> None:
    """SkipLimit.UNTIL_SERVED: a player owing a lost turn cannot be skipped again."""
    at_seat2, at_seat1_again = _skip_seat0_then_reach(SkipLimit.UNTIL_SERVED)
    with pytest.raises(BadSkipTarget, match="already has a turn to lose"):
        skip(at_seat2, 0)
    assert 0 in skip_targets(at_seat1_again)


@pytest.mark.rule("R28")
def test_per_hand_limit_allows_one_skip_per_player_per_hand() -> None:
    """SkipLimit.PER_HAND: once skipped, a player cannot be skipped again this hand."""
    at_seat2, at_seat1_again = _skip_seat0_then_reach(SkipLimit.PER_HAND)
    assert 0 not in skip_targets(at_seat2)
    with pytest.raises(BadSkipTarget, match="this hand"):
        skip(at_seat1_again, 0)


@pytest.mark.rule("R28")
def test_unlimited_skips_add_up() -> None:
    """SkipLimit.UNLIMITED: two Skips at one player cost them two turns."""
    state = skip(draw(three(SkipLimit.UNLIMITED)), 0)  # slot 0: seat 1 skips 0
    state = skip(draw(state), 0)  # slot 1: seat 2 skips 0 too
    assert state.players[0].skips_pending == 1  # one lost already (slot 2)
    assert state.current == 1
    state = discard(draw(state), "B4")  # slot 3: seat 1
    state = discard(draw(state), "G5")  # slot 4: seat 2
    assert state.current == 1  # seat 0 loses slot 5 as well
    assert state.turn_slot == 6
    assert state.players[0].skips_pending == 0


@pytest.mark.rule("R29")
def test_a_skip_with_nobody_to_target_is_discarded_against_nobody() -> None:
    """When no one may be targeted, skip(None) is allowed and a named target is not."""
    rules = Rules(skip_limit=SkipLimit.PER_HAND)
    state = deal(["R1", "S S B4"], starter="Y9", draw_top="Y1 Y2 Y3", rules=rules)
    state = draw(skip(draw(state), 0))  # seat 1 again, seat 0 already skipped
    assert skip_targets(state) == ()
    with pytest.raises(BadSkipTarget):
        skip(state, 0)
    after = skip(state, None)
    assert after.current == 0
    assert after.discard_pile[0].is_skip


@pytest.mark.rule("R29")
def test_skip_against_nobody_is_refused_while_someone_may_be_targeted() -> None:
    """skip(None) names the players who could be targeted instead."""
    with pytest.raises(BadSkipTarget, match="choose who loses a turn"):
        skip(draw(three()), None)


@pytest.mark.rule("R18", "R27")
def test_the_first_deal_is_told_with_the_turn_a_skip_starter_costs() -> None:
    """new_game_with_events gives the game new_game gives, and tells its
    deal: a HandDealt, then the first player's lost turn to a Skip starter."""
    for starter, lost in (("S", (TurnLost(1),)), ("R1", ())):
        deck = arranged_deck(Rules(), HANDS, starter=starter)
        game, dealt = new_game_with_events(3, seed=1, deck=deck)
        assert game == new_game(3, seed=1, deck=deck)
        assert dealt == (HandDealt(1, 0, Card.parse(starter), False), *lost)
    game, dealt = new_game_with_events(["Ann", "Bob"], seed=9, dealer=1)
    assert game == new_game(["Ann", "Bob"], seed=9, dealer=1)
    assert [type(event) for event in dealt][:1] == [HandDealt]
