"""Put together what the Pyodide page (static/offline.html) loads.

    python examples/web/setup_offline.py

It fills ``examples/web/build/`` (ignored by git):

- ``build/npm/node_modules/pyodide/``: npm's ``pyodide`` package, the
  Python interpreter for the browser and its standard library;
- ``build/wheels/``: the wheel of phase10 built from this checkout, and the
  pure-Python wheels of its dependencies (attrs, typing-extensions) from
  the package index, since npm's package holds no wheels;
- ``build/wheels.json``: the wheels' file names, which the page loads.

Pyodide's own download of its packages (from its CDN) is never used: the
page loads everything from the server that serves it. Needs ``npm`` and
``pip`` (the package index and the npm registry are reached once).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

PYODIDE_VERSION = "0.29.3"
"""The Pyodide release the page runs (Python 3.13)."""
DEPENDENCIES = ("attrs", "typing-extensions")
"""phase10's own dependencies, as in pyproject.toml."""

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parent.parent
BUILD = HERE / "build"


def installed_pyodide() -> str | None:
    """The version of the pyodide package in build/, if any."""
    package = BUILD / "npm" / "node_modules" / "pyodide" / "package.json"
    if not package.exists():
        return None
    version = json.loads(package.read_text())["version"]
    return str(version)


def run(*command: str) -> None:
    print("+", " ".join(command), flush=True)
    subprocess.run(command, check=True)


def main() -> int:
    if installed_pyodide() != PYODIDE_VERSION:
        npm = shutil.which("npm")
        if npm is None:
            print("npm is needed: install Node.js and npm first", file=sys.stderr)
            return 1
        (BUILD / "npm").mkdir(parents=True, exist_ok=True)
        prefix = str(BUILD / "npm")
        run(npm, "install", "--prefix", prefix, "--no-audit", "--no-fund",
            f"pyodide@{PYODIDE_VERSION}")  # fmt: skip
    wheels = BUILD / "wheels"
    shutil.rmtree(wheels, ignore_errors=True)
    pip = (sys.executable, "-m", "pip")
    run(
        *pip,
        "wheel",
        "--quiet",
        "--no-deps",
        "--wheel-dir",
        str(wheels),
        str(REPOSITORY),
    )
    run(*pip, "download", "--quiet", "--no-deps", "--only-binary=:all:",
        "--dest", str(wheels), *DEPENDENCIES)  # fmt: skip
    names = sorted(path.name for path in wheels.glob("*.whl"))
    (BUILD / "wheels.json").write_text(json.dumps(names) + "\n")
    print(f"ready: {', '.join(names)} and pyodide {PYODIDE_VERSION} in {BUILD}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
