"""Many games stepped together: a Gymnasium vector environment for self-play."""

from __future__ import annotations

import multiprocessing
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import VectorEnv as GymnasiumVectorEnv
from gymnasium.vector.utils import batch_space

from .._rules import OFFICIAL, Rules
from ..encoding import Encoding
from ._aec import MAX_MOVES
from ._common import check_count, observation_space
from ._game import Game

__all__ = ["VectorEnv"]

try:  # Gymnasium 1.1 and later name the autoreset modes
    from gymnasium.vector import AutoresetMode

    _SAME_STEP: Any = AutoresetMode.SAME_STEP
except ImportError:  # pragma: no cover - Gymnasium 1.0
    _SAME_STEP = "SameStep"


class VectorEnv(GymnasiumVectorEnv):
    """``num_envs`` games of Phase 10 stepped together, in Gymnasium's
    vector API, every seat played by the learner (self-play).

    Each entry of the batch is one game, and stands for **the seat to move
    in it**: ``observations["observation"][i]`` and
    ``observations["action_mask"][i]`` are that seat's observation (as
    :func:`~phase10.rl.env` gives it) and its legal moves, and
    ``actions[i]`` is its move. ``infos["seat"][i]`` says which seat it
    is. After a step, ``rewards[i]`` is the reward of the seat that moved
    (``infos["acted"][i]``): +1 when the game ends with its win, -1 with
    its loss, 0 otherwise; ``infos["rewards"][i]`` gives every seat's (one
    column a seat), for learners that keep a trajectory a seat and must
    close the others' at the end of a game. An illegal move ends its game
    with -1 for the seat that made it (and ``infos["illegal"][i]``).

    A game that ends (terminated: someone won; truncated: ``max_moves``
    moves) is dealt again in the same step (Gymnasium's ``SAME_STEP``
    autoreset): the observation returned is the new game's first.

    Game ``i`` of an environment reset with ``seed`` plays as
    ``raw_env(...)`` reset with ``seed + i`` and then reset without a seed
    at each end. ``workers`` spreads the games over that many processes
    (each steps its share in turn, all at once); ``None`` or 1 steps them
    here.

    >>> from phase10.rl import VectorEnv
    >>> envs = VectorEnv(4)
    >>> observations, infos = envs.reset(seed=0)
    >>> observations["observation"].shape, observations["action_mask"].shape
    ((4, 444), (4, 574))
    >>> actions = observations["action_mask"].argmax(axis=1)
    >>> observations, rewards, terminated, truncated, infos = envs.step(actions)
    >>> rewards.tolist(), infos["acted"].tolist()
    ([0.0, 0.0, 0.0, 0.0], [1, 1, 1, 1])
    >>> envs.close()

    .. versionadded:: 0.2
    """

    metadata: dict[str, Any] = {"autoreset_mode": _SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int = 16,
        num_players: int = 2,
        rules: Rules | None = None,
        *,
        max_moves: int = MAX_MOVES,
        workers: int | None = None,
    ) -> None:
        check_count("num_envs", num_envs)
        check_count("max_moves", max_moves)
        self.rules = OFFICIAL if rules is None else rules
        self.encoding = encoding = Encoding(num_players, self.rules)
        self.num_envs = num_envs
        self.max_moves = max_moves
        self.single_observation_space = observation_space(encoding)
        self.single_action_space = spaces.Discrete(encoding.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        # Every seat's observation array of every game, in one block: a
        # step's observations are gathered from it in one NumPy operation.
        self._block = np.zeros(
            (num_envs, num_players, encoding.observation_size), dtype=np.float32
        )
        self._games = [Game(encoding, max_moves, rows) for rows in self._block]
        self._every = np.arange(num_envs)
        self._workers: list[Any] = []
        self._shares: list[tuple[int, int]] = []
        if workers is not None and workers > 1:
            self._start_workers(min(workers, num_envs), num_players, max_moves)

    # --- in this process ------------------------------------------------------

    def reset(
        self,
        *,
        seed: int | list[int] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal every game; ``seed`` (a number, or one a game) repeats them."""
        seeds: list[int | None]
        if seed is None:
            seeds = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
        if self._workers:
            for (start, stop), worker in zip(self._shares, self._workers, strict=True):
                worker.send(("reset", seeds[start:stop]))
            return _joined([worker.recv() for worker in self._workers])
        for game, one in zip(self._games, seeds, strict=True):
            game.reset(one)
        n = self.encoding.players
        return self._observe(np.full(self.num_envs, -1), np.zeros((self.num_envs, n)))

    def step(
        self, actions: Any
    ) -> tuple[dict[str, Any], Any, Any, Any, dict[str, Any]]:
        """Play ``actions[i]`` in game ``i`` for its seat to move."""
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(
                f"actions is one move number a game, shape ({self.num_envs},), "
                f"not {actions.shape}"
            )
        if self._workers:
            for (start, stop), worker in zip(self._shares, self._workers, strict=True):
                worker.send(("step", actions[start:stop]))
            return _stepped([worker.recv() for worker in self._workers])
        return self._step(actions.tolist())

    def _step(
        self, actions: list[int]
    ) -> tuple[dict[str, Any], Any, Any, Any, dict[str, Any]]:
        count = self.num_envs
        n = self.encoding.players
        acted: list[int] = []
        all_rewards = np.zeros((count, n))
        terminated = np.zeros(count, dtype=bool)
        truncated = np.zeros(count, dtype=bool)
        illegal = np.zeros(count, dtype=bool)
        for i, (game, action) in enumerate(zip(self._games, actions, strict=True)):
            state = game.state
            assert state is not None, "call reset() before step()"
            seat = state.current
            acted.append(seat)
            move = game.legal.get(action)
            if move is None:
                illegal[i] = terminated[i] = True
                all_rewards[i, seat] = -1.0
                game.reset()
                continue
            state = game.play(move)
            if state.winner is not None:
                terminated[i] = True
                all_rewards[i] = -1.0
                all_rewards[i, state.winner] = 1.0
                game.reset()
            elif not game.legal:
                truncated[i] = True
                game.reset()
        seats = np.array(acted, dtype=np.int64)
        observations, infos = self._observe(seats, all_rewards)
        rewards = all_rewards[self._every, seats]
        infos["illegal"] = illegal
        return observations, rewards, terminated, truncated, infos

    def _observe(
        self, acted: Any, all_rewards: Any
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        count = self.num_envs
        width = self.encoding.num_actions
        masks = np.zeros((count, width), dtype=np.int8)
        seats: list[int] = []
        marked: list[int] = []
        base = 0
        for game in self._games:
            state = game.state
            assert state is not None
            seat = state.current
            seats.append(seat)
            game.observe(seat)  # into its row of the block
            marked += [base + index for index in game.legal]
            base += width
        masks.reshape(-1)[marked] = 1
        observations = self._block[self._every, seats]
        infos = {
            "seat": np.array(seats, dtype=np.int64),
            "acted": acted,
            "rewards": all_rewards,
        }
        return {"observation": observations, "action_mask": masks}, infos

    # --- in other processes ---------------------------------------------------

    def _start_workers(self, workers: int, players: int, max_moves: int) -> None:
        context = multiprocessing.get_context("spawn")
        base, extra = divmod(self.num_envs, workers)
        start = 0
        for k in range(workers):
            stop = start + base + (k < extra)
            here, there = context.Pipe()
            process = context.Process(
                target=_work,
                args=(there, stop - start, players, self.rules, max_moves),
                daemon=True,
            )
            process.start()
            there.close()
            self._workers.append(here)
            self._shares.append((start, stop))
            start = stop

    def close_extras(self, **kwargs: Any) -> None:
        """Stop the worker processes, if any."""
        for worker in self._workers:
            try:
                worker.send(("close", None))
                worker.close()
            except OSError:  # pragma: no cover - already gone
                pass
        self._workers = []


def _work(pipe: Any, count: int, players: int, rules: Rules, max_moves: int) -> None:
    """A worker process: steps its share of the games when asked."""
    envs = VectorEnv(count, players, rules, max_moves=max_moves)
    while True:
        what, data = pipe.recv()
        if what == "reset":
            pipe.send(envs.reset(seed=data))
        elif what == "step":
            pipe.send(envs._step(data.tolist()))
        else:
            pipe.close()
            return


def _joined(
    parts: list[tuple[dict[str, Any], dict[str, Any]]],
) -> tuple[dict[str, Any], dict[str, Any]]:
    observations = {
        key: np.concatenate([part[0][key] for part in parts]) for key in parts[0][0]
    }
    infos = {
        key: np.concatenate([part[1][key] for part in parts]) for key in parts[0][1]
    }
    return observations, infos


def _stepped(
    parts: list[Any],
) -> tuple[dict[str, Any], Any, Any, Any, dict[str, Any]]:
    observations, infos = _joined([(part[0], part[4]) for part in parts])
    return (
        observations,
        np.concatenate([part[1] for part in parts]),
        np.concatenate([part[2] for part in parts]),
        np.concatenate([part[3] for part in parts]),
        infos,
    )
