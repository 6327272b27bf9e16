"""The append-only record form: ``hokm.records.RecordLog`` and ``load_record`` of a log (#32)."""

from __future__ import annotations

import gzip
import json
import random
import warnings
from pathlib import Path
from typing import Any

import pytest

import hokm
from hokm import MatchState
from hokm.records import RecordLog

VARIANTS: list[tuple[tuple[str, ...], dict[str, dict[str, Any]] | None]] = [
    ((), None),
    (("redeal",), None),  # annulled hands
    (("bavney",), {"bavney": {"decide": True}}),
    (("two-player",), {"two-player": {"mode": "zhinam"}}),
    (("troefcall",), None),  # drawn matches, capitulation
    (("hidden-trump",), None),
]


def play_logged(path: Path, match: MatchState, rng: random.Random, limit: int = 10_000) -> MatchState:
    with RecordLog(path, match) as log:
        for _ in range(limit):
            if match.is_over:
                break
            match = log.append(rng.choice(match.legal_actions()))
    return match


@pytest.mark.parametrize(("variants", "options"), VARIANTS)
def test_a_logged_match_loads_as_the_match_and_as_its_record(tmp_path: Path, variants: tuple[str, ...],
                                                             options: Any) -> None:
    rules = hokm.Ruleset.compose(*variants, options=options)
    for seed in range(3):
        path = tmp_path / f"{seed}.jsonl"
        match = play_logged(path, rules.new_match(seed=seed), random.Random(seed))
        loaded = hokm.load_record(path)
        assert loaded == match
        assert isinstance(loaded, MatchState) and loaded.to_record() == match.to_record()
        lines = path.read_text(encoding="utf-8").splitlines()
        assert json.loads(lines[0])["kind"] == "log" and json.loads(lines[-1])["end"] is True
        actions = sum(len(hand["actions"]) for hand in match.to_record()["hands"])
        assert sum('"act":' in line for line in lines) == actions  # one line an action


def test_a_log_may_start_from_a_match_under_way(tmp_path: Path) -> None:
    rules = hokm.Ruleset.compose("redeal")
    rng = random.Random(5)
    match = rules.new_match(seed=5)
    for _ in range(90):
        match = match.apply(rng.choice(match.legal_actions()))
    path = tmp_path / "later.jsonl"
    metadata = {"players": ["Ana", "Bijan", "Cyrus", "Dara"], "date": "2026-05-01"}
    with RecordLog(path, match, metadata=metadata) as log:
        assert hokm.load_record(path) == match  # the history is written at once
        for _ in range(40):
            match = log.append(rng.choice(match.legal_actions()))
    assert hokm.load_record(path) == match
    assert json.loads(path.read_text(encoding="utf-8").splitlines()[0])["metadata"] == metadata


def test_append_only_adds_a_line_and_never_rewrites(tmp_path: Path) -> None:
    rules = hokm.Ruleset.compose()
    match, rng = rules.new_match(seed=2), random.Random(2)
    path = tmp_path / "grow.jsonl"
    grown = []
    with RecordLog(path, match) as log:
        while not match.is_over:
            before = path.read_bytes()
            hand = match.hand_number
            match = log.append(rng.choice(match.legal_actions()))
            after = path.read_bytes()
            assert after.startswith(before)  # append-only
            if match.hand_number == hand and not match.is_over:
                grown.append(len(after) - len(before))
    assert max(grown) < 60  # one short line, however long the match is
    assert len(grown) > 100


def test_an_open_log_loads_as_the_match_in_progress(tmp_path: Path) -> None:
    match, rng = hokm.Ruleset.compose().new_match(seed=3), random.Random(3)
    path = tmp_path / "open.jsonl"
    log = RecordLog(path, match)
    for _ in range(30):
        match = log.append(rng.choice(match.legal_actions()))
    assert hokm.load_record(path) == match  # no end line yet: the match so far
    log.close()
    log.close()  # again: nothing
    assert log.closed and hokm.load_record(path) == match
    with pytest.raises(hokm.GameStateError, match="is closed"):
        log.append(match.legal_actions()[0])


def test_a_log_cut_off_mid_line_loads_its_whole_lines_and_says_so(tmp_path: Path) -> None:
    match, rng = hokm.Ruleset.compose("redeal").new_match(seed=4), random.Random(4)
    path = tmp_path / "cut.jsonl"
    states = [match]
    with RecordLog(path, match) as log:
        for _ in range(120):
            match = log.append(rng.choice(match.legal_actions()))
            states.append(match)
    data = path.read_bytes()
    whole = data.rstrip(b"\n").split(b"\n")
    for lines in (40, 60, len(whole) - 3):  # cut inside line number `lines + 1`
        start = sum(len(line) + 1 for line in whole[:lines])
        for end in range(start + 1, start + len(whole[lines])):  # every byte of it, UTF-8 included
            with pytest.warns(hokm.TruncatedRecordWarning, match="last line is cut off") as caught:
                loaded = hokm.load_record(data[:end])
            acted = sum(b'"act":' in line for line in whole[:lines])
            assert loaded == states[acted], (lines, end)
            assert f"loaded the {acted} actions before it" in str(caught[0].message)


def test_a_log_cut_at_a_line_end_loads_without_a_warning(tmp_path: Path) -> None:
    match, rng = hokm.Ruleset.compose().new_match(seed=6), random.Random(6)
    path = tmp_path / "lines.jsonl"
    match = play_logged(path, match, rng, limit=80)
    data = path.read_bytes()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cut = data[:data.rindex(b"\n", 0, len(data) - 1) + 1]  # without its end line
        assert hokm.load_record(cut) == match


