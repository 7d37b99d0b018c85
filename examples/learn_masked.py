"""A masked policy learns Phase 10 by self-play on the vectorized environment.

    python examples/learn_masked.py [--steps 300000] [--out learn_masked.svg]

NumPy only, on a CPU: a linear softmax policy over the legal moves (the
illegal ones masked out), trained with REINFORCE on many games at once
(:class:`phase10.rl.VectorEnv`), every seat played by the same policy. Its
games are short ones, the first phase only (two sets of three: the game is
won by laying it first and going out), so that games end often enough for
their +1 and -1 to teach something in minutes.

The policy starts at zero, which is uniformly random play. Every
``--eval-every`` steps it plays ``--eval-games`` games against uniformly
random play (half of them from each seat); its share of wins is the
learning curve, drawn as an SVG picture (``--out``): random play against
itself wins half.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import numpy as np
from curves import svg_curve

from phase10 import STANDARD_PHASES, Rules
from phase10.rl import VectorEnv

RULES = Rules(phases=STANDARD_PHASES[:1])
"""The first phase only: a game lasts about 180 moves."""


class Policy:
    """A linear softmax policy over the legal moves."""

    def __init__(self, envs: VectorEnv, rng: np.random.Generator) -> None:
        space: Any = envs.single_observation_space
        high = space["observation"].high
        self.scale = 1.0 / np.clip(high, 1.0, 100.0).astype(np.float32)
        size = envs.encoding.observation_size + 1  # and a constant 1
        self.weights = np.zeros((size, envs.encoding.num_actions), np.float32)
        self.rng = rng

    def features(self, observations: Any) -> Any:
        """The observations scaled to about [0, 1], with a constant 1."""
        scaled = observations * self.scale
        return np.hstack([scaled, np.ones((len(scaled), 1), np.float32)])

    def probabilities(self, features: Any, masks: Any) -> Any:
        """Each move's probability, 0 for the illegal ones."""
        logits = features @ self.weights
        logits = np.where(masks > 0, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        odds = np.exp(logits)
        return odds / odds.sum(axis=1, keepdims=True)

    def sample(self, features: Any, masks: Any) -> Any:
        """A move for each row, drawn from the policy."""
        chances = self.probabilities(features, masks).cumsum(axis=1)
        draws = self.rng.random((len(chances), 1)) * chances[:, -1:]
        return (chances < draws).sum(axis=1)

    def learn(
        self, features: Any, masks: Any, actions: Any, returns: Any, rate: float
    ) -> None:
        """One step of REINFORCE: each move made likelier by its return."""
        chances = self.probabilities(features, masks)
        chances[np.arange(len(actions)), actions] -= 1.0
        gradient = features.T @ (-chances * returns[:, None]) / len(actions)
        self.weights += rate * gradient.astype(np.float32)


def random_moves(masks: Any, rng: np.random.Generator) -> Any:
    """A uniformly random legal move for each row."""
    return (rng.random(masks.shape) * masks).argmax(axis=1)


def evaluate(policy: Policy, games: int, seed: int) -> float:
    """The policy's share of wins against random play, seats alternated."""
    envs = VectorEnv(games, 2, RULES)
    rng = np.random.default_rng(seed)
    observations, infos = envs.reset(seed=seed)
    learner = np.arange(games) % 2  # the policy's seat in each game
    result = np.full(games, np.nan)
    while np.isnan(result).any():
        masks = observations["action_mask"]
        actions = random_moves(masks, rng)
        mine = infos["seat"] == learner
        if mine.any():
            features = policy.features(observations["observation"][mine])
            actions[mine] = policy.sample(features, masks[mine])
        observations, _, terminated, truncated, infos = envs.step(actions)
        for i in np.flatnonzero((terminated | truncated) & np.isnan(result)):
            result[i] = (infos["rewards"][i, learner[i]] + 1) / 2
    envs.close()
    return float(result.mean())


class Trajectories:
    """Each game's moves so far, by seat, until the game ends."""

    def __init__(self, games: int, players: int) -> None:
        self.open: list[list[list[Any]]] = [
            [[] for _ in range(players)] for _ in range(games)
        ]
        self.done: list[tuple[Any, Any, int, float]] = []

    def add(self, game: int, seat: int, features: Any, mask: Any, action: int) -> None:
        self.open[game][seat].append((features, mask, action))

    def close(self, game: int, rewards: Any, discount: float) -> None:
        """The game ended with ``rewards`` (one a seat): each seat's moves
        take its reward, discounted by how many of its moves came after."""
        for seat, moves in enumerate(self.open[game]):
            for k, (features, mask, action) in enumerate(moves):
                weight = discount ** (len(moves) - 1 - k)
                self.done.append((features, mask, action, rewards[seat] * weight))
            moves.clear()

    def batch(self) -> tuple[Any, Any, Any, Any]:
        features, masks, actions, returns = zip(*self.done, strict=True)
        self.done = []
        return (
            np.array(features),
            np.array(masks),
            np.array(actions),
            np.array(returns, np.float32),
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=300_000)
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--rate", type=float, default=0.5)
    parser.add_argument("--discount", type=float, default=0.97)
    parser.add_argument("--eval-every", type=int, default=50_000)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("learn_masked.svg"))
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    envs = VectorEnv(args.envs, 2, RULES, workers=args.workers)
    policy = Policy(envs, rng)
    trajectories = Trajectories(args.envs, 2)
    curve = [(0, evaluate(policy, args.eval_games, seed=10_000))]
    print(f"steps {0:>9,}: wins {curve[-1][1]:.0%} against random play", flush=True)
    observations, infos = envs.reset(seed=args.seed)
    steps: int = 0
    next_eval, start = args.eval_every, time.perf_counter()
    while steps < args.steps:
        features = policy.features(observations["observation"])
        masks = observations["action_mask"]
        actions = policy.sample(features, masks)
        seats = infos["seat"]
        for i in range(args.envs):
            trajectories.add(i, int(seats[i]), features[i], masks[i], int(actions[i]))
        observations, _, terminated, truncated, infos = envs.step(actions)
        steps += args.envs
        for i in np.flatnonzero(terminated | truncated).tolist():
            trajectories.close(i, infos["rewards"][i], args.discount)
        if len(trajectories.done) >= 4096:
            policy.learn(*trajectories.batch(), rate=args.rate)
        if steps >= next_eval or steps >= args.steps:
            next_eval += args.eval_every
            curve.append((steps, evaluate(policy, args.eval_games, seed=10_000)))
            spent = time.perf_counter() - start
            print(
                f"steps {steps:>9,}: wins {curve[-1][1]:.0%} against random play "
                f"({spent:.0f} s)",
                flush=True,
            )
    envs.close()
    args.out.write_text(
        svg_curve(
            [(float(steps), share) for steps, share in curve],
            "A masked linear policy against random play, phase 1 only",
            x_label=f"moves played in training (last: {curve[-1][0]:,})",
            baseline="random play",
        ),
        encoding="utf-8",
    )
    first, last = curve[0][1], curve[-1][1]
    verdict = "beats" if last > 0.5 else "does not beat"
    print(f"wrote {args.out}; the policy {verdict} random play", end=" ")
    print(f"({first:.0%} -> {last:.0%})", flush=True)


if __name__ == "__main__":
    main()
