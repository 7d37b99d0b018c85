"""The tables of the web server before and during their games: who sits
where, and the secret token that lets a person play their seat. The
server (``server.py``) calls these; every change is written to the
lobby's store (``store.py``) before it is answered.

A table is made with a number of seats for people and for bots and a
rules preset. The person who makes it sits at seat 0 and is its host;
others join by name, each taking the next free seat. Joining gives the
person a token, a random secret of 192 bits that the page keeps: a seat is
played only with its token, so a reload or another device with the token
gets the seat back and no one else can take it. Only a hash of each token
is kept. The game starts when every seat for a person is taken, or when
the host starts it with bots in the seats still empty (at a public
table, which anyone may join, the game waits for its host to start it,
so that the host may first free a seat a stranger took). A table is private
unless made public: it is not listed, and joined only with its invite (a
secret of 128 bits in its link, ``/table/ID#invite=...``); its host may
free a seat taken by mistake before the game starts.

>>> from store import MemoryStore
>>> lobby = Lobby(MemoryStore(), seed_for_tests=1)
>>> table, token = lobby.create("Ann", people=2, bots=1, rules="official")
>>> table.seat_of(token), table.started
(0, False)
>>> seat, bob = table.join("Bob", table.invite)  # a private table
>>> seat, table.started, table.names
(1, True, ['Ann', 'Bob', 'Cleo'])
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import sys
import time
import unicodedata
from dataclasses import dataclass

from game_table import Table
from store import SavedSeat, SavedTable, Store

import phase10
from phase10 import Action

BOT_NAMES = ("Cleo", "Dev", "Eli", "Fay", "Gus", "Hal")
LONGEST_NAME = 20
MOST_TABLES = 500
"""Tables a server plays at once at most (games over and tables retired
do not count): making one more is refused until one ends or is left."""


class Refused(Exception):
    """A request the lobby refuses; the message says why, for the person."""


class Uninvited(Refused):
    """A request only the table's host or invited people may make."""


