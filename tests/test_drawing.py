"""Pictures of the game: ``str(view)``, ``describe_state`` and ``phase10.svg``.

A view's pictures are drawn from the view alone, so they show a seat what
it may see and nothing more (R41): the strongest check here changes every
secret of a state and asserts that every seat's pictures stay the same.
"""

from __future__ import annotations

import itertools
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import attrs
import pytest
from games import played
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scenarios import deal

import phase10
from phase10 import (
    Card,
    Color,
    FormatError,
    GameState,
    GroupKind,
    Meld,
    NotationError,
    Step,
    UsageError,
    apply,
    describe_state,
    discard,
    draw,
    lay_phase,
    new_game,
    parse_action,
    skip,
    svg,
    view,
)
from phase10.bots import GreedyBot

SVG = "{http://www.w3.org/2000/svg}"


def played_to(seed: int, moves: int, players: int = 3) -> GameState:
    """A game of ``players`` bots after ``moves`` moves (or at its end)."""
    return played(None, players, seed, moves)[-1]


def svg_cards(picture: str, section: str | None = None) -> list[str]:
    """The ``data-card`` of each card in an SVG picture (in one section)."""
    root = ET.fromstring(picture)
    if section is not None:
        found = root.find(f".//{SVG}g[@class='{section}']")
        assert found is not None, section
        root = found
    return [
        g.attrib["data-card"] for g in root.iter(f"{SVG}g") if "data-card" in g.attrib
    ]


# --- the text picture ------------------------------------------------------------


@pytest.mark.rule("R41")
def test_a_views_text_shows_the_turn_the_players_the_piles_and_the_hand() -> None:
    """str(view) names whose turn and step, each player's row, the piles and
    the seat's own hand, sorted; groups are numbered from 0 as hits take them."""
    state = deal(
        ["R5 B5 G5 Y7 R7 W Y5 B2 G3 Y4", "B1 Y9 R11 B6 Y8 B8 G8 R3 G10 Y12"],
        starter="G9",
        draw_top="Y11",
        names=["Ann", "Bob"],
    )
    text = str(view(state, 0))
    lines = text.splitlines()
    assert lines[0] == "Hand 1 · dealt by you · Bob's turn: draw a card"
    assert lines[1].split() == ["seat", "name", "cards", "score", "phase"]
    assert lines[2].split()[:4] == ["0", "Ann", "(you)", "10"]
    assert lines[3].startswith(">  1     Bob")
    assert "phase 1: 2 sets of 3" in lines[3]
    assert "Table: nothing laid down yet" in lines
    assert "Discard pile: G9 on top, 1 card · draw pile: 87 cards" in lines
    assert lines[-1] == "Your hand, 10 cards: B2 G3 Y4 R5 B5 Y5 G5 R7 Y7 W"
    # Bob's cards are his alone: Y9, R11 and the others are nowhere in Ann's text.
    for secret in ("Y9", "R11", "B6", "Y12", "Y11"):
        assert secret not in text

    state = discard(draw(state), "Y12")  # Bob's turn; now Ann's
    state = lay_phase(draw(state), ["R5 B5 G5", "Y7 R7 W"])
    lines = str(view(state, 1)).splitlines()
    assert lines[0] == "Hand 1 · dealt by Ann · Ann's turn: hit, then discard"
    assert "laid down" in lines[2]
    assert lines[lines.index("Table:") + 1].split() == [
        "0",
        "Ann",
        "set",
        "of",
        "5s",
        "R5",
        "B5",
        "G5",
    ]
    assert lines[lines.index("Table:") + 2].split()[:5] == [
        "1",
        "Ann",
        "set",
        "of",
        "7s",
    ]
    # The numbers shown are the ones a hit takes.
    row = next(line for line in lines if "set of 5s" in line)
    after = apply(state, parse_action(f"H Y5 {row.split()[0]}"))
    assert "set of 5s  R5 B5 G5 Y5" in str(view(after, 1))


