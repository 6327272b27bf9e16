"""Values as plain JSON data, generically over ``attrs`` fields, and back by their annotated types.

Observations (``HandObservation.to_dict``) and events (``Event.to_dict``) are
written with the same encoding as game records, one rule per type:

- ``None``, ``bool``, ``int`` (``Seat``, ``Team``), ``float`` and ``str`` as they are;
- a ``Card`` as ``"A♠"``, a ``Suit`` as ``"♠"``, a ``Rank`` as ``"Q"``, another enum
  (``Phase``) as its value (``"play"``);
- an ``Action`` as ``{"act": TAG, FIELD: VALUE, ...}`` (its record form without the seat),
  and a ``(seat, action)`` pair as the record's ``{"seat": 0, "act": TAG, ...}``;
- a tuple as a list; a frozenset as a list, cards in deck order (``Card.index``), suits
  in suit order, other values sorted;
- any other ``attrs`` value (``Trick``, ``HandResult``, an observation, an event) as an
  object of its public fields, each by these rules.

Reading goes by the annotated type of each field, so a class gains fields without any
change here. A value that does not fit its type is a ``RecordError`` naming its JSON path.
A key the class does not have is skipped, so data written by a newer hokm (a field added)
still reads; ``strict`` refuses it instead. Actions are always read strictly: a field an
action does not know changes what was chosen.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Mapping
from typing import Any

import attrs

from hokm._io.fields import CARDS, RANKS, SUITS
from hokm._io.limits import fail, record_error
from hokm._io.records import decode_action, encode_action
from hokm.actions import Action
from hokm.cards import Card, Rank, Suit
from hokm.errors import _got, _kind, _shown

__all__ = ["decode", "encode", "encode_fields", "hints_of"]


# Writing -----------------------------------------------------------------------------------------


def encode(value: object) -> Any:
    """``value`` as plain JSON data (see the module's rules)."""
    if value is None or value.__class__ in (bool, int, float, str):
        return value
    if value.__class__ is Card:
        return str(value)
    if isinstance(value, Action):
        return _action(value)
    if isinstance(value, Suit):
        return value.value
    if isinstance(value, Rank):
        return value.symbol
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, int):  # an int subclass
        return int(value)
    if isinstance(value, tuple):
        if len(value) == 2 and isinstance(value[1], Action) and isinstance(value[0], int):
            return encode_action(int(value[0]), value[1])
        return [encode(item) for item in value]
    if isinstance(value, frozenset | set):
        items = list(value)
        if all(item.__class__ is Card for item in items):
            return [str(card) for card in sorted(items, key=_index)]
        kinds = {item.__class__ for item in items}
        if len(kinds) == 1 and issubclass(next(iter(kinds)), enum.Enum):  # suits: in suit order
            order = {member: number for number, member in enumerate(next(iter(kinds)))}
            return [encode(item) for item in sorted(items, key=order.__getitem__)]
        encoded = [encode(item) for item in items]
        try:
            return sorted(encoded)
        except TypeError:  # values of several kinds
            return sorted(encoded, key=repr)
    if attrs.has(value.__class__):
        return encode_fields(value)
    if isinstance(value, Mapping):
        return {str(key): encode(item) for key, item in value.items()}
    raise TypeError(f"cannot write {_got(value)} as JSON data")


def _index(card: Card) -> int:
    return card.index


def _action(action: Action) -> dict[str, Any]:
    entry = encode_action(0, action)
    del entry["seat"]
    return entry


def encode_fields(value: object) -> dict[str, Any]:
    """An ``attrs`` value as an object of its public fields (in their declared order)."""
    return {field.name: encode(getattr(value, field.name)) for field in _public(type(value))}


_PUBLIC: dict[type, tuple[attrs.Attribute[Any], ...]] = {}
_HINTS: dict[type, dict[str, Any]] = {}


def _public(cls: type) -> tuple[attrs.Attribute[Any], ...]:
    """The public fields of an ``attrs`` class (cached per class).

    A field left out of equality (an observation's ``ruleset``) is context, not data: it is
    not written, and a value read back compares equal without it.
    """
    fields = _PUBLIC.get(cls)
    if fields is None:
        fields = _PUBLIC[cls] = tuple(field for field in attrs.fields(cls)
                                      if field.eq and not field.name.startswith("_"))
    return fields


# Reading -----------------------------------------------------------------------------------------


def hints_of(cls: type) -> dict[str, Any]:
    """The resolved annotations of ``cls``'s fields (names only a type checker imports included)."""
    hints = _HINTS.get(cls)
    if hints is None:
        import sys

        import hokm

        public = {name: getattr(hokm, name) for name in hokm.__all__}  # the lazily imported ones too
        namespace = {**vars(typing), **public, **vars(sys.modules[cls.__module__])}
        hints = _HINTS[cls] = {field.name: _resolve(field.type, namespace) for field in _public(cls)}
    return hints


def _resolve(annotation: object, namespace: dict[str, Any]) -> Any:
    """A field's annotation as a type (under ``from __future__ import annotations`` it is text).

    Only the written fields are resolved: a cached property's return type may name a class
    that only a type checker imports.
    """
    if isinstance(annotation, str):
        return eval(annotation, namespace)  # our own classes' annotations
    return annotation if annotation is not None else Any


