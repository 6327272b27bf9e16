"""Installed entry points by name, for the ``hokm.variants`` and ``hokm.agents`` groups.

Reading them means reading every installed distribution's metadata (tens of milliseconds
in a typical environment), and ``Ruleset.compose("satat")`` or ``get_agent("pimc")`` look a
name up every time. So a group's table is kept and read again only when the installed set
may have changed: when ``sys.path`` changes, or one of its entries' modification time does
(installing or removing a distribution adds or removes a directory in a ``sys.path`` entry),
the rule ``importlib.metadata`` itself uses to cache directory listings. An entry-points file
rewritten in place inside an existing metadata folder (an old-style ``setup.py develop`` run
again) changes no ``sys.path`` entry, so a running program sees it only after the next such
change; a new process always does.
"""

from __future__ import annotations

import os
import re
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import importlib.metadata

__all__ = ["installed"]

_Table = dict[str, list["importlib.metadata.EntryPoint"]]
_tables: dict[str, tuple[tuple[tuple[str, int], ...], _Table]] = {}  # group -> (path key, table)


def installed(group: str) -> _Table:
    """Entry points of ``group`` by name (sorted), one per distinct distribution registering it.

    A new dict each call (the lists are shared: do not change them).
    """
    key = _path_key()
    kept = _tables.get(group)
    if kept is None or kept[0] != key:
        kept = _tables[group] = (key, _read(group))
    return dict(kept[1])


def _path_key() -> tuple[tuple[str, int], ...]:
    """``sys.path`` with each entry's modification time (-1 where it cannot be read)."""
    key = []
    for entry in sys.path:
        try:
            key.append((entry, os.stat(entry or ".").st_mtime_ns))
        except (OSError, TypeError, ValueError):
            key.append((str(entry), -1))
    return tuple(key)


def _read(group: str) -> _Table:
    import importlib.metadata  # read installed metadata only when a name is looked up

    found: dict[str, dict[str, importlib.metadata.EntryPoint]] = {}
    for ep in importlib.metadata.entry_points(group=group):
        dist = getattr(ep, "dist", None)
        provider = (re.sub(r"[-_.]+", "-", dist.name).lower() if dist is not None and dist.name
                    else f"?{ep.value}")
        found.setdefault(ep.name, {}).setdefault(provider, ep)
    return {name: list(found[name].values()) for name in sorted(found)}
