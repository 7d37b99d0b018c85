"""The project's checks, one nox session each; ``nox -s ci`` is the whole CI.

    python -m pip install nox
    nox -l                          # the sessions, one line each
    nox                             # the everyday ones: tests, lint, typecheck
    nox -s ci                       # everything CI runs, in CI's order
    nox -s "tests(3.12)"            # one Python
    nox -s fuzz -- --seconds 600    # arguments after -- go to the session

Every session builds its own virtual environment under ``.nox/`` (``-r``
reuses them). The interpreters for ``tests`` are the CPython 3.10-3.13
found on ``PATH`` or installed by pyenv; the others use the Python that runs
nox. The ``web`` session installs Debian's chromium and npm when it runs as
root and they are missing.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import nox

ROOT = Path(__file__).resolve().parent
MINORS = (10, 11, 12, 13)
EXAMPLE_TIMEOUT = 300
"""Seconds an example may run in the examples session."""
CI_FUZZ_SECONDS = 63
"""The fuzzers' whole budget in CI: seven seconds a target."""
CI_SOAK_SECONDS = 45
CI_MUTATION_SECONDS = 60
"""Mutation testing's budget in CI: a sample of the mutants, drawn anew for
each change to the code mutated, tried for this long after mutmut's
preparation (about two and a half minutes more)."""

nox.options.default_venv_backend = "venv"
nox.options.sessions = ["tests", "lint", "typecheck"]
nox.options.error_on_missing_interpreters = True


def _cpython(executable: str) -> bool:
    check = "import sys; sys.exit(sys.implementation.name != 'cpython')"
    done = subprocess.run([executable, "-c", check], capture_output=True, check=False)
    return done.returncode == 0


def _find_python(minor: int) -> str | None:
    """A CPython 3.``minor``: on PATH, else the newest plain pyenv build."""
    on_path = shutil.which(f"python3.{minor}")
    if on_path and _cpython(on_path):
        return on_path
    root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    builds = []
    for folder in root.glob(f"versions/3.{minor}.*"):
        # Plain releases only: not 3.13.0t or other builds.
        if re.fullmatch(rf"3\.{minor}\.(\d+)", folder.name):
            exe = folder / "bin" / f"python3.{minor}"
            if exe.exists() and _cpython(str(exe)):
                builds.append((int(folder.name.rsplit(".", 1)[1]), str(exe)))
    return max(builds)[1] if builds else None


PYTHONS = {f"3.{minor}": _find_python(minor) for minor in MINORS}
FOUND = [version for version, exe in PYTHONS.items() if exe]
DEFAULT = f"{sys.version_info.major}.{sys.version_info.minor}"
PACKAGE_PYTHON = "3.12" if PYTHONS.get("3.12") else DEFAULT
"""The Python of the package session, whose tests against the wheel are
CI's tests under that version (the readme session runs the whole suite
under nox's own)."""
QUICK = "not slow and not browser"
"""The quick tests: what CI runs under the Pythons other than nox's own."""


def readme_command(name: str) -> str:
    """The one command line between ``<!-- name -->`` and ``<!-- /name -->``
    in README.md, so that CI runs exactly what the README shows."""
    lines, inside, found = [], False, False
    for raw in (ROOT / "README.md").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line == f"<!-- {name} -->":
            inside = found = True
        elif line == f"<!-- /{name} -->":
            inside = False
        elif inside and line and not line.startswith("```"):
            lines.append(line)
    if not found:
        raise SystemExit(f"README.md has no <!-- {name} --> block")
    if len(lines) != 1:
        raise SystemExit(
            f"README.md's <!-- {name} --> block holds {lines}, not one line"
        )
    return lines[0]


def _pytest(session: nox.Session, *args: str, **env: str) -> None:
    session.run(
        "python",
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        *args,
        env={"CI": os.environ.get("CI", ""), **env},
    )


@nox.session
@nox.parametrize(
    "python", [nox.param(PYTHONS[version], id=version) for version in FOUND]
)
def tests(session: nox.Session) -> None:
    """The test suite under each CPython 3.10-3.13 found.

    Under the versions other than nox's own, with fewer Hypothesis examples.
    """
    session.install("-e", ".[test]")
    profile = "default" if session.python == PYTHONS.get(DEFAULT) else "ci-quick"
    _pytest(session, *session.posargs, HYPOTHESIS_PROFILE=profile)


@nox.session
def readme(session: nox.Session) -> None:
    """The README's test command, exactly as the README shows it."""
    session.run("bash", "-c", readme_command("test-command"), external=True)


@nox.session
def coverage(session: nox.Session) -> None:
    """Branch coverage of the package; fails under pyproject's minimum."""
    session.install("-e", ".[test]", "coverage")
    session.run(
        "coverage",
        "run",
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        env={"HYPOTHESIS_PROFILE": "ci-quick"},
    )
    session.run("coverage", "report")


