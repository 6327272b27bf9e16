"""Modal screens: the quit question (save? yes/no/cancel) and the review of a finished hand."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

__all__ = ["QuitScreen", "ReviewScreen"]


class QuitScreen(ModalScreen[str]):
    """Asks whether to save before quitting; dismisses with ``"yes"``, ``"no"`` or ``"cancel"``."""

    DEFAULT_CSS = """
    QuitScreen { align: center middle; }
    QuitScreen > Vertical {
        width: 56; height: auto; border: thick $accent; padding: 1 2; background: $panel;
    }
    QuitScreen Horizontal { height: auto; align: center middle; margin-top: 1; }
    QuitScreen Button { margin: 0 1; min-width: 10; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer('yes')", "save and quit"), Binding("n", "answer('no')", "quit"),
                Binding("c,escape", "answer('cancel')", "cancel")]

    def __init__(self, where: str) -> None:
        super().__init__()
        self.where = where

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Save the match before quitting?\n[dim]{self.where}[/]")
            with Horizontal():
                yield Button("Yes (y)", id="yes", variant="primary")
                yield Button("No (n)", id="no", variant="error")
                yield Button("Cancel (c)", id="cancel")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "cancel")

    def action_answer(self, answer: str) -> None:
        """Close with ``answer``."""
        self.dismiss(answer)


class ReviewScreen(ModalScreen[None]):
    """A finished hand: the result and all hands as dealt. Enter, space or Escape closes it."""

    DEFAULT_CSS = """
    ReviewScreen { align: center middle; }
    ReviewScreen > Static {
        width: 76; height: auto; border: thick $accent; padding: 1 2; background: $panel;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space,escape", "close", "continue")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(self.text, id="review")

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)
