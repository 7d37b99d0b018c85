"""The rules record: the official game and its variants as data (R17)."""

from __future__ import annotations

import enum
import functools
import typing
from collections.abc import Iterable, Mapping
from difflib import get_close_matches
from itertools import combinations
from types import MappingProxyType
from typing import Any, Final

import attrs

from ._cards import FACES, Card, format_cards, masters_deck, parse_cards, standard_deck
from ._errors import NotationError, RulesError, UsageError, is_whole, shown
from ._immutable import Immutable
from ._lay_bounds import most_groups, most_lays
from ._limits import (
    BOUNDS,
    MAX_DECK_SIZE,
    MAX_HAND_SIZE,
    MAX_LISTED_LAYS,
    MAX_PHASES,
    MAX_PLAYERS,
)
from ._memo import cached
from ._phases import STANDARD_PHASES, NaturalRule, PhaseSpec
from ._solver import solve

__all__ = [
    "PRESETS",
    "EmptyDrawPile",
    "NaturalRule",  # defined with the phases, below the solver
    "PhaseChoice",
    "Points",
    "Rules",
    "SkipLimit",
]


class SkipLimit(enum.Enum):
    """How often a player may be made to lose a turn by Skips (R28).

    .. versionadded:: 0.1
    """

    ROUND = "round"
    """A Skip against a player bars them as a target until once around the table."""
    UNTIL_SERVED = "until served"
    """A player may not be targeted while they still have a turn to lose."""
    PER_HAND = "per hand"
    """Each player may be the target of at most one Skip in a hand."""
    UNLIMITED = "unlimited"
    """No limit, so lost turns add up."""


class EmptyDrawPile(enum.Enum):
    """What happens when a turn starts with the draw pile empty (R25).

    .. versionadded:: 0.1
    """

    RESHUFFLE = "reshuffle"
    """Shuffle all discards but the top into a new draw pile."""
    END_HAND = "end hand"
    """End the hand with no winner."""


class PhaseChoice(enum.Enum):
    """Which phase a player may lay in a hand (R16, R44, R45).

    .. versionadded:: 0.2
    """

    IN_ORDER = "in order"
    """The classic game: the phases in their order, the next one each hand (R16)."""
    CHOSEN = "chosen"
    """The Masters Edition: at the start of each hand every player chooses a
    phase not yet completed, face up, and may lay only that one (R44)."""
    DECLARED = "declared"
    """The Masters Edition's variant: no choice at the start of the hand; a
    player declares which phase not yet completed they lay, in the turn they
    lay it (R45)."""


def _check_points(
    instance: Points, attribute: attrs.Attribute[int], value: int
) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise (RulesError if is_whole(value) else UsageError)(
            f"points.{attribute.name} must be a whole number >= 0, not {shown(value)}"
        )
    if value > _MOST_POINTS:
        raise RulesError(
            f"points.{attribute.name} is at most {_MOST_POINTS:,} a card, "
            f"not {shown(value)}"
        )


# Far above any real scoring, and low enough that no game's totals come near
# 2**53, the largest whole number saved games and JavaScript hold exactly.
_MOST_POINTS: Final = 1_000_000


@attrs.frozen
class Points(Immutable):
    """Penalty points for cards left in hand when a hand ends (R34).

    >>> points = Points()
    >>> [points.of(Card.parse(text)) for text in ("R9", "B10", "W")]
    [5, 10, 25]

    .. versionadded:: 0.1
    """

    low: int = attrs.field(default=5, validator=_check_points)
    """Each card numbered 1-9."""
    high: int = attrs.field(default=10, validator=_check_points)
    """Each card numbered 10-12."""
    skip: int = attrs.field(default=15, validator=_check_points)
    """Each Skip."""
    wild: int = attrs.field(default=25, validator=_check_points)
    """Each Wild."""

    def of(self, card: Card) -> int:
        """The points one card counts against the player holding it."""
        if not isinstance(card, Card):
            raise UsageError(f"points are counted for a Card, not {shown(card)}")
        if card.is_wild:
            return self.wild
        if card.is_skip:
            return self.skip
        return self.high if (card.number or 0) >= 10 else self.low

    def total(self, cards: Iterable[Card]) -> int:
        """The points a hand of cards counts."""
        if isinstance(cards, str) or not isinstance(cards, Iterable):
            raise UsageError(
                f"points are counted for a list of Cards, not {shown(cards)}"
            )
        return sum(self.of(card) for card in cards)


