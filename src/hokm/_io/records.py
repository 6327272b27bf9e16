"""Game records as text and as data: reading JSON within limits, metadata, and actions by tag.

Cards are written as ``str(card)`` prints them (``"A♠"``, ``"10♥"``), suits as
their symbol, actions as ``{"seat": 0, "act": TAG, FIELD: VALUE, ...}`` where
``TAG`` is the action class's ``Action.tag`` and the fields are its ``attrs``
fields, each converted by its annotated type (``hokm._io.fields``). Every failure
is a ``RecordError`` that names the JSON path (``hokm._io.limits``).
"""

from __future__ import annotations

import json
import math
import os
import re
import zlib
from collections.abc import Mapping, Sequence
from typing import Any

from hokm._io.fields import read_action, write_fields
from hokm._io.limits import (
    MAX_ACTIONS,
    MAX_DEPTH,
    MAX_HAND_ACTIONS,
    MAX_HANDS,
    MAX_RECORD_BYTES,
    MAX_TEXT_LENGTH,
    fail,
    no_constant,
    record_error,
    unique_keys,
)
from hokm._io.log import is_log, read_log
from hokm.actions import _TAGGED, PLAY_CARD, Action, PlayCard
from hokm.errors import _got, _kind, _shown

__all__ = [
    "MAX_ACTIONS",
    "MAX_HANDS",
    "MAX_HAND_ACTIONS",
    "MAX_RECORD_BYTES",
    "MAX_TEXT_LENGTH",
    "check_metadata",
    "decode_action",
    "encode_action",
    "fail",
    "json_copy",
    "parse",
    "record_error",
    "same",
]

PLAYS: dict[str, PlayCard] = {str(action.card): action for action in PLAY_CARD}
_GZIP = b"\x1f\x8b"


# Text -------------------------------------------------------------------------------------------


def parse(source: object) -> Any:
    """The JSON data of ``source``: a mapping as it is, text, bytes (UTF-8, or gzip) or a path.

    A log (``hokm._io.log``) is read as the match record it amounts to.
    """
    if isinstance(source, Mapping):
        return source
    if isinstance(source, os.PathLike):
        with open(source, "rb") as file:  # an OSError (no such file) is the caller's to see
            source = file.read(MAX_RECORD_BYTES + 1)
    if isinstance(source, bytes | bytearray | memoryview):
        text = _decode(bytes(source))
    elif isinstance(source, str):
        text = source
    else:
        fail(f"a record is JSON text (str), bytes, a path (os.PathLike) or a parsed dict, got "
             f"{_got(source)}")
    if len(text) > MAX_RECORD_BYTES:
        fail(f"the record is longer than the limit of {MAX_RECORD_BYTES:,} characters")
    if is_log(text):  # the append-only form: a header line, a line an action, the end
        return read_log(text)
    try:
        return json.loads(text, object_pairs_hook=unique_keys, parse_constant=no_constant)
    except json.JSONDecodeError as error:
        early = (error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated string")
                 or _unclosed(text))
        ending = " (the text ends early: is the record truncated?)" if early else ""
        fail(f"not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}{ending}")
    except RecursionError:
        fail("not a record: the JSON is nested too deeply")
    except ValueError as error:  # a number with thousands of digits, a duplicate key
        fail(f"not a record: {str(error)[:200]}")


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)


def _unclosed(text: str) -> bool:
    """Whether ``text`` ends inside a string, a list or an object: cut short, likely."""
    rest = _STRING.sub("", text)
    return '"' in rest or rest.count("[") + rest.count("{") > rest.count("]") + rest.count("}")


def _decode(data: bytes) -> str:
    if data[:2] == _GZIP:
        inflater = zlib.decompressobj(wbits=31)
        try:
            data = inflater.decompress(data, MAX_RECORD_BYTES + 1)
        except zlib.error as error:
            fail(f"the gzip data is corrupt: {error}")
        if not inflater.eof and len(data) <= MAX_RECORD_BYTES:
            fail("the gzip data ends early: is the file truncated?")
    if len(data) > MAX_RECORD_BYTES:
        fail(f"the record is larger than the limit of {MAX_RECORD_BYTES:,} bytes")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        if error.reason == "unexpected end of data" and error.end == len(data):
            return data[:error.start].decode("utf-8-sig")  # cut inside a character: cut before it
        fail(f"not UTF-8 text: byte 0x{data[error.start]:02x} at offset {error.start:,} is not UTF-8 "
             "(records are UTF-8 JSON)")


def same(one: object, other: object) -> bool:
    """Whether two JSON values are equal, types included (``true`` is not ``1``)."""
    if type(one) is not type(other):
        return False
    if isinstance(one, list) and isinstance(other, list):
        return len(one) == len(other) and all(same(a, b) for a, b in zip(one, other, strict=True))
    if isinstance(one, dict) and isinstance(other, dict):
        return one.keys() == other.keys() and all(same(one[key], other[key]) for key in one)
    return one == other


