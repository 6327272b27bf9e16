"""Obligatory trumping: a player void in the led suit who holds a trump must play one.

A house rule. It
is **not attested in any public Hokm source**: pagat and the Persian sources let
a void player discard or trump at will, and that stays the standard rule. The
closest attested rules belong to related games (the asker in Court Piece's
hidden-trump variant, Callbreak). Option ``overtrump`` (off by default, attested
nowhere for Hokm) adds: a void player able to beat the trump currently winning
the trick must play a higher trump.

Suits are *effective* suits, so with ``satat`` the 2♥ counts as a trump.

>>> import hokm
>>> from hokm import Card, Suit, cards
>>> rules = hokm.Ruleset.compose("obligatory-trump")
>>> sorted(map(str, rules.legal_plays(cards("K♥ 3♣"), [(0, Card.parse("4♠"))], trump=Suit.HEARTS)))
['K♥']
>>> over = hokm.Ruleset.compose("obligatory-trump", options={"obligatory-trump": {"overtrump": True}})
>>> trick = [(0, Card.parse("4♠")), (1, Card.parse("Q♥"))]
>>> sorted(map(str, over.legal_plays(cards("3♥ A♥ 5♣"), trick, trump=Suit.HEARTS)))
['A♥']
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from hokm import Variant, VariantInfo, VoidDuty, hookimpl

__all__ = ["ObligatoryTrump"]


@attrs.frozen(eq=False)  # pluggy tells registered plugins apart by ==; keep identity
class ObligatoryTrump(Variant):
    """A void player must trump if he can (and, with ``overtrump``, beat a winning trump).

    Attributes:
        overtrump: when the void player can beat the card winning the trick
            with a trump, only such trumps are legal (any trump beats a trick
            won by a non-trump). If he cannot, he must still play a trump.
            A player who can follow suit is never affected: following suit
            decides alone, even when trumps are led.
    """

    info: ClassVar[VariantInfo] = VariantInfo(
        name="obligatory-trump",
        summary="a player void in the led suit must play a trump if he holds one (house rule)",
        source="a house rule; not attested in public Hokm sources, cf. pagat.com/whist/hokm.html",
    )

    overtrump: bool = attrs.field(default=False, kw_only=True,
                                  validator=attrs.validators.instance_of(bool))

    @hookimpl
    def hokm_void_duty(self) -> VoidDuty:
        # Declared once: the engine applies it on every void play, in its own tables.
        return VoidDuty.OVERTRUMP if self.overtrump else VoidDuty.TRUMP
