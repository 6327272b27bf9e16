"""Double Sar (RULES.md 1.3 and 1.5.4, digest §3.6; SCENARIOS S42-S46, S52, S69)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hokm
from hokm import Card, HandState, Rank, Suit, cards
from hokm_variants.double_sar import DoubleSar, pile_collectors

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


def ace_scripted(rules: hokm.Ruleset, winners: Sequence[int], aces: set[int], *,
                 hakem: int = 0) -> tuple[HandState, Plan]:
    """A 4-player hand (spades trump) in which trick ``i + 1`` is won by ``winners[i]``, with an
    Ace exactly when ``i + 1`` is in ``aces`` (one to four trick numbers of 1-12).

    Tricks 1-12 are four cards of one suit, the winner holding the highest; the groups headed
    by an Ace go to the tricks in ``aces``, the spade Ace's first. The Aces not needed are
    lost in trick 13 to the 2♠, which the winner of trick 13 holds (with one card each left,
    any card is legal there).
    """
    assert len(winners) == 13 and 1 <= len(aces) <= 4 and aces <= set(range(1, 13))
    suits = list(Suit)  # spades first
    needed, spare = suits[:len(aces)], suits[len(aces):]
    last = [Card(Rank.TWO, Suit.SPADES), *(Card(Rank.ACE, s) for s in spare),
            *(Card(Rank.TWO, s) for s in needed[1:])]
    ace_groups: list[list[Card]] = []
    plain: list[list[Card]] = []
    for suit in suits:
        left = [Card(rank, suit) for rank in sorted(Rank, reverse=True) if Card(rank, suit) not in last]
        for i in range(0, 12, 4):
            (ace_groups if left[i].rank == Rank.ACE else plain).append(left[i:i + 4])
    groups = [ace_groups.pop(0) if number in aces else plain.pop(0) for number in range(1, 13)]
    plan: Plan = []
    for group, winner in zip([*groups, last], winners, strict=True):
        others = iter(group[1:])
        plan.append([group[0] if seat == winner else next(others) for seat in range(4)])
    hands = [[plan[trick][seat] for trick in range(13)] for seat in range(4)]
    return rules.new_hand(hands, hakem=hakem, trump=Suit.SPADES), plan


def winning_cards(hand: HandState) -> tuple[Card, ...]:
    """The card that won each completed trick."""
    return tuple(dict(trick.plays)[trick.winner] for trick in hand.tricks)  # type: ignore[index]


def run_aces(winners: Sequence[int], aces: set[int], *, options: dict[str, Any] | None = None,
             tricks: int = 13) -> HandState:
    rules = hokm.Ruleset.compose("double-sar", options={"double-sar": options or {}})
    full = [*winners, *[0] * (13 - len(winners))]
    hand = play_out(*ace_scripted(rules, full, aces), tricks)
    assert hand.winners == tuple(full[:hand.tricks_played])  # the script did what it says
    won_with_ace = {n for n, card in enumerate(winning_cards(hand), start=1) if card.rank == Rank.ACE}
    assert won_with_ace == {n for n in aces if n <= hand.tricks_played}
    return hand


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


# S69 and the ace rule (RULES.md 1.5.4) ------------------------------------------------------------

S69_WINNERS = [1, 1, 0, 0, 3, 3, 2, 2, 1, 3, 3, 0, 0]  # tricks 1 and 2 won with an Ace (A♠, A♥)


@pytest.mark.parametrize(("ace_rule", "collectors", "totals", "winner"), [
    ("off", (None, 1, None, 0, None, 3, None, 2, None, None, 3, None, 0), (6, 7), 1),
    ("two-aces", (None, None, None, 0, None, 3, None, 2, None, None, 3, None, 0), (8, 5), 0),
    ("ace-cannot-collect", (None, None, None, 0, None, 3, None, 2, None, None, 3, None, 0), (8, 5), 0),
])
def test_s69_the_ace_rule_changes_who_wins_the_hand(ace_rule: str, collectors: tuple[int | None, ...],
                                                    totals: tuple[int, int], winner: int) -> None:
    hand = run_aces(S69_WINNERS, {1, 2}, options={"ace_rule": ace_rule})
    assert winning_cards(hand)[:2] == cards("A♠ A♥")  # the Ace of trumps is an Ace too
    assert hand.collectors == collectors
    assert hand.team_tricks == totals and hand.pile == 0
    result = hand.result()
    assert (result.winner, result.label, result.points, result.kot) == (winner, "win", 1, False)


def test_s69_after_trick_4_both_ace_rules_have_given_seat_0_tricks_1_to_4() -> None:
    for rule in ("two-aces", "ace-cannot-collect"):
        hand = run_aces(S69_WINNERS, {1, 2}, options={"ace_rule": rule}, tricks=4)
        assert (hand.team_tricks, hand.pile) == ((4, 0), 0), rule
    off = run_aces(S69_WINNERS, {1, 2}, tricks=4)
    assert (off.team_tricks, off.pile) == ((2, 2), 0)


@pytest.mark.parametrize(("ace_rule", "collectors"), [
    ("off", (None, 1, None)),
    ("two-aces", (None, None, None)),  # no pending win after the pair of Aces: trick 3 starts one
    ("ace-cannot-collect", (None, None, 1)),  # seat 1 keeps his pending win; trick 3 completes it
])
def test_a_blocked_pair_of_aces_leaves_a_pending_win_only_under_ace_cannot_collect(
        ace_rule: str, collectors: tuple[int | None, ...]) -> None:
    hand = run_aces([1, 1, 1, 2], {1, 2}, options={"ace_rule": ace_rule}, tricks=4)
    assert hand.collectors[:3] == collectors
    assert sum(hand.team_tricks) + hand.pile == 4


@pytest.mark.parametrize(("ace_rule", "collectors"), [
    ("off", (None, 1)), ("two-aces", (None, 1)), ("ace-cannot-collect", (None, None))])
def test_one_ace_blocks_only_under_ace_cannot_collect(ace_rule: str,
                                                      collectors: tuple[int | None, ...]) -> None:
    hand = run_aces([1, 1, 2], {2}, options={"ace_rule": ace_rule}, tricks=3)
    assert hand.collectors[:2] == collectors


def test_an_ace_won_trick_may_start_a_pair() -> None:
    hand = run_aces([1, 1, 2], {1}, options={"ace_rule": "ace-cannot-collect"}, tricks=3)
    assert hand.collectors == (None, 1, None)
    hand = run_aces([1, 1, 2], {1}, options={"ace_rule": "two-aces"}, tricks=3)
    assert hand.collectors == (None, 1, None)


def test_two_aces_without_reset_the_collecting_ace_pairs_with_the_next_ace() -> None:
    options = {"ace_rule": "two-aces", "reset_after_collect": False}
    hand = run_aces([1, 1, 1, 1], {2, 3}, options=options, tricks=4)
    # Trick 2 collects (trick 1 was no Ace) and stays pending with its Ace; trick 3 pairs two
    # Aces: nothing collected and no pending win, so trick 4 cannot collect either.
    assert hand.collectors == (None, 1, None, None)
    off = run_aces([1, 1, 1, 1], {2, 3}, options={"reset_after_collect": False}, tricks=4)
    assert off.collectors == (None, 1, 1, 1)


def test_two_aces_with_team_chain_counts_partners_aces() -> None:
    hand = run_aces([1, 3, 2], {1, 2}, options={"ace_rule": "two-aces", "chain": "team"}, tricks=3)
    assert hand.collectors == (None, None, None)
    team = run_aces([1, 3, 2], {1, 2}, options={"chain": "team"}, tricks=3)
    assert team.collectors == (None, 3, None)
    keeps = run_aces([1, 3, 1], {1, 2}, options={"ace_rule": "ace-cannot-collect", "chain": "team"},
                     tricks=3)
    assert keeps.collectors == (None, None, 1)


def test_a_pair_of_aces_on_a_blocked_trick_still_leaves_no_pending_win() -> None:
    # Trick 2 is blocked twice over, by blocked_pickups and by (d): (d) removes the pending win.
    options = {"ace_rule": "two-aces", "blocked_pickups": {2}}
    assert run_aces([1, 1, 1], {1, 2}, options=options, tricks=3).collectors == (None, None, None)
    blocked_only = run_aces([1, 1, 1], {1, 2}, options={"blocked_pickups": {2}}, tricks=3)
    assert blocked_only.collectors == (None, None, 1)


@pytest.mark.parametrize("ace_rule", ["two-aces", "ace-cannot-collect"])
def test_the_satat_two_of_hearts_is_not_an_ace(ace_rule: str) -> None:
    rules = hokm.Ruleset.compose("satat", "double-sar", options={"double-sar": {"ace_rule": ace_rule}})
    hand = rules.new_hand([cards("K♠ Q♠ A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣"),
                           cards("A♠ 2♥ A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥"),
                           cards("J♠ 10♠ A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦"),
                           cards("9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠ 3♥ 3♣ 3♦ 2♣ 2♦")],
                          hakem=0, trump=Suit.SPADES)
    for card in cards("K♠ A♠ J♠ 9♠ 2♥ 10♠ 8♠ Q♠"):  # seat 1 wins with A♠, then with the 2♥
        hand = hand.play(card)
    assert hand.winners == (1, 1) and winning_cards(hand) == cards("A♠ 2♥")
    assert hand.collectors == (None, 1)
    for card in cards("A♥ 4♦ 3♥ 4♣"):  # and a third time, with A♥: now an Ace cannot collect
        hand = hand.play(card)
    assert hand.winners[2] == 1 and hand.collectors[2] is None


@pytest.mark.parametrize("ace_rule", ["off", "two-aces", "ace-cannot-collect"])
def test_pile_collectors_never_blocks_the_last_trick(ace_rule: str) -> None:
    collectors = pile_collectors([0] * 13, [True] * 13, same=lambda a, b: a == b, ace_rule=ace_rule)
    assert collectors[-1] == 0
    assert collectors[:2] == ((None, 0) if ace_rule == "off" else (None, None))


# Options and conflicts ----------------------------------------------------------------------------


def test_option_defaults() -> None:
    plugin = DoubleSar()
    assert (plugin.chain, plugin.reset_after_collect, plugin.blocked_pickups, plugin.ace_rule) == (
        "player", True, frozenset(), "off")


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
    ("ace_rule", "on"),
    ("ace_rule", "two_aces"),
    ("ace_rule", None),
    ("ace_rule", True),
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
    assert DoubleSar.info.conflict_names == {"bavney", "three-player"}
    assert all(DoubleSar.info.conflict_reason(name) for name in DoubleSar.info.conflict_names)


@pytest.mark.parametrize("other", ["bavney", "three-player"])
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


def reference_collectors(winners: Sequence[int], aces: Sequence[bool], opts: dict[str, Any],
                         team_of: Any) -> list[int | None]:
    """RULES.md 1.5.4 written out again, independently of the plugin: who collects after each trick."""
    pending: int | None = None  # index of the trick that is the pending win
    out: list[int | None] = []
    for i, seat in enumerate(winners):
        if i == len(winners) - 1:
            out.append(seat)
            continue
        if pending is None:
            pair = False
        elif opts["chain"] == "player":
            pair = winners[pending] == seat
        else:
            pair = team_of(winners[pending]) == team_of(seat)
        rule = opts["ace_rule"]
        d = pair and rule == "two-aces" and aces[i] and aces[pending]  # type: ignore[index]
        e = pair and rule == "ace-cannot-collect" and aces[i]
        if pair and (i + 1) not in opts["blocked_pickups"] and not d and not e:
            out.append(seat)
            pending = None if opts["reset_after_collect"] else i
        else:
            out.append(None)
            pending = None if d else i
    return out


@settings(max_examples=80, deadline=None)
@given(partners=st.sampled_from(PARTNERS), opts=options_strategy,
       ace_rule=st.sampled_from(["two-aces", "ace-cannot-collect"]), data=st.data(),
       rng=st.randoms(use_true_random=False))
def test_ace_rules_follow_the_procedure_and_change_only_ace_won_pairs(
        partners: tuple[str, ...], opts: dict[str, Any], ace_rule: str, data: st.DataObject,
        rng: random.Random) -> None:
    opts = {**opts, "ace_rule": ace_rule}
    rules = hokm.Ruleset.compose("double-sar", *partners, options={"double-sar": opts})
    deck = data.draw(st.permutations(rules.deck))
    hakem = data.draw(st.integers(0, rules.players - 1))
    hand = rules.deal(deck, hakem=hakem)
    actions = []
    while not hand.is_over:
        action = rng.choice(hand.legal_actions())
        actions.append(action)
        hand = hand.apply(action)
        # Every completed trick is either collected by a team or lies in the centre.
        assert sum(hand.team_tricks) + hand.pile == hand.tricks_played
    assert hand.tricks_played == 13 and hand.pile == 0

    aces = [card.rank == Rank.ACE for card in winning_cards(hand)]
    assert list(hand.collectors) == reference_collectors(hand.winners, aces, opts, rules.team_of)
    for number in range(2, 13):  # what each rule forbids, read straight off the hand
        if hand.collectors[number - 1] is not None:
            assert not aces[number - 1] or (ace_rule == "two-aces" and not aces[number - 2])

    # The same play without the ace rule: it differs only if a trick before the last was won
    # with an Ace (a Double Sar collection never changes which cards are legal).
    off_rules = hokm.Ruleset.compose("double-sar", *partners,
                                     options={"double-sar": {**opts, "ace_rule": "off"}})
    off = off_rules.deal(deck, hakem=hakem)
    for action in actions:
        off = off.apply(action)
    assert off.winners == hand.winners
    if not any(aces[:12]):
        assert off.collectors == hand.collectors
