"""Faults of :func:`phase10.analysis.expected_draws` that the other tests
let through, each killed here (``tests/mutation.py --module
phase10.analysis._policy``).

The estimate is held to an oracle: the documented policy played out again
here, on the same random order of the unseen cards (the next card drawn
uniformly from those left, from one ``random.Random(seed)`` for all the
play-outs, one after another), so that the mean, the standard error and the
censored play-outs must be exactly the oracle's. Small decks make the
cases where a fault shows: a card that always comes, one that never can,
a run that needs the wrap-around.
"""

from __future__ import annotations

import math
import random

import pytest
from scenarios import deal

from phase10 import (
    Card,
    GameState,
    PhaseSpec,
    PlayerView,
    Rules,
    UsageError,
    find_phase,
    new_game,
    view,
)
from phase10._determinize import _unseen
from phase10._scores import keep_scores
from phase10.analysis import Estimate, expected_draws
from phase10.analysis._odds import resolve_phase
from phase10.analysis._policy import MAX_SAMPLES


def oracle(seen: PlayerView, spec: PhaseSpec, samples: int, seed: int) -> list[int]:
    """The draws of each play-out, by the policy the docstring states."""
    rng = random.Random(seed)
    pile = _unseen(seen)
    counts = []
    for _ in range(samples):
        held = list(seen.hand)
        order = list(pile)
        count = len(order) + 1  # censored unless the phase is made
        if find_phase(held, spec, seen.rules) is not None:
            count = 0
        else:
            for drawn in range(len(order)):
                pick = rng.randrange(drawn, len(order))
                order[drawn], order[pick] = order[pick], order[drawn]
                held.append(order[drawn])
                if find_phase(held, spec, seen.rules) is not None:
                    count = drawn + 1
                    break
                scores = keep_scores(held, spec, seen.rules.wrap_runs)
                points = seen.rules.points.of
                least = min(
                    range(len(held)), key=lambda i: (scores[i], -points(held[i]), i)
                )
                held.pop(least)
        counts.append(count)
    return counts


def agrees(
    seen: PlayerView, samples: int, seed: int, phase: int | None = None
) -> list[int]:
    """Check the estimate against the oracle's play-outs; return them."""
    spec = resolve_phase(seen.rules, phase, seen)
    counts = oracle(seen, spec, samples, seed)
    guess = expected_draws(seen, phase=phase, samples=samples, seed=seed)
    mean = math.fsum(counts) / samples
    spread = math.fsum((count - mean) ** 2 for count in counts)
    stderr = math.sqrt(spread / (samples - 1) / samples) if samples > 1 else 0.0
    censored = sum(count > len(_unseen(seen)) for count in counts)
    assert guess == Estimate(mean, stderr, samples, censored), (guess, counts)
    return counts


def tiny(*cards: str, **options: object) -> Rules:
    deck = tuple(Card.parse(card) for card in " ".join(cards).split())
    return Rules(max_players=2, deck=deck, **options)  # type: ignore[arg-type]


SET_OF_3 = tiny("R1 B1 G1 R3 R4 R5 R6 R7 R8 R9", hand_size=2, phases=("1 set of 3",))


def seat_to_move(state: GameState) -> PlayerView:
    return view(state, state.current)


def test_a_card_that_always_comes_is_drawn_at_a_uniform_place() -> None:
    """Holding two 1s of the three, the policy keeps them and the count is
    where the third comes among the 7 unseen cards: 1 to 7, never censored
    (a count of 7, the last card, is not censored)."""
    seen = seat_to_move(deal(["R3 R4", "R1 B1"], starter="R5", rules=SET_OF_3))
    assert len(_unseen(seen)) == 7
    counts = agrees(seen, 80, seed=2)
    assert set(counts) == set(range(1, 8))


def test_a_phase_that_cannot_be_made_is_censored_every_time() -> None:
    """The third 1 lies face up on the discard pile, which the policy never
    draws: every play-out runs out, counted as one draw more than the
    unseen cards, and the estimate says so."""
    seen = seat_to_move(deal(["R3 R4", "R6 R7"], starter="G1", rules=SET_OF_3))
    counts = agrees(seen, 12, seed=0)
    assert counts == [8] * 12
    guess = expected_draws(seen, samples=12)
    assert guess.censored == 12 and guess.stderr == 0.0
    assert str(guess) == "8.0 ± 0.0 draws (12 play-outs), 12 censored"


