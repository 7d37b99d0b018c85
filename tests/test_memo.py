"""The memo tables of the package go through one door, ``_memo``.

Each table is registered there with a name and a size limit, written only
through ``Memo.keep`` and emptied by ``clear_all``; each function cached with
functools is registered too. These tests read the source for tables kept
any other way, and play games across a ``clear_all`` to show that what is
remembered never changes an answer.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

from phase10 import PRESETS, Rules, apply, legal_actions, new_game
from phase10._memo import MEMOS, Memo, clear_all, memo, names

SRC = Path(__file__).resolve().parent.parent / "src" / "phase10"
_CACHING = {"cache", "lru_cache"}


def _decorator_name(node: ast.expr) -> str:
    target = node.func if isinstance(node, ast.Call) else node
    if isinstance(target, ast.Attribute):
        return target.attr
    return target.id if isinstance(target, ast.Name) else ""


def test_every_cached_function_is_registered() -> None:
    """A function cached with functools also carries @cached, so clear_all
    reaches it."""
    missing = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef):
                continue
            decorators = [_decorator_name(d) for d in node.decorator_list]
            if _CACHING & set(decorators) and "cached" not in decorators:
                missing.append(f"{path.relative_to(SRC)}:{node.name}")
    assert missing == []


def test_no_table_is_emptied_but_by_the_memo_module() -> None:
    """Outside _memo, no module empties a module-level table itself: a
    table full of answers is emptied by Memo.keep, the one way in."""
    found = []
    for path in sorted(SRC.rglob("*.py")):
        if path.name == "_memo.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module_names = {
            target.id
            for node in tree.body
            if isinstance(node, (ast.Assign, ast.AnnAssign))
            for target in (
                node.targets if isinstance(node, ast.Assign) else [node.target]
            )
            if isinstance(target, ast.Name)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "clear"
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id in module_names
            ):
                found.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert found == []


def test_the_registry_names_the_engines_tables() -> None:
    """The tables of the hot paths are registered, each with its limit."""
    registered = names()
    for name in (
        "_moves.hit.fits",
        "_legal.listings",
        "_solver.plans",
        "_invariants.decks",
        "_lays.cards",
        "_view.surrogate",
        "_codec.make_rules",
    ):
        assert name in registered
    assert all(table.limit >= 1 for table in MEMOS.values())


def test_keep_empties_a_full_table_before_it_stores() -> None:
    """A table never holds more than its limit: keep starts it afresh."""
    table: Memo[int, str] = Memo("test.small", 3)
    for key in range(7):
        assert table.keep(key, str(key)) == str(key)
        assert 1 <= len(table) <= 3
    assert table == {6: "6"}
    assert "test.small" not in MEMOS  # made directly: not registered


def test_a_name_is_registered_once() -> None:
    """Two tables cannot share a name, so clear_all and the list of names
    can be trusted."""
    first: Memo[int, int] = memo("test.once", 2)
    try:
        try:
            memo("test.once", 2)
        except ValueError as error:
            assert "exists already" in str(error)
        else:
            raise AssertionError("a second table took the same name")
    finally:
        del MEMOS["test.once"]
    assert first.name == "test.once"


def _played(rules: Rules, seed: int, clear_every: int | None) -> list[object]:
    """The moves of a seeded random game, clearing every memo every
    ``clear_every`` moves (never when ``None``)."""
    state = new_game(3, rules, seed=seed)
    rng = random.Random(seed)
    moves: list[object] = []
    for count in range(1500):
        if state.is_over:
            break
        if clear_every and count % clear_every == 0:
            clear_all()
        listed = legal_actions(state)
        move = rng.choice(listed)
        moves.append((listed, move))
        state = apply(state, move)
    return [*moves, state]


def test_clearing_every_memo_changes_no_answer() -> None:
    """A game played while every table is emptied again and again lists the
    same moves and ends in the same state as one played with warm tables."""
    for rules, seed in ((Rules(), 3), (PRESETS["masters"], 4)):
        warm = _played(rules, seed, None)
        cold = _played(rules, seed, 7)
        assert warm == cold
    clear_all()
    assert all(len(table) == 0 for table in MEMOS.values())
