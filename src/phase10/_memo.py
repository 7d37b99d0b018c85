"""Every memo table of the package, behind one door.

The engine remembers a few answers that it is asked again and again: the
hits of each face on a group of the table, the listings of a rule set's
moves, a phase's compiled search, the faces of a deck, the groups a hand
makes. Each table is a :class:`Memo` made here by :func:`memo`, with a
name and a size limit, so that one list (:data:`MEMOS`) says what the
package keeps, :func:`clear_all` empties all of it (a test, a benchmark
that wants a cold start, a long-running server that wants its memory
back), and one method, :meth:`Memo.keep`, is the only way in: it empties
the table when it is full, then stores the answer. Emptying all at once is
crude but cheap: a table refills with what is still asked within a few
moves, and nothing is counted on the path that reads it.

Functions cached with :mod:`functools` (``lru_cache``, ``cache``) are
registered too, by :func:`cached`, so that :func:`clear_all` reaches them.

**Why keys made of ``id()`` are safe.** Several tables are keyed by the
identity of an immutable object (a rule set, a group on the table, a phase),
because hashing it would cost more than the answer saves. An id can be
reused once its object is gone, so every such entry keeps the object
itself, and a reader checks ``entry[0] is obj`` before it trusts the rest:
while the entry exists the object cannot be collected, so its id is not
reused, and after the table is emptied the next reader simply misses.

**When a clear races a reader.** Threads may share the package (a server
answering several tables). A reader takes the entry out of the table into a
local variable before using it; :meth:`dict.clear` only drops the table's
references, so an entry already read stays whole, and a clear at any moment
costs at most an answer worked out again. No table is ever read and then
written in two steps that another thread's clear could split into a wrong
answer: the worst outcome is a miss.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Generic, TypeVar

__all__ = ["MEMOS", "Memo", "cached", "clear_all", "memo", "names"]

K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V], Generic[K, V]):
    """A dict of remembered answers, emptied whenever it reaches ``limit``.

    Read it as a dict (``memo.get(key)``: the hot path is C's); write it
    only through :meth:`keep`.
    """

    __slots__ = ("limit", "name")

    def __init__(self, name: str, limit: int) -> None:
        super().__init__()
        self.name = name
        self.limit = limit

    def keep(self, key: K, value: V) -> V:
        """Remember ``value`` for ``key`` and return it, emptying the table
        first when it holds ``limit`` answers."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value

    def __repr__(self) -> str:
        return f"<Memo {self.name}: {len(self)} of {self.limit}>"


MEMOS: Final[dict[str, Memo[object, object]]] = {}
"""Every memo table of the package, by name."""

_CACHES: Final[dict[str, Callable[[], None]]] = {}
"""The ``cache_clear`` of every function cached with :mod:`functools`."""


def memo(name: str, limit: int) -> Memo[K, V]:
    """A new memo table, registered as ``name`` (a dotted place, such as
    ``"_moves.hit.fits"``), holding at most ``limit`` answers."""
    if name in MEMOS or name in _CACHES:
        raise ValueError(f"a memo named {name!r} exists already")
    table: Memo[K, V] = Memo(name, limit)
    MEMOS[name] = table  # type: ignore[assignment]
    return table


F = TypeVar("F", bound=Callable[..., object])


def cached(name: str) -> Callable[[F], F]:
    """Register a function cached with :mod:`functools` (applied above its
    ``lru_cache`` or ``cache``), so that :func:`clear_all` empties it."""

    def register(function: F) -> F:
        if name in MEMOS or name in _CACHES:
            raise ValueError(f"a memo named {name!r} exists already")
        _CACHES[name] = function.cache_clear  # type: ignore[attr-defined]
        return function

    return register


def clear_all() -> None:
    """Empty every memo table and cached function of the package."""
    for table in MEMOS.values():
        table.clear()
    for clear in _CACHES.values():
        clear()


def names() -> list[str]:
    """The names of every table and cached function, sorted."""
    return sorted([*MEMOS, *_CACHES])
