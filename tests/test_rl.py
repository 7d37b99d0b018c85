"""The adapters of phase10.rl pass PettingZoo's and Gymnasium's own
conformance checks, and agree with the encoding and the engine.

These tests need the ``rl`` extra. Without it they are skipped, unless
``PHASE10_REQUIRE_EXTRAS=1`` (set by CI's step for the extras), where a
missing library fails instead.
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from extras import need

np = need("numpy")
gymnasium = need("gymnasium")
need("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import phase10.rl  # noqa: E402
from phase10 import PRESETS, IllegalMove, Step, view  # noqa: E402
from phase10.encoding import Encoding  # noqa: E402
from phase10.rl import SOLO_ID, SoloEnv, env, raw_env  # noqa: E402


def quietly_checked(check: Any, *args: Any, **kwargs: Any) -> list[str]:
    """Run a conformance check; the warnings it gave, as text."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check(*args, **kwargs)
    return sorted({str(warning.message) for warning in caught})


# PettingZoo warns about every environment whose observation is a dict
# (which holds the action mask), except its own classic games.
DICT_OBSERVATION_NOTES = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box "
    "or gymnasium.spaces.discrete",
}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_aec_environment_passes_pettingzoo_api_test(players: int) -> None:
    """pettingzoo.test.api_test passes for every table size, with no warning
    but the one about dict observations."""
    notes = quietly_checked(api_test, env(num_players=players), num_cycles=1000)
    assert set(notes) <= DICT_OBSERVATION_NOTES


@pytest.mark.parametrize("players", [2, 6])
def test_the_aec_environment_passes_pettingzoo_seed_test(players: int) -> None:
    """Two environments reset with the same seed play the same game."""
    seed_test(lambda: env(num_players=players), num_cycles=500)


def test_the_aec_environment_gives_each_agent_its_own_view() -> None:
    """Observations are the encoding of the agent's view; the mask marks the
    engine's legal moves for the agent to move, and nothing for the others."""
    environment = raw_env(num_players=3, rules=PRESETS["first-5-phases"])
    environment.reset(seed=3)
    encoding = Encoding(3, PRESETS["first-5-phases"])
    rng = np.random.default_rng(0)
    for _ in range(300):
        game = environment.game
        assert game is not None
        mover = environment.agent_selection
        assert mover == f"player_{game.current}"
        for seat, agent in enumerate(environment.possible_agents):
            seen = environment.observe(agent)
            expected = encoding.observe(view(game, seat))
            assert seen["observation"].tolist() == list(expected)
            assert seen["observation"].dtype == np.float32
            mask = seen["action_mask"]
            if agent == mover:
                assert bytes(mask.tolist()) == encoding.mask(game)
            else:
                assert not mask.any()
        action = int(
            rng.choice(np.flatnonzero(environment.observe(mover)["action_mask"]))
        )
        environment.step(action)
        if environment.terminations[mover] or environment.truncations[mover]:
            break


def test_the_aec_environment_deals_the_next_hand_itself_and_ends_with_rewards() -> None:
    """A game played to the end gives +1 to the winner and -1 to the others,
    and no agent is ever asked to deal."""
    environment = raw_env(num_players=2, rules=PRESETS["first-5-phases"])
    environment.reset(seed=1)
    bots = [phase10.bots.GreedyBot(), phase10.bots.GreedyBot()]
    encoding = environment.encoding
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    while environment.agents:
        agent = environment.agent_selection
        _, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        game = environment.game
        assert game is not None and game.step in (Step.DRAW, Step.PLAY)
        seat = game.current
        move = bots[seat].choose(view(game, seat))
        environment.step(encoding.index(move, game))
    final = environment.game
    assert final is not None and final.winner is not None
    winner = f"player_{final.winner}"
    assert totals == {a: 1.0 if a == winner else -1.0 for a in totals}


def test_the_aec_environment_truncates_at_the_move_limit() -> None:
    """After max_moves moves every agent is truncated, with no reward."""
    environment = raw_env(num_players=2, max_moves=10)
    environment.reset(seed=0)
    for _ in range(10):
        mask = environment.observe(environment.agent_selection)["action_mask"]
        environment.step(int(np.flatnonzero(mask)[0]))
    assert all(environment.truncations.values())
    assert not any(environment.terminations.values())
    assert set(environment.rewards.values()) == {0.0}


def test_the_raw_environment_refuses_an_illegal_move_and_the_wrapped_one_ends() -> None:
    """raw_env raises for a move that is not legal; env() ends the game with
    -1 for the agent that made it, as PettingZoo's classic games do."""
    raw = raw_env()
    raw.reset(seed=0)
    with pytest.raises(
        ValueError, match=r"\(lay the 1st phase lay listed\) is not a legal move"
    ):
        raw.step(2)
    wrapped = env()
    wrapped.reset(seed=0)
    agent = wrapped.agent_selection
    wrapped.step(2)
    assert wrapped.rewards[agent] == -1.0
    assert all(wrapped.terminations.values())


