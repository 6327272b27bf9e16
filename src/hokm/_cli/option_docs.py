"""What a variant's options are: name, type, default, allowed values and description.

Read from the plugin class itself (its attrs fields, their ``Literal`` annotations
and ``in_`` validators, and the ``Attributes:`` section of its docstring), so
``hokm options`` and the docs cannot drift from the code.
"""

from __future__ import annotations

import inspect
import re
import typing
from types import UnionType
from typing import Any, Literal

import attrs

from hokm._ruleset.values import plain

__all__ = ["option_table"]


def _union_members(tp: Any) -> list[Any]:
    if typing.get_origin(tp) is typing.Union or isinstance(tp, UnionType):
        return [member for arg in typing.get_args(tp) for member in _union_members(arg)]
    return [tp]


def _type_name(tp: Any) -> str:
    if tp is type(None):
        return "None"
    if isinstance(tp, type) and not typing.get_args(tp):
        return tp.__name__
    return str(tp).replace("typing.", "")


def _validator_options(validator: Any) -> tuple[Any, ...] | None:
    """The allowed values of an ``attrs.validators.in_`` validator (also inside ``and_``)."""
    if validator is None:
        return None
    options = getattr(validator, "options", None)
    if isinstance(options, tuple | list | set | frozenset):
        return tuple(options)
    for inner in getattr(validator, "_validators", ()):
        found = _validator_options(inner)
        if found is not None:
            return found
    return None


def _attribute_docs(cls: type) -> dict[str, str]:
    """``name: text`` entries of the ``Attributes:`` section of a Google-style class docstring."""
    lines = (inspect.getdoc(cls) or "").splitlines()
    docs: dict[str, list[str]] = {}
    try:
        start = next(i for i, line in enumerate(lines) if line.strip() == "Attributes:")
    except StopIteration:
        return {}
    indent: int | None = None
    current: list[str] | None = None
    for line in lines[start + 1:]:
        if not line.strip():
            continue
        depth = len(line) - len(line.lstrip())
        if depth == 0:
            break
        indent = depth if indent is None else indent
        entry = re.match(r"(\w+)(?:\s*\([^)]*\))?:\s*(.*)", line.strip())
        if depth == indent and entry:
            current = docs.setdefault(entry.group(1), [])
            current.append(entry.group(2))
        elif current is not None:
            current.append(line.strip())
    plain = {name: " ".join(parts) for name, parts in docs.items()}
    return {name: re.sub(r":\w+:`~?([^`]+)`", r"\1", text).replace("``", "")
            for name, text in plain.items()}


def option_table(plugin: Any) -> list[dict[str, Any]]:
    """Each option of a plugin class: name, type, default, allowed values, description.

    Options are the ``attrs`` fields its ``__init__`` takes. ``allowed`` lists the values a
    ``Literal`` annotation or an ``attrs.validators.in_`` validator allows (``None``: not
    known); ``other_types`` names the types also accepted besides them, as in
    ``Literal["random"] | int``.

    >>> from hokm._ruleset.standard import Standard
    >>> rows = option_table(Standard)
    >>> rows[0]["name"], rows[0]["type"], rows[0]["default"]
    ('target', 'int', 7)
    >>> next(row["allowed"] for row in rows if row["name"] == "succession")
    ['next', 'previous']
    """
    cls = plugin if isinstance(plugin, type) else type(plugin)
    if not isinstance(plugin, type) or not attrs.has(cls):
        return []
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # annotations that only resolve for a type checker
        hints = {}
    docs = _attribute_docs(cls)
    rows = []
    for field in attrs.fields(cls):
        if not field.init:
            continue
        annotation = hints.get(field.name, field.type)
        literals: list[Any] = []
        others: list[str] = []
        for member in _union_members(annotation) if annotation is not None else []:
            if typing.get_origin(member) is Literal:
                literals += typing.get_args(member)
            elif isinstance(member, str):
                others.append(member)
            else:
                others.append(_type_name(member))
        allowed = list(literals) or list(_validator_options(field.validator) or ())
        names = list(dict.fromkeys([type(value).__name__ for value in allowed] + others))
        default = field.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = None if default.takes_self else default.factory()
        rows.append({
            "name": field.alias or field.name,
            "type": " or ".join(names) or "any",
            "default": None if default is attrs.NOTHING else plain(default),
            "required": default is attrs.NOTHING,
            "allowed": [plain(value) for value in allowed] or None,
            "other_types": others if literals else [],  # a Literal in a union: other values too
            "description": docs.get(field.name, docs.get(field.alias or field.name, "")),
        })
    return rows
