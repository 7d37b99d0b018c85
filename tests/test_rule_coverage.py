"""Every clause of the rules document has a test, and every test names a real clause.

The clauses are the paragraphs of ``docs/rules.md`` that start with
``**R<n>.``; a test names the clauses it checks with
``@pytest.mark.rule("R5", ...)``. The markers are read from the test modules'
source with :mod:`ast` (not by running them), so this module checks the
whole suite however little of it is selected.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES_DOCUMENT = ROOT / "docs" / "rules.md"
TESTS = Path(__file__).resolve().parent

_CLAUSE = re.compile(r"\*\*(R[1-9][0-9]*)\.")
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")


def clause_ids(text: str) -> list[str]:
    """The clause ids of a rules document, in order: ``**R<n>.`` opening a paragraph."""
    ids = []
    for paragraph in _PARAGRAPH_BREAK.split(text):
        match = _CLAUSE.match(paragraph.strip())
        if match:
            ids.append(match.group(1))
    return ids


def _is_rule_marker(node: ast.expr) -> bool:
    """Whether ``node`` names ``pytest.mark.rule`` (or ``mark.rule``)."""
    if not (isinstance(node, ast.Attribute) and node.attr == "rule"):
        return False
    owner = node.value
    return (isinstance(owner, ast.Attribute) and owner.attr == "mark") or (
        isinstance(owner, ast.Name) and owner.id == "mark"
    )


def rule_markers(
    source: str, filename: str = "<test>"
) -> list[tuple[int, list[str | None]]]:
    """Every ``pytest.mark.rule(...)`` call in ``source``: its line and arguments.

    Each argument is its string, or ``None`` when it is not a string literal
    (which cannot be checked, so the caller reports it).
    """
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Call) and _is_rule_marker(node.func):
            args: list[str | None] = [
                arg.value
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                else None
                for arg in node.args
            ]
            if node.keywords:
                args.append(None)
            found.append((node.lineno, args))
    return found


def suite_modules() -> list[Path]:
    """The suite's test modules."""
    return sorted(TESTS.glob("test_*.py"))


def marked_ids() -> dict[str, list[str]]:
    """Each clause id named by a marker, with the places (file:line) naming it."""
    places: dict[str, list[str]] = {}
    for path in suite_modules():
        for line, args in rule_markers(path.read_text(encoding="utf-8"), str(path)):
            for arg in args:
                if arg is not None:
                    places.setdefault(arg, []).append(f"{path.name}:{line}")
    return places


# --- The helpers themselves -----------------------------------------------------


def test_clause_ids_are_read_only_at_paragraph_starts() -> None:
    """clause_ids finds ``**R<n>.`` opening a paragraph, not mentions inside one."""
    text = (
        "# Title\n\n**R1. Cards.** Text that cites **R9. inline**.\n\n"
        "  **R2. Deck.** More\ntext.\n\n"
        "See **R3.** later.\n**R4. Glued** to a line.\n\n"
        "**R10. Ten.**\n"
    )
    assert clause_ids(text) == ["R1", "R2", "R10"]


def test_rule_markers_are_found_wherever_they_are_applied() -> None:
    """rule_markers sees decorators, pytestmark and param marks; flags non-literals."""
    source = '''
import pytest
from pytest import mark
pytestmark = pytest.mark.rule("R1")

@pytest.mark.rule("R2", "R3")
def test_a():
    """Not a marker: pytest.mark.rule("R99")."""

@mark.rule(CLAUSE)
def test_b():
    pass

@pytest.mark.parametrize("x", [pytest.param(1, marks=pytest.mark.rule("R4"))])
def test_c(x):
    pass

@pytest.mark.skip(reason="rule")
def test_d():
    pass
'''
    found = sorted(rule_markers(source))
    assert [args for _, args in found] == [["R1"], ["R2", "R3"], [None], ["R4"]]


# --- The suite against the rules document ------------------------------------------


def test_rules_document_has_clauses_numbered_in_order() -> None:
    """docs/rules.md numbers its clauses R1, R2, ... once each, in order."""
    ids = clause_ids(RULES_DOCUMENT.read_text(encoding="utf-8"))
    assert ids, "no clauses found in docs/rules.md"
    assert ids == [f"R{n}" for n in range(1, len(ids) + 1)]


def test_every_rule_marker_is_checkable() -> None:
    """Every rule marker has at least one argument and only string literals."""
    bad = [
        f"{path.name}:{line}"
        for path in suite_modules()
        for line, args in rule_markers(path.read_text(encoding="utf-8"), str(path))
        if not args or None in args
    ]
    assert not bad, f"rule markers need one or more string literal clause ids: {bad}"


def test_every_marked_id_is_a_clause() -> None:
    """Every clause id named by a rule marker exists in docs/rules.md."""
    known = set(clause_ids(RULES_DOCUMENT.read_text(encoding="utf-8")))
    unknown = {
        clause: where for clause, where in marked_ids().items() if clause not in known
    }
    assert not unknown, (
        f"rule markers name clauses missing from docs/rules.md: {unknown}"
    )


def test_the_scan_finds_this_suites_markers() -> None:
    """The scan sees this suite's modules and their markers (it never scans nothing)."""
    assert Path(__file__).resolve() in suite_modules()
    assert "R1" in marked_ids()


def test_every_clause_has_a_test() -> None:
    """Every clause of docs/rules.md is named by at least one test's rule marker."""
    ids = clause_ids(RULES_DOCUMENT.read_text(encoding="utf-8"))
    marked = marked_ids()
    missing = [clause for clause in ids if clause not in marked]
    assert not missing, (
        f"{len(missing)} clause(s) of docs/rules.md have no test marked "
        f"@pytest.mark.rule(...): {', '.join(missing)}"
    )
