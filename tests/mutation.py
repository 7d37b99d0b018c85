"""Mutation testing of the engine's judges and checks, gated by a list of
explained survivors (``nox -s mutation``).

    python tests/mutation.py --budget 300    # a sample of mutants, in 5 minutes
    python tests/mutation.py --all           # every mutant (before a release)
    python tests/mutation.py --all --module phase10._groups   # the others' results stay
    python tests/mutation.py --all --keep    # go on with a run that stopped
    python tests/mutation.py --survivors     # the unexplained survivors again
    python tests/mutation.py --report        # the last run's results again

The tool is mutmut, configured in ``[tool.mutmut]`` of pyproject.toml:
``only_mutate`` there is the one list of the modules mutated. A *mutant* is
the package with one small fault put in (a comparison turned round, a
constant changed, an argument dropped); the tests *kill* it when one of them
fails, and it *survives* when they all pass.

Every survivor must be explained: ``tests/mutation_survivors.txt`` lists the
mutants no public behaviour can tell apart from the real code, each with the
reason. A survivor is known by its function and the lines the fault takes
out and puts in, never by a line number or mutmut's number, so the list
holds while the code around it changes. The run fails if a mutant it tried
survives and is not in the list, and prints the entry to add (once the
reason is found) or the test to write.

``--budget`` tries a sample of the mutants, drawn with ``--seed`` (by
default a digest of the source mutated, so that the same code draws the
same sample wherever it runs and changed code draws another), and stops
trying when the seconds run out. ``--all`` tries every mutant.
``--survivors`` tries again, in the same work folder, the mutants that
survived the last run and that the list does not explain, once tests have
been written to kill them.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import fnmatch
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "mutants"
"""mutmut's work folder (ignored by git)."""
SURVIVORS = ROOT / "tests" / "mutation_survivors.txt"
RUNS = ROOT / "tests" / "mutation_runs.txt"
"""The full runs on record, written by ``--all`` (see :func:`record_runs`)."""
KILLED = {1, 3}
"""mutmut's exit codes of a test run that failed: the mutant is killed."""
TIMED_OUT = {24, -24, 152, 255, 36, -9, -11}
"""A mutant that made the tests hang or crash: killed too."""
SURVIVED = {0, 5, 33}
"""The tests passed, or none reaches the mutated function."""
UNSEEN = {None, 2, 34}
"""Not tried, or stopped by the budget."""


@dataclass(frozen=True)
class Key:
    """What a survivor is known by: where, and the lines taken out and put in."""

    function: str
    removed: tuple[str, ...]
    added: tuple[str, ...]

    def entry(self, why: str) -> str:
        """The key as an entry of the survivors list."""
        lines = [self.function]
        lines += [f"- {line}" for line in self.removed]
        lines += [f"+ {line}" for line in self.added]
        return "\n".join([*lines, f"why: {why}"])


def _pattern(text: str) -> re.Pattern[str]:
    """A line of an entry: the text itself, but ``*`` stands for any text."""
    return re.compile(".*".join(map(re.escape, text.split("*"))))


@dataclass(frozen=True)
class Entry:
    """An explained survivor: a key whose lines may hold ``*``, and why."""

    function: re.Pattern[str]
    removed: tuple[re.Pattern[str], ...]
    added: tuple[re.Pattern[str], ...]
    why: str

    def explains(self, key: Key) -> bool:
        pairs = [(self.function, key.function)]
        if len(self.removed) != len(key.removed) or len(self.added) != len(key.added):
            return False
        pairs += zip(self.removed, key.removed, strict=True)
        pairs += zip(self.added, key.added, strict=True)
        return all(pattern.fullmatch(text) for pattern, text in pairs)


def read_survivors(text: str) -> list[Entry]:
    """The explained survivors: blocks of a function, ``- `` and ``+ ``
    lines, and ``why: ...``, separated by blank lines; ``#`` starts a
    comment line, and ``*`` in a line stands for any text.

    >>> entry, = read_survivors("# c\\n\\nm.f\\n- a < b\\n+ a <= *\\nwhy: same\\n")
    >>> entry.explains(Key("m.f", ("a < b",), ("a <= b",))), entry.why
    (True, 'same')
    """
    found = []
    blocks: list[list[str]] = [[]]
    for raw in text.splitlines():
        line = raw.rstrip()
        if line.startswith("#"):
            continue
        if line:
            blocks[-1].append(line)
        elif blocks[-1]:
            blocks.append([])
    for block in filter(None, blocks):
        function, *rest = block
        removed = tuple(_pattern(x[2:].strip()) for x in rest if x.startswith("- "))
        added = tuple(_pattern(x[2:].strip()) for x in rest if x.startswith("+ "))
        why = [x[4:].strip() for x in rest if x.startswith("why:")]
        if len(removed) + len(added) + len(why) != len(rest) or not why or not why[0]:
            raise SystemExit(f"{SURVIVORS.name}: an entry needs why: ...\n{block}")
        found.append(Entry(_pattern(function), removed, added, why[0]))
    return found


