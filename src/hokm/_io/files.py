"""Files that are whole or absent: written under a temporary name, renamed when complete.

What ``hokm simulate``, ``hokm arena`` and ``hokm play`` write must never be left empty or half
written by an interrupt: ``atomic_file`` writes to a hidden temporary file in the same
directory and renames it over the target only once the block ends without an error (a
rename within one file system is atomic). An exception, ``KeyboardInterrupt`` or
``SystemExit`` included, removes the temporary file. A process killed outright (a pool's
worker ended on Ctrl-C) cannot clean up: ``discard_partials`` removes what such processes
left, by their process ids, which every temporary name carries.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
from collections.abc import Iterable, Iterator
from typing import IO, Any

__all__ = ["PARTIAL", "atomic_file", "atomic_write", "discard_partials", "partial_name"]

PARTIAL = ".partial"
"""The ending of a temporary file being written."""

_NAME = re.compile(r"\.(?P<name>.+)\.(?P<pid>[0-9]+)-[0-9a-f]{8}" + re.escape(PARTIAL))


def partial_name(path: str | os.PathLike[str]) -> str:
    """A fresh temporary name beside ``path``: ``.NAME.PID-RANDOM.partial`` in its directory."""
    directory, name = os.path.split(os.fspath(path))
    return os.path.join(directory, f".{name}.{os.getpid()}-{secrets.token_hex(4)}{PARTIAL}")


@contextlib.contextmanager
def atomic_file(path: str | os.PathLike[str], mode: str = "wb", *, encoding: str | None = None,
                durable: bool = False) -> Iterator[IO[Any]]:
    """An open file whose contents appear at ``path`` only if the ``with`` block completes.

    Args:
        path: the file to write; an existing one is replaced, whole, at the end.
        mode: ``"wb"`` or ``"w"`` (text, ``encoding`` UTF-8 unless given).
        durable: also ``fsync`` the file before renaming it (survives a power cut, costs
            a disk flush).
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"atomic_file writes a new file: mode 'w' or 'wb', got {mode!r}")
    temporary = partial_name(path)
    file: IO[Any]
    if mode == "w":  # "x": a temporary name is never another's file
        file = open(temporary, "x", encoding=encoding or "utf-8", newline="\n")  # noqa: SIM115 - closed below
    else:
        file = open(temporary, "xb")  # noqa: SIM115 - closed below
    try:
        with file:
            yield file
            file.flush()
            if durable:
                os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def atomic_write(path: str | os.PathLike[str], data: bytes | str, *, durable: bool = False) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` whole, or leave ``path`` as it was."""
    with atomic_file(path, "w" if isinstance(data, str) else "wb", durable=durable) as file:
        file.write(data)


def discard_partials(directory: str | os.PathLike[str], pids: Iterable[int]) -> list[str]:
    """Remove the temporary files that processes ``pids`` left in ``directory``; their names.

    For after a pool's workers were killed mid-write. Nothing else is touched: not another
    process's files being written, not any file hokm did not name.
    """
    wanted = {str(pid) for pid in pids}
    removed: list[str] = []
    try:
        names = os.listdir(directory)
    except OSError:
        return removed
    for name in names:
        found = _NAME.fullmatch(name)
        if found is not None and found["pid"] in wanted:
            with contextlib.suppress(OSError):
                os.unlink(os.path.join(directory, name))
                removed.append(name)
    return removed
