"""Reproducible randomness: the same seed gives the same deals on any machine and Python.

Each stream (``"deck", 3`` for the third hand, ``"first-hakem"``, ...) gets its own
``random.Random`` seeded with an integer derived by SHA-256 from the seed and
the stream name; integer seeding of Mersenne Twister and ``Random.random()`` are
the parts of ``random`` whose output Python guarantees across versions. The
shuffle is our own (one ``random()`` key per card, then a sort), not ``random.shuffle``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import repeat, starmap
from typing import TypeVar

T = TypeVar("T")


SEED_BITS = 128
"""Bits of a drawn seed: too many to search, even at the rate SHA-256 can be computed in bulk."""


def normalize_seed(seed: object) -> int | str:
    """Validate a seed; ``None`` becomes a fresh random 128-bit integer from the OS (``secrets``).

    Whoever knows a match's seed can compute all its deals, so a drawn seed must be
    unpredictable: ``secrets`` reads the operating system's randomness, never
    ``random``'s generator.
    """
    if seed is None:
        import secrets  # the OS's randomness, read only when a fresh seed is drawn

        return secrets.randbits(SEED_BITS)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError(f"a seed must be an int or a str, got {seed!r}")
    return seed


def stream_seed(seed: int | str, *stream: object) -> int:
    """The integer that seeds ``stream``'s generator under ``seed`` (128 bits of SHA-256)."""
    import hashlib  # cached by the import system after the first call

    kind = "i" if isinstance(seed, int) else "s"
    text = "\x1f".join([kind, str(seed), *map(str, stream)])
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return int.from_bytes(digest[:16], "big")


def rng_for(seed: int | str, *stream: object) -> random.Random:
    """An independent generator for ``stream`` under ``seed``."""
    return random.Random(stream_seed(seed, *stream))


def seed_key(number: int) -> bytes:
    """The key words ``random.Random(number)`` seeds Mersenne Twister with (init_by_array), as
    bytes, 4 a word, low word first: what the C kernel seeds its own copy with."""
    words = max(1, (number.bit_length() + 31) // 32)
    return number.to_bytes(4 * words, "little")


def shuffled_positions(count: int, rng: random.Random) -> list[int]:
    """A uniformly random order of ``range(count)``: sorted by one ``rng.random()`` key each.

    Every permutation is equally likely (ties between 53-bit floats aside), the
    draws are exactly ``count`` calls of ``random()``, whose output Python
    guarantees across versions, and the sort runs in C.
    """
    keys = list(starmap(rng.random, repeat((), count)))  # count calls of random(), looped in C
    return sorted(range(count), key=keys.__getitem__)


def shuffled(items: Sequence[T], rng: random.Random) -> list[T]:
    """``items`` in the order ``shuffled_positions`` draws."""
    return [items[i] for i in shuffled_positions(len(items), rng)]
