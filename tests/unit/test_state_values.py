"""Hand states, match states and rulesets are values: they compare, hash and pickle by position.

Pickling goes through records (states) and specs (rulesets), so a state crosses a process
boundary and comes back equal, and a worker process plays on from it exactly as this one does.
"""

from __future__ import annotations

import multiprocessing
import pickle
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hokm
import hokm.testing.strategies as hst
from hokm import Suit

RULES = hokm.Ruleset.compose("satat", options={"standard": {"target": 5}})


def play(state: Any, seed: int, count: int) -> Any:
    rng = random.Random(seed)
    for _ in range(count):
        if not state.legal_actions():
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_hands_with_the_same_position_are_equal_and_hash_alike() -> None:
    deck = list(hokm.full_deck())
    first = RULES.deal(deck, hakem=1)
    # Another deck order that deals every seat the same packets: the order inside a packet is moved.
    moved = deck[:]
    moved[5:9] = reversed(moved[5:9])  # seat 2's first packet, the Hakem's is deck[0:5]
    second = RULES.deal(moved, hakem=1)
    assert first is not second and first == second and hash(first) == hash(second)
    assert len({first, second}) == 1
    after = first.apply(hokm.CallTrump(Suit.HEARTS))
    assert after != first and after == second.apply(hokm.CallTrump(Suit.HEARTS))
    assert after != first.apply(hokm.CallTrump(Suit.SPADES))


def test_a_different_ruleset_or_history_is_a_different_position() -> None:
    deck = list(hokm.full_deck())
    assert RULES.deal(deck) != hokm.Ruleset.compose().deal(deck)
    assert RULES.deal(deck) == hokm.Ruleset.compose("satat", options={"standard": {"target": 5}}).deal(deck)
    hand = play(RULES.deal(deck), 1, 10)
    assert hand != play(RULES.deal(deck), 2, 10)
    assert hand != "a hand" and (hand == object()) is False


def test_matches_compare_by_position() -> None:
    one = play(RULES.new_match(seed=3), 4, 120)
    two = play(RULES.new_match(seed=3), 4, 120)
    assert one == two and hash(one) == hash(two) and {one: "x"}[two] == "x"
    assert play(RULES.new_match(seed=3), 5, 120) != one
    assert play(RULES.new_match(seed=4), 4, 120) != one  # the seed deals the hands to come


@pytest.mark.parametrize("protocol", range(2, pickle.HIGHEST_PROTOCOL + 1))
def test_states_and_rulesets_pickle_to_equal_values(protocol: int) -> None:
    match = play(RULES.new_match(seed="pickle"), 6, 200)
    hand = match.hand
    for value in (match, hand, RULES, hokm.Ruleset.compose("double-sar", "clockwise")):
        again = pickle.loads(pickle.dumps(value, protocol=protocol))
        assert again == value and hash(again) == hash(value) and type(again) is type(value)


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_any_variant_s_states_pickle_to_equal_values_that_play_on_alike(data: st.DataObject) -> None:
    """A hand pickles as its deal, the trump given and its actions (replayed when unpickled), a match
    field by field: under any bundled variants, mid-trick, at a call, a draw or a pending decision."""
    rules = data.draw(hst.rulesets(max_extra=2), label="rules")
    match = data.draw(hst.match_states(ruleset=rules, max_actions=80), label="match")
    for value in (match, match.hand):
        again = pickle.loads(pickle.dumps(value))
        assert again == value and hash(again) == hash(value)
        assert again.legal_actions() == value.legal_actions()
        assert again.observation(0) == value.observation(0)
    hand = pickle.loads(pickle.dumps(match.hand))
    assert hand.to_record() == match.hand.to_record()


def test_a_hand_begun_with_its_trump_given_pickles_with_it() -> None:
    deck = list(hokm.full_deck())
    begun = hokm.Ruleset.compose("redeal").new_hand([deck[i::4] for i in range(4)], hakem=2,
                                                   trump=Suit.HEARTS)  # (beyond the classic hand)
    hand = play(begun, 3, 9)
    again = pickle.loads(pickle.dumps(hand))
    assert again == hand and again.trump is Suit.HEARTS and again.plays == hand.plays
    assert pickle.loads(pickle.dumps(begun)) == begun


def test_a_ruleset_holding_a_plugin_object_cannot_be_pickled() -> None:
    from tests.helpers import ScriptedWinners

    rules = hokm.Ruleset.compose(ScriptedWinners((0,) * 13))
    with pytest.raises(hokm.RulesetError, match="not an installed variant"):
        pickle.dumps(rules)


def _worker(state: Any, seed: int) -> tuple[Any, Any, bool]:
    """In another process: the state back, the state after more random play, and hash consistency."""
    again = pickle.loads(pickle.dumps(state))
    return state, play(state, seed, 150), hash(again) == hash(state) and again == state


def test_states_cross_a_process_boundary_and_play_on_identically() -> None:
    match = play(RULES.new_match(seed=11), 12, 90)
    hand = play(hokm.Ruleset.compose("two-player").deal(random.Random(3)), 3, 7)
    context = multiprocessing.get_context("spawn")  # a fresh interpreter: nothing shared but the pickle
    with ProcessPoolExecutor(1, mp_context=context) as pool:
        for state in (match, hand):
            back, after, consistent = pool.submit(_worker, state, 99).result(timeout=120)
            assert back == state and after == play(state, 99, 150) and consistent


def test_copying_a_state_gives_the_state_itself() -> None:
    import copy

    match = play(RULES.new_match(seed=1), 1, 40)
    for value in (match, match.hand):
        assert copy.copy(value) is value and copy.deepcopy(value) is value
        assert copy.deepcopy([value])[0] is value
