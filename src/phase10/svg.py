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
_MELD_STEP: Final = 22
"""How far apart the cards of a group are: enough to read each corner."""
_MELD_GAP: Final = 18
_CELL_HEIGHT: Final = 20 + CARD_HEIGHT * _MELD_SCALE + 10
_LABEL_EM: Final = 0.58
"""The width of an average character of a label, in font sizes (Helvetica)."""
_TABLE_WIDTH: Final = 500
"""The width of :func:`table`'s picture."""
_ROW_HEIGHT: Final = 22
_LEAST_WIDTH: Final = 780
_NARROW_WIDTH: Final = 380
"""The width of the narrow picture: a phone's screen, one unit a pixel."""
_NARROW_ROW: Final = 44
"""A player's row in the narrow picture: two lines, and a finger's height."""
_NARROW_STEP: Final = 44
"""The hand's cards in the narrow picture: a finger's width of each shows."""


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


def _meld_label(meld: Meld, index: int, owner: str) -> str:
    return f"{index} · {owner} · {meld_text(meld)}"


def _meld_width(meld: Meld, label: str) -> float:
    """How wide a group is drawn: its cards or its label, the wider."""
    cards = CARD_WIDTH * _MELD_SCALE + max(len(meld.cards) - 1, 0) * _MELD_STEP
    return max(cards, len(label) * 12 * _LABEL_EM)


def _meld(meld: Meld, index: int, label: str, x: float, y: float) -> str:
    text = _label(x, y + 13, label, size=12)
    cards = "".join(
        face(str(one), x=x + place * _MELD_STEP, y=y + 20, scale=_MELD_SCALE)
        for place, one in enumerate(meld.cards)
    )
    return f'<g class="meld" data-meld="{index}">{text}{cards}</g>'


def _melds(
    melds: Sequence[Meld], names: Sequence[str] | None, x: float, y: float, width: float
) -> tuple[str, float]:
    """The groups on the table, left to right in rows no wider than
    ``width``, none overlapping another; the drawing and its height."""
    parts = []
    left, top = 0.0, 0.0
    for index, meld in enumerate(melds):
        if not isinstance(meld, Meld):
            raise UsageError(f"a table is a sequence of Meld, not {shown(meld)}")
        owner = (
            names[meld.owner]
            if names is not None and 0 <= meld.owner < len(names)
            else f"seat {meld.owner}"
        )
        label = _meld_label(meld, index, owner)
        wide = _meld_width(meld, label)
        if left > 0 and left + wide > width:
            left, top = 0.0, top + _CELL_HEIGHT
        parts.append(_meld(meld, index, label, x + left, y + top))
        left += wide + _MELD_GAP
    height = top + _CELL_HEIGHT if melds else 0.0
    return "".join(parts), height


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
    width = _TABLE_WIDTH
    melds = cast("tuple[Meld, ...]", tuple(_iterate(melds, "a sequence of Meld")))
    if names is not None and (
        isinstance(names, str) or not isinstance(names, Sequence)
    ):
        raise UsageError(f"names are the players' names by seat, not {shown(names)}")
    body, height = _melds(melds, names, 0, 0, width)
    if not melds:
        body, height = _label(0, 16, "nothing laid down yet"), 24
    return document(width, height, body, size=_size(size))


def _players(
    seen: PlayerView, y: float, width: float, *, narrow: bool = False
) -> tuple[str, float]:
    parts = []
    playing = seen.step in (Step.DRAW, Step.PLAY)
    row_height = _NARROW_ROW if narrow else _ROW_HEIGHT
    for seat, player in enumerate(seen.players):
        top = y + seat * row_height
        current = playing and seat == seen.current
        # An unmarked row is painted clear, so a click anywhere on it finds it.
        fill = "#fff3c4" if current else "#eef3f7"
        opacity = "" if current or seat == seen.seat else ' fill-opacity="0"'
        name = f"{player.name} (you)" if seat == seen.seat else player.name
        points = seen.hand_points
        gained = f" ({points[seat]:+d})" if points is not None else ""
        status = player_status(seen, seat)
        if narrow:  # two lines: who and how many cards and points; the phase
            cells = [
                (_MARGIN + 4, top + 17, ">" if current else ""),
                (_MARGIN + 18, top + 17, str(seat)),
                (_MARGIN + 34, top + 17, name),
                (_MARGIN + 184, top + 17, cards_count(player.hand_size)),
                (_MARGIN + 250, top + 17, f"{player.score} pts{gained}"),
                (_MARGIN + 34, top + 35, status),
            ]
        else:
            cells = [
                (_MARGIN + 4, top + 15, ">" if current else ""),
                (_MARGIN + 18, top + 15, str(seat)),
                (_MARGIN + 40, top + 15, name),
                (_MARGIN + 190, top + 15, cards_count(player.hand_size)),
                (_MARGIN + 260, top + 15, f"{player.score} points{gained}"),
                (_MARGIN + 380, top + 15, status),
            ]
        text = "".join(
            _label(x, text_y, value, size=12 if narrow and text_y > top + 20 else 13)
            for x, text_y, value in cells
            if value
        )
        parts.append(
            f'<g class="player" data-seat="{seat}">'
            f'<rect x="{_MARGIN}" y="{number(top)}" '
            f'width="{number(width - 2 * _MARGIN)}" height="{row_height - 2}" '
            f'rx="4" fill="{fill}"{opacity}/>{text}</g>'
        )
    return "".join(parts), len(seen.players) * row_height


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


