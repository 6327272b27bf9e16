"""Hidden trump: the caller lays a card face down instead of naming trump (Court Piece "hidden rung").

After pagat's *Court Piece / Rang* (the face-down indicator, no trumps until it is revealed),
Wikipedia's *Court piece* (the asker must trump, per-card activation, the blind indicator) and
TashZone's Court Piece specification (the caller's own reveal, the forced reveal), as RULES 1.5.2
decides them.

At the trump call the caller lays one card of his first five face down: the **indicator**. Its
suit is trump, but until it is revealed the hand is played without one. On his turn a seat that
cannot follow suit may **ask** (the caller may **reveal**, also on lead): the indicator is turned
face up and goes back to the caller's hand, and the asker must then play a trump if he holds one.
A trump-suit card played before the reveal is an ordinary card, so a lower trump played after it
wins:

>>> import hokm
>>> from hokm import Card, cards
>>> from hokm_variants.hidden_trump import AskTrump, SetIndicator
>>> rules = hokm.Ruleset.compose("hidden-trump")
>>> hand = rules.new_hand([cards("9♦ A♣ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠"),
...                        cards("3♦ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥"),
...                        cards("2♦ 4♦ 5♦ 6♦ 7♦ 8♦ 10♦ J♦ Q♦ K♦ A♦ A♥ K♠"),
...                        cards("K♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ A♠")], hakem=0)
>>> hand = hand.apply(SetIndicator(Card.parse("9♦")))     # diamonds are trump, face down
>>> hand.trump, hand.observation(2).decisions              # his partner sees that, not what
(None, ((0, HiddenAction()),))
>>> hand = hand.play(Card.parse("A♣")).play(Card.parse("3♦"))  # seat 1 discards without asking
>>> hand.to_act, hand.legal_actions()[-1]
(2, AskTrump())
>>> hand = hand.apply(AskTrump())                          # seat 2 asks: the 9♦ is turned up
>>> hand.trump, hand.shown, Card.parse("9♦") in hand.hand_of(0)
(Suit.DIAMONDS, frozenset({Card.parse('9♦')}), True)
>>> sorted(map(str, hand.legal_plays()))                  # the asker must trump
['10♦', '2♦', '4♦', '5♦', '6♦', '7♦', '8♦', 'A♦', 'J♦', 'K♦', 'Q♦']
>>> hand = hand.play(Card.parse("2♦")).play(Card.parse("K♣"))
>>> hand.winners                                           # the 2♦ beats the earlier 3♦
(2,)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import ClassVar, Literal

import attrs

from hokm import (
    Action,
    Card,
    Effect,
    HandView,
    Suit,
    Trick,
    TurnWindow,
    Variant,
    VariantInfo,
    VoidDuty,
    hookimpl,
)

__all__ = ["AskTrump", "BlindIndicator", "HiddenTrump", "RevealTrump", "SetIndicator", "indicator"]

FIRST_FIVE = 5
"""The caller's first packet, from which the indicator is taken (the standard deal's five)."""


@attrs.frozen(cache_hash=True)  # hashed at every trump call (the options are checked distinct)
class SetIndicator(Action):
    """The caller lays ``card``, one of his first five, face down as the indicator (M1).

    Private: the other seats see ``HiddenAction()``, that he set one, not which.
    """

    tag = "hidden-trump/set-indicator"

    private: ClassVar[bool] = True
    card: Card

    def __str__(self) -> str:
        return f"set indicator {self.card}"


@attrs.frozen
class BlindIndicator(Action):
    """With ``indicator="blind"``: the indicator is taken from the caller's first five unseen (M1).

    The only choice at the call, so the core takes it by itself (unless another variant
    offers an alternative, such as a redeal claim).
    """

    tag = "hidden-trump/blind-indicator"

    def __str__(self) -> str:
        return "blind indicator"


@attrs.frozen
class AskTrump(Action):
    """A seat that cannot follow asks for the trump (M3): the indicator is turned face up.

    The asker must then play a trump if he holds one.
    """

    tag = "hidden-trump/ask"
    shows_void = True  # offered only to a seat that cannot follow (rule 3)
    explanation = ("The indicator is turned face up for everyone, and you must then play a trump if you "
                   "hold one.")

    def __str__(self) -> str:
        return "ask for trump"


@attrs.frozen
class RevealTrump(Action):
    """The caller reveals his indicator (M3): when void in the led suit, or on lead.

    He must then play (or lead) a trump; he holds one, the indicator.
    """

    tag = "hidden-trump/reveal"
    shows_void = True  # inside a trick, offered only to a caller void in the led suit (rule 4)
    explanation = ("Your indicator is turned face up for everyone and goes back to your hand, and you must "
                   "then play a trump (lead one, on lead).")

    def __str__(self) -> str:
        return "reveal trump"


BLIND = BlindIndicator()
ASK = AskTrump()
REVEAL = RevealTrump()
_ANNOUNCEMENTS = (AskTrump, RevealTrump)
# Built once, asked for every hand (actions and effects are immutable values): by card index.
_CARDS = tuple(Card.from_index(index) for index in range(52))
_SET = tuple(SetIndicator(card) for card in _CARDS)
_LAID = tuple(Effect(set_aside=card) for card in _CARDS)
_TURNED_UP = Effect(turn_up=True)
# The forced effects on the indicator, by card index (asked at the end of every hand played
# without the reveal): shown at the end (rule 9), turned up and played as the caller's last card
# (rule 6), turned up before the first seat that cannot follow (rule 4, automatic).
_SHOWN = tuple(Effect(show=(card,)) for card in _CARDS)
_PLAYED = tuple(Effect(trump=card.suit, restore=card, show=(card,), play=card) for card in _CARDS)
_REVEALED = tuple(Effect(trump=card.suit, restore=card, show=(card,)) for card in _CARDS)
_BEFORE_THE_REVEAL = TurnWindow(leads="hakem", follows="void", until_trump=True)
# On request, the only forced effect on a turn is rule 6: the caller's last card, in the last trick
# (on his lead, or on a follow with an empty hand: void of every suit). The blind indicator is laid
# by a forced effect at the call; a chosen one is a choice there, so nothing is forced at the call.
_WINDOWS: dict[tuple[str, str], Mapping[str, TurnWindow]] = {
    (reveal, kind): MappingProxyType({"hokm_forced_effect": attrs.evolve(
        _BEFORE_THE_REVEAL if reveal == "automatic"
        else attrs.evolve(_BEFORE_THE_REVEAL, tricks=slice(-1, None)),
        at_call=kind == "blind")})
    for reveal in ("on-request", "automatic") for kind in ("chosen", "blind")}


def indicator(hand: HandView) -> Card | None:
    """The face-down indicator while it lies apart from the caller's hand, else ``None``.

    Omniscient, like ``hand.set_aside``. When the hand ends with it still face down, it is
    shown to everyone (``hand.shown``, RULES 1.5.2 rule 9).

    >>> import hokm
    >>> hand = hokm.Ruleset.compose("hidden-trump").deal(hokm.full_deck())
    >>> hand = hand.apply(SetIndicator(hand.dealt(0)[2]))
    >>> indicator(hand), hand.trump
    (Card.parse('4♠'), None)
    """
    aside = hand.set_aside[hand.hakem]
    if hand.trump is not None or len(aside) != 1:
        return None
    (card,) = aside
    return card


def _void(hand: HandView, seat: int, trick: Trick | None = None) -> bool:
    """Whether ``seat`` holds no card of the led suit of the trick in progress (a trick is led).

    ``trick``: ``hand.current_trick``, if the caller has it already.
    """
    if trick is None:
        trick = hand.current_trick
    led = trick.led
    return led is not None and all(trick.suit_of(card) != led for card in hand.hand_of(seat))


@attrs.frozen(eq=False)  # pluggy tells registered plugins apart by ==; keep identity
class HiddenTrump(Variant):
    """The trump suit is a face-down card of the caller's, unknown until it is revealed.

    Attributes:
        reveal: ``"on-request"`` (default): on his turn a seat that cannot follow suit may ask
            for the trump (the caller may reveal, also on lead), and must then play a trump if
            he holds one. ``"automatic"``: the indicator turns face up by itself before the
            first seat holding no card of the led suit plays, and nobody must trump; the
            caller may still reveal on lead, and must then lead a trump.
        indicator: ``"chosen"`` (default): the caller picks the card among his first five.
            ``"blind"``: the card is taken at random from his first five and nobody sees it,
            the caller included, until it is revealed. It is the first card he was dealt;
            his first five reach him as a set, so he cannot tell which one it was.
    """

    info: ClassVar[VariantInfo] = VariantInfo(
        name="hidden-trump",
        summary="the caller lays a face-down card whose suit is trump; no trump until it is revealed",
        conflicts={
            "satat": "a top 2♥ inside a hidden trump suit is unsourced",
            "be-ranga": "be-ranga has no trump call, so there is no indicator to lay face down",
            "two-player": "a hidden trump is unsourced for two players",
            "three-player": "a hidden trump is unsourced for three players",
            "troefcall": "a hidden trump is not a Troefcall rule: its caller names trump openly",
        },
        source="pagat.com/whist/rang.html (hidden trump); Wikipedia: Court piece; "
               "TashZone Court Piece spec (the caller's reveal, the forced reveal)",
    )

    reveal: Literal["on-request", "automatic"] = attrs.field(
        default="on-request", kw_only=True, validator=attrs.validators.in_(("on-request", "automatic")))
    indicator: Literal["chosen", "blind"] = attrs.field(
        default="chosen", kw_only=True, validator=attrs.validators.in_(("chosen", "blind")))

    @property
    def turn_windows(self) -> Mapping[str, TurnWindow]:
        """The turns its forced effect can happen on: before the reveal, the Hakem's lead or a void
        seat, and on request only in the last trick (the caller's last card); the call too with a
        blind indicator, which is laid there. Its other hooks read no hand and need no window."""
        return _WINDOWS[self.reveal, self.indicator]

    @hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        # An indicator may be any card of the caller's first five: one action per card.
        indicators: tuple[Action, ...] = (BLIND,) if self.indicator == "blind" else _SET
        return (*indicators, ASK, REVEAL)

    # M1: the indicator --------------------------------------------------------------------

    @hookimpl
    def hokm_trump_call(self, card: Card) -> Sequence[Action] | None:
        # A chosen indicator: each card of the caller's first packet may be laid face down, instead
        # of naming a suit. Takes only the card: asked once per card, when the rules are composed.
        return (_SET[card.index],) if self.indicator == "chosen" else None

    @hookimpl(specname="hokm_trump_call")
    def blind_trump_call(self) -> Sequence[Action] | None:
        # A blind indicator: one choice at every call (the card is laid by the forced effect).
        return (BLIND,) if self.indicator == "blind" else None

    @hookimpl
    def hokm_decision_effect(self, action: Action) -> Effect | None:
        # Takes only the action: asked once per action. The chosen indicator is laid face down; the
        # ask and the reveal turn it up (its suit trump from now on, the card back in the caller's
        # hand). The blind indicator is laid by the forced effect; other variants' actions are theirs.
        if isinstance(action, SetIndicator):
            return _LAID[action.card.index]
        return _TURNED_UP if isinstance(action, _ANNOUNCEMENTS) else None

    # Forced consequences: the blind card, the forced and automatic reveals -------------------

    @hookimpl
    def hokm_forced_effect(self, hand: HandView) -> Effect | None:
        if hand.trump is not None:
            return None  # revealed (or never hidden): a normal hand
        caller = hand.hakem
        seat = hand.to_act
        # The caller's hand is empty only in the last trick (his indicator lies apart).
        if (seat is not None and (seat != caller or hand.tricks_played + 1 < hand.tricks_total
                                  or hand.hand_of(caller))
                and (self.reveal != "automatic" or not _void(hand, seat))
                and (self.indicator != "blind" or hand.plays)):
            return None  # a turn of play where no rule below applies (cheap checks first)
        card = indicator(hand)
        if card is None:
            if self.indicator == "blind" and not hand.plays and not hand.set_aside[caller] and not any(
                    isinstance(action, BlindIndicator) for _, action in hand.decisions):
                # At the trump call, before the caller sees anything: the first card he was
                # dealt, a random card of his five that his view (a set) does not single out.
                return Effect(set_aside=hand.dealt(caller)[0], hidden_from_owner=True)
            return None
        if seat is None:  # Rule 9: the hand is over with the indicator face down: shown, no more
            return _SHOWN[card.index]
        if seat == caller and not hand.hand_of(caller):
            # Rule 6: his only card left is the indicator: revealed and played.
            return _PLAYED[card.index]
        if self.reveal == "automatic" and _void(hand, seat):
            # Rule 4, automatic: turned up before the first seat unable to follow plays.
            return _REVEALED[card.index]
        return None

    # M3: the ask and the caller's reveal ------------------------------------------------------

    @hookimpl
    def hokm_turn_options(self, lead: bool, hakem: bool, void: bool,
                          trump: Suit | None) -> Sequence[Action] | None:
        # Takes no hand: a table asked when the rules are composed. Before the reveal the caller may
        # reveal on lead (both modes); on request, a seat that cannot follow may ask, the caller reveal.
        if trump is not None:
            return None
        if lead:
            return (REVEAL,) if hakem else None
        if void and self.reveal == "on-request":
            return (REVEAL,) if hakem else (ASK,)
        return None

    @hookimpl
    def hokm_void_duty(self, announced: Action | None) -> VoidDuty | None:
        # Having asked or revealed this turn: play (or lead) a trump if you hold one.
        return VoidDuty.TRUMP if isinstance(announced, _ANNOUNCEMENTS) else None
