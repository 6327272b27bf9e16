"""``solve(max_nodes=...)``: the search stops rather than try more cards than its budget, in both
twins alike (the Python search, and the C one where it is built), and answers exactly as without a
budget when the budget suffices.
"""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hokm
from hokm._hand.kernel_io import engine_of
from hokm._kernel import native as kernel
from hokm._solver.native import _arguments
from hokm._solver.position import searchable
from hokm._solver.search import NodeLimit, Search
from hokm.testing import strategies as hst

from .test_solver import SOLVABLE, _ending

TWINS = ["python", *(["c"] if kernel.NATIVE is not None else [])]


def _twin(monkeypatch: pytest.MonkeyPatch, twin: str) -> None:
    if twin == "python":
        monkeypatch.setattr(kernel, "NATIVE", None)


@pytest.mark.parametrize("twin", TWINS)
@settings(max_examples=40, deadline=None)
@given(hand=hst.deals(ruleset=st.sampled_from(SOLVABLE)), seed=st.integers(0, 2**32),
       tricks=st.integers(1, 5))
def test_a_budget_of_the_nodes_needed_answers_one_less_stops(twin: str, hand: hokm.HandState, seed: int,
                                                             tricks: int) -> None:
    hand = _ending(hand, seed, tricks)
    if hand.is_over:
        return
    with pytest.MonkeyPatch.context() as patch:
        _twin(patch, twin)
        solution = hand.solve()
        assert hand.solve(max_nodes=max(solution.nodes, 1)) == solution
        if solution.nodes > 1:
            with pytest.raises(hokm.SolveLimitError) as caught:
                hand.solve(max_nodes=solution.nodes - 1)
            assert caught.value.max_nodes == solution.nodes - 1
            assert f"max_nodes={solution.nodes - 1:,} " in str(caught.value)


@pytest.mark.parametrize("twin", TWINS)
def test_a_whole_deal_stops_early_at_a_small_budget(monkeypatch: pytest.MonkeyPatch, twin: str) -> None:
    hand = hokm.Ruleset.compose().deal(random.Random(4), hakem=0).apply(hokm.CallTrump(hokm.Suit.SPADES))
    _twin(monkeypatch, twin)
    with pytest.raises(hokm.SolveLimitError):  # the search stops within a trick of its budget
        hokm.solve(hand, max_nodes=2_000)


@pytest.mark.parametrize(("value", "error"), [
    (0, hokm.InvalidArgumentError), (-5, hokm.InvalidArgumentError), (True, hokm.ArgumentTypeError),
    # (the compiled build's own check of a method's argument types raises a plain TypeError first)
    pytest.param("100", hokm.ArgumentTypeError, marks=pytest.mark.pure_only),
    pytest.param(1.5, hokm.ArgumentTypeError, marks=pytest.mark.pure_only)])
def test_a_budget_that_is_not_a_positive_int_is_refused(value: object, error: type[Exception]) -> None:
    hand = hokm.Ruleset.compose().deal(random.Random(4), hakem=0).apply(hokm.CallTrump(hokm.Suit.SPADES))
    with pytest.raises(error, match="max_nodes must be an int"):
        hand.solve(max_nodes=value)  # type: ignore[arg-type]
    with pytest.raises(error, match="max_nodes must be an int"):  # (the function checks first, in any build)
        hokm.solve(hand, max_nodes=value)  # type: ignore[arg-type]


def test_the_error_is_an_unsolvable_error_and_pickles_with_its_budget() -> None:
    error = hokm.SolveLimitError("an exact answer needs more than max_nodes=10 cards tried", max_nodes=10)
    assert isinstance(error, hokm.UnsolvableError)
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is hokm.SolveLimitError and copy.max_nodes == 10 and str(copy) == str(error)


def test_each_twin_stops_at_the_first_lead_searched_past_its_budget() -> None:
    hand = hokm.Ruleset.compose().deal(random.Random(4), hakem=0).apply(hokm.CallTrump(hokm.Suit.SPADES))
    position = searchable(engine_of(hand), hand)
    assert position is not None
    rules, classes, hands, hakem, seat, leader, trick, state = position
    search = Search(rules, classes, list(hands), hakem, rules.team_of[seat], limit=2_000)
    with pytest.raises(NodeLimit):
        search.values((leader, *rules.followers[leader]), trick, state)
    assert 2_000 < search.nodes < 3_000  # (the whole deal takes far more)
    if kernel.NATIVE is not None:
        arguments = _arguments(kernel.NATIVE, rules, classes, list(hands), hakem, rules.team_of[seat], leader,
                               trick, state, False)
        assert kernel.NATIVE.solve(*arguments, 0, 2_000) is None
        assert kernel.NATIVE.solve(*arguments, 0, 0) is not None  # (0: no budget)
