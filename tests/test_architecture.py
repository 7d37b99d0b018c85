"""The package's shape: no import cycle among its modules, and modules and
functions short enough to read.

The import graph is read from the source with the ast: every import, at
module level or inside a function, except those under ``if TYPE_CHECKING:``
(read only by the type checker, for annotations). Lengths are counted the
same way: a function runs from its ``def`` line to its last line, nested
functions included.
"""

from __future__ import annotations

import ast
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


def _run_time_nodes(node: ast.AST) -> Iterator[ast.AST]:
    """Every node below ``node`` but those under ``if TYPE_CHECKING:``."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child.test):
            for statement in child.orelse:
                yield statement
                yield from _run_time_nodes(statement)
            continue
        yield child
        yield from _run_time_nodes(child)


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of ``modules`` that module ``name`` imports at run time.

    "from package import name" depends on the submodule if ``name`` is one,
    else on the package. Importing a module also runs the packages it is
    in, but not those of the importing module itself: they are running.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: list[str] = []
    for node in _run_time_nodes(tree):
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


def import_graph(src: Path, package: str) -> dict[str, set[str]]:
    """Each module of ``package`` and the modules of it that it imports."""
    modules = find_modules(src, package)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


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


def test_no_import_cycle_among_the_modules() -> None:
    """No module of phase10 imports, directly or not, one that imports it."""
    found = cycles(import_graph(SRC, PACKAGE))
    assert found == []


def test_the_rules_use_the_solver_and_not_the_other_way() -> None:
    """The rules module imports the solver; no part of the solver imports it."""
    graph = import_graph(SRC, PACKAGE)
    assert "phase10._solver" in graph["phase10._rules"]
    solver = {name: found for name, found in graph.items() if "._solver" in name}
    assert len(solver) > 1
    assert {
        name for name, found in solver.items() if "phase10._rules" in found
    } == set()


def test_no_module_or_function_too_long() -> None:
    """No module is over 700 lines and no function over 120."""
    assert too_long(SRC, PACKAGE) == {}


# ---------------------------------------------------------------------------
# The checks themselves


def test_the_import_graph_reads_every_kind_of_import(tmp_path: Path) -> None:
    """Module, function and relative imports count; TYPE_CHECKING ones do not."""
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
