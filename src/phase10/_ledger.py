"""The scorekeeper: a game played with real cards, recorded hand by hand.

A :class:`Ledger` holds what a table tells it after each hand (who laid
which phase, who went out, what each player has left in hand) and works
out the rest as the engine does: the hand's points (R34), the phases
completed (R35, R39, R44), the end of the game and its ties (R37, R38), by
the same functions (``_flow.credit``, ``_flow.decide``, ``Points.total``).
What cannot happen in a game is refused with the clause that forbids it,
and the ledger is left as it was.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

import attrs

from ._cards import Card, parse_cards
from ._codec import json_defaults, read_rules, write_rules
from ._errors import (
    EntryError,
    FormatError,
    NotationError,
    UsageError,
    is_whole,
    shown,
)
from ._immutable import Immutable
from ._json import (
    MAX_SAFE_INT,
    at,
    document,
    dumps,
    items,
    json_object,
    loads,
    optional_seat,
    player_name,
    read_document,
    seat,
    whole,
)
from ._json import cards as read_cards
from ._ledger_hands import HandEntry, Left, Tally, done_phases, only_phase, settle
from ._limits import MAX_HAND_SIZE, MAX_HANDS
from ._rules import OFFICIAL, Rules

__all__ = [
    "MOST_LEFT",
    "Ledger",
    "Standing",
    "read_ledger",
    "write_ledger",
]

Player = str | int
"""A player named as the table names them, or by seat number from 0."""

Told = str | Iterable[Card] | int
"""What a player has left as the table tells it: cards typed or given, or points."""


@attrs.frozen
class Standing(Immutable):
    """A player's place in a :class:`Ledger`: their total ``score``, the
    phases they have completed (numbers from 1, in order) and ``place``
    (1 for the leader; players level on phases and score share a place).

    .. versionadded:: 0.3
    """

    seat: int
    name: str
    score: int
    done: tuple[int, ...]
    place: int


def _names(players: Iterable[str]) -> tuple[str, ...]:
    if isinstance(players, str) or not isinstance(players, Iterable):
        raise UsageError(
            f"a ledger's players are a list of names, not {shown(players)}"
        )
    names = tuple(players)
    for name in names:
        if not isinstance(name, str):
            raise UsageError(f"a player's name is a text, not {shown(name)}")
    return names


def _check_rules(ledger: Ledger, attribute: object, value: object) -> None:
    if not isinstance(value, Rules):
        raise UsageError(f"a ledger's rules are a Rules record, not {shown(value)}")


def _check_dealer(ledger: Ledger, attribute: object, value: object) -> None:
    if not is_whole(value):
        raise UsageError(f"the dealer is a seat number, not {shown(value)}")


def _entries(hands: Iterable[HandEntry]) -> tuple[HandEntry, ...]:
    if isinstance(hands, str) or not isinstance(hands, Iterable):
        raise UsageError(f"a ledger's hands are HandEntry records, not {shown(hands)}")
    entries = tuple(hands)
    for entry in entries:
        if not isinstance(entry, HandEntry):
            raise UsageError(
                f"a ledger's hands are HandEntry records, not {shown(entry)}"
            )
    return entries


def _check_hands(count: int) -> None:
    """:class:`EntryError` if a game cannot have ``count`` hands."""
    if count > MAX_HANDS:
        raise EntryError(f"a game has at most {MAX_HANDS} hands")


@attrs.frozen
class Ledger(Immutable):
    """The score sheet of a game of Phase 10 played with real cards.

    Give the players' names (in seat order: each hand the deal moves one
    seat to the left, R18) and the rules (any preset, variation or house
    rule; the official game by default), then :meth:`record` each hand as
    it ends. The ledger gives the scores, the phases done, the standings,
    who deals and who plays next, and the winner, exactly as the engine
    would for the same hands. Every ledger is immutable: :meth:`record` and
    :meth:`undo` return a new one.

    >>> from phase10.ledger import Ledger
    >>> sheet = Ledger(["Ann", "Bob", "Cy"])
    >>> sheet = sheet.record(laid=["Ann", "Cy"], went_out="Ann",
    ...                      left={"Bob": "R7 B10 W S R1 G2 Y3 Y4 B5 B6", "Cy": 35})
    >>> sheet.scores
    (0, 85, 35)
    >>> [standing.done for standing in sheet.standings()]
    [(1,), (1,), ()]
    >>> sheet.phase_of("Bob")
    1

    A hand that cannot happen is refused with the rule that forbids it:

    >>> sheet.record(laid=["Bob"], went_out="Cy", left={"Ann": 10, "Bob": 20})
    Traceback (most recent call last):
    ...
    phase10.EntryError: Cy did not lay down a phase, so cannot have gone out (rule R33)

    Raises :class:`~phase10.EntryError` if the players are fewer or more
    than the rules seat, or share a name, or if ``hands`` hold a hand that
    cannot happen; :class:`~phase10.UsageError` for arguments of the wrong
    type.

    .. versionadded:: 0.3
    """

    players: tuple[str, ...] = attrs.field(converter=_names)
    """The players' names in seat order."""
    rules: Rules = attrs.field(default=OFFICIAL, validator=_check_rules)
    """The rules the table plays by."""
    dealer: int = attrs.field(default=0, kw_only=True, validator=_check_dealer)
    """The seat of the first hand's dealer."""
    hands: tuple[HandEntry, ...] = attrs.field(
        default=(), kw_only=True, converter=_entries
    )
    """The hands recorded, oldest first."""
    _tallies: tuple[Tally, ...] = attrs.field(
        init=False, repr=False, eq=False, hash=False
    )

    def __attrs_post_init__(self) -> None:
        rules = self.rules
        n = len(self.players)
        if not rules.min_players <= n <= rules.max_players:
            raise EntryError(
                f"these rules seat {rules.min_players} to {rules.max_players} "
                f"players, not {n}",
                clause="R3",
            )
        seen: set[str] = set()
        for name in self.players:
            key = name.strip().casefold()
            if not key:
                raise EntryError("a player's name cannot be blank")
            if key in seen:
                raise EntryError(
                    f"two players are called {name!r}: give each a name of their own"
                )
            seen.add(key)
        if not 0 <= self.dealer < n:
            raise EntryError(
                f"the dealer is a seat from 0 to {n - 1}, not {self.dealer}"
            )
        _check_hands(len(self.hands))
        tally = Tally.start(rules, n)
        tallies = [tally]
        for number, entry in enumerate(self.hands, 1):
            tally = settle(rules, self.players, tally, number, entry)
            tallies.append(tally)
        object.__setattr__(self, "_tallies", tuple(tallies))

    # --- where the game stands ---------------------------------------------------

    @property
    def _now(self) -> Tally:
        return self._tallies[-1]

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's total penalty points, in seat order (R34)."""
        return self._now.scores

    @property
    def winner(self) -> int | None:
        """The seat of the winner once the game is over, else ``None``."""
        return self._now.winner

    @property
    def over(self) -> bool:
        """Whether the game is over (R37-R39)."""
        return self._now.winner is not None

    @property
    def hand_number(self) -> int:
        """The number (from 1) of the next hand to be played."""
        return len(self.hands) + 1

    @property
    def next_dealer(self) -> int:
        """The seat that deals the next hand, one to the left each hand,
        whether or not that seat plays a tie-break hand (R18, R38)."""
        return (self.dealer + len(self.hands)) % len(self.players)

    @property
    def playing(self) -> tuple[int, ...]:
        """The seats dealt into the next hand, in seat order (everybody, or
        only the tied players in a tie-break hand, R38); none once the game
        is over."""
        if self.over:
            return ()
        contenders = self._now.contenders
        return tuple(range(len(self.players))) if contenders is None else contenders

    @property
    def tiebreak(self) -> bool:
        """Whether the next hand is a tie-break hand (R38)."""
        return self._now.contenders is not None and not self.over

    def done(self, player: Player) -> tuple[int, ...]:
        """The numbers (from 1) of the phases ``player`` has completed, in order."""
        at_seat = self.seat_of(player)
        return done_phases(self._now, at_seat)

    def phase_of(self, player: Player) -> int | None:
        """The number of the phase ``player`` attempts in the next hand, or
        ``None`` when they choose it (R44, R45) or play no more."""
        at_seat = self.seat_of(player)
        if self.over or at_seat not in self.playing:
            return None
        return only_phase(self.rules, self._now, at_seat, self.tiebreak)

    def standings(self) -> tuple[Standing, ...]:
        """The players from the leader down: the most phases completed,
        then the lowest score; the winner first once the game is over."""
        now = self._now
        order = sorted(
            range(len(self.players)),
            key=lambda s: (s != now.winner, -now.completed[s], now.scores[s], s),
        )
        standings = []
        place = 0
        previous: tuple[bool, int, int] | None = None
        for position, one in enumerate(order, 1):
            key = (one == now.winner, now.completed[one], now.scores[one])
            if key != previous:
                place, previous = position, key
            standings.append(
                Standing(
                    one,
                    self.players[one],
                    now.scores[one],
                    done_phases(now, one),
                    place,
                )
            )
        return tuple(standings)

    def points(self) -> tuple[tuple[int, ...], ...]:
        """Each hand's points, seat by seat, oldest hand first (R34)."""
        return tuple(entry.points(self.rules) for entry in self.hands)

    def seat_of(self, player: Player) -> int:
        """The seat of ``player``, named as at the table (any case) or by seat.

        Raises :class:`~phase10.EntryError` if nobody is called so.
        """
        if isinstance(player, bool) or not isinstance(player, (str, int)):
            raise UsageError(
                f"a player is a name or a seat number, not {shown(player)}"
            )
        if isinstance(player, int):
            last = len(self.players) - 1
            if not 0 <= player <= last:
                raise EntryError(
                    f"there is no seat {player}: the seats are 0 to {last}"
                )
            return player
        key = player.strip().casefold()
        for number, name in enumerate(self.players):
            if name.strip().casefold() == key:
                return number
        listed = ", ".join(self.players)
        raise EntryError(f"nobody is called {player!r} (the players are {listed})")

    # --- entering hands -------------------------------------------------------------

    def record(
        self,
        *,
        laid: Iterable[Player] | Mapping[Any, int] = (),
        went_out: Player | None = None,
        left: Mapping[Any, Told] | None = None,
    ) -> Ledger:
        """This ledger with one more hand.

        ``laid`` names the players who laid down their phase, or maps each to
        the number of the phase laid (needed where players choose their
        phase, R44, unless one phase is left to them); ``went_out`` the
        player who went out, ``None`` for a hand that ended with nobody out
        (only where the rules end a hand so, R25); ``left`` maps every other
        player dealt in to the cards left in their hand (``"R7 W S"`` or
        :class:`~phase10.Card` objects) or, when the cards are gone, to their
        points. Where saved cards score (R48), count the save pile in.

        Raises :class:`~phase10.EntryError`, naming the clause, for a hand
        that cannot happen, and leaves this ledger as it was.
        """
        n = len(self.players)
        phases: list[int | None] = [None] * n
        playing = self.playing
        if self.over:
            winner = self.players[self._now.winner or 0]
            raise EntryError(f"the game is over: {winner} won", clause="R37")
        if isinstance(laid, str):
            laid = [laid]
        if isinstance(laid, Mapping):
            chosen: Iterable[tuple[Player, int | None]] = laid.items()
        elif isinstance(laid, Iterable):
            chosen = ((one, None) for one in laid)
        else:
            raise UsageError(f"laid names the players who laid down, not {shown(laid)}")
        for player, number in chosen:
            at_seat = self._dealt(player, "laid down")
            if phases[at_seat] is not None:
                raise EntryError(
                    f"{self.players[at_seat]} is listed twice as laying down"
                )
            phases[at_seat] = self._phase_laid(at_seat, number)
        out = None if went_out is None else self._dealt(went_out, "gone out")
        cards: list[Left] = [() for _ in range(n)]
        given = {} if left is None else left
        if not isinstance(given, Mapping):
            raise UsageError(
                f"left maps each player to their cards or points, not {shown(given)}"
            )
        for player, value in given.items():
            at_seat = self._dealt(player, "cards left")
            cards[at_seat] = _left(value, self.players[at_seat])
        told = {self.seat_of(player) for player in given}
        for at_seat in playing:
            if at_seat != out and at_seat not in told:
                raise EntryError(
                    f"say what {self.players[at_seat]} has left in hand, as cards "
                    "or as points"
                )
        entry = HandEntry(tuple(phases), out, tuple(cards))
        _check_hands(len(self.hands) + 1)
        number = len(self.hands) + 1
        tally = settle(self.rules, self.players, self._now, number, entry)
        return self._grown((*self.hands, entry), (*self._tallies, tally))

    def undo(self) -> Ledger:
        """This ledger without its last hand, to correct it.

        Raises :class:`~phase10.EntryError` if no hand has been recorded.
        """
        if not self.hands:
            raise EntryError("there is no hand to undo")
        return self._grown(self.hands[:-1], self._tallies[:-1])

    def _grown(
        self, hands: tuple[HandEntry, ...], tallies: tuple[Tally, ...]
    ) -> Ledger:
        """This ledger with ``hands``, whose tallies are ``tallies``: a hand
        recorded or undone is settled once, not the whole game again."""
        grown = object.__new__(Ledger)
        for field in attrs.fields(Ledger):  # every field, one added later too
            object.__setattr__(grown, field.name, getattr(self, field.name))
        object.__setattr__(grown, "hands", hands)
        object.__setattr__(grown, "_tallies", tallies)
        return grown

    def _dealt(self, player: Player, what: str) -> int:
        at_seat = self.seat_of(player)
        if at_seat not in self.playing:
            names = " and ".join(self.players[one] for one in self.playing)
            raise EntryError(
                f"{self.players[at_seat]} is not in this tie-break hand, so cannot "
                f"have {what}: only {names} play it",
                clause="R38",
            )
        return at_seat

    def _phase_laid(self, at_seat: int, number: object) -> int:
        name = self.players[at_seat]
        if number is None:
            only = only_phase(self.rules, self._now, at_seat, self.tiebreak)
            if only is None:
                raise EntryError(
                    f"say which phase {name} laid: players choose their phase "
                    "under these rules",
                    clause="R44",
                )
            return only
        if not isinstance(number, int) or isinstance(number, bool):
            raise UsageError(f"a phase is a whole number from 1, not {shown(number)}")
        return number  # checked with the rest of the hand in _settle

    # --- the ledger as a document ---------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The ledger as a JSON-ready dict (see :func:`~phase10.to_dict`)."""
        return document("ledger", write_ledger(self))

    def to_json(self, *, indent: int | None = None) -> str:
        """The ledger as JSON text (see :func:`~phase10.to_json`)."""
        return dumps(self.to_dict(), indent, "Ledger")

    @classmethod
    def from_dict(cls, data: object) -> Ledger:
        """Read a ledger; :class:`~phase10.FormatError` if it is not one
        or holds a hand that cannot happen."""
        return read_document(data, "ledger", read_ledger)

    @classmethod
    def from_json(cls, text: str | bytes) -> Ledger:
        """Read a ledger from JSON text, as :meth:`from_dict` does."""
        return read_document(loads(text), "ledger", read_ledger)


