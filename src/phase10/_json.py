"""Low-level JSON: plain values read one by one, and the document around them.

Every reader takes an untrusted value and ``where``, the path of the value
in its document (``"players[2].hand"``), and returns the value or raises
:class:`~phase10.FormatError` saying what is wrong and where. JSON's
numbers, texts, true/false and null are Python's own, so the readers of
plain values also check those values in records built in Python (see
``_fields.py``).

The document around a body is ``{"schema": "phase10/<kind>", "version": 1,
...}``; :func:`document`, :func:`read_document`, :func:`dumps` and
:func:`loads` write and read it, for ``_serialize.py`` and ``_record.py``
alike.
"""

from __future__ import annotations

import enum
import functools
import json
import warnings
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final, TypeVar, cast

from ._cards import FACES, Card
from ._errors import FormatError, NotationError, UsageError, is_whole, shown
from ._limits import MAX_DECK_SIZE
from ._memo import cached
from ._shuffle import MAX_SEED_DIGITS, seed_problem

__all__ = [
    "MAX_DECK",
    "MAX_JSON_LENGTH",
    "MAX_SAFE_INT",
    "MIGRATIONS",
    "NO_DEFAULTS",
    "SCHEMA_VERSION",
    "at",
    "card",
    "cards",
    "document",
    "dumps",
    "fail",
    "flag",
    "items",
    "json_object",
    "loads",
    "member",
    "optional_seat",
    "optional_whole",
    "player_name",
    "read_document",
    "read_seed",
    "seat",
    "text",
    "whole",
    "write_seed",
]

SCHEMA_VERSION: Final = 1
"""The version of the documents this library writes. It reads this version
and every earlier one, through :data:`MIGRATIONS`."""

Migration = Callable[[str, dict[str, Any]], dict[str, Any]]
"""A step from one document version to the next: ``migrate(kind, body)``
takes the body of a ``phase10/<kind>`` document of version N (the header
taken off) and returns it as version N + 1 writes it. A step must not change
its argument, and handles the documents nested in a body itself (a record
holds rules and moves)."""

MIGRATIONS: Final[dict[int, Migration]] = {}
"""The steps between document versions: ``MIGRATIONS[n]`` takes a version
``n`` body to version ``n + 1``. A change to the format that a field's
default cannot absorb raises :data:`SCHEMA_VERSION` by one and registers the
step from the version before here, so that every document written since
0.1.0 (version 1) still reads (see the page "Compatibility")."""

MAX_JSON_LENGTH: Final = 8_000_000
"""The longest text :func:`from_json` reads, in characters. A saved game
takes a few kilobytes and a record of a long game well under a megabyte."""

MAX_DECK: Final = MAX_DECK_SIZE
"""The most cards a list may hold where no rules bound it (the official deck
has 108): a rules document's deck, a group laid in a move."""

MAX_SAFE_INT: Final = 2**53 - 1
"""The largest whole number the reader takes where no smaller cap applies.

JavaScript, and so most front ends, reads JSON numbers as doubles, which hold
every whole number up to 2**53 - 1 exactly and no more. The cap also keeps
the writer safe: Python refuses to write a number of more than 4,300 digits
as text, so an unbounded score read from a document could not be saved."""

_MAX_KEYS: Final = 64  # more than any document has
_HEADER: Final = frozenset({"schema", "version"})

_T = TypeVar("_T")
_E = TypeVar("_E", bound=enum.Enum)


def fail(where: str, message: str) -> FormatError:
    """The error for a bad value at ``where`` (the document itself if empty)."""
    return FormatError(f"{where}: {message}" if where else message)


def at(where: str, key: str) -> str:
    """The path of ``key`` inside the object at ``where``."""
    return f"{where}.{key}" if where else key


# --- plain values ---------------------------------------------------------------


NO_DEFAULTS: Final[Mapping[str, Any]] = MappingProxyType({})


def json_object(
    value: object,
    where: str,
    keys: tuple[str, ...],
    defaults: Mapping[str, Any] = NO_DEFAULTS,
) -> dict[str, Any]:
    """``value`` as a JSON object with exactly ``keys``.

    A key missing from ``value`` takes its value in ``defaults`` (the JSON of
    a field's default), so that a document written before a field with a
    default was added still reads; a key with no default must be there, and
    a key that is not one of ``keys`` is refused.
    """
    if not isinstance(value, dict):
        raise fail(where, f"expected an object, not {shown(value, json=True)}")
    absent = False
    for key in keys:
        if key not in value:
            if key not in defaults:
                raise fail(where, f"missing key {key!r}")
            absent = True
    if absent:
        value = {key: defaults[key] for key in keys if key not in value} | value
    if len(value) != len(keys):
        extra = next(key for key in value if key not in keys)
        raise fail(where, f"unknown key {shown(extra, json=True)}")
    return value


