"""A card mask as a frozenset of ``Card``s, memoised: the sets a hand state hands out
(``legal_plays``, hands, cards set aside or shown) and the samplers' hands.

Here, among the compiled modules, so that the compiled build's ``legal_plays`` does not pay an
interpreted call.
"""

from __future__ import annotations

from hokm.cards import Card, cards_in_mask

__all__ = ["CARDS", "frozen_cards"]


CARDS: tuple[Card, ...] = tuple(map(Card.from_index, range(52)))
"""Every card by its index: the interned cards (``Card.from_index``) without the call."""

# One printed suit's cards (a 13-bit segment of a mask) as a frozenset, memoised per suit:
# larger sets are unions of these, which reuse the stored hashes instead of calling Card.__hash__.
_SUIT_SETS: tuple[dict[int, frozenset[Card]], ...] = ({}, {}, {}, {})


def _suit_set(suit: int, bits: int) -> frozenset[Card]:
    """One suit's cards as a frozenset (``bits`` 0 is the empty set, which is falsy: not stored)."""
    if not bits:
        return _NO_CARDS
    found = _SUIT_SETS[suit].get(bits)
    if found is None:
        found = _SUIT_SETS[suit][bits] = frozenset(cards_in_mask(bits << 13 * suit))
    return found


_SUIT_GETS = tuple(sets.get for sets in _SUIT_SETS)
_NO_CARDS: frozenset[Card] = frozenset()
_SINGLE_SUIT_SETS: dict[int, frozenset[Card]] = {}  # by whole mask: at most 4 x 8191 entries


def frozen_cards(mask: int) -> frozenset[Card]:
    """The cards of ``mask`` as a frozenset, memoised (legal sets repeat a lot).

    Single-suit sets are memoised by mask; a set over several suits is the union
    of the suits' sets, which reuses their stored hashes instead of calling
    ``Card.__hash__``.
    """
    found = _SINGLE_SUIT_SETS.get(mask)
    if found is not None:
        return found
    if not mask:
        return _NO_CARDS
    top = (mask.bit_length() - 1) // 13  # the highest suit present
    shift = 13 * top
    high = mask >> shift
    if high << shift == mask:  # one suit: the usual legal set
        found = _SINGLE_SUIT_SETS[mask] = _suit_set(top, high)
        return found
    spades_get, hearts_get, diamonds_get, clubs_get = _SUIT_GETS
    spades = spades_get(mask & 0x1FFF) or _suit_set(0, mask & 0x1FFF)
    hearts = hearts_get(mask >> 13 & 0x1FFF) or _suit_set(1, mask >> 13 & 0x1FFF)
    diamonds = diamonds_get(mask >> 26 & 0x1FFF) or _suit_set(2, mask >> 26 & 0x1FFF)
    return spades.union(hearts, diamonds, clubs_get(mask >> 39) or _suit_set(3, mask >> 39))
