"""Two-player Hokm: five cards each, trump, then a keep/reject draw from the stock to 13 each.

After the Hakem calls trump from his first five cards, the players take turns,
Hakem first: the drawer looks at the top stock card and either keeps it (the
next card is discarded unseen by the opponent) or discards it and must take
the next one. Every turn uses two stock cards; after 16 turns both hold 13 and
10 cards stay unused. Play and scoring are the 4-player game's, each player a
team of one; the hand's winner is the next Hakem.

Option ``mode`` picks another documented two-player deal (RULES 1.5.5):
``"zhinam"`` (the Hakem discards 3 and the other 2 of their fives, then the
whole 42-card stock is drawn, 21 turns), ``"fifty-card"`` (2♣ and 2♦ removed,
each discards 2, 20 turns, the last drawer sees both last cards and keeps
either) or ``"dead-half"`` (13 each dealt 5-4-4, the other 26 never dealt).

Source: pagat's two-player Hokm (pagat.com/whist/hokm.html), the keep-or-reject
draw as NuraChain's Arcade and other open-source engines describe it; zhinam's
two-player rules page; aghArdeshir/two-player-hokm (50 cards); digitain's
two-player Hokm (13 each, half the pack unused).

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
>>> dead = hokm.Ruleset.compose("two-player", options={"two-player": {"mode": "dead-half"}})
>>> hand = dead.deal(dead.deck, hakem=0).apply(hokm.CallTrump(hokm.Suit.SPADES))
>>> hand.phase, [len(cards) for cards in hand.hands], hand.stock_left
(Phase.PLAY, [13, 13], 0)
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

import attrs

from hokm import (
    Card,
    HandScore,
    HandView,
    Packets,
    Rank,
    Seat,
    StockDraw,
    Suit,
    TableLayout,
    Variant,
    VariantInfo,
    full_deck,
    hookimpl,
)

__all__ = [
    "DEAD_HALF_PACKETS",
    "FIFTY_CARD_DISCARDS",
    "FIFTY_CARD_REMOVED",
    "FIRST_PACKET",
    "HAND_SIZE",
    "MODES",
    "ZHINAM_DISCARDS",
    "Mode",
    "TwoPlayer",
]

FIRST_PACKET = 5
"""Cards each player is dealt before the trump call (the Hakem calls from his five)."""
HAND_SIZE = 13
"""Cards each player holds once the draw is over."""

Mode = Literal["keep-reject", "zhinam", "fifty-card", "dead-half"]
MODES: tuple[Mode, ...] = ("keep-reject", "zhinam", "fifty-card", "dead-half")
"""The values of option ``mode``, the default first."""
ZHINAM_DISCARDS = (3, 2)
"""``mode="zhinam"``: the Hakem discards 3 of his five, then the other player 2."""
FIFTY_CARD_DISCARDS = (2, 2)
"""``mode="fifty-card"``: each player discards 2 of his five, the Hakem first."""
FIFTY_CARD_REMOVED = (Card(Rank.TWO, Suit.CLUBS), Card(Rank.TWO, Suit.DIAMONDS))
"""``mode="fifty-card"``: the two cards taken out of the pack."""
DEAD_HALF_PACKETS = (5, 4, 4)
"""``mode="dead-half"``: the packets dealt to each player (the Hakem calls after his five)."""


def _no_draw_no_second_card(instance: TwoPlayer, attribute: attrs.Attribute[Any], value: bool) -> None:
    # dead-half has no keep/reject turn, so the option would be silently ignored: refuse it.
    if value and instance.mode == "dead-half":
        raise ValueError("second_card_seen=True has no meaning with mode='dead-half', which deals "
                         "13 cards each and has no keep/reject draw: leave second_card_seen out",
                         attribute)


@attrs.frozen(eq=False)  # pluggy tells registered plugins apart by ==; keep identity
class TwoPlayer(Variant):
    """Two players, each for himself; the hands are completed by a keep/reject draw.

    Attributes:
        mode: the deal. ``"keep-reject"`` (pagat): 5 each, trump, 16 keep/reject
            turns, 10 stock cards unused. ``"zhinam"``: 5 each, trump, the Hakem
            discards 3 and the other player 2, then 21 turns over the whole
            42-card stock (Hakem 11, other 10). ``"fifty-card"``: 2♣ and 2♦
            removed; 5 each, trump, each discards 2 (Hakem first), 20 turns (10
            each); on the last the drawer sees both remaining cards and keeps
            either. ``"dead-half"``: 13 each dealt 5-4-4 (trump after the Hakem's
            five), the other 26 cards never dealt and never seen.
        second_card_seen: whether the drawer sees the card he must discard after
            keeping the top card. Information only: it changes what appears in
            the drawer's ``observation(seat).seen``, never the cards dealt. It
            applies to every keep/reject turn of the first three modes;
            ``"dead-half"`` has no draw, so ``True`` is refused with it.
    """

    info: ClassVar[VariantInfo] = VariantInfo(
        name="two-player",
        summary="2 players: 5 each, trump, then keep/reject draws to 13; option mode picks another deal",
        conflicts={
            "three-player": "both set the number of players",
            "court-piece": "Court Piece is a 4-player partnership game",
        },
        source="pagat.com/whist/hokm.html (two players, keep-or-reject draw); NuraChain Arcade (GitHub); "
               "zhinam.github.io two-player rules; aghArdeshir/two-player-hokm (GitHub); digitain",
        replaces={
            "packets": "two-player deals by its own option 'mode' (five each, then a draw; or 13 each)",
            "partners": "two players have no partners",
            "succession": "the hand's winner is the next Hakem",
        },
    )

    mode: Mode = attrs.field(default="keep-reject", kw_only=True, validator=attrs.validators.in_(MODES))
    second_card_seen: bool = attrs.field(
        default=False, kw_only=True,
        validator=[attrs.validators.instance_of(bool), _no_draw_no_second_card])

    @property
    def inactive_hooks(self) -> frozenset[str]:
        """The deck is the standard pack except with ``mode="fifty-card"``."""
        return frozenset() if self.mode == "fifty-card" else frozenset({"hokm_deck"})

    @hookimpl
    def hokm_table_layout(self) -> TableLayout:
        return TableLayout.standard(2)

    @hookimpl
    def hokm_deck(self) -> tuple[Card, ...] | None:
        if self.mode != "fifty-card":
            return None  # the full pack: no opinion
        return tuple(card for card in full_deck() if card not in FIFTY_CARD_REMOVED)

    @hookimpl
    def hokm_deal_pattern(self) -> StockDraw | Packets:
        mode = self.mode
        if mode == "dead-half":
            return Packets(DEAD_HALF_PACKETS, undealt=True)
        if mode == "zhinam":
            return StockDraw(FIRST_PACKET, HAND_SIZE, self.second_card_seen, discards=ZHINAM_DISCARDS)
        if mode == "fifty-card":
            return StockDraw(FIRST_PACKET, HAND_SIZE, self.second_card_seen,
                             discards=FIFTY_CARD_DISCARDS, last_choice=True)
        return StockDraw(first_packet=FIRST_PACKET, hand_size=HAND_SIZE,
                         second_card_seen=self.second_card_seen)

    @hookimpl
    def hokm_next_hakem(self, hand: HandView, score: HandScore) -> Seat:
        # The winner is (or stays) Hakem; with two seats this equals "the next seat on a loss".
        return hand.layout.seats_of(score.winner)[0]
