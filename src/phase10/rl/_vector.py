"""Many games stepped together: a Gymnasium vector environment for self-play."""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import time
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
        layout = _Layout(num_envs, encoding, count - 1)
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
            worker.order(_RESET, seeds[worker.start : worker.stop])
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
                worker.order(_STEP)
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
                if key != "actions" and key not in _CONTROL
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
        # Spinning helps while every process has a core; past that it takes
        # the cores the others need.
        spin = len(self._shares) <= _cores()
        for index, (start, stop) in enumerate(self._shares[1:]):
            here, there = context.Pipe()
            go, done = context.Semaphore(0), context.Semaphore(0)
            process = context.Process(
                target=_work,
                args=(
                    self._memory.name,
                    layout,
                    index,
                    start,
                    stop,
                    self.max_moves,
                    there,
                    go,
                    done,
                    spin,
                ),
                daemon=True,
            )
            process.start()
            there.close()
            self._workers.append(
                _Worker(index, process, here, go, done, self._batch, start, stop, spin)
            )

    def close_extras(self, **kwargs: Any) -> None:
        """Stop the worker processes and free the shared memory, if any."""
        workers, self._workers = self._workers, []
        while workers:  # each dropped once stopped, and its views of the block
            workers.pop().stop_process()
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


_STEP, _RESET, _CLOSE = 0, 1, 2
"""What a worker is told to do, in its row of the block's ``command``."""

_PATIENCE = 0.2
"""Seconds between looks at whether the other process still lives, while
waiting on it."""

_SPIN_WAIT = 0.02
"""Seconds this process spins, waiting for a worker's step, before it sleeps."""

_SPIN_IDLE = 0.002
"""Seconds a worker spins, waiting for the next step, before it sleeps."""


def _cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def _take(semaphore: Any, spin: float, alive: Any) -> bool:
    """Take ``semaphore``: spinning up to ``spin`` seconds without sleeping
    (a process that sleeps wakes on a cold core), then sleeping on it
    ``_PATIENCE`` seconds at a time while ``alive()`` says the process that
    releases it still lives. False if that process has gone."""
    if semaphore.acquire(False):
        return True
    if spin > 0:
        deadline = time.perf_counter() + spin
        while time.perf_counter() < deadline:
            if semaphore.acquire(False):
                return True
    while alive():
        if semaphore.acquire(timeout=_PATIENCE):
            return True
    return False


class _Layout:
    """Where each array of a batch lies in one block of memory."""

    def __init__(self, count: int, encoding: Encoding, workers: int = 0) -> None:
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
            # A worker's order and its answer (0 done, 1 failed: its reason
            # follows on its pipe), each worker's on a cache line of its own.
            ("command", (workers, 8), np.int64),
            ("status", (workers, 8), np.int64),
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


_CONTROL = ("command", "status")
"""The block's arrays with a row a worker, not a game."""


def _rows(batch: dict[str, Any], start: int, stop: int) -> dict[str, Any]:
    """Games ``start`` to ``stop`` of each array of ``batch`` (views)."""
    return {
        key: array[start:stop] for key, array in batch.items() if key not in _CONTROL
    }


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
        acted: list[int] = []  # written once: the block is shared
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
        out["acted"][:] = acted
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
    """The calling process's end of one worker process.

    A step is told by releasing the worker's ``go`` semaphore and answered
    by its releasing ``done``: each side spins a little before it sleeps on
    the semaphore, so that neither wakes on a cold core between steps. The
    semaphores also order the memory: what one side wrote before releasing
    is what the other reads after taking. The pipe carries what does not
    fit in the block: a reset's seeds and a failure's reason.
    """

    def __init__(
        self,
        index: int,
        process: Any,
        pipe: Any,
        go: Any,
        done: Any,
        batch: dict[str, Any],
        start: int,
        stop: int,
        spin: bool,
    ) -> None:
        self.process = process
        self.pipe = pipe
        self.go = go
        self.done = done
        self.command = batch["command"][index]
        self.status = batch["status"][index]
        self.start = start
        self.stop = stop
        self.spin = _SPIN_WAIT if spin else 0.0
        self.waiting = False
        self.failed: str | None = None

    def order(self, command: int, data: Any = None) -> None:
        """Tell the worker to step (or reset with ``data``, or close)."""
        if self.failed is not None:
            return
        try:
            if command == _RESET:
                self.pipe.send(data)
        except OSError:
            self.failed = self._gone()
            return
        self.command[0] = command
        self.go.release()
        self.waiting = True

    def wait(self) -> str | None:
        """Wait for the worker's answer: ``None``, or what went wrong."""
        if not self.waiting or self.failed is not None:
            return self.failed
        if not _take(self.done, self.spin, self.process.is_alive):
            self.failed = self._gone()
            return self.failed
        self.waiting = False
        if self.status[0]:
            try:
                reason = self.pipe.recv()
            except (EOFError, OSError):
                reason = "it stopped"
            self.failed = f"games {self.start}-{self.stop - 1}: {reason}"
        return self.failed

    def _gone(self) -> str:
        self.process.join(1)
        return (
            f"the worker of games {self.start}-{self.stop - 1} stopped "
            f"(exit code {self.process.exitcode})"
        )

    def stop_process(self) -> None:
        if self.failed is None and self.process.is_alive():
            self.command[0] = _CLOSE
            self.go.release()
        self.process.join(2)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.pipe.close()


def _work(
    name: str,
    layout: _Layout,
    index: int,
    start: int,
    stop: int,
    max_moves: int,
    pipe: Any,
    go: Any,
    done: Any,
    spin: bool,
) -> None:
    """A worker process: steps games ``start`` to ``stop`` when told,
    writing into the shared block ``name``; stops when told to close or
    when the process that started it has gone."""
    parent = multiprocessing.parent_process()
    alive = parent.is_alive if parent is not None else lambda: True
    idle = _SPIN_IDLE if spin else 0.0
    memory = shared_memory.SharedMemory(name=name)
    try:
        batch = layout.arrays(memory.buf)
        share = _Share(layout.encoding, max_moves, _rows(batch, start, stop))
        actions = batch["actions"]
        command = batch["command"][index]
        status = batch["status"][index]
        while True:
            if not _take(go, idle, alive):
                return  # the caller has gone
            what = int(command[0])
            if what == _CLOSE:
                break
            try:
                if what == _RESET:
                    share.reset(pipe.recv())
                else:
                    share.step(actions[start:stop].tolist())
            except Exception as error:  # told to the caller, who closes
                last = traceback.format_exception_only(error)[-1].strip()
                status[0] = 1
                pipe.send(last)
            else:
                status[0] = 0
            done.release()
        del batch, share, actions, command, status
    except (EOFError, OSError):  # the caller has gone
        pass
    finally:
        memory.close()
        pipe.close()
