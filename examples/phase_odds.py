"""How often does a random hand make each phase?

Deals many random hands from the standard deck and asks ``find_phase``
whether each standard phase can be made: from the 10 cards of a fresh deal,
and from 11 cards (the deal plus the first card drawn).

    python examples/phase_odds.py [--hands N] [--seed S] [--naturals RULE]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import TextIO

from phase10 import STANDARD_PHASES, NaturalRule, Rules, find_phase, standard_deck


class Progress:
    """A percentage on ``stream``: redrawn in place on a terminal, else a
    line now and then, so that logs stay short."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        self.live = stream.isatty()
        self.shown = -1

    def update(self, done: int) -> None:
        percent = done * 100 // self.total
        if percent == self.shown:
            return
        if self.live:
            self.stream.write(f"\rdealing hands: {percent:3d}%")
            self.stream.flush()
        elif percent and percent % 25 == 0:
            self.stream.write(f"dealt {done:,} of {self.total:,} hands ({percent}%)\n")
            self.stream.flush()
        self.shown = percent

    def finish(self) -> None:
        if self.live:
            self.stream.write("\r" + " " * 24 + "\r")
            self.stream.flush()


def count_made(
    hands: int, seed: int, rules: Rules, stream: TextIO
) -> tuple[list[int], list[int]]:
    """For each standard phase, how many deals make it with 10 and with 11 cards."""
    rng = random.Random(seed)
    deck = list(standard_deck())
    with_ten = [0] * len(STANDARD_PHASES)
    with_eleven = [0] * len(STANDARD_PHASES)
    progress = Progress(hands, stream)
    for done in range(1, hands + 1):
        eleven = rng.sample(deck, 11)
        ten = eleven[:10]
        for index, spec in enumerate(STANDARD_PHASES):
            # Ten cards are part of the eleven: if eleven cannot make the
            # phase, neither can ten.
            if find_phase(eleven, spec, rules) is not None:
                with_eleven[index] += 1
                if find_phase(ten, spec, rules) is not None:
                    with_ten[index] += 1
        progress.update(done)
    progress.finish()
    return with_ten, with_eleven


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="How often a random hand makes each standard phase of Phase 10."
    )
    parser.add_argument(
        "--hands", type=int, default=20_000, help="hands to deal (default 20,000)"
    )
    parser.add_argument("--seed", type=int, default=10, help="seed of the deals")
    parser.add_argument(
        "--naturals",
        # Typed as per-group, per-phase or none: no quoting needed.
        choices=[rule.name.lower().replace("_", "-") for rule in NaturalRule],
        default="per-group",
        help="natural cards needed (default: per-group, the official rule)",
    )
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    rules = Rules(naturals=NaturalRule[args.naturals.upper().replace("-", "_")])

    with_ten, with_eleven = count_made(args.hands, args.seed, rules, sys.stderr)

    print(
        f"Chance that a random hand makes each phase "
        f"({args.hands:,} deals, seed {args.seed}, natural cards: {args.naturals})"
    )
    print()
    header = f"{'phase':<30} {'10 cards':>9} {'11 cards':>9}"
    print(header)
    print("-" * len(header))
    for index, spec in enumerate(STANDARD_PHASES):
        name = f"{index + 1:>2}. {spec}"
        ten = with_ten[index] / args.hands
        eleven = with_eleven[index] / args.hands
        print(f"{name:<30} {ten:>9.1%} {eleven:>9.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
