"""Which batch kernel this installation runs: the C kernel (``hokm._kernel._native``) or none.

The C kernel is built by ``pip install`` where a C compiler and Python's headers exist
(``hatch_build.py``); ``HOKM_NATIVE=0`` set before ``import hokm`` turns it off at run
time, so every ruleset plays its batches with the pure twin. Nothing else reads the
environment: the rest of the package asks ``NATIVE``.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

__all__ = ["ENVIRONMENT_VARIABLE", "NATIVE", "kernel_name"]

ENVIRONMENT_VARIABLE = "HOKM_NATIVE"
"""Set to ``0`` (or ``false``, ``no``, ``off``) to run the pure twin although the C kernel is built."""


def _switched_off() -> bool:
    return os.environ.get(ENVIRONMENT_VARIABLE, "").strip().lower() in {"0", "false", "no", "off"}


def _load() -> tuple[ModuleType | None, str]:
    if _switched_off():
        return None, f"pure Python ({ENVIRONMENT_VARIABLE}=0)"
    try:
        module = importlib.import_module("hokm._kernel._native")
    except ImportError:
        return None, "pure Python (the C kernel is not built)"
    return module, "native (C)"


NATIVE, _NAME = _load()
"""The C kernel's module, or ``None`` where it is not built or switched off."""


def kernel_name() -> str:
    """The batch kernel in use, as ``hokm --version`` prints it: ``"native (C)"``, or
    ``"pure Python (...)"`` with the reason."""
    return _NAME
