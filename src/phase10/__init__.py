"""phase10: the rules of the card game Phase 10, complete and exact.

An immutable game state, pure transition functions and the rules as data.
Everything public is importable from here.
"""

from ._actions import (
    MAX_MOVE_NUMBER,
    Action,
    Discard,
    Draw,
    Hit,
    LayPhase,
    NextHand,
    Skip,
    parse_action,
)
from ._cards import (
    FACES,
    SKIP,
    WILD,
    Card,
    CardLike,
    Color,
    format_cards,
    parse_cards,
    standard_deck,
)
from ._determinize import determinize, with_draw_pile
from ._errors import (
    BadDiscard,
    BadSkipTarget,
    CannotDraw,
    CannotHit,
    CannotLay,
    CardDoesNotFit,
    CardNotInHand,
    FormatError,
    GameOver,
    IllegalMove,
    NoSuchMeld,
    NoSuchSeat,
    NotationError,
    NotYourTurn,
    Phase10Error,
    PhaseNotMet,
    RulesError,
    UsageError,
    WrongStep,
)
from ._events import (
    CardDiscarded,
    CardDrawn,
    CardHit,
    DrawPileShuffled,
    Event,
    GameEnded,
    HandDealt,
    HandEnded,
    PhaseLaid,
    SkipPlayed,
    TurnLost,
)
from ._flow import MAX_HANDS, MAX_TURNS_PER_HAND
from ._groups import End
from ._invariants import InvalidState, check_state, check_view
from ._legal import (
    can_apply,
    can_discard,
    can_draw,
    can_hit,
    can_lay_phase,
    can_next_hand,
    can_skip,
    legal_actions,
    verify_apply,
)
from ._limits import (
    MAX_DECK_SIZE,
    MAX_GROUPS,
    MAX_HAND_SIZE,
    MAX_LISTED_LAYS,
    MAX_PHASE_CARDS,
    MAX_PHASE_TEXT,
    MAX_PHASES,
    MAX_PLAYERS,
)
from ._moves import apply, apply_with_events, events
from ._phases import STANDARD_PHASES, GroupKind, GroupSpec, PhaseSpec
from ._record import GameRecord, final_state, replay
from ._rules import PRESETS, EmptyDrawPile, NaturalRule, Points, Rules, SkipLimit
from ._serialize import (
    MAX_JSON_LENGTH,
    SCHEMA_VERSION,
    from_dict,
    from_json,
    to_dict,
    to_json,
)
from ._solver import find_phase
from ._state import GameState, Meld, Pile, PlayerState, Step
from ._transitions import (
    draw,
    hit,
    lay_phase,
    new_game,
    new_game_with_events,
    next_hand,
    verify_draw,
    verify_hit,
    verify_lay_phase,
    verify_next_hand,
)
from ._turn_end import discard, skip, skip_targets, verify_discard, verify_skip
from ._view import PlayerView, PublicPlayer, describe_state, view

__version__ = "0.1.0"

__all__ = [
    "FACES",
    "MAX_DECK_SIZE",
    "MAX_GROUPS",
    "MAX_HANDS",
    "MAX_HAND_SIZE",
    "MAX_JSON_LENGTH",
    "MAX_LISTED_LAYS",
    "MAX_MOVE_NUMBER",
    "MAX_PHASES",
    "MAX_PHASE_CARDS",
    "MAX_PHASE_TEXT",
    "MAX_PLAYERS",
    "MAX_TURNS_PER_HAND",
    "PRESETS",
    "SCHEMA_VERSION",
    "SKIP",
    "STANDARD_PHASES",
    "WILD",
    "Action",
    "BadDiscard",
    "BadSkipTarget",
    "CannotDraw",
    "CannotHit",
    "CannotLay",
    "Card",
    "CardDiscarded",
    "CardDoesNotFit",
    "CardDrawn",
    "CardHit",
    "CardLike",
    "CardNotInHand",
    "Color",
    "Discard",
    "Draw",
    "DrawPileShuffled",
    "EmptyDrawPile",
    "End",
    "Event",
    "FormatError",
    "GameEnded",
    "GameOver",
    "GameRecord",
    "GameState",
    "GroupKind",
    "GroupSpec",
    "HandDealt",
    "HandEnded",
    "Hit",
    "IllegalMove",
    "InvalidState",
    "LayPhase",
    "Meld",
    "NaturalRule",
    "NextHand",
    "NoSuchMeld",
    "NoSuchSeat",
    "NotYourTurn",
    "NotationError",
    "Phase10Error",
    "PhaseLaid",
    "PhaseNotMet",
    "PhaseSpec",
    "Pile",
    "PlayerState",
    "PlayerView",
    "Points",
    "PublicPlayer",
    "Rules",
    "RulesError",
    "Skip",
    "SkipLimit",
    "SkipPlayed",
    "Step",
    "TurnLost",
    "UsageError",
    "WrongStep",
    "__version__",
    "apply",
    "apply_with_events",
    "can_apply",
    "can_discard",
    "can_draw",
    "can_hit",
    "can_lay_phase",
    "can_next_hand",
    "can_skip",
    "check_state",
    "check_view",
    "describe_state",
    "determinize",
    "discard",
    "draw",
    "events",
    "final_state",
    "find_phase",
    "format_cards",
    "from_dict",
    "from_json",
    "hit",
    "lay_phase",
    "legal_actions",
    "new_game",
    "new_game_with_events",
    "next_hand",
    "parse_action",
    "parse_cards",
    "replay",
    "skip",
    "skip_targets",
    "standard_deck",
    "to_dict",
    "to_json",
    "verify_apply",
    "verify_discard",
    "verify_draw",
    "verify_hit",
    "verify_lay_phase",
    "verify_next_hand",
    "verify_skip",
    "view",
    "with_draw_pile",
]


def _present_as_public() -> None:
    # Public names say they live in ``phase10``, where users import them from,
    # so reprs, tracebacks and the documentation never show private modules.
    for name in __all__:
        value = globals()[name]
        is_code = isinstance(value, type) or hasattr(value, "__code__")
        if is_code and value.__module__.startswith("phase10._"):
            value.__module__ = "phase10"


_present_as_public()