def _to_phases(value: Iterable[PhaseSpec | str]) -> tuple[PhaseSpec, ...]:
    if isinstance(value, (str, PhaseSpec)):
        raise UsageError("phases is a sequence of phases, not a single phase")
    try:
        items = tuple(value)
    except TypeError:
        raise UsageError(
            f"phases is a sequence of phases, not {shown(value)}"
        ) from None
    if len(items) > MAX_PHASES:
        raise RulesError(
            f"a rule set lists at most {MAX_PHASES} phases, not {len(items)}"
        )
    phases = []
    for number, item in enumerate(items, 1):
        try:
            phases.append(PhaseSpec.parse(item) if isinstance(item, str) else item)
        except NotationError as error:
            raise RulesError(f"phase {number}: {error}") from None
    return tuple(phases)


def _to_deck(value: Iterable[Card] | str) -> tuple[Card, ...]:
    if isinstance(value, str):
        # Count the words before reading them, so that a long text is
        # refused without reading it card by card.
        _check_deck_size(len(value.replace(",", " ").split()))
        try:
            return parse_cards(value)
        except NotationError as error:
            raise RulesError(f"deck: {error}") from None
    try:
        deck = tuple(value)
    except TypeError:
        raise UsageError(f"deck is a sequence of cards, not {shown(value)}") from None
    _check_deck_size(len(deck))
    return deck


def _check_deck_size(size: int) -> None:
    if size > MAX_DECK_SIZE:
        raise RulesError(f"a deck holds at most {MAX_DECK_SIZE:,} cards, not {size:,}")


