"""The phase-list designer (phase10.analysis.rate_phases): its exact
chances against brute force over every deal, its estimates against the
exact figures, its ranking and its warnings."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from phase10 import (
    STANDARD_PHASES,
    PhaseSpec,
    Rules,
    UsageError,
    find_phase,
    parse_cards,
)
from phase10.analysis import Chance, hand_odds, rate_phases

SMALL_DECK = parse_cards("R1 R2 R3 R4 B1 B2 B3 B4 G1 G2 G3 W W S")
SMALL = Rules(
    phases=["3 cards of one color", "1 run of 3", "1 set of 2 + 1 set of 2"],
    deck=SMALL_DECK,
    hand_size=3,
    min_players=2,
    max_players=2,
)


def brute_force(rules: Rules, spec: PhaseSpec, cards: int) -> Fraction:
    """The share of all ways to deal ``cards`` cards that hold ``spec``."""
    hands = list(itertools.combinations(range(len(rules.deck)), cards))
    held = sum(
        find_phase([rules.deck[i] for i in hand], spec, rules) is not None
        for hand in hands
    )
    return Fraction(held, len(hands))


def test_the_chance_from_the_deal_is_exact_against_every_deal_R4() -> None:
    """Colour, run and set phases of a small deck, each counted exactly
    and checked against the share of every possible deal."""
    rated = rate_phases(SMALL, samples=50)
    for rating in rated.ratings:
        assert rating.dealt.exact is not None and rating.dealt.stderr == 0
        assert rating.dealt.exact == brute_force(SMALL, rating.phase, SMALL.hand_size)


def test_the_estimates_agree_with_the_exact_figures() -> None:
    """The deals' share matches the exact chance from the deal, and the
    share within one draw (no discard has happened yet) matches the exact
    chance of a hand one card larger, each within four standard errors."""
    exact = rate_phases(SMALL, draws=(1, 2), samples=3000, seed=5)
    sampled = rate_phases(SMALL, draws=(1, 2), samples=3000, seed=5, exact=False)
    for rating, estimate in zip(exact.ratings, sampled.ratings, strict=True):
        assert estimate.dealt.exact is None and estimate.dealt.samples == 3000
        target = rating.dealt.value
        assert abs(estimate.dealt.value - target) <= 4 * max(
            estimate.dealt.stderr, 1e-3
        )
        larger = float(
            hand_odds(
                (), rating.phase, SMALL.hand_size + 1, unseen=SMALL_DECK, rules=SMALL
            )
        )
        (one, first), (two, second) = rating.within
        assert (one, two) == (1, 2)
        assert abs(first.value - larger) <= 4 * max(first.stderr, 1e-3)
        assert (
            rating.dealt.value
            <= first.value + 4 * first.stderr
            <= second.value + 8 * second.stderr
        )


def test_the_official_colour_phase_is_counted_exactly_and_sampled_close() -> None:
    rated = rate_phases(Rules(phases=[STANDARD_PHASES[7]]), samples=2000, seed=3)
    (colour,) = rated.ratings
    assert colour.dealt.exact is not None
    sampled = rate_phases(
        Rules(phases=[STANDARD_PHASES[7]]), samples=2000, seed=3, exact=False
    )
    estimate = sampled.ratings[0].dealt
    assert abs(estimate.value - colour.dealt.value) <= 4 * estimate.stderr
    assert str(colour.dealt) == f"{colour.dealt.value:.2%} (exact)"


def test_phases_are_ranked_by_the_draws_they_take_and_disorder_is_warned() -> None:
    easy_first = Rules(phases=["1 set of 3 + 1 run of 4", "1 run of 7", "1 run of 9"])
    rated = rate_phases(easy_first, samples=300)
    assert [rating.rank for rating in rated.ratings] == [1, 2, 3]
    assert rated.warnings == ()
    assert [rating.number for rating in rated.ranked()] == [1, 2, 3]
    means = [rating.draws.mean for rating in rated.ratings]
    assert means == sorted(means)
    backwards = rate_phases(
        easy_first.replace(phases=easy_first.phases[::-1]), samples=300
    )
    assert [rating.rank for rating in backwards.ratings] == [3, 2, 1]
    assert len(backwards.warnings) == 2
    assert backwards.warnings[0].startswith(
        "phase 1 (1 run of 9) is harder than phase 2 (1 run of 7), which comes after it"
    )


def test_the_official_list_is_rated_with_its_own_disorder() -> None:
    """The official list is not in order of difficulty from the deal:
    2 sets of 3 is dealt less often than 1 set of 3 + 1 run of 4."""
    rated = rate_phases(samples=400)
    first, second = rated.ratings[:2]
    assert first.dealt.value < second.dealt.value
    assert any(
        warning.startswith("phase 1 (2 sets of 3)") for warning in rated.warnings
    )
    table = str(rated)
    assert table.splitlines()[0].split() == [
        "phase",
        "dealt",
        "≤3",
        "draws",
        "≤6",
        "draws",
        "≤10",
        "draws",
        "mean",
        "draws",
        "rank",
    ]
    assert "10. 1 set of 5 + 1 set of 3" in table


def test_the_same_seed_gives_the_same_ratings() -> None:
    assert rate_phases(SMALL, samples=40, seed=9) == rate_phases(
        SMALL, samples=40, seed=9
    )
    assert rate_phases(SMALL, samples=40, seed=9) != rate_phases(
        SMALL, samples=40, seed=10
    )


@pytest.mark.parametrize(
    "call",
    [
        {"rules": "official"},
        {"samples": 1},
        {"samples": 100_001},
        {"samples": 2.5},
        {"seed": "x"},
        {"draws": 3},
        {"draws": [0]},
        {"draws": [True]},
        {"draws": [500]},
        {"exact": 1},
    ],
)
def test_bad_arguments_are_usage_errors(call: dict[str, object]) -> None:
    with pytest.raises(UsageError):
        rate_phases(**call)  # type: ignore[arg-type]


def test_a_chance_says_whether_it_is_exact() -> None:
    assert str(Chance(0.5, stderr=0.05, samples=100)) == "50.0% ± 5.0% (100 deals)"
