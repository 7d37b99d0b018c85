"""One table of Phase 10 for the web example: people and bots, and no I/O.

The server (``server.py``) keeps one :class:`Table` and sends each seat
:meth:`Table.update`; the page under Pyodide (``static/offline.html``)
runs this same file in the browser. Only what a seat may see leaves a
table: its view (``phase10.view``), the pictures drawn from that view, its
legal moves and the events of the game as that seat is told them. Moves
come back as JSON text and are read with ``phase10.from_json``, which
checks them as ``from_dict`` does; a bad or illegal move is refused with
the library's reason and changes nothing.
"""

from __future__ import annotations

import json
import random
from collections.abc import Collection, Sequence
from typing import Any

import phase10
from phase10 import Action, Event, GameState, Step, svg
from phase10.bots import GreedyBot

LOG_LENGTH = 14
"""How many of the latest events each update tells."""


class Table:
    """A game at one table: the seats in ``people`` are played from pages,
    the others by bots.

    >>> table = Table(["Ann", "Bob"], people=[0], seed=5)
    >>> table.update(0)["view"]["seat"], table.automatic()
    (0, True)
    >>> table.move(0, '{"schema": "phase10/action", "version": 1, "type": "hit"}')
    "missing key 'card'"
    """

    def __init__(
        self,
        names: Sequence[str],
        people: Collection[int],
        *,
        seed: int | None = None,
        rules: phase10.Rules | None = None,
    ) -> None:
        self.state: GameState
        self.state, dealt = phase10.new_game_with_events(names, rules, seed=seed)
        self.names = [player.name for player in self.state.players]
        self.people = frozenset(people)
        seats = range(len(self.names))
        if not self.people <= set(seats):
            raise ValueError(f"people sit at seats 0 to {len(self.names) - 1}")
        rng = random.Random(self.state.seed)
        self.bots = {s: GreedyBot(random.Random(rng.getrandbits(64))) for s in seats}
        self.events: list[Event] = list(dealt)
        """Everything that happened, as the referee saw it, from the deal on."""

    def seat_problem(self, seat: object) -> str | None:
        """Why a page may not play ``seat``, or ``None`` if it may."""
        if not isinstance(seat, int) or seat not in range(len(self.names)):
            return f"there is no seat {seat!r} at this table"
        if seat not in self.people:
            return f"seat {seat} ({self.names[seat]}) is played by a bot"
        return None

    def update(self, seat: int | None) -> dict[str, Any]:
        """Everything seat ``seat`` is shown now, as a JSON-ready dict."""
        seen = phase10.view(self.state, seat)
        legal = _fewest_wilds_first(
            phase10.legal_actions(seen) if seen.is_my_turn else ()
        )
        told = [event.seen_by(seat) for event in self.events[-LOG_LENGTH:]]
        return {
            "type": "update",
            "seat": seat,
            "view": phase10.to_dict(seen),
            "legal": [phase10.to_dict(move) for move in legal],
            "notation": [move.notation for move in legal],
            "picture": svg.view(seen),
            "text": str(seen),
            "log": [_sentence(event.describe(self.names)) for event in told],
        }

    def update_json(self, seat: int | None) -> str:
        """:meth:`update` as JSON text (what the Pyodide page reads)."""
        return json.dumps(self.update(seat))

    def move(self, seat: int, text: str) -> str | None:
        """Make the move that the JSON ``text`` describes for ``seat``.

        Returns ``None`` when it is made, else the reason it is refused
        (and then nothing changes).
        """
        problem = self.seat_problem(seat)
        if problem is not None:
            return problem
        try:
            move = phase10.from_json(text, Action)
            if isinstance(move, phase10.NextHand):
                return (
                    "the table deals the next hand itself, after a pause for the scores"
                )
            self._apply(move, seat)
        except phase10.Phase10Error as error:
            return str(error)
        return None

    def automatic(self) -> bool:
        """Whether the next move is not a person's: a bot's turn, or dealing
        the next hand."""
        state = self.state
        if state.step is Step.HAND_OVER:
            return True
        return state.step is not Step.GAME_OVER and state.current not in self.people

    def play_automatic(self) -> None:
        """Make the next move that is not a person's (see :meth:`automatic`)."""
        if self.state.step is Step.HAND_OVER:
            self._apply(phase10.NextHand(), None)
        elif self.automatic():
            seat = self.state.current
            self._apply(self.bots[seat].choose(phase10.view(self.state, seat)), seat)

    def _apply(self, move: Action, seat: int | None) -> None:
        self.state, happened = phase10.apply_with_events(self.state, move, player=seat)
        self.events.extend(happened)


def _fewest_wilds_first(moves: Sequence[Action]) -> list[Action]:
    """``moves`` with the lays reordered among themselves, those spending
    the fewest Wilds first (the page offers the first lays as buttons), the
    other moves where they were."""
    reordered = list(moves)
    lays = [
        (place, move)
        for place, move in enumerate(reordered)
        if isinstance(move, phase10.LayPhase)
    ]
    fewest = sorted(
        lays, key=lambda lay: sum(c.is_wild for group in lay[1].groups for c in group)
    )
    for (place, _), (_, lay) in zip(lays, fewest, strict=True):
        reordered[place] = lay
    return reordered


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."
