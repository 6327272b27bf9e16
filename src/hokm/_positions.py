"""What a hand or a match *is*, read from its state: position keys, the deal, the actions taken.

``hand_key`` and ``match_key`` are what equality and hashing of states compare.
``hand_deal`` and ``hand_actions`` recover how a hand started and what was done
in it, which a game record writes: a hand state keeps its cards as masks and its
history as plays and decisions, not as the list of actions that made it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hokm.actions import CALL_TRUMP, PLAY_CARD, Action, DrawCard
from hokm.cards import Card, Suit
from hokm.errors import GameStateError
from hokm.outcomes import DRAW, PLAY, TRUMP
from hokm.table import Seat

if TYPE_CHECKING:
    from hokm.match import MatchState
    from hokm.state import HandState

__all__ = ["Deal", "hand_actions", "hand_deal", "hand_key", "match_key"]

_SUITS = tuple(Suit)


def hand_key(hand: HandState) -> tuple[Any, ...]:
    """Everything that decides what happens next in ``hand`` and what each seat may see.

    The deck order is not part of it (two orders that deal the same cards give equal
    hands), nor are caches.
    """
    setup, extra = hand._setup, hand._extra
    return (setup.ruleset, setup.hakem, setup.first_packet, setup.stock, setup.trump, setup.trump_from,
            setup.redeals, hand._phase, tuple(hand._hands), hand._to_act, tuple(hand._plays),
            hand._winners, hand._collectors, hand._team_tricks, hand._pile, extra.decisions,
            extra.decisions_at, extra.pending, extra.stock_pos, extra.seen, extra.aside, extra.blind,
            extra.shown, extra.announced, extra.annulled, extra.discarded)


def match_key(match: MatchState) -> tuple[Any, ...]:
    """The rules, the seed (it deals the hands to come), the score sheet and the current hand."""
    return (match._rules, match._seed, match._hand_number, match._scores, match._results,
            match._seating, match._draw, match._winner, hand_key(match._hand))


class Deal:
    """How a hand started: each seat's cards (masks), the Hakem's first packet, the stock."""

    __slots__ = ("first", "masks", "stock")

    def __init__(self, masks: list[int], first: int, stock: tuple[int, ...]) -> None:
        self.masks = masks
        self.first = first
        self.stock = stock

    def deck(self, hand: HandState) -> list[Card] | None:
        """A deck order the ruleset deals exactly this way from the hand's Hakem, if there is one.

        Cards within a seat's packets are put in display order, the Hakem's first packet
        where the pattern deals it; ``None`` when the hands are not a deal of the whole
        deck (``Ruleset.new_hand`` with a two-player table, say).
        """
        engine = hand._setup.engine
        plan = engine.plans[hand._setup.hakem]
        size = len(engine.deck)
        positions = list(range(size))
        order: list[int | None] = [None] * size
        if sum(self.masks) | _mask(self.stock) != engine.deck_mask or size - plan.dealt != len(self.stock):
            return None
        first = list(plan.first(positions))
        if self.first & ~self.masks[hand._setup.hakem] or self.first.bit_count() != len(first):
            return None
        for seat, mask in enumerate(self.masks):
            places = list(plan.seats[seat](positions))
            if mask.bit_count() != len(places):
                return None
            rest = mask
            if seat == hand._setup.hakem:
                _fill(order, first, self.first)
                places = [place for place in places if place not in first]
                rest &= ~self.first
            _fill(order, places, rest)
        for place, index in zip(range(plan.dealt, size), self.stock, strict=True):
            order[place] = index
        return [Card.from_index(index) for index in order if index is not None]

    def hands(self, hand: HandState) -> list[list[Card]]:
        """Each seat's cards in display order, the Hakem's first packet first."""
        hakem = hand._setup.hakem
        hands = []
        for seat, mask in enumerate(self.masks):
            if seat == hakem:
                hands.append(_sorted(self.first) + _sorted(mask & ~self.first))
            else:
                hands.append(_sorted(mask))
        return hands


def _mask(indices: tuple[int, ...]) -> int:
    mask = 0
    for index in indices:
        mask |= 1 << index
    return mask


def _sorted(mask: int) -> list[Card]:
    return sorted((Card.from_index(i) for i in range(52) if mask >> i & 1), key=lambda c: c.sort_key)


def _fill(order: list[int | None], places: list[int], mask: int) -> None:
    for place, card in zip(places, _sorted(mask), strict=True):
        order[place] = card.index


def hand_deal(hand: HandState) -> Deal:
    """The cards each seat was dealt: what it holds and has played, less what it drew."""
    setup = hand._setup
    masks = list(hand._hands)
    for packed in hand._plays:
        masks[packed >> 6] |= 1 << (packed & 63)
    drawn = _mask(setup.stock[:hand._extra.stock_pos])
    return Deal([mask & ~drawn for mask in masks], setup.first_packet, setup.stock)


def hand_actions(hand: HandState, deal: Deal) -> list[tuple[Seat, Action]]:
    """Every action taken in ``hand``, in order, with its seat.

    Plays and decisions are kept by the state; the trump call and the stock draws are
    read from what they left (the trump, who holds which stock card). Where decisions
    or draws interleave with the plays, the hand is replayed from ``deal`` to put each
    where the rules ask for it, and the replay must reach ``hand`` exactly.

    Raises:
        GameStateError: the replay does not reach ``hand`` (a state this module cannot
            read yet, such as one changed by a kind of step it does not know).
    """
    setup, extra = hand._setup, hand._extra
    if setup.trump < 0:
        return []
    hakem = Seat(setup.hakem)
    if not extra.decisions and not setup.stock:
        return [(hakem, CALL_TRUMP[_SUITS[setup.trump]]),
                *[(Seat(p >> 6), PLAY_CARD[p & 63]) for p in hand._plays]]
    from hokm.state import HandState

    held = list(hand._hands)
    for packed in hand._plays:
        held[packed >> 6] |= 1 << (packed & 63)
    state = HandState._start(setup.ruleset, list(deal.masks), setup.hakem, deal.first, deal.stock, None)
    taken: list[tuple[Seat, Action]] = []
    plays, decisions = iter(hand._plays), iter(extra.decisions)
    while True:
        phase, seat = state._phase, Seat(state._to_act)
        action: Action | None
        if phase == TRUMP:
            action = CALL_TRUMP[_SUITS[setup.trump]]
        elif phase == DRAW:
            position = state._extra.stock_pos
            action = (None if position >= extra.stock_pos
                      else DrawCard(bool(held[seat] >> setup.stock[position] & 1)))
        elif phase == PLAY and state._extra.pending is not None:
            decision = next(decisions, None)
            action = None if decision is None else decision[1]
        elif phase == PLAY:
            play = next(plays, None)
            action = None if play is None else PLAY_CARD[play & 63]
        else:
            action = None
        if action is None:
            break
        taken.append((seat, action))
        state = state.apply(action)
    if hand_key(state) != hand_key(hand):
        raise GameStateError("cannot list the actions of this hand: replaying its plays and decisions "
                             "does not reach it")
    return taken
