"""The package's shape: its modules in layers that import only downward, no
import cycle, and modules and functions short enough to read.

The import graph is read from the source with the ast: every import, at
module level or inside a function; the layers leave aside those under ``if
TYPE_CHECKING:`` (read only by the type checker, for annotations), but no
cycle may go through them either: a module that names another's types only
for the type checker still depends on it. Lengths are counted the
same way: a function runs from its ``def`` line to its last line, nested
functions included.

:data:`LAYERS` is the contract the design guide (``docs/design.md``, "The
layers, bottom to top") describes: every import goes to a module of the same
layer or a lower one. The one exception is :data:`LAZY`: the views load the
drawing modules inside the functions that draw (``str(view)``,
``_repr_svg_``), and so does a language-model player's prompt, so that a
program that draws nothing never loads them.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = "phase10"
MAX_MODULE_LINES = 700
MAX_FUNCTION_LINES = 120


# ---------------------------------------------------------------------------
# Reading the source


def find_modules(src: Path, package: str) -> dict[str, Path]:
    """Every module of ``package`` under ``src``, by dotted name."""
    found = {}
    for path in sorted((src / package).rglob("*.py")):
        parts = path.relative_to(src).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _run_time_nodes(
    node: ast.AST, *, in_functions: bool = True, type_checking: bool = False
) -> Iterator[ast.AST]:
    """Every node below ``node`` but those under ``if TYPE_CHECKING:``, unless
    ``type_checking`` (and, unless ``in_functions``, those inside functions:
    imports made when the module is loaded)."""
    for child in ast.iter_child_nodes(node):
        if (
            not type_checking
            and isinstance(child, ast.If)
            and _is_type_checking(child.test)
        ):
            for statement in child.orelse:
                yield statement
                yield from _run_time_nodes(statement, in_functions=in_functions)
            continue
        if not in_functions and isinstance(
            child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
        ):
            continue
        yield child
        yield from _run_time_nodes(
            child, in_functions=in_functions, type_checking=type_checking
        )


def imports_of(
    name: str,
    path: Path,
    modules: dict[str, Path],
    *,
    in_functions: bool = True,
    type_checking: bool = False,
) -> set[str]:
    """The modules of ``modules`` that module ``name`` imports at run time
    (only when it is loaded, unless ``in_functions``; and for the type
    checker as well, if ``type_checking``).

    "from package import name" depends on the submodule if ``name`` is one,
    else on the package. Importing a module also runs the packages it is
    in, but not those of the importing module itself: they are running.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: list[str] = []
    nodes = _run_time_nodes(
        tree, in_functions=in_functions, type_checking=type_checking
    )
    for node in nodes:
        if isinstance(node, ast.Import):
            targets += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                source = f"{base}.{node.module}" if node.module else base
            else:
                source = node.module or ""
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                targets.append(submodule if submodule in modules else source)
    direct = {target for target in targets if target in modules}
    implied = {
        package
        for target in targets
        for package in _packages_of(target)
        if package in modules
    }
    return (direct | (implied - _packages_of(name))) - {name}


def _packages_of(name: str) -> set[str]:
    """The packages that module ``name`` is in: "a.b.c" is in "a" and "a.b"."""
    parts = name.split(".")
    return {".".join(parts[:n]) for n in range(1, len(parts))}


def import_graph(
    src: Path, package: str, *, in_functions: bool = True, type_checking: bool = False
) -> dict[str, set[str]]:
    """Each module of ``package`` and the modules of it that it imports (only
    when it is loaded, unless ``in_functions``; for the type checker as well,
    if ``type_checking``)."""
    modules = find_modules(src, package)
    return {
        name: imports_of(
            name,
            path,
            modules,
            in_functions=in_functions,
            type_checking=type_checking,
        )
        for name, path in modules.items()
    }


