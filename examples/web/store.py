"""Where the web server keeps its tables, so that a restart loses nothing.

A :class:`Store` writes a table's seating with :meth:`~Store.save_table`
(who sits where, the hashes of the seats' tokens, whether the table is
public, its invite, and once the game has started the game's record with
no moves), adds accepted moves to a table's game with
:meth:`~Store.append_move` or, several in one transaction,
:meth:`~Store.append_moves`, gives every live table back after a restart
with :meth:`~Store.load`, takes a table out of the live set with
:meth:`~Store.retire` and reads any one table with
:meth:`~Store.load_table`. The server writes a move *before* it tells
anyone of it, and stops the move if the write raises: a move a page has
seen is a move that was written.

:class:`SQLiteStore` keeps them in one SQLite file (the standard library's
``sqlite3``) in WAL mode with ``synchronous=FULL``: each write is one
transaction (the moves that arrived together are one, see
``journal.py``), on disk when the call returns, and a ``kill -9`` or a
power cut loses no acknowledged move. :class:`MemoryStore` keeps them in
memory (tests, or a server that need not survive a restart).

Another database takes SQLite's place by implementing the same calls:
with PostgreSQL, the same two tables, ``append_moves`` an ``INSERT`` of
its rows in one transaction, and the ``(table_id, number)`` primary key
refusing a second move with the same number if two servers ever raced on
one table (see docs/frontends.md).
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol


@dataclass(frozen=True)
class SavedSeat:
    """One seat of a table as it is stored."""

    name: str | None
    """The person's name once someone has joined, or the bot's name."""
    bot: bool
    """Whether a bot plays the seat."""
    token_hash: str | None = None
    """SHA-256 of the seat's token, hex; never the token itself."""


@dataclass(frozen=True)
class SavedTable:
    """A table as it is stored: its seating and, once started, its game."""

    id: str
    rules: str
    """The name of the rules preset (a key of ``phase10.PRESETS``)."""
    seats: tuple[SavedSeat, ...]
    host: int | None
    """The seat that may start the game with bots in the empty seats."""
    record: str | None = None
    """The game's :class:`~phase10.GameRecord` as JSON, with no moves: set
    when the game starts."""
    moves: tuple[str, ...] = field(default=())
    """Every move made, as JSON move documents, in order (on load)."""
    problem: str | None = None
    """Why the table could not be read back (on load), else ``None``."""
    public: bool = True
    """Whether the lobby lists the table (else it is joined by invitation)."""
    invite: str | None = None
    """The secret of the table's invite link (a private table's)."""
    retired: bool = False
    """Whether the table has left the live set (its game over, or left):
    kept to be read and replayed, not loaded to play."""


class Store(Protocol):
    """What the server needs of a store (see the module's docstring)."""

    def save_table(self, table: SavedTable) -> None:
        """Write ``table``'s seating and record header (not its moves)."""

    def append_move(self, table_id: str, number: int, move: str) -> None:
        """Add move ``number`` (from 0) of table ``table_id``'s game, or raise."""

    def append_moves(self, moves: Sequence[tuple[str, int, str]]) -> None:
        """Add each ``(table_id, number, move)`` of ``moves``, all in one
        transaction (group commit, see ``journal.py``), or raise and add
        none."""

    def load(self) -> list[SavedTable]:
        """Every table not retired, with its moves, in the order they were
        created."""

    def retire(self, table_id: str) -> None:
        """Take table ``table_id`` out of the live set: :meth:`load` leaves
        it out; :meth:`load_table` still reads it."""

    def load_table(self, table_id: str) -> SavedTable | None:
        """Table ``table_id`` with its moves, retired or not, or ``None``."""


class MemoryStore:
    """A store that keeps everything in memory: lost with the process."""

    def __init__(self) -> None:
        self._tables: dict[str, SavedTable] = {}
        self._moves: dict[str, list[str]] = {}

    def save_table(self, table: SavedTable) -> None:
        self._tables[table.id] = table
        self._moves.setdefault(table.id, [])

    def append_move(self, table_id: str, number: int, move: str) -> None:
        moves = self._moves[table_id]
        if number != len(moves):
            raise ValueError(f"move {number} of table {table_id} is out of order")
        moves.append(move)

    def append_moves(self, moves: Sequence[tuple[str, int, str]]) -> None:
        before = {table_id: len(self._moves[table_id]) for table_id, _, _ in moves}
        try:
            for table_id, number, move in moves:
                self.append_move(table_id, number, move)
        except Exception:  # none of them, as a transaction would
            for table_id, length in before.items():
                del self._moves[table_id][length:]
            raise

    def load(self) -> list[SavedTable]:
        return [
            _with_moves(table, tuple(self._moves[table.id]))
            for table in self._tables.values()
            if not table.retired
        ]

    def retire(self, table_id: str) -> None:
        self._tables[table_id] = dataclasses.replace(
            self._tables[table_id], retired=True
        )

    def load_table(self, table_id: str) -> SavedTable | None:
        table = self._tables.get(table_id)
        if table is None:
            return None
        return _with_moves(table, tuple(self._moves[table.id]))


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    created INTEGER NOT NULL,
    rules TEXT NOT NULL,
    seats TEXT NOT NULL,
    host INTEGER,
    record TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables (id),
    number INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""
