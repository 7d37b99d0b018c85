"""Phase 10 in the browser: tables of people and bots, over WebSockets.

    python -m pip install -e '.[web]'
    python examples/web/server.py --db games.sqlite   # then open the address shown

The first page makes a table (seats for people and bots, a rules preset)
and shares its link; friends join by name; the game starts when every seat
for a person is taken, or when the host starts it with bots in the empty
seats. Anyone with the link may watch.

Joining gives the person's page a secret token: a seat is played only with
its token, and only from a page of this server (the ``Origin`` of every
request and socket is checked). With ``--db`` every table and every move
is written to SQLite before anyone is told of it, and the server resumes
every table after a restart or a crash. A person who lets the turn timer
run out has their turns played by a bot until they are back; the next hand
is dealt when every person has pressed "Next hand", or after a pause.

Starlette serves the pages and the sockets; uvicorn runs them. This file
is that surface: the lobby's requests, the pages' files, and each socket's
hello (the seat's token) and frames. What happens at a table once a page is
in is ``room.py`` (its pages, turns, turn timer and bots); its seats and
tokens are ``lobby.py``, kept by ``store.py``; its game is
``game_table.Table``: only a seat's view, its pictures, its legal moves
and the events as that seat is told them are sent. The same page without
a server, the engine running in the browser under Pyodide, is
``static/offline.html`` (see ``setup_offline.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sqlite3
import sys
import time
from collections import Counter, OrderedDict, deque
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import IO, Any

import uvicorn
from limits import (
    ADDRESS_TIMES,
    Budgets,
    RequestBudget,
    SocketBudget,
    limit_logs,
)
from lobby import Full, Lobby, Refused, Setting, TooNested, Uninvited, parse_json
from room import TOO_SLOW, Room, Server, kind_of
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect
from store import MemoryStore, SQLiteStore, Store

import phase10

HERE = Path(__file__).resolve().parent
MAX_MESSAGE = 16 * 1024
"""The largest message a page may send; a move is a few hundred bytes.
The transport takes up to :data:`TRANSPORT_LIMIT`, so a longer message is
refused with a message, not by dropping the socket."""
TRANSPORT_LIMIT = 1024 * 1024
MAX_BODY = 4096
"""The largest request body the lobby reads (a name and three numbers)."""
HELLO_SECONDS = 15.0
"""How long a new socket has to say who it is."""

REFUSED = 4003
"""The close code of a refused socket: after it (or ``room.TAKEN_ELSEWHERE``)
the page does not reconnect by itself."""

WATCHERS_PER_TABLE = 20
"""Watchers one table has at most (its seats' pages are not counted)."""
WATCHERS_PER_ADDRESS = 10
"""Watchers one address has open at most, at all tables."""
REPLAYS = (2.0, 10)
"""Requests for a retired table's listing or record one address may make:
two a second, ten at once (each is worked out once, then kept)."""
SHUTDOWN_SECONDS = 5
"""The longest a SIGTERM waits for pages to close before the server stops
(every move acknowledged is on disk before it is acknowledged)."""


class Allowance:
    """How many tables each client (by address) may make in a window of
    time: ``most`` in ``seconds``."""

    def __init__(self, most: int, seconds: float = 600.0) -> None:
        self.most, self.seconds = most, seconds
        self.made: dict[str, deque[float]] = {}

    def take(self, client: str) -> float | None:
        """Count one table made by ``client``; ``None`` if it may make it,
        else the seconds until it may make another."""
        now = time.monotonic()
        if len(self.made) > 10_000:  # forget the clients of the last window
            self.made = {
                k: v for k, v in self.made.items() if v[-1] > now - self.seconds
            }
        made = self.made.setdefault(client, deque())
        while made and made[0] <= now - self.seconds:
            made.popleft()
        if len(made) >= self.most:
            return made[0] + self.seconds - now
        made.append(now)
        return None


def same_origin(headers: Any) -> bool:
    """Whether a request comes from a page of this server: its ``Origin``
    is this server's own address (browsers always send it on sockets and
    on these requests; another site's page cannot forge it)."""
    origin, host = headers.get("origin"), headers.get("host")
    return bool(origin and host and origin in (f"http://{host}", f"https://{host}"))


def refuse(reason: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"reason": reason}, status_code=status)


