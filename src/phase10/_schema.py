"""The JSON Schema (draft 2020-12) of each kind of document, made from the codecs.

:func:`json_schema` describes the documents :func:`~phase10.to_json` writes
and :func:`~phase10.from_json` reads, for front ends in other languages. It
is made from the same descriptions the codecs read and write with, so that
it cannot drift from them:

- the keys of a record, in order, are the codec's (``_codec.Codec``): its
  attrs fields and their types as the codec read them when the package was
  imported, a move's ``"type"`` first; a key is required unless its
  field has a default (:attr:`~phase10._codec.Codec.defaults`, given as the
  key's ``"default"``), and no other key is taken;
- a value is described by its field's type as the codec writes it (a card,
  an enum by value, a phase as text, a tuple as a list, a record as an
  object), by the :class:`~phase10._fields.Shape` of the field's rule
  (``_fields.RULE_SHAPES``: a seat is 0 to ``MAX_PLAYERS - 1``), or, for an
  encoder of the field's own, by ``_codec.WRITTEN_AS`` (the seed as decimal
  text, the deck by name or as its cards).

A type, a rule or an encoder with no description raises :class:`TypeError`
when the schema is made, so a new one cannot be forgotten (the tests make
every schema). The game record, whose document is written by hand in
``_record.py``, names the rule or encoder of each of its keys below.

The schemas are made when first asked for, remembered, and handed out as
deep copies: a caller who changes one changes only its own copy.
"""

from __future__ import annotations

import copy
import enum
import functools
from collections.abc import Callable
from typing import Any, Final

import attrs

from ._actions import MOVE_TYPES
from ._cards import FACES, Card
from ._codec import _MOVES, _RULES, WRITTEN_AS, Codec, record_codec
from ._errors import UsageError, shown
from ._event_codec import EVENTS
from ._events import EVENT_TYPES
from ._fields import (
    FIELD_RULES,
    RULE_SHAPES,
    Rule,
    Shape,
    field_rule,
    item_type,
    optional_type,
    plain_rule,
)
from ._json import MAX_DECK, MAX_SAFE_INT, SCHEMA_VERSION, write_seed
from ._ledger import _HAND_KEYS, _LEDGER_DEFAULTS, _LEDGER_KEYS, MOST_LEFT
from ._limits import BOUNDS, MAX_HANDS, MAX_PHASE_TEXT, MAX_PHASES
from ._memo import cached
from ._phases import PhaseSpec
from ._record import _MAX_ACTIONS, _RECORD_DEFAULTS, _RECORD_KEYS
from ._rules import Rules
from ._serialize import _STATE, _VIEW
from ._state import GameState, PlayerState

__all__ = ["DIALECT", "KINDS", "json_schema", "schema_id"]

DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect of every schema: draft 2020-12."""

KINDS: Final = ("rules", "state", "view", "move", "record", "event", "ledger")
"""The kinds of document :func:`json_schema` describes."""

_DOCUMENT: Final = {
    "rules": "rules",
    "state": "state",
    "view": "view",
    "move": "action",
    "record": "record",
    "event": "event",
    "ledger": "ledger",
}
"""The name each kind's documents carry: ``"schema": "phase10/<name>"``."""

_TITLES: Final = {
    "rules": ("Rules", "The rules of a game"),
    "state": (
        "GameState",
        "A whole game, secret: it holds the seed and the draw pile",
    ),
    "view": ("PlayerView", "A game as one seat, or a spectator, sees it"),
    "move": ("Action", "A move of any kind, named by its type"),
    "record": ("GameRecord", "A game's rules, players, seed and every move"),
    "event": ("Event", "What a move did, of any kind, named by its type"),
    "ledger": (
        "Ledger",
        "A game played with real cards, as its scorekeeper recorded it hand by hand",
    ),
}
"""The title of each kind's schema (the name a generated type takes), and
what its documents hold."""


def schema_id(kind: str) -> str:
    """The ``$id`` of the schema of ``kind``'s documents: it names the
    document and its version, ``urn:phase10:state:v1``."""
    return f"urn:phase10:{_DOCUMENT[kind]}:v{SCHEMA_VERSION}"


