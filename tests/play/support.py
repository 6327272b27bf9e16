"""Shared helpers of the ``hokm play`` tests: screen text from Textual's SVG export, keys for a card."""

from __future__ import annotations

import html
import re

from hokm import Card

_TEXT = re.compile(r'<text[^>]*?x="([\d.]+)"[^>]*?clip-path="url\(#[^)]*?-line-(\d+)\)"[^>]*>(.*?)</text>')
CHAR_WIDTH = 12.2
"""Rich's SVG export places character ``n`` of a line at x = n × 12.2 (font size 20, aspect 0.61)."""


def svg_text(svg: str) -> str:
    """The screen as plain text, from an SVG screenshot (Rich's format, stable across Textual versions)."""
    lines: dict[int, list[tuple[float, str]]] = {}
    for match in _TEXT.finditer(svg):
        text = html.unescape(match.group(3)).replace("\xa0", " ")
        lines.setdefault(int(match.group(2)), []).append((float(match.group(1)), text))
    out = []
    for number in sorted(lines):
        row: list[str] = []
        for x, text in sorted(lines[number]):
            column = round(x / CHAR_WIDTH)
            row.extend(" " * (column - len(row)))
            row[column:column + len(text)] = list(text)
        out.append("".join(row).rstrip())
    return "\n".join(out)


def card_keys(card: Card) -> list[str]:
    """The keys that type ``card``: rank then suit letter (``10h``); a queen as ``Q`` (``q`` quits)."""
    rank = str(card.rank).lower()
    if rank == "q":
        rank = "Q"
    return [*rank, card.suit.letter.lower()]
