"""The hook implementation marker, re-exported as ``hokm.hookimpl``."""

from __future__ import annotations

import pluggy

from hokm.hookspecs import PROJECT

hookimpl = pluggy.HookimplMarker(PROJECT)
"""Decorate a plugin method with ``@hokm.hookimpl`` to implement the hook of the same name."""