def address_of(request: Request | WebSocket) -> str:
    """The client's address: the socket's, or with ``--proxy-headers`` the
    one a trusted proxy gives (uvicorn reads it)."""
    return request.client.host if request.client else "?"


class Replays:
    """The retired tables' listings and records, each worked out once in a
    thread (replaying a game takes time in proportion to its moves: about
    0.1 s for 550 moves), one at a time, then kept: the ``most`` latest
    (an id that is no retired table is not kept: it may be one later)."""

    def __init__(self, lobby: Lobby, most: int = 256) -> None:
        self.lobby, self.most = lobby, most
        self.kept: OrderedDict[str, tuple[dict[str, Any], str | None]] = OrderedDict()
        self.working: dict[str, asyncio.Future[Any]] = {}
        self.one_at_a_time = asyncio.Lock()

    async def get(self, table_id: str) -> tuple[dict[str, Any], str | None] | None:
        """The listing and the record (JSON) of retired table ``table_id``,
        or ``None`` if there is no such retired table."""
        if table_id in self.kept:
            self.kept.move_to_end(table_id)
            return self.kept[table_id]
        working = self.working.get(table_id)
        if working is not None:  # asked for already: the same answer
            shared: tuple[dict[str, Any], str | None] | None
            shared = await asyncio.shield(working)
            return shared
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.working[table_id] = future
        try:
            async with self.one_at_a_time:
                answer = await asyncio.to_thread(self._work_out, table_id)
            if answer is not None:  # no such retired table yet: it may be later
                self.kept[table_id] = answer
                while len(self.kept) > self.most:
                    self.kept.popitem(last=False)
            future.set_result(answer)
        except Exception as error:
            future.set_exception(error)
            future.exception()  # read here: no "never retrieved" warning
            raise
        finally:
            del self.working[table_id]
            if not future.done():  # cancelled: whoever waits asks again
                future.cancel()
        return answer

    def _work_out(self, table_id: str) -> tuple[dict[str, Any], str | None] | None:
        saved = self.lobby.replay(table_id)
        if saved is None:
            return None
        listing = Setting.from_saved(saved, MemoryStore()).listing() | RETIRED
        if saved.record is None:
            return listing, None
        moves = [phase10.from_json(move, phase10.Action) for move in saved.moves]
        record = phase10.GameRecord.from_json(saved.record).then(*moves)
        return listing, record.to_json()


def replay_budget(request: Request) -> JSONResponse | None:
    """A 429 if the client has asked for too many retired tables."""
    if request.app.state.replay_budget.take(address_of(request)):
        return None
    reason = "you have asked for as many retired tables as one may for now: slow down"
    return refuse(reason, 429)


async def read_body(request: Request) -> dict[str, Any] | JSONResponse:
    if not same_origin(request.headers):
        return refuse("requests come from this server's own pages", 403)
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return refuse("the request is too long", 413)
    try:
        data = parse_json(body or b"{}")
    except TooNested as error:
        return refuse(str(error))
    except ValueError:
        return refuse("the request is not JSON")
    if not isinstance(data, dict):
        return refuse("the request is a JSON object")
    return data


def server_of(request: Request | WebSocket) -> Server:
    server: Server = request.app.state.server
    return server


async def list_tables(request: Request) -> Response:
    """The latest public tables (a private one is reached by its link)."""
    public = [s for s in server_of(request).lobby.tables.values() if s.public]
    tables = public[-50:]
    return JSONResponse([setting.listing() for setting in reversed(tables)])


async def presets(request: Request) -> Response:
    return JSONResponse(list(phase10.PRESETS))


