"""Cards and suits as Textual markup: suit colours everywhere, weight for what you may play.

``Painter`` writes the markup the table's widgets show. It needs no Textual: the colours
are the theme's variables (``$suit-red``, ``$suit-black`` and their ``-muted`` forms, set by
``hokm.play.app``'s dark and light themes), so one markup serves both themes. Cards you may
play are **bold and underlined**; cards you may not keep their suit colour, muted, at a
contrast of at least 4.5:1 all the same. Without colour (``NO_COLOR``) weight and underline
alone tell them apart, and nothing is dimmed into the background. With ``ascii`` the suits are
written as letters (``AS``, ``10H``), for terminals that cannot show ``♠``.
"""

from __future__ import annotations

import re

from hokm.cards import Card, Suit

__all__ = ["Painter", "escape"]

_ASCII_SYMBOLS = str.maketrans({"·": "-", "▸": ">", "←": "<", "→": ">", "↑": "^", "↓": "v", "…": "...",
                                "–": "-", "—": "-", "×": "x", "▏": "|", "║": "|", "─": "-"})
_TOKEN = re.compile(r"(?<![\w♠♥♦♣])(?:(10|[2-9JQKA])([♠♥♦♣])|([♠♥♦♣]))")
_SUITS = {suit.value: suit for suit in Suit}


def escape(text: str) -> str:
    """``text`` with Textual markup switched off (a ``[`` is shown as itself)."""
    return text.replace("[", r"\[")


class Painter:
    """Markup for cards, suits and free text holding them.

    Args:
        ascii: write suits as letters (``S H D C``) instead of symbols.
        colour: colour the suits; ``False`` (``NO_COLOR``) marks by weight and underline only.

    >>> Painter().card(Card.parse("A♥"), playable=True)
    '[$suit-red bold underline]A♥[/]'
    >>> Painter(ascii=True, colour=False).text("led 10♥ [x]")
    'led 10H \\\\[x]'
    """

    def __init__(self, *, ascii: bool = False, colour: bool = True) -> None:
        self.ascii = ascii
        self.colour = colour

    def finish(self, markup: str) -> str:
        """``markup`` ready for the screen: with ``ascii``, the table's few other symbols as ASCII
        too (``·`` ``-``, ``▸`` ``>``, arrows ``< > ^ v``), so nothing is left for the terminal to mangle."""
        if not self.ascii:
            return markup
        return markup.replace("←→", "<- ->").replace("↑↓", "^ v").translate(_ASCII_SYMBOLS)

    def suit_text(self, suit: Suit) -> str:
        """The suit as plain text: ``♥`` (or ``H``)."""
        return suit.letter if self.ascii else suit.value

    def card_text(self, card: Card) -> str:
        """The card as plain text: ``A♥`` (or ``AH``)."""
        return f"{card.rank}{self.suit_text(card.suit)}"

    def _colour(self, suit: Suit, muted: bool) -> list[str]:
        if not self.colour:
            return []
        name = "$suit-red" if suit.is_red else "$suit-black"
        return [f"{name}-muted" if muted else name]

    def card(self, card: Card, *, playable: bool = False, muted: bool = False, strong: bool = False,
             cursor: bool = False, hint: bool = False, click: str | None = None) -> str:
        """One card: ``playable`` bold and underlined (a card of your hand you may play), ``muted``
        in the suit's muted colour (one you may not play, the last trick), ``strong`` bold (a
        card on the table); ``cursor`` reversed; ``hint`` on the hint's ground; ``click`` names
        the action a mouse click runs."""
        styles = self._colour(card.suit, muted and not playable)
        if playable:
            styles += ["bold", "underline"]
        elif strong:
            styles.append("bold")
        if hint:
            styles = ["bold", "$hint-foreground on $hint-background"] if self.colour else ["bold", "italic"]
            if playable:
                styles.append("underline")
        if cursor:
            styles.append("reverse")
        text = escape(self.card_text(card))
        if styles:
            text = f"[{' '.join(styles)}]{text}[/]"
        if click is not None:
            text = f"[@click={click}]{text}[/]"
        return text

    def cards(self, cards: list[Card] | tuple[Card, ...]) -> str:
        """Cards side by side in their suits' colours."""
        return " ".join(self.card(card) for card in cards)

    def suit(self, suit: Suit, *, strong: bool = True) -> str:
        """A suit symbol (or letter) in its colour, bold by default."""
        styles = self._colour(suit, False) + (["bold"] if strong else [])
        text = self.suit_text(suit)
        return f"[{' '.join(styles)}]{text}[/]" if styles else text

    def text(self, text: str) -> str:
        """Free text (a log line, a message) as markup: escaped, its cards and suits coloured.

        A card is a rank followed by a suit symbol (``10♥``); a lone symbol is a suit.
        """
        out: list[str] = []
        at = 0
        for found in _TOKEN.finditer(text):
            out.append(escape(text[at:found.start()]))
            if found.group(3):
                out.append(self.suit(_SUITS[found.group(3)], strong=False))
            else:
                out.append(self.card(Card.parse(found.group(0))))
            at = found.end()
        out.append(escape(text[at:]))
        return "".join(out)
