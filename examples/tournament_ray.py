"""Play a bot tournament on a Ray cluster, for when one machine is outgrown.

python examples/tournament_ray.py --games 40
python examples/tournament_ray.py --address auto --games 10000

Without --address it starts Ray on this machine. Each game is a Ray task,
and a small adapter hands the tasks' futures to ``tournament``, which
takes any ``concurrent.futures.Executor``: the results are the same as a
serial run with the same seed. Needs ``pip install ray``.
The bots to choose from and the report are ``tournament.py``'s, which
it imports from beside it.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

import ray
from tournament import bots_option, chosen_bots, report

from phase10.bots import tournament


class RayExecutor(Executor):
    """A ``concurrent.futures.Executor`` that runs each call as a Ray task."""

    def __init__(self) -> None:
        self._remote: dict[Callable[..., Any], Any] = {}

    def submit(
        self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any
    ) -> Future[Any]:
        if fn not in self._remote:
            self._remote[fn] = ray.remote(fn)
        future: Future[Any] = self._remote[fn].remote(*args, **kwargs).future()
        return future


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-moves", type=int, default=50_000)
    bots_option(parser)
    parser.add_argument("--address", help="a running Ray cluster ('auto' finds it)")
    parser.add_argument("--cpus", type=int, default=2, help="CPUs of a local Ray")
    args = parser.parse_args(argv)
    entrants = chosen_bots(parser, args.bots)
    if args.address:
        ray.init(address=args.address)
    else:
        ray.init(num_cpus=args.cpus, include_dashboard=False)
    started = time.perf_counter()
    try:
        result = tournament(
            entrants,
            games=args.games,
            players=args.players,
            seed=args.seed,
            max_moves=args.max_moves,
            executor=RayExecutor(),
        )
    finally:
        ray.shutdown()
    seconds = time.perf_counter() - started
    headline = f"{result.games} games on Ray ({seconds:.1f} s)"
    report(result, entrants, headline, max_moves=args.max_moves)
    return 0


if __name__ == "__main__":
    sys.exit(main())
