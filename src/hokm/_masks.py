"""Card masks as tuples of per-card items, memoised suit by suit (no Card in here).

Kept apart from ``hokm.cards``, whose attrs classes a mypyc build cannot
compile, so the compiled build can compile this hot helper with the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["SegmentedTuples", "indices_of"]

T = TypeVar("T")


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
