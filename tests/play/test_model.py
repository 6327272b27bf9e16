"""The table's model, text helpers and command, without Textual."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hokm
from hokm import CallTrump, Card, IllegalActionError, IllegalPlayError, InvalidNotationError, PlayCard, Suit
from hokm.play import (
    TableModel,
    action_label,
    default_save_path,
    parse_card_text,
    seat_positions,
    sorted_hand,
)
from hokm.play.view import centre_text, info_lines, review_text
from hokm.table import Rotation


def new_model(seed: int = 1, *, practice: bool = False, seat: int = 0, **kwargs: object) -> TableModel:
    return TableModel.new(hokm.Ruleset.compose(), seat=seat, opponents="random", seed=seed,
                          practice=practice, **kwargs)  # type: ignore[arg-type]


def to_my_play(model: TableModel) -> TableModel:
    """Let the bots (and the first legal choice for you) act until you must play a card."""
    while not (model.your_turn and model.legal_cards):
        if model.review is not None:
            model.finish_review()
        elif model.your_turn:
            model.choose(model.choices[0])
        else:
            model.bot_step()
    return model


# Typed cards and labels -------------------------------------------------------------------------


@given(st.sampled_from(hokm.full_deck()))
def test_every_card_reads_back_in_every_typed_form(card: Card) -> None:
    rank, letter = str(card.rank), card.suit.letter
    forms = [str(card), f"{rank}{letter}".lower(), f"{letter}{rank}".lower(), f" {rank} {letter} ",
             f"{card.suit.value}{rank}"]
    assert {parse_card_text(form) for form in forms} == {card}


def test_words_and_ten_as_t() -> None:
    assert parse_card_text("ace of spades") == Card.parse("A♠")
    assert parse_card_text("th") == Card.parse("10♥")
    assert parse_card_text("Ten of Diamonds") == Card.parse("10♦")


@pytest.mark.parametrize("text", ["", "zz", "1", "as as", "hh"])
def test_not_a_card_raises_card_parse_s_error(text: str) -> None:
    with pytest.raises(InvalidNotationError, match="is not a card"):
        parse_card_text(text)


def test_labels_name_the_decision() -> None:
    assert action_label(CallTrump(Suit.SPADES)) == "call trump ♠ (spades)"
    assert action_label(hokm.PlayOn(True)) == "play on for every trick"
    assert action_label(hokm.DrawCard(False)) == "reject, take the next"
    assert action_label(hokm.Discard(Card.parse("2♣"))) == "discard 2♣"

    class Ask(hokm.Action):
        tag = "tests-play/ask"

    import attrs

    Asked = attrs.frozen(type("Asked", (hokm.Action,), {"__annotations__": {"position": int},
                                                          "tag": "tests-play/asked"}))
    assert action_label(Ask()) == "tests-play/ask"
    assert action_label(Asked(2)) == "tests-play/asked: position=2"


def test_seats_sit_by_the_rotation() -> None:
    assert seat_positions(4, Rotation.CLOCKWISE, 2) == {2: "bottom", 3: "left", 0: "top", 1: "right"}
    assert seat_positions(3, Rotation.COUNTERCLOCKWISE, 1) == {1: "bottom", 2: "right", 0: "left"}


def test_hands_sort_by_suit_then_rank_high_first() -> None:
    shown = sorted_hand(hokm.cards("2♠ A♦ K♠ 3♥ 10♣"))
    assert [str(card) for card in shown] == ["K♠", "2♠", "3♥", "10♣", "A♦"]


# The model ------------------------------------------------------------------------------------


def test_a_whole_match_is_played_and_logged() -> None:
    model = new_model(2)
    hands = 0
    while not model.is_over:
        if model.review is not None:
            hands += 1
            review = model.review
            assert [len(cards) for cards in review.dealt] == [13] * 4
            assert sorted(c.index for cards in review.dealt for c in cards) == list(range(52))
            assert "Hands as dealt" in review_text(model, review)
            model.finish_review()
        elif model.your_turn:
            model.choose(model.match.legal_actions()[0])
        else:
            model.bot_step()
    assert model.review is not None  # the last hand's review is still to be seen
    assert hands + 1 == len(model.match.results)
    assert sum(line.startswith("Hand ") for line in model.log) == hands + 1
    assert model.log[-1] == f"Match over: {model.team_name(model.match.winner or 0)} won"
    assert "Match over" in centre_text(model)


def test_the_trick_log_names_each_winner() -> None:
    model = to_my_play(new_model(3))
    while model.match.hand_number == 1:
        if model.review is not None:
            break
        if model.your_turn:
            model.choose(model.match.legal_actions()[0])
        else:
            model.bot_step()
    hand = model.match.last_hand
    assert hand is not None
    lines = [line for line in model.log if line.startswith("#")]
    assert [line.split(" won")[0] for line in lines] == [
        f"#{n} {model.name(t.winner)}" for n, t in enumerate(hand.tricks, 1) if t.winner is not None]


def test_a_card_you_do_not_hold_changes_nothing() -> None:
    model = to_my_play(new_model(1))
    before, log = model.match, list(model.log)
    missing = next(card for card in hokm.full_deck() if card not in model.hand.hand)
    with pytest.raises(IllegalPlayError, match=f"^you do not hold {missing}$"):
        model.play_card(missing)
    assert model.match == before and model.log == log


def test_an_illegal_card_gives_the_rules_reason_and_changes_nothing() -> None:
    model = new_model(1)
    while True:
        to_my_play(model)
        illegal = model.hand.hand - model.legal_cards
        if illegal:
            break
        model.play_card(min(model.legal_cards, key=lambda c: c.index))
    before = model.match
    card = min(illegal, key=lambda c: c.index)
    with pytest.raises(IllegalPlayError, match=f"illegal play {card} by seat 0: "):
        model.play_text(str(card))
    assert model.match == before


def test_acting_out_of_turn_is_refused() -> None:
    model = new_model(1)
    while model.your_turn or model.review is not None:
        model.choose(model.match.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="not your turn"):
        model.play_card(Card.parse("A♠"))


def test_undo_takes_back_your_last_card_in_practice() -> None:
    model = to_my_play(new_model(1, practice=True))
    before = model.match
    model.play_card(min(model.legal_cards, key=lambda c: c.index))
    while model.bots_to_act:
        model.bot_step()
    model.undo()
    assert model.match == before
    with pytest.raises(hokm.GameStateError, match="nothing to undo"):
        model.undo()


def test_undo_is_for_practice_only() -> None:
    model = to_my_play(new_model(1))
    model.play_card(min(model.legal_cards, key=lambda c: c.index))
    with pytest.raises(hokm.GameStateError, match="practice"):
        model.undo()


def test_the_hint_is_a_legal_action() -> None:
    model = to_my_play(new_model(4, practice=True))
    assert model.hint() in model.match.legal_actions()


def test_save_and_resume_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "saves" / "match.json"
    model = to_my_play(new_model(5, seat=2, save_path=path))
    model.play_card(min(model.legal_cards, key=lambda c: c.index))
    saved = model.save()
    assert saved == path
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["metadata"]["hokm-play"] == {"seat": 2, "opponents": "random"}
    again = TableModel.resume(path)
    assert again.match == model.match and again.seat == 2 and again.opponents == "random"
    assert again.save_path == path


def test_the_model_saves_after_every_hand(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    model = new_model(6, save_path=path)
    while model.review is None:
        if model.your_turn:
            model.choose(model.match.legal_actions()[0])
        else:
            model.bot_step()
    assert hokm.load_record(path) == model.match


def test_resume_refuses_a_hand_record(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    hand = hokm.Ruleset.compose().deal(list(hokm.full_deck()), hakem=0)
    path.write_text(json.dumps(hand.to_record()), encoding="utf-8")
    with pytest.raises(hokm.RecordError, match="single hand"):
        TableModel.resume(path)


def test_info_shows_trump_hakem_scores_and_the_double_sar_pile() -> None:
    model = TableModel.new(hokm.Ruleset.compose("double-sar"), opponents="random", seed=1)
    to_my_play(model)
    text = info_lines(model)
    assert f"Hakem: {model.name(model.hand.hakem)} (seat {model.hand.hakem})" in text
    assert "Score: us 0, them 0" in text and "Pile: 0" in text
    assert "Pile" not in info_lines(to_my_play(new_model(1)))


def test_default_save_path_is_in_the_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOKM_PLAY_DIR", str(tmp_path))
    assert default_save_path().parent == tmp_path
    assert default_save_path().name.startswith("match-")


# The command without the extra ----------------------------------------------------------------


def test_play_without_textual_names_the_extra() -> None:
    code = ("import sys; sys.modules['textual'] = None; from hokm.cli import main; "
            "sys.exit(main(['play', '--seed', '1']))")
    done = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True)
    assert done.returncode == 1
    assert "pip install 'hokm[play]'" in done.stderr


def test_help_and_the_model_do_not_import_textual() -> None:
    code = ("import sys, contextlib, io, hokm.play\n"
            "from hokm.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
            "    main(['--help'])\n"
            "print('textual' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


# Every bundled variant at the table ------------------------------------------------------------

VARIANTS = sorted(hokm.available_variants())


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_s_decisions_are_offered_and_labelled(variant: str) -> None:
    """A hand of each bundled variant: every legal action is a card you may play or a labelled choice."""
    ruleset = hokm.Ruleset.compose(variant)
    model = TableModel.new(ruleset, opponents="random", seed=11)
    steps = 0
    while model.review is None and not model.is_over:
        if model.your_turn:
            legal = model.match.legal_actions()
            assert set(legal) == {*model.choices, *(PlayCard(card) for card in model.legal_cards)}
            labels = [action_label(choice, model.hand) for choice in model.choices]
            assert all(labels) and len(set(labels)) == len(labels)
            model.choose(legal[steps % len(legal)])
        else:
            model.bot_step()
        info_lines(model)
        centre_text(model)
        steps += 1
    assert model.review is not None
    assert "Hands as dealt" in review_text(model, model.review)
