"""The project's shared Hypothesis strategies.

Every test module draws its random cards, hands, phases and rule sets from
here, so that what "a random hand" means is decided in one place. The names
below are stable; add new strategies rather than change what an existing
one yields.

- :func:`colors`: any :class:`~phase10.Color`.
- :func:`number_cards`: any of the 48 number-card faces.
- :func:`cards`: any of the 50 faces, Wild and Skip included.
- :func:`hands`: a hand dealt from one standard deck (never more copies of a
  face than the deck holds).
- :func:`group_specs`: one valid group requirement of any kind.
- :func:`phase_specs`: a valid phase of a few groups and a bounded total size.
- :func:`rules_records`: a valid :class:`~phase10.Rules` with random options,
  built from the fields of ``Rules`` (:func:`rules_options`), each drawn by
  :func:`option_strategy` unless other options constrain it.
- :func:`rich_hands`: a hand from a narrow slice of the deck, so that
  phases can often be made in many ways.
- :func:`game_states`: a state reached by play from a new game (see
  ``games.play``), most often in the middle of a turn.
"""

from __future__ import annotations

import enum
import random
import typing
from collections.abc import Sequence
from typing import Any

import attrs
from games import play
from hypothesis import strategies as st

from phase10 import (
    FACES,
    MAX_LISTED_LAYS,
    SKIP,
    STANDARD_PHASES,
    WILD,
    Card,
    Color,
    GameState,
    GroupKind,
    GroupSpec,
    LayPhase,
    NaturalRule,
    PhaseChoice,
    PhaseSpec,
    Points,
    Rules,
    Step,
    apply,
    find_phase,
    legal_actions,
    masters_deck,
    new_game,
    standard_deck,
)
from phase10._fields import added_later
from phase10._rules import _most_lays

__all__ = [
    "MAX_RUN",
    "cards",
    "colors",
    "game_states",
    "group_specs",
    "hands",
    "number_cards",
    "option_strategy",
    "phase_specs",
    "rich_hands",
    "rules_options",
    "rules_records",
]

MAX_RUN = 12
"""The longest possible run: the numbers 1 to 12."""

_NUMBER_FACES = tuple(card for card in FACES if card.is_number)
_DECK_SIZE = len(standard_deck())


def colors() -> st.SearchStrategy[Color]:
    """Any of the four colours."""
    return st.sampled_from(Color)


def number_cards() -> st.SearchStrategy[Card]:
    """Any number card (1-12 in any colour); never a Wild or a Skip."""
    return st.sampled_from(_NUMBER_FACES)


def cards() -> st.SearchStrategy[Card]:
    """Any card face: the 48 number cards, the Wild and the Skip."""
    return st.sampled_from(FACES)


def hands(min_size: int = 0, max_size: int = 11) -> st.SearchStrategy[tuple[Card, ...]]:
    """A hand of ``min_size`` to ``max_size`` cards taken from one standard deck.

    The hand is a multiset the official deck can supply: at most two of each
    number card, eight Wilds and four Skips. Cards come in the order drawn
    (not sorted). Shrinks towards low red and blue number cards.
    """
    if not 0 <= min_size <= max_size <= _DECK_SIZE:
        raise ValueError(
            f"hand sizes must satisfy 0 <= {min_size} <= {max_size} <= 108"
        )
    deck = standard_deck()
    return st.lists(
        st.integers(0, _DECK_SIZE - 1),
        min_size=min_size,
        max_size=max_size,
        unique=True,
    ).map(lambda places: tuple(deck[place] for place in places))


def group_specs(
    max_size: int = 8, kinds: tuple[GroupKind, ...] = tuple(GroupKind)
) -> st.SearchStrategy[GroupSpec]:
    """A valid group requirement of one of ``kinds``, of size 1 to ``max_size``.

    Runs are never longer than the numbers they may hold (12, or 6 for a
    run of odd or even numbers), whatever ``max_size``.
    """
    if max_size < 1:
        raise ValueError(f"max_size must be at least 1, not {max_size}")

    def of_kind(kind: GroupKind) -> st.SearchStrategy[GroupSpec]:
        top = max_size if kind.longest is None else min(max_size, kind.longest)
        return st.integers(1, top).map(lambda size: GroupSpec(kind, size))

    return st.sampled_from(kinds).flatmap(of_kind)


@st.composite
def phase_specs(draw: st.DrawFn, max_groups: int = 3, max_cards: int = 11) -> PhaseSpec:
    """A valid phase of 1 to ``max_groups`` groups needing at most ``max_cards`` cards.

    Groups of every kind appear, in any order, possibly repeated.
    """
    if max_groups < 1 or max_cards < 1:
        raise ValueError("a phase needs at least one group of at least one card")
    count = draw(st.integers(1, min(max_groups, max_cards)))
    budget = max_cards
    groups: list[GroupSpec] = []
    for place in range(count):
        still_to_come = count - place - 1
        group = draw(group_specs(max_size=budget - still_to_come))
        groups.append(group)
        budget -= group.size
    return PhaseSpec(groups)


