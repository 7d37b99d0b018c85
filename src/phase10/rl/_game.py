"""One game as the adapters drive it: the state, its legal moves numbered
once a move, and each seat's observation array kept between moves."""

from __future__ import annotations

import random
from typing import Any, Final

from .._actions import Action
from .._flow import new_game
from .._legal import legal_actions
from .._memo import Memo, memo
from .._moves import apply_listed
from .._moves.next_hand import next_hand
from .._rules import Rules
from .._state import GameState, Step
from ..encoding import Encoding
from ._writer import ObservationWriter

__all__ = ["Game", "writer_for"]

_HAND_OVER: Final = Step.HAND_OVER
_GAME_OVER: Final = Step.GAME_OVER

_WRITERS: Final[Memo[Encoding, ObservationWriter]] = memo("rl._game.writers", 64)
"""The observation writer of each encoding (equal encodings share one)."""


def writer_for(encoding: Encoding) -> ObservationWriter:
    """The observation writer of ``encoding`` (made once an encoding)."""
    writer = _WRITERS.get(encoding)
    if writer is None:
        writer = _WRITERS.keep(encoding, ObservationWriter(encoding))
    return writer


class Game:
    """A game for ``encoding``'s table, dealt from a seed generator.

    ``legal`` numbers the moves of the player to move (empty once the game
    is over or ``max_moves`` moves were played); :meth:`observe` writes a
    seat's observation into that seat's array, touching only the pieces
    that changed since the seat's last observation.
    """

    __slots__ = (
        "arrays",
        "encoding",
        "legal",
        "max_moves",
        "memories",
        "moves",
        "number",
        "rules",
        "seeds",
        "slots",
        "state",
        "write",
        "writer",
    )

    def __init__(self, encoding: Encoding, max_moves: int, rows: Any = None) -> None:
        self.encoding = encoding
        self.rules: Rules = encoding.rules
        self.max_moves = max_moves
        self.writer = writer_for(encoding)
        self.write = self.writer.write
        self.number = encoding._number
        n = encoding.players
        # Each seat's array: its own, or row ``seat`` of ``rows`` (a float32
        # array of one row a seat, as a vector of games keeps in one block).
        made = (
            [self.writer.new_array() for _ in range(n)]
            if rows is None
            else [(row, memoryview(row)) for row in rows]
        )
        self.arrays = [array for array, _ in made]
        self.slots = [slots for _, slots in made]
        self.memories = [self.writer.memory() for _ in range(n)]
        self.seeds = random.Random()
        self.state: GameState | None = None
        self.moves = 0
        self.legal: dict[int, Action] = {}

    def reset(self, seed: int | None = None) -> GameState:
        """Deal a new game; ``seed`` restarts the generator of deals."""
        if seed is not None:
            self.seeds = random.Random(seed)
        n = self.encoding.players
        self.state = state = new_game(n, self.rules, seed=self.seeds.getrandbits(64))
        self.moves = 0
        self.memories = [self.writer.memory() for _ in range(n)]
        self.legal = self.encoding._number(legal_actions(state), state.current)
        return state

    def play(self, move: Action) -> GameState:
        """Play ``move`` (one of :attr:`legal`), deal the next hand if the
        hand is over, and number the next moves."""
        state = apply_listed(self.state, move)  # type: ignore[arg-type]
        self.moves += 1
        if state.step is _HAND_OVER:
            state = next_hand(state)
        self.state = state
        if state.step is _GAME_OVER or self.moves >= self.max_moves:
            self.legal = {}
        else:
            self.legal = self.number(legal_actions(state), state.current)
        return state

    def observe(self, seat: int) -> Any:
        """Seat ``seat``'s observation array, brought up to date (the array
        itself: copy it to keep it)."""
        array = self.arrays[seat]
        self.write(array, self.slots[seat], self.memories[seat], self.state, seat)  # type: ignore[arg-type]
        return array
