"""What happens at a table of the web server: its room, with the pages at
the table, its turns and their timer, and the task that moves its bots
and deals its hands. The server (``server.py``) is the HTTP and
WebSocket surface: it checks which seat a page plays, then hands the page
and its messages to the table's room.

A room sends each page its own update (``game_table.Table.update`` for
the page's seat, with who is connected, who is away, who is ready for the
next hand and the turn's clock), or the table's listing before its game
starts. A person who lets the turn timer run out has their turns played by
a bot until they are back; at the end of a hand the scores stay up until
every person with a page open and not away has pressed "Next hand", or
for the hand's pause. The moves are made through the table's game
(``lobby.Setting.game``), which writes each to the store before it is
made: a move the store cannot write is not made, and the room says so.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections import deque
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from game_table import Made
from journal import Journal
from limits import say
from lobby import Lobby, Setting, TooNested, check_nesting
from starlette.websockets import WebSocket, WebSocketDisconnect

import phase10
from phase10 import Step

_PARTS = re.compile(r"(?=<g )")
"""Where a picture is cut in parts, so that a page is sent only the new ones."""

TAKEN_ELSEWHERE = 4009
"""The close code of a page whose seat was opened on another page: after it
the page does not reconnect by itself."""


FREED = 4003
"""The close code of a page whose seat the host freed (a refusal)."""

TOO_SLOW = 4008
"""The close code of a page that does not read what it is sent (its
messages waiting pass :data:`MOST_WAITING`), or sends past its budget."""

RETIRED = 4010
"""The close code of a watcher whose table was retired (its game over)."""

MOST_WAITING = 64
"""Messages waiting for one page at most (refusals, notices, hints; its
updates are never more than one, the latest): a page that reads none of
them is closed."""


@dataclass
class Outbox:
    """What waits to be sent to one page: messages in order, then the
    latest update (``dirty``: one update, however many changes asked for
    it), then the close, if one was asked for."""

    messages: deque[dict[str, Any]] = field(default_factory=deque)
    dirty: bool = False
    close: int | None = None
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None


class Room:
    """A started table's pages (one per seat, and any watchers), its turn
    timer and the task that moves its bots and deals its hands."""

    def __init__(
        self,
        setting: Setting,
        *,
        pace: float,
        hand_pause: float,
        turn_seconds: float,
        journal: Journal | None = None,
    ) -> None:
        self.setting = setting
        self.journal = journal or Journal(setting.store)
        """Where the table's moves are written, with other tables' (group commit)."""
        self.moving = asyncio.Lock()
        """Held from working a move out to making it (its write in between)."""
        self.hinting: set[WebSocket] = set()
        """Pages whose hint is being worked out (one at a time each)."""
        self.patching: set[WebSocket] = set()
        """Pages that asked to be sent what changed (``"patches": true``)."""
        self.sent: dict[WebSocket, dict[str, Any]] = {}
        """The last update each patching page was sent, its picture as the
        hashes of its parts (64-bit, keyed by the process: a part is taken
        for one the page has only when their hashes are equal)."""
        self.pace, self.hand_pause, self.turn_seconds = pace, hand_pause, turn_seconds
        self.pages: dict[int, WebSocket] = {}
        self.watchers: set[WebSocket] = set()
        self.narrow: set[WebSocket] = set()
        """Pages that asked for the narrow (phone) picture."""
        self.ready: set[int] = set()
        """People who pressed "Next hand" on the scores of this hand."""
        self.deadline: float | None = None
        """When the person whose turn it is loses it to a bot (loop time)."""
        self.returning: set[int] = set()
        """Seats a bot plays whose person is back from their next turn."""
        self.wake = asyncio.Event()
        self.runner: asyncio.Task[None] | None = None
        self.outboxes: dict[WebSocket, Outbox] = {}
        """What waits to be sent to each page (see :meth:`tell_everyone`)."""
        self.updates: dict[tuple[int | None, bool], dict[str, Any]] = {}
        """The game's update for each (seat, narrow) since the last change:
        every watcher is sent the same, worked out once."""

    # --- who is at the table ---------------------------------------------------

    @contextlib.asynccontextmanager
    async def page(
        self, seat: int | None, page: WebSocket, *, narrow: bool, patches: bool = False
    ) -> AsyncIterator[None]:
        """``page`` at the table while the block runs: playing ``seat``
        (``None``: watching), with the narrow picture if ``narrow``.

        A seat is played from one page: the page that held it before is
        told so and closed. A person who was away is back."""
        if narrow:
            self.narrow.add(page)
        if patches:
            self.patching.add(page)
        if seat is None:  # a watcher: it neither keeps the table alive nor
            self.watchers.add(page)  # changes what the others are shown
            try:
                self._dirty(page)
                yield
            finally:
                self.forget(page)
            return
        self.setting.touch()
        before = self.pages.get(seat)
        self.pages[seat] = page
        if before is not None:
            notice = "your seat is now played on another page"
            await self.send(before, {"type": "notice", "text": notice})
            self.close(before, TAKEN_ELSEWHERE)
        self.back(seat)  # back: the person plays again (from their next turn)
        try:
            await self.tell_everyone()
            self.play_on()
            yield
        finally:
            self.forget(page)
            self.setting.touch()
            self.wake.set()
            await self.tell_everyone()

    async def freed(self, seat: int) -> None:
        """The host freed ``seat``: its page is told so and closed, and the
        others are shown the free seat."""
        page = self.pages.pop(seat, None)
        if page is not None:
            reason = "the host freed your seat: join again if it was a mistake"
            await self.send(page, {"type": "refused", "reason": reason})
            self.close(page, FREED)
        await self.tell_everyone()

    def retired(self) -> None:
        """The table is retired: its watchers are told so and closed."""
        for page in list(self.watchers):
            text = "this table was retired: its record is at /api/tables/ID/record"
            self.outbox(page).messages.append({"type": "notice", "text": text})
            self.close(page, RETIRED)

    # --- what pages are sent -------------------------------------------------

    def message(self, seat: int | None, page: WebSocket) -> dict[str, Any]:
        setting = self.setting
        game = setting.game
        room: dict[str, Any] = {
            "table": setting.id,
            "listing": setting.listing(),
            "connected": sorted(self.pages),
            "you": seat,
        }
        if seat is not None and setting.invite is not None:
            room["invite"] = setting.invite  # a seat may share the table's link
        if game is None:
            return {"type": "lobby", "room": room}
        room["away"] = sorted(game.away)
        room["returning"] = sorted(self.returning)
        room["ready"] = sorted(self.ready)
        left = None
        if self.deadline is not None:
            left = max(0.0, self.deadline - asyncio.get_running_loop().time())
        room["clock"] = None if left is None else round(left, 1)
        key = (seat, page in self.narrow)
        update = self.updates.get(key)
        if update is None:
            update = self.updates[key] = game.update(seat, narrow=key[1])
        return update | {"room": room}

    def outbox(self, page: WebSocket) -> Outbox:
        """What waits for ``page``, and the task that sends it."""
        outbox = self.outboxes.get(page)
        if outbox is None:
            outbox = self.outboxes[page] = Outbox()
        if outbox.task is None:
            outbox.task = asyncio.get_running_loop().create_task(
                self._deliver(page, outbox)
            )
        outbox.wake.set()
        return outbox

    async def send(self, page: WebSocket, message: dict[str, Any]) -> None:
        """Send ``message`` to ``page``, after what waits for it (it does not
        wait: a page that reads nothing holds up no one but itself)."""
        outbox = self.outbox(page)
        if len(outbox.messages) >= MOST_WAITING:
            self.close(page, TOO_SLOW)
            return
        outbox.messages.append(message)

    def close(self, page: WebSocket, code: int) -> None:
        """Close ``page`` with ``code`` once what waits for it is sent."""
        outbox = self.outbox(page)
        if outbox.close is None:
            outbox.close = code

    def _dirty(self, page: WebSocket) -> None:
        self.outbox(page).dirty = True

    async def _deliver(self, page: WebSocket, outbox: Outbox) -> None:
        """Send ``page`` what waits for it, as long as it is at the table:
        its messages in order, then its latest update (worked out when it
        is sent, so a page that reads slowly skips the updates between)."""
        try:
            while True:
                await outbox.wake.wait()
                outbox.wake.clear()
                while outbox.messages or outbox.dirty:
                    if outbox.messages:
                        message = outbox.messages.popleft()
                    else:
                        outbox.dirty = False
                        seat = self._seat_of(page)
                        if seat is False:
                            continue  # no longer at the table
                        message = self.message(seat, page)
                        if page in self.patching:
                            message = self._patch(page, message)
                    await page.send_text(json.dumps(message))
                if outbox.close is not None:
                    with contextlib.suppress(RuntimeError, OSError):
                        await page.close(code=outbox.close)
                    return
        except (RuntimeError, OSError, WebSocketDisconnect):  # the page has gone
            self.forget(page)
        finally:
            if self.outboxes.get(page) is outbox:
                del self.outboxes[page]

    def _seat_of(self, page: WebSocket) -> int | bool | None:
        """The seat ``page`` plays, ``None`` if it watches, ``False`` if it
        is not at the table."""
        for seat, held in self.pages.items():
            if held is page:
                return seat
        return None if page in self.watchers else False

    async def drained(self) -> None:
        """Return once every page has been sent what waited for it."""
        while any(
            box.messages or box.dirty or box.wake.is_set()
            for box in self.outboxes.values()
        ):
            await asyncio.sleep(0.001)

    async def tell(self, seat: int | None, page: WebSocket) -> None:
        """Send ``page`` its latest update (``seat`` is the seat it plays)."""
        self._dirty(page)

    def _patch(self, page: WebSocket, message: dict[str, Any]) -> dict[str, Any]:
        """What ``page`` is sent of the update ``message``: what changed since
        the last (``{"type": "patch", ...}``), the picture as its parts, each
        either text or the index of a part of the last picture."""
        if message["type"] != "update":
            self.sent.pop(page, None)
            return message
        parts = _PARTS.split(message["picture"])
        hashes = [hash(part) for part in parts]  # kept rather than the parts
        last = self.sent.get(page)
        full = {key: value for key, value in message.items() if key != "picture"}
        self.sent[page] = full | {"picture": hashes}
        if last is None:
            return full | {"picture_parts": parts}
        patch: dict[str, Any] = {"type": "patch"}
        for key, value in full.items():
            if key != "type" and last.get(key) != value:
                patch[key] = value
        known = {hashed: place for place, hashed in enumerate(last["picture"])}
        patch["picture_parts"] = [
            known.get(hashed, part) for hashed, part in zip(hashes, parts, strict=True)
        ]
        return patch

    async def tell_everyone(self) -> None:
        """Something changed: every page is to be sent its latest update.
        It does not wait for them: each page's own task sends it one
        update, the latest, however many changes came before it sent."""
        self.changed()
        for page in list(self.pages.values()):
            self._dirty(page)
        for page in list(self.watchers):
            self._dirty(page)

    def changed(self) -> None:
        """The game or the room changed: the updates are worked out anew."""
        self.updates.clear()

    def forget(self, page: WebSocket) -> None:
        self.watchers.discard(page)
        self.narrow.discard(page)
        self.patching.discard(page)
        self.sent.pop(page, None)
        outbox = self.outboxes.pop(page, None)
        if (
            outbox is not None
            and outbox.task is not None
            and outbox.task is not asyncio.current_task()
        ):
            outbox.task.cancel()
        for seat, held in list(self.pages.items()):
            if held is page:
                del self.pages[seat]

    # --- the game's clock ----------------------------------------------------

    def play_on(self) -> None:
        """Start the task that plays the table's automatic moves, if the
        game has started and the task is not running."""
        self.wake.set()
        if self.setting.game is None:
            return
        if self.runner is None or self.runner.done():
            self.runner = asyncio.get_running_loop().create_task(self._run())

    async def _wait(self, seconds: float) -> None:
        """Sleep ``seconds``, or less if something happens at the table."""
        self.wake.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.wake.wait(), max(seconds, 0))

    async def _run(self) -> None:
        game = self.setting.game
        if game is None:
            return
        loop = asyncio.get_running_loop()
        turn: tuple[int, int] | None = None  # (seat, moves made when it began)
        deadline = 0.0
        while game.state.step is not Step.GAME_OVER:
            state = game.state
            if state.step is Step.HAND_OVER:
                self.deadline = turn = None
                self._returned()
                until = loop.time() + self.hand_pause
                while loop.time() < until and not self._everyone_ready():
                    await self._wait(until - loop.time())
                if game.state is state:
                    self.ready.clear()
                    await self._automatic()
                continue
            seat, moves = state.current, len(game.record.actions)
            if (
                turn is None
                or turn[0] != seat
                or (state.step is Step.DRAW and turn[1] != moves)
            ):
                # A new turn: who pressed I'm back plays again, and the
                # turn's one clock starts. Neither a press nor a reconnect
                # starts it again (the clock is per turn).
                turn = (seat, moves)
                deadline = loop.time() + self.turn_seconds
                self._returned()
                if not game.automatic():
                    self.deadline = deadline
                    await self.tell_everyone()
            if game.automatic():
                self.deadline = None
                await asyncio.sleep(self.pace)
                if game.automatic():
                    await self._automatic()
                continue
            if loop.time() < deadline:
                await self._wait(deadline - loop.time())
                continue
            game.away.add(seat)  # time is up: a bot plays until the person is back
            self.deadline = None
            page = self.pages.get(seat)
            if page is not None:
                await self.send(page, {"type": "notice", "text": _AWAY})
            await self.tell_everyone()
        self.deadline = None

    def back(self, seat: int) -> bool:
        """The person at ``seat`` is back (pressed I'm back, or opened a
        page): at once if it is not their turn, else from their next turn,
        the bot playing this one out. Whether they play again at once."""
        game = self.setting.game
        if game is None or seat not in game.away:
            return True
        self.changed()
        state = game.state
        if state.current == seat and state.step not in (Step.HAND_OVER, Step.GAME_OVER):
            self.returning.add(seat)
            return False
        game.away.discard(seat)
        return True

    def _returned(self) -> None:
        """A new turn or hand: the people who said they are back play again."""
        game = self.setting.game
        if game is not None and self.returning:
            game.away -= self.returning
            self.changed()
        self.returning.clear()

    async def _automatic(self) -> None:
        """Make the table's next automatic move and tell everyone; if the
        store cannot write it, it is not made: say so, and try again later."""
        game = self.setting.game
        if game is None:
            return
        async with self.moving:
            made = game.prepare_automatic()
            problem = None if made is None else await self._make(made)
        if problem is not None:
            await asyncio.sleep(1.0)
            return
        await self.tell_everyone()

    async def _make(self, made: Made) -> str | None:
        """Write ``made`` (with the moves of other tables that arrive at the
        same time), then make it; if it cannot be written it is not made:
        the reason."""
        game = self.setting.game
        assert game is not None
        try:
            await self.journal.append(
                self.setting.id, made.number, phase10.to_json(made.move)
            )
        except Exception as error:
            say(f"table {self.setting.id}: {error!r}")
            return "the server could not save that move, so it was not made"
        game.take(made)
        return None

    def _everyone_ready(self) -> bool:
        game = self.setting.game
        if game is None:
            return False
        waiting = {s for s in self.pages if s not in game.away}
        return waiting <= self.ready

    # --- what pages send -------------------------------------------------------

    async def received(self, seat: int | None, page: WebSocket, text: str) -> None:
        """Act on one text message of a page playing ``seat`` (``None``: a
        watcher)."""
        game = self.setting.game
        kind = _control(text)
        refusal: str | None = None
        try:
            check_nesting(text)  # before the library reads it, which would recurse
        except TooNested as error:
            refusal = str(error)
        if refusal is not None:
            pass
        elif seat is None:
            refusal = "you are watching this table: join it to play"
        elif game is None:
            refusal = "the game has not started: it starts when every seat is taken"
        elif kind == "ready":
            if game.state.step is Step.HAND_OVER:
                self.ready.add(seat)
                self.wake.set()
                await self.tell_everyone()
            return
        elif kind == "back":
            if not self.back(seat):
                await self.send(page, {"type": "notice", "text": _NEXT_TURN})
            self.wake.set()
            await self.tell_everyone()
            return
        elif kind == "hint":
            if page in self.hinting:
                refusal = "a hint is being worked out: wait for it"
            else:
                self.hinting.add(page)
                try:  # in a thread: counting odds takes a moment
                    answer = await asyncio.to_thread(game.hint, seat)
                finally:
                    self.hinting.discard(page)
                await self.send(page, answer)
                return
        elif kind is not None:
            refusal = f"a page sends moves, 'ready', 'back' or 'hint', not {kind!r}"
        else:
            async with self.moving:
                made = game.prepare(seat, text)
                refusal = made if isinstance(made, str) else await self._make(made)
        if refusal is not None:
            await self.send(page, {"type": "refused", "reason": refusal})
            return
        await self.tell_everyone()
        self.play_on()


_NEXT_TURN = "You are back: you play again from your next turn."
_AWAY = "Your time ran out: a bot is playing your turns. Press I'm back to play again."


def kind_of(text: str) -> str:
    """The kind of frame ``text`` is, for its budget (``limits.KINDS``)."""
    kind = _control(text)
    if kind is None:
        return "move"
    return kind if kind in ("back", "ready", "hint") else "other"


def _control(text: str) -> str | None:
    """The ``type`` of a control message (``{"type": "ready"}``), or ``None``
    for anything else, which is read as a move."""
    if len(text) > 100 or '"schema"' in text:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if isinstance(data, dict) and "schema" not in data:
        kind = data.get("type")
        if kind in ("ready", "back", "hint", "hello"):
            return str(kind)
    return None


class Server:
    """The lobby, a room for each table, and how fast rooms play."""

    def __init__(
        self,
        lobby: Lobby,
        *,
        pace: float = 0.8,
        hand_pause: float = 30.0,
        turn_seconds: float = 60.0,
        left_after: float = 3600.0,
    ) -> None:
        self.lobby = lobby
        self.pace, self.hand_pause, self.turn_seconds = pace, hand_pause, turn_seconds
        self.left_after = left_after
        """Seconds with no page at a table after which it is left (retired)."""
        self.rooms: dict[str, Room] = {}
        self.journal = Journal(lobby.store)
        """Every table's moves, written in groups (see ``journal.py``)."""
        self.sweeper: asyncio.Task[None] | None = None

    def room(self, setting: Setting) -> Room:
        room = self.rooms.get(setting.id)
        if room is None:
            room = Room(
                setting,
                pace=self.pace,
                hand_pause=self.hand_pause,
                turn_seconds=self.turn_seconds,
                journal=self.journal,
            )
            self.rooms[setting.id] = room
        return room

    async def started(self, setting: Setting) -> None:
        """Tell a table's pages that something changed; start its game."""
        room = self.room(setting)
        await room.tell_everyone()
        room.play_on()

    def resume(self) -> None:
        """Play on at every table whose game has started (after a restart,
        the games the lobby read back from its store), and retire the
        tables that end or are left from now on (:meth:`sweep`)."""
        for setting in self.lobby.tables.values():
            if setting.started:
                self.room(setting).play_on()
        self.sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    def sweep(self) -> list[str]:
        """Retire the tables no page is at whose game is over, or where no
        one has been for :attr:`left_after` seconds (a table made and never
        joined, a game everyone left): they leave the live set and the
        server's memory, and stay in the store to be replayed. Their ids."""
        now = time.monotonic()
        retired = []
        for setting in list(self.lobby.tables.values()):
            room = self.rooms.get(setting.id)
            if room is not None and room.pages:  # watchers keep no table alive
                continue
            if setting.over or now - setting.active > self.left_after:
                if room is not None:
                    if room.runner is not None:
                        room.runner.cancel()
                    room.retired()
                    del self.rooms[setting.id]
                try:
                    self.lobby.retire(setting.id)
                except Exception as error:  # the store: try again next sweep
                    say(f"table {setting.id}: {error!r}")
                    continue
                retired.append(setting.id)
        return retired

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(min(1.0, self.left_after / 2))
            self.sweep()

    def stop(self) -> None:
        """Stop every room's task (the server is shutting down)."""
        if self.sweeper is not None:
            self.sweeper.cancel()
        for room in self.rooms.values():
            if room.runner is not None:
                room.runner.cancel()
