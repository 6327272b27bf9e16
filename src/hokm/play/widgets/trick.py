"""The trick on the table, each card in front of the seat that played it (you at the bottom)."""

from __future__ import annotations

from collections.abc import Mapping

from textual.app import ComposeResult
from textual.containers import Grid
from textual.widgets import Static

from hokm.cards import Card
from hokm.play.paint import Painter

__all__ = ["TrickView"]

PLACES = ("top", "left", "centre", "right", "bottom")


class TrickView(Grid):
    """A 3×3 grid: seats at top, left, right and bottom, what happened in the centre."""

    DEFAULT_CSS = """
    TrickView { grid-size: 3 3; grid-columns: 1fr 1fr 1fr; grid-rows: 3 3 3; height: 9; }
    TrickView > Static { width: 100%; height: 100%; content-align: center middle; text-align: center; }
    TrickView > .blank { }
    """

    def compose(self) -> ComposeResult:
        for row in (("blank", "top", "blank"), ("left", "centre", "right"), ("blank", "bottom", "blank")):
            for place in row:
                yield Static(classes=place) if place == "blank" else Static(id=f"seat-{place}")

    def show(self, labels: Mapping[str, str], cards: Mapping[str, Card], centre: str,
             *, faded: bool, painter: Painter) -> None:
        """``labels`` and ``cards`` by place; ``faded`` draws the cards muted (the last trick, done)."""
        for place in ("top", "left", "right", "bottom"):
            widget = self.query_one(f"#seat-{place}", Static)
            if place not in labels:
                widget.update("")
                continue
            card = cards.get(place)
            shown = painter.card(card, muted=faded, strong=not faded) if card is not None else "··"
            text = f"{labels[place]}\n{shown}" if place != "bottom" else f"{shown}\n{labels[place]}"
            widget.update(painter.finish(text))
        self.query_one("#seat-centre", Static).update(painter.finish(centre))