def json_copy(value: object, path: str, depth: int = 0) -> Any:
    """``value`` as plain JSON data (tuples become lists), within the record limits."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        if value.bit_length() > 64:
            fail(f"{_shown(value)} is too large an integer for a record (at most 64 bits)", path)
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            fail(f"{value!r} is not a JSON number", path)
        return value
    if isinstance(value, str):
        if len(value) > MAX_TEXT_LENGTH:
            fail(f"a string of {len(value):,} characters is longer than the limit of "
                 f"{MAX_TEXT_LENGTH:,}", path)
        return value
    if depth >= MAX_DEPTH:
        fail(f"nested deeper than the limit of {MAX_DEPTH} lists and objects", path)
    if isinstance(value, Mapping):
        copy = {}
        for key, item in value.items():
            if not isinstance(key, str):
                fail(f"object keys are strings, got {_got(key)}", path)
            copy[json_copy(key, path)] = json_copy(item, f"{path}.{_key(key)}", depth + 1)
        return copy
    if isinstance(value, list | tuple):
        return [json_copy(item, f"{path}[{index}]", depth + 1) for index, item in enumerate(value)]
    raise record_error(f"expected JSON data (a string, number, bool, null, list or object), got "
                       f"{_got(value)}", path)


# Metadata: the keys hokm knows --------------------------------------------------------------------

_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?"
                   r"(?:Z|[+-]\d{2}(?::?\d{2})?)?)?")


def _is_date(text: str) -> bool:
    """Whether ``text`` is an ISO 8601 date, or date and time (``2026-05-01``, ``2026-05-01T20:15Z``)."""
    import datetime

    found = _DATE.fullmatch(text)
    if found is None:
        return False
    year, month, day, hour, minute, second = (int(part) if part else 0 for part in found.groups())
    try:
        datetime.date(year, month, day)
    except ValueError:
        return False
    return hour < 24 and minute < 60 and second < 61  # a leap second is a real time


def check_metadata(metadata: object, players: int, hands: Sequence[int] | None) -> None:
    """The keys hokm knows in a record's metadata hold what records.md says they hold.

    ``players``: the table's size (``"players"`` names one player a seat); ``hands``: the
    number of actions of each hand, for ``"clock"`` (``None``: not checked, a log's header).
    """
    if not isinstance(metadata, Mapping):
        fail(f"'metadata' is an object, got {_kind(metadata)}", "$.metadata")
    names = metadata.get("players")
    if "players" in metadata:
        if not isinstance(names, list | tuple) or not all(isinstance(name, str) for name in names):
            fail(f"'players' is a list of the players' names (strings), one a seat, got {_got(names)}",
                 "$.metadata.players")
        if len(names) != players:
            fail(f"'players' names {len(names)} players for a {players}-seat table: one name a seat, "
                 "by original seat", "$.metadata.players")
    if "event" in metadata and not isinstance(metadata["event"], str):
        fail(f"'event' is the event's name (a string), got {_got(metadata['event'])}", "$.metadata.event")
    if "date" in metadata:
        date = metadata["date"]
        if not isinstance(date, str) or not _is_date(date):
            fail(f"'date' is an ISO 8601 date or date and time such as '2026-05-01' or "
                 f"'2026-05-01T20:15:00Z', got {_got(date)}", "$.metadata.date")
    if "clock" in metadata and hands is not None:
        _clock(metadata["clock"], hands)


def _clock(clock: object, hands: Sequence[int]) -> None:
    """``metadata.clock``: one list of seconds a hand, one number an action."""
    if not isinstance(clock, list | tuple):
        fail(f"'clock' must be a list, got {_kind(clock)}", "$.metadata.clock")
    if len(clock) > MAX_HANDS:
        fail(f"'clock' holds {len(clock):,} items, more than the limit of {MAX_HANDS:,}", "$.metadata.clock")
    if len(clock) != len(hands):
        fail(f"'clock' has {len(clock)} lists, one per hand is needed ({len(hands)})", "$.metadata.clock")
    for index, (times, count) in enumerate(zip(clock, hands, strict=True)):
        path = f"$.metadata.clock[{index}]"
        if not isinstance(times, list | tuple):
            fail(f"a hand's clock times must be a list, got {_kind(times)}", path)
        if len(times) > MAX_HAND_ACTIONS:
            fail(f"a hand's clock times holds {len(times):,} items, more than the limit of "
                 f"{MAX_HAND_ACTIONS:,}", path)
        if len(times) != count:
            fail(f"{len(times)} clock times for {count} actions", path, hand=index + 1)
        for number, value in enumerate(times):
            if value.__class__ not in (int, float) or value < 0:
                fail(f"a clock time is a number of seconds (0 or more), got {_got(value)}",
                     f"{path}[{number}]", hand=index + 1, action=number)


def _key(key: str) -> str:
    return key if key.isidentifier() and len(key) <= 40 else json.dumps(_shown(key, 40))


# Actions --------------------------------------------------------------------------------------


def encode_action(seat: int, action: Action) -> dict[str, Any]:
    """``{"seat": seat, "act": tag, field: value, ...}``."""
    if action.__class__ is PlayCard:
        return {"seat": seat, "act": "play", "card": str(action.card)}
    return {"seat": seat, "act": action.tag, **write_fields(action)}


def decode_action(entry: object, path: str, hand: int | None, index: int | None) -> tuple[int, Action]:
    """The seat and the action of an action entry (any loaded action class, by its tag)."""
    return read_action(entry, path, hand, index, _TAGGED)
