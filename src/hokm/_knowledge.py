"""What one seat can infer from the public history: the knowledge behind ``HandObservation``.

``infer`` reads an observation, and only it, once: the cards played, seen and
shown, where the shown cards are, each seat's hand size, and what each play
proves about the hand it came from. A seat that does not follow the led suit
(by the effective suit of that trick's trump table) holds none of that suit's
cards, as they were then. Where the ruleset adds a duty (a ``VoidDuty``, a
``FollowDuty``) or any legality hook, the inference *probes* the composed rules
with hypothetical hands: with a hand of every card not yet played, the legal
set is a set the seat would have had to play from; if the card played is not
in it, every card of that set is ruled out, and the probe goes on without them
until the card played is legal. That reading ("if you hold any card of a set,
play one of them", in layers) is exact for following suit, must-trump,
must-overtrump, must-beat and the announcement duties of the decision framework.

Hands only lose cards during trick play, so a card ruled out at one trick stays
ruled out. The one way back into a hand is a set-aside card restored to its
owner; the rules of RULES 1.5 show it as they restore it (a hidden trump's
reveal), so it is a known holding and the inference leaves it alone. A card
restored face down would not be modelled: the inference would still rule it out.
An announcement taken inside a trick whose class declares ``shows_void`` (the
rules offer it there only to a seat that cannot follow, as a hidden trump's ask)
proves that void as a card of another suit does: the card that follows it may
not (a caller who reveals his indicator may then follow with it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from hokm._compose.card_sets import frozen_cards
from hokm.cards import Card, Suit, mask_of
from hokm.errors import HokmError, InvalidArgumentError
from hokm.trick import Trick

if TYPE_CHECKING:
    from hokm.actions import Action
    from hokm.context import HandView
    from hokm.observation import HandObservation

__all__ = ["NO_TRUMP", "Knowledge", "infer"]

NO_TRUMP = 4
"""The engine's table index of play without a trump suit (``hokm._hand.moments.NO_TRUMP``)."""
_SUITS: tuple[Suit, ...] = tuple(Suit)
_MAX_LAYERS = 16
"""Probes of one play before giving up (a legality rule of more layers than this is not read)."""


class _PublicTricks:
    """What a legality rule's ``PlayContext`` reads of the hand while it is probed: the tricks."""

    __slots__ = ("tricks",)

    def __init__(self, tricks: tuple[Trick, ...]) -> None:
        self.tricks = tricks


class Knowledge:
    """One observation's public knowledge, as card masks (see ``HandObservation``).

    Attributes:
        seat: the observer.
        players: seats at the table.
        deck: the ruleset's deck.
        played: every card played.
        out_of_play: cards known to be out of play for good.
        unseen: deck cards whose place the observer does not know.
        held: per seat, cards known to be in its hand now.
        held_aside: per seat, cards known to be among its set-aside cards.
        excluded: per seat, cards not played that its plays prove are not in its hand.
        voids: per seat, the effective suits it failed to follow (or, by a void duty,
            proved it holds none of).
        hand_caps: per seat, hand cards the observer does not know.
        aside_caps: per seat, set-aside cards the observer does not know.
        stock_known: the stock's top cards the observer sees (the draw offer), top first.
        stock_cap: stock cards the observer does not know.
        rest_cap: unseen cards in no hand, set-aside pile or stock (out of play, or never dealt).
    """

    __slots__ = ("_current", "_engine", "_number", "aside_caps", "deck", "excluded", "hand_caps", "held",
                 "held_aside", "out_of_play", "played", "players", "rest_cap", "sampler", "seat",
                 "stock_cap", "stock_known", "unseen", "voids")

    seat: int
    players: int
    deck: int
    played: int
    out_of_play: int
    unseen: int
    held: tuple[int, ...]
    held_aside: tuple[int, ...]
    excluded: tuple[int, ...]
    voids: tuple[frozenset[Suit], ...]
    hand_caps: tuple[int, ...]
    aside_caps: tuple[int, ...]
    stock_known: tuple[Card, ...]
    stock_cap: int
    rest_cap: int
    _engine: Any
    _current: tuple[list[int], int, int]
    _number: int

    def __init__(self) -> None:
        self.sampler: object | None = None  # hokm.agents' counting tables, built on first use

    @staticmethod
    def cards(mask: int) -> frozenset[Card]:
        return frozen_cards(mask)

    def trick(self) -> Trick:
        """The trick in progress as a ``Trick`` value, with the tables of its trump."""
        packed, trump, first = self._current
        return cast(Trick, self._engine.cards.trick_value(packed, trump, self._number, first_trump=first))


