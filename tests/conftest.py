"""Shared test configuration: the Hypothesis profiles.

Choose one with the environment variable ``HYPOTHESIS_PROFILE``:

- ``default``: 100 examples per property (the everyday run);
- ``ci-quick``: 30 examples, for the extra Python versions in CI;
- ``thorough``: 2000 examples, for a long hunt before a release.

No profile has a deadline: a slow example is not a wrong one, and timing
depends on the machine. Every profile prints the blob that reproduces a
failure with ``@reproduce_failure``.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("default", max_examples=100, deadline=None, print_blob=True)
settings.register_profile("ci-quick", max_examples=30, deadline=None, print_blob=True)
settings.register_profile("thorough", max_examples=2000, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
