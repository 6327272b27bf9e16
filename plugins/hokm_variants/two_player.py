"""Two-player Hokm: five cards each, trump, then a keep/reject draw from the stock to 13 each.

After the Hakem calls trump from his first five cards, the players take turns,
Hakem first: the drawer looks at the top stock card and either keeps it (the
next card is discarded unseen by the opponent) or discards it and must take
the next one. Every turn uses two stock cards; after 16 turns both hold 13 and
10 cards stay unused. Play and scoring are the 4-player game's, each player a
team of one; the hand's winner is the next Hakem.

Source: pagat's two-player Hokm (pagat.com/whist/hokm.html), the keep-or-reject
draw as NuraChain's Arcade and other open-source engines describe it.

>>> import hokm
>>> rules = hokm.Ruleset.compose("two-player")
>>> hand = rules.deal(rules.deck, hakem=0)        # the canonical order, top card first
>>> hand = hand.apply(hokm.CallTrump(hokm.Suit.SPADES))
>>> hand.phase, hand.to_act, hand.stock_left
(Phase.DRAW, 0, 42)
>>> after = hand.apply(hokm.DrawCard(keep=False))   # rejects the top card, takes the next
>>> sorted(map(str, after.hand_of(0) - hand.hand_of(0))), after.to_act, after.stock_left
(['K♠'], 1, 40)
>>> sorted(map(str, after.observation(0).seen))     # the rejected card is known to the drawer only
['Q♠']
>>> after.observation(1).seen
frozenset()
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from hokm import HandScore, HandView, Seat, StockDraw, TableLayout, Variant, VariantInfo, hookimpl

__all__ = ["FIRST_PACKET", "HAND_SIZE", "TwoPlayer"]

FIRST_PACKET = 5
"""Cards each player is dealt before the trump call (the Hakem calls from his five)."""
HAND_SIZE = 13
"""Cards each player holds once the draw is over."""


@attrs.frozen(eq=False)  # pluggy tells registered plugins apart by ==; keep identity
class TwoPlayer(Variant):
    """Two players, each for himself; the hands are completed by a keep/reject draw.

    Attributes:
        second_card_seen: whether the drawer sees the card he must discard after
            keeping the top card. Information only: it changes what appears in
            the drawer's ``observation(seat).seen``, never the cards dealt.
    """

    info: ClassVar[VariantInfo] = VariantInfo(
        name="two-player",
        summary="2 players: 5 each, trump, then keep/reject draws from the stock to 13 (10 unused)",
        conflicts={
            "three-player": "both set the number of players",
            "court-piece": "Court Piece is a 4-player partnership game",
        },
        source="pagat.com/whist/hokm.html (two players, keep-or-reject draw); NuraChain Arcade (GitHub)",
        replaces={
            "packets": "five cards each, then keep-or-reject draws from the stock",
            "partners": "two players have no partners",
            "succession": "the hand's winner is the next Hakem",
        },
    )

    second_card_seen: bool = attrs.field(
        default=False, kw_only=True, validator=attrs.validators.instance_of(bool))

    @hookimpl
    def hokm_table_layout(self) -> TableLayout:
        return TableLayout.standard(2)

    @hookimpl
    def hokm_deal_pattern(self) -> StockDraw:
        return StockDraw(first_packet=FIRST_PACKET, hand_size=HAND_SIZE,
                         second_card_seen=self.second_card_seen)

    @hookimpl
    def hokm_next_hakem(self, hand: HandView, score: HandScore) -> Seat:
        # The winner is (or stays) Hakem; with two seats this equals "the next seat on a loss".
        return hand.layout.seats_of(score.winner)[0]