@attrs.frozen(kw_only=True, repr=False)
class Rules(Immutable):
    """Everything that decides how a game is played; ``Rules()`` is the official game.

    The fields that the official text leaves open have the defaults of the
    project's rulings (see the rules document). An impossible combination
    raises :class:`RulesError` here, never later in play, and so does one
    beyond the limits that keep every call cheap (R17): see
    :data:`~phase10.MAX_HAND_SIZE` and the limits beside it, among them
    :data:`~phase10.MAX_LISTED_LAYS`, which bounds the lays a phase may allow.

    >>> Rules().hand_size, len(Rules().phases)
    (10, 10)
    >>> Rules(hand_size=3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    phase10.RulesError: phase 1 (2 sets of 3) needs 6 cards, but a player can lay ...

    .. versionadded:: 0.1
    """

    phases: tuple[PhaseSpec, ...] = attrs.field(
        default=STANDARD_PHASES, converter=_to_phases
    )
    """The phases to complete, in order (R9, R40); at most
    :data:`~phase10.MAX_PHASES`."""
    everyone_advances: bool = False
    """Official variation 1, every player advancing every hand (R39)."""
    hand_size: int = attrs.field(
        default=10, metadata={BOUNDS: {"minimum": 1, "maximum": MAX_HAND_SIZE}}
    )
    """Cards dealt to each player (R19); at most :data:`~phase10.MAX_HAND_SIZE`."""
    deck: tuple[Card, ...] = attrs.field(factory=standard_deck, converter=_to_deck)
    """The cards the game is played with (R2); at most
    :data:`~phase10.MAX_DECK_SIZE`."""
    min_players: int = attrs.field(
        default=2, metadata={BOUNDS: {"minimum": 2, "maximum": MAX_PLAYERS}}
    )
    """The fewest players (R3)."""
    max_players: int = attrs.field(
        default=6, metadata={BOUNDS: {"minimum": 2, "maximum": MAX_PLAYERS}}
    )
    """The most players (R3); at most :data:`~phase10.MAX_PLAYERS`."""
    naturals: NaturalRule = NaturalRule.PER_GROUP
    """How many natural cards a laid phase needs (R11)."""
    skip_limit: SkipLimit = SkipLimit.ROUND
    """How often a player can be skipped (R28)."""
    wild_from_discard: bool = True
    """Whether a Wild on top of the discard pile may be drawn (R22)."""
    hit_on_lay_turn: bool = True
    """Whether a player may hit on the turn they lay their phase (R31)."""
    go_out_by_hit: bool = True
    """Whether emptying your hand by a hit ends the hand (R33)."""
    on_empty_draw_pile: EmptyDrawPile = EmptyDrawPile.RESHUFFLE
    """What happens when a turn starts with the draw pile empty (R25)."""
    points: Points = attrs.field(factory=Points)
    """Penalty points for cards left in hand (R34)."""
    phase_choice: PhaseChoice = attrs.field(
        default=PhaseChoice.IN_ORDER, metadata={"since": "0.2"}
    )
    """Which phase a player may lay in a hand: the next in order (R16), one
    chosen at the start of the hand (the Masters Edition, R44) or one
    declared when it is laid (R45).

    .. versionadded:: 0.2
    """
    saves_per_hand: int = attrs.field(
        default=0,
        metadata={"since": "0.2", BOUNDS: {"minimum": 0, "maximum": MAX_HAND_SIZE}},
    )
    """How many cards a player may save in a hand, each ending a turn in
    place of a discard (R46); 0, the classic game, saves none. The Masters
    Edition saves one.

    .. versionadded:: 0.2
    """
    most_saved: int = attrs.field(
        default=2,
        metadata={"since": "0.2", BOUNDS: {"minimum": 1, "maximum": MAX_HAND_SIZE}},
    )
    """The most cards a player's save pile holds at once (R46).

    .. versionadded:: 0.2
    """
    saved_cards_hidden: bool = attrs.field(default=False, metadata={"since": "0.2"})
    """Whether saved cards are kept face down, seen by their owner alone
    (R48); by default they are face up.

    .. versionadded:: 0.2
    """
    saved_cards_score: bool = attrs.field(default=False, metadata={"since": "0.2"})
    """Whether the cards in a player's save pile count against them when a
    hand ends, as cards in hand do (R48).

    .. versionadded:: 0.2
    """
    go_out_by_save: bool = attrs.field(default=False, metadata={"since": "0.2"})
    """Whether saving one's last card goes out (R46); by default the last
    card cannot be saved.

    .. versionadded:: 0.2
    """
    save_skips: bool = attrs.field(default=True, metadata={"since": "0.2"})
    """Whether a Skip may be saved (R46).

    .. versionadded:: 0.2
    """
    draw_saved_same_hand: bool = attrs.field(default=False, metadata={"since": "0.2"})
    """Whether a card saved in this hand may be drawn back in the same hand
    (R47); by default a saved card is for a later hand.

    .. versionadded:: 0.2
    """
    skip_next_only: bool = attrs.field(default=False, metadata={"since": "0.2"})
    """A house rule: a Skip always makes the next player lose a turn, with
    no choice of target (R49).

    .. versionadded:: 0.2
    """
    swap_wilds: bool = attrs.field(default=False, metadata={"since": "0.2"})
    """A house rule: whether a player whose phase is down may put on the
    table the natural card a laid Wild stands for and take the Wild (R50).
    Off in the official game, where a laid Wild stays (R13).

    .. versionadded:: 0.2
    """
    wrap_runs: bool = attrs.field(default=False, metadata={"since": "0.2"})
    """A house rule: whether a run (and a colour run) may go on from 12 to 1,
    as ``11 12 1 2`` (R42). Still no number twice, so a run holds at most 12
    cards. Off in the official game.

    .. versionadded:: 0.2
    """

    def __attrs_post_init__(self) -> None:
        _validate(self)

    def __repr__(self) -> str:
        # Only what differs from the official game, written so that it
        # evaluates back to an equal record: Rules(hand_size=8).
        official = OFFICIAL
        parts = []
        for field in attrs.fields(Rules):
            value = getattr(self, field.name)
            if value == getattr(official, field.name):
                continue
            if field.name == "phases":
                value = [str(phase) for phase in value]
            elif field.name == "deck":
                value = format_cards(value)
            parts.append(f"{field.name}={value!r}")
        return f"Rules({', '.join(parts)})"

    @classmethod
    def ten_hands(cls) -> Rules:
        """Official variation 1: ten hands, everyone advances, lowest total wins."""
        return cls(everyone_advances=True)

    @classmethod
    def first_phases(cls, count: int) -> Rules:
        """Official variation 2: the game is won by the first ``count`` phases."""
        if not is_whole(count):
            raise UsageError(
                f"the number of phases must be a whole number, not {shown(count)}"
            )
        if not 1 <= count <= len(STANDARD_PHASES):
            raise RulesError(
                f"choose 1 to {len(STANDARD_PHASES)} phases, not {shown(count)}"
            )
        return cls(phases=STANDARD_PHASES[:count])

    @classmethod
    def even_phases(cls) -> Rules:
        """Official variation 3: only the even phases (2, 4, 6, 8, 10)."""
        return cls(phases=STANDARD_PHASES[1::2])

    def replace(self, **changes: Any) -> Rules:
        """A copy of these rules with the fields named in ``changes`` changed,
        checked as the constructor checks them: the way to change one point
        of a preset.

        >>> masters = PRESETS["masters"]
        >>> hidden = masters.replace(saved_cards_hidden=True)
        >>> hidden.saved_cards_hidden, masters.saved_cards_hidden
        (True, False)
        >>> masters.replace(everyone_advances=True)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        phase10.RulesError: everyone_advances moves every player to their next ...

        Raises :class:`RulesError` for rules no game could be played by and
        :class:`UsageError` for a value of the wrong type or a name that is
        not a field.

        .. versionadded:: 0.2
        """
        names = attrs.fields_dict(Rules)
        for name in changes:
            if name not in names:
                close = get_close_matches(name, names, n=1)
                raise UsageError(
                    f"Rules has no field {shown(name)}"
                    + (f": did you mean {close[0]}?" if close else "")
                )
        return attrs.evolve(self, **changes)