async def create_table(request: Request) -> Response:
    data = await read_body(request)
    if isinstance(data, JSONResponse):
        return data
    server = server_of(request)
    wait = request.app.state.allowance.take(address_of(request))
    if wait is not None:
        minutes = max(1, round(wait / 60))
        reason = (
            f"you have made as many tables as one person may for now: try again "
            f"in {minutes} minute{'s' if minutes > 1 else ''}"
        )
        return refuse(reason, 429)
    try:
        setting, token = server.lobby.create(
            data.get("name"),
            people=data.get("people", 1),
            bots=data.get("bots", 0),
            rules=data.get("rules", "official"),
            public=data.get("public", False),
        )
    except Full as error:
        return refuse(str(error), 503)
    except Refused as error:
        return refuse(str(error))
    if setting.started:
        await server.started(setting)
    answer = {"table": setting.id, "seat": 0, "token": token, "invite": setting.invite}
    return JSONResponse(answer)


def setting_of(request: Request) -> Setting | JSONResponse:
    table_id = request.path_params["table"]
    lobby = server_of(request).lobby
    setting = lobby.tables.get(table_id)
    if setting is None and table_id in lobby.set_aside:
        return refuse(SET_ASIDE, 503)
    if setting is None:
        return refuse("there is no such table on this server", 404)
    return setting


async def table_request(
    request: Request,
) -> tuple[Setting, dict[str, Any]] | JSONResponse:
    """The table a POST names and its body, or the refusal of the first that
    fails (the table is looked up before the body is read)."""
    setting = setting_of(request)
    if isinstance(setting, JSONResponse):
        return setting
    data = await read_body(request)
    if isinstance(data, JSONResponse):
        return data
    return setting, data


SET_ASIDE = (
    "this table was set aside: the server could not read it back (its log "
    "says why); the other tables play on"
)


async def show_table(request: Request) -> Response:
    setting = setting_of(request)
    if isinstance(setting, JSONResponse):
        if setting.status_code != 404:
            return setting
        refused = replay_budget(request)
        if refused is not None:
            return refused
        retired = await request.app.state.replays.get(request.path_params["table"])
        if retired is None:
            return setting
        return JSONResponse(retired[0])
    return JSONResponse(setting.listing() | {"retired": False})


RETIRED = {"retired": True, "record": "record"}
"""What the listing of a retired table adds: its game's record is at
``/api/tables/ID/record``."""


async def table_record(request: Request) -> Response:
    """A retired table's game: its :class:`~phase10.GameRecord` as JSON,
    every move included, to replay (a game still played has none: its
    record holds the seed, and with it every hand)."""
    refused = replay_budget(request)
    if refused is not None:
        return refused
    table_id = request.path_params["table"]
    live = table_id in server_of(request).lobby.tables
    retired = None if live else await request.app.state.replays.get(table_id)
    if retired is None or retired[1] is None:
        reason = "a table's record is read once its game is over or it is left"
        return refuse(reason, 404)
    return Response(retired[1], media_type="application/json")


async def join_table(request: Request) -> Response:
    asked = await table_request(request)
    if isinstance(asked, JSONResponse):
        return asked
    setting, data = asked
    try:
        seat, token = setting.join(data.get("name"), data.get("invite"))
    except Uninvited as error:
        return refuse(str(error), 403)
    except Refused as error:
        return refuse(str(error))
    await server_of(request).started(setting)
    return JSONResponse({"table": setting.id, "seat": seat, "token": token})


async def start_table(request: Request) -> Response:
    asked = await table_request(request)
    if isinstance(asked, JSONResponse):
        return asked
    setting, data = asked
    try:
        setting.start(data.get("token"))
    except Refused as error:
        return refuse(str(error), 403)
    await server_of(request).started(setting)
    return JSONResponse({"table": setting.id, "started": True})


async def free_seat(request: Request) -> Response:
    """The host frees a seat taken by mistake (before the game starts): the
    page playing it is told so and closed."""
    asked = await table_request(request)
    if isinstance(asked, JSONResponse):
        return asked
    setting, data = asked
    seat = data.get("seat")
    try:
        setting.free(data.get("token"), seat)
    except Uninvited as error:
        return refuse(str(error), 403)
    except Refused as error:
        return refuse(str(error))
    assert isinstance(seat, int)
    await server_of(request).room(setting).freed(seat)
    return JSONResponse({"table": setting.id, "freed": seat})


