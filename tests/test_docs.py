"""The API reference names every public name of the package."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import phase10
import phase10.analysis
import phase10.bots
import phase10.ledger
import phase10.svg

DOCS = Path(__file__).parent.parent / "docs"
API_PAGES = [DOCS / "api.md", *sorted((DOCS / "api").glob("*.md"))]


@pytest.mark.parametrize(
    ("module", "names"),
    [
        ("phase10", phase10.__all__),
        ("phase10.analysis", phase10.analysis.__all__),
        ("phase10.bots", phase10.bots.__all__),
        ("phase10.ledger", phase10.ledger.__all__),
        ("phase10.svg", phase10.svg.__all__),
    ],
)
def test_the_api_reference_names_every_public_name(
    module: str, names: list[str]
) -> None:
    """Each name in a public module's __all__ has an entry in the API
    reference (docs/api.md and its topic pages, docs/api/*.md)."""
    text = "\n".join(page.read_text(encoding="utf-8") for page in API_PAGES)
    missing = [
        name
        for name in names
        if not re.search(rf"{re.escape(module)}\.{re.escape(name)}\b", text)
    ]
    assert missing == []


def toctree_pages(page: Path) -> list[Path]:
    """The pages a page's toctrees list, and theirs, depth first."""
    text = page.read_text(encoding="utf-8")
    found: list[Path] = []
    for block in re.findall(r"```\{toctree\}\n(.*?)```", text, re.S):
        for line in block.splitlines():
            entry = line.strip()
            if not entry or entry.startswith(":"):
                continue
            child = (page.parent / entry).with_suffix(".md")
            found += [child, *toctree_pages(child)]
    return found


def test_the_readme_lists_every_page_of_the_docs() -> None:
    """Every page the docs' table of contents reaches is named in the README
    by its path (the API topic pages by their folder), so the list cannot
    drift from the site."""
    readme = (DOCS.parent / "README.md").read_text(encoding="utf-8")
    pages = toctree_pages(DOCS / "index.md")
    assert len(pages) > 15
    missing = [
        str(page.relative_to(DOCS.parent))
        for page in pages
        if str(page.relative_to(DOCS.parent)) not in readme
        and not (page.parent.name == "api" and "docs/api/*.md" in readme)
    ]
    assert missing == []