def view(seen: PlayerView, *, size: float | None = None, narrow: bool = False) -> str:
    """A picture of a :class:`~phase10.PlayerView`: whose turn, the players,
    the piles, the table and, last, the seat's own hand, sorted.

    It draws the view alone, so it shows a player only what that player may
    see. ``size`` is the picture's width in pixels. This is what a view
    shows in Jupyter.

    With ``narrow``, the picture is laid out for a phone's screen: 380
    units wide (one unit a pixel on a 390-pixel screen), the table below
    the piles, the hand in rows, and every player's row and every card of
    the hand at least 44 units across, a finger's width.

    :type seen: ~phase10.PlayerView

    .. versionadded:: 0.1
    .. versionchanged:: 0.2
       ``narrow``; groups on the table are laid out so none overlaps another.
    """
    if isinstance(seen, GameState):
        raise UsageError(
            "svg.view draws what one seat sees: pass view(state, seat), "
            "not the whole GameState"
        )
    if not isinstance(seen, PlayerView):
        raise UsageError(f"svg.view draws a PlayerView, not {shown(seen)}")
    if not isinstance(narrow, bool):
        raise UsageError(f"narrow is True or False, not {shown(narrow)}")
    hand_texts = [str(one) for one in sorted(seen.hand)]
    if narrow:
        return _narrow_view(seen, hand_texts, size)
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
    melds, melds_height = _melds(
        seen.table, names, table_x, y, width - table_x - _MARGIN
    )
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


def _narrow_view(seen: PlayerView, hand_texts: list[str], size: float | None) -> str:
    width = _NARROW_WIDTH
    inner = width - 2 * _MARGIN
    parts = []
    y: float = _MARGIN
    for line in _wrap(header(seen).split(" · "), inner, 14):
        parts.append(_label(_MARGIN, y + 14, line, size=14, bold=True))
        y += 19
    y += 6
    players, height = _players(seen, y, width, narrow=True)
    parts.append(players)
    y += height + 12
    parts.append(_piles(seen, y))
    y += CARD_HEIGHT + 30
    names = [player.name for player in seen.players]
    melds, melds_height = _melds(seen.table, names, _MARGIN, y, inner)
    if not seen.table:
        melds, melds_height = (
            _label(_MARGIN, y + 16, "Table: nothing laid down yet"),
            24,
        )
    parts.append(f'<g class="table">{melds}</g>')
    y += melds_height + 8
    if seen.seat is not None:
        title = f"Your hand: {cards_count(len(hand_texts))}"
        parts.append(_label(_MARGIN, y + 14, title, bold=True))
        y += 24
        per_row = int((inner - CARD_WIDTH) // _NARROW_STEP) + 1
        cards = []
        for place, text in enumerate(hand_texts):
            row, column = divmod(place, per_row)
            cards.append(
                face(
                    text,
                    x=_MARGIN + column * _NARROW_STEP,
                    y=y + row * (CARD_HEIGHT + 8),
                    attributes=f'data-place="{place}"',
                )
            )
        parts.append(f'<g class="hand">{"".join(cards)}</g>')
        rows = max(1, -(-len(hand_texts) // per_row))
        y += rows * (CARD_HEIGHT + 8)
    return document(width, y + _MARGIN, "".join(parts), size=_size(size))


def _wrap(parts: Sequence[str], width: float, font: int) -> list[str]:
    """``parts`` joined with " · " into lines no wider than ``width``."""
    lines: list[str] = []
    for part in parts:
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and len(joined) * font * _LABEL_EM <= width:
            lines[-1] = joined
        else:
            lines.append(part)
    return lines
