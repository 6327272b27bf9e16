"""Shared by the adapters' tests: variant sets and randomly played states."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import hokm

VARIANT_SETS: dict[str, tuple[tuple[str, ...], Mapping[str, Mapping[str, Any]]]] = {
    "standard": ((), {}),
    "satat": (("satat",), {}),
    "satat-last-four": (("satat",), {"satat": {"last_four": True}}),
    "double-sar+obligatory-trump": (("double-sar", "obligatory-trump"), {}),
    "two-player": (("two-player",), {}),
    "two-player-zhinam": (("two-player",), {"two-player": {"mode": "zhinam"}}),
    "hidden-trump": (("hidden-trump",), {}),
    "hidden-trump-blind": (("hidden-trump",), {"hidden-trump": {"indicator": "blind"}}),
    "court-piece": (("court-piece",), {"court-piece": {"decide": True}}),
    "bavney-decide": (("bavney",), {"bavney": {"decide": True}}),
    "three-player": (("three-player",), {}),
    "troefcall": (("troefcall",), {}),
    "redeal-no-picture": (("redeal",), {"redeal": {"rule": "no-picture-hand"}}),
    "be-ranga+double-sar": (("be-ranga", "double-sar"), {}),
    "clockwise": (("clockwise",), {}),
}
"""Every bundled variant, alone or with the company its options need, and some compositions."""


def ruleset(name: str) -> hokm.Ruleset:
    variants, options = VARIANT_SETS[name]
    return hokm.Ruleset.compose(*variants, options=options)


def match_states(rules: hokm.Ruleset, seed: int, steps: int) -> Iterator[hokm.MatchState]:
    """The states of a match played by random legal actions, ``steps`` actions at most."""
    rng = random.Random(seed)
    match = rules.new_match(seed=seed)
    yield match
    for _ in range(steps):
        if match.is_over:
            return
        match = match.apply(rng.choice(match.legal_actions()))
        yield match
