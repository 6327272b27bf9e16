"""What the Python search does for speed changes nothing but its speed.

Its memos by exact cards (``Search.keys``, ``follows``, ``owed``): with memos that start again after
every two entries, a search gives the same values after the same count of cards tried as with memos
that keep everything (the C twin's count, which knows no memo, is held to the Python one in
``test_solver_native``). Its pause of the cycle collector: the collector is as it was after a search,
one stopped at its limit included."""

from __future__ import annotations

import gc
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hokm
from hokm._hand.kernel_io import engine_of
from hokm._kernel.native_plan import position_of
from hokm._solver import search as search_module
from hokm._solver.search import Search
from hokm._solver.tables import rules_of
from hokm.testing import strategies as hst

from .test_solver import SOLVABLE, _ending


def _searched(hand: hokm.HandState, points_only: bool) -> tuple[int, dict[int, int], int, int]:
    """The legal cards, each move's value, the cards tried and how many exact positions were keyed."""
    position = position_of(hand)
    assert position is not None and hand.to_act is not None
    hakem, trump, leader, done, pile, previous, collected, tally, opening, run, masks, plays = position
    rules = rules_of(engine_of(hand))
    hands = [int.from_bytes(masks[8 * seat:8 * seat + 8], "little") for seat in range(rules.players)]
    search = Search(rules, rules.under(trump), hands, hakem, rules.team_of[hand.to_act],
                    points_only=points_only)
    trick = [play & 63 for play in plays[done * rules.players:]]
    legal, values = search.values((leader, *rules.followers[leader]), trick,
                                  (tally, done, opening if run else -1, run, pile, previous, collected))
    return legal, values, search.nodes, len(search.keys)


@settings(max_examples=60, deadline=None)
@given(hand=hst.deals(ruleset=st.sampled_from(SOLVABLE)), seed=st.integers(0, 2**32),
       tricks=st.integers(3, 5), points_only=st.booleans())
def test_memos_that_start_again_give_the_same_search(hand: hokm.HandState, seed: int, tricks: int,
                                                     points_only: bool) -> None:
    hand = _ending(hand, seed, tricks)
    position = None if hand.is_over else position_of(hand)
    if position is None or position[1] < 0:  # (over, or the trump not called yet: no search)
        return
    legal, values, nodes, _ = _searched(hand, points_only)
    kept = search_module._KEYS
    search_module._KEYS = 2  # (a Hypothesis test cannot take the monkeypatch fixture: set and put back)
    try:
        small = _searched(hand, points_only)
    finally:
        search_module._KEYS = kept
    assert small[:3] == (legal, values, nodes)
    assert small[3] <= 2  # (the patched bound held)


@pytest.mark.parametrize("seed", [3, 8, 11])
def test_memos_change_nothing_in_a_longer_search(seed: int) -> None:
    """Nine tricks left, where a follow's moves are met again from other seats and places (the
    endings above are too small for every key part to matter)."""
    rng = random.Random(seed)
    hand = hokm.Ruleset.compose().deal(rng, hakem=0)
    while hand.tricks_left > 9 or hand.current_trick.plays:
        hand = hand.apply(rng.choice(hand.legal_actions()))
    legal, values, nodes, _ = _searched(hand, False)
    kept = search_module._KEYS
    search_module._KEYS = 2
    try:
        small = _searched(hand, False)
    finally:
        search_module._KEYS = kept
    assert small[:3] == (legal, values, nodes)


@pytest.mark.parametrize("enabled", [True, False])
@pytest.mark.parametrize("limit", [0, 50])
def test_the_cycle_collector_is_left_as_it_was(enabled: bool, limit: int) -> None:
    rng = random.Random(4)
    hand = hokm.Ruleset.compose().deal(rng, hakem=0)
    while hand.tricks_left > 9 or hand.current_trick.plays:
        hand = hand.apply(rng.choice(hand.legal_actions()))
    position = position_of(hand)
    assert position is not None and hand.to_act is not None
    hakem, trump, leader, done, pile, previous, collected, tally, opening, run, masks, _ = position
    rules = rules_of(engine_of(hand))
    hands = [int.from_bytes(masks[8 * seat:8 * seat + 8], "little") for seat in range(rules.players)]
    search = Search(rules, rules.under(trump), hands, hakem, rules.team_of[hand.to_act], limit=limit)
    state = (tally, done, opening if run else -1, run, pile, previous, collected)
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        if limit:
            with pytest.raises(search_module.NodeLimit):
                search.values((leader, *rules.followers[leader]), [], state)
        else:
            search.values((leader, *rules.followers[leader]), [], state)
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
