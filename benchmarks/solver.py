"""How fast the phase solver answers, against the exhaustive oracle of the tests.

Run from a checkout, with phase10 installed or importable::

    python benchmarks/solver.py [--hands N] [--repeat R] [--oracle-hands M]
                                [--seed S] [--clock {wall,cpu}]

For each standard phase it times ``find_phase`` (official rules: a natural
card in every group) on N seeded random 10-card hands from the standard
deck, and the tests' exhaustive oracle on the first M of them; each figure
is the median of R runs. It prints calls per second, their ratio, the share
of hands that make the phase, and whether the targets are met: at least
500,000 calls per second over the ten phases, and at least 5 times the
oracle's speed on every phase.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from phase10 import (
    STANDARD_PHASES,
    Card,
    NaturalRule,
    PhaseSpec,
    find_phase,
    standard_deck,
)

TARGET_CALLS_PER_SECOND = 500_000
TARGET_RATIO = 5.0

Finder = Callable[[Sequence[Card], PhaseSpec, NaturalRule], object]


def load_oracle() -> Finder:
    """The exhaustive search of the test suite (``tests/oracle.py``)."""
    tests = Path(__file__).resolve().parent.parent / "tests"
    sys.path.insert(0, str(tests))
    finder: Finder = importlib.import_module("oracle").oracle_find_phase
    return finder


def deal_hands(count: int, seed: int) -> list[tuple[Card, ...]]:
    """``count`` random 10-card hands from the standard deck."""
    rng = random.Random(seed)
    deck = list(standard_deck())
    return [tuple(rng.sample(deck, 10)) for _ in range(count)]


Clock = Callable[[], float]


def time_solver(
    clock: Clock, hands: Sequence[tuple[Card, ...]], spec: PhaseSpec
) -> tuple[float, int]:
    """Seconds for ``find_phase`` over ``hands``, and how many make ``spec``."""
    gc.collect()
    made = 0
    start = clock()
    for hand in hands:
        if find_phase(hand, spec) is not None:
            made += 1
    return clock() - start, made


def time_oracle(
    clock: Clock, oracle: Finder, hands: Sequence[tuple[Card, ...]], spec: PhaseSpec
) -> tuple[float, int]:
    """Seconds for the oracle over ``hands``, and how many make ``spec``."""
    gc.collect()
    made = 0
    naturals = NaturalRule.PER_GROUP
    start = clock()
    for hand in hands:
        if oracle(hand, spec, naturals) is not None:
            made += 1
    return clock() - start, made


def disagreements(
    oracle: Finder, hands: Sequence[tuple[Card, ...]], spec: PhaseSpec
) -> int:
    """How many of ``hands`` find_phase and the oracle answer differently.

    Hand by hand, so that a hand each gets wrong the other way cannot cancel.
    """
    naturals = NaturalRule.PER_GROUP
    return sum(
        (find_phase(hand, spec) is None) != (oracle(hand, spec, naturals) is None)
        for hand in hands
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Time the phase solver against the exhaustive oracle."
    )
    parser.add_argument("--hands", type=int, default=100_000, help="hands per phase")
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs per figure (median)"
    )
    parser.add_argument(
        "--oracle-hands", type=int, default=1_000, help="hands per phase for the oracle"
    )
    parser.add_argument("--seed", type=int, default=2024, help="seed of the deals")
    parser.add_argument(
        "--clock",
        choices=["wall", "cpu"],
        default="wall",
        help="time by the wall clock (default) or by CPU time, steadier on a "
        "busy machine",
    )
    args = parser.parse_args(argv)
    if args.hands < 1 or args.repeat < 1 or args.oracle_hands < 1:
        parser.error("--hands, --repeat and --oracle-hands must be at least 1")

    oracle = load_oracle()
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    hands = deal_hands(args.hands, args.seed)
    sample = hands[: args.oracle_hands]
    # The oracle is over a hundred times slower: it is timed on a sample, the
    # first --oracle-hands hands, and its rate is per call like find_phase's.
    print(
        f"find_phase on {len(hands):,} hands, oracle on {len(sample):,}; "
        f"median of {args.repeat} runs; {args.clock} clock; "
        f"Python {sys.version.split()[0]}"
    )
    print()
    header = (
        f"{'phase':<28} {'made':>6} {'find_phase/s':>13} {'oracle/s':>9} {'ratio':>7}"
    )
    print(header)
    print("-" * len(header))

    rates: list[float] = []
    ratios: list[float] = []
    solver_seconds = 0.0
    disagreed = 0
    for number, spec in enumerate(STANDARD_PHASES, 1):
        runs = [time_solver(clock, hands, spec) for _ in range(args.repeat)]
        seconds = statistics.median(run[0] for run in runs)
        made = runs[0][1]
        oracle_runs = [
            time_oracle(clock, oracle, sample, spec) for _ in range(args.repeat)
        ]
        oracle_seconds = statistics.median(run[0] for run in oracle_runs)
        # The oracle's sample is also a check that both agree.
        disagreed += disagreements(oracle, sample, spec)
        rate = len(hands) / seconds
        oracle_rate = len(sample) / oracle_seconds
        rates.append(rate)
        ratios.append(rate / oracle_rate)
        solver_seconds += seconds
        name = f"{number:>2} {spec}"
        print(
            f"{name:<28} {made / len(hands):>6.1%} {rate:>13,.0f} "
            f"{oracle_rate:>9,.0f} {rate / oracle_rate:>6.0f}x",
            flush=True,
        )

    mean_rate = statistics.mean(rates)
    overall_rate = len(hands) * len(STANDARD_PHASES) / solver_seconds
    print("-" * len(header))
    print(f"{'mean of the ten phases':<35} {mean_rate:>13,.0f}")
    print(f"{'all calls / all time':<35} {overall_rate:>13,.0f}")
    print()
    speed_ok = min(mean_rate, overall_rate) >= TARGET_CALLS_PER_SECOND
    ratio_ok = min(ratios) >= TARGET_RATIO
    print(
        f"target >= {TARGET_CALLS_PER_SECOND:,} calls/s over the ten phases: "
        f"{'met' if speed_ok else 'NOT met'} "
        f"(mean {mean_rate:,.0f}, overall {overall_rate:,.0f})"
    )
    print(
        f"target >= {TARGET_RATIO:g}x the oracle on every phase: "
        f"{'met' if ratio_ok else 'NOT met'} (lowest {min(ratios):,.0f}x)"
    )
    if disagreed:
        print(f"WARNING: solver and oracle disagree on {disagreed} hands")
    else:
        print(f"find_phase and the oracle agree on each of the {len(sample):,} hands")
    return 0 if speed_ok and ratio_ok and not disagreed else 1


if __name__ == "__main__":
    sys.exit(main())
