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


The option ``first_trump_maker="high-card-draw"`` makes the first trump maker
(the first Hakem) by Satat's own draw, pagat's: each seat in play order takes a
card, aces low and kings high, and the highest makes trump. Tied highest seats
draw again. The cards are the match's face-up cards (``Ruleset.new_match``):

>>> draw = hokm.Ruleset.compose("satat", options={"satat": {"first_trump_maker": "high-card-draw"}})
>>> draw.first_hakem(hokm.cards("K♠ K♥ A♦ 2♥ 7♣ J♦"), first_seat=0)  # K, K tie; J♦ beats 7♣
1

With ``last_four=True`` the trump maker may, instead of naming a suit, choose a
card of his own last packet of four by its position, before it is dealt to him;
its suit is trump, and it is shown to everyone:

>>> four = hokm.Ruleset.compose("satat", options={"satat": {"last_four": True}})
>>> hand = four.deal(hokm.full_deck(), hakem=0)   # his last packet: the 36th to 39th cards
>>> [str(action) for action in hand.legal_actions()][4:]
['last four, card 1', 'last four, card 2', 'last four, card 3', 'last four, card 4']
>>> [str(card) for card in hand.dealt(0)[-4:]]   # omniscient: he has not seen them
['Q♦', 'K♦', 'A♦', '2♣']
>>> after = hand.apply(LastFour(4))
>>> after.trump, sorted(map(str, after.observation(3).shown))
(Suit.CLUBS, ['2♣'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal

import attrs

from hokm import (
    Action,
    ArgumentTypeError,
    Card,
    Effect,
    HandView,
    InvalidArgumentError,
    InvalidDealError,
    InvalidOptionError,
    Rank,
    RulesetInfo,
    Seat,
    Suit,
    TableLayout,
    Variant,
    VariantInfo,
    hookimpl,
)

__all__ = ["LAST_PACKET", "SATAT_CARD", "SATAT_RANK", "LastFour", "Satat", "draw_rank", "high_card_draw"]

SATAT_CARD = Card.parse("2♥")
"""The 2♥, the card the variant is about."""
SATAT_RANK = int(Rank.ACE) + 1
"""The 2♥'s strength: one above the Ace, so it beats every other card of its suit."""
LAST_PACKET = 4
"""The size of the trump maker's last packet, from which "last four" takes the trump card."""


def _position(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(f"LastFour() position must be an int from 1 to {LAST_PACKET}, "
                                f"got {value!r} (a {type(value).__name__})")
    if not 1 <= value <= LAST_PACKET:
        raise InvalidArgumentError(f"LastFour() position must be from 1 to {LAST_PACKET}, got {value!r}")


@attrs.frozen
class LastFour(Action):
    """The trump maker's "last four" choice: trump is the suit of the ``position``-th card
    (1 to 4) of his own last packet of four, chosen before it is dealt to him.

    The card is shown to everyone and stays in his hand. Announced: every seat sees
    the choice.
    """

    tag = "satat/last-four"

    position: int = attrs.field(validator=_position)

    def __str__(self) -> str:
        return f"last four, card {self.position}"




_LAST_FOUR: tuple[LastFour, ...] = tuple(LastFour(k) for k in range(1, LAST_PACKET + 1))


def draw_rank(card: Card) -> int:
    """A card's rank in the high-card draw: aces low (1), kings high (13), the 2♥ a plain two.

    >>> draw_rank(Card.parse("A♠")), draw_rank(Card.parse("2♥")), draw_rank(Card.parse("K♦"))
    (1, 2, 13)
    """
    return 1 if card.rank is Rank.ACE else int(card.rank)


def high_card_draw(face_up: Sequence[Card], players: int,
                   first_seat: int = 0) -> tuple[tuple[tuple[Seat, Card], ...], ...]:
    """The rounds of Satat's high-card draw, as ``(seat, card)`` pairs in the order drawn.

    Every seat, in play order from ``first_seat``, takes the next card of ``face_up``.
    If several seats share the highest ``draw_rank``, those seats alone draw again, in
    the same order, from the cards that follow, until one seat is highest: he is the last
    round's strictly highest seat, the first trump maker.

    >>> from hokm import cards
    >>> rounds = high_card_draw(cards("K♠ K♥ A♦ 2♥ 7♣ J♦"), players=4)
    >>> [[(seat, str(card)) for seat, card in one] for one in rounds]
    [[(0, 'K♠'), (1, 'K♥'), (2, 'A♦'), (3, '2♥')], [(0, '7♣'), (1, 'J♦')]]

    Raises:
        InvalidDealError: ``face_up`` runs out while seats are still tied.
    """
    seats = [Seat((first_seat + offset) % players) for offset in range(players)]
    rounds: list[tuple[tuple[Seat, Card], ...]] = []
    position = 0
    while True:
        if position + len(seats) > len(face_up):
            waiting = ", ".join(map(str, seats))
            raise InvalidDealError(
                f"face_up ran out ({len(face_up)} cards) during satat's high-card draw "
                f"with seats {waiting} still to draw: deal more cards face up")
        drawn = tuple(zip(seats, face_up[position:position + len(seats)], strict=True))
        position += len(seats)
        rounds.append(drawn)
        best = max(draw_rank(card) for _, card in drawn)
        seats = [seat for seat, card in drawn if draw_rank(card) == best]
        if len(seats) == 1:
            return tuple(rounds)


@attrs.frozen(eq=False)  # pluggy tells registered plugins apart by ==; keep identity
class Satat(Variant):
    """The 2♥ is the top trump under every trump suit.

    Attributes:
        two_hearts_follows: ``"trump"`` (default): the 2♥ belongs to the trump
            suit, for following suit as well as for winning; ``"hearts"``: it
            follows as a heart (must be played to a heart lead, cannot follow a
            trump lead) yet still wins any trick it is played to.
        first_trump_maker: who makes trump in the first hand: ``"ruleset"`` (default):
            the composed ruleset's first-Hakem rule (the first Ace, or Court Piece's random
            first dealer); ``"high-card-draw"``: Satat's draw from the match's face-up cards
            in play order, aces low, kings high and the 2♥ an ordinary two; tied highest
            seats draw again until one is highest. Refused with ``partners="second-ace"`` or
            another standard ``first_hakem``; with ``court-piece``, list satat after it.
        last_four: ``True``: at the trump call the trump maker may, instead of naming a suit,
            choose ``LastFour(k)`` (k = 1 to 4): the suit of the k-th card of his own last
            packet of four is trump, and that card is shown to everyone (it stays in his
            hand). Refused where the deal gives him no last packet of four (packets not
            ending in 4, the two-player draw). Default ``False``.
    """

    info: ClassVar[VariantInfo] = VariantInfo(
        name="satat",
        summary="the 2♥ is the highest trump whatever suit is trump",
        source="pagat.com/whist/satat.html; pagat.com/national/mauritius.html; Wikipedia: Court piece",
    )

    two_hearts_follows: Literal["trump", "hearts"] = attrs.field(
        default="trump", kw_only=True, validator=attrs.validators.in_(("trump", "hearts")))
    first_trump_maker: Literal["ruleset", "high-card-draw"] = attrs.field(
        default="ruleset", kw_only=True, validator=attrs.validators.in_(("ruleset", "high-card-draw")))
    last_four: bool = attrs.field(default=False, kw_only=True,
                                  validator=attrs.validators.instance_of(bool))

    @property
    def inactive_hooks(self) -> frozenset[str]:
        """The draw's hooks are idle unless ``first_trump_maker="high-card-draw"``; the
        "last four" choice's unless ``last_four=True``."""
        idle = set()
        if self.first_trump_maker != "high-card-draw":
            idle.add("hokm_first_hakem")
        if not self.last_four:
            idle |= {"hokm_call_alternatives", "hokm_decision_effect"}
            if self.first_trump_maker != "high-card-draw":
                idle.add("hokm_check_ruleset")
        return frozenset(idle)

    # Composition and the first trump maker ---------------------------------------------

    @hookimpl
    def hokm_check_ruleset(self, ruleset: RulesetInfo) -> None:
        # Only with the draw or "last four" (otherwise idle): refuse what would undo them.
        if self.last_four:
            _check_last_packet(ruleset)
        if self.first_trump_maker == "high-card-draw":
            self._check_draw(ruleset)

    def _check_draw(self, ruleset: RulesetInfo) -> None:
        where = "variant 'satat', option 'first_trump_maker': 'high-card-draw'"
        standard = ruleset.options.get("standard", {})
        if standard.get("partners") == "second-ace":
            raise InvalidOptionError(
                f"{where} cannot be combined with standard option partners='second-ace', which "
                "continues the first-Ace deal that the draw replaces")
        if standard.get("first_hakem", "first-ace") != "first-ace":
            raise InvalidOptionError(
                f"{where} replaces the first Hakem: leave out standard option "
                f"first_hakem={standard['first_hakem']!r}")
        names, me = ruleset.variants, self.info.name
        if "court-piece" in names and me in names and names.index("court-piece") > names.index(me):
            # The later-listed variant is asked first; court-piece's random first dealer
            # would shadow the draw that replaces it.
            raise InvalidOptionError(
                f"{where} replaces court-piece's random first dealer, so satat must be asked "
                "first: list 'satat' after 'court-piece', e.g. "
                "compose('court-piece', 'satat', ...)")

    @hookimpl
    def hokm_first_hakem(self, layout: TableLayout, face_up: Sequence[Card], first_seat: Seat) -> Seat:
        # Only with the draw (otherwise idle): the last round's strictly highest seat.
        last = high_card_draw(face_up, layout.players, first_seat)[-1]
        return max(last, key=lambda play: draw_rank(play[1]))[0]

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

    # Last four (only with last_four=True) ------------------------------------------------------

    @hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        return _LAST_FOUR if self.last_four else ()

    @hookimpl
    def hokm_call_alternatives(self) -> Sequence[Action]:
        # One of the trump maker's choices at the call, next to the four suits. The choice is by
        # position only: at the call he has seen his first packet and nothing of the last one.
        return _LAST_FOUR

    @hookimpl
    def hokm_decision_effect(self, hand: HandView, seat: Seat, action: Action) -> Effect | None:
        if not isinstance(action, LastFour):
            return None  # other variants' actions are theirs
        # The core deals every card before the call; the chosen card reaches the trump maker
        # (and is shown) only now, when the deal is complete. The 2♥ makes hearts trump and
        # stays the top trump, as every 2♥ does.
        card = hand.dealt(seat)[-LAST_PACKET:][action.position - 1]
        return Effect(trump=card.suit, show=(card,))


def _check_last_packet(ruleset: RulesetInfo) -> None:
    """Refuse ``last_four=True`` when the deal gives the trump maker no last packet of four.

    The deal is read from the options the composition shows: the two-player game deals
    packets only in its ``mode="dead-half"``, three players get 5-4-4-4, and otherwise the
    standard option ``packets`` decides.
    """
    where = "variant 'satat', option 'last_four': True"
    if "two-player" in ruleset:
        mode = ruleset.options.get("two-player", {}).get("mode")
        if mode != "dead-half":
            raise InvalidOptionError(
                f"{where} needs the trump maker's last packet of four, and the two-player "
                f"{'keep/reject draw' if mode is None else f'mode={mode!r}'} deals none: it is "
                "allowed with two-player only in mode='dead-half'")
        return
    if "three-player" in ruleset:
        return  # 5-4-4-4
    packets = tuple(ruleset.options.get("standard", {}).get("packets", (5, 4, 4)))
    if packets[-1] != LAST_PACKET:
        shown = "-".join(map(str, packets))
        raise InvalidOptionError(
            f"{where} needs the trump maker's last packet of four, and standard option "
            f"packets={shown!r} ends with a packet of {packets[-1]}")
