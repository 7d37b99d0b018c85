"""What every bot shares: the :class:`Bot` protocol, the view a bot may
choose from (its own seat's), the checks of a bot's arguments, and
:class:`RandomBot`, the simplest bot there is.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, Protocol, cast

from .._actions import Action
from .._errors import (
    GameOver,
    IllegalMove,
    NotYourTurn,
    RulesError,
    UsageError,
    is_whole,
    shown,
)
from .._events import EVENT_TYPES, Event
from .._legal import legal_actions
from .._state import GameState, Step
from .._view import PlayerView, view

__all__ = [
    "Bot",
    "RandomBot",
    "as_view",
    "count",
    "events",
    "random_source",
    "seconds",
    "whole",
]


class Bot(Protocol):
    """Anything that chooses a move from what its seat may see.

    A bot may also have either of two methods, which :func:`play_game` and
    :func:`tournament` call when it has them: ``observe(events)``, told the
    events of the deal and of every move as its seat may know them, and
    ``game_over(result)``, told the :class:`GameResult`.

    .. versionadded:: 0.1
    """

    def choose(self, seen: PlayerView) -> Action:
        """The move to make; ``seen`` is the view of the seat to move."""
        ...


_TURN_STEPS: Final = (Step.DRAW, Step.PLAY, Step.CHOOSE)
"""The steps in which one seat is to move, and only its view may choose."""


def as_view(seen: PlayerView | GameState) -> PlayerView:
    """The view to choose from: the mover's own. A bot given another seat's
    view would build its move from the wrong hand, so that is refused, in
    the Masters Edition's choosing step as in a turn (R20, R44)."""
    if isinstance(seen, GameState):
        return view(seen, seen.current)
    if not isinstance(seen, PlayerView):
        raise UsageError(
            "a bot chooses from a PlayerView (phase10.view(state, seat)) or a "
            f"GameState, not {shown(seen)}"
        )
    if seen.step in _TURN_STEPS and seen.seat != seen.current:
        whose = "a spectator's" if seen.seat is None else f"seat {seen.seat}'s"
        raise NotYourTurn(
            f"this is {whose} view, but it is seat {seen.current}'s turn: "
            "a bot chooses from the view of the seat to move",
            clause="R20",
        )
    return seen


def events(happened: object) -> tuple[Event, ...]:
    """``happened`` as a tuple of events, if it is a sequence of them, else
    a :class:`UsageError`."""
    if isinstance(happened, str) or not isinstance(happened, Sequence):
        raise UsageError(f"happened is a sequence of events, not {shown(happened)}")
    for event in happened:
        if not isinstance(event, EVENT_TYPES):
            raise UsageError(f"happened holds events only, not {shown(event)}")
    return tuple(happened)


def random_source(rng: object) -> random.Random:
    """A bot's source of randomness: ``rng``, or a fixed one for ``None``."""
    if rng is None:
        return random.Random(0)
    if not isinstance(rng, random.Random):
        raise UsageError(f"a bot's rng is a random.Random (or None), not {shown(rng)}")
    return rng


def whole(name: str, value: object) -> int:
    """``value`` if it is a whole number, else a :class:`UsageError`."""
    if not is_whole(value):
        raise UsageError(f"{name} is a whole number, not {shown(value)}")
    return cast(int, value)


def count(name: str, value: object, least: int) -> int:
    """``value`` if it is a whole number of at least ``least``: else a
    :class:`UsageError` for another type, a :class:`RulesError` (a
    ``ValueError``) for a number out of range."""
    number = whole(name, value)
    if number < least:
        raise RulesError(
            f"{name} is a whole number of at least {least}, not {shown(number)}"
        )
    return number


def seconds(name: str, value: object) -> float:
    """``value`` as a float if it is a number of seconds above 0 (and
    finite): else a :class:`UsageError` for another type, a
    :class:`RulesError` for a number out of range."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise UsageError(f"{name} is a number of seconds, not {shown(value)}")
    if not 0 < value < float("inf"):
        raise RulesError(f"{name} is a number of seconds above 0, not {shown(value)}")
    return float(value)


def share(name: str, value: object) -> float:
    """``value`` as a float if it is a number from 0 to 1: else a
    :class:`UsageError` for another type, a :class:`RulesError` for a number
    out of range (or not a number at all, such as NaN)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise UsageError(f"{name} is a number from 0 to 1, not {shown(value)}")
    if not 0 <= value <= 1:
        raise RulesError(f"{name} is a number from 0 to 1, not {shown(value)}")
    return float(value)


class RandomBot:
    """Plays a uniformly random legal move.

    .. versionadded:: 0.1
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = random_source(rng)

    def choose(self, seen: PlayerView | GameState) -> Action:
        """A random move from :func:`~phase10.legal_actions`."""
        seen = as_view(seen)
        if seen.step is Step.GAME_OVER:
            raise GameOver("the game is over", clause="R37")
        moves = legal_actions(seen)
        if not moves:  # only in a position no game reaches, built by hand
            raise IllegalMove("no move is legal in this position")
        return self.rng.choice(moves)