@cached("_rules.field_types")
@functools.cache
def _field_types() -> tuple[tuple[str, Any], ...]:
    """Each field of :class:`Rules` and its type, read from its annotation
    once (every name it uses is defined by the time a record is made)."""
    hints = typing.get_type_hints(Rules)
    return tuple((field.name, hints[field.name]) for field in attrs.fields(Rules))


_WORDS: Final[dict[object, str]] = {
    int: "a whole number",
    bool: "True or False",
    PhaseSpec: "a PhaseSpec or its text",
}
"""How a message names a value of a type, where "a <class name>" would not."""


def _items_of(hint: Any) -> Any:
    """``X`` if ``hint`` is ``tuple[X, ...]``, else ``None``."""
    args = typing.get_args(hint)
    if typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis:
        return args[0]
    return None


def _fits(value: object, hint: Any) -> bool:
    """Whether ``value`` is of type ``hint`` (a bool is not a whole number)."""
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(hint, type):
        return isinstance(value, hint)
    raise TypeError(f"Rules cannot check a field of type {hint}")  # a new field's


def _check_type(name: str, value: object, hint: Any) -> None:
    """Refuse a value of field ``name`` that is not of its type ``hint``,
    naming the field (a tuple's items are checked one by one)."""
    item = _items_of(hint)
    if item is None:
        if not _fits(value, hint):
            what = _WORDS.get(hint) or f"a {hint.__name__}"
            raise UsageError(f"{name} must be {what}, not {shown(value)}")
        return
    if not isinstance(value, tuple):  # the converters make tuples
        raise UsageError(f"{name} must be a tuple, not {shown(value)}")
    for one in value:
        if not _fits(one, item):
            what = _WORDS.get(item) or f"a {item.__name__}"
            raise UsageError(f"every item of {name} must be {what}, not {shown(one)}")


