"""Games, views, rules and moves as plain data and JSON text, and back (R41).

Four functions cover every kind of document, in the manner of
:func:`attrs.asdict` and :mod:`cattrs`:

- :func:`to_dict` and :func:`to_json` write a :class:`~phase10.GameState`,
  a :class:`~phase10.PlayerView`, a :class:`~phase10.Rules`, a move record
  (:class:`~phase10.Draw`, :class:`~phase10.LayPhase`, ...), a
  :class:`~phase10.GameRecord` or an event (:class:`~phase10.CardDrawn`,
  ...);
- :func:`from_dict` and :func:`from_json` read one back, given the class
  to expect (``Action`` for any move, ``Event`` for any event).

Every document carries ``"schema": "phase10/<kind>"`` (``state``, ``view``,
``rules``, ``action``, ``record``, ``event`` or ``ledger``) and ``"version":
1``. A record's document has one key per field, in the fields' order, so equal
objects always give equal text (see ``_codec.py``). Cards are written in their
notation (``"R7"``, ``"W"``), phases in their canonical text (``"2 sets of
3"``), enums by value (``"draw"``, ``"color run"``), and the seed as a text of
decimal digits, since a seed is usually 128 bits and many JSON readers round
numbers that large.

Reading treats its input as untrusted: anything that does not describe a
possible object, down to a card too many, a seat that does not exist or a
state no game reaches (a player in the hand holding no cards, a winner who
has not completed the last phase: the checks of
:func:`~phase10.check_state`), raises :class:`~phase10.FormatError` saying
what is wrong and where, and nothing else escapes. Whole numbers are read
up to 2**53 - 1, the largest a JavaScript front end reads exactly.

The dict of a whole state holds the seed and the order of the draw pile,
which are secrets: it is for saving a game on a server. Send players the
dict of their :func:`~phase10.view`, which holds no secret.

>>> from phase10 import Discard, new_game, view
>>> game = new_game(["Ann", "Bob"], seed=2026)
>>> from_json(to_json(game), GameState) == game
True
>>> to_dict(Discard("R7"))
{'schema': 'phase10/action', 'version': 1, 'type': 'discard', 'card': 'R7'}
>>> mine = to_dict(view(game, 0))
>>> mine["schema"], len(mine["hand"]), "seed" in mine, "draw_pile" in mine
('phase10/view', 10, False, False)
"""

from __future__ import annotations

from types import UnionType
from typing import Any, Final, NamedTuple, TypeVar, overload

from ._actions import MOVE_TYPES, Action
from ._codec import Codec, Decoder, read_move, read_rules, write_move, write_rules
from ._errors import FormatError, UsageError, shown
from ._event_codec import read_event, write_event
from ._events import EVENT_TYPES, Event
from ._fields import Table
from ._invariants import agree_state, agree_view, table_of
from ._json import (
    MAX_JSON_LENGTH,
    SCHEMA_VERSION,
    at,
    document,
    dumps,
    items,
    json_object,
    loads,
    read_document,
    read_seed,
    seat,
    whole,
    write_seed,
)
from ._ledger import Ledger, read_ledger, write_ledger
from ._record import GameRecord, read_record, write_record
from ._rules import Rules
from ._state import GameState
from ._view import PlayerView

__all__ = [
    "MAX_JSON_LENGTH",
    "SCHEMA_VERSION",
    "from_dict",
    "from_json",
    "to_dict",
    "to_json",
]

_T = TypeVar("_T")


# --- the public functions -------------------------------------------------------


def to_dict(
    obj: GameState | PlayerView | Rules | Action | GameRecord | Event | Ledger,
) -> dict[str, Any]:
    """``obj`` as a JSON-ready dict of plain values, with its schema and version.

    Raises :class:`~phase10.UsageError` for anything this module cannot
    write, and :class:`~phase10.FormatError` for an event made by hand with
    a field its document could not hold (a seat past the last).

    .. versionadded:: 0.1
    """
    kind = _KIND_OF_TYPE.get(type(obj))
    if kind is None:
        raise UsageError(
            f"cannot write a {type(obj).__name__}: to_dict takes a GameState, "
            "a PlayerView, a Rules, a move record, a GameRecord, an event or a Ledger"
        )
    return document(kind.name, kind.write(obj))


def to_json(
    obj: GameState | PlayerView | Rules | Action | GameRecord | Event | Ledger,
    *,
    indent: int | None = None,
) -> str:
    """``obj`` as JSON text: :func:`to_dict`, written with keys in a fixed order.

    Equal objects give equal text. ``indent`` is passed to :func:`json.dumps`
    for text meant for people. Raises :class:`~phase10.FormatError` for
    anything :func:`to_dict` cannot write, and for a whole number too long to
    write as text (only an object built by hand can hold one: :func:`from_dict`
    caps every number).

    .. versionadded:: 0.1
    """
    return dumps(to_dict(obj), indent, type(obj).__name__)


@overload
def from_dict(data: object, kind: type[_T]) -> _T: ...


@overload
def from_dict(data: object, kind: UnionType) -> Any: ...  # Action or Event


