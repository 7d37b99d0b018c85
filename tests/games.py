"""Games played out for the tests: the one place that says how.

- :func:`play`: go on from a state for some moves, by GreedyBot's choices
  or, with a given probability, by a random listed move.
- :func:`played`: the states of a new game, the deal then one per move.

The Hypothesis strategy of states reached this way, ``game_states``, is in
``strategies``.
"""

from __future__ import annotations

import random

from phase10 import GameState, Rules, Step, apply, legal_actions, new_game
from phase10.bots import GreedyBot

__all__ = ["play", "played"]


def play(
    state: GameState, rng: random.Random, moves: int, mix: float = 0.0
) -> GameState:
    """``state`` after ``moves`` more moves (fewer if the game ends).

    Each move is GreedyBot's choice, or with probability ``mix`` a move
    chosen uniformly from ``legal_actions``; both draw on ``rng``.
    """
    bot = GreedyBot(rng)
    for _ in range(moves):
        if state.step is Step.GAME_OVER:
            break
        state = _move(state, bot, rng, mix)
    return state


def played(
    rules: Rules | None,
    players: int,
    seed: int,
    moves: int,
    *,
    bot_seed: int | None = None,
    mix: float = 0.0,
) -> list[GameState]:
    """The states of a game of ``players`` seats under ``rules`` (official
    when ``None``), dealt with ``seed``: the deal, then one per move, at most
    ``moves`` moves. The bot draws on ``bot_seed`` (``seed`` by default)."""
    state = new_game(players, rules, seed=seed)
    rng = random.Random(seed if bot_seed is None else bot_seed)
    bot = GreedyBot(rng)
    states = [state]
    for _ in range(moves):
        if state.step is Step.GAME_OVER:
            break
        state = _move(state, bot, rng, mix)
        states.append(state)
    return states


def _move(
    state: GameState, bot: GreedyBot, rng: random.Random, mix: float
) -> GameState:
    """One move: the bot's, or with probability ``mix`` a random listed one."""
    if mix and rng.random() < mix:
        return apply(state, rng.choice(legal_actions(state)))
    return apply(state, bot.choose(state))
