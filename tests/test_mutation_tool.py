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


@pytest.mark.parametrize(
    ("argv", "forgotten"),
    [
        (["--all", "--module", "phase10._fields"], [["phase10._fields"]]),
        (["--all"], [[]]),
        (["--budget", "5"], [[]]),
        (["--all", "--keep", "--module", "phase10._fields"], []),
    ],
)
def test_a_run_starts_afresh_only_what_it_names(
    argv: list[str], forgotten: list[list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``main`` forgets the modules named (all of them when none is), and
    nothing with ``--keep``."""
    calls: list[list[str]] = []
    monkeypatch.setattr(mutation, "forget", lambda modules: calls.append(list(modules)))
    # Nothing of mutmut itself: the tests run without it.
    monkeypatch.setattr(mutation, "targets", lambda: [Path("src/phase10/_fields.py")])
    monkeypatch.setattr(mutation, "mutant_names", lambda files: ["phase10._fields.x_f"])
    monkeypatch.setattr(mutation, "results", lambda: {"phase10._fields.x_f": 1})
    monkeypatch.setattr(mutation, "run_mutmut", lambda names, seconds, jobs: None)
    monkeypatch.setattr(mutation, "report", lambda tried, explained: 0)
    assert mutation.main(argv) == 0
    assert calls == forgotten


def test_the_sample_is_drawn_from_the_source_mutated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The default seed is a digest of the files mutated: the same files
    draw the same sample on any machine and any day (CI's sample of a tree
    is the one its author can try first), and a change of one byte, or
    another set of files, draws another."""
    monkeypatch.setattr(mutation, "ROOT", tmp_path)
    first, second = Path("src/a.py"), Path("src/b.py")
    (tmp_path / "src").mkdir()
    (tmp_path / first).write_text("x = 1\n", encoding="utf-8")
    (tmp_path / second).write_text("y = 2\n", encoding="utf-8")
    seed = mutation.source_seed([first, second])
    assert mutation.source_seed([second, first]) == seed
    assert mutation.source_seed([first]) != seed
    (tmp_path / second).write_text("y = 3\n", encoding="utf-8")
    assert mutation.source_seed([first, second]) != seed


def test_a_sample_without_a_seed_uses_the_sources_digest(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--budget`` without ``--seed`` draws with :func:`source_seed` of the
    files it mutates; ``--seed`` overrides it."""
    files = [Path("src/phase10/_fields.py")]
    names = [f"phase10._fields.x_{i}" for i in range(50)]
    monkeypatch.setattr(mutation, "forget", lambda modules: None)
    monkeypatch.setattr(mutation, "targets", lambda: files)
    monkeypatch.setattr(mutation, "mutant_names", lambda files: names)
    monkeypatch.setattr(mutation, "run_mutmut", lambda names, seconds, jobs: None)
    monkeypatch.setattr(mutation, "report", lambda tried, explained: 0)
    argv = ["--budget", "20", "--module", "phase10._fields"]
    assert mutation.main(argv) == 0
    assert f"seed {mutation.source_seed(files)}\n" in capsys.readouterr().out
    assert mutation.main([*argv, "--seed", "7"]) == 0
    assert "seed 7\n" in capsys.readouterr().out
