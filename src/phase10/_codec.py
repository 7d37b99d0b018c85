"""Records as JSON-ready values and back, field by field from their attrs fields.

A :class:`Codec` writes a record as a dict with one key per attrs field, in
the fields' order, and reads one back, with one encoder and one decoder per
field chosen by the field's type:

- cards are written in their notation (``"R7"``, ``"W"``), phases in their
  canonical text (``"2 sets of 3"``), enums by value (``"draw"``, ``"color
  run"``), tuples as lists and records as objects;
- numbers, texts, true/false and null as they are, read with the rule of the
  field (``_fields.FIELD_RULES``: ``current`` is a seat at the table),
  or as any value of the type.

A field whose writing or reading differs (the seed, written as decimal
text) is given its own encoder or decoder. So adding a field to a record
changes its documents with no change here.

Rules and moves, which game records hold too, are read and written here;
states and views in ``_serialize.py``; records in ``_record.py``; events
in ``_event_codec.py``.
"""

from __future__ import annotations

import enum
import functools
import operator
import re
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final, NamedTuple

import attrs

from ._actions import MOVE_CLASSES, MOVE_TYPES, Action
from ._cards import Card, Color, masters_deck, standard_deck
from ._codegen import make_function
from ._errors import FormatError, NotationError, RulesError, shown
from ._fields import (
    SEED_TEXT,
    Shape,
    Table,
    added_later,
    field_rule,
    field_types,
    item_type,
    optional_type,
    plain_rule,
)
from ._groups import End
from ._json import (
    MAX_DECK,
    at,
    card,
    cards,
    fail,
    items,
    json_object,
    member,
    text,
    whole,
    write_seed,
)
from ._limits import MAX_PHASES
from ._memo import cached
from ._phases import GroupKind, PhaseSpec
from ._rules import OFFICIAL, EmptyDrawPile, NaturalRule, Points, Rules, SkipLimit
from ._state import Pile, Step

__all__ = [
    "MOVE_CLASSES",
    "WRITTEN_AS",
    "WRITTEN_WHEN_SET",
    "Codec",
    "Decoder",
    "Encoder",
    "Written",
    "decoder",
    "encoder",
    "json_defaults",
    "read_move",
    "read_rules",
    "record_codec",
    "tagged",
    "write_move",
    "write_moves",
    "write_rules",
]

_LATER: Final[dict[type, frozenset[str]]] = {}
WRITTEN_WHEN_SET: Final[Mapping[type, frozenset[str]]] = MappingProxyType(_LATER)
"""Fields added since 0.1.0, by record, for each record that has a
:class:`Codec` and such fields: a document leaves each out while it holds
its default. Filled by the codecs from the fields' metadata (``"since"``,
see ``_fields.added_later``), which is the one place it is written."""

Encoder = Callable[[Any], Any]
"""Writes a field's value as a JSON-ready value."""
Decoder = Callable[[Any, str, Table], Any]
"""Reads a field's value back: ``decoder(value, where, table)``."""

_MAX_PHASES: Final = MAX_PHASES
_ANY_TABLE: Final = Table(OFFICIAL, 0, MAX_DECK)
"""The table rules and moves are read at: no seat, and lists of at most
:data:`~phase10._json.MAX_DECK` cards."""

_WHAT: Final[dict[type, str]] = {
    Step: "a step",
    GroupKind: "a kind of group",
    Color: "a color",
    Pile: "a pile",
    End: "an end",
    NaturalRule: "a natural rule",
    SkipLimit: "a skip limit",
    EmptyDrawPile: "a rule for an empty draw pile",
}
"""How a message names a value of each enum ("'dance' is not a step")."""


def _what(cls: type) -> str:
    words = re.sub(r"(?<!^)(?=[A-Z])", " ", cls.__name__).lower()
    return _WHAT.get(cls) or ("an " if words[0] in "aeiou" else "a ") + words


# --- encoders and decoders by type ---------------------------------------------------


def _card_names(value: tuple[Card, ...]) -> list[str]:
    return list(map(str, value))


_value: Final = operator.attrgetter("value")
"""An enum member's value."""


@cached("_codec.phase_text")
@functools.lru_cache(maxsize=256)
def _phase_text(phase: PhaseSpec) -> str:
    """A phase's canonical text, remembered: every state written writes the
    phases of its rules, and a game's rules have a handful."""
    return str(phase)


