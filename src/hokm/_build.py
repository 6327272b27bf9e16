"""Which build of hokm is installed: pure Python (the default) or compiled by mypyc (opt-in), and
which batch kernel runs: the C kernel (built by default where a compiler exists) or the pure twin."""

from __future__ import annotations

import importlib.util

__all__ = ["build_name", "is_compiled", "kernel_name", "native_kernel_built"]


def is_compiled() -> bool:
    """Whether the hot modules are mypyc-compiled extension modules (found without importing them)."""
    spec = importlib.util.find_spec("hokm._hand.state")
    origin = spec.origin if spec is not None else None
    return origin is not None and not origin.endswith(".py")


def build_name() -> str:
    """``"compiled (mypyc)"`` or ``"pure Python"``, as ``hokm --version`` prints it."""
    return "compiled (mypyc)" if is_compiled() else "pure Python"


def native_kernel_built() -> bool:
    """Whether the C kernel ``hokm._kernel._native`` is installed (found without importing it), whether
    or not ``HOKM_NATIVE=0`` switches it off."""
    return importlib.util.find_spec("hokm._kernel._native") is not None


def kernel_name() -> str:
    """The batch kernel in use, as ``hokm --version`` prints it (``hokm._kernel.native.kernel_name``).

    Imported on the call: ``hokm._kernel.native`` loads the C kernel, which only the batches need.
    """
    from hokm._kernel.native import kernel_name as name_of_the_kernel_in_use

    return name_of_the_kernel_in_use()
