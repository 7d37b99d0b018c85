"""The web example's server under load: many tables played at once over real
WebSockets against one server process.

    python -m pip install -e '.[web]'
    python benchmarks/web_load.py [--tables 10,100] [--people 2] [--bots 1]
                                  [--seconds 20] [--repeat 3] [--against REV]
                                  [--hostile]

One server process is started as people start it
(``examples/web/server.py``, with ``--db`` on a fresh SQLite file, so every
move is written to disk before anyone hears of it) with ``--pace 0``: the
bots move as soon as it is their turn. The benchmark makes ``--tables``
tables through the lobby's HTTP API (the first person makes each table,
the others join it with its invite) and opens one WebSocket per person
seat, as a page would: it says hello with the seat's token and the page's
``Origin``, asks to be sent what changed (``"patches": true``, which an
older server ignores) and puts each update together as the page does.
Each scripted page plays as soon as it is its turn: a lay or a hit when
one is listed, else a move picked at random among the legal ones (seeded);
it presses "Next hand" when a hand is over. A table whose game ends is
replaced by a new one, so that ``--tables`` games are always being played.

After a warm-up it measures for ``--seconds``, ``--repeat`` times for each
number of tables in ``--tables`` (``10,100`` runs both), and prints the
median of the runs:

- **moves per second**, every move of every table (people's and bots');
- the **50th and 99th percentile time from a move sent to every page of
  its table updated**, the move included: the page that sent it and every
  other person's page have received an update whose move count
  (``moves``) shows it;
- the server's **memory per table**: its resident set size at the end,
  less its size before any table is made, divided by the number of tables
  made.

With ``--against REV`` the server of that git revision (its
``examples/web``, with this checkout's library) runs too, alternating with
this checkout's run by run (ABBA...), so that both see the same noisy
machine. It first prints how many synchronous SQLite commits a second the
disk makes (WAL, ``synchronous=FULL``, one row a transaction, median of
three 2-second runs): a server that commits each move on its own can make
no more moves a second than that.

With ``--hostile`` each run is made twice, alternated (ABBA...): once
as above, and once with a flooder beside the honest tables, in a process
of its own, at the server's limits from an address of its own (the server
is started with ``--proxy-headers``; every page says which address it is
with ``X-Forwarded-For``, one address a table, so that the per-address
budgets apply as they would to clients on the internet). The flooder
sends ``back`` and ``ready`` frames at its own table as fast as it can,
reading nothing, and opens a new socket each time one is closed; opens
watchers at its table past the limits; and asks for a table's listing
and record as fast as it is answered (``/api/tables/ID`` of a table
that is not live, which the server looks for among the retired ones). A
prober asks ``/api/presets`` four times a second throughout. It prints,
for each run, the honest tables' figures, the prober's slowest answer and
how many it did not get within 5 s, and what the flooder met: frames
sent, sockets closed on it, watchers refused, replays answered and
refused (429).

The scripted pages run in this process, beside the server on the same
machine, so the figures are what one machine does for both, a floor for
the server alone. The figures measured are in the docs ("Building a front
end", *Under load*).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
import multiprocessing
import os
import random
import socket
import sqlite3
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

ROOT = Path(__file__).resolve().parent.parent
SERVER = ROOT / "examples" / "web" / "server.py"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def rss_kib(pid: int) -> int:
    """The resident set size of process ``pid``, in KiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc: the memory figure needs Linux")