def json_schema(kind: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a kind of document.

    ``kind`` is ``"rules"``, ``"state"``, ``"view"``, ``"move"`` (the
    ``phase10/action`` documents of every kind of move), ``"record"``,
    ``"event"`` (the ``phase10/event`` documents of every kind of event) or
    ``"ledger"`` (a scorekeeper's :class:`~phase10.ledger.Ledger`).
    The schema is made from the descriptions the readers and writers use
    (see the page "Compatibility"), and its ``$id`` carries the document
    version. It describes the shape of a document: which keys, of which
    types, within which bounds. What a document means is for
    :func:`~phase10.from_json` to check (a card counted twice, a seat the
    rules do not have): a document the schema accepts may still be refused.
    The readers are stricter in one thing a schema cannot say: JSON Schema
    counts ``1.0`` an integer, and the readers take only ``1``. Cards are
    spelled as the library writes them (``"R7"``, ``"W"``), the one
    spelling the schema lists.
    Each call returns a new copy, which the caller may change.

    >>> import phase10
    >>> schema = phase10.json_schema("move")
    >>> schema["$id"], schema["$schema"]
    ('urn:phase10:action:v1', 'https://json-schema.org/draft/2020-12/schema')
    >>> discard = next(one for one in schema["oneOf"]
    ...                if one["properties"]["type"] == {"const": "discard"})
    >>> discard["required"]
    ['schema', 'version', 'type', 'card']
    >>> phase10.to_dict(phase10.Discard("R7"))
    {'schema': 'phase10/action', 'version': 1, 'type': 'discard', 'card': 'R7'}

    A kind of document not among those raises :class:`~phase10.UsageError`.

    .. versionadded:: 0.2
    .. versionchanged:: 0.3
       The kinds ``"event"`` and ``"ledger"``.
    """
    if not isinstance(kind, str) or kind not in _DOCUMENT:
        kinds = ", ".join(repr(one) for one in KINDS)
        raise UsageError(
            f"there is no kind of document {shown(kind)}: json_schema takes {kinds}"
        )
    return copy.deepcopy(_made(kind))


@cached("_schema.made")
@functools.cache
def _made(kind: str) -> dict[str, Any]:
    defs = _Defs()
    if kind in ("move", "event"):
        codecs = (
            [_MOVES[cls] for cls in MOVE_TYPES]
            if kind == "move"
            else [EVENTS[cls] for cls in EVENT_TYPES]
        )
        body: dict[str, Any] = {
            "oneOf": [
                _document(_DOCUMENT[kind], _record_object(codec, defs))
                | {"title": f"{codec.cls.__name__}Document"}
                for codec in codecs
            ]
        }
    elif kind == "record":
        body = _document("record", _game_record(defs))
    elif kind == "ledger":
        body = _document("ledger", _ledger(defs))
    else:
        codec = {"rules": _RULES, "state": _STATE, "view": _VIEW}[kind]
        body = _document(_DOCUMENT[kind], _record_object(codec, defs))
    schema = {
        "$schema": DIALECT,
        "$id": schema_id(kind),
        **body,
        "title": _TITLES[kind][0],
        "description": f"{_TITLES[kind][1]}: a phase10/{_DOCUMENT[kind]} "
        f"document, version {SCHEMA_VERSION}.",
    }
    if defs.found:
        schema["$defs"] = dict(sorted(defs.found.items()))
    return schema


# --- the pieces ---------------------------------------------------------------------


class _Defs:
    """The definitions a schema refers to (``#/$defs/<name>``), each made
    once, when first referred to."""

    def __init__(self) -> None:
        self.found: dict[str, dict[str, Any]] = {}

    def ref(self, name: str, make: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        if name not in self.found:
            self.found[name] = {}  # a record that holds itself refers to itself
            self.found[name] = make()
        return {"$ref": f"#/$defs/{name}"}


def _document(name: str, body: dict[str, Any]) -> dict[str, Any]:
    """The object schema ``body`` with the header of ``phase10/<name>`` in front."""
    header = {
        "schema": {"const": f"phase10/{name}"},
        "version": {"const": SCHEMA_VERSION},
    }
    return {
        **body,
        "properties": header | body["properties"],
        "required": ["schema", "version", *body["required"]],
    }


def _record_object(codec: Codec, defs: _Defs) -> dict[str, Any]:
    """The object a codec writes: one key per field, a move's ``"type"`` first."""
    properties: dict[str, Any] = {}
    if codec.tag is not None:
        properties["type"] = {"const": codec.tag}
    for field, hint in codec.hints:
        properties[field] = _field(codec, field, hint, defs)
    return _object(properties, codec.defaults, codec.cls.__name__)


def _object(properties: dict[str, Any], defaults: Any, title: str) -> dict[str, Any]:
    for key, default in defaults.items():
        properties[key] = {**properties[key], "default": default}
    return {
        "title": title,
        "type": "object",
        "properties": properties,
        "required": [key for key in properties if key not in defaults],
        "additionalProperties": False,
    }


def _field(codec: Codec, field: str, hint: Any, defs: _Defs) -> dict[str, Any]:
    """A field's value: as its own encoder writes it, by its rule, or by its type."""
    where = f"{codec.cls.__name__}.{field}"
    if field in codec.own_encoders:
        return _written(codec.encoders[field], hint, defs, where)
    rule = field_rule(codec.cls, field, hint)
    schema = _by_type(hint, defs) if rule is None else _ruled(rule, where)
    declared = attrs.fields_dict(codec.cls).get(field)
    bounds = None if declared is None else declared.metadata.get(BOUNDS)
    return schema if bounds is None else _bounded(schema, bounds)


def _bounded(schema: dict[str, Any], bounds: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with a field's own fixed bounds (``_limits.BOUNDS``), the
    numbers its check applies, put in at every level they name."""
    merged = dict(schema)
    for key, value in bounds.items():
        inner = merged.get(key)
        if isinstance(value, dict) and isinstance(inner, dict):
            merged[key] = _bounded(inner, value)
        else:
            merged[key] = value
    return merged


def _written(encoder: Any, hint: Any, defs: _Defs, where: str) -> dict[str, Any]:
    """A value written by an encoder of the field's own, as WRITTEN_AS says."""
    written = WRITTEN_AS.get(encoder)
    if written is None:
        raise TypeError(
            f"{where} is written by an encoder of its own that "
            "_codec.WRITTEN_AS does not describe"
        )
    if written.shape is not None:
        return _shape(written.shape)
    schema = _by_type(hint, defs)
    if written.names:
        schema = {"anyOf": [{"enum": list(written.names)}, schema]}
    return schema


def _ruled(rule: Rule, where: str) -> dict[str, Any]:
    shape = RULE_SHAPES.get(rule)
    if shape is None:
        raise TypeError(
            f"the rule of {where} has no shape: declare it with "
            "_takes(rule, shape) in _fields.py"
        )
    return _shape(shape)


def _shape(shape: Shape) -> dict[str, Any]:
    schema: dict[str, Any] = {
        "type": [shape.type, "null"] if shape.nullable else shape.type
    }
    if shape.low is not None:
        schema["minimum"] = shape.low
    if shape.high is not None:
        schema["maximum"] = shape.high
    if shape.pattern is not None:
        schema["pattern"] = shape.pattern
    return schema


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    if isinstance(schema.get("type"), str) and "$ref" not in schema:
        return {**schema, "type": [schema["type"], "null"]}
    return {"anyOf": [schema, {"type": "null"}]}


def _by_type(hint: Any, defs: _Defs) -> dict[str, Any]:
    """Any value of type ``hint``, as ``_codec.encoder`` writes it."""
    rule = plain_rule(hint)
    if rule is not None:
        return _ruled(rule, f"any {hint}")
    inner = optional_type(hint)
    if inner is not None:
        return _nullable(_by_type(inner, defs))
    item = item_type(hint)
    if item is not None:
        listed = {"type": "array", "items": _by_type(item, defs)}
        return listed | {"maxItems": MAX_DECK} if item is Card else listed
    if hint is Card:
        return defs.ref("Card", _card)
    if hint is PhaseSpec:
        return {"type": "string", "minLength": 1, "maxLength": MAX_PHASE_TEXT}
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        members = hint
        return defs.ref(
            hint.__name__,
            lambda: {"title": members.__name__, "enum": [one.value for one in members]},
        )
    if hint is Rules:
        return defs.ref("Rules", lambda: _record_object(_RULES, defs))
    if attrs.has(hint):
        record = hint
        return defs.ref(
            hint.__name__, lambda: _record_object(record_codec(record), defs)
        )
    raise TypeError(f"no JSON Schema for values of type {hint}")  # a new field's type


def _card() -> dict[str, Any]:
    return {
        "title": "Card",
        "description": "A card in the notation: a colour letter and a "
        "number (R7, B12), W for a Wild, S for a Skip.",
        "enum": [str(face) for face in FACES],
    }


def _game_record(defs: _Defs) -> dict[str, Any]:
    """The record's keys, each read as ``_record.read_record`` reads it."""
    moves = [defs.ref(cls.__name__, _move(_MOVES[cls], defs)) for cls in MOVE_TYPES]
    name = FIELD_RULES[PlayerState]["name"]  # the record names players as a state
    dealer = FIELD_RULES[GameState]["dealer"]
    properties = {
        "rules": _by_type(Rules, defs),
        "players": {"type": "array", "items": _ruled(name, "GameRecord.players")},
        "seed": _written(write_seed, int, defs, "GameRecord.seed"),
        "dealer": _ruled(dealer, "GameRecord.dealer"),
        "actions": {
            "type": "array",
            "items": {"oneOf": moves},
            "maxItems": _MAX_ACTIONS,
        },
    }
    if tuple(properties) != _RECORD_KEYS:  # a key added to the record
        raise TypeError(f"describe the record's keys {_RECORD_KEYS} in _schema.py")
    return _object(properties, _RECORD_DEFAULTS, "GameRecord")


def _ledger(defs: _Defs) -> dict[str, Any]:
    """The ledger's keys, each read as ``_ledger.read_ledger`` reads it."""
    name = FIELD_RULES[PlayerState]["name"]  # the ledger names players as a state
    dealer = FIELD_RULES[GameState]["dealer"]
    card = defs.ref("Card", _card)
    hand = {
        "laid": {
            "description": "Seat by seat, the number of the phase laid, or null.",
            "type": "array",
            "items": {"type": ["integer", "null"], "minimum": 1, "maximum": MAX_PHASES},
        },
        "went_out": {"type": ["integer", "null"], "minimum": 0},
        "left": {
            "description": "Seat by seat, the cards left in hand, or their points.",
            "type": "array",
            "items": {
                "oneOf": [
                    {"type": "array", "items": card, "maxItems": MOST_LEFT},
                    {"type": "integer", "minimum": 0, "maximum": MAX_SAFE_INT},
                ]
            },
        },
    }
    if tuple(hand) != _HAND_KEYS:  # a key added to a hand
        raise TypeError(f"describe the ledger's hand keys {_HAND_KEYS} in _schema.py")
    properties = {
        "rules": _by_type(Rules, defs),
        "players": {"type": "array", "items": _ruled(name, "Ledger.players")},
        "dealer": _ruled(dealer, "Ledger.dealer"),
        "hands": {
            "type": "array",
            "items": defs.ref("HandEntry", lambda: _object(hand, {}, "HandEntry")),
            "maxItems": MAX_HANDS,
        },
    }
    if tuple(properties) != _LEDGER_KEYS:  # a key added to the ledger
        raise TypeError(f"describe the ledger's keys {_LEDGER_KEYS} in _schema.py")
    return _object(properties, _LEDGER_DEFAULTS, "Ledger")


def _move(codec: Codec, defs: _Defs) -> Callable[[], dict[str, Any]]:
    return lambda: _record_object(codec, defs)