def _left(value: object, name: str) -> Left:
    if isinstance(value, bool):
        raise UsageError(f"{name}'s cards are cards or points, not {shown(value)}")
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            return tuple(parse_cards(value))
        except NotationError as error:
            raise EntryError(f"{name}'s cards: {error}") from None
    if isinstance(value, Iterable):
        cards = tuple(value)
        for one in cards:
            if not isinstance(one, Card):
                raise UsageError(f"{name}'s cards are Card objects, not {shown(one)}")
        return cards
    raise UsageError(f"{name}'s cards are cards or points, not {shown(value)}")


# --- the document -----------------------------------------------------------------

MOST_LEFT: Final = 2 * MAX_HAND_SIZE
"""The most cards a document gives one player at the end of a hand: a
hand and, where saved cards score, a save pile (each at most
``MAX_HAND_SIZE``)."""
_LEDGER_KEYS: Final = ("rules", "players", "dealer", "hands")
_HAND_KEYS: Final = ("laid", "went_out", "left")
_LEDGER_DEFAULTS: Final = json_defaults(Ledger, _LEDGER_KEYS, {"rules": write_rules})


def write_ledger(ledger: Ledger) -> dict[str, Any]:
    """The ledger as a dict: the rules, the names, the first dealer and
    each hand as entered (a player's cards, or their points)."""
    return {
        "rules": write_rules(ledger.rules),
        "players": list(ledger.players),
        "dealer": ledger.dealer,
        "hands": [
            {
                "laid": list(entry.laid),
                "went_out": entry.went_out,
                "left": [
                    one if isinstance(one, int) else [str(card) for card in one]
                    for one in entry.left
                ],
            }
            for entry in ledger.hands
        ],
    }


