"""Batches of random hands: ``Ruleset.playouts``, ``HandState.rollouts`` and ``Playouts``."""

from __future__ import annotations

import pickle
import random
from math import floor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hokm
from hokm._seeding import rng_for
from hokm.playouts import CHECKPOINT_HANDS, MAX_BATCH, NO_PLAY, Playouts
from hokm.testing import strategies as hst

RULESETS = [hokm.Ruleset.compose(), hokm.Ruleset.compose("satat", "clockwise"),
            hokm.Ruleset.compose("redeal"), hokm.Ruleset.compose("hidden-trump", "double-sar"),
            hokm.Ruleset.compose("court-piece"), hokm.Ruleset.compose("three-player"),
            hokm.Ruleset.compose("two-player"), hokm.Ruleset.compose("troefcall")]


def _outcome(batch: Playouts, index: int) -> tuple[object, ...]:
    tricks = tuple(column[index] for column in batch.team_tricks)
    return (batch.hakem[index], batch.trump[index], tricks, batch.winner[index], batch.points[index],
            bool(batch.kot[index]), batch.labels[batch.label[index]], batch.tricks_played[index])


def _outcome_of(end: hokm.HandState) -> tuple[object, ...]:
    trump = -1 if end.trump is None else end.trump.index
    if end.is_annulled:
        return end.hakem, trump, end.team_tricks, -1, 0, False, "annulled", end.tricks_played
    score = end.score()
    return (end.hakem, trump, end.team_tricks, score.winner, score.points, score.kot, score.label,
            end.tricks_played)


@pytest.mark.parametrize("rules", RULESETS, ids=lambda rules: rules.describe())
def test_a_batch_is_the_documented_stream_hand_after_hand(rules: hokm.Ruleset) -> None:
    # hokm.playouts writes the stream down: the batch's generator (rng_for(seed, "playouts")),
    # then per hand its Hakem, its deal and its playout. A native kernel must give the same.
    batch = rules.playouts(40, seed="pinned")
    rng = rng_for("pinned", "playouts")
    for index in range(40):
        hakem = floor(rng.random() * rules.players)
        end = rules.deal(rng, hakem=hakem).playout(rng)
        assert _outcome(batch, index) == _outcome_of(end)


@pytest.mark.parametrize("rules", RULESETS, ids=lambda rules: rules.describe())
def test_each_hand_is_played_again_as_the_columns_say(rules: hokm.Ruleset) -> None:
    batch = rules.playouts(CHECKPOINT_HANDS + 30, seed=4, plays=True)
    assert batch.plays is not None
    for index in (0, 1, CHECKPOINT_HANDS - 1, CHECKPOINT_HANDS, CHECKPOINT_HANDS + 29):
        end = batch.hand(index)
        assert _outcome(batch, index) == _outcome_of(end)
        row = batch.plays[52 * index:52 * (index + 1)]
        played = [(byte >> 6, byte & 63) for byte in row if byte != NO_PLAY]
        assert played == [(seat, card.index) for seat, card in end.plays]
        assert row[len(played):] == bytes([NO_PLAY]) * (52 - len(played))


def test_every_hand_of_a_batch_is_legal_played_again_through_apply() -> None:
    # The plays of each hand, taken one by one by stepping from its deal, give the same end.
    rules = hokm.Ruleset.compose("obligatory-trump", "satat")
    batch = rules.playouts(30, seed=9, hakem=2, plays=True)
    rng = rng_for(9, "playouts")
    for index in range(30):
        hand = rules.deal(rng, hakem=2)
        end = hand.playout(rng)
        assert end == batch.hand(index)
        stepped = hand
        while not stepped.is_over:
            stepped = stepped.apply(_next_action(stepped, end))
        assert stepped == end and _outcome_of(stepped) == _outcome(batch, index)


def _next_action(state: hokm.HandState, end: hokm.HandState) -> hokm.Action:
    """The action ``end``'s history took at ``state``: the legal action leading towards it."""
    done = len(state.plays)
    for action in state.legal_actions():
        if isinstance(action, hokm.PlayCard):
            if end.plays[done] == (state.to_act, action.card):
                return action
        elif state.apply(action).trump == end.trump:  # the trump call
            return action
    raise AssertionError("no legal action leads to the batch's hand")


def test_the_same_seed_gives_the_same_batch_and_another_seed_another() -> None:
    rules = hokm.Ruleset.compose()
    assert rules.playouts(300, seed=5) == rules.playouts(300, seed=5)
    assert rules.playouts(300, seed=5) != rules.playouts(300, seed=6)
    assert rules.playouts(300, seed=5) != hokm.Ruleset.compose("satat").playouts(300, seed=5)
    fixed = rules.playouts(300, seed=5, hakem=3)
    assert set(fixed.hakem) == {3} and set(rules.playouts(300, seed=5).hakem) == {0, 1, 2, 3}


