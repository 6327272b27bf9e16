"""Reproducible randomness: the same seed gives the same deals on any machine and Python.

Each stream (``"deck", 3`` for the third hand, ``"first-hakem"``, ...) gets its own
``random.Random`` seeded with an integer derived by SHA-256 from the seed and
the stream name; integer seeding of Mersenne Twister and ``Random.random()`` are
the parts of :mod:`random` whose output Python guarantees across versions. The
shuffle is our own Fisher-Yates over ``random()``, not ``random.shuffle``.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def normalize_seed(seed: int | str | None) -> int | str:
    """Validate a seed; ``None`` becomes a fresh random 64-bit integer."""
    if seed is None:
        return secrets.randbits(64)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError(f"a seed must be an int or a str, got {seed!r}")
    return seed


def rng_for(seed: int | str, *stream: object) -> random.Random:
    """An independent generator for ``stream`` under ``seed``."""
    kind = "i" if isinstance(seed, int) else "s"
    text = "\x1f".join([kind, str(seed), *map(str, stream)])
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def shuffled(items: Sequence[T], rng: random.Random) -> list[T]:
    """Fisher-Yates shuffle over ``rng.random()`` (a documented, stable algorithm)."""
    order = list(items)
    rand = rng.random
    for i in range(len(order) - 1, 0, -1):
        j = int(rand() * (i + 1))
        order[i], order[j] = order[j], order[i]
    return order
