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
from hokm.testing import check_variant
from hokm_variants.double_sar import DoubleSar, pile_collectors
from hokm_variants.hidden_trump import AskTrump, RevealTrump, SetIndicator

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


# S46 through real be-ranga play (RULES 1.5.4 rule 4 (b), 1.5.7 first_pickup) ----------------------

# Trick 1 is S46's: K♣, 4♣, 7♦ (seat 2, void in clubs: diamonds are trump), 9♣.
S46 = [cards("K♣ A♣ Q♣ J♣ A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠"),
       cards("4♣ 10♣ 8♣ 7♣ 5♠ 4♠ 3♠ 2♠ A♥ K♥ Q♥ J♥ 10♥"),
       cards("7♦ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥ A♦ K♦ Q♦ J♦"),
       cards("9♣ 6♣ 5♣ 3♣ 2♣ 10♦ 9♦ 8♦ 6♦ 5♦ 4♦ 3♦ 2♦")]
S46_TRICK_1 = "K♣ 4♣ 7♦ 9♣"
# Then the trick-1 winner wins tricks 2 and 3: seat 2 (the 7♦ is a trump) leads A♦ and K♦, or
# seat 0 (it is not: trumps count from trick 2) leads A♣ and Q♣, seat 2 discarding hearts.
S46_SAME_WINNER = {True: "A♦ 2♦ 6♠ 10♥  K♦ 3♦ 7♠ J♥", False: "A♣ 10♣ 9♥ 6♣  Q♣ 8♣ 8♥ 5♣"}


def be_ranga(first_pickup: str, fixing: bool = True, *, double_sar: dict[str, Any] | None = None,
             ) -> hokm.Ruleset:
    return hokm.Ruleset.compose("be-ranga", "double-sar", options={
        "be-ranga": {"first_pickup": first_pickup, "fixing_card_is_trump": fixing},
        "double-sar": double_sar or {}})


def played(hand: HandState, line: str) -> HandState:
    for card in cards(line):
        hand = hand.play(card)
    return hand


@pytest.mark.parametrize(("fixing", "winner"), [(True, 2), (False, 0)])
def test_s46_after_fixing_trick_the_fixing_trick_and_the_next_collect(fixing: bool, winner: int) -> None:
    hand = played(be_ranga("after-fixing-trick", fixing).new_hand(S46, hakem=0), S46_TRICK_1)
    assert hand.trump is Suit.DIAMONDS and hand.winners == (winner,)
    assert hand.collectors == (None,)  # nothing is ever collected at trick 1
    hand = played(hand, S46_SAME_WINNER[fixing])
    assert hand.winners == (winner,) * 3
    # The trick-1 winner also wins trick 2: he collects tricks 1-2; trick 3 starts a new pair.
    assert hand.collectors == (None, winner, None)
    assert hand.team_tricks[winner % 2] == 2 and hand.pile == 1


@pytest.mark.parametrize(("fixing", "winner"), [(True, 2), (False, 0)])
def test_s46_trick_3_the_winner_of_tricks_1_and_2_may_not_collect(fixing: bool, winner: int) -> None:
    hand = played(be_ranga("trick-3", fixing).new_hand(S46, hakem=0),
                  f"{S46_TRICK_1} {S46_SAME_WINNER[fixing]}")
    assert hand.winners == (winner,) * 3
    # Blocked at trick 2, but the pending win stays his: tricks 2 and 3 pick up tricks 1-3.
    assert hand.collectors == (None, None, winner)
    assert hand.team_tricks[winner % 2] == 3 and hand.pile == 0


def test_s46_trick_3_is_the_default_first_pickup() -> None:
    rules = hokm.Ruleset.compose("be-ranga", "double-sar")
    hand = played(rules.new_hand(S46, hakem=0), f"{S46_TRICK_1} {S46_SAME_WINNER[True]}")
    assert hand.collectors == (None, None, 2)


@pytest.mark.parametrize("first_pickup", ["trick-3", "after-fixing-trick"])
def test_s46_a_player_who_wins_tricks_2_and_3_picks_up_tricks_1_to_3(first_pickup: str) -> None:
    # Seat 0 wins trick 1 with the K♣ (no trump in it); seat 2 ruffs the 6♠ with the A♦ and
    # wins trick 3 with the K♦. Both readings let the pair (2, 3) collect all three tricks.
    hand = played(be_ranga(first_pickup, fixing=False).new_hand(S46, hakem=0),
                  f"{S46_TRICK_1} 6♠ 5♠ A♦ 2♦ K♦ 3♦ 7♠ 10♥")
    assert hand.winners == (0, 2, 2) and hand.collectors == (None, None, 2)
    assert hand.team_tricks == (3, 0)