def _source_bytes(path: Path) -> bytes:
    """A file's text as bytes with ``\\n`` line ends, as a checkout on any
    system has it."""
    return path.read_bytes().replace(b"\r\n", b"\n")


def module_digest(module: str) -> str:
    """A digest of ``module``'s source, to tell whether it changed (``""``
    for a module that is no longer there)."""
    path = ROOT / module_path(module)
    if not path.exists():
        return ""
    return hashlib.sha256(_source_bytes(path)).hexdigest()[:16]


RUNS_HEAD = """\
# Written by tests/mutation.py --all (and by --all --keep or --survivors
# going on with the run): each module whose every mutant a full run tried,
# none of them surviving unexplained, with a digest of the source it tried
# and its figures (mutants, killed, explained). CI's sample draws from these
# modules. Commit it with the tests and the survivors' entries the run asked
# for. A module whose source has changed since is out of date: the short
# runs say so, and a release runs it again.
"""


@dataclass(frozen=True)
class Run:
    """A full run on record: the source's digest and the run's figures."""

    digest: str
    mutants: int
    killed: int
    explained: int

    def line(self, module: str) -> str:
        return f"{module} {self.digest} {self.mutants} {self.killed} {self.explained}"


def read_runs(text: str) -> dict[str, Run]:
    """The full runs on record, by module.

    >>> read_runs("# c\\nm.a 0123abcd 10 9 1\\n")
    {'m.a': Run(digest='0123abcd', mutants=10, killed=9, explained=1)}
    """
    runs = {}
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        module, digest, *figures = line.split()
        mutants, killed, explained = map(int, figures)
        runs[module] = Run(digest, mutants, killed, explained)
    return runs


def runs_on_record() -> dict[str, Run]:
    """The full runs in :data:`RUNS`, by module (none when it is missing)."""
    return read_runs(RUNS.read_text(encoding="utf-8")) if RUNS.exists() else {}


def record_runs(table: dict[str, list[int]], started: dict[str, str]) -> list[str]:
    """Put on record each module of a full run's ``table`` (killed,
    explained, new and unseen mutants by module) whose every mutant was
    tried, none surviving unexplained, and whose source is the one the run
    started on (``started``: the digests of :func:`remember_sources`); the
    modules recorded. Modules no longer there leave the record."""
    runs = runs_on_record()
    done = []
    for module, (killed, known, unknown, unseen) in sorted(table.items()):
        digest = module_digest(module)
        if unknown or unseen or not digest or started.get(module) != digest:
            continue
        runs[module] = Run(digest, killed + known, killed, known)
        done.append(module)
    lines = [runs[m].line(m) for m in sorted(runs) if module_digest(m)]
    RUNS.write_text(RUNS_HEAD + "\n".join(lines) + "\n", encoding="utf-8")
    return done


def out_of_date(modules: Iterable[str]) -> list[str]:
    """The modules of ``modules`` with no full run on record of their
    source as it is now."""
    runs = runs_on_record()
    return [
        module
        for module in modules
        if module not in runs or runs[module].digest != module_digest(module)
    ]


def sampled_modules() -> list[str]:
    """The modules with a full run on record (and still there): those whose
    survivors the list explains in full, from which ``--budget`` draws."""
    runs = runs_on_record()
    return sorted(module for module in runs if module_digest(module))


STARTED = "phase10-sources.json"
"""In the work folder: the digest of each module's source when its full run
started, which :func:`record_runs` puts on record."""


def remember_sources(modules: Iterable[str], *, keep: bool) -> None:
    """Note the digests of ``modules``' sources as a full run starts; with
    ``keep`` (a run going on), the digests noted before stay."""
    noted = started_sources()
    for module in modules:
        if not (keep and module in noted):
            noted[module] = module_digest(module)
    WORK.mkdir(parents=True, exist_ok=True)
    text = json.dumps(noted, indent=1, sort_keys=True)
    (WORK / STARTED).write_text(text, encoding="utf-8")


