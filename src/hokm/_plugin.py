"""The hook implementation marker, re-exported as ``hokm.hookimpl``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, overload

import pluggy

from hokm.errors import InvalidArgumentError
from hokm.hookspecs import PROJECT

_F = TypeVar("_F", bound=Callable[..., object])

def _hokms_own(target: object) -> bool:
    """Whether ``target`` is defined in hokm itself: the standard rules, which run last (``trylast``)."""
    module = getattr(target, "__module__", None) or ""
    return module.split(".")[0] == "hokm"


class _Marker:
    """``pluggy.HookimplMarker("hokm")``, refusing the ordering options variants never pass.

    Precedence among variants comes from the order they are listed in; a variant that
    asked for ``tryfirst`` (or a wrapper) would silently change it, so the marker refuses
    it where it is written. ``trylast`` belongs to the standard rules alone.
    """

    def __init__(self, project_name: str) -> None:
        self.project_name = project_name
        self._marker = pluggy.HookimplMarker(project_name)

    def __repr__(self) -> str:
        return f"hokm.hookimpl (pluggy.HookimplMarker({self.project_name!r}))"

    @overload
    def __call__(self, function: _F, hookwrapper: bool = ..., optionalhook: bool = ...,
                 tryfirst: bool = ..., trylast: bool = ..., specname: str | None = ...,
                 wrapper: bool = ...) -> _F: ...

    @overload
    def __call__(self, function: None = ..., hookwrapper: bool = ..., optionalhook: bool = ...,
                 tryfirst: bool = ..., trylast: bool = ..., specname: str | None = ...,
                 wrapper: bool = ...) -> Callable[[_F], _F]: ...

    def __call__(self, function: _F | None = None, hookwrapper: bool = False, optionalhook: bool = False,
                 tryfirst: bool = False, trylast: bool = False, specname: str | None = None,
                 wrapper: bool = False) -> _F | Callable[[_F], _F]:
        asked = [name for name, value in (("tryfirst", tryfirst), ("hookwrapper", hookwrapper),
                                          ("wrapper", wrapper)) if value]
        if asked:
            raise InvalidArgumentError(
                f"@hokm.hookimpl({asked[0]}=True): variants never pass tryfirst, trylast or wrapper; "
                "precedence comes from the order variants are listed in Ruleset.compose")
        mark = self._marker(optionalhook=optionalhook, trylast=trylast, specname=specname)

        def marked(target: _F) -> _F:
            if trylast and not _hokms_own(target):
                raise InvalidArgumentError(
                    f"@hokm.hookimpl(trylast=True) on {getattr(target, '__qualname__', target)!r}: only "
                    "the standard rules run last; variants never pass tryfirst, trylast or wrapper")
            return mark(target)

        return marked if function is None else marked(function)


hookimpl = _Marker(PROJECT)
"""Decorate a plugin method with ``@hokm.hookimpl`` to implement the hook of the same name.

It is ``pluggy.HookimplMarker("hokm")`` for everything a variant passes (``specname``,
``optionalhook``); ``tryfirst``, ``trylast`` and ``wrapper`` are refused with a
``hokm.InvalidArgumentError`` when the method is defined, since precedence comes from the
order variants are listed in.
"""
