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

import contextlib
import functools
import http.server
import importlib.util
import itertools
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import phase10
from phase10 import (
    Action,
    Discard,
    Draw,
    End,
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
    from game_table import Table
    from playwright.sync_api import Browser, Page, WebSocket
    from room import Server

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


class Served:
    """A server on a free loopback port."""

    def __init__(self, url: str, server: Server) -> None:
        self.url, self.server = url, server

    def game(self) -> Table:
        """The game of the server's only table."""
        (setting,) = self.server.lobby.tables.values()
        assert setting.game is not None
        return setting.game


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def serving(*, turn_seconds: float = 600) -> Iterator[Served]:
    """The server in this process, tables dealt from SEED on: bots move
    every 0.05 s, a hand's scores stay up 0.3 s."""
    import uvicorn
    from lobby import Lobby
    from room import Server
    from server import TRANSPORT_LIMIT, create_app
    from store import MemoryStore

    server = Server(
        Lobby(MemoryStore(), seed_for_tests=SEED),
        pace=0.05,
        hand_pause=0.3,
        turn_seconds=turn_seconds,
    )
    config = uvicorn.Config(
        create_app(server), log_level="warning", ws_max_size=TRANSPORT_LIMIT
    )
    running = uvicorn.Server(config)
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    thread = threading.Thread(
        target=running.run, kwargs={"sockets": [listening]}, daemon=True
    )
    thread.start()
    wait_until(lambda: running.started, 30)
    try:
        yield Served(f"http://127.0.0.1:{port}", server)
    finally:
        running.should_exit = True
        thread.join(timeout=30)
        listening.close()


@pytest.fixture
def served() -> Iterator[Served]:
    with serving() as running:
        yield running


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


def make_table(
    page: Page, url: str, name: str, people: int, bots: int, rules: str = "official"
) -> str:
    """Make a table from the lobby's form, as a person would: its address."""
    page.goto(url + "/")
    page.wait_for_selector("#rules option", state="attached")
    page.select_option("#rules", rules)
    page.fill("#create [name=name]", name)
    page.fill("#create [name=people]", str(people))
    page.fill("#create [name=bots]", str(bots))
    page.click("#create button")
    page.wait_for_url(re.compile(r".*/table/[A-Za-z0-9_-]+$"))
    return page.url


def invite_link(page: Page) -> str:
    """The invite link the host's page shows while the table waits."""
    page.wait_for_selector("#waiting:not([hidden])")
    page.wait_for_function(
        "document.querySelector('#share').textContent.includes('#invite=')"
    )
    return page.inner_text("#share")


def join_table(page: Page, address: str, name: str) -> None:
    page.goto(address)
    page.wait_for_selector("#join:not([hidden])")
    page.fill("#join [name=name]", name)
    page.click("#join button")


def play_turn(page: Page, served: Served, seat: int, bot: GreedyBot) -> list[Action]:
    """Play ``seat``'s turn on its page, choosing as ``bot`` would."""
    page.wait_for_selector('body[data-turn="yes"]')
    made: list[Action] = []
    state = served.game().state
    while state.current == seat and state.step in (Step.DRAW, Step.PLAY):
        move = bot.choose(view(state, seat))
        click_move(page, move)
        made.append(move)
        state = served.game().state
    return made


def two_people(browser: Browser, served: Served) -> tuple[str, dict[int, Page]]:
    """Ann makes a table for two people and a bot; Bob joins it from its
    link: the table's address and the two pages, by seat."""
    ann = new_page(browser)
    address = make_table(ann, served.url, "Ann", people=2, bots=1)
    ann.wait_for_selector("#waiting:not([hidden])")
    assert ann.inner_text("#seat-list").splitlines()[:2] == [
        "seat 0: Ann (you) · here",
        "seat 1: free",
    ]
    invite = ann.inner_text("#share")
    assert ann.is_visible("#start") and invite.startswith(address + "#invite=")
    shot(ann, "server-0-waiting.png")
    bob = new_page(browser)
    join_table(bob, invite, "Bob")
    bob.wait_for_selector("#board svg")
    assert bob.url == address  # the invite is out of sight and history
    for page in (ann, bob):
        page.wait_for_selector("#board svg")
    return address, {0: ann, 1: bob}


def test_two_people_and_a_bot_play_at_one_table_in_their_browsers(
    browser: Browser, served: Served
) -> None:
    """Ann makes a table, Bob joins it by name, and they play real turns by
    clicking; a refused move shows the engine's reason and changes nothing;
    no page ever gets a card of another seat that the seat may not see."""
    frames: dict[int, list[str]] = {0: [], 1: []}
    _, pages = two_people(browser, served)
    for seat, page in pages.items():
        page.on("websocket", recorder(frames[seat]))
        page.reload()  # the token kept in the browser gets the seat back
        page.wait_for_selector("#board svg")
        assert page.get_attribute("body", "data-connection") == "open"

    bob = pages[1]  # the dealer is Ann, so Bob plays first
    bob.wait_for_selector('body[data-turn="yes"]')
    shot(bob, "server-1-bob-to-draw.png")
    before = served.game().state
    pick(bob, bob.get_attribute("#board .hand .card", "data-card") or "")
    answered(bob, lambda: bob.click("#discard"))
    message = bob.inner_text("#message")
    assert message == "you must draw a card before you discard (rule R21)"
    assert served.game().state is before
    shot(bob, "server-2-bob-refused.png")

    bots = {0: GreedyBot(random.Random(0)), 1: GreedyBot(random.Random(1))}
    kinds: set[str] = set()
    for _ in range(10):
        wait_until(lambda: not served.game().automatic())
        seat = served.game().state.current
        made = play_turn(pages[seat], served, seat, bots[seat])
        kinds |= {move.name for move in made}
        if any(isinstance(move, LayPhase) for move in made):
            name = served.game().names[seat].lower()
            shot(pages[seat], f"server-3-{name}-laid-down.png")
    assert {"draw", "lay_phase", "hit", "discard", "skip"} <= kinds
    for seat, page in pages.items():
        page.wait_for_function(f"document.body.dataset.updates >= {len(frames[seat])}")
        shot(page, f"server-4-{served.game().names[seat].lower()}-after-ten-turns.png")

    game = served.game()
    states = phase10.replay(game.record)  # every state of the game so far
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
            for other, player in enumerate(game.state.players)
            if other != seat
            for card in player.hand
        }
        assert others - allowed, "the others hold cards this seat never saw"

    # The pages were sent what changed: each put its update together again.
    wait_until(lambda: not served.game().automatic())
    assert any('"type": "patch"' in text for text in frames[0])
    for seat, page in pages.items():
        expected = served.game().update(seat)
        page.wait_for_function(f"window.lastUpdate.moves === {expected['moves']}")
        shown = page.evaluate("window.lastUpdate")
        assert shown["picture"] == expected["picture"]
        assert shown["view"] == expected["view"] and shown["log"] == expected["log"]