def started_sources() -> dict[str, str]:
    """The digests :func:`remember_sources` noted."""
    path = WORK / STARTED
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def module_name(path: Path) -> str:
    """The module a file under ``src/`` holds, as mutmut names it.

    >>> module_name(Path("src/phase10/_moves/__init__.py"))
    'phase10._moves'
    """
    return ".".join(path.with_suffix("").parts[1:]).removesuffix(".__init__")


def module_path(module: str) -> Path:
    """The file of ``module`` under ``src/`` (a module or a package)."""
    path = Path("src", *module.split("."))
    package = path / "__init__.py"
    return package if (ROOT / package).exists() else path.with_suffix(".py")


def module_of(name: str) -> str:
    """The module of a mutant's name (``phase10._groups.x_f__mutmut_3``)."""
    parts = name.split(".")
    while parts and not parts[-1].startswith(("x_", "xǁ")):
        parts.pop()
    return ".".join(parts[:-1])


def function_of(name: str) -> str:
    """``module.function`` or ``module.Class.method`` of a mutant's name."""
    local = name[len(module_of(name)) + 1 :].partition("__mutmut_")[0]
    if local.startswith("xǁ"):
        _, cls, method = local.split("ǁ")
        return f"{module_of(name)}.{cls}.{method}"
    return f"{module_of(name)}.{local[2:]}"


def _functions(tree: ast.Module) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    kinds = (ast.FunctionDef, ast.AsyncFunctionDef)
    found = {node.name: node for node in tree.body if isinstance(node, kinds)}
    for cls in tree.body:
        if isinstance(cls, ast.ClassDef):
            found |= {node.name: node for node in cls.body if isinstance(node, kinds)}
    return found


class Mutated:
    """One mutated file in the work folder: the source of each generated
    function, to tell what each mutant changed."""

    def __init__(self, path: Path) -> None:
        self.lines = path.read_text(encoding="utf-8").splitlines()
        self.defs = _functions(ast.parse("\n".join(self.lines)))

    def source(self, local: str) -> list[str]:
        node = self.defs[local]
        body = self.lines[node.lineno - 1 : node.end_lineno]
        return [line.strip() for line in body if line.strip()]

    def key(self, name: str) -> Key:
        local = name.rpartition(".")[2]
        original = local.partition("__mutmut_")[0] + "__mutmut_orig"
        plain = function_of(name).rpartition(".")[2]
        before = [line.replace(original, plain) for line in self.source(original)]
        after = [line.replace(local, plain) for line in self.source(local)]
        removed: list[str] = []
        added: list[str] = []
        for line in difflib.unified_diff(before, after, n=0):
            if line.startswith(("---", "+++", "@@")):
                continue
            (removed if line[0] == "-" else added).append(line[1:])
        return Key(function_of(name), tuple(removed), tuple(added))


def targets() -> list[Path]:
    """The files ``only_mutate`` names, relative to the project."""
    from mutmut.configuration import config  # the session installs it

    with _cwd(ROOT):
        patterns = list(config().only_mutate)
    files = [
        path.relative_to(ROOT)
        for path in sorted((ROOT / "src").rglob("*.py"))
        if any(fnmatch.fnmatch(str(path.relative_to(ROOT)), p) for p in patterns)
    ]
    if not files:
        raise SystemExit(f"no file matches [tool.mutmut] only_mutate: {patterns}")
    return files


class _cwd:
    def __init__(self, path: Path) -> None:
        self.path, self.old = path, Path.cwd()

    def __enter__(self) -> None:
        os.chdir(self.path)

    def __exit__(self, *_: object) -> None:
        os.chdir(self.old)


def source_seed(files: Iterable[Path]) -> int:
    """The sample's seed when none is given: a digest of the files mutated
    (paths relative to the project). CI's sample of a tree is the one its
    author draws on their own machine first, and a change to the code mutated
    draws another; tests and the survivors list do not take part, so the
    sample a new test is written for is the one tried again."""
    digest = hashlib.sha256()
    for path in sorted(files):
        digest.update(path.as_posix().encode())
        digest.update(b"\0")
        digest.update(_source_bytes(ROOT / path))
        digest.update(b"\0")
    return int.from_bytes(digest.digest()[:4], "big")


def mutant_names(files: Iterable[Path]) -> list[str]:
    """Every mutant's name, as mutmut will make them."""
    from mutmut.mutation.file_mutation import mutate_file_contents

    names = []
    with _cwd(ROOT):
        for path in files:
            module = module_name(path)
            made = mutate_file_contents(str(path), path.read_text(encoding="utf-8"))
            names += [f"{module}.{local}" for local in made.mutant_names]
    return names


