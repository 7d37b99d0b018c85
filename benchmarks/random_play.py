"""How fast uniformly random legal play runs: the loop bots and learners live in.

    python benchmarks/random_play.py [--games N] [--repeat R] [--rules PRESET]

For 2, 4 and 6 players, N seeded games of the official rules (or of the
preset given with ``--rules``, such as ``masters``) are played to
the end by picking uniformly at random among ``legal_actions`` and calling
``apply``, the loop of a Monte Carlo rollout or a reinforcement-learning
environment. A step is one move of the player to act (the deal of the next
hand counts, as ``NextHand``); dealing the first hand is not counted. Each
figure is the median of R runs:

- steps per second and whole games per second;
- the microseconds a step spends listing moves and applying one, and the
  listing's share of the time.

Targets, for two players: at least 1.5 times the steps per second of
RLCard's gin rummy (its raw game object, pure Python, the same loop), and
in time the figure of OpenSpiel's gin rummy (C++ through pyspiel). Both
peers are measured beside phase10 in one run by the side-by-side script
the project keeps with its benchmark peers; this script prints phase10's
own figures only. Only the standard library and phase10 are used.
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import statistics
import time

import phase10
from phase10 import Step, apply, legal_actions, new_game

PLAYER_COUNTS = (2, 4, 6)
STEP_LIMIT = 200_000
"""A game longer than this many steps is cut short (random play ends far
sooner: about 3,500 steps for two players)."""


def run(
    players: int, games: int, rules: phase10.Rules | None = None
) -> tuple[int, int, float, float, float]:
    """Play ``games`` seeded random games; return steps, finished games, the
    wall time, and the time spent listing moves and applying them."""
    clock = time.perf_counter
    steps = finished = 0
    listing = applying = 0.0
    gc.collect()
    start = clock()
    for seed in range(games):
        choose = random.Random(seed).choice
        state = new_game(players, rules, seed=seed)
        for _ in range(STEP_LIMIT):
            if state.step is Step.GAME_OVER:
                finished += 1
                break
            a = clock()
            moves = legal_actions(state)
            b = clock()
            state = apply(state, choose(moves))
            applying += clock() - b
            listing += b - a
            steps += 1
    return steps, finished, clock() - start, listing, applying


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=4, help="games per run")
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure")
    parser.add_argument(
        "--rules",
        default="official",
        choices=sorted(phase10.PRESETS),
        help="the preset to play (the Masters Edition's target: within 20%% of "
        "the official game's steps per second)",
    )
    args = parser.parse_args()
    rules = phase10.PRESETS[args.rules]
    print(
        f"phase10 {phase10.__version__} · {platform.python_implementation()} "
        f"{platform.python_version()} · {args.rules} rules · uniformly random "
        f"legal play · {args.games} games per run · medians of {args.repeat} runs"
    )
    print()
    print(
        f"{'players':>7}  {'steps/s':>9}  {'games/s':>8}  {'listing':>10}  "
        f"{'applying':>10}  {'listing share':>13}"
    )
    for players in PLAYER_COUNTS:
        runs = [run(players, args.games, rules) for _ in range(args.repeat)]
        steps_per_s = statistics.median(r[0] / r[2] for r in runs)
        games_per_s = statistics.median(r[1] / r[2] for r in runs)
        listing = statistics.median(r[3] / r[0] * 1e6 for r in runs)
        applying = statistics.median(r[4] / r[0] * 1e6 for r in runs)
        share = statistics.median(r[3] / (r[3] + r[4]) for r in runs)
        print(
            f"{players:>7}  {steps_per_s:>9,.0f}  {games_per_s:>8.2f}  "
            f"{listing:>7.1f} µs  {applying:>7.1f} µs  {share:>13.0%}"
        )
    print()
    print(
        "targets (two players, measured beside the peers in one run): at least "
        "1.5x RLCard's gin rummy raw; in time OpenSpiel's C++ gin rummy"
    )


if __name__ == "__main__":
    main()
