"""The table in Textual's headless pilot: key presses, the screen, saving, the layout snapshot."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

import hokm
from hokm import CallTrump, PlayCard
from hokm.agents import HeuristicAgent, RandomAgent
from hokm.play import TableModel
from hokm.play.view import info_lines
from tests.helpers import need
from tests.play.support import advance, at_decision, card_keys, offered, svg_text

need("textual")

from hokm.play.app import PlayApp, TableScreen, confirm_text  # noqa: E402 - after the extra is known to be there
from hokm.play.widgets.screens import (  # noqa: E402
    ConfirmScreen,
    EndScreen,
    HelpScreen,
    QuitScreen,
    ReviewScreen,
)

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
UPDATE = os.environ.get("HOKM_UPDATE_SNAPSHOTS") == "1"


def new_model(seed: int, variants: tuple[str, ...] = (), **kwargs: Any) -> TableModel:
    kwargs.setdefault("opponents", "random")
    options = kwargs.pop("options", {})
    return TableModel.new(hokm.Ruleset.compose(*variants, options=options), seed=seed, **kwargs)


def run(model: TableModel, body: Callable[[PlayApp, Any], Awaitable[None]],
        size: tuple[int, int] = (80, 24), **app_options: Any) -> PlayApp:
    app = PlayApp(model, delay=0, **app_options)

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await body(app, pilot)

    asyncio.run(main())
    return app


def screen_text(app: PlayApp) -> str:
    return svg_text(app.export_screenshot())


def table(app: PlayApp) -> TableScreen:
    return next(s for s in app.screen_stack if isinstance(s, TableScreen))


def prompt(app: PlayApp) -> str:
    """The line that says what Enter does."""
    return table(app).enter_does()


def flat(text: str) -> str:
    """``text`` with every run of spaces and line breaks as one space (lines wrap on screen)."""
    return " ".join(text.split())


def actions(model: TableModel, number: int | None = None) -> list[dict[str, Any]]:
    """Seat 0's actions in hand ``number`` (default: the current one), as the record writes them."""
    hands: list[dict[str, Any]] = model.match.to_record()["hands"]
    hand = hands[(number or model.match.hand_number) - 1]
    return [action for action in hand["actions"] if action["seat"] == 0]


def encoded(action: hokm.Action) -> dict[str, Any]:
    """``action`` as the record writes it for seat 0."""
    from hokm._io.records import encode_action

    return encode_action(0, action)


# A whole hand, by keys ----------------------------------------------------------------------------


def test_a_full_hand_by_typed_cards_arrows_and_number_keys() -> None:
    model = new_model(3)
    checked: list[str] = []

    async def body(app: PlayApp, pilot: Any) -> None:
        turn = 0
        while not isinstance(app.screen, ReviewScreen):
            assert model.your_turn, "the bots play on by themselves"
            if model.choices and not model.legal_cards:  # a trump call: by its number
                await pilot.press("1")
            elif turn % 2:  # arrows and Enter: the cursor starts at the first legal card
                await pilot.press("right", "left", "enter")
            else:
                card = min(model.legal_cards, key=lambda c: c.index)
                await pilot.press(*card_keys(card), "enter")
            await pilot.pause()
            turn += 1
            hand = model.match.last_hand if model.review else model.match.hand
            assert hand is not None
            if hand.tricks and not isinstance(app.screen, ReviewScreen):
                last = hand.tricks[-1]
                assert last.winner is not None
                line = f"#{len(hand.tricks)} {model.name(last.winner)} won"
                assert line in screen_text(app)
                checked.append(line)
        text = screen_text(app)
        result = model.match.last_result()
        assert f"{model.team_subject(result.winner)} won {result.points} point" in text
        assert f"Score: {model.scores_text()}" in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert f"Score: {model.scores_text()}" in screen_text(app)

    run(model, body)
    assert len(checked) >= 3
    assert model.match.hand_number == 2


# 1. Choices that cannot be mistaken ---------------------------------------------------------------

