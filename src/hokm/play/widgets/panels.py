"""The status bar (trump, Hakem, tricks, pile, scores) and the log of what happened."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from textual.widgets import Static

from hokm.play.paint import Painter

__all__ = ["InfoBar", "TrickLog"]


class InfoBar(Static):
    """Two lines above the table: the hand, trump and Hakem; the scores, tricks and pile."""

    DEFAULT_CSS = """
    InfoBar { height: 2; padding: 0 1; background: $boost; }
    """


class TrickLog(Static):
    """The last tricks, reveals and hand results, newest at the bottom, cards in their colours."""

    DEFAULT_CSS = """
    TrickLog { width: 40; height: 100%; border: round $secondary; padding: 0 1;
               border-title-color: $foreground; }
    """

    def on_mount(self) -> None:
        self.border_title = "Last tricks"

    def show(self, lines: Sequence[str], room: int, width: int, painter: Painter) -> None:
        """The newest lines that fit in ``room`` rows of ``width`` characters (long lines wrap)."""
        shown: list[str] = []
        used = 0
        for line in reversed(lines):
            text = painter.text(line)
            rows = max(1, len(textwrap.wrap(line, max(width, 10))))
            if used + rows > room:
                break
            shown.append(text)
            used += rows
        self.update(painter.finish("\n".join(reversed(shown))))
