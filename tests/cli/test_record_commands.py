"""``hokm replay``, ``hokm show`` and ``hokm simulate --records``."""

from __future__ import annotations

import gzip
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import hokm
from hokm.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "records" / "match.json"
CORRUPT = ROOT / "examples" / "records" / "corrupt-match.json"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_replay_summarises_a_valid_match(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "replay", str(EXAMPLE))
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "valid record (hokm-record/1): a match of standard, seed 2026"
    assert "players: Ana, Bijan, Cyrus, Dara" in lines
    assert lines[-1].startswith("winner: team 0, 3-2, after 5 hands (")


def test_replay_reports_an_invalid_record_with_exit_status_1(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "replay", str(CORRUPT))
    assert (status, out) == (1, "")
    assert err.startswith("hokm: invalid record: hand 2, action 4 ($.hands[1].actions[4]): illegal play ")
    assert err.count("\n") == 1


def test_replay_of_a_missing_file_is_a_usage_error(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    status, _, err = run(capsys, "replay", str(tmp_path / "nope.json"))
    assert status == 2 and err.startswith("hokm: error: cannot read ") and "No such file" in err


def test_replay_warns_of_another_version_and_refuses_it_when_strict(capsys: pytest.CaptureFixture[str],
                                                                   tmp_path: Path) -> None:
    record = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    record["ruleset"]["variants"][0].update(distribution="hokm", version="0.0.9")
    path = tmp_path / "old.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    status, _, err = run(capsys, "replay", str(path))
    assert status == 0 and err.startswith("hokm: warning: variant 'standard' was recorded as hokm 0.0.9")
    status, _, err = run(capsys, "replay", "--strict", str(path))
    assert status == 1 and "hokm: invalid record: $.ruleset: the ruleset cannot be composed" in err


def test_replay_reads_gzip_and_json_lines(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    (tmp_path / "one.json.gz").write_bytes(gzip.compress(text.encode()))
    assert run(capsys, "replay", str(tmp_path / "one.json.gz"))[0] == 0
    line = json.dumps(json.loads(text), ensure_ascii=False)
    (tmp_path / "many.jsonl").write_text(f"{line}\n\n{line}\n", encoding="utf-8")
    status, out, _ = run(capsys, "replay", str(tmp_path / "many.jsonl"))
    assert status == 0 and out.splitlines() == [
        "line 1: a match of standard, 5 hands, winner team 0 (3-2)",
        "line 3: a match of standard, 5 hands, winner team 0 (3-2)",
        "2 records, all valid"]
    bad = json.dumps(json.loads(CORRUPT.read_text(encoding="utf-8")), ensure_ascii=False)
    (tmp_path / "bad.jsonl.gz").write_bytes(gzip.compress(f"{line}\n{bad}\n".encode()))
    status, out, err = run(capsys, "replay", str(tmp_path / "bad.jsonl.gz"))
    assert status == 1 and err.startswith("hokm: invalid record: line 2: hand 2, action 4")


def test_replay_summarises_a_hand_record_and_a_match_in_progress(capsys: pytest.CaptureFixture[str],
                                                                  tmp_path: Path) -> None:
    match = hokm.Ruleset.compose().new_match(seed=3)
    for _ in range(30):
        match = match.apply(match.legal_actions()[0])
    (tmp_path / "match.json").write_text(json.dumps(match.to_record()), encoding="utf-8")
    (tmp_path / "hand.json").write_text(json.dumps(match.hand.to_record()), encoding="utf-8")
    status, out, _ = run(capsys, "replay", str(tmp_path / "match.json"))
    assert status == 0 and out.splitlines()[-1].startswith("in progress: hand 1, scores 0-0 (30 actions)")
    status, out, _ = run(capsys, "replay", str(tmp_path / "hand.json"))
    assert status == 0 and out.splitlines()[0] == "valid record (hokm-record/1): a hand of standard"
    assert out.splitlines()[-1].startswith("in progress: seat ")


def test_show_prints_a_hand_trick_by_trick_plain_when_piped(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "show", str(EXAMPLE), "--hand", "2")
    assert status == 0 and "\033[" not in out
    lines = out.splitlines()
    assert lines[0] == "hand 2 of 5: standard"
    assert lines[1] == "Hakem seat 0 (dealer seat 3), trump ♦"
    assert lines[6] == "  seat 0: call ♦"
    tricks = [line for line in lines if line[2:5].strip().rstrip(".").isdigit()]
    assert len(tricks) == 11 and all("won by seat" in line and "*" in line for line in tricks)
    assert lines[-1] == "result: team 1 +1 (win), tricks 4-7; next Hakem seat 1"


def test_show_colours_red_suits_when_asked(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, _ = run(capsys, "show", str(EXAMPLE), "--color", "always")
    assert status == 0 and "\033[31m" in out and "\033[1m" in out
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\033[" not in run(capsys, "show", str(EXAMPLE), "--color", "auto")[1]


def test_show_refuses_a_hand_the_record_does_not_hold(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "show", str(EXAMPLE), "--hand", "9")
    assert status == 2 and err == "hokm: error: the record holds 5 hands; there is no hand 9\n"
    status, _, err = run(capsys, "show", str(CORRUPT))
    assert status == 1 and err.startswith("hokm: invalid record: ")


def test_show_prints_decisions_and_draws(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rules = hokm.Ruleset.compose("two-player")
    hand = rules.deal(random.Random(2), hakem=0)
    while not hand.is_over:
        hand = hand.apply(hand.legal_actions()[-1])
    (tmp_path / "hand.json").write_text(json.dumps(hand.to_record()), encoding="utf-8")
    status, out, _ = run(capsys, "show", str(tmp_path / "hand.json"))
    assert status == 0 and "  draws: seat 0 reject, seat 1 reject" in out
    assert out.splitlines()[-1].startswith("result: team ")


def test_simulate_writes_one_file_a_match_for_a_short_run(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    folder = tmp_path / "records"
    status, out, _ = run(capsys, "simulate", "--hands", "30", "--seed", "4", "--records", str(folder),
                         "--no-progress", "--matches")
    assert status == 0 and "hands " in out
    files = sorted(folder.iterdir())
    assert files and all(path.name.startswith("match-") and path.suffix == ".json" for path in files)
    states = [hokm.load_record(path) for path in files]
    assert sum(len(state.results) for state in states if isinstance(state, hokm.MatchState)) == 30
    assert run(capsys, "replay", str(files[0]))[0] == 0


def test_simulate_writes_one_file_a_hand_of_its_batches(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    folder = tmp_path / "records"
    status, out, _ = run(capsys, "simulate", "--hands", "30", "--seed", "4", "--records", str(folder),
                         "--no-progress")
    assert status == 0 and "hands " in out
    files = sorted(folder.iterdir())
    assert [path.name for path in files] == [f"hand-{number:04d}.json" for number in range(1, 31)]
    batch = hokm.Ruleset.compose().playouts(30, seed="4/0")  # the run's one unit
    for index, path in enumerate(files):  # each record rebuilds its hand of the batch
        state = hokm.load_record(path)
        assert isinstance(state, hokm.HandState) and state.is_over
        assert (state.hakem, state.team_tricks, state.score().points) == (
            batch.hakem[index], tuple(column[index] for column in batch.team_tricks), batch.points[index])
    assert run(capsys, "replay", str(files[0]))[0] == 0


def test_simulate_writes_gzip_json_lines_per_work_unit_whatever_runs_them(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    one, two = tmp_path / "one", tmp_path / "two"
    hokm.simulate(hands=600, seed=5, records=one)
    with ThreadPoolExecutor(2) as pool:
        hokm.simulate(hands=600, seed=5, records=two, executor=pool)
    names = sorted(path.name for path in one.iterdir())
    assert names == ["records-000000.jsonl.gz", "records-000001.jsonl.gz", "records-000002.jsonl.gz"]
    assert all((one / name).read_bytes() == (two / name).read_bytes() for name in names)
    hands = 0
    for name in names:
        for line in gzip.decompress((one / name).read_bytes()).decode().splitlines():
            state = hokm.load_record(line)
            assert isinstance(state, hokm.HandState) and state.is_over
            hands += 1
    assert hands == 600


def test_simulate_refuses_a_records_path_it_cannot_use(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(hokm.InvalidArgumentError, match="cannot create the directory"):
        hokm.simulate(hands=5, records=tmp_path / "file" / "sub")
    with pytest.raises(hokm.ArgumentTypeError, match="records must be a directory path"):
        hokm.simulate(hands=5, records=5)  # type: ignore[arg-type]


def test_replay_never_prints_control_characters_from_a_record(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    record = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    record["metadata"]["players"][0] = "\033[2J\033]0;pwned\007Ana"
    record["metadata"]["event"] = "x" * 5000
    (tmp_path / "match.json").write_text(json.dumps(record), encoding="utf-8")
    status, out, _ = run(capsys, "replay", str(tmp_path / "match.json"))
    assert status == 0 and "\033" not in out and "\007" not in out
    assert "players: ?[2J?]0;pwned?Ana, Bijan" in out and max(map(len, out.splitlines())) < 100


def _played_until(rules: hokm.Ruleset, until: Any, tries: int = 300) -> hokm.MatchState:
    for seed in range(tries):
        match = rules.new_match(seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            match = match.apply(rng.choice(match.legal_actions()))
        if until(match):
            return match
    raise AssertionError("no such match")


def test_replay_and_show_mark_an_annulled_hand_and_keep_the_results_in_place(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    match = _played_until(hokm.Ruleset.compose("redeal"),
                          lambda m: m.finished_hands[0].is_annulled and len(m.finished_hands) > 2)
    path = tmp_path / "redealt.json"
    path.write_text(json.dumps(match.to_record(), ensure_ascii=False), encoding="utf-8")
    status, out, _ = run(capsys, "replay", str(path))
    assert status == 0
    rows = out.splitlines()[2:]
    assert "annulled (dealt again)" in rows[0]
    first = match.results[0]
    assert f"team {first.winner} +{first.points} ({first.label})" in rows[1]
    status, out, _ = run(capsys, "show", str(path), "--hand", "1")
    assert status == 0 and "annulled: the hand is dealt again" in out and "claim a redeal" in out
    status, out, _ = run(capsys, "show", str(path), "--hand", "2")
    assert status == 0 and f"result: team {first.winner} +{first.points} ({first.label})" in out


def test_replay_says_a_match_ended_drawn(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rules = hokm.Ruleset.compose("troefcall", options={"troefcall": {"set_hands": 2}})
    match = _played_until(rules, lambda m: m.is_drawn)
    path = tmp_path / "drawn.json"
    path.write_text(json.dumps(match.to_record(), ensure_ascii=False), encoding="utf-8")
    status, out, _ = run(capsys, "replay", str(path))
    assert status == 0
    assert out.splitlines()[-1].startswith(f"drawn: {match.scores[0]}-{match.scores[1]}, after ")
    lines = tmp_path / "drawn.jsonl"
    lines.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    status, out, _ = run(capsys, "replay", str(lines))
    assert status == 0 and "drawn (" in out.splitlines()[0]


# Every format, one record picked, read failures in one line (#32) --------------------------------


def _files(tmp_path: Path) -> dict[str, Path]:
    """The example match in every form a record file takes, and two matches a line."""
    text = EXAMPLE.read_text(encoding="utf-8")
    line = json.dumps(json.loads(text), ensure_ascii=False)
    other = hokm.Ruleset.compose(options={"standard": {"target": 1}}).new_match(seed=2)
    while not other.is_over:
        other = other.apply(other.legal_actions()[0])
    second = json.dumps(other.to_record(), ensure_ascii=False)
    log = tmp_path / "log.jsonl"
    match = hokm.load_record(EXAMPLE)
    assert isinstance(match, hokm.MatchState)
    with hokm.records.RecordLog(log, match):
        pass
    files = {"json": tmp_path / "one.json", "json.gz": tmp_path / "one.json.gz",
             "jsonl": tmp_path / "two.jsonl", "jsonl.gz": tmp_path / "two.jsonl.gz", "log": log,
             "log.gz": tmp_path / "log.jsonl.gz"}
    files["json"].write_text(text, encoding="utf-8")
    files["json.gz"].write_bytes(gzip.compress(text.encode()))
    files["jsonl"].write_text(f"{line}\n{second}\n", encoding="utf-8")
    files["jsonl.gz"].write_bytes(gzip.compress(f"{line}\n{second}\n".encode()))
    files["log.gz"].write_bytes(gzip.compress(log.read_bytes()))
    return files


def test_replay_and_show_read_every_form_and_pick_a_record(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    files = _files(tmp_path)
    expected = run(capsys, "show", str(EXAMPLE), "--hand", "2")[1]
    for form, path in files.items():
        name = f"{path}:1" if form.startswith("jsonl") else str(path)
        status, out, err = run(capsys, "show", name, "--hand", "2")
        assert (status, err) == (0, ""), form
        assert out == expected, form
        status, out, err = run(capsys, "replay", str(path), "--record", "1")
        assert status == 0 and "winner: team 0, 3-2, after 5 hands" in out, (form, out, err)
    status, out, _ = run(capsys, "replay", str(files["jsonl.gz"]), "--record", "2")
    assert status == 0 and out.splitlines()[0] == f"record 2 (line 2) of {files['jsonl.gz']}"
    assert "seed 2" in out.splitlines()[1]
    status, out, _ = run(capsys, "replay", str(files["log"]))
    assert status == 0 and out.splitlines()[0] == (
        "valid record (hokm-record/1, a log): a match of standard, seed 2026")


def test_show_asks_which_record_of_a_file_of_several(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    path = _files(tmp_path)["jsonl.gz"]
    status, out, err = run(capsys, "show", str(path))
    assert (status, out) == (2, "")
    assert err == (f"hokm: error: {path} holds more than one record: pick one with --record N "
                   f"(or {path}:N)\n")


@pytest.mark.parametrize(("argv", "status", "message"), [
    (["{jsonl}", "--record", "3"], 2, "hokm: error: {jsonl} holds 2 records; there is no record 3"),
    (["{json}:2"], 2, "hokm: error: {json} holds one record; there is no record 2"),
    (["{jsonl}:1", "--record", "2"], 2, "hokm: error: {jsonl}:1 and --record 2 name different records"),
    (["{jsonl}:0"], 2, "hokm: error: {jsonl}:0: records are numbered from 1"),
    (["{log}", "--record", "2"], 2, "hokm: error: {log} holds one record; there is no record 2"),
])
def test_a_record_the_file_does_not_hold_is_a_usage_error(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                         argv: list[str], status: int, message: str) -> None:
    names = {form.replace(".", "_"): str(path) for form, path in _files(tmp_path).items()}
    for command in ("replay", "show"):
        got, out, err = run(capsys, command, *(part.format(**names) for part in argv))
        assert (got, out, err) == (status, "", message.format(**names) + "\n")


def _damaged(data: bytes) -> bytes:
    """Gzip data with 40 bytes zeroed inside its stream: zlib refuses it."""
    return data[:30] + bytes(40) + data[70:]


@pytest.mark.parametrize(("name", "content", "message"), [
    ("empty.jsonl.gz", b"", "hokm: invalid record: {path} holds no record: it is empty"),
    ("empty.json", b"", "hokm: invalid record: {path} holds no record: it is empty"),
    ("blank.jsonl", b"\n\n", "hokm: invalid record: {path} holds no record: it is empty"),
    ("cut.jsonl.gz", gzip.compress(json.dumps(json.loads(EXAMPLE.read_bytes())).encode() + b"\n")[:400],
     "hokm: invalid record: {path}: the gzip data ends early: is the file cut short?"),
    ("corrupt.jsonl.gz", _damaged(gzip.compress(EXAMPLE.read_bytes())),
     "hokm: invalid record: {path}: the gzip data is corrupt (Error -3 while decompressing data: "),
    ("corrupt.json.gz", _damaged(gzip.compress(EXAMPLE.read_bytes())),
     "hokm: invalid record: {path}: the gzip data is corrupt (Error -3 while decompressing data: "),
    ("latin.json", "{\"é\": 1}".encode("latin-1"), "hokm: invalid record: $: not UTF-8 text"),
])
def test_every_read_failure_is_one_line_and_a_non_zero_status(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path, name: str, content: bytes,
                                                              message: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    for command in ("replay", "show"):
        status, out, err = run(capsys, command, str(path))
        assert status == 1 and out == "" and err.count("\n") == 1, err
        assert err.startswith(message.format(path=path)), err


def test_replay_of_a_log_cut_mid_line_warns_and_summarises_what_is_whole(capsys: pytest.CaptureFixture[str],
                                                                         tmp_path: Path) -> None:
    path = _files(tmp_path)["log"]
    data = path.read_bytes()
    path.write_bytes(data[:len(data) // 2])
    status, out, err = run(capsys, "replay", str(path))
    assert status == 0
    assert err.startswith("hokm: warning: the log's last line is cut off (its writer stopped mid-line)")
    assert out.splitlines()[0] == ("valid record (hokm-record/1, a log not closed (the match as far as it "
                                   "goes)): a match of standard, seed 2026")
    assert out.splitlines()[-1].startswith("in progress: hand ")


def test_a_closed_pipe_ends_replay_quietly_with_the_usual_status(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = _files(tmp_path)["jsonl"]
    path.write_text(path.read_text(encoding="utf-8") * 2000, encoding="utf-8")
    reader = subprocess.Popen([sys.executable, "-m", "hokm", "replay", str(path)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE)
    assert reader.stdout is not None and reader.stderr is not None
    assert reader.stdout.readline().startswith(b"line 1: a match of standard")
    reader.stdout.close()  # as `| head -1` does
    err = reader.stderr.read()
    assert reader.wait(60) == 141 and err == b""  # 128 + SIGPIPE, as shells report it; no traceback


def test_the_readme_follow_up_commands_work(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's run writes records-*.jsonl.gz files (more than one work unit): its follow-up works."""
    monkeypatch.chdir(tmp_path)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    follow = [part for part in readme.split("`") if part.startswith((".venv/bin/hokm replay",
                                                                    ".venv/bin/hokm show"))]
    assert len(follow) == 2
    assert run(capsys, "simulate", "--hands", "600", "--seed", "2026", "--records", "records",
               "--no-progress")[0] == 0
    for command in follow:
        status, out, err = run(capsys, *command.split()[1:])
        assert status == 0 and err == "" and out, command


# What hokm show prints of a hand in progress, and for one seat (#33) -------------------------------------


def play_save(tmp_path: Path, *variants: str, seat: int = 0, tricks: int = 2) -> tuple[Path, Any]:
    """A match hokm play saved mid-hand: ``tricks`` tricks into its first hand, you at ``seat``."""
    from hokm.play import TableModel

    path = tmp_path / "saved.json"
    model = TableModel.new(hokm.Ruleset.compose(*variants), seat=seat, opponents="random", seed=5,
                           save_path=path)
    while len(model.hand.tricks) < tricks:
        if model.your_turn:
            model.choose(next((a for a in model.match.legal_actions() if isinstance(a, hokm.PlayCard)),
                              model.match.legal_actions()[0]))
        else:
            model.bot_step()
    return path, model


def test_show_of_a_hand_in_progress_that_hokm_play_saved_prints_only_what_its_player_saw(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, model = play_save(tmp_path, seat=2)
    status, out, _ = run(capsys, "show", str(path))
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "hand 1 of 1: standard (as seat 2 saw it; --all shows every card)"
    assert lines[2] == "  seat 0  (not seen)" and lines[3] == "  seat 1  (not seen)"
    assert lines[5] == "  seat 3  (not seen)" and lines[4].startswith("  seat 2  ")
    unseen = {card for seat in (0, 1, 3) for card in model.match.hand.hand_of(seat)}
    assert not any(str(card) in out for card in unseen)  # nobody's cards in hand, but your own
    assert all(str(card) in lines[4] or card.rank.symbol in lines[4] for card in model.hand.hand)
    status, every, _ = run(capsys, "show", str(path), "--all")
    assert status == 0 and all(f"  seat {seat}  (not seen)" not in every for seat in range(4))
    assert every.splitlines()[0] == "hand 1 of 1: standard"


def test_show_seat_n_prints_any_record_as_one_seat_saw_it(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "show", str(EXAMPLE), "--hand", "2", "--seat", "1")
    lines = out.splitlines()
    assert status == 0 and lines[0] == "hand 2 of 5: standard (as seat 1 saw it)"
    assert lines[2:6] == ["  seat 0  (not seen)", "  seat 1  ♠ K 10 9  ♥ A K Q J 7 5  ♦ A 10 4  ♣ 9",
                          "  seat 2  (not seen)", "  seat 3  (not seen)"]
    assert lines[-1] == "result: team 1 +1 (win), tricks 4-7; next Hakem seat 1"
    status, _, err = run(capsys, "show", str(EXAMPLE), "--seat", "4")
    assert status == 2 and err == "hokm: error: --seat 4: the table has seats 0 to 3\n"
    status, _, err = run(capsys, "show", str(EXAMPLE), "--seat", "1", "--all")
    assert status == 2 and "--seat and --all contradict each other" in err


def test_show_names_a_hidden_trump_for_a_finished_hand_and_hides_it_from_the_others(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rules = hokm.Ruleset.compose("hidden-trump")
    hand = rules.deal(random.Random(11), hakem=0)
    indicator = hand.legal_actions()[0]
    hand = hand.apply(indicator)
    while not hand.is_over:  # nobody asks or reveals: cards only
        hand = hand.apply(next(a for a in hand.legal_actions() if isinstance(a, hokm.PlayCard)))
    card = indicator.card  # type: ignore[attr-defined]
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand.to_record()), encoding="utf-8")
    status, out, _ = run(capsys, "show", str(path))
    assert status == 0 and out.splitlines()[1] == (f"Hakem seat 0 (dealer seat 3), trump {card.suit.value}, "
                                                   f"hidden and never revealed (indicator {card})")
    assert "not called" not in out
    mid = rules.deal(random.Random(11), hakem=0).apply(indicator)
    path.write_text(json.dumps(mid.to_record()), encoding="utf-8")
    assert run(capsys, "show", str(path), "--seat", "0")[1].splitlines()[1].endswith(
        f"trump {card.suit.value}, hidden (your indicator {card})")
    seen = run(capsys, "show", str(path), "--seat", "1")[1]
    assert seen.splitlines()[1].endswith("trump hidden (a face-down indicator)")
    assert "  seat 0: (hidden)" in seen and str(card) not in seen


@pytest.mark.parametrize("command", ["show", "replay"])
def test_show_and_replay_write_suits_as_letters_where_the_output_cannot_take_them(command: str) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run([sys.executable, "-m", "hokm", command, str(EXAMPLE)], capture_output=True,
                          env=env, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.isascii() and b"Traceback" not in done.stderr
    if command == "show":
        assert done.stdout.splitlines()[1] == b"Hakem seat 0 (dealer seat 3), trump S"
        assert b"  seat 0: call S" in done.stdout and b"  seat 0  S Q 10 9 7  H 10 7" in done.stdout
    forced = subprocess.run([sys.executable, "-m", "hokm", command, str(EXAMPLE), "--ascii"],
                            capture_output=True, check=False, timeout=60)
    assert forced.returncode == 0 and forced.stdout.isascii()
    assert forced.stdout == done.stdout


# hokm show --analyse ---------------------------------------------------------------------------


def _solved_play(hand: hokm.HandState, mistaken: int | None = None) -> hokm.HandState:
    """``hand`` played to its end, every card from 6 tricks left the solver's best (the seat
    ``mistaken``'s first choice of a card that does worse, where it has one); before, random."""
    rng = random.Random(5)
    while not hand.is_over:
        if hand.tricks_left > 6 or len(hand.legal_plays()) < 2:
            hand = hand.apply(rng.choice(hand.legal_actions()))
            continue
        solution = hand.solve()
        worse = sorted((card for card in solution.values if card not in solution.best), key=str)
        if hand.to_act == mistaken and worse:
            hand, mistaken = hand.play(worse[0]), None
        else:
            hand = hand.play(min(solution.best, key=str))
    return hand


def _hand_file(hand: hokm.HandState, tmp_path: Path) -> str:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand.to_record()), encoding="utf-8")
    return str(path)


def test_show_analyse_marks_the_one_card_that_did_worse_than_the_best(capsys: pytest.CaptureFixture[str],
                                                                     tmp_path: Path) -> None:
    dealt = hokm.Ruleset.compose().deal(random.Random(21), hakem=0)
    perfect = _solved_play(dealt)
    status, out, _ = run(capsys, "show", _hand_file(perfect, tmp_path), "--analyse")
    assert status == 0 and "mistake:" not in out
    assert out.rstrip().endswith(", 0 mistakes")
    erring = _solved_play(dealt, mistaken=2)
    status, out, _ = run(capsys, "show", _hand_file(erring, tmp_path), "--analyse", "--color", "never")
    mistakes = [line for line in out.splitlines() if "mistake:" in line]
    assert status == 0 and len(mistakes) == 1 and mistakes[0].lstrip().startswith("mistake: seat 2 ")
    assert out.rstrip().endswith(", 1 mistake")


def test_show_analyse_counts_only_the_plays_it_was_asked_to_weigh(capsys: pytest.CaptureFixture[str]) -> None:
    weighed = []
    for tricks in ("2", "6", "13"):
        status, out, _ = run(capsys, "show", str(EXAMPLE), "--hand", "2", "--analyse", tricks)
        assert status == 0
        weighed.append(int(out.rstrip().splitlines()[-1].split()[1]))
    assert weighed[0] <= weighed[1] < weighed[2]


def test_show_analyse_says_why_it_cannot_weigh_a_ruleset_or_a_seat_s_view(capsys: pytest.CaptureFixture[str],
                                                                         tmp_path: Path) -> None:
    hand = hokm.Ruleset.compose("troefcall").deal(random.Random(3))
    hand = hand.playout(random.Random(4))
    status, out, _ = run(capsys, "show", _hand_file(hand, tmp_path), "--analyse")
    assert status == 0
    assert out.rstrip().splitlines()[-1].startswith(
        "analysis: none (the solver cannot play this ruleset's hands: hokm_pending_decision")
    status, _, err = run(capsys, "show", str(EXAMPLE), "--seat", "1", "--analyse")
    assert status == 2 and "--analyse weighs every card" in err
    with pytest.raises(SystemExit) as exited:
        run(capsys, "show", str(EXAMPLE), "--analyse", "0")
    assert exited.value.code == 2 and "--analyse: expected at least 1 trick, got 0" in capsys.readouterr().err
