"""Pictures of cards, hands, the table and a player's view, as SVG text.

In the manner of ``chess.svg``: each function returns the text of one
``<svg>`` picture, ready to write to a file, put in a web page or show in
Jupyter (cards and views show themselves there, through ``_repr_svg_``).
No dependency and no I/O.

>>> from phase10 import new_game, parse_cards, view
>>> from phase10 import svg
>>> svg.card("R7")[:40]
'<svg xmlns="http://www.w3.org/2000/svg" '
>>> picture = svg.view(view(new_game(["Ann", "Bob"], seed=5), 0))
>>> picture.count('class="card"'), picture.count('class="card back"')
(11, 1)

Every card of a picture is a ``<g class="card" data-card="R7">`` element,
so a page can find the cards and make them clickable. In :func:`view`,
the hand's cards also carry ``data-place`` (their place in the hand as
drawn, from 0), each table group is a ``<g class="meld" data-meld="0">``,
each player a ``<g class="player" data-seat="1">`` and each pile a
``<g class="pile" data-pile="draw">`` (or ``"discard"``).

.. versionadded:: 0.1
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from html import escape
from typing import Final, cast

from ._cards import CardLike, _iterate, as_card
from ._errors import FormatError, UsageError, shown
from ._state import GameState, Meld, Step
from ._svgcard import CARD_HEIGHT, CARD_WIDTH, FONT, document, face, number
from ._svgcard import back as _back
from ._text import cards_count, header, meld_text, player_status
from ._view import PlayerView

__all__ = ["back", "card", "hand", "table", "view"]

_MARGIN: Final = 12
_HAND_STEP: Final = 40
"""How far apart the cards of a hand are drawn: they overlap, showing the corner."""
_MELD_SCALE: Final = 0.6
_MELD_STEP: Final = 17
_CELL_WIDTH: Final = 250
_CELL_HEIGHT: Final = 20 + CARD_HEIGHT * _MELD_SCALE + 10
_ROW_HEIGHT: Final = 22
_LEAST_WIDTH: Final = 780


def _size(size: float | None) -> float | None:
    if size is None:
        return None
    number_ = isinstance(size, (int, float)) and not isinstance(size, bool)
    if number_ and 0 < size < math.inf:
        return size
    if not number_:
        raise UsageError(f"size is a width in pixels, not {shown(size)}")
    raise FormatError(f"size is a width in pixels above 0, not {shown(size)}")


def _label(x: float, y: float, text: str, *, size: int = 13, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{number(x)}" y="{number(y)}" font-family="{FONT}" '
        f'font-size="{size}"{weight} fill="#1b1b1b">{escape(text)}</text>'
    )


def card(card: CardLike, *, size: float | None = None) -> str:
    """A picture of one card, given as a :class:`~phase10.Card` or its
    notation (``"R7"``, ``"W"``, ``"S"``); ``size`` is its width in pixels.

    Raises :class:`~phase10.NotationError` for anything that is not a card.

    .. versionadded:: 0.1
    """
    text = str(as_card(card))
    return document(CARD_WIDTH, CARD_HEIGHT, face(text), size=_size(size))


def back(*, size: float | None = None) -> str:
    """A picture of a card lying face down, as on the draw pile.

    .. versionadded:: 0.1
    """
    return document(CARD_WIDTH, CARD_HEIGHT, _back(), size=_size(size))


def _row_of_cards(texts: Sequence[str], x: float, y: float, *, places: bool) -> str:
    return "".join(
        face(
            text,
            x=x + place * _HAND_STEP,
            y=y,
            attributes=f'data-place="{place}"' if places else "",
        )
        for place, text in enumerate(texts)
    )


def hand(cards: Iterable[CardLike], *, size: float | None = None) -> str:
    """A picture of cards side by side, overlapping, in the order given.

    ``size`` is the picture's width in pixels (by default one card is 60
    pixels wide). Each card carries ``data-place``, its place from 0.

    .. versionadded:: 0.1
    """
    if isinstance(cards, str):
        raise UsageError(
            f"svg.hand draws cards, not the text {shown(cards)}: read it with "
            "parse_cards"
        )
    texts = [str(as_card(one)) for one in _iterate(cards, "a sequence of cards")]
    width = CARD_WIDTH + max(len(texts) - 1, 0) * _HAND_STEP
    body = _row_of_cards(texts, 0, 0, places=True)
    return document(width, CARD_HEIGHT, body, size=_size(size))


def _meld(meld: Meld, index: int, owner: str, x: float, y: float) -> str:
    label = _label(x, y + 13, f"{index} · {owner} · {meld_text(meld)}", size=12)
    cards = "".join(
        face(str(one), x=x + place * _MELD_STEP, y=y + 20, scale=_MELD_SCALE)
        for place, one in enumerate(meld.cards)
    )
    return f'<g class="meld" data-meld="{index}">{label}{cards}</g>'


def _melds(
    melds: Sequence[Meld], names: Sequence[str] | None, x: float, y: float, width: float
) -> tuple[str, float]:
    """The groups on the table in columns; the drawing and its height."""
    columns = max(1, int(width // _CELL_WIDTH))
    parts = []
    for index, meld in enumerate(melds):
        if not isinstance(meld, Meld):
            raise UsageError(f"a table is a sequence of Meld, not {shown(meld)}")
        row, column = divmod(index, columns)
        owner = (
            names[meld.owner]
            if names is not None and 0 <= meld.owner < len(names)
            else f"seat {meld.owner}"
        )
        cell_x, cell_y = x + column * _CELL_WIDTH, y + row * _CELL_HEIGHT
        parts.append(_meld(meld, index, owner, cell_x, cell_y))
    rows = -(-len(melds) // columns)
    return "".join(parts), rows * _CELL_HEIGHT


def table(
    melds: Sequence[Meld],
    *,
    names: Sequence[str] | None = None,
    size: float | None = None,
) -> str:
    """A picture of the groups on the table (``state.table`` or ``view.table``),
    each labelled with its number from 0, its owner and what it is.

    ``names`` are the players' names by seat; without them owners are shown
    as "seat 0".

    .. versionadded:: 0.1
    """
    width = 2 * _CELL_WIDTH
    melds = cast("tuple[Meld, ...]", tuple(_iterate(melds, "a sequence of Meld")))
    body, height = _melds(melds, names, 0, 0, width)
    if not melds:
        body, height = _label(0, 16, "nothing laid down yet"), 24
    return document(width, height, body, size=_size(size))


def _players(seen: PlayerView, y: float, width: float) -> tuple[str, float]:
    parts = []
    playing = seen.step in (Step.DRAW, Step.PLAY)
    for seat, player in enumerate(seen.players):
        top = y + seat * _ROW_HEIGHT
        current = playing and seat == seen.current
        # An unmarked row is painted clear, so a click anywhere on it finds it.
        fill = "#fff3c4" if current else "#eef3f7"
        opacity = "" if current or seat == seen.seat else ' fill-opacity="0"'
        name = f"{player.name} (you)" if seat == seen.seat else player.name
        points = seen.hand_points
        gained = f" ({points[seat]:+d})" if points is not None else ""
        cells = [
            (_MARGIN + 4, ">" if current else ""),
            (_MARGIN + 18, str(seat)),
            (_MARGIN + 40, name),
            (_MARGIN + 190, cards_count(player.hand_size)),
            (_MARGIN + 260, f"{player.score} points{gained}"),
            (_MARGIN + 380, player_status(seen, seat)),
        ]
        text = "".join(_label(x, top + 15, value) for x, value in cells if value)
        parts.append(
            f'<g class="player" data-seat="{seat}">'
            f'<rect x="{_MARGIN}" y="{number(top)}" '
            f'width="{number(width - 2 * _MARGIN)}" height="{_ROW_HEIGHT - 2}" '
            f'rx="4" fill="{fill}"{opacity}/>{text}</g>'
        )
    return "".join(parts), len(seen.players) * _ROW_HEIGHT


def _piles(seen: PlayerView, y: float) -> str:
    draw = (
        f'<g class="pile" data-pile="draw">{_back(x=_MARGIN, y=y)}'
        f"{_label(_MARGIN, y + CARD_HEIGHT + 16, f'draw pile: {seen.draw_size}')}</g>"
    )
    x = _MARGIN + CARD_WIDTH + 40
    top = seen.discard_top
    picture = (
        face(str(top), x=x, y=y)
        if top is not None
        else f'<rect x="{x}" y="{number(y)}" width="{CARD_WIDTH}" '
        f'height="{CARD_HEIGHT}" rx="7" fill="none" stroke="#9e9e9e" '
        'stroke-dasharray="4 3"/>'
    )
    label = _label(x, y + CARD_HEIGHT + 16, f"discard pile: {seen.discard_size}")
    return f'{draw}<g class="pile" data-pile="discard">{picture}{label}</g>'


def view(seen: PlayerView, *, size: float | None = None) -> str:
    """A picture of a :class:`~phase10.PlayerView`: whose turn, the players,
    the piles, the table and, last, the seat's own hand, sorted.

    It draws the view alone, so it shows a player only what that player may
    see. ``size`` is the picture's width in pixels. This is what a view
    shows in Jupyter.

    :type seen: ~phase10.PlayerView

    .. versionadded:: 0.1
    """
    if isinstance(seen, GameState):
        raise UsageError(
            "svg.view draws what one seat sees: pass view(state, seat), "
            "not the whole GameState"
        )
    if not isinstance(seen, PlayerView):
        raise UsageError(f"svg.view draws a PlayerView, not {shown(seen)}")
    hand_texts = [str(one) for one in sorted(seen.hand)]
    hand_width = CARD_WIDTH + max(len(hand_texts) - 1, 0) * _HAND_STEP
    width = max(_LEAST_WIDTH, hand_width + 2 * _MARGIN)
    parts = [_label(_MARGIN, _MARGIN + 14, header(seen), size=15, bold=True)]
    y: float = _MARGIN + 26
    players, height = _players(seen, y, width)
    parts.append(players)
    y += height + 12
    parts.append(_piles(seen, y))
    table_x = _MARGIN + 2 * CARD_WIDTH + 110
    names = [player.name for player in seen.players]
    melds, melds_height = _melds(seen.table, names, table_x, y, width - table_x)
    if not seen.table:
        melds, melds_height = _label(table_x, y + 16, "Table: nothing laid down yet"), 0
    parts.append(f'<g class="table">{melds}</g>')
    y += max(CARD_HEIGHT + 28, melds_height) + 8
    if seen.seat is not None:
        title = f"Your hand: {cards_count(len(hand_texts))}"
        parts.append(_label(_MARGIN, y + 14, title, bold=True))
        cards = _row_of_cards(hand_texts, _MARGIN, y + 32, places=True)
        parts.append(f'<g class="hand">{cards}</g>')
        y += 32 + CARD_HEIGHT
    return document(width, y + _MARGIN, "".join(parts), size=_size(size))
