"""Which build of hokm is installed: pure Python (the default) or compiled by mypyc (opt-in)."""

from __future__ import annotations

import importlib.util

__all__ = ["build_name", "is_compiled"]


def is_compiled() -> bool:
    """Whether the hot modules are mypyc-compiled extension modules (found without importing them)."""
    spec = importlib.util.find_spec("hokm._hand.state")
    origin = spec.origin if spec is not None else None
    return origin is not None and not origin.endswith(".py")


def build_name() -> str:
    """``"compiled (mypyc)"`` or ``"pure Python"``, as ``hokm --version`` prints it."""
    return "compiled (mypyc)" if is_compiled() else "pure Python"
