"""The status bar (trump, Hakem, tricks, pile, scores) and the log of the last tricks."""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets import Static

__all__ = ["InfoBar", "TrickLog"]


class InfoBar(Static):
    """Two lines above the table: the hand, trump and Hakem; the scores, tricks and pile."""

    DEFAULT_CSS = """
    InfoBar { height: 2; padding: 0 1; background: $boost; }
    """


class TrickLog(Static):
    """The last tricks and hand results, newest at the bottom."""

    DEFAULT_CSS = """
    TrickLog { width: 40; height: 100%; border: round $secondary; padding: 0 1; }
    """

    def on_mount(self) -> None:
        self.border_title = "Last tricks"

    def show(self, lines: Sequence[str], room: int) -> None:
        """The last ``room`` lines."""
        shown = [line.replace("[", r"\[") for line in lines[-room:]] if room > 0 else []
        self.update("\n".join(shown))
