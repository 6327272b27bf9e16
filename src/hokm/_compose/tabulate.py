"""Tabulating an implementation that takes only small fixed-range values.

Such an implementation can depend on nothing else (it receives nothing else), so
asking it for every combination of the values it takes, once, gives every answer it
will ever give: the engine keeps the table and never calls it during play. The
values an implementation does not take are not enumerated, so a rule that reads
only the winner of a trick costs a handful of calls, not one per trick number.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from hokm._compose.hooks import Impl, reraise

__all__ = ["Tabulated", "tabulate"]


class Tabulated:
    """Every answer of one implementation, by the values it takes (in ``names`` order)."""

    __slots__ = ("answers", "impl", "names")

    def __init__(self, impl: Impl, names: tuple[str, ...], answers: dict[tuple[Any, ...], Any]) -> None:
        self.impl = impl
        self.names = names
        """The varying arguments the implementation takes, in its own order."""
        self.answers = answers

    def answer(self, values: Mapping[str, Any]) -> Any:
        """The implementation's answer where the arguments are ``values`` (a superset of ``names``)."""
        return self.answers[tuple(values[name] for name in self.names)]


def tabulate(impl: Impl, domains: Mapping[str, Sequence[Any]],
             constants: Mapping[str, Any] | None = None) -> Tabulated:
    """Ask ``impl`` for every combination of the ``domains`` values it takes (``constants`` passed as
    they are). A hokm error it raises on purpose passes through; anything else names the plugin."""
    constants = constants or {}
    names = tuple(name for name in impl.argnames if name in domains)
    fixed = {name: constants[name] for name in impl.argnames if name in constants}
    missing = set(impl.argnames) - set(names) - set(fixed)
    if missing:  # a programming error of the engine: a hand argument is never tabulated
        raise AssertionError(f"{impl!r} takes {sorted(missing)}, which cannot be tabulated")
    answers: dict[tuple[Any, ...], Any] = {}
    for values in itertools.product(*(domains[name] for name in names)):
        try:
            answers[values] = impl.function(**dict(zip(names, values, strict=True)), **fixed)
        except Exception as error:
            reraise(impl, error)
    return Tabulated(impl, names, answers)
