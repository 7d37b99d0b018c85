"""What the adapters share: spaces built from the encoding, NumPy arrays,
and a text picture of the table."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from .._cards import format_cards
from .._state import Step
from .._view import PlayerView
from ..encoding import Encoding

__all__ = ["action_mask", "observation", "observation_space", "picture"]

_UNBOUNDED = float(np.finfo(np.float32).max)


def check_count(name: str, value: object) -> None:
    """Raise :class:`ValueError` unless ``value``, the argument ``name``, is a
    whole number of at least 1 (``max_moves``, ``num_envs``)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} is a whole number of at least 1, not {value!r}")


def observation_space(encoding: Encoding) -> spaces.Dict:
    """``{"observation": Box, "action_mask": Box}`` for ``encoding``.

    Every slot of the observation is at least 0; a slot without a bound in
    the encoding (scores, the hand number) is bounded by float32's largest
    number.
    """
    high = np.concatenate(
        [
            np.full(
                segment.size,
                _UNBOUNDED if segment.high is None else max(segment.high, 1),
                dtype=np.float32,
            )
            for segment in encoding.observations
        ]
    )
    return spaces.Dict(
        {
            "observation": spaces.Box(
                low=np.zeros(encoding.observation_size, dtype=np.float32),
                high=high,
                dtype=np.float32,
            ),
            "action_mask": spaces.Box(
                low=0, high=1, shape=(encoding.num_actions,), dtype=np.int8
            ),
        }
    )


def observation(encoding: Encoding, seen: PlayerView) -> Any:
    """The encoding of ``seen`` as a float32 array."""
    return np.asarray(encoding.observe(seen), dtype=np.float32)


def action_mask(encoding: Encoding, legal: dict[int, Any]) -> Any:
    """An int8 array with 1 at each index of ``legal``."""
    mask = np.zeros(encoding.num_actions, dtype=np.int8)
    if legal:
        mask[list(legal)] = 1
    return mask


def picture(seen: PlayerView) -> str:
    """A few lines of text showing the table as ``seen`` shows it."""
    names = [player.name for player in seen.players]
    if seen.step in (Step.DRAW, Step.PLAY, Step.CHOOSE):
        doing = {Step.DRAW: "to draw", Step.PLAY: "to play"}.get(
            seen.step, "to choose a phase"
        )
        status = f"hand {seen.hand_number}: {names[seen.current]} {doing}"
    elif seen.step is Step.HAND_OVER:
        status = f"hand {seen.hand_number} is over"
    else:
        winner = "nobody" if seen.winner is None else names[seen.winner]
        status = f"game over: {winner} won"
    lines = [status]
    for seat, player in enumerate(seen.players):
        laid = ", laid down" if player.laid_down else ""
        lines.append(
            f"  {player.name}: phase {seen.phase_number(seat)}, score {player.score}, "
            f"{player.hand_size} cards{laid}"
        )
    if seen.seat is not None:
        lines.append(f"  your hand: {format_cards(seen.hand)}")
    top = "empty" if seen.discard_top is None else str(seen.discard_top)
    lines.append(
        f"  discard pile: {top} ({seen.discard_size}), draw pile: {seen.draw_size}"
    )
    for index, meld in enumerate(seen.table):
        lines.append(
            f"  group {index} ({names[meld.owner]}): {format_cards(meld.cards)}"
        )
    return "\n".join(lines)
