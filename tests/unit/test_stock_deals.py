"""The core's two-player deal patterns (RULES 1.5.1 G8): discards, the last choice, undealt cards.

Driven by a test plugin that answers only the table and the deal, so the core is tested apart
from the ``two-player`` variant (whose modes use these patterns: tests/variants/test_two_player.py).
"""

from __future__ import annotations

import random
from typing import ClassVar

import attrs
import pytest

import hokm
from hokm import CallTrump, Card, Discard, DrawCard, Packets, Phase, Rank, StockDraw, Suit, TableLayout
from hokm.testing import InvariantViolation, MatchChecker, check_variant

FIFTY = tuple(card for card in hokm.full_deck()
              if card not in (Card(Rank.TWO, Suit.CLUBS), Card(Rank.TWO, Suit.DIAMONDS)))


@attrs.frozen(eq=False)
class TwoSeatDeal(hokm.Variant):
    """Test plugin: two seats, a given deal pattern, optionally a 50-card deck."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="two-seat-deal", summary="tests only")
    pattern: hokm.DealPattern
    fifty: bool = False

    @property
    def inactive_hooks(self) -> frozenset[str]:
        return frozenset() if self.fifty else frozenset({"hokm_deck"})

    @hokm.hookimpl
    def hokm_table_layout(self) -> TableLayout:
        return TableLayout.standard(2)

    @hokm.hookimpl
    def hokm_deck(self) -> tuple[Card, ...] | None:
        return FIFTY if self.fifty else None

    @hokm.hookimpl
    def hokm_deal_pattern(self) -> hokm.DealPattern:
        return self.pattern


def rules_for(pattern: hokm.DealPattern, *, fifty: bool = False) -> hokm.Ruleset:
    return hokm.Ruleset.compose(TwoSeatDeal(pattern, fifty))


def after_discards(rules: hokm.Ruleset) -> hokm.HandState:
    hand = rules.deal(rules.deck, hakem=0).apply(CallTrump(Suit.SPADES))
    while isinstance(hand.legal_actions()[0], Discard):
        hand = hand.apply(hand.legal_actions()[0])
    return hand


@pytest.mark.parametrize("seen", [False, True])
def test_only_the_last_choice_turn_shows_the_second_card_before_choosing(seen: bool) -> None:
    # Regression: with second_card_seen=True and last_choice=True the second card was shown
    # (offered_next) on every turn, so every turn became a free choice between two cards.
    rules = rules_for(StockDraw(5, 13, seen, discards=(2, 2), last_choice=True), fifty=True)
    hand = after_discards(rules)
    turns = 0
    while hand.phase is Phase.DRAW:
        turns += 1
        drawer = hand.to_act
        assert drawer is not None
        view = hand.observation(drawer)
        assert view.offered == hand.offered_card
        if turns < 20:
            assert view.offered_next is None, f"turn {turns} shows the second card before choosing"
        else:
            assert hand.stock_left == 2
            assert view.offered_next == rules.deck[-1]
        assert hand.observation(1 - drawer).offered_next is None
        hand = hand.apply(DrawCard(keep=True))
    assert turns == 20 and [len(cards) for cards in hand.hands] == [13, 13]


def test_second_card_seen_still_shows_the_discard_after_a_keep_with_a_last_choice() -> None:
    rules = rules_for(StockDraw(5, 13, True, discards=(2, 2), last_choice=True), fifty=True)
    hand = after_discards(rules)
    second = rules.deck[11]
    kept = hand.apply(DrawCard(keep=True))
    assert kept.observation(0).seen == frozenset({second})
    assert kept.observation(1).seen == frozenset()


def test_undealt_cards_are_the_rest_of_the_deck_after_the_packets() -> None:
    rules = rules_for(Packets((5, 4, 4), undealt=True))
    deck = list(reversed(rules.deck))
    hand = rules.deal(deck, hakem=1)
    assert hand.undealt == frozenset(deck[26:])
    assert hand.stock_left == 0 and [len(cards) for cards in hand.hands] == [13, 13]
    played = hand.playout()
    assert played.undealt == hand.undealt


def test_a_stock_is_not_undealt_and_full_deals_leave_nothing_undealt() -> None:
    draw = rules_for(StockDraw(5, 13, False))
    assert draw.deal(draw.deck).undealt == frozenset()
    assert hokm.Ruleset.compose().deal(hokm.full_deck()).undealt == frozenset()
    given = draw.new_hand([draw.deck[0:13], draw.deck[13:26]], hakem=0, trump=Suit.CLUBS)
    assert given.undealt == frozenset(draw.deck[26:])  # given to no seat: out of play


@pytest.mark.parametrize("pattern", [
    StockDraw(5, 13, False, discards=(3, 2)),
    StockDraw(5, 13, True, discards=(2, 2), last_choice=True),
    Packets((5, 4, 4), undealt=True),
], ids=["discards", "last-choice", "undealt"])
def test_the_testing_kit_accepts_discards_and_undealt_cards(pattern: hokm.DealPattern) -> None:
    # Regression: the kit counted only hands, plays and the stock, so a discard or an
    # undealt card was reported as a lost card, and a Discard as an action out of phase.
    plugin = TwoSeatDeal(pattern, isinstance(pattern, StockDraw) and pattern.last_choice)
    report = check_variant(plugin, partners=False, matches=1, seed=3)
    assert report.hands >= 1


@attrs.frozen(eq=False)
class CountsUndealtAces(hokm.Variant):
    """Broken on purpose: a hand scores 1 point more per Ace nobody was dealt (no seat can know)."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="counts-undealt-aces", summary="broken")

    @hokm.hookimpl
    def hokm_hand_score(self, hand: hokm.HandView) -> hokm.HandScore:
        out = set(hokm.full_deck()) - hand.hand_of(0) - hand.hand_of(1) - {card for _, card in hand.plays}
        tricks = hand.team_tricks
        winner = hokm.Team(0 if tricks[0] > tricks[1] else 1)
        return hokm.HandScore(winner, 1 + sum(card.rank is Rank.ACE for card in out))


def test_the_kit_swaps_undealt_cards_in_its_leak_check() -> None:
    rules = hokm.Ruleset.compose(TwoSeatDeal(Packets((5, 4, 4), undealt=True)), CountsUndealtAces())
    with pytest.raises(InvariantViolation, match="no-leak") as caught:
        for seed in range(20):
            checker = MatchChecker(rules.new_match(seed=seed), leak_swaps=8, determinism=False)
            rng = random.Random(seed)
            while not checker.match.is_over:
                checker.apply(rng.choice(checker.match.legal_actions()))
    assert "unseen: the stock or undealt" in str(caught.value)
