"""Your hand: sorted by suit, illegal cards dimmed, a cursor for the arrows, clickable cards."""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets import Static

from hokm.cards import Card
from hokm.play.widgets.cards import card_markup

__all__ = ["HandView"]


class HandView(Static):
    """One row of cards; a click plays the card (``screen.play_card(index)``)."""

    DEFAULT_CSS = """
    HandView { height: 3; border: round $secondary; padding: 0 1; }
    HandView.active { border: round $accent; }
    """

    def show(self, cards: Sequence[Card], legal: frozenset[Card], *, cursor: Card | None,
             hint: Card | None, active: bool) -> None:
        """Draw ``cards`` (already in display order)."""
        parts: list[str] = []
        previous = None
        for card in cards:
            if previous is not None and card.suit is not previous:
                parts.append("  ")
            elif previous is not None:
                parts.append(" ")
            parts.append(card_markup(card, legal=card in legal, cursor=active and card == cursor,
                                     hint=card == hint, click=f"screen.play_card({card.index})"))
            previous = card.suit
        self.set_class(active, "active")
        self.update("".join(parts) if parts else "[dim](no cards)[/]")
