"""The table in Textual's headless pilot: key presses, the screen, saving, the layout snapshot."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

import hokm
from hokm import CallTrump, PlayCard
from hokm.play import TableModel
from tests.helpers import need
from tests.play.support import card_keys, svg_text

need("textual")

from hokm.play.app import PlayApp, TableScreen  # noqa: E402 - after the extra is known to be there
from hokm.play.widgets.screens import QuitScreen, ReviewScreen  # noqa: E402

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
UPDATE = os.environ.get("HOKM_UPDATE_SNAPSHOTS") == "1"


def new_model(seed: int, **kwargs: Any) -> TableModel:
    kwargs.setdefault("opponents", "random")
    return TableModel.new(hokm.Ruleset.compose(), seed=seed, **kwargs)


def run(model: TableModel, body: Callable[[PlayApp, Any], Awaitable[None]],
        size: tuple[int, int] = (80, 24)) -> PlayApp:
    app = PlayApp(model, delay=0)

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await body(app, pilot)

    asyncio.run(main())
    return app


def screen_text(app: PlayApp) -> str:
    return svg_text(app.export_screenshot())


def table(app: PlayApp) -> TableScreen:
    screen = app.screen_stack[1]
    assert isinstance(screen, TableScreen)
    return screen


def test_a_full_hand_by_typed_cards_and_arrows() -> None:
    model = new_model(3)
    checked: list[str] = []

    async def body(app: PlayApp, pilot: Any) -> None:
        turn = 0
        while not isinstance(app.screen, ReviewScreen):
            assert model.your_turn, "the bots play on by themselves"
            if model.choices and not model.legal_cards:  # a trump call: take the first by Enter
                await pilot.press("enter")
            elif turn % 2:  # arrows and Enter: the cursor starts at the first legal card
                legal = table(app).selectable_cards()
                await pilot.press("right", "left", "enter")
                assert model.match.hand.tricks_played or model.match.hand.plays or legal
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
        assert f"{model.team_name(result.winner)} won {result.points} point" in text
        scores = ", ".join(f"{model.team_name(t)} {s}" for t, s in enumerate(model.match.scores))
        assert f"Score: {scores}" in text
        assert model.match.scores[result.winner] == result.points
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert f"Score: {scores}" in screen_text(app)

    run(model, body)
    assert len(checked) >= 3
    assert model.match.hand_number == 2


def test_a_trump_call_by_keys() -> None:
    model = new_model(4)  # seat 0 is the first Hakem
    assert model.your_turn and model.choices == tuple(CallTrump(suit) for suit in hokm.Suit)

    async def body(app: PlayApp, pilot: Any) -> None:
        text = screen_text(app)
        assert "1. call trump ♠ (spades)" in text and "4. call trump ♣ (clubs)" in text
        await pilot.press("down", "down", "enter")
        await pilot.pause()

    run(model, body)
    assert model.match.hand.trump is hokm.Suit.DIAMONDS  # the third choice


def test_an_illegal_typed_card_shows_why_and_changes_nothing() -> None:
    model = new_model(1)

    async def body(app: PlayApp, pilot: Any) -> None:
        while not (model.hand.hand - model.legal_cards):
            await pilot.press(*card_keys(min(model.legal_cards, key=lambda c: c.index)), "enter")
            await pilot.pause()
            if isinstance(app.screen, ReviewScreen):
                pytest.fail("no illegal card came up in the first hand")
        before = model.match
        illegal = min(model.hand.hand - model.legal_cards, key=lambda c: c.index)
        await pilot.press(*card_keys(illegal), "enter")
        await pilot.pause()
        assert model.match == before
        assert f"illegal play {illegal} by seat 0" in screen_text(app)
        missing = next(c for c in hokm.full_deck() if c not in model.hand.hand and c.rank != hokm.Rank.QUEEN)
        await pilot.press(*card_keys(missing), "enter")
        await pilot.pause()
        assert model.match == before
        assert f"you do not hold {missing}" in screen_text(app)
        await pilot.press("z", "z", "enter")
        await pilot.pause()
        assert model.match == before and "is not a card" in screen_text(app)

    run(model, body)


def test_undo_and_hint_in_practice_mode() -> None:
    model = new_model(1, practice=True)

    async def body(app: PlayApp, pilot: Any) -> None:
        before = model.match
        await pilot.press("h")
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


def test_save_on_quit_and_resume(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    model = new_model(5, save_path=path)

    async def body(app: PlayApp, pilot: Any) -> None:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        assert "match.json" in screen_text(app)
        await pilot.press("y")
        await pilot.pause()

    app = run(model, body)
    assert app.saved_to == str(path)
    resumed = TableModel.resume(path)
    assert resumed.match == model.match

    async def again(app: PlayApp, pilot: Any) -> None:
        text = screen_text(app)
        assert f"Hand {model.match.hand_number}" in text
        assert " ".join(str(c) for c in table(app).selectable_cards()[:2]) in text.replace("  ", " ")
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)

    run(resumed, again)


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

    async def body(app: PlayApp, pilot: Any) -> None:
        for _ in range(3):
            await pilot.press("enter")
            await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        text = screen_text(app)
        if UPDATE:
            expected.write_text(text + "\n", encoding="utf-8")
            app.save_screenshot("play-table.svg", path=str(ROOT / "docs" / "assets"))
        assert text + "\n" == expected.read_text(encoding="utf-8")

    run(new_model(1, practice=True), body)


def test_a_mouse_click_plays_a_card_and_clicking_a_dimmed_one_does_nothing() -> None:
    model = new_model(1)

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
        assert card not in model.match.hand.hand_of(0)
        assert (0, card) in [play for trick in model.match.hand.tricks for play in trick.plays] + list(
            model.match.hand.plays)

    run(model, body)


def actions(model: TableModel, seat: int) -> list[dict[str, Any]]:
    """``seat``'s actions in the current hand, as the record writes them."""
    hands: list[dict[str, Any]] = model.match.to_record()["hands"]
    return [action for action in hands[-1]["actions"] if action["seat"] == seat]


def test_a_two_player_draw_by_keys_and_a_click_on_a_choice() -> None:
    model = TableModel.new(hokm.Ruleset.compose("two-player"), opponents="random", seed=1)

    async def body(app: PlayApp, pilot: Any) -> None:
        offered = model.hand.offered
        assert offered is not None
        text = screen_text(app)
        assert f"1. keep {offered}" in text and f"2. reject {offered}, take the next" in text
        await pilot.press("down", "enter")  # the cursor starts on the first choice
        await pilot.pause()
        assert actions(model, 0) == [{"seat": 0, "act": "draw", "keep": False}]
        while not model.choices:
            await pilot.press("enter")
            await pilot.pause()
        lines = screen_text(app).splitlines()
        row = next(n for n, line in enumerate(lines) if "1. keep" in line)
        chosen = len(actions(model, 0))
        await pilot.click(offset=(lines[row].index("1. keep") + 2, row))
        await pilot.pause()
        assert actions(model, 0)[chosen] == {"seat": 0, "act": "draw", "keep": True}

    run(model, body)