def decode(kind: Any, data: object, path: str, strict: bool = True) -> Any:
    """``data`` read as a value of the annotated type ``kind``.

    Raises ``RecordError`` at ``path`` if it does not fit (or, when ``strict``, if an object
    has a key its class does not).
    """
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        rest = [arg for arg in args if arg is not type(None)]
        errors = []
        for arg in rest:
            try:
                return decode(arg, data, path, strict)
            except ValueError as error:
                errors.append(error)
        raise errors[0]
    if origin is typing.Literal:
        if data not in args:
            fail(f"expected one of {', '.join(map(repr, args))}, got {_got(data)}", path)
        return data
    if origin is tuple:
        if len(args) == 2 and _is_action(args[1]):  # (seat, action), as records write it
            seat, action = decode_action(data, path, None, None)
            return _seat(args[0], seat), action
        items = _items(data, path)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], item, f"{path}[{n}]", strict)
                         for n, item in enumerate(items))
        if len(items) != len(args):
            fail(f"expected a list of {len(args)} items, got {len(items)}", path)
        pairs = enumerate(zip(args, items, strict=True))
        return tuple(decode(arg, item, f"{path}[{n}]", strict) for n, (arg, item) in pairs)
    if origin in (frozenset, set):
        return frozenset(decode(args[0], item, f"{path}[{n}]", strict)
                         for n, item in enumerate(_items(data, path)))
    if origin is not None:
        fail(f"cannot read a value of type {kind!r}", path)
    supertype = getattr(kind, "__supertype__", None)
    if supertype is not None:  # Seat, Team
        return kind(decode(supertype, data, path, strict))
    if kind is Any:
        return data
    return _scalar(kind, data, path, strict)


def _scalar(kind: Any, data: object, path: str, strict: bool) -> Any:
    if kind is Card:
        return _lookup(CARDS, data, path, "a card such as 'A♠' or '10♥'")
    if kind is Suit:
        return _lookup(SUITS, data, path, "a suit symbol: ♠, ♥, ♦ or ♣")
    if kind is Rank:
        return _lookup(RANKS, data, path, "a rank: 2-10, J, Q, K or A")
    if kind in (bool, str):
        if data.__class__ is not kind:
            fail(f"expected {'true or false' if kind is bool else 'a string'}, got {_got(data)}", path)
        return data
    if kind is int:
        if data.__class__ is not int:
            fail(f"expected an integer, got {_got(data)}", path)
        return data
    if kind is float:
        if data.__class__ not in (int, float):
            fail(f"expected a number, got {_got(data)}", path)
        return float(data)
    if _is_action(kind):
        if not isinstance(data, Mapping):
            fail(f"an action is an object such as {{\"act\": \"play\", \"card\": \"A♠\"}}, got {_kind(data)}",
                 path)
        _, action = decode_action({"seat": 0, **data}, path, None, None)
        if not isinstance(action, kind):
            fail(f"expected a {kind.__name__}, got {action!r}", path)
        return action
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        for member in kind:
            if member.value == data and data.__class__ is member.value.__class__:
                return member
        fail(f"expected one of {', '.join(repr(m.value) for m in kind)}, got {_got(data)}", path)
    if isinstance(kind, type) and attrs.has(kind):
        return decode_fields(kind, data, path, strict)
    raise record_error(f"cannot read a value of type {getattr(kind, '__name__', kind)!r}", path)


def decode_fields(cls: type, data: object, path: str, strict: bool = True) -> Any:
    """An ``attrs`` value of ``cls`` from the object of its public fields.

    A key ``cls`` has no field for is skipped, or refused when ``strict``.
    """
    if not isinstance(data, Mapping):
        fail(f"expected an object (a {cls.__name__}), got {_kind(data)}", path)
    fields = _public(cls)
    names = {field.name for field in fields}
    if strict:
        for key in data:
            if key not in names:
                listed = sorted(names)
                keys = ", ".join(listed[:8]) + (f", ... ({len(listed)} in all)" if len(listed) > 8 else "")
                fail(f"unknown key {_shown(key, 40)} for a {cls.__name__} (its keys: {keys}); "
                     "strict=False skips it", path)
    hints = hints_of(cls)
    values: dict[str, Any] = {}
    for field in fields:
        if field.name not in data:
            if field.default is attrs.NOTHING:
                fail(f"a {cls.__name__} needs the key {field.name!r}", path)
            continue
        values[field.alias or field.name] = decode(hints.get(field.name, Any), data[field.name],
                                                   f"{path}.{field.name}", strict)
    try:
        return cls(**values)
    except (TypeError, ValueError) as error:
        fail(f"not a valid {cls.__name__}: {str(error)[:200]}", path)


def _items(data: object, path: str) -> list[Any]:
    if not isinstance(data, list):
        fail(f"expected a list, got {_kind(data)}", path)
    return data


def _lookup(table: Mapping[str, Any], data: object, path: str, what: str) -> Any:
    found = table.get(data) if isinstance(data, str) else None
    if found is None:
        fail(f"expected {what}, got {_got(data)}", path)
    return found


def _is_action(kind: object) -> bool:
    return isinstance(kind, type) and issubclass(kind, Action)


def _seat(kind: Any, seat: int) -> Any:
    return kind(seat) if getattr(kind, "__supertype__", None) is int else seat

