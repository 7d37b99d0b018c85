"""The immutable game state: players, piles, the table (attrs, frozen)."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, Final, TypeVar

import attrs

from ._cards import HIGHEST, Card, Color, format_cards
from ._codegen import copier as make_copier
from ._errors import NoSuchSeat, seat_problem, seat_type_error, shown
from ._groups import GroupShape
from ._immutable import Immutable
from ._phases import GroupKind, PhaseSpec
from ._rules import PhaseChoice, Rules

__all__ = [
    "GameState",
    "Meld",
    "Pile",
    "PlayerState",
    "Step",
    "copier",
    "replace",
    "seat_at",
]


class Step(enum.Enum):
    """Where the game stands.

    .. versionadded:: 0.1
    """

    DRAW = "draw"
    """The current player must draw (R21)."""
    PLAY = "play"
    """The current player has drawn, may lay down and hit, and then discards."""
    HAND_OVER = "hand over"
    """The hand has ended; :func:`~phase10.next_hand` deals the next one."""
    GAME_OVER = "game over"
    """The game has ended; :attr:`GameState.winner` is set."""
    CHOOSE = "choose"
    """At the start of a hand of the Masters Edition: the current player
    chooses the phase they will attempt this hand (R44).

    .. versionadded:: 0.2
    """


class Pile(enum.Enum):
    """The two piles a player may draw from (R21).

    .. versionadded:: 0.1
    """

    DRAW = "draw"
    DISCARD = "discard"


@attrs.frozen
class Meld(Immutable):
    """A group laid on the table.

    ``cards`` keeps a run's cards in ascending order of the numbers they
    stand for. ``number``, ``color`` and ``low`` record what the group stands
    for, so a Wild keeps its meaning until the hand ends (R13).

    A group of Wilds alone (only where ``Rules.naturals`` allows one)
    stands for nothing yet: ``number``, ``color`` and ``low`` are all
    ``None``. Such a run *floats* (:attr:`floating`): its Wilds take their
    numbers, and a colour run its colour, from the first natural card hit
    onto it, at the end the hitter names (R13, R32).

    .. versionadded:: 0.1
    """

    owner: int
    """The seat of the player who laid it."""
    kind: GroupKind
    cards: tuple[Card, ...]
    number: int | None = None
    """A set's number (``None`` for other kinds, or a set of Wilds alone)."""
    color: Color | None = None
    """A colour group's or colour run's colour (``None`` for other kinds, or
    for Wilds alone)."""
    low: int | None = None
    """The number a run's first card stands for (``None`` for other kinds,
    or while a run of Wilds alone floats)."""

    @property
    def floating(self) -> bool:
        """Whether this is a run of Wilds alone whose numbers are not fixed yet
        (R13): any natural card that leaves it within 1-12 may be hit at
        either end of it."""
        return self.kind.is_run and self.low is None

    @property
    def high(self) -> int | None:
        """The number a run's last card stands for (``None`` for other kinds,
        or while the run floats). Under wrap-around runs (R42) it may be
        below ``low``: a run 11 12 1 2 has ``low`` 11 and ``high`` 2. A run
        of odd or even numbers (R51) goes up by two: 3 5 7 has ``high`` 7."""
        if self.low is None:
            return None
        step = self.kind.step or 1
        return (self.low + step * (len(self.cards) - 1) - 1) % HIGHEST + 1

    @property
    def shape(self) -> GroupShape:
        """What the group stands for, as the judge of groups reads it."""
        return GroupShape(self.number, self.color, self.low)

    def stands_for(self) -> tuple[tuple[int | None, Color | None], ...]:
        """For each card, the number and colour it stands for (a Wild's meaning).

        ``None`` marks what a Wild does not stand for: the colour of a Wild
        in a set or a run (any colour), the number of a Wild in a colour
        group, and both for the Wilds of a group of Wilds alone, such as a
        floating run, until a natural card is hit onto it.
        """
        result = []
        step = self.kind.step or 1  # 2 for a run of odd or even numbers (R51)
        for place, card in enumerate(self.cards):
            if not card.is_wild:
                result.append((card.number, card.color))
            elif self.low is not None:
                result.append(((self.low + step * place - 1) % HIGHEST + 1, self.color))
            else:
                result.append((self.number, self.color))
        return tuple(result)

    def __str__(self) -> str:
        return format_cards(self.cards)


