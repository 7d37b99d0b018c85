"""The OpenSpiel game "python_phase10" passes OpenSpiel's own random
simulation test, for every table size.

These tests need the ``openspiel`` extra (OpenSpiel's wheels need Python
3.11 or later). Without it they are skipped, unless
``PHASE10_REQUIRE_EXTRAS=1``, where a missing library fails instead.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from extras import need

np = need("numpy")
pyspiel = need("pyspiel")

from phase10 import FACES, determinize, view  # noqa: E402
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


def decision_states(players: int, seed: int, moves: int) -> list[Any]:
    """The states at which a player chooses, in a random game of ``moves``
    player moves (chance outcomes and moves drawn from ``seed``)."""
    game = pyspiel.load_game("python_phase10", {"players": players, "max_moves": moves})
    state = game.new_initial_state()
    rng = random.Random(seed)
    found = []
    while not state.is_terminal():
        if state.is_chance_node():
            faces, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(faces, weights)[0])
            continue
        found.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize("players", [2, 4])
def test_resampling_keeps_what_the_seat_knows_and_deals_the_rest_again(
    players: int,
) -> None:
    """A resampled state shows the seat the same view, information state and
    legal moves; the others' hands are dealt again; and it is made from the
    seat's view alone: the same sample from two states that differ only in
    what the seat cannot see is the same state."""
    states = decision_states(players, seed=players, moves=120)
    changed = 0
    for number, state in enumerate(states[::7]):
        seat = state.current_player()
        sample = state.resample_from_infostate(seat, lambda: 0.375)
        assert sample.information_state_string(seat) == state.information_state_string(
            seat
        )
        assert view(sample.game, seat) == view(state.game, seat)
        assert sample.legal_actions() == state.legal_actions()
        others = [p.hand for p in state.game.players if p is not state.game.player]
        changed += others != [
            p.hand for p in sample.game.players if p is not sample.game.player
        ]
        # Another world the seat cannot tell apart resamples to the same one.
        twin = state.clone()
        twin.game = determinize(view(state.game, seat), random.Random(number))
        again = twin.resample_from_infostate(seat, lambda: 0.375)
        assert again.game == sample.game
        assert again.information_state_string(seat) == sample.information_state_string(
            seat
        )
    assert changed > 0


def test_resampling_refuses_while_a_hand_is_dealt() -> None:
    state = pyspiel.load_game("python_phase10").new_initial_state()
    with pytest.raises(pyspiel.SpielError, match="while a hand is dealt"):
        state.resample_from_infostate(0, lambda: 0.5)


@pytest.mark.parametrize("players", [2, 4])
def test_openspiel_ismcts_plays_whole_games(players: int) -> None:
    """OpenSpiel's information-set MCTS plays every seat to the end of the
    game (a win or the move limit), every move it makes legal."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_phase10", {"players": players, "max_moves": 50})
    rng = np.random.RandomState(players)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rng)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            faces, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(faces, p=weights))
            continue
        move = bot.step(state)
        assert move in state.legal_actions()
        searched += len(state.legal_actions()) > 1
        state.apply_action(move)
    assert searched > 10
    assert len(state.returns()) == players


def test_rl_environment_runs_whole_episodes() -> None:
    """OpenSpiel's rl_environment loop: chance handled by the environment,
    each step a legal move of the seat to act, to the end of the episode."""
    from open_spiel.python import rl_environment

    env = rl_environment.Environment("python_phase10", players=3, max_moves=150)
    rng = random.Random(5)
    for _ in range(2):
        step = env.reset()
        moves = 0
        while not step.last():
            seat = step.observations["current_player"]
            step = env.step([rng.choice(step.observations["legal_actions"][seat])])
            moves += 1
        assert moves == 150 or any(step.rewards)
        size = Encoding(3).observation_size + 2 * 3 * 50  # the tensor's recall
        assert len(step.observations["info_state"][0]) == size


def test_the_information_state_tensor_is_the_view_and_what_the_seat_saw() -> None:
    """The observation vector, then for each player counted from the seat,
    the cards of each face it discarded and took from the discard pile this
    hand, counted here from the public record of play, line by line."""
    players = 3
    names = [player.name for player in decision_states(players, 1, 1)[0].game.players]
    size = Encoding(players).observation_size
    faces = {str(card): card.index for card in FACES}
    most = np.zeros(2)
    for state in decision_states(players, seed=9, moves=400)[::11]:
        counted = np.zeros((2, players, 50))
        for line in state.information_state_string(0).splitlines():
            if " dealt: " in line:
                counted[:] = 0
            for seat, name in enumerate(names):
                if line.startswith(f"{name} discards a Skip") or line.startswith(
                    f"{name} skips "
                ):
                    counted[0, seat, faces["S"]] += 1
                elif line.startswith(f"{name} discards "):
                    counted[0, seat, faces[line.split()[-1]]] += 1
                if line.startswith(f"{name} draws ") and "discard pile" in line:
                    counted[1, seat, faces[line[len(name) :].split()[1]]] += 1
        for seat in range(players):
            tensor = state.information_state_tensor(seat)
            seen = view(state.game, seat)
            assert tensor[:size] == [float(x) for x in Encoding(players).observe(seen)]
            order = [(seat + offset) % players for offset in range(players)]
            assert tensor[size:] == counted[:, order, :].ravel().tolist()
        most = np.maximum(most, counted.sum(axis=(1, 2)))
    assert min(most) > 0  # cards were discarded, and taken, in these states


@pytest.mark.parametrize("rules", ["masters", "masters-declare"])
def test_random_simulations_pass_openspiel_checks_under_the_editions(
    rules: str,
) -> None:
    """pyspiel.random_sim_test under the Masters Edition and its variant:
    the deals leave the save piles out, and the new moves are actions."""
    game = pyspiel.load_game(
        "python_phase10", {"players": 3, "max_moves": 400, "rules": rules}
    )
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    state = game.new_initial_state()
    rng = random.Random(1)
    saw_choice = False
    for _ in range(3000):
        if state.is_terminal():
            break
        if state.is_chance_node():
            faces, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(faces, weights)[0])
            continue
        saw_choice |= any(
            state.action_to_string(a).startswith("P ") for a in state.legal_actions()
        )
        state.apply_action(rng.choice(state.legal_actions()))
    assert saw_choice
