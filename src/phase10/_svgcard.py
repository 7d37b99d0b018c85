"""One card as SVG, drawn from its notation (``"R7"``, ``"W"``, ``"S"``).

The lowest layer of :mod:`phase10.svg`: it knows how a card looks and
nothing of the game's records, so :class:`~phase10.Card` can draw itself
with it (``Card._repr_svg_``, for Jupyter) without an import cycle.
"""

from __future__ import annotations

from html import escape
from typing import Final

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "FONT",
    "back",
    "card_document",
    "document",
    "face",
    "number",
]

CARD_WIDTH: Final = 60
"""A card's width in the drawings' own units (pixels at natural size)."""
CARD_HEIGHT: Final = 90

FONT: Final = "Helvetica, Arial, sans-serif"

_COLORS: Final = {
    "R": ("#d32f2f", "red"),
    "B": ("#1565c0", "blue"),
    "Y": ("#f2b705", "yellow"),
    "G": ("#2e7d32", "green"),
}
_WILD_BACKGROUND: Final = "#212121"
_SKIP_BACKGROUND: Final = "#455a64"
_BACK_BACKGROUND: Final = "#263238"


def number(value: float) -> str:
    """A coordinate as SVG writes it: ``12``, ``12.5``."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _place(x: float, y: float, scale: float) -> str:
    scaled = "" if scale == 1 else f" scale({number(scale)})"
    return f'transform="translate({number(x)} {number(y)}){scaled}"'


def _frame(fill: str) -> str:
    return (
        f'<rect x="0.5" y="0.5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" '
        f'rx="7" fill="{fill}" stroke="#1b1b1b" stroke-width="1"/>'
        f'<ellipse cx="30" cy="45" rx="21" ry="31" fill="#ffffff"/>'
    )


def _text(x: float, y: float, size: int, fill: str, text: str, anchor: str) -> str:
    return (
        f'<text x="{number(x)}" y="{number(y)}" font-family="{FONT}" '
        f'font-size="{size}" font-weight="bold" fill="{fill}" '
        f'text-anchor="{anchor}">{escape(text)}</text>'
    )


def _corners(label: str, size: int = 13) -> str:
    return _text(5, 16, size, "#ffffff", label, "start") + _text(
        55, 84, size, "#ffffff", label, "end"
    )


def _number_face(color: str, code: str, value: str) -> str:
    big = 34 if len(value) == 1 else 28
    # The colour's letter under each corner's number, so that colours are
    # told apart by more than their hue.
    letters = _text(5, 27, 9, "#ffffff", code, "start") + _text(
        55, 73, 9, "#ffffff", code, "end"
    )
    return (
        _frame(color)
        + _corners(value)
        + letters
        + _text(30, 57, big, color, value, "middle")
    )


def _wild_face() -> str:
    dots = "".join(
        f'<circle cx="{cx}" cy="{cy}" r="4.5" fill="{_COLORS[code][0]}"/>'
        for code, (cx, cy) in zip(
            "RBYG", ((19, 27), (41, 27), (19, 63), (41, 63)), strict=True
        )
    )
    return (
        _frame(_WILD_BACKGROUND)
        + dots
        + _text(30, 57, 32, _WILD_BACKGROUND, "W", "middle")
        + _corners("WILD", 9)
    )


def _skip_face() -> str:
    sign = (
        f'<circle cx="30" cy="45" r="13" fill="none" stroke="{_SKIP_BACKGROUND}" '
        'stroke-width="4"/>'
        f'<line x1="21" y1="36" x2="39" y2="54" stroke="{_SKIP_BACKGROUND}" '
        'stroke-width="4"/>'
    )
    return _frame(_SKIP_BACKGROUND) + sign + _corners("SKIP", 9)


def face(
    text: str, *, x: float = 0, y: float = 0, scale: float = 1, attributes: str = ""
) -> str:
    """A ``<g>`` drawing the card ``text`` (its notation) with its top left
    corner at ``x``, ``y``; ``attributes`` are added to the ``<g>``.

    The group has ``class="card"`` and ``data-card`` set to the notation, so
    a page can find the cards of a drawing and tell them apart.
    """
    code = text[:1]
    if code in _COLORS:
        fill, color = _COLORS[code]
        body, title = _number_face(fill, code, text[1:]), f"{color} {text[1:]}"
    elif text == "W":
        body, title = _wild_face(), "Wild"
    else:
        body, title = _skip_face(), "Skip"
    extra = f" {attributes}" if attributes else ""
    return (
        f'<g class="card" data-card="{escape(text)}" {_place(x, y, scale)}{extra}>'
        f"<title>{title}</title>{body}</g>"
    )


def back(*, x: float = 0, y: float = 0, scale: float = 1, attributes: str = "") -> str:
    """A ``<g>`` drawing a card face down (``class="card back"``)."""
    extra = f" {attributes}" if attributes else ""
    return (
        f'<g class="card back" {_place(x, y, scale)}{extra}><title>a card face down'
        f"</title>"
        f'<rect x="0.5" y="0.5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" '
        f'rx="7" fill="{_BACK_BACKGROUND}" stroke="#1b1b1b" stroke-width="1"/>'
        f'<rect x="6" y="6" width="{CARD_WIDTH - 12}" height="{CARD_HEIGHT - 12}" '
        'rx="4" fill="none" stroke="#f2b705" stroke-width="1.5"/>'
        f'<text x="30" y="45" font-family="{FONT}" font-size="13" font-weight="bold" '
        'fill="#f2b705" text-anchor="middle" transform="rotate(-60 30 45)">'
        "PHASE 10</text></g>"
    )


def document(width: float, height: float, body: str, *, size: float | None) -> str:
    """A whole SVG picture ``width`` by ``height`` units holding ``body``.

    ``size`` is the width in pixels to show it at (the height follows);
    ``None`` shows one unit as one pixel.
    """
    shown_width = width if size is None else size
    shown_height = height * shown_width / width
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="0 0 {number(width)} {number(height)}" '
        f'width="{number(shown_width)}" height="{number(shown_height)}">{body}</svg>'
    )


def card_document(text: str, *, size: float | None = None) -> str:
    """A picture of the single card ``text`` (what ``Card._repr_svg_`` shows)."""
    return document(CARD_WIDTH, CARD_HEIGHT, face(text), size=size)
