"""How likely is a fresh deal to make each phase within a few draws?

Deals a seeded game and asks ``phase10.analysis`` for the exact chance that
the first player's hand, with the next 1 to 4 cards it draws, makes each
standard phase (every card the player has not seen being equally likely to
come next). Then it checks every figure against its own sampling: random
orders of the unseen cards, the first cards of each taken as the draws.
Each sampled share must lie within four standard errors of the exact
figure; the script exits with status 1 if one does not.

    python examples/phase_odds.py [--seed S] [--samples N] [--naturals RULE]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Sequence
from fractions import Fraction

from phase10 import (
    STANDARD_PHASES,
    Card,
    NaturalRule,
    PlayerView,
    Rules,
    find_phase,
    format_cards,
    new_game,
    view,
)
from phase10.analysis import phase_odds, unseen

DRAWS = (1, 2, 3, 4)


def sampled(seen: PlayerView, samples: int, rng: random.Random) -> list[list[Fraction]]:
    """For each standard phase and number of draws, the share of ``samples``
    random orders of the unseen cards whose first cards make the phase."""
    pile: list[Card] = [card for card, n in unseen(seen).items() for _ in range(n)]
    made = [[0] * len(DRAWS) for _ in STANDARD_PHASES]
    for _ in range(samples):
        drawn = rng.sample(pile, max(DRAWS))
        for index, phase in enumerate(STANDARD_PHASES):
            for column, draws in enumerate(DRAWS):
                cards = (*seen.hand, *drawn[:draws])
                made[index][column] += find_phase(cards, phase, seen.rules) is not None
    return [[Fraction(count, samples) for count in row] for row in made]


def agrees(exact: Fraction, share: Fraction, samples: int) -> bool:
    """Whether a sampled share is within four standard errors of the exact
    chance (at least one sample's worth, for chances of 0 or 1)."""
    error = math.sqrt(float(exact * (1 - exact)) / samples)
    return abs(float(share - exact)) <= 4 * max(error, 1 / samples)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="The exact chance a deal makes each phase, checked by sampling."
    )
    parser.add_argument("--seed", type=int, default=10, help="seed of the deal")
    parser.add_argument(
        "--samples",
        "--hands",  # its name before the exact odds: still read
        type=int,
        default=20_000,
        help="random orders of the unseen cards to sample (default 20,000)",
    )
    parser.add_argument(
        "--naturals",
        # Typed as per-group, per-phase or none: no quoting needed.
        choices=[rule.name.lower().replace("_", "-") for rule in NaturalRule],
        default="per-group",
        help="natural cards needed (default: per-group, the official rule)",
    )
    args = parser.parse_args(argv)
    if args.samples < 1:
        parser.error("--samples must be at least 1")
    rules = Rules(naturals=NaturalRule[args.naturals.upper().replace("-", "_")])
    seen = view(new_game(2, rules, seed=args.seed), 0)

    exact = [
        [phase_odds(seen, draws, phase=index + 1) for draws in DRAWS]
        for index in range(len(STANDARD_PHASES))
    ]
    shares = sampled(seen, args.samples, random.Random(args.seed))

    hand = format_cards(sorted(seen.hand))
    print(f"Deal {args.seed}, natural cards: {args.naturals}. The hand: {hand}")
    print(
        "Chance to hold each phase with the next draws: exact "
        f"(sampled, {args.samples:,} orders)"
    )
    print()
    header = f"{'phase':<30}" + "".join(
        f"{f'{d} draw' + 's' * (d > 1):>17}" for d in DRAWS
    )
    print(header)
    print("-" * len(header))
    wrong = 0
    for index, spec in enumerate(STANDARD_PHASES):
        cells = []
        for chance, share in zip(exact[index], shares[index], strict=True):
            ok = agrees(chance, share, args.samples)
            wrong += not ok
            cells.append(
                f"{float(chance):.1%} ({float(share):.1%}){' ' if ok else '!'}"
            )
        print(f"{index + 1:>2}. {spec!s:<26}" + "".join(f"{c:>17}" for c in cells))
    print()
    if wrong:
        print(
            f"{wrong} sampled figures (marked !) are more than four standard "
            "errors off."
        )
        return 1
    print("Every sampled figure is within four standard errors of the exact one.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
