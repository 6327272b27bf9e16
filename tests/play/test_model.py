"""The table's model, text helpers and command, without Textual."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hokm
from hokm import CallTrump, Card, IllegalActionError, IllegalPlayError, InvalidNotationError, PlayCard, Suit
from hokm.agents import RandomAgent
from hokm.events import for_seat, history
from hokm.play import (
    TableModel,
    action_label,
    default_save_path,
    parse_card_text,
    seat_positions,
    sorted_hand,
)
from hokm.play.paint import Painter
from hokm.play.saving import check_save_path, write_atomically
from hokm.play.view import centre_text, end_text, info_lines, review_text
from hokm.table import Rotation


def new_model(seed: int = 1, *, practice: bool = False, seat: int = 0,
              options: dict[str, dict[str, object]] | None = None, **kwargs: object) -> TableModel:
    rules = hokm.Ruleset.compose(options=options or {})
    return TableModel.new(rules, seat=seat, opponents="random", seed=seed, practice=practice,
                          **kwargs)  # type: ignore[arg-type]


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
    legal = ", ".join(map(str, sorted_hand(model.legal_cards)))
    with pytest.raises(IllegalPlayError, match=f"^you may not play {card}: must follow .* \\(you may play "
                                               f"{legal}\\)$"):
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


def test_the_hint_says_why_from_the_search_bot_s_numbers() -> None:
    from hokm.agents import PimcAgent

    model = to_my_play(new_model(4, practice=True))
    action, why = model.advice()
    seed = f"{model.match.seed}/hint/{model.match.hand_number}/{len(model.match.hand.plays)}"
    values = PimcAgent(seed=seed).values(model.observation)
    assert action == max(model.match.legal_actions(), key=lambda legal: values[legal])
    assert why.startswith(f"{values[action]:+.2f} over 64 deals fitting your view; next ")
    assert model.advice() == (action, why)  # the same position, the same advice


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


# 2. Opponents that are programs -------------------------------------------------------------------


def test_cmd_opponents_are_made_without_a_seed() -> None:
    from hokm.agents import CommandAgent
    from hokm.play.model import make_agents

    agents = make_agents("cmd:python bot.py --seed 3", players=4, you=0, seed=7)
    assert sorted(agents) == [1, 2, 3] and all(isinstance(a, CommandAgent) for a in agents.values())
    assert agents[1].command == ("python", "bot.py", "--seed", "3")
    seeded = make_agents("random", players=4, you=2, seed=7)
    assert seeded[0].seed == "7/seat-0"  # an agent that takes a seed still gets one


# 3. Hidden trump as the rules allow ------------------------------------------------------------------


def hidden(seed: int = 11, **options: object) -> TableModel:
    ruleset = hokm.Ruleset.compose("hidden-trump", options={"hidden-trump": options} if options else {})
    return TableModel.new(ruleset, opponents="heuristic", seed=seed)


def play_hand(model: TableModel, choose: Callable[[TableModel], hokm.Action]) -> None:
    """Play the current hand to its end: you by ``choose``, the bots by themselves."""
    number = model.match.hand_number
    while model.match.hand_number == number and not model.is_over:
        if model.your_turn:
            model.choose(choose(model))
        else:
            model.bot_step()


def cards_first(model: TableModel) -> hokm.Action:
    """Play a card rather than announce anything."""
    legal = model.match.legal_actions()
    return next((a for a in legal if isinstance(a, PlayCard)), legal[0])


def step(model: TableModel) -> None:
    """One step of play: the review closed, your card (or first choice), or a bot's move."""
    if model.review is not None:
        model.finish_review()
    elif model.your_turn:
        model.choose(cards_first(model))
    else:
        model.bot_step()


def plain(markup: str) -> str:
    """Markup without its tags: what the screen reads."""
    return re.sub(r"\[/?[^\]]*\]", "", markup)


def test_the_caller_sees_his_hidden_trump_and_the_others_do_not() -> None:
    model = hidden()
    indicator = model.choices[3].card  # type: ignore[attr-defined]
    model.choose(model.choices[3])
    assert model.hidden_trump and model.indicator == indicator
    assert f"Trump {indicator.suit} (hidden, indicator {indicator})" in plain(info_lines(model))
    for seat in (1, 2, 3):
        other = TableModel(model.match, seat=seat, agents={s: RandomAgent() for s in range(4) if s != seat})
        line = plain(info_lines(other)).splitlines()[0]
        assert other.indicator is None and str(indicator) not in line and "hidden (face down" in line


