"""The numbering of moves: each kind of move's block of move numbers (its
shape, how a move of that kind is numbered, what each number means), and a
move number in words.

Every kind of move of the table of moves has its block in :data:`BLOCKS`;
:func:`check_blocks` makes sure of it when the encoding is imported, and the
tests of the table of moves check it whether or not anything imports the
encoding.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import Any, Final, Protocol

import attrs

from .._actions import (
    MOVE_TYPES,
    ChoosePhase,
    Discard,
    Draw,
    DrawSaved,
    Hit,
    LayPhase,
    NextHand,
    Save,
    Skip,
    SwapWild,
)
from .._cards import FACE_COUNT, FACES, SKIP_INDEX
from .._errors import IllegalMove, UsageError, shown
from .._groups import End
from .._rules import PhaseChoice, Rules
from .._state import Pile

__all__ = [
    "BLOCKS",
    "FACE_COUNT",
    "HIT_SLOTS",
    "MEANINGS",
    "PLAYABLE",
    "MoveBlock",
    "check_blocks",
    "move_number",
    "ordinal",
]

"""Every face of card, the Skip last."""
PLAYABLE: Final = SKIP_INDEX
"""The faces before the Skip: those a hit or a discard may name."""
HIT_SLOTS: Final = 2 * PLAYABLE  # per table group: default end, then LOW


class Encoding(Protocol):
    """What numbering a move reads of the encoding: its seats, rules and
    limits, and where each block of move numbers starts."""

    @property
    def players(self) -> int: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def max_lays(self) -> int: ...
    @property
    def max_groups(self) -> int: ...
    @property
    def _starts(self) -> Mapping[str, int]: ...


@attrs.frozen
class MoveBlock:
    """How one kind of move is numbered: the blocks of move numbers it takes,
    how a move of that kind is numbered, and what each number means.

    Every kind of move of the table of moves has one, registered in
    :data:`BLOCKS`.
    """

    shapes: Callable[[Encoding, int], list[tuple[str, tuple[int, ...]]]]
    """``shapes(encoding, groups)``: the blocks, named, with their shapes
    (``groups`` is the most groups a phase asks for)."""
    index: Callable[[Encoding, Any, int], int]
    """``index(encoding, move, current)``: the number of ``move`` when seat
    ``current`` is to move."""
    meanings: Mapping[str, Callable[[int], str]]
    """For each block, the move at an offset in it, in words."""
    by_place: bool = False
    """Moves numbered by their place among those listed (the lays)."""


def _no_number(action: object) -> IllegalMove:
    return IllegalMove(f"{action} has no number in this encoding")


def _draw_index(encoding: Encoding, action: Draw, current: int) -> int:
    return encoding._starts["draw" if action.source is Pile.DRAW else "take"]


def _lay_index(encoding: Encoding, action: LayPhase, current: int) -> int:
    raise IllegalMove(f"{action} is numbered by its place among the lays listed")


def _hit_index(encoding: Encoding, action: Hit, current: int) -> int:
    if not 0 <= action.meld < encoding.max_groups or action.card.is_skip:
        raise _no_number(action)
    low = PLAYABLE if action.end is End.LOW else 0
    return encoding._starts["hit"] + action.meld * HIT_SLOTS + low + action.card.index


def _discard_index(encoding: Encoding, action: Discard, current: int) -> int:
    if action.card.is_skip:
        raise IllegalMove(f"{action} has no number: a Skip is played by skip")
    return encoding._starts["discard"] + action.card.index


def _skip_index(encoding: Encoding, action: Skip, current: int) -> int:
    if action.target is None:
        return encoding._starts["skip"]
    if not 0 <= action.target < encoding.players or action.target == current:
        raise _no_number(action)
    return encoding._starts["skip"] + (action.target - current) % encoding.players


def _choose_index(encoding: Encoding, action: ChoosePhase, current: int) -> int:
    start = encoding._starts.get("choose_phase")
    if start is None or not 1 <= action.phase <= len(encoding.rules.phases):
        raise _no_number(action)
    return start + action.phase - 1


def _saved_index(encoding: Encoding, action: Save | DrawSaved, block: str) -> int:
    start = encoding._starts.get(block)
    if start is None:
        raise _no_number(action)
    return start + action.card.index


def _swap_index(encoding: Encoding, action: SwapWild, current: int) -> int:
    start = encoding._starts.get("swap_wild")
    card = action.card
    if start is None or card.is_wild or card.is_skip:
        raise _no_number(action)
    if not 0 <= action.meld < encoding.max_groups:
        raise _no_number(action)
    return start + action.meld * PLAYABLE + card.index


def _swap_meaning(offset: int) -> str:
    meld, face = divmod(offset, PLAYABLE)
    return f"swap {FACES[face]} for a Wild of group {meld}"


def _hit_meaning(offset: int) -> str:
    meld, slot = divmod(offset, HIT_SLOTS)
    low, face = divmod(slot, PLAYABLE)
    where = " at the low end" if low else ""
    return f"hit {FACES[face]} on group {meld}{where}"


def _skip_meaning(offset: int) -> str:
    if offset == 0:
        return "play a Skip against nobody"
    return f"play a Skip against the {ordinal(offset)} seat to the left"


BLOCKS: Final[dict[type, MoveBlock]] = {
    Draw: MoveBlock(
        lambda encoding, groups: [("draw", (1,)), ("take", (1,))],
        _draw_index,
        {
            "draw": lambda offset: "draw from the draw pile",
            "take": lambda offset: "take the top of the discard pile",
        },
    ),
    LayPhase: MoveBlock(
        lambda encoding, groups: [("lay", (encoding.max_lays,))],
        _lay_index,
        {"lay": lambda offset: f"lay the {ordinal(offset + 1)} phase lay listed"},
        by_place=True,
    ),
    Hit: MoveBlock(
        lambda encoding, groups: [("hit", (groups * encoding.players, HIT_SLOTS))],
        _hit_index,
        {"hit": _hit_meaning},
    ),
    Discard: MoveBlock(
        lambda encoding, groups: [("discard", (PLAYABLE,))],
        _discard_index,
        {"discard": lambda offset: f"discard {FACES[offset]}"},
    ),
    Skip: MoveBlock(
        lambda encoding, groups: [("skip", (encoding.players,))],
        _skip_index,
        {"skip": _skip_meaning},
    ),
    NextHand: MoveBlock(
        lambda encoding, groups: [("next_hand", (1,))],
        lambda encoding, action, current: encoding._starts["next_hand"],
        {"next_hand": lambda offset: "deal the next hand"},
    ),
    # The Masters Edition's moves have blocks only under rules that make
    # them, so the classic game's numbers stay as they were.
    ChoosePhase: MoveBlock(
        lambda encoding, groups: (
            [("choose_phase", (len(encoding.rules.phases),))]
            if encoding.rules.phase_choice is not PhaseChoice.IN_ORDER
            else []
        ),
        _choose_index,
        {"choose_phase": lambda offset: f"choose phase {offset + 1}"},
    ),
    DrawSaved: MoveBlock(
        lambda encoding, groups: (
            [("draw_saved", (FACE_COUNT,))] if encoding.rules.saves_per_hand else []
        ),
        lambda encoding, action, current: _saved_index(encoding, action, "draw_saved"),
        {"draw_saved": lambda offset: f"draw the saved {FACES[offset]}"},
    ),
    Save: MoveBlock(
        lambda encoding, groups: (
            [("save", (FACE_COUNT,))] if encoding.rules.saves_per_hand else []
        ),
        lambda encoding, action, current: _saved_index(encoding, action, "save"),
        {"save": lambda offset: f"save {FACES[offset]}"},
    ),
    SwapWild: MoveBlock(
        lambda encoding, groups: (
            [("swap_wild", (groups * encoding.players, PLAYABLE))]
            if encoding.rules.swap_wilds
            else []
        ),
        _swap_index,
        {"swap_wild": _swap_meaning},
    ),
}
"""Each kind of move's block of the encoding, by its record class."""


def check_blocks(blocks: Mapping[type, MoveBlock], records: tuple[type, ...]) -> None:
    """Raise :class:`ImportError` unless every kind of move of ``records`` has
    its block of move numbers, and no other."""
    missing = [kind.__name__ for kind in records if kind not in blocks]
    extra = [kind.__name__ for kind in blocks if kind not in records]
    if missing or extra:
        raise ImportError(
            f"the encoding has no block for {missing} and blocks for no move {extra}"
        )


check_blocks(BLOCKS, MOVE_TYPES)
MEANINGS: Final = {
    name: meaning
    for block in BLOCKS.values()
    for name, meaning in block.meanings.items()
}
"""The move at an offset of each block, in words, by the block's name."""


def move_number(index: object) -> int:
    """``index`` as a move number: a whole number, or an integer of another
    library's (NumPy's, as a learner's policy picks it); not a flag."""
    if not isinstance(index, bool):
        try:
            return operator.index(index)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise UsageError(f"a move number is a whole number, not {shown(index)}")


def ordinal(n: int) -> str:
    """``n`` as an ordinal in English: 1st, 2nd, 3rd, 4th, 11th, 21st."""
    suffix = (
        "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    )
    return f"{n}{suffix}"
