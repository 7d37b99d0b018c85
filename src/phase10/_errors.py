"""The exceptions the package raises: one base class, :class:`Phase10Error`;
each is also a ``ValueError``, but :class:`UsageError`, a ``TypeError``."""

from __future__ import annotations

from typing import NamedTuple, cast

__all__ = [
    "BadDiscard",
    "BadPhaseChoice",
    "BadSkipTarget",
    "CannotDraw",
    "CannotHit",
    "CannotLay",
    "CannotSave",
    "CardDoesNotFit",
    "CardNotInHand",
    "EntryError",
    "FormatError",
    "GameOver",
    "IllegalMove",
    "NoSuchMeld",
    "NoSuchSeat",
    "NotYourTurn",
    "NotationError",
    "Phase10Error",
    "PhaseNotMet",
    "Refusal",
    "RulesError",
    "UsageError",
    "WrongStep",
    "is_whole",
    "seat_problem",
    "seat_type_error",
    "shown",
]

_LONGEST: int = 60
_LARGE: int = 10**15


def is_whole(value: object) -> bool:
    """Whether ``value`` is a whole number: an ``int`` and not a ``bool``.

    ``True == 1`` and ``1.0 == 1`` in Python, so without this check a flag
    or a float would pass for a seat, a count or a seed.
    """
    return isinstance(value, int) and not isinstance(value, bool)


def shown(value: object, *, json: bool = False) -> str:
    """``value`` as a refusal may quote it, kept short. The one quoting helper.

    A message must never fail to be made, and never be much longer than a
    line: Python refuses to write a whole number of more than 4,300 digits
    as text, and a caller's object may have a ``repr`` that is huge or
    raises. ``json=True`` quotes a value read from a JSON document in JSON's
    own words (``null``, ``true``, "a list of 3 items").
    """
    if is_whole(value):
        number = cast(int, value)
        return repr(number) if -_LARGE < number < _LARGE else "a very large number"
    if json:
        if value is None or isinstance(value, bool):
            return {None: "null", True: "true", False: "false"}[value]
        if isinstance(value, (list, tuple)):
            return f"a list of {len(value)} items"
        if isinstance(value, dict):
            return "an object"
        if not isinstance(value, (str, float)):
            return f"a {type(value).__name__}"
    if isinstance(value, str) and len(value) > _LONGEST:
        value = value[:_LONGEST]  # repr() of a huge text would copy it whole
        return repr(value)[: _LONGEST - 3] + "..."
    try:
        text = repr(value)
    except Exception:  # the caller's own object; its repr is not ours to trust
        return f"a {type(value).__name__}"
    return text if len(text) <= _LONGEST else text[: _LONGEST - 3] + "..."


def seat_problem(seat: object, seats: int, *, optional: bool = False) -> str | None:
    """Why ``seat`` is not a seat at a table of ``seats``, or ``None`` if it is.

    ``optional=True`` also accepts ``None`` (a spectator, or no target).
    """
    if seat is None and optional:
        return None
    if is_whole(seat) and 0 <= cast(int, seat) < seats:
        return None
    also = " or None" if optional else ""
    return f"a seat is a whole number from 0 to {seats - 1}{also}, not {shown(seat)}"


def seat_type_error(seat: object, *, optional: bool = False) -> UsageError | None:
    """A :class:`UsageError` if ``seat`` is not of a seat's type: a whole
    number, or ``None`` where ``optional``. Whether the number is a seat at
    the table is :func:`seat_problem`'s question."""
    if is_whole(seat) or (seat is None and optional):
        return None
    also = " or None" if optional else ""
    return UsageError(f"a seat is a whole number{also}, not {shown(seat)}")


class Phase10Error(Exception):
    """Base class of every exception raised by the ``phase10`` package.

    .. versionadded:: 0.1
    """


class UsageError(Phase10Error, TypeError):
    """A public function or record was given an argument of the wrong type:
    text where a state is expected, a string for a seat, a number for a
    card. A mistake in the calling program, not a move the rules forbid.

    Values of the right type that are wrong keep their own errors:
    :class:`NotationError` for text that names no card, phase or move,
    :class:`RulesError` for rules that cannot be played,
    :class:`FormatError` for a bad document, :class:`IllegalMove` (and
    :class:`NoSuchSeat`) for a move the rules forbid or a seat not at the
    table. Being also a ``TypeError``, it is caught where Python's own type
    errors are.

    .. versionadded:: 0.2
    """


class NotationError(Phase10Error, ValueError):
    """Text that should name a card or a phase does not.

    .. versionadded:: 0.1
    """