TRYING = b"Running mutation testing"
"""What mutmut prints once it has made the mutants and measured which tests
reach each function, and starts trying mutants."""
PREPARING_SECONDS = 900
"""The most that preparation may take before a run with a budget gives up."""


def run_mutmut(names: Sequence[str], seconds: float | None, jobs: int) -> None:
    """``mutmut run`` on ``names`` (all when empty), stopped ``seconds``
    after it starts trying mutants (its preparation, minutes, is not
    counted: a budget is the time spent trying)."""
    env = {
        **os.environ,
        # Few, fixed examples: a mutant's verdict is the same on every run.
        "HYPOTHESIS_PROFILE": "mutation",
        # Tests that start Python again import the mutated package too.
        "PYTHONPATH": str(WORK / "src"),
    }
    command = ["mutmut", "run", "--max-children", str(jobs), *names]
    print(f"mutmut run on {' '.join(names) if len(names) < 5 else 'a sample'}")
    # Made before Python starts: a folder on PYTHONPATH that is missing then
    # is never looked in again, and the tests would import the real package.
    (WORK / "src").mkdir(parents=True, exist_ok=True)
    log = WORK / "mutmut.log"
    with (
        log.open("wb") as out,
        subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=out, stderr=out, start_new_session=True
        ) as run,
    ):
        began = time.monotonic()
        deadline = None
        stopped = False
        while run.poll() is None:
            time.sleep(1)
            if seconds is not None and deadline is None:
                if TRYING in log.read_bytes():
                    deadline = time.monotonic() + seconds
                elif time.monotonic() - began > PREPARING_SECONDS:
                    os.killpg(run.pid, signal.SIGKILL)
                    run.wait()
                    raise SystemExit(
                        f"mutmut did not start trying mutants in {PREPARING_SECONDS} s"
                    )
            if deadline is not None and time.monotonic() > deadline:
                print("the budget is spent: stopping", flush=True)
                stopped = True
                # mutmut and the worker it forked for the mutant in hand: the
                # results so far are saved, mutant by mutant.
                os.killpg(run.pid, signal.SIGKILL)
                run.wait()
                break
    if run.returncode and not stopped:
        shown = log.read_text(encoding="utf-8", errors="replace")[-3000:]
        raise SystemExit(f"{shown}\nmutmut failed (exit status {run.returncode})")


def results() -> dict[str, int | None]:
    """Each mutant's exit code from the work folder."""
    found: dict[str, int | None] = {}
    for meta in sorted((WORK / "src").rglob("*.py.meta")):
        found |= json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    return found


def report(
    tried: Iterable[str], explained: Sequence[Entry], *, full: bool = False
) -> int:
    """Print the score of each module and the survivors; the exit status.
    After a ``full`` run, put the modules it finished on record."""
    codes = results()
    files: dict[str, Mutated] = {}
    table: dict[str, list[int]] = {}
    new: list[tuple[str, Key]] = []
    for name in sorted(tried):
        code = codes.get(name)
        module = module_of(name)
        counts = table.setdefault(
            module, [0, 0, 0, 0]
        )  # killed, explained, new, unseen
        if code in UNSEEN:
            counts[3] += 1
            continue
        if code not in SURVIVED:
            counts[0] += 1
            continue
        if module not in files:
            path = WORK / module_path(module)
            files[module] = Mutated(path)
        key = files[module].key(name)
        if any(entry.explains(key) for entry in explained):
            counts[1] += 1
        else:
            counts[2] += 1
            new.append((name, key))
    print(f"\n{'module':<26} {'killed':>7} {'tried':>6} {'score':>6}  survivors")
    for module, (killed, known, unknown, unseen) in sorted(table.items()):
        done = killed + known + unknown
        score = f"{100 * killed / done:.0f}%" if done else "-"
        rest = f", {unseen} not tried" if unseen else ""
        print(
            f"{module:<26} {killed:>7} {done:>6} {score:>6}  "
            f"{known} explained, {unknown} new{rest}"
        )
    for name, key in new:
        print(f"\nSURVIVED {name} (mutmut show {name}):\n{key.entry('...')}")
    if new:
        print(
            f"\n{len(new)} mutants survived that {SURVIVORS.name} does not explain: "
            "write a test of public behaviour that kills each, or, when none "
            "can tell it from the real code, add its entry with the reason."
        )
    if full:
        recorded = record_runs(table, started_sources())
        if recorded:
            print(f"\nOn record in {RUNS.name}: {', '.join(recorded)}")
    return 1 if new else 0


