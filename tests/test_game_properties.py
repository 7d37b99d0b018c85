"""Whole games played at random: the invariants that hold after every move."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import rules_records

from phase10 import (
    FACES,
    Action,
    End,
    GameState,
    Phase10Error,
    Pile,
    Rules,
    Step,
    apply,
    check_state,
    discard,
    draw,
    hit,
    lay_phase,
    new_game,
    next_hand,
    skip,
    verify_discard,
    verify_draw,
    verify_hit,
    verify_lay_phase,
    verify_next_hand,
    verify_skip,
)
from phase10._moves.hit import _fitting_ends as fitting_ends
from phase10.bots import GreedyBot

MOVE_LIMIT = 1500


def check_step(before: GameState, after: GameState) -> None:
    """The invariants between two consecutive states; check_state holds those
    of each state (the cards add up to the deck, a winner exactly at the end)."""
    check_state(after)
    for old, new in zip(before.players, after.players, strict=True):
        assert new.score >= old.score, "a score went down"
        assert new.completed >= old.completed, "a phase was taken back"
        assert new.name == old.name


def check_finished(state: GameState) -> None:
    """A finished game has one winner who earned it (R37-R39)."""
    assert state.step is Step.GAME_OVER
    winner = state.winner
    assert winner is not None
    rules = state.rules
    last = len(rules.phases)
    assert state.players[winner].completed == last
    if state.hand_number > 1 and state.tiebreak:
        # A tie-break hand is won by going out, by one of the tied players.
        assert winner == state.went_out
        assert winner in state.contenders
        return
    if rules.everyone_advances:
        assert state.hand_number == last
        assert state.players[winner].score == min(p.score for p in state.players)
    else:
        finishers = [p for p in state.players if p.completed == last]
        assert state.players[winner].score == min(p.score for p in finishers)


# Each random move is a pair of functions: the check and the move itself.
Attempt = tuple[Callable[[GameState], object], Callable[[GameState], GameState]]


def random_attempt(state: GameState, rng: random.Random) -> Attempt:
    """A random move, legal or not, with its own checking function."""
    me = state.players[state.current]
    pool = list(me.hand) or list(FACES)
    card = rng.choice(pool if rng.random() < 0.8 else FACES)
    meld = rng.randrange(-1, len(state.table) + 2)
    end = rng.choice([None, End.LOW, End.HIGH])
    seat = rng.randrange(-1, len(state.players) + 1)
    target = None if seat < 0 else seat
    pile = rng.choice(list(Pile))
    groups = [tuple(rng.sample(pool, min(len(pool), rng.randint(1, 5))))]
    options: list[Attempt] = [
        (lambda s: verify_draw(s, pile), lambda s: draw(s, pile)),
        (lambda s: verify_discard(s, card), lambda s: discard(s, card)),
        (lambda s: verify_skip(s, target), lambda s: skip(s, target)),
        (
            lambda s: verify_hit(s, card, meld, end=end),
            lambda s: hit(s, card, meld, end=end),
        ),
        (lambda s: verify_lay_phase(s, groups), lambda s: lay_phase(s, groups)),
        (verify_next_hand, next_hand),
    ]
    return rng.choice(options)


def play(
    state: GameState, rng: random.Random, *, junk: float, limit: int = MOVE_LIMIT
) -> GameState:
    """Play with GreedyBot, trying random (often illegal) moves in between."""
    bot = GreedyBot(rng)
    for _ in range(limit):
        if state.step is Step.GAME_OVER:
            break
        if rng.random() < junk:
            check, move = random_attempt(state, rng)
            snapshot = pickle.dumps(state)
            try:
                check(state)
                allowed = True
            except Phase10Error:
                allowed = False
            try:
                after = move(state)
            except Phase10Error:
                assert not allowed, "the check allowed a move that then failed"
                assert pickle.dumps(state) == snapshot
                continue
            assert allowed, "the check refused a move that succeeds"
        else:
            action: Action = bot.choose(state)
            snapshot = pickle.dumps(state)
            after = apply(state, action)
        assert pickle.dumps(state) == snapshot, "a move changed its argument"
        check_step(state, after)
        state = after
    return state


@pytest.mark.slow
@given(
    rules=rules_records(),
    seats=st.integers(2, 8),
    seed=st.integers(0, 2**64),
    bot_seed=st.integers(0, 2**32),
)
@settings(suppress_health_check=[HealthCheck.too_slow])
@pytest.mark.rule("R2", "R21", "R33", "R34", "R35")
def test_random_games_keep_every_card_and_never_mutate(
    rules: Rules, seats: int, seed: int, bot_seed: int
) -> None:
    """Under any rules, moves keep every card, leave their input, never lower scores."""
    players = min(max(seats, rules.min_players), rules.max_players)
    state = new_game(players, rules, seed=seed)
    state = play(state, random.Random(bot_seed), junk=0.3, limit=400)
    if state.step is Step.GAME_OVER:
        check_finished(state)


SHORT_GAMES = [
    Rules.first_phases(2),
    Rules.even_phases(),
    Rules(phases=["2 sets of 3", "1 run of 4 of one color"], everyone_advances=True),
    Rules(phases=["7 cards of one color", "1 set of 3 + 1 run of 4"], hand_size=8),
]


@pytest.mark.slow
@given(
    which=st.integers(0, len(SHORT_GAMES) - 1),
    players=st.integers(2, 6),
    seed=st.integers(0, 2**64),
)
@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])
@pytest.mark.rule("R37", "R38", "R39", "R40")
def test_games_played_to_the_end_have_one_rightful_winner(
    which: int, players: int, seed: int
) -> None:
    """Games played out to the end finish with exactly one winner who earned
    it, unless a hand reaches a point where it can never end (R33)."""
    state = new_game(players, SHORT_GAMES[which], seed=seed)
    state = play(state, random.Random(seed), junk=0.05, limit=20_000)
    if state.step is not Step.GAME_OVER:
        check_stalemate(state)
        return
    check_finished(state)


def check_stalemate(state: GameState) -> None:
    """The hand can never end (R33): every player in it has laid down, and no
    card left in the game, in a hand or a pile, fits any group on the table.

    The official deck can come to this under phases of colour runs: with
    "1 run of 4 of one color" the groups laid may hold every Wild and every
    copy of the numbers that could extend them.
    """
    assert state.step is Step.PLAY or state.step is Step.DRAW
    assert all(state.players[seat].laid_down for seat in state.contenders)
    left = [card for player in state.players for card in player.hand]
    left += [card for player in state.players for card in player.saved]
    left += [*state.draw_pile, *state.discard_pile]
    wrap = state.rules.wrap_runs
    for meld in state.table:
        for card in set(left):
            assert not fitting_ends(meld.kind, meld.shape, meld.cards, card, wrap)


@pytest.mark.rule("R37")
def test_an_official_game_plays_to_the_end() -> None:
    """A four-player official game between bots reaches a winner."""
    state = play(new_game(4, seed=2026), random.Random(1), junk=0.0, limit=50_000)
    check_finished(state)
