"""A Gymnasium environment: one learner against built-in bots."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import gymnasium
from gymnasium import spaces

from .._flow import new_game
from .._moves import apply, apply_listed
from .._moves.next_hand import next_hand
from .._rules import OFFICIAL, Rules
from .._state import GameState, Step
from .._view import view
from ..bots import Bot, GreedyBot
from ..encoding import Encoding
from ._aec import MAX_MOVES
from ._common import action_mask, check_count, observation_space, picture
from ._game import writer_for

__all__ = ["SoloEnv"]


class SoloEnv(gymnasium.Env[dict[str, Any], Any]):
    """Phase 10 for one learner at seat ``seat``; bots made by ``opponent``
    (a function of a random generator, :class:`~phase10.bots.GreedyBot` by
    default) play the other seats. Registered as ``"phase10/Solo-v0"``.

    An observation is ``{"observation": ..., "action_mask": ...}`` as in
    :func:`~phase10.rl.env`; ``info["action_mask"]`` and
    :meth:`action_masks` give the mask too. The reward is +1 when the learner
    wins, -1 when another seat does, 0 otherwise; an episode is truncated
    after ``max_moves`` moves (everyone's). An illegal move ends the episode
    with -1 and ``info["illegal"] = True``.

    .. versionadded:: 0.1
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        num_players: int = 2,
        rules: Rules | None = None,
        *,
        seat: int = 0,
        opponent: Callable[[random.Random], Bot] = GreedyBot,
        max_moves: int = MAX_MOVES,
        render_mode: str | None = None,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.rules = OFFICIAL if rules is None else rules
        self.encoding = Encoding(num_players, self.rules)
        if (
            isinstance(seat, bool)
            or not isinstance(seat, int)
            or not 0 <= seat < num_players
        ):
            raise ValueError(
                f"seat is a seat from 0 to {num_players - 1}, not {seat!r}"
            )
        check_count("max_moves", max_moves)
        self.seat = seat
        self.opponent = opponent
        self.max_moves = max_moves
        self.render_mode = render_mode
        self.observation_space = observation_space(self.encoding)
        self.action_space = spaces.Discrete(self.encoding.num_actions)
        self.game: GameState | None = None
        self.moves = 0
        self._bots: list[Bot] = []
        self._legal: dict[int, Any] = {}
        self._writer = writer_for(self.encoding)
        self._array = self._writer.new_array()
        self._memory = self._writer.memory()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a new game and play the bots up to the learner's first turn."""
        super().reset(seed=seed)
        rng = random.Random(int(self.np_random.integers(2**63)))
        n = self.encoding.players
        self.game = new_game(n, self.rules, seed=rng.getrandbits(64))
        self._bots = [
            self.opponent(random.Random(rng.getrandbits(64))) for _ in range(n)
        ]
        self.moves = 0
        self._play_bots()
        return self._observe(), self._info()

    def step(
        self, action: Any
    ) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Play the learner's move number ``action``, then the bots' moves."""
        game = self._game()
        move = self._legal.get(int(action))
        if move is None:
            info = self._info()
            info["illegal"] = True
            return self._observe(), -1.0, True, False, info
        self._advance(apply_listed(game, move))
        self._play_bots()
        game = self._game()
        terminated = game.step is Step.GAME_OVER
        reward = 0.0
        if terminated:
            reward = 1.0 if game.winner == self.seat else -1.0
        truncated = not terminated and self.moves >= self.max_moves
        return self._observe(), reward, terminated, truncated, self._info()

    def action_masks(self) -> Any:
        """The legal moves now, as booleans (the form maskable learners ask for)."""
        return action_mask(self.encoding, self._legal).astype(bool)

    def render(self) -> str | None:
        """The table as the learner sees it, as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return picture(view(self._game(), self.seat))

    def _advance(self, game: GameState) -> None:
        self.moves += 1
        self.game = next_hand(game) if game.step is Step.HAND_OVER else game

    def _play_bots(self) -> None:
        """Let the bots move until it is the learner's turn or the episode ends."""
        game = self._game()
        while (
            game.step is not Step.GAME_OVER
            and game.current != self.seat
            and self.moves < self.max_moves
        ):
            self._advance(
                apply(game, self._bots[game.current].choose(view(game, game.current)))
            )
            game = self._game()
        over = game.step is Step.GAME_OVER or self.moves >= self.max_moves
        self._legal = {} if over else self.encoding.legal(game)

    def _observe(self) -> dict[str, Any]:
        return {
            "observation": self._observed(),
            "action_mask": action_mask(self.encoding, self._legal),
        }

    def _observed(self) -> Any:
        """The learner's observation, written from the state into the array
        kept for it (the pieces that changed since the last), copied."""
        array, slots = self._array
        self._writer.write(array, slots, self._memory, self._game(), self.seat)
        return array.copy()

    def _info(self) -> dict[str, Any]:
        return {"action_mask": action_mask(self.encoding, self._legal)}

    def _game(self) -> GameState:
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game
