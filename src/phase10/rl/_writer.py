"""Observations written straight into NumPy arrays, from the game state.

:meth:`phase10.encoding.Encoding.observe` builds a view, then fills every
piece of :data:`~phase10.encoding._observations.PIECES` as a list, one
function a piece. A learner asks for an observation at every move, so the
adapters write it instead into an array kept for each seat, with one
function made for the encoding's layout (as the view's copiers are):

- the small pieces (the step, the piles' sizes, each seat's counts) are
  written at every call, all of them in one slice;
- the larger ones (the hand, the discard pile's top, the known cards, the
  phases, the groups on the table) are written only when what they are made
  of has changed since the array's last call (compared by value, which for
  the state's immutable tuples is mostly by identity);
- a piece this module has no fast form for is filled by the table's own
  function from a view, so a new piece is right before it is fast.

The values come from the state, not a view: each expression below reads
only what the seat's view shows (its own hand and save pile; the others'
public facts), and the tests check the array against
:meth:`~phase10.encoding.Encoding.observe` of the view, piece by piece, over
seeded games under every preset, and against a twin with the hidden cards
dealt again.
"""

from __future__ import annotations

import array
import struct
from collections.abc import Callable
from typing import Any, Final, cast

import numpy as np

from .._cards import FACE_COUNT, Card
from .._codegen import make_function
from .._state import GameState, Step
from .._view import PlayerView, view
from ..encoding import Encoding
from ..encoding._observations import PIECES, Seen, Sizes, _steps

__all__ = ["COUNTED", "FAST_KEYED", "INLINE", "ONE_CARD", "ObservationWriter"]

INLINE: Final[dict[str, str]] = {
    "step": "*STEPS[state.step]",
    "to_move": "seat == state.current and state.step in TURN",
    "pile_sizes": "len(state.draw_pile), len(state.discard_pile)",
    "hand_number": "state.hand_number",
    "laid_this_turn": "state.laid_this_turn",
    "tiebreak": "state.tiebreak",
    "hand_size": "len({p}.hand)",
    "completed": "{p}.completed",
    "laid_down": "{p}.laid_down",
    "score": "{p}.score",
    "skips_pending": "{p}.skips_pending",
    "current": "*at[state.current]",
    "dealer": "*at[state.dealer]",
    "winner": "*at[state.winner]",
    "went_out": "*at[state.went_out]",
    "contender": "{s} in state.contenders",
    "hand_points": (
        "*(ZEROS if state.hand_points is None "
        "else [state.hand_points[s] for s in seats])"
    ),
    "saved_size": "len({p}.saved)",
    "saved_now": "{p}.saved_now",
}
"""The pieces written at every call: an expression of the state giving the
piece's values as items of a list (``state``, the seat ``seat``, ``seats``
the seats counted from it, ``at`` a one-hot row by seat); one with ``{p}``
(the player of a row) or ``{s}`` (its seat) is written once a row, ``p0``,
``p1``... and ``s0``, ``s1``... in the function, so that no comprehension
runs for it."""

_GROUP_KEY: Final = ("state.table", None)

COUNTED: Final[dict[str, Callable[[int], list[str]]]] = {
    "hand": lambda n: ["me.hand"],
    "known": lambda n: [f"p{row}.known" for row in range(n)],
}
"""The pieces that count cards by face, a row of :data:`FACE_COUNT` slots
for each expression: when a row's cards change (a new tuple), the counts
of the old cards are taken off and the new ones added, slot by slot."""

ONE_CARD: Final[dict[str, str]] = {
    "discard_top": "state.discard_pile[0] if state.discard_pile else None",
}
"""The pieces with a 1 at one card's face (or none): two slots change."""

FAST_KEYED: Final[dict[str, tuple[str, str | None]]] = {
    "phase": ("state.tiebreak, {p}.completed, {p}.active", None),
    "group_present": _GROUP_KEY,
    "group_owner": _GROUP_KEY,
    "group_kind": _GROUP_KEY,
    "group_number": _GROUP_KEY,
    "group_color": _GROUP_KEY,
    "group_low": _GROUP_KEY,
    "group_high": _GROUP_KEY,
    "group_size": _GROUP_KEY,
    "phases_done": ("{p}.completed, {p}.phases_done", None),
    "active_phase": ("{p}.active", None),
    "saved": ("{p}.saved", "_saved(state, seat, seats, HIDDEN)"),
}
"""The pieces written when they change: the expression they are made of
(``key``), and an expression of their values, or ``None`` for the table's
own function applied to the state (for pieces that read only fields the
state and the view both have, with the same meaning: the view copies
them by name). A key with ``{p}`` is the items of a tuple, those with
``{p}`` written out once a row (``p0.active, p1.active``), so that no
comprehension runs for it; any other key is one expression."""

_UNSEEN: Final = object()
"""What an array's memory holds before its first write: equal to nothing."""


def _counts(cards: tuple[Card, ...]) -> list[int]:
    counts = [0] * FACE_COUNT
    for card in cards:
        counts[card.index] += 1
    return counts


