"""The table referee: a scorekeeper for games played with real cards.

Most people who play Phase 10 play it with a deck on a table. This module
serves them: a :class:`Ledger` keeps the score sheet, hand by hand, and
works out the scores, the phases done, the standings, the end of the game
and its tie-break exactly as the engine does for the same hands, refusing
with the rule's clause what cannot happen. :func:`check_lay` and
:func:`check_hit` say whether cards put down at the table make a player's
phase or fit a group, and :func:`find_rulings` settles a dispute with the
ruling, its clause and the option that changes it.

A ledger is a document like the others: ``phase10.to_json(ledger)``,
``phase10.from_json(text, Ledger)`` and ``phase10.json_schema("ledger")``.

.. versionadded:: 0.3
"""

from __future__ import annotations

from .._errors import EntryError
from .._ledger import Ledger, Standing
from .._ledger_hands import HandEntry
from ._checks import Verdict, check_hit, check_lay
from ._rulings import RULINGS, Ruling, find_rulings

__all__ = [
    "RULINGS",
    "EntryError",
    "HandEntry",
    "Ledger",
    "Ruling",
    "Standing",
    "Verdict",
    "check_hit",
    "check_lay",
    "find_rulings",
]


def _present_as_public() -> None:
    # Public names say they live here, where users import them from.
    for name in __all__:
        value = globals()[name]
        is_code = isinstance(value, type) or hasattr(value, "__code__")
        if is_code and value.__module__.startswith(("phase10._", "phase10.ledger._")):
            value.__module__ = "phase10.ledger"


_present_as_public()