def encoder(hint: Any) -> Encoder | None:
    """How a value of type ``hint`` is written; ``None`` when written as it is."""
    inner = optional_type(hint)
    if inner is not None:
        write = encoder(inner)
        if write is None:
            return None
        return lambda value: None if value is None else write(value)
    item = item_type(hint)
    if item is Card:
        return _card_names
    if item is not None:
        write_item = encoder(item)
        if write_item is None:
            return list
        return lambda value: list(map(write_item, value))
    if hint is Card:
        return str
    if hint is PhaseSpec:
        return _phase_text
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _value
    if hint is Rules:
        return write_rules
    if attrs.has(hint):
        return record_codec(hint).write
    return None


def decoder(cls: type, field: str, hint: Any) -> Decoder:
    """How field ``field`` of ``cls``, of type ``hint``, is read: by the
    field's own rule if it has one, else as any value of its type."""
    return field_rule(cls, field, hint) or _type_decoder(hint)


def _type_decoder(hint: Any) -> Decoder:
    """How any value of type ``hint`` is read."""
    rule = plain_rule(hint)
    if rule is not None:
        return rule
    inner = optional_type(hint)
    if inner is not None:
        read = _type_decoder(inner)
        return lambda value, where, table: (
            None if value is None else read(value, where, table)
        )
    item = item_type(hint)
    if item is Card:
        return lambda value, where, table: cards(value, where, table.most)
    if item is not None:
        read_item = _type_decoder(item)
        return lambda value, where, table: tuple(
            read_item(one, f"{where}[{index}]", table)
            for index, one in enumerate(items(value, where, table.most))
        )
    if hint is Card:
        return lambda value, where, table: card(value, where)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        what = _what(hint)
        return lambda value, where, table: member(hint, value, where, what)
    if attrs.has(hint) and hint is not Rules:  # a state's rules are read first
        return record_codec(hint).read
    raise TypeError(f"no decoder for values of type {hint}")  # a new field's type


class Codec:
    """The dict of a record, and the record of a dict, from its attrs fields.

    ``tag``, if given, is written first under the key ``"type"`` (a move's
    name). ``encoders`` and ``decoders`` replace those of some fields.

    Writing and reading are hot (a server saves and loads a game at every
    move), so, as attrs does for ``__init__``, the two functions are written
    out once per record as straight-line code; for :class:`~phase10.Discard`::

        def write(obj):
            return {"type": "discard", "card": encode_card(obj.card)}

        def build(data, where, table):
            at = f"{where}." if where else ""
            return cls(card=decode_card(data["card"], at + "card", table))
    """

    __slots__ = (
        "_decoders",
        "build",
        "cls",
        "defaults",
        "encoders",
        "fields",
        "hints",
        "keys",
        "own_encoders",
        "tag",
        "write",
    )

    def __init__(
        self,
        cls: type,
        *,
        tag: str | None = None,
        encoders: Mapping[str, Encoder] | None = None,
        decoders: Mapping[str, Decoder] | None = None,
    ) -> None:
        fields = field_types(cls)
        encoders, decoders = encoders or {}, decoders or {}
        self.cls = cls
        self.hints: tuple[tuple[str, Any], ...] = fields
        """The record's fields and their types, in order, read once here
        while the package is imported (see ``_fields.field_types``)."""
        self.tag = tag
        """The value written under ``"type"`` first, if any (a move's name)."""
        self.fields = tuple(field for field, _ in fields)
        """The names of the record's fields, in order."""
        self.keys = (("type",) if tag else ()) + self.fields
        """The keys of the dict, in order."""
        self._decoders = tuple(
            (field, decoders.get(field) or decoder(cls, field, hint))
            for field, hint in fields
        )
        written = {
            field: encoders[field] if field in encoders else encoder(hint)
            for field, hint in fields
        }
        self.encoders: Mapping[str, Encoder | None] = MappingProxyType(written)
        """The encoder of each field, by name; ``None`` where the value is
        written as it is."""
        self.own_encoders: frozenset[str] = frozenset(encoders)
        """The fields written by an encoder of their own rather than by their
        type's (see :data:`WRITTEN_AS`)."""
        self.defaults: Mapping[str, Any] = json_defaults(cls, self.fields, written)
        """The JSON of each field's default, by key, for the fields that have
        one: what a document written before the field existed is read with."""
        # The fields added since 0.1.0 are written only when not at their
        # defaults, so that 0.1.0 reads the documents of games that use none.
        later = {field: self.defaults[field] for field in added_later(cls)}
        if later:
            _LATER[cls] = frozenset(later)
        self.write: Callable[[Any], dict[str, Any]] = _writer(cls, tag, written, later)
        """``write(obj)``: ``obj`` as a dict of JSON-ready values."""
        self.build: Callable[[dict[str, Any], str, Table], Any] = _builder(
            cls, self._decoders
        )
        """``build(data, where, table)``: the record of ``data``, whose keys
        are known to be :attr:`keys`, each field read by its decoder."""

    def read(self, value: object, where: str, table: Table) -> Any:
        """The record ``value`` describes, each field read by its decoder."""
        return self.build(
            json_object(value, where, self.keys, self.defaults), where, table
        )

    def values(self, data: dict[str, Any], where: str, table: Table) -> tuple[Any, ...]:
        """The fields' values read from ``data``, in order; no record is made."""
        return tuple(
            read(data[field], at(where, field), table) for field, read in self._decoders
        )