_MIN_HAND, _MAX_HAND = 6, 12
_MAX_SEATS = 8


@st.composite
def _phase_lists(
    draw: st.DrawFn, go_out_by_hit: bool, wrap: bool = False
) -> tuple[tuple[PhaseSpec, ...], int]:
    """A phase list and a hand size big enough to make every phase in it.

    A player can lay hand_size + 1 cards at most, or hand_size when the last
    card must be kept to discard (``go_out_by_hit`` off).
    """
    spare = 1 if go_out_by_hit else 0
    choice = draw(st.sampled_from(["standard", "first", "even", "custom"]))
    if choice == "custom":
        hand_size = draw(st.integers(_MIN_HAND, _MAX_HAND))
        # Rules refuse a phase whose minimal lays from one hand, or the
        # groups of one of its requirements, might pass MAX_LISTED_LAYS (R17):
        # keep to the phases they accept.
        listable = phase_specs(max_cards=hand_size + spare).filter(
            lambda phase: _listable(phase, hand_size + 1, wrap)
        )
        phases = tuple(draw(st.lists(listable, min_size=1, max_size=10)))
        return phases, hand_size
    if choice == "standard":
        phases = STANDARD_PHASES
    elif choice == "first":
        phases = STANDARD_PHASES[: draw(st.integers(1, len(STANDARD_PHASES)))]
    else:
        phases = STANDARD_PHASES[1::2]
    need = max(phase.min_cards for phase in phases)
    return phases, draw(st.integers(max(_MIN_HAND, need - spare), _MAX_HAND))


def _listable(phase: PhaseSpec, cards: int, wrap: bool = False) -> bool:
    """Whether rules dealing ``cards - 1`` cards (runs wrapping from 12 to 1
    if ``wrap``) accept ``phase`` for its lays."""
    # The loosest rule has the most lays.
    return max(_most_lays(phase, cards, NaturalRule.NONE, wrap)) <= MAX_LISTED_LAYS


def _points() -> st.SearchStrategy[Points]:
    small = st.integers(0, 50)
    return st.one_of(
        st.just(Points()),
        st.builds(Points, low=small, high=small, skip=small, wild=small),
    )


_OPTION_STRATEGIES: dict[str, st.SearchStrategy[Any]] = {
    # The Masters Edition's options (R44-R48): most often the classic game.
    "phase_choice": st.sampled_from(
        [PhaseChoice.IN_ORDER] * 2 + [PhaseChoice.CHOSEN, PhaseChoice.DECLARED]
    ),
    "saves_per_hand": st.sampled_from([0, 0, 1, 2]),
    "most_saved": st.integers(1, 3),
    "points": _points(),
    "deck": st.sampled_from([standard_deck(), masters_deck()]),
}
"""The options drawn by a strategy of their own rather than from their type."""

_DRAWN_LAST: tuple[str, ...] = (
    "phases",
    "hand_size",
    "min_players",
    "max_players",
    "everyone_advances",
)
"""The options that make a valid rule set with the others, drawn once those
are known (see :func:`rules_records`)."""


def option_strategy(name: str, hint: Any) -> st.SearchStrategy[Any]:
    """How option ``name`` of type ``hint`` is drawn when no other option
    constrains it: by its strategy in ``_OPTION_STRATEGIES``, else any
    value of its type (a flag or a member of an enum). A new option of
    another type (a number, a record) must be given a strategy there."""
    if name in _OPTION_STRATEGIES:
        return _OPTION_STRATEGIES[name]
    if hint is bool:
        return st.booleans()
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return st.sampled_from(hint)
    raise TypeError(
        f"no strategy for the option {name} of type {hint}: give it one in "
        "_OPTION_STRATEGIES"
    )


def rules_options() -> tuple[tuple[str, Any], ...]:
    """Each field of :class:`~phase10.Rules` and its type, in order."""
    hints = typing.get_type_hints(Rules)
    return tuple((field.name, hints[field.name]) for field in attrs.fields(Rules))