# Nobody is void in the first seven tricks (seat 0 leads A♠ K♠ A♥ K♥ A♦ K♦ A♣ and wins them all).
NO_VOID = [cards("A♠ K♠ A♥ K♥ A♦ K♦ A♣ Q♠ Q♥ Q♦ K♣ Q♣ J♣"),
           cards("J♠ 10♠ 9♠ J♥ 10♥ 9♥ J♦ 10♦ 9♦ 10♣ 9♣ 8♣ 8♠"),
           cards("7♠ 6♠ 5♠ 8♥ 7♥ 6♥ 8♦ 7♦ 6♦ 7♣ 6♣ 5♣ 5♥"),
           cards("4♠ 3♠ 2♠ 4♥ 3♥ 2♥ 5♦ 4♦ 3♦ 2♦ 4♣ 3♣ 2♣")]
NO_VOID_TRICKS = ("A♠ J♠ 7♠ 4♠  K♠ 10♠ 6♠ 3♠  A♥ J♥ 8♥ 4♥  K♥ 10♥ 7♥ 3♥  A♦ J♦ 8♦ 5♦  K♦ 10♦ 7♦ 4♦"
                  "  A♣ 10♣ 7♣ 4♣")
# Then seat 0 wins tricks 8 and 9 with K♣ and Q♣, and trick 10 with the J♣: seat 1, void in
# clubs, fixes diamonds there with the 9♦ (not a trump in its own trick: fixing_card_is_trump=False).
# Seat 0 also wins trick 11 with the Q♠.
LATE_FIX = "K♣ 8♣ 5♣ 2♣  Q♣ 9♣ 6♣ 3♣  J♣ 9♦ 5♠ 3♦  Q♠ 9♠ 6♥ 2♠"


def test_after_fixing_trick_nothing_is_collected_while_there_is_no_trump() -> None:
    late = be_ranga("after-fixing-trick").new_hand(NO_VOID, hakem=0)
    early = be_ranga("trick-3").new_hand(NO_VOID, hakem=0)
    late, early = played(late, NO_VOID_TRICKS), played(early, NO_VOID_TRICKS)
    assert late.winners == early.winners == (0,) * 7 and late.trump is early.trump is None
    assert early.collectors == (None, None, 0, None, 0, None, 0)
    assert late.collectors == (None,) * 7 and late.pile == 7


def test_after_fixing_trick_a_pair_ending_at_the_fixing_trick_waits_for_the_next() -> None:
    hand = played(be_ranga("after-fixing-trick", fixing=False).new_hand(NO_VOID, hakem=0),
                  f"{NO_VOID_TRICKS} {LATE_FIX}")
    assert hand.winners == (0,) * 11 and hand.trump is Suit.DIAMONDS
    assert hand.trump_from == 40  # trumps count from trick 11; trump was fixed in trick 10
    # Pairs (8, 9) and (9, 10) are at or before the fixing trick; (10, 11) collects all eleven.
    assert hand.collectors == (None,) * 10 + (0,)
    assert hand.team_tricks == (11, 0)
    # The same play under "trick-3": seat 0 collects on every second trick from trick 3.
    same = played(be_ranga("trick-3", fixing=False).new_hand(NO_VOID, hakem=0),
                  f"{NO_VOID_TRICKS} {LATE_FIX}")
    assert same.collectors == (None, None, 0, None, 0, None, 0, None, 0, None, 0)


def test_after_fixing_trick_with_no_trump_until_the_last_trick_only_the_sweep_collects() -> None:
    # From trick 8 seat 0 leads Q♠ Q♦ Q♥ K♣ Q♣ and everybody follows; trick 13 is the first void.
    hand = played(be_ranga("after-fixing-trick").new_hand(NO_VOID, hakem=0),
                  f"{NO_VOID_TRICKS}  Q♠ 8♠ 5♠ 2♠  Q♦ 9♦ 6♦ 2♦  Q♥ 9♥ 5♥ 2♥  K♣ 8♣ 5♣ 2♣"
                  "  Q♣ 9♣ 6♣ 3♣")
    assert hand.trump is None and hand.tricks_played == 12
    hand = played(hand, "J♣ 9♠ 6♥ 3♦")
    assert hand.trump is Suit.SPADES and hand.winners == (0,) * 12 + (1,)
    assert hand.collectors == (None,) * 12 + (1,)  # seat 1's 9♠ trumps and sweeps all 13
    assert hand.team_tricks == (0, 13) and hand.result().label == "hakem-kot"