@nox.session
def lint(session: nox.Session) -> None:
    """The pre-commit hooks on every file: ruff, lint and format, and more."""
    session.install("pre-commit")
    session.run("pre-commit", "run", "--all-files", "--show-diff-on-failure")


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict on the package, tests, examples, benchmarks and fuzzers."""
    session.install("-e", ".[dev]", "nox")
    session.run("mypy", "--strict")


@nox.session
def docs(session: nox.Session) -> None:
    """The documentation: HTML with warnings as errors, then its doctests."""
    session.install("-e", ".[docs]")
    out = Path(session.create_tmp())
    session.run(
        "sphinx-build",
        "-n",
        "-W",
        "--keep-going",
        "-q",
        "-b",
        "html",
        "docs",
        str(out / "html"),
    )
    session.run(
        "sphinx-build",
        "-W",
        "--keep-going",
        "-b",
        "doctest",
        "docs",
        str(out / "doctest"),
    )


@nox.session(python=PYTHONS.get(PACKAGE_PYTHON))
def package(session: nox.Session) -> None:
    """sdist and wheel, twine check, the tests against the installed wheel.

    The tests run from the unpacked sdist, with the package imported from
    the wheel (never from ``src/``).
    """
    session.install("build", "twine>=6.1")
    tmp = Path(session.create_tmp())
    dist = tmp / "dist"
    shutil.rmtree(dist, ignore_errors=True)
    session.run("python", "-m", "build", "--outdir", str(dist), ".", silent=True)
    session.run("twine", "check", "--strict", *map(str, sorted(dist.iterdir())))
    (wheel,) = dist.glob("*.whl")
    (sdist,) = dist.glob("*.tar.gz")
    session.install(f"{wheel}[test]")
    unpacked = tmp / "unpacked"
    shutil.rmtree(unpacked, ignore_errors=True)
    unpacked.mkdir()
    session.run(
        "tar",
        "-xzf",
        str(sdist),
        "-C",
        str(unpacked),
        "--strip-components=1",
        external=True,
    )
    with session.chdir(unpacked):
        session.run(
            "python",
            "-c",
            (
                "import pathlib, sys, phase10\n"
                "where = pathlib.Path(phase10.__file__).resolve()\n"
                "sys.exit(None if 'site-packages' in where.parts"
                " else f'phase10 imported from {where}')"
            ),
        )
        # The wheel's contents are what this session checks: Hypothesis's
        # fewer examples and the quick tests are enough (the readme session
        # runs every test with the full profile).
        _pytest(
            session,
            "tests",
            "-m",
            QUICK,
            HYPOTHESIS_PROFILE="ci-quick",
        )


def _limited(session: nox.Session, *command: str) -> None:
    """Run ``command`` in the session with a time limit."""
    session.log(shlex.join(command))
    try:
        subprocess.run(
            command,
            stdin=subprocess.DEVNULL,
            timeout=EXAMPLE_TIMEOUT,
            check=True,
            env={
                **os.environ,
                "PATH": os.pathsep.join([session.bin, os.environ["PATH"]]),
            },
        )
    except subprocess.TimeoutExpired:
        session.error(f"timed out after {EXAMPLE_TIMEOUT} s: {shlex.join(command)}")
    except subprocess.CalledProcessError as failed:
        session.error(f"exit status {failed.returncode}: {shlex.join(command)}")


@nox.session
def examples(session: nox.Session) -> None:
    """The README's run command, then each line of examples/ci-args.txt."""
    _limited(session, "bash", "-c", readme_command("run-command"))
    for raw in (ROOT / "examples" / "ci-args.txt").read_text().splitlines():
        args = raw.split("#", 1)[0].split()
        if args:
            _limited(session, "python", f"examples/{args[0]}", *args[1:])


@nox.session
def web(session: nox.Session) -> None:
    """The web example: its server tests, every browser test (none skipped)
    and a short run of its load benchmark.

    The browser tests run in Debian's chromium with npm's pyodide; the bot
    protocol's JavaScript bot runs in node here too, none skipped.
    """
    missing = [
        name
        for name, there in (
            ("chromium", Path("/usr/bin/chromium").exists()),
            ("npm", shutil.which("npm") is not None),
        )
        if not there
    ]
    if missing:
        if os.geteuid() != 0:
            session.error(
                "the browser tests need: apt-get install " + " ".join(missing)
            )
        session.run("apt-get", "update", "-qq", external=True)
        session.run("apt-get", "install", "-y", "-qq", *missing, external=True)
    session.install("-e", ".[web]")
    session.run("python", "examples/web/setup_offline.py")
    _pytest(
        session,
        "tests/test_web_server.py",
        "tests/test_web_hostile.py",
        # The bot protocol's JavaScript bot needs node, which npm brings.
        "tests/test_protocol.py",
        PHASE10_NO_SKIPS="1",
    )
    _pytest(
        session,
        "-rs",
        "-m",
        "browser",
        "tests/test_web_browser.py",
        PHASE10_NO_SKIPS="1",
        CI="true",
    )
    # The load benchmark, briefly, so that it keeps working (its figures
    # are not checked: see its docstring for the targets); --hostile runs
    # it as before and once more with a flooder (about 10 s more).
    session.run(
        "python",
        "benchmarks/web_load.py",
        *("--tables", "4", "--seconds", "2", "--warm-up", "1", "--repeat", "1"),
        "--hostile",
    )


