"""The web example in a real browser: Debian's chromium, driven by Playwright.

These tests are marked ``browser`` and left out of a plain ``pytest`` run;
``pytest -m browser`` runs them (CI does, see docs/frontends.md). They need
the ``web`` extra, Debian's ``chromium`` and, for the Pyodide page, what
``examples/web/setup_offline.py`` puts together (the tests run it: npm is
needed the first time). Outside CI a missing piece skips them with the
reason; in CI (``CI=true``) it fails them, so none is skipped there.

People play real turns by clicking, the way ``GreedyBot`` would play their
seat; screenshots are saved to ``examples/web/screenshots/``.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import os
import random
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from phase10 import (
    Action,
    Discard,
    Draw,
    End,
    GameState,
    Hit,
    LayPhase,
    PlayerView,
    Skip,
    Step,
    from_json,
    view,
)
from phase10.bots import GreedyBot

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, WebSocket
    from server import Room

pytestmark = pytest.mark.browser

WEB = Path(__file__).resolve().parent.parent / "examples" / "web"
SHOTS = WEB / "screenshots"
CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SEED = 249
"""A game in which, within five turns each, the people draw from both
piles, lay down, hit and play a Skip."""
NUMBER_CARD = re.compile(r"\b[RBYG](?:1[0-2]|[1-9])\b")

sys.path.insert(0, str(WEB))


def need(ready: bool, reason: str) -> None:
    """Skip the test when ``ready`` is false, or fail it in CI."""
    if ready:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}; CI runs every browser test")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's chromium, started by Playwright (never its own download)."""
    extra = all(importlib.util.find_spec(name) for name in ("playwright", "uvicorn"))
    need(extra, "needs the web extra: pip install -e '.[web]'")
    need(CHROMIUM.exists(), "needs Debian's chromium: apt-get install chromium")
    from playwright.sync_api import sync_playwright

    SHOTS.mkdir(exist_ok=True)
    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


def new_page(browser: Browser) -> Page:
    page = browser.new_page(viewport={"width": 1280, "height": 860})
    page.set_default_timeout(60_000)
    return page


def shot(page: Page, name: str) -> None:
    page.screenshot(path=str(SHOTS / name), full_page=True)


