"""Game records as text and as data: reading JSON within limits, and the value codecs.

Cards are written as ``str(card)`` prints them (``"A♠"``, ``"10♥"``), suits as
their symbol, actions as ``{"seat": 0, "act": TAG, FIELD: VALUE, ...}`` where
``TAG`` is the action class's ``Action.tag`` and the fields are its ``attrs``
fields, each converted by its annotated type. Every failure is a
``RecordError`` that names the JSON path.
"""

from __future__ import annotations

import json
import math
import os
import re
import types
import typing
import zlib
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

import attrs

from hokm.actions import PLAY_CARD, Action, PlayCard
from hokm.cards import Card, Rank, Suit, full_deck
from hokm.errors import HokmError, RecordError, _got, _kind, _shown

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

CARDS: dict[str, Card] = {str(card): card for card in full_deck()}
SUITS: dict[str, Suit] = {suit.value: suit for suit in Suit}
RANKS: dict[str, Rank] = {rank.symbol: rank for rank in Rank}
PLAYS: dict[str, PlayCard] = {str(action.card): action for action in PLAY_CARD}
_GZIP = b"\x1f\x8b"


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
    from hokm._io.log import is_log, read_log

    if is_log(text):  # the append-only form: a header line, a line an action, the end
        return read_log(text)
    try:
        return json.loads(text, object_pairs_hook=_object, parse_constant=_constant)
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


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {_shown(key)} appears twice in one object")
            seen.add(key)
    return result


def _constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


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
    fail(f"expected JSON data (a string, number, bool, null, list or object), got {_got(value)}", path)


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


@attrs.frozen
class _Field:
    name: str
    kind: str  # card, suit, rank, bool, int, str
    many: str | None  # None, "tuple" or "frozenset"
    optional: bool
    required: bool


_FIELDS: dict[type[Action], tuple[_Field, ...]] = {}
_SCALARS: dict[object, str] = {Card: "card", Suit: "suit", Rank: "rank", bool: "bool", int: "int", str: "str",
                               "Card": "card", "Suit": "suit", "Rank": "rank", "bool": "bool", "int": "int",
                               "str": "str", "Seat": "int", "Team": "int"}


def _scalar(kind: object) -> str | None:
    if getattr(kind, "__supertype__", None) is int:  # Seat, Team
        return "int"
    try:
        return _SCALARS.get(kind)
    except TypeError:  # an unhashable annotation
        return None


def fields_of(cls: type[Action]) -> tuple[_Field, ...]:
    """How each field of ``cls`` is written, from its annotations (cached per class)."""
    known = _FIELDS.get(cls)
    if known is not None:
        return known
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # an annotation only a type checker can resolve: read the names as written
        hints = {}
    found = []
    for field in attrs.fields(cls):
        if not field.init:
            continue
        if field.alias in ("seat", "act"):
            raise RecordError(f"action class {cls.__qualname__} has a field named {field.alias!r}, "
                              "which records use for themselves: rename it")
        kind: Any = hints.get(field.name, field.type)
        optional = many = None
        args = typing.get_args(kind)
        if typing.get_origin(kind) in (typing.Union, types.UnionType) and type(None) in args:
            rest = [arg for arg in args if arg is not type(None)]
            optional, kind = True, rest[0] if len(rest) == 1 else kind
            args = typing.get_args(kind)
        if typing.get_origin(kind) in (tuple, frozenset) and args and (
                len(args) == 1 or (len(args) == 2 and args[1] is Ellipsis)):
            many, kind = typing.get_origin(kind).__name__, args[0]
        scalar = _scalar(kind)
        if scalar is None:
            raise RecordError(f"action class {cls.__qualname__}: field {field.name!r} has type "
                              f"{_shown(field.type)}, which records cannot hold (use Card, Suit, Rank, "
                              "bool, int or str, a tuple of one of them, or one of them | None)")
        found.append(_Field(field.alias, scalar, many, bool(optional),
                            field.default is attrs.NOTHING))
    _FIELDS[cls] = result = tuple(found)
    return result


def _write(kind: str, value: object) -> object:
    if kind in ("card", "rank"):
        return str(value)
    if kind == "suit":
        return value.value  # type: ignore[attr-defined]
    return value


