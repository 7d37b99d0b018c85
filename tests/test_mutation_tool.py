"""The mutation-testing script's own bookkeeping (``tests/mutation.py``)."""

from __future__ import annotations

import fnmatch
import os
import sys
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


def on_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    """A record of full runs of ``modules`` (their sources as they are)."""
    runs = tmp_path / "runs.txt"
    lines = [mutation.Run(mutation.module_digest(m), 1, 1, 0).line(m) for m in modules]
    runs.write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.setattr(mutation, "RUNS", runs)
    monkeypatch.setattr(mutation, "WORK", tmp_path / "mutants")


def without_mutmut(
    monkeypatch: pytest.MonkeyPatch, files: list[Path], names: list[str]
) -> None:
    """``main`` with nothing of mutmut (the tests run without it): the files
    mutated are ``files``, their mutants ``names``, each killed; nothing is
    run, forgotten or reported. A test that watches one of these sets its
    own after."""
    monkeypatch.setattr(mutation, "forget", lambda modules: None)
    monkeypatch.setattr(mutation, "targets", lambda: files)
    monkeypatch.setattr(mutation, "mutant_names", lambda files: names)
    monkeypatch.setattr(mutation, "results", lambda: dict.fromkeys(names, 1))
    monkeypatch.setattr(mutation, "unexplained", lambda names, explained: [])
    monkeypatch.setattr(mutation, "run_mutmut", lambda names, seconds, jobs: None)
    monkeypatch.setattr(mutation, "report", lambda tried, explained, full=False: 0)


def test_a_sample_draws_only_from_modules_with_a_full_run_on_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sample is drawn from the modules on record alone, and with none
    on record a sample is refused rather than drawn from every module."""
    seen: list[list[Path]] = []
    files = [Path("src/phase10/_fields.py"), Path("src/phase10/_groups.py")]
    without_mutmut(monkeypatch, files, ["m.x_f"])

    def names(files: list[Path]) -> list[str]:
        seen.append(list(files))
        return ["m.x_f"]

    monkeypatch.setattr(mutation, "mutant_names", names)
    on_record(tmp_path, monkeypatch, "phase10._groups")
    assert mutation.main(["--budget", "5"]) == 0
    assert seen == [[Path("src/phase10/_groups.py")]]
    assert mutation.sampled_modules() == ["phase10._groups"]
    on_record(tmp_path, monkeypatch)
    with pytest.raises(SystemExit, match="no full run on record"):
        mutation.main(["--budget", "5"])


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
    argv: list[str],
    forgotten: list[list[str]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``main`` forgets the modules named (all of them when none is), and
    nothing with ``--keep``."""
    on_record(tmp_path, monkeypatch, "phase10._fields")
    calls: list[list[str]] = []
    without_mutmut(
        monkeypatch, [Path("src/phase10/_fields.py")], ["phase10._fields.x_f"]
    )
    monkeypatch.setattr(mutation, "forget", lambda modules: calls.append(list(modules)))
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
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--budget`` without ``--seed`` draws with :func:`source_seed` of the
    files it mutates; ``--seed`` overrides it."""
    on_record(tmp_path, monkeypatch, "phase10._fields")
    files = [Path("src/phase10/_fields.py")]
    names = [f"phase10._fields.x_{i}" for i in range(50)]
    without_mutmut(monkeypatch, files, names)
    argv = ["--budget", "20", "--module", "phase10._fields"]
    assert mutation.main(argv) == 0
    assert f"seed {mutation.source_seed(files)}\n" in capsys.readouterr().out
    assert mutation.main([*argv, "--seed", "7"]) == 0
    assert "seed 7\n" in capsys.readouterr().out


def test_a_full_run_is_on_record_until_its_source_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full run puts on record each module whose every mutant it tried
    with none surviving unexplained, on the source it started on (a digest
    of it, and the figures); it leaves the others' records as they were, a
    module removed leaves the record, and a module is out of date once its
    source changes."""
    monkeypatch.setattr(mutation, "ROOT", tmp_path)
    monkeypatch.setattr(mutation, "RUNS", tmp_path / "runs.txt")
    monkeypatch.setattr(mutation, "WORK", tmp_path / "mutants")
    folder = tmp_path / "src" / "p"
    folder.mkdir(parents=True)
    for name in ("a", "b", "c", "d"):
        (folder / f"{name}.py").write_text("x = 1\n", encoding="utf-8")
    assert mutation.out_of_date(["p.a"]) == ["p.a"], "nothing on record yet"
    mutation.remember_sources(["p.a", "p.b", "p.c", "p.d"], keep=False)
    (folder / "d.py").write_text("x = 2\n", encoding="utf-8")  # during the run
    # killed, explained, new (unexplained), not tried
    table = {
        "p.a": [9, 1, 0, 0],
        "p.b": [5, 0, 1, 0],
        "p.c": [3, 0, 0, 2],
        "p.d": [4, 0, 0, 0],
    }
    assert mutation.record_runs(table, mutation.started_sources()) == ["p.a"]
    runs = mutation.runs_on_record()
    assert runs["p.a"] == mutation.Run(mutation.module_digest("p.a"), 10, 9, 1)
    assert set(runs) == {"p.a"}
    assert mutation.out_of_date(["p.a", "p.b", "p.c"]) == ["p.b", "p.c"]
    # Going on (--keep) keeps the digests noted when the run started.
    mutation.remember_sources(["p.c", "p.d"], keep=True)
    assert mutation.record_runs({"p.c": [5, 0, 0, 0]}, mutation.started_sources()) == [
        "p.c"
    ]
    assert mutation.record_runs({"p.d": [4, 0, 0, 0]}, mutation.started_sources()) == []
    assert mutation.out_of_date(["p.a", "p.c"]) == []
    (folder / "a.py").write_text("x = 2\n", encoding="utf-8")
    assert mutation.out_of_date(["p.a", "p.c"]) == ["p.a"]
    assert mutation.sampled_modules() == ["p.a", "p.c"]
    (folder / "c.py").unlink()
    assert mutation.sampled_modules() == ["p.a"], "a module gone is not sampled"
    assert mutation.out_of_date(["p.c"]) == ["p.c"]
    mutation.record_runs({}, {})
    assert set(mutation.runs_on_record()) == {"p.a"}


