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
    for name, picture in pictures.items():
        path = out / name
        if not path.exists() or path.read_text() != picture:
            path.write_text(picture)


def setup(app: object) -> None:
    app.connect("builder-inited", _draw_pictures)  # type: ignore[attr-defined]
