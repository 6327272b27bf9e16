"""The double-dummy solver against exhaustive search: every legal card's value, exactly.

The oracle plays every line of a small ending through ``HandState.play`` and scores each end
with ``HandState.score``, maximising for the mover's side and minimising for the others: it
shares nothing with the solver but the rules.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hokm
from hokm._kernel.native_plan import position_of
from hokm.solver import Outcome
from hokm.testing import strategies as hst

from .test_native import CANDIDATES

SOLVABLE = CANDIDATES
"""The rulesets the solver plays: the ones the C kernel plays (``test_native`` holds them to it)."""


def _ending(hand: hokm.HandState, seed: int, tricks: int) -> hokm.HandState:
    """A position of ``hand`` played on at random (the call included) that ends within ``tricks``
    tricks on that line, and has at most ``tricks + 1`` tricks left (the hand may be over)."""
    rng = random.Random(seed)
    line = [hand]
    while not line[-1].is_over:
        line.append(line[-1].apply(rng.choice(line[-1].legal_actions())))
    back = rng.randrange(1, tricks * hand.layout.players + 1)
    for state in line[-1 - back:]:
        if state.tricks_left <= tricks + 1:
            return state
    return line[-1]


def _searchable(hand: hokm.HandState, seed: int, tricks: int) -> hokm.HandState | None:
    """``_ending``, or ``None`` where no search runs from it (the hand over, or the trump not called)."""
    hand = _ending(hand, seed, tricks)
    position = None if hand.is_over else position_of(hand)
    return None if position is None or position[1] < 0 else hand


def _outcome(hand: hokm.HandState, team: int) -> Outcome:
    tricks = hand.team_tricks
    margin = 2 * tricks[team] - sum(tricks)
    if hand.is_annulled:
        return Outcome(0, margin)
    score = hand.score()
    return Outcome(score.points if score.winner == team else -score.points, margin)


def _mover(hand: hokm.HandState) -> int:
    """The team of the seat to act."""
    assert hand.to_act is not None
    return hand.team_of(hand.to_act)


def _exhaustive(hand: hokm.HandState, team: int, known: dict[object, Outcome] | None = None) -> Outcome:
    """The minimax outcome for ``team`` over every line of play (transpositions looked up once)."""
    known = {} if known is None else known
    if hand.is_over:
        return _outcome(hand, team)
    key = (tuple(hand.hand_mask(seat) for seat in range(hand.layout.players)), hand.current_trick.plays,
           hand.winners, hand.collectors)
    if key not in known:
        values = [_exhaustive(hand.play(card), team, known) for card in hand.legal_plays()]
        known[key] = max(values) if _mover(hand) == team else min(values)
    return known[key]


@settings(max_examples=200, deadline=None)
@given(hand=hst.deals(ruleset=st.sampled_from(SOLVABLE)), seed=st.integers(0, 2**32),
       tricks=st.integers(1, 4))
def test_every_card_s_value_is_the_exhaustive_search_s(hand: hokm.HandState, seed: int, tricks: int) -> None:
    hand = _ending(hand, seed, tricks)
    if hand.is_over:
        return
    solution = hand.solve()
    team = _mover(hand)
    assert solution.seat == hand.to_act and solution.team == team
    assert set(solution.values) == set(hand.legal_plays())
    known: dict[object, Outcome] = {}
    for card in hand.legal_plays():
        assert solution.values[card] == _exhaustive(hand.play(card), team, known), card
    assert solution.outcome == max(solution.values.values())
    assert solution.best == {card for card, value in solution.values.items() if value == solution.outcome}


TWO_SIDED = [rules for rules in SOLVABLE if rules.layout.team_count == 2]


@settings(max_examples=25, deadline=None)
@given(hand=hst.deals(ruleset=st.sampled_from(TWO_SIDED)), seed=st.integers(0, 2**32),
       tricks=st.integers(4, 5))
def test_a_card_s_value_is_the_solved_value_of_the_position_after_it(hand: hokm.HandState, seed: int,
                                                                       tricks: int) -> None:
    # Deeper than the oracle reaches: one card on, solved again (from the other side's view, negated,
    # where the other side moves next).
    hand = _ending(hand, seed, tricks)
    if hand.is_over:
        return
    solution = hand.solve()
    for card, value in solution.values.items():
        after = hand.play(card)
        if after.is_over:
            assert value == _outcome(after, solution.team)
            continue
        next_solution = after.solve()
        if next_solution.team == solution.team:
            assert value == next_solution.outcome
        else:
            assert value == Outcome(-next_solution.outcome.points, -next_solution.outcome.margin)


def test_touching_cards_share_a_value() -> None:
    # Cards of one suit with no live card between them (in a hand or on the table) play alike.
    rules = hokm.Ruleset.compose()
    checked = 0
    for seed in range(40):
        hand = _ending(rules.deal(random.Random(seed), hakem=0), seed, 4)
        if hand.is_over:
            continue
        live = set().union(*hand.hands, (card for _, card in hand.current_trick.plays))
        solution = hand.solve()
        legal = sorted(hand.legal_plays(), key=lambda card: card.index)
        for low, high in itertools.pairwise(legal):
            between = {card for card in live if card.suit == low.suit and low.index < card.index < high.index}
            if low.suit == high.suit and not between:
                assert solution.values[low] == solution.values[high], (seed, low, high)
                checked += 1
    assert checked > 20


def test_a_sure_trick_is_not_the_leader_s_where_the_partner_must_trump_and_the_seat_decides() -> None:
    # Under Double Sar's capture table which seat wins a trick matters. Here the leader's partner holds
    # trumps alone, so it must trump the leader's top club: the search once counted that trick as the
    # leader's own sure trick and valued a card 4 tricks of margin too high (found by the test above).
    rules = hokm.Ruleset.compose("double-sar")
    rng = random.Random(2087)
    hand = rules.deal(rng, hakem=3)
    while hand.tricks_left > 3 or hand.phase is not hokm.Phase.PLAY:
        hand = hand.apply(rng.choice(sorted(hand.legal_actions(), key=str)))
    assert hand.team_tricks == (0, 7) and hand.tricks_left == 3
    solution, team = hand.solve(), _mover(hand)
    known: dict[object, Outcome] = {}
    for card in hand.legal_plays():
        assert solution.values[card] == _exhaustive(hand.play(card), team, known), card


def test_a_cost_is_the_difference_to_the_best_card() -> None:
    hand = _ending(hokm.Ruleset.compose().deal(random.Random(2), hakem=0), 9, 3)
    solution = hand.solve()
    for card, value in solution.values.items():
        cost = solution.cost(card)
        assert (cost.points, cost.margin) == (solution.outcome.points - value.points,
                                              solution.outcome.margin - value.margin)
        assert (cost == Outcome(0, 0)) == (card in solution.best)
    with pytest.raises(hokm.IllegalPlayError, match="not a legal card"):
        solution.cost(next(card for card in hokm.full_deck() if card not in solution.values))


@pytest.mark.parametrize(("variants", "reason"), [
    (("troefcall",), "hokm_pending_decision"), (("hidden-trump",), "hokm_forced_effect"),
    (("two-player",), "stock"), (("redeal",), "trump call")])
def test_a_ruleset_off_the_tables_is_refused_with_its_reasons(variants: tuple[str, ...], reason: str) -> None:
    rules = hokm.Ruleset.compose(*variants)
    hand = _ending(rules.deal(random.Random(1)), 1, 12)
    with pytest.raises(hokm.UnsolvableError, match=reason):
        hand.solve()


def test_a_position_outside_trick_play_is_refused() -> None:
    dealt = hokm.Ruleset.compose().deal(random.Random(1))
    with pytest.raises(hokm.UnsolvableError, match="trick play"):
        dealt.solve()
    over = dealt.apply(dealt.legal_actions()[0]).playout(random.Random(2))
    with pytest.raises(hokm.UnsolvableError, match="hand is over"):
        hokm.solve(over)
    with pytest.raises(hokm.ArgumentTypeError, match="HandState"):
        hokm.solve("a hand")  # type: ignore[arg-type]
