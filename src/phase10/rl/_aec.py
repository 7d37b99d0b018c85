"""A PettingZoo AEC environment: every seat an agent, one move at a time."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .._flow import new_game
from .._moves import apply
from .._moves.next_hand import next_hand
from .._rules import OFFICIAL, Rules
from .._state import GameState, Step
from .._view import view
from ..encoding import Encoding
from ._common import action_mask, observation, observation_space, picture

__all__ = ["MAX_MOVES", "Phase10Env", "env", "raw_env"]

MAX_MOVES = 3_000
"""The default move limit of an episode. Two :class:`~phase10.bots.GreedyBot`
players finish a game in about 450 moves; players that move at random
rarely finish one at all."""


class Phase10Env(AECEnv):
    """Phase 10 as a PettingZoo AEC environment (see :func:`raw_env`).

    .. versionadded:: 0.1
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "phase10_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        num_players: int = 2,
        rules: Rules | None = None,
        max_moves: int = MAX_MOVES,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        if (
            isinstance(max_moves, bool)
            or not isinstance(max_moves, int)
            or max_moves < 1
        ):
            raise ValueError(
                f"max_moves is a whole number of at least 1, not {max_moves!r}"
            )
        self.rules = OFFICIAL if rules is None else rules
        self.encoding = Encoding(num_players, self.rules)
        self.max_moves = max_moves
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(num_players)]
        self.agents = self.possible_agents[:]
        self.observation_spaces = {
            agent: observation_space(self.encoding) for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.encoding.num_actions)
            for agent in self.possible_agents
        }
        self._seeds = random.Random()
        self.game: GameState | None = None
        self.moves = 0
        self._legal: dict[int, Any] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same space object every time, for each agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The same space object every time, for each agent."""
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> None:
        """Deal a new game; ``seed`` makes this and the following games repeat."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game = new_game(
            len(self.possible_agents), self.rules, seed=self._seeds.getrandbits(64)
        )
        self.moves = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._after_move()

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's view, encoded, and its mask (zeros unless it is to move)."""
        game = self._game()
        seat = self.possible_agents.index(agent)
        mine = seat == game.current and game.step in (Step.DRAW, Step.PLAY, Step.CHOOSE)
        return {
            "observation": observation(self.encoding, view(game, seat)),
            "action_mask": action_mask(self.encoding, self._legal if mine else {}),
        }

    def step(self, action: Any) -> None:
        """Play move number ``action`` for the agent to move."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = self._legal.get(int(action))
        if move is None:
            raise ValueError(
                f"{self.encoding.describe(int(action))} is not a legal move now"
            )
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        game = apply(self._game(), move)
        self.moves += 1
        if game.step is Step.HAND_OVER:
            game = next_hand(game)
        self.game = game
        if game.step is Step.GAME_OVER:
            self.rewards = {
                name: 1.0 if seat == game.winner else -1.0
                for seat, name in enumerate(self.possible_agents)
            }
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.moves >= self.max_moves:
            self.truncations = dict.fromkeys(self.agents, True)
        self._after_move()
        self._accumulate_rewards()

    def _after_move(self) -> None:
        game = self._game()
        self.agent_selection = self.possible_agents[game.current]
        over = game.step is Step.GAME_OVER or self.moves >= self.max_moves
        self._legal = {} if over else self.encoding.legal(game)
        for agent in self.agents:
            self.infos[agent] = {}
        self._deads_step_first()

    def _game(self) -> GameState:
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game

    def render(self) -> str | None:
        """The table as a spectator sees it, as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return picture(view(self._game(), None))

    def close(self) -> None:
        """Nothing to release."""

    def state(self) -> Any:
        """Not offered: the whole state would show every hand."""
        raise NotImplementedError("phase10 environments give each agent its view only")


def raw_env(
    num_players: int = 2,
    rules: Rules | None = None,
    max_moves: int = MAX_MOVES,
    render_mode: str | None = None,
) -> Phase10Env:
    """The PettingZoo AEC environment, without wrappers.

    .. versionadded:: 0.1
    """
    return Phase10Env(num_players, rules, max_moves, render_mode)


def env(
    num_players: int = 2,
    rules: Rules | None = None,
    max_moves: int = MAX_MOVES,
    render_mode: str | None = None,
) -> Any:
    """The PettingZoo AEC environment, wrapped as PettingZoo's classic games
    are: an illegal move ends the game with -1 for the agent that made it,
    and the order of calls is enforced.

    .. versionadded:: 0.1
    """
    wrapped = wrappers.TerminateIllegalWrapper(
        raw_env(num_players, rules, max_moves, render_mode), illegal_reward=-1
    )
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
