"""Functions written out as source code once, for speed, as attrs writes ``__init__``.

The hot paths of the engine (copying a state with some fields changed,
taking a view, writing and reading JSON) run as straight-line code made
for each record class when the package is imported. :func:`make_function`
compiles that code under a file name of its own (``<phase10 copy of
GameState>``) and registers its source with :mod:`linecache`, so a
traceback through generated code shows the line that failed, as for any
other code. :func:`copier` writes the one copier of a record class.
"""

from __future__ import annotations

import itertools
import linecache
from collections.abc import Callable
from typing import Any, Final

import attrs

__all__ = ["copier", "make_function"]

_SERIAL: Final = itertools.count(1)


def make_function(source: str, name: str, namespace: dict[str, Any], what: str) -> Any:
    """The function ``name`` that ``source`` defines, its free names looked up
    in ``namespace``. ``what`` says what the code is for; the code's file
    name is made from it and unique, and the source is kept in
    :mod:`linecache` for tracebacks."""
    filename = f"<phase10 {what} #{next(_SERIAL)}>"
    code = compile(source, filename, "exec")
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    exec(code, namespace)
    return namespace[name]


def check_unchecked(cls: type) -> None:
    """Raise :class:`TypeError` unless ``cls`` is an attrs class whose fields
    are set as given: no validator, no converter, no ``__attrs_post_init__``.
    A generated copier fills the slots of such a class directly, which would
    skip any of these."""
    if not attrs.has(cls):
        raise TypeError(f"{cls.__name__} is not an attrs class")
    if hasattr(cls, "__attrs_post_init__"):
        raise TypeError(f"{cls.__name__} has __attrs_post_init__: copy it with evolve")
    for field in attrs.fields(cls):
        if field.validator is not None or field.converter is not None:
            raise TypeError(
                f"{cls.__name__}.{field.name} has a validator or converter: "
                "copy it with attrs.evolve"
            )


def copier(cls: type) -> Callable[[Any, dict[str, Any]], Any]:
    """``copy(record, changes)``: a new ``cls`` with the fields of ``record``,
    but those named in ``changes``.

    The engine copies a state or a player a few times a move, and bots make
    millions of moves, so the copy is written out once as straight-line code
    that fills the record's slots directly::

        def copy(record, changes):
            new = make(cls)
            set_name(new, record.name)
            set_hand(new, record.hand)
            ...
            for name, value in changes.items():
                setters[name](new, value)
            return new

    Only for records whose fields are set as given (:func:`check_unchecked`,
    checked here): for them this is what :func:`attrs.evolve` does, at a
    third of the cost. A record that keeps its fields in a ``__dict__``
    (``slots=False``: the state and the players, copied at every move) is
    copied as that dict, at C speed, in half the time again.
    """
    check_unchecked(cls)
    names = [field.name for field in attrs.fields(cls)]
    if "__slots__" not in vars(cls):
        return _dict_copier(cls)
    setters = {name: getattr(cls, name).__set__ for name in names}
    source = "\n".join(
        [
            "def copy(record, changes):",
            "    new = make(cls)",
            *(f"    set_{name}(new, record.{name})" for name in names),
            "    for name, value in changes.items():",
            "        setters[name](new, value)",
            "    return new",
            "",
        ]
    )
    namespace: dict[str, Any] = {
        "make": object.__new__,
        "cls": cls,
        "setters": setters,
        **{f"set_{name}": setter for name, setter in setters.items()},
    }
    copy: Callable[[Any, dict[str, Any]], Any] = make_function(
        source, "copy", namespace, f"copy of {cls.__name__}"
    )
    return copy


def _dict_copier(cls: type) -> Callable[[Any, dict[str, Any]], Any]:
    """The copier of an attrs class that keeps its fields in its
    ``__dict__`` (``slots=False``, no cached hash): the dict holds the
    fields alone, so a copy of it with ``changes`` applied is the new
    record's. ``changes`` must name fields only: the engine's own calls do,
    and the tests check that every state a game reaches holds its fields
    alone."""
    make = object.__new__
    # The descriptor of the instance's dict, from the class that made it.
    owner = next(k for k in cls.__mro__ if "__dict__" in vars(k))
    set_dict = vars(owner)["__dict__"].__set__

    def copy(record: Any, changes: dict[str, Any]) -> Any:
        new: Any = make(cls)
        values = record.__dict__.copy()
        values.update(changes)
        set_dict(new, values)
        return new

    return copy
