"""Adapters for game-AI frameworks: PettingZoo, Gymnasium (and OpenSpiel).

Each adapter is a submodule that imports its framework, so ``import hokm`` and
``import hokm.adapters`` stay cheap and need none of them. Importing an adapter
whose framework is missing raises ``hokm.MissingExtraError`` (an ``ImportError``)
naming the extra to install:

>>> import hokm.adapters
>>> hokm.adapters.require_extra("json", extra="pettingzoo").__name__
'json'

The shared action and observation encodings are in ``hokm.encoding``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from hokm.errors import MissingExtraError

__all__ = ["require_extra"]


def require_extra(package: str, *, extra: str) -> ModuleType:
    """Import ``package``, or raise ``MissingExtraError`` saying which hokm extra installs it.

    Adapters call it for their framework before anything else, so a missing package is
    reported as what to install, not as a bare ``ModuleNotFoundError`` deep in an import.

    Raises:
        MissingExtraError: ``package`` (or a package it needs) is not installed.
    """
    try:
        return importlib.import_module(package)
    except ModuleNotFoundError as error:
        missing = error.name or package
        raise MissingExtraError(
            f"{package!r} is not installed ({missing!r} is missing): this part of hokm needs the "
            f"{extra!r} extra; install it with: pip install 'hokm[{extra}]'",
            extra=extra, package=missing) from error
