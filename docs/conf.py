"""Sphinx configuration for the phase10 documentation."""

from __future__ import annotations

from importlib.metadata import version as _version

project = "phase10"
author = "The phase10 developers"
copyright = "the phase10 developers"
release = _version("phase10")
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "myst_parser",
]

source_suffix = {
    ".rst": "restructuredtext",
    ".md": "markdown",
}
root_doc = "index"
exclude_patterns = ["_build"]

# Anchors for headings, so that a page can link to a section of another.
myst_heading_anchors = 3

autodoc_typehints = "description"
autodoc_member_order = "bysource"
nitpicky = True
# Names with no page to link to. This machine reaches no documentation
# site, and no package ships the Python documentation's inventory, so there
# is no intersphinx: the standard library's classes and functions named in
# signatures stay plain text.
nitpick_ignore_regex = [
    ("py:class", r"collections\.abc\..*"),
    ("py:class", r"random\.Random"),
    ("py:class", r"concurrent\.futures\..*"),
    ("py:func", r"json\.dumps"),
    # The solver's alias for tuple[tuple[Card, ...], ...], which find_phase's
    # docstring spells out.
    ("py:class", r"Answer"),
    ("py:class", r"fractions\.Fraction"),
]


html_theme = "furo"
html_title = f"phase10 {release}"

# The pages' {doctest} blocks are tested here, each page importing what it
# uses (tests/test_docs_examples.py checks that they run pasted in order, with
# no setup). The examples of the docstrings that autodoc brings into the API
# reference are tested where they live, by pytest --doctest-modules.
doctest_test_doctest_blocks = ""


def _draw_pictures(app: object) -> None:
    """Write the SVG pictures the pages show, drawn by this version of
    ``phase10.svg`` from a seeded game (until four groups are down), so
    they never go stale."""
    from pathlib import Path

    import phase10
    from phase10 import svg
    from phase10.bots import GreedyBot

    bots = [GreedyBot(), GreedyBot(), GreedyBot()]
    state = phase10.new_game(["Ann", "Bob", "Cleo"], seed=5)
    while len(state.table) < 4 and state.step is not phase10.Step.HAND_OVER:
        seat = state.current
        state = phase10.apply(state, bots[seat].choose(phase10.view(state, seat)))
    seen = phase10.view(state, 0)
    out = Path(__file__).parent / "_generated"
    out.mkdir(exist_ok=True)
    pictures = {
        "view-wide.svg": svg.view(seen),
        "view-narrow.svg": svg.view(seen, narrow=True),
        "hand.svg": svg.hand(["R7", "B7", "G7", "Y12", "W", "S"]),
    }
    pictures.update(_analysis_pictures())
    for name, picture in pictures.items():
        path = out / name
        if not path.exists() or path.read_text() != picture:
            path.write_text(picture)


ODDS_DEAL = 20
"""The seed of the deal whose odds the page "Odds, outs and advice" charts."""
ODDS_DRAWS = (1, 2, 3, 4)
_SHADES = ("#c6dbef", "#6baed6", "#2171b5", "#08306b")


def _analysis_pictures() -> dict[str, str]:
    """The pictures of the page "Odds, outs and advice": the chart of the
    exact odds of each standard phase from a fresh deal, by number of
    draws, and a real position (Ann's second turn in the game the other
    pictures come from)."""
    import phase10
    from phase10 import STANDARD_PHASES, svg
    from phase10.analysis import phase_odds
    from phase10.bots import GreedyBot

    seen = phase10.view(phase10.new_game(2, seed=ODDS_DEAL), 0)
    rows = [
        (f"{number}. {spec}", [phase_odds(seen, d, phase=number) for d in ODDS_DRAWS])
        for number, spec in enumerate(STANDARD_PHASES, 1)
    ]
    hand = phase10.format_cards(sorted(seen.hand))
    title = f"Deal {ODDS_DEAL}, the first player's hand: {hand}"
    state = phase10.new_game(["Ann", "Bob", "Cleo"], seed=5)
    bots = [GreedyBot(), GreedyBot(), GreedyBot()]
    for _ in range(10):
        state = phase10.apply(
            state, bots[state.current].choose(phase10.view(state, state.current))
        )
    heading = (
        f"The chance to hold each phase after 1 to {len(ODDS_DRAWS)} draws (exact)"
    )
    labels = [f"{draws} draw{'s' * (draws > 1)}" for draws in ODDS_DRAWS]
    return {
        "analysis-odds.svg": _bar_chart(heading, title, rows, labels),
        "analysis-position.svg": svg.view(phase10.view(state, 0)),
        "designer-odds.svg": _designer_chart(),
    }