def _validate(rules: Rules) -> None:
    for name, hint in _field_types():
        _check_type(name, getattr(rules, name), hint)
    _check_editions(rules)
    _check_bounds(rules)
    if not rules.phases:
        raise RulesError("the phase list cannot be empty")
    if not any(card.is_number for card in rules.deck):
        raise RulesError("the deck must hold number cards")
    _check_sizes(rules)
    faces = _face_counts(rules.deck)
    # A player holds at most hand_size + 1 cards (after drawing); without
    # going out by a hit or a lay-down, one of them must stay to discard.
    most = rules.hand_size + 1 if rules.go_out_by_hit else rules.hand_size
    for number, phase in enumerate(rules.phases, 1):
        if phase.min_cards > most:
            raise RulesError(
                f"phase {number} ({phase}) needs {phase.min_cards} cards, but a player "
                f"can lay at most {most}"
                + (
                    " (hand_size + 1)"
                    if rules.go_out_by_hit
                    else " (hand_size, since go_out_by_hit is off a card must "
                    "be kept to discard)"
                )
            )
        _check_lays(number, phase, rules.hand_size + 1, rules.naturals, rules.wrap_runs)
        if not _deck_can_make(faces, phase, rules.naturals, rules.wrap_runs):
            raise RulesError(
                f"phase {number} ({phase}) cannot be made from this deck at all"
            )


def _check_editions(rules: Rules) -> None:
    """The options of the Masters Edition (R44-R48) that no game could play."""
    if rules.everyone_advances and rules.phase_choice is not PhaseChoice.IN_ORDER:
        raise RulesError(
            "everyone_advances moves every player to their next phase in order, "
            "so it needs phase_choice=PhaseChoice.IN_ORDER"
        )


def _check_bounds(rules: Rules) -> None:
    """The fixed bounds of every field that declares them (``BOUNDS``),
    which the rules' JSON Schema states too."""
    for field in attrs.fields(Rules):
        bounds = field.metadata.get(BOUNDS)
        value = getattr(rules, field.name)
        if bounds is not None and not bounds["minimum"] <= value <= bounds["maximum"]:
            raise RulesError(
                f"{field.name} must be {bounds['minimum']} to {bounds['maximum']}, "
                f"not {shown(value)}"
            )


def _check_sizes(rules: Rules) -> None:
    """The limits on the numbers of a rule set (R17) beyond each field's
    own bounds: the players' range, and a deck big enough to deal."""
    if rules.max_players < rules.min_players:
        raise RulesError(
            f"max_players ({shown(rules.max_players)}) is below "
            f"min_players ({shown(rules.min_players)})"
        )
    needed = rules.max_players * rules.hand_size + 2
    if len(rules.deck) < needed:
        raise RulesError(
            f"a deck of {len(rules.deck)} cards cannot deal "
            f"{shown(rules.hand_size)} cards to each of {shown(rules.max_players)} "
            "players and still start a discard pile and a draw pile "
            f"(it needs at least {shown(needed)})"
        )
    if rules.saves_per_hand:
        needed = rules.max_players * (rules.hand_size + rules.most_saved) + 2
        if len(rules.deck) < needed:
            raise RulesError(
                f"a deck of {len(rules.deck)} cards cannot deal "
                f"{shown(rules.hand_size)} cards to each of "
                f"{shown(rules.max_players)} players while each holds "
                f"{shown(rules.most_saved)} saved cards (most_saved), and still "
                f"start a discard pile and a draw pile (it needs at least "
                f"{shown(needed)})"
            )


def _face_counts(deck: tuple[Card, ...]) -> tuple[int, ...]:
    """How many of each face the deck holds: a cheap key for the cache below."""
    counts = [0] * len(FACES)
    for card in deck:
        counts[card.index] += 1
    return tuple(counts)