def wait_until(condition: Callable[[], bool], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("the game did not get there in time")
        time.sleep(0.02)


# --- playing through the page -------------------------------------------------


def answered(page: Page, do: Callable[[], None]) -> None:
    """Do something on the page, then wait for the engine's answer."""
    before = int(page.get_attribute("body", "data-updates") or "0")
    do()
    page.wait_for_function(f"Number(document.body.dataset.updates) > {before}")


def pick(page: Page, card: str) -> None:
    """Select a card of the hand, clicking the part of it that shows."""
    hand = page.locator(f'#board .hand .card[data-card="{card}"]:not(.selected)')
    hand.locator("xpath=self::*[not(contains(@class, 'grouped'))]").first.click(
        position={"x": 12, "y": 45}
    )


def click_move(page: Page, move: Action) -> None:
    """Make ``move`` by clicking, as a person would."""
    if isinstance(move, Draw):
        pile = f'#board .pile[data-pile="{move.source.value}"]'
        answered(page, lambda: page.click(pile))
    elif isinstance(move, LayPhase):
        for group in move.groups:
            for card in group:
                pick(page, str(card))
            page.click("#group")
        answered(page, lambda: page.click("#lay"))
    elif isinstance(move, Hit):
        pick(page, str(move.card))
        page.set_checked("#low", move.end is End.LOW)
        meld = page.locator(f'#board .meld[data-meld="{move.meld}"]')
        answered(page, lambda: meld.click(position={"x": 4, "y": 6}))
    elif isinstance(move, Discard):
        pick(page, str(move.card))
        answered(page, lambda: page.click("#discard"))
    elif isinstance(move, Skip):
        pick(page, "S")
        target = f'#board .player[data-seat="{move.target}"]'
        answered(
            page, lambda: page.click("#discard" if move.target is None else target)
        )
    else:  # pragma: no cover - a person never deals
        raise AssertionError(move)


def faces_seen(seen: PlayerView) -> set[str]:
    """The number cards a view shows: the hand, the table, the top discard,
    the cards known to be in hands."""
    cards = [*seen.hand, *(c for meld in seen.table for c in meld.cards)]
    cards += [c for player in seen.players for c in player.known]
    if seen.discard_top is not None:
        cards.append(seen.discard_top)
    return {str(card) for card in cards if card.is_number}


# --- the server's game ---------------------------------------------------------


@pytest.fixture
def served(
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[tuple[str, Room, list[GameState]]]:
    """The server on a free loopback port: Ann and Bob are people, Cleo a
    bot; every state the game passes through is recorded."""
    import uvicorn
    from game_table import Table
    from server import MAX_MESSAGE, Room, create_app

    table = Table(["Ann", "Bob", "Cleo"], people=[0, 1], seed=SEED)
    states = [table.state]
    apply = table._apply

    def recording(move: Action, seat: int | None) -> None:
        apply(move, seat)
        states.append(table.state)

    monkeypatch.setattr(table, "_apply", recording)
    room = Room(table, pace=0.05, hand_pause=0.3)
    config = uvicorn.Config(
        create_app(room), log_level="warning", ws_max_size=MAX_MESSAGE
    )
    server = uvicorn.Server(config)
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    thread = threading.Thread(
        target=server.run, kwargs={"sockets": [listening]}, daemon=True
    )
    thread.start()
    wait_until(lambda: server.started, 30)
    yield f"http://127.0.0.1:{port}", room, states
    server.should_exit = True
    thread.join(timeout=30)
    listening.close()


def recorder(frames: list[str]) -> Callable[[WebSocket], None]:
    """Keeps every message a page's WebSocket receives in ``frames``."""

    def record(socket: WebSocket) -> None:
        socket.on(
            "framereceived",
            lambda data: frames.append(
                data if isinstance(data, str) else data.decode()
            ),
        )

    return record


def play_turn(page: Page, room: Room, seat: int, bot: GreedyBot) -> list[Action]:
    """Play ``seat``'s turn on its page, choosing as ``bot`` would."""
    page.wait_for_selector('body[data-turn="yes"]')
    made: list[Action] = []
    state = room.table.state
    while state.current == seat and state.step in (Step.DRAW, Step.PLAY):
        move = bot.choose(view(state, seat))
        click_move(page, move)
        made.append(move)
        state = room.table.state
    return made


def test_two_people_and_a_bot_play_at_one_table_in_their_browsers(
    browser: Browser, served: tuple[str, Room, list[GameState]]
) -> None:
    """Ann and Bob play real turns by clicking; a refused move shows the
    engine's reason and changes nothing; no page ever gets a card of
    another seat that the seat may not see."""
    url, room, states = served
    picker = new_page(browser)
    picker.goto(url + "/")
    picker.wait_for_selector("#seat-list li")
    assert picker.inner_text("#seat-list").splitlines() == [
        "seat 0: Ann",
        "seat 1: Bob",
        "seat 2: Cleo (a bot)",
    ]
    assert not picker.is_visible("#game")
    shot(picker, "server-0-seats.png")

    pages: dict[int, Page] = {}
    frames: dict[int, list[str]] = {0: [], 1: []}
    for seat in (1, 0):
        page = new_page(browser)
        page.on("websocket", recorder(frames[seat]))
        page.goto(f"{url}/?seat={seat}")
        page.wait_for_selector("#board svg")
        pages[seat] = page

    bob = pages[1]  # the dealer is Ann, so Bob plays first
    bob.wait_for_selector('body[data-turn="yes"]')
    shot(bob, "server-1-bob-to-draw.png")
    before = room.table.state
    pick(bob, bob.get_attribute("#board .hand .card", "data-card") or "")
    answered(bob, lambda: bob.click("#discard"))
    message = bob.inner_text("#message")
    assert message == "you must draw a card before you discard (rule R21)"
    assert room.table.state is before
    shot(bob, "server-2-bob-refused.png")

    bots = {0: GreedyBot(random.Random(0)), 1: GreedyBot(random.Random(1))}
    kinds: set[str] = set()
    for _ in range(10):
        wait_until(lambda: not room.table.automatic())
        seat = room.table.state.current
        made = play_turn(pages[seat], room, seat, bots[seat])
        kinds |= {move.name for move in made}
        if any(isinstance(move, LayPhase) for move in made):
            shot(
                pages[seat], f"server-3-{room.table.names[seat].lower()}-laid-down.png"
            )
    assert {"draw", "lay_phase", "hit", "discard", "skip"} <= kinds
    for seat, page in pages.items():
        page.wait_for_function(f"document.body.dataset.updates >= {len(frames[seat])}")
        shot(page, f"server-4-{room.table.names[seat].lower()}-after-ten-turns.png")

    for seat, page in pages.items():
        allowed = set().union(*(faces_seen(view(state, seat)) for state in states))
        shown = {
            card
            for text in [*frames[seat], page.content()]
            for card in NUMBER_CARD.findall(text)
        }
        assert shown <= allowed, f"seat {seat} was sent {shown - allowed}"
        others = {
            str(card)
            for other, player in enumerate(room.table.state.players)
            if other != seat
            for card in player.hand
        }
        assert others - allowed, "the others hold cards this seat never saw"


# --- the game with no server ---------------------------------------------------


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def static_site() -> Iterator[str]:
    """examples/web/ served as plain files on a free loopback port, after
    setup_offline.py has put Pyodide and the wheels in build/."""
    # Always: the wheel of phase10 must be built from the code under test.
    made = subprocess.run([sys.executable, str(WEB / "setup_offline.py")], check=False)
    need(made.returncode == 0, "examples/web/setup_offline.py failed (needs npm)")
    handler = functools.partial(_Quiet, directory=str(WEB))
    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{site.server_address[1]}"
    site.shutdown()
    thread.join(timeout=30)


def page_view(page: Page) -> PlayerView:
    """The view the page's engine shows seat 0 now."""
    text = page.evaluate(
        "() => JSON.stringify(JSON.parse(window.phase10Table.update_json(0)).view)"
    )
    return from_json(str(text), PlayerView)


def test_the_game_runs_in_the_page_under_pyodide_with_no_server(
    browser: Browser, static_site: str
) -> None:
    """offline.html loads Pyodide and the wheels from its own site alone and
    plays: a refused move gets the engine's reason; turns are played."""
    page = new_page(browser)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.set_default_timeout(180_000)
    page.goto(f"{static_site}/static/offline.html?seed={SEED}&pace=20")
    page.wait_for_selector('body[data-engine="ready"]')
    page.wait_for_selector('body[data-turn="yes"]')
    shot(page, "offline-1-ann-to-draw.png")

    first = page.get_attribute("#board .hand .card", "data-card") or ""
    pick(page, first)
    answered(page, lambda: page.click("#discard"))
    assert page.inner_text("#message") == (
        "you must draw a card before you discard (rule R21)"
    )
    assert page_view(page).step is Step.DRAW
    shot(page, "offline-2-ann-refused.png")

    bot = GreedyBot(random.Random(0))
    for _ in range(3):
        page.wait_for_selector('body[data-turn="yes"]')
        seen = page_view(page)
        while seen.is_my_turn:
            click_move(page, bot.choose(seen))
            seen = page_view(page)
    page.wait_for_selector('body[data-turn="yes"]')
    log = page.inner_text("#log")
    assert log.count("Ann discards ") + log.count("Ann skips ") >= 2, log
    shot(page, "offline-3-after-three-turns.png")
    assert requests and all(url.startswith(static_site + "/") for url in requests)


def test_the_offline_page_starts_without_a_seed(
    browser: Browser, static_site: str
) -> None:
    """At the address the docs give, with no ?seed=, the page deals a game
    of its own (the seed came to Python as JsNull, which the engine refused)."""
    page = new_page(browser)
    page.set_default_timeout(180_000)
    page.goto(f"{static_site}/static/offline.html?pace=20")
    page.wait_for_selector('body[data-engine="ready"]')
    page.wait_for_selector('body[data-turn="yes"]')
    assert page_view(page).seat == 0
