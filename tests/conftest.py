"""Hypothesis profiles: "dev" (default), "quick" (``scripts/test --quick``) and "ci" (more, derandomized)."""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=60, deadline=None)
settings.register_profile("quick", max_examples=5, stateful_step_count=10, deadline=None)
settings.register_profile(
    "ci", max_examples=120, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    """Skip ``pure_only`` tests when the mypyc-compiled build is installed; with ``HOKM_QUICK=1``
    (``scripts/test --quick``) leave out the slow sweeps ``tests/quick.py`` lists."""
    from hokm._build import is_compiled

    if os.environ.get("HOKM_QUICK") == "1":
        from tests.quick import SLOW

        kept = [item for item in items if item.nodeid.split("[")[0] not in SLOW]
        if len(kept) != len(items):
            config.hook.pytest_deselected(items=[item for item in items if item not in kept])
            items[:] = kept
    if not is_compiled():
        return
    skip = pytest.mark.skip(reason="monkeypatches methods that compiled code calls directly")
    for item in items:
        if item.get_closest_marker("pure_only"):
            item.add_marker(skip)