def test_the_environments_refuse_bad_settings() -> None:
    """Unknown render modes, move limits below 1 and impossible tables."""
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="human")
    with pytest.raises(ValueError, match="max_moves"):
        raw_env(max_moves=0)
    with pytest.raises(ValueError, match="seat"):
        SoloEnv(num_players=2, seat=2)
    with pytest.raises(phase10.RulesError, match="not 7"):
        raw_env(num_players=7)
    with pytest.raises(RuntimeError, match="reset"):
        raw_env().observe("player_0")


def test_render_shows_the_table_as_text() -> None:
    """render_mode='ansi' returns text; render() gives None without a mode."""
    environment = raw_env(render_mode="ansi")
    environment.reset(seed=2)
    text = environment.render()
    assert text is not None and text.startswith("hand 1:")
    assert "your hand" not in text  # the table as a spectator sees it
    quiet = raw_env()
    quiet.reset(seed=2)
    assert quiet.render() is None


def test_importing_phase10_rl_registers_the_solo_environment() -> None:
    """gymnasium.make finds "phase10/Solo-v0"; it passes check_env."""
    assert SOLO_ID == "phase10/Solo-v0"
    made = gymnasium.make(SOLO_ID, num_players=3)
    notes = quietly_checked(check_env, made.unwrapped)
    assert notes == []
    assert made.unwrapped.encoding.players == 3
    rendering = gymnasium.make(SOLO_ID, render_mode="ansi")
    assert quietly_checked(check_env, rendering.unwrapped) == []


def test_a_solo_episode_plays_the_learner_against_the_bots() -> None:
    """The learner moves only on its own turns; the episode ends with the
    game (reward +1 or -1) or at the move limit."""
    solo = SoloEnv(num_players=2, seat=1, opponent=phase10.bots.GreedyBot)
    observation, info = solo.reset(seed=4)
    rng = np.random.default_rng(1)
    steps = 0
    while True:
        game = solo.game
        assert game is not None and game.current == 1
        expected = solo.encoding.observe(view(game, 1))
        assert observation["observation"].tolist() == list(expected)
        assert (info["action_mask"] == observation["action_mask"]).all()
        assert (solo.action_masks() == observation["action_mask"].astype(bool)).all()
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, info = solo.step(action)
        steps += 1
        if terminated or truncated:
            break
        assert reward == 0.0
    assert terminated
    assert reward == -1.0  # a random learner loses to the greedy bot
    assert solo.render() is None


def test_an_illegal_move_ends_a_solo_episode() -> None:
    """-1, terminated, and info says why."""
    solo = SoloEnv()
    solo.reset(seed=0)
    _, reward, terminated, truncated, info = solo.step(2)
    assert (reward, terminated, truncated, info["illegal"]) == (-1.0, True, False, True)


def test_solo_episodes_repeat_with_their_seed() -> None:
    """The same seed deals the same game and seeds the same bots."""
    first, second = SoloEnv(), SoloEnv()
    a, _ = first.reset(seed=9)
    b, _ = second.reset(seed=9)
    assert (a["observation"] == b["observation"]).all()
    assert first.game == second.game


def test_encoding_refusals_reach_the_caller() -> None:
    """An index the encoding cannot decode is the engine's IllegalMove."""
    environment = raw_env()
    environment.reset(seed=0)
    game = environment.game
    assert game is not None
    with pytest.raises(IllegalMove):
        environment.encoding.action(3, game)


@pytest.mark.parametrize("rules", ["masters", "masters-declare"])
def test_the_environments_pass_their_checks_under_the_editions(rules: str) -> None:
    """PettingZoo's api_test and Gymnasium's check_env pass for the Masters
    Edition and its variant: the choice of phase, saves and saved draws are
    moves of the encoding like any other, masked by the engine."""
    preset = PRESETS[rules]
    notes = quietly_checked(api_test, env(num_players=3, rules=preset), num_cycles=600)
    assert set(notes) <= DICT_OBSERVATION_NOTES
    made = gymnasium.make(SOLO_ID, num_players=2, rules=preset)
    assert set(quietly_checked(check_env, made.unwrapped)) <= DICT_OBSERVATION_NOTES
    environment = raw_env(num_players=2, rules=preset)
    environment.reset(seed=2)
    kinds = set()
    rng = np.random.default_rng(2)
    for _ in range(400):
        if not environment.agents:
            break
        mover = environment.agent_selection
        mask = environment.observe(mover)["action_mask"]
        action = int(rng.choice(np.flatnonzero(mask)))
        kinds.add(environment.encoding.describe(action).split("(")[1].split()[0])
        environment.step(action)
    assert {"choose", "save"} & kinds
