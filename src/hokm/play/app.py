"""The Textual app of ``hokm play``: the table screen, its keys, and the bots' animated turns.

``PlayApp(model)`` shows a ``TableModel``. Keys: arrows and Enter choose a card
(left/right) or a decision (up/down); typing a card (``as``, ``10h``, ``A♠``) and
Enter plays it; ``h`` hints and ``u`` undoes (practice mode); ``q``, Escape or
Ctrl-C ask whether to save and quit. A mouse click plays a card or takes a choice.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from hokm.actions import Action, PlayCard
from hokm.cards import Card
from hokm.errors import HokmError
from hokm.play.model import TableModel
from hokm.play.text import action_label, sorted_hand
from hokm.play.view import centre_text, info_lines, review_text, seat_label
from hokm.play.widgets.choices import ChoicesView
from hokm.play.widgets.hand import HandView
from hokm.play.widgets.panels import InfoBar, TrickLog
from hokm.play.widgets.screens import QuitScreen, ReviewScreen
from hokm.play.widgets.trick import TrickView

__all__ = ["MIN_HEIGHT", "MIN_WIDTH", "PlayApp", "TableScreen"]

MIN_WIDTH = 80
"""The narrowest terminal the table fits in, in columns."""
MIN_HEIGHT = 24
"""The shortest terminal the table fits in, in lines."""

KEYS = "←→ card  ↑↓ choice  Enter play  type a card: as, 10h  h hint  u undo  q quit"


class TableScreen(Screen[None]):
    """The table: info bar, the trick by seat, the log, your hand, your choices, the status line."""

    DEFAULT_CSS = """
    #table { height: 1fr; }
    #middle { height: 11; }
    #status { height: 1; padding: 0 1; }
    #keys { height: 1; padding: 0 1; color: $text-muted; }
    #too-small { display: none; width: 100%; height: 100%; content-align: center middle; text-align: center; }
    TableScreen.too-small #too-small { display: block; }
    TableScreen.too-small #table { display: none; }
    """

    def __init__(self, model: TableModel, delay: float) -> None:
        super().__init__()
        self.model = model
        self.delay = delay
        self.typed = ""
        self.row: Literal["cards", "choices"] = "cards"
        self.card_cursor: Card | None = None
        self.choice_cursor = 0
        self.hint: Action | None = None
        self.status = ""
        self._timer_running = False

    def compose(self) -> ComposeResult:
        with Vertical(id="table"):
            yield InfoBar(id="info")
            with Horizontal(id="middle"):
                yield TrickView(id="trick")
                yield TrickLog(id="log")
            yield HandView(id="hand")
            yield ChoicesView(id="choices")
            yield Static(id="status")
            yield Static(KEYS, id="keys")
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self._check_size()
        self.redraw()
        self.call_after_refresh(self.advance)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size()

    def _check_size(self) -> None:
        width, height = self.app.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.set_class(small, "too-small")
        if small:
            self.query_one("#too-small", Static).update(
                f"The table needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT} characters; "
                f"this one is {width}×{height}.\nEnlarge the window, or press q to quit.")

    # Drawing ------------------------------------------------------------------------------

    def selectable_cards(self) -> list[Card]:
        """Your legal cards in display order: what the arrows move over."""
        legal = self.model.legal_cards
        return [card for card in sorted_hand(self.model.hand.hand) if card in legal]

    def redraw(self) -> None:
        """Draw every panel from the model."""
        model = self.model
        hand = model.hand
        self.query_one("#info", InfoBar).update(info_lines(model))
        labels, cards = {}, {}
        for seat in model.match.layout.seats:
            labels[model.positions[seat]] = seat_label(model, seat)
        faded = not hand.current_trick and bool(hand.tricks)
        plays = hand.tricks[-1].plays if faded else hand.current_trick
        for seat, card in plays:
            cards[model.positions[seat]] = card
        self.query_one("#trick", TrickView).show(labels, cards, centre_text(model), faded=faded)
        self.query_one("#log", TrickLog).show(model.log, 9)
        selectable = self.selectable_cards()
        choices = model.choices
        if self.card_cursor not in selectable:
            self.card_cursor = selectable[0] if selectable else None
        self.choice_cursor = min(self.choice_cursor, max(len(choices) - 1, 0))
        if not selectable and choices:
            self.row = "choices"
        elif selectable and not choices:
            self.row = "cards"
        hint_card = self.hint.card if isinstance(self.hint, PlayCard) else None
        self.query_one("#hand", HandView).show(sorted_hand(hand.hand), model.legal_cards,
                                               cursor=self.card_cursor, hint=hint_card,
                                               active=self.row == "cards" and bool(selectable))
        hint_choice = choices.index(self.hint) if self.hint in choices else None
        self.query_one("#choices", ChoicesView).show([action_label(a, hand) for a in choices],
                                                     cursor=self.choice_cursor, hint=hint_choice,
                                                     active=self.row == "choices")
        typed = f"typed: {self.typed}▏  " if self.typed else ""
        self.query_one("#status", Static).update(typed + self.status.replace("[", r"\["))

    def say(self, message: str) -> None:
        """Put ``message`` on the status line."""
        self.status = message
        self.redraw()

    # The bots -----------------------------------------------------------------------------

    def advance(self) -> None:
        """Let the bots act: all at once with no delay, else one every ``delay`` seconds."""
        try:
            if self.delay <= 0:
                while self.model.bots_to_act:
                    self.model.bot_step()
            elif self.model.bots_to_act:
                self.model.bot_step()
        except HokmError as error:
            self.say(f"the game stopped: {error}")
            return
        except OSError as error:  # saving after a hand failed; the game itself went on
            self.status = f"could not save the match: {error}"
        self.redraw()
        if self.model.review is not None:
            self.app.push_screen(ReviewScreen(review_text(self.model, self.model.review)), self._reviewed)
        elif self.model.bots_to_act and not self._timer_running:
            self._timer_running = True
            self.set_timer(self.delay, self._tick)
        elif self.model.is_over:
            self.say("The match is over: q to quit.")

    def _tick(self) -> None:
        self._timer_running = False
        self.advance()

    def _reviewed(self, _result: None) -> None:
        self.model.finish_review()
        self.status = ""
        self.redraw()
        self.advance()

    # Your actions -------------------------------------------------------------------------

    def act(self, action: Action | None, text: str | None = None) -> None:
        """Play ``action`` (or the typed ``text``); bad input only sets the status line."""
        try:
            if text is not None:
                self.model.play_text(text)
            elif isinstance(action, PlayCard):
                self.model.play_card(action.card)
            elif action is not None:
                self.model.choose(action)
        except HokmError as error:
            self.say(str(error))
            return
        except OSError as error:  # saving after the hand you just ended failed
            self.status = f"could not save the match: {error}"
        else:
            self.status = ""
        self.hint = None
        self.typed = ""
        self.redraw()
        self.advance()

    def action_play_card(self, index: int) -> None:
        """A click on a card of your hand."""
        card = Card.from_index(index)
        if card in self.model.legal_cards:
            self.act(PlayCard(card))

    def action_choose(self, index: int) -> None:
        """A click on a choice."""
        choices = self.model.choices
        if 0 <= index < len(choices):
            self.act(choices[index])

    def on_key(self, event: events.Key) -> None:
        key = event.key
        handled = True
        if key == "enter":
            self._enter()
        elif key == "backspace":
            self.typed = self.typed[:-1]
            self.redraw()
        elif key == "escape":
            if self.typed:
                self.typed = ""
                self.redraw()
            else:
                self.app.action_request_quit()  # type: ignore[attr-defined]
        elif key in ("left", "right"):
            self._move_card(1 if key == "right" else -1)
        elif key in ("up", "down"):
            self._move_choice(1 if key == "down" else -1)
        elif event.is_printable and event.character and not event.character.isspace():
            self._typed(event.character)
        else:
            handled = False
        if handled:
            event.stop()
            event.prevent_default()

    def _typed(self, character: str) -> None:
        if not self.typed and character in "hu":
            self._hint() if character == "h" else self._undo()
        elif not self.typed and character == "q":
            self.app.action_request_quit()  # type: ignore[attr-defined]
        else:
            self.typed += character
            self.redraw()

    def _enter(self) -> None:
        if self.typed:
            self.act(None, text=self.typed)
            self.typed = ""
            self.redraw()
        elif self.row == "choices" and self.model.choices:
            self.act(self.model.choices[self.choice_cursor])
        elif self.card_cursor is not None:
            self.act(PlayCard(self.card_cursor))
        elif not self.model.your_turn and not self.model.is_over:
            self.say("wait for your turn")

    def _move_card(self, step: int) -> None:
        selectable = self.selectable_cards()
        if not selectable:
            return
        self.row = "cards"
        at = selectable.index(self.card_cursor) if self.card_cursor in selectable else 0
        self.card_cursor = selectable[(at + step) % len(selectable)]
        self.redraw()

    def _move_choice(self, step: int) -> None:
        choices = self.model.choices
        if not choices:
            return
        if self.row == "choices":
            self.choice_cursor = (self.choice_cursor + step) % len(choices)
        self.row = "choices"
        self.redraw()

    def _hint(self) -> None:
        if not self.model.practice:
            self.say("hints are for practice mode: start with hokm play --practice")
            return
        try:
            self.hint = self.model.hint()
        except HokmError as error:
            self.say(str(error))
            return
        if isinstance(self.hint, PlayCard):
            self.row, self.card_cursor = "cards", self.hint.card
        else:
            self.row, self.choice_cursor = "choices", self.model.choices.index(self.hint)
        self.say(f"hint: {action_label(self.hint, self.model.hand)} (the heuristic bot's choice)")

    def _undo(self) -> None:
        try:
            self.model.undo()
        except HokmError as error:
            self.say(str(error))
            return
        self.hint = None
        self.say("took back your last card")


class PlayApp(App[None]):
    """``hokm play``'s app: a ``TableModel`` at a table; ``delay`` seconds between bots' moves."""

    TITLE = "hokm play"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "request_quit", "quit", priority=True, show=False),
        Binding("ctrl+q", "request_quit", "quit", priority=True, show=False),
    ]

    def __init__(self, model: TableModel, *, delay: float = 0.4) -> None:
        super().__init__()
        self.model = model
        self.delay = delay
        self.saved_to: str | None = None

    def on_mount(self) -> None:
        self.push_screen(TableScreen(self.model, self.delay))

    def action_request_quit(self) -> None:
        """Ask whether to save, then quit (or not)."""
        if isinstance(self.screen, QuitScreen):
            return
        where = f"to {self.model.save_path}" if self.model.save_path else ""
        self.push_screen(QuitScreen(where), self._quit_answer)

    def _quit_answer(self, answer: str | None) -> None:
        if answer == "yes":
            try:
                self.saved_to = str(self.model.save())
            except (HokmError, OSError) as error:
                self.notify(f"could not save: {error}", severity="error")
                return
            self.exit()
        elif answer == "no":
            self.exit()