def test_source_digests_ignore_line_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A checkout with Windows line ends has the same digests and seed."""
    monkeypatch.setattr(mutation, "ROOT", tmp_path)
    (tmp_path / "src" / "p").mkdir(parents=True)
    path = Path("src/p/a.py")
    (tmp_path / path).write_bytes(b"x = 1\ny = 2\n")
    digest, seed = mutation.module_digest("p.a"), mutation.source_seed([path])
    (tmp_path / path).write_bytes(b"x = 1\r\ny = 2\r\n")
    assert (mutation.module_digest("p.a"), mutation.source_seed([path])) == (
        digest,
        seed,
    )


@pytest.mark.parametrize(
    ("argv", "full"),
    [
        (["--all"], True),
        (["--all", "--keep"], True),
        (["--survivors"], True),
        (["--budget", "5"], False),
        (["--report"], False),
    ],
)
def test_only_full_runs_are_put_on_record(
    argv: list[str],
    full: bool,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A run of every mutant, going on or trying survivors again, asks the
    report to put what it finished on record; a sample or a report does
    not, and they name the modules changed since their run on record."""
    on_record(tmp_path, monkeypatch, "phase10._fields")
    runs = mutation.RUNS.read_text(encoding="utf-8")
    mutation.RUNS.write_text(runs.replace(runs.split()[1], "0" * 16), encoding="utf-8")
    asked: list[bool] = []
    without_mutmut(
        monkeypatch, [Path("src/phase10/_fields.py")], ["phase10._fields.x_f"]
    )

    def report(tried: object, explained: object, full: bool = False) -> int:
        asked.append(full)
        return 0

    monkeypatch.setattr(mutation, "report", report)
    assert mutation.main(argv) == 0
    assert asked == [full]
    warned = "Changed since their full run on record" in capsys.readouterr().out
    assert warned == (not full)


def test_the_guide_shows_the_full_runs_on_record() -> None:
    """The contributors' guide's table of the last full run shows, module by
    module, the figures of the record that ``--all`` writes, and every
    module on record: the table is not left behind when a module is run
    again."""
    runs = mutation.runs_on_record()
    guide = (mutation.ROOT / "docs" / "contributing.md").read_text(encoding="utf-8")
    section = guide.split("### The last full run", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) == 7 and cells[0].startswith("`phase10."):
            module = cells[0].split("`")[1]
            mutants, tried, killed, explained, unexplained = map(int, cells[1:6])
            assert tried == mutants and unexplained == 0, line
            assert cells[6] == f"{100 * killed / mutants:.0f} %", line
            rows[module] = mutation.Run(runs[module].digest, mutants, killed, explained)
    assert rows == runs


