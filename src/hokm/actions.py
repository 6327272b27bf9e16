"""Decisions as actions: everything a seat can do is a typed, immutable value.

A hand is not only "play a card". The Hakem calls trump, a two-player seat
keeps or rejects a stock card, a kot team may choose to play on. States expose
``to_act``, ``legal_actions()`` and ``apply(action)`` over these values, and a
variant may define its own ``Action`` subclasses for new decisions.

>>> from hokm import Card, Suit
>>> PlayCard(Card.parse("A♠"))
PlayCard(card=Card.parse('A♠'))
>>> CallTrump(Suit.HEARTS) == CallTrump(Suit.HEARTS)
True
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from hokm.cards import Card, Suit
from hokm.errors import ArgumentTypeError, NotationTypeError, _got

__all__ = ["Action", "CallTrump", "Discard", "DrawCard", "HiddenAction", "PlayCard", "PlayOn"]


def _card(_instance: object, _attribute: attrs.Attribute[Any], value: object) -> None:
    if value.__class__ is not Card:
        hint = "; Card.parse() reads text" if isinstance(value, str) else ""
        raise NotationTypeError(f"{type(_instance).__name__}() card must be a Card, got {_got(value)}{hint}")


def _suit(_instance: object, _attribute: attrs.Attribute[Any], value: object) -> None:
    if value.__class__ is not Suit:
        hint = "; Suit.parse() reads text" if isinstance(value, str) else ""
        raise NotationTypeError(f"CallTrump() suit must be a Suit such as Suit.HEARTS, got "
                                f"{_got(value)}{hint}")


def _flag(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value.__class__ is not bool:
        raise ArgumentTypeError(f"{type(instance).__name__}() {attribute.name} must be True or "
                                f"False, got {_got(value)}")


@attrs.frozen
class Action:
    """Base class of every action; variants subclass it for decisions of their own.

    A subclass whose choice the rules keep from the other seats sets
    ``private = True``: their observations show it as ``HiddenAction()``.
    One whose very taking they must not learn sets ``secret = True``: their
    observations leave it out. That is declining an offer only the deciding
    seat knew of, when being offered it tells something about its cards (the
    other seats learn only which seat the game waits for).
    """

    private: ClassVar[bool] = False
    secret: ClassVar[bool] = False


@attrs.frozen
class HiddenAction(Action):
    """Another seat's private decision, as your observation shows it: that it decided, not what."""

    def __str__(self) -> str:
        return "(hidden)"


@attrs.frozen
class PlayCard(Action):
    """Play ``card`` to the current trick."""

    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class CallTrump(Action):
    """The Hakem names the trump suit (having seen only his first packet)."""

    suit: Suit = attrs.field(validator=_suit)

    def __str__(self) -> str:
        return f"call {self.suit.value}"


@attrs.frozen
class DrawCard(Action):
    """Two-player stock draw: keep the top card (the next is discarded) or reject it (take the next)."""

    keep: bool = attrs.field(validator=_flag)

    def __str__(self) -> str:
        return "keep" if self.keep else "reject"


@attrs.frozen
class Discard(Action):
    """Lay ``card`` face down out of play before the draw (two-player ``zhinam`` and ``fifty-card``).

    Only the discarding seat ever sees it.
    """

    private: ClassVar[bool] = True
    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class PlayOn(Action):
    """Answer to a play-on offer (bavney, 52-court): ``True`` plays on for all 13 tricks."""

    accept: bool = attrs.field(validator=_flag)

    def __str__(self) -> str:
        return "play on" if self.accept else "stop"


PLAY_CARD: tuple[PlayCard, ...] = tuple(PlayCard(Card.from_index(i)) for i in range(52))
"""Interned ``PlayCard`` actions by card index (the hot path reuses them)."""
CALL_TRUMP: dict[Suit, CallTrump] = {suit: CallTrump(suit) for suit in Suit}
CALL_TRUMP_ACTIONS: tuple[Action, ...] = tuple(CALL_TRUMP.values())
"""The standard trump call's choices, in suit order."""
DRAW_CHOICES: tuple[DrawCard, DrawCard] = (DrawCard(True), DrawCard(False))
DISCARD: tuple[Discard, ...] = tuple(Discard(Card.from_index(i)) for i in range(52))
"""Interned ``Discard`` actions by card index."""
HIDDEN = HiddenAction()