# Kept in a __dict__, not slots: copied at every move, as a dict (_codegen).
@attrs.frozen(repr=False, slots=False)
class PlayerState(Immutable):
    """One player's part of the state.

    .. versionadded:: 0.1
    """

    name: str
    hand: tuple[Card, ...] = ()
    """The cards in hand, in the order they were dealt and drawn."""
    completed: int = 0
    """How many phases the player has completed (R35)."""
    laid_down: bool = False
    """Whether the player has laid their phase this hand."""
    score: int = 0
    """Total penalty points so far (R34)."""
    skips_pending: int = 0
    """Turns the player is still to lose to Skips (R26)."""
    skipped_in_slot: int | None = None
    """The turn slot of this hand in which the last Skip against the player was
    played, for the Skip limit (R28)."""
    known: tuple[Card, ...] = ()
    """Cards in the hand that every player knows of, because the player took
    them from the discard pile and has not played a card of that face since
    (a card saved face down makes one copy of each known face unknown, R48)."""
    phases_done: tuple[int, ...] | None = attrs.field(
        default=None, metadata={"since": "0.2"}
    )
    """Which phases the player has completed, by index in ``rules.phases``
    (from 0), in increasing order, when phases may be done in any order (the
    Masters Edition, R44); ``None`` when they are done in order, the first
    :attr:`completed` of them.

    .. versionadded:: 0.2
    """
    active: int | None = attrs.field(default=None, metadata={"since": "0.2"})
    """The phase the player attempts this hand, by index in ``rules.phases``,
    once chosen (R44) or declared (R45); ``None`` in the classic game.

    .. versionadded:: 0.2
    """
    saved: tuple[Card, ...] = attrs.field(default=(), metadata={"since": "0.2"})
    """The player's save pile, oldest first (R46).

    .. versionadded:: 0.2
    """
    saved_now: int = attrs.field(default=0, metadata={"since": "0.2"})
    """How many cards the player has saved in this hand, counted against
    :attr:`~phase10.Rules.saves_per_hand` (R46). A card saved this hand
    stays on the save pile until a later hand (R47), so these are the last
    ``saved_now`` cards of :attr:`saved`; under
    :attr:`~phase10.Rules.draw_saved_same_hand` some of them may have been
    drawn back already, and the count stays.

    .. versionadded:: 0.2
    """

    def done(self) -> tuple[int, ...]:
        """The indices in ``rules.phases`` of the phases completed, in order."""
        if self.phases_done is None:
            return tuple(range(self.completed))
        return self.phases_done

    def __repr__(self) -> str:
        # Safe to log: the number of cards in hand, never the cards.
        return (
            f"<PlayerState {shown(self.name)}: "
            f"{_plural(len(self.hand), 'card')} in hand, "
            f"{_plural(self.completed, 'phase')} completed, "
            f"{_plural(self.score, 'point')}>"
        )


# Kept in a __dict__, not slots: copied at every move, as a dict (_codegen).
@attrs.frozen(repr=False, slots=False)
class GameState(Immutable):
    """The whole game at one moment. Immutable: every move returns a new state.

    The ``seed`` and the order of ``draw_pile`` are secrets: show players a
    view of the state, never the state itself. ``repr(state)`` is safe to
    log: it gives sizes, not cards in hand, the draw pile or the seed.

    .. versionadded:: 0.1
    """

    rules: Rules
    players: tuple[PlayerState, ...]
    """Seat order, clockwise."""
    current: int
    """The seat whose turn it is."""
    dealer: int
    """This hand's dealer (R18)."""
    step: Step
    draw_pile: tuple[Card, ...]
    """Top card first. Secret."""
    discard_pile: tuple[Card, ...]
    """Top card first."""
    table: tuple[Meld, ...] = ()
    """Every group laid this hand, in the order laid."""
    hand_number: int = 1
    winner: int | None = None
    """The winner's seat once ``step`` is ``GAME_OVER``."""
    turn_slot: int = 0
    """How many turn slots of this hand came before the current one (R28)."""
    laid_this_turn: bool = False
    """Whether the current player laid their phase this turn (R31)."""
    went_out: int | None = None
    """Who went out in the hand that has just ended, if anyone (R33)."""
    hand_points: tuple[int, ...] | None = None
    """Points each player scored in the hand that has just ended (R34)."""
    contenders: tuple[int, ...] = attrs.field(
        default=attrs.Factory(
            lambda self: tuple(range(len(self.players))), takes_self=True
        )
    )
    """The seats playing this hand, which are every seat except in a tie-break
    hand (R38). Once a hand is over, the seats that will play the next one."""
    tiebreak: bool = False
    """Whether this hand is a tie-break hand (R38); once a hand is over,
    whether the next one will be."""
    seed: int = attrs.field(default=0, repr=False)
    """The game's random seed. Secret."""
    shuffles: int = 0
    """How many shuffles the game has made, so each one differs (R41)."""

    def __repr__(self) -> str:
        # Safe to log and to show in a traceback: no hand, no draw pile, no
        # seed. The cards are all in the fields, for whoever asks for them.
        players = ", ".join(repr(player) for player in self.players)
        top = str(self.discard_pile[0]) if self.discard_pile else "none"
        return (
            f"<GameState hand {self.hand_number}, {self.step.value}, "
            f"seat {self.current} to move; players: {players}; "
            f"draw pile {_plural(len(self.draw_pile), 'card')}; "
            f"discard pile {_plural(len(self.discard_pile), 'card')}, top {top}; "
            f"{_plural(len(self.table), 'group')} on the table; {self.rules!r}>"
        )

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.step is Step.GAME_OVER

    @property
    def player(self) -> PlayerState:
        """The player whose turn it is."""
        return self.players[self.current]

    def phase_of(self, seat: int) -> PhaseSpec | None:
        """The phase ``seat`` may lay this hand, or ``None``: once all are
        done, or in the Masters Edition before one is chosen (R44, R45).

        A seat not at the table raises :class:`~phase10.NoSuchSeat`."""
        player = self.players[seat_at(seat, len(self.players))]
        return phase_for(self.rules, self.tiebreak, player.completed, player.active)

    def phase_number(self, seat: int) -> int:
        """The 1-based number of the phase ``seat`` is working on (R16), or
        0 in the Masters Edition before one is chosen (R44, R45).

        A seat not at the table raises :class:`~phase10.NoSuchSeat`."""
        player = self.players[seat_at(seat, len(self.players))]
        return phase_number_for(
            self.rules, self.tiebreak, player.completed, player.active
        )