_BY_TYPE: Final[dict[type, Codec]] = {}


def record_codec(cls: type) -> Codec:
    """The codec of a record held in a document by type (a player of a
    state, a group on the table, the points of the rules), made once: the
    JSON Schema of the documents (``_schema.py``) reads the same one."""
    codec = _BY_TYPE.get(cls)
    if codec is None:
        codec = _BY_TYPE[cls] = Codec(cls)
    return codec


def json_defaults(
    cls: type, fields: tuple[str, ...], encoders: Mapping[str, Encoder | None]
) -> Mapping[str, Any]:
    """The JSON of the default of each of ``fields`` that has one, written by
    the field's own encoder, so that it reads back as the default."""
    found: dict[str, Any] = {}
    for field in attrs.fields(cls):
        default = field.default
        if field.name not in fields or default is attrs.NOTHING:
            continue
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            if default.takes_self:
                continue
            default = default.factory()
        write = encoders.get(field.name)
        found[field.name] = default if write is None else write(default)
    return MappingProxyType(found)


def _writer(
    cls: type,
    tag: str | None,
    encoders: dict[str, Encoder | None],
    later: Mapping[str, Any],
) -> Any:
    """The writer of ``cls``; the fields of ``later`` (the last fields, with
    the JSON of their defaults) are written only when not at their default."""
    items = [f'"type": {tag!r}'] if tag else []
    namespace: dict[str, Any] = {}
    tail = []
    for field, write in encoders.items():
        value = f"obj.{field}"
        if write is not None:
            namespace[f"encode_{field}"] = write
            value = f"encode_{field}(obj.{field})"
        if field in later:
            namespace[f"default_{field}"] = later[field]
            tail.append(
                f"    value = {value}\n"
                f"    if value != default_{field}:\n"
                f"        data[{field!r}] = value\n"
            )
        else:
            items.append(f"{field!r}: {value}")
    body = "{" + ", ".join(items) + "}"
    if tail:
        source = (
            f"def function(obj):\n    data = {body}\n"
            + "".join(tail)
            + "    return data\n"
        )
    else:
        source = f"def function(obj):\n    return {body}\n"
    return make_function(source, "function", namespace, f"writer of {cls.__name__}")


def _builder(cls: type, decoders: tuple[tuple[str, Decoder], ...]) -> Any:
    namespace: dict[str, Any] = {"cls": cls}
    alias = {field.name: field.alias for field in attrs.fields(cls)}
    arguments = []
    for field, read in decoders:
        namespace[f"decode_{field}"] = read
        arguments.append(
            f"{alias[field]}=decode_{field}(data[{field!r}], at + {field!r}, table)"
        )
    source = (
        "def function(data, where, table):\n"
        '    at = f"{where}." if where else ""\n'
        f"    return cls({', '.join(arguments)})\n"
    )
    return make_function(source, "function", namespace, f"reader of {cls.__name__}")


class Written(NamedTuple):
    """How an encoder of a field's own writes it, for the JSON Schema of the
    documents (``_schema.py``): as a plain value of ``shape``, or else as one
    of ``names`` or as the field's type writes it."""

    shape: Shape | None = None
    names: tuple[str, ...] = ()


# --- rules ---------------------------------------------------------------------------


_NAMED_DECKS: Final = {"standard": standard_deck(), "masters": masters_deck()}
"""The decks a document names rather than lists: the official one, and the
Masters Edition's (written by name since 0.2)."""


def _write_deck(deck: tuple[Card, ...]) -> str | list[str]:
    for name, named in _NAMED_DECKS.items():
        if deck == named:
            return name
    return _card_names(deck)


WRITTEN_AS: Final[Mapping[Encoder, Written]] = MappingProxyType(
    {
        write_seed: Written(shape=SEED_TEXT),
        _write_deck: Written(names=tuple(_NAMED_DECKS)),
    }
)
"""How each encoder that a codec is given for a field (``encoders=``) writes
it: a field written by an encoder missing here cannot be described by the
JSON Schema, which refuses it (``_schema.py``)."""


def _read_phases(value: object, where: str, table: Table) -> tuple[PhaseSpec, ...]:
    phases = []
    for number, phase in enumerate(items(value, where, _MAX_PHASES)):
        place = f"{where}[{number}]"
        try:
            phases.append(_parse_phase(text(phase, place)))
        except NotationError as error:
            raise fail(place, str(error)) from error
    return tuple(phases)