class RulesError(Phase10Error, ValueError):
    """A :class:`~phase10.Rules` record (or a part of one) that cannot be played,
    or a setting of play around the rules that cannot be used: a number of
    players the rules do not seat, a bot's search budget or a tournament's
    count of games below what it needs, a name that did not play.

    Raised when the record (or the game, the bot, the tournament) is made,
    never later in play.

    .. versionadded:: 0.1
    """


class IllegalMove(Phase10Error, ValueError):
    """A move that the rules forbid. The message names the rule clause.

    ``str(error)`` is the reason followed by the clause, as in "you must draw
    a card before you discard (rule R21)". ``reason`` is the sentence alone
    and ``clause`` the id of the clause in the rules document (``"R21"``), or
    ``None`` when the mistake is not about a rule of the game.

    .. versionadded:: 0.1
    """

    reason: str
    clause: str | None

    def __init__(self, reason: str, *, clause: str | None = None) -> None:
        super().__init__(f"{reason} (rule {clause})" if clause else reason)
        self.reason = reason
        self.clause = clause


class PhaseNotMet(IllegalMove):
    """The cards offered as a phase do not make the player's current phase.

    .. versionadded:: 0.1
    """


class CardDoesNotFit(IllegalMove):
    """A card hit onto a group does not fit it.

    .. versionadded:: 0.1
    """


class WrongStep(IllegalMove):
    """The move does not belong to this step of the turn or of the game
    (drawing twice, discarding before drawing, playing after the hand is over).

    .. versionadded:: 0.1
    """


class GameOver(WrongStep):
    """The game has ended; no more moves can be made.

    .. versionadded:: 0.1
    """


class NotYourTurn(IllegalMove):
    """A move made for a player whose turn it is not.

    .. versionadded:: 0.1
    """


class NoSuchSeat(IllegalMove):
    """A seat number that is not a seat at this table: a move's ``player=``,
    the seat of a :func:`~phase10.view` or of :func:`~phase10.events`.

    .. versionadded:: 0.1
    """


class CardNotInHand(IllegalMove):
    """The player does not hold the card (or enough copies of it).

    .. versionadded:: 0.1
    """


class CannotDraw(IllegalMove):
    """The chosen pile's top card may not be drawn (a Skip, or a Wild when
    the rules forbid it).

    .. versionadded:: 0.1
    """


class CannotLay(IllegalMove):
    """The player may not lay down a phase now (already laid this hand).

    .. versionadded:: 0.1
    """


class BadPhaseChoice(IllegalMove):
    """A phase chosen or declared (the Masters Edition) that may not be: one
    already completed, one that is not in the game, or a choice at the wrong
    time.

    .. versionadded:: 0.2
    """


class CannotSave(IllegalMove):
    """A card that may not be saved now (the Masters Edition): the rules
    save no card, the hand's saves are used, the save pile is full, or the
    card is a Skip or the last card where the rules keep it.

    .. versionadded:: 0.2
    """


class CannotHit(IllegalMove):
    """The player may not hit now (phase not down, the lay-down turn under
    the rules, or a hit that would empty the hand when that is not allowed).

    .. versionadded:: 0.1
    """


class NoSuchMeld(IllegalMove):
    """The group named for a hit is not on the table.

    .. versionadded:: 0.1
    """


class BadSkipTarget(IllegalMove):
    """The player named as a Skip's target may not be skipped.

    .. versionadded:: 0.1
    """


class BadDiscard(IllegalMove):
    """The card cannot be discarded this way (a Skip is played with ``skip``).

    .. versionadded:: 0.1
    """


class EntryError(Phase10Error, ValueError):
    """A hand entered in a :class:`~phase10.ledger.Ledger` that cannot happen
    in a game: a phase out of turn, a player going out without laying down,
    more cards or points left than a hand can hold. Like
    :class:`IllegalMove`, ``reason`` is the sentence and ``clause`` the id
    of the rule it breaks, or ``None``.

    .. versionadded:: 0.3
    """

    reason: str
    clause: str | None

    def __init__(self, reason: str, *, clause: str | None = None) -> None:
        super().__init__(f"{reason} (rule {clause})" if clause else reason)
        self.reason = reason
        self.clause = clause


class FormatError(Phase10Error, ValueError):
    """Data that should describe a game, a view, rules or a record does not:
    malformed JSON, wrong types, unknown cards, cards that do not add up to
    the deck, impossible seats, or an unknown schema version.

    .. versionadded:: 0.1
    """


class Refusal(NamedTuple):
    """A refusal not yet raised: the exception's class, its reason and its
    clause. The barriers of the moves (the parts of their judges that hold
    for a whole turn) return one, a constant, so that asking whether a move
    is refused, as every listing of moves does, builds no exception."""

    kind: type[IllegalMove]
    reason: str
    clause: str

    def error(self) -> IllegalMove:
        """The exception to raise."""
        return self.kind(self.reason, clause=self.clause)
