"""The OpenSpiel game "python_phase10" passes OpenSpiel's own random
simulation test, for every table size.

These tests need the ``openspiel`` extra (OpenSpiel's wheels need Python
3.11 or later). Without it they are skipped, unless
``PHASE10_REQUIRE_EXTRAS=1``, where a missing library fails instead.
"""

from __future__ import annotations

import random

import pytest
from extras import need

need("numpy")
pyspiel = need("pyspiel")

from phase10 import view  # noqa: E402
from phase10.encoding import Encoding  # noqa: E402
from phase10.rl import register_openspiel  # noqa: E402

register_openspiel()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_simulations_pass_openspiel_checks(players: int) -> None:
    """pyspiel.random_sim_test: legal actions, chance outcomes, observations,
    information states and returns are consistent, over short games."""
    game = pyspiel.load_game("python_phase10", {"players": players, "max_moves": 300})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.slow
def test_a_full_length_random_game_passes() -> None:
    """With the default move limit (random players rarely finish a game)."""
    game = pyspiel.load_game("python_phase10")
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_states_serialize() -> None:
    """Serializing a state and reading it back gives the same state (the
    check replays the history at every step, so the games are short)."""
    game = pyspiel.load_game("python_phase10", {"players": 3, "max_moves": 100})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_game_describes_itself() -> None:
    """Sizes come from the encoding; the utility is zero-sum in [-1, 1]."""
    game = pyspiel.load_game("python_phase10", {"players": 3})
    encoding = Encoding(3)
    assert game.num_players() == 3
    assert game.num_distinct_actions() == encoding.num_actions
    assert game.max_chance_outcomes() == 50
    assert game.observation_tensor_size() == encoding.observation_size
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (
        -1.0,
        1.0,
        0.0,
    )
    register_openspiel()  # a second call changes nothing


def test_chance_deals_the_cards_and_players_see_their_own_views() -> None:
    """After the deal, each player's observation is the encoding of its view,
    and its information state shows its own hand only."""
    game = pyspiel.load_game("python_phase10", {"players": 2})
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        state.apply_action(rng.choice(outcomes)[0])
    engine = state.game
    encoding = Encoding(2)
    for seat in range(2):
        observed = state.observation_tensor(seat)
        assert observed == [float(x) for x in encoding.observe(view(engine, seat))]
        record = state.information_state_string(seat)
        mine = " ".join(str(card) for card in engine.players[seat].hand)
        theirs = " ".join(str(card) for card in engine.players[1 - seat].hand)
        assert mine in record and theirs not in record
    assert state.legal_actions() == sorted(encoding.legal(engine))
    draw = 0  # draw from the draw pile: the card drawn is a chance event
    state.apply_action(draw)
    assert state.is_chance_node()
    faces = {outcome for outcome, _ in state.chance_outcomes()}
    assert faces == {card.index for card in engine.draw_pile}
