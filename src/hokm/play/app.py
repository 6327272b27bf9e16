"""The Textual app of ``hokm play``: the table screen, its keys, and the bots' animated turns.

``PlayApp(model)`` shows a ``TableModel``. Every key is listed by the help screen (``?`` or
F1) and the line at the bottom shows the ones that apply now. In short:

- your cards: ← → move over the cards you may play, Enter plays the one under the cursor;
  or type a card (``as``, ``10h``, ``qd``, ``A♠``) and Enter. No command sits on a letter
  that starts a card, so every card types as it reads.
- choices (a trump call, keep or reject, play on, ...): the number keys take them; ↑ ↓ and
  Enter too. A new decision never starts on a choice: Enter then does nothing. An
  announcement offered beside your cards (ask for or reveal the hidden trump, claim a
  redeal) asks you to confirm it with ``y``.
- ``i`` a hint and ``u`` (or Ctrl-Z) undo, in practice mode; Escape, Ctrl-C or Ctrl-Q leave
  (the match is saved as it stands); at the end of the match ``n`` a new match, ``r`` a
  rematch, ``q`` quit.

Mouse clicks play a card or take a choice. ``NO_COLOR`` is honoured, and ``ascii=True``
writes the suits as letters.
"""

from __future__ import annotations

import contextlib
import signal
import textwrap
from typing import ClassVar, Literal

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.theme import BUILTIN_THEMES, Theme
from textual.widgets import Static

from hokm.actions import Action, PlayCard
from hokm.cards import Card
from hokm.errors import HokmError
from hokm.play.model import TableModel
from hokm.play.paint import Painter, escape
from hokm.play.text import action_label, sorted_hand
from hokm.play.view import centre_text, end_text, info_lines, review_text, rules_summary, seat_label
from hokm.play.widgets.choices import ChoicesView
from hokm.play.widgets.hand import HandView
from hokm.play.widgets.panels import InfoBar, TrickLog
from hokm.play.widgets.screens import ConfirmScreen, EndScreen, HelpScreen, QuitScreen, ReviewScreen
from hokm.play.widgets.trick import TrickView

__all__ = ["MIN_HEIGHT", "MIN_WIDTH", "THEMES", "PlayApp", "TableScreen"]

MIN_WIDTH = 80
"""The narrowest terminal the table fits in, in columns."""
MIN_HEIGHT = 24
"""The shortest terminal the table fits in, in lines."""

EXIT_HANGUP = 129
"""``PlayApp.return_code`` after SIGHUP (the terminal went away): 128 + 1, as shells report it."""

_DARK, _LIGHT = BUILTIN_THEMES["textual-dark"], BUILTIN_THEMES["textual-light"]
THEMES: dict[str, Theme] = {
    "dark": Theme(
        name="hokm-dark", primary="#0a5fa8", secondary=_DARK.secondary, accent=_DARK.accent,
        warning=_DARK.warning, error=_DARK.error, success=_DARK.success, foreground="#e0e0e0",
        background="#121212", surface="#1e1e1e", panel="#24282e", dark=True,
        variables={"suit-red": "#ff8080", "suit-red-muted": "#d08a8a", "suit-black": "#e8e8e8",
                   "suit-black-muted": "#a8a8a8", "hint-foreground": "#000000",
                   "hint-background": "#ffd75f", "text-muted": "#b4b4b4"}),
    "light": Theme(
        name="hokm-light", primary=_LIGHT.primary, secondary=_LIGHT.secondary, accent="#7a4600",
        warning="#7a4600", error="#a0000c", success="#1d6b34", foreground="#141414",
        background="#f2f2f2", surface="#e6e6e6", panel="#e0e0e0", dark=False,
        variables={"suit-red": "#b0000e", "suit-red-muted": "#8f3a3a", "suit-black": "#141414",
                   "suit-black-muted": "#4e4e4e", "hint-foreground": "#000000",
                   "hint-background": "#ffd75f", "text-muted": "#4a4a4a",
                   "footer-key-foreground": "#004578"}),
}
"""The table's two themes, ``"dark"`` (the default) and ``"light"``: every text, and every card in
its suit colour, at a contrast of 4.5:1 or more against its ground (a test computes it)."""