def test_a_hand_whose_result_line_was_lost_still_loads(tmp_path: Path) -> None:
    """The writer may die between a hand's last action line and its result line."""
    rules = hokm.Ruleset.compose(options={"standard": {"target": 3}})
    match, rng = rules.new_match(seed=9), random.Random(9)
    path = tmp_path / "lost.jsonl"
    match = play_logged(path, match, rng)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    last_result = max(index for index, line in enumerate(lines) if line.startswith('{"result"'))
    assert hokm.load_record("".join(lines[:last_result])) == match


def test_logs_load_from_text_bytes_gzip_and_paths(tmp_path: Path) -> None:
    match, rng = hokm.Ruleset.compose().new_match(seed=1), random.Random(1)
    path = tmp_path / "forms.jsonl"
    match = play_logged(path, match, rng, limit=50)
    data = path.read_bytes()
    packed = tmp_path / "forms.jsonl.gz"
    packed.write_bytes(gzip.compress(data))
    for source in (data, data.decode(), gzip.compress(data), path, packed):
        assert hokm.load_record(source) == match


def corrupt(tmp_path: Path, change: Any) -> str:
    match, rng = hokm.Ruleset.compose().new_match(seed=7), random.Random(7)
    path = tmp_path / "bad.jsonl"
    play_logged(path, match, rng, limit=20)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    change(lines)
    return "".join(lines)


def _swap_cards(lines: list[str]) -> None:
    action = json.loads(lines[8])
    held = [card for card in json.loads(lines[1])["deck"] if card != action["card"]]
    lines[8] = json.dumps({**action, "card": held[-1]}, ensure_ascii=False) + "\n"


@pytest.mark.parametrize(("change", "fragment", "path"), [
    (_swap_cards, "line 9 (hand 1, action 6): illegal play", "$"),
    (lambda lines: lines.__setitem__(8, lines[8].replace('"seat":', '"seat":"x","was":')),
     "line 9 (hand 1, action 6): 'seat' must be a seat number", "$.seat"),
    (lambda lines: lines.__setitem__(5, "{nonsense\n"), "line 6: not valid JSON", "$"),
    (lambda lines: lines.__setitem__(5, "[1, 2]\n"), "line 6: a log line is a JSON object, got a list", "$"),
    (lambda lines: lines.__setitem__(5, '{"what": 1}\n'), "line 6: not a line of a log", "$"),
    (lambda lines: lines.insert(2, '{"hand": 2, "hakem": 0, "deck": []}\n'),
     "line 3: hand 2 starts before hand 1 ended", "$"),
    (lambda lines: lines.append(lines[5]), "goes on after its end line", "$"),
    (lambda lines: lines.__setitem__(-1, lines[-1].replace('"scores":[', '"scores":[5,')),
     "'scores' is [5, 0, 0], but the replay gives [0, 0]", "$.scores"),
    (lambda lines: lines.__setitem__(1, lines[1].replace('"hakem":', '"hakem":3,"x":')),
     "line 2: unknown key 'x' in a hand's first line", "$"),
    (lambda lines: lines.__setitem__(0, lines[0].replace('"first_seat":0', '"first_seat":9')),
     "line 1: 'first_seat' must be an integer from 0 to 3, got 9", "$.first_seat"),
])
def test_a_corrupt_log_is_refused_naming_its_line(tmp_path: Path, change: Any, fragment: str,
                                                  path: str) -> None:
    with pytest.raises(hokm.RecordError) as caught:
        hokm.load_record(corrupt(tmp_path, change))
    assert fragment in str(caught.value), str(caught.value)
    assert caught.value.path == path and len(str(caught.value)) < 300


def test_a_log_cut_in_its_header_is_nothing_to_load(tmp_path: Path) -> None:
    text = corrupt(tmp_path, lambda lines: None)
    with pytest.raises(hokm.RecordError, match="cut off in its header line: nothing to load"):
        hokm.load_record(text[:300])


def test_an_illegal_append_writes_nothing(tmp_path: Path) -> None:
    match = hokm.Ruleset.compose().new_match(seed=1)
    path = tmp_path / "refused.jsonl"
    with RecordLog(path, match) as log:
        before = path.read_bytes()
        with pytest.raises(hokm.IllegalPlayError):
            log.append(hokm.PlayCard(hokm.Card.parse("A♠")))
        with pytest.raises(hokm.ActionTypeError):
            log.append("call ♥")  # type: ignore[arg-type]
        assert path.read_bytes() == before and log.match == match


@pytest.mark.parametrize(("arguments", "error", "fragment"), [
    ({"match": None}, hokm.ArgumentTypeError, "RecordLog() match must be a MatchState, got None"),
    ({"path": 5}, hokm.ArgumentTypeError, "RecordLog() path must be a str or os.PathLike"),
    ({"metadata": {"clock": [[]]}}, hokm.RecordError, "a log's header cannot hold 'clock'"),
    ({"metadata": {"date": "yesterday"}}, hokm.RecordError, "'date' is an ISO 8601 date"),
    ({"metadata": {"players": ["Ana"]}}, hokm.RecordError, "'players' names 1 players for a 4-seat table"),
])
def test_record_log_refuses_bad_arguments(tmp_path: Path, arguments: dict[str, Any], error: type[Exception],
                                          fragment: str) -> None:
    given: dict[str, Any] = {"path": tmp_path / "x.jsonl", "match": hokm.Ruleset.compose().new_match(seed=1),
                             **arguments}
    with pytest.raises(error) as caught:
        RecordLog(given.pop("path"), given.pop("match"), **given)
    assert type(caught.value) is error and fragment in str(caught.value)
    assert not (tmp_path / "x.jsonl").exists()
