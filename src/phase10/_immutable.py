"""The base of every immutable record of the package."""

from __future__ import annotations

from typing_extensions import Self

__all__ = ["Immutable"]


class Immutable:
    """A value that never changes, so a copy of it is the value itself.

    Search code clones states constantly; with this base ``copy.copy(x) is x``
    and ``copy.deepcopy(x) is x`` cost nothing for cards, phases, rules,
    states, views, moves, events and records alike.
    """

    __slots__ = ()

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self
