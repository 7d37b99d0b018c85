"""Play bots against each other and print who wins.

python examples/tournament.py --games 100 --players 2
python examples/tournament.py --games 40 --bots montecarlo,greedy --workers 2

--workers N plays the games on N worker processes, with the same results.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from phase10 import PRESETS
from phase10.bots import Bot, GreedyBot, MonteCarloBot, RandomBot, tournament

BOTS: dict[str, Callable[[random.Random], Bot]] = {
    "greedy": GreedyBot,
    "random": RandomBot,
    "montecarlo": MonteCarloBot,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", choices=sorted(PRESETS), default="official")
    parser.add_argument(
        "--bots", default="greedy,random", help="comma-separated: " + ", ".join(BOTS)
    )
    parser.add_argument(
        "--workers", type=int, default=0, help="worker processes (0: play here)"
    )
    args = parser.parse_args(argv)
    names = args.bots.split(",")
    unknown = [name for name in names if name not in BOTS]
    if unknown or len(set(names)) != len(names):
        parser.error(f"choose distinct bots among {', '.join(BOTS)}")
    started = time.perf_counter()
    result = tournament(
        {name: BOTS[name] for name in names},
        games=args.games,
        players=args.players,
        rules=PRESETS[args.rules],
        seed=args.seed,
        max_moves=50_000,
        executor=args.workers or None,
    )
    seconds = time.perf_counter() - started
    print(
        f"{result.games} games, {args.players} players, rules {args.rules!r}, "
        f"tournament seed {args.seed} ({seconds:.1f} s)"
    )
    print(f"{'bot':<11} {'wins':>6} {'share':>7} {'mean score':>11}")
    for name in names:
        print(
            f"{name:<11} {result.wins[name]:>6} {result.win_rate(name):>7.0%} "
            f"{result.mean_score[name]:>11.1f}"
        )
    if result.unfinished:
        print(f"{result.unfinished} games stopped unfinished at 50,000 moves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
