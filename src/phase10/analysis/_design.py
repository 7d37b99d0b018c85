"""The phase-list designer: how hard each phase of a list is, from the deal.

A house list of phases should get harder as it goes, as the official one
means to. :func:`rate_phases` measures each phase of a rule set's list the
same way: the chance that a fresh deal already holds it, the chance that
the simple policy of :func:`~phase10.analysis.expected_draws` makes it
within a few draws, and the mean number of draws it takes, all over the
same seeded deals, so that two phases are compared on the same hands. It
ranks the phases by the mean and warns where the list puts a harder phase
before an easier one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from fractions import Fraction

import attrs

from .._cards import Card
from .._errors import UsageError, is_whole, shown
from .._immutable import Immutable
from .._phases import PhaseSpec
from .._rules import OFFICIAL, Rules
from .._solver import solve
from ._counting import class_counts, classes_of, made_for, multisets, odds
from ._policy import Estimate, discard_worst

__all__ = ["Chance", "PhaseList", "PhaseRating", "rate_phases"]

MAX_SAMPLES = 100_000
"""The most deals :func:`rate_phases` plays out."""

EXACT_MULTISETS = 20_000
"""The most multisets of classes of faces an exact chance from the deal
counts: the colour and parity phases of the official deck (3,003 for ten
cards over six classes), not those that read numbers (over a million)."""


@attrs.frozen
class Chance(Immutable):
    """A probability, exact (``exact`` holds it as a fraction, ``stderr``
    is 0) or estimated from ``samples`` deals with its standard error.

    >>> from fractions import Fraction
    >>> str(Chance(0.0277, exact=Fraction(277, 10000)))
    '2.77% (exact)'
    >>> str(Chance(0.312, stderr=0.0104, samples=2000))
    '31.2% ± 1.0% (2000 deals)'

    .. versionadded:: 0.3
    """

    value: float
    stderr: float = 0.0
    samples: int = 0
    exact: Fraction | None = None

    def __str__(self) -> str:
        if self.exact is not None:
            return f"{self.value:.2%} (exact)"
        return f"{self.value:.1%} ± {self.stderr:.1%} ({self.samples} deals)"


@attrs.frozen
class PhaseRating(Immutable):
    """How hard one phase of a list is.

    ``number`` is its place in the list (from 1); ``dealt`` the chance that
    a fresh deal of ``hand_size`` cards holds it; ``within`` the chance,
    for each number of draws asked for, that the simple policy holds it
    after that many draws; ``draws`` the mean number of draws the policy
    takes; ``rank`` its place from the easiest (1), by that mean.

    .. versionadded:: 0.3
    """

    number: int
    phase: PhaseSpec
    dealt: Chance
    within: tuple[tuple[int, Chance], ...]
    draws: Estimate
    rank: int


@attrs.frozen
class PhaseList(Immutable):
    """The ratings of every phase of ``rules.phases``, in the list's order,
    and a ``warnings`` sentence for each phase that is harder than the one
    after it (by more than twice the standard error of the difference over
    the same deals).

    ``str()`` of it is a table, one line a phase.

    .. versionadded:: 0.3
    """

    rules: Rules
    ratings: tuple[PhaseRating, ...]
    warnings: tuple[str, ...]

    def ranked(self) -> tuple[PhaseRating, ...]:
        """The ratings from the easiest phase to the hardest."""
        return tuple(sorted(self.ratings, key=lambda rating: rating.rank))

    def __str__(self) -> str:
        width = max(len(str(rating.phase)) for rating in self.ratings) + 4
        heads = "".join(f"{f'≤{k} draws':>11}" for k, _ in self.ratings[0].within)
        lines = [f"{'phase':<{width}}{'dealt':>9}{heads}{'mean draws':>13}{'rank':>6}"]
        for rating in self.ratings:
            label = f"{rating.number}. {rating.phase}"
            cells = "".join(f"{chance.value:>11.1%}" for _, chance in rating.within)
            dealt = f"{rating.dealt.value:.1%}" + ("*" if rating.dealt.exact else " ")
            lines.append(
                f"{label:<{width}}{dealt:>9}{cells}"
                f"{rating.draws.mean:>13.1f}{rating.rank:>6}"
            )
        deals = self.ratings[0].draws.samples
        note = f"from {deals} deals of {self.rules.hand_size} cards"
        if any(rating.dealt.exact is not None for rating in self.ratings):
            note = f"* counted exactly; the other figures are {note}"
        else:
            note = f"every figure is {note}"
        return "\n".join([*lines, note, *self.warnings])


def rate_phases(
    rules: Rules | None = None,
    *,
    draws: Iterable[int] = (3, 6, 10),
    samples: int = 1000,
    seed: int = 0,
    exact: bool = True,
) -> PhaseList:
    """Rate every phase of ``rules.phases`` (the official list by default)
    from the deal, for a designer of phase lists.

    ``samples`` deals are shuffled from ``seed`` (the same deals for every
    phase, so that phases are compared on the same hands). Each deals
    ``rules.hand_size`` cards from ``rules.deck`` to one player, who then
    follows the simple policy of :func:`~phase10.analysis.expected_draws`:
    draw the next card, stop once the hand holds the phase, else discard
    the card that helps least. Other players are left out. From these
    play-outs come the chance that the policy holds the phase within each
    number of ``draws``, and the mean number of draws, each with its
    standard error.

    The chance from the deal itself is counted exactly, over the
    multisets of faces a phase can tell apart, when there are at most
    20,000 of them (the colour and parity phases of the official deck) and
    ``exact`` is true; otherwise it is the deals' estimate, and its
    :class:`Chance` says so. The natural-card rule and runs that wrap are
    the rules' own.

    >>> from phase10 import Rules
    >>> from phase10.analysis import rate_phases
    >>> rated = rate_phases(Rules().first_phases(2), samples=100)
    >>> [rating.rank for rating in rated.ratings]  # the second is the easier
    [2, 1]
    >>> print(rated.ratings[0].dealt)
    21.0% ± 4.1% (100 deals)
    >>> print(rated.warnings[0])  # doctest: +ELLIPSIS
    phase 1 (2 sets of 3) is harder than phase 2 (1 set of 3 + 1 run of 4), ...

    Raises :class:`~phase10.UsageError` for rules that are not a
    :class:`~phase10.Rules`, ``draws`` not whole numbers from 1 to the
    cards left after the deal, or ``samples`` not from 2 to 100,000.

    .. versionadded:: 0.3
    """
    table = _check(rules, samples, seed, exact)
    left = len(table.deck) - table.hand_size
    asked = _check_draws(draws, left)
    rng = random.Random(seed)
    seeds = [rng.getrandbits(64) for _ in range(samples)]
    needs = [_needs(table, spec, seeds) for spec in table.phases]
    ratings = []
    means = [_mean(need, left) for need in needs]
    order = sorted(
        range(len(needs)),
        key=lambda i: (means[i].mean, -sum(n == 0 for n in needs[i]), i),
    )
    for number, (spec, need) in enumerate(zip(table.phases, needs, strict=True), 1):
        ratings.append(
            PhaseRating(
                number,
                spec,
                _dealt(table, spec, need, exact),
                tuple((k, _share(need, k)) for k in asked),
                means[number - 1],
                order.index(number - 1) + 1,
            )
        )
    warnings = tuple(
        warning
        for i in range(len(needs) - 1)
        if (
            warning := _out_of_order(ratings[i], ratings[i + 1], needs[i], needs[i + 1])
        )
    )
    return PhaseList(table, tuple(ratings), warnings)


def _check(rules: object, samples: object, seed: object, exact: object) -> Rules:
    if rules is None:
        rules = OFFICIAL
    if not isinstance(rules, Rules):
        raise UsageError(
            f"rate_phases takes a Rules record or None, not {shown(rules)}"
        )
    if not is_whole(samples) or not 2 <= samples <= MAX_SAMPLES:  # type: ignore[operator]
        raise UsageError(
            f"samples is a whole number from 2 to {MAX_SAMPLES:,}, not {shown(samples)}"
        )
    if not is_whole(seed):
        raise UsageError(f"seed is a whole number, not {shown(seed)}")
    if not isinstance(exact, bool):
        raise UsageError(f"exact is True or False, not {shown(exact)}")
    return rules


def _check_draws(draws: object, left: int) -> tuple[int, ...]:
    if isinstance(draws, (str, bytes)) or not isinstance(draws, Iterable):
        raise UsageError(f"draws is a list of numbers of draws, not {shown(draws)}")
    asked = tuple(draws)
    for k in asked:
        if not is_whole(k) or not 1 <= k <= left:
            raise UsageError(
                f"a number of draws is a whole number from 1 to {left}, not {shown(k)}"
            )
    return tuple(sorted(set(asked)))


def _needs(rules: Rules, spec: PhaseSpec, seeds: Sequence[int]) -> list[int]:
    """For each deal, the draws the policy takes to hold ``spec`` (0: the
    deal holds it; one more than the cards left if it never does)."""
    size = rules.hand_size
    deck = list(rules.deck)
    needs = []
    for one in seeds:
        order = random.Random(one).sample(deck, len(deck))
        needs.append(_play_out(order, size, spec, rules))
    return needs


def _play_out(order: list[Card], size: int, spec: PhaseSpec, rules: Rules) -> int:
    """The draws the policy takes to hold ``spec`` from the deal ``order``."""
    wrap = rules.wrap_runs
    held = order[:size]
    if solve(held, spec, rules.naturals, wrap=wrap) is not None:
        return 0
    for drawn, card in enumerate(order[size:], 1):
        held.append(card)
        if solve(held, spec, rules.naturals, wrap=wrap) is not None:
            return drawn
        discard_worst(held, spec, rules.points, wrap)
    return len(order) - size + 1


def _share(need: Sequence[int], k: int) -> Chance:
    n = len(need)
    p = sum(one <= k for one in need) / n
    return Chance(p, math.sqrt(p * (1 - p) / n), n)


def _dealt(rules: Rules, spec: PhaseSpec, need: Sequence[int], exact: bool) -> Chance:
    stands = classes_of(spec)
    counts = class_counts(rules.deck, stands)
    kinds = sum(count > 0 for count in counts.values())
    if exact and multisets(kinds, rules.hand_size) <= EXACT_MULTISETS:
        made = made_for((), spec, rules.naturals, rules.wrap_runs, stands)
        chance = odds(made, counts, rules.hand_size)
        return Chance(float(chance), exact=chance)
    return _share(need, 0)


def _mean(need: Sequence[int], left: int) -> Estimate:
    n = len(need)
    mean = math.fsum(need) / n
    spread = math.fsum((one - mean) ** 2 for one in need)
    censored = sum(one > left for one in need)
    return Estimate(mean, math.sqrt(spread / (n - 1) / n), n, censored)


def _out_of_order(
    first: PhaseRating, then: PhaseRating, need: Sequence[int], next_need: Sequence[int]
) -> str | None:
    """A warning if ``first`` takes clearly more draws than the phase after it."""
    n = len(need)
    differences = [a - b for a, b in zip(need, next_need, strict=True)]
    mean = math.fsum(differences) / n
    spread = math.fsum((d - mean) ** 2 for d in differences)
    error = math.sqrt(spread / (n - 1) / n)
    if mean <= 2 * error or mean <= 0:
        return None
    return (
        f"phase {first.number} ({first.phase}) is harder than phase "
        f"{then.number} ({then.phase}), which comes after it: "
        f"{first.draws.mean:.1f} draws against {then.draws.mean:.1f} on average "
        f"(the difference {mean:.1f} ± {error:.1f} over the same {n} deals)"
    )