_DIGITS = "1234567890"
HELP_WIDTH = 64
"""The help's lines are wrapped to this width (the help box is at least 66 wide on 80 columns)."""


class TableScreen(Screen[None]):
    """The table: info bar, the trick by seat, the log, your hand, your choices, what Enter does,
    the status line and the keys that apply now."""

    DEFAULT_CSS = """
    #table { height: 1fr; }
    #middle { height: 11; }
    #prompt { height: auto; max-height: 2; padding: 0 1; text-style: bold; }
    #status { height: auto; max-height: 2; padding: 0 1; }
    #keys { height: auto; max-height: 2; padding: 0 1; color: $text-muted; }
    #too-small { display: none; width: 100%; height: 100%; content-align: center middle; text-align: center; }
    TableScreen.too-small #too-small { display: block; }
    TableScreen.too-small #table { display: none; }
    """

    def __init__(self, model: TableModel, delay: float, painter: Painter) -> None:
        super().__init__()
        self.model = model
        self.delay = delay
        self.painter = painter
        self.typed = ""
        self.row: Literal["cards", "choices", "none"] = "none"
        self.card_cursor: Card | None = None
        self.choice_cursor: int | None = None
        self.hint: Action | None = None
        self.status = ""
        self._seen_step = -1
        self._timer_running = False

    def compose(self) -> ComposeResult:
        with Vertical(id="table"):
            yield InfoBar(id="info")
            with Horizontal(id="middle"):
                yield TrickView(id="trick")
                yield TrickLog(id="log")
            yield HandView(id="hand")
            yield ChoicesView(id="choices")
            yield Static(id="prompt")
            yield Static(id="status")
            yield Static(id="keys")
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self._check_size()
        try:  # saved from the first card you see: a resumed match never deals you this hand again
            self.model.autosave()
        except OSError as error:
            self.status = f"could not save the match: {error.strerror or error}"
        self.redraw()
        self.call_after_refresh(self.advance)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size()

    def _check_size(self) -> None:
        width, height = self.app.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.set_class(small, "too-small")
        if small:
            self.query_one("#too-small", Static).update(self.painter.finish(
                f"The table needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT} characters; "
                f"this one is {width}×{height}.\nEnlarge the window, or press Escape to quit."))

    # What applies now -----------------------------------------------------------------------

    def selectable_cards(self) -> list[Card]:
        """Your legal cards in display order: what the arrows move over."""
        legal = self.model.legal_cards
        return [card for card in sorted_hand(self.model.hand.hand) if card in legal]

    @property
    def mixed(self) -> bool:
        """Whether you may play a card and also announce something (ask, reveal, claim)."""
        return bool(self.model.choices) and bool(self.model.legal_cards)

    def _fresh_decision(self) -> None:
        """A new state: start on the cards if you may play one, else on nothing at all."""
        self._seen_step = self.model.steps
        selectable = self.selectable_cards()
        self.card_cursor = selectable[0] if selectable else None
        self.choice_cursor = None
        self.row = "cards" if selectable else "none"
        self.hint = None

    def enter_does(self) -> str:
        """In words, what Enter does now (the prompt line)."""
        model = self.model
        choices = model.choices
        if self.typed:
            number = self._typed_choice()
            if number is not None:
                return f"Enter: {action_label(choices[number], model.hand)} (choice {number + 1})"
            return f"Enter plays what you typed: {self.typed}"
        if model.is_over:
            return "The match is over."
        if model.review is not None:
            return "The hand is over: Enter closes its review."
        if not model.your_turn:
            to_act = model.match.to_act
            return f"{model.name(to_act)} to act…" if to_act is not None else ""
        if self.row == "cards" and self.card_cursor is not None:
            also = ""
            if choices:
                also = " · ↓ to " + " / ".join(action_label(choice, model.hand) for choice in choices)
            return f"Your cards: Enter plays {self.card_cursor} (←→ move, or type a card){also}"
        if self.row == "choices" and self.choice_cursor is not None:
            label = action_label(choices[self.choice_cursor], model.hand)
            if self.mixed:
                return f"Enter: {label} (you will be asked to confirm) · ← → back to your cards"
            return f"Enter: {label} · or press its number"
        keys = "1" if len(choices) == 1 else f"1–{min(len(choices), 10) % 10 or 10}"
        return f"Your decision: press {keys} (nothing is selected: Enter does nothing)"

    def keys_now(self) -> str:
        """The keys that apply now, for the bottom line."""
        model = self.model
        parts: list[str] = []
        if self.typed:
            parts += ["Enter play it", "Backspace correct", "Esc clear"]
        elif model.your_turn and model.legal_cards:
            parts += ["←→ card", "Enter play", "type a card: as 10h qd"]
            if model.choices:
                parts.append("↓ choices")
        elif model.your_turn and model.choices:
            parts += [f"1–{len(model.choices)} choose", "↑↓ Enter"]
        if model.practice and model.your_turn and not self.typed:
            parts += ["i hint", "u undo"]
        parts += ["? help", "Esc quit" if not self.typed else ""]
        return "  ".join(part for part in parts if part)

    # Drawing --------------------------------------------------------------------------------

    def redraw(self) -> None:
        """Draw every panel from the model."""
        model = self.model
        painter = self.painter
        if model.steps != self._seen_step:
            self._fresh_decision()
        hand = model.hand
        self.query_one("#info", InfoBar).update(painter.finish(info_lines(model, painter)))
        labels, cards = {}, {}
        for seat in model.match.layout.seats:
            labels[model.positions[seat]] = seat_label(model, seat, painter)
        faded = not hand.current_trick and bool(hand.tricks)
        plays = hand.tricks[-1].plays if faded else hand.current_trick
        for seat, card in plays:
            cards[model.positions[seat]] = card
        self.query_one("#trick", TrickView).show(labels, cards, centre_text(model), faded=faded,
                                                 painter=painter)
        log = self.query_one("#log", TrickLog)
        log.show(model.log, 9, max(log.size.width - 2, 36), painter)
        selectable = self.selectable_cards()
        choices = model.choices
        if self.card_cursor not in selectable:
            self.card_cursor = selectable[0] if selectable else None
        if self.choice_cursor is not None and self.choice_cursor >= len(choices):
            self.choice_cursor = None
        hint_card = self.hint.card if isinstance(self.hint, PlayCard) else None
        self.query_one("#hand", HandView).show(sorted_hand(hand.hand), model.legal_cards,
                                               cursor=self.card_cursor, hint=hint_card,
                                               active=self.row == "cards" and bool(selectable),
                                               painter=painter)
        hint_choice = choices.index(self.hint) if self.hint in choices else None
        self.query_one("#choices", ChoicesView).show(
            [action_label(a, hand) for a in choices], cursor=self.choice_cursor, hint=hint_choice,
            active=self.row == "choices", painter=painter, title="Or" if self.mixed else "Choose")
        self.query_one("#prompt", Static).update(painter.finish(painter.text(self.enter_does())))
        typed = f"typed: {escape(self.typed)}▏  " if self.typed else ""
        self.query_one("#status", Static).update(painter.finish(typed + painter.text(self.status)))
        self.query_one("#keys", Static).update(painter.finish(painter.text(self.keys_now())))

    def say(self, message: str) -> None:
        """Put ``message`` on the status line."""
        self.status = message
        self.redraw()

    # The bots -----------------------------------------------------------------------------

    def advance(self) -> None:
        """Let the bots act: all at once with no delay, else one every ``delay`` seconds."""
        app = self.app
        assert isinstance(app, PlayApp)
        try:
            if self.delay <= 0:
                while self.model.bots_to_act:
                    self.model.bot_step()
            elif self.model.bots_to_act:
                self.model.bot_step()
        except HokmError as error:
            self.say(f"the game stopped: {error}")
            return
        except OSError as error:  # saving failed; the game itself went on
            self.status = f"could not save the match: {error.strerror or error}"
        self.redraw()
        if self.model.review is not None:
            app.push_screen(ReviewScreen(self.painter.finish(review_text(self.model, self.model.review,
                                                                         self.painter))),
                            self._reviewed)
        elif self.model.bots_to_act and not self._timer_running:
            self._timer_running = True
            self.set_timer(self.delay, self._tick)
        elif self.model.is_over:
            app.show_end()

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
        except OSError as error:  # saving failed; the move itself was made
            self.status = f"could not save the match: {error.strerror or error}"
        else:
            self.status = ""
        self.typed = ""
        self.redraw()
        self.advance()

    def take_choice(self, index: int) -> None:
        """Take choice ``index``; an announcement offered beside your cards asks for ``y`` first."""
        choices = self.model.choices
        if not 0 <= index < len(choices):
            return
        action = choices[index]
        if not self.mixed:
            self.act(action)
            return
        question = confirm_text(self.model, action)

        def answered(yes: bool | None) -> None:
            if yes and self.model.choices and action in self.model.choices:
                self.act(action)
            else:
                self.say("not announced: play a card, or choose again")

        self.app.push_screen(ConfirmScreen(self.painter.finish(self.painter.text(question))), answered)

    def action_play_card(self, index: int) -> None:
        """A click on a card of your hand."""
        card = Card.from_index(index)
        if card in self.model.legal_cards:
            self.act(PlayCard(card))

    def action_choose(self, index: int) -> None:
        """A click on a choice."""
        self.take_choice(index)

    def on_key(self, event: events.Key) -> None:
        key = event.key
        handled = True
        if self.has_class("too-small") and key not in ("escape", "ctrl+c", "ctrl+q"):
            handled = False
        elif key == "enter":
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
        elif key == "ctrl+z":
            self._undo()
        elif event.is_printable and event.character and not event.character.isspace():
            self._typed(event.character)
        else:
            handled = False
        if handled:
            event.stop()
            event.prevent_default()

    def _typed(self, character: str) -> None:
        model = self.model
        if not self.typed:
            if character in _DIGITS and model.choices and not model.legal_cards:
                self.take_choice(_DIGITS.index(character))  # a decision: its number takes it
                return
            if character == "i":
                self._hint()
                return
            if character == "u":
                self._undo()
                return
        self.typed += character
        self.redraw()

    def _typed_choice(self) -> int | None:
        """The choice a lone typed number names (``"2"``: the second), if there is one."""
        choices = self.model.choices
        if len(self.typed) == 1 and self.typed in _DIGITS and _DIGITS.index(self.typed) < len(choices):
            return _DIGITS.index(self.typed)
        return None

    def _enter(self) -> None:
        model = self.model
        if self.typed:
            number = self._typed_choice()
            typed, self.typed = self.typed, ""
            if number is not None:
                self.take_choice(number)
            else:
                self.act(None, text=typed)
            self.redraw()
        elif self.row == "choices" and self.choice_cursor is not None and model.choices:
            self.take_choice(self.choice_cursor)
        elif self.row == "cards" and self.card_cursor is not None:
            self.act(PlayCard(self.card_cursor))
        elif model.your_turn and model.choices:
            self.say("nothing is selected: press a choice's number (or ↑↓ to select one)")
        elif not model.your_turn and not model.is_over:
            self.say("wait for your turn")

    def _move_card(self, step: int) -> None:
        selectable = self.selectable_cards()
        if not selectable:
            return
        if self.row != "cards":
            self.row = "cards"
            self.card_cursor = self.card_cursor if self.card_cursor in selectable else selectable[0]
        else:
            at = selectable.index(self.card_cursor) if self.card_cursor in selectable else 0
            self.card_cursor = selectable[(at + step) % len(selectable)]
        self.redraw()

    def _move_choice(self, step: int) -> None:
        choices = self.model.choices
        if not choices:
            return
        if self.row != "choices" or self.choice_cursor is None:
            self.choice_cursor = 0 if step > 0 else len(choices) - 1
        else:
            self.choice_cursor = max(0, min(len(choices) - 1, self.choice_cursor + step))
        self.row = "choices"
        self.redraw()

    def _hint(self) -> None:
        if not self.model.practice:
            self.say("hints are for practice mode: start with hokm play --practice")
            return
        try:
            hint, why = self.model.advice()
        except HokmError as error:
            self.say(str(error))
            return
        self.hint = hint
        if isinstance(hint, PlayCard):
            self.row, self.card_cursor = "cards", hint.card
        else:
            self.row, self.choice_cursor = "choices", self.model.choices.index(hint)
        self.say(f"hint: {action_label(hint, self.model.hand)}: {why}")

    def _undo(self) -> None:
        try:
            self.model.undo()
        except HokmError as error:
            self.say(str(error))
            return
        except OSError as error:
            self.status = f"could not save the match: {error.strerror or error}"
        self.redraw()
        self.say("took back your last card")


