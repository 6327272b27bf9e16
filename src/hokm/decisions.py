"""What a variant's decisions and forced consequences do to a hand.

A variant offers a seat decisions at fixed moments: at the trump call (M1,
``hokm_call_alternatives`` and ``hokm_trump_call``), once the deal is complete
(M2) and after a trick (M4), both through ``hokm_pending_decision``, and on the
seat's own turn before its card (M3, ``hokm_turn_options``: an announcement that
does not pass the turn). What a chosen action changes is described, not done,
by the variant: ``hokm_decision_effect`` answers with an ``Effect``, which the
core applies, so every state change stays checkable and a variant never
touches a state. Consequences that happen by themselves (a forced reveal) are
``Effect`` values too, answered by ``hokm_forced_effect``.

Trump need not exist from the start: ``TrumpRule`` declares a hand with no call
whose trump is fixed by the first card played by a seat that cannot follow
(be-ranga), and an effect may name the trump in the middle of a trick. A card
of the trump suit then counts as a trump if it was played after the trump
appeared, or if the trump suit was led.

>>> from hokm import Card, Suit
>>> Effect(trump=Suit.HEARTS, restore=Card.parse("9♥")).trump
Suit.HEARTS
>>> Effect(annul=True, show=[Card.parse("9♠")]).show
frozenset({Card.parse('9♠')})
>>> Effect(turn_up=True).turn_up
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any

import attrs

from hokm.cards import Card, Suit
from hokm.errors import ArgumentTypeError, InvalidArgumentError, _got

__all__ = ["Effect", "TrumpRule"]


def _cards(value: object) -> frozenset[Card]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"Effect() show must be a collection of Cards, got {_got(value)}")
    return frozenset(value)


def _check_cards(instance: object, attribute: attrs.Attribute[Any], value: frozenset[object]) -> None:
    for card in value:
        if card.__class__ is not Card:
            raise ArgumentTypeError(f"Effect() {attribute.name} must hold Cards, got {_got(card)}")


def _optional(kind: type) -> Any:
    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is not None and value.__class__ is not kind:
            raise ArgumentTypeError(f"Effect() {attribute.name} must be a {kind.__name__} or None, "
                                    f"got {_got(value)}")
    return check


def _flag(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value.__class__ is not bool:
        raise ArgumentTypeError(f"Effect() {attribute.name} must be True or False, got {_got(value)}")


@attrs.frozen(kw_only=True)
class Effect:
    """What a decision (or a forced consequence) changes in the hand; the core applies it.

    Applied in this order: ``set_aside``, ``restore``, ``turn_up``, ``trump``,
    ``show``, ``annul``, ``play``. Every part is optional; ``Effect()`` changes
    nothing (the decision is only recorded). An effect that names no card (only
    ``turn_up``, ``annul`` and ``hidden_from_owner`` flags, or nothing) depends on
    nothing but the action, so ``hokm_decision_effect`` can answer it without the hand.

    Attributes:
        trump: the trump suit from now on: cards played from this moment are
            trumps of it (a trump already in force cannot change).
        set_aside: a card of the deciding seat's hand laid face down apart from
            it: it cannot be played and does not count for following suit
            (hidden trump's indicator, a discard).
        hidden_from_owner: the set-aside card is unseen by its owner too (a
            blind indicator).
        restore: a set-aside card that goes back into its owner's hand.
        turn_up: the one card the Hakem has set aside is turned face up for every
            seat, goes back into his hand, and its suit is trump from this moment
            (a face-down trump indicator revealed). The Hakem must have exactly one
            card set aside, and the hand no trump yet.
        show: cards turned face up for every seat (a redeal claim, the
            "last four" card, a revealed indicator).
        annul: the hand ends now, before its first trick, and counts for
            nothing: nobody scores, and the same dealer deals again.
        play: the seat to act plays this card at once (a forced play).
    """

    trump: Suit | None = attrs.field(default=None, validator=_optional(Suit))
    set_aside: Card | None = attrs.field(default=None, validator=_optional(Card))
    hidden_from_owner: bool = attrs.field(default=False, validator=_flag)
    restore: Card | None = attrs.field(default=None, validator=_optional(Card))
    turn_up: bool = attrs.field(default=False, validator=_flag)
    show: frozenset[Card] = attrs.field(default=frozenset(), converter=_cards, validator=_check_cards)
    annul: bool = attrs.field(default=False, validator=_flag)
    play: Card | None = attrs.field(default=None, validator=_optional(Card))

    def __attrs_post_init__(self) -> None:
        if self.turn_up and (self.trump is not None or self.restore is not None):
            given = "trump" if self.trump is not None else "restore"
            raise InvalidArgumentError(f"Effect() turn_up names its own trump and card restored, so {given}="
                                       f"{getattr(self, given)!r} cannot be given beside it")


class TrumpRule(enum.Enum):
    """How a hand gets its trump (the answer of ``hokm_trump_rule``).

    Declared once, applied by the core on the card path without a plugin call.
    """

    CALLED = "called"
    """The caller names it at the trump call (the default)."""
    FIRST_VOID_CARD = "first-void-card"
    """No call: the first card played by a seat that cannot follow fixes its suit as
    trump, and it is a trump in its own trick (be-ranga)."""
    FIRST_VOID_CARD_NEXT_TRICK = "first-void-card-next-trick"
    """As ``FIRST_VOID_CARD``, but trumps count only from the next trick."""

    def __repr__(self) -> str:
        return f"TrumpRule.{self.name}"
