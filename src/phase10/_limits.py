"""The limits on what a rule set may ask for, in one place (R17).

Every public call must cost a bounded, small time for every input the
package accepts, because rules, saves and moves may come from strangers.
Each limit below is far above what the official game and its known
variants use, and low enough that the worst case of the work it bounds
stays small. The rules document (R17) gives the reason for each.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "BOUNDS",
    "MAX_DECK_SIZE",
    "MAX_GROUPS",
    "MAX_HANDS",
    "MAX_HAND_SIZE",
    "MAX_LISTED_LAYS",
    "MAX_MOVE_NUMBER",
    "MAX_PHASES",
    "MAX_PHASE_CARDS",
    "MAX_PHASE_TEXT",
    "MAX_PLAYERS",
]

MAX_HAND_SIZE: Final = 20
"""The most cards a rule set deals to each player (``Rules.hand_size``).

Twice the official ten. A player holds at most one card more, after
drawing, and every phase must fit in that.
"""

MAX_PHASE_CARDS: Final = MAX_HAND_SIZE + 1
"""The most cards a phase may ask for (its :attr:`~PhaseSpec.min_cards`).

No rule set could let a player lay more, so no phase needs more. It bounds
the work of the phase solver along with :data:`MAX_GROUPS`.
"""

MAX_GROUPS: Final = 4
"""The most groups a phase may ask for.

The official phases ask for one or two, and the custom lists players share
for up to four. The phase solver's search is over the groups' numbers and
colours, so its worst case grows steeply with each group more.
"""

MAX_PHASE_TEXT: Final = 1000
"""The most characters :meth:`PhaseSpec.parse <phase10.PhaseSpec.parse>` reads.

A phase of four groups in words takes under 200; text from a stranger is
refused before it is read word by word.
"""

MAX_PHASES: Final = 50
"""The most phases a rule set may list (``Rules.phases``).

Five times the official ten. Each phase is checked against the deck when
the rules are made (and read), so this bounds that work.
"""

MAX_DECK_SIZE: Final = 1000
"""The most cards a deck may hold (``Rules.deck``).

Over four official decks of 108 cards; the deck is shuffled at every deal.
"""

MAX_PLAYERS: Final = 20
"""The most players a rule set may seat (``Rules.max_players``).

Enough for two official decks dealt out in full; every player's groups on
the table are tried for every hit a player might make.
"""

MAX_LISTED_LAYS: Final = 40_000
"""The most minimal lays one hand may be able to make of a phase.

:func:`~phase10.legal_actions` lists every minimal way to lay the phase,
and their number grows steeply with the hand and with the groups a phase
asks for. A rule set is refused when a phase could, by a bound worked out
when the rules are made, be laid in more ways than this from one hand of
``hand_size + 1`` cards; likewise a part of it (some of its groups), or
one of its requirements, which the listing goes through on its way.
"""


MAX_MOVE_NUMBER: Final = 999_999_999
"""The largest group or seat number a move names: nine digits, as the
notation writes it (no table comes near it)."""

MAX_HANDS: Final = 100_000
"""The most hands a game may last. An official game lasts 10 to 30 hands;
the bound keeps every count of a state (hands, turns, shuffles, scores)
within what JSON readers take exactly (2**53 - 1), so that every state a
game reaches can be saved and read back."""


BOUNDS: Final = "phase10.bounds"
"""The attrs metadata key of a record field's fixed bounds, written as the
JSON Schema keywords its check applies (``minimum``, ``maximum``,
``minItems``): the field's check and :func:`~phase10.json_schema` read the
same numbers, so that they cannot drift apart."""