def layer_breaches(
    graph: dict[str, set[str]],
    layers: list[set[str]],
    lazy: set[tuple[str, str]],
    loaded: dict[str, set[str]],
) -> list[str]:
    """Every import of ``graph`` that goes up the ``layers`` (listed bottom
    first; a module ``m`` stands for ``m`` and its submodules), but for the
    ``lazy`` ones, which must not be made when the module is ``loaded``; and
    every module that no layer holds."""

    def layer_of(module: str) -> int | None:
        for number, members in enumerate(layers):
            if module in members:
                return number
        for number, members in enumerate(layers):  # a subpackage's modules
            if any("." in m and module.startswith(m + ".") for m in members):
                return number
        return None

    found = []
    for module in sorted(graph):
        own = layer_of(module)
        if own is None:
            found.append(f"{module} is in no layer")
            continue
        for target in sorted(graph[module]):
            theirs = layer_of(target)
            if theirs is None or theirs <= own:
                continue
            if (module, target) not in lazy:
                found.append(f"{module} imports {target}, a layer above it")
            elif target in loaded[module]:
                found.append(f"{module} imports {target} when loaded, not lazily")
    return found


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def too_long(src: Path, package: str) -> dict[str, int]:
    """Modules over MAX_MODULE_LINES and functions over MAX_FUNCTION_LINES,
    with their lengths in lines."""
    found = {}
    for name, path in find_modules(src, package).items():
        text = path.read_text(encoding="utf-8")
        lines = len(text.splitlines())
        if lines > MAX_MODULE_LINES:
            found[name] = lines
        for qualname, length in _function_lengths(ast.parse(text), ""):
            if length > MAX_FUNCTION_LINES:
                found[f"{name}:{qualname}"] = length
    return found


def _function_lengths(node: ast.AST, prefix: str) -> Iterator[tuple[str, int]]:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            qualname = prefix + child.name
            if not isinstance(child, ast.ClassDef):
                end = child.end_lineno or child.lineno
                yield qualname, end - child.lineno + 1
            yield from _function_lengths(child, qualname + ".")
        else:
            yield from _function_lengths(child, prefix)


# ---------------------------------------------------------------------------
# The package

LAYERS: list[set[str]] = [
    # 1. Foundations: errors, limits, immutability, shuffling, one card's
    # picture, generated code, the memo tables.
    {
        "phase10._errors",
        "phase10._limits",
        "phase10._immutable",
        "phase10._shuffle",
        "phase10._svgcard",
        "phase10._codegen",
        "phase10._memo",
    },
    {"phase10._cards"},  # 2. cards and their notation
    {"phase10._phases"},  # 3. phases and their language
    {
        "phase10._solver",
        "phase10._lays",
        "phase10._lay_bounds",
        "phase10._scores",
    },  # 4. the solver, lays, bounds, how much a card helps a phase
    {"phase10._rules", "phase10._find_phase"},  # 5. rules, find_phase under them
    {"phase10._groups"},  # 6. the judge of groups
    {"phase10._state"},  # 7. the state
    {"phase10._actions", "phase10._events"},  # 8. move records and events
    {"phase10._flow"},  # 9. the turn flow: dealing, turns, the end of a hand
    {"phase10._moves"},  # 10. the moves' wing: a module a kind, and the table
    {"phase10._view"},  # 11. views
    {"phase10._legal"},  # 12. queries and the listing of legal moves
    {"phase10._json", "phase10._fields"},  # 13. plain JSON values, field rules
    {"phase10._invariants", "phase10._edition_checks", "phase10._determinize"},  # 14.
    {  # 15. documents, and their JSON Schemas
        "phase10._codec",
        "phase10._event_codec",
        "phase10._record",
        "phase10._ledger",
        "phase10._ledger_hands",
        "phase10._serialize",
        "phase10._schema",
    },
    {"phase10"},  # 16. the public package
    # 17. bots, the encoding and the analysis of hands (packages)
    {"phase10.bots", "phase10.encoding", "phase10.analysis", "phase10.ledger"},
    {"phase10._text", "phase10.svg"},  # 18. drawing
    {"phase10.rl"},  # 19. the learning libraries' adapters
    {"phase10.__main__"},  # 20. the command line
]
"""The modules of the package in layers, bottom first, as docs/design.md
lists them."""

LAZY: set[tuple[str, str]] = {
    ("phase10._view", "phase10._text"),
    ("phase10._view", "phase10.svg"),
    ("phase10.bots._language", "phase10._text"),
}
"""Imports that go up the layers, made inside a function only: a view
draws itself (``str(view)``, ``_repr_svg_``) with the drawing modules, and
a language-model player's prompt uses them, loaded when a picture is first
asked for."""


