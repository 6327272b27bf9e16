"""Card masks: the bit tables every part of the engine picks cards with, and masks as tuples.

A hand is a 52-bit mask, bit ``card.index`` set for each card it holds; a printed suit
is 13 bits of it. The tables below are built at import, never lazily, so threads can
share them. ``SegmentedTuples`` turns a mask into a tuple of per-card items (actions,
cards) memoised suit by suit. Nothing here knows a rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["BIT13", "BITS", "COUNTS", "FLOAT_COUNTS", "SegmentedTuples", "display_order", "indices_of",
           "nth_card", "nth_displayed"]

T = TypeVar("T")


def _bit_table() -> tuple[tuple[int, ...], ...]:
    """For every 13-bit value (one printed suit of a card mask), its set bits, low first.

    Built by doubling: the values with bit ``i`` set are those below ``1 << i`` plus ``i``.
    """
    table: list[tuple[int, ...]] = [()]
    for bit in range(13):
        table += [(*bits, bit) for bits in table]
    return tuple(table)


BITS: tuple[tuple[int, ...], ...] = _bit_table()
"""For every 13-bit value, its set bits, lowest first."""
COUNTS: tuple[int, ...] = tuple(map(len, BITS))
"""For every 13-bit value, how many bits are set."""
FLOAT_COUNTS: tuple[float, ...] = tuple(map(float, COUNTS))
"""``COUNTS`` as floats: ``random() * n`` multiplies two floats, CPython's cheaper product."""
BIT13: tuple[int, ...] = tuple(1 << bit for bit in range(13))
"""``1 << bit`` for the 13 bits of a printed suit."""


def nth_card(legal: int, pick: int) -> int:
    """The index of the ``pick``-th card (0-based, in index order) of the mask ``legal``.

    >>> nth_card(0b1010 | 1 << 40, 2)
    40
    """
    bits, counts = BITS, COUNTS
    segment = legal & 0x1FFF
    if pick < counts[segment]:
        return bits[segment][pick]
    pick -= counts[segment]
    segment = legal >> 13 & 0x1FFF
    if pick < counts[segment]:
        return 13 + bits[segment][pick]
    pick -= counts[segment]
    segment = legal >> 26 & 0x1FFF
    if pick < counts[segment]:
        return 26 + bits[segment][pick]
    return 39 + bits[legal >> 39][pick - counts[segment]]


def display_order(cards: int) -> list[int]:
    """The indices of the mask ``cards`` in display order (``Card.sort_key``): suit by suit, each
    suit's cards from the highest rank down (its bits read high first).

    >>> display_order(1 << 0 | 1 << 12 | 1 << 13)  # 2♠, A♠, 2♥
    [12, 0, 13]
    """
    order = []
    base = 0
    while cards:
        suit = cards & 0x1FFF
        while suit:
            top = suit.bit_length() - 1
            order.append(base + top)
            suit ^= 1 << top
        cards >>= 13
        base += 13
    return order


def nth_displayed(cards: int, pick: int) -> int:
    """``display_order(cards)[pick]``, without the list.

    >>> nth_displayed(1 << 0 | 1 << 12 | 1 << 13, 2)
    13
    """
    base = 0
    while True:
        suit = cards >> base & 0x1FFF
        count = COUNTS[suit]
        if pick < count:
            return base + BITS[suit][count - 1 - pick]
        pick -= count
        base += 13


class SegmentedTuples(Generic[T]):
    """Map a card mask to a tuple of per-card items in index order, memoised suit by suit.

    A mask is split into four 13-bit segments (one per suit) and each segment's
    tuple is cached: legal sets are usually a single suit, so a lookup is one
    or two dict hits instead of a walk over the bits.
    """

    __slots__ = ("_item", "_segments")

    def __init__(self, item: Callable[[int], T]) -> None:
        self._item = item
        self._segments: tuple[dict[int, tuple[T, ...]], ...] = ({}, {}, {}, {})

    def _fill(self, suit: int, bits: int) -> tuple[T, ...]:
        base = suit * 13
        part = tuple(self._item(base + i) for i in range(13) if bits >> i & 1)
        self._segments[suit][bits] = part
        return part

    def __call__(self, mask: int) -> tuple[T, ...]:
        found: tuple[T, ...] = ()
        suit = 0
        segments = self._segments
        while mask:
            bits = mask & 0x1FFF
            if bits:
                part = segments[suit].get(bits) or self._fill(suit, bits)
                found = found + part if found else part
            mask >>= 13
            suit += 1
        return found


def _identity(index: int) -> int:
    return index


indices_of: SegmentedTuples[int] = SegmentedTuples(_identity)
"""The set bit positions of a mask, in increasing order."""