class Server:
    """The web example's server in its own process, on a fresh database:
    this checkout's, or the one in ``web`` (an older commit's, see
    ``--against``)."""

    def __init__(
        self,
        database: Path,
        web: Path = SERVER.parent,
        hostile: bool = False,
        frames_per_socket: float = 10.0,  # HONEST_BUDGET
    ) -> None:
        self.port = free_port()
        self.origin = f"http://127.0.0.1:{self.port}"
        command = [
            sys.executable,
            str(web / "server.py"),
            "--db",
            str(database),
            "--port",
            str(self.port),
            "--pace",
            "0",
            "--turn-seconds",
            "3600",
            "--hand-pause",
            "3600",
        ]
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        options = subprocess.run(
            [*command[:2], "--help"], env=env, capture_output=True, text=True
        ).stdout
        if "--tables-per-client" in options:  # one client makes every table here
            command += ["--tables-per-client", "1000000", "--most-tables", "100000"]
        if "--frames-per-socket" in options:  # the pages play faster than people
            command += ["--frames-per-socket", str(frames_per_socket)]
        if hostile:  # each client's address from X-Forwarded-For, as behind a proxy
            command += ["--proxy-headers", "--trusted-proxy", "127.0.0.1"]
        elif "--frames-per-address" in options:  # one address for every page
            command += ["--frames-per-address", "1000000"]
        self.process = subprocess.Popen(
            command,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            cwd=ROOT,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                self.get("/api/presets")
                return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    error = self.process.stderr.read() if self.process.stderr else b""
                    raise RuntimeError(f"the server did not start: {error!r}") from None
                time.sleep(0.1)

    def get(self, path: str, address: str = "10.0.0.1") -> Any:
        request = urllib.request.Request(
            self.origin + path, headers={"X-Forwarded-For": address}
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.load(answer)

    def post(self, path: str, body: dict[str, Any], address: str = "10.0.0.1") -> Any:
        request = urllib.request.Request(
            self.origin + path,
            data=json.dumps(body).encode(),
            headers={
                "Content-Type": "application/json",
                "Origin": self.origin,
                "X-Forwarded-For": address,
            },
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.load(answer)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@dataclass
class Table:
    """One table's pages: the move each sent and when, and who has seen it."""

    id: str
    tokens: dict[int, str]
    address: str = "10.0.0.1"
    """The address its pages say they are (X-Forwarded-For)."""
    seen: dict[int, int] = field(default_factory=dict)
    """Each page's latest move count."""
    pending: list[tuple[int, float]] = field(default_factory=list)
    """Moves sent and not yet seen by every page: (count after it, when sent)."""
    acted: dict[int, tuple[int, str]] = field(default_factory=dict)
    """The move count and step each page last played or pressed "Next hand"
    at: an update that changes only the room (a clock, who is away) is not
    a second turn."""


@dataclass
class Figures:
    moves: int = 0
    latencies: list[float] = field(default_factory=list)
    measuring: bool = False
    refused: int = 0
    """Refusals the honest pages were sent, measured or not (none expected:
    a refused move is not sent again, and its table stops)."""


async def page(
    server: Server,
    table: Table,
    seat: int,
    figures: Figures,
    rng: random.Random,
    stop: asyncio.Event,
) -> None:
    """One person's page: say hello, then play whenever it is this seat's turn."""
    url = f"ws://127.0.0.1:{server.port}/ws/{table.id}"
    async with connect(
        url,
        origin=server.origin,  # type: ignore[arg-type]
        max_size=2**22,
        additional_headers={"X-Forwarded-For": table.address},
    ) as websocket:
        hello = {"type": "hello", "token": table.tokens[seat], "narrow": False}
        await websocket.send(json.dumps(hello | {"patches": True}))
        last: dict[str, Any] = {}
        parts: list[str] = []
        while not stop.is_set():
            try:
                text = await asyncio.wait_for(websocket.recv(), 0.5)
            except TimeoutError:
                continue
            message = json.loads(text)
            if "picture_parts" in message:  # what changed, as the page reads it
                parts = [
                    parts[part] if isinstance(part, int) else part
                    for part in message["picture_parts"]
                ]
                base = last if message["type"] == "patch" else {}
                message = base | message | {"type": "update"}
                message["picture"] = "".join(parts)
                last = message
            if message.get("type") == "refused":
                figures.refused += 1
            if message.get("type") != "update":
                continue
            if await received(websocket, table, seat, message, figures, rng):
                return


async def tables_in_turn(
    server: Server,
    args: argparse.Namespace,
    figures: Figures,
    rng: random.Random,
    stop: asyncio.Event,
    made: list[Table],
) -> None:
    """One table after another: a new one as soon as a game ends."""
    while not stop.is_set():
        table = await asyncio.to_thread(make_table, server, args, len(made))
        made.append(table)
        await asyncio.gather(
            *(
                page(server, table, seat, figures, random.Random(rng.random()), stop)
                for seat in table.tokens
            )
        )


async def received(
    websocket: ClientConnection,
    table: Table,
    seat: int,
    message: dict[str, Any],
    figures: Figures,
    rng: random.Random,
) -> bool:
    """Play on ``message`` if it is this seat's turn; whether the game is over."""
    now = time.perf_counter()
    count: int = message["moves"]
    before = table.seen.get(seat, count)
    table.seen[seat] = count
    if seat == min(table.tokens) and figures.measuring:
        figures.moves += count - before  # one page counts the table's moves
    everyone = min(table.seen.get(s, -1) for s in table.tokens)
    while table.pending and table.pending[0][0] <= everyone:
        _, sent = table.pending.pop(0)
        if figures.measuring:
            figures.latencies.append(now - sent)
    view = message["view"]
    if view["step"] == "game over":
        return True
    if table.acted.get(seat) == (count, view["step"]):
        return False
    if view["step"] == "hand over":
        table.acted[seat] = (count, view["step"])
        await websocket.send('{"type": "ready"}')
        return False
    if not message["legal"] or view.get("current") != seat:
        return False
    table.acted[seat] = (count, view["step"])
    legal: list[dict[str, Any]] = message["legal"]
    building = [move for move in legal if move["type"] in ("lay_phase", "hit")]
    move = building[0] if building else rng.choice(legal)
    table.pending.append((count + 1, time.perf_counter()))
    await websocket.send(json.dumps(move))
    return False


def make_table(server: Server, args: argparse.Namespace, number: int) -> Table:
    """A table made by its first person and joined by the others."""
    address = f"10.1.{number // 250}.{number % 250 + 1}"
    answer = server.post(
        "/api/tables",
        {
            "name": f"Ann{number}",
            "people": args.people,
            "bots": args.bots,
            "rules": "official",
            "public": False,
        },
        address,
    )
    tokens = {0: answer["token"]}
    for person in range(1, args.people):
        joined = server.post(
            f"/api/tables/{answer['table']}/join",
            {"name": f"P{number}x{person}", "invite": answer.get("invite")},
            address,
        )
        tokens[joined["seat"]] = joined["token"]
    return Table(answer["table"], tokens, address)


async def run(
    args: argparse.Namespace, server: Server, tables: int, flood: bool = False
) -> dict[str, float]:
    before = rss_kib(server.process.pid)
    figures = Figures()
    stop = asyncio.Event()
    rng = random.Random(args.seed)
    made: list[Table] = []
    flooder = None
    if flood:  # in a process of its own, so that it takes no time from the pages
        context = multiprocessing.get_context("spawn")
        flooded: Any = context.Queue()
        flooder = context.Process(
            target=flood_server,
            args=(server.port, args.warm_up + args.seconds + 1, flooded, args.flood),
        )
        flooder.start()
    tasks = [
        asyncio.create_task(tables_in_turn(server, args, figures, rng, stop, made))
        for _ in range(tables)
    ]
    await asyncio.sleep(args.warm_up)
    figures.measuring = True
    started = time.perf_counter()
    probed = asyncio.create_task(probe(server, args.seconds))
    await asyncio.sleep(args.seconds)
    figures.measuring = False
    elapsed = time.perf_counter() - started
    after = rss_kib(server.process.pid)
    answers = await probed
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    latencies = sorted(figures.latencies)
    if not latencies:
        raise RuntimeError("no move was seen by every page: is the server playing?")
    result = {
        "moves_per_second": figures.moves / elapsed,
        "p50_ms": 1000 * latencies[len(latencies) // 2],
        "p99_ms": 1000 * latencies[min(len(latencies) - 1, len(latencies) * 99 // 100)],
        "kib_per_table": (after - before) / len(made),
        "tables_made": len(made),
        "measured": len(latencies),
        "http_max_ms": 1000 * max(answers, default=0.0),
        "http_missed": float(sum(answer >= PROBE_TIMEOUT for answer in answers)),
        "refused": float(figures.refused),
    }
    if flooder is not None:
        met: dict[str, float] = await asyncio.to_thread(flooded.get, True, 60)
        flooder.join(10)
        result |= met
    return result


PROBE_TIMEOUT = 5.0
"""The prober's wait for an answer: one not answered by then is missed."""


async def probe(server: Server, seconds: float) -> list[float]:
    """Ask ``/api/presets`` four times a second for ``seconds``, from an
    address of its own: the seconds each answer took (``PROBE_TIMEOUT`` for
    one not answered in time)."""
    took: list[float] = []
    ends = time.perf_counter() + seconds

    def ask() -> None:
        request = urllib.request.Request(
            server.origin + "/api/presets", headers={"X-Forwarded-For": "10.2.0.1"}
        )
        with urllib.request.urlopen(request, timeout=PROBE_TIMEOUT) as answer:
            answer.read()

    while time.perf_counter() < ends:
        sent = time.perf_counter()
        try:
            await asyncio.to_thread(ask)
            took.append(min(PROBE_TIMEOUT, time.perf_counter() - sent))
        except OSError:
            took.append(PROBE_TIMEOUT)
        await asyncio.sleep(max(0.0, 0.25 - (time.perf_counter() - sent)))
    return took


HONEST_BUDGET = 10.0
"""The server's ``--frames-per-socket`` here: a scripted page plays as
soon as it is its turn, tens of moves and a few "Next hand" a second, far
past a person's budget (10 moves a second, 1 "Next hand"). The flooder
meets the same budgets."""

FLOODER = "10.9.9.9"
"""The flooder's address (X-Forwarded-For)."""


FLOODS = ("frames", "watchers", "replays")
"""What the flooder floods the server with (``--flood``)."""


def flood_server(port: int, seconds: float, results: Any, floods: str) -> None:
    """The flooder (``--hostile``), in its own process: what it met, put
    on ``results``."""
    results.put(asyncio.run(flooding(port, seconds, floods.split(","))))


async def flooding(
    port: int, seconds: float, floods: list[str] | None = None
) -> dict[str, float]:
    """For ``seconds``: ``back`` and ``ready`` frames as fast as they go at
    a table of the flooder's own, reading nothing, a new socket each time
    one is closed; watchers past the limits; replays as fast as they are
    answered. What it met: frames sent, sockets closed on it, watchers
    opened and refused, replays answered and refused."""
    origin = f"http://127.0.0.1:{port}"
    url = f"ws://127.0.0.1:{port}/ws/"
    headers = {"X-Forwarded-For": FLOODER}
    met = dict.fromkeys(
        ("frames", "closed", "watchers", "watchers_refused", "replays", "replays_429"),
        0.0,
    )

    def get(path: str) -> int:
        request = urllib.request.Request(origin + path, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                answer.read()
                return int(answer.status)
        except urllib.error.HTTPError as error:
            return error.code

    body = {"name": "Flood", "people": 1, "bots": 1, "rules": "official"}
    request = urllib.request.Request(
        origin + "/api/tables",
        data=json.dumps(body).encode(),
        headers=headers | {"Content-Type": "application/json", "Origin": origin},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        made: dict[str, Any] = json.load(answer)
    ends = time.monotonic() + seconds
    frames = [json.dumps({"type": "back"}), json.dumps({"type": "ready"})]

    async def frames_flood() -> None:
        while time.monotonic() < ends:
            try:
                async with connect(
                    url + made["table"],
                    origin=origin,  # type: ignore[arg-type]
                    additional_headers=headers,
                    max_queue=1,  # it reads nothing
                ) as websocket:
                    hello = {"type": "hello", "token": made["token"]}
                    await websocket.send(json.dumps(hello))
                    while time.monotonic() < ends:
                        for frame in frames:
                            await websocket.send(frame)
                        met["frames"] += len(frames)
                        if met["frames"] % 64 == 0:
                            await asyncio.sleep(0)
            except (ConnectionClosed, InvalidStatus, OSError, TimeoutError):
                met["closed"] += 1

    async def watchers_flood() -> None:
        kept: list[ClientConnection] = []
        while time.monotonic() < ends:
            try:
                websocket = await connect(
                    url + made["table"],
                    origin=origin,  # type: ignore[arg-type]
                    additional_headers=headers,
                    max_queue=1,
                )
                await websocket.send('{"type": "hello"}')
                first = json.loads(await asyncio.wait_for(websocket.recv(), 10))
                if first.get("type") == "refused":
                    met["watchers_refused"] += 1
                    await websocket.close()
                else:
                    met["watchers"] += 1
                    kept.append(websocket)
            except (ConnectionClosed, InvalidStatus, OSError, TimeoutError):
                met["watchers_refused"] += 1
            await asyncio.sleep(0.05)
        for websocket in kept:
            with contextlib.suppress(Exception):
                await websocket.close()

    async def replays_flood() -> None:
        number = 0
        while time.monotonic() < ends:
            number += 1
            path = f"/api/tables/gone{number}" if number % 2 else "/api/tables/x/record"
            status = await asyncio.to_thread(get, path)
            met["replays_429" if status == 429 else "replays"] += 1

    tasks = [
        asyncio.create_task(flood())
        for name, flood in zip(
            FLOODS, (frames_flood, watchers_flood, replays_flood), strict=True
        )
        if floods is None or name in floods
    ]
    _, late = await asyncio.wait(tasks, timeout=seconds + 1)
    for task in late:  # a send held up by a server that reads no more
        task.cancel()
    await asyncio.gather(*late, return_exceptions=True)
    return met


def disk_commits_per_second(folder: Path, seconds: float = 2.0) -> float:
    """How many synchronous SQLite commits a second the disk under
    ``folder`` makes, as the server's store makes them (WAL mode,
    ``synchronous=FULL``, one small row a transaction)."""
    with contextlib.closing(sqlite3.connect(folder / "commits.sqlite")) as db:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("CREATE TABLE IF NOT EXISTS t (n INTEGER)")
        commits, started = 0, time.perf_counter()
        while time.perf_counter() - started < seconds:
            with db:
                db.execute("INSERT INTO t VALUES (?)", (commits,))
            commits += 1
        return commits / (time.perf_counter() - started)


def checkout(revision: str, folder: Path) -> Path:
    """``examples/web`` of ``revision``, written under ``folder``."""
    archive = subprocess.run(
        ["git", "archive", revision, "examples/web"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder / "examples" / "web"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--tables", default="40", help="tables at once; a list runs each: 10,100"
    )
    parser.add_argument("--people", type=int, default=2)
    parser.add_argument("--bots", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warm-up", type=float, default=3.0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1, help="the pages' own choices")
    parser.add_argument(
        "--against",
        metavar="REVISION",
        help="also run the server of this git revision, alternating with this "
        "checkout's in the same run (e.g. the commit before a change)",
    )
    parser.add_argument(
        "--hostile",
        action="store_true",
        help="run each run twice, alternated: as it is, and with a flooder at "
        "the server's limits beside the honest tables",
    )
    parser.add_argument(
        "--flood",
        default=",".join(FLOODS),
        help="with --hostile, what the flooder sends (a list of: "
        + ", ".join(FLOODS)
        + ")",
    )
    parser.add_argument(
        "--frames-per-socket",
        type=float,
        default=HONEST_BUDGET,
        help="the server's option of that name: the scripted pages play "
        "much faster than people (default %(default)s)",
    )
    args = parser.parse_args(argv)
    if not set(args.flood.split(",")) <= set(FLOODS):
        parser.error(f"--flood is a list of {', '.join(FLOODS)}")
    if args.hostile and args.against:
        parser.error("--hostile runs this checkout only: it has no --against")
    sizes = [int(size) for size in str(args.tables).split(",")]
    with tempfile.TemporaryDirectory() as scratch:
        servers: dict[str, tuple[Path, bool]] = {
            "this checkout": (SERVER.parent, False)
        }
        if args.hostile:
            servers = {
                "no flood": (SERVER.parent, False),
                "flood": (SERVER.parent, True),
            }
        if args.against:
            servers[args.against] = (checkout(args.against, Path(scratch)), False)
        disk = statistics.median(
            disk_commits_per_second(Path(scratch)) for _ in range(3)
        )
        print(
            f"{','.join(map(str, sizes))} tables of {args.people} people and "
            f"{args.bots} bots, {args.seconds:g} s measured after {args.warm_up:g} s, "
            f"{args.repeat} runs of each server alternated (a new server and "
            f"database each), Python {sys.version.split()[0]}, {os.cpu_count()} "
            f"cores; this disk makes {disk:.0f} synchronous SQLite commits a "
            "second (median of 3)"
        )
        runs: dict[tuple[int, str], list[dict[str, float]]] = {}
        for size in sizes:
            for number in range(args.repeat):
                order = list(servers.items())
                if number % 2:
                    order.reverse()  # alternated: neither always runs first
                for label, (web, flood) in order:
                    figures = one_run(args, web, size, flood)
                    runs.setdefault((size, label), []).append(figures)
                    print(f"{size} tables, {label}, run {number + 1}: {said(figures)}")
    print("medians:")
    for (size, label), measured in runs.items():
        median = {
            key: statistics.median(run[key] for run in measured) for key in measured[0]
        }
        print(f"  {size} tables, {label}: {said(median)}")


def one_run(
    args: argparse.Namespace, web: Path, tables: int, flood: bool = False
) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        server = Server(
            Path(folder) / "games.sqlite",
            web,
            hostile=args.hostile,
            frames_per_socket=args.frames_per_socket,
        )
        try:
            return asyncio.run(run(args, server, tables, flood))
        finally:
            server.stop()


def said(figures: dict[str, float]) -> str:
    return (
        f"{figures['moves_per_second']:.0f} moves/s, a move sent to every page "
        f"updated: p50 {figures['p50_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms; "
        f"{figures['kib_per_table']:.0f} KiB a table ({figures['measured']:.0f} "
        f"moves timed, {figures['tables_made']:.0f} tables made); HTTP answered "
        f"within {figures['http_max_ms']:.0f} ms, {figures['http_missed']:.0f} "
        f"missed; {figures.get('refused', 0):.0f} refusals to honest pages"
    ) + (
        f"; the flooder sent {figures['frames']:.0f} frames, was closed "
        f"{figures['closed']:.0f} times, had {figures['watchers']:.0f} watchers "
        f"let in and {figures['watchers_refused']:.0f} refused, "
        f"{figures['replays']:.0f} replays answered and "
        f"{figures['replays_429']:.0f} refused (429)"
        if "frames" in figures
        else ""
    )


if __name__ == "__main__":
    main()