@pytest.mark.rule("R26", "R34", "R41")
def test_the_text_tells_skips_hand_points_and_the_winner() -> None:
    """A pending Skip, a hand's points and the game's winner appear in the picture."""
    state = deal(
        ["R2 R3", "B1 Y9 S", "G1 G2"], starter="G9", names=["Ann", "Bob", "Cy"]
    )
    state = skip(draw(state), 0)  # Bob skips Ann, whose turn comes after Cy's
    assert state.current == 2
    assert "loses a turn" in str(view(state, 2)).splitlines()[2]
    ended = played_to(seed=3, moves=10_000, players=2)
    assert ended.step is Step.GAME_OVER
    winner = ended.players[ended.winner or 0].name
    text = str(view(ended, None))
    assert f"game over: {winner} wins" in text.splitlines()[0]
    assert "hand" in text.splitlines()[1].split()  # the column of the hand's points
    assert "Your hand" not in text  # a spectator holds no hand


def test_a_hand_over_shows_who_went_out_and_each_players_points() -> None:
    """Between hands the picture says who went out and what each player scored."""
    state = new_game(3, seed=8)
    bot = GreedyBot(random.Random(8))
    while state.step is not Step.HAND_OVER:
        state = apply(state, bot.choose(state))
    lines = str(view(state, 2)).splitlines()
    assert state.went_out is not None and state.hand_points is not None
    assert f"hand over: {state.players[state.went_out].name} went out" in lines[0]
    for seat, points in enumerate(state.hand_points):
        assert f"{points:+d}" in lines[2 + seat]


def test_table_groups_are_described_by_kind() -> None:
    """Sets, runs, colour groups and colour runs each read as what they are."""
    from phase10._text import meld_text

    red = Color.RED
    cards = phase10.parse_cards
    assert meld_text(Meld(0, GroupKind.SET, cards("R5 B5 W"), number=5)) == "set of 5s"
    assert meld_text(Meld(0, GroupKind.SET, cards("W W"))) == "set of Wilds"
    assert meld_text(Meld(0, GroupKind.RUN, cards("R3 B4 W"), low=3)) == "run 3-5"
    assert meld_text(Meld(0, GroupKind.COLOR, cards("R3 R9"), color=red)) == "red cards"
    assert meld_text(Meld(0, GroupKind.COLOR, cards("W W"))) == "cards of one colour"
    assert (
        meld_text(Meld(0, GroupKind.COLOR_RUN, cards("R3 R4"), color=red, low=3))
        == "red run 3-4"
    )


def test_describe_state_shows_every_hand_and_both_piles() -> None:
    """The referee's picture lists each hand and the piles in full, top first."""
    state = played_to(seed=4, moves=12)
    text = describe_state(state)
    assert text.startswith(str(view(state, None)))
    for seat, player in enumerate(state.players):
        assert f"   {seat:<2}  {player.name}" in text
        assert phase10.format_cards(sorted(player.hand)) in text
    assert f"Draw pile, top first: {phase10.format_cards(state.draw_pile)}" in text
    assert (
        f"Discard pile, top first: {phase10.format_cards(state.discard_pile)}" in text
    )


def test_a_tiebreak_hand_shows_who_sits_out() -> None:
    """In a tie-break hand the players who are not in it sit out (R38)."""
    state = attrs.evolve(new_game(3, seed=2), contenders=(0, 2), tiebreak=True)
    lines = str(view(state, 0)).splitlines()
    assert lines[0].startswith("Tie-break hand 1")
    assert "sits out this hand" in lines[3]
    assert "phase 10:" in lines[2]


# --- pictures --------------------------------------------------------------------