def _read_deck(value: object, where: str, table: Table) -> tuple[Card, ...] | str:
    """The cards of a deck, or the name of a named one (a cheap key for the
    memo of rules below)."""
    if isinstance(value, str) and value in _NAMED_DECKS:
        return value
    return cards(value, where, MAX_DECK)


_POINTS_KEYS: Final = tuple(field.name for field in attrs.fields(Points))
_POINTS_DEFAULTS: Final = json_defaults(Points, _POINTS_KEYS, {})


def _read_points(value: object, where: str, table: Table) -> tuple[int, ...]:
    """The points' numbers: the record is made with the rules, whose errors
    are reported together."""
    data = json_object(value, where, _POINTS_KEYS, _POINTS_DEFAULTS)
    return tuple(whole(data[key], at(where, key)) for key in _POINTS_KEYS)


_RULES: Final = Codec(
    Rules,
    encoders={"deck": _write_deck},
    decoders={"phases": _read_phases, "deck": _read_deck, "points": _read_points},
)


def write_rules(rules: Rules) -> dict[str, Any]:
    """The rules as a dict: the standard deck by name, phases as text, the
    options added since 0.1.0 only when they are set (WRITTEN_WHEN_SET)."""
    return _RULES.write(rules)


def read_rules(value: object, where: str) -> Rules:
    """The rules ``value`` describes, refused unless they can be played (R17)."""
    data = json_object(value, where, _RULES.keys, _RULES.defaults)
    try:
        return _make_rules(_RULES.values(data, where, _ANY_TABLE))
    except RulesError as error:
        raise fail(
            where or "rules", f"these rules cannot be played: {error}"
        ) from error


@cached("_codec.parse_phase")
@functools.lru_cache(maxsize=256)
def _parse_phase(phase: str) -> PhaseSpec:
    return PhaseSpec.parse(phase)


@cached("_codec.make_rules")
@functools.lru_cache(maxsize=64)
def _make_rules(values: tuple[Any, ...]) -> Rules:
    """A rules record, remembered: games in play share a handful of rule sets,
    and checking one (R17) costs more than reading the rest of a state."""
    fields = dict(zip(_RULES.fields, values, strict=True))
    if isinstance(fields["deck"], str):
        fields["deck"] = _NAMED_DECKS[fields["deck"]]
    fields["points"] = Points(*fields["points"])
    return Rules(**fields)


# --- moves ---------------------------------------------------------------------------

_MOVES: Final = {cls: Codec(cls, tag=cls.name) for cls in MOVE_TYPES}
_MOVE_WRITERS: Final = {cls: codec.write for cls, codec in _MOVES.items()}
_MOVE_NAMED: Final = {cls.name: codec for cls, codec in _MOVES.items()}


def write_moves(actions: tuple[Action, ...]) -> list[dict[str, Any]]:
    """Moves as a list of dicts, as :func:`write_move` writes each."""
    writers = _MOVE_WRITERS
    written = []
    for action in actions:
        write = writers.get(type(action))
        written.append(write_move(action) if write is None else write(action))
    return written


def write_move(action: Action) -> dict[str, Any]:
    """A move as a dict: its name under ``"type"``, then its fields."""
    codec = _MOVES.get(type(action))
    if codec is None:
        raise FormatError(
            f"cannot write a {type(action).__name__} as a move: a move is a "
            f"{MOVE_CLASSES} record"
        )
    return codec.write(action)


def tagged(
    value: object, where: str, named: Mapping[str, Codec], what: str
) -> tuple[Codec, dict[str, Any]]:
    """The codec of the kind ``value``'s ``"type"`` names among ``named``
    (``what`` says what they are: "a move"), and ``value``'s keys checked."""
    if not isinstance(value, dict):
        raise fail(where, f"expected an object, not {shown(value, json=True)}")
    if "type" not in value:
        raise fail(where, "missing key 'type'")
    name = value["type"]
    codec = named.get(name) if isinstance(name, str) else None
    if codec is None:
        choices = ", ".join(repr(one) for one in named)
        raise fail(
            at(where, "type"), f"{shown(name, json=True)} is not {what} ({choices})"
        )
    return codec, json_object(value, where, codec.keys, codec.defaults)


def read_move(value: object, where: str) -> Action:
    """The move ``value`` describes, of the kind its ``"type"`` names."""
    codec, data = tagged(value, where, _MOVE_NAMED, "a move")
    try:
        action: Action = codec.build(data, where, _ANY_TABLE)
    except NotationError as error:  # a value the record itself refuses
        raise fail(where, str(error)) from None
    return action
