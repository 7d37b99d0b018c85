"""Many games stepped together: a Gymnasium vector environment for self-play."""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import traceback
from multiprocessing import shared_memory
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
    at each end, however many workers step it.

    ``workers`` shares the games out among that many processes: this one
    and ``workers - 1`` others, started with the environment, which step
    their shares at the same time as this process steps its own. They write
    the observations, masks, rewards and flags straight into one block of
    shared memory, and are told to step by a message of a few bytes: no
    batch is copied between processes. ``None`` or 1 steps every game here.
    A worker that stops raises :class:`RuntimeError` at the next
    :meth:`reset` or :meth:`step`, never a hang; :meth:`close` stops the
    workers and frees the shared block (also when the environment is
    garbage-collected).

    With ``copy=False`` the arrays handed back are the same ones every step,
    rewritten by the next :meth:`step` or :meth:`reset` (copy what you
    keep), as Gymnasium's ``AsyncVectorEnv(copy=False)`` does; by default
    each call hands back arrays of its own.

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
    .. versionchanged:: 0.3
       The workers share memory, and this process steps a share of the
       games too (``workers=2`` starts one other process, not two);
       ``copy``.
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
        copy: bool = True,
    ) -> None:
        check_count("num_envs", num_envs)
        check_count("max_moves", max_moves)
        if workers is not None:
            check_count("workers", workers)
        self.rules = OFFICIAL if rules is None else rules
        self.encoding = encoding = Encoding(num_players, self.rules)
        self.num_envs = num_envs
        self.max_moves = max_moves
        self.copy = copy
        self.single_observation_space = observation_space(encoding)
        self.single_action_space = spaces.Discrete(encoding.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._every = np.arange(num_envs)
        self._workers: list[_Worker] = []
        self._memory: shared_memory.SharedMemory | None = None
        self._stopped = False
        count = 1 if workers is None else min(workers, num_envs)
        base, extra = divmod(num_envs, count)
        bounds = [0]
        for k in range(count):
            bounds.append(bounds[-1] + base + (k < extra))
        self._shares = list(itertools.pairwise(bounds))
        layout = _Layout(num_envs, encoding)
        if count > 1:
            self._memory = shared_memory.SharedMemory(create=True, size=layout.size)
            self._batch = layout.arrays(self._memory.buf)
        else:
            self._batch = layout.arrays(None)
        start, stop = self._shares[0]
        self._own = _Share(encoding, max_moves, _rows(self._batch, start, stop))
        if count > 1:
            try:
                self._start_workers(layout)
            except BaseException:
                self.close_extras()
                raise

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
            if len(seeds) != self.num_envs:
                raise ValueError(
                    f"seed is one number a game ({self.num_envs}), not {len(seeds)}"
                )
        self._check_open()
        for worker in self._workers:
            worker.send(("reset", seeds[worker.start : worker.stop]))
        try:
            self._own.reset(seeds[: self._shares[0][1]])
        finally:
            self._wait()
        batch = self._hand_back()
        infos = {
            "seat": batch["seat"],
            "acted": batch["acted"],
            "rewards": batch["rewards"],
        }
        return {
            "observation": batch["observation"],
            "action_mask": batch["action_mask"],
        }, infos

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
        self._check_open()
        if self._workers:
            self._batch["actions"][:] = actions
            for worker in self._workers:
                worker.send(_STEP)
        try:
            self._own.step(actions[: self._shares[0][1]].tolist())
        finally:  # the workers' answers are read whatever happened here
            self._wait()
        batch = self._hand_back()
        rewards = batch["rewards"][self._every, batch["acted"]]
        infos = {
            "seat": batch["seat"],
            "acted": batch["acted"],
            "rewards": batch["rewards"],
            "illegal": batch["illegal"],
        }
        observations = {
            "observation": batch["observation"],
            "action_mask": batch["action_mask"],
        }
        return observations, rewards, batch["terminated"], batch["truncated"], infos

    def _hand_back(self) -> dict[str, Any]:
        if self.copy:  # the arrays handed back: not the actions, which are ours
            return {
                key: array.copy()
                for key, array in self._batch.items()
                if key != "actions"
            }
        return self._batch

    def _check_open(self) -> None:
        if self._stopped:
            raise RuntimeError(
                "this vector environment is closed: its workers have stopped"
            )

    def _wait(self) -> None:
        failures = [why for worker in self._workers if (why := worker.wait())]
        if failures:
            self.close_extras()
            raise RuntimeError(
                "a worker process of the vector environment failed, and the "
                "environment is closed: " + "; ".join(failures)
            )

    # --- the other processes --------------------------------------------------

    def _start_workers(self, layout: _Layout) -> None:
        assert self._memory is not None
        context = multiprocessing.get_context("spawn")
        for start, stop in self._shares[1:]:
            here, there = context.Pipe()
            process = context.Process(
                target=_work,
                args=(there, self._memory.name, layout, start, stop, self.max_moves),
                daemon=True,
            )
            process.start()
            there.close()
            self._workers.append(_Worker(here, process, start, stop))

    def close_extras(self, **kwargs: Any) -> None:
        """Stop the worker processes and free the shared memory, if any."""
        workers, self._workers = self._workers, []
        for worker in workers:
            worker.stop_process()
        memory, self._memory = self._memory, None
        if memory is not None:
            self._stopped = True
            # The views of the block go (nothing reads them once closed).
            self._batch = self._own.out = {}
            memory.unlink()  # its name goes now, its pages with the last view
            # Arrays handed back with copy=False may remain: then the pages
            # go with the last of them.
            with contextlib.suppress(BufferError):
                memory.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):  # at interpreter exit
            self.close_extras()


