"""How fast ``legal_actions`` lists the moves of real game states.

Run from a checkout, with phase10 installed or importable::

    python benchmarks/legal.py [--games N] [--repeat R] [--seed S]
                               [--clock {wall,cpu}]

It plays N seeded games of GreedyBot against itself (official rules, four
players), keeps every state met on the way, and times one ``legal_actions``
call on each. It prints the median time per call in microseconds for the
DRAW steps, the PLAY steps, the PLAY steps where a lay is listed (the
costliest: every minimal lay is enumerated and checked) and the PLAY steps
asked through the acting player's view, then the slowest call and the
overall calls per second. Each figure is the median of R runs.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from phase10 import (
    GameState,
    LayPhase,
    PlayerView,
    Rules,
    Step,
    apply,
    format_cards,
    new_game,
    view,
)
from phase10._legal import legal_actions
from phase10.bots import GreedyBot

PLAYERS = 4
MOVE_LIMIT = 20_000


def play_games(games: int, seed: int) -> list[GameState]:
    """Every state of ``games`` seeded bot games, in order of play."""
    states: list[GameState] = []
    for game in range(games):
        state = new_game(PLAYERS, Rules(), seed=seed + game)
        bot = GreedyBot(random.Random(seed + game))
        for _ in range(MOVE_LIMIT):
            states.append(state)
            if state.step is Step.GAME_OVER:
                break
            state = apply(state, bot.choose(state))
    return states


Clock = Callable[[], float]


def time_calls(
    clock: Clock, states: Sequence[GameState], *, as_views: bool = False
) -> list[float]:
    """Seconds for one ``legal_actions`` call on each state (through the acting
    player's view if ``as_views``; making the view is not timed)."""
    subjects: Sequence[GameState | PlayerView] = (
        [view(state, state.current) for state in states] if as_views else states
    )
    gc.collect()
    times = []
    for subject in subjects:
        start = clock()
        legal_actions(subject)
        times.append(clock() - start)
    return times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Time legal_actions over the states of seeded bot games."
    )
    parser.add_argument("--games", type=int, default=10, help="games to play")
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs per figure (median)"
    )
    parser.add_argument("--seed", type=int, default=2024, help="seed of the first game")
    parser.add_argument(
        "--clock",
        choices=["wall", "cpu"],
        default="wall",
        help="time by the wall clock (default) or by CPU time, steadier on a "
        "busy machine",
    )
    args = parser.parse_args(argv)
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    if args.games < 1 or args.repeat < 1:
        parser.error("--games and --repeat must be at least 1")

    states = play_games(args.games, args.seed)
    draws = [s for s in states if s.step is Step.DRAW]
    plays = [s for s in states if s.step is Step.PLAY]
    laying = [
        s for s in plays if any(isinstance(a, LayPhase) for a in legal_actions(s))
    ]
    groups = {
        "DRAW steps": draws,
        "PLAY steps": plays,
        "PLAY steps with a lay": laying,
        "PLAY steps, as the view": plays,
    }
    print(
        f"legal_actions on {len(states):,} states of {args.games} bot games "
        f"({PLAYERS} players, official rules); median of {args.repeat} runs; "
        f"{args.clock} clock; Python {sys.version.split()[0]}"
    )
    print()
    header = (
        f"{'states':<26} {'count':>7} {'median us':>10} {'mean us':>9} {'max us':>9}"
    )
    print(header)
    print("-" * len(header))
    for name, group in groups.items():
        as_views = name.endswith("view")
        runs = [time_calls(clock, group, as_views=as_views) for _ in range(args.repeat)]
        median = statistics.median(statistics.median(run) for run in runs)
        mean = statistics.median(statistics.mean(run) for run in runs)
        worst = statistics.median(max(run) for run in runs)
        print(
            f"{name:<26} {len(group):>7,} {median * 1e6:>10.1f} "
            f"{mean * 1e6:>9.1f} {worst * 1e6:>9.0f}",
            flush=True,
        )
    print("-" * len(header))
    times = time_calls(clock, plays)
    slowest = plays[max(range(len(plays)), key=times.__getitem__)]
    hand = format_cards(slowest.player.hand)
    print(
        f"slowest PLAY step: {times and max(times) * 1e6:,.0f} us, "
        f"{len(legal_actions(slowest))} moves, phase "
        f'"{slowest.phase_of(slowest.current)}", hand {hand}'
    )
    totals = [sum(time_calls(clock, states)) for _ in range(args.repeat)]
    rate = len(states) / statistics.median(totals)
    print(f"all states: {rate:,.0f} calls per second")
    return 0


if __name__ == "__main__":
    sys.exit(main())
