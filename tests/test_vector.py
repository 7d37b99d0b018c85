"""The learner's loop: the observations the adapters write from the state
equal the encoding's, piece by piece, and the vectorized environment plays
as that many single environments.

These tests need the ``rl`` extra (skipped without it, unless
``PHASE10_REQUIRE_EXTRAS=1``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from extras import need
from test_view import hidden_twin

np = need("numpy")
need("gymnasium")
need("pettingzoo")

from phase10 import (  # noqa: E402
    PRESETS,
    GameState,
    Rules,
    Step,
    apply,
    legal_actions,
    new_game,
    view,
)
from phase10.bots import GreedyBot  # noqa: E402
from phase10.encoding import Encoding  # noqa: E402
from phase10.rl import VectorEnv, raw_env  # noqa: E402
from phase10.rl._writer import ObservationWriter  # noqa: E402


def seeded_states(
    rules: Rules, players: int, games: int, moves: int
) -> list[GameState]:
    """Every state of a few seeded games of random legal play."""
    states = []
    rng = random.Random(players)
    for seed in range(games):
        state = new_game(players, rules, seed=seed)
        for _ in range(moves):
            states.append(state)
            if state.step is Step.GAME_OVER:
                break
            state = apply(state, rng.choice(legal_actions(state)))
    return states


def differing_pieces(encoding: Encoding, written: Any, expected: Any) -> list[str]:
    """The names of the pieces where two observation vectors differ."""
    return [
        segment.name
        for segment in encoding.observations
        if list(written[segment.start : segment.stop])
        != list(expected[segment.start : segment.stop])
    ]


@pytest.mark.parametrize(
    ("preset", "players"),
    [(preset, 2) for preset in sorted(PRESETS)]
    + [("official", 3), ("masters", 4), ("masters-declare", 3)],
)
def test_the_written_observation_equals_the_encodings_piece_by_piece(
    preset: str, players: int
) -> None:
    """Seat after seat, state after state of seeded games (each seat's array
    kept between its observations, as the environments keep it), the array
    written from the state equals Encoding.observe of the seat's view."""
    rules = PRESETS[preset]
    encoding = Encoding(players, rules)
    writer = ObservationWriter(encoding)
    arrays = [writer.new_array() for _ in range(players)]
    memories = [writer.memory() for _ in range(players)]
    for state in seeded_states(rules, players, games=1, moves=300):
        for seat in range(players):
            array, slots = arrays[seat]
            writer.write(array, slots, memories[seat], state, seat)
            expected = encoding.observe(view(state, seat))
            assert not differing_pieces(encoding, array.tolist(), expected), (
                preset,
                seat,
            )


def test_every_piece_of_every_preset_has_a_fast_form() -> None:
    """No piece of the presets' observations is filled from a view (which
    is right, but costs a view a step): a new piece should be given its
    expression in phase10/rl/_writer.py (INLINE, COUNTED, ONE_CARD or
    FAST_KEYED)."""
    for rules in PRESETS.values():
        for players in (2, 6):
            assert ObservationWriter(Encoding(players, rules)).slow == []


def test_the_written_observation_shows_no_hidden_card() -> None:
    """A state whose secrets from the seat are dealt again gives the seat
    the same array, written over the first state's (so nothing stale of
    the first can hide a difference)."""
    rng = random.Random(5)
    for preset in ("official", "masters"):
        rules = PRESETS[preset]
        encoding = Encoding(3, rules)
        writer = ObservationWriter(encoding)
        for state in seeded_states(rules, 3, games=1, moves=300)[::11]:
            for seat in range(3):
                array, slots = writer.new_array()
                writer.write(array, slots, writer.memory(), state, seat)
                first = array.tolist()
                twin = hidden_twin(state, seat, rng)
                writer.write(array, slots, writer.memory(), twin, seat)
                assert array.tolist() == first


def test_a_broken_piece_is_caught_by_name() -> None:
    """The equality check names the piece that differs (the judge can fail)."""
    encoding = Encoding(2)
    state = new_game(2, seed=1)
    expected = list(encoding.observe(view(state, 0)))
    broken = list(expected)
    broken[encoding.observations[0].start] += 1
    assert differing_pieces(encoding, broken, expected) == ["hand"]