_LATER_COLUMNS = {
    # Columns added since the first schema: a file made before has them
    # added at start (a table of then is public, not retired).
    "public": "INTEGER NOT NULL DEFAULT 1",
    "invite": "TEXT",
    "retired": "REAL",
}
_COLUMNS = "id, rules, seats, host, record, public, invite, retired"


class SQLiteStore:
    """A store in one SQLite file, WAL mode, every write its own transaction."""

    def __init__(self, path: str | Path) -> None:
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(path), check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
        for name, kind in _LATER_COLUMNS.items():
            if name not in columns:
                self._db.execute(f"ALTER TABLE tables ADD COLUMN {name} {kind}")
        self._created = self._db.execute("SELECT count(*) FROM tables").fetchone()[0]

    def save_table(self, table: SavedTable) -> None:
        seats = json.dumps([_seat_to_dict(seat) for seat in table.seats])
        with self._lock, self._db:
            self._created += 1
            self._db.execute(
                "INSERT INTO tables (id, created, rules, seats, host, record, "
                "public, invite) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (id) DO UPDATE SET seats = excluded.seats, "
                "host = excluded.host, record = excluded.record",
                (
                    table.id,
                    self._created,
                    table.rules,
                    seats,
                    table.host,
                    table.record,
                    table.public,
                    table.invite,
                ),
            )

    def append_move(self, table_id: str, number: int, move: str) -> None:
        with self._lock, self._db:  # one transaction, committed on leaving
            self._db.execute(
                "INSERT INTO moves (table_id, number, move) VALUES (?, ?, ?)",
                (table_id, number, move),
            )

    def append_moves(self, moves: Sequence[tuple[str, int, str]]) -> None:
        with self._lock, self._db:  # one transaction for them all
            self._db.executemany(
                "INSERT INTO moves (table_id, number, move) VALUES (?, ?, ?)", moves
            )

    def load(self) -> list[SavedTable]:
        with self._lock:
            rows = self._db.execute(
                f"SELECT {_COLUMNS} FROM tables WHERE retired IS NULL ORDER BY created"
            ).fetchall()
            tables = [self._read(*row) for row in rows]
        return tables

    def retire(self, table_id: str) -> None:
        with self._lock, self._db:
            self._db.execute(
                "UPDATE tables SET retired = ? WHERE id = ?", (time.time(), table_id)
            )

    def load_table(self, table_id: str) -> SavedTable | None:
        with self._lock:
            row = self._db.execute(
                f"SELECT {_COLUMNS} FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
            return None if row is None else self._read(*row)

    def _read(
        self,
        table_id: str,
        rules: str,
        seats: str,
        host: int | None,
        record: str | None,
        public: int,
        invite: str | None,
        retired: float | None,
    ) -> SavedTable:
        """One table's row and its moves; a table that cannot be read is
        given back with its ``problem``, so that the others still load."""
        try:
            moves = self._db.execute(
                "SELECT move FROM moves WHERE table_id = ? ORDER BY number",
                (table_id,),
            ).fetchall()
            return SavedTable(
                id=table_id,
                rules=rules,
                seats=tuple(_seat_from_dict(s) for s in json.loads(seats)),
                host=host,
                record=record,
                moves=tuple(move for (move,) in moves),
                public=bool(public),
                invite=invite,
                retired=retired is not None,
            )
        except (ValueError, KeyError, TypeError, sqlite3.DatabaseError) as error:
            return SavedTable(table_id, rules, (), host, problem=f"{error!r}")

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _with_moves(table: SavedTable, moves: tuple[str, ...]) -> SavedTable:
    return dataclasses.replace(table, moves=moves)


def _seat_to_dict(seat: SavedSeat) -> dict[str, Any]:
    return {"name": seat.name, "bot": seat.bot, "token_hash": seat.token_hash}


def _seat_from_dict(data: dict[str, Any]) -> SavedSeat:
    return SavedSeat(data["name"], bool(data["bot"]), data["token_hash"])