def test_a_card_picture_names_its_card_and_scales() -> None:
    """svg.card draws one card, tagged with its notation; size sets the width."""
    for text in ("R7", "B12", "W", "S"):
        picture = svg.card(text)
        assert svg_cards(picture) == [text]
        assert ET.fromstring(picture).attrib["width"] == "60"
    assert ET.fromstring(svg.card(Card.parse("G3"), size=120)).attrib["height"] == "180"
    assert svg_cards(svg.back()) == []
    with pytest.raises(NotationError):
        svg.card("R13")
    for size in (0, -5, float("inf"), float("nan")):
        with pytest.raises(FormatError, match="size is a width in pixels above 0"):
            svg.card("R7", size=size)
    wrong: tuple[Any, ...] = (True, "big")
    for size in wrong:
        with pytest.raises(UsageError, match="size is a width in pixels"):
            svg.card("R7", size=size)


def test_a_hand_and_a_table_keep_their_order_and_labels() -> None:
    """svg.hand draws cards in the order given; svg.table labels each group."""
    assert svg_cards(svg.hand(["W", "R7", "b3"])) == ["W", "R7", "B3"]
    state = played_to(seed=5, moves=40)
    assert state.table, "the bots laid down by then"
    names = [player.name for player in state.players]
    picture = svg.table(state.table, names=names)
    assert svg_cards(picture) == [str(c) for meld in state.table for c in meld.cards]
    root = ET.fromstring(picture)
    labels = [t.text for t in root.iter(f"{SVG}text")]
    from phase10._text import meld_text

    first = state.table[0]
    assert f"0 · {names[first.owner]} · {meld_text(first)}" in labels
    assert "seat 0" in svg.table(
        [Meld(0, GroupKind.SET, phase10.parse_cards("R5 B5 G5"), 5)]
    )
    assert "nothing laid down yet" in svg.table([])
    with pytest.raises(UsageError, match="a table is a sequence of Meld"):
        svg.table(["R5 B5 G5"])  # type: ignore[list-item]


def test_a_view_picture_holds_the_seats_hand_and_public_cards_only() -> None:
    """svg.view draws the seat's hand (sorted), the table and the top discard."""
    state = played_to(seed=5, moves=40)
    for seat in range(len(state.players)):
        seen = view(state, seat)
        picture = svg.view(seen)
        assert seen._repr_svg_() == picture
        assert svg_cards(picture, "hand") == [str(c) for c in sorted(seen.hand)]
        table = [str(c) for meld in seen.table for c in meld.cards]
        assert svg_cards(picture, "table") == table
        assert Counter(svg_cards(picture)) == Counter(
            [str(seen.discard_top), *table, *map(str, seen.hand)]
        )
    spectator = svg.view(view(state, None))
    assert 'class="hand"' not in spectator
    with pytest.raises(UsageError, match="pass view"):
        svg.view(state)  # type: ignore[arg-type]


def test_names_are_escaped_in_pictures() -> None:
    """A player's name cannot break the SVG: it is written as text."""
    state = new_game(['<b>&"Ann"', "Bob"], seed=1)
    root = ET.fromstring(svg.view(view(state, 0)))
    texts = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert any('<b>&"Ann" (you)' in text for text in texts)


def test_cards_show_themselves_as_pictures() -> None:
    """A card's _repr_svg_ is its svg.card picture (Jupyter shows it)."""
    card = Card.parse("Y4")
    assert card._repr_svg_() == svg.card(card)


# --- nothing secret ----------------------------------------------------------------


def hidden_twin(state: GameState, seat: int | None, rng: random.Random) -> GameState:
    """``state`` with its secrets from ``seat`` changed: the seed, the draw
    pile's order and the other hands, keeping their publicly known cards."""
    pool = list(state.draw_pile)
    players = list(state.players)
    hidden: list[tuple[int, list[Card]]] = []
    for other, player in enumerate(players):
        if other == seat:
            continue
        rest = list((Counter(player.hand) - Counter(player.known)).elements())
        pool.extend(rest)
        hidden.append((other, list(player.known)))
    rng.shuffle(pool)
    for other, kept in hidden:
        size = len(players[other].hand)
        hand = kept + [pool.pop() for _ in range(size - len(kept))]
        rng.shuffle(hand)
        players[other] = attrs.evolve(players[other], hand=tuple(hand))
    return attrs.evolve(
        state, players=tuple(players), draw_pile=tuple(pool), seed=rng.randrange(2**64)
    )


