"""Standard Hokm (RULES.md 1.2) against the worked cases of SCENARIOS.md."""

from __future__ import annotations

from typing import ClassVar

import pytest
from tests.helpers import find_hand, one_suit_each

import hokm
from hokm import Card, Rank, Suit, cards


def t(text: str) -> list[tuple[int, Card]]:
    """'0: Q♠, 2♥, A♠, 3♥' -> [(0, Q♠), (1, 2♥), (2, A♠), (3, 3♥)]."""
    leader, _, rest = text.partition(":")
    return [((int(leader) + i) % 4, card) for i, card in enumerate(cards(rest))]


@pytest.fixture(scope="module")
def rules() -> hokm.Ruleset:
    return hokm.Ruleset.compose()


# 1. Trick resolution and legality -------------------------------------------------


@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        ("0: Q♠, 2♥, A♠, 3♥", Suit.HEARTS, 3),  # S01 highest trump wins
        ("0: 4♣, A♦, 2♣, 9♣", Suit.SPADES, 3),  # S02 off-suit card cannot win
        ("2: 5♦, 2♦, A♠, J♦", Suit.DIAMONDS, 1),  # S03 trump led
        ("0: 3♥, 9♣, K♣, 2♠", Suit.DIAMONDS, 0),  # S04 nobody follows or trumps
    ],
)
def test_trick_winner_scenarios(rules: hokm.Ruleset, trick: str, trump: Suit, winner: int) -> None:
    assert rules.trick_winner(t(trick), trump=trump) == winner


def test_s05_must_follow_suit(rules: hokm.Ruleset) -> None:
    legal = rules.legal_plays(cards("7♠ K♥ 3♣"), trick=t("0: A♠"), trump=Suit.HEARTS)
    assert legal == frozenset(cards("7♠"))


def test_s06_void_player_may_play_anything(rules: hokm.Ruleset) -> None:
    legal = rules.legal_plays(cards("K♥ 3♣"), trick=t("0: A♠"), trump=Suit.HEARTS)
    assert legal == frozenset(cards("K♥ 3♣"))


def test_s07_no_overtrump_obligation(rules: hokm.Ruleset) -> None:
    legal = rules.legal_plays(cards("3♥ A♥ 5♣"), trick=t("0: 4♠, Q♥"), trump=Suit.HEARTS)
    assert legal == frozenset(cards("3♥ A♥ 5♣"))


def test_s08_trump_may_be_led_on_trick_one(rules: hokm.Ruleset) -> None:
    hand = one_suit_each(rules, trump=Suit.SPADES)  # seat 0 holds the spades and leads
    assert Card.parse("A♠") in hand.legal_plays()
    assert hand.play(Card.parse("A♠")).current_trick.cards == (Card.parse("A♠"),)


# 2. Hakem selection, dealer, deal --------------------------------------------------


def test_s11_ace_on_the_very_first_card(rules: hokm.Ruleset) -> None:
    hakem = rules.first_hakem(cards("A♥ 2♠ 3♠ 4♠"), first_seat=2)
    assert hakem == 2
    assert rules.dealer_for(hakem) == 1


def test_first_hakem_counts_seats_in_play_order(rules: hokm.Ruleset) -> None:
    assert rules.first_hakem(cards("K♣ 7♦ 2♠ 9♥ 5♦ A♣"), first_seat=1) == 2  # 6th card -> seat 1+5


@pytest.mark.parametrize(
    ("packets", "expected"),
    [
        ((5, 4, 4), {0: [*range(5), *range(20, 24), *range(36, 40)],
                     3: [*range(15, 20), *range(32, 36), *range(48, 52)]}),
        ((5, 3, 3, 2), {0: [*range(5), *range(20, 23), *range(32, 35), 44, 45],
                        3: [*range(15, 20), *range(29, 32), *range(41, 44), 50, 51]}),
        ((5, 4, 2, 2), {0: [*range(5), *range(20, 24), 36, 37, 44, 45],
                        1: [*range(5, 10), *range(24, 28), 38, 39, 46, 47]}),
        ((5, 8), {0: [*range(5), *range(20, 28)], 2: [*range(10, 15), *range(36, 44)]}),
    ],
)
def test_s12_packet_patterns_map_a_fixed_deck(packets: tuple[int, ...],
                                              expected: dict[int, list[int]]) -> None:
    rules = hokm.Ruleset.compose(options={"standard": {"packets": packets}})
    deck = [Card.from_index((i * 7) % 52) for i in range(52)]  # any fixed order d0..d51
    hand = rules.deal(deck, hakem=0)
    assert hand.phase is hokm.Phase.TRUMP
    # The Hakem has seen exactly d0-d4 when he calls; nobody else has seen anything.
    assert hand.observation(0).hand == frozenset(deck[0:5])
    assert all(hand.observation(seat).hand == frozenset() for seat in (1, 2, 3))
    called = hand.apply(hokm.CallTrump(Suit.CLUBS))
    for seat, positions in expected.items():
        assert called.hand_of(seat) == frozenset(deck[p] for p in positions)


