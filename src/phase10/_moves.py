"""The table of moves: each kind of move registered once.

A row ties a move record (:class:`Draw`, :class:`Hit`, ...) to its judge
(the ``verify_…`` function that raises what the move would raise) and its
builder (the transition, which also tells what it did as events). The
record itself carries its JSON name (``Draw.name``) and its notation
(``action.notation``, read back by :func:`parse_action`). :func:`apply`,
:func:`apply_with_events`, :func:`events` and the legality checks all look
moves up here, so no code branches on the kind of move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final

import attrs

from ._actions import (
    MOVE_TYPES,
    Action,
    ChoosePhase,
    Discard,
    Draw,
    DrawSaved,
    Hit,
    LayPhase,
    NextHand,
    Save,
    Skip,
    SwapWild,
)
from ._cards import Card
from ._errors import (
    FormatError,
    NoSuchSeat,
    Phase10Error,
    UsageError,
    seat_problem,
    seat_type_error,
    shown,
)
from ._events import Event
from ._flow import (
    Log,
    check_game,
    next_hand_candidates,
    play_next_hand,
    seats_from,
    verify_next_hand,
)
from ._hits import hit_candidates
from ._immutable import Immutable
from ._masters import (
    choose_candidates,
    draw_saved_candidates,
    play_choose_phase,
    play_draw_saved,
    play_save,
    save_candidates,
    verify_choose_phase,
    verify_draw_saved,
    verify_save,
)
from ._rules import PhaseChoice, Rules
from ._state import GameState, Step
from ._swap import play_swap_wild, swap_candidates, verify_swap_wild
from ._transitions import (
    draw_candidates,
    lay_candidates,
    play_draw,
    play_hit,
    play_lay_phase,
    verify_draw,
    verify_hit,
    verify_lay_phase,
)
from ._turn_end import (
    discard_candidates,
    play_discard,
    play_skip,
    skip_candidates,
    verify_discard,
    verify_skip,
)

__all__ = [
    "MOVES",
    "MoveKind",
    "apply",
    "apply_with_events",
    "check_move_kinds",
    "events",
    "judge",
]


@attrs.frozen
class MoveKind(Immutable):
    """One kind of move: its record, its judge, its builder and the listing
    of the moves of its kind that the judge allows now."""

    record: type[Action]
    """The move's record; it carries its JSON name (``name``), its notation
    (``notation``, ``verbs``, ``words``) and its reader (``from_notation``)."""
    judge: Callable[[GameState, Any, int | None], object]
    """Raises the move's :class:`IllegalMove`, else returns (what it returns
    is the judge's own: the groups' shapes of a lay, the grown group of a hit)."""
    play: Callable[[GameState, Any, int | None, Log], GameState]
    """Judges, then builds the next state, adding the move's events to the log."""
    candidates: Callable[[GameState, tuple[Card, ...]], Sequence[Action]]
    """``candidates(state, faces)``: every move of this kind its judge allows
    now, in :func:`~phase10.legal_actions`'s order; ``faces`` are the
    distinct cards of the hand of the player to move, in index order."""
    steps: tuple[Step, ...]
    """The steps of a turn or game in which a move of this kind may be made:
    its candidates are listed only then."""
    offered: Callable[[Rules], bool] = lambda rules: True
    """Whether rules let a move of this kind be made at all (a Save only
    where cards are saved): its candidates are listed only under rules for
    which this is true. It repeats the first check of ``candidates``, which
    lists nothing under other rules, so that a listing under the official
    rules does not ask the editions' moves at every turn."""


MOVES: Final[Mapping[type, MoveKind]] = MappingProxyType(
    {
        row.record: row
        for row in (
            MoveKind(
                Draw,
                lambda s, a, p: verify_draw(s, a.source, player=p),
                lambda s, a, p, log: play_draw(s, a.source, p, log),
                draw_candidates,
                (Step.DRAW,),
            ),
            MoveKind(
                LayPhase,
                lambda s, a, p: verify_lay_phase(s, a.groups, player=p),
                lambda s, a, p, log: play_lay_phase(s, a.groups, p, log),
                lay_candidates,
                (Step.PLAY,),
            ),
            MoveKind(
                Hit,
                lambda s, a, p: verify_hit(s, a.card, a.meld, end=a.end, player=p),
                lambda s, a, p, log: play_hit(s, a.card, a.meld, a.end, p, log),
                hit_candidates,
                (Step.PLAY,),
            ),
            MoveKind(
                Discard,
                lambda s, a, p: verify_discard(s, a.card, player=p),
                lambda s, a, p, log: play_discard(s, a.card, p, log),
                discard_candidates,
                (Step.PLAY,),
            ),
            MoveKind(
                Skip,
                lambda s, a, p: verify_skip(s, a.target, player=p),
                lambda s, a, p, log: play_skip(s, a.target, p, log),
                skip_candidates,
                (Step.PLAY,),
            ),
            MoveKind(
                NextHand,
                lambda s, a, p: verify_next_hand(s, player=p),
                lambda s, a, p, log: play_next_hand(s, None, p, log),
                next_hand_candidates,
                (Step.HAND_OVER,),
            ),
            MoveKind(
                ChoosePhase,
                lambda s, a, p: verify_choose_phase(s, a.phase, player=p),
                lambda s, a, p, log: play_choose_phase(s, a.phase, p, log),
                choose_candidates,
                (Step.CHOOSE, Step.PLAY),
                lambda rules: rules.phase_choice is not PhaseChoice.IN_ORDER,
            ),
            MoveKind(
                DrawSaved,
                lambda s, a, p: verify_draw_saved(s, a.card, player=p),
                lambda s, a, p, log: play_draw_saved(s, a.card, p, log),
                draw_saved_candidates,
                (Step.DRAW,),
            ),
            MoveKind(
                Save,
                lambda s, a, p: verify_save(s, a.card, player=p),
                lambda s, a, p, log: play_save(s, a.card, p, log),
                save_candidates,
                (Step.PLAY,),
                lambda rules: rules.saves_per_hand > 0,
            ),
            MoveKind(
                SwapWild,
                lambda s, a, p: verify_swap_wild(s, a.card, a.meld, player=p),
                lambda s, a, p, log: play_swap_wild(s, a.card, a.meld, p, log),
                swap_candidates,
                (Step.PLAY,),
                lambda rules: rules.swap_wilds,
            ),
        )
    }
)
"""Every kind of move, by its record class, in the order of a turn (the
order :func:`~phase10.legal_actions` lists them in)."""


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
            f"{shown(action)} is not a move: a move is a Draw, LayPhase, Hit, "
            "Discard, Skip, NextHand, ChoosePhase, DrawSaved, Save or SwapWild record"
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
        deck = _dealt_from(after)
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


_DEALT_STEPS: Final = (Step.DRAW, Step.CHOOSE)


def _dealt_from(after: GameState) -> tuple[Card, ...] | None:
    """The deck order a freshly dealt ``after`` was dealt from, or ``None``.

    Nobody has drawn yet (the players may be choosing their phases, R44),
    so the hands, the starter and the draw pile give the order back: one
    card at a time to each player from the dealer's left.
    """
    if after.step not in _DEALT_STEPS or len(after.discard_pile) != 1:
        return None
    seats = seats_from(after, after.dealer)
    hands = [after.players[seat].hand for seat in seats]
    size = after.rules.hand_size
    if any(len(hand) != size for hand in hands):
        return None
    dealt = [hands[i % len(seats)][i // len(seats)] for i in range(size * len(seats))]
    return (*dealt, after.discard_pile[0], *after.draw_pile)
