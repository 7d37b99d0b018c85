"""The game's own shuffle: a pure function of a seed, the same everywhere (R41).

Python's ``random`` module promises no stable algorithm across versions, so
the engine draws its random numbers from BLAKE2b in counter mode, keyed by
the game's seed and the number of the shuffle, and shuffles by
Fisher-Yates with rejection sampling (no modulo bias).
"""

from __future__ import annotations

import hashlib
import os
import struct
from collections.abc import Iterator, Sequence
from itertools import count
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


def _stream(seed: int, number: int) -> Iterator[int]:
    """64-bit random numbers from BLAKE2b over (seed, shuffle number, block):
    each block's digest gives eight, little-endian, in order."""
    key = hashlib.blake2b(
        _seed_bytes(seed) + b"/" + number.to_bytes(8, "little"),
        person=b"phase10-shuffle",
    ).digest()[:32]
    for block in count():
        yield from _EIGHT.unpack(
            hashlib.blake2b(block.to_bytes(8, "little"), key=key).digest()
        )


_EIGHT: Final = struct.Struct("<8Q")
_RANGE: Final = _MASK64 + 1


def shuffled(items: Sequence[T], seed: int, number: int) -> tuple[T, ...]:
    """``items`` in a random order decided by ``seed`` and the shuffle's ``number``.

    Fisher-Yates from the last place down; the place to swap with is a
    uniform number below the count of places left, by rejection (a value at
    or above the largest multiple of that count is drawn again).

    >>> shuffled(range(10), seed=1, number=0) == shuffled(range(10), seed=1, number=0)
    True
    >>> sorted(shuffled(range(10), seed=1, number=0)) == list(range(10))
    True
    """
    result = list(items)
    values = _stream(seed, number)
    for i in range(len(result) - 1, 0, -1):
        bound = i + 1
        limit = _RANGE - _RANGE % bound
        value = next(values)
        while value >= limit:
            value = next(values)
        j = value % bound
        result[i], result[j] = result[j], result[i]
    return tuple(result)
