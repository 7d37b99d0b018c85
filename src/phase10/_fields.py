"""What one field of a state or a view may hold, and the types of the fields.

A field's rule checks it alone, given the :class:`Table` (the rules, the
number of seats): ``current`` is a seat at the table, ``completed`` counts
at most the rules' phases. A number, a flag or a text with no rule of its
own may hold any value of its type. The rules take a value as JSON or
Python writes it alike, since only such plain values have them: the JSON
reader (``_codec.py``) reads with them, and :func:`~phase10.check_state`
(``_invariants.py``) checks with them.
"""

from __future__ import annotations

import functools
import re
import typing
from collections.abc import Callable, Mapping
from types import MappingProxyType, NoneType, UnionType
from typing import Any, Final, NamedTuple

import attrs

from ._cards import HIGHEST
from ._flow import MAX_HANDS, MAX_TURNS_PER_HAND
from ._json import (
    MAX_DECK,
    MAX_SAFE_INT,
    fail,
    flag,
    optional_seat,
    optional_whole,
    player_name,
    seat,
    text,
    whole,
)
from ._limits import MAX_HAND_SIZE, MAX_PHASES, MAX_PLAYERS
from ._memo import cached
from ._rules import Rules
from ._shuffle import MAX_SEED_DIGITS, seed_problem
from ._state import GameState, Meld, PlayerState
from ._view import PlayerView, PublicPlayer

__all__ = [
    "FIELD_RULES",
    "FIRST_RELEASE",
    "MAX_OWED",
    "RULE_SHAPES",
    "SEED_TEXT",
    "Rule",
    "Shape",
    "Table",
    "added_later",
    "field_rule",
    "field_types",
    "item_type",
    "optional_type",
    "plain_rule",
    "since",
]

MAX_OWED: Final = 1000
"""The most turns a player may still owe to Skips. Play keeps this tiny (a
lost turn is served at the player's next turn slot); the bound keeps a
crafted state from making the next move pass over lost turns for ever."""


class Table(NamedTuple):
    """What the rules of single fields depend on: the rules, the number of
    seats, and the most cards a list may hold."""

    rules: Rules
    seats: int
    most: int


Rule = Callable[[Any, str, Table], Any]
"""A check of one field: ``rule(value, where, table)`` returns the value or
raises :class:`~phase10.FormatError`. It takes the value as JSON or Python
writes it alike, since only plain values (numbers, texts, flags) have rules."""


class Shape(NamedTuple):
    """What a rule takes, as a JSON Schema says it (``_schema.py``): a JSON
    type, the bounds a whole number may reach at any table, whether null
    is taken, and a pattern a text must match. A bound that depends on the
    table (a seat, a phase's index) is the widest any rules allow."""

    type: str
    """``"integer"``, ``"string"`` or ``"boolean"``."""
    low: int | None = None
    high: int | None = None
    nullable: bool = False
    pattern: str | None = None


_SHAPES: Final[dict[Rule, Shape]] = {}
RULE_SHAPES: Final[Mapping[Rule, Shape]] = MappingProxyType(_SHAPES)
"""The :class:`Shape` of every rule of a field, declared beside the rule
(``_takes``): the JSON Schema of a document is made from them, and a rule
without one cannot be described (``_schema.py`` refuses it)."""


def _takes(rule: Rule, shape: Shape) -> None:
    """Declare the shape of the values ``rule`` takes, under its definition.

    A call, not a decorator: the mutation tests leave decorated functions
    alone, and these rules are the readers' first checks."""
    _SHAPES[rule] = shape


_SEAT: Final = Shape("integer", 0, MAX_PLAYERS - 1)
_WHOLE: Final = Shape("integer", 0, MAX_SAFE_INT)


# --- what one field may hold -------------------------------------------------------


def _seat(value: object, where: str, table: Table) -> int:
    return seat(value, where, table.seats)


_takes(_seat, _SEAT)


def _optional_seat(value: object, where: str, table: Table) -> int | None:
    return optional_seat(value, where, table.seats)


_takes(_optional_seat, _SEAT._replace(nullable=True))


def _name(value: object, where: str, table: Table) -> str:
    return player_name(value, where)


_takes(_name, Shape("string", pattern=r"\S"))


def _completed(value: object, where: str, table: Table) -> int:
    return whole(value, where, 0, len(table.rules.phases))


_takes(_completed, Shape("integer", 0, MAX_PHASES))


def _owed(value: object, where: str, table: Table) -> int:
    return whole(value, where, 0, MAX_OWED)


_takes(_owed, Shape("integer", 0, MAX_OWED))


def _hand_number(value: object, where: str, table: Table) -> int:
    return whole(value, where, 1, MAX_HANDS)


_takes(_hand_number, Shape("integer", 1, MAX_HANDS))


def _turn_slot(value: object, where: str, table: Table) -> int:
    return whole(value, where, 0, MAX_TURNS_PER_HAND)


_takes(_turn_slot, Shape("integer", 0, MAX_TURNS_PER_HAND))


def _shuffles(value: object, where: str, table: Table) -> int:
    # One shuffle a deal, and at most one a turn slot.
    return whole(value, where, 0, MAX_HANDS * (MAX_TURNS_PER_HAND + 1))


_takes(_shuffles, Shape("integer", 0, MAX_HANDS * (MAX_TURNS_PER_HAND + 1)))


def _card_count(value: object, where: str, table: Table) -> int:
    return whole(value, where, 0, table.most)


_takes(_card_count, Shape("integer", 0, MAX_DECK))


def _group_number(value: object, where: str, table: Table) -> int | None:
    return optional_whole(value, where, 1, HIGHEST)


_takes(_group_number, Shape("integer", 1, HIGHEST, nullable=True))


