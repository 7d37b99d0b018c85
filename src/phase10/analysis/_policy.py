"""How many draws a hand takes to make its phase under a simple policy,
estimated by Monte Carlo (:func:`expected_draws`).

Exact recursion would have to follow the hand through every order of the
unseen cards, with a discard chosen at each step: the states are the
hands reachable times the cards left, far too many for a turn's budget. A
few hundred seeded play-outs give the mean with its standard error instead.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import attrs

from .._cards import Card
from .._determinize import _unseen
from .._errors import UsageError, is_whole, shown
from .._immutable import Immutable
from .._phases import PhaseSpec
from .._rules import Points
from .._scores import keep_scores
from .._solver import solve
from .._view import PlayerView
from ._odds import PhaseLike, check_view, resolve_phase

__all__ = ["Estimate", "discard_worst", "expected_draws"]

MAX_SAMPLES = 100_000
"""The most play-outs :func:`expected_draws` runs."""


@attrs.frozen
class Estimate(Immutable):
    """A mean estimated by sampling, with its standard error.

    ``censored`` play-outs ran out of unseen cards before the phase was
    made; each counts as one draw more than there were unseen cards, so
    the mean is then a lower bound.

    >>> from phase10.analysis import Estimate
    >>> str(Estimate(mean=6.25, stderr=0.31, samples=400, censored=0))
    '6.2 ± 0.3 draws (400 play-outs)'

    .. versionadded:: 0.2
    """

    mean: float
    stderr: float
    samples: int
    censored: int = 0

    def __str__(self) -> str:
        text = f"{self.mean:.1f} ± {self.stderr:.1f} draws ({self.samples} play-outs)"
        return text + (f", {self.censored} censored" if self.censored else "")


def expected_draws(
    seen: PlayerView,
    *,
    phase: PhaseLike | None = None,
    samples: int = 400,
    seed: int = 0,
) -> Estimate:
    """The expected number of draws the seat's hand takes to make the
    phase, under a stated simple policy, by Monte Carlo.

    The policy: each turn the player draws one card from the unseen ones
    (never the discard pile), in a random order of them; as soon as the
    hand holds the phase, the count stops; otherwise the player discards
    the card that helps least (the one the fewest cards of the hand could
    share a group of the phase with, as :class:`~phase10.bots.GreedyBot`
    scores them, then the one of the most points), which may be the card
    just drawn. Discarded cards are gone, and the other players are left
    out: nobody else draws. A hand that holds the phase already takes 0.

    ``samples`` play-outs are run from ``random.Random(seed)``, so the
    answer is the same for the same arguments; the result carries the
    standard error of the mean.

    >>> from phase10 import new_game, view
    >>> from phase10.analysis import expected_draws
    >>> seen = view(new_game(2, seed=5), 0)
    >>> guess = expected_draws(seen, phase=1, samples=200)
    >>> 2 < guess.mean < 8, guess.stderr < 0.5
    (True, True)

    Raises :class:`~phase10.UsageError` for anything but a seat's view, a
    phase that does not exist or ``samples`` not from 1 to 100,000.

    .. versionadded:: 0.2
    """
    seen = check_view(seen, "expected_draws")
    spec = resolve_phase(seen.rules, phase, seen)
    if not is_whole(samples) or not 1 <= samples <= MAX_SAMPLES:
        raise UsageError(
            f"samples is a whole number from 1 to {MAX_SAMPLES}, not {shown(samples)}"
        )
    if not is_whole(seed):
        raise UsageError(f"seed is a whole number, not {shown(seed)}")
    rng = random.Random(seed)
    pile = _unseen(seen)
    counts = [
        _play_out(seen.hand, pile, spec, seen.rules.points, seen, rng)
        for _ in range(samples)
    ]
    mean = math.fsum(counts) / samples
    spread = math.fsum((count - mean) ** 2 for count in counts)
    stderr = math.sqrt(spread / (samples - 1) / samples) if samples > 1 else 0.0
    censored = sum(count > len(pile) for count in counts)
    return Estimate(mean, stderr, samples, censored)


def _play_out(
    hand: Sequence[Card],
    pile: list[Card],
    spec: PhaseSpec,
    points: Points,
    seen: PlayerView,
    rng: random.Random,
) -> int:
    """The draws one play-out takes to make the phase (one more than the
    unseen cards if they run out first)."""
    naturals, wrap = seen.rules.naturals, seen.rules.wrap_runs
    held = list(hand)
    if solve(held, spec, naturals, wrap=wrap) is not None:
        return 0
    left = list(pile)
    for drawn in range(len(left)):
        # One step of Fisher-Yates: the next card, uniformly from the rest.
        pick = rng.randrange(drawn, len(left))
        left[drawn], left[pick] = left[pick], left[drawn]
        held.append(left[drawn])
        if solve(held, spec, naturals, wrap=wrap) is not None:
            return drawn + 1
        discard_worst(held, spec, points, wrap)
    return len(left) + 1


def discard_worst(
    held: list[Card], spec: PhaseSpec, points: Points, wrap: bool
) -> None:
    """The policy's discard, from ``held`` in place: the card that helps
    least toward ``spec`` (as :class:`~phase10.bots.GreedyBot` scores
    them), then the one of the most points, then the first."""
    scores = keep_scores(held, spec, wrap)
    worst = min(range(len(held)), key=lambda i: (scores[i], -points.of(held[i]), i))
    del held[worst]