def encode_action(seat: int, action: Action) -> dict[str, Any]:
    """``{"seat": seat, "act": tag, field: value, ...}``."""
    if action.__class__ is PlayCard:
        return {"seat": seat, "act": "play", "card": str(action.card)}
    cls = type(action)
    entry: dict[str, Any] = {"seat": seat, "act": cls.tag}
    for field in fields_of(cls):
        value = getattr(action, field.name)
        if value is None and field.optional:
            entry[field.name] = None
        elif field.many == "frozenset":
            entry[field.name] = sorted(_write(field.kind, item) for item in value)
        elif field.many:
            entry[field.name] = [_write(field.kind, item) for item in value]
        else:
            entry[field.name] = _write(field.kind, value)
    return entry


_READERS: dict[str, Any] = {"card": CARDS, "suit": SUITS, "rank": RANKS}
_NAMES = {"card": "a card such as 'A♠' or '10♥'", "suit": "a suit symbol: ♠, ♥, ♦ or ♣",
          "rank": "a rank: 2-10, J, Q, K or A", "bool": "true or false", "int": "an integer",
          "str": "a string"}


def _read(kind: str, value: object, path: str, hand: int | None, index: int | None) -> object:
    reader = _READERS.get(kind)
    if reader is not None:
        found = reader.get(value) if isinstance(value, str) else None
        if found is None:
            fail(f"expected {_NAMES[kind]}, got {_got(value)}", path, hand=hand, action=index)
        return found
    if kind == "bool":
        ok = value.__class__ is bool
    elif kind == "int":
        ok = value.__class__ is int
    else:
        ok = isinstance(value, str) and len(value) <= MAX_TEXT_LENGTH
    if not ok:
        fail(f"expected {_NAMES[kind]}, got {_got(value)}", path, hand=hand, action=index)
    return value


def decode_action(entry: object, path: str, hand: int | None, index: int | None) -> tuple[int, Action]:
    """The seat and the action of an action entry."""
    if not isinstance(entry, Mapping):
        fail(f"an action is an object such as {{\"seat\": 0, \"act\": \"play\", \"card\": \"A♠\"}}, got "
             f"{_kind(entry)}", path, hand=hand, action=index)
    tag, seat = entry.get("act"), entry.get("seat")
    if seat.__class__ is not int:
        fail(f"'seat' must be a seat number, got {_got(seat)}", f"{path}.seat", hand=hand, action=index)
    cls = Action.tagged(tag) if isinstance(tag, str) else None
    if cls is None:
        what = (f"unknown action {_shown(tag)}" if isinstance(tag, str)
                else f"'act' must name an action, got {_got(tag)}")
        tags = sorted(repr(t) for t in _known_tags())
        known = ", ".join(tags[:8]) + (f", ... ({len(tags)} in all)" if len(tags) > 8 else "")
        fail(f"{what}: hokm and the loaded variants define {known}", f"{path}.act", hand=hand, action=index)
    fields = fields_of(cls)
    names = {field.name for field in fields}
    for key in entry:
        if key not in names and key not in ("seat", "act"):
            fail(f"unknown key {_shown(key)} for action {tag!r} (its fields: "
                 f"{', '.join(sorted(names)) or 'none'})", path, hand=hand, action=index)
    values: dict[str, object] = {}
    for field in fields:
        where = f"{path}.{field.name}"
        if field.name not in entry:
            if field.required:
                fail(f"action {tag!r} needs {field.name!r}", path, hand=hand, action=index)
            continue
        value = entry[field.name]
        if value is None and field.optional:
            values[field.name] = None
        elif field.many:
            if not isinstance(value, list) or len(value) > 64:
                fail(f"expected a list of at most 64 items, got {_got(value)}", where, hand=hand,
                     action=index)
            items = [_read(field.kind, item, f"{where}[{n}]", hand, index) for n, item in enumerate(value)]
            values[field.name] = frozenset(items) if field.many == "frozenset" else tuple(items)
        else:
            values[field.name] = _read(field.kind, value, where, hand, index)
    try:
        return seat, cls(**values)
    except (HokmError, TypeError, ValueError) as error:
        fail(f"not a valid {tag!r} action: {str(error)[:200]}", path, hand=hand, action=index)


def _known_tags() -> list[str]:
    from hokm.actions import _TAGGED

    return list(_TAGGED)
