"""Tournaments on executors give a serial run's results; the Monte Carlo
search bot plays legal, reproducible moves from its view alone."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest
from test_bots import hide_differently
from test_encoding import positions

from phase10 import (
    GameOver,
    RulesError,
    Step,
    UsageError,
    apply,
    can_apply,
    new_game,
    view,
)
from phase10.bots import (
    Bot,
    GreedyBot,
    MonteCarloBot,
    RandomBot,
    TournamentResult,
    play_game,
    tournament,
)

ENTRANTS: dict[str, Callable[[random.Random], Bot]] = {
    "greedy": GreedyBot,
    "random": RandomBot,
}


@functools.cache
def serial() -> TournamentResult:
    """The reference: six games played here, one after another."""
    return tournament(ENTRANTS, games=6, players=3, seed=4, max_moves=1000)


def test_a_process_pool_gives_the_serial_results() -> None:
    """Games on two worker processes total to exactly the serial results."""
    with ProcessPoolExecutor(2) as pool:
        spread = tournament(
            ENTRANTS, games=6, players=3, seed=4, max_moves=1000, executor=pool
        )
    assert spread == serial()


def test_threads_and_a_worker_count_give_the_serial_results() -> None:
    """A thread pool, and a number of workers started for the call, too."""
    expected = serial()
    with ThreadPoolExecutor(3) as pool:
        threaded = tournament(
            ENTRANTS, games=6, players=3, seed=4, max_moves=1000, executor=pool
        )
    assert threaded == expected
    assert (
        tournament(ENTRANTS, games=6, players=3, seed=4, max_moves=1000, executor=2)
        == expected
    )


def test_a_factory_that_cannot_be_pickled_is_refused_before_play() -> None:
    """A lambda cannot reach a worker process: the error says so."""
    lambdas: dict[str, Callable[[random.Random], Bot]] = {
        "greedy": GreedyBot,
        "mine": lambda rng: RandomBot(rng),
    }
    with (
        ProcessPoolExecutor(1) as pool,
        pytest.raises(TypeError, match=r"bot factories must be picklable.*'mine'"),
    ):
        tournament(lambdas, games=2, executor=pool)
    with pytest.raises(TypeError, match="bot factories must be picklable"):
        tournament(lambdas, games=2, executor=1)
    with ThreadPoolExecutor(1) as pool:  # threads need no pickling
        assert tournament(lambdas, games=1, max_moves=50, executor=pool).games == 1


def test_an_executor_must_be_an_executor() -> None:
    """Anything else is refused with a TypeError."""
    with pytest.raises(TypeError, match=r"concurrent\.futures\.Executor"):
        tournament(ENTRANTS, games=1, executor="two")  # type: ignore[arg-type]


def never_called(rng: random.Random) -> Bot:
    """A bot factory for tournaments that must be refused before any game."""
    raise AssertionError("a game was dealt")


REFUSED: dict[str, Callable[[random.Random], Bot]] = {
    "a": never_called,
    "b": never_called,
}


@pytest.mark.parametrize("workers", [0, -1])
def test_a_worker_count_below_one_is_refused_before_play(workers: int) -> None:
    """executor=0 is a RulesError (a ValueError) that says what a count is."""
    with pytest.raises(
        RulesError, match=rf"worker processes .* at least 1, not {workers}"
    ):
        tournament(REFUSED, games=2, executor=workers)


def test_more_workers_than_the_platform_starts_is_a_rules_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A pool's own ValueError (Windows starts at most 61) becomes a RulesError."""

    def too_many(max_workers: int) -> ProcessPoolExecutor:
        raise ValueError("max_workers must be <= 61")

    monkeypatch.setattr("phase10.bots._tournament.ProcessPoolExecutor", too_many)
    with pytest.raises(RulesError, match=r"cannot start 2 worker processes.*<= 61"):
        tournament(REFUSED, games=2, executor=100)


