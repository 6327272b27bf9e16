"""Dealing: starting a hand from a deck order, a shuffle or explicit hands.

A ruleset's deal pattern became one ``DealPlan`` per possible Hakem when it was
composed (``hokm._compose.table``). ``Ruleset.deal`` and ``Ruleset.new_hand``
validate what they are given here and start the hand at its trump call.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from hokm._compose.card_sets import frozen_cards
from hokm._hand.state import HandState
from hokm._seeding import shuffled_positions
from hokm.cards import Card, Suit
from hokm.context import Packets
from hokm.errors import DealTypeError, InvalidDealError, _got, _shown

if TYPE_CHECKING:
    from hokm._compose.engine import Engine
    from hokm.rules import Ruleset

__all__ = ["check_deck", "deal_hand", "seat_number", "start_hand"]

_INDEX = operator.attrgetter("index")
_BITS = tuple(1 << index for index in range(64))
_BIT = _BITS.__getitem__


def seat_number(ruleset: Ruleset, seat: object, name: str = "hakem") -> int:
    """``seat`` if it is a seat of the ruleset's table; else ``DealTypeError`` or ``InvalidDealError``."""
    players = ruleset._engine.players
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise DealTypeError(f"{name}={_shown(seat)} is not a seat: seats are the ints "
                            f"0..{players - 1}, got {_got(seat)}")
    if not 0 <= seat < players:
        raise InvalidDealError(f"{name}={_shown(seat)} is not a seat: seats are 0..{players - 1}")
    return seat


def start_hand(ruleset: Ruleset, hands: Sequence[object], hakem: object,
               trump: object, redeals: int = 0) -> HandState:
    """Validate explicit hands and start a hand (see ``Ruleset.new_hand``)."""
    engine = ruleset._engine
    hakem = seat_number(ruleset, hakem)
    if trump is not None and not isinstance(trump, Suit):
        raise DealTypeError(f"trump={_shown(trump)} is not a Suit: give a Suit such as Suit.HEARTS "
                            f"or None, got {_got(trump)}")
    if len(hands) != engine.players:
        raise InvalidDealError(f"expected {engine.players} hands (one per seat), got {len(hands):,}")
    masks: list[int] = []
    orders: list[tuple[int, ...]] = []  # (each hand's card indices as given: a hand may be an iterator)
    seen = 0
    first_cards: list[Card] = []
    for seat, given in enumerate(hands):
        if isinstance(given, str | bytes | bytearray | Mapping) or not isinstance(given, Iterable):
            hint = "; hokm.cards() parses text" if isinstance(given, str) else ""
            raise DealTypeError(f"hands[{seat}] must be an iterable of Cards, got {_got(given)}{hint}")
        cards = list(given)
        if seat == hakem:
            first_cards = cards
        if len(cards) == engine.hand_size and set(map(type, cards)) == {Card}:  # the usual: checked in C
            indices = tuple(map(_INDEX, cards))
            mask = sum(map(_BIT, indices))
            if mask.bit_count() == len(cards) and not mask & seen and not mask & ~engine.deck_mask:
                seen |= mask
                masks.append(mask)
                orders.append(indices)
                continue
        mask = 0  # (the card that is wrong, found one by one for the message)
        for card in cards:
            if not isinstance(card, Card):
                raise DealTypeError(f"seat {seat}'s hand holds {_got(card)}, which is not a Card")
            bit = 1 << card.index
            if not engine.deck_mask & bit:
                raise InvalidDealError(f"{card} (seat {seat}) is not in this ruleset's deck")
            if seen & bit:
                raise InvalidDealError(f"{card} is dealt twice (again to seat {seat})")
            seen |= bit
            mask |= bit
        if len(cards) != engine.hand_size:
            raise InvalidDealError(
                f"seat {seat} holds {len(cards):,} cards; every hand needs {engine.hand_size}")
        masks.append(mask)
        orders.append(tuple(map(_INDEX, cards)))
    if trump is not None and engine.fixes_trump:
        raise InvalidDealError(f"trump={trump!r} given, but under this ruleset nobody calls trump: "
                               "the first card played by a seat that cannot follow fixes it")
    first = sum(1 << card.index for card in first_cards[:engine.table.first_packet])
    return HandState._start(ruleset, masks, hakem, first, (), None if trump is None else trump.index,
                            tuple(orders), redeals)


