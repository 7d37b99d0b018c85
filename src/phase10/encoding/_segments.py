"""A block of an encoding: a named run of slots, read as an array."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .._immutable import Immutable

__all__ = ["Segment", "layout"]


@attrs.frozen
class Segment(Immutable):
    """One block of an encoding: ``size`` slots from ``start``, read as an
    array of ``shape``.

    .. versionadded:: 0.1
    """

    name: str
    start: int
    shape: tuple[int, ...]
    high: int | None
    """The largest value a slot of the block takes (``None``: no bound).
    Every slot is at least 0. For moves, 1."""

    @property
    def size(self) -> int:
        """How many slots the block has."""
        size = 1
        for length in self.shape:
            size *= length
        return size

    @property
    def stop(self) -> int:
        """The slot after the block's last."""
        return self.start + self.size


def layout(
    blocks: Iterable[tuple[str, tuple[int, ...], int | None]],
) -> tuple[Segment, ...]:
    """The blocks, each given by name, shape and largest value, one after
    the other from slot 0."""
    segments = []
    start = 0
    for name, shape, high in blocks:
        segment = Segment(name, start, shape, high)
        segments.append(segment)
        start = segment.stop
    return tuple(segments)