#: Every kind of decision a bundled variant offers, with a table that brings seat 0 to it:
#: (variants, options, seed, the tag of the choice).
DECISIONS = {
    "trump call": ((), {}, 0, "call"),
    "indicator": (("hidden-trump",), {}, 0, "hidden-trump/set-indicator"),
    "ask": (("hidden-trump",), {}, 0, "hidden-trump/ask"),
    "reveal": (("hidden-trump",), {}, 0, "hidden-trump/reveal"),
    "keep/reject": (("two-player",), {}, 0, "draw"),
    "discard": (("two-player",), {"two-player": {"mode": "zhinam"}}, 0, "discard"),
    "play-on": (("bavney",), {"bavney": {"decide": True}}, 10, "play-on"),
    "redeal claim": (("redeal",), {}, 6, "redeal/claim"),
    "troefcall redeal claim": (("troefcall",), {}, 31, "troefcall/claim-redeal"),
    "troefcall capitulation": (("troefcall",), {}, 0, "troefcall/capitulate"),
}


def decision(kind: str) -> TableModel:
    variants, options, seed, tag = DECISIONS[kind]
    return at_decision(variants, options, seed, tag)  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", sorted(DECISIONS))
def test_enter_on_a_fresh_decision_does_what_the_screen_says(kind: str) -> None:
    """A new decision starts on your cards when you may play one, else on nothing: the prompt
    says so in words, and Enter does exactly that (never an announcement)."""
    model = decision(kind)
    before, mine, number = model.match, len(actions(model)), model.match.hand_number
    cards = model.legal_cards

    async def body(app: PlayApp, pilot: Any) -> None:
        text = screen_text(app)
        words = prompt(app)
        assert flat(words) in flat(text)  # the focus in words, on the screen
        if cards:
            first = table(app).selectable_cards()[0]
            assert f"Your cards: Enter plays {first}" in words
            await pilot.press("enter")
            await pilot.pause()
            assert actions(model, number)[mine] == encoded(PlayCard(first))  # the card: no announcement
        else:
            assert "nothing is selected: Enter does nothing" in words
            await pilot.press("enter")
            await pilot.pause()
            assert model.match == before
            assert "nothing is selected" in screen_text(app)

    run(model, body)


@pytest.mark.parametrize("kind", sorted(k for k in DECISIONS if k not in ("ask", "reveal",
                                                                         "troefcall redeal claim")))
def test_a_number_key_takes_that_choice(kind: str) -> None:
    model = decision(kind)
    choices = model.choices
    last = len(choices)  # the last one: a reject, a claim, a capitulation, ...
    number = model.match.hand_number
    mine = len(actions(model))

    async def body(app: PlayApp, pilot: Any) -> None:
        assert f"{last % 10} " in screen_text(app)
        await pilot.press(str(last % 10))
        await pilot.pause()

    run(model, body)
    assert actions(model, number)[mine] == encoded(choices[last - 1])