def test_no_one_takes_a_seat_without_its_token(
    browser: Browser, served: Served
) -> None:
    """A page opening the table's link without the token watches: it sees no
    hand and its moves are refused. A page of another site cannot open a
    seat even with the token: the server checks the socket's Origin."""
    address, pages = two_people(browser, served)
    before = served.game().state
    watcher = new_page(browser)
    watcher.goto(address)
    watcher.wait_for_selector("#board svg")
    assert watcher.inner_text("#where") == "watching"
    assert watcher.locator("#board .hand .card").count() == 0
    for button in ("#discard", "#group", "#lay", "#clear", "#low", "#hint"):
        assert not watcher.locator(button).is_visible(), button
    assert pages[0].locator("#discard").is_visible()
    answered(watcher, lambda: watcher.click('#board .pile[data-pile="draw"]'))
    assert "you are watching" in watcher.inner_text("#message")
    assert served.game().state is before
    shot(watcher, "server-5-watching.png")

    token = pages[1].evaluate(
        "(table) => localStorage.getItem(`phase10-token:${table}`)",
        address.rsplit("/", 1)[1],
    )
    assert token
    with other_site() as elsewhere:
        evil = new_page(browser)
        evil.goto(elsewhere)
        answer = evil.evaluate(
            """([url, token]) => new Promise((resolve) => {
                const socket = new WebSocket(url);
                const got = [];
                const hello = JSON.stringify({type: "hello", token});
                socket.onopen = () => socket.send(hello);
                socket.onmessage = (event) => got.push(JSON.parse(event.data));
                socket.onclose = (event) => resolve({code: event.code, got});
            })""",
            [address.replace("http", "ws").replace("/table/", "/ws/"), token],
        )
    assert answer["code"] == 4003
    assert [m["type"] for m in answer["got"]] == ["refused"]
    assert "this server's own pages" in answer["got"][0]["reason"]
    assert served.game().state is before


@contextlib.contextmanager
def other_site() -> Iterator[str]:
    """An empty page on another origin (another port of localhost)."""
    handler = functools.partial(_Quiet, directory=str(WEB / "static"))
    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://localhost:{site.server_address[1]}/style.css"
    finally:
        site.shutdown()
        thread.join(timeout=30)


