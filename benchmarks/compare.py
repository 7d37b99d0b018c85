"""Random legal play of this checkout against another commit's, alternated.

    python benchmarks/compare.py REV [--rounds 5] [--games 4] [--players 2]

A change that moves code about, or removes one of the tricks the design
guide lists under "Where speed bends the code", should leave the move loop
as fast as it was. This script measures that: it checks ``REV`` out into a
temporary worktree (``git worktree``, removed afterwards), then runs the
loop of ``benchmarks/random_play.py`` (uniformly random legal moves, seeded
games played to the end) in a fresh process for each side, the two sides
taking turns for ``--rounds`` rounds, so that a machine that slows down or
speeds up during the run weighs on both alike. It prints each round's steps
per second, the medians and the ratio of the medians (this checkout over
``REV``), and each round's own ratio.

Only the standard library and git are used; each side imports its own
``src/phase10``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_LOOP = """
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
from phase10 import Step, apply, legal_actions, new_game
players, games = int(sys.argv[2]), int(sys.argv[3])
steps = 0
start = time.perf_counter()
for seed in range(games):
    choose = random.Random(seed).choice
    state = new_game(players, seed=seed)
    while state.step is not Step.GAME_OVER and steps < 10**7:
        state = apply(state, choose(legal_actions(state)))
        steps += 1
print(json.dumps(steps / (time.perf_counter() - start)))
"""


def measure(src: Path, players: int, games: int) -> float:
    """Steps per second of random play with the package under ``src``."""
    done = subprocess.run(
        [sys.executable, "-c", _LOOP, str(src), str(players), str(games)],
        capture_output=True,
        text=True,
        check=True,
    )
    return float(json.loads(done.stdout))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("rev", help="the commit to compare with (a hash, a tag)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=4, help="games per run")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        other = Path(tmp) / "other"
        add = ["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach"]
        subprocess.run([*add, str(other), args.rev], check=True)
        try:
            here, there = [], []
            print(f"{'round':>5}  {'this':>9}  {args.rev[:12]:>12}  {'ratio':>6}")
            for number in range(1, args.rounds + 1):
                # Alternate which side goes first, so neither always runs warm.
                first_here = number % 2 == 1
                if first_here:
                    a = measure(ROOT / "src", args.players, args.games)
                    b = measure(other / "src", args.players, args.games)
                else:
                    b = measure(other / "src", args.players, args.games)
                    a = measure(ROOT / "src", args.players, args.games)
                here.append(a)
                there.append(b)
                print(f"{number:>5}  {a:>9,.0f}  {b:>12,.0f}  {a / b:>6.3f}")
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(other)],
                check=False,
            )
    ratios = [a / b for a, b in zip(here, there, strict=True)]
    print(
        f"median  {statistics.median(here):>9,.0f}  "
        f"{statistics.median(there):>12,.0f}  "
        f"{statistics.median(here) / statistics.median(there):>6.3f}"
    )
    print(f"median of the rounds' ratios: {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
