"""Bots: they see only their own view, play legal moves, and the greedy one wins."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import oracle_find_phase
from scenarios import deal
from strategies import rich_hands

from phase10 import (
    PRESETS,
    STANDARD_PHASES,
    WILD,
    Card,
    ChoosePhase,
    Draw,
    GameState,
    LayPhase,
    NotYourTurn,
    PhaseSpec,
    Rules,
    RulesError,
    Step,
    apply,
    can_apply,
    find_phase,
    legal_actions,
    new_game,
    view,
)
from phase10.bots import (
    Bot,
    GreedyBot,
    MonteCarloBot,
    RandomBot,
    play_game,
    tournament,
)
from phase10.bots._greedy import lay_with_fewest_wilds


def hide_differently(state: GameState) -> GameState:
    """The same game as the current seat sees it, with every secret changed."""
    me = state.current
    others = [seat for seat in range(len(state.players)) if seat != me]
    pool = list(state.draw_pile)
    for seat in others:
        pool.extend(state.players[seat].hand)
    for seat in others:  # known cards stay with their holders
        for card in state.players[seat].known:
            pool.remove(card)
    random.Random(99).shuffle(pool)
    players = list(state.players)
    for seat in others:
        player = players[seat]
        extra = len(player.hand) - len(player.known)
        hand = (*player.known, *pool[:extra])
        del pool[:extra]
        players[seat] = attrs.evolve(player, hand=hand)
    return attrs.evolve(
        state, players=tuple(players), draw_pile=tuple(pool), seed=state.seed + 1
    )


@given(seed=st.integers(0, 2**32), moves=st.integers(0, 300))
@settings(max_examples=30)
@pytest.mark.rule("R41")
def test_bots_choose_the_same_whatever_is_hidden(seed: int, moves: int) -> None:
    """Other hands, the draw pile's order and the seed never change a choice."""
    state = new_game(3, seed=seed)
    driver = GreedyBot(random.Random(seed))
    for _ in range(moves):
        if state.step is Step.GAME_OVER:
            return
        state = apply(state, driver.choose(state))
    if state.step is Step.GAME_OVER:
        return
    twin = hide_differently(state)
    assert view(twin, twin.current) == view(state, state.current)
    for make in (GreedyBot, RandomBot):
        assert make(random.Random(1)).choose(state) == make(random.Random(1)).choose(
            twin
        )
        # Given the state, a bot asks the rules' checks of the state itself;
        # given the view, of the view: the same choice either way.
        assert make(random.Random(1)).choose(state) == make(random.Random(1)).choose(
            view(state, state.current)
        )


@given(seed=st.integers(0, 2**32))
@settings(max_examples=15)
def test_bot_moves_are_always_legal(seed: int) -> None:
    """Both bots' moves are accepted; RandomBot picks from legal_actions."""
    rng = random.Random(seed)
    bots: list[GreedyBot | RandomBot] = [
        GreedyBot(random.Random(seed)),
        RandomBot(random.Random(seed + 1)),
    ]
    state = new_game(2, Rules.first_phases(3), seed=seed)
    for _ in range(400):
        if state.step is Step.GAME_OVER:
            break
        bot = bots[state.current] if rng.random() < 0.9 else bots[1]
        action = bot.choose(view(state, state.current))
        assert can_apply(state, action)
        if isinstance(bot, RandomBot):
            assert action in legal_actions(state)
        state = apply(state, action)


def test_greedy_beats_random_in_a_clear_majority() -> None:
    """Over 30 seeded two-player games the greedy bot wins at least 80%."""
    result = tournament(
        {"greedy": GreedyBot, "random": RandomBot}, games=30, players=2, seed=5
    )
    assert result.unfinished == 0
    assert result.win_rate("greedy") >= 0.8
    assert result.mean_score["greedy"] < result.mean_score["random"]


def test_tournaments_are_reproducible_and_rotate_seats() -> None:
    """The same call gives the same totals; each entrant plays every seat."""
    entrants = {"a": GreedyBot, "b": GreedyBot, "c": GreedyBot}
    first = tournament(entrants, games=6, seed=2, rules=Rules.first_phases(2))
    second = tournament(entrants, games=6, seed=2, rules=Rules.first_phases(2))
    assert first == second
    assert sum(first.wins.values()) + first.unfinished == 6


def test_play_game_stops_at_the_move_limit() -> None:
    """A game cut short reports no winner and the moves made."""
    result = play_game(
        [RandomBot(random.Random(1)), RandomBot(random.Random(2))], seed=3, max_moves=50
    )
    assert result.winner is None
    assert result.moves == 50
    assert result.final.step is not Step.GAME_OVER


