"""How fast phase10.analysis answers, on the ladder's positions.

    python benchmarks/analysis.py [--positions P] [--repeat R] [--seed S] [--warm]
                                  [--clock {wall,cpu}]

The positions are those ``benchmarks/ladder.py`` times its bots on: views
of the seat to move in two-player games of the official rules between
greedy bots, where more than one move is legal. For each question it times
every position once per round, R rounds, and prints the median over the
rounds of the mean time per call and of the slowest call, in milliseconds:

- ``outs`` and ``phase_odds`` with 1 to 4 draws, on the positions whose
  hand holds 11 cards (just after the draw); target: the 2-draw odds under
  10 ms, the 3-draw odds under 200 ms;
- ``advise`` and ``hint`` (outs, 1- to 3-draw odds and advice at once) on
  every position; target: ``advise`` under 50 ms;
- ``advise`` on as many positions of the Masters Edition, taken the same
  way (its choice of a phase among ten is the costliest advice).

Each call starts cold (every memo table of the package emptied first,
``phase10._memo.clear_all``), as a front end asking about a new hand does;
``--warm`` keeps the tables, as a second question about the same hand.
``--clock cpu`` times with this process's CPU time, which other programs
on a busy machine disturb less than the wall clock (the default).
"""

from __future__ import annotations

import argparse
import importlib
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from phase10 import PRESETS, PlayerView, Rules
from phase10._memo import clear_all
from phase10.analysis import advise, hint, outs, phase_odds

TARGETS_MS = {
    "phase_odds, 2 draws": 10.0,
    "phase_odds, 3 draws": 200.0,
    "advise": 50.0,
    "advise, Masters": 50.0,
}


def ladder_positions(
    count: int, seed: int, rules: Rules | None = None
) -> list[PlayerView]:
    """The positions of ``benchmarks/ladder.py`` (in games under ``rules``)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    found: Callable[[int, int, Rules | None], list[PlayerView]] = (
        importlib.import_module("ladder").positions
    )
    return found(count, seed, rules)


def time_calls(
    ask: Callable[[PlayerView], object],
    views: Sequence[PlayerView],
    warm: bool,
    clock: Callable[[], float],
) -> tuple[float, float]:
    """The mean and the longest time of ``ask`` over ``views``, in seconds."""
    times = []
    for seen in views:
        if warm:
            ask(seen)
        else:
            clear_all()
        start = clock()
        ask(seen)
        times.append(clock() - start)
    return statistics.fmean(times), max(times)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--positions", type=int, default=200, help="ladder positions")
    parser.add_argument("--repeat", type=int, default=5, help="rounds (median)")
    parser.add_argument("--seed", type=int, default=1, help="the ladder's seed")
    parser.add_argument("--warm", action="store_true", help="keep the memo tables")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    args = parser.parse_args(argv)
    views = [
        seen
        for seen in ladder_positions(args.positions, args.seed)
        if seen.seat is not None and seen.phase_of(seen.seat) is not None
    ]
    eleven = [seen for seen in views if len(seen.hand) == 11]
    questions: list[tuple[str, Callable[[PlayerView], object], list[PlayerView]]] = [
        ("outs", outs, eleven),
        ("phase_odds, 1 draw", lambda v: phase_odds(v, 1), eleven),
        ("phase_odds, 2 draws", lambda v: phase_odds(v, 2), eleven),
        ("phase_odds, 3 draws", lambda v: phase_odds(v, 3), eleven),
        ("phase_odds, 4 draws", lambda v: phase_odds(v, 4), eleven),
        ("advise", advise, views),
        ("hint", hint, views),
        (
            "advise, Masters",
            advise,
            ladder_positions(len(views), args.seed, PRESETS["masters"]),
        ),
    ]
    print(
        f"phase10.analysis on {len(views)} ladder positions (seed {args.seed}; "
        f"{len(eleven)} with 11 cards), {args.repeat} rounds, "
        f"{'warm' if args.warm else 'cold'} memo tables, {args.clock} clock"
    )
    machine = f"{platform.machine()}, {platform.system()}"
    print(f"Python {platform.python_version()} on {machine}")
    print()
    header = f"{'question':<22} {'positions':>9} {'mean ms':>9} {'max ms':>9}  target"
    print(header)
    print("-" * len(header))
    missed = 0
    for name, ask, chosen in questions:
        clock = time.process_time if args.clock == "cpu" else time.perf_counter
        rounds = [time_calls(ask, chosen, args.warm, clock) for _ in range(args.repeat)]
        mean = statistics.median(r[0] for r in rounds) * 1000
        worst = statistics.median(r[1] for r in rounds) * 1000
        target = TARGETS_MS.get(name)
        verdict = ""
        if target is not None:
            met = mean < target
            missed += not met
            verdict = f"< {target:g} ms: {'met' if met else 'MISSED'}"
        print(f"{name:<22} {len(chosen):>9} {mean:>9.2f} {worst:>9.2f}  {verdict}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