def _check_lays(
    number: int, phase: PhaseSpec, cards: int, naturals: NaturalRule, wrap: bool
) -> None:
    """Refuse a phase that one hand of ``cards`` cards might lay in more than
    MAX_LISTED_LAYS ways, counting the ways to lay part of it (legal_actions goes
    through those on its way), or whose groups it might make in more than
    MAX_LISTED_LAYS ways (legal_actions lists those first): see R17."""
    lays, groups = _most_lays(phase, cards, naturals, wrap)
    if lays > MAX_LISTED_LAYS:
        raise RulesError(
            f"phase {number} ({phase}) might be laid, in whole or in part, in "
            f"as many as {lays:,} ways from one hand of {cards} cards, more "
            f"than the {MAX_LISTED_LAYS:,} that legal_actions goes through: use a "
            "smaller hand_size, or fewer or larger groups"
        )
    if groups > MAX_LISTED_LAYS:
        raise RulesError(
            f"a group of phase {number} ({phase}) might be made in as many as "
            f"{groups:,} ways from one hand of {cards} cards, more than the "
            f"{MAX_LISTED_LAYS:,} that legal_actions goes through: use a smaller "
            "hand_size, or smaller groups"
        )


@cached("_rules.most_lays")
@functools.lru_cache(maxsize=1024)
def _most_lays(
    phase: PhaseSpec, cards: int, naturals: NaturalRule, wrap: bool = False
) -> tuple[int, int]:
    """The bounds on the lays of a phase and of every part of it (some of
    its groups), and on the groups of its requirements, from one hand of
    ``cards`` cards (runs wrapping from 12 to 1 if ``wrap``)."""
    groups = phase.groups
    parts = {
        chosen
        for size in range(min(2, len(groups)), len(groups) + 1)
        for chosen in combinations(groups, size)
    }
    lays = max(most_lays(PhaseSpec(part), cards, naturals, wrap=wrap) for part in parts)
    made = max(most_groups(group, cards, naturals, wrap=wrap) for group in set(groups))
    return lays, made


@cached("_rules.deck_can_make")
@functools.lru_cache(maxsize=256)
def _deck_can_make(
    faces: tuple[int, ...], phase: PhaseSpec, naturals: NaturalRule, wrap: bool
) -> bool:
    """Whether the deck (its count of each face) can make the phase at all.

    A phase uses at most ``min_cards`` cards of any face, so the deck is
    cut down to that many of each first: the answer is the same, and the
    solver's work never depends on the size of the deck.
    """
    most = phase.min_cards
    deck = [
        card
        for card, count in zip(FACES, faces, strict=True)
        for _ in range(min(count, most))
    ]
    return solve(deck, phase, naturals, wrap=wrap) is not None


OFFICIAL: Final[Rules] = Rules()
"""The official game, made once: the default wherever rules are optional."""

PRESETS: Final[Mapping[str, Rules]] = MappingProxyType(
    {
        "official": OFFICIAL,
        "ten-hands": Rules.ten_hands(),
        "first-5-phases": Rules.first_phases(5),
        "first-7-phases": Rules.first_phases(7),
        "even-phases": Rules.even_phases(),
        "masters": Rules(
            phase_choice=PhaseChoice.CHOSEN, saves_per_hand=1, deck=masters_deck()
        ),
        "masters-declare": Rules(
            phase_choice=PhaseChoice.DECLARED, saves_per_hand=1, deck=masters_deck()
        ),
    }
)
"""Named rule sets: the official game, its three printed variations, the
Masters Edition (``"masters"``: each player chooses the phase to attempt
each hand, and may save one card a hand; its deck, :func:`masters_deck`,
has two Skips where the classic deck has four) and its variant that
declares the phase when it is laid (``"masters-declare"``).

.. versionadded:: 0.1
.. versionchanged:: 0.2
   ``"masters"`` and ``"masters-declare"``.
"""