def items(value: object, where: str, most: int) -> list[Any] | tuple[Any, ...]:
    """``value`` as a list of at most ``most`` items."""
    if not isinstance(value, (list, tuple)):
        raise fail(where, f"expected a list, not {shown(value, json=True)}")
    if len(value) > most:
        raise fail(where, f"has {len(value)} items, more than the {most} possible")
    return value


def whole(value: object, where: str, low: int = 0, high: int | None = None) -> int:
    """A whole number from ``low`` to ``high``, or to :data:`MAX_SAFE_INT`."""
    # JSON gives exact ints: test for one first, which is faster than is_whole.
    if value.__class__ is not int and not is_whole(value):
        raise fail(where, f"expected a whole number, not {shown(value, json=True)}")
    number = cast(int, value)
    if number < low or number > (MAX_SAFE_INT if high is None else high):
        if high is not None:
            bounds = f"from {low} to {high}"
        elif number < low:
            bounds = f">= {low}"
        else:
            bounds = (
                f"from {low} to {MAX_SAFE_INT} (2**53 - 1, the largest whole "
                "number a JavaScript front end reads exactly)"
            )
        raise fail(where, f"expected a whole number {bounds}, not {shown(number)}")
    return number


def optional_whole(
    value: object, where: str, low: int = 0, high: int | None = None
) -> int | None:
    """A whole number as :func:`whole` reads it, or null."""
    return None if value is None else whole(value, where, low, high)


def flag(value: object, where: str) -> bool:
    """True or false."""
    if not isinstance(value, bool):
        raise fail(where, f"expected true or false, not {shown(value, json=True)}")
    return value


def text(value: object, where: str) -> str:
    """A text."""
    if not isinstance(value, str):
        raise fail(where, f"expected a text, not {shown(value, json=True)}")
    return value


def player_name(value: object, where: str) -> str:
    """A player's name: a text that is not blank."""
    if not text(value, where).strip():
        raise fail(where, "a player's name cannot be empty")
    return cast(str, value)


def seat(value: object, where: str, seats: int) -> int:
    """A seat at a table of ``seats`` players."""
    if value.__class__ is not int and not is_whole(value):
        raise fail(where, f"expected a seat number, not {shown(value, json=True)}")
    number = cast(int, value)
    if not 0 <= number < seats:
        raise fail(
            where, f"there is no seat {shown(number)} (seats are 0 to {seats - 1})"
        )
    return number


def optional_seat(value: object, where: str, seats: int) -> int | None:
    """A seat as :func:`seat` reads it, or null."""
    return None if value is None else seat(value, where, seats)


@cached("_json.members")
@functools.cache
def _members(cls: type[_E]) -> dict[object, _E]:
    return {choice.value: choice for choice in cls}


def member(cls: type[_E], value: object, where: str, what: str) -> _E:
    """The member of the enum ``cls`` whose value is the text ``value``.

    ``what`` names the kind of thing in the message: ``"a step"``.
    """
    if isinstance(value, str):
        found: _E | None = _members(cls).get(value)
        if found is not None:
            return found
    choices = ", ".join(repr(choice.value) for choice in cls)
    raise fail(where, f"{shown(value, json=True)} is not {what} ({choices})")


_CARD_BY_TEXT: Final = {str(face): face for face in FACES}


def card(value: object, where: str) -> Card:
    """A card from its notation as the library writes it, ``"R7"`` or ``"W"``.

    Another spelling that :meth:`Card.parse` reads (``"r7"``, ``" W "``) is
    still read, with a :class:`FutureWarning`: the schema lists only the
    written spelling, and from version 0.4 the readers will refuse the
    others (a document is written by a program; notation typed by people
    stays forgiving)."""
    if isinstance(value, str):
        found = _CARD_BY_TEXT.get(value)
        if found is not None:
            return found
        try:
            found = Card.parse(value)
        except NotationError:
            pass
        else:
            warnings.warn(  # the card is not named: a document may be secret
                f"{where}: a card is spelled as the library does not write it "
                "(in capitals, with no spaces: 'R7', 'W'); other spellings are "
                "deprecated and will be refused from phase10 0.4",
                FutureWarning,
                stacklevel=2,
            )
            return found
    raise fail(where, f"{shown(value, json=True)} is not a card")


def cards(value: object, where: str, most: int) -> tuple[Card, ...]:
    """A list of at most ``most`` cards."""
    listed = items(value, where, most)
    by_text = _CARD_BY_TEXT
    found = []
    for index, item in enumerate(listed):
        face = by_text.get(item) if isinstance(item, str) else None
        found.append(card(item, f"{where}[{index}]") if face is None else face)
    return tuple(found)


