"""Court Piece / Rang (RULES.md 1.3, 1.5.4, digest §3.1-3.3, §3.5; SCENARIOS S34-S37, S71, S72)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hokm
from hokm import Card, HandResult, HandState, PlayOn, Rank, Suit, TableLayout
from hokm_variants.court_piece import COURT_LABELS, CourtPiece

Plan = list[list[Card]]  # plan[trick][seat]: the card seat plays to that trick

RANKS_HIGH_FIRST = [rank for rank in sorted(Rank, reverse=True) if rank != Rank.TWO]
A_SEATS, B_SEATS = (0, 2), (1, 3)


def scripted(rules: hokm.Ruleset, winners: Sequence[int], *, hakem: int = 0) -> tuple[HandState, Plan]:
    """A 4-player hand (spades trump) in which trick ``i`` is won by ``winners[i]``.

    Every trick is four cards of one suit (the winner holds the highest), so each
    card of the plan is legal when its trick comes; trick 13 is the four twos and
    its winner holds 2♠. Missing winners are filled with seat 0.
    """
    full = [*winners, *[0] * (13 - len(winners))]
    groups: list[list[Card]] = []
    for suit in Suit:
        block = [Card(rank, suit) for rank in RANKS_HIGH_FIRST]
        groups.extend(block[i:i + 4] for i in range(0, 12, 4))
    groups.append([Card(Rank.TWO, suit) for suit in Suit])
    plan: Plan = []
    for group, winner in zip(groups, full, strict=True):
        others = iter(group[1:])
        plan.append([group[0] if seat == winner else next(others) for seat in range(4)])
    hands = [[plan[trick][seat] for trick in range(13)] for seat in range(4)]
    return rules.new_hand(hands, hakem=hakem, trump=Suit.SPADES), plan


def play_out(hand: HandState, plan: Plan, tricks: int = 13) -> HandState:
    """Play the plan until ``tricks`` are complete, the hand is over or a decision is pending."""
    while not hand.is_over and hand.pending_decision is None and hand.tricks_played < tricks:
        seat = hand.to_act
        assert seat is not None
        hand = hand.play(plan[hand.tricks_played][seat])
    return hand


def run(winners: Sequence[int], *, hakem: int = 0, options: dict[str, Any] | None = None,
        tricks: int = 13) -> HandState:
    rules = hokm.Ruleset.compose("court-piece", options={"court-piece": options or {}})
    hand = play_out(*scripted(rules, winners, hakem=hakem), tricks=tricks)
    assert hand.winners == tuple(winners[:hand.tricks_played])  # the script did what it says
    return hand


def deal_for(team: int, *, sweep: bool) -> list[int]:
    """Trick winners of a deal won by ``team``: the first seven (then a lost trick), or 7-1."""
    ours, theirs = (A_SEATS, B_SEATS) if team == 0 else (B_SEATS, A_SEATS)
    seven = [ours[i % 2] for i in range(7)]
    return [*seven, theirs[0]] if sweep else [theirs[0], *seven]


@attrs.frozen
class FakeMatch:
    """A MatchView over hands finished outside a real match."""

    layout: TableLayout
    scores: tuple[int, ...]
    results: tuple[HandResult, ...]


def play_deals(plan: Sequence[tuple[int, bool]], options: dict[str, Any] | None = None) -> list[HandResult]:
    """Play deals (winning team, sweep?) in sequence, each with the Hakem the last one chose."""
    rules = hokm.Ruleset.compose("court-piece", options={"court-piece": options or {}})
    match = FakeMatch(rules.layout, (0, 0), ())
    hakem = 0
    for team, sweep in plan:
        hand = play_out(*scripted(rules, deal_for(team, sweep=sweep), hakem=hakem))
        result = hand.result(match)
        scores = list(match.scores)
        scores[result.winner] += result.points
        match = FakeMatch(match.layout, (scores[0], scores[1]), (*match.results, result))
        hakem = result.next_hakem
    return list(match.results)


# S34 -- roles and deal ------------------------------------------------------------------------


def test_s34_caller_sees_only_his_first_five_then_everyone_holds_13() -> None:
    rules = hokm.Ruleset.compose("court-piece")
    deck = list(hokm.full_deck())
    random.Random(34).shuffle(deck)
    hand = rules.deal(deck, hakem=0)
    assert (hand.hakem, hand.dealer, hand.to_act) == (0, 3, 0)
    assert hand.phase is hokm.Phase.TRUMP
    assert hand.observation(0).hand == frozenset(deck[0:5])  # the caller's five
    for seat in (1, 2, 3):
        assert hand.observation(seat).hand == frozenset()  # nobody else looks before the call
        assert set(deck[5 * seat:5 * seat + 5]) <= hand.hand_of(seat)  # but got his five first
    hand = hand.apply(hokm.CallTrump(Suit.HEARTS))
    assert [len(hand.observation(seat).hand) for seat in range(4)] == [13, 13, 13, 13]
    assert hand.to_act == 0  # the caller leads trick 1


def test_first_dealer_is_random_and_reproducible() -> None:
    rules, standard = hokm.Ruleset.compose("court-piece"), hokm.Ruleset.compose()
    aces_first = hokm.cards("A♠ A♥ A♦ A♣ K♠ K♥ K♦ K♣")
    answers = {rules.first_hakem(aces_first, seed=seed) for seed in range(40)}
    assert answers == {0, 1, 2, 3}  # the first Ace (seat 0) does not decide
    assert standard.first_hakem(aces_first, seed=5) == 0
    assert rules.first_hakem(aces_first, seed=7) == rules.first_hakem(aces_first, seed=7)
    matches = [rules.new_match(seed=seed) for seed in range(12)]
    assert len({m.hand.hakem for m in matches}) > 1
    assert all(m.hand.dealer == (m.hand.hakem - 1) % 4 for m in matches)


# S35 -- dealer rotation -------------------------------------------------------------------------


@pytest.mark.parametrize(("case", "winners", "label", "dealer", "caller"), [
    ("a: dealer's side wins", [0, 1, 3, 1, 3, 1, 3, 1], "win", 0, 1),
    ("b: caller's side wins without a court", [1, 0, 2, 0, 2, 0, 2, 0], "win", 3, 0),
    ("c: caller's side wins with a court", [0, 2, 0, 2, 0, 2, 0, 1], "court", 1, 2),
    ("goon court: dealer's side sweeps", [1, 3, 1, 3, 1, 3, 1, 0], "goon-court", 0, 1),
])
def test_s35_dealer_rotation(case: str, winners: list[int], label: str, dealer: int, caller: int) -> None:
    hand = run(winners)
    result = hand.result()
    assert result.label == label, case
    assert result.next_hakem == caller, case
    assert (result.next_hakem - 1) % 4 == dealer, case
    assert (dealer % 2) != result.winner, "the new dealer belongs to the side that lost"


def test_s35_rotation_follows_the_current_caller() -> None:
    # Same three cases with seat 1 as caller (dealer 0): the rule is relative, not fixed seats.
    assert run([1, 2, 0, 2, 0, 2, 0, 2], hakem=1).result().next_hakem == 2
    assert run([0, 1, 3, 1, 3, 1, 3, 1], hakem=1).result().next_hakem == 1
    assert run([1, 3, 1, 3, 1, 3, 1, 0], hakem=1).result().next_hakem == 3


# S36 -- courts by streak, and the reset ---------------------------------------------------------


def test_s36_streak_court_and_reset() -> None:
    plan = [(1, False)] * 3 + [(0, True)] + [(1, False)] * 7 + [(1, False)]
    results = play_deals(plan)
    assert [r.winner for r in results] == [t for t, _ in plan]
    # Deal 4 is a goon court: after B's wins B calls, and A (the dealer's side) sweeps.
    assert [r.label for r in results] == (
        ["win"] * 3 + ["goon-court"] + ["win"] * 6 + ["streak-court", "win"])
    assert [r.points for r in results] == [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0]
    assert not results[10].kot  # a streak court is not a sweep


def test_s36_a_court_resets_the_streak_of_its_own_team() -> None:
    # B wins six, sweeps the seventh (a court), then needs seven more for a streak court.
    plan = [(1, False)] * 6 + [(1, True)] + [(1, False)] * 7
    labels = [r.label for r in play_deals(plan)]
    assert labels == ["win"] * 6 + ["court"] + ["win"] * 6 + ["streak-court"]


def test_no_streak_without_a_match() -> None:
    assert run([1, 0, 2, 0, 2, 0, 2, 0]).result(None).label == "win"


# S37 -- points scoring -------------------------------------------------------------------------


@pytest.mark.parametrize(("winners", "tricks", "winner", "label", "points"), [
    ([1, 3, 1, 3, 0, 2, 0, 2, 0, 2, 0], (7, 4), 0, "win", 1),
    ([0, 2, 0, 2, 0, 2, 0, 1], (7, 1), 0, "court", 3),
    ([0, 2, 0, 2, 0, 1, 3, 1, 3, 1, 3, 1], (5, 7), 1, "win", 2),
    ([1, 3, 1, 3, 1, 3, 1, 0], (1, 7), 1, "goon-court", 4),
])
def test_s37_points_scoring(winners: list[int], tricks: tuple[int, int], winner: int, label: str,
                            points: int) -> None:
    hand = run(winners, options={"scoring": "points"})
    result = hand.result()
    assert (result.team_tricks, result.winner, result.label, result.points) == (tricks, winner, label, points)
    courts = run(winners).result()
    assert courts.points == (1 if "court" in label else 0)


def test_points_scoring_values_a_streak_court_as_a_court() -> None:
    results = play_deals([(1, False)] * 7, options={"scoring": "points"})
    # B is the dealer's side in deal 1; after every B win B's seat 1, 3, ... calls in turn.
    assert [r.label for r in results] == ["win"] * 6 + ["streak-court"]
    assert results[-1].points == (3 if results[-1].hakem % 2 == 1 else 4)
    assert results[0].points == 2 and all(r.points == 1 for r in results[1:6])


# 52-court ------------------------------------------------------------------------------------------


def test_52_court_is_played_for_automatically() -> None:
    hand = run([0, 2, 0, 2, 0, 2, 0], tricks=7)
    assert not hand.is_over and hand.tricks_played == 7  # not stopped at 7
    assert hand.pending_decision is None and hand.to_act == 0
    hand = run([0, 2] * 6 + [2])
    result = hand.result()
    assert (hand.tricks_played, result.label, result.points, result.kot) == (13, "52-court", 52, True)
    assert result.next_hakem == 2  # a court for the caller's side: the dealer's partner deals


def test_52_court_in_points_scoring_is_worth_52() -> None:
    hand = run([1, 3] * 6 + [3], options={"scoring": "points"})
    result = hand.result()
    assert (result.winner, result.label, result.points, result.next_hakem) == (1, "52-court", 52, 1)


def test_failed_52_court_keeps_the_court_and_stops() -> None:
    hand = run([0, 2, 0, 2, 0, 2, 0, 2, 0, 1])
    assert hand.is_over and hand.tricks_played == 10
    result = hand.result()
    assert (result.team_tricks, result.label, result.points) == ((9, 1), "court", 1)


def test_decide_option_asks_the_sweeping_team() -> None:
    rules = hokm.Ruleset.compose("court-piece", options={"court-piece": {"decide": True}})
    hand, plan = scripted(rules, [0, 2, 0, 2, 0, 2, 2] + [2] * 6)
    hand = play_out(hand, plan)
    decision = hand.pending_decision
    assert decision is not None and hand.tricks_played == 7
    assert decision.seat == 2 and hand.to_act == 2  # the winner of the seventh trick answers
    assert hand.legal_actions() == (PlayOn(True), PlayOn(False))
    with pytest.raises(hokm.IllegalPlayError):
        hand.play(plan[7][2])

    stop = hand.apply(PlayOn(False))
    assert stop.is_over and stop.tricks_played == 7
    assert (stop.result().label, stop.result().points) == ("court", 1)

    on = play_out(hand.apply(PlayOn(True)), plan)
    assert on.is_over and on.tricks_played == 13
    assert on.decisions == ((2, PlayOn(True)),)
    assert (on.result().label, on.result().points) == ("52-court", 52)


def test_decide_option_asks_nothing_without_a_sweep() -> None:
    hand = run([1, 0, 2, 0, 2, 0, 2, 0], options={"decide": True})
    assert hand.is_over and hand.decisions == ()
    assert hand.result().label == "win"


# Match -------------------------------------------------------------------------------------------------


def fake(scores: tuple[int, int]) -> FakeMatch:
    return FakeMatch(TableLayout.standard(4), scores, ())


@pytest.mark.parametrize(("options", "scores", "winner"), [
    ({}, (0, 0), None),
    ({}, (0, 1), 1),
    ({}, (52, 0), 0),
    ({"target": 2}, (1, 0), None),
    ({"target": 2}, (1, 2), 1),
    ({"scoring": "points"}, (9, 7), None),
    ({"scoring": "points"}, (9, 10), 1),
    ({"scoring": "points", "target": 15}, (14, 10), None),
    ({"scoring": "points", "target": 15}, (16, 10), 0),
])
def test_match_winner_uses_its_own_target(options: dict[str, Any], scores: tuple[int, int],
                                          winner: int | None) -> None:
    expected = hokm.MatchStatus.GOES_ON if winner is None else winner
    assert CourtPiece(**options).hokm_match_winner(fake(scores)) == expected


def test_default_target_depends_on_scoring() -> None:
    assert CourtPiece().match_target == 1
    assert CourtPiece(scoring="points").match_target == 10
    assert CourtPiece(scoring="points", target=3).match_target == 3
    assert CourtPiece(target=4).target == 4


def random_match(rules: hokm.Ruleset, seed: int, max_hands: int) -> hokm.MatchState:
    match = rules.new_match(seed=seed)
    rng = random.Random(seed)
    while not match.is_over and len(match.results) < max_hands:
        match = match.apply(rng.choice(match.legal_actions()))
    return match


def test_a_courts_match_ends_at_the_first_court() -> None:
    rules = hokm.Ruleset.compose("court-piece")
    match = random_match(rules, seed=3, max_hands=400)
    assert match.is_over and match.winner is not None
    *before, last = match.results
    assert last.label in COURT_LABELS and last.winner == match.winner
    assert all(r.points == 0 and r.label == "win" for r in before)
    assert match.scores[match.winner] == last.points >= 1
    assert last.points < 7 or last.label == "52-court"  # short of the standard target of 7


# Options and conflicts ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("option", "value"), [
    ("scoring", "rubbers"),
    ("scoring", None),
    ("target", 0),
    ("target", -3),
    ("target", True),
    ("target", "10"),
    ("decide", "no"),
    ("decide", 0),
])
def test_bad_options_are_refused(option: str, value: object) -> None:
    with pytest.raises(hokm.InvalidOptionError) as error:
        hokm.Ruleset.compose("court-piece", options={"court-piece": {option: value}})
    assert "court-piece" in str(error.value)
    assert option in str(error.value)


def test_declared_conflicts() -> None:
    assert CourtPiece.info.conflict_names == {"two-player", "three-player", "bavney"}
    assert all(CourtPiece.info.conflict_reason(name) for name in CourtPiece.info.conflict_names)


@pytest.mark.parametrize("other", ["two-player", "three-player", "bavney"])
@pytest.mark.parametrize("order", [0, 1])
def test_conflicting_compositions_are_refused(other: str, order: int) -> None:
    names = ("court-piece", other) if order == 0 else (other, "court-piece")
    with pytest.raises(hokm.VariantConflictError, match="court-piece"):
        hokm.Ruleset.compose(*names)


# Properties -------------------------------------------------------------------------------------------------

PARTNERS = [(), ("clockwise",), ("satat",), ("obligatory-trump",),
            ("clockwise", "satat", "obligatory-trump")]


@settings(max_examples=25, deadline=None)
@given(partners=st.sampled_from(PARTNERS), scoring=st.sampled_from(["courts", "points"]),
       decide=st.booleans(), seed=st.integers(0, 2**32))
def test_matches_keep_the_court_piece_invariants(partners: tuple[str, ...], scoring: str,
                                                 decide: bool, seed: int) -> None:
    rules = hokm.Ruleset.compose("court-piece", *partners,
                    options={"court-piece": {"scoring": scoring, "decide": decide, "target": 10**6}})
    match = random_match(rules, seed=seed, max_hands=150)
    scores = [0, 0]
    streak_team, streak = -1, 0
    for result in match.results:
        scores[result.winner] += result.points
        caller_side = result.winner == result.hakem % 2
        # The dealer of the next deal always belongs to the side that lost this one.
        assert (result.next_hakem - 1) % 2 != result.winner
        # Deals are won at 7; a sweep ("court" family except streaks) means the first seven.
        assert result.team_tricks[result.winner] >= 7
        assert result.kot == (result.label in {"court", "goon-court", "52-court"})
        assert (result.label == "52-court") == (result.team_tricks[result.winner] == 13)
        if result.label == "court":
            assert caller_side
        if result.label == "goon-court":
            assert not caller_side
        # Streaks: seven deals in a row since the last court.
        streak = streak + 1 if result.winner == streak_team else 1
        streak_team = result.winner
        assert (result.label == "streak-court") == (not result.kot and streak >= 7)
        if result.label in COURT_LABELS:
            streak_team, streak = -1, 0
        if result.label == "52-court":
            assert result.points == 52
        elif result.label in COURT_LABELS:
            assert result.points == (1 if scoring == "courts" else 3 if caller_side else 4)
        else:
            assert result.points == (0 if scoring == "courts" else 1 if caller_side else 2)
    assert tuple(scores) == match.scores


@pytest.mark.parametrize(("options", "target"), [
    ({"scoring": "points"}, 10), ({"scoring": "courts", "target": 9}, 9),
    ({"scoring": "points", "target": 4}, 4)])
def test_the_match_ends_at_the_variants_own_target_in_real_play(options: dict[str, object],
                                                                target: int) -> None:
    # The standard first-to-7 rule used to decide whenever court-piece answered "not yet".
    rules = hokm.Ruleset.compose("court-piece", options={"court-piece": options})
    for seed in range(12):
        match = rules.new_match(seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            match = match.apply(rng.choice(match.legal_actions()))
        assert max(match.scores) >= target
        assert match.winner is not None and max(match.scores) == match.scores[match.winner]
        before = [sum(r.points for r in match.results[:-1] if r.winner == team) for team in (0, 1)]
        assert max(before) < target, "the match went on after a team had reached the target"


@pytest.mark.parametrize(("options", "points"), [({}, 1), ({"goon_court_value": 3}, 3),
                                                 ({"goon_court_value": 3, "scoring": "points"}, 4)])
def test_goon_court_value_credits_a_sweep_by_the_dealers_side(options: dict[str, Any], points: int) -> None:
    result = run([1, 3, 1, 3, 1, 3, 1, 0], options=options).result()
    assert (result.label, result.points) == ("goon-court", points)
    caller_court = run([0, 2, 0, 2, 0, 2, 0, 1], options=options).result()
    assert caller_court.label == "court" and caller_court.points == (1 if "scoring" not in options else 3)


@pytest.mark.parametrize("value", [0, -1, True, 1.5, "3", None])
def test_goon_court_value_is_validated(value: object) -> None:
    with pytest.raises(hokm.InvalidOptionError, match="goon_court_value"):
        hokm.Ruleset.compose("court-piece", options={"court-piece": {"goon_court_value": value}})


# Double Sar under Court Piece (RULES.md 1.5.4; SCENARIOS S71, S72) ---------------------------------

S71A = [0, 0, 2, 2, 0, 0, 2, 2, 0, 0, 2, 2, 0]
S71B = [1, 1, 3, 3, 1, 1, 3, 3, 1, 1, 3, 3, 1]
S72 = [0, 0, 2, 2, 0, 0, 2, 1, 3, 1, 3, 1, 3]
# The mirror of S72: B wins the first seven tricks, A collects seven (tricks 7-13 at the sweep).
S72_MIRROR = [1, 1, 3, 3, 1, 1, 3, 0, 2, 0, 2, 0, 2]
ORDERS = [("court-piece", "double-sar"), ("double-sar", "court-piece")]


def with_double_sar(options: dict[str, Any] | None = None, *, order: int = 0) -> hokm.Ruleset:
    return hokm.Ruleset.compose(*ORDERS[order], options={"court-piece": options or {}})


def run_ds(winners: Sequence[int], *, hakem: int = 0, options: dict[str, Any] | None = None,
           tricks: int = 13, order: int = 0) -> HandState:
    hand = play_out(*scripted(with_double_sar(options, order=order), winners, hakem=hakem), tricks=tricks)
    assert hand.winners == tuple(winners[:hand.tricks_played])  # the script did what it says
    return hand


def play_winner_lists(rules: hokm.Ruleset, deals: Sequence[Sequence[int]]) -> list[HandResult]:
    """Play scripted deals in sequence, each with the Hakem the last one chose, as in a match."""
    match = FakeMatch(rules.layout, (0, 0), ())
    hakem = 0
    for winners in deals:
        hand = play_out(*scripted(rules, winners, hakem=hakem))
        result = hand.result(match)
        scores = list(match.scores)
        scores[result.winner] += result.points
        match = FakeMatch(match.layout, (scores[0], scores[1]), (*match.results, result))
        hakem = result.next_hakem
    return list(match.results)


@pytest.mark.parametrize("order", [0, 1])
def test_s71a_collecting_all_13_is_a_court_for_the_caller(order: int) -> None:
    seven = run_ds(S71A, tricks=7, order=order)
    assert not seven.is_over and seven.pending_decision is None  # no stop at 7, no offer
    hand = run_ds(S71A, order=order)
    assert hand.collectors == (None, 0, None, 2, None, 0, None, 2, None, 0, None, 2, 0)
    assert (hand.tricks_played, hand.team_tricks, hand.decisions) == (13, (13, 0), ())
    result = hand.result()
    assert (result.winner, result.label, result.points, result.kot) == (0, "court", 1, True)
    assert result.next_hakem == 2 and hand.ruleset.dealer_for(result.next_hakem) == 1


@pytest.mark.parametrize(("options", "points"), [({}, 1), ({"goon_court_value": 3}, 3)])
@pytest.mark.parametrize("order", [0, 1])
def test_s71b_the_dealers_side_collecting_all_13_is_a_goon_court(options: dict[str, Any], points: int,
                                                                 order: int) -> None:
    hand = run_ds(S71B, options=options, order=order)
    assert hand.team_tricks == (0, 13) and hand.tricks_played == 13
    result = hand.result()
    assert (result.winner, result.label, result.points, result.kot) == (1, "goon-court", points, True)
    assert result.next_hakem == 1 and hand.ruleset.dealer_for(result.next_hakem) == 0


@pytest.mark.parametrize(("winners", "winner", "label", "points"), [
    (S71A, 0, "court", 3), (S71B, 1, "goon-court", 4), (S72, 1, "win", 2), (S72_MIRROR, 0, "win", 1)])
def test_s71c_points_scoring_under_double_sar(winners: list[int], winner: int, label: str,
                                              points: int) -> None:
    result = run_ds(winners, options={"scoring": "points"}).result()
    assert (result.winner, result.label, result.points) == (winner, label, points)


@pytest.mark.parametrize("order", [0, 1])
def test_s72_the_first_seven_tricks_are_no_court_under_double_sar(order: int) -> None:
    hand = run_ds(S72, order=order)
    assert hand.first_tricks_by(7) == 0  # A won the first seven tricks...
    assert hand.collectors == (None, 0, None, 2, None, 0, *[None] * 6, 3)
    assert hand.team_tricks == (6, 7)  # ...but B collected seven
    assert hand.tricks_played == 13 and hand.decisions == ()
    result = hand.result()
    assert (result.winner, result.label, result.points, result.kot) == (1, "win", 0, False)
    assert result.next_hakem == 1 and hand.ruleset.dealer_for(result.next_hakem) == 0
    alone = run(S72)  # single sar: A's first seven are a court, and the 52-court fails at trick 8
    assert (alone.tricks_played, alone.result().label, alone.result().points) == (8, "court", 1)


def test_s72_streaks_count_deals_won_by_collected_tricks() -> None:
    rules = with_double_sar()
    labels = [r.label for r in play_winner_lists(rules, [S72] * 7)]
    assert labels == ["win"] * 6 + ["streak-court"]  # B, seven times, never the first seven
    # A's streak of six goes to 0 when B wins a deal: six more wins are not yet a court.
    results = play_winner_lists(rules, [S72_MIRROR] * 6 + [S72] + [S72_MIRROR] * 7)
    assert [r.winner for r in results] == [0] * 6 + [1] + [0] * 7
    assert [r.label for r in results] == ["win"] * 13 + ["streak-court"]


def test_an_all_13_collection_resets_every_streak() -> None:
    results = play_winner_lists(with_double_sar(), [S72] * 3 + [S71A] + [S72] * 7)
    labels = [r.label for r in results]
    assert labels[3] in {"court", "goon-court"} and results[3].team_tricks == (13, 0)
    assert labels[:3] + labels[4:] == ["win"] * 9 + ["streak-court"]


def test_an_all_13_collection_that_is_also_the_seventh_win_is_one_court() -> None:
    results = play_winner_lists(with_double_sar(), [S72] * 6 + [S71B])
    last = results[-1]
    assert last.team_tricks == (0, 13) and last.label in {"court", "goon-court"}
    assert last.points == 1 and last.kot


@pytest.mark.parametrize("order", [0, 1])
def test_decide_is_refused_with_double_sar(order: int) -> None:
    with pytest.raises(hokm.VariantConflictError, match=r"decide=True.*double-sar"):
        hokm.Ruleset.compose(*ORDERS[order], options={"court-piece": {"decide": True}})
    assert with_double_sar({"decide": False}, order=order).variants == ORDERS[order]


@settings(max_examples=25, deadline=None)
@given(scoring=st.sampled_from(["courts", "points"]), goon=st.sampled_from([1, 3]),
       ace_rule=st.sampled_from(["off", "two-aces", "ace-cannot-collect"]),
       order=st.sampled_from([0, 1]), seed=st.integers(0, 2**32))
def test_matches_under_double_sar_keep_the_invariants(scoring: str, goon: int, ace_rule: str, order: int,
                                                      seed: int) -> None:
    rules = hokm.Ruleset.compose(*ORDERS[order], options={
        "court-piece": {"scoring": scoring, "target": 10**6, "goon_court_value": goon},
        "double-sar": {"ace_rule": ace_rule}})
    match = random_match(rules, seed=seed, max_hands=60)
    streak_team, streak = -1, 0
    for result in match.results:
        caller_side = result.winner == result.hakem % 2
        assert result.tricks_played == 13 and sum(result.team_tricks) == 13
        assert result.team_tricks[result.winner] >= 7  # won by collected tricks
        assert (result.next_hakem - 1) % 2 != result.winner  # the dealer comes from the losers
        assert result.kot == (result.team_tricks[result.winner] == 13)
        assert result.label != "52-court"
        if result.kot:
            assert result.label == ("court" if caller_side else "goon-court")
        streak = streak + 1 if result.winner == streak_team else 1
        streak_team = result.winner
        assert (result.label == "streak-court") == (not result.kot and streak >= 7)
        if result.label in COURT_LABELS:
            streak_team, streak = -1, 0
        if scoring == "courts":
            expected = goon if result.label == "goon-court" else int(result.label in COURT_LABELS)
        else:
            court = result.label in COURT_LABELS
            expected = (3 if caller_side else 4) if court else (1 if caller_side else 2)
        assert result.points == expected
