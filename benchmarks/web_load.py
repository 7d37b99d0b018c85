"""The web example's server under load: many tables played at once over real
WebSockets against one server process.

    python -m pip install -e '.[web]'
    python benchmarks/web_load.py [--tables 10,100] [--people 2] [--bots 1]
                                  [--seconds 20] [--repeat 3] [--against REV]

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
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

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

    def __init__(self, database: Path, web: Path = SERVER.parent) -> None:
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

    def get(self, path: str) -> Any:
        request = urllib.request.Request(self.origin + path)
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.load(answer)

    def post(self, path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(
            self.origin + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json", "Origin": self.origin},
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
    seen: dict[int, int] = field(default_factory=dict)
    """Each page's latest move count."""
    pending: list[tuple[int, float]] = field(default_factory=list)
    """Moves sent and not yet seen by every page: (count after it, when sent)."""


@dataclass
class Figures:
    moves: int = 0
    latencies: list[float] = field(default_factory=list)
    measuring: bool = False


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
    async with connect(url, origin=server.origin, max_size=2**22) as websocket:  # type: ignore[arg-type]
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
    if view["step"] == "hand over":
        await websocket.send('{"type": "ready"}')
        return False
    if not message["legal"] or view.get("current") != seat:
        return False
    legal: list[dict[str, Any]] = message["legal"]
    building = [move for move in legal if move["type"] in ("lay_phase", "hit")]
    move = building[0] if building else rng.choice(legal)
    table.pending.append((count + 1, time.perf_counter()))
    await websocket.send(json.dumps(move))
    return False


def make_table(server: Server, args: argparse.Namespace, number: int) -> Table:
    """A table made by its first person and joined by the others."""
    answer = server.post(
        "/api/tables",
        {
            "name": f"Ann{number}",
            "people": args.people,
            "bots": args.bots,
            "rules": "official",
            "public": False,
        },
    )
    tokens = {0: answer["token"]}
    for person in range(1, args.people):
        joined = server.post(
            f"/api/tables/{answer['table']}/join",
            {"name": f"P{number}x{person}", "invite": answer.get("invite")},
        )
        tokens[joined["seat"]] = joined["token"]
    return Table(answer["table"], tokens)


async def run(
    args: argparse.Namespace, server: Server, tables: int
) -> dict[str, float]:
    before = rss_kib(server.process.pid)
    figures = Figures()
    stop = asyncio.Event()
    rng = random.Random(args.seed)
    made: list[Table] = []
    tasks = [
        asyncio.create_task(tables_in_turn(server, args, figures, rng, stop, made))
        for _ in range(tables)
    ]
    await asyncio.sleep(args.warm_up)
    figures.measuring = True
    started = time.perf_counter()
    await asyncio.sleep(args.seconds)
    figures.measuring = False
    elapsed = time.perf_counter() - started
    after = rss_kib(server.process.pid)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    latencies = sorted(figures.latencies)
    if not latencies:
        raise RuntimeError("no move was seen by every page: is the server playing?")
    return {
        "moves_per_second": figures.moves / elapsed,
        "p50_ms": 1000 * latencies[len(latencies) // 2],
        "p99_ms": 1000 * latencies[min(len(latencies) - 1, len(latencies) * 99 // 100)],
        "kib_per_table": (after - before) / len(made),
        "tables_made": len(made),
        "measured": len(latencies),
    }


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
    args = parser.parse_args(argv)
    sizes = [int(size) for size in str(args.tables).split(",")]
    with tempfile.TemporaryDirectory() as scratch:
        servers = {"this checkout": SERVER.parent}
        if args.against:
            servers[args.against] = checkout(args.against, Path(scratch))
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
                for label, web in order:
                    figures = one_run(args, web, size)
                    runs.setdefault((size, label), []).append(figures)
                    print(f"{size} tables, {label}, run {number + 1}: {said(figures)}")
    print("medians:")
    for (size, label), measured in runs.items():
        median = {
            key: statistics.median(run[key] for run in measured) for key in measured[0]
        }
        print(f"  {size} tables, {label}: {said(median)}")


def one_run(args: argparse.Namespace, web: Path, tables: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "games.sqlite", web)
        try:
            return asyncio.run(run(args, server, tables))
        finally:
            server.stop()


def said(figures: dict[str, float]) -> str:
    return (
        f"{figures['moves_per_second']:.0f} moves/s, a move sent to every page "
        f"updated: p50 {figures['p50_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms; "
        f"{figures['kib_per_table']:.0f} KiB a table ({figures['measured']:.0f} "
        f"moves timed, {figures['tables_made']:.0f} tables made)"
    )


if __name__ == "__main__":
    main()
