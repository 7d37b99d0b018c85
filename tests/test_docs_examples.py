"""Every example on every docs page runs when pasted into a fresh ``python``,
in the page's order.

A page's examples are its ``{doctest}`` blocks (read as an interactive
session: each ``>>>`` line run and its output compared) and its ``python``
blocks (run as they are), taken in order into one namespace per page, as a
reader pasting them one after another would. Blocks of other languages
(``bash``, ``console``, ``json``, ``text``) are not Python and are not run.
Sphinx's doctest builder imports nothing for the pages: each page imports
what it uses.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = sorted(path for path in DOCS.rglob("*.md") if "_build" not in path.parts)
FENCE = re.compile(r"^```(\{doctest\}|python)[^\n]*\n(.*?)^```", re.M | re.S)


def examples(page: Path) -> list[tuple[str, int, str]]:
    """The page's examples in order: (kind, line, source)."""
    text = page.read_text(encoding="utf-8")
    return [
        (match.group(1), text.count("\n", 0, match.start()) + 1, match.group(2))
        for match in FENCE.finditer(text)
    ]


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(DOCS)) for p in PAGES])
def test_every_example_of_a_page_runs_pasted_in_order(page: Path) -> None:
    """The page's examples run in one fresh namespace, in the page's order,
    and print what the page says they print."""
    namespace: dict[str, object] = {"__name__": "__main__"}
    parser = doctest.DocTestParser()
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    for kind, line, source in examples(page):
        where = f"{page.relative_to(DOCS)}:{line}"
        if kind == "python":
            try:
                exec(compile(source, where, "exec"), namespace)
            except ModuleNotFoundError as error:
                if error.name and not error.name.startswith("phase10"):
                    pytest.skip(f"{where} needs {error.name}, an optional extra")
                raise
            continue
        test = parser.get_doctest(source, namespace, where, where, line)
        runner = doctest.DocTestRunner(optionflags=flags)
        failures: list[str] = []
        runner.run(test, out=failures.append, clear_globs=False)
        assert runner.failures == 0, f"{where}:\n" + "".join(failures)
        namespace = test.globs
