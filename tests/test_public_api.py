"""The public API on record: every exported name with its signature.

``tests/public_api.txt`` lists what ``phase10``, ``phase10.bots``,
``phase10.svg`` and ``phase10.encoding`` export: functions with their
signatures, classes with their constructors, fields, methods and
properties, enums with their members, constants with their types. The test
fails on any difference, so that a change to the public API is made on
purpose: update the listing with

    python tests/test_public_api.py --write

and say what changed in ``CHANGELOG.md`` (see the page "Compatibility").
``phase10.rl`` needs the optional learning libraries and is left out.
"""

from __future__ import annotations

import difflib
import enum
import importlib
import inspect
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs

LISTING = Path(__file__).with_name("public_api.txt")
MODULES = (
    "phase10",
    "phase10.analysis",
    "phase10.bots",
    "phase10.svg",
    "phase10.encoding",
    "phase10.ledger",
)


def _annotation(annotation: object) -> str:
    if annotation is inspect.Parameter.empty:
        return ""
    if isinstance(annotation, str):
        return annotation
    return inspect.formatannotation(annotation)


def _default(value: object) -> str:
    """A default as the listing writes it: short, and the same on every
    Python version."""
    if attrs.has(type(value)):
        return f"{type(value).__name__}(...)"
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if callable(value) and hasattr(value, "__qualname__"):
        return str(value.__qualname__)
    return repr(value)


_STARS: dict[inspect._ParameterKind, str] = {
    inspect.Parameter.VAR_POSITIONAL: "*",
    inspect.Parameter.VAR_KEYWORD: "**",
}


def _signature(function: Callable[..., Any]) -> str:
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return "(...)"
    parts = []
    marked_keyword_only = False
    previous: inspect._ParameterKind | None = None
    for parameter in signature.parameters.values():
        kind = parameter.kind
        if previous is inspect.Parameter.POSITIONAL_ONLY and kind is not previous:
            parts.append("/")
        if kind is inspect.Parameter.KEYWORD_ONLY and not marked_keyword_only:
            parts.append("*")
            marked_keyword_only = True
        prefix = _STARS.get(kind, "")
        if kind is inspect.Parameter.VAR_POSITIONAL:
            marked_keyword_only = True
        text = prefix + parameter.name
        annotation = _annotation(parameter.annotation)
        if annotation:
            text += f": {annotation}"
        if parameter.default is not inspect.Parameter.empty:
            text += f" = {_default(parameter.default)}"
        parts.append(text)
        previous = kind
    if previous is inspect.Parameter.POSITIONAL_ONLY:
        parts.append("/")
    returned = _annotation(signature.return_annotation)
    return f"({', '.join(parts)})" + (f" -> {returned}" if returned else "")


def _members(cls: type) -> Iterator[str]:
    """The public members a class defines itself or takes from the package's
    own classes (not from object, enum or attrs)."""
    seen: set[str] = set()
    for owner in cls.__mro__:
        if not owner.__module__.startswith("phase10"):
            continue
        for name, member in vars(owner).items():
            if name.startswith("_") or name in seen:
                continue
            seen.add(name)
            if isinstance(member, property):
                yield f"  property {name}"
            elif isinstance(member, classmethod):
                yield f"  classmethod {name}{_signature(getattr(cls, name))}"
            elif isinstance(member, staticmethod):
                yield f"  staticmethod {name}{_signature(getattr(cls, name))}"
            elif inspect.isfunction(member):
                yield f"  method {name}{_signature(member)}"


def _describe_class(name: str, cls: type) -> Iterator[str]:
    if issubclass(cls, enum.Enum):
        yield f"enum {name}"
        for member in cls:
            yield f"  member {member.name} = {member.value!r}"
        return
    bases = ", ".join(
        base.__name__
        for base in cls.__bases__
        if base.__name__ != "Immutable" and not base.__name__.startswith("_")
    )
    yield f"class {name}({bases})"
    if attrs.has(cls):
        for field in attrs.fields(cls):
            text = f"  field {field.name}: {_annotation(field.type)}"
            if isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
                text += " = <factory>"
            elif field.default is not attrs.NOTHING:
                text += f" = {_default(field.default)}"
            yield text
    elif "__init__" in vars(cls) and not issubclass(cls, BaseException):
        yield f"  init{_signature(vars(cls)['__init__'])}"
    yield from sorted(_members(cls))


def _describe(module: str, name: str, value: object) -> Iterator[str]:
    where = f"{module}.{name}"
    if isinstance(value, type):
        yield from _describe_class(where, value)
    elif inspect.isfunction(value) or inspect.isbuiltin(value):
        yield f"function {where}{_signature(value)}"
    elif inspect.ismodule(value):
        yield f"module {where}"
    else:
        kind = type(value).__name__
        if isinstance(value, (int, str, float)) and not isinstance(value, bool):
            yield f"constant {where}: {kind} = {value!r}"
        else:
            yield f"constant {where}: {kind}"


def listing() -> str:
    """The public API as the listing writes it."""
    lines: list[str] = []
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in sorted(module.__all__):
            lines.extend(_describe(module_name, name, getattr(module, name)))
    return "\n".join(lines) + "\n"


def test_the_public_api_is_as_recorded() -> None:
    """The exported names and their signatures are those of the checked-in
    listing: a change to them is deliberate, with a changelog line."""
    recorded = LISTING.read_text(encoding="utf-8")
    live = listing()
    if live != recorded:
        diff = "".join(
            difflib.unified_diff(
                recorded.splitlines(keepends=True),
                live.splitlines(keepends=True),
                "tests/public_api.txt",
                "the package now",
            )
        )
        raise AssertionError(
            "the public API differs from tests/public_api.txt. If the change is "
            "meant, run `python tests/test_public_api.py --write` and say what "
            "changed in CHANGELOG.md:\n" + diff
        )


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/test_public_api.py --write")
    LISTING.write_text(listing(), encoding="utf-8")
    print(f"wrote {LISTING}")
