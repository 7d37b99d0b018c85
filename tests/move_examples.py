"""Example moves of every kind, the one list of moves the tests keep.

The tests that must meet every kind of move (the schema's, the notation's,
the table's) read their examples here. The list is compared with the table
of moves (``phase10._moves.MOVES``) when it is imported, so a kind of move
added to the table without an example here stops the tests at once,
saying which kind to add and where, rather than passing without it.
"""

from __future__ import annotations

from collections.abc import Mapping

from phase10 import (
    Action,
    ChoosePhase,
    Discard,
    Draw,
    DrawSaved,
    Hit,
    LayPhase,
    NextHand,
    Pile,
    Save,
    Skip,
    SwapWild,
)
from phase10._moves import MOVES

EXAMPLES: Mapping[type, tuple[Action, ...]] = {
    Draw: (Draw(), Draw(Pile.DISCARD)),
    LayPhase: (LayPhase((("R5", "B5", "W"), ("Y7", "R7", "G7"))),),
    Hit: (Hit("R7", 2), Hit("W", 0, "low")),
    Discard: (Discard("R7"),),
    Skip: (Skip(1), Skip(None)),
    NextHand: (NextHand(),),
    ChoosePhase: (ChoosePhase(7),),
    DrawSaved: (DrawSaved("W"),),
    Save: (Save("S"),),
    SwapWild: (SwapWild("B9", 3),),
}
"""Each kind of move, in the table's order, with one or more of its moves:
every spelling worth trying (a pile, an end, a Skip on nobody)."""


def check_examples(examples: Mapping[type, tuple[Action, ...]]) -> None:
    """Raise :class:`ImportError` unless ``examples`` gives every kind of
    the table, in its order, each with moves of that kind."""
    kinds = list(MOVES)
    missing = [kind.__name__ for kind in kinds if kind not in examples]
    unknown = [kind.__name__ for kind in examples if kind not in MOVES]
    if missing or unknown:
        raise ImportError(
            f"tests/move_examples.py: EXAMPLES lacks {missing} and has {unknown} "
            "that the table of moves does not: give one entry to each kind of "
            "the table (phase10._moves.MOVES), with one move or more"
        )
    if list(examples) != kinds:
        order = ", ".join(kind.__name__ for kind in kinds)
        raise ImportError(
            f"tests/move_examples.py: list EXAMPLES in the table's order: {order}"
        )
    for kind, moves in examples.items():
        wrong = [move for move in moves if type(move) is not kind]
        if not moves or wrong:
            raise ImportError(
                f"tests/move_examples.py: EXAMPLES[{kind.__name__}] needs moves of "
                f"that kind, not {wrong or 'none'}"
            )


check_examples(EXAMPLES)

EVERY_MOVE: tuple[Action, ...] = tuple(
    move for moves in EXAMPLES.values() for move in moves
)
"""Every example move, kind after kind in the table's order."""
