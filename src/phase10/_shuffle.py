"""The game's own shuffle: a pure function of a seed, the same everywhere (R41).

Python's ``random`` module promises no stable algorithm across versions, so
the engine draws its random numbers from BLAKE2b in counter mode, keyed by
the game's seed and the number of the shuffle, and shuffles by
Fisher-Yates with rejection sampling (no modulo bias).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from typing import Final, TypeVar

__all__ = [
    "MAX_SEED_DIGITS",
    "SEED_LIMIT",
    "derive_seed",
    "fresh_seed",
    "seed_problem",
    "shuffled",
]

T = TypeVar("T")

_MASK64 = (1 << 64) - 1

# A saved game writes its seed as decimal text, and Python reads back at most
# 4,300 digits; every seed a game takes has at most this many.
MAX_SEED_DIGITS: Final = 4_000
SEED_LIMIT: Final = 10**MAX_SEED_DIGITS
"""Every seed is strictly between ``-SEED_LIMIT`` and ``SEED_LIMIT``."""


def seed_problem(seed: object) -> str | None:
    """Why ``seed`` cannot be a game's seed, or ``None`` when it can.

    The one check of a seed's bounds: every way a seed enters the package
    (a new game, a saved state, a game record) uses it.
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        return f"a seed is a whole number, not a {type(seed).__name__}"
    if not -SEED_LIMIT < seed < SEED_LIMIT:
        return f"a seed has at most {MAX_SEED_DIGITS} digits, so that it can be saved"
    return None


def derive_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` of a series played from ``seed``.

    A 128-bit value from BLAKE2b over both, so that knowing one game's seed
    (which a small seed lets a player find from a view) gives nothing about
    the next game's, as ``seed + number`` would.
    """
    digest = hashlib.blake2b(
        _seed_bytes(seed) + b"/" + _seed_bytes(number),
        digest_size=16,
        person=b"phase10 series",
    )
    return int.from_bytes(digest.digest(), "little")


def fresh_seed() -> int:
    """A new 128-bit seed from the operating system's random source."""
    return int.from_bytes(os.urandom(16), "little")


def _seed_bytes(seed: int) -> bytes:
    return seed.to_bytes((seed.bit_length() + 8) // 8, "little", signed=True)


class _Stream:
    """64-bit random numbers from BLAKE2b over (seed, shuffle number, block)."""

    __slots__ = ("_block", "_buffer", "_key")

    def __init__(self, seed: int, number: int) -> None:
        self._key = hashlib.blake2b(
            _seed_bytes(seed) + b"/" + number.to_bytes(8, "little"),
            person=b"phase10-shuffle",
        ).digest()[:32]
        self._block = 0
        self._buffer: list[int] = []

    def next64(self) -> int:
        if not self._buffer:
            digest = hashlib.blake2b(
                self._block.to_bytes(8, "little"), key=self._key
            ).digest()
            self._block += 1
            self._buffer = [
                int.from_bytes(digest[i : i + 8], "little") for i in range(56, -8, -8)
            ]
        return self._buffer.pop()

    def below(self, bound: int) -> int:
        """A uniform integer in ``range(bound)`` for 0 < bound <= 2**64."""
        limit = (_MASK64 + 1) - (_MASK64 + 1) % bound
        while True:
            value = self.next64()
            if value < limit:
                return value % bound


def shuffled(items: Sequence[T], seed: int, number: int) -> tuple[T, ...]:
    """``items`` in a random order decided by ``seed`` and the shuffle's ``number``.

    >>> shuffled(range(10), seed=1, number=0) == shuffled(range(10), seed=1, number=0)
    True
    >>> sorted(shuffled(range(10), seed=1, number=0)) == list(range(10))
    True
    """
    result = list(items)
    stream = _Stream(seed, number)
    for i in range(len(result) - 1, 0, -1):
        j = stream.below(i + 1)
        result[i], result[j] = result[j], result[i]
    return tuple(result)