@nox.session
def extras(session: nox.Session) -> None:
    """The rl, openspiel and dask extras' tests, the Dask example and a short
    run of the learning example, none skipped."""
    session.install("-e", ".[test,rl,openspiel,dask]")
    _pytest(
        session,
        "-rs",
        "tests/test_rl.py",
        "tests/test_rl_openspiel.py",
        "tests/test_vector.py",
        "tests/test_examples_executors.py",
        "tests/test_versionadded.py",
        PHASE10_REQUIRE_EXTRAS="1",
        PHASE10_NO_SKIPS="1",
    )
    picture = Path(session.create_tmp()) / "learn_masked.svg"
    _limited(
        session,
        *("python", "examples/learn_masked.py", "--steps", "20000"),
        *("--eval-every", "10000", "--eval-games", "40", "--out", str(picture)),
    )
    taught = Path(session.create_tmp()) / "learn_from_advice.svg"
    _limited(
        session,
        *("python", "examples/learn_from_advice.py", "--minutes", "0.3"),
        *("--rounds", "1", "--eval-games", "4", "--out", str(taught)),
    )


@nox.session
def fuzz(session: nox.Session) -> None:
    """Coverage-guided fuzzing of every reader (``-- --seconds N``, default 60)."""
    session.install("-e", ".[fuzz]")
    session.run("python", "fuzz/run.py", *session.posargs)


@nox.session
def soak(session: nox.Session) -> None:
    """Whole random games, every invariant after every move (``-- --seconds N``)."""
    session.install("-e", ".")
    session.run("python", "benchmarks/soak.py", *session.posargs)


@nox.session
def mutation(session: nox.Session) -> None:
    """Mutation testing of the judges and checks (``-- --budget S`` or ``-- --all``).

    mutmut, because it needs nothing but pytest: it copies ``src/`` and the
    tests to ``mutants/`` and runs pytest there, in one worker process
    forked per mutant (``--jobs``), and only the tests that reach the
    mutated function, quickest first. Its settings, with the modules
    mutated, are ``[tool.mutmut]`` in pyproject.toml; tests/mutation.py
    draws the sample and fails on a survivor that
    tests/mutation_survivors.txt does not explain.
    """
    session.install("-e", ".[test]", "mutmut==3.8.1")
    args = session.posargs or ["--budget", str(CI_MUTATION_SECONDS)]
    session.run("python", "tests/mutation.py", *args)


CI_PYTHONS = [v for v in FOUND if v not in (DEFAULT, PACKAGE_PYTHON)]
"""The Pythons of CI's tests sessions: those found but nox's own (the
readme session's) and the package session's."""
CI_LANES = {
    "1": [
        "readme",
        *(f"tests({version})" for version in CI_PYTHONS),
        "typecheck",
        "lint",
        "docs",
        "examples",
    ],
    "2": ["package", "extras", "soak", "mutation"],
    "last": ["web", "fuzz"],
}
"""CI's sessions in three lanes: ``.ci/run`` runs lanes 1 and 2 at once, one
on each core (none of their sessions is timed against the clock but by its
own budget), then the last lane alone (the web example's tests time its
server, and the fuzzers count a slow call as a finding)."""
CI = [name for lane in CI_LANES.values() for name in lane]


@nox.session(python=False)
def ci(session: nox.Session) -> None:
    """Everything CI runs, each session in turn (a short fuzz and soak);
    ``-- --lane 1`` (or ``2``, ``last``) one lane of :data:`CI_LANES`.

    In order: the README's tests (the whole suite, under nox's Python), the
    quick tests under the other Pythons (3.12's against the wheel, in the
    package session), types, lint, docs, examples; package, extras, soak,
    a sample of mutants; web and fuzz.
    """
    session.log(
        "Pythons: " + ", ".join(f"{v} ({PYTHONS[v] or 'absent'})" for v in PYTHONS)
    )
    names = CI
    if session.posargs:
        if len(session.posargs) != 2 or session.posargs[0] != "--lane":
            session.error("usage: nox -s ci [-- --lane " + "|".join(CI_LANES) + "]")
        if session.posargs[1] not in CI_LANES:
            session.error(f"no lane {session.posargs[1]}: " + ", ".join(CI_LANES))
        names = CI_LANES[session.posargs[1]]
    for name in names:
        if name == "fuzz":
            session.notify(name, ["--seconds", str(CI_FUZZ_SECONDS)])
        elif name == "soak":
            session.notify(name, ["--seconds", str(CI_SOAK_SECONDS)])
        elif name == "mutation":
            session.notify(name, ["--budget", str(CI_MUTATION_SECONDS)])
        elif name.startswith("tests("):
            # The quick tests: the slow ones run in the readme session.
            session.notify(name, ["-m", QUICK])
        else:
            session.notify(name)