@st.composite
def rules_records(draw: st.DrawFn) -> Rules:
    """A valid :class:`~phase10.Rules` with every option drawn at random.

    Each option is drawn from its type (a flag, a member of an enum) or by
    a strategy of its own (``_OPTION_STRATEGIES``), and then the options
    that must agree with them (``_DRAWN_LAST``): the phase list is the
    official one, its first N phases, the even phases, or 1-10 random custom
    phases; the hand size (6-12) is big enough for every phase
    (``min_cards <= hand_size + 1``, or ``hand_size`` without going out by a
    hit, with runs wrapping from 12 to 1 under ``wrap_runs``) and the deck
    (the standard one or the Masters Edition's) can deal it, and the save
    piles, to ``max_players`` (at most 8) and still start both piles; every
    player advances only where phases are laid in order. Valid by
    construction: building the record never raises.
    """
    options = {
        name: draw(option_strategy(name, hint))
        for name, hint in rules_options()
        if name not in _DRAWN_LAST
    }
    phases, hand_size = draw(
        _phase_lists(options["go_out_by_hit"], options["wrap_runs"])
    )
    held = hand_size + (options["most_saved"] if options["saves_per_hand"] else 0)
    seats = min(_MAX_SEATS, (len(options["deck"]) - 2) // held)
    max_players = draw(st.integers(2, seats))
    in_order = options["phase_choice"] is PhaseChoice.IN_ORDER
    return Rules(
        **options,
        phases=phases,
        hand_size=hand_size,
        min_players=draw(st.integers(2, max_players)),
        max_players=max_players,
        everyone_advances=in_order and draw(st.booleans()),
    )


@st.composite
def game_states(draw: st.DrawFn) -> GameState:
    """A state reached by play from a new game, under the official rules or
    random ones; most often in the middle of a turn.

    After up to 160 moves (GreedyBot's, or sometimes random listed ones) it
    goes on, most often, to the next PLAY step, or to one where the player
    may lay down or hit, and sometimes lays down there.
    """
    rules = draw(st.one_of(st.just(Rules()), rules_records()))
    players = draw(st.integers(rules.min_players, rules.max_players))
    seed = draw(st.integers(0, 2**32))
    rng = random.Random(seed)
    state = new_game(players, rules, seed=seed)
    state = play(state, rng, draw(st.integers(0, 160)), draw(st.sampled_from([0, 0.3])))
    wanted = draw(st.sampled_from([None, Step.PLAY, "lay or hit"]))
    for _ in range(40 if wanted == "lay or hit" else 12):
        if wanted is None or state.step is Step.GAME_OVER:
            break
        if state.step is Step.PLAY and (wanted is Step.PLAY or _may_lay_or_hit(state)):
            break
        state = play(state, rng, 1)
    if wanted == "lay or hit" and draw(st.booleans()):
        lays = [a for a in legal_actions(state) if isinstance(a, LayPhase)]
        if lays:  # lay down, and stay for the hits
            state = apply(state, rng.choice(lays))
    return state


def _may_lay_or_hit(state: GameState) -> bool:
    """Whether the player to act has laid down or holds their phase."""
    phase = state.phase_of(state.current)
    return state.player.laid_down or (
        phase is not None
        and find_phase(state.player.hand, phase, state.rules) is not None
    )


@st.composite
def rich_hands(
    draw: st.DrawFn,
    min_size: int = 1,
    max_size: int = 11,
    width: int = 7,
    *,
    wrapping: bool = False,
) -> list[Card]:
    """A hand from a narrow slice of the deck (up to ``width`` numbers, a few
    colours, Wilds and Skips), so phases can often be made in many ways.
    With ``wrapping`` the slice may go on from 12 to 1 (R42)."""
    low = draw(st.integers(1, 12))
    if wrapping:
        numbers: Sequence[int] = [
            (low + i - 1) % 12 + 1 for i in range(draw(st.integers(1, width)))
        ]
    else:
        numbers = range(low, min(12, low + draw(st.integers(0, width - 1))) + 1)
    colors = draw(st.lists(st.sampled_from(Color), min_size=1, max_size=4, unique=True))
    pool = [Card(n, c) for n in numbers for c in colors] * 2
    pool += [WILD] * draw(st.integers(0, 8)) + [SKIP] * draw(st.integers(0, 2))
    size = draw(st.integers(min(min_size, len(pool)), min(max_size, len(pool))))
    places = draw(st.permutations(range(len(pool))))[:size]
    return [pool[place] for place in places]


def _away_from_default(field: attrs.Attribute[Any]) -> Any:
    """A value of an option other than its default: the other flag, the
    next member of an enum, one more for a number."""
    default = field.default
    if isinstance(default, bool):
        return not default
    if isinstance(default, enum.Enum):
        return next(member for member in type(default) if member is not default)
    if isinstance(default, int):
        return default + 1
    raise AssertionError(
        f"no value away from its default for {field.name}: teach _away_from_default"
    )


def every_later_option() -> Rules:
    """Rules with every option added since 0.1.0 away from its default,
    built from the fields: an option added later is set here with no list
    to keep (the Masters Edition's choice of phases, saves, the house
    rules)."""
    return Rules(
        **{
            field.name: _away_from_default(field)
            for field in attrs.fields(Rules)
            if field.name in added_later(Rules)
        }
    )
