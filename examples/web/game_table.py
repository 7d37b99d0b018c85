"""One table of Phase 10 for the web example: people and bots, and no I/O.

The server keeps a :class:`Table` per game (``lobby.py``) and its room
(``room.py``) sends each seat :meth:`Table.update`; the page under
Pyodide (``static/offline.html``) runs this same file in the browser.
Only what a seat may see leaves a table: its view (``phase10.view``), the
pictures drawn from that view, its legal moves and the events of the game
as that seat is told them. Moves come back as JSON text and are read with
``phase10.from_json``, which checks them as ``from_dict`` does; a bad or
illegal move is refused with the library's reason and changes nothing.

A table keeps its game's :class:`~phase10.GameRecord` as it goes, and
calls ``persist(number, move)`` with each move the engine accepts before
the move takes effect: a move ``persist`` cannot write is not made. The
server works a move out first (:meth:`Table.prepare`), writes it with
the other moves that arrived at the same time in one transaction, and
only then makes it (:meth:`Table.take`). :meth:`Table.resume` makes the
table again from a record (after a restart).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

import phase10
from phase10 import Action, Event, GameState, Step, analysis, svg
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
        persist: Callable[[int, Action], None] | None = None,
    ) -> None:
        self.state: GameState
        self.state, dealt = phase10.new_game_with_events(names, rules, seed=seed)
        self.names = [player.name for player in self.state.players]
        self.record = phase10.GameRecord(
            players=self.names, seed=self.state.seed, rules=self.state.rules
        )
        """The game so far: its seed and rules, and every move made."""
        self.persist = persist
        self.away: set[int] = set()
        """People's seats whose turns a bot plays until the person is back."""
        self.people = frozenset(people)
        seats = range(len(self.names))
        if not self.people <= set(seats):
            raise ValueError(f"people sit at seats 0 to {len(self.names) - 1}")
        rng = random.Random(self.state.seed)
        self.bots = {s: GreedyBot(random.Random(rng.getrandbits(64))) for s in seats}
        self.events: list[Event] = list(dealt)
        """Everything that happened, as the referee saw it, from the deal on."""

    @classmethod
    def resume(
        cls,
        record: phase10.GameRecord,
        people: Collection[int],
        *,
        persist: Callable[[int, Action], None] | None = None,
    ) -> Table:
        """The table of the game ``record`` holds, with its moves made again.

        A move the rules refuse raises :class:`~phase10.Phase10Error`.

        >>> table = Table(["Ann", "Bob"], people=[0], seed=5)
        >>> table.play_automatic()  # Bob, a bot, plays first
        >>> again = Table.resume(table.record, people=[0])
        >>> again.state == table.state and again.events == table.events
        True
        """
        table = cls(record.players, people, seed=record.seed, rules=record.rules)
        for move in record.actions:
            table._apply(move, None)
        table.persist = persist
        return table

    def seat_problem(self, seat: object) -> str | None:
        """Why a page may not play ``seat``, or ``None`` if it may."""
        if not isinstance(seat, int) or seat not in range(len(self.names)):
            return f"there is no seat {seat!r} at this table"
        if seat not in self.people:
            return f"seat {seat} ({self.names[seat]}) is played by a bot"
        return None

    def update(self, seat: int | None, *, narrow: bool = False) -> dict[str, Any]:
        """Everything seat ``seat`` is shown now, as a JSON-ready dict; with
        ``narrow``, the picture is laid out for a phone."""
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
            "picture": svg.view(seen, narrow=narrow),
            "text": str(seen),
            "log": [
                _sentence(_describe(event, seen.rules, self.names)) for event in told
            ],
            "moves": len(self.record.actions),
            "away": seat in self.away,
        }

    def hint(self, seat: int) -> dict[str, Any]:
        """What the Hint button shows seat ``seat``, worked out from its own
        view only (``phase10.analysis``): the phase, the outs, the odds
        within one to three draws and the moves advised, best first.

        >>> table = Table(["Ann", "Bob"], people=[0], seed=5)
        >>> shown = table.hint(0)
        >>> shown["type"], shown["phase"], shown["advice"]  # not Ann's turn
        ('hint', 1, [])
        """
        problem = self.seat_problem(seat)
        if problem is not None:
            return {"type": "refused", "reason": problem}
        return {"type": "hint", "seat": seat} | analysis.hint(
            phase10.view(self.state, seat)
        )

    def hint_json(self, seat: int) -> str:
        """:meth:`hint` as JSON text (what the Pyodide page reads)."""
        return json.dumps(self.hint(seat))

    def update_json(self, seat: int | None, narrow: bool = False) -> str:
        """:meth:`update` as JSON text (what the Pyodide page reads)."""
        return json.dumps(self.update(seat, narrow=narrow))

    def move(self, seat: int, text: str) -> str | None:
        """Make the move that the JSON ``text`` describes for ``seat``.

        Returns ``None`` when it is made, else the reason it is refused
        (and then nothing changes).
        """
        made = self.prepare(seat, text)
        if isinstance(made, str):
            return made
        if self.persist is not None:
            self.persist(made.number, made.move)
        self.take(made)
        return None

    def prepare(self, seat: int, text: str) -> Made | str:
        """The move the JSON ``text`` describes for ``seat``, worked out and
        not yet made (see :meth:`take`), or the reason it is refused."""
        problem = self.seat_problem(seat)
        if problem is not None:
            return problem
        if seat in self.away:
            return "a bot is playing for you while you are away: press I'm back first"
        try:
            move = phase10.from_json(text, Action)
            if isinstance(move, phase10.NextHand):
                return (
                    "the table deals the next hand itself, after a pause for the scores"
                )
            return self._made(move, seat)
        except phase10.Phase10Error as error:
            return str(error)

    def prepare_automatic(self) -> Made | None:
        """The next move that is not a person's (see :meth:`automatic`),
        worked out and not yet made, or ``None`` if the next is a person's."""
        if self.state.step is Step.HAND_OVER:
            return self._made(phase10.NextHand(), None)
        if not self.automatic():
            return None
        seat = self.state.current
        return self._made(self.bots[seat].choose(phase10.view(self.state, seat)), seat)

    def take(self, made: Made) -> None:
        """Make ``made``, worked out by :meth:`prepare` on this very state
        (a server writes it to its store in between)."""
        if made.number != len(self.record.actions):
            raise ValueError(f"move {made.number} was worked out on another state")
        self.state, self.record = made.state, self.record.then(made.move)
        self.events.extend(made.happened)

    def automatic(self) -> bool:
        """Whether the next move is not a person's: a bot's turn (a person
        who is away counts as a bot), or dealing the next hand."""
        state = self.state
        if state.step is Step.HAND_OVER:
            return True
        person = state.current in self.people and state.current not in self.away
        return state.step is not Step.GAME_OVER and not person

    def play_automatic(self) -> None:
        """Make the next move that is not a person's (see :meth:`automatic`)."""
        made = self.prepare_automatic()
        if made is not None:
            if self.persist is not None:
                self.persist(made.number, made.move)
            self.take(made)

    def _apply(self, move: Action, seat: int | None) -> None:
        made = self._made(move, seat)
        if self.persist is not None:
            self.persist(made.number, move)
        self.take(made)

    def _made(self, move: Action, seat: int | None) -> Made:
        state, happened = phase10.apply_with_events(self.state, move, player=seat)
        return Made(move, len(self.record.actions), state, tuple(happened))


@dataclass(frozen=True)
class Made:
    """A move worked out on a table's state and not yet made: the move, its
    number in the game, the state after it and what happened."""

    move: Action
    number: int
    state: GameState
    happened: tuple[Event, ...]


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


def _describe(event: Event, rules: phase10.Rules, names: Sequence[str]) -> str:
    """The event's words; a phase chosen (R44) or declared (R45) is told
    with what the phase asks for."""
    text = event.describe(names)
    if isinstance(event, phase10.PhaseChosen):
        if rules.phase_choice is phase10.PhaseChoice.DECLARED:
            text = text.replace(" chooses ", " declares ", 1)
        text += f" ({rules.phases[event.phase - 1]})"
    return text


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."
