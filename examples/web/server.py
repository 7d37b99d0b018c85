"""Phase 10 in the browser: people and bots at one table, over a WebSocket.

    python -m pip install -e '.[web]'
    python examples/web/server.py --people 2 --bots 1   # then open the address shown

Each person opens the page, picks a free seat and plays by clicking cards.
Starlette serves the page and a WebSocket per seat; uvicorn runs it. The
game itself is ``game_table.Table``: only a seat's view, its pictures, its
legal moves and the events as that seat is told them are sent; a move
comes back as JSON, is checked by the library and is either made (and
every seat is sent its new view) or refused with the library's reason.

The same page without a server, the engine running in the browser under
Pyodide, is ``static/offline.html`` (see ``setup_offline.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import uvicorn
from game_table import Table
from starlette.applications import Starlette
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

HERE = Path(__file__).resolve().parent
NAMES = ("Ann", "Bob", "Cleo", "Dev", "Eli", "Fay")
MAX_MESSAGE = 64 * 1024
"""The largest message a page may send; a move is a few hundred bytes."""


class Room:
    """The table and the pages connected to it, one per seat at most."""

    def __init__(self, table: Table, *, pace: float, hand_pause: float) -> None:
        self.table, self.pace, self.hand_pause = table, pace, hand_pause
        self.pages: dict[int, WebSocket] = {}
        self.runner: asyncio.Task[None] | None = None

    async def send(self, seat: int, message: dict[str, Any]) -> None:
        page = self.pages.get(seat)
        if page is not None:
            try:
                await page.send_text(json.dumps(message))
            except (RuntimeError, OSError):  # the page has just gone
                self.pages.pop(seat, None)

    async def send_updates(self) -> None:
        for seat in list(self.pages):
            await self.send(seat, self.table.update(seat))

    def play_on(self) -> None:
        """Let the bots (and the dealer) move until it is a person's turn."""
        if self.runner is None or self.runner.done():
            self.runner = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while self.table.automatic():
            hand_over = self.table.state.step.name == "HAND_OVER"
            await asyncio.sleep(self.hand_pause if hand_over else self.pace)
            self.table.play_automatic()
            await self.send_updates()


async def play(websocket: WebSocket) -> None:
    """One page playing one seat: ``/ws?seat=0``."""
    room: Room = websocket.app.state.room
    await websocket.accept()
    text = websocket.query_params.get("seat", "")
    # ASCII digits only: str.isdigit() also takes "²", which int() refuses.
    seat = int(text) if text.isascii() and text.isdigit() and len(text) < 3 else -1
    problem = room.table.seat_problem(seat) if text else "choose a seat: /ws?seat=0"
    if problem is None and seat in room.pages:
        problem = f"seat {seat} is taken: someone is playing it already"
    if problem is not None:
        await websocket.send_text(json.dumps({"type": "refused", "reason": problem}))
        await websocket.close(code=4000)
        return
    room.pages[seat] = websocket
    try:
        await room.send(seat, room.table.update(seat))
        room.play_on()
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            message = frame.get("text")
            if message is None:  # a binary frame
                refusal: str | None = "a move is sent as text (JSON), not as bytes"
            elif len(message) > MAX_MESSAGE:
                refusal = f"a move is at most {MAX_MESSAGE} characters of JSON"
            else:
                refusal = room.table.move(seat, message)
            if refusal is not None:
                await room.send(seat, {"type": "refused", "reason": refusal})
                continue
            await room.send_updates()
            room.play_on()
    except WebSocketDisconnect:
        pass
    finally:
        if room.pages.get(seat) is websocket:
            del room.pages[seat]


async def seats(request: Any) -> Response:
    """The seats and who may take them, for the page's seat picker."""
    room: Room = request.app.state.room
    table = room.table
    listing = [
        {"seat": s, "name": name, "person": s in table.people, "taken": s in room.pages}
        for s, name in enumerate(table.names)
    ]
    return Response(json.dumps(listing), media_type="application/json")


def create_app(room: Room) -> Starlette:
    """The web application for ``room``: the page, its files and the socket."""
    static = HERE / "static"
    routes = [
        Route("/", lambda request: FileResponse(static / "index.html")),
        Route("/seats", seats),
        Route("/game_table.py", lambda request: FileResponse(HERE / "game_table.py")),
        WebSocketRoute("/ws", play),
        Mount("/static", StaticFiles(directory=static)),
        Mount("/build", StaticFiles(directory=HERE / "build", check_dir=False)),
    ]
    app = Starlette(routes=routes)
    app.state.room = room
    return app


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--people", type=int, default=1, help="seats for people")
    parser.add_argument("--bots", type=int, default=2, help="seats for bots")
    parser.add_argument(
        "--seed",
        type=int,
        help="the game's seed, for tests only: whoever knows or guesses it knows "
        "every hand",
    )
    parser.add_argument("--pace", type=float, default=0.8, help="seconds per bot move")
    parser.add_argument(
        "--hand-pause",
        type=float,
        default=12.0,
        help="seconds the scores of a finished hand stay up before the next deal",
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    count = args.people + args.bots
    names = [NAMES[i] if i < len(NAMES) else f"Player {i + 1}" for i in range(count)]
    table = Table(names, people=range(args.people), seed=args.seed)
    room = Room(table, pace=args.pace, hand_pause=args.hand_pause)
    if args.seed is not None:
        print(
            f"Warning: with --seed {args.seed} the deals follow from the seed, and a "
            "player can work out a small seed from their first hand in seconds, "
            "and with it every hand. Leave --seed out when people play.",
            file=sys.stderr,
        )
    print(f"Open http://{args.host}:{args.port}/ in a browser for each person.")
    uvicorn.run(
        create_app(room), host=args.host, port=args.port, ws_max_size=MAX_MESSAGE
    )


if __name__ == "__main__":
    main()
