"""Cards as Textual markup: suit colours, dimmed illegal cards, the cursor and the hint."""

from __future__ import annotations

from collections.abc import Iterable

from hokm.cards import Card, Suit

__all__ = ["card_markup", "cards_markup", "suit_markup"]

RED = (Suit.HEARTS, Suit.DIAMONDS)


def suit_markup(suit: Suit) -> str:
    """The suit symbol, red for ♥ and ♦."""
    return f"[bold red]{suit}[/]" if suit in RED else f"[bold]{suit}[/]"


def card_markup(card: Card, *, legal: bool = True, cursor: bool = False, hint: bool = False,
                click: str | None = None) -> str:
    """One card: red or plain by suit; dim if it cannot be played; reversed under the cursor;
    on a yellow ground when it is the hint; clickable when ``click`` names an action."""
    styles = ["bold red" if card.suit in RED else "bold"]
    if not legal:
        styles = ["dim red" if card.suit in RED else "dim"]
    if hint:
        styles.append("on yellow")
    if cursor:
        styles.append("reverse")
    text = f"[{' '.join(styles)}]{card}[/]"
    if click is not None and legal:
        text = f"[@click={click}]{text}[/]"
    return text


def cards_markup(cards: Iterable[Card]) -> str:
    """Cards side by side, coloured by suit."""
    return " ".join(card_markup(card) for card in cards)