def read_seed(value: object, where: str) -> int:
    """A seed, written as a text of decimal digits (a seed is usually 128 bits,
    more than many JSON readers take as a number without rounding)."""
    digits = value.removeprefix("-") if isinstance(value, str) else ""
    # The length is checked before the text is read as a number: Python
    # refuses to read more than 4,300 digits.
    if not (
        0 < len(digits) <= MAX_SEED_DIGITS and digits.isascii() and digits.isdigit()
    ):
        raise fail(
            where,
            "expected the seed as a text of decimal digits such as '2026', "
            f"not {shown(value, json=True)}",
        )
    return -int(digits) if cast(str, value).startswith("-") else int(digits)


def write_seed(seed: int) -> str:
    """The seed as decimal text, refused if :func:`read_seed` could not take it back."""
    if not is_whole(seed):
        raise FormatError(f"seed: expected a whole number, not {shown(seed)}")
    if seed_problem(seed) is not None:
        raise FormatError(
            f"seed: a seed is written with at most {MAX_SEED_DIGITS} digits, "
            "and this one has more"
        )
    return str(seed)


# --- documents --------------------------------------------------------------------


def document(name: str, body: dict[str, Any]) -> dict[str, Any]:
    """``body`` with the header of a ``phase10/<name>`` document in front."""
    return {"schema": f"phase10/{name}", "version": SCHEMA_VERSION} | body


def read_document(
    data: object, name: str, read: Callable[[dict[str, Any], str], _T]
) -> _T:
    """Check the header of a ``phase10/<name>`` document and ``read`` its body."""
    if not isinstance(data, dict):
        raise FormatError(f"a document is an object, not {shown(data, json=True)}")
    if len(data) > _MAX_KEYS:
        raise FormatError(f"a document has at most {_MAX_KEYS} keys, not {len(data)}")
    expected = f"phase10/{name}"
    schema = data.get("schema")
    if schema != expected:
        if "schema" not in data:
            raise FormatError(f"missing key 'schema' (expected {expected!r})")
        raise FormatError(
            f"schema: expected {expected!r}, not {shown(schema, json=True)}"
        )
    version = data.get("version")
    if "version" not in data:
        raise FormatError("missing key 'version'")
    if not is_whole(version):
        raise FormatError(
            f"version: expected a whole number, not {shown(version, json=True)}"
        )
    version = cast(int, version)
    newest = SCHEMA_VERSION
    if not 1 <= version <= newest:
        if version > newest:
            raise FormatError(
                f"version: this document was written by a newer phase10 (document "
                f"version {shown(version)}); this one reads versions 1 to {newest}"
            )
        raise FormatError(
            f"version: this library reads versions 1 to {newest}, "
            f"not version {shown(version)}"
        )
    body = {key: value for key, value in data.items() if key not in _HEADER}
    while version < newest:
        body = MIGRATIONS[version](name, body)
        version += 1
    return read(body, "")


def dumps(data: dict[str, Any], indent: int | None, what: str) -> str:
    """``data`` as JSON text, keys in the order given; ``what`` names the object.

    ``indent`` is checked here, the one place every writer passes it through.
    """
    if indent is not None and not is_whole(indent):
        raise UsageError(
            f"indent must be a whole number of spaces or None, not {shown(indent)}"
        )
    separators = (",", ":") if indent is None else (",", ": ")
    try:
        return json.dumps(data, indent=indent, separators=separators)
    except ValueError as error:  # a number too long to write as text
        raise FormatError(
            f"cannot write this {what} as JSON: it holds a whole "
            f"number too long to write as text ({error})"
        ) from error


def loads(text: str | bytes) -> object:
    """The value of JSON text, refused with :class:`~phase10.FormatError` if it
    is not text, too long, malformed, or repeats a key."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise UsageError(f"JSON is text, not a {type(text).__name__}")
    if len(text) > MAX_JSON_LENGTH:
        raise FormatError(
            f"the text is {len(text)} characters long, more than the "
            f"{MAX_JSON_LENGTH} this library reads"
        )
    try:
        return json.loads(
            text, object_pairs_hook=_unique_keys, parse_constant=_no_constant
        )
    except FormatError:
        raise
    except RecursionError:
        raise FormatError("not valid JSON: nested too deeply") from None
    except ValueError as error:  # JSONDecodeError, bad UTF-8, a huge number
        raise FormatError(f"not valid JSON: {error}") from None


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise FormatError(
                    f"not valid JSON: the key {shown(key, json=True)} appears twice"
                )
            seen.add(key)
    return result


def _no_constant(constant: str) -> object:
    raise FormatError(f"not valid JSON: {constant} is not a number")