async def socket(websocket: WebSocket) -> None:
    """One page at one table, ``/ws/TABLE``: its first message says who it
    is (``{"type": "hello", "token": ...}``; no token to watch)."""
    await websocket.accept()
    server = server_of(websocket)

    async def refused(reason: str) -> None:
        await websocket.send_text(json.dumps({"type": "refused", "reason": reason}))
        await websocket.close(code=REFUSED)

    if not same_origin(websocket.headers):
        await refused("a table is played from this server's own pages")
        return
    table_id = websocket.path_params["table"]
    setting = server.lobby.tables.get(table_id)
    if setting is None:
        set_aside = table_id in server.lobby.set_aside
        await refused(
            SET_ASIDE if set_aside else "there is no such table on this server"
        )
        return
    try:
        hello = await asyncio.wait_for(websocket.receive(), HELLO_SECONDS)
    except TimeoutError:
        await refused("a page says hello first, with its seat's token")
        return
    data = _read_hello(hello.get("text"))
    if data is None:
        if hello["type"] != "websocket.disconnect":
            await refused('a page says hello first: {"type": "hello", "token": ...}')
        return
    token = data.get("token")
    seat = setting.seat_of(token) if token is not None else None
    if token is not None and seat is None:
        await refused("this is not the token of a seat at this table")
        return
    room = server.room(setting)
    state = websocket.app.state
    address = address_of(websocket)
    if seat is None:
        problem = _watching_refused(state, setting, len(room.watchers), data, address)
        if problem is not None:
            await refused(problem)
            return
    watching: Counter[str] = state.watching
    if seat is None:
        watching[address] += 1
    budget = state.budgets.for_socket(address)
    try:
        with contextlib.suppress(WebSocketDisconnect):
            async with room.page(
                seat,
                websocket,
                narrow=data.get("narrow") is True,
                patches=data.get("patches") is True,
            ):
                await _frames(room, seat, websocket, budget)
    finally:
        if seat is None:
            watching[address] -= 1
            if watching[address] <= 0:
                del watching[address]


def _watching_refused(
    state: Any, setting: Setting, watchers: int, hello: dict[str, Any], address: str
) -> str | None:
    """Why a watcher from ``address`` may not watch ``setting`` (which has
    ``watchers`` already), or ``None`` if it may."""
    if state.watchers == "invited" and (
        setting.public or not setting.invited(hello.get("invite"))
    ):
        return (
            "this server lets only the table's players and the people they "
            "invited watch: open the table's invite link"
        )
    if watchers >= state.watchers_per_table:
        return f"this table has as many watchers as it may ({state.watchers_per_table})"
    if state.watching[address] >= state.watchers_per_address:
        return (
            f"you are watching as many tables as one may "
            f"({state.watchers_per_address} pages): close one first"
        )
    return None


async def _frames(
    room: Room, seat: int | None, websocket: WebSocket, budget: SocketBudget
) -> None:
    """Read the frames of a page at ``room`` until it closes; a frame past
    its budget is ignored (the page is told, once a second), and a page
    that keeps sending past it is closed."""
    while True:
        frame = await websocket.receive()
        if frame["type"] == "websocket.disconnect":
            return
        text = frame.get("text")
        too_long = text is not None and len(text) > MAX_MESSAGE
        kind = "other" if text is None or too_long else kind_of(text)
        if not budget.take(kind):
            if not budget.strike():
                await _close_flooder(websocket, kind)
                return
            if budget.tell():
                reason = (
                    f"too many {kind!r} frames from this page: those past its "
                    "budget are ignored"
                )
                await room.send(websocket, {"type": "refused", "reason": reason})
            continue
        if text is None:  # a binary frame
            reason = "a move is sent as text (JSON), not as bytes"
            await room.send(websocket, {"type": "refused", "reason": reason})
        elif too_long:
            reason = f"a move is at most {MAX_MESSAGE} characters of JSON"
            await room.send(websocket, {"type": "refused", "reason": reason})
        else:
            await room.received(seat, websocket, text)