def from_dict(data: object, kind: object) -> Any:
    """Read a ``kind`` back from the dict :func:`to_dict` wrote.

    ``kind`` is :class:`~phase10.GameState`, :class:`~phase10.PlayerView`,
    :class:`~phase10.Rules`, :class:`~phase10.GameRecord`, one move class
    such as :class:`~phase10.Draw`, :data:`~phase10.Action` for any move,
    one event class such as :class:`~phase10.CardDrawn`,
    :data:`~phase10.Event` for any event (read for its form: the seats and
    cards it names are checked, not that it could happen in a game, which
    its document does not hold), or :class:`~phase10.ledger.Ledger` (every
    hand checked as :meth:`~phase10.ledger.Ledger.record` checks it).
    ``data`` is untrusted: anything that does not describe a possible
    ``kind`` raises :class:`~phase10.FormatError` saying what and where.

    .. versionadded:: 0.1
    .. versionchanged:: 0.3
       Ledgers.
    """
    return _read(data, _reader_for(kind))


@overload
def from_json(text: str | bytes, kind: type[_T]) -> _T: ...


@overload
def from_json(text: str | bytes, kind: UnionType) -> Any: ...  # Action or Event


def from_json(text: str | bytes, kind: object) -> Any:
    """Read a ``kind`` back from JSON text, as :func:`from_dict` does.

    Malformed JSON, text longer than :data:`MAX_JSON_LENGTH` and data that
    does not describe a possible ``kind`` raise :class:`~phase10.FormatError`.

    .. versionadded:: 0.1
    """
    reader = _reader_for(kind)  # a wrong kind is reported before the text is read
    return _read(loads(text), reader)


def _read(data: object, kind: _Kind) -> Any:
    result = read_document(data, kind.name, kind.read)
    if kind.only is not None and not isinstance(result, kind.only):
        noun = "event" if kind.name == "event" else "move"
        raise FormatError(
            f"type: expected a {kind.only.name} {noun}, not {type(result).name}"
        )
    return result


# --- states and views -------------------------------------------------------------


def _given_rules(value: object, where: str, table: Table) -> Rules:
    """The rules of a state or a view, read first since the rest depends on them."""
    return table.rules


def _contenders(value: object, where: str, table: Table) -> tuple[int, ...]:
    listed = items(value, where, table.seats)
    return tuple(
        seat(one, f"{where}[{i}]", table.seats) for i, one in enumerate(listed)
    )


def _hand_points(value: object, where: str, table: Table) -> tuple[int, ...] | None:
    if value is None:
        return None
    listed = items(value, where, table.seats)
    return tuple(whole(one, f"{where}[{i}]") for i, one in enumerate(listed))


_PLAY_DECODERS: Final[dict[str, Decoder]] = {
    "rules": _given_rules,
    "contenders": _contenders,
    "hand_points": _hand_points,
}

_STATE: Final = Codec(
    GameState,
    encoders={"seed": write_seed},
    decoders={
        **_PLAY_DECODERS,
        "seed": lambda value, where, table: read_seed(value, where),
    },
)
_VIEW: Final = Codec(PlayerView, decoders=_PLAY_DECODERS)


def _table(data: dict[str, Any], where: str) -> Table:
    """The rules and the number of seats of a state's or a view's document."""
    rules = read_rules(data["rules"], at(where, "rules"))
    players_at = at(where, "players")
    players = items(data["players"], players_at, rules.max_players)
    return table_of(rules, len(players), players_at)


def _read_state(value: object, where: str) -> GameState:
    data = json_object(value, where, _STATE.keys, _STATE.defaults)
    state: GameState = _STATE.build(data, where, _table(data, where))
    agree_state(state, where)
    return state


def _read_view(value: object, where: str) -> PlayerView:
    data = json_object(value, where, _VIEW.keys, _VIEW.defaults)
    seen: PlayerView = _VIEW.build(data, where, _table(data, where))
    agree_view(seen, where)
    return seen


# --- the kinds of document ----------------------------------------------------------


class _Kind(NamedTuple):
    name: str
    """The schema's last part: ``"phase10/<name>"``."""
    write: Any  # Callable[[T], dict[str, Any]]
    read: Any  # Callable[[dict[str, Any], str], T]
    only: Any = None
    """For a single move class, the class the move must be."""


_ACTION_KIND: Final = _Kind("action", write_move, read_move)
_EVENT_KIND: Final = _Kind("event", write_event, read_event)
_KIND_OF_TYPE: Final[dict[object, _Kind]] = {
    GameState: _Kind("state", _STATE.write, _read_state),
    PlayerView: _Kind("view", _VIEW.write, _read_view),
    Rules: _Kind("rules", write_rules, read_rules),
    GameRecord: _Kind("record", write_record, read_record),
    Ledger: _Kind("ledger", write_ledger, read_ledger),
    **dict.fromkeys(MOVE_TYPES, _ACTION_KIND),
    **dict.fromkeys(EVENT_TYPES, _EVENT_KIND),
}
"""The kind of document each class is written as."""
_KIND_OF_CLASS: Final[dict[object, _Kind]] = {
    **_KIND_OF_TYPE,
    Action: _ACTION_KIND,
    **{cls: _ACTION_KIND._replace(only=cls) for cls in MOVE_TYPES},
    Event: _EVENT_KIND,
    **{cls: _EVENT_KIND._replace(only=cls) for cls in EVENT_TYPES},
}
"""The kind of document read for each class asked for."""


def _reader_for(kind: object) -> _Kind:
    try:
        found = _KIND_OF_CLASS.get(kind)
    except TypeError:  # an unhashable object
        found = None
    if found is None:
        name = kind.__name__ if isinstance(kind, type) else shown(kind, json=True)
        raise UsageError(
            f"cannot read {name}: give GameState, PlayerView, Rules, GameRecord, "
            "Action, one move class, Event, one event class or Ledger"
        )
    return found
