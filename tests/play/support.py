"""Shared helpers of the ``hokm play`` tests: screen text and colours from Textual's SVG export,
keys for a card, tables brought to a given decision, and ``hokm play`` run in a pseudo-terminal."""

from __future__ import annotations

import html
import os
import re
import select
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs

import hokm
from hokm import Card
from hokm.play import TableModel, sorted_hand

_TEXT = re.compile(r'<text class="([^"]*)"[^>]*?x="([\d.]+)" y="([\d.]+)"[^>]*?'
                   r'clip-path="url\(#[^)]*?-line-(\d+)\)"[^>]*>(.*?)</text>')
_RECT = re.compile(r'<rect fill="(#[0-9a-fA-F]{6})" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" '
                   r'height="([\d.]+)" shape-rendering="crispEdges"/>')
_STYLE = re.compile(r"\.(terminal-\d+-r\d+) \{([^}]*)\}")
CHAR_WIDTH = 12.2
"""Rich's SVG export places character ``n`` of a line at x = n × 12.2 (font size 20, aspect 0.61)."""
LINE_HEIGHT = 24.4


def svg_text(svg: str) -> str:
    """The screen as plain text, from an SVG screenshot (Rich's format, stable across Textual versions)."""
    lines: dict[int, list[tuple[float, str]]] = {}
    for match in _TEXT.finditer(svg):
        text = html.unescape(match.group(5)).replace("\xa0", " ")
        lines.setdefault(int(match.group(4)), []).append((float(match.group(2)), text))
    out = []
    for number in sorted(lines):
        row: list[str] = []
        for x, text in sorted(lines[number]):
            column = round(x / CHAR_WIDTH)
            row.extend(" " * (column - len(row)))
            row[column:column + len(text)] = list(text)
        out.append("".join(row).rstrip())
    return "\n".join(out)


@attrs.frozen
class Glyphs:
    """A run of text on the screen with its colours and weight, as the SVG draws it."""

    text: str
    line: int
    column: int
    colour: str
    background: str
    bold: bool
    underline: bool


def svg_glyphs(svg: str) -> list[Glyphs]:
    """Every run of text of an SVG screenshot with its foreground, its ground (the rectangle
    under it) and its weight: what a contrast check needs."""
    styles = dict(_STYLE.findall(svg))
    grounds: dict[tuple[int, int], str] = {}
    for fill, x, y, width, _height in _RECT.findall(svg):
        line = round((float(y) - 1.5) / LINE_HEIGHT)
        first = round(float(x) / CHAR_WIDTH)
        for column in range(first, first + max(1, round(float(width) / CHAR_WIDTH))):
            grounds[line, column] = fill.lower()
    found = []
    for match in _TEXT.finditer(svg):
        style = styles.get(match.group(1), "")
        colour = re.search(r"fill: (#[0-9a-fA-F]{6})", style)
        text = html.unescape(match.group(5)).replace("\xa0", " ")
        column, line = round(float(match.group(2)) / CHAR_WIDTH), int(match.group(4))
        if not text.strip():
            continue
        found.append(Glyphs(text, line, column, colour.group(1).lower() if colour else "#c5c8c6",
                            grounds.get((line, column), "#000000"), "bold" in style, "underline" in style))
    return found


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of ``#rrggbb``."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(one: str, other: str) -> float:
    """WCAG 2 contrast ratio of two ``#rrggbb`` colours, from 1 to 21."""
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def card_keys(card: Card) -> list[str]:
    """The keys that type ``card``: rank then suit letter (``10h``, ``qd``), lower case."""
    return [*str(card.rank).lower(), card.suit.letter.lower()]


Want = Callable[[TableModel], bool]


def advance(model: TableModel, want: Want, limit: int = 3000) -> TableModel:
    """Play on (the bots, and for you the first card you may play, else the first choice) until
    ``want(model)`` holds on your turn; fails if the match ends first."""
    for _ in range(limit):
        if model.is_over:
            break
        if model.review is not None:
            model.finish_review()
        elif model.your_turn:
            if want(model):
                return model
            cards = [card for card in sorted_hand(model.hand.hand) if card in model.legal_cards]
            if cards:
                model.play_card(cards[0])
            else:
                model.choose(model.choices[0])
        else:
            model.bot_step()
    raise AssertionError("the decision never came")


def offered(tag: str) -> Want:
    """On your turn, a choice tagged ``tag`` is offered."""
    return lambda model: any(choice.tag == tag for choice in model.choices)


def at_decision(variants: Sequence[str], options: dict[str, dict[str, object]], seed: int,
                tag: str, **kwargs: object) -> TableModel:
    """A table (random bots) brought to your first decision offering a ``tag`` choice."""
    ruleset = hokm.Ruleset.compose(*variants, options=options)
    model = TableModel.new(ruleset, seed=seed, opponents="random", **kwargs)  # type: ignore[arg-type]
    return advance(model, offered(tag))


# hokm play in a pseudo-terminal ----------------------------------------------------------------------


class Terminal:
    """``hokm play ARGS`` in a pseudo-terminal of 100×30: keys in, the screen's bytes out."""

    def __init__(self, *args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> None:
        import fcntl
        import pty
        import struct
        import termios

        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        environment = {**os.environ, "TERM": "xterm-256color", **(env or {})}
        environment.pop("NO_COLOR", None)

        def controlling_terminal() -> None:  # as a shell does: its own session, the pty its terminal
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.process = subprocess.Popen(
            [sys.executable, "-m", "hokm", "play", *args], stdin=slave, stdout=slave, stderr=slave,
            env=environment, cwd=cwd, preexec_fn=controlling_terminal)  # noqa: PLW1509 - no threads here
        os.close(slave)
        self.output = b""

    def read(self, seconds: float) -> bytes:
        """What the program wrote in the next ``seconds`` (all of it so far is in ``output``)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                self.output += chunk
        return self.output

    def wait_for(self, text: str, seconds: float = 30) -> None:
        """Read until ``text`` has appeared on the screen (fails after ``seconds``)."""
        end = time.monotonic() + seconds
        while text.encode() not in self.output and time.monotonic() < end and self.process.poll() is None:
            self.read(0.2)
        assert text.encode() in self.output, f"{text!r} never appeared: {self.output[-800:]!r}"

    def press(self, keys: str, pause: float = 0.5) -> None:
        os.write(self.master, keys.encode())
        self.read(pause)

    def finish(self, seconds: float = 20) -> int:
        """Wait for the program to end; returns its exit status."""
        end = time.monotonic() + seconds
        while self.process.poll() is None and time.monotonic() < end:
            self.read(0.2)
        if self.process.poll() is None:  # pragma: no cover - only when a test fails
            self.process.kill()
        self.read(0.3)
        os.close(self.master)
        return self.process.wait(5)

    def hang_up(self) -> int:
        """Close the terminal, as a closed window or a dropped ssh connection does (SIGHUP)."""
        os.close(self.master)
        try:
            return self.process.wait(20)
        finally:
            if self.process.poll() is None:  # pragma: no cover - only when a test fails
                self.process.kill()