def test_a_run_around_the_top_is_made_under_wrap_runs() -> None:
    """Holding R11 R12 R1 under wrap-around runs (R42), the policy keeps R1
    and waits for R2; without the wrap in the judge or the scores it throws
    R1 away or never sees the run."""
    rules = tiny(
        "R11 R12 R1 R2 B5 B7 G9 Y3 G5 Y7",
        hand_size=4,
        phases=("1 run of 4",),
        wrap_runs=True,
    )
    seen = seat_to_move(
        deal(["B7 G9 Y3 G5", "R11 R12 R1 B5"], starter="Y7", rules=rules)
    )
    counts = agrees(seen, 40, seed=1)
    assert set(counts) == set(range(1, 6))


def test_ties_are_broken_by_points_and_the_estimate_matches_the_oracle() -> None:
    """Seats of seeded official games, at the first draw and later: the
    policy's every choice, ties broken by points, is the oracle's."""
    for seed in range(4):
        state = new_game(3, seed=seed)
        seen = seat_to_move(state)
        agrees(seen, 6, seed=seed)
        agrees(seen, 3, seed=seed, phase=3)
    seen = seat_to_move(
        deal(
            ["R3 R4 R5", "R1 B10 B1"],
            starter="R6",
            rules=tiny(
                "R1 B1 G1 R10 B10 G10 R3 R4 R5 R6 R7 R8 R9",
                hand_size=3,
                phases=("1 set of 3",),
            ),
        )
    )
    counts = agrees(seen, 60, seed=5)
    assert max(counts) <= len(_unseen(seen))


def test_one_play_out_has_no_spread_and_two_have_the_spread_of_two() -> None:
    seen = seat_to_move(deal(["R3 R4", "R1 B1"], starter="R5", rules=SET_OF_3))
    assert expected_draws(seen, samples=1).stderr == 0.0
    agrees(seen, 1, seed=4)
    for seed in range(6):
        agrees(seen, 2, seed=seed)


def test_the_defaults_are_400_play_outs_from_seed_0_of_the_seats_phase() -> None:
    seen = seat_to_move(new_game(2, seed=5))  # a hand short of its phase
    assert expected_draws(seen).mean > 0
    assert expected_draws(seen) == expected_draws(seen, phase=1, samples=400, seed=0)
    assert expected_draws(seen) != expected_draws(seen, seed=1)


def test_a_hand_that_holds_a_run_around_the_top_takes_no_draw() -> None:
    rules = tiny(
        "R11 R12 R1 R2 B5 B7 G9 Y3 G5 Y7",
        hand_size=4,
        phases=("1 run of 4",),
        wrap_runs=True,
    )
    seen = seat_to_move(
        deal(["B7 G9 Y3 G5", "R11 R12 R1 R2"], starter="Y7", rules=rules)
    )
    assert expected_draws(seen, samples=5) == Estimate(0.0, 0.0, 5, 0)


def test_the_phase_asked_about_is_the_one_played_out() -> None:
    seen = seat_to_move(new_game(2, seed=9))
    first = expected_draws(seen, samples=30)
    assert expected_draws(seen, phase=8, samples=30) != first
    agrees(seen, 5, seed=0, phase=8)


def test_samples_from_1_to_the_most_are_taken_and_no_more() -> None:
    waiting = seat_to_move(deal(["R3 R4", "R1 B1"], starter="R5", rules=SET_OF_3))
    assert expected_draws(waiting, samples=1).samples == 1
    holding = seat_to_move(
        deal(
            ["R3 R4 R5", "R1 B1 G1"],
            starter="R6",
            rules=tiny(
                "R1 B1 G1 R3 R4 R5 R6 R7 R8", hand_size=3, phases=("1 set of 3",)
            ),
        )
    )
    most = expected_draws(holding, samples=MAX_SAMPLES)
    assert most == Estimate(0.0, 0.0, MAX_SAMPLES, 0)
    for wrong in (0, MAX_SAMPLES + 1):
        with pytest.raises(
            UsageError,
            match=rf"^samples is a whole number from 1 to {MAX_SAMPLES}, not {wrong}$",
        ):
            expected_draws(holding, samples=wrong)
    with pytest.raises(UsageError, match=r"^seed is a whole number, not 'x'$"):
        expected_draws(holding, seed="x")  # type: ignore[arg-type]
    with pytest.raises(
        UsageError, match=r"^expected_draws takes a PlayerView, not GameState"
    ):
        expected_draws(new_game(2, seed=1))  # type: ignore[arg-type]
