"""A PettingZoo AEC environment: every seat an agent, one move at a time."""

from __future__ import annotations

from typing import Any, ClassVar, Final

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from .._rules import OFFICIAL, Rules
from .._state import GameState, Step
from .._view import view
from ..encoding import Encoding
from ._common import check_count, observation_space, picture
from ._game import Game

__all__ = ["MAX_MOVES", "Phase10Env", "env", "raw_env"]

_frombuffer: Final = np.frombuffer
_INT8: Final = np.dtype(np.int8)

MAX_MOVES = 3_000
"""The default move limit of an episode. Two :class:`~phase10.bots.GreedyBot`
players finish a game in about 450 moves; players that move at random
rarely finish one at all.

.. versionadded:: 0.1
"""


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
        check_count("max_moves", max_moves)
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
        self._game_ = Game(self.encoding, max_moves)
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._num_actions = self.encoding.num_actions
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
        self.game = self._game_.reset(seed)
        self.moves = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._after_move()

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's view, encoded, and its mask (zeros unless it is to move).

        The observation is written from the state into an array kept for
        the seat (only the pieces that changed since its last observation),
        and a copy returned; it equals ``encoding.observe(view(game, seat))``.
        """
        game = self.game
        if game is None:
            game = self._game()  # raises
        seat = self._seats[agent]
        observed = self._game_.observe(seat).copy()
        marks = bytearray(self._num_actions)
        if seat == game.current:
            for index in self._legal:
                marks[index] = 1
        return {"observation": observed, "action_mask": _frombuffer(marks, _INT8)}

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
        self._play(agent, move)

    def _play(self, agent: str, move: Any) -> None:
        """Play ``move``, one of the legal moves, for ``agent``, the agent to
        move, whose game goes on."""
        self._cumulative_rewards[agent] = 0.0
        self.game = game = self._game_.play(move)
        self.moves += 1
        if self._legal_now(game):
            # While the game goes on, every reward is 0 and nobody is done:
            # clearing and adding the rewards, and putting the agents that
            # are done first, would change nothing.
            return
        self._clear_rewards()
        if game.step is Step.GAME_OVER:
            self.rewards = {
                name: 1.0 if seat == game.winner else -1.0
                for seat, name in enumerate(self.possible_agents)
            }
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.truncations = dict.fromkeys(self.agents, True)
        self._after_move()
        self._accumulate_rewards()

    def _legal_now(self, game: GameState) -> bool:
        """Take the next agent of ``game`` and its moves; whether it has any."""
        self.agent_selection = self.possible_agents[game.current]
        self._legal = legal = self._game_.legal
        infos = self.infos
        for agent in self.agents:
            if infos[agent]:
                infos[agent] = {}
        return bool(legal)

    def _after_move(self) -> None:
        self._legal_now(self._game())
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
    an action outside the action space fails an assertion, and the order of
    calls is enforced.

    The three checks are made by one wrapper (an ``OrderEnforcingWrapper``),
    not three, so a step pays a few comparisons for them. :func:`raw_env`
    skips them (an illegal move raises ``ValueError``); the vectorized
    :class:`~phase10.rl.VectorEnv` steps many games at once.

    .. versionadded:: 0.1
    """
    return CheckedEnv(raw_env(num_players, rules, max_moves, render_mode))


class CheckedEnv(OrderEnforcingWrapper[str, Any, Any]):
    """What PettingZoo's ``TerminateIllegalWrapper`` (reward -1),
    ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper`` check, checked
    in one layer that reads the environment directly (see :func:`env`)."""

    def __init__(self, inner: Phase10Env) -> None:
        super().__init__(inner)
        self.raw = inner

    # The attributes a loop reads at every step, read here directly:
    # PettingZoo's wrappers reach them through __getattr__, which tests a set
    # of names and forwards a second time, about a microsecond a read.
    @property
    def agents(self) -> list[str]:  # type: ignore[override, unused-ignore]
        """The agents still in the game (after :meth:`reset`)."""
        return self._after_reset("agents").agents

    @property
    def agent_selection(self) -> str:  # type: ignore[override, unused-ignore]
        """The agent to move (after :meth:`reset`)."""
        return self._after_reset("agent_selection").agent_selection

    @property
    def terminations(self) -> dict[str, bool]:  # type: ignore[override, unused-ignore]
        """Whether each agent's game has ended (after :meth:`reset`)."""
        return self._after_reset("terminations").terminations

    @property
    def truncations(self) -> dict[str, bool]:  # type: ignore[override, unused-ignore]
        """Whether each agent's game was cut short (after :meth:`reset`)."""
        return self._after_reset("truncations").truncations

    @property
    def rewards(self) -> dict[str, float]:  # type: ignore[override, unused-ignore]
        """Each agent's reward for the last move (after :meth:`reset`)."""
        return self._after_reset("rewards").rewards

    @property
    def infos(self) -> dict[str, dict[str, Any]]:  # type: ignore[override, unused-ignore]
        """Each agent's info (after :meth:`reset`)."""
        return self._after_reset("infos").infos

    def _after_reset(self, name: str) -> Phase10Env:
        """The environment, unless ``name`` is read before the first reset
        (the error PettingZoo's wrapper raises)."""
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return self.raw

    def observe(self, agent: str) -> dict[str, Any] | None:
        """The agent's observation, as :meth:`Phase10Env.observe`."""
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.raw.observe(agent)

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, Any] | None, float, bool, bool, dict[str, Any]]:
        """The agent to move's observation, reward, ends and info."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        raw = self.raw
        agent = raw.agent_selection
        return (
            raw.observe(agent) if observe else None,
            raw._cumulative_rewards[agent],
            raw.terminations[agent],
            raw.truncations[agent],
            raw.infos[agent],
        )

    def step(self, action: Any) -> None:
        """Play ``action`` for the agent to move, after the three checks."""
        raw = self.raw
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not raw.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
            return
        self._has_updated = True
        agent = raw.agent_selection
        dead = raw.terminations[agent] or raw.truncations[agent]
        if not (
            (type(action) is int and 0 <= action < raw.encoding.num_actions)
            or (action is None and dead)
            or raw.action_spaces[agent].contains(action)
        ):
            raise AssertionError("action is not in action space")
        move = None if dead else raw._legal.get(int(action))
        if dead:
            raw._was_dead_step(action)
        elif move is None:
            self._end_illegally(agent)
        else:
            raw._play(agent, move)

    def _end_illegally(self, agent: str) -> None:
        """End the game with -1 for ``agent``, as ``TerminateIllegalWrapper``."""
        EnvLogger.warn_on_illegal_move()
        raw = self.raw
        raw._cumulative_rewards[agent] = 0
        raw.terminations = dict.fromkeys(raw.agents, True)
        raw.truncations = dict.fromkeys(raw.agents, True)
        raw.rewards = dict.fromkeys(raw.truncations, 0)
        raw.rewards[agent] = -1.0
        raw._accumulate_rewards()
        raw._deads_step_first()

    def __str__(self) -> str:
        return str(self.raw)