async def _close_flooder(websocket: WebSocket, kind: str) -> None:
    """Tell a page that keeps sending past its budget why, and close it."""
    reason = (
        f"this page sent far more {kind!r} frames than a page may, and went on "
        "after it was told: it is closed"
    )
    with contextlib.suppress(Exception):
        message = json.dumps({"type": "refused", "reason": reason})
        await asyncio.wait_for(websocket.send_text(message), 0.2)
    with contextlib.suppress(Exception):  # dropped at once (socket_protocol)
        await asyncio.wait_for(websocket.close(code=TOO_SLOW), 0.5)


def _read_hello(text: object) -> dict[str, Any] | None:
    if not isinstance(text, str) or len(text) > 1000:
        return None
    try:
        data = parse_json(text)
    except ValueError:
        return None
    if isinstance(data, dict) and data.get("type") == "hello":
        return data
    return None


def create_app(
    server: Server,
    *,
    allowed_hosts: Sequence[str] = ("*",),
    tables_per_client: int = 10,
    watchers: str = "anyone",
    watchers_per_table: int = WATCHERS_PER_TABLE,
    watchers_per_address: int = WATCHERS_PER_ADDRESS,
    budgets: Budgets | None = None,
) -> Starlette:
    """The web application: the pages, their files, the lobby and the sockets.

    ``allowed_hosts`` are the names the server answers to (a page at any
    other ``Host`` is refused, which stops DNS rebinding). ``watchers`` is
    who may watch a table: ``"anyone"`` with its address, or only people
    with its invite (``"invited"``; a public table has none: only its
    seats' pages). ``budgets`` are the frames a socket and an address may
    send (``limits.Budgets``)."""
    if watchers not in ("anyone", "invited"):
        raise ValueError(f"watchers is 'anyone' or 'invited', not {watchers!r}")
    static = HERE / "static"

    def page(request: Request) -> Response:
        return FileResponse(static / "index.html")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        limit_logs("uvicorn.error", "uvicorn.access")  # set up by now
        server.resume()  # the games read back from the store play on
        yield
        server.stop()

    routes = [
        Route("/", page),
        Route("/table/{table}", page),
        Route("/api/presets", presets),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table}", show_table),
        Route("/api/tables/{table}/record", table_record),
        Route("/api/tables/{table}/join", join_table, methods=["POST"]),
        Route("/api/tables/{table}/start", start_table, methods=["POST"]),
        Route("/api/tables/{table}/free", free_seat, methods=["POST"]),
        Route("/game_table.py", lambda request: FileResponse(HERE / "game_table.py")),
        WebSocketRoute("/ws/{table}", socket),
        Mount("/static", StaticFiles(directory=static)),
        Mount("/build", StaticFiles(directory=HERE / "build", check_dir=False)),
    ]
    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts))]
    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan)
    app.state.server = server
    app.state.allowance = Allowance(tables_per_client)
    app.state.replays = Replays(server.lobby)
    app.state.replay_budget = RequestBudget(*REPLAYS)
    app.state.budgets = budgets or Budgets()
    app.state.watchers = watchers
    app.state.watchers_per_table = watchers_per_table
    app.state.watchers_per_address = watchers_per_address
    app.state.watching = Counter()
    return app


STALLED_SECONDS = 5.0
"""How long a socket may leave what it is sent unread (its buffers full)
before the server drops it: a page that reads nothing holds no memory."""


