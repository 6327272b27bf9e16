"""Partition search: positions alike in the cards their bounds read share those bounds.

A position's bounds are kept, beside its exact entry, under its leader, tally class and shape (how
many cards of each class each hand holds) with the owners of the top cards of each class they read
(``Search.parts``); a position of that shape whose owners of those cards are the
same takes them. That is sound only if every card whose place decided something is read: the card
that won a trick against a card of its class, the best card a duty compared a seat's cards with,
the cards of the sure and owed tricks, the lowest card of a run played as one move where its top
card is read, and what the positions searched below read (the three-player dense ending that
``test_solver_bounds`` holds to plain minimax is where leaving the runs out went wrong). So with
partition entries the search must give the values it gives without them, on endings of every
solvable variant set; and it must find some (try fewer cards) in a longer standard search. The C
twin keeps the same entries and tries the same cards (``test_solver_native``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hokm
from hokm._kernel.native import NATIVE
from hokm._solver.search import PARTITION_FROM
from hokm.testing import strategies as hst

from .test_python_search import _nine_left
from .test_solver import SOLVABLE, _searchable
from .test_solver_native import _call

Searched = tuple[int, dict[int, int], int, int]


def _values(hand: hokm.HandState, points_only: bool, partition: bool | None) -> Searched:
    """The legal cards, each move's value, the cards tried and the partition entries kept."""
    call = _call(hand)
    search = call.python(points_only=points_only, partition=partition)
    legal, values = search.values(call.seats, call.trick, call.state)
    entries = sum(len(parted) for bucket in search.parts.values() for _, parted in bucket.values())
    return legal, values, search.nodes, entries


@settings(max_examples=150, deadline=None)
@given(hand=hst.deals(ruleset=st.sampled_from(SOLVABLE)), seed=st.integers(0, 2**32),
       tricks=st.integers(5, 8), points_only=st.booleans())
def test_partition_entries_change_no_value(hand: hokm.HandState, seed: int, tricks: int,
                                           points_only: bool) -> None:
    ending = _searchable(hand, seed, tricks)
    if ending is None:
        return
    hand = ending
    parted = _values(hand, points_only, True)
    whole = _values(hand, points_only, False)
    assert parted[:2] == whole[:2]
    assert whole[3] == 0  # (without partition, no entry is kept)


@pytest.mark.parametrize("seed", [3, 8, 11])
def test_partition_entries_are_found_in_a_longer_search(seed: int) -> None:
    hand = _nine_left(seed)
    parted = _values(hand, False, True)
    whole = _values(hand, False, False)
    assert parted[:2] == whole[:2]
    assert parted[3] > 0 and parted[2] < whole[2]  # entries kept, and fewer cards tried
    assert _values(hand, False, None) == parted  # (nine tricks left: kept by default)
    if NATIVE is not None:  # the C twin keeps the same entries: the same cards tried
        legal, values, nodes = NATIVE.solve(*_call(hand).native())
        assert (int(legal), dict(values), int(nodes)) == parted[:3]


def test_a_short_search_keeps_no_partition_entry_by_default() -> None:
    rng = random.Random(8)
    hand = _nine_left(8)
    while hand.tricks_left > PARTITION_FROM - 1 or hand.current_trick.plays:
        hand = hand.apply(rng.choice(hand.legal_actions()))
    assert _values(hand, False, None)[3] == 0 and _values(hand, False, True)[3] > 0
