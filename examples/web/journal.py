"""Group commit: the moves of every table that arrive together are
written to the store in one transaction.

A disk makes only so many synchronous commits a second (a few hundred on
a cheap one), and a server that commits each move on its own can make no
more moves than that, whatever its CPU. :class:`Journal` keeps the
promise that a move is on disk before anyone is told of it, and lifts the
cap the way databases do: a move waits while the transaction before it is
committed, and every move that arrived in that time goes into the next
one. A lone move is committed at once; under load a transaction holds as
many moves as arrived during one commit.

A transaction that fails is tried again one move at a time, so that one
bad move (a number out of order) does not take the others with it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from store import Store

Row = tuple[str, int, str]
"""A move as it is stored: the table's id, its number and its JSON."""


class Journal:
    """The store's writer of moves, one transaction per group of moves."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.waiting: list[tuple[Row, asyncio.Future[None]]] = []
        self.writer: asyncio.Task[None] | None = None
        self.commits = 0
        """Transactions committed (each with one or more moves)."""
        self.moves = 0
        """Moves written."""

    async def append(self, table_id: str, number: int, move: str) -> None:
        """Write move ``number`` of table ``table_id``: returns when it is
        on disk, or raises what the store raised (the move is not written)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self.waiting.append(((table_id, number, move), future))
        if self.writer is None or self.writer.done():
            self.writer = loop.create_task(self._write())
        await future

    async def _write(self) -> None:
        while self.waiting:
            group, self.waiting = self.waiting, []
            rows = [row for row, _ in group]
            try:
                await asyncio.to_thread(self.store.append_moves, rows)
                failures: Sequence[BaseException | None] = [None] * len(rows)
                self.commits += 1
            except Exception:
                failures = await asyncio.to_thread(self._one_by_one, rows)
            self.moves += sum(failure is None for failure in failures)
            for (_, future), failure in zip(group, failures, strict=True):
                if future.done():  # its page has gone
                    continue
                if failure is None:
                    future.set_result(None)
                else:
                    future.set_exception(failure)

    def _one_by_one(self, rows: list[Row]) -> list[BaseException | None]:
        failures: list[BaseException | None] = []
        for row in rows:
            try:
                self.store.append_moves([row])
                self.commits += 1
                failures.append(None)
            except Exception as error:
                failures.append(error)
        return failures
