"""The solver's bounds before a card is played: the tricks each team is owed by the hand's end
(``Search.owed_tricks``) and the bounds they give (``Rules.bounds_owed``), against exhaustive search.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import hokm
from hokm._hand.kernel_io import engine_of
from hokm._solver.position import searchable
from hokm._solver.search import Search
from hokm._solver.tables import TallyState, decode
from hokm.testing import strategies as hst

from .test_solver import SOLVABLE, _ending, _exhaustive


def _mask(*cards: str) -> int:
    return sum(1 << hokm.Card.parse(card).index for card in cards)


def _search(hand: hokm.HandState) -> tuple[Search, TallyState]:
    position = searchable(engine_of(hand), hand)
    assert position is not None
    rules, classes, hands, hakem, seat, _leader, _trick, state = position
    return Search(rules, classes, list(hands), hakem, rules.team_of[seat]), state


def test_a_team_is_owed_its_best_seat_s_cards_no_rival_can_beat() -> None:
    hand = hokm.Ruleset.compose().deal(random.Random(1), hakem=0).apply(hokm.CallTrump(hokm.Suit.SPADES))
    search, _ = _search(hand)
    search.hands[:] = [_mask("A♠", "K♠", "2♥"), _mask("J♠", "3♥", "4♥"),
                       _mask("Q♠", "5♥", "6♥"), _mask("A♥", "K♥", "Q♥")]
    # seat 0's A♠ K♠ and its partner's Q♠ are above every rival trump (J♠), but partners' cards may
    # fall to one trick: the team is owed 2; seat 1's J♠ and seat 3's top hearts can be beaten
    assert search.owed_tricks() == (2, 0)
    search.hands[2] = _mask("10♠", "5♥", "6♥")
    search.hands[1] = _mask("Q♠", "3♥", "4♥")
    assert search.owed_tricks() == (2, 0)  # the rivals' Q♠ is beaten by A♠ and K♠ alone
    search.hands[:] = [_mask("2♥", "3♥", "4♥"), _mask("A♥", "K♥", "Q♥"),
                       _mask("5♥", "6♥", "7♥"), _mask("8♥", "9♥", "10♥")]
    assert search.owed_tricks() == (0, 0)  # no trump held: no card is out of every rival's reach


def test_a_team_with_nothing_owed_has_the_tally_s_bounds() -> None:
    hand = _ending(hokm.Ruleset.compose().deal(random.Random(4), hakem=1), 4, 4)
    search, state = _search(hand)
    rules = search.rules
    assert rules.bounds_owed(state, search.hakem, search.team, (0, 0)) == rules.bounds(
        state, search.hakem, search.team)


@settings(max_examples=150, deadline=None)
@given(hand=hst.deals(ruleset=st.sampled_from(SOLVABLE)), seed=st.integers(0, 2**32),
       tricks=st.integers(1, 4))
def test_the_true_value_lies_within_the_bounds_of_what_each_team_is_owed(hand: hokm.HandState, seed: int,
                                                                         tricks: int) -> None:
    hand = _ending(hand, seed, tricks)
    rng = random.Random(seed)
    while not hand.is_over and hand.current_trick.plays:  # (on to the next trick's start)
        hand = hand.play(rng.choice(sorted(hand.legal_plays(), key=str)))
    if hand.is_over or not hand.legal_plays():
        return
    search, state = _search(hand)
    owed = search.owed_tricks()
    assert sum(owed) <= hand.tricks_left  # (one seat's unbeatable cards take tricks of their own)
    low, high = search.rules.bounds_owed(state, search.hakem, search.team, owed)
    assert low <= high
    value = _exhaustive(hand, search.team)
    assert decode(low) <= (value.points, value.margin) <= decode(high)
    plain_low, plain_high = search.rules.bounds(state, search.hakem, search.team)
    assert plain_low <= low and high <= plain_high
