"""The moves' wing: one module for each kind of move, and the table of moves.

Each kind of move has its own module here, and each holds the same four
parts, in the same order: its judge (``verify_x``, which raises the
:class:`~phase10.IllegalMove` the move would raise and changes nothing),
its builder (``play_x``, which calls the judge, builds the next state and
tells what happened as events), the public move (``x``, the builder with no
log) and the listing of the moves of its kind that the judge allows now
(``x_candidates``); last, its row of the table (``ROW``). What the kinds
share is written once, in :mod:`._kernel`.

This package gathers the rows in the order of a turn into :data:`MOVES`.
:func:`apply`, :func:`apply_with_events`, :func:`events`, :func:`judge` and
the listing of legal moves look moves up in that table, so no code of the
engine branches on the kind of move. A new kind of move is one new module
here, with its record, its event, its block of the encoding and its
exports (see the design guide).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Final

from .._actions import MOVE_CLASSES, MOVE_TYPES, Action, NextHand
from .._errors import (
    FormatError,
    NoSuchSeat,
    Phase10Error,
    UsageError,
    seat_problem,
    seat_type_error,
    shown,
)
from .._events import Event
from .._flow import dealt_from
from .._state import GameState
from . import (
    choose_phase,
    discard,
    draw,
    draw_saved,
    hit,
    lay,
    next_hand,
    save,
    skip,
    swap_wild,
)
from ._kernel import MoveKind, check_game
from .next_hand import play_next_hand

__all__ = [
    "MOVES",
    "MoveKind",
    "apply",
    "apply_listed",
    "apply_with_events",
    "check_move_kinds",
    "events",
    "judge",
]

MOVES: Final[Mapping[type, MoveKind]] = MappingProxyType(
    {
        kind.ROW.record: kind.ROW
        for kind in (
            draw,
            lay,
            hit,
            discard,
            skip,
            next_hand,
            choose_phase,
            draw_saved,
            save,
            swap_wild,
        )
    }
)
"""Every kind of move, by its record class, in the order of a turn (the
order :func:`~phase10.legal_actions` lists them in): each row is the
``ROW`` at the end of the kind's own module."""


def check_move_kinds(rows: Iterable[MoveKind], records: tuple[type, ...]) -> None:
    """Raise :class:`ImportError` naming what is missing unless ``rows`` give
    every kind of move of ``records``, in order, all of its parts: a judge,
    a builder, a listing of candidates, a JSON name, and a notation with its
    reader. Run when the package is imported, so that a kind of move left
    half made fails at once, not in a game."""
    rows = tuple(rows)
    if tuple(row.record for row in rows) != records:
        raise ImportError(
            "the table of moves must list every move record, in order: "
            f"{[r.__name__ for r in records]}"
        )
    for row in rows:
        record = row.record
        missing = [
            part
            for part, present in (
                ("judge", callable(row.judge)),
                ("builder", callable(row.play)),
                ("candidates", callable(row.candidates)),
                ("name", isinstance(getattr(record, "name", None), str)),
                ("notation", isinstance(getattr(record, "notation", None), property)),
                ("from_notation", callable(getattr(record, "from_notation", None))),
                ("verbs", bool(getattr(record, "verbs", None))),
                ("_from_words", callable(getattr(record, "_from_words", None))),
            )
            if not present
        ]
        if missing:
            raise ImportError(f"the move {record.__name__} lacks: {', '.join(missing)}")


check_move_kinds(MOVES.values(), MOVE_TYPES)

_ROWS: Final[dict[type, MoveKind]] = dict(MOVES)


def _row(action: object) -> MoveKind:
    row = _ROWS.get(type(action))
    if row is None:
        raise UsageError(
            f"{shown(action)} is not a move: a move is a {MOVE_CLASSES} record"
        )
    return row


def judge(state: GameState, action: Action, *, player: int | None = None) -> object:
    """Raise what :func:`apply` would raise for ``action``; else return what
    the move's judge found."""
    return _row(action).judge(state, action, player)


def apply(state: GameState, action: Action, *, player: int | None = None) -> GameState:
    """Make the move ``action`` describes; the same as calling its function.

    >>> from phase10 import Draw, new_game, parse_action
    >>> game = new_game(["Ann", "Bob"], seed=1)
    >>> apply(game, parse_action("D")).step.name
    'PLAY'

    .. versionadded:: 0.1
    """
    row = _ROWS.get(type(action))
    if row is None:
        row = _row(action)  # raises
    return row.play(state, action, player, None)


