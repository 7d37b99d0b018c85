"""How fast the engine replays a recorded game, and how fast games go to and from JSON.

Run from a checkout, with phase10 installed or importable::

    python benchmarks/replay.py [--repeat R] [--players N] [--seed S]

It records one official game between GreedyBots (a fixed seed for the deal
and for the bots), then times, each as the median of R runs:

- ``replay(record)``: the engine alone rebuilding every state, as moves
  (transitions) per second;
- ``final_state(record)``, which keeps only the last state;
- writing the record as JSON and reading it back;
- writing a mid-game state as JSON and reading it back (reading checks
  everything: the rules, the cards against the deck, every group);
- the same for a player's view of that state, which a server sends at
  every move.
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
    GameRecord,
    GameState,
    PlayerView,
    Rules,
    apply,
    final_state,
    from_json,
    replay,
    to_json,
    view,
)
from phase10.bots import GreedyBot


def record_game(players: int, seed: int) -> tuple[GameRecord, list[GameState]]:
    """An official game played to the end by GreedyBots, and its states."""
    record, state = GameRecord.start(players, Rules(), seed=seed)
    bot = GreedyBot(random.Random(seed))
    states = [state]
    while not state.is_over:
        action = bot.choose(state)
        state = apply(state, action)
        record = record.then(action)
        states.append(state)
    return record, states


def seconds_per_call(work: Callable[[], object], calls: int, repeat: int) -> float:
    """The median over ``repeat`` runs of the seconds one call of ``work`` takes."""
    runs = []
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        for _ in range(calls):
            work()
        runs.append((time.perf_counter() - start) / calls)
    return statistics.median(runs)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Time replaying a recorded game and its JSON round trips."
    )
    parser.add_argument(
        "--repeat", type=int, default=5, help="runs per figure (median)"
    )
    parser.add_argument("--players", type=int, default=4, help="players (2-6)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of game and bots")
    args = parser.parse_args(argv)
    if args.repeat < 1 or not 2 <= args.players <= 6:
        parser.error("--repeat must be at least 1 and --players from 2 to 6")

    record, states = record_game(args.players, args.seed)
    moves = len(record.actions)
    hands = states[-1].hand_number
    print(
        f"official rules, {args.players} players, seed {args.seed}: {moves:,} moves "
        f"in {hands} hands; median of {args.repeat} runs; "
        f"Python {sys.version.split()[0]}"
    )
    assert replay(record) == tuple(states), "the replay differs from the game"
    print()

    replay_seconds = seconds_per_call(lambda: replay(record), 5, args.repeat)
    final_seconds = seconds_per_call(lambda: final_state(record), 5, args.repeat)
    print(
        f"{'replay(record)':<28} {replay_seconds * 1e3:>9.2f} ms "
        f"{moves / replay_seconds:>12,.0f} transitions/s"
    )
    print(
        f"{'final_state(record)':<28} {final_seconds * 1e3:>9.2f} ms "
        f"{moves / final_seconds:>12,.0f} transitions/s"
    )
    print()

    text = record.to_json()
    middle = states[len(states) // 2]
    state_text = to_json(middle)
    seen = view(middle, 0)
    view_text = to_json(seen)
    figures: list[tuple[str, Callable[[], object], int]] = [
        (f"record to JSON ({len(text):,} chars)", record.to_json, 20),
        ("record from JSON", lambda: GameRecord.from_json(text), 20),
        (f"mid-game state to JSON ({len(state_text):,})", lambda: to_json(middle), 500),
        ("mid-game state from JSON", lambda: from_json(state_text, GameState), 500),
        (f"mid-game view to JSON ({len(view_text):,})", lambda: to_json(seen), 500),
        ("mid-game view from JSON", lambda: from_json(view_text, PlayerView), 500),
    ]
    for name, work, calls in figures:
        seconds = seconds_per_call(work, calls, args.repeat)
        print(f"{name:<40} {seconds * 1e6:>10,.1f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
