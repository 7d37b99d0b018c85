"""The learner's loop: steps per second with an observation and a mask at
every step, phase10's environments beside RLCard's and OpenSpiel's gin rummy.

    python benchmarks/learner_loop.py [--rounds 5] [--seconds 2] [--vector-seconds 3]
    python benchmarks/learner_loop.py --only-vector

Whole random episodes, two players; at every step the loop asks the
environment for the observation and the legal moves of the player to move
and picks one of them at random (a seeded generator). The loops, each
timed for ``--seconds`` a round, the rounds alternating them so that a busy
machine weighs on all alike; the table gives each loop's median, its
ratio to OpenSpiel's with ``observation_tensor``, and the median of the
rounds' own ratios (which a machine whose speed drifts during the run
disturbs less):

- ``phase10 env()``: the PettingZoo AEC environment, wrapped (order, bounds
  and illegal moves checked), ``last()`` then ``step()``;
- ``phase10 raw_env()``: the same without the checks (the fast entry point);
- ``phase10 VectorEnv(1)``: the vectorized environment, one game;
- ``rlcard gin-rummy env``: RLCard 1.2.0's ``env.step`` (the state, with its
  observation array and legal actions, extracted at each step);
- ``open_spiel gin_rummy observation_tensor``: OpenSpiel 2.0.2's C++ gin
  rummy, ``state.observation_tensor(player)`` and ``state.legal_actions()``
  at each decision (chance nodes are not steps);
- ``open_spiel gin_rummy Observation.set_from``: the same game, the
  observation written by C++ into a NumPy buffer (``make_observation``),
  OpenSpiel's fastest way.

Then the vectorized environment's steps per second (a step is one game's
move) for N = 16, 64 and 256 games, over W = 1 (this process alone), 2
and ``os.cpu_count()`` processes, alternated round by round, actions drawn
at random from the masks with NumPy; with each W's gain over one process
(the median of the rounds' own ratios) and, at the most processes, the
gain a process (the per-core efficiency). ``--only-vector`` prints that
table alone. Target: at least 1.7x one process at N = 64 on 2 cores.

RLCard and OpenSpiel are not the project's dependencies: install them
beside it (``pip install rlcard==1.2.0 open_spiel==2.0.2``); a peer that is
absent is skipped with a message.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

Loop = Callable[[float], tuple[int, float]]
"""Runs for about that many seconds; returns (steps, seconds)."""

REFERENCE = "open_spiel gin_rummy observation_tensor"


def _optional(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def phase10_aec(wrapped: bool) -> Loop:
    """phase10's AEC environment, wrapped or raw."""
    import numpy as np

    from phase10.rl import env, raw_env

    def loop(seconds: float) -> tuple[int, float]:
        environment = env() if wrapped else raw_env()
        pick = random.Random(1).randrange
        flatnonzero = np.flatnonzero
        steps, game = 0, 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            environment.reset(seed=game)
            game += 1
            while environment.agents:
                observed, _, terminated, truncated, _ = environment.last()
                if terminated or truncated:
                    environment.step(None)
                    continue
                legal = flatnonzero(observed["action_mask"])
                environment.step(int(legal[pick(len(legal))]))
                steps += 1
        return steps, time.perf_counter() - start

    return loop


def phase10_vector(num_envs: int, workers: int | None) -> Loop:
    """phase10's vector environment, actions drawn at random from the masks."""
    import numpy as np

    from phase10.rl import VectorEnv

    def loop(seconds: float) -> tuple[int, float]:
        envs = VectorEnv(num_envs, workers=workers)
        try:
            rng = np.random.default_rng(1)
            observations, _ = envs.reset(seed=0)
            steps = 0
            start = time.perf_counter()
            while time.perf_counter() - start < seconds:
                masks = observations["action_mask"]
                actions = (rng.random(masks.shape) * masks).argmax(axis=1)
                observations, *_ = envs.step(actions)
                steps += num_envs
            return steps, time.perf_counter() - start
        finally:
            envs.close()

    return loop


def rlcard_env() -> Loop | None:
    """RLCard's gin-rummy environment, ``env.step`` with its state."""
    rlcard = _optional("rlcard")
    if rlcard is None:
        return None

    def loop(seconds: float) -> tuple[int, float]:
        environment = rlcard.make("gin-rummy", config={"seed": 1})
        choice = random.Random(1).choice
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state, _ = environment.reset()
            while not environment.is_over():
                state, _ = environment.step(choice(list(state["legal_actions"])))
                steps += 1
        return steps, time.perf_counter() - start

    return loop