def socket_protocol() -> Any:
    """uvicorn's WebSocket protocol, dropping a socket that reads nothing
    for :data:`STALLED_SECONDS`, waiting 2 s, not 10, for a closed socket's
    reply, and dropping a socket closed with ``room.TOO_SLOW`` (a flooder)
    at once rather than reading on what it sends while its close is
    answered (``"auto"`` where uvicorn has no such class: then none of
    this; it reads uvicorn's attributes, so a uvicorn that renames them
    falls back on its own behaviour only where they are missing)."""
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import (
            WebSocketsSansIOProtocol,
        )
    except ImportError:  # an older uvicorn
        return "auto"

    class Protocol(WebSocketsSansIOProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.close_timeout = 2.0
            self.stalled: asyncio.TimerHandle | None = None

        def pause_writing(self) -> None:
            super().pause_writing()
            if self.stalled is None:
                self.stalled = self.loop.call_later(
                    STALLED_SECONDS, self.transport.abort
                )

        def resume_writing(self) -> None:
            if self.stalled is not None:
                self.stalled.cancel()
                self.stalled = None
            super().resume_writing()

        async def send(self, message: Any) -> None:
            if (
                message["type"] == "websocket.close"
                and message.get("code") == TOO_SLOW
                and self.handshake_complete
                and not self.close_sent
                and not self.transport.is_closing()
            ):
                gone: Any = {"type": "websocket.disconnect", "code": TOO_SLOW}
                self.queue.put_nowait(gone)  # the app reads no more of it
                with contextlib.suppress(Exception):
                    self.conn.send_close(TOO_SLOW, "")
                    self.transport.write(b"".join(self.conn.data_to_send()))
                self.close_sent = True
                self.loop.call_later(0.2, self.transport.abort)  # read no more
                return
            await super().send(message)

        def connection_lost(self, exc: Exception | None) -> None:
            if self.stalled is not None:
                self.stalled.cancel()
                self.stalled = None
            super().connection_lost(exc)

    return Protocol


def lock(db: str) -> IO[bytes] | bool:
    """Hold an exclusive lock on the file ``db`` for as long as the
    returned handle lives: ``False`` if another process holds it (another
    server on the same file), ``True`` where there are no such locks."""
    try:
        import fcntl
    except ImportError:  # Windows
        return True
    handle = open(db, "ab")  # noqa: SIM115 - held until the process ends
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return False
    return handle


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--db",
        help="an SQLite file that keeps every table and move (made if missing); "
        "without it a restart loses every game",
    )
    parser.add_argument(
        "--people",
        type=int,
        help="make one table at start with this many seats for people (no host)",
    )
    parser.add_argument("--bots", type=int, default=0, help="its seats for bots")
    parser.add_argument(
        "--rules", default="official", choices=list(phase10.PRESETS), help="its rules"
    )
    parser.add_argument(
        "--seed",
        type=int,
        help="a test game only (with --test): deal the tables from this seed "
        "and the next numbers",
    )
    parser.add_argument(
        "--test", action="store_true", help="a test game: --seed is allowed"
    )
    parser.add_argument("--pace", type=float, default=0.8, help="seconds per bot move")
    parser.add_argument(
        "--hand-pause",
        type=float,
        default=30.0,
        help="the longest the scores of a hand stay up before the next deal "
        "(it comes sooner when everyone presses Next hand)",
    )
    parser.add_argument(
        "--turn-seconds",
        type=float,
        default=60.0,
        help="seconds a person has for a turn before a bot plays it",
    )
    parser.add_argument(
        "--most-tables",
        type=int,
        default=500,
        help="tables played at once at most (games over do not count); "
        "when full, making a table is refused until one ends or is left",
    )
    parser.add_argument(
        "--left-after",
        type=float,
        default=3600.0,
        help="seconds with no page at a table after which it is left: "
        "retired from the live set, kept in --db to be replayed",
    )
    parser.add_argument(
        "--tables-per-client",
        type=int,
        default=10,
        help="tables one address may make in 10 minutes",
    )
    parser.add_argument(
        "--watchers",
        choices=["anyone", "invited"],
        default="anyone",
        help="who may watch a table: anyone with its address, or only "
        "people with its invite link (a public table has none: then only "
        "its players' pages)",
    )
    parser.add_argument(
        "--watchers-per-table",
        type=int,
        default=WATCHERS_PER_TABLE,
        help="watchers one table may have at once",
    )
    parser.add_argument(
        "--watchers-per-address",
        type=int,
        default=WATCHERS_PER_ADDRESS,
        help="watching pages one address may have open at once",
    )
    parser.add_argument(
        "--frames-per-socket",
        type=float,
        default=1.0,
        help="the frames one page may send, in times the default budgets: "
        "raise it only for clients that play faster than people (a load test)",
    )
    parser.add_argument(
        "--frames-per-address",
        type=float,
        default=ADDRESS_TIMES,
        help="the frames one address may send, in pages' budgets (its "
        "sockets share them): raise it for many players behind one address",
    )
    parser.add_argument(
        "--proxy-headers",
        action="store_true",
        help="behind a reverse proxy: take the client's address from the "
        "X-Forwarded-For header of requests from --trusted-proxy (without it "
        "the header is ignored: any client could send one)",
    )
    parser.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        help="with --proxy-headers, an address of the proxy (repeat it); "
        "127.0.0.1 if none is given",
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        help="a name people reach the server by (repeat it): needed with "
        "--host 0.0.0.0, e.g. --allowed-host 192.168.1.20",
    )
    return parser


