"""Argument checks shared by the public entry points (pure Python, off the hot paths).

Each check raises the error of its caller's area (a ``hokm.DealTypeError`` for a deal,
a plain ``hokm.ArgumentTypeError`` elsewhere) with a message that names the argument,
shows its value shortened and says what was expected.
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence, Set
from typing import Any

from hokm.errors import ArgumentTypeError, InvalidArgumentError, _got, _kind, _shown

__all__ = ["MAX_SEED_BITS", "check_int", "check_match_view", "check_records_dir", "check_rng",
           "check_seconds", "check_seed", "is_instance", "ordered", "register_class"]

MAX_SEED_BITS = 8192
"""The largest integer seed, in bits (Python refuses to print ints past about 14,000 bits)."""


def check_int(value: object, name: str, *, low: int | None = None, high: int | None = None,
              error: type[Exception] = InvalidArgumentError,
              type_error: type[ArgumentTypeError] = ArgumentTypeError) -> int:
    """``value`` if it is an int (not a bool) in ``low..high``; else ``type_error`` or ``error``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise type_error(f"{name} must be an int{_span(low, high)}, got {_got(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise error(f"{name} must be an int{_span(low, high)}, got {_got(value)}")
    return value


def _span(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f" from {low:,} to {high:,}"
    if low is not None:
        return " of at least 1" if low == 1 else f" of at least {low:,}"
    return ""


def check_seed(seed: object, name: str = "seed", *,
               error: type[Exception] = InvalidArgumentError,
               type_error: type[ArgumentTypeError] = ArgumentTypeError,
               optional: bool = True) -> None:
    """A seed is ``None`` (where ``optional``), an int or a str."""
    if seed is None and optional:
        return
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise type_error(f"{name}={_shown(seed)}: a seed must be an int or a str"
                         f"{' (or None)' if optional else ''}, got {_kind(seed)}")
    if isinstance(seed, int) and abs(seed).bit_length() > MAX_SEED_BITS:
        raise error(f"{name}={_shown(seed)}: a seed must be a str or an int of at most "
                    f"{MAX_SEED_BITS:,} bits")


def check_seconds(value: object, name: str) -> float:
    """A positive, finite number of seconds (an int or a float, not a bool), as a float."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ArgumentTypeError(f"{name} must be a number of seconds, got {_got(value)}")
    if not (value > 0 and math.isfinite(value)):
        raise InvalidArgumentError(f"{name} must be a positive, finite number of seconds, got {_got(value)}")
    return float(value)


def check_rng(rng: object, name: str = "rng") -> None:
    """An optional ``random.Random`` (``random.SystemRandom`` and other subclasses included)."""
    if rng is not None and not isinstance(rng, random.Random):
        raise ArgumentTypeError(f"{name} must be a random.Random (or None), got {_got(rng)}")


def check_match_view(match: object) -> None:
    """An optional ``hokm.MatchView``: something with a layout, scores and results."""
    if match is not None and not all(hasattr(match, name) for name in ("layout", "scores", "results")):
        raise ArgumentTypeError(f"match must be a MatchView such as a MatchState (or None), "
                                f"got {_got(match)}")


def ordered(value: object, name: str, what: str,
            type_error: type[ArgumentTypeError] = ArgumentTypeError) -> Sequence[Any]:
    """``value`` if it is an ordered, sized sequence (a list or tuple), not text or a mapping.

    ``what`` says what the items are (``"cards, top card first"``). Sets have no order and
    iterators can be read only once, so both are refused with a hint.
    """
    if isinstance(value, Sequence) and not isinstance(value, str | bytes | bytearray):
        return value
    expected = f"{name} must be a list or tuple of {what}"
    if isinstance(value, str | bytes | bytearray):
        hint = "; parse text with hokm.cards(...)" if isinstance(value, str) else ""
        raise type_error(f"{expected}, got {_got(value)}{hint}")
    if isinstance(value, Mapping):
        raise type_error(f"{expected}, got {_got(value)}: a mapping has no order")
    if isinstance(value, Set):
        raise type_error(f"{expected}, got {_got(value)}: a set has no order")
    if isinstance(value, Iterator):
        raise type_error(f"{expected}, got {_got(value)}: pass list(...) of it")
    if isinstance(value, Iterable):
        raise type_error(f"{expected}, got {_got(value)}: pass list(...) of it")
    raise type_error(f"{expected}, got {_got(value)}")


def check_records_dir(records: object) -> str | None:
    """The directory to write game records to, created if needed (``None`` for no records)."""
    if records is None:
        return None
    if not isinstance(records, str | os.PathLike):
        raise ArgumentTypeError(f"records must be a directory path (or None), got {_got(records)}")
    path = os.fspath(records)
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as error:
        raise InvalidArgumentError(f"records={_shown(path)}: cannot create the directory: "
                                   f"{error.strerror or error}") from error
    return str(path)


_CLASSES: dict[str, type] = {}


def register_class(cls: type) -> None:
    """Let modules below ``cls`` check for it by name (``is_instance``): its module calls this."""
    _CLASSES[cls.__name__] = cls


def is_instance(value: object, name: str) -> bool:
    """``isinstance(value, C)`` for the registered class ``C`` named ``name`` (``"HandState"``),
    from a module that does not import ``C``'s: ``False`` while that module is not loaded, when
    no instance of ``C`` can exist."""
    cls = _CLASSES.get(name)
    return cls is not None and isinstance(value, cls)
