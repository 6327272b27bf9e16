"""Screens over the table: quitting, confirming an announcement, a finished hand, help, the match's end."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

__all__ = ["ConfirmScreen", "EndScreen", "HelpScreen", "QuitScreen", "ReviewScreen"]


class _NoEnter(Button):
    """A button a click presses; the keyboard answers with the letter shown, never with Enter."""

    can_focus = False


class QuitScreen(ModalScreen[str]):
    """Leave the table? Dismisses with ``"quit"``, ``"delete"`` (quit and delete the saved match)
    or ``"stay"``. ``text`` says what is saved; ``can_delete``: there is a file to delete."""

    DEFAULT_CSS = """
    QuitScreen { align: center middle; }
    QuitScreen > Vertical {
        width: 64; height: auto; border: thick $accent; padding: 1 2; background: $panel;
    }
    QuitScreen Horizontal { height: auto; align: center middle; margin-top: 1; }
    QuitScreen Button { margin: 0 1; min-width: 10; }
    """
    AUTO_FOCUS = None
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer('quit')", "quit"),
        Binding("d", "answer('delete')", "delete and quit"),
        Binding("c,n,escape", "answer('stay')", "stay")]

    def __init__(self, text: str, *, can_delete: bool) -> None:
        super().__init__()
        self.text = text
        self.can_delete = can_delete

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.text, id="quit-text")
            with Horizontal():
                yield _NoEnter("Quit (y)", id="quit", variant="primary")
                if self.can_delete:
                    yield _NoEnter("Delete it, quit (d)", id="delete", variant="error")
                yield _NoEnter("Stay (c)", id="stay")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "stay")

    def action_answer(self, answer: str) -> None:
        """Close with ``answer`` (``"delete"`` only where there is a file to delete)."""
        if answer == "delete" and not self.can_delete:
            return
        self.dismiss(answer)


class ConfirmScreen(ModalScreen[bool]):
    """An announcement that cannot be taken back: ``y`` takes it, ``n`` or Escape goes back.

    Enter does neither: a key pressed twice by habit must not announce anything.
    """

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical {
        width: 64; height: auto; border: thick $warning; padding: 1 2; background: $panel;
    }
    ConfirmScreen Horizontal { height: auto; align: center middle; margin-top: 1; }
    ConfirmScreen Button { margin: 0 1; min-width: 10; }
    """
    AUTO_FOCUS = None
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "yes"), Binding("n,escape", "answer(False)", "no"),
        Binding("enter", "remind", "", show=False)]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.text, id="confirm-text")
            yield Static("", id="confirm-remind")
            with Horizontal():
                yield _NoEnter("Yes (y)", id="yes", variant="warning")
                yield _NoEnter("No (n)", id="no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        """Close with ``answer``."""
        self.dismiss(answer)

    def action_remind(self) -> None:
        """Enter: say which keys answer."""
        self.query_one("#confirm-remind", Static).update("Press y to go ahead, or n to go back.")


class ReviewScreen(ModalScreen[None]):
    """A finished hand: the result and all hands as dealt. Enter, space or Escape closes it."""

    DEFAULT_CSS = """
    ReviewScreen { align: center middle; }
    ReviewScreen > Static {
        width: 78; height: auto; border: thick $accent; padding: 1 2; background: $panel;
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


class HelpScreen(ModalScreen[None]):
    """Every key of the table and a summary of the rules in play. ``?``, F1, Escape or Enter closes it."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 90%; max-width: 100; height: 90%; border: thick $accent; padding: 0 2; background: $panel;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,f1,enter,q", "close", "close")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.text, id="help")

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).border_title = "Help: ? or Escape closes it"

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


class EndScreen(Screen[str]):
    """The end of the match: the summary, then ``n`` a new match, ``r`` a rematch (same seed),
    ``q`` or Escape quits. Dismisses with ``"new"``, ``"rematch"`` or ``"quit"``."""

    DEFAULT_CSS = """
    EndScreen { align: center middle; }
    EndScreen > VerticalScroll { width: 100%; height: 1fr; padding: 1 2; }
    EndScreen #end-keys { height: 1; padding: 0 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "answer('new')", "new match"), Binding("r", "answer('rematch')", "rematch"),
        Binding("q,escape", "answer('quit')", "quit")]

    def __init__(self, text: str, keys: str) -> None:
        super().__init__()
        self.text = text
        self.keys = keys

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.text, id="end")
        yield Static(self.keys, id="end-keys")

    def action_answer(self, answer: str) -> None:
        """Close with ``answer``."""
        self.dismiss(answer)