_STEP = ("step", None)
_PATIENCE = 0.2
"""Seconds between looks at whether a worker still lives, while waiting."""


class _Layout:
    """Where each array of a batch lies in one block of memory."""

    def __init__(self, count: int, encoding: Encoding) -> None:
        self.encoding = encoding
        n = encoding.players
        self.fields: list[tuple[str, tuple[int, ...], Any, int]] = []
        offset = 0
        for name, shape, dtype in (
            ("observation", (count, encoding.observation_size), np.float32),
            ("action_mask", (count, encoding.num_actions), np.int8),
            ("rewards", (count, n), np.float64),
            ("seat", (count,), np.int64),
            ("acted", (count,), np.int64),
            ("actions", (count,), np.int64),
            ("terminated", (count,), np.bool_),
            ("truncated", (count,), np.bool_),
            ("illegal", (count,), np.bool_),
        ):
            self.fields.append((name, shape, dtype, offset))
            size = int(np.prod(shape)) * np.dtype(dtype).itemsize
            offset += -(-size // 64) * 64  # each array on its own cache lines
        self.size = max(offset, 1)

    def arrays(self, buffer: Any) -> dict[str, Any]:
        """The arrays over ``buffer`` (``None``: memory of this process's)."""
        if buffer is None:
            return {
                name: np.zeros(shape, dtype) for name, shape, dtype, _ in self.fields
            }
        return {
            name: np.ndarray(shape, dtype, buffer=buffer, offset=offset)
            for name, shape, dtype, offset in self.fields
        }


def _rows(batch: dict[str, Any], start: int, stop: int) -> dict[str, Any]:
    """Games ``start`` to ``stop`` of each array of ``batch`` (views)."""
    return {key: array[start:stop] for key, array in batch.items()}


class _Share:
    """Some of the games, writing what they show into rows of a batch."""

    def __init__(self, encoding: Encoding, max_moves: int, out: dict[str, Any]) -> None:
        self.encoding = encoding
        count = len(out["seat"])
        # Every seat's observation array of every game, in one block: a
        # step's observations are gathered from it in one NumPy operation.
        self.block = np.zeros(
            (count, encoding.players, encoding.observation_size), dtype=np.float32
        )
        self.games = [Game(encoding, max_moves, rows) for rows in self.block]
        self.every = np.arange(count)
        self.out = out

    def reset(self, seeds: list[int | None]) -> None:
        for game, one in zip(self.games, seeds, strict=True):
            game.reset(one)
        out = self.out
        out["acted"][:] = -1
        out["rewards"][:] = 0.0
        out["terminated"][:] = out["truncated"][:] = out["illegal"][:] = False
        self.observe()

    def step(self, actions: list[int]) -> None:
        out = self.out
        acted = out["acted"]
        all_rewards = out["rewards"]
        all_rewards[:] = 0.0
        terminated = out["terminated"]
        truncated = out["truncated"]
        illegal = out["illegal"]
        terminated[:] = truncated[:] = illegal[:] = False
        for i, (game, action) in enumerate(zip(self.games, actions, strict=True)):
            state = game.state
            if state is None:
                raise RuntimeError("call reset() before step()")
            seat = state.current
            acted[i] = seat
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
        self.observe()

    def observe(self) -> None:
        out = self.out
        width = self.encoding.num_actions
        masks = out["action_mask"]
        masks[:] = 0
        seats: list[int] = []
        marked: list[int] = []
        base = 0
        for game in self.games:
            state = game.state
            assert state is not None
            seat = state.current
            seats.append(seat)
            game.observe(seat)  # into its row of the block
            marked += [base + index for index in game.legal]
            base += width
        masks.reshape(-1)[marked] = 1
        out["seat"][:] = seats
        out["observation"][:] = self.block[self.every, seats]


class _Worker:
    """The calling process's end of one worker process."""

    def __init__(self, pipe: Any, process: Any, start: int, stop: int) -> None:
        self.pipe = pipe
        self.process = process
        self.start = start
        self.stop = stop
        self.waiting = False
        self.failed: str | None = None

    def send(self, message: Any) -> None:
        if self.failed is not None:
            return
        try:
            self.pipe.send(message)
            self.waiting = True
        except OSError:
            self.failed = self._gone()

    def wait(self) -> str | None:
        """Wait for the worker's answer: ``None``, or what went wrong."""
        while self.waiting and self.failed is None:
            try:
                if self.pipe.poll(_PATIENCE):
                    answer = self.pipe.recv()
                    self.waiting = False
                    if answer is not None:
                        self.failed = f"games {self.start}-{self.stop - 1}: {answer}"
                elif not self.process.is_alive():
                    self.failed = self._gone()
            except (EOFError, OSError):
                self.failed = self._gone()
        return self.failed

    def _gone(self) -> str:
        self.process.join(1)
        return (
            f"the worker of games {self.start}-{self.stop - 1} stopped "
            f"(exit code {self.process.exitcode})"
        )

    def stop_process(self) -> None:
        try:
            if self.failed is None:
                self.pipe.send(("close", None))
        except OSError:
            pass
        self.process.join(2)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.pipe.close()


def _work(
    pipe: Any, name: str, layout: _Layout, start: int, stop: int, max_moves: int
) -> None:
    """A worker process: steps games ``start`` to ``stop`` when asked,
    writing into the shared block ``name``."""
    memory = shared_memory.SharedMemory(name=name)
    try:
        batch = layout.arrays(memory.buf)
        share = _Share(layout.encoding, max_moves, _rows(batch, start, stop))
        actions = batch["actions"]
        while True:
            what, data = pipe.recv()
            if what == "close":
                break
            try:
                if what == "reset":
                    share.reset(data)
                else:
                    share.step(actions[start:stop].tolist())
            except Exception as error:  # told to the caller, who closes
                last = traceback.format_exception_only(error)[-1].strip()
                pipe.send(last)
            else:
                pipe.send(None)
        del batch, share, actions
    except (EOFError, OSError):  # the caller has gone
        pass
    finally:
        memory.close()
        pipe.close()
