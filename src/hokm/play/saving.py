"""Where ``hokm play`` saves a match when no ``--save FILE`` is given.

The default is a new file per match in the user's data directory, so a match is
never overwritten by the next one: ``$XDG_DATA_HOME/hokm/matches/`` (by default
``~/.local/share/hokm/matches/``) on Linux and other Unix systems,
``~/Library/Application Support/hokm/matches/`` on macOS and
``%LOCALAPPDATA%\\hokm\\matches\\`` on Windows. ``HOKM_PLAY_DIR`` overrides the folder.
"""

from __future__ import annotations

import datetime
import os
import sys
from pathlib import Path

__all__ = ["default_save_path", "save_dir"]


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
    """A new file for a match started ``now``: ``<save_dir>/match-YYYYMMDD-HHMMSS.json``."""
    now = now or datetime.datetime.now()
    return save_dir() / f"match-{now:%Y%m%d-%H%M%S}.json"
