"""A ladder of bots: every pair plays two-player games, with ratings and speed.

    python benchmarks/ladder.py [--games N] [--workers W] [--seed S]
                                [--bots NAME,NAME,...] [--bot NAME=MODULE:FACTORY]
                                [--positions P]

Every pair of entrants plays N two-player games of the official rules
(``phase10.bots.tournament``, seats alternating, the same seeded games on
any number of workers). It prints:

- for each pair, the first bot's share of the games either won, with a
  95% Wilson interval (games stopped at the move limit count for neither);
- a rating for each bot: the Bradley-Terry strengths fitted to all the
  pairs' results, on the Elo scale (400 points for odds of 10 to 1), with
  ``greedy`` at 0 when it plays;
- each bot's milliseconds per move, the mean and the longest time of its
  ``choose`` over P positions taken from games between greedy bots
  (positions where more than one move is legal), on this process's core.

The built-in entrants are ``random``, ``greedy``, ``montecarlo`` (the
defaults: 16 deals per choice) and ``montecarlo-64`` (64 deals, 6
candidates); ``--bot name=package.module:factory`` adds any other, a
callable that takes a ``random.Random`` and returns a bot. Only the
standard library and phase10 are used.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import itertools
import math
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

import phase10
from phase10 import PlayerView, Rules, Step, apply, legal_actions, new_game, view
from phase10.bots import Bot, GreedyBot, MonteCarloBot, RandomBot, tournament

Factory = Callable[[random.Random], Bot]

BUILT_IN: dict[str, Factory] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "montecarlo": MonteCarloBot,
    "montecarlo-64": functools.partial(MonteCarloBot, rollouts=64, candidates=6),
}

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a share ``wins / games``."""
    if games == 0:
        return 0.0, 1.0
    share = wins / games
    middle = share + Z95**2 / (2 * games)
    spread = Z95 * math.sqrt(share * (1 - share) / games + Z95**2 / (4 * games**2))
    scale = 1 + Z95**2 / games
    return (middle - spread) / scale, (middle + spread) / scale


def bradley_terry(
    names: Sequence[str], wins: dict[tuple[str, str], int], rounds: int = 2000
) -> dict[str, float]:
    """Bradley-Terry strengths on the Elo scale, fitted by the classic
    minorisation-maximisation steps; ``wins[a, b]`` is how often a beat b.

    Half a win is added to each side of every pair that played, so that a
    bot that won (or lost) every game gets a finite rating.
    """
    played = {
        (a, b): wins.get((a, b), 0) + wins.get((b, a), 0) + 1.0
        for a, b in itertools.permutations(names, 2)
        if (a, b) in wins or (b, a) in wins
    }
    strength = dict.fromkeys(names, 1.0)
    for _ in range(rounds):
        new = {}
        for a in names:
            won = sum(wins.get((a, b), 0) + 0.5 for b in names if (a, b) in played)
            weight = sum(
                played[a, b] / (strength[a] + strength[b])
                for b in names
                if (a, b) in played
            )
            new[a] = won / weight if weight else strength[a]
        mean = math.exp(statistics.fmean(math.log(v) for v in new.values()))
        strength = {name: value / mean for name, value in new.items()}
    return {name: 400 * math.log10(value) for name, value in strength.items()}


def positions(count: int, seed: int, rules: Rules | None = None) -> list[PlayerView]:
    """Views of the seat to move, in games between greedy bots (under
    ``rules``, the official rules if ``None``), where more than one move is
    legal."""
    found: list[PlayerView] = []
    rng = random.Random(seed)
    game = 0
    while len(found) < count:
        state = new_game(2, rules, seed=seed * 7919 + game)
        bot = GreedyBot(random.Random(game))
        game += 1
        while state.step is not Step.GAME_OVER and len(found) < count:
            if (
                state.step is not Step.HAND_OVER
                and len(legal_actions(state)) > 1
                and rng.random() < 0.1
            ):
                found.append(view(state, state.current))
            state = apply(state, bot.choose(state))
    return found


def seconds_per_move(
    factory: Factory, views: Sequence[PlayerView]
) -> tuple[float, float]:
    """The mean and the longest time the bot takes to choose, over ``views``."""
    bot = factory(random.Random(0))
    times = []
    for seen in views:
        start = time.perf_counter()
        bot.choose(seen)
        times.append(time.perf_counter() - start)
    return statistics.fmean(times), max(times)


def load(spec: str) -> tuple[str, Factory]:
    """``name=package.module:factory`` as a name and the factory."""
    name, _, where = spec.partition("=")
    module, _, attribute = where.partition(":")
    if not (name and module and attribute):
        raise SystemExit(f"--bot takes name=package.module:factory, not {spec!r}")
    factory: Factory = getattr(importlib.import_module(module), attribute)
    return name, factory


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=40, help="games per pair")
    parser.add_argument("--workers", type=int, default=0, help="worker processes")
    parser.add_argument("--seed", type=int, default=1, help="the ladder's seed")
    parser.add_argument(
        "--bots", default=",".join(BUILT_IN), help="built-in entrants, comma-separated"
    )
    parser.add_argument("--bot", action="append", default=[], help="another entrant")
    parser.add_argument(
        "--positions", type=int, default=40, help="positions timed per bot"
    )
    args = parser.parse_args(argv)
    entrants: dict[str, Factory] = {}
    for name in filter(None, args.bots.split(",")):
        if name not in BUILT_IN:
            parser.error(f"no built-in bot {name!r}; they are {', '.join(BUILT_IN)}")
        entrants[name] = BUILT_IN[name]
    entrants.update(load(spec) for spec in args.bot)
    names = list(entrants)
    if len(names) < 2:
        parser.error("a ladder needs two bots at least")
    print(
        f"phase10 {phase10.__version__} · {platform.python_implementation()} "
        f"{platform.python_version()} · {args.games} two-player games a pair, "
        f"official rules, ladder seed {args.seed}",
        flush=True,
    )
    wins: dict[tuple[str, str], int] = {}
    print("\n| pair | games | first's wins | share | 95% interval | s |")
    print("|---|---|---|---|---|---|")
    for number, (a, b) in enumerate(itertools.combinations(names, 2)):
        start = time.perf_counter()
        result = tournament(
            {a: entrants[a], b: entrants[b]},
            games=args.games,
            players=2,
            rules=Rules(),
            seed=args.seed * 1000 + number,
            max_moves=50_000,
            executor=args.workers or None,
        )
        took = time.perf_counter() - start
        wins[a, b], wins[b, a] = result.wins[a], result.wins[b]
        decided = result.wins[a] + result.wins[b]
        low, high = wilson(result.wins[a], decided)
        share = result.wins[a] / decided if decided else 0.0
        print(
            f"| {a} v {b} | {result.games} | {result.wins[a]} | {share:.0%} | "
            f"{low:.0%}-{high:.0%} | {took:.0f} |",
            flush=True,
        )
    ratings = bradley_terry(names, wins)
    anchor = ratings.get("greedy", 0.0)
    views = positions(args.positions, args.seed)
    print("\n| bot | rating | ms per move: mean | longest |")
    print("|---|---|---|---|")
    for name in sorted(names, key=lambda n: -ratings[n]):
        mean, longest = seconds_per_move(entrants[name], views)
        rating = ratings[name] - anchor
        times = f"{mean * 1000:.3g} | {longest * 1000:.3g}"
        print(f"| {name} | {rating:+.0f} | {times} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