def deal_hand(ruleset: Ruleset, order: Sequence[Card] | random.Random, hakem: object,
              redeals: int = 0) -> HandState:
    """Deal ``order`` (top card first), or a fresh shuffle from a ``random.Random``.

    The hand starts at the trump call. ``redeals``: deals annulled in a row before
    this one with the same Hakem (``HandState.redeals``).
    """
    engine = ruleset._engine
    if type(hakem) is not int or not 0 <= hakem < engine.players:  # the usual seat skips the call
        hakem = seat_number(ruleset, hakem)
    if isinstance(order, random.Random):
        positions = shuffled_positions(len(engine.table.deck_indices), order)
        if not engine.table.full_deck:  # positions in the ruleset's deck, to card indices
            positions = [engine.table.deck_indices[i] for i in positions]
        return _deal_indices(ruleset, positions, hakem, redeals)
    size = len(engine.table.deck)
    cards = list(order)
    if len(cards) == size and set(map(type, cards)) == {Card}:
        indices = list(map(_INDEX, cards))
        # Distinct indices whose bits add up to the deck: exactly the ruleset's cards.
        if len(set(indices)) == size and sum(map(_BIT, indices)) == engine.deck_mask:
            return _deal_indices(ruleset, indices, hakem, redeals)
    check_deck(engine.deck_mask, size, cards)  # raises the precise reason
    raise InvalidDealError("the deck is not a valid order of this ruleset's cards")


def _deal_indices(ruleset: Ruleset, indices: list[int], hakem: int, redeals: int) -> HandState:
    """Deal a validated order of card indices by the ruleset's pattern."""
    engine = ruleset._engine
    plan = engine.table.plans[hakem]
    bits = operator.itemgetter(*indices)(_BITS)  # one tuple, built in C
    masks = [sum(take(bits)) for take in plan.seats]
    first = sum(plan.first(bits))
    # The rest of the deck is the stock (a StockDraw), or cards that stay undealt.
    stock = tuple(indices[plan.dealt:]) if plan.dealt < len(indices) and not _undealt(engine) else ()
    return HandState._start(ruleset, masks, hakem, first, stock, None, indices, redeals)


def _undealt(engine: Engine) -> bool:
    pattern = engine.table.pattern
    return isinstance(pattern, Packets) and pattern.undealt


def check_deck(deck_mask: int, size: int, order: Sequence[Card]) -> list[Card]:
    """Validate a deck order against the ruleset's deck; raise InvalidDealError naming the problem."""
    cards = list(order)
    if len(cards) == size and all(c.__class__ is Card for c in cards):
        mask = 0
        for card in cards:
            mask |= 1 << card.index
        if mask == deck_mask:
            return cards
    seen = 0
    for card in cards:
        if not isinstance(card, Card):
            raise DealTypeError(f"the deck holds {_got(card)}, which is not a Card")
        bit = 1 << card.index
        if not deck_mask & bit:
            raise InvalidDealError(f"{card} is not in this ruleset's deck")
        if seen & bit:
            raise InvalidDealError(f"{card} appears twice in the deck")
        seen |= bit
    missing = [str(c) for c in sorted(frozen_cards(deck_mask & ~seen), key=_INDEX)]
    shown = ", ".join(missing[:8]) + (f" and {len(missing) - 8} more" if len(missing) > 8 else "")
    raise InvalidDealError(
        f"the deck has {len(cards):,} cards; this ruleset deals {size}"
        + (f" (missing: {shown})" if missing else ""))
