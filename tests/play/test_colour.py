"""Colour and contrast at the table, computed from what it draws: WCAG 2 contrast ratios of every
text against its ground, suit colours on every card, weight for the cards you may play, and a
``NO_COLOR`` screen that stays legible."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import hokm
from hokm.play import TableModel
from tests.helpers import need
from tests.play.support import Glyphs, advance, at_decision, contrast, svg_glyphs

need("textual")

from textual.color import Color  # noqa: E402

from hokm.play.app import THEMES, PlayApp  # noqa: E402

RED, BLACK = "♥♦", "♠♣"


def table_with_everything() -> TableModel:
    """Your turn in the middle of a hand: cards you may and may not play, a trick on the table,
    tricks in the log."""
    model = TableModel.new(hokm.Ruleset.compose(), seed=1, opponents="random")
    return advance(model, lambda m: len(m.hand.tricks) >= 3 and bool(m.hand.current_trick)
                   and bool(m.hand.hand - m.legal_cards))


def screen(model: TableModel, keys: tuple[str, ...] = (), **options: Any) -> list[Glyphs]:
    """What the table draws after ``keys``, run by run."""
    app = PlayApp(model, delay=0, **options)
    glyphs: list[Glyphs] = []

    async def main() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            glyphs.extend(svg_glyphs(app.export_screenshot()))

    asyncio.run(main())
    return glyphs


def words(glyphs: list[Glyphs]) -> list[Glyphs]:
    """The runs that hold text (letters, digits, suits), not only borders or dots."""
    return [g for g in glyphs if any(ch.isalnum() or ch in RED + BLACK for ch in g.text)]


def cards_in(glyphs: list[Glyphs], line: int | None = None) -> list[Glyphs]:
    return [g for g in glyphs if len(g.text.strip()) in (2, 3) and g.text.strip()[-1] in RED + BLACK
            and g.text.strip()[:-1] in {str(r) for r in hokm.Rank} and (line is None or g.line == line)]


def test_the_wcag_contrast_of_a_known_pair() -> None:
    assert contrast("#ffffff", "#000000") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


def _reviewed() -> TableModel:
    model = TableModel.new(hokm.Ruleset.compose(), seed=1, opponents="random")
    while model.review is None:
        if model.your_turn:
            model.choose(model.match.legal_actions()[0])
        else:
            model.bot_step()
    return model


def match_over() -> TableModel:
    model = TableModel.new(hokm.Ruleset.compose(options={"standard": {"target": 1}}), seed=1,
                           opponents="random")
    while not model.is_over:
        if model.review is not None:
            model.finish_review()
        elif model.your_turn:
            model.choose(model.match.legal_actions()[0])
        else:
            model.bot_step()
    return model


#: Each screen: how to get there, and whether it is a box over the table (which Textual dims
#: behind it: only the box is there to be read).
SCREENS = {
    "table": (table_with_everything, (), False),
    "review": (_reviewed, (), True),
    "help": (table_with_everything, ("question_mark",), True),
    "quit": (table_with_everything, ("escape",), True),
    "confirm": (lambda: at_decision(("hidden-trump",), {}, 0, "hidden-trump/ask"), ("down", "enter"), True),
    "end of match": (match_over, ("enter",), False),
}


@pytest.mark.parametrize("theme", ["dark", "light"])
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_every_text_and_card_is_at_least_4_5_to_1_against_its_ground(theme: str, name: str) -> None:
    make, keys, boxed = SCREENS[name]
    glyphs = words(screen(make(), keys, theme=theme))
    if boxed:  # the table behind the box is dimmed on purpose: read only the box (and its buttons)
        ground = str(THEMES[theme].background).lower()
        glyphs = [g for g in glyphs if ground not in (g.background, g.colour)]
    assert len(glyphs) >= 3
    low = [(g.text, g.colour, g.background, round(contrast(g.colour, g.background), 2))
           for g in glyphs if contrast(g.colour, g.background) < 4.5]
    assert not low


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_suit_colours_on_every_card_and_weight_for_the_cards_you_may_play(theme: str) -> None:
    model = table_with_everything()
    glyphs = screen(model, theme=theme)
    cards = cards_in(glyphs)
    hand_line = max(g.line for g in cards if g.underline)  # your hand: the cards you may play
    places = {"hand": [g for g in cards if g.line == hand_line],
              "table and log": [g for g in cards if g.line < hand_line]}
    for place, shown in places.items():
        reds = {g.colour for g in shown if g.text.strip()[-1] in RED}
        blacks = {g.colour for g in shown if g.text.strip()[-1] in BLACK}
        assert reds and blacks and not reds & blacks, place  # every card in its suit's colour
    legal = {str(card) for card in model.legal_cards}
    for g in places["hand"]:
        playable = g.text.strip() in legal
        assert g.bold == playable and g.underline == playable, g  # marked by weight, not by colour


def test_no_color_is_legible_bold_for_what_you_may_play_and_nothing_near_black(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    model = table_with_everything()
    glyphs = words(screen(model))

    def grey(colour: str) -> str:  # what Textual's NO_COLOR filter sends to the terminal
        return Color.parse(colour).monochrome.hex6.lower()

    low = [(g.text, grey(g.colour), grey(g.background)) for g in glyphs
           if contrast(grey(g.colour), grey(g.background)) < 4.5]
    assert not low
    legal = {str(card) for card in model.legal_cards}
    hand = [g for g in cards_in(glyphs) if g.line == max(c.line for c in cards_in(glyphs) if c.underline)]
    assert {g.text.strip() for g in hand if g.bold and g.underline} == legal
    assert all(not g.bold for g in hand if g.text.strip() not in legal)
