"""Faults of the JSON Schemas' making (``phase10._schema``) that the other
tests let through, each killed here (``tests/mutation.py --module
phase10._schema``): the guards that stop a new field, rule or key the
schema cannot describe, and the merging of a field's fixed bounds."""

from __future__ import annotations

import pytest

from phase10 import _schema
from phase10._codec import _RULES
from phase10._record import _RECORD_KEYS
from phase10._serialize import _STATE


def test_bounds_nested_in_a_list_go_in_where_the_schema_has_no_such_key() -> None:
    """A list's bounds for its items are put in whole when the schema says
    nothing of its items yet, and merged into what it says when it does."""
    assert _schema._bounded({"type": "array"}, {"items": {"minItems": 1}}) == {
        "type": "array",
        "items": {"minItems": 1},
    }
    merged = _schema._bounded(
        {"type": "array", "items": {"type": "array"}},
        {"minItems": 1, "items": {"minItems": 2}},
    )
    assert merged == {
        "type": "array",
        "minItems": 1,
        "items": {"type": "array", "minItems": 2},
    }


def test_a_rule_with_no_shape_stops_the_making_naming_the_field(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A field's rule, or a plain value's, that no Shape describes raises
    TypeError naming the field (the record's and its own name) or the type."""
    monkeypatch.setattr(_schema, "RULE_SHAPES", {})
    with pytest.raises(
        TypeError, match=r"^the rule of GameState\.current has no shape"
    ):
        _schema._field(_STATE, "current", int, _schema._Defs())
    with pytest.raises(TypeError, match=r"^the rule of Rules\.hand_size has no shape"):
        _schema._field(_RULES, "hand_size", int, _schema._Defs())
    with pytest.raises(
        TypeError, match=r"^the rule of any <class 'bool'> has no shape"
    ):
        _schema._by_type(bool, _schema._Defs())


def test_a_key_added_to_the_record_stops_the_making_until_described(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    keys = (*_RECORD_KEYS, "comment")
    monkeypatch.setattr(_schema, "_RECORD_KEYS", keys)
    with pytest.raises(
        TypeError, match=r"^describe the record's keys \(.*'comment'\) in _schema\.py$"
    ):
        _schema._game_record(_schema._Defs())
