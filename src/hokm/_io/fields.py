"""How an action's fields are written in records and read back, by their annotated types.

An action is written as ``{"seat": 0, "act": TAG, FIELD: VALUE, ...}``: a ``Card`` as
``"A♠"``, a ``Suit`` as ``"♥"``, a ``Rank`` as ``"Q"``, a bool, int or str as it is, a tuple
or frozenset as a list, ``None`` where the field is optional. This module knows no action
class: the classes come from the registry the caller passes (``hokm.actions`` keeps it).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

import attrs

from hokm._io.limits import MAX_TEXT_LENGTH, fail
from hokm.cards import Card, Rank, Suit, full_deck
from hokm.errors import HokmError, RecordError, _got, _kind, _shown

__all__ = ["CARDS", "RANKS", "SUITS", "fields_of", "read_action", "write_fields"]

_A = TypeVar("_A")

CARDS: dict[str, Card] = {str(card): card for card in full_deck()}
SUITS: dict[str, Suit] = {suit.value: suit for suit in Suit}
RANKS: dict[str, Rank] = {rank.symbol: rank for rank in Rank}


@attrs.frozen
class _Field:
    name: str
    kind: str  # card, suit, rank, bool, int, str
    many: str | None  # None, "tuple" or "frozenset"
    optional: bool
    required: bool


_FIELDS: dict[type, tuple[_Field, ...]] = {}
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


def fields_of(cls: type) -> tuple[_Field, ...]:
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


def write_fields(action: object) -> dict[str, Any]:
    """An action's fields as records write them (``{"card": "A♠"}``), by ``fields_of``."""
    entry: dict[str, Any] = {}
    for field in fields_of(type(action)):
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


def read_action(entry: object, path: str, hand: int | None, index: int | None,
                registry: Mapping[str, type[_A]]) -> tuple[int, _A]:
    """The seat and the action of an action entry, its class found by its tag in ``registry``."""
    if not isinstance(entry, Mapping):
        fail(f"an action is an object such as {{\"seat\": 0, \"act\": \"play\", \"card\": \"A♠\"}}, got "
             f"{_kind(entry)}", path, hand=hand, action=index)
    tag, seat = entry.get("act"), entry.get("seat")
    if seat.__class__ is not int:
        fail(f"'seat' must be a seat number, got {_got(seat)}", f"{path}.seat", hand=hand, action=index)
    cls = registry.get(tag) if isinstance(tag, str) else None
    if cls is None:
        what = (f"unknown action {_shown(tag)}" if isinstance(tag, str)
                else f"'act' must name an action, got {_got(tag)}")
        tags = sorted(repr(t) for t in registry)
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
