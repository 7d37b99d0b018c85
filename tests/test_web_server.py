"""The web example's server, lobby, store and table, without a browser
(examples/web/).

A page is sent only what its seat may see; a seat is played only with its
token, from the server's own pages; a move comes back as JSON and is made
or refused with the library's reason, changing nothing; every move is
written to the store before anyone hears of it, and a server started on
the same store resumes every table. These tests need the ``web`` extra and
are skipped without it.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="needs the web extra: pip install -e '.[web]'")
pytest.importorskip("httpx2", reason="needs the web extra: pip install -e '.[web]'")

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import phase10
from phase10 import (
    Action,
    Draw,
    GameRecord,
    LayPhase,
    PlayerView,
    Step,
    apply,
    legal_actions,
    svg,
    view,
)
from phase10.bots import GreedyBot

WEB = Path(__file__).resolve().parent.parent / "examples" / "web"
sys.path.insert(0, str(WEB))

from game_table import Table  # noqa: E402
from lobby import Lobby, Setting  # noqa: E402
from room import Server  # noqa: E402
from scenarios import deal  # noqa: E402
from server import MAX_MESSAGE, create_app  # noqa: E402
from store import MemoryStore, SQLiteStore, Store  # noqa: E402
from test_drawing import hidden_twin  # noqa: E402

DRAW = json.dumps(
    {"schema": "phase10/action", "version": 1, "type": "draw", "source": "draw"}
)
ORIGIN = {"origin": "http://testserver"}
"""What a browser sends from a page of the test server."""


OPEN: list[Any] = []
"""The pages :func:`connect` opened: closed when the test's client is."""


@contextlib.contextmanager
def client_for(
    seed: int = 5,
    store: Store | None = None,
    *,
    turn_seconds: float = 60.0,
    hand_pause: float = 0.0,
) -> Iterator[TestClient]:
    """A test client of a server whose first table is dealt from ``seed``;
    bots move at once. Pages still open at the end are closed first (the
    client waits for them), also when the test fails."""
    lobby = Lobby(store or MemoryStore(), seed_for_tests=seed)
    server = Server(lobby, pace=0, hand_pause=hand_pause, turn_seconds=turn_seconds)
    with TestClient(create_app(server)) as client:
        try:
            yield client
        finally:
            while OPEN:
                with contextlib.suppress(Exception):
                    OPEN.pop().__exit__(None, None, None)


def the_server(client: TestClient) -> Server:
    server: Server = client.app.state.server  # type: ignore[attr-defined]
    return server


def make_table(
    client: TestClient,
    people: list[str],
    bots: int = 0,
    rules: str = "official",
    *,
    public: bool = False,
) -> tuple[Setting, list[str]]:
    """A table made by ``people[0]`` and joined by the others with its
    invite: the table and each person's token, by seat (people first, then
    the bots)."""
    body = {"name": people[0], "people": len(people), "bots": bots, "rules": rules}
    made = client.post("/api/tables", json=body | {"public": public}, headers=ORIGIN)
    assert made.status_code == 200, made.text
    table = made.json()["table"]
    tokens = [made.json()["token"]]
    invite = made.json()["invite"]
    for name in people[1:]:
        joined = client.post(
            f"/api/tables/{table}/join",
            json={"name": name, "invite": invite},
            headers=ORIGIN,
        )
        assert joined.status_code == 200, joined.text
        tokens.append(joined.json()["token"])
    return the_server(client).lobby.tables[table], tokens


def game_of(setting: Setting) -> Table:
    assert setting.game is not None
    return setting.game


def connect(
    client: TestClient,
    table: str,
    token: object,
    *,
    hello: dict[str, Any] | None = None,
) -> Any:
    """A page's socket at ``table``, hello said (``token`` None: a watcher;
    ``hello`` adds to what the page says)."""
    page = client.websocket_connect(f"/ws/{table}", headers=ORIGIN)
    page.__enter__()
    OPEN.append(page)
    page.send_text(json.dumps({"type": "hello", "token": token} | (hello or {})))
    return page