def test_imports_go_down_the_layers() -> None:
    """Every module is in a layer and imports only its own layer and those
    below, but for the declared lazy imports of drawing."""
    graph = import_graph(SRC, PACKAGE)
    loaded = import_graph(SRC, PACKAGE, in_functions=False)
    assert layer_breaches(graph, LAYERS, LAZY, loaded) == []


TYPE_ONLY: set[tuple[str, str]] = set()
"""Imports for the type checker alone that close a cycle, left to be
removed; none may be added. (The last, the numbering of moves naming the
Encoding in its annotations, gave way to a protocol.)"""


def test_no_import_cycle_among_the_modules() -> None:
    """No module of phase10 imports, directly or not, one that imports it,
    not even for the type checker alone, leaving aside the declared lazy
    imports of drawing and the declared type-only imports still to remove."""
    graph = import_graph(SRC, PACKAGE, type_checking=True)
    for module, target in LAZY | TYPE_ONLY:
        graph[module].discard(target)
    assert cycles(graph) == []


def test_the_declared_type_only_imports_are_still_there() -> None:
    """Each declared type-only import is still made, for the type checker
    alone: once it is gone, its exception goes too."""
    run_time = import_graph(SRC, PACKAGE)
    typed = import_graph(SRC, PACKAGE, type_checking=True)
    for module, target in TYPE_ONLY:
        assert target in typed[module] and target not in run_time[module]


def test_the_rules_use_the_solver_and_not_the_other_way() -> None:
    """The rules module imports the solver; no part of the solver imports it,
    not even for the type checker."""
    graph = import_graph(SRC, PACKAGE, type_checking=True)
    assert "phase10._solver" in graph["phase10._rules"]
    solver = {name: found for name, found in graph.items() if "._solver" in name}
    assert len(solver) > 1
    assert {
        name for name, found in solver.items() if "phase10._rules" in found
    } == set()


def test_no_module_or_function_too_long() -> None:
    """No module is over 700 lines and no function over 120."""
    assert too_long(SRC, PACKAGE) == {}


SPLIT_AT = 600
"""A module past this many lines is near the cap: its split is planned."""

PLANNED_SPLITS: dict[str, str] = {
    "phase10._actions": "the move records apart from the notation's reader",
    "phase10._invariants": "the checks of records built in Python apart from "
    "how the fields agree",
    "phase10._groups": "the judge of runs (every kind of run, floating and "
    "wrapping) apart from the other groups",
    "phase10._rules": "the bounds a rule set is checked against (R17) apart "
    "from the record and its presets",
    "phase10.encoding._observations": "the table's vocabulary (Sizes, Seen, "
    "Dim, Bound, Piece) apart from the pieces",
    "phase10.analysis._advice": "the judges of each kind of move (_JUDGES, "
    "checked at import) apart from the ranking and its sentences",
}
"""The modules past :data:`SPLIT_AT` lines, each with the split planned for
it, by responsibility: a module is never carved just to pass the cap."""


def test_modules_near_the_cap_have_a_planned_split() -> None:
    """Every module past SPLIT_AT lines is named in PLANNED_SPLITS with the
    split planned for it, and every module named there is still that long:
    a module that grows towards the cap is seen before it reaches it."""
    lengths = {
        name: len(path.read_text(encoding="utf-8").splitlines())
        for name, path in find_modules(SRC, PACKAGE).items()
    }
    near = {name: lines for name, lines in lengths.items() if lines > SPLIT_AT}
    print(f"modules over {SPLIT_AT} lines: {near}")
    assert set(near) == set(PLANNED_SPLITS), (
        f"modules over {SPLIT_AT} lines {sorted(near)}, planned "
        f"{sorted(PLANNED_SPLITS)}: name the split planned for a new one in "
        "PLANNED_SPLITS, or take one split since out of it"
    )


# ---------------------------------------------------------------------------
# The checks themselves