@given(
    seed=st.integers(0, 2**32), moves=st.integers(0, 300), shake=st.integers(0, 2**32)
)
@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])
@pytest.mark.rule("R41")
def test_pictures_do_not_change_when_only_secrets_do(
    seed: int, moves: int, shake: int
) -> None:
    """Every seat's text and SVG pictures are the same for two states that
    differ only in what that seat may not see."""
    state = played_to(seed, moves, players=2 + seed % 4)
    rng = random.Random(shake)
    for seat in [None, *range(len(state.players))]:
        twin = hidden_twin(state, seat, rng)
        assert view(twin, seat).hand == view(state, seat).hand
        assert str(view(twin, seat)) == str(view(state, seat))
        assert svg.view(view(twin, seat)) == svg.view(view(state, seat))


def test_the_twin_changes_what_describe_state_shows() -> None:
    """The twins above do differ in secrets: the referee's picture tells them apart."""
    state = played_to(seed=9, moves=30)
    twin = hidden_twin(state, 0, random.Random(1))
    assert describe_state(twin) != describe_state(state)
    assert re.search(r"Draw pile, top first: \S", describe_state(state))


def test_a_number_card_shows_its_colours_letter_as_well_as_its_hue() -> None:
    """Colours are told apart by more than colour: each number card's corners
    carry its number and its colour's letter (R, B, Y, G)."""
    for card in phase10.FACES:
        if not card.is_number:
            continue
        root = ET.fromstring(card._repr_svg_())
        texts = [element.text for element in root.iter(f"{SVG}text")]
        code = str(card)[0]
        assert texts.count(code) == 2, (card, texts)
        assert texts.count(str(card.number)) == 3, (card, texts)


# --- layout: a phone's picture and groups that never overlap ------------------------

_TRANSLATE = re.compile(r"translate\(([-\d.]+) ([-\d.]+)\)(?: scale\(([\d.]+)\))?")


def card_boxes(
    picture: str, section: str | None = None
) -> list[tuple[float, float, float, float]]:
    """Each card's box (left, top, right, bottom) in an SVG picture, in order."""
    root = ET.fromstring(picture)
    if section is not None:
        found = root.find(f".//{SVG}g[@class='{section}']")
        assert found is not None, section
        root = found
    boxes = []
    for g in root.iter(f"{SVG}g"):
        if "data-card" not in g.attrib:
            continue
        found_place = _TRANSLATE.fullmatch(g.attrib["transform"])
        assert found_place, g.attrib["transform"]
        x, y, scale = found_place.groups()
        factor = float(scale or 1)
        left, top = float(x), float(y)
        boxes.append((left, top, left + 60 * factor, top + 90 * factor))
    return boxes


def group_boxes(picture: str) -> list[tuple[float, float, float, float]]:
    """The box around the cards of each group on the table, by group."""
    root = ET.fromstring(picture)
    boxes = []
    for meld in root.iter(f"{SVG}g"):
        if meld.attrib.get("class") != "meld":
            continue
        cards = card_boxes(ET.tostring(meld, encoding="unicode"))
        boxes.append(
            (
                min(b[0] for b in cards),
                min(b[1] for b in cards),
                max(b[2] for b in cards),
                max(b[3] for b in cards),
            )
        )
    return boxes


