"""Double Sar (RULES.md 1.3, digest §3.6; SCENARIOS S42-S46, S52)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hokm
from hokm import Card, HandState, Rank, Suit
from hokm_variants.double_sar import DoubleSar

Plan = list[list[Card]]  # plan[trick][seat]: the card seat plays to that trick

RANKS_HIGH_FIRST = [rank for rank in sorted(Rank, reverse=True) if rank != Rank.TWO]


def scripted(rules: hokm.Ruleset, winners: Sequence[int], *, hakem: int = 0) -> tuple[HandState, Plan]:
    """A hand (spades trump) in which trick ``i`` is won by ``winners[i]``.

    Every trick is a group of same-suit cards (the winner holds the highest), so
    every card of the plan is legal when its trick comes; with four players the
    13th trick is the four twos and its winner holds the trump two.
    Missing winners are filled with seat 0.
    """
    n = rules.players
    full = [*winners, *[0] * (13 - len(winners))]
    groups: list[list[Card]] = []
    for suit in Suit:
        block = [Card(rank, suit) for rank in RANKS_HIGH_FIRST]
        groups.extend(block[i:i + n] for i in range(0, len(block), n))
    groups = groups[:12] if n == 4 else groups[:13]
    if n == 4:
        groups.append([Card(Rank.TWO, suit) for suit in Suit])  # 2♠ first: the trump wins
    plan: Plan = []
    for group, winner in zip(groups, full, strict=True):
        others = iter(group[1:])
        plan.append([group[0] if seat == winner else next(others) for seat in range(n)])
    hands = [[plan[trick][seat] for trick in range(13)] for seat in range(n)]
    return rules.new_hand(hands, hakem=hakem, trump=Suit.SPADES), plan


def play_out(hand: HandState, plan: Plan, tricks: int = 13) -> HandState:
    """Play the plan until ``tricks`` tricks are complete or the hand is over."""
    while not hand.is_over and hand.tricks_played < tricks:
        seat = hand.to_act
        assert seat is not None
        hand = hand.play(plan[hand.tricks_played][seat])
    return hand


def run(winners: Sequence[int], *, tricks: int = 13, hakem: int = 0,
        options: dict[str, Any] | None = None, extra: Sequence[str] = ()) -> HandState:
    rules = hokm.Ruleset.compose("double-sar", *extra, options={"double-sar": options or {}})
    hand, plan = scripted(rules, winners, hakem=hakem)
    hand = play_out(hand, plan, tricks)
    assert hand.winners == tuple(winners[:hand.tricks_played])  # the script did what it says
    return hand


# S42 -- same player, pile kept ----------------------------------------------------------


def test_s42_second_win_in_a_row_collects_the_whole_pile() -> None:
    hand = run([0, 1, 1], tricks=3)
    assert hand.collectors == (None, None, 1)
    assert hand.team_tricks == (0, 3)  # trick 1 (won by seat 0) was not lost
    assert hand.pile == 0


def test_s42_nothing_is_collected_before_a_pair() -> None:
    hand = run([0, 1], tricks=2)
    assert hand.team_tricks == (0, 0)
    assert hand.pile == 2


def test_s42_partner_wins_do_not_chain_by_default() -> None:
    hand = run([0, 2, 1, 3], tricks=4)
    assert hand.collectors == (None, None, None, None)
    assert hand.pile == 4


def test_s42_team_chain_collects_on_partner_wins() -> None:
    hand = run([0, 2, 1, 3], tricks=4, options={"chain": "team"})
    assert hand.collectors == (None, 2, None, 3)
    assert hand.team_tricks == (2, 2)


def test_team_chain_keeps_the_broken_run_in_the_pile() -> None:
    # doc A would forfeit trick 1; the sources (and chain="team") keep it for the collector.
    hand = run([0, 1, 3], tricks=3, options={"chain": "team"})
    assert hand.collectors == (None, None, 3)
    assert hand.team_tricks == (0, 3)


# S43 -- reset_after_collect changes the totals -------------------------------------------------

S43_WINNERS = [0, 0, 0, 1, 1, 2, 3, 2, 3, 2, 3, 2, 3]


def test_s43_reset_after_collect_default() -> None:
    hand = run(S43_WINNERS)
    # trick 2: seat 0 collects 1-2; trick 3 starts no pair, so seat 1 collects 3-5 at trick 5;
    # tricks 6-12 never pair up and the last trick sweeps 6-13 for team B.
    assert hand.collectors[:5] == (None, 0, None, None, 1)
    assert hand.team_tricks == (2, 11)


def test_s43_without_reset_the_collecting_trick_starts_a_pair() -> None:
    hand = run(S43_WINNERS, options={"reset_after_collect": False})
    assert hand.collectors[:5] == (None, 0, 0, None, 1)
    assert hand.team_tricks == (3, 10)


def test_without_reset_every_further_win_in_a_row_collects() -> None:
    hand = run([0, 0, 0, 0], tricks=4, options={"reset_after_collect": False})
    assert hand.collectors == (None, 0, 0, 0)
    reset = run([0, 0, 0, 0], tricks=4)
    assert reset.collectors == (None, 0, None, 0)


# S44 -- the last trick sweeps ---------------------------------------------------------------------


def test_s44_last_trick_sweeps_the_pile() -> None:
    hand = run([0, 1, 2, 3, 0, 1, 2, 0, 0, 2, 0, 1, 3], tricks=12)
    assert hand.team_tricks == (9, 0)
    assert hand.pile == 3  # tricks 10-12
    assert hand.collectors[9:] == (None, None, None)
    hand = run([0, 1, 2, 3, 0, 1, 2, 0, 0, 2, 0, 1, 3])
    assert hand.is_over
    assert hand.collectors[12] == 3  # seat 3 won only the last trick, after his partner
    assert hand.team_tricks == (9, 4)
    assert hand.pile == 0


# S45 / S46 -- blocked pick-ups --------------------------------------------------------------------


def test_s45_blocked_second_trick_then_tricks_2_and_3_collect_all_three() -> None:
    unblocked = run([0, 0, 0], tricks=3)
    assert unblocked.collectors == (None, 0, None)
    hand = run([0, 0, 0], tricks=3, options={"blocked_pickups": {2}})
    assert hand.collectors == (None, None, 0)
    assert hand.team_tricks == (3, 0)


def test_s46_beranga_not_before_trick_3_equals_blocked_2() -> None:
    # Be-ranga's "not before trick 3" pick-up timing is blocked_pickups={2}: a player who
    # wins tricks 2 and 3 picks up tricks 1-3.
    hand = run([1, 0, 0], tricks=3, options={"blocked_pickups": [2]})
    assert hand.collectors == (None, None, 0)
    assert hand.team_tricks == (3, 0)


BLOCK_12 = [0, 1, 2, 3, 0, 1, 2, 3, 0, 2, 1, 1, 0]


def test_blocked_twelfth_trick_leaves_the_sweep_to_trick_13() -> None:
    free = run(BLOCK_12)
    assert free.collectors[11:] == (1, 0)
    assert free.team_tricks == (1, 12)
    assert free.result().winner == 1
    hand = run(BLOCK_12, options={"blocked_pickups": {2, 12}})
    assert hand.collectors[11:] == (None, 0)
    assert hand.team_tricks == (13, 0)
    result = hand.result()
    assert (result.winner, result.kot, result.label, result.points) == (0, True, "kot", 2)


# Winner, kot, end of hand -------------------------------------------------------------------------


def test_hand_is_won_by_collected_tricks_not_won_tricks() -> None:
    # Team A wins 9 of 13 tricks but never twice in a row with the same player.
    winners = [0, 2, 0, 2, 1, 1, 0, 2, 0, 2, 0, 3, 3]
    hand = run(winners)
    assert sum(1 for w in hand.winners if w % 2 == 0) == 9
    assert hand.collectors[5] == 1 and hand.collectors[12] == 3
    assert hand.team_tricks == (0, 13)
    result = hand.result()
    assert (result.winner, result.kot, result.label, result.points) == (1, True, "hakem-kot", 3)


def test_first_seven_tricks_are_not_a_kot_here() -> None:
    # Team A wins the first seven tricks (the standard kot), but team B collects everything.
    winners = [0, 2, 0, 2, 0, 2, 0, 1, 3, 1, 3, 1, 3]
    hand = run(winners)
    assert hand.first_tricks_by(7) == 0
    assert hand.kot_team == 1
    assert hand.result().label == "hakem-kot"


def test_a_normal_win_is_one_point() -> None:
    hand = run([0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 1, 1, 2])
    assert hand.team_tricks == (7, 6)
    result = hand.result()
    assert (result.winner, result.kot, result.label, result.points) == (0, False, "win", 1)


def test_collecting_all_13_uses_the_standard_kot_values() -> None:
    winners = [0] * 13
    hand = run(winners)
    assert hand.team_tricks == (13, 0)
    assert hand.result().points == 2
    rules = hokm.Ruleset.compose("double-sar", options={"standard": {"kot_points": 5, "hakem_kot_points": 8}})
    custom = play_out(*scripted(rules, winners))
    assert (custom.result().label, custom.result().points) == ("kot", 5)
    against = play_out(*scripted(rules, [1] * 13))
    assert (against.result().winner, against.result().label, against.result().points) == (
        1, "hakem-kot", 8)


def test_all_thirteen_tricks_are_played() -> None:
    hand = run([0] * 13, tricks=12)
    assert hand.team_tricks == (12, 0)  # well past 7 collected, and still going
    assert not hand.is_over
    assert hand.to_act == 0
    assert run([0] * 13).tricks_played == 13


# Two players: the same player is the same seat ----------------------------------------------------


def test_with_two_player_same_seat_collects() -> None:
    hand = run([0, 1, 1, 0, 1, 0, 0], tricks=7, extra=("two-player",))
    assert hand.collectors == (None, None, 1, None, None, None, 0)
    assert hand.team_tricks == (4, 3)


def test_with_two_player_the_last_trick_sweeps_and_13_is_a_kot() -> None:
    hand = run([1, 0] * 6 + [1], extra=("two-player",))
    assert hand.collectors == (None,) * 12 + (1,)
    result = hand.result()
    assert hand.team_tricks == (0, 13)
    assert (result.winner, result.kot, result.label, result.points) == (1, True, "hakem-kot", 3)


# Options and conflicts ----------------------------------------------------------------------------


def test_option_defaults() -> None:
    plugin = DoubleSar()
    assert (plugin.chain, plugin.reset_after_collect, plugin.blocked_pickups) == (
        "player", True, frozenset())


@pytest.mark.parametrize("given_value", [[2, 12], (12, 2), range(2, 13, 10), {2, 12}, frozenset({2, 12})])
def test_blocked_pickups_accepts_any_iterable(given_value: Any) -> None:
    rules = hokm.Ruleset.compose("double-sar", options={"double-sar": {"blocked_pickups": given_value}})
    plugin = dict(rules.plugins)["double-sar"]
    assert isinstance(plugin, DoubleSar)
    assert plugin.blocked_pickups == frozenset({2, 12})


@pytest.mark.parametrize(("option", "value"), [
    ("chain", "doc-a"),
    ("chain", None),
    ("reset_after_collect", "yes"),
    ("reset_after_collect", 1),
    ("blocked_pickups", {13}),
    ("blocked_pickups", {0}),
    ("blocked_pickups", {True}),
    ("blocked_pickups", {2.0}),
    ("blocked_pickups", "2"),
    ("blocked_pickups", 2),
])
def test_bad_options_are_refused(option: str, value: object) -> None:
    with pytest.raises(hokm.InvalidOptionError) as error:
        hokm.Ruleset.compose("double-sar", options={"double-sar": {option: value}})
    assert "double-sar" in str(error.value)
    assert option in str(error.value)


def test_unknown_option_is_refused() -> None:
    with pytest.raises(hokm.InvalidOptionError, match=r"double-sar.*last_trick_sweep"):
        hokm.Ruleset.compose("double-sar", options={"double-sar": {"last_trick_sweep": False}})


def test_declared_conflicts() -> None:
    assert DoubleSar.info.conflict_names == {"bavney", "court-piece", "three-player"}
    assert all(DoubleSar.info.conflict_reason(name) for name in DoubleSar.info.conflict_names)


@pytest.mark.parametrize("other", ["bavney", "court-piece", "three-player"])
@pytest.mark.parametrize("order", [0, 1])
def test_conflicting_compositions_are_refused(other: str, order: int) -> None:
    names = ("double-sar", other) if order == 0 else (other, "double-sar")
    with pytest.raises(hokm.VariantConflictError, match="double-sar"):
        hokm.Ruleset.compose(*names)


# Properties (S52 and the collection rule itself) --------------------------------------------------

PARTNERS = [(), ("satat",), ("obligatory-trump",), ("clockwise",), ("two-player",),
            ("satat", "obligatory-trump", "clockwise")]

options_strategy = st.fixed_dictionaries({
    "chain": st.sampled_from(["player", "team"]),
    "reset_after_collect": st.booleans(),
    "blocked_pickups": st.frozensets(st.integers(1, 12), max_size=3),
})


def random_playout(rules: hokm.Ruleset, deck: Sequence[Card], hakem: int, rng: random.Random) -> HandState:
    hand = rules.deal(deck, hakem=hakem)
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_actions()))
    return hand


@settings(max_examples=60, deadline=None)
@given(partners=st.sampled_from(PARTNERS), opts=options_strategy, data=st.data(),
       rng=st.randoms(use_true_random=False))
def test_collection_rule_and_conservation(partners: tuple[str, ...], opts: dict[str, Any],
                                          data: st.DataObject, rng: random.Random) -> None:
    rules = hokm.Ruleset.compose("double-sar", *partners, options={"double-sar": opts})
    deck = data.draw(st.permutations(rules.deck))
    hakem = data.draw(st.integers(0, rules.players - 1))
    hand = random_playout(rules, deck, hakem, rng)

    # S52: all 13 tricks are played and every one ends up collected by some team.
    assert hand.tricks_played == 13
    assert sum(hand.team_tricks) == 13
    assert hand.pile == 0

    winners, collectors = hand.winners, hand.collectors
    assert collectors[-1] == winners[-1]  # the last trick sweeps
    for k in range(1, 12):  # trick k + 1 (1-based), never the last
        number = k + 1
        if opts["chain"] == "player":
            pair = winners[k - 1] == winners[k]
        else:
            pair = rules.team_of(winners[k - 1]) == rules.team_of(winners[k])
        allowed = (pair and number not in opts["blocked_pickups"]
                   and not (opts["reset_after_collect"] and collectors[k - 1] is not None))
        assert collectors[k] == (winners[k] if allowed else None), (number, winners, collectors)
    assert collectors[0] is None

    result = hand.result()
    assert hand.team_tricks[result.winner] >= 7
    assert result.kot == (hand.team_tricks[result.winner] == 13)
    assert result.tricks_played == 13
