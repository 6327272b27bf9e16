"""hokm's types for Hypothesis's ``st.from_type``, registered without importing the strategies.

Called by hokm's Hypothesis entry point (``_hokm_hypothesis``) when Hypothesis is imported
after hokm, and by ``import hokm`` when it comes after Hypothesis, so that importing one never
imports the other. Each type resolves to its strategy of ``hokm.testing.strategies`` when it is
first drawn, which is when that module is imported.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["register"]

_DONE: list[bool] = []


def register() -> None:
    """Register ``Card``, ``Ruleset``, ``HandState`` and ``MatchState`` (once per process)."""
    if _DONE:
        return
    _DONE.append(True)
    # Imported by name: the compiled build's type check (mypyc) must not follow them, Hypothesis
    # being no dependency of hokm.
    st: Any = importlib.import_module("hypothesis.strategies")

    from hokm import Card, HandState, MatchState, Ruleset

    for kind, name in ((Card, "cards"), (Ruleset, "rulesets"), (HandState, "hand_states"),
                       (MatchState, "match_states")):
        st.register_type_strategy(kind, _resolver(name))


def _resolver(name: str) -> Any:
    def resolve(_: type) -> Any:
        return getattr(importlib.import_module("hokm.testing.strategies"), name)()

    return resolve
