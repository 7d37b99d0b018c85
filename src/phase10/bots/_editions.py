"""How :class:`~phase10.bots.GreedyBot` plays the Masters Edition's choices
(R44-R47): which phase to choose or declare, and when to draw a saved card.
Built on the public functions only, as the bots are.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._actions import ChoosePhase, DrawSaved
from .._cards import WILD, Card
from .._find_phase import find_phase
from .._legal import can_apply, legal_actions
from .._phases import PhaseSpec
from .._rules import Rules
from .._view import PlayerView

__all__ = ["closest_phase", "declare", "saved_wild"]


def missing(hand: Sequence[Card], phase: PhaseSpec, rules: Rules) -> int:
    """How many cards ``hand`` lacks to make ``phase``: the fewest Wilds that,
    added to it, make the phase."""
    for count in range(phase.min_cards + 1):
        if find_phase((*hand, *(WILD,) * count), phase, rules) is not None:
            return count
    return phase.min_cards + 1


def closest_phase(seen: PlayerView, hand: Sequence[Card]) -> int:
    """The index of the phase not yet completed that ``hand`` is closest to
    making (R44); of those equally close, the one of the most cards (the
    easier ones are kept for later hands), then the first."""
    rules = seen.rules
    done = set(seen.players[seen.current].done())
    open_phases = [i for i in range(len(rules.phases)) if i not in done]
    return min(
        open_phases,
        key=lambda i: (
            missing(hand, rules.phases[i], rules),
            -rules.phases[i].min_cards,
            i,
        ),
    )


def declare(seen: PlayerView) -> ChoosePhase | None:
    """Under ``PhaseChoice.DECLARED``: the phase to declare now, one the hand
    makes, the one of the most cards; ``None`` when the hand makes none."""
    moves = [move for move in legal_actions(seen) if isinstance(move, ChoosePhase)]
    rules = seen.rules
    made = [
        move
        for move in moves
        if find_phase(seen.hand, rules.phases[move.phase - 1], rules) is not None
    ]
    if not made:
        return None
    return max(
        made, key=lambda move: (rules.phases[move.phase - 1].min_cards, -move.phase)
    )


def saved_wild(seen: PlayerView) -> DrawSaved | None:
    """Drawing a Wild from one's save pile (R47), when the rules allow it now."""
    move = DrawSaved(WILD)
    return move if WILD in seen.saved and can_apply(seen, move) else None
