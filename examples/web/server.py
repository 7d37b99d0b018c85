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
from collections import deque
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import IO, Any

import uvicorn
from lobby import Full, Lobby, Refused, Setting, TooNested, Uninvited, parse_json
from room import Server
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
    wait = request.app.state.allowance.take(
        request.client.host if request.client else "?"
    )
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
        saved = server_of(request).lobby.replay(request.path_params["table"])
        if saved is None:
            return setting
        return JSONResponse(
            Setting.from_saved(saved, MemoryStore()).listing() | RETIRED
        )
    return JSONResponse(setting.listing() | {"retired": False})


RETIRED = {"retired": True, "record": "record"}
"""What the listing of a retired table adds: its game's record is at
``/api/tables/ID/record``."""


async def table_record(request: Request) -> Response:
    """A retired table's game: its :class:`~phase10.GameRecord` as JSON,
    every move included, to replay (a game still played has none: its
    record holds the seed, and with it every hand)."""
    saved = server_of(request).lobby.replay(request.path_params["table"])
    if saved is None or saved.record is None:
        reason = "a table's record is read once its game is over or it is left"
        return refuse(reason, 404)
    moves = [phase10.from_json(move, phase10.Action) for move in saved.moves]
    record = phase10.GameRecord.from_json(saved.record).then(*moves)
    return Response(record.to_json(), media_type="application/json")


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
    with contextlib.suppress(WebSocketDisconnect):
        async with room.page(
            seat,
            websocket,
            narrow=data.get("narrow") is True,
            patches=data.get("patches") is True,
        ):
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                if text is None:  # a binary frame
                    reason = "a move is sent as text (JSON), not as bytes"
                    await room.send(websocket, {"type": "refused", "reason": reason})
                elif len(text) > MAX_MESSAGE:
                    reason = f"a move is at most {MAX_MESSAGE} characters of JSON"
                    await room.send(websocket, {"type": "refused", "reason": reason})
                else:
                    await room.received(seat, websocket, text)


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
) -> Starlette:
    """The web application: the pages, their files, the lobby and the sockets.

    ``allowed_hosts`` are the names the server answers to (a page at any
    other ``Host`` is refused, which stops DNS rebinding)."""
    static = HERE / "static"

    def page(request: Request) -> Response:
        return FileResponse(static / "index.html")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
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
    return app


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
    uvicorn.run(
        create_app(
            server, allowed_hosts=hosts, tables_per_client=args.tables_per_client
        ),
        host=args.host,
        port=args.port,
        ws_max_size=TRANSPORT_LIMIT,
    )


if __name__ == "__main__":
    main()
