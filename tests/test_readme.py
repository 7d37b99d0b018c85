"""The README's code example runs and prints what it says."""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
from pathlib import Path

README = Path(__file__).parent.parent / "README.md"


def _blocks() -> list[str]:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.DOTALL)
    assert blocks, "the README has no Python example"
    return blocks


def _expected(block: str) -> list[str]:
    return [
        line.split("# ->", 1)[1].strip()
        for line in block.splitlines()
        if "# ->" in line
    ]


def test_the_readme_example_runs() -> None:
    """Every Python block of the README runs and prints what its # -> comments say."""
    for block in _blocks():
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, "README.md", "exec"), {})
        assert out.getvalue().splitlines() == _expected(block)


def test_the_readme_example_pastes_into_the_python_prompt() -> None:
    """Pasted line by line into the interactive prompt, as a reader would, every
    block runs without a SyntaxError and prints what its # -> comments say."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONSTARTUP"}
    for block in _blocks():
        done = subprocess.run(
            [sys.executable, "-i", "-q"],
            input=block + "\n",
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
            env=env,
        )
        assert "Error" not in done.stderr, done.stderr
        assert done.stdout.splitlines() == _expected(block)


def test_the_readme_has_no_link_that_is_dead_on_the_package_index() -> None:
    """The package index shows the README as the project's description, where
    a link relative to the repository leads nowhere: there are none."""
    links = re.findall(r"\]\(([^)]*)\)", README.read_text())
    assert [link for link in links if not link.startswith("https://")] == []