def _play_both(
    vector: VectorEnv, singles: list[Any], steps: int, rng: random.Random
) -> None:
    """Step the vector environment and the single ones with the same moves,
    checking observations, masks, rewards and ends at each step."""
    observations, infos = vector.reset(seed=11)
    for i, single in enumerate(singles):
        single.reset(seed=11 + i)
    for _ in range(steps):
        actions = []
        for i, single in enumerate(singles):
            agent = single.agent_selection
            seat = single.possible_agents.index(agent)
            assert infos["seat"][i] == seat
            seen = single.observe(agent)
            assert observations["observation"][i].tolist() == (
                seen["observation"].tolist()
            )
            assert observations["action_mask"][i].tolist() == (
                seen["action_mask"].tolist()
            )
            game = single.game
            move = GreedyBot(rng).choose(view(game, seat))
            actions.append(single.encoding.index(move, game))
        observations, rewards, terminated, truncated, infos = vector.step(
            np.array(actions)
        )
        for i, single in enumerate(singles):
            agent = single.agent_selection
            single.step(actions[i])
            ended = single.terminations[agent] or single.truncations[agent]
            assert terminated[i] == single.terminations[agent]
            assert truncated[i] == single.truncations[agent]
            assert rewards[i] == single.rewards[agent]
            assert infos["rewards"][i].tolist() == list(single.rewards.values())
            if ended:
                single.reset()


def test_the_vector_environment_plays_as_single_environments() -> None:
    """Game i of a vector environment reset with seed s plays as raw_env
    reset with s + i, through game ends (won and truncated) and autoresets."""
    rules = PRESETS["first-5-phases"]
    vector = VectorEnv(3, 2, rules, max_moves=250)
    singles = [raw_env(2, rules, max_moves=250) for _ in range(3)]
    _play_both(vector, singles, steps=300, rng=random.Random(2))


def test_the_vector_environment_returns_new_arrays_in_its_spaces() -> None:
    """Batched observations lie in the batched space, an illegal move ends
    its game with -1, and no array is handed out twice."""
    envs = VectorEnv(4, 3)
    observations, infos = envs.reset(seed=0)
    assert envs.observation_space.contains(observations)
    assert observations["observation"].shape == (4, envs.encoding.observation_size)
    actions = observations["action_mask"].argmax(axis=1)
    actions[0] = 2  # lay a phase: never legal at a draw
    later, rewards, terminated, _, infos = envs.step(actions)
    assert envs.observation_space.contains(later)
    assert later["observation"] is not observations["observation"]
    assert rewards[0] == -1.0 and terminated[0] and infos["illegal"][0]
    assert not terminated[1:].any() and not infos["illegal"][1:].any()
    with pytest.raises(ValueError, match="one move number a game"):
        envs.step(actions[:2])
    envs.close()


@pytest.mark.slow
@pytest.mark.parametrize("workers", [2, 3])
def test_the_vector_environment_over_processes_plays_as_in_one(workers: int) -> None:
    """Spread over worker processes (uneven shares: 5 games), the games play
    as in this one, observations, masks, rewards, flags and infos alike,
    through the ends and new deals of games."""
    here = VectorEnv(5, 2, max_moves=60)
    there = VectorEnv(5, 2, max_moves=60, workers=workers)
    try:
        a, ia = here.reset(seed=4)
        b, ib = there.reset(seed=4)
        ended = 0
        for turn in range(150):
            assert a["observation"].tolist() == b["observation"].tolist(), turn
            assert a["action_mask"].tolist() == b["action_mask"].tolist(), turn
            assert {k: v.tolist() for k, v in ia.items()} == {
                k: v.tolist() for k, v in ib.items()
            }
            actions = a["action_mask"].argmax(axis=1)
            if turn == 7:
                actions[-1] = 2  # lay a phase at a draw: illegal, in a worker
            a, ra, ta, ua, ia = here.step(actions)
            b, rb, tb, ub, ib = there.step(actions)
            assert (ra.tolist(), ta.tolist(), ua.tolist()) == (
                rb.tolist(),
                tb.tolist(),
                ub.tolist(),
            )
            ended += int(ta.sum() + ua.sum())
        assert ended > 5  # games ended and were dealt again
    finally:
        here.close()
        there.close()


