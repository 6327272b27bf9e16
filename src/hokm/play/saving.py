"""Where ``hokm play`` saves a match, checking that place before play starts, and writing it safely.

The default is a new file per match in the user's data directory, so a match is
never overwritten by the next one: ``$XDG_DATA_HOME/hokm/matches/`` (by default
``~/.local/share/hokm/matches/``) on Linux and other Unix systems,
``~/Library/Application Support/hokm/matches/`` on macOS and
``%LOCALAPPDATA%\\hokm\\matches\\`` on Windows. ``HOKM_PLAY_DIR`` overrides the folder.

A save is written whole or not at all (``write_atomically``): a temporary file in the same
folder, then ``os.replace``, so a crash or a full disk never leaves half a record behind.
"""

from __future__ import annotations

import datetime
import os
import sys
import tempfile
from pathlib import Path

from hokm._io.files import atomic_write
from hokm.errors import InvalidArgumentError

__all__ = ["check_save_path", "default_save_path", "free_path", "save_dir", "write_atomically"]


def save_dir() -> Path:
    """The folder new matches are saved in (``HOKM_PLAY_DIR`` if set, else the user's data dir)."""
    chosen = os.environ.get("HOKM_PLAY_DIR")
    if chosen:
        return Path(chosen).expanduser()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "hokm" / "matches"


def default_save_path(now: datetime.datetime | None = None) -> Path:
    """A new file for a match started ``now``: ``<save_dir>/match-YYYYMMDD-HHMMSS.json``.

    If that file exists (two matches started in the same second), ``-2``, ``-3``, ... is added.
    """
    now = now or datetime.datetime.now()
    return free_path(save_dir() / f"match-{now:%Y%m%d-%H%M%S}.json")


def free_path(path: Path) -> Path:
    """``path`` if no file is there, else the first free ``name-2.json``, ``name-3.json``, ...

    >>> free_path(Path("/no/such/folder/match.json")).name
    'match.json'
    """
    if not path.exists():
        return path
    number = 2
    while True:
        candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
        if not candidate.exists():
            return candidate
        number += 1


def check_save_path(path: Path, *, resumed_from: Path | None = None) -> None:
    """Refuse, before play starts, a file a match cannot be saved to.

    The folder must exist or be creatable and take a new file; ``path`` must not be a
    folder, and must not be an existing file unless it is the record being resumed
    (a new match never overwrites another file). Nothing is left behind by the check
    but the folder, if it had to be created.

    Raises:
        InvalidArgumentError: the match could not be saved there (the message says why).
    """
    shown = os.fspath(path)
    if path.is_dir():
        raise InvalidArgumentError(f"cannot save to {shown}: it is a folder; give a file name such as "
                                   f"{os.path.join(shown, 'match.json')}")
    if path.exists() and (resumed_from is None or not _same_file(path, resumed_from)):
        raise InvalidArgumentError(f"cannot save to {shown}: the file exists; play on with hokm play "
                                   f"--resume {shown}, or give another file")
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, probe = tempfile.mkstemp(prefix=".hokm-play-", suffix=".probe", dir=folder)
    except OSError as error:
        raise InvalidArgumentError(f"cannot save to {shown}: {error.strerror or error}") from None
    os.close(handle)
    Path(probe).unlink(missing_ok=True)


def _same_file(one: Path, other: Path) -> bool:
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all, and durably (``hokm._io.files``: a
    temporary name beside it, flushed to disk, then renamed over it).

    Raises:
        OSError: the file cannot be written (``path`` is left as it was).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, text, durable=True)
