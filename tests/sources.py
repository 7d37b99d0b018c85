"""Reading the project's own source, for the tests that hold its
documentation to its code."""

from __future__ import annotations

import ast
import itertools

__all__ = ["assignment_docstrings"]


def assignment_docstrings(body: list[ast.stmt]) -> dict[str, str]:
    """The docstring written under each assignment of ``body`` (a module's
    or a class's statements), by the name assigned: ``NAME = value`` or
    ``name: type [= value]`` followed by a string on its own.

    >>> assignment_docstrings(ast.parse('A = 1\\n"The first."\\nb: int\\n"Two."').body)
    {'A': 'The first.', 'b': 'Two.'}
    >>> assignment_docstrings(ast.parse('A = 1\\nB = 2\\n"Of B only."').body)
    {'B': 'Of B only.'}
    """
    found = {}
    for statement, following in itertools.pairwise(body):
        target: ast.expr | None = None
        if isinstance(statement, ast.AnnAssign):
            target = statement.target
        elif isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target = statement.targets[0]
        if (
            isinstance(target, ast.Name)
            and isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            found[target.id] = following.value.value
    return found
