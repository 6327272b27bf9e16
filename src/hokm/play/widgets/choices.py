"""Decisions other than a card play (trump call, keep/reject, play on, ...), as a row of choices."""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets import Static

from hokm.play.paint import Painter

__all__ = ["ChoicesView"]


class ChoicesView(Static):
    """The choices, each with its number key; the focused one reversed and marked ``▸``, the
    hint in italics; a click takes one (``screen.choose(index)``)."""

    DEFAULT_CSS = """
    ChoicesView { height: auto; max-height: 5; padding: 0 1; }
    ChoicesView.empty { display: none; }
    """

    def show(self, labels: Sequence[str], *, cursor: int | None, hint: int | None, active: bool,
             painter: Painter, title: str = "Choose") -> None:
        """Draw ``labels``; ``cursor`` (``None``: nothing focused) and ``hint`` index into them."""
        self.set_class(not labels, "empty")
        parts = []
        for index, label in enumerate(labels):
            focused = active and index == cursor
            text = f"{'▸' if focused else ' '}{(index + 1) % 10} {painter.text(label)}"
            style = []
            if index == hint:
                style.append("italic")
            if focused:
                style.append("reverse")
            if style:
                text = f"[{' '.join(style)}]{text}[/]"
            parts.append(f"[@click=screen.choose({index})]{text}[/]")
        self.update(painter.finish(f"{title}: " + "  ".join(parts)) if parts else "")