@pytest.mark.parametrize("kind", ["ask", "reveal", "troefcall redeal claim"])
def test_an_announcement_beside_your_cards_is_confirmed_with_y_never_with_enter(kind: str) -> None:
    model = decision(kind)
    (announcement,) = model.choices
    number = model.match.hand_number
    mine = len(actions(model))

    async def body(app: PlayApp, pilot: Any) -> None:
        await pilot.press("down")  # the choices row, in words
        await pilot.pause()
        assert "(you will be asked to confirm)" in prompt(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")  # Enter twice by habit: still only the question
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and len(actions(model, number)) == mine
        assert "Press y to go ahead" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and len(actions(model, number)) == mine
        await pilot.press("1", "enter")  # its number, typed, then Enter: the same question
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()

    run(model, body)
    assert actions(model, number)[mine] == encoded(announcement)


@pytest.mark.parametrize(("kind", "says"), [
    ("ask", "Ask for trump? The indicator is turned face up for everyone"),
    ("reveal", "Reveal trump? Your indicator is turned face up for everyone and goes back"),
    ("troefcall redeal claim", "Claim a redeal (no picture)? Your cards are shown to everyone"),
    ("redeal claim", "Claim a redeal? Your cards are shown to everyone and the same dealer deals again."),
])
def test_the_confirmation_says_what_the_announcement_does(kind: str, says: str) -> None:
    model = decision(kind)
    announcement = next(choice for choice in model.choices if choice.tag == DECISIONS[kind][3])
    question = confirm_text(model, announcement)
    assert question.startswith(says) and "\nIt cannot be taken back. y: " in question


@attrs.frozen
class _Knock(hokm.Action):
    tag = "test-play/knock"
    explanation = "Everyone at the table hears it."

    def __str__(self) -> str:
        return "knock"


@attrs.frozen
class _Nod(hokm.Action):
    tag = "test-play/nod"


def test_a_variant_s_own_announcement_is_confirmed_with_its_explanation() -> None:
    model = decision("ask")
    assert confirm_text(model, _Knock()) == (
        "Knock? Everyone at the table hears it.\nIt cannot be taken back. y: knock · n or Escape: back to "
        "your cards")
    assert confirm_text(model, _Nod()).startswith("Test-play/nod?\nIt cannot be taken back.")  # its tag


def test_the_issue_s_hidden_trump_enter_plays_a_card_and_does_not_reveal() -> None:
    """``hokm play --variant hidden-trump --seed 11``, Down Down Down Enter, then Enter: the
    indicator is laid, then Enter plays the highlighted card; the trump stays hidden."""
    model = new_model(11, ("hidden-trump",), opponents="heuristic")
    assert offered("hidden-trump/set-indicator")(model)
    third = model.choices[2]

    async def body(app: PlayApp, pilot: Any) -> None:
        await pilot.press("down", "down", "down", "enter")
        await pilot.pause()
        assert actions(model)[0] == encoded(third)
        assert any(choice.tag == "hidden-trump/reveal" for choice in model.choices)
        card = table(app).selectable_cards()[0]
        assert f"Enter plays {card}" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert actions(model)[1] == encoded(PlayCard(card))

    run(model, body)


def test_down_does_not_wrap_and_a_new_decision_forgets_the_last_choice() -> None:
    model = decision("keep/reject")
    _keep, reject = model.choices
    number = model.match.hand_number
    mine = len(actions(model))

    async def body(app: PlayApp, pilot: Any) -> None:
        await pilot.press("down", "down", "down")  # stays on the last choice
        await pilot.pause()
        assert table(app).choice_cursor == 1 and "Enter: reject" in prompt(app)
        await pilot.press("enter")
        await pilot.pause()
        assert actions(model, number)[mine] == encoded(reject)
        advance(model, offered("draw"))  # the next draw of yours
        await pilot.pause()
        table(app).redraw()
        assert table(app).choice_cursor is None and "nothing is selected" in prompt(app)

    run(model, body)


# 3. Hidden trump as the rules allow ------------------------------------------------------------------


def test_the_hidden_trump_caller_sees_his_trump_and_indicator_and_nobody_else_does() -> None:
    model = new_model(11, ("hidden-trump",), opponents="heuristic")
    indicator = model.choices[3].card  # type: ignore[attr-defined]

    async def body(app: PlayApp, pilot: Any) -> None:
        await pilot.press("4")
        await pilot.pause()
        assert f"Trump {indicator.suit} (hidden, indicator {indicator})" in screen_text(app)

    run(model, body)
    for seat in (1, 2, 3):  # the same hand, from every other seat
        other = TableModel(model.match, seat=seat, agents={s: RandomAgent() for s in range(4) if s != seat})
        line = info_lines(other).splitlines()[0]
        assert "Trump hidden (face down before" in line and str(indicator) not in line


def test_a_reveal_is_logged_and_a_refusal_says_why() -> None:
    model = decision("ask")
    number = model.match.hand_number
    mine = len(actions(model))

    async def body(app: PlayApp, pilot: Any) -> None:
        await pilot.press("down", "enter", "y")
        await pilot.pause()
        trump = model.hand.trump
        assert trump is not None
        assert f"You asked for trump: {trump}" in screen_text(app)
        others = [card for card in model.hand.hand if card not in model.legal_cards]
        trumps = [card for card in model.legal_cards if card.suit is trump]
        if others and trumps:
            await pilot.press(*card_keys(others[0]), "enter")
            await pilot.pause()
            assert (f"you may not play {others[0]}: cannot follow" in screen_text(app)
                    and "so must play a trump (hidden-trump)" in screen_text(app))

    run(model, body)
    assert actions(model, number)[mine]["act"] == "hidden-trump/ask"


# 4. Keys -----------------------------------------------------------------------------------------------


def test_a_queen_types_as_it_reads_and_no_letter_of_a_card_is_a_command() -> None:
    model = advance(new_model(7), lambda m: any(c.rank is hokm.Rank.QUEEN for c in m.legal_cards))
    queen = next(c for c in model.legal_cards if c.rank is hokm.Rank.QUEEN)
    number = model.match.hand_number
    mine = len(actions(model))

    async def body(app: PlayApp, pilot: Any) -> None:
        await pilot.press("q")  # once it opened the quit dialog
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and table(app).typed == "q"
        await pilot.press(queen.suit.letter.lower(), "enter")
        await pilot.pause()

    run(model, body)
    assert actions(model, number)[mine] == encoded(PlayCard(queen))


def test_suit_first_typing_of_hearts_is_not_a_hint() -> None:
    model = advance(new_model(7, practice=True), lambda m: any(c.suit is hokm.Suit.HEARTS
                                                               for c in m.legal_cards))
    heart = next(c for c in model.legal_cards if c.suit is hokm.Suit.HEARTS)
    number = model.match.hand_number
    mine = len(actions(model))

    async def body(app: PlayApp, pilot: Any) -> None:
        await pilot.press("h", *str(heart.rank).lower(), "enter")
        await pilot.pause()
        assert table(app).hint is None

    run(model, body)
    assert actions(model, number)[mine] == encoded(PlayCard(heart))


@pytest.mark.parametrize("key", ["question_mark", "f1"])
def test_question_mark_and_f1_open_the_help_with_every_key_and_the_rules(key: str) -> None:
    model = new_model(1, ("satat", "obligatory-trump"), options={"standard": {"target": 10}})

    async def body(app: PlayApp, pilot: Any) -> None:
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.text
        for shown in ("← →", "Enter", "1 … 9, 0", "↑ ↓", "y / n", "u, Ctrl-Z", "? or F1", "Esc Ctrl-C",
                      "n / r / q", "qd"):
            assert shown in text
        assert "standard + satat + obligatory-trump: 4 players, the match to 10 points" in flat(text)
        assert "satat: the " in text and "obligatory-trump:" in text and "[target=10]" in flat(text)
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert table(app).typed == ""  # ? is not card text

    run(model, body)


def test_the_footer_shows_only_the_keys_that_apply_now() -> None:
    model = advance(new_model(1), lambda m: bool(m.legal_cards))

    async def body(app: PlayApp, pilot: Any) -> None:
        keys = table(app).keys_now()
        assert "Enter play" in keys and "? help" in keys and "Esc quit" in keys
        assert "hint" not in keys and "undo" not in keys  # not in practice mode
        await pilot.press("a")
        await pilot.pause()
        assert table(app).keys_now().startswith("Enter play it  Backspace correct  Esc clear")

    run(model, body)
    practice = advance(new_model(1, practice=True), lambda m: bool(m.legal_cards))

    async def body2(app: PlayApp, pilot: Any) -> None:
        assert "i hint" in table(app).keys_now() and "u undo" in table(app).keys_now()

    run(practice, body2)
    call = new_model(4)

    async def body3(app: PlayApp, pilot: Any) -> None:
        keys = table(app).keys_now()
        assert "1–4 choose" in keys and "card" not in keys

    run(call, body3)


def test_undo_and_hint_in_practice_mode() -> None:
    model = advance(new_model(1, practice=True), lambda m: bool(m.legal_cards))
    before = model.match

    async def body(app: PlayApp, pilot: Any) -> None:
        await pilot.press("i")
        await pilot.pause()
        hint = table(app).hint
        assert isinstance(hint, PlayCard) and hint in model.match.legal_actions()
        assert f"hint: play {hint.card}" in screen_text(app)
        await pilot.press("enter")  # the hint moved the cursor onto its card
        await pilot.pause()
        assert model.match.hand.hand_of(0) == before.hand.hand_of(0) - {hint.card}
        await pilot.press("u")
        await pilot.pause()
        assert model.match == before
        assert "took back your last card" in screen_text(app)

    run(model, body)


def test_a_trump_call_by_keys() -> None:
    model = new_model(4)  # seat 0 is the first Hakem
    assert model.your_turn and model.choices == tuple(CallTrump(suit) for suit in hokm.Suit)

    async def body(app: PlayApp, pilot: Any) -> None:
        text = screen_text(app)
        assert "1 call trump ♠ (spades)" in text and "4 call trump ♣ (clubs)" in text
        await pilot.press("down", "down", "enter")
        await pilot.pause()

    run(model, body)
    assert model.match.hand.trump is hokm.Suit.HEARTS  # the second choice: down selects the first


def test_an_illegal_typed_card_shows_why_and_changes_nothing() -> None:
    model = advance(new_model(1), lambda m: bool(m.hand.hand - m.legal_cards))

    async def body(app: PlayApp, pilot: Any) -> None:
        before = model.match
        illegal = min(model.hand.hand - model.legal_cards, key=lambda c: c.index)
        await pilot.press(*card_keys(illegal), "enter")
        await pilot.pause()
        assert model.match == before
        assert f"you may not play {illegal}: must follow" in screen_text(app)
        missing = next(c for c in hokm.full_deck() if c not in model.hand.hand)
        await pilot.press(*card_keys(missing), "enter")
        await pilot.pause()
        assert model.match == before
        assert f"you do not hold {missing}" in screen_text(app)
        await pilot.press("z", "z", "enter")
        await pilot.pause()
        assert model.match == before and "is not a card" in screen_text(app)

    run(model, body)


# 5. Honest saves -------------------------------------------------------------------------------------------


def test_quitting_saves_the_hand_as_it_stands_and_resume_goes_on_from_there(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    model = new_model(5, save_path=path)

    async def body(app: PlayApp, pilot: Any) -> None:
        await pilot.press("1")  # call trump: the hand is under way
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        text = screen_text(app)
        assert "The match is saved as it stands (hand 1" in text and "match.json" in text
        await pilot.press("y")
        await pilot.pause()

    app = run(model, body)
    assert app.saved_to == str(path) and app.outcome == "quit"
    resumed = TableModel.resume(path)
    assert resumed.match == model.match and resumed.log == model.log

    async def again(app: PlayApp, pilot: Any) -> None:
        text = screen_text(app)
        assert f"Hand {model.match.hand_number}" in text
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)

    run(resumed, again)


def test_quit_and_delete_leaves_no_file_to_deal_the_hand_again(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    model = new_model(5, save_path=path)

    async def body(app: PlayApp, pilot: Any) -> None:
        assert path.exists()  # saved from the first card you saw
        await pilot.press("escape", "d")
        await pilot.pause()

    app = run(model, body)
    assert app.outcome == "deleted" and not path.exists()


# 6. Colour, contrast, NO_COLOR, ASCII ----------------------------------------------------------------------


def test_ascii_writes_suits_as_letters() -> None:
    model = advance(new_model(1), lambda m: bool(m.legal_cards))

    async def body(app: PlayApp, pilot: Any) -> None:
        text = screen_text(app)
        assert text.isascii()  # the suits as letters, and the borders, dots and arrows too
        card = table(app).selectable_cards()[0]
        assert f"Enter plays {card.rank}{card.suit.letter} (<- -> move" in text
        await pilot.press("escape")
        await pilot.pause()
        assert screen_text(app).isascii()

    run(model, body, ascii=True)


# 7. The end of the match ------------------------------------------------------------------------------------


def short_match(seed: int = 5, variants: tuple[str, ...] = (), **options: Any) -> TableModel:
    """A match to 1 point (or ``options``), you played by the heuristic bot, up to its end: the
    last hand's review is still to be seen."""
    model = new_model(seed, variants, options=options or {"standard": {"target": 1}})
    bot = HeuristicAgent()
    while not model.is_over:
        if model.review is not None:
            model.finish_review()
        elif model.your_turn:
            model.choose(bot.act(model.observation))
        else:
            model.bot_step()
    return model


def test_the_end_of_the_match_names_the_winner_lists_the_hands_and_offers_a_rematch() -> None:
    model = short_match()

    async def body(app: PlayApp, pilot: Any) -> None:
        assert isinstance(app.screen, ReviewScreen)
        assert "next Hakem" not in screen_text(app)  # there is no next hand
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        text = screen_text(app)
        assert model.winner_words() in text
        assert "hand  Hakem" in text and "Kots:" in text and "Hakem changes:" in text
        assert "n new match" in text and "r rematch (same seed)" in text and "q quit" in text
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.model is not model and app.model.match.seed == model.match.seed
        assert app.model.match.hand_number == 1 and not app.model.is_over

    run(model, body)
    assert model.is_over and len(model.rows) == len(model.match.results)


def test_a_new_match_has_a_new_seed_and_q_quits() -> None:
    model = short_match()

    async def body(app: PlayApp, pilot: Any) -> None:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert app.model.match.seed != model.match.seed

    run(model, body)


def test_court_piece_scores_in_courts() -> None:
    model = new_model(2, ("court-piece",))
    advance(model, lambda m: bool(m.legal_cards))

    async def body(app: PlayApp, pilot: Any) -> None:
        assert "Courts: us 0, them 0" in screen_text(app)

    run(model, body)


# Layout --------------------------------------------------------------------------------------------------


def test_a_small_terminal_gets_a_message() -> None:
    async def body(app: PlayApp, pilot: Any) -> None:
        text = screen_text(app)
        assert "needs a terminal of at least 80×24" in text and "this one is 60×20" in text
        assert "Score:" not in text

    run(new_model(1), body, size=(60, 20))


def test_the_table_layout_snapshot() -> None:
    """The table as text, against tests/play/table.txt (HOKM_UPDATE_SNAPSHOTS=1 rewrites it and the
    docs screenshot)."""
    expected = HERE / "table.txt"
    model = advance(new_model(1, practice=True), lambda m: len(m.hand.tricks) >= 3)

    async def body(app: PlayApp, pilot: Any) -> None:
        await pilot.press("i")
        await pilot.pause()
        text = screen_text(app)
        if UPDATE:
            expected.write_text(text + "\n", encoding="utf-8")
            app.save_screenshot("play-table.svg", path=str(ROOT / "docs" / "assets"))
        assert text + "\n" == expected.read_text(encoding="utf-8")

    run(model, body)


def test_a_mouse_click_plays_a_card_and_clicking_a_dimmed_one_does_nothing() -> None:
    model = advance(new_model(1), lambda m: bool(m.hand.hand - m.legal_cards))

    async def body(app: PlayApp, pilot: Any) -> None:
        lines = screen_text(app).splitlines()
        row = next(n for n, line in enumerate(lines) if line.startswith("│ ") and "♠" in line)
        illegal = min(model.hand.hand - model.legal_cards, key=lambda c: c.index)
        before = model.match
        await pilot.click(offset=(lines[row].index(str(illegal)), row))
        await pilot.pause()
        assert model.match == before
        card = max(model.legal_cards, key=lambda c: c.index)
        await pilot.click(offset=(lines[row].index(str(card)), row))
        await pilot.pause()
        assert (0, card) in model.match.hand.plays or (0, card) in (model.match.last_hand or
                                                                   model.match.hand).plays

    run(model, body)


def test_a_two_player_draw_by_keys_and_a_click_on_a_choice() -> None:
    model = TableModel.new(hokm.Ruleset.compose("two-player"), opponents="random", seed=1)

    async def body(app: PlayApp, pilot: Any) -> None:
        offered_card = model.hand.offered
        assert offered_card is not None
        text = screen_text(app)
        assert f"1 keep {offered_card}" in text and f"2 reject {offered_card}, take the next" in text
        await pilot.press("2")
        await pilot.pause()
        assert actions(model) == [{"seat": 0, "act": "draw", "keep": False}]
        while not model.choices:
            await pilot.press("enter")
            await pilot.pause()
        lines = screen_text(app).splitlines()
        row = next(n for n, line in enumerate(lines) if "1 keep" in line)
        chosen = len(actions(model))
        await pilot.click(offset=(lines[row].index("1 keep") + 2, row))
        await pilot.pause()
        assert actions(model)[chosen] == {"seat": 0, "act": "draw", "keep": True}

    run(model, body)