def _recount(
    slots: Any, start: int, old: tuple[Card, ...], new: tuple[Card, ...]
) -> None:
    """Turn the counts of ``old`` at ``slots[start:]`` into those of ``new``,
    for the changes the writer's own lines do not count (a card drawn, the
    card now on the discard pile played: see :meth:`ObservationWriter._counted`).

    A hand mostly changes by one card between two observations of its
    seat: one played elsewhere (the first copy taken out, the others in
    order) is found by comparing the tuples, which compares the cards by
    identity first. Else every count of ``old`` is taken off and every
    count of ``new`` added.
    """
    kept = len(old)
    if len(new) == kept - 1:
        at = 0
        for card, other in zip(old, new):  # noqa: B905 (new is one shorter)
            if card is not other:
                break
            at += 1
        if old[at + 1 :] == new[at:]:
            slots[start + old[at].index] -= 1
            return
    for card in old:
        slots[start + card.index] -= 1
    for card in new:
        slots[start + card.index] += 1


def _saved(state: GameState, seat: int, seats: list[int], hidden: bool) -> list[int]:
    """Each save pile as the seat's view shows it: its own always, the
    others' only when saved cards are face up (R48)."""
    values: list[int] = []
    players = state.players
    for other in seats:
        shown = other == seat or not hidden
        values += _counts(players[other].saved if shown else ())
    return values


def _state_seen(state: GameState, seat: int, sizes: Sizes) -> Seen:
    """A :class:`Seen` over the state itself, for the pieces whose own
    function reads only fields the state and the view share."""
    n = sizes.players
    seen = Seen.__new__(Seen)
    seen.view = cast(PlayerView, state)
    seen.sizes = sizes
    seen.melds = sizes.melds
    seen.groups = None
    seen.seats = [(seat + offset) % n for offset in range(n)]
    seen.rows = cast(Any, [state.players[s] for s in seen.seats])
    return seen