def test_columns_are_compact_and_the_batch_pickles() -> None:
    batch = hokm.Ruleset.compose().playouts(500, seed=1, plays=True)
    assert len(batch) == 500 and batch.plays is not None and len(batch.plays) == 500 * 52
    assert all(column.itemsize == 1 for column in (batch.hakem, batch.trump, batch.winner, batch.kot))
    copy = pickle.loads(pickle.dumps(batch))
    assert copy == batch and copy.hand(321) == batch.hand(321)
    assert repr(batch) == "<Playouts: 500 hands of standard, seed=1, with plays>"
    assert batch.win_rate(0) + batch.win_rate(1) == 1.0
    assert batch.win_rate(0) == batch.winner.count(0) / 500


def test_an_annulled_hand_has_no_winner_and_its_own_label() -> None:
    batch = hokm.Ruleset.compose("redeal").playouts(400, seed=2)
    annulled = [index for index in range(400) if batch.winner[index] == -1]
    assert annulled, "no hand was annulled: the case is not reached"
    for index in annulled[:3]:
        assert batch.labels[batch.label[index]] == "annulled" and batch.points[index] == 0
        assert batch.hand(index).is_annulled


def test_an_empty_batch() -> None:
    batch = hokm.Ruleset.compose().playouts(0, seed=1)
    assert len(batch) == 0 and batch.labels == () and batch.win_rate(0) == 0.0
    with pytest.raises(hokm.InvalidArgumentError, match="index must be an int"):
        batch.hand(0)


@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda r: r.playouts(-1, seed=1), hokm.InvalidArgumentError, "count must be an int from 0"),
    (lambda r: r.playouts(MAX_BATCH + 1, seed=1), hokm.InvalidArgumentError, "count must be an int from 0"),
    (lambda r: r.playouts(True, seed=1), hokm.ArgumentTypeError, "count must be an int"),
    (lambda r: r.playouts("5", seed=1), hokm.ArgumentTypeError, "count must be an int"),
    (lambda r: r.playouts(5, seed=None), hokm.ArgumentTypeError, "a seed must be an int or a str"),
    (lambda r: r.playouts(5, seed=1.5), hokm.ArgumentTypeError, "a seed must be an int or a str"),
    (lambda r: r.playouts(5, seed=1, hakem=4), hokm.InvalidSeatError, "hakem"),
    (lambda r: r.playouts(5, seed=1, plays=1), hokm.ArgumentTypeError, "plays must be True or False"),
    (lambda r: r.deal(random.Random(1)).rollouts(-2, seed=1), hokm.InvalidArgumentError, "count"),
    pytest.param(lambda r: r.deal(random.Random(1)).rollouts(2, seed=[1]), hokm.ArgumentTypeError, "seed",
                 marks=pytest.mark.pure_only),  # (the compiled HandState refuses the type itself)
    (lambda r: r.playouts(3, seed=1).hand(3), hokm.InvalidArgumentError, "index must be an int from 0 to 2"),
    (lambda r: r.playouts(3, seed=1).hand("1"), hokm.ArgumentTypeError, "index must be an int"),
    (lambda r: r.playouts(3, seed=1).win_rate(2), hokm.InvalidArgumentError, "team must be an int"),
])
def test_bad_arguments_are_refused_by_name(call: object, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        call(hokm.Ruleset.compose())  # type: ignore[operator]


@settings(max_examples=25, deadline=None)
@given(state=hst.hand_states(max_actions=40), seed=hst.seeds(), count=st.integers(0, 12))
def test_rollouts_are_playouts_of_the_position_on_the_batch_s_stream(state: hokm.HandState,
                                                                     seed: int | str, count: int) -> None:
    before = state
    batch = state.rollouts(count, seed=seed, plays=state.ruleset.players <= 4)
    assert state == before  # the position itself is untouched
    rng = rng_for(seed, "rollouts")
    for index in range(count):
        end = state.playout(rng)
        assert _outcome(batch, index) == _outcome_of(end)
        assert batch.hand(index) == end
    assert set(batch.hakem) <= {state.hakem}


def test_a_batch_beyond_the_machine_s_memory_is_refused() -> None:
    from hokm._kernel import batch as kernel_batch

    rules = hokm.Ruleset.compose()
    assert kernel_batch.batch_bytes(rules, 1000, False) == 1000 * 13 + 4 * 4 * 625
    assert kernel_batch.batch_bytes(rules, 1000, True) == 1000 * 65 + 4 * 4 * 625
    with pytest.raises(hokm.InvalidArgumentError, match="smaller batches"):
        kernel_batch.check_memory(rules, 100_000, False, memory=1_000_000)
    with pytest.raises(hokm.InvalidArgumentError, match="with plays"):
        kernel_batch.check_memory(rules, 20_000, True, memory=1_000_000)
    kernel_batch.check_memory(rules, 1000, True, memory=1_000_000)  # (within: no error)
    kernel_batch.check_memory(rules, 10**9, True, memory=None)  # (memory unknown: no check)
    memory = kernel_batch.physical_memory()
    if memory is not None and kernel_batch.batch_bytes(rules, MAX_BATCH, True) > memory:
        with pytest.raises(hokm.InvalidArgumentError, match="GiB of memory"):  # refused before it starts
            rules.playouts(MAX_BATCH, seed=1, plays=True)