# RULES 1.5.2 rule 10 ("Hidden Rung"), through real hidden-trump play ------------------------------

# Seat 0, the caller, sets the 3♠ face down. He wins tricks 1 and 2 with the A♥ and K♥ before
# anyone asks; in trick 3 seat 1, void in clubs, asks and ruffs the A♣ with the 4♠; he then
# wins trick 4 with the A♠.
HIDDEN_RUNG = [cards("3♠ A♥ K♥ A♣ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦"),
               cards("2♥ 3♥ 4♠ A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠"),
               cards("4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ 2♣ 3♣ 4♣ 5♣"),
               cards("2♠ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ J♦ Q♦ K♦ A♦")]


def hidden_rung(*, double_sar: dict[str, Any] | None = None, **options: str) -> hokm.Ruleset:
    return hokm.Ruleset.compose("hidden-trump", "double-sar", options={
        "hidden-trump": options, "double-sar": double_sar or {}})


def test_hidden_rung_pairs_before_the_reveal_do_not_collect() -> None:
    # Pagat's example: "to claim the tricks ... a player needs to win two consecutive tricks
    # after the trump suit has been revealed".
    hand = hidden_rung().new_hand(HIDDEN_RUNG, hakem=0).apply(SetIndicator(Card.parse("3♠")))
    hand = played(hand, "A♥ 2♥ 4♥ 6♣  K♥ 3♥ 5♥ 7♣")
    assert hand.trump is None and hand.winners == (0, 0)
    assert hand.collectors == (None, None) and hand.pile == 2  # plain Double Sar: (None, 0)
    hand = played(hand, "A♣").apply(AskTrump())
    assert hand.trump is Suit.SPADES and hand.trump_from == 9
    hand = played(hand, "4♠ 2♣ 8♣")
    assert hand.winners == (0, 0, 1) and hand.collectors == (None, None, None)
    hand = played(hand, "A♠ 6♥ 2♠ 3♠")
    # Seat 1's 4♠ (trick 3) was played after the reveal: the pair (3, 4) collects tricks 1-4.
    assert hand.winners == (0, 0, 1, 1) and hand.collectors == (None, None, None, 1)
    assert hand.team_tricks == (0, 4) and hand.pile == 0


# Seat 0 sets the 2♠ and leads the A♠ (the hidden trump suit, not a reveal); seat 2, void in
# spades, asks in that trick. Seat 0 then wins tricks 2 and 3 with the K♠ and Q♠.
REVEAL_INSIDE = [cards("2♠ A♠ K♠ Q♠ A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥"),
                 cards("3♠ 5♠ 7♠ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦"),
                 cards("2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣"),
                 cards("4♠ 6♠ 8♠ 9♠ 10♠ J♠ 5♥ 4♥ 3♥ 2♥ Q♦ K♦ A♦")]


@pytest.mark.parametrize("reveal", ["on-request", "automatic"])
def test_hidden_rung_the_first_winning_card_must_follow_the_reveal(reveal: str) -> None:
    hand = hidden_rung(reveal=reveal).new_hand(REVEAL_INSIDE, hakem=0).apply(SetIndicator(Card.parse("2♠")))
    hand = played(hand, "A♠ 3♠")
    if reveal == "on-request":
        hand = hand.apply(AskTrump())
    assert hand.trump is Suit.SPADES and hand.trump_from == 2  # revealed before seat 2's card
    hand = played(hand, "2♣ 4♠  K♠ 5♠ 3♣ 6♠")
    # The A♠ that won trick 1 was led before the reveal: the pair (1, 2) does not collect...
    assert hand.winners == (0, 0) and hand.collectors == (None, None)
    hand = played(hand, "Q♠ 7♠ 4♣ 8♠")
    # ...but the K♠ that won trick 2 came after it: the pair (2, 3) collects all three.
    assert hand.winners == (0, 0, 0) and hand.collectors == (None, None, 0)
    assert hand.team_tricks == (3, 0)


def test_hidden_rung_with_the_trump_never_revealed_only_the_last_trick_collects() -> None:
    hand = hidden_rung().new_hand(REVEAL_INSIDE, hakem=0).apply(SetIndicator(Card.parse("2♠")))
    while not hand.is_over:  # cards only: nobody asks
        hand = hand.play(min(hand.legal_plays(), key=lambda card: card.sort_key))
    # Only in trick 13 is the 2♠, the caller's last card, revealed (by force) and played.
    assert hand.trump is Suit.SPADES and hand.trump_from == 48
    assert hand.winners[:3] == (0, 0, 0)  # there were pairs to block
    assert hand.collectors == (None,) * 12 + (hand.winners[12],)
    assert sum(hand.team_tricks) == 13 and max(hand.team_tricks) == 13


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


