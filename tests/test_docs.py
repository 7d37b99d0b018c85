"""The API reference names every public name of the package."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import phase10
import phase10.bots
import phase10.svg

API = Path(__file__).parent.parent / "docs" / "api.md"


@pytest.mark.parametrize(
    ("module", "names"),
    [
        ("phase10", phase10.__all__),
        ("phase10.bots", phase10.bots.__all__),
        ("phase10.svg", phase10.svg.__all__),
    ],
)
def test_the_api_reference_names_every_public_name(
    module: str, names: list[str]
) -> None:
    """Each name in a public module's __all__ has an entry in docs/api.md."""
    text = API.read_text()
    missing = [
        name
        for name in names
        if not re.search(rf"{re.escape(module)}\.{re.escape(name)}\b", text)
    ]
    assert missing == []
