"""Be-ranga: nobody calls trump; the first card played by a seat that cannot follow suit fixes it.

After the be-ranga paragraph of Wikipedia's *Court piece* ("the game begins after all cards have
been dealt"; the first player unable to follow suit chooses the trump with the card he plays),
with TashZone's Court Piece specification for the details. The whole deal is made before play,
the Hakem (the seat after the dealer) leads, and the hand is played without a trump until a seat
that cannot follow suit plays: the suit of that card is trump for the rest of the hand. If nobody
is ever void, the whole hand is played without trump. Scoring is the composed ruleset's, with the
Hakem in his usual role (a sweep by his team is a kot, by the other team a Hakem-kot).

>>> import hokm
>>> from hokm import cards
>>> hands = [cards("A♠ K♣ A♣ Q♣ J♣ 10♣ 9♣ 8♣ 2♦ 3♦ 4♦ 5♦ 6♦"),
...          cards("5♠ 6♣ 2♣ 3♣ 4♣ 5♣ 7♣ 8♦ 9♦ 10♦ J♦ Q♦ K♦"),
...          cards("9♠ 3♥ 2♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥"),
...          cards("2♠ 7♦ A♥ A♦ 3♠ 4♠ 6♠ 7♠ 8♠ 10♠ J♠ Q♠ K♠")]
>>> hand = hokm.Ruleset.compose("be-ranga").new_hand(hands, hakem=0)
>>> hand.phase.value, hand.trump, hand.to_act  # no trump call: the Hakem leads at once
('play', None, 0)
>>> for card in cards("A♠ 5♠ 9♠ 2♠ K♣ 6♣ 3♥ 7♦"):  # seat 2 is the first who cannot follow
...     hand = hand.play(card)
>>> hand.trump, hand.winners  # his 3♥ fixes hearts, and is a trump in its own trick
(Suit.HEARTS, (0, 2))

With ``fixing_card_is_trump=False`` trumps count only from the next trick, so the K♣ takes trick 2:

>>> later = hokm.Ruleset.compose("be-ranga", options={"be-ranga": {"fixing_card_is_trump": False}})
>>> hand = later.new_hand(hands, hakem=0)
>>> for card in cards("A♠ 5♠ 9♠ 2♠ K♣ 6♣ 3♥ 7♦"):
...     hand = hand.play(card)
>>> hand.trump, hand.winners
(Suit.HEARTS, (0, 0))
"""

from __future__ import annotations

from typing import ClassVar, Literal

import attrs

from hokm import InvalidOptionError, RulesetInfo, TrumpRule, Variant, VariantInfo, hookimpl

__all__ = ["FIRST_PICKUPS", "BeRanga"]

FIRST_PICKUPS: tuple[str, ...] = ("trick-3", "after-fixing-trick")
"""The values of ``first_pickup``, the default first."""


@attrs.frozen(eq=False)  # pluggy tells registered plugins apart by ==; keep identity
class BeRanga(Variant):
    """No trump call: the first card played by a seat that cannot follow suit fixes the trump.

    Attributes:
        fixing_card_is_trump: ``True`` (default): from the fixing card on, cards of the new
            trump suit are trumps in the fixing trick as well, the fixing card included.
            ``False``: no card of the fixing trick is a trump (the highest card of the led suit
            takes it); trumps count from the next trick.
        first_pickup: when Double Sar's first collection may happen; meaningful only with
            ``double-sar``, and refused in another value than the default without it.
            ``"trick-3"`` (default, Wikipedia): nobody collects at trick 2, the same as adding
            2 to double-sar's ``blocked_pickups``. ``"after-fixing-trick"`` (TashZone): no pair
            collects at or before the trick in which trump was fixed; the pair (fixing trick,
            next trick) may. The rule is applied by double-sar when it decides who collects.
    """

    info: ClassVar[VariantInfo] = VariantInfo(
        name="be-ranga",
        summary="no trump call: the first card played by a seat that cannot follow suit fixes trump",
        conflicts={
            "hidden-trump": "be-ranga has no trump call, so there is no indicator to lay face down",
            "redeal": "be-ranga has no trump call, so the caller has no call to throw in",
            "satat": "where the 2♥ stands before the trump is fixed is unsourced",
            "troefcall": "Troefcall has its own trump call and rules; the combination is unsourced",
            "two-player": "the two-player deal draws from the stock after a trump call; be-ranga "
                          "deals everything first and is unsourced for two players",
            "three-player": "be-ranga is a four-player partnership game; unsourced for three players",
        },
        source="Wikipedia: Court piece (be-ranga); TashZone Court Piece spec (ahmednagra/Asia_Tashzone)",
    )

    fixing_card_is_trump: bool = attrs.field(
        default=True, kw_only=True, validator=attrs.validators.instance_of(bool))
    first_pickup: Literal["trick-3", "after-fixing-trick"] = attrs.field(
        default="trick-3", kw_only=True, validator=attrs.validators.in_(FIRST_PICKUPS))

    @property
    def inactive_hooks(self) -> frozenset[str]:
        """The composition check is idle with the default ``first_pickup``."""
        return frozenset() if self.first_pickup != FIRST_PICKUPS[0] else frozenset({"hokm_check_ruleset"})

    @hookimpl
    def hokm_check_ruleset(self, ruleset: RulesetInfo) -> None:
        # Only with a first_pickup other than the default (otherwise idle): honoured or refused.
        if "double-sar" not in ruleset.variants:
            raise InvalidOptionError(
                f"variant 'be-ranga', option 'first_pickup': {self.first_pickup!r} says when Double "
                "Sar's first collection may happen, so it needs 'double-sar' composed too; without "
                "it leave the option out")

    @hookimpl
    def hokm_trump_rule(self) -> TrumpRule:
        # Declared once; the core deals everything, lets the Hakem lead and fixes the trump
        # on the first card played by a seat that cannot follow, with no call per card.
        if self.fixing_card_is_trump:
            return TrumpRule.FIRST_VOID_CARD
        return TrumpRule.FIRST_VOID_CARD_NEXT_TRICK