# Properties: the blocks other variants bring (RULES 1.5.4 rule 4 (b), (c)) ------------------------


def reference_with_blocks(winners: Sequence[int], won_with: Sequence[Card], won_at: Sequence[int],
                          opts: dict[str, Any], team_of: Any, *, first_pickup: str | None = None,
                          fixing_trick: int | None = None, hidden: bool = False,
                          reveal_at: int | None = None) -> list[int | None]:
    """RULES 1.5.4's collection procedure written out again, blocks (a)-(e) all included.

    Trick ``t + 1`` was won by ``winners[t]`` with ``won_with[t]``, played as card ``won_at[t]``
    of the hand. ``first_pickup`` is be-ranga's (None: not composed), ``fixing_trick`` the trick
    in which its trump was fixed (None: never); with ``hidden`` (hidden-trump composed)
    ``reveal_at`` is the play before which the trump was revealed (None: never).
    """
    pending: tuple[int, bool, int] | None = None  # seat, won with an Ace, where that card was played
    out: list[int | None] = []
    for t, (seat, card, at) in enumerate(zip(winners, won_with, won_at, strict=True), start=1):
        ace = card.rank == Rank.ACE
        if t == 13:
            out.append(seat)
            continue
        pair = pending is not None and (
            pending[0] == seat if opts["chain"] == "player" else team_of(pending[0]) == team_of(seat))
        two_aces = False
        if pending is not None and pair:
            a = t in opts["blocked_pickups"]
            b = (first_pickup == "trick-3" and t == 2) or (
                first_pickup == "after-fixing-trick" and (fixing_trick is None or t <= fixing_trick))
            c = hidden and (reveal_at is None or pending[2] < reveal_at)
            two_aces = opts["ace_rule"] == "two-aces" and ace and pending[1]
            e = opts["ace_rule"] == "ace-cannot-collect" and ace
            if not (a or b or c or two_aces or e):
                out.append(seat)
                pending = None if opts["reset_after_collect"] else (seat, ace, at)
                continue
        out.append(None)
        pending = None if two_aces else (seat, ace, at)
    return out


BLOCKING_PARTNERS = [(), ("court-piece",), ("obligatory-trump",), ("clockwise", "obligatory-trump")]
all_options = st.fixed_dictionaries({
    "chain": st.sampled_from(["player", "team"]),
    "reset_after_collect": st.booleans(),
    "blocked_pickups": st.frozensets(st.integers(2, 12), max_size=2),
    "ace_rule": st.sampled_from(["off", "off", "two-aces", "ace-cannot-collect"]),
})
blocking: st.SearchStrategy[tuple[str | None, dict[str, Any]]] = st.one_of(
    st.tuples(st.just("be-ranga"), st.fixed_dictionaries({
        "first_pickup": st.sampled_from(["trick-3", "after-fixing-trick"]),
        "fixing_card_is_trump": st.booleans()})),
    st.tuples(st.just("hidden-trump"), st.fixed_dictionaries({
        "reveal": st.sampled_from(["on-request", "automatic"]),
        "indicator": st.sampled_from(["chosen", "blind"])})),
    st.tuples(st.just(None), st.just({})))


@settings(max_examples=120, deadline=None)
@given(opts=all_options, blocker=blocking, partners=st.sampled_from(BLOCKING_PARTNERS),
       deck=st.permutations(hokm.full_deck()), hakem=st.integers(0, 3),
       rng=st.randoms(use_true_random=False))
