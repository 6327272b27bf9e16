"""The limits a record is read within, and the ``RecordError`` that names where one broke them.

Everything that reads records (the JSON reader, the log reader, the action codec, the replay)
shares these, so they sit below all of it.
"""

from __future__ import annotations

from typing import Any, NoReturn

from hokm.errors import RecordError, _shown

__all__ = ["MAX_ACTIONS", "MAX_DEPTH", "MAX_HANDS", "MAX_HAND_ACTIONS", "MAX_RECORD_BYTES", "MAX_TEXT_LENGTH",
           "fail", "no_constant", "record_error", "unique_keys"]

MAX_RECORD_BYTES = 32 * 1024 * 1024
"""The largest record read, in bytes (or characters), after any gzip decompression."""
MAX_TEXT_LENGTH = 10_000
"""The longest string in a record's metadata, in characters (a name, an event, a note)."""
MAX_HANDS = 2_000
"""The most hands one match record may hold (annulled ones included)."""
MAX_HAND_ACTIONS = 1_000
"""The most actions one hand may hold (a 13-trick hand has about 55)."""
MAX_ACTIONS = 100_000
"""The most actions one record may hold, all hands together."""
MAX_DEPTH = 32
"""The deepest nesting of lists and objects in metadata."""


def record_error(what: str, path: str = "$", *, hand: int | None = None,
                 action: int | None = None) -> RecordError:
    """The ``RecordError`` for ``what`` at ``path`` (in ``hand``, at ``action``)."""
    where = path
    if hand is not None:
        where = f"hand {hand}" + (f", action {action}" if action is not None else "") + f" ({path})"
    return RecordError(f"{where}: {what}", path=path, hand=hand, action=action)


def fail(what: str, path: str = "$", *, hand: int | None = None, action: int | None = None) -> NoReturn:
    """Raise the ``RecordError`` for ``what`` at ``path`` (in ``hand``, at ``action``)."""
    raise record_error(what, path, hand=hand, action=action)


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's pairs as a dict, refusing a key given twice (``json.loads``' pairs hook)."""
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {_shown(key)} appears twice in one object")
            seen.add(key)
    return result


def no_constant(name: str) -> NoReturn:
    """Refuse ``NaN`` and ``Infinity``, which JSON does not have (``json.loads``' constant hook)."""
    raise ValueError(f"{name} is not a JSON number")
