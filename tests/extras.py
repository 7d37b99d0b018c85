"""Optional libraries for the tests of the adapters and examples.

Without a library its tests are skipped, unless ``PHASE10_REQUIRE_EXTRAS=1``
(set by CI's step for the extras), where a missing library fails instead:
that step must skip nothing.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def need(name: str) -> ModuleType:
    """Import ``name``; skip the calling test module (or test) without it,
    or fail where the extras are required."""
    if os.environ.get("PHASE10_REQUIRE_EXTRAS") == "1":
        return importlib.import_module(name)
    module: ModuleType = pytest.importorskip(name)
    return module
