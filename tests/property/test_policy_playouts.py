"""Policy playouts (``hokm.solver.playout_values``): the follower's rule, what the estimates are, the
public function's checks, and the C kernel's twin giving the Python twin's totals exactly.

The C comparisons are skipped where the C kernel is not built or is switched off
(``HOKM_NATIVE=0``); CI runs this file under AddressSanitizer and UBSan too.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hokm
from hokm._kernel import native as kernel
from hokm._kernel.native_plan import native_plan_of
from hokm._seeding import seed_key
from hokm._solver import playouts
from hokm._solver.native import policy_values
from hokm._solver.tables import decode
from hokm.errors import ArgumentTypeError, InvalidArgumentError, UnsolvableError
from hokm.solver import Estimate, playout_values
from hokm.testing import strategies as hst

from .test_solver import SOLVABLE, _ending
from .test_solver_native import _call

NATIVE = kernel.NATIVE
native_only = pytest.mark.skipif(NATIVE is None, reason="the C kernel is not built or is switched off")


def _hands(hand: hokm.HandState) -> list[int]:
    call = _call(hand)
    return [int.from_bytes(call.masks[8 * seat:8 * seat + 8], "little") for seat in range(call.rules.players)]


def _python_values(hand: hokm.HandState, count: int, seed: int) -> tuple[int, dict[int, tuple[int, int]]]:
    call = _call(hand)
    return playouts.policy_values(call.rules, call.classes, _hands(hand), call.hakem, call.team, call.leader,
                                  call.trick, call.state, count, seed)


def _native_arguments(hand: hokm.HandState, count: int, seed: int) -> list[object]:
    assert NATIVE is not None
    call = _call(hand)
    plan = native_plan_of(call.rules.engine)
    return [plan.kernel_rules(NATIVE), call.classes.native, call.masks, call.hakem, call.team, call.leader,
            bytes(call.trick), call.state, plan.asks, count, seed_key(seed)]


def _in_play(hand: hokm.HandState, seed: int, tricks: int) -> hokm.HandState | None:
    """A position of trick play with the trump in force, at most ``tricks + 1`` tricks left, or ``None``."""
    hand = _ending(hand, seed, tricks)
    if hand.is_over or hand.trump is None or not hand.legal_plays():
        return None
    return hand


# -- the policy ---------------------------------------------------------------------------------


def test_a_follower_plays_low_under_its_side_s_winning_card_and_beats_cheaply_otherwise() -> None:
    row = tuple(range(52))  # (a card's power: its index)
    cheap = tuple(range(52))
    legal = 1 << 3 | 1 << 9 | 1 << 30
    assert playouts._choose(legal, row, 5, True, cheap) == 3  # its side wins: the cheapest
    assert playouts._choose(legal, row, 5, False, cheap) == 9  # the cheapest card that beats 5
    assert playouts._choose(legal, row, 40, False, cheap) == 3  # none beats 40: the cheapest
    dear_trumps = tuple(card + (4096 if card >= 26 else 0) for card in range(52))
    assert playouts._choose(1 << 30 | 1 << 12, row, 40, False, dear_trumps) == 12  # a trump kept


def test_with_one_trick_left_every_playout_is_the_hand_s_true_end() -> None:
    rng = random.Random(2)
    checked = 0
    for _ in range(40):
        hand = _in_play(hokm.Ruleset.compose().deal(rng, hakem=rng.randrange(4)), rng.randrange(2**32), 1)
        if hand is None or hand.tricks_left != 1:
            continue
        solution = hand.solve()
        for card, estimate in playout_values(hand, 5, seed=checked).items():
            value = solution.values[card]
            assert (estimate.points, estimate.margin) == (value.points, value.margin)
        checked += 1
    assert checked >= 5


@settings(max_examples=60, deadline=None)
@given(hand=hst.deals(ruleset=st.sampled_from(SOLVABLE)), seed=st.integers(0, 2**32),
       tricks=st.integers(1, 12), count=st.integers(1, 12))
def test_estimates_lie_between_the_worst_and_the_best_outcome(hand: hokm.HandState, seed: int, tricks: int,
                                                               count: int) -> None:
    hand_in_play = _in_play(hand, seed, tricks)
    if hand_in_play is None:
        return
    values = playout_values(hand_in_play, count, seed=seed)
    assert set(values) == hand_in_play.legal_plays()
    call = _call(hand_in_play)
    low, high = (decode(value)[0] for value in call.rules.bounds(call.state, call.hakem, call.team))
    for estimate in values.values():
        assert estimate.playouts == count
        assert low <= estimate.points <= high  # (whoever wins the tricks left, the points lie within)
        assert abs(estimate.margin) <= hand_in_play.tricks_total
    # the same seed, the same estimates; every card is played on the same random numbers
    assert playout_values(hand_in_play, count, seed=seed) == values


# -- the public function's checks ---------------------------------------------------------------


def _started() -> hokm.HandState:
    return hokm.Ruleset.compose().deal(random.Random(3), hakem=0).apply(hokm.CallTrump(hokm.Suit.SPADES))


@pytest.mark.parametrize(("arguments", "error", "words"), [
    (("hand", 4), ArgumentTypeError, "takes a HandState"),
    ((None, 0), InvalidArgumentError, "playouts"),
    ((None, 100_001), InvalidArgumentError, "playouts"),
    ((None, 2.0), ArgumentTypeError, "playouts"),
])
def test_bad_arguments_are_refused(arguments: tuple[object, object], error: type[Exception],
                                   words: str) -> None:
    state, count = arguments
    with pytest.raises(error, match=words):
        playout_values(_started() if state is None else state, count, seed=1)  # type: ignore[arg-type]


def test_a_seed_is_required_and_checked() -> None:
    with pytest.raises(ArgumentTypeError, match="seed"):
        playout_values(_started(), 4, seed=None)  # type: ignore[arg-type]
    assert playout_values(_started(), 4, seed="a") != playout_values(_started(), 4, seed="b")


def test_positions_and_rulesets_the_solver_does_not_play_are_refused_as_solve_refuses_them() -> None:
    dealt = hokm.Ruleset.compose().deal(random.Random(3), hakem=0)
    with pytest.raises(UnsolvableError, match="trump in force"):
        playout_values(dealt, 4, seed=1)  # (the trump is not called yet)

    class ByHand(hokm.Variant):
        info = hokm.VariantInfo(name="by-hand", summary="tests only")

        @hokm.hookimpl
        def hokm_play_on(self, hand: hokm.HandView) -> bool:
            return hand.first_tricks_by(hand.tricks_played) is not None

    hand = hokm.Ruleset.compose(ByHand()).deal(random.Random(3), hakem=0)
    hand = hand.apply(hokm.CallTrump(hokm.Suit.SPADES))
    with pytest.raises(UnsolvableError, match="hokm_play_on"):
        playout_values(hand, 4, seed=1)


def test_an_estimate_is_a_value() -> None:
    assert Estimate(0.5, 1.25, 4) == Estimate(0.5, 1.25, 4)


# -- the C twin -----------------------------------------------------------------------------------


@native_only
@settings(max_examples=200, deadline=None)
@given(hand=hst.deals(ruleset=st.sampled_from(SOLVABLE)), seed=st.integers(0, 2**32),
       tricks=st.integers(1, 12), count=st.integers(1, 20), stream=st.integers(0, 2**128 - 1))
def test_the_c_playouts_give_the_python_playouts_totals(hand: hokm.HandState, seed: int, tricks: int,
                                                        count: int, stream: int) -> None:
    hand_in_play = _in_play(hand, seed, tricks)
    if hand_in_play is None:
        return
    assert NATIVE is not None
    legal, values = NATIVE.policy_values(*_native_arguments(hand_in_play, count, stream))
    assert (legal, values) == _python_values(hand_in_play, count, stream)
    call = _call(hand_in_play)
    # and hokm.solver's dispatch takes the C kernel
    assert policy_values(call.rules, call.classes, _hands(hand_in_play), call.hakem, call.team, call.leader,
                         call.trick, call.state, count, stream) == (legal, values)


@native_only
@pytest.mark.parametrize(("at", "value", "error"), [
    (0, "rules", ValueError), (1, "classes", TypeError), (2, bytes(32), ValueError), (3, 4, ValueError),
    (4, 2, ValueError), (5, -1, ValueError), (6, b"\x40", ValueError), (7, None, TypeError),
    (8, (None, None, None), ValueError), (9, 0, ValueError), (9, 100_001, ValueError), (9, "1", TypeError),
    (10, b"", ValueError), (10, b"\x01\x02\x03", ValueError), (10, bytes(36), ValueError), (10, 5, TypeError),
])
def test_bad_arguments_raise_instead_of_crashing(at: int, value: object, error: type[Exception]) -> None:
    arguments = _native_arguments(_started(), 3, 1)
    arguments[at] = value
    assert NATIVE is not None
    with pytest.raises(error):
        NATIVE.policy_values(*arguments)


@native_only
def test_a_callback_s_exception_is_passed_on() -> None:
    class Refused(Exception):
        pass

    def refuse(key: int) -> tuple[int, ...]:
        raise Refused(key)

    hand = _started()
    arguments = _native_arguments(hand, 2, 1)
    plan = native_plan_of(_call(hand).rules.engine)
    assert NATIVE is not None
    arguments[0] = NATIVE.make_rules(plan.arguments, plan.capture)  # (fresh memos: the playouts ask)
    arguments[8] = (refuse, plan.asks[1], plan.asks[2])
    with pytest.raises(Refused):
        NATIVE.policy_values(*arguments)
    arguments[8] = plan.asks
    assert NATIVE.policy_values(*arguments) == _python_values(hand, 2, 1)