def test_a_tournament_without_bots_is_refused() -> None:
    """No entrants is a RulesError, not a division by zero."""
    for games in (1, 0):
        with pytest.raises(RulesError, match="needs at least one bot"):
            tournament({}, games=games, players=2)


@pytest.mark.parametrize(
    ("games", "players", "max_moves", "message"),
    [
        (-1, None, 10, r"games is a whole number of at least 0, not -1"),
        (2, None, -1, r"max_moves .* at least 0, not -1"),
        (2, 1, 10, r"for 2 to 6 players, not 1"),
        (0, 7, 10, r"for 2 to 6 players, not 7"),
    ],
)
def test_numbers_out_of_range_are_refused_before_play(
    games: int, players: int | None, max_moves: int, message: str
) -> None:
    """Negative counts and seats the rules do not allow raise RulesError first."""
    with pytest.raises(RulesError, match=message):
        tournament(REFUSED, games=games, players=players, max_moves=max_moves)


def test_one_seat_for_each_of_too_many_bots_is_refused() -> None:
    """Seven entrants without players= cannot sit at one official table."""
    seven = {f"bot {n}": never_called for n in range(7)}
    with pytest.raises(
        RulesError, match=r"not 7 \(one seat for each bot.*pass players="
    ):
        tournament(seven, games=1)


def test_any_whole_seed_plays() -> None:
    """A tournament's seed is only hashed: negative and long seeds play too."""
    for seed in (-3, 10**400):
        assert tournament(ENTRANTS, games=1, seed=seed, max_moves=20).games == 1


def test_the_win_rate_of_a_bot_that_did_not_play_is_refused() -> None:
    """An unknown name is a RulesError that lists the names, not a KeyError."""
    result = serial()
    assert 0.0 <= result.win_rate("greedy") <= 1.0
    with pytest.raises(RulesError, match=r"'nobody'.*'greedy', 'random'"):
        result.win_rate("nobody")


# --- the search bot -------------------------------------------------------------

SMALL = functools.partial(MonteCarloBot, rollouts=3, candidates=2, horizon=30)


def test_the_search_bot_plays_legal_moves_to_the_end_of_a_hand() -> None:
    """Every move it makes is accepted, for a whole hand and the next deal."""
    state = new_game(3, seed=8)
    bots = [SMALL(random.Random(seat)) for seat in range(3)]
    for _ in range(400):
        if state.step is Step.GAME_OVER:
            break
        move = bots[state.current].choose(view(state, state.current))
        assert can_apply(state, move)
        state = apply(state, move)
        if state.hand_number == 2:
            break
    assert state.hand_number == 2


def test_the_search_bot_is_reproducible_and_reads_only_its_view() -> None:
    """The same seed makes the same choice, and so does a game that differs
    only in what the seat cannot see."""
    checked = 0
    for state in positions(2, None, seed=12, moves=120):
        if state.step not in (Step.DRAW, Step.PLAY):
            continue
        twin = hide_differently(state)
        seat = state.current
        first = SMALL(random.Random(5)).choose(view(state, seat))
        assert SMALL(random.Random(5)).choose(view(twin, seat)) == first
        checked += 1
    assert checked > 50


def test_the_search_bot_refuses_bad_budgets_and_finished_games() -> None:
    """Budgets are whole numbers of at least 1; a finished game has no move."""
    with pytest.raises(RulesError, match="rollouts is a whole number of at least 1"):
        MonteCarloBot(rollouts=0)
    with pytest.raises(RulesError, match=r"candidates .* at least 1, not -1"):
        MonteCarloBot(candidates=-1)
    with pytest.raises(RulesError, match=r"horizon .* at least 1, not 0"):
        MonteCarloBot(horizon=0)
    with pytest.raises(UsageError, match="horizon is a whole number, not True"):
        MonteCarloBot(horizon=True)
    greedy = [GreedyBot(random.Random(0)), GreedyBot(random.Random(1))]
    state = play_game(greedy, seed=1).final
    assert state.step is Step.GAME_OVER
    with pytest.raises(GameOver):
        SMALL(random.Random(0)).choose(view(state, 0))
