"""Your hand: sorted by suit, the cards you may play bold and underlined, a cursor, clickable cards."""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets import Static

from hokm.cards import Card
from hokm.play.paint import Painter

__all__ = ["HandView"]


class HandView(Static):
    """One row of cards; a click plays the card (``screen.play_card(index)``).

    Its border title says, in words, whether the arrows and Enter are on your cards now.
    """

    DEFAULT_CSS = """
    HandView { height: 3; border: round $secondary; padding: 0 1; border-title-color: $foreground; }
    HandView.active { border: round $accent; }
    """

    def show(self, cards: Sequence[Card], legal: frozenset[Card], *, cursor: Card | None,
             hint: Card | None, active: bool, painter: Painter) -> None:
        """Draw ``cards`` (already in display order)."""
        parts: list[str] = []
        previous = None
        for card in cards:
            if previous is not None and card.suit is not previous:
                parts.append("  ")
            elif previous is not None:
                parts.append(" ")
            playable = card in legal
            parts.append(painter.card(card, playable=playable, muted=not playable,
                                      cursor=active and card == cursor, hint=card == hint,
                                      click=f"screen.play_card({card.index})" if playable else None))
            previous = card.suit
        self.set_class(active, "active")
        self.border_title = painter.finish("Your hand ▸ ←→ Enter" if active else "Your hand")
        self.update(painter.finish("".join(parts)) if parts else "(no cards)")