def seat_at(seat: object, seats: int) -> int:
    """``seat``, checked to be a seat at a table of ``seats``: a
    :class:`~phase10.UsageError` if it is not a whole number, a
    :class:`~phase10.NoSuchSeat` if it is one but not a seat there."""
    if type(seat) is int and 0 <= seat < seats:
        return seat
    wrong = seat_type_error(seat)
    if wrong is not None:
        raise wrong
    raise NoSuchSeat(
        f"there is no such seat at this table: {seat_problem(seat, seats)}"
    )


def _plural(count: int, noun: str) -> str:
    """``count`` and ``noun``, the noun in the plural unless the count is 1."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


_IN_ORDER: Final = PhaseChoice.IN_ORDER


def phase_for(
    rules: Rules, tiebreak: bool, completed: int, active: int | None = None
) -> PhaseSpec | None:
    """The phase a player may lay: who has completed ``completed`` phases in
    order, or has chosen phase ``active`` (an index) where order is free."""
    phases = rules.phases
    if tiebreak:
        return phases[-1]
    if rules.phase_choice is not _IN_ORDER:
        return None if active is None else phases[active]
    return phases[completed] if completed < len(phases) else None


def phase_number_for(
    rules: Rules, tiebreak: bool, completed: int, active: int | None = None
) -> int:
    """The 1-based number of that phase (R16), 0 for none chosen yet."""
    if tiebreak:
        return len(rules.phases)
    if rules.phase_choice is not _IN_ORDER:
        return 0 if active is None else active + 1
    return min(completed + 1, len(rules.phases))


_T = TypeVar("_T", GameState, PlayerState, Meld)


_COPIERS: Final[dict[type, Callable[[Any, dict[str, Any]], Any]]] = {
    cls: make_copier(cls) for cls in (GameState, PlayerState, Meld)
}
"""The copier of each record class, written when first asked for."""


def copier(cls: type[_T]) -> Callable[[_T, dict[str, Any]], _T]:
    """The copier of ``cls``: ``copy(record, changes)`` is
    ``replace(record, **changes)`` without building the keywords again, for
    a move that has gathered its changes in a dict already."""
    copy = _COPIERS.get(cls)
    if copy is None:
        copy = _COPIERS[cls] = make_copier(cls)
    return copy


def replace(record: _T, **changes: Any) -> _T:
    """A copy of a record with some fields changed: the engine's one way to
    copy its records.

    The same as :func:`attrs.evolve` for records whose fields are set as
    given (no validator, converter or post-init: states, players, groups on
    the table, views, events), at a fraction of the cost (see
    :func:`phase10._codegen.copier`).
    """
    names = _FIELDS.get(type(record))
    if names is None:
        names = _FIELDS[type(record)] = frozenset(
            field.name for field in attrs.fields(type(record))
        )
    if not changes.keys() <= names:
        # A state or player copied as its dict would take any name silently.
        raise TypeError(
            f"{type(record).__name__} has no field {sorted(changes.keys() - names)[0]}"
        )
    copied: _T = copier(type(record))(record, changes)
    return copied


_FIELDS: Final[dict[type, frozenset[str]]] = {}
