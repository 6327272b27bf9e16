"""Rulesets as plain data: what ``Ruleset.spec`` writes and ``Ruleset.from_spec`` reads.

A spec names the variants in order, standard first, each with every option and
its value (defaults included, as JSON-ready data) and the distribution and
version that provided it, so a stored game can say exactly which rules it was
played under, and a ruleset can be rebuilt from it years later.
"""

from __future__ import annotations

import copy
import importlib.metadata
import warnings
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from hokm._ruleset.values import plain
from hokm.discovery import _installed
from hokm.errors import RulesetError, SpecVersionWarning, _got, _shown
from hokm.variant import option_values

if TYPE_CHECKING:
    from hokm.rules import Ruleset

__all__ = ["CACHE_SIZE", "SPEC_FORMAT", "ruleset_spec", "spec_of", "spec_request"]

SPEC_FORMAT = "hokm-ruleset/1"
STANDARD = "standard"


def _provider(name: str) -> tuple[str, str]:
    """The distribution name and version that provide variant ``name`` (``standard``: hokm)."""
    if name == STANDARD:
        try:
            return "hokm", importlib.metadata.version("hokm")
        except importlib.metadata.PackageNotFoundError:  # pragma: no cover - a bare source tree
            return "hokm", "unknown"
    eps = _installed().get(name, [])
    dist = getattr(eps[0], "dist", None) if len(eps) == 1 else None
    if dist is None:
        raise RulesetError(f"variant {name!r} is not an installed variant (it was passed as a plugin "
                           "object): a spec can only name installed variants")
    return str(dist.metadata["Name"] or dist.name), str(dist.version)


def ruleset_spec(rules: Ruleset) -> dict[str, Any]:
    """The spec of ``rules`` (see ``Ruleset.spec``)."""
    replaced: set[str] = set()
    for _, plugin in rules.plugins[1:]:
        info = getattr(plugin, "info", None)
        replaced |= set(info.replaced_options()) if info is not None else set()
    entries = []
    for name, plugin in rules.plugins:
        values = option_values(plugin)
        if name == STANDARD:  # options a selected variant replaces mean nothing here
            values = {key: value for key, value in values.items() if key not in replaced}
        distribution, version = _provider(name)
        entries.append({"name": name, "distribution": distribution, "version": version,
                        "options": {key: plain(value) for key, value in values.items()}})
    return {"format": SPEC_FORMAT, "variants": entries}


def _entries(spec: object) -> list[Mapping[str, Any]]:
    if not isinstance(spec, Mapping):
        raise RulesetError(f"a ruleset spec is a mapping, got {_got(spec)}")
    if spec.get("format") != SPEC_FORMAT:
        raise RulesetError(f"unknown ruleset spec format {_shown(spec.get('format'))}: this hokm reads "
                           f"{SPEC_FORMAT!r}")
    entries = spec.get("variants")
    if isinstance(entries, str | bytes) or not isinstance(entries, Sequence) or not entries:
        raise RulesetError(f"spec 'variants' must be a list of variants, standard first, got "
                           f"{_got(entries)}")
    for index, entry in enumerate(entries):
        where = f"spec 'variants'[{index}]"
        if not isinstance(entry, Mapping):
            raise RulesetError(f"{where} must be a mapping, got {_got(entry)}")
        if not isinstance(entry.get("name"), str) or not entry["name"]:
            raise RulesetError(f"{where} needs a 'name', got {_shown(entry.get('name'))}")
        if not isinstance(entry.get("options", {}), Mapping):
            raise RulesetError(f"{where} 'options' must be a mapping, got {_got(entry.get('options'))}")
    if entries[0]["name"] != STANDARD:
        raise RulesetError(f"spec 'variants' must start with 'standard', got {_shown(entries[0]['name'])}")
    return list(entries)


def spec_request(spec: object, *, strict: bool = False) -> tuple[list[str], dict[str, dict[str, Any]]]:
    """The variants (after ``standard``) and the options ``spec`` composes (``Ruleset.from_spec``),
    having warned (``strict``: refused) where a variant's recorded version is not the installed one."""
    entries = _entries(spec)
    for entry in entries:
        recorded = (entry.get("distribution"), entry.get("version"))
        if recorded == (None, None):
            continue  # a hand-written spec may leave the provenance out
        try:
            installed = _provider(entry["name"])
        except RulesetError:
            continue  # not installed: composing names it with the usual error
        if recorded != installed:
            message = (f"variant {entry['name']!r} was recorded as {recorded[0]} {recorded[1]}, and "
                       f"{installed[0]} {installed[1]} is installed: its rules may differ")
            if strict:
                raise RulesetError(message)
            warnings.warn(message, SpecVersionWarning, stacklevel=3)
    options = {entry["name"]: dict(entry.get("options", {})) for entry in entries}
    return [entry["name"] for entry in entries[1:]], options


_SPECS: dict[Ruleset, dict[str, Any]] = {}
CACHE_SIZE = 64
"""How many rulesets' specs (and records' rulesets) are remembered."""


def spec_of(rules: Ruleset) -> dict[str, Any]:
    """``rules.spec``, remembered per ruleset: reading the installed distributions is slow.

    A copy each time, so a record's spec can be changed without touching the cache.
    """
    spec = _SPECS.get(rules)
    if spec is None:
        spec = rules.spec
        if len(_SPECS) >= CACHE_SIZE:
            _SPECS.clear()
        _SPECS[rules] = spec
    return copy.deepcopy(spec)
