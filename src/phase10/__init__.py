"""phase10: the rules of the card game Phase 10, complete and exact.

An immutable game state, pure transition functions and the rules as data.
Everything public is importable from here.
"""

from ._actions import (
    MAX_MOVE_NUMBER,
    Action,
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
    masters_deck,
    parse_cards,
    standard_deck,
)
from ._determinize import determinize, with_draw_pile
from ._errors import (
    BadDiscard,
    BadPhaseChoice,
    BadSkipTarget,
    CannotDraw,
    CannotHit,
    CannotLay,
    CannotSave,
    CardDoesNotFit,
    CardNotInHand,
    EntryError,
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
    CardSaved,
    DrawPileShuffled,
    Event,
    GameEnded,
    HandDealt,
    HandEnded,
    PhaseChosen,
    PhaseLaid,
    SavedCardDrawn,
    SkipPlayed,
    TurnLost,
    WildSwapped,
)
from ._find_phase import find_phase
from ._flow import MAX_HANDS, MAX_TURNS_PER_HAND, new_game, new_game_with_events
from ._groups import End
from ._invariants import InvalidState, check_state, check_view
from ._legal import (
    can_apply,
    can_choose_phase,
    can_discard,
    can_draw,
    can_draw_saved,
    can_hit,
    can_lay_phase,
    can_next_hand,
    can_save,
    can_skip,
    can_swap_wild,
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
from ._moves.choose_phase import choose_phase, verify_choose_phase
from ._moves.discard import discard, verify_discard
from ._moves.draw import draw, verify_draw
from ._moves.draw_saved import draw_saved, verify_draw_saved
from ._moves.hit import hit, verify_hit
from ._moves.lay import lay_phase, verify_lay_phase
from ._moves.next_hand import next_hand, verify_next_hand
from ._moves.save import save, verify_save
from ._moves.skip import skip, skip_targets, verify_skip
from ._moves.swap_wild import swap_wild, verify_swap_wild
from ._phases import STANDARD_PHASES, GroupKind, GroupSpec, PhaseSpec
from ._record import GameRecord, final_state, replay
from ._rules import (
    PRESETS,
    EmptyDrawPile,
    NaturalRule,
    PhaseChoice,
    Points,
    Rules,
    SkipLimit,
)
from ._schema import json_schema
from ._serialize import (
    MAX_JSON_LENGTH,
    SCHEMA_VERSION,
    from_dict,
    from_json,
    to_dict,
    to_json,
)
from ._state import GameState, Meld, Pile, PlayerState, Step
from ._view import PlayerView, PublicPlayer, describe_state, view

__version__ = "0.2.0"

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
    "BadPhaseChoice",
    "BadSkipTarget",
    "CannotDraw",
    "CannotHit",
    "CannotLay",
    "CannotSave",
    "Card",
    "CardDiscarded",
    "CardDoesNotFit",
    "CardDrawn",
    "CardHit",
    "CardLike",
    "CardNotInHand",
    "CardSaved",
    "ChoosePhase",
    "Color",
    "Discard",
    "Draw",
    "DrawPileShuffled",
    "DrawSaved",
    "EmptyDrawPile",
    "End",
    "EntryError",
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
    "PhaseChoice",
    "PhaseChosen",
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
    "Save",
    "SavedCardDrawn",
    "Skip",
    "SkipLimit",
    "SkipPlayed",
    "Step",
    "SwapWild",
    "TurnLost",
    "UsageError",
    "WildSwapped",
    "WrongStep",
    "__version__",
    "apply",
    "apply_with_events",
    "can_apply",
    "can_choose_phase",
    "can_discard",
    "can_draw",
    "can_draw_saved",
    "can_hit",
    "can_lay_phase",
    "can_next_hand",
    "can_save",
    "can_skip",
    "can_swap_wild",
    "check_state",
    "check_view",
    "choose_phase",
    "describe_state",
    "determinize",
    "discard",
    "draw",
    "draw_saved",
    "events",
    "final_state",
    "find_phase",
    "format_cards",
    "from_dict",
    "from_json",
    "hit",
    "json_schema",
    "lay_phase",
    "legal_actions",
    "masters_deck",
    "new_game",
    "new_game_with_events",
    "next_hand",
    "parse_action",
    "parse_cards",
    "replay",
    "save",
    "skip",
    "skip_targets",
    "standard_deck",
    "swap_wild",
    "to_dict",
    "to_json",
    "verify_apply",
    "verify_choose_phase",
    "verify_discard",
    "verify_draw",
    "verify_draw_saved",
    "verify_hit",
    "verify_lay_phase",
    "verify_next_hand",
    "verify_save",
    "verify_skip",
    "verify_swap_wild",
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
