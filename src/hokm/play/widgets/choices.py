"""Decisions other than a card play (trump call, keep/reject, play on, ...), as a row of choices."""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets import Static

__all__ = ["ChoicesView"]


class ChoicesView(Static):
    """The choices, numbered; the cursor reverses one, the hint marks one; a click takes it."""

    DEFAULT_CSS = """
    ChoicesView { height: auto; max-height: 5; padding: 0 1; }
    ChoicesView.empty { display: none; }
    """

    def show(self, labels: Sequence[str], *, cursor: int, hint: int | None, active: bool) -> None:
        """Draw ``labels``; ``cursor`` and ``hint`` index into them."""
        self.set_class(not labels, "empty")
        parts = []
        for index, label in enumerate(labels):
            style = []
            if index == hint:
                style.append("on yellow")
            if active and index == cursor:
                style.append("reverse")
            text = f"{index + 1}. {label}".replace("[", r"\[")
            if style:
                text = f"[{' '.join(style)}]{text}[/]"
            parts.append(f"[@click=screen.choose({index})]{text}[/]")
        self.update("Choose: " + "   ".join(parts) if parts else "")