def test_a_private_table_is_joined_by_its_link_and_its_host_frees_a_seat(
    browser: Browser, served: Served
) -> None:
    """A table is private by default: the lobby does not list it, its link
    without the invite does not let anyone join, the invite link does; the
    host frees a seat taken by mistake and that page is told."""
    ann = new_page(browser)
    address = make_table(ann, served.url, "Ann", people=3, bots=0)
    invite = invite_link(ann)
    stranger = new_page(browser)
    stranger.goto(served.url + "/")
    stranger.wait_for_selector("#tables")
    assert address.rsplit("/", 1)[1] not in stranger.inner_html("#tables")
    join_table(stranger, address, "Eve")  # the address alone
    stranger.wait_for_function(
        "document.querySelector('#waiting-message').textContent.includes('invite link')"
    )
    bob = new_page(browser)
    join_table(bob, invite, "Bob")
    ann.wait_for_function(  # Bob's page is at the table
        "document.querySelector('#seat-list').textContent.includes('Bob · here')"
    )
    ann.click("#seat-list button.free")
    bob.wait_for_selector('body[data-connection="closed"]')
    assert "freed your seat" in bob.inner_text("#connection")
    ann.wait_for_function(
        "document.querySelector('#seat-list').textContent.includes('seat 1: free')"
    )
    assert served.server.lobby.tables[address.rsplit("/", 1)[1]].seats[1].name is None


def test_the_hint_button_shows_the_outs_the_odds_and_the_advised_move(
    browser: Browser, served: Served
) -> None:
    """Hint shows what phase10.analysis makes of the seat's own view."""
    from phase10 import analysis

    page = new_page(browser)
    make_table(page, served.url, "Ann", people=1, bots=1)
    page.wait_for_selector('body[data-turn="yes"]')
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden])")
    shown = page.inner_text("#hint-box")
    expected = analysis.hint(view(served.game().state, 0))
    best = expected["advice"][0]
    assert f"Advised: {best['notation']}: {best['reason']}." in shown
    assert f"Phase {expected['phase']} ({expected['phase_text']})." in shown
    assert f"{round(100 * expected['odds']['1'])}% within 1 draw" in shown
    shot(page, "server-9-hint.png")


def test_a_bot_plays_the_turn_of_a_person_whose_time_runs_out(
    browser: Browser,
) -> None:
    """The page counts the turn down; when it runs out a bot plays and the
    page says so, until the person presses I'm back."""
    with serving(turn_seconds=3) as running:
        ann = new_page(browser)
        make_table(ann, running.url, "Ann", people=1, bots=1)
        ann.wait_for_selector('body[data-turn="yes"]')
        ann.wait_for_function(
            "/Your turn: [0-9] s left/.test(document.querySelector('#status')"
            ".textContent)"
        )
        ann.wait_for_selector('body[data-away="yes"]', timeout=20_000)
        assert ann.is_visible("#away")
        assert "a bot is playing your turns" in ann.inner_text("#message")
        assert 0 in running.game().away
        shot(ann, "server-6-away.png")
        moves = len(running.game().record.actions)
        wait_until(lambda: len(running.game().record.actions) > moves + 3, 30)
        ann.click("#back")
        ann.wait_for_selector('body[data-away="no"]')
        assert 0 not in running.game().away
        ann.wait_for_selector('body[data-turn="yes"]')


