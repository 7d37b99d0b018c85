"""How fast whole games of Phase 10 run: bots and engine together, and the engine alone.

    python benchmarks/game.py [--games N] [--repeat R]

For 2, 4 and 6 players, N seeded games of the official rules are played to
the end by :class:`phase10.bots.GreedyBot` (one per seat, each with its own
seeded ``random.Random``), so every run plays the very same games. Each
figure is the median of R runs:

- whole games per second and transitions per second, bots included (a
  transition is one call of ``phase10.apply``: a draw, lay-down, hit,
  discard, Skip or the deal of the next hand);
- the engine's share of that time (inside ``phase10.apply``) against the
  bots' (inside ``GreedyBot.choose``, which also runs the phase solver);
- engine-only transitions per second: each game's recorded moves replayed
  through ``phase10.apply`` alone, from ``new_game`` (whose deal is timed
  but not counted) to the end of the game.

Only the standard library and phase10 are used.
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

import phase10
from phase10 import Action, GameState, NextHand, Step
from phase10.bots import GreedyBot

PLAYER_COUNTS = (2, 4, 6)
STUCK = 2_000
"""Moves after which a hand counts as stuck. A normal hand takes under 200."""
TARGET = 50_000
"""Engine-only transitions per second to reach. For comparison: RLCard's
pure-Python gin rummy runs about 42,000 steps per second, OpenSpiel's C++ gin
rummy driven from Python about 41,000."""


@dataclass
class Played:
    """One game played by bots: its moves, its end, and where the time went."""

    seed: int
    actions: list[Action]
    final: GameState
    engine_ns: int
    bot_ns: int


def play(players: int, seed: int) -> Played | None:
    """Play one game with GreedyBots, timing the engine and the bots apart;
    ``None`` if a hand gets stuck (the bots can repeat a cycle forever)."""
    clock = time.perf_counter_ns
    state = phase10.new_game(players, seed=seed)
    bots = [GreedyBot(random.Random(seed * 10 + seat)) for seat in range(players)]
    actions: list[Action] = []
    engine = bot = 0
    hand_start = 0
    while state.step is not Step.GAME_OVER:
        t0 = clock()
        if state.step is Step.HAND_OVER:
            action: Action = NextHand()
            hand_start = len(actions)
        elif len(actions) - hand_start > STUCK:
            return None
        else:
            action = bots[state.current].choose(state)
        t1 = clock()
        state = phase10.apply(state, action)
        t2 = clock()
        bot += t1 - t0
        engine += t2 - t1
        actions.append(action)
    return Played(seed, actions, state, engine, bot)


def replay(players: int, game: Played) -> GameState:
    """The recorded moves of ``game`` through the engine alone."""
    state = phase10.new_game(players, seed=game.seed)
    apply = phase10.apply
    for action in game.actions:
        state = apply(state, action)
    return state


@dataclass
class Run:
    """One run over all the seeds for one number of players."""

    games_per_s: float
    transitions_per_s: float
    engine_share: float
    engine_only_per_s: float


def finishing_seeds(players: int, count: int) -> tuple[list[int], list[int]]:
    """The first ``count`` seeds from 1 whose games end, and the seeds skipped."""
    good: list[int] = []
    stuck: list[int] = []
    seed = 0
    while len(good) < count:
        seed += 1
        (good if play(players, seed) is not None else stuck).append(seed)
    return good, stuck


def run(players: int, seeds: Sequence[int]) -> tuple[Run, list[Played]]:
    gc.collect()
    start = time.perf_counter()
    games = [game for seed in seeds if (game := play(players, seed)) is not None]
    played_s = time.perf_counter() - start
    assert len(games) == len(seeds)
    transitions = sum(len(game.actions) for game in games)
    engine = sum(game.engine_ns for game in games)
    bot = sum(game.bot_ns for game in games)

    gc.collect()
    start = time.perf_counter()
    finals = [replay(players, game) for game in games]
    replay_s = time.perf_counter() - start
    for game, final in zip(games, finals, strict=True):
        if final != game.final:
            raise SystemExit(f"replaying seed {game.seed} did not end the same way")
    return (
        Run(
            games_per_s=len(games) / played_s,
            transitions_per_s=transitions / played_s,
            engine_share=engine / (engine + bot),
            engine_only_per_s=transitions / replay_s,
        ),
        games,
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=40, help="seeded games per run (default 40)"
    )
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs; medians are shown (default 3)"
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeat < 1:
        parser.error("--games and --repeat must be at least 1")
    print(
        f"phase10 {phase10.__version__} · {platform.python_implementation()} "
        f"{platform.python_version()} · official rules · GreedyBot · "
        f"{args.games} games per run · medians of {args.repeat} runs"
    )
    print()
    header = (
        f"{'players':>7}  {'games/s':>8}  {'transitions/s':>13}  "
        f"{'moves/game':>10}  {'hands/game':>10}  {'engine':>6}  {'bot':>5}"
    )
    print(header)
    engine_only: dict[int, float] = {}
    skipped: dict[int, list[int]] = {}
    for players in PLAYER_COUNTS:
        seeds, skipped[players] = finishing_seeds(players, args.games)
        runs: list[Run] = []
        games: list[Played] = []
        for _ in range(args.repeat):
            result, games = run(players, seeds)
            runs.append(result)
        moves = statistics.mean(len(game.actions) for game in games)
        hands = statistics.mean(game.final.hand_number for game in games)
        share = statistics.median(r.engine_share for r in runs)
        print(
            f"{players:>7}  {statistics.median(r.games_per_s for r in runs):>8.1f}  "
            f"{statistics.median(r.transitions_per_s for r in runs):>13,.0f}  "
            f"{moves:>10,.0f}  {hands:>10.1f}  {share:>6.0%}  {1 - share:>5.0%}"
        )
        engine_only[players] = statistics.median(r.engine_only_per_s for r in runs)
    print()
    print(
        "engine-only transitions per second "
        "(the recorded moves replayed through phase10.apply):"
    )
    for players, rate in engine_only.items():
        verdict = "met" if rate >= TARGET else "NOT met"
        print(
            f"{players:>7} players  {rate:>9,.0f} /s   "
            f"target at least {TARGET:,}/s: {verdict}"
        )
    for players, stuck in skipped.items():
        if stuck:
            print(
                f"note: {players} players, seed{'s' if len(stuck) > 1 else ''} "
                f"{', '.join(map(str, stuck))} left out and replaced: the bots got "
                f"stuck (a hand passed {STUCK:,} moves)"
            )
    print(
        "for comparison: RLCard's pure-Python gin rummy about 42,000 steps/s, "
        "OpenSpiel's C++ gin rummy from Python about 41,000"
    )


if __name__ == "__main__":
    main()
