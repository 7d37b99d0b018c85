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
from collections.abc import Callable, Iterable

from phase10 import PRESETS
from phase10.bots import (
    Bot,
    GreedyBot,
    MonteCarloBot,
    RandomBot,
    TournamentResult,
    tournament,
)

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
    bots_option(parser)
    parser.add_argument(
        "--workers", type=int, default=0, help="worker processes (0: play here)"
    )
    args = parser.parse_args(argv)
    entrants = chosen_bots(parser, args.bots)
    started = time.perf_counter()
    result = tournament(
        entrants,
        games=args.games,
        players=args.players,
        rules=PRESETS[args.rules],
        seed=args.seed,
        max_moves=50_000,
        executor=args.workers or None,
    )
    seconds = time.perf_counter() - started
    report(
        result,
        entrants,
        f"{result.games} games, {args.players} players, rules {args.rules!r}, "
        f"tournament seed {args.seed} ({seconds:.1f} s)",
        max_moves=50_000,
    )
    return 0


def bots_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--bots``, the entrants by name (the tournament examples' option)."""
    parser.add_argument(
        "--bots", default="greedy,random", help="comma-separated: " + ", ".join(BOTS)
    )


def chosen_bots(
    parser: argparse.ArgumentParser, bots: str
) -> dict[str, Callable[[random.Random], Bot]]:
    """The entrants ``--bots`` names, in its order; the parser's error if a
    name is not one of :data:`BOTS` or comes twice."""
    names = bots.split(",")
    unknown = [name for name in names if name not in BOTS]
    if unknown or len(set(names)) != len(names):
        parser.error(f"choose distinct bots among {', '.join(BOTS)}")
    return {name: BOTS[name] for name in names}


def report(
    result: TournamentResult, names: Iterable[str], headline: str, *, max_moves: int
) -> None:
    """Print ``headline``, then the wins, the share of the games won and the
    mean score of each bot in ``names``, and how many games stopped
    unfinished at ``max_moves`` (the report of every tournament example)."""
    print(headline)
    print(f"{'bot':<11} {'wins':>6} {'share':>7} {'mean score':>11}")
    for name in names:
        print(
            f"{name:<11} {result.wins[name]:>6} {result.win_rate(name):>7.0%} "
            f"{result.mean_score[name]:>11.1f}"
        )
    if result.unfinished:
        print(f"{result.unfinished} games stopped unfinished at {max_moves:,} moves")


if __name__ == "__main__":
    sys.exit(main())
