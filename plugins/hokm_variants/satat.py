"""Satat: the 2♥ is the highest trump, whatever suit is trump.

Attested as the feature Satat (Mauritius) adds to Court Piece: pagat's Satat
page makes the 2♥ the top card of the pack, and Wikipedia's Court Piece page
names the 2♥ as the highest trump. The sources do not say how the 2♥ follows
suit, so hokm chooses: by default it
belongs to the trump suit (option ``two_hearts_follows="trump"``), or it may
follow as a heart while still winning as the top trump (``"hearts"``).

>>> import hokm
>>> from hokm import Card, Suit
>>> rules = hokm.Ruleset.compose("satat")
>>> two_hearts, ace_spades = Card.parse("2♥"), Card.parse("A♠")
>>> rules.trick_winner([(0, Card.parse("K♠")), (1, two_hearts), (2, ace_spades),
...                     (3, Card.parse("3♠"))], trump=Suit.SPADES)
1
>>> rules.effective_suit(two_hearts, trump=Suit.CLUBS)
Suit.CLUBS
>>> sorted(map(str, rules.legal_plays(hokm.cards("2♥ 7♥ K♦"), [(0, Card.parse("4♣"))],
...                                   trump=Suit.CLUBS)))
['2♥']
"""

from __future__ import annotations

from typing import ClassVar, Literal

import attrs

from hokm import Card, Rank, Suit, Variant, VariantInfo, hookimpl

__all__ = ["SATAT_CARD", "SATAT_RANK", "Satat"]

SATAT_CARD = Card.parse("2♥")
"""The 2♥, the card the variant is about."""
SATAT_RANK = int(Rank.ACE) + 1
"""The 2♥'s strength: one above the Ace, so it beats every other card of its suit."""


@attrs.frozen(eq=False)  # pluggy tells registered plugins apart by ==; keep identity
class Satat(Variant):
    """The 2♥ is the top trump under every trump suit.

    Attributes:
        two_hearts_follows: ``"trump"`` (default): the 2♥ belongs to the trump
            suit, for following suit as well as for winning; ``"hearts"``: it
            follows as a heart (must be played to a heart lead, cannot follow a
            trump lead) yet still wins any trick it is played to.
    """

    info: ClassVar[VariantInfo] = VariantInfo(
        name="satat",
        summary="the 2♥ is the highest trump whatever suit is trump",
        source="pagat.com/whist/satat.html; pagat.com/national/mauritius.html; Wikipedia: Court piece",
    )

    two_hearts_follows: Literal["trump", "hearts"] = attrs.field(
        default="trump", kw_only=True, validator=attrs.validators.in_(("trump", "hearts")))

    @hookimpl
    def hokm_effective_suit(self, card: Card, trump: Suit) -> Suit | None:
        if card == SATAT_CARD and self.two_hearts_follows == "trump":
            return trump
        return None  # every other card (and the 2♥ under "hearts") keeps its printed suit

    @hookimpl
    def hokm_card_rank(self, card: Card) -> int | None:
        # Above the Ace: the top trump under either option (under "hearts" it
        # follows as a heart but competes as a trump, see hokm_trick_suit).
        return SATAT_RANK if card == SATAT_CARD else None  # other cards: printed rank

    @hookimpl
    def hokm_trick_suit(self, card: Card, trump: Suit) -> Suit | None:
        # Under "hearts" the 2♥ follows as a heart but still competes as a trump.
        # (Under "trump" its effective suit already is the trump.)
        if card == SATAT_CARD and self.two_hearts_follows == "hearts":
            return trump
        return None  # every other card competes in the suit it follows as