SEED_TEXT: Final = Shape("string", pattern=rf"^-?[0-9]{{1,{MAX_SEED_DIGITS}}}$")
"""The shape of a seed in a document, a text of decimal digits
(:func:`~phase10._json.write_seed`); in Python, a whole number (below)."""


def _seed(value: object, where: str, table: Table) -> int:
    problem = seed_problem(value)
    if problem is not None:
        raise fail(where, problem)
    return typing.cast(int, value)


_takes(_seed, Shape("integer"))


def _active(value: object, where: str, table: Table) -> int | None:
    return optional_whole(value, where, 0, len(table.rules.phases) - 1)


_takes(_active, Shape("integer", 0, MAX_PHASES - 1, nullable=True))


def _saved_now(value: object, where: str, table: Table) -> int:
    return whole(value, where, 0, table.rules.saves_per_hand)


_takes(_saved_now, Shape("integer", 0, MAX_HAND_SIZE))


_PROGRESS: Final[dict[str, Rule]] = {
    "name": _name,
    "completed": _completed,
    "skips_pending": _owed,
    "active": _active,
    "saved_now": _saved_now,
}
_PLAY: Final[dict[str, Rule]] = {
    "current": _seat,
    "dealer": _seat,
    "hand_number": _hand_number,
    "turn_slot": _turn_slot,
    "winner": _optional_seat,
    "went_out": _optional_seat,
}

FIELD_RULES: Final[Mapping[type, Mapping[str, Rule]]] = {
    GameState: {**_PLAY, "seed": _seed, "shuffles": _shuffles},
    PlayerState: _PROGRESS,
    PlayerView: {
        **_PLAY,
        "seat": _optional_seat,
        "discard_size": _card_count,
        "draw_size": _card_count,
    },
    PublicPlayer: {**_PROGRESS, "hand_size": _card_count, "saved_size": _card_count},
    Meld: {"owner": _seat, "number": _group_number, "low": _group_number},
}
"""The rules of single fields, by record and field name. A plain field
without one takes any value of its type (see :func:`field_rule`)."""


def _any_whole(value: object, where: str, table: Table) -> int:
    return whole(value, where)


_takes(_any_whole, _WHOLE)


def _any_whole_or_none(value: object, where: str, table: Table) -> int | None:
    return optional_whole(value, where)


_takes(_any_whole_or_none, _WHOLE._replace(nullable=True))


def _any_flag(value: object, where: str, table: Table) -> bool:
    return flag(value, where)


_takes(_any_flag, Shape("boolean"))


def _any_text(value: object, where: str, table: Table) -> str:
    return text(value, where)


_takes(_any_text, Shape("string"))


_PLAIN: Final[dict[object, Rule]] = {
    int: _any_whole,
    int | None: _any_whole_or_none,
    bool: _any_flag,
    str: _any_text,
}


def field_rule(cls: type, field: str, hint: object) -> Rule | None:
    """The rule of field ``field`` of ``cls``, of type ``hint``, if it is a
    plain value (a number, a flag, a text), else ``None``."""
    return FIELD_RULES.get(cls, {}).get(field) or _PLAIN.get(hint)


def plain_rule(hint: object) -> Rule | None:
    """The check of any plain value of type ``hint``, else ``None``."""
    return _PLAIN.get(hint)


def optional_type(hint: Any) -> Any:
    """``X`` if ``hint`` is ``X | None``, else ``None``."""
    args = typing.get_args(hint)
    is_union = typing.get_origin(hint) in (UnionType, typing.Union)
    if is_union and len(args) == 2 and NoneType in args:
        return args[0] if args[1] is NoneType else args[1]
    return None


def item_type(hint: Any) -> Any:
    """``X`` if ``hint`` is ``tuple[X, ...]``, else ``None``."""
    args = typing.get_args(hint)
    if typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis:
        return args[0]
    return None


@cached("_fields.field_types")
@functools.cache
def field_types(cls: type) -> tuple[tuple[str, Any], ...]:
    """The names and types of the attrs fields of ``cls``, in order.

    The types are written as text in the record's module; they are read
    there while the package is imported, before ``phase10`` presents its
    public classes as its own, and remembered.
    """
    hints = typing.get_type_hints(cls)
    return tuple((field.name, hints[field.name]) for field in attrs.fields(cls))


# --- the release that added a field --------------------------------------------------

FIRST_RELEASE: Final = "0.1"
"""The first release, whose documents every later one reads and writes alike."""

_VERSION: Final = re.compile(r"(\d+)\.(\d+)")


def since(field: attrs.Attribute[Any]) -> str:
    """The release that added ``field``: its metadata's ``"since"`` (such as
    ``metadata={"since": "0.2"}``), else the first release."""
    version = field.metadata.get("since", FIRST_RELEASE)
    if not isinstance(version, str) or not _VERSION.fullmatch(version):
        raise TypeError(
            f"field {field.name}: since must be a release such as '0.2', "
            f"not {version!r}"
        )
    return version


def _release(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


@cached("_fields.added_later")
@functools.cache
def added_later(cls: type) -> tuple[str, ...]:
    """The fields of ``cls`` added after the first release, in order: a
    document leaves each out while it holds its default, so that the
    document of a game that uses none of them is the same as 0.1.0 wrote
    it, and 0.1.0 reads it. Each must have a default."""
    first = _release(FIRST_RELEASE)
    later = []
    for field in attrs.fields(cls):
        if _release(since(field)) > first:
            default = field.default
            if default is attrs.NOTHING or getattr(default, "takes_self", False):
                raise TypeError(
                    f"{cls.__name__}.{field.name}, added in {since(field)}, needs "
                    "a default of its own, read from the documents written "
                    "before it"
                )
            later.append(field.name)
    return tuple(later)
