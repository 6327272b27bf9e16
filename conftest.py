"""Collection of the modules and pages that need an optional extra, where it is not installed.

``--doctest-modules`` imports every module under ``src`` and ``--doctest-glob`` runs every page,
so an adapter whose framework is missing would fail collection. Without ``HOKM_EXTRAS=1`` they
are left out (the extras' own tests skip through ``tests.helpers.need``); with it, as in CI,
a missing extra fails.
"""

from __future__ import annotations

import importlib.util
import os

_NEEDS = {
    "numpy": ["src/hokm/encoding.py", "docs/reference/encoding.md"],
    "pyspiel": ["src/hokm/adapters/openspiel.py", "docs/adapters/openspiel.md"],
    "pettingzoo": ["src/hokm/adapters/pettingzoo.py", "docs/adapters/pettingzoo.md"],
    "gymnasium": ["src/hokm/adapters/gymnasium.py", "docs/adapters/gymnasium.md"],
    "textual": ["src/hokm/play/app.py", "src/hokm/play/widgets"],
}

collect_ignore: list[str] = []
if os.environ.get("HOKM_EXTRAS") != "1":
    for _module, _paths in _NEEDS.items():
        if importlib.util.find_spec(_module) is None:
            collect_ignore.extend(_paths)
