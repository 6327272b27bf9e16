"""The core's two-player deal patterns (RULES 1.5.1 G8): discards and the last choice.

Driven by a test plugin that answers only the table and the deal, so the core is tested apart
from the ``two-player`` variant (whose modes use these patterns: tests/variants/test_two_player.py).
"""

from __future__ import annotations

from typing import ClassVar

import attrs
import pytest

import hokm
from hokm import CallTrump, Card, Discard, DrawCard, Phase, Rank, StockDraw, Suit, TableLayout

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