def main(argv: list[str] | None = None) -> None:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.seed is not None and not args.test:
        parser.error(
            f"--seed {args.seed}: a typed seed is for test games only (add "
            "--test). Whoever knows or guesses it knows every hand (one of 64 "
            "bits was found from a first hand in 11 guesses); without --seed "
            "each table is dealt from 128 secret bits of the system."
        )
    if args.trusted_proxy and not args.proxy_headers:
        parser.error("--trusted-proxy is for --proxy-headers")
    for option in ("frames_per_socket", "frames_per_address"):
        if not getattr(args, option) > 0:  # not NaN either
            flag = "--" + option.replace("_", "-")
            parser.error(f"{flag} is a number of budgets above 0")
    held = None if args.db is None else lock(args.db)
    if held is False:
        sys.exit(
            f"another server is using {args.db}: stop it first, or give this "
            "one another --db (two servers on one file would both deal its tables)"
        )
    try:
        store: Store = MemoryStore() if args.db is None else SQLiteStore(args.db)
        lobby = Lobby(store, seed_for_tests=args.seed, most_tables=args.most_tables)
    except sqlite3.DatabaseError as error:
        sys.exit(
            f"{args.db} cannot be read as this server's games ({error}): it is "
            "damaged or another kind of file. Restore it from a copy, or start "
            "with another --db."
        )
    if args.people is not None:
        try:
            setting, _ = lobby.create(
                None, people=args.people, bots=args.bots, rules=args.rules, host=False
            )
            made_at_start = f"/table/{setting.id}#invite={setting.invite}"
        except Refused as error:
            parser.error(str(error))
    server = Server(
        lobby,
        pace=args.pace,
        hand_pause=args.hand_pause,
        turn_seconds=args.turn_seconds,
        left_after=args.left_after,
    )
    hosts = args.allowed_host or ["127.0.0.1", "localhost", "[::1]", args.host]
    address = f"http://{args.host}:{args.port}"
    print(f"Open {address}/ in a browser to make a table or join one.")
    if args.people is not None:
        print(f"The table made at start (its invite link): {address}{made_at_start}")
    if args.db is None:
        print("Without --db the games live in memory: a restart loses them.")
    if args.host in ("0.0.0.0", "::") and not args.allowed_host:
        print("Add --allowed-host with the name or address people will use.")
    for saved in lobby.tables.values():
        if args.db is not None and saved.started:
            print(f"Resumed table {saved.id}: {', '.join(saved.names)}")
    app = create_app(
        server,
        allowed_hosts=hosts,
        tables_per_client=args.tables_per_client,
        watchers=args.watchers,
        watchers_per_table=args.watchers_per_table,
        watchers_per_address=args.watchers_per_address,
        budgets=Budgets(
            socket_times=args.frames_per_socket,
            address_times=args.frames_per_address,
        ),
    )
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        ws=socket_protocol(),
        ws_max_size=TRANSPORT_LIMIT,
        # uvicorn believes X-Forwarded-For from 127.0.0.1 unless told not
        # to: any local client could then pass for any address.
        proxy_headers=args.proxy_headers,
        forwarded_allow_ips=args.trusted_proxy or ["127.0.0.1"],
        timeout_graceful_shutdown=SHUTDOWN_SECONDS,
    )


if __name__ == "__main__":
    main()
