"""Property-testing kit for variant authors: invariants, a conformance run, Hypothesis tools.

Install with ``pip install hokm[testing]``. The pieces:

* ``check_variant``: plays random matches under a variant, alone and with
  each compatible variant bundled with hokm (``BUNDLED_VARIANTS``), checking
  every invariant after every step (no test framework needed).
* ``RulesetMachine``: a Hypothesis ``RuleBasedStateMachine`` to subclass
  with ``variants = ("my-rule",)`` (and ``plugins = (MyRule(),)``).
* ``hokm.testing.strategies``: Hypothesis strategies for cards, deals,
  rulesets, states reached by legal play, and observations.
* ``INVARIANTS``, ``MatchChecker``, ``check_hand_state``,
  ``check_hidden_information``, ``check_turn_windows``: the checks themselves.
* ``pytest_plugins = ["hokm.testing.pytest_plugin"]``: opt-in fixtures.

Importing this package does not import Hypothesis; ``RulesetMachine``
is loaded on first use.

>>> from hokm.testing import INVARIANTS
>>> [invariant.name for invariant in INVARIANTS][:3]
['cards-conserved', 'one-seat-to-act', 'legal-actions']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hokm.testing.conformance import BUNDLED_VARIANTS, CheckReport, check_variant
from hokm.testing.invariants import (
    INVARIANTS,
    Invariant,
    InvariantViolation,
    MatchChecker,
    check_hand_state,
    check_hidden_information,
    replay,
    sorted_actions,
)
from hokm.testing.windows import check_turn_windows

if TYPE_CHECKING:
    from hokm.testing.machine import RulesetMachine

__all__ = [
    "BUNDLED_VARIANTS",
    "INVARIANTS",
    "CheckReport",
    "Invariant",
    "InvariantViolation",
    "MatchChecker",
    "RulesetMachine",
    "check_hand_state",
    "check_hidden_information",
    "check_turn_windows",
    "check_variant",
    "replay",
    "sorted_actions",
]


def __getattr__(name: str) -> Any:
    # RulesetMachine needs Hypothesis; load it only when asked for.
    if name == "RulesetMachine":
        from hokm.testing.machine import RulesetMachine

        return RulesetMachine
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