def test_a_full_run_of_a_package_tries_its_own_mutants_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--all --module phase10._moves`` asks mutmut for the mutants of the
    package's own module, functions and methods, not for those of the
    modules inside it (which have runs of their own)."""
    asked: list[str] = []
    package = [Path("src/phase10/_moves/__init__.py")]
    without_mutmut(monkeypatch, package, ["phase10._moves.x_f"])
    monkeypatch.setattr(mutation, "WORK", tmp_path / "mutants")
    monkeypatch.setattr(
        mutation, "run_mutmut", lambda names, seconds, jobs: asked.extend(names)
    )
    assert mutation.main(["--all", "--module", "phase10._moves"]) == 0

    def asked_for(name: str) -> bool:
        return any(fnmatch.fnmatchcase(name, pattern) for pattern in asked)

    assert asked_for("phase10._moves.x_apply__mutmut_1")
    assert asked_for("phase10._moves.xǁRowǁplay__mutmut_2")
    assert not asked_for("phase10._moves.hit.x_hit__mutmut_1")


def test_a_longer_budget_draws_the_shorter_budgets_sample_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the same seed, a sample for more seconds holds the sample for
    fewer (CI's) and then more, so an author who gives the sample more time
    tries CI's mutants too."""
    on_record(tmp_path, monkeypatch, "phase10._fields")
    names = [f"phase10._fields.x_f__mutmut_{i}" for i in range(4000)]
    drawn: list[list[str]] = []
    without_mutmut(monkeypatch, [Path("src/phase10/_fields.py")], names)
    monkeypatch.setattr(
        mutation, "run_mutmut", lambda names, seconds, jobs: drawn.append(list(names))
    )
    for budget in ("180", "900", "6000"):
        assert mutation.main(["--budget", budget]) == 0
    short, longer, longest = drawn
    assert (len(short), len(longer), len(longest)) == (90, 450, 3000)
    assert longer[:90] == short and longest[:450] == longer
    assert len(set(longest)) == 3000
    assert short != names[:90], "the sample is drawn, not the first mutants"


def fake_mutmut(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str) -> None:
    """A ``mutmut`` on the PATH that runs ``script`` (shell), and a work folder."""
    folder = tmp_path / "bin"
    folder.mkdir()
    command = folder / "mutmut"
    command.write_text(f"#!/bin/sh\n{script}\n", encoding="utf-8")
    command.chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setattr(mutation, "WORK", tmp_path / "mutants")


@pytest.mark.skipif(sys.platform == "win32", reason="a shell script stands in")
def test_the_budget_counts_from_when_mutants_are_tried(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """mutmut's preparation (making the mutants, measuring which tests reach
    which function) is not spent from the budget: a run is stopped only
    once it has tried mutants for the seconds given."""
    fake_mutmut(
        tmp_path,
        monkeypatch,
        "echo Running stats; sleep 3; echo Running mutation testing; "
        "echo tried > tried.txt; sleep 60",
    )
    monkeypatch.setattr(mutation, "ROOT", tmp_path)
    mutation.run_mutmut(["m.x_f"], 1, 1)
    assert (tmp_path / "tried.txt").exists(), "stopped before trying a mutant"
    assert mutation.TRYING in (mutation.WORK / "mutmut.log").read_bytes()


@pytest.mark.skipif(sys.platform == "win32", reason="a shell script stands in")
def test_a_run_that_never_starts_trying_is_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A preparation that goes on past its allowance stops the run with an
    error, rather than holding CI until its own time runs out."""
    fake_mutmut(tmp_path, monkeypatch, "echo Running stats; sleep 60")
    monkeypatch.setattr(mutation, "ROOT", tmp_path)
    monkeypatch.setattr(mutation, "PREPARING_SECONDS", 1)
    with pytest.raises(SystemExit, match="did not start trying"):
        mutation.run_mutmut(["m.x_f"], 1, 1)
