"""Play a bot tournament on a Dask cluster, for when one machine is outgrown.

python examples/tournament_dask.py --games 40 --workers 2
python examples/tournament_dask.py --scheduler tcp://scheduler:8786 --games 10000

Without --scheduler it starts a local cluster on this machine (loopback
only): --workers processes, or threads with --threads. The results are
the same as a serial run with the same seed: each game is seeded by its
number, wherever it is played. Needs ``pip install 'phase10[dask]'``.
The bots to choose from and the report are ``tournament.py``'s, which
it imports from beside it.
"""

from __future__ import annotations

import argparse
import sys
import time

from distributed import Client, LocalCluster
from tournament import bots_option, chosen_bots, report

from phase10.bots import tournament


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-moves", type=int, default=50_000)
    bots_option(parser)
    parser.add_argument("--scheduler", help="address of a running Dask scheduler")
    parser.add_argument("--workers", type=int, default=2, help="local workers")
    parser.add_argument(
        "--threads", action="store_true", help="local workers are threads"
    )
    args = parser.parse_args(argv)
    entrants = chosen_bots(parser, args.bots)
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
            entrants,
            games=args.games,
            players=args.players,
            seed=args.seed,
            max_moves=args.max_moves,
            executor=client.get_executor(),
        )
        if not args.scheduler:
            cluster.close()
    seconds = time.perf_counter() - started
    headline = f"{result.games} games on Dask ({seconds:.1f} s)"
    report(result, entrants, headline, max_moves=args.max_moves)
    return 0


if __name__ == "__main__":
    sys.exit(main())
