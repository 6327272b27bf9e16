"""What the Python search does for speed changes nothing but its speed.

Its memos by exact cards (``Search.keys``, ``follows``, ``owed``): with memos that start again after
every two entries, a search gives the same values after the same count of cards tried as with memos
that keep everything (the C twin's count, which knows no memo, is held to the Python one in
``test_solver_native``). Its pause of the cycle collector: the collector is as it was after a search,
one stopped at its limit included."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hokm
from hokm._solver import search as search_module
from hokm.testing import strategies as hst

from .test_solver import SOLVABLE, _searchable
from .test_solver_native import _call


def _searched(hand: hokm.HandState, points_only: bool) -> tuple[int, dict[int, int], int, int]:
    """The legal cards, each move's value, the cards tried and how many exact positions were keyed."""
    call = _call(hand)
    search = call.python(points_only=points_only)
    legal, values = search.values(call.seats, call.trick, call.state)
    return legal, values, search.nodes, len(search.keys)


@contextmanager
def _small_memos() -> Iterator[None]:
    """Memos that start again after every two entries (a Hypothesis test cannot take the monkeypatch
    fixture: set and put back)."""
    kept = search_module._KEYS
    search_module._KEYS = 2
    try:
        yield
    finally:
        search_module._KEYS = kept


def _nine_left(seed: int) -> hokm.HandState:
    """A standard hand played at random to the start of a trick with nine tricks left."""
    rng = random.Random(seed)
    hand = hokm.Ruleset.compose().deal(rng, hakem=0)
    while hand.tricks_left > 9 or hand.current_trick.plays:
        hand = hand.apply(rng.choice(hand.legal_actions()))
    return hand


@settings(max_examples=60, deadline=None)
@given(hand=hst.deals(ruleset=st.sampled_from(SOLVABLE)), seed=st.integers(0, 2**32),
       tricks=st.integers(3, 5), points_only=st.booleans())
def test_memos_that_start_again_give_the_same_search(hand: hokm.HandState, seed: int, tricks: int,
                                                     points_only: bool) -> None:
    ending = _searchable(hand, seed, tricks)
    if ending is None:
        return
    hand = ending
    legal, values, nodes, _ = _searched(hand, points_only)
    with _small_memos():
        small = _searched(hand, points_only)
    assert small[:3] == (legal, values, nodes)
    assert small[3] <= 2  # (the patched bound held)


@pytest.mark.parametrize("seed", [3, 8, 11])
def test_memos_change_nothing_in_a_longer_search(seed: int) -> None:
    """Nine tricks left, where a follow's moves are met again from other seats and places (the
    endings above are too small for every key part to matter)."""
    hand = _nine_left(seed)
    legal, values, nodes, _ = _searched(hand, False)
    with _small_memos():
        small = _searched(hand, False)
    assert small[:3] == (legal, values, nodes)


@pytest.mark.parametrize("enabled", [True, False])
@pytest.mark.parametrize("limit", [0, 50])
def test_the_cycle_collector_is_left_as_it_was(enabled: bool, limit: int) -> None:
    call = _call(_nine_left(4))
    search = call.python(limit=limit)
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        if limit:
            with pytest.raises(search_module.NodeLimit):
                search.values(call.seats, call.trick, call.state)
        else:
            search.values(call.seats, call.trick, call.state)
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
