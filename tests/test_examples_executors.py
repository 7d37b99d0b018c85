"""The tournament examples: --workers and Dask give a serial run's results.

The Dask example needs the ``dask`` extra: its test is skipped without it,
unless ``PHASE10_REQUIRE_EXTRAS=1`` (CI's step for the extras) makes a
missing Dask fail. The Ray example's test is in test_example_ray.py.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from extras import need

from phase10.bots import GreedyBot, RandomBot, tournament

EXAMPLES = Path(__file__).parent.parent / "examples"


def load(name: str) -> ModuleType:
    """An example script as a module, without running its main(). The
    examples' folder is on the path, as when a script runs: the Dask and
    Ray examples import the plain one's report."""
    if str(EXAMPLES) not in sys.path:
        sys.path.insert(0, str(EXAMPLES))
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def serial_table(games: int) -> list[str]:
    """The rows the examples print for greedy against random, played here."""
    result = tournament(
        {"greedy": GreedyBot, "random": RandomBot},
        games=games,
        players=2,
        seed=1,
        max_moves=50_000,
    )
    return [
        f"{name:<11} {result.wins[name]:>6} {result.win_rate(name):>7.0%} "
        f"{result.mean_score[name]:>11.1f}"
        for name in ("greedy", "random")
    ]


def test_tournament_example_with_workers(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/tournament.py --workers 2 prints the serial results."""
    assert load("tournament").main(["--games", "4", "--workers", "2"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[-2:] == serial_table(4)


def test_tournament_on_dask(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/tournament_dask.py on a local cluster of threads prints the
    serial results."""
    need("distributed")
    example = load("tournament_dask")
    assert example.main(["--games", "4", "--threads", "--workers", "2"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].startswith("4 games on Dask")
    assert rows[-2:] == serial_table(4)
