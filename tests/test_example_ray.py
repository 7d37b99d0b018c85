"""The Ray example gives a serial run's results.

Runs where Ray is installed (``pip install ray``) and is skipped elsewhere:
CI does not install Ray, whose local start takes tens of seconds and
several processes.
"""

from __future__ import annotations

import pytest
from test_examples_executors import load, serial_table


def test_tournament_on_ray(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/tournament_ray.py on a local Ray prints the serial results."""
    pytest.importorskip("ray")
    example = load("tournament_ray")
    assert example.main(["--games", "4", "--cpus", "2"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[-2:] == serial_table(4)
