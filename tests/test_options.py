"""Each option's facts in one place: the fields of the records.

An option of :class:`~phase10.Rules` is its attrs field: its type, its
default and, in its metadata, the release that added it
(``metadata={"since": "0.2"}``). These tests check that everything else is
built from the fields, so that a new option is covered without a list to
update: the type check of ``Rules``, the documents (fields added after the
first release are written only when set), the documentation's
``versionadded`` and the test strategies.
"""

from __future__ import annotations

import ast
import enum
import typing
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from sources import assignment_docstrings
from strategies import option_strategy, rules_options, rules_records

import phase10._rules
import phase10._state
import phase10._view
from phase10 import GameState, Meld, PlayerState, PlayerView, Rules, UsageError
from phase10._fields import FIRST_RELEASE, added_later, since
from phase10._view import PublicPlayer

RECORDS = (Rules, GameState, PlayerState, Meld, PlayerView, PublicPlayer)
"""The records the documents hold, field by field."""


# --- the type check --------------------------------------------------------------


def wrong_values(hint: Any) -> list[Any]:
    """Values that are not of type ``hint`` but come close: a flag for a
    number, a number for a flag, an enum's value for its member, a record's
    dict for the record, a tuple holding something else. A type this does
    not know fails, so that a new kind of option gets its cases here."""
    wrong: list[Any] = [object(), None]
    args = typing.get_args(hint)
    if typing.get_origin(hint) is tuple and args[1:] == (Ellipsis,):
        return [*wrong, (object(),), [object()]]
    if hint is int:
        return [*wrong, True, 1.0, "1"]
    if hint is bool:
        return [*wrong, 1, 0, "yes"]
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        member = next(iter(hint))
        return [*wrong, member.value, member.name]
    if attrs.has(hint):
        return [*wrong, attrs.asdict(hint())]
    raise TypeError(f"no wrong values for options of type {hint}")


@pytest.mark.rule("R17")
@pytest.mark.parametrize(("name", "hint"), rules_options(), ids=lambda x: str(x))
def test_every_option_refuses_a_value_of_another_type(name: str, hint: Any) -> None:
    """Every field of Rules, a new one too, is checked against its type: a
    value of another type raises UsageError naming the field."""
    for value in wrong_values(hint):
        with pytest.raises(UsageError, match=rf"\b{name}\b"):
            Rules(**{name: value})
        with pytest.raises(UsageError, match=rf"\b{name}\b"):
            Rules().replace(**{name: value})


# --- the release that added a field ----------------------------------------------


def field_docstrings(cls: type) -> dict[str, str]:
    """The docstring written under each field of ``cls``, by field name,
    read from the source of the private module that defines it."""
    (body,) = (
        node.body
        for module in (phase10._rules, phase10._state, phase10._view)
        for node in ast.parse(Path(module.__file__ or "").read_text("utf-8")).body
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__
    )
    return assignment_docstrings(body)


@pytest.mark.parametrize("cls", RECORDS, ids=lambda cls: cls.__name__)
def test_a_field_added_later_says_so_in_its_documentation(cls: type) -> None:
    """A field whose metadata says a later release added it is documented
    with ``.. versionadded::`` of that release, and one of the first release
    is not: the documentation follows the metadata."""
    documented = field_docstrings(cls)
    for field in attrs.fields(cls):
        version = since(field)
        text = documented.get(field.name, "")
        if version == FIRST_RELEASE:
            assert "versionadded" not in text, field.name
        else:
            assert f".. versionadded:: {version}" in text, field.name


@pytest.mark.parametrize("cls", RECORDS, ids=lambda cls: cls.__name__)
def test_the_fields_added_later_are_the_last_with_defaults(cls: type) -> None:
    """The fields added after the first release come after the others (a
    document writes them last, when set) and each has a default, which a
    document written before it is read with."""
    names = [field.name for field in attrs.fields(cls)]
    later = added_later(cls)
    assert tuple(names[len(names) - len(later) :]) == later


def test_a_field_added_later_must_have_a_default_and_a_release() -> None:
    """A field marked as added later with no default, or with a release that
    is not one, is refused when its record's documents are made."""

    @attrs.frozen
    class Old:
        kept: int
        new: int = attrs.field(metadata={"since": "0.3"})

    @attrs.frozen
    class Misspelt:
        new: int = attrs.field(default=0, metadata={"since": 0.3})

    with pytest.raises(TypeError, match=r"Old.new, added in 0.3, needs a default"):
        added_later(Old)
    with pytest.raises(TypeError, match="since must be a release"):
        added_later(Misspelt)


# --- the strategies --------------------------------------------------------------


def test_the_strategies_draw_every_option_away_from_its_default() -> None:
    """rules_records sets every option of Rules to something other than the
    official game's choice at least once, so a new option the strategies
    never exercise fails here."""
    official = Rules()
    away: set[str] = set()

    @settings(max_examples=150, derandomize=True, database=None, deadline=None)
    @given(rules_records())
    def draw(rules: Rules) -> None:
        away.update(
            field.name
            for field in attrs.fields(Rules)
            if getattr(rules, field.name) != getattr(official, field.name)
        )

    draw()
    assert away == {field.name for field in attrs.fields(Rules)}


def test_an_option_of_an_unknown_type_needs_a_strategy() -> None:
    """A flag or an enum is drawn from its type; a number with no strategy
    of its own is refused, naming where to give it one."""
    assert option_strategy("wrap_runs", bool) is not None
    with pytest.raises(TypeError, match="_OPTION_STRATEGIES"):
        option_strategy("jokers", int)