def receive(page: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(page.receive_text())
    return message


def receive_until(page: Any, done: Any, most: int = 400) -> dict[str, Any]:
    """The first message for which ``done(message)`` holds."""
    for _ in range(most):
        message = receive(page)
        if done(message):
            return message
    raise AssertionError("the page was never sent what it waited for")


def my_turn(seat: int) -> Any:
    def done(message: dict[str, Any]) -> bool:
        seen = message.get("view") or {}
        return bool(seen.get("current") == seat and seen.get("step") == "draw")

    return done


# --- what a seat is sent ------------------------------------------------------


def test_a_seat_is_sent_its_view_its_pictures_and_its_legal_moves() -> None:
    """Every update is the seat's view as JSON, drawn, with its moves, and
    what the room tells everyone (who is connected, the turn's clock)."""
    with client_for() as client:
        setting, tokens = make_table(client, ["Ann", "Bob"])
        page = connect(client, setting.id, tokens[1])
        message = receive(page)
        assert set(message) == {
            "type", "seat", "view", "legal", "notation", "picture", "text",
            "log", "moves", "away", "room",
        }  # fmt: skip
        table = game_of(setting)
        seen = phase10.from_dict(message["view"], PlayerView)
        assert seen == view(table.state, 1)
        assert message["picture"] == svg.view(seen)
        assert message["text"] == str(seen)
        assert message["notation"] == [m.notation for m in phase10.legal_actions(seen)]
        assert message["legal"] == [
            phase10.to_dict(m) for m in phase10.legal_actions(seen)
        ]
        assert message["room"]["you"] == 1 and message["room"]["connected"] == [1]
        assert message["moves"] == 0 and message["away"] is False


def test_a_phone_is_sent_the_narrow_picture() -> None:
    """A page that says it is narrow gets svg.view(..., narrow=True)."""
    with client_for() as client:
        setting, tokens = make_table(client, ["Ann", "Bob"])
        page = connect(client, setting.id, tokens[0], hello={"narrow": True})
        message = receive(page)
        seen = phase10.from_dict(message["view"], PlayerView)
        assert message["picture"] == svg.view(seen, narrow=True)


def test_a_move_is_made_and_every_page_is_sent_its_new_view() -> None:
    """A good move changes the game; each seat and each watcher gets its own
    update."""
    with client_for() as client:
        setting, tokens = make_table(client, ["Ann", "Bob"], bots=1)
        table = game_of(setting)
        bob = connect(client, setting.id, tokens[1])  # Ann deals: Bob plays first
        ann = connect(client, setting.id, tokens[0])
        watcher = connect(client, setting.id, None)
        receive_until(bob, lambda m: m["room"]["connected"] == [0, 1])
        receive_until(ann, lambda m: m["room"]["connected"] == [0, 1])
        receive_until(watcher, lambda m: m["room"]["connected"] == [0, 1])
        bob.send_text(DRAW)
        for seat, page in ((1, bob), (0, ann), (None, watcher)):
            message = receive_until(page, lambda m: m["moves"] == 1)
            assert message["view"]["seat"] == seat
            assert message["view"]["step"] == "play"
            drawn = table.state.players[1].hand[-1]
            told = f"Bob draws {drawn}" if seat == 1 else "Bob draws a card"
            assert message["log"][-1].startswith(told)


@pytest.mark.rule("R21")
def test_bad_and_illegal_moves_are_refused_with_the_reason_and_change_nothing() -> None:
    """Text that is not a move, a move the rules forbid, bytes and a message
    over the limit get a reason; the game is the very same state after them,
    and the socket stays open."""
    with client_for() as client:
        setting, tokens = make_table(client, ["Ann", "Bob"])
        table = game_of(setting)
        before = table.state
        page = connect(client, setting.id, tokens[1])
        receive(page)
        for text, reason in [
            ("not json", "not valid JSON"),
            ('{"type": "draw"}', "missing key 'schema'"),
            ('{"type": "dance"}', "missing key 'schema'"),
            (
                '{"schema": "phase10/action", "version": 1, "type": "fly"}',
                "'fly' is not a move",
            ),
            (
                DRAW.replace('"draw", "source": "draw"', '"discard", "card": "R1"'),
                "you must draw a card before you discard (rule R21)",
            ),
            (
                phase10.to_json(phase10.NextHand()),
                "deals the next hand itself",
            ),
            ("x" * 70_000, f"a move is at most {MAX_MESSAGE} characters"),
        ]:
            page.send_text(text)
            message = receive(page)
            assert message["type"] == "refused"
            assert reason in message["reason"]
            assert table.state is before
        page.send_bytes(DRAW.encode())
        assert "not as bytes" in receive(page)["reason"]
        assert table.state is before
        page.send_text(DRAW)
        assert receive(page)["view"]["step"] == "play"


# --- seats and tokens --------------------------------------------------------------


def test_a_seat_is_played_only_with_its_token() -> None:
    """Without a token a page watches and its moves are refused; another
    seat's token plays that seat only; a made-up token is refused."""
    with client_for() as client:
        setting, tokens = make_table(client, ["Ann", "Bob"])
        table = game_of(setting)
        before = table.state
        watcher = connect(client, setting.id, None)
        message = receive(watcher)
        assert message["seat"] is None and message["view"]["hand"] == []
        assert message["view"] == phase10.to_dict(view(table.state, None))
        watcher.send_text(DRAW)
        assert "you are watching" in receive(watcher)["reason"]
        ann = connect(client, setting.id, tokens[0])  # Bob's turn, not Ann's
        receive(ann)
        ann.send_text(DRAW)
        assert (
            "Bob's turn, not Ann's"
            in receive_until(ann, lambda m: m["type"] == "refused")["reason"]
        )
        assert table.state is before
        wrongs: list[object] = ["made-up", tokens[0][:-1], tokens[0] + "x", 7, [1]]
        for wrong in wrongs:
            page = connect(client, setting.id, wrong)
            assert "not the token of a seat" in receive(page)["reason"]
            with pytest.raises(WebSocketDisconnect) as closed:
                page.receive_text()
            assert closed.value.code == 4003


def test_pages_of_another_origin_are_refused() -> None:
    """A socket or a request from another site's page (or with no Origin)
    is refused: a page a player has open elsewhere cannot take their seat."""
    with client_for() as client:
        setting, _ = make_table(client, ["Ann", "Bob"])
        for headers in ({"origin": "http://evil.example"}, {}):
            with client.websocket_connect(f"/ws/{setting.id}", headers=headers) as page:
                assert "this server's own pages" in receive(page)["reason"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    page.receive_text()
                assert closed.value.code == 4003
            made = client.post(
                "/api/tables",
                json={"name": "Eve", "people": 2, "bots": 0, "rules": "official"},
                headers=headers,
            )
            assert made.status_code == 403
            assert "own pages" in made.json()["reason"]
        assert len(the_server(client).lobby.tables) == 1


def test_the_server_answers_to_its_own_names_only() -> None:
    """A request with another Host (DNS rebinding) is refused."""
    server = Server(Lobby(MemoryStore()), pace=0)
    app = create_app(server, allowed_hosts=["127.0.0.1", "localhost"])
    with TestClient(app, base_url="http://127.0.0.1") as client:
        assert client.get("/").status_code == 200
        assert client.get("/", headers={"host": "evil.example"}).status_code == 400


def test_a_reload_with_the_token_gets_the_seat_back() -> None:
    """The same token on a new page plays the seat; the old page is told
    and closed, and does not come back by itself (close code 4009)."""
    with client_for() as client:
        setting, tokens = make_table(client, ["Ann", "Bob"])
        old = connect(client, setting.id, tokens[1])
        receive(old)
        new = connect(client, setting.id, tokens[1])
        assert receive(new)["seat"] == 1
        told = receive_until(old, lambda m: m["type"] == "notice")
        assert "another page" in told["text"]
        with pytest.raises(WebSocketDisconnect) as closed:
            receive_until(old, lambda m: False)
        assert closed.value.code == 4009
        new.send_text(DRAW)
        assert receive_until(new, lambda m: m["moves"] == 1)["view"]["step"] == "play"


def test_tokens_are_kept_only_as_hashes() -> None:
    """The store and the listing never hold a token."""
    store = MemoryStore()
    with client_for(store=store) as client:
        setting, tokens = make_table(client, ["Ann", "Bob"])
        kept = json.dumps([repr(saved) for saved in store.load()])
        shown = client.get(f"/api/tables/{setting.id}").text
        for token in tokens:
            assert token not in kept and token not in shown


# --- the lobby ------------------------------------------------------------------


def test_the_game_starts_when_every_persons_seat_is_taken() -> None:
    """Before that the pages are sent the seating; a name is checked; no one
    joins a started game or takes a name twice."""
    with client_for() as client:
        made = client.post(
            "/api/tables",
            json={"name": "Ann", "people": 3, "bots": 1, "rules": "ten-hands"},
            headers=ORIGIN,
        ).json()
        setting = the_server(client).lobby.tables[made["table"]]
        ann = connect(client, setting.id, made["token"])
        first = receive(ann)
        assert first["type"] == "lobby"
        assert [s["name"] for s in first["room"]["listing"]["seats"]] == [
            "Ann", None, None, "Cleo",
        ]  # fmt: skip
        join = f"/api/tables/{setting.id}/join"
        for name, reason in [
            ("", "say your name"),
            ("ann", "ann looks like Ann"),
            ("x" * 21, "at most 20"),
            ("Bo\x00b", "control characters"),
            (7, "a name is text"),
        ]:
            body = {"name": name, "invite": made["invite"]}
            answer = client.post(join, json=body, headers=ORIGIN)
            assert answer.status_code == 400 and reason in answer.json()["reason"]
        client.post(
            join, json={"name": "Bob", "invite": made["invite"]}, headers=ORIGIN
        )
        assert not setting.started
        assert (
            receive_until(ann, lambda m: m["type"] == "lobby")["room"]["listing"][
                "seats"
            ][1]["name"]
            == "Bob"
        )
        client.post(
            join, json={"name": "Dee", "invite": made["invite"]}, headers=ORIGIN
        )
        assert setting.started
        assert game_of(setting).state.rules == phase10.PRESETS["ten-hands"]
        assert receive_until(ann, lambda m: m["type"] == "update")["view"]["seat"] == 0
        late = client.post(
            join, json={"name": "Eve", "invite": made["invite"]}, headers=ORIGIN
        )
        assert "has started" in late.json()["reason"]


def test_the_host_may_start_with_bots_in_the_empty_seats() -> None:
    """Only the host's token starts a table early."""
    with client_for() as client:
        made = client.post(
            "/api/tables",
            json={"name": "Ann", "people": 3, "bots": 0, "rules": "official"},
            headers=ORIGIN,
        ).json()
        start = f"/api/tables/{made['table']}/start"
        joined = client.post(
            f"/api/tables/{made['table']}/join",
            json={"name": "Bob", "invite": made["invite"]},
            headers=ORIGIN,
        ).json()
        for token in (joined["token"], "nonsense", None):
            answer = client.post(start, json={"token": token}, headers=ORIGIN)
            assert answer.status_code == 403, answer.text
        answer = client.post(start, json={"token": made["token"]}, headers=ORIGIN)
        assert answer.status_code == 200
        setting = the_server(client).lobby.tables[made["table"]]
        assert setting.names == ["Ann", "Bob", "Cleo"]
        assert game_of(setting).people == {0, 1}


@pytest.mark.parametrize(
    ("asked", "reason"),
    [
        ({"people": 0, "bots": 2}, "2 to 6 players"),
        ({"people": 4, "bots": 3}, "2 to 6 players"),
        ({"people": 1, "bots": 0}, "2 to 6 players"),
        ({"people": "2", "bots": 1}, "whole numbers"),
        ({"people": 2, "bots": 0, "rules": "chess"}, "the rules are one of"),
        ({"people": 1, "bots": 1, "name": "Cleo"}, "looks like Cleo"),
    ],
)
def test_a_table_that_cannot_be_made_is_refused(
    asked: dict[str, Any], reason: str
) -> None:
    with client_for() as client:
        body = {"name": "Ann", "rules": "official", **asked}
        answer = client.post("/api/tables", json=body, headers=ORIGIN)
        assert answer.status_code == 400 and reason in answer.json()["reason"]
        assert (
            client.post("/api/tables", content=b"x" * 5000, headers=ORIGIN).status_code
            == 413
        )
        assert (
            client.post("/api/tables", content=b"[", headers=ORIGIN).status_code == 400
        )
        assert not the_server(client).lobby.tables


def test_the_lobby_lists_the_tables_and_serves_its_pages() -> None:
    with client_for() as client:
        setting, tokens = make_table(client, ["Ann", "Bob"], bots=1, public=True)
        make_table(client, ["Cy", "Di"])  # private: not listed
        listed = client.get("/api/tables").json()
        assert [entry["table"] for entry in listed] == [setting.id]
        assert listed[0]["started"] is False  # a public table: the host starts it
        start = f"/api/tables/{setting.id}/start"
        client.post(start, json={"token": tokens[0]}, headers=ORIGIN)
        assert client.get("/api/tables").json()[0]["started"] is True
        assert client.get("/api/tables/nope").status_code == 404
        assert client.get("/api/presets").json() == list(phase10.PRESETS)
        assert "lobby.js" in client.get("/").text
        assert "lobby.js" in client.get(f"/table/{setting.id}").text
        assert "createGame" in client.get("/static/game.js").text
        assert "connectToServer" in client.get("/static/game.js").text
        assert "class Table" in client.get("/game_table.py").text


# --- the table never stalls ---------------------------------------------------------


def test_bots_play_until_a_person_is_to_move() -> None:
    """After a person's move the bots move on their own, up to the next person."""
    with client_for(seed=3) as client:
        setting, tokens = make_table(client, ["Ann"], bots=2)
        table = game_of(setting)
        page = connect(client, setting.id, tokens[0])
        message = receive_until(page, my_turn(0))
        assert table.state.current == 0 and table.state.step is Step.DRAW
        assert any(line.startswith("Cleo ") for line in message["log"])


def test_a_bot_plays_the_turn_of_a_person_whose_time_runs_out() -> None:
    """When the turn timer runs out the seat is away: the page is told, a
    bot plays its turns, and its own moves are refused until it is back."""
    with client_for(seed=3, turn_seconds=0.3) as client:
        setting, tokens = make_table(client, ["Ann"], bots=1)
        table = game_of(setting)
        page = connect(client, setting.id, tokens[0])
        clocked = receive_until(page, lambda m: m.get("room", {}).get("clock"))
        assert 0 < clocked["room"]["clock"] <= 0.3
        told = receive_until(page, lambda m: m["type"] == "notice")
        assert "a bot is playing your turns" in told["text"]
        away = receive_until(page, lambda m: m["type"] == "update" and m["away"])
        assert away["room"]["away"] == [0]
        receive_until(page, lambda m: m["type"] == "update" and m["moves"] >= 6)
        page.send_text(DRAW)
        refused = receive_until(page, lambda m: m["type"] == "refused")
        assert "I'm back" in refused["reason"]
        page.send_text(json.dumps({"type": "back"}))
        back = receive_until(page, lambda m: m["type"] == "update" and not m["away"])
        assert 0 not in back["room"]["away"] and 0 not in table.away


def test_the_next_hand_is_dealt_when_everyone_is_ready() -> None:
    """On the scores of a hand, the server waits for every connected person
    to press Next hand (or for the pause to end) and deals."""
    with client_for(seed=2, hand_pause=600) as client:
        setting, tokens = make_table(client, ["Ann", "Bob"])
        table = game_of(setting)
        bot = GreedyBot(random.Random(0))
        while table.state.step is not Step.HAND_OVER:
            seat = table.state.current
            assert (
                table.move(seat, phase10.to_json(bot.choose(view(table.state, seat))))
                is None
            )
        over = table.state
        ann = connect(client, setting.id, tokens[0])
        bob = connect(client, setting.id, tokens[1])
        receive_until(ann, lambda m: m["room"]["connected"] == [0, 1])
        ann.send_text(json.dumps({"type": "ready"}))
        ready = receive_until(ann, lambda m: m["room"]["ready"] == [0])
        assert ready["view"]["step"] == "hand over" and table.state is over
        bob.send_text(json.dumps({"type": "ready"}))
        dealt = receive_until(bob, lambda m: m["view"]["step"] == "draw")
        assert dealt["view"]["hand_number"] == 2


# --- games that survive a restart ---------------------------------------------------


def test_a_table_resumes_from_its_store_with_every_move(tmp_path: Path) -> None:
    """A second server on the same SQLite file has the same tables, seats,
    tokens and games, and plays on."""
    path = tmp_path / "games.sqlite"
    with client_for(seed=8, store=SQLiteStore(path)) as client:
        setting, tokens = make_table(client, ["Ann", "Bob"], bots=1)
        waiting, _ = make_table(client, ["Cy", "Di"], bots=0)
        client.post(
            "/api/tables",
            json={"name": "Eve", "people": 2, "bots": 0, "rules": "even-phases"},
            headers=ORIGIN,
        )
        table = game_of(setting)
        bot = GreedyBot(random.Random(1))
        for _ in range(30):
            seat = table.state.current
            if table.automatic():
                table.play_automatic()
            else:
                move = bot.choose(view(table.state, seat))
                assert table.move(seat, phase10.to_json(move)) is None
        state, record = table.state, table.record
    again = Lobby(SQLiteStore(path))
    assert list(again.tables) == list(the_server(client).lobby.tables)
    resumed = again.tables[setting.id]
    assert game_of(resumed).state == state
    assert game_of(resumed).record == record
    assert resumed.seat_of(tokens[1]) == 1
    assert again.tables[waiting.id].started
    unstarted = list(again.tables.values())[2]
    assert not unstarted.started and unstarted.rules == "even-phases"
    assert unstarted.seats[0].name == "Eve"


def test_a_move_the_store_cannot_write_is_not_made() -> None:
    """The move goes to the store before anyone is told: if it fails, the
    page is told so and the game is as it was."""

    class Full(MemoryStore):
        def append_move(self, table_id: str, number: int, move: str) -> None:
            raise OSError("disk full")

    with client_for(store=Full()) as client:
        setting, tokens = make_table(client, ["Ann", "Bob"])
        before = game_of(setting).state
        page = connect(client, setting.id, tokens[1])
        receive(page)
        page.send_text(DRAW)
        assert "could not save that move" in receive(page)["reason"]
        assert game_of(setting).state is before
        assert game_of(setting).record.actions == ()


def test_the_store_refuses_a_move_out_of_order(tmp_path: Path) -> None:
    for store in (MemoryStore(), SQLiteStore(tmp_path / "s.sqlite")):
        lobby = Lobby(store, seed_for_tests=1)
        setting, _ = lobby.create("Ann", people=1, bots=1, rules="official")
        store.append_move(setting.id, 0, phase10.to_json(Draw()))
        with pytest.raises(Exception):  # noqa: B017 - each store its own
            store.append_move(setting.id, 0, phase10.to_json(Draw()))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, str(WEB / "server.py"), "--db", str(db)]
    command += ["--port", str(port), "--pace", "0", "--seed", "9", "--test"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError("the server did not start")


def http(url: str, body: object = None, origin: str | None = None) -> Any:
    """GET ``url``, or POST ``body`` as JSON from a page of ``origin``."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"content-type": "application/json"}
    if origin is not None:
        headers["origin"] = origin
    request = urllib.request.Request(url, data=data, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


@pytest.fixture
def websockets_client() -> Iterator[Any]:
    sync = pytest.importorskip("websockets.sync.client", reason="needs the web extra")
    yield sync


def test_no_acknowledged_move_is_lost_to_kill_9(
    tmp_path: Path, websockets_client: Any
) -> None:
    """A real server process is killed with SIGKILL right after it has
    answered moves; started again on the same file, it has every one."""
    db, port = tmp_path / "games.sqlite", free_port()
    origin = f"http://127.0.0.1:{port}"
    process = start_server(db, port)
    try:
        body = {"name": "Ann", "people": 1, "bots": 1, "rules": "official"}
        made = http(f"{origin}/api/tables", body | {"public": True}, origin)
        url = f"ws://127.0.0.1:{port}/ws/{made['table']}"
        acknowledged = 0
        with websockets_client.connect(url, origin=origin) as page:
            page.send(json.dumps({"type": "hello", "token": made["token"]}))
            for _ in range(200):
                message = json.loads(page.recv(timeout=30))
                if message["type"] != "update":
                    continue
                acknowledged = max(acknowledged, message["moves"])
                if acknowledged >= 25:
                    break
                if message["legal"]:
                    choice = random.Random(acknowledged).choice(message["legal"])
                    page.send(json.dumps(choice))
            os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
    finally:
        process.kill()
    saved = SQLiteStore(db).load()
    assert len(saved) == 1 and len(saved[0].moves) >= acknowledged >= 25
    process = start_server(db, port)
    try:
        listed = http(f"{origin}/api/tables")
        assert listed[0]["table"] == made["table"] and listed[0]["started"]
        with websockets_client.connect(url, origin=origin) as page:
            page.send(json.dumps({"type": "hello", "token": made["token"]}))
            message = json.loads(page.recv(timeout=30))
            assert message["moves"] >= acknowledged
            # The bots may have moved on since the restart: read the store
            # again, which holds at least every move the page was told of.
            again = SQLiteStore(db).load()[0]
            assert again.moves[: len(saved[0].moves)] == saved[0].moves
            record = GameRecord.from_json(again.record or "")
            moves = [phase10.from_json(m, Action) for m in again.moves]
            state = phase10.final_state(record.then(*moves[: message["moves"]]))
            assert message["view"] == phase10.to_dict(view(state, 0))
    finally:
        process.kill()
        process.wait(timeout=30)


def test_a_seed_is_refused_unless_the_game_is_a_test(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A seed a person types can be found from a first hand: the server
    refuses any, unless --test says the game is a test."""
    import server
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)
    with pytest.raises(SystemExit):
        server.main(["--seed", "31337"])
    assert "for test games only" in capsys.readouterr().err
    server.main(["--seed", "31337", "--test", "--people", "2"])
    assert "/table/" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        server.main(["--seed", str(2**64 + 5)])
    server.main([])
    assert "a restart loses them" in capsys.readouterr().out


def test_the_table_tells_a_seat_nothing_it_may_not_see() -> None:
    """Two tables whose games differ only in what a seat may not see (the
    other hands, the draw pile, the seed) send that seat the same updates."""
    table = Table(["Ann", "Bob", "Cleo"], people=[0, 1], seed=11)
    bots = {seat: GreedyBot(random.Random(seat)) for seat in (0, 1)}
    for _ in range(60):
        if table.automatic():
            table.play_automatic()
        else:
            seat = table.state.current
            move = bots[seat].choose(view(table.state, seat))
            assert table.move(seat, phase10.to_json(move)) is None
    for viewer in (0, 1, None):
        twin = Table(["Ann", "Bob", "Cleo"], people=[0, 1], seed=1)
        twin.state = hidden_twin(table.state, viewer, random.Random(2))
        twin.events, twin.record = table.events, table.record
        assert twin.state != table.state
        assert twin.update(viewer) == table.update(viewer)


def test_the_tables_own_example_runs() -> None:
    """The doctest of game_table.Table holds."""
    import doctest

    import game_table

    assert doctest.testmod(game_table).failed == 0


def test_lays_that_keep_the_wilds_are_offered_first() -> None:
    """The engine lists R1 B1 Y1 | R5 W W before R1 B1 Y1 | B12 Y12 G12; the
    table offers the lays spending fewest Wilds first (the page's buttons)."""
    hands = ["R3 R4 R6 R8 R9 B3 B4 B6 B8 B9", "Y1 W W B12 Y12 G12 R1 B1 G7 Y9"]
    table = Table(["Ann", "Bob"], people=[1], seed=1)
    table.state = apply(deal(hands, draw_top="R5"), Draw())
    listed = [m for m in legal_actions(table.state) if isinstance(m, LayPhase)]
    assert "W" in listed[0].notation
    offered = table.update(1)["notation"]
    lays = [text for text in offered if text.startswith("L ")]
    assert lays[0] == "L R1 B1 Y1 | B12 Y12 G12"
    assert sorted(lays) == sorted(m.notation for m in listed)
    assert [text.count("W") for text in lays] == sorted(
        text.count("W") for text in lays
    )
    others = [text for text in offered if not text.startswith("L ")]
    engine = [m.notation for m in legal_actions(table.state)]
    assert others == [text for text in engine if not text.startswith("L ")]


def test_a_person_cannot_cut_the_pause_after_a_hand_short() -> None:
    """The table deals the next hand itself: NextHand from a page is refused
    and changes nothing."""
    table = Table(["Ann", "Bob"], people=[0, 1], seed=2)
    while table.state.step is not Step.HAND_OVER:
        seat = table.state.current
        table._apply(GreedyBot(random.Random(0)).choose(view(table.state, seat)), seat)
    before = table.state
    reason = table.move(0, phase10.to_json(phase10.NextHand()))
    assert reason is not None and "deals the next hand itself" in reason
    assert table.state is before
    assert table.automatic()
    table.play_automatic()
    assert table.state.step is not Step.HAND_OVER


@pytest.mark.rule("R27")
def test_the_log_tells_the_deal_and_a_turn_lost_to_a_skip_turned_up() -> None:
    """The first update already tells who dealt and the starter, and the turn
    the first player lost when that starter is a Skip (seed 59 turns one up)."""
    table = Table(["Ann", "Bob", "Cleo"], people=[0], seed=59)
    assert table.state.discard_pile[-1].is_skip
    assert table.update(0)["log"] == [
        "Ann deals hand 1; the discard pile starts with S.",
        "Bob loses a turn.",
    ]
    plain = Table(["Ann", "Bob"], people=[0], seed=5)
    assert plain.update(None)["log"][0].startswith("Ann deals hand 1;")


def test_a_page_gone_while_it_is_told_is_forgotten_quietly() -> None:
    """Telling a page that has just closed (the socket says so with
    ``WebSocketDisconnect``, ``RuntimeError`` or ``OSError``) drops the page
    and tells the others; nothing is raised into the server's log."""
    import asyncio

    from room import Room

    class Gone:
        def __init__(self, error: Exception) -> None:
            self.error = error

        async def send_text(self, text: str) -> None:
            raise self.error

    class Here:
        def __init__(self) -> None:
            self.sent: list[dict[str, Any]] = []

        async def send_text(self, text: str) -> None:
            self.sent.append(json.loads(text))

    lobby = Lobby(MemoryStore(), seed_for_tests=5)
    setting, _ = lobby.create("Ann", people=3, bots=0, rules="official")
    setting.join("Bob", setting.invite)
    setting.join("Cleo", setting.invite)
    room = Room(setting, pace=0, hand_pause=0, turn_seconds=60)
    here = Here()
    errors = (WebSocketDisconnect(1006), RuntimeError("closed"), OSError("reset"))
    for seat, error in enumerate(errors):
        room.pages[seat] = Gone(error)  # type: ignore[assignment]
    room.watchers.add(here)  # type: ignore[arg-type]

    async def tell() -> None:
        await room.tell_everyone()
        await room.drained()  # each page's own task sends it its update

    asyncio.run(tell())
    assert room.pages == {}
    assert [message["type"] for message in here.sent] == ["update"]


# --- the Masters Edition ----------------------------------------------------------


def move_text(**fields: Any) -> str:
    """A move document as a page sends it."""
    return json.dumps({"schema": "phase10/action", "version": 1} | fields)


@pytest.mark.rule("R44", "R46")
def test_a_masters_table_starts_with_each_page_choosing_then_a_save() -> None:
    """At a Masters Edition table each hand starts in the choose step: the
    page to choose is offered the open phases, a bad choice is refused with
    the reason, a good one is made and the next page is asked; after the
    choices a turn may end with a save, which every page is shown."""
    with client_for() as client:
        setting, tokens = make_table(client, ["Ann", "Bob"], rules="masters")
        table = game_of(setting)
        bob = connect(client, setting.id, tokens[1])  # Ann deals: Bob chooses first
        ann = connect(client, setting.id, tokens[0])
        first = receive_until(bob, lambda m: m["room"]["connected"] == [0, 1])
        receive_until(ann, lambda m: m["room"]["connected"] == [0, 1])
        assert (first["view"]["step"], first["view"]["current"]) == ("choose", 1)
        assert first["notation"] == [f"P {n}" for n in range(1, 11)]
        assert first["legal"][6] == {
            "schema": "phase10/action", "version": 1, "type": "choose_phase", "phase": 7
        }  # fmt: skip
        assert first["view"]["rules"]["phases"][6] == "2 sets of 4"
        before = table.state
        bob.send_text(move_text(type="choose_phase", phase=11))
        refused = receive(bob)
        assert (
            refused["type"] == "refused" and "there is no phase 11" in refused["reason"]
        )
        assert table.state is before

        bob.send_text(move_text(type="choose_phase", phase=7))
        told = receive_until(ann, lambda m: m["moves"] == 1)
        assert (told["view"]["step"], told["view"]["current"]) == ("choose", 0)
        assert told["view"]["players"][1]["active"] == 6  # the index of phase 7
        assert told["log"][-1] == "Bob chooses phase 7 (2 sets of 4)."
        assert {move["type"] for move in told["legal"]} == {"choose_phase"}
        asked = receive_until(bob, lambda m: m["moves"] == 1)
        assert asked["legal"] == []

        ann.send_text(move_text(type="choose_phase", phase=2))
        receive_until(bob, my_turn(1))  # every choice made: Bob plays first
        bob.send_text(DRAW)
        drawn = receive_until(bob, lambda m: m["moves"] == 3)
        assert "save" in {move["type"] for move in drawn["legal"]}
        card = drawn["view"]["hand"][0]
        bob.send_text(move_text(type="save", card=card))
        saved = receive_until(bob, lambda m: m["moves"] == 4)
        assert saved["view"]["saved"] == [card]
        held = drawn["view"]["hand"].count(card)
        assert saved["view"]["hand"].count(card) == held - 1
        assert saved["log"][-1] == f"Bob saves {card}."
        seen = receive_until(ann, lambda m: m["moves"] == 4)
        assert seen["view"]["players"][1]["saved"] == [card]  # face up (R48)
        assert (seen["view"]["step"], seen["view"]["current"]) == ("draw", 0)
        assert table.state.players[1].saved == phase10.parse_cards(card)


@pytest.mark.rule("R45")
def test_under_the_variant_the_phase_is_declared_after_drawing() -> None:
    """Under masters-declare no choice opens the hand: the phases are offered
    after the draw, and the log tells the declaration with the phase's text."""
    table = Table(
        ["Ann", "Bob"], people=[0, 1], seed=5, rules=phase10.PRESETS["masters-declare"]
    )
    seat = table.state.current
    assert table.state.step is Step.DRAW
    assert "choose_phase" not in {m["type"] for m in table.update(seat)["legal"]}
    assert table.move(seat, DRAW) is None
    offered = [m for m in table.update(seat)["legal"] if m["type"] == "choose_phase"]
    assert [m["phase"] for m in offered] == list(range(1, 11))
    assert table.move(seat, move_text(type="choose_phase", phase=4)) is None
    update = table.update(seat)
    assert update["log"][-1] == f"{table.names[seat]} declares phase 4 (1 run of 7)."
    assert "choose_phase" not in {m["type"] for m in update["legal"]}


# --- one client cannot slow the others (issue 41) -----------------------------------


def test_a_slow_page_is_sent_the_latest_update_and_holds_up_no_one() -> None:
    """Updates are coalesced: a page that reads slowly is sent the latest
    update, not one for each change, and a page that reads nothing holds
    up neither the table nor the other pages."""
    import asyncio

    from room import Room

    class Page:
        def __init__(self, seconds: float | None) -> None:
            self.seconds = seconds  # None: it never reads
            self.sent: list[dict[str, Any]] = []

        async def send_text(self, text: str) -> None:
            if self.seconds is None:
                await asyncio.Event().wait()
            else:
                await asyncio.sleep(self.seconds)
            self.sent.append(json.loads(text))

    lobby = Lobby(MemoryStore(), seed_for_tests=5)
    setting, _ = lobby.create("Ann", people=1, bots=1, rules="official")
    room = Room(setting, pace=0, hand_pause=0, turn_seconds=60)
    slow, fast, stuck = Page(0.05), Page(0.0), Page(None)

    async def changes() -> float:
        for page in (slow, fast, stuck):
            room.watchers.add(page)  # type: ignore[arg-type]
        started = time.monotonic()
        for _ in range(50):
            await asyncio.wait_for(room.tell_everyone(), 1)
            await asyncio.sleep(0.002)
        took = time.monotonic() - started
        await asyncio.sleep(0.5)  # the slow page catches up
        for box in room.outboxes.values():
            if box.task is not None:
                box.task.cancel()
        return took

    took = asyncio.run(changes())
    assert took < 1.0
    assert len(fast.sent) > 10
    assert 1 <= len(slow.sent) <= 10, len(slow.sent)
    assert slow.sent[-1] == fast.sent[-1]  # the latest


def test_a_retired_table_is_worked_out_once_in_a_thread_and_kept() -> None:
    """The listing and record of a retired table (a replay of its game) are
    worked out off the event loop, once, then served from what was kept;
    one address asking for them too often is refused with a 429."""
    import asyncio

    read: list[bool] = []

    class Counting(MemoryStore):
        def load_table(self, table_id: str) -> Any:
            try:
                asyncio.get_running_loop()
                read.append(True)  # in the event loop
            except RuntimeError:
                read.append(False)
            return super().load_table(table_id)

    store = Counting()
    before = Lobby(store, seed_for_tests=5)
    setting, _ = before.create("Ann", people=1, bots=1, rules="official")
    before.retire(setting.id)
    with client_for(store=store) as client:
        answers = [client.get(f"/api/tables/{setting.id}") for _ in range(5)]
        answers += [client.get(f"/api/tables/{setting.id}/record") for _ in range(4)]
        assert [answer.status_code for answer in answers] == [200] * 9
        assert answers[0].json()["retired"] is True
        assert list(GameRecord.from_json(answers[-1].text).players) == setting.names
        assert read == [False]  # once, and not in the event loop
        statuses = {
            client.get(f"/api/tables/{setting.id}").status_code for _ in range(20)
        }
        assert statuses == {200, 429}


def test_a_record_asked_for_before_the_table_is_retired_is_read_once_it_is() -> None:
    """Asking for a live table's record is refused, and does not keep that
    answer: once the table is retired, its record is served."""
    with client_for() as client:
        setting, _ = make_table(client, ["Ann"], bots=1)
        record = f"/api/tables/{setting.id}/record"
        assert client.get(record).status_code == 404  # still played
        the_server(client).lobby.retire(setting.id)
        answer = client.get(record)
        assert answer.status_code == 200, answer.text
        assert list(GameRecord.from_json(answer.text).players) == setting.names
        assert client.get(f"/api/tables/{setting.id}").json()["retired"] is True