DESIGN_SAMPLES = 1000
"""The deals the page "Designing a phase list" rates the official list on."""


def _designer_chart() -> str:
    """The chart of the page "Designing a phase list": each official
    phase's chance from the deal and within 3, 6 and 10 draws of the simple
    policy, from phase10.analysis.rate_phases."""
    from phase10.analysis import rate_phases

    rated = rate_phases(samples=DESIGN_SAMPLES)
    rows: list[tuple[str, list[object]]] = [
        (
            f"{rating.number}. {rating.phase}",
            [rating.dealt.value, *(chance.value for _, chance in rating.within)],
        )
        for rating in rated.ratings
    ]
    within = [f"within {k} draws" for k, _ in rated.ratings[0].within]
    heading = "The official phases from a fresh deal of ten cards"
    title = f"{DESIGN_SAMPLES:,} seeded deals; the colour phase exact from the deal"
    return _bar_chart(heading, title, rows, ["dealt", *within])


def _bar_chart(
    heading: str, title: str, rows: list[tuple[str, list[object]]], labels: list[str]
) -> str:
    """Grouped horizontal bars, one group a row, one bar a number of draws,
    each labelled with its percentage; drawn as SVG text, as phase10.svg
    draws, with no plotting library."""
    from html import escape

    font = "Helvetica, Arial, sans-serif"
    left, span, bar, row_gap, top = 230, 380, 8, 12, 76
    row_height = len(labels) * (bar + 1) + row_gap
    width = left + span + 70
    height = top + len(rows) * row_height + 28
    parts = [
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        f'<text x="12" y="22" font-family="{font}" font-size="14" '
        f'font-weight="bold" fill="#1b1b1b">{escape(heading)}</text>',
        f'<text x="12" y="42" font-family="{font}" font-size="12" '
        f'fill="#1b1b1b">{escape(title)}</text>',
    ]
    for place, label in enumerate(labels):
        x = left + place * 110 - 110
        parts.append(
            f'<rect x="{x}" y="52" width="12" height="10" fill="{_SHADES[place]}"/>'
            f'<text x="{x + 16}" y="61" font-family="{font}" font-size="11" '
            f'fill="#1b1b1b">{escape(label)}</text>'
        )
    bottom = top + len(rows) * row_height
    for tick in (0, 25, 50, 75, 100):
        x = left + span * tick / 100
        parts.append(
            f'<line x1="{x:g}" y1="{top - 4}" x2="{x:g}" y2="{bottom}" '
            'stroke="#dddddd" stroke-width="1"/>'
            f'<text x="{x:g}" y="{bottom + 16}" font-family="{font}" '
            f'font-size="11" text-anchor="middle" fill="#555555">{tick}%</text>'
        )
    for index, (label, chances) in enumerate(rows):
        y = top + index * row_height
        middle = y + len(labels) * (bar + 1) / 2 + 4
        parts.append(
            f'<text x="{left - 8}" y="{middle:g}" font-family="{font}" '
            f'font-size="12" text-anchor="end" fill="#1b1b1b">{escape(label)}</text>'
        )
        for place, chance in enumerate(chances):
            share = float(chance)  # type: ignore[arg-type]
            top_y = y + place * (bar + 1)
            length = span * share
            parts.append(
                f'<rect x="{left}" y="{top_y}" width="{length:.1f}" height="{bar}" '
                f'fill="{_SHADES[place]}"/>'
                f'<text x="{left + length + 4:.1f}" y="{top_y + bar - 1}" '
                f'font-family="{font}" font-size="8" fill="#1b1b1b">'
                f"{share:.1%}</text>"
            )
    body = "".join(parts)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}">{body}</svg>\n'
    )


def setup(app: object) -> None:
    app.connect("builder-inited", _draw_pictures)  # type: ignore[attr-defined]
