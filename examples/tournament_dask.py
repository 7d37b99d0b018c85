"""Play a bot tournament on a Dask cluster, for when one machine is outgrown.

python examples/tournament_dask.py --games 40 --workers 2
python examples/tournament_dask.py --scheduler tcp://scheduler:8786 --games 10000

Without --scheduler it starts a local cluster on this machine (loopback
only): --workers processes, or threads with --threads. The results are
the same as a serial run with the same seed: each game is seeded by its
number, wherever it is played. Needs ``pip install 'phase10[dask]'``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from distributed import Client, LocalCluster

from phase10.bots import Bot, GreedyBot, MonteCarloBot, RandomBot, tournament

BOTS: dict[str, Callable[[random.Random], Bot]] = {
    "greedy": GreedyBot,
    "random": RandomBot,
    "montecarlo": MonteCarloBot,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-moves", type=int, default=50_000)
    parser.add_argument(
        "--bots", default="greedy,random", help="comma-separated: " + ", ".join(BOTS)
    )
    parser.add_argument("--scheduler", help="address of a running Dask scheduler")
    parser.add_argument("--workers", type=int, default=2, help="local workers")
    parser.add_argument(
        "--threads", action="store_true", help="local workers are threads"
    )
    args = parser.parse_args(argv)
    names = args.bots.split(",")
    if any(name not in BOTS for name in names) or len(set(names)) != len(names):
        parser.error(f"choose distinct bots among {', '.join(BOTS)}")
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        # Threads talk in-process; worker processes over loopback only.
        where = {} if args.threads else {"host": "127.0.0.1"}
        cluster = LocalCluster(
            n_workers=args.workers,
            threads_per_worker=1,
            processes=not args.threads,
            dashboard_address=None,
            **where,
        )
        client = Client(cluster)
    started = time.perf_counter()
    with client:
        result = tournament(
            {name: BOTS[name] for name in names},
            games=args.games,
            players=args.players,
            seed=args.seed,
            max_moves=args.max_moves,
            executor=client.get_executor(),
        )
        if not args.scheduler:
            cluster.close()
    seconds = time.perf_counter() - started
    print(f"{result.games} games on Dask ({seconds:.1f} s)")
    print(f"{'bot':<11} {'wins':>6} {'share':>7} {'mean score':>11}")
    for name in names:
        print(
            f"{name:<11} {result.wins[name]:>6} {result.win_rate(name):>7.0%} "
            f"{result.mean_score[name]:>11.1f}"
        )
    if result.unfinished:
        print(f"{result.unfinished} games stopped unfinished")
    return 0


if __name__ == "__main__":
    sys.exit(main())
