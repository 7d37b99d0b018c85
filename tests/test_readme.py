"""The README's code example runs and prints what it says."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).parent.parent / "README.md"


def test_the_readme_example_runs() -> None:
    """Every Python block of the README runs and prints what its # -> comments say."""
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.DOTALL)
    assert blocks, "the README has no Python example"
    for block in blocks:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, "README.md", "exec"), {})
        printed = out.getvalue().splitlines()
        expected = [
            line.split("# ->", 1)[1].strip()
            for line in block.splitlines()
            if "# ->" in line
        ]
        assert printed == expected