class Full(Refused):
    """The server plays as many tables as it may: try again later."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


MOST_NESTED = 16
"""How deep the JSON a page or a request sends may nest (a move nests 3)."""


class TooNested(ValueError):
    """JSON nested deeper than :data:`MOST_NESTED`."""


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def check_nesting(text: str) -> None:
    """:class:`TooNested` if the JSON ``text`` nests deeper than
    :data:`MOST_NESTED` (Python's reader raises ``RecursionError`` at about
    1000 levels, and the library's reader of moves sooner)."""
    if text.count("[") + text.count("{") <= MOST_NESTED:
        return
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(depth, deepest)
    if deepest > MOST_NESTED:
        raise TooNested(f"JSON nested more than {MOST_NESTED} deep is refused")


def parse_json(text: str | bytes) -> object:
    """``json.loads(text)``, refusing JSON nested too deep with
    :class:`TooNested` before it is read (see :func:`check_nesting`);
    ``ValueError`` for text that is not JSON."""
    if isinstance(text, bytes):
        text = text.decode()
    check_nesting(text)
    return json.loads(text)


_LOOK_ALIKES = str.maketrans(
    # Cyrillic and Greek letters drawn like Latin ones (after casefold),
    # and the digits that pass for letters: a small map of the common
    # cases, not Unicode's whole table of confusables.
    "авеіјкмнорстухѕԁԛԝһɡαβεικνορτυχηζ01|",
    "abeijkmhopctyxsdqwhgabeikvoptuxnzoll",
)


def look_alike(name: str) -> str:
    """What ``name`` looks like: the same text for names a person could
    take one for the other (``Ann``, ``ANN``, ``\u0410nn`` with a Cyrillic
    A, ``Ａｎｎ``; ``Bob`` and ``B0b``).

    >>> look_alike("\u0410nn") == look_alike("ANN") == look_alike("Ａｎｎ") == "ann"
    True
    >>> look_alike("B0b") == look_alike("Bob"), look_alike("Zoë") == look_alike("Zoe")
    (True, True)
    """
    folded = unicodedata.normalize(
        "NFKD", unicodedata.normalize("NFKC", name).casefold()
    )
    bare = "".join(c for c in folded if not unicodedata.combining(c))
    return bare.translate(_LOOK_ALIKES)


def clean_name(name: object) -> str:
    """A person's name as shown at the table (in NFKC), or :class:`Refused`."""
    if not isinstance(name, str):
        raise Refused("a name is text")
    name = " ".join(unicodedata.normalize("NFKC", name).split())
    if not name:
        raise Refused("say your name to join the table")
    if len(name) > LONGEST_NAME:
        raise Refused(f"a name is at most {LONGEST_NAME} characters")
    if any(unicodedata.category(c)[0] in "CZ" and c != " " for c in name):
        raise Refused("a name holds letters, digits and spaces, not control characters")
    return name


@dataclass
class Seat:
    name: str | None
    bot: bool
    token_hash: str | None = None


class Setting:
    """One table: its seats, its host and, once started, its game."""

    def __init__(
        self,
        table_id: str,
        rules: str,
        seats: list[Seat],
        host: int | None,
        *,
        seed: int | None,
        store: Store,
        public: bool = True,
        invite: str | None = None,
    ) -> None:
        self.id, self.rules, self.seats, self.host = table_id, rules, seats, host
        self.seed, self.store = seed, store
        self.public = public
        """Whether the lobby lists the table and anyone may join it."""
        self.invite = invite
        """A private table's secret: its invite link is /table/ID#invite=..."""
        self.game: Table | None = None
        self.active = time.monotonic()
        """When someone last joined, started or had a page at the table."""

    def touch(self) -> None:
        """Someone is at the table now (see :attr:`active`)."""
        self.active = time.monotonic()

    @property
    def over(self) -> bool:
        """Whether the table's game has ended."""
        return self.game is not None and self.game.state.step is phase10.Step.GAME_OVER

    def _persist(self, number: int, move: Action) -> None:
        self.store.append_move(self.id, number, phase10.to_json(move))

    @property
    def started(self) -> bool:
        return self.game is not None

    @property
    def names(self) -> list[str]:
        return [seat.name or f"seat {place}" for place, seat in enumerate(self.seats)]

    @property
    def people(self) -> list[int]:
        return [place for place, seat in enumerate(self.seats) if not seat.bot]

    def seat_of(self, token: object) -> int | None:
        """The seat ``token`` plays, or ``None``."""
        if not isinstance(token, str) or not token or len(token) > 100:
            return None
        hashed = token_hash(token)
        for place, seat in enumerate(self.seats):
            if seat.token_hash is not None and secrets.compare_digest(
                seat.token_hash, hashed
            ):
                return place
        return None

    def join(self, name: object, invite: object = None) -> tuple[int, str]:
        """Seat a person called ``name``, who has the table's ``invite`` if
        it is private: their seat and their token."""
        if not self.invited(invite):
            raise Uninvited(
                "this table is private: join it with the invite link its host shared"
            )
        name = clean_name(name)
        if self.started:
            raise Refused("the game at this table has started: you may watch it")
        free = [p for p, s in enumerate(self.seats) if not s.bot and s.name is None]
        if not free:
            raise Refused("every seat at this table is taken: you may watch")
        self.refuse_look_alike(name)
        token = secrets.token_urlsafe(24)
        self.seats[free[0]] = Seat(name, bot=False, token_hash=token_hash(token))
        if len(free) == 1 and not self.host_starts(free[0]):
            self._start()
        self.store.save_table(self.saved())
        return free[0], token

    def host_starts(self, seat: int) -> bool:
        """Whether the game waits for the host's start although ``seat``, the
        last free one, is taken: at a public table anyone may take a seat,
        and the host may free it before starting (see :meth:`free`)."""
        return self.public and self.host is not None and seat != self.host

    def invited(self, invite: object) -> bool:
        """Whether ``invite`` lets its holder join (any does, at a public table)."""
        if self.public:
            return True
        return (
            isinstance(invite, str)
            and self.invite is not None
            and secrets.compare_digest(invite.encode(), self.invite.encode())
        )

    def free(self, token: object, seat: object) -> None:
        """The host frees ``seat``, taken by mistake, before the game starts:
        its token no longer plays it and anyone invited may take it."""
        if self.host is None or self.seat_of(token) != self.host:
            raise Uninvited("only the person who made the table may free a seat")
        if self.started:
            raise Refused("the game has started: a seat is freed before it starts")
        if not isinstance(seat, int) or seat not in range(len(self.seats)):
            raise Refused(f"there is no seat {seat!r} at this table")
        if seat == self.host or self.seats[seat].bot or self.seats[seat].name is None:
            raise Refused(f"seat {seat} is not a seat someone joined")
        self.seats[seat] = Seat(None, bot=False)
        self.store.save_table(self.saved())

    def refuse_look_alike(self, name: str) -> None:
        """:class:`Refused` if ``name`` looks like a name at the table."""
        seen = look_alike(name)
        for taken in self.seats:
            if taken.name is not None and look_alike(taken.name) == seen:
                raise Refused(
                    f"{name} looks like {taken.name}, who is at this table "
                    "already: choose another name"
                )

    def start(self, token: object) -> None:
        """The host starts the game; bots take the seats no one has taken."""
        if self.started:
            raise Refused("the game has started already")
        if self.host is None or self.seat_of(token) != self.host:
            raise Refused("only the person who made the table may start it early")
        self._start()
        self.store.save_table(self.saved())

    def _start(self) -> None:
        taken = {seat.name for seat in self.seats}
        spare = (name for name in BOT_NAMES if name not in taken)
        for place, seat in enumerate(self.seats):
            if seat.name is None:  # an empty seat for a person: a bot plays it
                self.seats[place] = Seat(next(spare, f"Bot {place}"), bot=True)
        self.game = Table(
            self.names,
            self.people,
            seed=self.seed,
            rules=phase10.PRESETS[self.rules],
            persist=self._persist,
        )

    def saved(self) -> SavedTable:
        record = None if self.game is None else self.game.record.to_json()
        seats = tuple(SavedSeat(s.name, s.bot, s.token_hash) for s in self.seats)
        return SavedTable(
            self.id,
            self.rules,
            seats,
            self.host,
            record,
            public=self.public,
            invite=self.invite,
        )

    @classmethod
    def from_saved(cls, saved: SavedTable, store: Store) -> Setting:
        """The table ``saved`` describes, its game replayed to its last move."""
        seats = [Seat(s.name, s.bot, s.token_hash) for s in saved.seats]
        setting = cls(
            saved.id,
            saved.rules,
            seats,
            saved.host,
            seed=None,
            store=store,
            public=saved.public,
            invite=saved.invite,
        )
        if saved.record is not None:
            record = phase10.GameRecord.from_json(saved.record).then(
                *(phase10.from_json(move, Action) for move in saved.moves)
            )
            setting.game = Table.resume(
                record, setting.people, persist=setting._persist
            )
        return setting

    def listing(self) -> dict[str, object]:
        """What anyone may know of the table (the lobby's list shows it)."""
        over = self.over
        return {
            "table": self.id,
            "rules": self.rules,
            "host": self.host,
            "public": self.public,
            "started": self.started,
            "over": over,
            "seats": [
                {"seat": place, "name": seat.name, "bot": seat.bot}
                for place, seat in enumerate(self.seats)
            ],
        }


class Lobby:
    """Every table of a server, by id."""

    def __init__(
        self,
        store: Store,
        *,
        seed_for_tests: int | None = None,
        most_tables: int = MOST_TABLES,
    ) -> None:
        self.store, self.most_tables = store, most_tables
        self.tables: dict[str, Setting] = {}
        self.set_aside: dict[str, str] = {}
        """Tables of the store that could not be read back: why, by id."""
        for saved in store.load():
            try:
                if saved.problem is not None:
                    raise ValueError(saved.problem)
                setting = Setting.from_saved(saved, store)
            except Exception as error:  # any table that cannot be read
                self.set_aside[saved.id] = str(error) or repr(error)
                print(
                    f"table {saved.id} set aside: it cannot be read back "
                    f"({self.set_aside[saved.id]}); the other tables play on",
                    file=sys.stderr,
                )
                continue
            if setting.over:  # ended before a restart: out of the live set
                store.retire(setting.id)
            else:
                self.tables[setting.id] = setting
        # The games' seeds: None (the library takes 128 secret bits from the
        # system), unless a test asks for known games: then the first table
        # made is dealt from seed_for_tests, the next from the next number...
        self._next_seed = seed_for_tests

    def playing(self) -> int:
        """How many tables are being played or waiting for people."""
        return sum(not setting.over for setting in self.tables.values())

    def retire(self, table_id: str) -> None:
        """Take a table out of the live set (its game over, or left): it is
        kept in the store, to be read and replayed (:meth:`replay`)."""
        self.store.retire(table_id)
        del self.tables[table_id]

    def replay(self, table_id: str) -> SavedTable | None:
        """A retired table as it was saved, with every move, or ``None``."""
        saved = self.store.load_table(table_id)
        return saved if saved is not None and saved.retired else None

    def _seed(self) -> int | None:
        seed = self._next_seed
        if seed is not None:
            self._next_seed = seed + 1
        return seed

    def create(
        self,
        name: object,
        *,
        people: object,
        bots: object,
        rules: object,
        host: bool = True,
        public: object = False,
    ) -> tuple[Setting, str | None]:
        """A new table; with ``host``, ``name`` sits at seat 0 as its host.
        A ``public`` table is listed in the lobby and anyone may join it; a
        private one (the default) only with its :attr:`Setting.invite`.

        Returns the table and the host's token (``None`` without a host).
        """
        if not isinstance(public, bool):
            raise Refused("public is true or false")
        if not (isinstance(people, int) and isinstance(bots, int)):
            raise Refused("the numbers of people and bots are whole numbers")
        if not 1 <= people <= 6 or not 0 <= bots <= 5 or not 2 <= people + bots <= 6:
            raise Refused("a table has 2 to 6 players: 1 to 6 people and 0 to 5 bots")
        if not isinstance(rules, str) or rules not in phase10.PRESETS:
            raise Refused(f"the rules are one of {', '.join(phase10.PRESETS)}")
        if self.playing() >= self.most_tables:
            raise Full(
                f"this server is full: it plays {self.most_tables} tables at most. "
                "A table that ends or is left makes room: try again in a few minutes"
            )
        host_name = clean_name(name) if host else None
        table_id = secrets.token_urlsafe(6)
        seats = [Seat(None, bot=False) for _ in range(people)]
        seats += [Seat(BOT_NAMES[i], bot=True) for i in range(bots)]
        setting = Setting(
            table_id,
            rules,
            seats,
            0 if host else None,
            seed=self._seed(),
            store=self.store,
            public=public,
            invite=None if public else secrets.token_urlsafe(16),
        )
        token = None
        if host_name is not None:
            _, token = setting.join(host_name, setting.invite)
        else:
            self.store.save_table(setting.saved())
        self.tables[table_id] = setting
        return setting, token