def confirm_text(model: TableModel, action: Action) -> str:
    """The question that confirms an announcement: what it does (its ``Action.explanation``), and
    that it cannot be taken back."""
    label = action_label(action, model.hand)
    question = " ".join(filter(None, (f"{label[:1].upper()}{label[1:]}?", type(action).explanation)))
    return f"{question}\nIt cannot be taken back. y: {label} · n or Escape: back to your cards"


def help_text(model: TableModel, painter: Painter) -> str:
    """The help screen: every key, then a summary of the rules at this table."""
    rows = [
        ("← →", "move over the cards you may play (they are bold and underlined)"),
        ("Enter", "play the card under the cursor, or take the selected choice; the line above "
                  "the status line always says what Enter does"),
        ("a card", "type it and press Enter: as, A♠, 10h, th, qd, sa (suit first), ace of spades"),
        ("Backspace", "correct what you typed; Escape clears it"),
        ("1 … 9, 0", "take choice 1 … 10 of a decision (a trump call, keep or reject, play on, ...)"),
        ("↑ ↓", "select a choice; Enter takes it. A new decision starts with nothing selected"),
        ("y / n", "confirm or cancel an announcement made beside your cards (ask for or reveal the "
                  "trump, claim a redeal): they cannot be taken back"),
        ("i", "a hint from the heuristic bot (practice mode, --practice)"),
        ("u, Ctrl-Z", "take back your last card of the hand (practice mode)"),
        ("mouse", "a click plays a card or takes a choice"),
        ("? or F1", "this help"),
        ("Esc Ctrl-C", "leave the table (Ctrl-Q too): the match is saved as it stands, or deleted"),
        ("n / r / q", "at the end of the match: a new match, a rematch (same seed), quit"),
    ]
    width = max(len(key) for key, _ in rows)
    lines = ["[b]Keys[/]"]
    for key, what in rows:
        wrapped = textwrap.wrap(what, HELP_WIDTH - width - 4) or [""]
        lines.append(f"  {escape(key):<{width}}  {painter.text(wrapped[0])}")
        lines += [f"  {'':<{width}}  {painter.text(more)}" for more in wrapped[1:]]
    lines += ["", "Commands never take a letter that starts a card, so a card types as it reads.",
              "", "[b]Rules at this table[/]"]
    for line in rules_summary(model.match.ruleset):
        indent = " " * (len(line) - len(line.lstrip()) + 2)
        lines += [painter.text(part) for part in textwrap.wrap(line, HELP_WIDTH, subsequent_indent=indent)]
    mode = " (practice mode)" if model.practice else ""
    lines.append("")
    table = (f"You sit at seat {model.seat}{mode}; the bots: {model.opponents}; seed {model.match.seed}."
             + (f" The match is saved after every move to {model.save_path}." if model.save_path else ""))
    lines += [painter.text(part) for part in textwrap.wrap(table, HELP_WIDTH)]
    return "\n".join(lines)


