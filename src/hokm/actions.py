"""Decisions as actions: everything a seat can do is a typed, immutable value.

A hand is not only "play a card". The Hakem calls trump, a two-player seat
keeps or rejects a stock card, a kot team may choose to play on. States expose
``to_act``, ``legal_actions()`` and ``apply(action)`` over these values, and a
variant may define its own :class:`Action` subclasses for new decisions.

>>> from hokm import Card, Suit
>>> PlayCard(Card.parse("A♠"))
PlayCard(card=Card.parse('A♠'))
>>> CallTrump(Suit.HEARTS) == CallTrump(Suit.HEARTS)
True
"""

from __future__ import annotations

import attrs

from hokm.cards import Card, Suit

__all__ = ["Action", "CallTrump", "DrawCard", "PlayCard", "PlayOn"]


@attrs.frozen
class Action:
    """Base class of every action; variants subclass it for decisions of their own."""


@attrs.frozen
class PlayCard(Action):
    """Play ``card`` to the current trick."""

    card: Card = attrs.field(validator=attrs.validators.instance_of(Card))

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class CallTrump(Action):
    """The Hakem names the trump suit (having seen only his first packet)."""

    suit: Suit = attrs.field(validator=attrs.validators.instance_of(Suit))

    def __str__(self) -> str:
        return f"call {self.suit.value}"


@attrs.frozen
class DrawCard(Action):
    """Two-player stock draw: keep the top card (the next is discarded) or reject it (take the next)."""

    keep: bool = attrs.field(validator=attrs.validators.instance_of(bool))

    def __str__(self) -> str:
        return "keep" if self.keep else "reject"


@attrs.frozen
class PlayOn(Action):
    """Answer to a play-on offer (bavney, 52-court): ``True`` plays on for all 13 tricks."""

    accept: bool = attrs.field(validator=attrs.validators.instance_of(bool))

    def __str__(self) -> str:
        return "play on" if self.accept else "stop"


PLAY_CARD: tuple[PlayCard, ...] = tuple(PlayCard(Card.from_index(i)) for i in range(52))
"""Interned :class:`PlayCard` actions by card index (the hot path reuses them)."""
CALL_TRUMP: dict[Suit, CallTrump] = {suit: CallTrump(suit) for suit in Suit}
DRAW_CHOICES: tuple[DrawCard, DrawCard] = (DrawCard(True), DrawCard(False))