def test_every_reveal_is_logged_who_which_card_and_how() -> None:
    asked = to_my_play(hidden(0))  # seat 0 asks as soon as it may
    while not any(choice.tag == "hidden-trump/ask" for choice in asked.choices):
        step(asked)
    asked.choose(next(c for c in asked.choices if c.tag == "hidden-trump/ask"))
    trump = asked.hand.trump
    assert trump is not None and asked.log[-1].startswith(f"You asked for trump: {trump}, indicator ")

    automatic = hidden(11, reveal="automatic")
    automatic.choose(automatic.choices[3])
    play_hand(automatic, cards_first)
    assert any("turned up by itself" in line and "could not follow" in line for line in automatic.log)

    forced = TableModel.new(hokm.Ruleset.compose("hidden-trump", options={"standard": {"play_all": True}}),
                            opponents="random", seed=17)
    forced.choose(forced.choices[3])
    play_hand(forced, cards_first)  # the caller never reveals: his last card is the indicator
    assert any(line.startswith("Your last card, the indicator ") and "was forced up: trump" in line
               for line in forced.log)


def test_a_hand_whose_trump_was_never_revealed_says_what_it_was() -> None:
    model = hidden(11)
    indicator = model.choices[3].card  # type: ignore[attr-defined]
    model.choose(model.choices[3])
    play_hand(model, cards_first)
    review = model.review
    assert review is not None and review.result is not None
    assert review.result.trump is None  # never revealed: nobody asked, the caller played cards only
    assert f"Trump was {indicator.suit}, never revealed (indicator {indicator})" in model.log
    assert f"never revealed: indicator {indicator}" in plain(review_text(model, review))
    assert model.rows[-1].trump is indicator.suit and model.rows[-1].trump_note == "never revealed"


def test_a_refusal_after_an_ask_says_why() -> None:
    model = hidden(0)
    while not any(choice.tag == "hidden-trump/ask" for choice in model.choices):
        step(model)
    model.choose(next(c for c in model.choices if c.tag == "hidden-trump/ask"))
    others = model.hand.hand - model.legal_cards
    if not others:
        pytest.skip("the asker holds only trumps")
    with pytest.raises(IllegalPlayError, match=r"^you may not play .*: cannot follow ., so must play a trump "
                                               r"\(hidden-trump\) \(you may play "):
        model.play_card(min(others, key=lambda c: c.index))


# 5. Honest saves ---------------------------------------------------------------------------------------