def open_spiel(buffer: bool) -> Loop | None:
    """OpenSpiel's C++ gin rummy, an observation at every decision."""
    pyspiel = _optional("pyspiel")
    if pyspiel is None:
        return None
    make_observation = importlib.import_module(
        "open_spiel.python.observation"
    ).make_observation

    def loop(seconds: float) -> tuple[int, float]:
        game = pyspiel.load_game("gin_rummy")
        root = game.new_initial_state()
        observation = make_observation(game)
        rng = random.Random(1)
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = root.clone()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, weights = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(actions, weights)[0])
                    continue
                player = state.current_player()
                if buffer:
                    observation.set_from(state, player)
                else:
                    state.observation_tensor(player)
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps, time.perf_counter() - start

    return loop


def alternate(
    loops: dict[str, Loop], rounds: int, seconds: float
) -> dict[str, list[float]]:
    """Each loop's steps per second in each round, the loops taking turns
    (their order rotated a round)."""
    for loop in loops.values():
        loop(min(0.3, seconds))  # warm-up, not timed
    figures: dict[str, list[float]] = {name: [] for name in loops}
    names = list(loops)
    for r in range(rounds):
        order = names[r % len(names) :] + names[: r % len(names)]
        for name in order:
            steps, spent = loops[name](seconds)
            figures[name].append(steps / spent)
        print(
            f"round {r + 1}: " + "; ".join(f"{n} {figures[n][-1]:,.0f}" for n in names),
            file=sys.stderr,
            flush=True,
        )
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--vector-seconds", type=float, default=3.0)
    parser.add_argument("--no-vector", action="store_true")
    parser.add_argument(
        "--only-vector", action="store_true", help="the vector table alone"
    )
    args = parser.parse_args()
    if _optional("numpy") is None or _optional("gymnasium") is None:
        sys.exit("this benchmark needs phase10's rl extra: pip install 'phase10[rl]'")
    if args.only_vector:
        vector_table(args.rounds, args.vector_seconds)
        return
    loops: dict[str, Loop] = {
        "phase10 env()": phase10_aec(wrapped=True),
        "phase10 raw_env()": phase10_aec(wrapped=False),
        "phase10 VectorEnv(1)": phase10_vector(1, None),
    }
    peers: dict[str, Loop | None] = {
        "rlcard gin-rummy env": rlcard_env(),
        REFERENCE: open_spiel(buffer=False),
        "open_spiel gin_rummy Observation.set_from": open_spiel(buffer=True),
    }
    for name, loop in peers.items():
        if loop is None:
            print(f"skipped {name}: not installed", file=sys.stderr)
        else:
            loops[name] = loop
    figures = alternate(loops, args.rounds, args.seconds)
    medians = {name: statistics.median(values) for name, values in figures.items()}
    reference = medians.get(REFERENCE)
    print(f"\n{args.rounds} rounds of {args.seconds:g} s, medians (steps/s):\n")
    print(f"| loop | steps/s | ratio to {REFERENCE} | median of the rounds' ratios |")
    print("|---|---|---|---|")
    for name, median in medians.items():
        ratio = rounds = ""
        if reference is not None:
            ratio = f"{median / reference:.2f}x"
            each = zip(figures[name], figures[REFERENCE], strict=True)
            rounds = f"{statistics.median(a / b for a, b in each):.2f}x"
        print(f"| {name} | {median:,.0f} | {ratio} | {rounds} |")
    if args.no_vector:
        return
    vector_table(args.rounds, args.vector_seconds)


def vector_table(rounds: int, seconds: float) -> None:
    """The vector environment's steps per second over W processes, for
    N games, the W alternated round by round."""
    cores = os.cpu_count() or 1
    widths = sorted({1, 2, cores})
    print(
        f"\nVectorEnv, steps/s (one game's move a step), {cores} cores, "
        f"medians of {max(1, rounds)} rounds of {seconds:g} s:\n"
    )
    heads = " | ".join(f"workers={w}" for w in widths)
    ratios = " | ".join(f"x at {w}" for w in widths[1:])
    print(f"| games | {heads} | {ratios} | per core at {widths[-1]} |")
    print("|---|" + "---|" * (2 * len(widths)))
    for count in (16, 64, 256):
        loops = {w: phase10_vector(count, None if w == 1 else w) for w in widths}
        figures: dict[int, list[float]] = {w: [] for w in widths}
        for round_ in range(max(1, rounds)):
            order = widths if round_ % 2 == 0 else widths[::-1]
            for w in order:
                steps, spent = loops[w](seconds)
                figures[w].append(steps / spent)
        medians = [statistics.median(figures[w]) for w in widths]
        # The median of the rounds' own ratios to one process.
        gains = [
            statistics.median(
                a / b for a, b in zip(figures[w], figures[1], strict=True)
            )
            for w in widths[1:]
        ]
        print(
            f"| {count} | "
            + " | ".join(f"{m:,.0f}" for m in medians)
            + " | "
            + " | ".join(f"{g:.2f}x" for g in gains)
            + f" | {gains[-1] / widths[-1]:.0%} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
