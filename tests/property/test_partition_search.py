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
solvable variant set; and it must find some (try fewer cards) in a longer standard search. Random
endings seldom need the sure tricks', the owed tricks' or a duty's reads, so a position pinned for
each shows the search going wrong without it. The C twin keeps the same entries and tries the same
cards (``test_solver_native``, and here)."""

from __future__ import annotations

import inspect
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hokm
from hokm._kernel.native import NATIVE
from hokm._solver.search import PARTITION_FROM, Search
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


def _pinned(described: str, seed: int) -> hokm.HandState:
    """A position of the ruleset ``SOLVABLE`` describes so: dealt and played at random from ``seed``
    to 8, 9 or 10 tricks left, then up to three cards into the trick (the draws of the search for
    these positions, which tried random ones until a read left out changed a value)."""
    rules = next(ruleset for ruleset in SOLVABLE if ruleset.describe() == described)
    rng = random.Random(seed)
    hand = rules.deal(rng, hakem=0)
    left = rng.choice([8, 9, 10])
    while hand.tricks_left > left:
        hand = hand.apply(rng.choice(hand.legal_actions()))
    for _ in range(rng.randrange(4)):
        hand = hand.apply(rng.choice(hand.legal_actions()))
    return hand


def _sure_reads_nothing(search: Search, leader: int) -> tuple[int, int]:
    return _SURE_RUN(search, leader)[0], 0


def _owed_reads_nothing(search: Search) -> tuple[tuple[int, ...], int]:
    return _OWED_RUN(search)[0], 0


def _compares_nothing(search: Search, cards: int, card: int) -> None:
    return None


_SURE_RUN, _OWED_RUN = Search._sure_run, Search._owed_run
_LEFT_OUT = {"_sure_run": _sure_reads_nothing, "_owed_run": _owed_reads_nothing,
             "_compared": _compares_nothing}


@pytest.mark.parametrize(("read", "described", "seed", "points_only"), [
    ("_sure_run", "standard + obligatory-trump", 119, True),
    ("_owed_run", "standard + clockwise", 95, True),
    ("_compared", "standard + satat + double-sar + must-beat", 43, True),
])
def test_a_position_that_needs_each_read(read: str, described: str, seed: int, points_only: bool,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Random endings rarely need the sure tricks', the owed tricks' or a duty's reads (the other reads
    mostly pin the same cards), so these positions, found by leaving each out, hold them: with it the
    partition entries give the values of the search without them; without it (left out of the
    interpreted search), not."""
    hand = _pinned(described, seed)
    whole = _values(hand, points_only, False)
    parted = _values(hand, points_only, True)
    assert parted[:2] == whole[:2]
    if NATIVE is not None:  # (the C twin keeps the same entries there: the same cards tried)
        legal, values, nodes = NATIVE.solve(*_call(hand).native(points_only=points_only))
        assert (int(legal), dict(values), int(nodes)) == parted[:3]
    if inspect.isfunction(Search.__dict__[read]):  # (the compiled search calls its methods directly)
        monkeypatch.setattr(Search, read, _LEFT_OUT[read])
        assert _values(hand, points_only, True)[:2] != whole[:2]  # (the read is what keeps it right)
