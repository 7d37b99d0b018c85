"""Ratings from results: Wilson intervals and Bradley-Terry strengths on
the Elo scale, for the ladder (``benchmarks/ladder.py``) and
``python -m phase10 ladder``."""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Sequence

__all__ = ["bradley_terry", "wilson"]

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