def warn_out_of_date(modules: Iterable[str]) -> None:
    """Say which of the sampled ``modules`` changed since their full run."""
    stale = out_of_date(modules)
    if stale:
        print(
            f"\nChanged since their full run on record in {RUNS.name} "
            f"(run --all --module M for each before a release): {', '.join(stale)}"
        )


def unexplained(names: Iterable[str], explained: Sequence[Entry]) -> list[str]:
    """The mutants of ``names`` that survived the last run and that the
    survivors list does not explain."""
    codes = results()
    files: dict[str, Mutated] = {}
    found = []
    for name in names:
        if codes.get(name) not in SURVIVED:
            continue
        module = module_of(name)
        if module not in files:
            files[module] = Mutated(WORK / module_path(module))
        key = files[module].key(name)
        if not any(entry.explains(key) for entry in explained):
            found.append(name)
    return found


def forget(modules: Sequence[str]) -> None:
    """Start the modules ``modules`` afresh in the work folder: their
    mutated copies and their results go (mutmut makes them again), the other
    modules' results stay. Which tests reach which function goes too: mutmut
    measures it again for every test only when it has none, and a function
    it mutates for the first time would otherwise have no test (and its
    mutants "survive"). With no modules, the whole work folder goes."""
    if not modules:
        shutil.rmtree(WORK, ignore_errors=True)
        return
    (WORK / REACH).unlink(missing_ok=True)
    for module in modules:
        path = WORK / module_path(module)
        for made in (path, *(path.with_name(path.name + end) for end in MADE)):
            made.unlink(missing_ok=True)


REACH = "mutmut-stats.json"
"""mutmut's record of the functions each test reaches, in the work folder."""

MADE = (".meta", ".spans")
"""What mutmut keeps beside a module's mutated copy: its results, and the
lines of each mutated function."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--budget", type=float, help="seconds for a sample")
    mode.add_argument("--all", action="store_true", help="every mutant")
    mode.add_argument("--report", action="store_true", help="the last run again")
    mode.add_argument(
        "--survivors", action="store_true", help="the unexplained survivors again"
    )
    parser.add_argument(
        "--seed", type=int, help="the sample (default: a digest of the source)"
    )
    parser.add_argument("--module", action="append", help="only these modules")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--keep", action="store_true", help="reuse the work folder (and go on)"
    )
    args = parser.parse_args(argv)

    text = SURVIVORS.read_text(encoding="utf-8")
    explained = read_survivors(text)
    files = targets()
    modules = args.module or ([] if args.all or args.survivors else sampled_modules())
    if args.budget is not None and not modules:
        raise SystemExit(f"no full run on record in {RUNS.name}: run --all first")
    if modules:
        files = [path for path in files if module_name(path) in modules]
    names = mutant_names(files)
    if not names:
        raise SystemExit(f"no mutant in the modules named: {', '.join(modules)}")
    if args.report:
        warn_out_of_date(sampled_modules())
        return report(names, explained)
    if args.survivors:
        # mutmut tries again the mutants it is given by name, with the tests
        # as they are now (it finds which functions new tests reach).
        again = unexplained(names, explained)
        if again:
            run_mutmut(again, None, args.jobs)
        return report(names, explained, full=True)
    if not args.keep:
        # The modules named start afresh, the others' results stay; a sample
        # or a run of every module starts from nothing.
        forget(args.module or [])
    if args.all:
        remember_sources(map(module_name, files), keep=args.keep)
    if args.all and args.keep:
        # Go on with a run that stopped: the mutants not tried yet.
        codes = results()
        sample = [name for name in names if codes.get(name) in UNSEEN]
        if not sample:
            return report(names, explained, full=True)
    elif args.all:
        # A module's own mutants, not those of the modules of its package.
        sample = [f"{module}.{x}*" for module in modules for x in ("x_", "xǁ")]
    else:
        seed = args.seed
        if seed is None:
            seed = source_seed(files)
        # More than the budget can try: mutmut tries them cheapest first. A
        # longer budget draws the same mutants first, then more.
        count = min(len(names), max(10, int(args.budget // 2)))
        order = list(names)
        random.Random(seed).shuffle(order)
        sample = order[:count]
        print(f"a sample of {count} of {len(names)} mutants, seed {seed}")
    started = time.monotonic()
    run_mutmut(sample, args.budget, args.jobs)
    print(f"{time.monotonic() - started:.0f} s")
    if not args.all:
        warn_out_of_date(sampled_modules())
    return report(names if args.all else sample, explained, full=args.all)


if __name__ == "__main__":
    sys.exit(main())
