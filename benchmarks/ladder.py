"""A ladder of bots: ratings on the Elo scale, for two players and four.

    python benchmarks/ladder.py [--games N] [--workers W] [--seed S]
                                [--bots NAME,NAME,...] [--bot NAME=MODULE:FACTORY]
                                [--anchor NAME] [--pairs all|adjacent]
                                [--players 2|4|2,4] [--positions P]
                                [--games-of NAME=N] [--chart FILE]

Two players: pairs of entrants play N two-player games of the official
rules (``phase10.bots.tournament``, seats alternating, the same seeded
games on any number of workers): every pair (``--pairs all``), or each
entrant against the next one and against the anchor (``adjacent``, the
default, for a ladder of levels weakest first). It prints:

- for each pair, the first bot's share of the games either won, with a
  95% Wilson interval (games stopped at the move limit count for neither);
- a rating for each bot: the Bradley-Terry strengths fitted to all the
  pairs' results, on the Elo scale (400 points for odds of 10 to 1), with
  the anchor (``--anchor``, ``casual`` by default, else ``greedy``) at 0.

Four players: each entrant other than the anchor takes one seat against
three of the anchor, for N games (the seats rotate). Its share of the
wins, with a 95% interval, and its rating: under the Bradley-Terry model
of a game of many (Luce's), a bot of strength s wins against three of
strength 1 with chance s / (s + 3), so a share p gives s = 3p / (1 - p).

``--games-of montecarlo-64=40`` plays fewer games in the pairs of a slow bot (and
in its four-player games); ``--chart FILE`` writes the ratings as an SVG
bar chart.

Then each bot's time to choose a move over P positions taken from games
between greedy bots (positions where more than one move is legal), on this
process's core: the median, the mean and the longest, and the median as a
multiple of the ``club`` level's (the advice played as a move), measured
in the same run.

The built-in entrants are the levels of ``phase10.bots.LEVELS``
(``novice``, ``beginner``, ``casual``, ``club``, ``strong``: the default)
and ``random``, ``greedy``, ``montecarlo`` (16 deals per choice) and
``montecarlo-64`` (64 deals, 6 candidates); ``--bot
name=package.module:factory`` adds any other, a callable that takes a
``random.Random`` and returns a bot, and ``--bot name=program:COMMAND`` a
program speaking the bot protocol (the docs' "Outside agents"). Only the
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
import shlex
import statistics
import sys
import time
from collections.abc import Callable, Sequence

import phase10
from phase10 import PlayerView, Rules, Step, apply, legal_actions, new_game, view
from phase10.bots import (
    LEVELS,
    Bot,
    GreedyBot,
    MonteCarloBot,
    ProgramBot,
    RandomBot,
    tournament,
)
from phase10.bots._ratings import bradley_terry, wilson

Factory = Callable[[random.Random], Bot]

BUILT_IN: dict[str, Factory] = {
    **LEVELS,
    "random": RandomBot,
    "greedy": GreedyBot,
    "montecarlo": MonteCarloBot,
    "montecarlo-64": functools.partial(MonteCarloBot, rollouts=64, candidates=6),
}


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


def seconds_per_move(factory: Factory, views: Sequence[PlayerView]) -> list[float]:
    """The seconds the bot takes to choose, at each of ``views``."""
    bot = factory(random.Random(0))
    times = []
    for seen in views:
        start = time.perf_counter()
        bot.choose(seen)
        times.append(time.perf_counter() - start)
    return times


def luce(wins: int, games: int, seats: int) -> float:
    """The Elo-scale rating of a bot that won ``wins`` of ``games`` against
    ``seats - 1`` bots of rating 0 (half a win added each way, so that a
    bot that won every game, or none, gets a finite rating)."""
    share = (wins + 0.5) / (games + 1)
    return 400 * math.log10((seats - 1) * share / (1 - share))


def load(spec: str) -> tuple[str, Factory]:
    """``name=package.module:factory`` (or ``name=program:COMMAND``) as a
    name and the factory."""
    name, _, where = spec.partition("=")
    if name and where.startswith("program:"):
        command = shlex.split(where.removeprefix("program:"))
        if command:
            return name, functools.partial(ProgramBot, command)
    module, _, attribute = where.partition(":")
    if not (name and module and attribute):
        raise SystemExit(f"--bot takes name=package.module:factory, not {spec!r}")
    factory: Factory = getattr(importlib.import_module(module), attribute)
    return name, factory


def chart(ratings: dict[int, dict[str, float]], order: Sequence[str]) -> str:
    """An SVG bar chart of the ratings: one row a bot, one bar a number of
    players, from the anchor's 0."""
    seats = sorted(ratings)
    values = [ratings[n][name] for n in seats for name in order]
    low, high = min(0.0, *values), max(0.0, *values)
    span = (high - low) or 1.0
    left, width, row, bar = 90, 420, 14 * len(seats) + 12, 12
    colours = {2: "#3465a4", 4: "#f57900"}

    def x(value: float) -> float:
        return left + (value - low) / span * width

    height = row * len(order) + 40
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 60}" '
        f'height="{height}" font-family="sans-serif" font-size="11">',
        f'<line x1="{x(0):.1f}" y1="4" x2="{x(0):.1f}" y2="{height - 30}" '
        'stroke="#888"/>',
    ]
    for i, name in enumerate(order):
        top = 6 + i * row
        out.append(
            f'<text x="{left - 6}" y="{top + 12}" text-anchor="end">{name}</text>'
        )
        for j, n in enumerate(seats):
            value = ratings[n][name]
            start, end = sorted((x(0), x(value)))
            y = top + j * (bar + 2)
            out.append(
                f'<rect x="{start:.1f}" y="{y}" width="{max(end - start, 1):.1f}" '
                f'height="{bar}" fill="{colours.get(n, "#555")}"/>'
            )
            out.append(
                f'<text x="{max(end, x(0)) + 4:.1f}" y="{y + 10}">{value:+.0f}</text>'
            )
    for j, n in enumerate(seats):
        y = height - 14
        out.append(
            f'<rect x="{left + j * 110}" y="{y - 9}" width="10" height="10" '
            f'fill="{colours.get(n, "#555")}"/>'
        )
        out.append(f'<text x="{left + j * 110 + 14}" y="{y}">{n} players</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def pairs(names: Sequence[str], anchor: str, how: str) -> list[tuple[str, str]]:
    """The pairs that play: all of them, or each with the next and with the
    anchor."""
    if how == "all":
        return list(itertools.combinations(names, 2))
    found: list[tuple[str, str]] = []
    for a, b in itertools.pairwise(names):
        found.append((a, b))
    for name in names:
        pair = (
            (anchor, name)
            if names.index(anchor) < names.index(name)
            else (name, anchor)
        )
        if name != anchor and pair not in found:
            found.append(pair)
    return found


def two_players(
    entrants: dict[str, Factory],
    played: list[tuple[str, str]],
    args: argparse.Namespace,
) -> dict[str, float]:
    """Play the pairs, print their table, return the ratings."""
    wins: dict[tuple[str, str], int] = {}
    print(
        f"\nTwo players: {args.games} games a pair (fewer: {args.limit}), "
        "official rules"
    )
    print("\n| pair | games | first's wins | second's | share | 95% interval | s |")
    print("|---|---|---|---|---|---|---|")
    for number, (a, b) in enumerate(played):
        start = time.perf_counter()
        result = tournament(
            {a: entrants[a], b: entrants[b]},
            games=min(args.limit.get(a, args.games), args.limit.get(b, args.games)),
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
            f"| {a} v {b} | {result.games} | {result.wins[a]} | {result.wins[b]} | "
            f"{share:.0%} | {low:.0%}-{high:.0%} | {took:.0f} |",
            flush=True,
        )
    ratings = bradley_terry(list(entrants), wins)
    anchor = ratings[args.anchor]
    return {name: value - anchor for name, value in ratings.items()}


def four_players(
    entrants: dict[str, Factory], args: argparse.Namespace
) -> dict[str, float]:
    """One seat of each entrant against three of the anchor."""
    print(f"\nFour players: one seat against three {args.anchor}, {args.games} games")
    print(f"(fewer: {args.limit})")
    print("\n| bot | games | wins | share | 95% interval | rating | s |")
    print("|---|---|---|---|---|---|---|")
    ratings = {args.anchor: 0.0}
    for number, name in enumerate(entrants):
        if name == args.anchor:
            continue
        field = {name: entrants[name]}
        field.update({f"{args.anchor}-{n}": entrants[args.anchor] for n in (1, 2, 3)})
        start = time.perf_counter()
        result = tournament(
            field,
            games=args.limit.get(name, args.games),
            players=4,
            rules=Rules(),
            seed=args.seed * 1000 + 500 + number,
            max_moves=100_000,
            executor=args.workers or None,
        )
        took = time.perf_counter() - start
        won = result.wins[name]
        low, high = wilson(won, result.games)
        ratings[name] = luce(won, result.games, 4)
        print(
            f"| {name} | {result.games} | {won} | {won / max(result.games, 1):.0%} | "
            f"{low:.0%}-{high:.0%} | {ratings[name]:+.0f} | {took:.0f} |",
            flush=True,
        )
    return ratings


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=40, help="games per pair")
    parser.add_argument("--workers", type=int, default=0, help="worker processes")
    parser.add_argument("--seed", type=int, default=1, help="the ladder's seed")
    parser.add_argument(
        "--bots", default=",".join(LEVELS), help="built-in entrants, comma-separated"
    )
    parser.add_argument("--bot", action="append", default=[], help="another entrant")
    parser.add_argument("--anchor", default=None, help="the entrant rated 0")
    parser.add_argument("--pairs", choices=("all", "adjacent"), default="adjacent")
    parser.add_argument("--players", default="2", help="2, 4 or 2,4")
    parser.add_argument(
        "--positions", type=int, default=40, help="positions timed per bot"
    )
    parser.add_argument(
        "--games-of",
        action="append",
        default=[],
        help="fewer games for a slow bot: NAME=N (its pairs play the fewer)",
    )
    parser.add_argument("--chart", default=None, help="write the ratings as SVG")
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
    args.limit = {}
    for spec in args.games_of:
        name, _, number = spec.partition("=")
        if name not in names or not number.isdigit():
            parser.error(f"--games-of takes NAME=N for an entrant, not {spec!r}")
        args.limit[name] = int(number)
    if args.anchor is None:
        args.anchor = next((n for n in ("casual", "greedy") if n in names), names[0])
    if args.anchor not in names:
        parser.error(f"the anchor {args.anchor!r} is not an entrant")
    seats = {int(n) for n in args.players.split(",") if n}
    if not seats or not seats <= {2, 4}:
        parser.error("--players is 2, 4 or 2,4")
    print(
        f"phase10 {phase10.__version__} · {platform.python_implementation()} "
        f"{platform.python_version()} · ladder seed {args.seed} · "
        f"{args.workers or 1} process(es) · anchor {args.anchor}",
        flush=True,
    )
    ratings: dict[int, dict[str, float]] = {}
    if 2 in seats:
        ratings[2] = two_players(entrants, pairs(names, args.anchor, args.pairs), args)
    if 4 in seats:
        ratings[4] = four_players(entrants, args)
    views = positions(args.positions, args.seed)
    times = {name: seconds_per_move(entrants[name], views) for name in names}
    club = statistics.median(times["club"]) if "club" in times else None
    order = sorted(names, key=lambda n: -ratings.get(min(seats), {}).get(n, 0.0))
    heads = " | ".join(f"rating, {n} players" for n in sorted(seats))
    print(f"\n| bot | {heads} | ms a move: median | mean | longest | x club |")
    print("|---|" + "---|" * len(seats) + "---|---|---|---|")
    for name in order:
        rated = " | ".join(f"{ratings[n][name]:+.0f}" for n in sorted(seats))
        median = statistics.median(times[name])
        mean, longest = statistics.fmean(times[name]), max(times[name])
        ratio = f"{median / club:.2g}" if club else "-"
        print(
            f"| {name} | {rated} | {median * 1000:.3g} | {mean * 1000:.3g} | "
            f"{longest * 1000:.3g} | {ratio} |",
            flush=True,
        )
    if args.chart:
        with open(args.chart, "w", encoding="utf-8") as out:
            out.write(chart(ratings, order))
    return 0


if __name__ == "__main__":
    sys.exit(main())