def apply_listed(state: GameState, action: Action) -> GameState:
    """:func:`apply` of a move that :func:`~phase10.legal_actions` listed for
    this very ``state``, by the seat to move: the moves whose kind has a
    trusted builder (:attr:`MoveKind.trusted`) skip their judge, which the
    listing has asked. For loops that play only listed moves (a learner's
    environment, a bot's play-outs); a move from anywhere else must go
    through :func:`apply`, which judges it. The tests play every listed
    move of seeded games both ways and compare the states."""
    row = _ROWS[action.__class__]
    trusted = row.trusted
    if trusted is None:
        return row.play(state, action, None, None)
    return trusted(state, action)


def apply_with_events(
    state: GameState, action: Action, *, player: int | None = None
) -> tuple[GameState, tuple[Event, ...]]:
    """Make the move and tell what it did: the new state and its events.

    The events come from the move itself, in the order they happened: the
    move's own event, then lost turns, a reshuffle, the end of the hand and
    of the game. They are told as a referee sees them, card drawn included,
    so like the state they are secret as a whole: tell a seat
    ``event.seen_by(seat)`` of each.

    >>> from phase10 import Draw, new_game
    >>> game = new_game(["Ann", "Bob"], seed=1)
    >>> after, happened = apply_with_events(game, Draw())
    >>> [e.describe(["Ann", "Bob"]) for e in happened]
    ['Bob draws Y1 from the draw pile']
    >>> [e.seen_by(0).describe(["Ann", "Bob"]) for e in happened]
    ['Bob draws a card from the draw pile']

    .. versionadded:: 0.1
    """
    log: list[Event] = []
    after = _row(action).play(state, action, player, log)
    return after, tuple(log)


def events(
    before: GameState,
    action: Action,
    after: GameState,
    *,
    seat: int | None = None,
    reveal_all: bool = False,
) -> tuple[Event, ...]:
    """The events of the move ``action`` that took ``before`` to ``after``.

    The events are told as ``seat`` may know them: a card drawn from the
    draw pile is named to its drawer alone. ``seat=None`` is a spectator, as
    for :func:`view`, who is told no private card. ``reveal_all=True`` tells
    everything, for a referee or a log that no player reads; it cannot be
    combined with a seat. A program that makes the move itself gets the
    same events from :func:`apply_with_events`.

    Raises :class:`FormatError` when ``after`` is not the state that
    ``action`` leads to from ``before`` (a next hand may have been dealt
    from any deck order), :class:`NoSuchSeat` for a seat not at the table,
    and the move's own :class:`IllegalMove` when ``action`` is not legal in
    ``before``.

    >>> from phase10 import Draw, apply, new_game
    >>> game = new_game(["Ann", "Bob"], seed=1)
    >>> after = apply(game, Draw())
    >>> [e.describe(["Ann", "Bob"]) for e in events(game, Draw(), after, seat=0)]
    ['Bob draws a card from the draw pile']

    .. versionadded:: 0.1
    """
    if reveal_all is not True and reveal_all is not False:
        # It opens every secret: only a real True may do that.
        raise UsageError(
            f"events: reveal_all must be True or False, not {shown(reveal_all)}"
        )
    if reveal_all and seat is not None:
        raise FormatError(
            "events: reveal_all tells everything, so it takes no seat "
            f"(not {shown(seat)})"
        )
    check_game(before)
    if not isinstance(after, GameState):
        raise UsageError(f"events: after is a GameState, not {shown(after)}")
    if seat is not None:
        wrong = seat_type_error(seat, optional=True)
        if wrong is not None:
            raise wrong
        problem = seat_problem(seat, len(before.players), optional=True)
        if problem is not None:
            raise NoSuchSeat(f"events: {problem} (None for a spectator)", clause="R3")
    found = _replayed(before, action, after)
    if reveal_all:
        return found
    return tuple(event.seen_by(seat) for event in found)


def _replayed(before: GameState, action: Action, after: GameState) -> tuple[Event, ...]:
    """The events of ``action`` from ``before``, checked to lead to ``after``."""
    made, found = apply_with_events(before, action)
    if made == after:
        return found
    if isinstance(action, NextHand) and isinstance(after, GameState):
        deck = dealt_from(after)
        if deck is not None:
            log: list[Event] = []
            try:
                dealt: GameState | None = play_next_hand(before, deck, None, log)
            except Phase10Error:  # any refusal means it does not follow
                dealt = None
            if dealt == after:
                return tuple(log)
    raise FormatError(
        f"events: after is not the state that {action} leads to from before"
    )
