"""A network learns Phase 10 from the library's own advice, and is measured
against GreedyBot.

    python examples/learn_from_advice.py [--minutes 30] [--workers 2]

NumPy only, on a CPU, by behaviour cloning: :class:`~phase10.bots.AdviceBot`
(the analysis's first move, played) plays both seats of seeded
two-player official games on every worker, and each of its decisions with
more than one legal move (and a number: see ``MAX_LAYS`` in
:mod:`phase10.encoding`) is kept as (observation, legal moves, move), in
the numbering of :mod:`phase10.encoding`, the one the environments of
:mod:`phase10.rl` use, so the network plays there as it plays here. A
network of one hidden layer (ReLU) with a softmax over the legal moves
(the illegal ones masked out) learns to pick the teacher's move
(cross-entropy, Adam). The time is spent in rounds: collect decisions for
a share of the round, learn from all of them so far, then play
``--eval-games`` games against :class:`~phase10.bots.GreedyBot`, seats
alternated, on the workers. The share of those wins after each round,
with its 95% interval, is the learning curve, drawn as an SVG picture
(``--out``); the network playing its most likely legal move.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import numpy as np
from curves import svg_curve

from phase10 import IllegalMove, PlayerView, Step, apply, new_game, view
from phase10.bots import AdviceBot, GreedyBot, play_game
from phase10.encoding import Encoding

ENCODING = Encoding(2)


def collect(task: tuple[int, float]) -> tuple[Any, Any, Any, int]:
    """The teacher's decisions in games from ``seed`` on, for ``seconds``:
    observations, packed masks of the legal moves, the moves, and the
    number of games begun."""
    seed, seconds = task
    observations, masks, moves = [], [], []
    stop, games = time.perf_counter() + seconds, 0
    while time.perf_counter() < stop:
        state = new_game(2, seed=seed + games)
        teachers = [AdviceBot(random.Random(seed + games + s)) for s in (0, 1)]
        games += 1
        while state.step is not Step.GAME_OVER and time.perf_counter() < stop:
            seen = view(state, state.current)
            move = teachers[state.current].choose(seen)
            legal = ENCODING.legal(seen)
            try:
                number = ENCODING.index(move, seen)
            except IllegalMove:  # a lay past the first MAX_LAYS: played only
                number = None
            if len(legal) > 1 and number is not None:
                mask = np.zeros(ENCODING.num_actions, np.bool_)
                mask[list(legal)] = True
                observations.append(ENCODING.observe(seen))
                masks.append(np.packbits(mask))
                moves.append(number)
            state = apply(state, move)
    return (
        np.array(observations, np.int16).reshape(-1, ENCODING.observation_size),
        np.array(masks, np.uint8).reshape(len(masks), -1),
        np.array(moves, np.int32),
        games,
    )


class Network:
    """One hidden layer and a softmax over the legal moves."""

    def __init__(self, hidden: int, scale: Any, seed: int) -> None:
        rng = np.random.default_rng(seed)
        size = ENCODING.observation_size + 1
        self.scale = scale.astype(np.float32)
        self.weights = {
            "hidden": rng.standard_normal((size, hidden)).astype(np.float32)
            * np.float32(math.sqrt(2 / size)),
            "out": rng.standard_normal((hidden + 1, ENCODING.num_actions)).astype(
                np.float32
            )
            * np.float32(0.01),
        }
        self.moments = {k: np.zeros_like(v) for k, v in self.weights.items()}
        self.squares = {k: np.zeros_like(v) for k, v in self.weights.items()}
        self.steps = 0

    def features(self, observations: Any) -> Any:
        scaled = observations.astype(np.float32) * self.scale
        return np.hstack([scaled, np.ones((len(scaled), 1), np.float32)])

    def forward(self, features: Any) -> tuple[Any, Any, Any]:
        hidden = np.maximum(features @ self.weights["hidden"], 0)
        with_one = np.hstack([hidden, np.ones((len(hidden), 1), np.float32)])
        return hidden, with_one, with_one @ self.weights["out"]

    def learn(self, observations: Any, masks: Any, moves: Any, rate: float) -> None:
        """One step of Adam on the cross-entropy of the teacher's moves."""
        features = self.features(observations)
        hidden, with_one, logits = self.forward(features)
        logits = np.where(masks, logits, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        chances = np.exp(logits)
        chances /= chances.sum(axis=1, keepdims=True)
        chances[np.arange(len(moves)), moves] -= 1.0
        chances /= len(moves)
        back = (chances @ self.weights["out"][:-1].T) * (hidden > 0)
        gradients = {"out": with_one.T @ chances, "hidden": features.T @ back}
        self.steps += 1
        for key, gradient in gradients.items():
            self.moments[key] = 0.9 * self.moments[key] + 0.1 * gradient
            self.squares[key] = 0.999 * self.squares[key] + 0.001 * gradient**2
            mean = self.moments[key] / (1 - 0.9**self.steps)
            spread = np.sqrt(self.squares[key] / (1 - 0.999**self.steps)) + 1e-8
            self.weights[key] -= rate * mean / spread

    def agreement(self, observations: Any, masks: Any, moves: Any) -> float:
        """The share of decisions on which the network picks the teacher's move."""
        logits = self.forward(self.features(observations))[2]
        logits = np.where(masks, logits, -1e9)
        return float((logits.argmax(axis=1) == moves).mean())


class Student:
    """The network as a bot: its most likely legal move."""

    def __init__(self, weights: dict[str, Any], scale: Any) -> None:
        self.weights, self.scale = weights, scale

    def choose(self, seen: PlayerView) -> Any:
        legal = ENCODING.legal(seen)
        if len(legal) == 1:
            return next(iter(legal.values()))
        observed = np.array(ENCODING.observe(seen), np.float32) * self.scale
        features = np.append(observed, np.float32(1.0))
        hidden = np.maximum(features @ self.weights["hidden"], 0)
        logits = np.append(hidden, np.float32(1.0)) @ self.weights["out"]
        numbers = list(legal)
        return legal[numbers[int(np.argmax(logits[numbers]))]]


def play_one(task: tuple[dict[str, Any], Any, int]) -> bool:
    """Whether the student wins one game against GreedyBot; it sits first
    in even games."""
    weights, scale, seed = task
    seat = seed % 2
    bots: list[Any] = [GreedyBot(random.Random(seed))]
    bots.insert(seat, Student(weights, scale))
    return play_game(bots, seed=seed, max_moves=5000).winner == seat


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a share of wins."""
    if games == 0:
        return 0.0, 1.0
    share, z = wins / games, 1.96
    middle = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games**2))
    return middle - half / (1 + z * z / games), middle + half / (1 + z * z / games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--rate", type=float, default=0.001)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("learn_from_advice.svg"))
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    start = time.perf_counter()
    budget = args.minutes * 60
    parts: list[tuple[Any, Any, Any]] = []
    curve: list[tuple[float, float]] = []
    intervals: list[tuple[float, float]] = []
    network: Network | None = None
    games_seen = 0
    with get_context("spawn").Pool(args.workers) as pool:
        for round_ in range(args.rounds):
            # Collect for a share of what the round has left; the rest is
            # for learning and for the games against GreedyBot.
            left = budget - (time.perf_counter() - start)
            seconds = max(1.0, 0.5 * left / (args.rounds - round_))
            seeds = [
                1_000_000 * (round_ * args.workers + w) + args.seed
                for w in range(args.workers)
            ]
            for observed, packed, moves, games in pool.map(
                collect, [(seed, seconds) for seed in seeds]
            ):
                masks = np.unpackbits(packed, axis=1)[:, : ENCODING.num_actions]
                parts.append((observed, masks.astype(np.bool_), moves))
                games_seen += games
            observations = np.concatenate([p[0] for p in parts])
            masks = np.concatenate([p[1] for p in parts])
            moves = np.concatenate([p[2] for p in parts])
            if network is None:  # scaled by the first round's largest values
                highest = np.clip(observations.max(axis=0), 1, None)
                network = Network(args.hidden, 1.0 / highest, args.seed)
            order = rng.permutation(len(moves))
            for _ in range(args.epochs):
                rng.shuffle(order)
                for batch in range(0, len(order), 256):
                    rows = order[batch : batch + 256]
                    network.learn(
                        observations[rows], masks[rows], moves[rows], args.rate
                    )
            sample = order[:20_000]
            agrees = network.agreement(
                observations[sample], masks[sample], moves[sample]
            )
            matches = range(50_000, 50_000 + args.eval_games)
            tasks = [(network.weights, network.scale, seed) for seed in matches]
            wins = sum(pool.map(play_one, tasks))
            minutes = (time.perf_counter() - start) / 60
            curve.append((minutes, wins / args.eval_games))
            intervals.append(wilson(wins, args.eval_games))
            low, high = intervals[-1]
            print(
                f"round {round_ + 1}: {len(moves):,} decisions of {games_seen:,} "
                f"games, {agrees:.0%} agree with the advice; against GreedyBot "
                f"{wins}/{args.eval_games} ({low:.0%}-{high:.0%}), {minutes:.1f} min",
                flush=True,
            )
    args.out.write_text(
        svg_curve(
            curve,
            "A network taught by AdviceBot, against GreedyBot",
            x_label=f"minutes of collecting and learning on {args.workers} "
            f"processes (last: {curve[-1][0]:.1f})",
            baseline="even with GreedyBot",
            intervals=intervals,
        ),
        encoding="utf-8",
    )
    share = curve[-1][1]
    verdict = "beats" if intervals[-1][0] > 0.5 else "does not beat"
    print(f"wrote {args.out}; the network {verdict} GreedyBot ({share:.0%})")


if __name__ == "__main__":
    main()
