"""Installed variants: the ``hokm.variants`` entry points, found and loaded by name.

A variant is installed when a distribution registers it in the ``hokm.variants``
entry-point group. Listing them imports nothing; loading one imports only it.
A name that two distributions register is refused rather than guessed, and a
variant whose import fails is reported with its entry point and distribution.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hokm._entry_points import installed
from hokm.errors import (
    DuplicateVariantError,
    DuplicateVariantWarning,
    UnknownVariantError,
    VariantLoadError,
    _shown,
)

if TYPE_CHECKING:
    import importlib.metadata

__all__ = ["ENTRY_POINT_GROUP", "available_variants", "load_variant"]

ENTRY_POINT_GROUP = "hokm.variants"
"""The entry-point group variants register under."""


def available_variants() -> dict[str, str]:
    """Installed variants: entry-point name -> ``"module:attr"``. Imports nothing.

    These are the names ``Ruleset.compose`` accepts. A name that two distributions
    register is left out, with a ``DuplicateVariantWarning`` naming both:
    ``compose`` refuses it (``DuplicateVariantError``) rather than guess.

    >>> available_variants()["clockwise"]
    'hokm_variants.clockwise:Clockwise'
    """
    found = {}
    for name, eps in _installed().items():
        if len(eps) > 1:
            warnings.warn(_clash_message(name, eps), DuplicateVariantWarning, stacklevel=2)
        else:
            found[name] = eps[0].value
    return found


def _distribution_of(ep: importlib.metadata.EntryPoint) -> str:
    """``"hokm-house-rule 0.1.0"``: the name and version of the distribution that provides ``ep``."""
    dist = getattr(ep, "dist", None)
    if dist is None:
        return "an unknown distribution"
    return f"{dist.metadata['Name'] or dist.name} {dist.version}"


def _installed() -> dict[str, list[importlib.metadata.EntryPoint]]:
    """Entry points by variant name (sorted), one per distinct distribution that registers it."""
    return installed(ENTRY_POINT_GROUP)


def _clash_message(name: str, eps: Sequence[importlib.metadata.EntryPoint]) -> str:
    which = [f"{_distribution_of(ep)} ({ep.value})" for ep in eps]
    listed = " and ".join(which) if len(which) == 2 else ", ".join(which[:-1]) + " and " + which[-1]
    return (f"variant name {name!r} is registered by {len(eps)} installed distributions: {listed}; "
            "hokm will not guess which one is meant: uninstall all but one")


def _entry_point(name: str) -> importlib.metadata.EntryPoint:
    """The entry point of variant ``name``; unknown and ambiguous names are errors."""
    installed = _installed()
    eps = installed.get(name)
    if not eps:
        known = ", ".join(installed) or "none installed"
        raise UnknownVariantError(f"no variant named {_shown(name)} is installed (available: {known})")
    if len(eps) > 1:
        raise DuplicateVariantError(_clash_message(name, eps), variant=name,
                                    entry_points=tuple(ep.value for ep in eps),
                                    distributions=tuple(map(_distribution_of, eps)))
    return eps[0]


def load_variant(name: str) -> Any:
    """Import installed variant ``name``: what its entry point names (usually the plugin class).

    Raises:
        UnknownVariantError: no installed distribution registers ``name``.
        DuplicateVariantError: more than one does.
        VariantLoadError: importing it raised; names the variant, the entry point and the
            distribution, and the original exception is the ``__cause__``.
    """
    ep = _entry_point(name)
    try:
        return ep.load()
    except Exception as error:
        detail = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        raise VariantLoadError(
            f"variant {name!r} cannot be loaded: entry point {ep.value!r} of {_distribution_of(ep)} "
            f"raised {detail}", variant=name, entry_point=ep.value,
            distribution=_distribution_of(ep)) from error
