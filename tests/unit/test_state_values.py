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

import hokm
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
