"""The web example's server and table, without a browser (examples/web/).

A page is sent only what its seat may see; a move comes back as JSON and
is made or refused with the library's reason, changing nothing. These
tests need the ``web`` extra and are skipped without it.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="needs the web extra: pip install -e '.[web]'")
pytest.importorskip("httpx2", reason="needs the web extra: pip install -e '.[web]'")

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import phase10
from phase10 import Draw, LayPhase, PlayerView, Step, apply, legal_actions, svg, view
from phase10.bots import GreedyBot

WEB = Path(__file__).resolve().parent.parent / "examples" / "web"
sys.path.insert(0, str(WEB))

from game_table import Table  # noqa: E402
from scenarios import deal  # noqa: E402
from server import Room, create_app  # noqa: E402
from test_drawing import hidden_twin  # noqa: E402

DRAW = json.dumps(
    {"schema": "phase10/action", "version": 1, "type": "draw", "source": "draw"}
)


def client_for(table: Table) -> TestClient:
    """A test client of the server for ``table``, bots moving at once."""
    return TestClient(create_app(Room(table, pace=0, hand_pause=0)))


def receive(socket: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(socket.receive_text())
    return message


def test_a_seat_is_sent_its_view_its_pictures_and_its_legal_moves() -> None:
    """The first message is the seat's view as JSON, drawn, with its moves."""
    table = Table(["Ann", "Bob"], people=[1], seed=5)  # Bob plays first
    with client_for(table) as client, client.websocket_connect("/ws?seat=1") as page:
        message = receive(page)
        assert set(message) == {
            "type",
            "seat",
            "view",
            "legal",
            "notation",
            "picture",
            "text",
            "log",
        }
        seen = phase10.from_dict(message["view"], PlayerView)
        assert seen == view(table.state, 1)
        assert message["picture"] == svg.view(seen)
        assert message["text"] == str(seen)
        assert message["notation"] == [m.notation for m in phase10.legal_actions(seen)]
        assert message["legal"] == [
            phase10.to_dict(m) for m in phase10.legal_actions(seen)
        ]


def test_a_move_is_made_and_every_page_is_sent_its_new_view() -> None:
    """A good move changes the game; each connected seat gets its own update."""
    table = Table(["Ann", "Bob", "Cleo"], people=[0, 1], seed=5)
    with (
        client_for(table) as client,
        client.websocket_connect("/ws?seat=1") as bob,
        client.websocket_connect("/ws?seat=0") as ann,
    ):
        receive(bob)
        receive(ann)
        bob.send_text(DRAW)
        for seat, page in ((1, bob), (0, ann)):
            message = receive(page)
            assert message["view"]["seat"] == seat
            assert message["view"]["step"] == "play"
            told = (
                "Bob draws a card"
                if seat == 0
                else f"Bob draws {table.state.players[1].hand[-1]}"
            )
            assert message["log"][-1].startswith(told)


@pytest.mark.rule("R21")
def test_bad_and_illegal_moves_are_refused_with_the_reason_and_change_nothing() -> None:
    """Text that is not a move, and a move the rules forbid, get the
    library's reason; the game is the very same state after them."""
    table = Table(["Ann", "Bob"], people=[1], seed=5)
    before = table.state
    with client_for(table) as client, client.websocket_connect("/ws?seat=1") as page:
        receive(page)
        for text, reason in [
            ("not json", "not valid JSON"),
            ('{"type": "draw"}', "missing key 'schema'"),
            (
                '{"schema": "phase10/action", "version": 1, "type": "fly"}',
                "'fly' is not a move",
            ),
            (
                DRAW.replace('"draw", "source": "draw"', '"discard", "card": "R1"'),
                "you must draw a card before you discard (rule R21)",
            ),
            ("x" * 70_000, "a move is at most 65536 characters"),
        ]:
            page.send_text(text)
            message = receive(page)
            assert message["type"] == "refused"
            assert reason in message["reason"]
            assert table.state is before


def test_only_a_free_persons_seat_may_be_played() -> None:
    """A bot's seat, a seat not at the table and a taken seat are refused."""
    table = Table(["Ann", "Bob", "Cleo"], people=[0], seed=5)
    with client_for(table) as client:
        for query, reason in [
            ("seat=1", "seat 1 (Bob) is played by a bot"),
            ("seat=7", "there is no seat 7"),
            ("seat=x", "there is no seat -1"),
            ("seat=%C2%B2", "there is no seat -1"),  # "²" is a digit to str.isdigit
            ("", "choose a seat"),
        ]:
            with client.websocket_connect(f"/ws?{query}") as page:
                assert reason in receive(page)["reason"]
                with pytest.raises(WebSocketDisconnect):
                    page.receive_text()
        with client.websocket_connect("/ws?seat=0") as first:
            receive(first)
            with client.websocket_connect("/ws?seat=0") as second:
                assert "seat 0 is taken" in receive(second)["reason"]
        seats = client.get("/seats").json()
        assert [entry["person"] for entry in seats] == [True, False, False]


def test_the_page_and_its_scripts_are_served() -> None:
    """The page, its script and the table's Python file are served."""
    with client_for(Table(["Ann", "Bob"], people=[0], seed=1)) as client:
        assert "connectToServer" in client.get("/").text
        assert "createGame" in client.get("/static/game.js").text
        assert "class Table" in client.get("/game_table.py").text


def test_bots_play_until_a_person_is_to_move() -> None:
    """After a person's move the bots move on their own, up to the next person."""
    table = Table(["Ann", "Bob", "Cleo"], people=[0], seed=3)
    with client_for(table) as client, client.websocket_connect("/ws?seat=0") as page:
        message = receive(page)
        while message["view"]["current"] != 0 or message["view"]["step"] != "draw":
            message = receive(page)
        assert table.state.current == 0 and table.state.step is Step.DRAW
        assert any(line.startswith("Cleo ") for line in message["log"])


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
        twin.events = table.events
        assert twin.state != table.state
        assert twin.update(viewer) == table.update(viewer)


def test_the_tables_own_example_runs() -> None:
    """The doctest of game_table.Table holds."""
    import doctest

    import game_table

    assert doctest.testmod(game_table).failed == 0


def test_a_binary_frame_is_refused_and_the_page_plays_on() -> None:
    """Bytes instead of a JSON text get a reason, and the seat stays open."""
    table = Table(["Ann", "Bob"], people=[0, 1], seed=3)
    with client_for(table) as client, client.websocket_connect("/ws?seat=1") as page:
        receive(page)
        before = table.state
        page.send_bytes(DRAW.encode())
        assert "not as bytes" in receive(page)["reason"]
        assert table.state is before
        page.send_text(DRAW)
        assert receive(page)["view"]["step"] == "play"
        assert table.state is not before


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


def test_the_server_warns_that_a_seed_gives_the_hands_away(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import server
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)
    server.main(["--seed", "31337"])
    assert "Warning: with --seed 31337" in capsys.readouterr().err
    server.main([])
    assert "Warning" not in capsys.readouterr().err