def read_ledger(value: object, where: str) -> Ledger:
    """The ledger ``value`` describes, each hand checked as :meth:`Ledger.record`
    checks it."""
    data = json_object(value, where, _LEDGER_KEYS, _LEDGER_DEFAULTS)
    rules = read_rules(data["rules"], at(where, "rules"))
    players_at = at(where, "players")
    listed = items(data["players"], players_at, rules.max_players)
    names = tuple(
        player_name(one, f"{players_at}[{number}]") for number, one in enumerate(listed)
    )
    hands_at = at(where, "hands")
    hands = items(data["hands"], hands_at, MAX_HANDS)
    entries = tuple(
        _read_hand(one, f"{hands_at}[{index}]", len(names), rules)
        for index, one in enumerate(hands)
    )
    try:
        return Ledger(
            names,
            rules,
            dealer=seat(data["dealer"], at(where, "dealer"), max(len(names), 1)),
            hands=entries,
        )
    except EntryError as error:
        raise FormatError(f"{where}: {error}") from None


def _read_hand(value: object, where: str, seats: int, rules: Rules) -> HandEntry:
    data = json_object(value, where, _HAND_KEYS)
    laid_at, left_at = at(where, "laid"), at(where, "left")
    laid = items(data["laid"], laid_at, seats)
    left = items(data["left"], left_at, seats)
    if len(laid) != seats or len(left) != seats:
        raise FormatError(f"{where}: one entry a player in 'laid' and 'left' ({seats})")
    phases = tuple(
        None if one is None else whole(one, f"{laid_at}[{i}]", 1, len(rules.phases))
        for i, one in enumerate(laid)
    )
    cards: list[Left] = []
    for i, one in enumerate(left):
        here = f"{left_at}[{i}]"
        if isinstance(one, list):
            cards.append(read_cards(one, here, MOST_LEFT))
        else:
            cards.append(whole(one, here, 0, MAX_SAFE_INT))
    out = optional_seat(data["went_out"], at(where, "went_out"), seats)
    return HandEntry(phases, out, tuple(cards))


# The records say they live in phase10.ledger, where users import them from,
# even where they first appear in a signature of phase10 (to_dict's).
Ledger.__module__ = Standing.__module__ = "phase10.ledger"