def test_resume_rebuilds_the_log_of_the_hand_in_progress(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    model = to_my_play(new_model(5, save_path=path))
    while len(model.hand.tricks) < 2:
        step(model)
    assert hokm.load_record(path) == model.match  # saved after every move, as it stands
    again = TableModel.resume(path)
    assert again.log == model.log and sum(line.startswith("#") for line in again.log) == 2


def test_the_save_file_is_checked_before_play(tmp_path: Path) -> None:
    check_save_path(tmp_path / "new" / "match.json")  # a folder that can be made: fine
    (tmp_path / "old.json").write_text("{}", encoding="utf-8")
    with pytest.raises(hokm.InvalidArgumentError, match="the file exists; play on with hokm play --resume"):
        check_save_path(tmp_path / "old.json")
    check_save_path(tmp_path / "old.json", resumed_from=tmp_path / "old.json")
    with pytest.raises(hokm.InvalidArgumentError, match="it is a folder"):
        check_save_path(tmp_path)
    (tmp_path / "file").write_text("", encoding="utf-8")
    with pytest.raises(hokm.InvalidArgumentError, match="cannot save to"):
        check_save_path(tmp_path / "file" / "match.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "new", "old.json"]


def test_a_failed_save_leaves_the_last_one_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "match.json"
    write_atomically(path, "first")

    def broken(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="No space"):
        write_atomically(path, "second")
    assert path.read_text(encoding="utf-8") == "first"
    assert [p.name for p in tmp_path.iterdir()] == ["match.json"]  # no temporary file left


def test_the_farewell_says_what_was_saved(tmp_path: Path) -> None:
    from hokm.play.command import _farewell

    path = tmp_path / "m.json"
    model = to_my_play(new_model(5, save_path=path))
    text = _farewell("quit", model, str(path), None)
    assert text.startswith("The match is saved as it stands (hand 1, trick 1; score us 0, them 0)")
    assert f"hokm play --resume {path}" in text
    assert _farewell("deleted", model, None, None) == f"The match was not kept: {path} is deleted."
    model.save_path = None
    assert _farewell("quit", model, None, None) == "The match was not saved (--no-save)."
    over = new_model(3, save_path=path, options={"standard": {"target": 1}})
    while not over.is_over:
        step(over)
    text = _farewell("quit", over, str(path), None)
    assert "--resume" not in text and "The match is over" in text and f"hokm show {path}" in text


# 7. The end of the match --------------------------------------------------------------------------------


def test_a_rematch_has_the_same_seed_and_a_file_of_its_own(tmp_path: Path) -> None:
    model = new_model(5, save_path=tmp_path / "m.json")
    model.autosave()
    again = model.again(same_seed=True)
    assert again.match.seed == model.match.seed and again.match.hand_number == 1
    assert again.save_path == tmp_path / "m-2.json"
    assert model.again(same_seed=False).match.seed != model.match.seed


def test_court_piece_counts_courts() -> None:
    model = TableModel.new(hokm.Ruleset.compose("court-piece"), opponents="random", seed=2)
    assert model.unit == "court"
    assert "Courts: us 0, them 0" in info_lines(model)
    while model.review is None:
        model.choose(model.match.legal_actions()[0]) if model.your_turn else model.bot_step()
    text = review_text(model, model.review)
    assert "Courts:" in text and "point" not in text
    result = model.review.result
    assert result is not None
    if result.points == 0:
        assert "won the deal (no court" in text


def test_the_end_of_match_table_lists_every_hand_kots_and_hakem_changes() -> None:
    model = new_model(2)
    while not model.is_over:
        step(model)
    text = end_text(model, Painter(colour=False))
    assert text.startswith(f"[b]{model.winner_words()}[/]")
    assert len(model.rows) == len(model.match.results)
    for row in model.rows:
        assert f"\n{row.number:>4}  {model.name(row.hakem):<8}" in text
    assert "Kots: " in text and "Hakem changes: " in text


# 6. The opponents on the loop every driver shares (hokm._arena.seats.Seats) -------------------------


class Spy(RandomAgent):
    """A random bot that keeps everything the table tells it."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed=seed)
        self.told: list[tuple[str, object]] = []
        self.closed = 0

    def start_match(self, observation: object) -> None:
        self.told.append(("start_match", observation))

    def start_hand(self, observation: object) -> None:
        self.told.append(("start_hand", observation))

    def observe(self, event: object) -> None:
        self.told.append(("observe", event))

    def close(self) -> None:
        self.closed += 1


SHORT = hokm.Ruleset.compose(options={"standard": {"target": 2}})


def spied(seed: int = 3, *, practice: bool = False) -> tuple[TableModel, dict[int, Spy]]:
    spies = {seat: Spy(seat) for seat in (1, 2, 3)}
    return TableModel(SHORT.new_match(seed=seed), seat=0, agents=spies, practice=practice), spies


def test_the_bots_are_told_what_play_match_tells_them() -> None:
    """Each bot hears its own share of every event from the first deal on, and of each hand its start."""
    model, spies = spied()
    while not model.is_over:
        step(model)
    for seat, spy in spies.items():
        assert [e for kind, e in spy.told if kind == "observe"] == list(for_seat(history(model.match), seat))
        assert spy.told[0] == ("start_match", SHORT.new_match(seed=3).observation(seat))
        assert spy.told[1][0] == "start_hand"
        assert sum(kind == "start_hand" for kind, _ in spy.told) == len(model.match.results)


def test_the_table_drives_its_bots_through_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bots are asked and told by ``Seats``, the loop of play_match, the arena and the env."""
    from hokm._arena.seats import Seats
    from hokm.play import model as table

    started: list[hokm.MatchState] = []
    chosen: list[tuple[int, hokm.Action]] = []
    applied: list[hokm.Action] = []
    notified: list[tuple[int, str, object]] = []

    class Watched(table._Bots):
        def start(self, match: hokm.MatchState) -> None:
            started.append(match)
            super().start(match)

        def choose(self, match: hokm.MatchState, seat: int) -> hokm.Action:
            chosen.append((seat, super().choose(match, seat)))
            return chosen[-1][1]

        def apply(self, match: hokm.MatchState, action: hokm.Action) -> hokm.MatchState:
            applied.append(action)
            return super().apply(match, action)

        def notify(self, seat: int, name: str, argument: object) -> None:
            notified.append((seat, name, argument))
            super().notify(seat, name, argument)

    monkeypatch.setattr(table, "_Bots", Watched)
    model, spies = spied()
    assert isinstance(model._bots, Seats) and started == [model.match]
    moves: list[tuple[int, hokm.Action]] = []
    while len(moves) < 12:
        if model.bots_to_act:
            moves.append(model.bot_step())
        else:
            step(model)
    assert chosen == moves  # every bot move was asked by Seats
    replayed = started[0]
    for action in applied:
        replayed = replayed.apply(action)
    assert replayed == model.match  # every action, yours too, was applied by Seats
    for seat, spy in spies.items():  # every hook call came from Seats
        assert [(name, argument) for s, name, argument in notified if s == seat] == spy.told


def test_undo_starts_the_hand_again_for_the_bots() -> None:
    model, spies = spied(practice=True)
    to_my_play(model)
    model.play_card(min(model.legal_cards, key=lambda c: c.index))
    model.undo()
    for seat, spy in spies.items():
        kind, observation = spy.told[-1]
        assert kind == "start_hand" and observation == model.match.observation(seat).hand


def test_close_closes_every_bot() -> None:
    model, spies = spied()
    model.close()
    assert all(spy.closed == 1 for spy in spies.values())


class Broken:
    def __init__(self, answer: Callable[[], object]) -> None:
        self.answer = answer

    def act(self, observation: object) -> object:
        return self.answer()


def boom() -> object:
    raise ValueError("no")


@pytest.mark.parametrize(("answer", "reason", "message"), [
    (boom, "crash", "the random bot at seat 1 raised ValueError: no"),
    (lambda: "x", "illegal", "the random bot at seat 1 chose an illegal action: action must be an Action "
                             "such as PlayCard(card) or CallTrump(suit), got 'x' (a str)"),
    (lambda: PlayCard(Card.parse("2♣")), "illegal",
     "the random bot at seat 1 chose an illegal action: illegal play 2♣ by seat 1: no card can be "
     "played during the trump phase"),
])
def test_a_failing_bot_stops_the_game_with_its_reason(answer: Callable[[], object], reason: str,
                                                       message: str) -> None:
    rules = hokm.Ruleset.compose()
    model = TableModel(rules.new_match(seed=1), seat=2, agents={s: Broken(answer) for s in (0, 1, 3)},
                       opponents="random")
    before = model.match
    with pytest.raises(hokm.AgentFailedError) as failed:
        model.bot_step()
    assert str(failed.value) == message and failed.value.reason == reason and failed.value.seat == 1
    assert model.match == before and model.steps == 0 and model.log == []


def test_a_resumed_hand_under_way_is_not_dealt_again_to_the_bots() -> None:
    model, _ = spied()
    to_my_play(model)
    model.play_card(min(model.legal_cards, key=lambda c: c.index))
    spies = {seat: Spy(seat) for seat in (1, 2, 3)}
    again = TableModel(model.match, seat=0, agents=spies)
    for seat, spy in spies.items():
        assert spy.told == [("start_match", model.match.observation(seat)),
                            ("start_hand", model.match.observation(seat).hand)]
    while not again.is_over:  # from there on, each bot hears everything that happens
        step(again)
    for seat, spy in spies.items():
        heard = [e for kind, e in spy.told if kind == "observe"]
        assert heard == list(for_seat(history(again.match), seat))[-len(heard):]
