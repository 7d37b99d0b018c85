"""Seeded, reproducible shuffles (R41)."""

from __future__ import annotations

from collections import Counter

import pytest

from phase10 import (
    EmptyDrawPile,
    GameState,
    Rules,
    RulesError,
    Step,
    discard,
    draw,
    format_cards,
    from_json,
    new_game,
    next_hand,
    to_json,
)
from phase10._shuffle import derive_seed, shuffled


@pytest.mark.rule("R41")
def test_golden_deal_for_a_fixed_seed() -> None:
    """Seed 20261122 deals the same hands on every machine and Python version."""
    state = new_game(4, seed=20261122)
    hands = [format_cards(p.hand) for p in state.players]
    assert hands == [
        "R9 B5 Y9 B10 G6 R12 Y2 Y1 B6 R6",
        "B8 B3 W R10 B11 S Y7 Y4 G7 G4",
        "R11 B8 R4 Y5 G7 G11 R3 G3 G5 B7",
        "G2 B11 Y7 S G9 G11 R8 B2 G10 Y11",
    ]
    assert str(state.discard_pile[0]) == "Y2"
    assert format_cards(state.draw_pile[:10]) == "R8 R1 R7 W Y1 R1 G8 Y11 R9 Y12"


@pytest.mark.rule("R41")
def test_golden_shuffles_of_numbers() -> None:
    """The shuffle of 0..19 for two seeds is fixed (big and small seeds alike)."""
    assert shuffled(range(20), 1, 0) == (
        5,
        4,
        11,
        8,
        9,
        19,
        7,
        12,
        14,
        6,
        18,
        10,
        13,
        17,
        3,
        0,
        16,
        1,
        2,
        15,
    )
    assert shuffled(range(20), 2**100, 7) == (
        3,
        17,
        8,
        12,
        4,
        9,
        1,
        7,
        13,
        0,
        15,
        19,
        11,
        6,
        5,
        16,
        14,
        18,
        2,
        10,
    )


@pytest.mark.rule("R41")
def test_same_seed_same_game_different_seed_different_deal() -> None:
    """Equal seeds give equal states move for move; other seeds deal otherwise."""
    rules = Rules(on_empty_draw_pile=EmptyDrawPile.END_HAND)
    first, second = new_game(3, rules, seed=99), new_game(3, rules, seed=99)
    assert first == second
    while first.step is not Step.HAND_OVER:
        first, second = draw(first), draw(second)
        card = next(c for c in first.players[first.current].hand if not c.is_skip)
        first, second = discard(first, card), discard(second, card)
        assert first == second
    assert next_hand(first) == next_hand(second)
    assert next_hand(first).players != first.players
    assert new_game(3, rules, seed=100).players != new_game(3, rules, seed=99).players


@pytest.mark.rule("R41")
def test_no_seed_takes_a_fresh_one() -> None:
    """seed=None draws a new seed from the operating system each time."""
    seeds = {new_game(2).seed for _ in range(5)}
    assert len(seeds) == 5


@pytest.mark.rule("R41")
def test_shuffle_is_a_permutation_and_roughly_uniform() -> None:
    """Each of the 6 orders of 3 items turns up about equally often."""
    counts = Counter(shuffled("abc", seed, 0) for seed in range(6000))
    assert len(counts) == 6
    assert all(850 < n < 1150 for n in counts.values()), counts


@pytest.mark.rule("R41")
def test_each_shuffle_of_a_game_differs() -> None:
    """A game's second shuffle is not a repeat of its first."""
    assert shuffled(range(50), 7, 0) != shuffled(range(50), 7, 1)


@pytest.mark.rule("R41")
def test_every_seed_new_game_takes_can_be_saved_and_read_back() -> None:
    """Seeds of up to 4,000 digits play and round-trip; a longer one is refused."""
    for seed in (10**4000 - 1, -(10**4000 - 1)):
        state = new_game(2, seed=seed)
        assert from_json(to_json(state), GameState) == state
    with pytest.raises(RulesError, match="at most 4000 digits"):
        new_game(2, seed=10**4000)


@pytest.mark.rule("R41")
def test_the_games_of_a_series_have_unrelated_seeds() -> None:
    """A tournament deals game g from a hash of its seed and g: stable, all
    different, and none of them the tournament's seed plus g, so one game's
    seed (which a small seed lets a player find) tells nothing of the next."""
    seeds = [derive_seed(7, game) for game in range(200)]
    assert seeds == [derive_seed(7, game) for game in range(200)]
    assert len(set(seeds)) == 200
    assert all(seed.bit_length() > 64 for seed in seeds[:50])
    assert not {7 + game for game in range(200)} & set(seeds)
    assert derive_seed(8, 0) not in seeds
