"""A structure-aware mutator for the JSON targets.

libFuzzer's own mutations change bytes, and almost every changed byte of a
JSON document breaks its syntax: the reader refuses it at the first
character and the fuzzer never gets past ``json.loads``. This mutator reads
the document, changes one value of it (a number to a limit, a card to
another, a key removed or added, an element repeated, a value swapped with
another part of the same document) and writes it back, so that the
readers' checks of meaning are what gets fuzzed. Inputs that do not parse
are left to libFuzzer's byte mutations.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

__all__ = ["mutate_json"]

_NUMBERS = (
    -1, 0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 20, 21, 99, 100, 108, 1000,
    2**31, 2**53 - 1, 2**53, 10**30, -(2**63), 0.5, -0.0, 1e308,
)  # fmt: skip
_STRINGS = (
    "", "R1", "B12", "Y7", "G10", "W", "S", "R13", "R0", "X1", "w", "r7",
    "draw", "discard", "set", "run", "color", "color run", "low", "high",
    "official", "phase10", "none", "play", "hand over", "game over",
    "1 set of 3", "2 sets of 3", "1 run of 9", "until served", "per hand",
    "\u00e9", "\x00", "R1 R1", "9" * 40, "a" * 300,
)  # fmt: skip


def _places(node: Any, out: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """Every (container, key) of the document, the root's children first."""
    if isinstance(node, dict):
        for key, value in node.items():
            out.append((node, key))
            _places(value, out)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out.append((node, index))
            _places(value, out)
    return out


def _new_value(old: Any, document: Any, rng: random.Random) -> Any:
    choice = rng.random()
    if choice < 0.1:  # a part of the same document
        places = _places(document, [])
        if places:
            container, key = rng.choice(places)
            return json.loads(json.dumps(container[key]))
    if isinstance(old, bool) or choice < 0.15:
        return rng.choice([True, False, None, 0, "", [], {}])
    if isinstance(old, int | float):
        return rng.choice([old + 1, old - 1, -old, rng.choice(_NUMBERS)])
    if isinstance(old, str):
        if choice < 0.5:
            return rng.choice(_STRINGS)
        if old and choice < 0.7:
            cut = rng.randrange(len(old))
            return old[:cut] + old[cut + 1 :]
        return old.upper() if choice < 0.8 else old + rng.choice(_STRINGS)
    if isinstance(old, list):
        copy = list(old)
        if copy and choice < 0.45:
            del copy[rng.randrange(len(copy))]
        elif copy and choice < 0.7:
            copy.insert(rng.randrange(len(copy) + 1), rng.choice(copy))
        elif len(copy) > 1 and choice < 0.85:
            i, j = rng.sample(range(len(copy)), 2)
            copy[i], copy[j] = copy[j], copy[i]
        else:
            copy.append(rng.choice([*_NUMBERS[:8], *_STRINGS[:12]]))
        return copy
    if isinstance(old, dict):
        entries = dict(old)
        if entries and choice < 0.6:
            del entries[rng.choice(list(entries))]
        else:
            entries[rng.choice(["extra", "version", "cards", "type", "seat"])] = 1
        return entries
    return rng.choice(_NUMBERS)


def mutate_json(
    data: bytes,
    max_size: int,
    seed: int,
    fallback: Callable[[bytes, int], bytes] | None = None,
) -> bytes:
    """``data`` with one or a few values changed, if it is JSON; otherwise
    (and half the time) ``fallback(data, max_size)``, libFuzzer's own."""
    rng = random.Random(seed)
    try:
        document = json.loads(data)
    except (ValueError, RecursionError):
        document = None
    if document is None or (fallback is not None and rng.random() < 0.5):
        return fallback(data, max_size) if fallback is not None else data
    for _ in range(1 + (rng.random() < 0.3) + (rng.random() < 0.1)):
        places = _places(document, [])
        if not places:
            document = _new_value(document, document, rng)
            continue
        container, key = rng.choice(places)
        container[key] = _new_value(container[key], document, rng)
    text = json.dumps(document, allow_nan=True).encode()
    if len(text) > max_size:
        return fallback(data, max_size) if fallback is not None else data[:max_size]
    return text