def infer(observation: HandObservation) -> Knowledge:
    """The public knowledge of ``observation`` (see the module docstring)."""
    rules = observation.ruleset
    if rules is None or len(observation.hand_sizes) != rules.players:
        raise InvalidArgumentError(
            "this observation was built without its ruleset and hand sizes, so nothing can be "
            "inferred from it: take observations from HandState.observation(seat) or "
            "MatchState.observation(seat)")
    engine: Any = rules._engine
    players = engine.players
    know = Knowledge()
    know._engine = engine
    know.seat = observation.seat
    know.players = players
    know.deck = engine.deck_mask
    excluded = [0] * players
    voids: list[set[int]] = [set() for _ in range(players)]
    probe_all = bool(engine.legality.restrictors) or engine.legality.follow_duty is not None
    probe_void = probe_all or engine.legality.void_duty is not None or bool(engine.legality.void_restrictors)
    announced = _announcements(observation, engine)

    played = 0
    count = 0  # cards played before the trick being read
    completed: list[Trick] = []
    for trick in observation.tricks:
        trump = NO_TRUMP if trick.trump is None else trick.trump.index
        packed = [seat << 6 | card.index for seat, card in trick.plays]
        played = _read_trick(engine, packed, trump, trick.first_trump, trick.number, played, count,
                             excluded, voids, probe_void, probe_all, announced, tuple(completed))
        count += len(packed)
        completed.append(trick)
    current = [seat << 6 | card.index for seat, card in observation.current_trick]
    trump, first = _current_trump(observation, count + len(current), len(current))
    number = len(observation.tricks) + 1
    if current:
        played = _read_trick(engine, current, trump, first, number, played, count, excluded, voids,
                             probe_void, probe_all, announced, tuple(completed))
        waiting = announced.get(count + len(current))  # taken on the turn in progress
        if waiting is not None and waiting.shows_void and observation.to_act is not None:
            table = trump if len(current) >= first else NO_TRUMP
            led = engine.cards.suit_of[table][current[0] & 63]
            excluded[observation.to_act] |= engine.cards.suit_masks[table][led]
            voids[observation.to_act].add(led)
    know._current = (current, trump, first)
    know._number = number

    me = observation.seat
    mine, my_aside = mask_of(observation.hand), mask_of(observation.set_aside)
    shown, seen = mask_of(observation.shown), mask_of(observation.seen)
    held = [mask_of(cards) for cards in observation.shown_in_hands] or [0] * players
    held_aside = [mask_of(cards) for cards in observation.shown_set_aside] or [0] * players
    held[me] |= mine
    held_aside[me] |= my_aside
    stock_known = tuple(card for card in (observation.offered, observation.offered_next) if card is not None)
    anywhere = 0
    for mask in (*held, *held_aside):
        anywhere |= mask
    know.played = played
    know.out_of_play = played | seen | (shown & ~played & ~anywhere)
    know.unseen = engine.deck_mask & ~(played | mine | my_aside | seen | shown | mask_of(stock_known))
    know.held = tuple(held)
    # A card ruled out earlier but known to be in the hand now came back to it later (a restored,
    # shown indicator): the inference was about the hand of that time.
    know.excluded = tuple(mask & ~played & ~known for mask, known in zip(excluded, held, strict=True))
    know.held_aside = tuple(held_aside)
    know.voids = tuple(frozenset(_SUITS[suit] for suit in seat_voids) for seat_voids in voids)
    sizes = observation.hand_sizes
    know.hand_caps = tuple(size - mask.bit_count() for size, mask in zip(sizes, held, strict=True))
    counts = observation.set_aside_counts or (0,) * players
    know.aside_caps = tuple(size - mask.bit_count() for size, mask in zip(counts, held_aside, strict=True))
    know.stock_known = stock_known
    know.stock_cap = observation.stock_left - len(stock_known)
    know.rest_cap = (know.unseen.bit_count() - sum(know.hand_caps) - sum(know.aside_caps)
                     - know.stock_cap)
    return know