def test_deal_starts_with_the_hakem(rules: hokm.Ruleset) -> None:
    deck = list(hokm.full_deck())
    hand = rules.deal(deck, hakem=2).apply(hokm.CallTrump(Suit.HEARTS))
    assert hand.hand_of(2) >= frozenset(deck[0:5])
    assert hand.hand_of(3) >= frozenset(deck[5:10])
    assert hand.dealer == 1 and hand.to_act == 2


def test_packets_option_accepts_written_form() -> None:
    rules = hokm.Ruleset.compose(options={"standard": {"packets": "5-3-3-2"}})
    assert rules.plugins[0][1].packets == (5, 3, 3, 2)  # type: ignore[attr-defined]


def test_packets_that_do_not_deal_13_are_refused() -> None:
    # The user's option, named as such: not blamed on the standard plugin.
    with pytest.raises(hokm.InvalidOptionError, match="variant 'standard', option 'packets'"):
        hokm.Ruleset.compose(options={"standard": {"packets": (5, 4)}})


class _ThirtyTwoCards(hokm.Variant):
    """A 32-card pack (7s to Aces) on the standard table, with no deal of its own."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="thirty-two", summary="tests only")

    @hokm.hookimpl
    def hokm_deck(self) -> tuple[Card, ...]:
        return tuple(card for card in hokm.full_deck() if card.rank >= Rank.SEVEN)


def test_default_packets_on_a_variants_table_blame_the_variant_and_given_ones_the_option() -> None:
    with pytest.raises(hokm.PluginContractError, match=r"plugin 'thirty-two'.*hokm_deal_pattern too"):
        hokm.Ruleset.compose(_ThirtyTwoCards())
    with pytest.raises(hokm.InvalidOptionError, match="option 'packets': 5-4-4-4 deals 68 cards"):
        hokm.Ruleset.compose(_ThirtyTwoCards(), options={"standard": {"packets": (5, 4, 4, 4)}})
    assert hokm.Ruleset.compose(_ThirtyTwoCards(), options={"standard": {"packets": (5, 3)}}).hand_size == 8


# 3. End of hand, scoring, succession ----------------------------------------------------


def test_s13_hand_stops_at_seven_tricks(rules: hokm.Ruleset) -> None:
    hand = find_hand(rules, lambda h: h.team_tricks == (7, 3))
    assert hand.is_over and hand.tricks_played == 10
    result = hand.result()
    assert (result.winner, result.points, result.kot, result.label) == (0, 1, False, "win")
    assert result.next_hakem == 0  # same Hakem, so the same dealer (seat 3)
    assert rules.dealer_for(result.next_hakem) == 3


def test_s14_kot_by_the_hakems_team(rules: hokm.Ruleset) -> None:
    hand = one_suit_each(rules, trump=Suit.SPADES)  # seat 0 leads spades and wins everything
    while not hand.is_over:
        hand = hand.play(sorted(hand.legal_plays(), key=lambda c: c.sort_key)[0])
    assert hand.tricks_played == 7 and hand.team_tricks == (7, 0)
    result = hand.result()
    assert (result.winner, result.points, result.kot, result.label) == (0, 2, True, "kot")
    assert result.next_hakem == 0


@pytest.mark.parametrize(("hakem_kot_points", "expected"), [(3, 3), (2, 2)])
def test_s15_hakem_kot(hakem_kot_points: int, expected: int) -> None:
    rules = hokm.Ruleset.compose(options={"standard": {"hakem_kot_points": hakem_kot_points}})
    hand = one_suit_each(rules, trump=Suit.HEARTS)  # seat 1 ruffs trick 1, then leads hearts
    while not hand.is_over:
        hand = hand.play(sorted(hand.legal_plays(), key=lambda c: c.sort_key)[0])
    assert hand.tricks_played == 7 and hand.team_tricks == (0, 7)
    result = hand.result()
    assert (result.winner, result.points, result.kot, result.label) == (1, expected, True, "hakem-kot")
    assert result.next_hakem == 1 and rules.dealer_for(1) == 0


def test_kot_points_option() -> None:
    rules = hokm.Ruleset.compose(options={"standard": {"kot_points": 4}})
    hand = one_suit_each(rules, trump=Suit.SPADES)
    while not hand.is_over:
        hand = hand.play(sorted(hand.legal_plays(), key=lambda c: c.sort_key)[0])
    assert hand.result().points == 4


def test_s17_opponents_win_and_the_hakem_passes_on(rules: hokm.Ruleset) -> None:
    hand = find_hand(rules, lambda h: h.team_tricks == (5, 7))
    assert hand.tricks_played == 12
    result = hand.result()
    assert (result.winner, result.points) == (1, 1)
    assert result.next_hakem == 1 and rules.dealer_for(1) == 0


@pytest.mark.parametrize(("variants", "side"), [((), "right"), (("clockwise",), "left")])
def test_s19_same_succession_in_both_directions(variants: tuple[str, ...], side: str) -> None:
    rules = hokm.Ruleset.compose(*variants)
    hand = find_hand(rules, lambda h: h.team_tricks == (5, 7))
    assert hand.result().next_hakem == 1
    assert (rules.right_of(0) if side == "right" else rules.left_of(0)) == 1


def test_s21_pagat_stops_a_sweep_at_seven(rules: hokm.Ruleset) -> None:
    hand = one_suit_each(rules, trump=Suit.SPADES)
    while not hand.is_over:
        hand = hand.play(sorted(hand.legal_plays(), key=lambda c: c.sort_key)[0])
    assert hand.tricks_played == 7 and hand.result().points == 2


def test_play_all_plays_thirteen_tricks_and_still_scores_the_kot() -> None:
    rules = hokm.Ruleset.compose(options={"standard": {"play_all": True}})
    hand = one_suit_each(rules, trump=Suit.SPADES)
    while not hand.is_over:
        hand = hand.play(sorted(hand.legal_plays(), key=lambda c: c.sort_key)[0])
    assert hand.tricks_played == 13 and hand.team_tricks == (13, 0)
    assert (hand.result().points, hand.result().label) == (2, "kot")
    ordinary = find_hand(rules, lambda h: min(h.team_tricks) > 0, seed=3)
    assert ordinary.tricks_played == 13 and sum(ordinary.team_tricks) == 13


def test_s22_previous_seat_succession() -> None:
    rules = hokm.Ruleset.compose(options={"standard": {"succession": "previous"}})
    hand = find_hand(rules, lambda h: h.team_tricks[1] == 7)
    result = hand.result()
    assert result.next_hakem == 3 and rules.dealer_for(3) == 2


# 4. Match --------------------------------------------------------------------------


def _match_with_scores(rules: hokm.Ruleset) -> hokm.MatchState:
    from tests.helpers import random_match

    return random_match(rules, seed=11)


def test_match_ends_at_target_with_overshoot() -> None:
    match = _match_with_scores(hokm.Ruleset.compose())
    assert match.is_over and match.winner is not None
    assert match.scores[match.winner] >= 7
    loser = 1 - match.winner
    assert match.scores[loser] < 7
    # Every hand's points went to its winner.
    totals = [0, 0]
    for result in match.results:
        totals[result.winner] += result.points
    assert tuple(totals) == match.scores


def test_target_option() -> None:
    match = _match_with_scores(hokm.Ruleset.compose(options={"standard": {"target": 10}}))
    assert match.scores[match.winner or 0] >= 10
    assert max(match.scores[:match.winner or 0] + match.scores[(match.winner or 0) + 1:]) < 10


def test_two_sets_need_two_set_wins() -> None:
    rules = hokm.Ruleset.compose(options={"standard": {"sets": 2}})
    match = _match_with_scores(rules)
    sets = [0, 0]
    points = [0, 0]
    finished_at = None
    for number, result in enumerate(match.results, 1):
        points[result.winner] += result.points
        if points[result.winner] >= 7:
            sets[result.winner] += 1
            points = [0, 0]
            if sets[result.winner] == 2:
                finished_at = number
                break
    assert finished_at == len(match.results)
    assert match.winner == match.results[-1].winner


def test_first_hakem_options() -> None:
    fixed = hokm.Ruleset.compose(options={"standard": {"first_hakem": 3}})
    assert fixed.new_match(seed=1).hand.hakem == 3
    random_rules = hokm.Ruleset.compose(options={"standard": {"first_hakem": "random"}})
    hakems = {random_rules.new_match(seed=s).hand.hakem for s in range(40)}
    assert hakems == {0, 1, 2, 3}
    first_ace = hokm.Ruleset.compose()
    match = first_ace.new_match(seed=5)
    draw = match.first_hakem_draw
    position = next(i for i, c in enumerate(draw) if c.rank == Rank.ACE)
    assert match.hand.hakem == position % 4


def test_second_ace_partners_seats_the_partner_opposite() -> None:
    rules = hokm.Ruleset.compose(options={"standard": {"partners": "second-ace"}})
    for seed in range(30):
        match = rules.new_match(seed=seed)
        draw, hakem = match.first_hakem_draw, match.hand.hakem
        aces = [i for i, c in enumerate(draw) if c.rank == Rank.ACE]
        receiver: int = hakem
        for _ in draw[aces[0] + 1:aces[1] + 1]:  # deal on, skipping the Hakem
            receiver = (receiver + 1) % 4
            if receiver == hakem:
                receiver = (receiver + 1) % 4
        assert match.seating[(hakem + 2) % 4] == receiver
        assert sorted(match.seating) == [0, 1, 2, 3]


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"target": 0}, "target"), ({"kot_points": -1}, "kot_points"), ({"play_all": "yes"}, "play_all"),
        ({"succession": "left"}, "succession"), ({"first_hakem": "second-ace"}, "first_hakem"),
        ({"partners": "random"}, "partners"), ({"sets": 0}, "sets"), ({"packets": (5, 0)}, "packets"),
        ({"colour": 1}, "colour"),
    ],
)
def test_bad_standard_options_name_variant_and_option(options: dict[str, object], fragment: str) -> None:
    with pytest.raises(hokm.InvalidOptionError, match=fragment) as caught:
        hokm.Ruleset.compose(options={"standard": options})
    assert "'standard'" in str(caught.value)