def test_play_game_refuses_a_negative_move_limit() -> None:
    """max_moves=-1 is a RulesError; 0 stops at the deal."""
    bots = [RandomBot(random.Random(1)), RandomBot(random.Random(2))]
    with pytest.raises(RulesError, match=r"max_moves .* at least 0, not -1"):
        play_game(bots, seed=3, max_moves=-1)
    assert play_game(bots, seed=3, max_moves=0).moves == 0


def test_a_finished_game_reports_its_winner() -> None:
    """play_game returns the winner, scores and phases of a finished game."""
    result = play_game([GreedyBot(random.Random(s)) for s in range(4)], seed=11)
    assert result.winner is not None
    assert result.completed[result.winner] == 10
    assert result.scores == tuple(p.score for p in result.final.players)


def test_two_greedy_bots_never_pass_one_card_back_and_forth() -> None:
    """Seed 33 once left two GreedyBots trading the top discard forever."""
    for seed in (33, *range(10)):
        bots = [GreedyBot(random.Random(seed)), GreedyBot(random.Random(seed + 1))]
        result = play_game(bots, seed=seed, max_moves=20_000)
        assert result.winner is not None, seed


@pytest.mark.rule("R20")
@pytest.mark.parametrize(
    "bot", [GreedyBot(random.Random(1)), RandomBot(random.Random(1))]
)
def test_a_bot_refuses_a_view_that_is_not_of_the_seat_to_move(bot: Bot) -> None:
    """Given another seat's or a spectator's view mid-hand, a bot raises NotYourTurn."""
    state = new_game(3, seed=5)
    assert state.current == 1
    for seat in (0, 2, None):
        with pytest.raises(NotYourTurn, match="view of the seat to move"):
            bot.choose(view(state, seat))
    assert isinstance(bot.choose(view(state, 1)), Draw)


@pytest.mark.rule("R44")
@pytest.mark.parametrize(
    "bot",
    [
        GreedyBot(random.Random(1)),
        RandomBot(random.Random(1)),
        MonteCarloBot(random.Random(1), rollouts=2),
    ],
    ids=lambda bot: type(bot).__name__,
)
def test_a_bot_refuses_another_seats_view_when_a_phase_is_chosen(
    bot: GreedyBot | RandomBot | MonteCarloBot,
) -> None:
    """In the Masters Edition's choosing step, a bot given another seat's or
    a spectator's view raises NotYourTurn rather than choosing for the
    wrong hand; the chooser's own view gets a choice."""
    state = new_game(3, PRESETS["masters"], seed=5)
    assert state.step is Step.CHOOSE and state.current == 1
    for seat in (0, 2, None):
        with pytest.raises(NotYourTurn, match="view of the seat to move"):
            bot.choose(view(state, seat))
    assert isinstance(bot.choose(view(state, 1)), ChoosePhase)
    assert isinstance(bot.choose(state), ChoosePhase)


def test_greedy_lays_without_wilds_when_it_can() -> None:
    """A Wild is kept in hand when the phase can be laid without it: the
    solver alone answers with one here (W R3 G4 Y5), the bot lays R3 G4 Y5 G6."""
    rules = Rules(phases=["1 set of 3 + 1 run of 4"])
    hands = ["R2 R4 R6 R8 R10 B2 B4 B6 B8 B10", "Y1 G1 G4 R7 G6 R1 W R3 Y7 Y5"]
    # Seat 1 plays first (the dealer is seat 0) and draws the top card.
    state = apply(deal(hands, draw_top="B12", rules=rules), Draw())
    phase = rules.phases[0]
    answer = find_phase(state.player.hand, phase, rules)
    assert answer is not None and any(
        card.is_wild for group in answer for card in group
    )
    lay = GreedyBot(random.Random(0)).choose(state)
    assert isinstance(lay, LayPhase)
    assert not any(card.is_wild for group in lay.groups for card in group)


@given(hand=rich_hands(min_size=6, max_size=11), phase=st.sampled_from(STANDARD_PHASES))
@settings(max_examples=60)
def test_greedy_lays_with_the_fewest_wilds_any_lay_needs(
    hand: list[Card], phase: PhaseSpec
) -> None:
    """No lay of the phase exists with fewer Wilds than the bot's (the
    brute-force oracle of the solver tests is the judge)."""
    groups = lay_with_fewest_wilds(hand, phase, Rules())
    expected = oracle_find_phase(hand, phase, Rules().naturals)
    assert (groups is None) == (expected is None)
    if groups is None:
        return
    used = sum(card.is_wild for group in groups for card in group)
    naturals = [card for card in hand if not card.is_wild]
    if used:
        fewer = naturals + [WILD] * (used - 1)
        assert oracle_find_phase(fewer, phase, Rules().naturals) is None