def test_random_play_follows_the_whole_procedure_with_the_blocks_of_other_variants(
        opts: dict[str, Any], blocker: tuple[str | None, dict[str, Any]], partners: tuple[str, ...],
        deck: list[Card], hakem: int, rng: random.Random) -> None:
    name, blocker_options = blocker
    names = (*partners, *([name] if name else []), "double-sar")
    rules = hokm.Ruleset.compose(*names, options={
        "double-sar": opts, **({name: blocker_options} if name else {})})
    hand = rules.deal(deck, hakem=hakem)
    indicator: Card | None = None  # hidden-trump's (a blind one is laid before the first action)
    while True:
        if indicator is None and hand.set_aside[hakem]:
            (indicator,) = hand.set_aside[hakem]
        if hand.is_over:
            break
        hand = hand.apply(rng.choice(hand.legal_actions()))
        assert sum(hand.team_tricks) + hand.pile == hand.tricks_played
    assert hand.tricks_played == 13 and hand.pile == 0 and sum(hand.team_tricks) == 13

    plays = hand.plays
    tricks = [plays[start:start + 4] for start in range(0, 52, 4)]
    won_at = [start * 4 + next(i for i, (seat, _) in enumerate(trick) if seat == winner)
              for start, (trick, winner) in enumerate(zip(tricks, hand.winners, strict=True))]
    won_with = [plays[at][1] for at in won_at]
    # Be-ranga's fixing trick: the first trick holding a card off the suit led.
    fixing_trick = next((number for number, trick in enumerate(tricks, start=1)
                         if any(card.suit is not trick[0][1].suit for _, card in trick)), None)
    # Hidden trump's reveal: the first ask or reveal, the first void seat's turn under
    # reveal="automatic", or the caller playing the indicator itself (the forced reveal).
    reveal_at: int | None = None
    if name == "hidden-trump":
        moments = [at for (_, action), at in zip(hand.decisions, hand.decisions_at, strict=True)
                   if isinstance(action, AskTrump | RevealTrump)]
        if blocker_options["reveal"] == "automatic":
            moments += [start * 4 + i for start, trick in enumerate(tricks)
                        for i, (_, card) in enumerate(trick) if card.suit is not trick[0][1].suit][:1]
        assert indicator is not None
        moments += [at for at, (_, card) in enumerate(plays) if card == indicator]
        reveal_at = min(moments, default=None)
        assert reveal_at == (hand.trump_from if hand.trump is not None else None)
    expected = reference_with_blocks(
        hand.winners, won_with, won_at, opts, rules.team_of,
        first_pickup=blocker_options.get("first_pickup") if name == "be-ranga" else None,
        fixing_trick=fixing_trick, hidden=name == "hidden-trump", reveal_at=reveal_at)
    assert list(hand.collectors) == expected, (hand.winners, won_with)
    result = hand.result()
    assert result.kot == (max(hand.team_tricks) == 13)


@settings(max_examples=300, deadline=None)
@given(winners=st.lists(st.integers(0, 3), min_size=13, max_size=13),
       aces=st.lists(st.booleans(), min_size=13, max_size=13), opts=all_options,
       first_pickup=st.sampled_from([None, "trick-3", "after-fixing-trick"]),
       fixing_trick=st.one_of(st.none(), st.integers(1, 13)),
       reveal_at=st.one_of(st.none(), st.integers(0, 51)), offsets=st.lists(
           st.integers(0, 3), min_size=13, max_size=13), hidden=st.booleans())
def test_pile_collectors_is_the_reference_procedure(
        winners: list[int], aces: list[bool], opts: dict[str, Any], first_pickup: str | None,
        fixing_trick: int | None, reveal_at: int | None, offsets: list[int], hidden: bool) -> None:
    won_at = [4 * t + offset for t, offset in enumerate(offsets)]
    won_with = [Card(Rank.ACE if ace else Rank.TEN, Suit.SPADES) for ace in aces]
    team_of = hokm.Ruleset.compose().team_of
    expected = reference_with_blocks(winners, won_with, won_at, opts, team_of, first_pickup=first_pickup,
                                     fixing_trick=fixing_trick, hidden=hidden, reveal_at=reveal_at)
    if first_pickup == "trick-3":
        first = 3
    elif first_pickup == "after-fixing-trick":
        first = 13 if fixing_trick is None else fixing_trick + 1
    else:
        first = 2
    after_reveal = [reveal_at is not None and at >= reveal_at for at in won_at] if hidden else None
    by_seat = opts["chain"] == "player"
    got = pile_collectors(winners, aces, same=lambda a, b: a == b if by_seat else team_of(a) == team_of(b),
                          reset_after_collect=opts["reset_after_collect"],
                          blocked_pickups=opts["blocked_pickups"], ace_rule=opts["ace_rule"],
                          first_collection=first, after_reveal=after_reveal)
    assert list(got) == expected


@pytest.mark.parametrize("options", [{}, {"chain": "team", "ace_rule": "two-aces"},
                                     {"blocked_pickups": {2, 12}, "ace_rule": "ace-cannot-collect"}])
def test_check_variant_alone_and_with_every_compatible_partner(options: dict[str, Any]) -> None:
    report = check_variant("double-sar", options=options, matches=1, seed=f"double-sar:{options}")
    assert set(report.skipped) == {"bavney", "three-player", "troefcall"}
    assert any("be-ranga" in ruleset for ruleset in report.rulesets)
    assert any("hidden-trump" in ruleset for ruleset in report.rulesets)
    assert report.hands > len(report.rulesets)