def test_the_import_graph_reads_every_kind_of_import(tmp_path: Path) -> None:
    """Module, function and relative imports count; TYPE_CHECKING ones count
    only in the graph for the type checker, where they may close a cycle."""
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("from .a import f\n")
    (package / "a.py").write_text(
        "def f():\n    from . import b\n\n\ndef g():\n    from pkg import f\n"
    )
    (package / "b.py").write_text("import pkg.sub.c\n")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..b import x\n"
        "else:\n    from .. import d\n"
    )
    (package / "d.py").write_text("from .sub.c import x\n")
    graph = import_graph(tmp_path, "pkg")
    assert graph == {
        "pkg": {"pkg.a"},
        "pkg.a": {"pkg", "pkg.b"},
        "pkg.b": {"pkg.sub", "pkg.sub.c"},
        "pkg.sub": set(),
        "pkg.sub.c": {"pkg.d"},
        "pkg.d": {"pkg.sub", "pkg.sub.c"},
    }
    assert sorted(map(sorted, cycles(graph))) == [
        ["pkg", "pkg.a"],
        ["pkg.d", "pkg.sub.c"],
    ]
    typed = import_graph(tmp_path, "pkg", type_checking=True)
    assert typed == graph | {"pkg.sub.c": {"pkg.b", "pkg.d"}}
    assert sorted(map(sorted, cycles(typed))) == [
        ["pkg", "pkg.a"],
        ["pkg.b", "pkg.d", "pkg.sub.c"],
    ]


def test_the_layer_check_finds_imports_that_go_up(tmp_path: Path) -> None:
    """An import up the layers is found, a lazy one is let through only when
    made inside a function, and a module in no layer is named."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "low.py").write_text("from . import high\n")
    (package / "mid.py").write_text("def draw():\n    from . import high\n")
    (package / "high.py").write_text("from . import low\n")
    (package / "lost.py").write_text("")
    graph = import_graph(tmp_path, "pkg")
    loaded = import_graph(tmp_path, "pkg", in_functions=False)
    layers = [{"pkg.low"}, {"pkg.mid"}, {"pkg.high", "pkg"}]
    lazy = {("pkg.mid", "pkg.high"), ("pkg.low", "pkg.high")}
    assert layer_breaches(graph, layers, lazy, loaded) == [
        "pkg.lost is in no layer",
        "pkg.low imports pkg.high when loaded, not lazily",
    ]
    assert layer_breaches(graph, layers, set(), loaded) == [
        "pkg.lost is in no layer",
        "pkg.low imports pkg.high, a layer above it",
        "pkg.mid imports pkg.high, a layer above it",
    ]


def test_lengths_count_nested_functions_in_their_parent(tmp_path: Path) -> None:
    """A function's length runs from its def to its end, nested ones included."""
    body = "\n".join(f"        x{i} = {i}" for i in range(MAX_FUNCTION_LINES))
    module = tmp_path / "pkg" / "m.py"
    module.parent.mkdir()
    module.write_text(f"def outer():\n    def inner():\n{body}\n")
    assert too_long(tmp_path, "pkg") == {
        "pkg.m:outer": MAX_FUNCTION_LINES + 2,
        "pkg.m:outer.inner": MAX_FUNCTION_LINES + 1,
    }


def test_the_design_guide_lists_the_same_layers() -> None:
    """docs/design.md's numbered list of layers has one item a layer, in
    order, and each item names every module of its layer: the page cannot
    drift from LAYERS."""
    page = (SRC.parent / "docs" / "design.md").read_text(encoding="utf-8")
    section = page.split("## The layers, bottom to top", 1)[1].split("\n## ", 1)[0]
    items = re.split(r"\n(?=\d+\. \*\*)", section)[1:]
    numbers = [int(item.split(".", 1)[0]) for item in items]
    assert numbers == list(range(1, len(LAYERS) + 1))
    for item, layer in zip(items, LAYERS, strict=True):
        named = set(re.findall(r"`([\w./]+?)/?`", item))
        for module in layer:
            short = module.removeprefix(f"{PACKAGE}.")
            spelled = {module, short, f"{short}/"}
            if module == PACKAGE:
                spelled = {f"{PACKAGE}/__init__.py"}
            assert named & spelled, f"item {item[:40]!r} does not name {module}"
