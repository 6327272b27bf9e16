"""Rulesets as values: read-only option mappings and the keys equality and hashing use.

Two rulesets are equal when they play alike: the same variants in the same order,
each plugin of the same class with the same option values after its converters
(defaults included). Equivalent spellings (``"5-4-4"`` and ``(5, 4, 4)``) give
equal keys; a plugin that is not an attrs class stands for itself alone.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from hokm.variant import option_values

__all__ = ["plain", "plugin_key", "read_only"]


class _ReadOnlyMapping(Mapping[str, Any]):
    """A mapping that cannot be changed; it prints and compares like the dict it copies."""

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[str, Any]) -> None:
        self._data = dict(data)

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return repr(self._data)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return self._data == dict(other.items())
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # like dict: equal to dicts, so not hashable


def _frozen(value: Any) -> Any:
    """``value`` with its lists, sets and dicts (at any depth) made immutable."""
    if isinstance(value, Mapping):
        return read_only(value)
    if isinstance(value, list | tuple) and type(value) in (list, tuple):
        return tuple(map(_frozen, value))
    if isinstance(value, set):
        return frozenset(value)  # its items are hashable already
    return value


def read_only(mapping: Mapping[Any, Any]) -> _ReadOnlyMapping:
    return mapping if isinstance(mapping, _ReadOnlyMapping) else _ReadOnlyMapping(
        {key: _frozen(value) for key, value in mapping.items()})


class _Identity:
    """Compares and hashes by the identity of the object it wraps."""

    __slots__ = ("obj",)

    def __init__(self, obj: object) -> None:
        self.obj = obj

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Identity) and self.obj is other.obj

    def __hash__(self) -> int:
        return id(self.obj)


def plugin_key(plugin: object) -> object:
    """What a plugin contributes to equality: its class and option values, or its identity."""
    cls = type(plugin)
    if attrs.has(cls):
        return (cls, _value_key(option_values(plugin)))
    return _Identity(plugin)


def _value_key(value: Any) -> Any:
    """A hashable stand-in for an option value that is equal exactly for values that play alike.

    Lists and tuples read alike, as do sets and frozensets and any two mappings; scalars
    keep their type (``True`` is not ``1``); an unhashable object stands for itself alone.
    """
    if isinstance(value, Mapping):
        return ("mapping", frozenset((_value_key(k), _value_key(v)) for k, v in value.items()))
    if isinstance(value, set | frozenset):
        return ("set", frozenset(map(_value_key, value)))
    if isinstance(value, list | tuple) and type(value) in (list, tuple):
        return ("sequence", tuple(map(_value_key, value)))
    try:
        hash(value)
    except TypeError:
        return ("object", _Identity(value))
    return (type(value), value)


def plain(value: Any) -> Any:
    """``value`` as JSON-ready data: tuples become lists, sets sorted lists, others ``str``."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, set | frozenset):
        items = [plain(item) for item in value]
        try:
            return sorted(items)
        except TypeError:
            return sorted(items, key=lambda item: (type(item).__name__, repr(item)))
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    return str(value)