def _current_trump(observation: HandObservation, played: int, in_trick: int) -> tuple[int, int]:
    """The trump table of the trick in progress and the position its trumps count from.

    The same reading as ``HandState`` makes of its own trump (``_active_trump``).
    """
    trump = observation.trump
    if trump is None:
        return NO_TRUMP, 0
    since = observation.trump_from
    if not since:
        return trump.index, 0
    if since > played:
        return NO_TRUMP, 0
    return trump.index, max(0, since - (played - in_trick))


def _announcements(observation: HandObservation, engine: Any) -> dict[int, Action]:
    """The announcement made before each play (a seat's last decision at that card count).

    One taken on the turn in progress, before its card, is found at the count of cards played.
    A decision by the seat to play is an announcement only in a trick where one may be offered
    (``Decisions.turn_asked``): elsewhere it answered a pause before the trick (a decision asked
    of every seat after a trick is also asked of the next leader).
    """
    found: dict[int, Action] = {}
    plays = [seat for trick in observation.tricks for seat, _ in trick.plays]
    plays += [seat for seat, _ in observation.current_trick]
    asked = engine.decisions.turn_asked
    for (seat, action), at in zip(observation.decisions, observation.decisions_at, strict=True):
        done = at // engine.players  # (the trick of that play: tricks take a card a seat)
        if (plays[at] if at < len(plays) else observation.to_act) == seat and any(
                done < len(row) and row[done] for row in asked):
            found[at] = action
    return found


def _read_trick(engine: Any, packed: list[int], trump: int, first: int, number: int, played: int,
                count: int, excluded: list[int], voids: list[set[int]], probe_void: bool,
                probe_all: bool, announced: dict[int, Action], tricks: tuple[Trick, ...]) -> int:
    """Record what each play of one trick proves; returns ``played`` with the trick's cards.

    ``trump`` and ``first`` are the trick's own (``Trick.trump``, ``Trick.first_trump``): a card
    played before position ``first`` was played while the hand had no trump, and is judged so.
    """
    view = None
    for position, play in enumerate(packed):
        seat, card = play >> 6, play & 63
        table = trump if position >= first else NO_TRUMP  # the trump as it stood for this card
        suit_of, masks = engine.cards.suit_of[table], engine.cards.suit_masks[table]
        led = suit_of[packed[0] & 63]
        off_suit = position > 0 and suit_of[card] != led
        shown = position > 0 and getattr(announced.get(count + position), "shows_void", False)
        if off_suit or shown:
            excluded[seat] |= masks[led]
            voids[seat].add(led)
        made = announced.get(count + position)  # a duty an announcement brings binds a lead too
        if (off_suit and probe_void) or probe_all or (
                made is not None and engine.legality.duty(made) is not None):
            if view is None:
                view = cast("HandView", _PublicTricks(tricks))
            candidates = engine.deck_mask & ~played & ~(1 << card)
            if off_suit:  # known void in the led suit: probe the layers after following suit
                candidates &= ~masks[led]
            ruled_out = _probe(engine, candidates, card, packed[:position], seat, table, number, view,
                               first if table == trump else 0, made)
            if ruled_out:
                excluded[seat] |= ruled_out
                for suit in range(4):
                    cards = masks[suit] & candidates
                    if cards and not cards & ~ruled_out:
                        voids[seat].add(suit)
        played |= 1 << card
    return played


def _probe(engine: Any, candidates: int, card: int, prefix: list[int], seat: int, trump: int,
           number: int, view: HandView, first: int, announced: Action | None) -> int:
    """The cards whose presence in the hand would have made ``card`` illegal (see the module doc)."""
    hand = candidates | 1 << card
    ruled_out = 0
    for _ in range(_MAX_LAYERS):
        try:
            legal = engine.legality.legal_mask(hand, prefix, seat, trump, number, view, first, announced)
        except HokmError:  # a rule that cannot answer for a made-up hand: infer no more from it
            return ruled_out
        if legal >> card & 1 or not legal:
            return ruled_out
        ruled_out |= legal
        hand &= ~legal
    return ruled_out