def test_a_phone_gets_the_narrow_picture_and_big_enough_targets(
    browser: Browser, served: Served
) -> None:
    """On a 390-pixel screen the picture is laid out for it: cards, rows
    and buttons at least 44 pixels, text at least 12; a tap draws."""
    phone = browser.new_page(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    phone.set_default_timeout(60_000)
    make_table(phone, served.url, "Ann", people=1, bots=1)
    phone.wait_for_selector('body[data-turn="yes"]')
    picture = phone.locator("#board svg")
    assert (picture.get_attribute("viewBox") or "").split()[2] == "380"
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "the page scrolls sideways"
    cards = phone.locator("#board .hand .card").all()
    shown = [card.bounding_box() for card in cards]
    lefts = [box["x"] for box in shown if box][:5]  # the first row of the hand
    assert min(b - a for a, b in itertools.pairwise(lefts)) >= 43
    for target in ("#discard", "#group", "#lay", "#clear"):
        box = phone.locator(target).bounding_box()
        assert box and box["height"] >= 44, target
    sizes = phone.evaluate(
        """() => {
            const svg = document.querySelector('#board svg');
            const scale = svg.getBoundingClientRect().width / 380;
            const size = (text) => parseFloat(getComputedStyle(text).fontSize) * scale;
            const texts = Array.from(svg.querySelectorAll('text'));
            const corner = (text) => text.closest('.card') && size(text) < 12;
            return {
                words: Math.min(...texts.filter((t) => !corner(t)).map(size)),
                corners: Math.min(...texts.map(size)),
            };
        }"""
    )
    # As the docs say: the words at least 12 px, a card's corner index
    # smaller (about 9 px), the card's big middle number much larger.
    assert sizes["words"] >= 12
    assert 8 <= sizes["corners"] < 12
    shot(phone, "server-7-phone.png")
    answered(phone, lambda: phone.tap('#board .pile[data-pile="draw"]'))
    assert phone.get_attribute("body", "data-step") == "play"


@pytest.mark.rule("R44", "R46")
def test_a_person_chooses_a_phase_and_saves_a_card_by_clicking(
    browser: Browser, served: Served
) -> None:
    """At a Masters Edition table the page offers the open phases as buttons
    with what each asks for (a finger's size on a phone); after a click on
    one and a draw, Save puts the selected card on the save pile, which the
    page then shows."""
    ann = new_page(browser)
    make_table(ann, served.url, "Ann", people=1, bots=1, rules="masters")
    ann.wait_for_selector('body[data-turn="yes"][data-step="choose"]')
    phases = ann.locator("#suggestions button.phase")
    assert phases.count() == 10
    assert phases.first.inner_text() == "Phase 1: 2 sets of 3"
    assert ann.is_hidden("#save")
    assert ann.inner_text("#saved") == "Your save pile: empty."
    shot(ann, "server-9-masters-choose.png")
    ann.set_viewport_size({"width": 390, "height": 844})  # a phone's width
    for box in [phase.bounding_box() for phase in phases.all()]:
        assert box and box["height"] >= 44 and box["x"] + box["width"] <= 390
    ann.set_viewport_size({"width": 1280, "height": 860})
    answered(ann, lambda: ann.click("#suggestions button.phase >> nth=3"))
    assert served.game().state.players[0].active == 3  # phase 4, from 0

    ann.wait_for_selector('body[data-turn="yes"][data-step="draw"]')
    assert ann.is_hidden("#save") and ann.locator("#suggestions .phase").count() == 0
    answered(ann, lambda: ann.click('#board .pile[data-pile="draw"]'))
    assert ann.is_visible("#save")
    card = ann.get_attribute("#board .hand .card", "data-card") or ""
    pick(ann, card)
    answered(ann, lambda: ann.click("#save"))
    assert served.game().state.players[0].saved == phase10.parse_cards(card)
    assert ann.inner_text("#saved") == f"Your save pile: {card}."
    assert f"Ann saves {card}." in ann.inner_text("#log")
    shot(ann, "server-10-masters-saved.png")


def test_the_pages_reconnect_to_a_server_killed_and_restarted(
    browser: Browser, tmp_path: Path
) -> None:
    """The server is killed with SIGKILL mid-game: the pages say so and keep
    trying; started again on the same SQLite file, it has every move, and the
    pages come back to the same hands by themselves."""
    db, port = tmp_path / "games.sqlite", free_port()
    url = f"http://127.0.0.1:{port}"

    def start() -> subprocess.Popen[bytes]:
        command = [sys.executable, str(WEB / "server.py"), "--db", str(db)]
        command += ["--port", str(port), "--pace", "0.05", "--seed", str(SEED)]
        command += ["--test", "--turn-seconds", "600"]
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        wait_until(lambda: _listening(port), 30)
        return process

    process = start()
    try:
        ann = new_page(browser)
        make_table(ann, url, "Ann", people=2, bots=0)
        bob = new_page(browser)
        join_table(bob, invite_link(ann), "Bob")
        bot = GreedyBot(random.Random(3))
        for _ in range(6):  # six turns, by whoever's turn it is
            page = to_play(ann, bob)
            seen = page_seen(page)
            while seen.is_my_turn:
                click_move(page, bot.choose(seen))
                seen = page_seen(page)
        hands = {page: page_seen(page).hand for page in (ann, bob)}
        moves = ann.evaluate("window.lastUpdate.moves")
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
        for page in (ann, bob):
            page.wait_for_selector('body[data-connection="reconnecting"]')
            assert "Connection lost" in page.inner_text("#connection")
        shot(ann, "server-8-connection-lost.png")
        process = start()
        for page in (ann, bob):
            page.wait_for_selector('body[data-connection="open"]', timeout=60_000)
            page.wait_for_function(f"window.lastUpdate.moves >= {moves}")
            assert page.evaluate("window.lastUpdate.moves") == moves
            assert page_seen(page).hand == hands[page]
        page = to_play(ann, bob)
        answered(page, lambda: page.click('#board .pile[data-pile="draw"]'))
        assert page_seen(page).step is Step.PLAY
    finally:
        process.kill()
        process.wait(timeout=30)


def to_play(*pages: Page) -> Page:
    """The page whose turn it is, once one is."""
    found: list[Page] = []

    def one() -> bool:
        found[:] = [p for p in pages if p.get_attribute("body", "data-turn") == "yes"]
        return bool(found)

    wait_until(one)
    return found[0]


def _listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


def page_seen(page: Page) -> PlayerView:
    """The view the page was last sent."""
    text = page.evaluate("JSON.stringify(window.lastUpdate.view)")
    return from_json(str(text), PlayerView)


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