class ObservationWriter:
    """Writes seat ``seat``'s observation of a state into a float32 array,
    equal to ``encoding.observe(view(state, seat))``:
    ``write(out, slots, memory, state, seat)``, where ``out`` is a NumPy
    array and ``slots`` an ``array.array("f")`` over the same memory (the
    slot-by-slot writes go there: Python writes its items faster than
    NumPy's), as :meth:`new_array` makes them.

    Each array has a *memory* (:meth:`memory`): what its slowly changing
    pieces were last made of. Keep one memory per array, and pass a fresh
    one when the array was written by anything else.
    """

    def __init__(self, encoding: Encoding) -> None:
        self.encoding = encoding
        self.sizes = encoding._sizes()
        n = encoding.players
        steps = _steps(encoding.rules)
        self.namespace: dict[str, Any] = {
            "STEPS": {step: [int(step is shown) for shown in steps] for step in Step},
            "TURN": (Step.DRAW, Step.PLAY, Step.CHOOSE),
            "ZEROS": [0] * n,
            "HIDDEN": encoding.rules.saved_cards_hidden,
            "SEATS": [[(seat + k) % n for k in range(n)] for seat in range(n)],
            "AT": [self._one_hot_rows(seat, n) for seat in range(n)],
            "UNSEEN": _UNSEEN,
            "_saved": _saved,
            "_recount": _recount,
            "_state_seen": _state_seen,
            "_view_seen": self._view_seen,
            "SIZES": self.sizes,
        }
        self.keys = 0
        self.slow: list[str] = []
        """The pieces filled from a view (no fast form here)."""
        self.source = "\n".join(
            [
                "def write(out, slots, memory, state, seat):",
                "    players = state.players",
                "    seats = SEATS[seat]",
                f"    {', '.join(f's{k}' for k in range(n))}, = seats",
                *(f"    p{k} = players[s{k}]" for k in range(n)),
                "    me = p0",
                "    at = AT[seat]",
                "    o = None",
                *self._lines(),
                "",
            ]
        )
        self.write: Callable[[Any, Any, list[object], GameState, int], None] = (
            make_function(self.source, "write", self.namespace, "observation writer")
        )

    def _lines(self) -> list[str]:
        """The body of the function: each piece of the layout in turn."""
        rules = self.encoding.rules
        pieces = [piece for piece in PIECES if piece.is_in(rules)]
        lines: list[str] = []
        run: list[str] = []
        run_start = 0
        last_key: str | None = None
        for piece, segment in zip(pieces, self.encoding.observations, strict=True):
            name, start, stop = piece.name, segment.start, segment.stop
            if name != segment.name:  # pragma: no cover - a layout bug
                raise AssertionError(f"{name} is not {segment.name}")
            if name in INLINE:
                if not run:
                    run_start = start
                values = INLINE[name]
                if "{" in values:
                    values = self._per_row(values)
                run.append(values)
                continue
            if run:
                lines.append(self._packed(run, run_start, start))
                run = []
            if name not in FAST_KEYED:
                last_key = None
            if name in COUNTED:
                for row, cards in enumerate(COUNTED[name](self.encoding.players)):
                    lines += self._counted(cards, start + row * FACE_COUNT)
            elif name in ONE_CARD:
                lines += self._one_card(ONE_CARD[name], start, stop)
            elif name in FAST_KEYED:
                key, fill = FAST_KEYED[name]
                lines += self._keyed(key, fill, piece.fill, start, stop, last_key)
                last_key = key
            else:
                self.slow.append(name)
                fill_name = self._name(piece.fill)
                lines.append(
                    f"    out[{start}:{stop}] = {fill_name}(_view_seen(state, seat))"
                )
        if run:
            lines.append(self._packed(run, run_start, self.encoding.observation_size))
        return lines

    def _packed(self, values: list[str], start: int, stop: int) -> str:
        """The line that writes a run of pieces written at every call: their
        values packed straight into the slots as float32 (one call, no list
        made of them)."""
        pack = self._name(struct.Struct(f"={stop - start}f").pack_into)
        return f"    {pack}(slots, {4 * start}, {', '.join(values)})"

    def _key(self, key: str) -> str:
        """The expression of a key of :data:`FAST_KEYED`, its ``{p}`` items
        written out once a row."""
        if "{p}" not in key:
            return key
        items = key.split(", ")
        once = [item for item in items if "{p}" not in item]
        each = ", ".join(item for item in items if "{p}" in item)
        return f"({', '.join([*once, self._per_row(each)])},)"

    def _per_row(self, template: str) -> str:
        """``template`` written out once a row, ``{p}`` the row's player
        (``p0``, ``p1``...) and ``{s}`` its seat (``s0``, ``s1``...)."""
        rows = range(self.encoding.players)
        return ", ".join(template.format(p=f"p{k}", s=f"s{k}") for k in rows)

    def _name(self, value: object) -> str:
        """A name for ``value`` in the function's namespace."""
        name = f"VALUE_{len(self.namespace)}"
        self.namespace[name] = value
        return name

    def _slot(self) -> int:
        self.keys += 1
        return self.keys - 1

    def _counted(self, cards: str, start: int) -> list[str]:
        slot = self._slot()
        return [
            f"    key = {cards}",
            f"    old = memory[{slot}]",
            "    if key is not old:",
            f"        memory[{slot}] = key",
            "        if old is UNSEEN:",
            f"            out[{start}:{start + FACE_COUNT}] = 0",
            "            old = ()",
            # The changes of most calls are counted here, with no call: a
            # card drawn (added at the end), or the card now on top of the
            # discard pile played (its first copy taken out).
            "        kept = len(old)",
            "        if len(key) == kept + 1 and key[:kept] == old:",
            f"            slots[{start} + key[kept].index] += 1",
            "        elif (",
            "            len(key) == kept - 1",
            "            and state.discard_pile",
            "            and (top := state.discard_pile[0]) in old",
            "            and key == old[: (cut := old.index(top))] + old[cut + 1 :]",
            "        ):",
            f"            slots[{start} + top.index] -= 1",
            "        else:",
            f"            _recount(slots, {start}, old, key)",
        ]

    def _one_card(self, card: str, start: int, stop: int) -> list[str]:
        slot = self._slot()
        return [
            f"    key = {card}",
            f"    old = memory[{slot}]",
            "    if key is not old:",
            f"        memory[{slot}] = key",
            "        if old is UNSEEN:",
            f"            out[{start}:{stop}] = 0",
            "        elif old is not None:",
            f"            slots[{start} + old.index] = 0",
            "        if key is not None:",
            f"            slots[{start} + key.index] = 1",
        ]

    def _keyed(
        self,
        key: str,
        fill: str | None,
        own: Callable[[Seen], list[int]],
        start: int,
        stop: int,
        last_key: str | None,
    ) -> list[str]:
        lines = []
        if key != last_key:  # pieces made of the same thing: one check
            slot = self._slot()
            lines += [
                f"    key = {self._key(key)}",
                f"    if key != memory[{slot}]:",
                f"        memory[{slot}] = key",
            ]
        if fill is not None:
            return [*lines, f"        out[{start}:{stop}] = {fill}"]
        return [
            *lines,
            "        if o is None:",
            "            o = _state_seen(state, seat, SIZES)",
            f"        out[{start}:{stop}] = {self._name(own)}(o)",
        ]

    @staticmethod
    def _one_hot_rows(seat: int, n: int) -> dict[int | None, list[int]]:
        rows: dict[int | None, list[int]] = {None: [0] * n}
        for other in range(n):
            rows[other] = [int((other - seat) % n == row) for row in range(n)]
        return rows

    def _view_seen(self, state: GameState, seat: int) -> Seen:
        return Seen(view(state, seat), self.sizes)

    def memory(self) -> list[object]:
        """A fresh memory for an array: nothing written yet."""
        return [_UNSEEN] * self.keys

    def new_array(self) -> tuple[Any, Any]:
        """A zero array for one observation: as NumPy sees it, and as the
        ``array.array`` over the same memory."""
        slots = array.array("f", bytes(4 * self.encoding.observation_size))
        return np.frombuffer(slots, dtype=np.float32), slots
