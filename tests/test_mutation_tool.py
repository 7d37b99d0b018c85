"""The mutation-testing script's own bookkeeping (``tests/mutation.py``)."""

from __future__ import annotations

from pathlib import Path

import mutation
import pytest


def test_a_fresh_run_of_some_modules_keeps_the_other_modules_results(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--all --module M`` without ``--keep`` starts M afresh (its mutated
    copy and results go) and leaves every other module's results in place,
    so modules can be run one after another. mutmut's record of the
    functions each test reaches goes, or a function mutated for the first
    time would have no test. With no module named, the work folder goes."""
    monkeypatch.setattr(mutation, "WORK", tmp_path / "mutants")
    made = {}
    for module in ("phase10._groups", "phase10._moves", "phase10._fields"):
        path = mutation.WORK / mutation.module_path(module)
        path.parent.mkdir(parents=True, exist_ok=True)
        made[module] = [path, *(path.with_name(path.name + e) for e in mutation.MADE)]
        for file in made[module]:
            file.write_text("{}", encoding="utf-8")
    reach = mutation.WORK / mutation.REACH
    reach.write_text("{}", encoding="utf-8")
    mutation.forget(["phase10._groups", "phase10._moves"])
    assert not reach.exists(), "which tests reach which function is measured again"
    assert not any(f.exists() for f in made["phase10._groups"] + made["phase10._moves"])
    assert all(f.exists() for f in made["phase10._fields"])
    assert str(made["phase10._moves"][0]).endswith("_moves/__init__.py")
    mutation.forget([])
    assert not mutation.WORK.exists()