def overlap(
    a: tuple[float, float, float, float], b: tuple[float, float, float, float]
) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def many_groups() -> tuple[Meld, ...]:
    """Six groups on the table, two of them long runs, from three owners."""
    texts = [
        (0, GroupKind.SET, "R5 B5 G5"),
        (0, GroupKind.RUN, "R1 B2 G3 Y4 R5 B6 G7 Y8 R9"),
        (1, GroupKind.COLOR, "G1 G4 G7 G9 G11 G12 W"),
        (1, GroupKind.SET, "B12 Y12 G12 R12"),
        (2, GroupKind.RUN, "Y3 Y4 W Y6 Y7 Y8 Y9 Y10"),
        (2, GroupKind.SET, "W W R2"),
    ]
    return tuple(
        Meld(owner, kind, phase10.parse_cards(cards), len(cards.split()))
        for owner, kind, cards in texts
    )


@pytest.mark.parametrize("narrow", [False, True])
def test_groups_on_the_table_never_overlap(narrow: bool) -> None:
    """However many groups are down, each is drawn clear of the others, and
    every card of a group shows its corner (no two cards at one place)."""
    state = attrs.evolve(new_game(["Ann", "Bob", "Cleo"], seed=3), table=many_groups())
    for picture in (
        svg.table(state.table),
        svg.view(view(state, 0), narrow=narrow),
    ):
        width = float(ET.fromstring(picture).attrib["viewBox"].split()[2])
        boxes = group_boxes(picture)
        assert len(boxes) == len(state.table)
        for first, second in itertools.combinations(boxes, 2):
            assert not overlap(first, second), (first, second)
        assert all(box[0] >= 0 and box[2] <= width for box in boxes)
        for meld in ET.fromstring(picture).iter(f"{SVG}g"):
            if meld.attrib.get("class") == "meld":
                lefts = [
                    b[0] for b in card_boxes(ET.tostring(meld, encoding="unicode"))
                ]
                assert min(b - a for a, b in itertools.pairwise(lefts)) >= 20


def test_the_narrow_picture_fits_a_phone_and_shows_what_the_wide_one_does() -> None:
    """svg.view(narrow=True) is 380 wide with every card inside it; the hand
    is in rows with a finger's width of each card showing; it holds the same
    cards, with the same data- attributes, as the wide picture."""
    for state, seat in itertools.product(
        (new_game(["Ann", "Bob", "Cleo"], seed=2), played_to(seed=5, moves=40)),
        (0, 1, None),
    ):
        seen = view(state, seat)
        wide, narrow = svg.view(seen), svg.view(seen, narrow=True)
        root = ET.fromstring(narrow)
        assert root.attrib["viewBox"].split()[2] == "380"
        assert float(ET.fromstring(wide).attrib["viewBox"].split()[2]) > 380
        assert svg_cards(narrow) == svg_cards(wide)
        for attribute in ("data-pile", "data-seat", "data-meld", "data-place"):
            assert narrow.count(attribute) == wide.count(attribute), attribute
        height = float(root.attrib["viewBox"].split()[3])
        for box in card_boxes(narrow):
            assert box[0] >= 0 and box[2] <= 380 and box[1] >= 0 and box[3] <= height
        if seat is None:
            assert 'class="hand"' not in narrow
            continue
        hand = card_boxes(narrow, "hand")
        assert len(hand) == len(seen.hand)
        rows: dict[float, list[float]] = {}
        for left, top, _, _ in hand:
            rows.setdefault(top, []).append(left)
        assert len(rows) == (1 if len(hand) <= 8 else 2), "eight cards to a row"
        for lefts in rows.values():
            assert all(b - a == 44 for a, b in itertools.pairwise(lefts))


def test_narrow_is_true_or_false() -> None:
    seen = view(new_game(["Ann", "Bob"], seed=1), 0)
    with pytest.raises(UsageError, match="narrow is True or False"):
        svg.view(seen, narrow="yes")  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="narrow is True or False"):
        svg.view(seen, narrow=1)  # type: ignore[arg-type]