class PlayApp(App[None]):
    """``hokm play``'s app: a ``TableModel`` at a table; ``delay`` seconds between bots' moves.

    ``theme`` is ``"dark"`` or ``"light"``; ``ascii`` writes suits as letters. ``outcome``
    says how it ended (``"quit"``, ``"deleted"``, ``"hangup"``) and ``model`` is the match at
    the table then (a new match or rematch replaces it).
    """

    TITLE = "hokm play"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    PlayApp.-ascii HandView, PlayApp.-ascii TrickLog { border: ascii $secondary; }
    PlayApp.-ascii HandView.active { border: ascii $accent; }
    PlayApp.-ascii ModalScreen > Vertical, PlayApp.-ascii ModalScreen > Static,
    PlayApp.-ascii ModalScreen > VerticalScroll { border: ascii $accent; }
    PlayApp.-ascii Button { border: none; height: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "request_quit", "quit", priority=True, show=False),
        Binding("ctrl+q", "request_quit", "quit", priority=True, show=False),
        Binding("f1,question_mark", "help", "help", priority=True, show=False),
    ]

    def __init__(self, model: TableModel, *, delay: float = 0.4, theme: str = "dark",
                 ascii: bool = False) -> None:
        super().__init__()
        self.model = model
        self.delay = delay
        self.painter = Painter(ascii=ascii, colour=not self.no_color)
        self.outcome = "quit"
        self.saved_to: str | None = None
        self.save_error: str | None = None
        for choice in THEMES.values():
            self.register_theme(choice)
        self.theme = THEMES[theme].name

    def on_mount(self) -> None:
        self.set_class(self.painter.ascii, "-ascii")  # borders drawn with + - | (the CSS below)
        self.push_screen(TableScreen(self.model, self.delay, self.painter))
        with contextlib.suppress(NotImplementedError, AttributeError, RuntimeError, ValueError):
            import asyncio

            asyncio.get_running_loop().add_signal_handler(signal.SIGHUP, self._hangup)

    def _hangup(self) -> None:
        """SIGHUP: the terminal is gone. Save the hand in progress as it stands, and stop."""
        self.outcome = "hangup"
        if self.model.save_path is not None:
            try:
                self.saved_to = str(self.model.save())
            except OSError as error:
                self.save_error = error.strerror or str(error)
        self.exit(return_code=EXIT_HANGUP)

    def show_end(self) -> None:
        """The match is over: the end screen, then a new match, a rematch or quit."""
        if isinstance(self.screen, EndScreen):
            return
        keys = "n new match   r rematch (same seed)   q quit   ? help"
        text = self.painter.finish(end_text(self.model, self.painter))
        self.push_screen(EndScreen(text, keys), self._ended)

    def _ended(self, answer: str | None) -> None:
        if answer in ("new", "rematch"):
            try:
                model = self.model.again(same_seed=answer == "rematch")
            except HokmError as error:
                self.notify(f"could not start a new match: {error}", severity="error")
                self.show_end()
                return
            self.model.close()
            self.model = model
            while len(self.screen_stack) > 1:
                self.pop_screen()
            self.push_screen(TableScreen(self.model, self.delay, self.painter))
        else:
            self.exit()

    def action_help(self) -> None:
        """Open the help screen (or close it, if it is open)."""
        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss(None)
            return
        self.push_screen(HelpScreen(self.painter.finish(help_text(self.model, self.painter))))

    def action_request_quit(self) -> None:
        """Ask whether to quit (the match is saved as it stands) or to quit and delete the file."""
        if isinstance(self.screen, QuitScreen):
            return
        if isinstance(self.screen, EndScreen):
            self.exit()
            return
        path = self.model.save_path
        if path is None:
            text = "Leave the table? The match is not saved (--no-save)."
        else:
            text = (f"Leave the table? The match is saved as it stands ({self.model.where()}) in\n"
                    f"{escape(str(path))}\nhokm play --resume plays on from there.")
        self.push_screen(QuitScreen(self.painter.finish(text), can_delete=path is not None),
                         self._quit_answer)

    def _quit_answer(self, answer: str | None) -> None:
        path = self.model.save_path
        if answer == "quit":
            if path is not None:
                try:
                    self.saved_to = str(self.model.save())
                except (HokmError, OSError) as error:
                    self.notify(f"could not save: {error}", severity="error")
                    return
            self.exit()
        elif answer == "delete":
            if path is not None:
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()
            self.outcome = "deleted"
            self.exit()
