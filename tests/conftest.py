"""Shared test configuration: the Hypothesis profiles.

Choose one with the environment variable ``HYPOTHESIS_PROFILE``:

- ``default``: 100 examples per property (the everyday run);
- ``ci-quick``: 30 examples, for the extra Python versions in CI;
- ``thorough``: 2000 examples, for a long hunt before a release;
- ``mutation``: 10 examples, always the same ones, for mutation testing
  (``tests/mutation.py``), where the tests run once for each mutant and a
  mutant's verdict must not change from one run to the next.

No profile has a deadline: a slow example is not a wrong one, and timing
depends on the machine. Every profile prints the blob that reproduces a
failure with ``@reproduce_failure``.

With ``PHASE10_NO_SKIPS=1`` (set by the ``web`` and ``extras`` nox
sessions) a run in which any test was skipped fails: there, every test
must run.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("default", max_examples=100, deadline=None, print_blob=True)
settings.register_profile("ci-quick", max_examples=30, deadline=None, print_blob=True)
settings.register_profile("thorough", max_examples=2000, deadline=None, print_blob=True)
settings.register_profile(
    "mutation",
    max_examples=10,
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def _skips_forbidden_and_seen(config: pytest.Config) -> int:
    """How many tests were skipped, when ``PHASE10_NO_SKIPS=1`` forbids it."""
    if os.environ.get("PHASE10_NO_SKIPS") != "1":
        return 0
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    return len(reporter.stats.get("skipped", [])) if reporter else 0


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail a run that skipped tests when ``PHASE10_NO_SKIPS=1``."""
    if _skips_forbidden_and_seen(session.config) and exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, exitstatus: int, config: pytest.Config
) -> None:
    skipped = _skips_forbidden_and_seen(config)
    if skipped:
        terminalreporter.write_sep(
            "=", f"PHASE10_NO_SKIPS=1: {skipped} skipped, and none may be", red=True
        )
