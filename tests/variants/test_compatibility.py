"""Every pair of bundled variants composes and plays, or is refused with a reason; order never matters."""

from __future__ import annotations

import importlib
import random
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import pytest

import hokm

ROOT = Path(__file__).resolve().parents[2]
NAMES = sorted(hokm.available_variants())
PAIRS = list(combinations(NAMES, 2))


def info_of(name: str) -> hokm.VariantInfo:
    module, _, attr = hokm.available_variants()[name].partition(":")
    info = getattr(importlib.import_module(module), attr).info
    assert isinstance(info, hokm.VariantInfo)
    return info


def declared(a: str, b: str) -> bool:
    """Whether either variant declares a conflict with the other."""
    return b in info_of(a).conflict_names or a in info_of(b).conflict_names


def play_hands(rules: hokm.Ruleset, seed: int, hands: int) -> list[tuple[object, ...]]:
    """Deterministic random hands through the public API: a record of every hand."""
    rng = random.Random(seed)
    record: list[tuple[object, ...]] = []
    match = rules.new_match(seed=seed)
    for _ in range(hands):
        number = match.hand_number
        actions = []
        while match.hand_number == number and not match.is_over:
            action = rng.choice(match.legal_actions())
            actions.append(action)
            match = match.apply(action)
        record.append((tuple(actions), match.last_result()))
        if match.is_over:
            match = rules.new_match(seed=seed + len(record))
    return record


@pytest.mark.parametrize(("a", "b"), PAIRS, ids=[f"{a}+{b}" for a, b in PAIRS])
def test_pair_composes_plays_and_ignores_order_or_is_refused(a: str, b: str) -> None:
    if declared(a, b):
        for order in ((a, b), (b, a)):
            with pytest.raises(hokm.VariantConflictError, match="cannot be combined"):
                hokm.Ruleset.compose(*order)
        return
    forward = hokm.Ruleset.compose(a, b)
    backward = hokm.Ruleset.compose(b, a)
    assert forward.variants == (a, b)
    assert play_hands(forward, seed=7, hands=6) == play_hands(backward, seed=7, hands=6)


def test_every_variant_has_at_least_one_partner() -> None:
    for name in NAMES:
        partners = [other for other in NAMES if other != name and not declared(name, other)]
        assert partners, f"{name} composes with nothing"


def test_docs_matrix_is_up_to_date() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "variant_matrix.py"), "--check"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


REPLACED = sorted((name, option) for name in hokm.available_variants()
                  for option in hokm.Ruleset.compose(name).plugins[-1][1].info.replaced_options())  # type: ignore[attr-defined]


@pytest.mark.parametrize(("variant", "option"), REPLACED, ids=[f"{v}-{o}" for v, o in REPLACED])
def test_a_standard_option_a_variant_replaces_is_refused_not_ignored(variant: str, option: str) -> None:
    value = {"target": 10, "kot_points": 2, "hakem_kot_points": 3, "play_all": True, "sets": 2,
             "succession": "previous", "first_hakem": "random", "packets": (5, 8),
             "partners": "second-ace"}[option]
    with pytest.raises(hokm.InvalidOptionError) as caught:
        hokm.Ruleset.compose(variant, options={"standard": {option: value}})
    assert f"{variant!r} replaces standard option {option!r}" in str(caught.value)


def test_court_piece_refuses_the_second_ace_seating() -> None:
    # It used to re-seat players around a caller who never received the first Ace.
    with pytest.raises(hokm.InvalidOptionError, match=r"'court-piece' replaces standard option 'partners'"):
        hokm.Ruleset.compose("court-piece", options={"standard": {"partners": "second-ace"}})
    assert hokm.Ruleset.compose(options={"standard": {"partners": "second-ace"}}).variants == ()
