"""House rule "seven of diamonds": the 7♦ wins any trick it is played to, trumps included.

A table custom, not a published Hokm rule: it is the example third-party variant
of the hokm testing tutorial (docs/tutorials/property-test-a-house-rule.md). It
follows the pattern of Satat's 2♥ (see the satat variant page), but changes only who
wins the trick: the 7♦ still follows suit as a diamond.

>>> import hokm
>>> from hokm import Card, Suit
>>> rules = hokm.Ruleset.compose(SevenOfDiamonds())
>>> plays = [(0, Card.parse("A♠")), (1, Card.parse("7♦")), (2, Card.parse("2♠")), (3, Card.parse("K♠"))]
>>> rules.trick_winner(plays, trump=Suit.SPADES)
1
>>> hokm.Ruleset.compose().trick_winner(plays, trump=Suit.SPADES)
0
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from hokm import Card, Rank, Seat, Suit, Trick, Variant, VariantInfo, hookimpl

__all__ = ["SevenOfDiamonds"]

SEVEN_OF_DIAMONDS = Card(Rank.SEVEN, Suit.DIAMONDS)


@attrs.frozen(eq=False)  # pluggy tells registered plugins apart by ==; keep identity
class SevenOfDiamonds(Variant):
    """Whoever plays the 7♦ wins the trick."""

    info: ClassVar[VariantInfo] = VariantInfo(
        name="seven-of-diamonds",
        summary="house rule: the 7♦ beats everything, trumps included",
        source="a table custom (example plugin of the hokm testing tutorial)",
    )

    @hookimpl
    def hokm_trick_winner(self, trick: Trick) -> Seat | None:
        for seat, card in trick.plays:
            if card == SEVEN_OF_DIAMONDS:
                return seat
        return None  # no 7♦ in the trick: the usual winner