def _shared_blocks() -> set[str]:
    from pathlib import Path

    shm = Path("/dev/shm")
    return {path.name for path in shm.iterdir()} if shm.is_dir() else set()


@pytest.mark.slow
def test_closing_leaves_no_process_and_no_shared_block() -> None:
    """close() stops every worker and frees the shared memory and the
    semaphores; a closed
    environment with workers says so rather than hanging."""
    import multiprocessing

    before = _shared_blocks()
    envs = VectorEnv(4, 2, workers=2, copy=False)
    kept, _ = envs.reset(seed=1)  # views of the shared block, still held
    children = multiprocessing.active_children()
    assert len(children) == 1  # this process steps a share of its own
    made = _shared_blocks() - before
    # One block, and the worker's two semaphores where they have names.
    assert len({name for name in made if not name.startswith("sem.")}) == 1
    envs.close()
    assert not any(child.is_alive() for child in children)
    assert _shared_blocks() - before == set()
    assert kept["observation"].shape == (4, 444)  # still readable
    with pytest.raises(RuntimeError, match="closed"):
        envs.step(np.zeros(4, dtype=np.int64))


@pytest.mark.slow
def test_a_worker_that_dies_is_a_clear_error_not_a_hang() -> None:
    """A worker killed between steps: the next step raises RuntimeError
    naming the games it held, and the environment is closed cleanly."""
    import multiprocessing
    import time

    before = _shared_blocks()
    envs = VectorEnv(4, 2, workers=2)
    observations, _ = envs.reset(seed=2)
    (child,) = multiprocessing.active_children()
    child.kill()
    child.join()
    started = time.monotonic()
    with pytest.raises(RuntimeError, match=r"games 2-3 stopped \(exit code -9\)"):
        envs.step(observations["action_mask"].argmax(axis=1))
    assert time.monotonic() - started < 10
    assert _shared_blocks() - before == set()
    envs.close()  # again: nothing left to do


@pytest.mark.slow
def test_without_copy_the_same_arrays_come_back_every_step() -> None:
    """copy=False hands back the shared arrays themselves, rewritten by each
    step; by default each step's arrays are its own."""
    for workers in (None, 2):
        same = VectorEnv(3, 2, workers=workers, copy=False)
        own = VectorEnv(3, 2, workers=workers)
        try:
            first, _ = same.reset(seed=3)
            mine, _ = own.reset(seed=3)
            actions = first["action_mask"].argmax(axis=1)
            before = first["observation"].copy()
            later, *_ = same.step(actions)
            mine_later, *_ = own.step(actions)
            assert later["observation"] is first["observation"]
            assert later["action_mask"] is first["action_mask"]
            assert mine_later["observation"] is not mine["observation"]
            assert later["observation"].tolist() == mine_later["observation"].tolist()
            assert first["observation"].tolist() != before.tolist()  # rewritten
        finally:
            same.close()
            own.close()


def _running(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, waiting to be reaped, does not)."""
    from pathlib import Path

    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.slow
@pytest.mark.skipif(not __import__("os").path.isdir("/proc"), reason="needs /proc")
def test_a_worker_whose_caller_dies_stops_too() -> None:
    """The process that started the workers is killed outright (no close,
    no clean-up): its worker notices and stops, leaving no orphan."""
    import subprocess
    import sys
    import time

    program = (
        "import multiprocessing, os, signal\n"
        "from phase10.rl import VectorEnv\n"
        "if __name__ == '__main__':\n"
        "    envs = VectorEnv(4, 2, workers=2)\n"
        "    envs.reset(seed=5)\n"
        "    (child,) = multiprocessing.active_children()\n"
        "    print(child.pid, flush=True)\n"
        "    os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=30
    )
    assert done.returncode == -9, done.stderr
    pid = int(done.stdout)
    deadline = time.monotonic() + 10
    while _running(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _running(pid)
