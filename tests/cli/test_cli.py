"""The hokm command: --version, options listing, argument messages, broken plugins, exit codes."""

from __future__ import annotations

import argparse
import importlib.metadata
import io
import json
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import hokm
from hokm import cli
from hokm._build import build_name
from hokm._cli import common
from hokm._cli.option_docs import option_table
from hokm.cli import MAX_JOBS, MAX_OPTION_LENGTH, build_parser, main
from hokm.simulate import CHUNK_HANDS, MAX_HANDS, RunInterrupted

VERSION = importlib.metadata.version("hokm")


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``main(argv)`` with its exit status (argparse's SystemExit included), stdout and stderr."""
    try:
        status = main(argv)
    except SystemExit as done:
        status = int(done.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


# --version -----------------------------------------------------------------------------------


def test_version_names_hokm_the_build_and_every_variant(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["--version"], capsys)
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith(f"hokm {VERSION} ({build_name()}) on Python {sys.version_info.major}.")
    assert lines[1] == "variants:"
    listed = {line.split()[0]: line.split()[1:] for line in lines[2:]}
    assert set(listed) == set(hokm.available_variants())
    assert all(distribution == ["hokm", VERSION] for distribution in listed.values())


def test_python_dash_m_version() -> None:
    done = subprocess.run([sys.executable, "-m", "hokm", "--version"], capture_output=True, text=True,
                          check=True)
    assert done.stdout.startswith(f"hokm {VERSION} ({build_name()})")
    assert "  clockwise" in done.stdout and not done.stderr


# hokm options -----------------------------------------------------------------------------------


def _option_names(plugin_class: Any) -> list[str]:
    return [field.alias for field in attrs.fields(plugin_class) if field.init]


def test_options_lists_standard_and_every_variant(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["options", "--json"], capsys)
    assert status == 0
    listing = json.loads(out)
    assert [entry["variant"] for entry in listing] == ["standard", *hokm.available_variants()]
    standard = type(dict(hokm.Ruleset.compose().plugins)["standard"])
    classes = {"standard": standard} | {
        ep.name: ep.load() for ep in importlib.metadata.entry_points(group="hokm.variants")}
    for entry in listing:
        assert entry["distribution"] == f"hokm {VERSION}"
        assert [row["name"] for row in entry["options"]] == _option_names(classes[entry["variant"]])
        for row in entry["options"]:
            assert set(row) == {"name", "type", "default", "required", "allowed", "other_types",
                                "description"}
            assert row["description"], f"{entry['variant']}.{row['name']} has no description"


def test_options_of_standard_in_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["options", "standard"], capsys)
    assert status == 0
    assert out.startswith(f"standard (hokm {VERSION})\n")
    assert "  standard.target: int; default 7\n      points that win the match" in out
    assert "  standard.play_all: bool; default false\n" in out
    assert "  standard.succession: str; default next; one of next, previous\n" in out
    assert ("  standard.first_hakem: str or int; default first-ace; one of first-ace, random, or any int\n"
            in out)
    assert "  standard.packets: tuple[int, ...]; default [5, 4, 4]\n" in out


def test_options_of_named_variants(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["options", "clockwise", "court-piece"], capsys)
    assert status == 0
    assert out.startswith(f"clockwise (hokm {VERSION})\n  no options\n\ncourt-piece (hokm {VERSION})\n")
    assert "  court-piece.scoring: str; default courts; one of courts, points\n" in out
    assert "  court-piece.target: int or None; default None\n" in out
    status, out, err = run(["options", "nope"], capsys)
    assert status == 2 and not out
    assert err.startswith("hokm: error: no variant named 'nope' is installed")


def test_option_table_reads_attrs_fields() -> None:
    @attrs.frozen
    class Example:
        """An example.

        Attributes:
            colour: the colour,
                over two lines.
            size: how big.
        """

        colour: str = attrs.field(default="red", validator=attrs.validators.in_(("red", "blue")))
        size: int = attrs.field(kw_only=True)
        seen: list[int] = attrs.field(factory=list)
        _hidden: int = attrs.field(default=0, alias="shown")
        internal: int = attrs.field(default=0, init=False)

    rows = {row["name"]: row for row in option_table(Example)}
    assert list(rows) == ["colour", "size", "seen", "shown"]
    assert rows["colour"] | {"description": ""} == {
        "name": "colour", "type": "str", "default": "red", "required": False, "allowed": ["red", "blue"],
        "other_types": [], "description": ""}
    assert rows["colour"]["description"] == "the colour, over two lines."
    assert rows["size"]["required"] and rows["size"]["default"] is None
    assert rows["seen"]["type"] == "list[int]" and rows["seen"]["default"] == []
    assert option_table(object()) == [] and option_table(object) == []


# Argument types and their messages ---------------------------------------------------------------


@pytest.mark.parametrize(("argv", "message"), [
    (["--hands", "1e20"], "argument --hands: at most 1,000,000,000,000 hands can be asked for, got 1e20"),
    (["--hands", "abc"], "argument --hands: expected a whole number of hands such as 1000 or 1e6, got 'abc'"),
    (["--hands", "2.5"], "argument --hands: expected a whole number of hands such as 1000 or 1e6, got '2.5'"),
    (["--hands", "nan"], "argument --hands: expected a whole number of hands"),
    (["--hands", "0"], "argument --hands: expected at least 1 hand, got 0"),
    (["--hands", "-5"], "argument --hands: expected at least 1 hand, got -5"),
    (["--jobs", "5000"], "argument --jobs: at most 1,024 jobs can be asked for, got 5000"),
    (["--jobs", "0"], "argument --jobs: expected at least 1 job, got 0"),
])
def test_bad_counts_are_usage_errors(argv: list[str], message: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["simulate", *argv], capsys)
    assert status == 2 and not out
    assert f"hokm simulate: error: {message}" in err
    assert "Traceback" not in err and "_Count" not in err and "_positive" not in err


@pytest.mark.parametrize(("argv", "message"), [
    (["arena", "--agent", "random", "--agent", "random", "--matches", "0"],
     "hokm arena: error: argument --matches: expected at least 1 match, got 0"),
    (["replay", "x.json", "--record", "0"],
     "hokm replay: error: argument --record: expected at least 1 record, got 0"),
])
def test_a_count_names_one_of_its_things(argv: list[str], message: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """"1 match", not "1 matche" (#32)."""
    status, _, err = run(argv, capsys)
    assert status == 2 and message in err


def test_counts_read_exponents_and_underscores() -> None:
    parser = build_parser()
    assert parser.parse_args(["simulate", "--hands", "1e3"]).hands == 1000
    assert parser.parse_args(["simulate", "--hands", "1_000_000"]).hands == 1_000_000
    assert parser.parse_args(["simulate", "--hands", "1e12"]).hands == MAX_HANDS
    assert parser.parse_args(["simulate", "--jobs", str(MAX_JOBS)]).jobs == MAX_JOBS
    assert parser.parse_args(["simulate", "--seed", "12"]).seed == 12
    assert parser.parse_args(["simulate", "--seed", "study-1"]).seed == "study-1"


def test_argparse_types_have_readable_names() -> None:
    parser = build_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for command, sub in subparsers.choices.items():
        for action in sub._actions:
            if action.type is not None:
                name = getattr(action.type, "__name__", "")
                assert name and not name.startswith("_"), f"hokm {command} {action.dest}: type {name!r}"


def test_absurd_option_values_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["simulate", "--hands", "10", "--option", "standard.target=" + "9" * 5000], capsys)
    assert status == 2
    assert err == (f"hokm: error: --option standard.target: the value is 5,000 characters long; "
                   f"at most {MAX_OPTION_LENGTH:,} are accepted\n")
    nested = "(" * 200 + ")" * 200
    status, _, err = run(["simulate", "--hands", "10", "--option", f"standard.packets={nested}"], capsys)
    assert status == 2 and err.startswith("hokm: error: variant 'standard', option 'packets'")
    assert err.count("\n") == 1
    status, _, err = run(["simulate", "--hands", "10", "--option", "x" * 500], capsys)
    assert status == 2 and err.startswith("hokm: error: bad --option 'xxx") and len(err) < 200


def test_jobs_are_not_more_than_work_units(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    pools: list[int] = []

    class FakePool:
        def __init__(self, workers: int, **kwargs: Any) -> None:
            pools.append(workers)

    monkeypatch.setattr(common, "ProcessPoolExecutor", FakePool)  # (start_pool makes the pool)
    assert run(["simulate", "--hands", "100", "--jobs", "8", "--seed", "1"], capsys)[0] == 0
    assert pools == []  # one unit: no pool at all
    monkeypatch.setattr(cli, "simulate", lambda *a, **k: hokm.simulate(hands=10, seed=1))
    monkeypatch.setattr(common, "_stop_pool", lambda executor, abort, records=None: None)
    assert run(["simulate", "--hands", str(3 * CHUNK_HANDS), "--jobs", "8"], capsys)[0] == 0
    assert pools == [3]


# Progress --------------------------------------------------------------------------------------------


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_draws_only_on_a_terminal_unless_asked() -> None:
    assert common._wants_progress(None, FakeTerminal())
    assert not common._wants_progress(None, io.StringIO())
    assert common._wants_progress(True, io.StringIO())
    assert not common._wants_progress(False, FakeTerminal())
    parser = build_parser()
    assert parser.parse_args(["simulate"]).progress is None
    assert parser.parse_args(["simulate", "--progress"]).progress is True
    assert parser.parse_args(["simulate", "--no-progress"]).progress is False
    assert parser.parse_args(["simulate", "--quiet"]).progress is False


def test_progress_bar_waits_half_a_second_then_draws_ten_times_a_second() -> None:
    now = [0.0]
    stream = io.StringIO()
    bar = common._ProgressBar(stream, clock=lambda: now[0])
    for step in range(1, 21):  # 20 units, one every 1/16 s
        now[0] = step / 16
        bar(step * 250, 5000)
    bar.close()
    frames = stream.getvalue().split("\r")[1:]
    assert frames[0] == "[############..................]  40%  2,000/5,000 hands  4,000 hands/s  ETA 1s"
    assert frames[-1] == "[##############################] 100%  5,000/5,000 hands  4,000 hands/s\n"
    assert len(frames) == 7  # at 0.5 s, then every other unit (1/8 s >= 0.1 s)
    quick = io.StringIO()
    fast = common._ProgressBar(quick, clock=lambda: 0.1)
    fast(250, 250)
    fast.close()
    assert quick.getvalue() == ""  # short runs show nothing


def test_a_slow_run_shows_seconds_a_match_and_the_time_left() -> None:
    now = [0.0]
    stream = io.StringIO()
    bar = common._ProgressBar(stream, clock=lambda: now[0], unit="matches")
    now[0] = 90.0
    assert bar.line(now[0]) == ("[..............................]   0%  0/0 matches  1m 30s so far, "
                                "the first results are on their way")
    bar(6, 200)
    assert stream.getvalue() == ("\r[..............................]   3%  6/200 matches  15.0 s/match  "
                                 "ETA 48m 30s")


def test_rates_and_durations_read_at_every_speed() -> None:
    assert common.rate_text(70_240, 2.0, "hands") == "35,120 hands/s"
    assert common.rate_text(5, 2.0, "matches") == "2.5 matches/s"
    assert common.rate_text(1, 240.0, "matches") == "240.0 s/match"
    assert common.rate_text(0, 240.0, "matches") == "- matches/s"  # never "0 matches/s"
    assert [common.duration_text(s) for s in (0.4, 59, 61, 3599, 3601, 86400 * 3, 1e12)] == [
        "0s", "59s", "1m 01s", "59m 59s", "1h 00m", "3d 0h", "31,688 years"]


def test_the_progress_clock_redraws_while_no_unit_finishes() -> None:
    import itertools
    import time

    stream = FakeTerminal()
    bar = common._ProgressBar(stream, clock=itertools.count(0.0, 1.0).__next__, unit="matches")
    bar(0, 10)  # the run has begun: nothing finished yet (a second has passed)
    bar.start(every=0.02)
    time.sleep(0.3)
    bar.close()
    frames = stream.getvalue().split("\r")[1:]
    assert len(frames) >= 3 and "so far, the first results are on their way" in frames[-1]
    assert frames[-1].endswith("\n") and frames[1] != frames[-1]  # the clock moved on
    assert "\033[K" in frames[0]  # on a terminal, the rest of a longer line is cleared


def test_progress_is_not_drawn_when_stderr_is_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["simulate", "--hands", "10", "--seed", "1", "--json"], capsys)
    assert status == 0 and json.loads(out)["hands"] == 10 and err == ""


# Interrupts, in this process -------------------------------------------------------------------------


def test_ctrl_c_exits_130_with_one_line(monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "simulate", interrupted)
    before = signal.getsignal(signal.SIGINT)
    assert run(["simulate", "--hands", "10"], capsys) == (130, "", "hokm: interrupted\n")
    assert signal.getsignal(signal.SIGINT) is before


def test_ctrl_c_prints_the_table_of_the_hands_that_finished(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    finished = hokm.simulate(hands=50, seed=1)

    def interrupted(*args: Any, **kwargs: Any) -> None:
        raise RunInterrupted(finished) from KeyboardInterrupt()

    monkeypatch.setattr(cli, "simulate", interrupted)
    status, out, err = run(["simulate", "--hands", "1000", "--seed", "1"], capsys)
    assert status == 130 and err == "hokm: interrupted\n"
    assert out == ("interrupted: the table covers the 50 of 1,000 hands that finished\n"
                   + finished.table() + "\n")
    status, out, err = run(["simulate", "--hands", "1000", "--json"], capsys)
    assert status == 130 and json.loads(out)["interrupted"] is True and json.loads(out)["hands"] == 50


def test_simulate_and_arena_hand_back_what_finished_when_interrupted() -> None:
    def stop(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(RunInterrupted) as caught:
        hokm.simulate(hands=3 * CHUNK_HANDS, seed=1, progress=stop)
    assert caught.value.partial.hands == CHUNK_HANDS and isinstance(caught.value.__cause__, KeyboardInterrupt)
    with pytest.raises(RunInterrupted) as stopped:
        hokm.arena(["random", "heuristic"], matches=12, progress=stop)
    assert stopped.value.partial.played == 8  # the first work unit: 4 deals, each in both seatings


def test_ctrl_c_in_an_arena_prints_the_tables_of_the_matches_that_finished(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from hokm._arena import run as arena_run

    finished = hokm.arena(["random", "heuristic"], matches=2)

    def interrupted(*args: Any, **kwargs: Any) -> None:
        raise RunInterrupted(finished) from KeyboardInterrupt()

    monkeypatch.setattr(arena_run, "arena", interrupted)
    status, out, err = run(["arena", "--agent", "random", "--agent", "heuristic", "--matches", "50"], capsys)
    assert status == 130 and err == "hokm: interrupted\n"
    assert out == ("interrupted: the tables cover the 4 of 100 matches that finished\n"
                   + finished.table() + "\n")


def test_a_run_of_over_an_hour_is_refused_without_a_terminal() -> None:
    done = subprocess.run([sys.executable, "-m", "hokm", "simulate", "--hands", "1e12"],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("hokm: error: --hands 1,000,000,000,000 would take about ")
    assert "hands/s measured a job, 1 job); ask for less, or add --yes to run it anyway\n" in done.stderr
    done = subprocess.run([sys.executable, "-m", "hokm", "arena", "--agent", "random", "--agent", "heuristic",
                           "--matches", "1e9"], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.returncode == 2
    assert done.stderr.startswith("hokm: error: 2,000,000,000 matches would take about ")


def test_a_long_run_is_confirmed_on_a_terminal_and_yes_skips_the_question(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    class Keys(FakeTerminal):
        def __init__(self, answer: str) -> None:
            super().__init__(answer)

    err = FakeTerminal()
    common.confirm_long_run("--hands 9", 7200.0, "a guess", stdin=Keys("y\n"), stderr=err)
    assert err.getvalue() == "hokm: --hands 9 would take about 2h 00m (a guess). Run it? [y/N] "
    with pytest.raises(hokm.InvalidArgumentError, match=r"^not run: --hands 9 would take about 2h 00m"):
        common.confirm_long_run("--hands 9", 7200.0, "a guess", stdin=Keys("\n"), stderr=FakeTerminal())
    common.confirm_long_run("--hands 9", 60.0, "a guess", stdin=io.StringIO(), stderr=io.StringIO())
    calls: list[int] = []

    def fake(*args: Any, hands: int, **kwargs: Any) -> hokm.SimulationReport:
        calls.append(hands)
        return hokm.simulate(hands=10, seed=1)

    monkeypatch.setattr(cli, "simulate", fake)
    assert run(["simulate", "--hands", "1e11", "--yes", "--seed", "1"], capsys)[0] == 0
    assert calls == [10**11]  # no sample run, no question


def test_sigterm_exits_143_with_one_line(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    def terminated(*args: Any, **kwargs: Any) -> None:
        signal.raise_signal(signal.SIGTERM)
        raise AssertionError("SIGTERM was not turned into an exception")

    monkeypatch.setattr(cli, "simulate", terminated)
    before = signal.getsignal(signal.SIGTERM)
    assert run(["simulate", "--hands", "10"], capsys) == (143, "", "hokm: terminated\n")
    assert signal.getsignal(signal.SIGTERM) is before


def test_workers_leave_ctrl_c_and_sigterm_to_the_parent() -> None:
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(1, initializer=common._worker_init) as pool:
        assert pool.submit(signal.getsignal, signal.SIGINT).result() == signal.SIG_IGN
        assert pool.submit(signal.getsignal, signal.SIGTERM).result() == signal.SIG_DFL


# Broken third-party plugins ------------------------------------------------------------------------------


BROKEN_PLUGINS = '''
from typing import ClassVar

import attrs

import hokm


@attrs.frozen(eq=False)
class BrokenInit:
    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(summary="raises when built", name="broken-init")

    def __attrs_post_init__(self) -> None:
        raise RuntimeError("the house-rule database is unreachable")


@attrs.frozen(eq=False)
class BrokenHook:
    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(summary="raises while scoring", name="broken-hook")

    @hokm.hookimpl
    def hokm_hand_score(self, hand: hokm.HandView) -> None:
        raise ZeroDivisionError("no score for you")


@attrs.frozen(eq=False)
class Dies:
    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(summary="ends its process", name="dies")

    @hokm.hookimpl
    def hokm_hand_score(self, hand: hokm.HandView) -> None:
        import os

        os._exit(3)
'''


@pytest.fixture
def broken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An installed distribution ``hokm-broken 1.2.3`` with four broken variants."""
    info = tmp_path / "hokm_broken-1.2.3.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: hokm-broken\nVersion: 1.2.3\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(textwrap.dedent("""\
        [hokm.variants]
        broken-import = hokm_broken_import:Plugin
        broken-init = hokm_broken_plugins:BrokenInit
        broken-hook = hokm_broken_plugins:BrokenHook
        dies = hokm_broken_plugins:Dies
        """), encoding="utf-8")
    (tmp_path / "hokm_broken_import.py").write_text("import hokm_missing_dependency_xyz\n", encoding="utf-8")
    (tmp_path / "hokm_broken_plugins").mkdir()
    (tmp_path / "hokm_broken_plugins" / "__init__.py").write_text(BROKEN_PLUGINS, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for name in [name for name in sys.modules if name.startswith("hokm_broken")]:
        del sys.modules[name]


def test_a_variant_whose_import_fails(broken: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["simulate", "--hands", "10", "--variant", "broken-import"], capsys)
    assert (status, out) == (2, "")
    assert err == ("hokm: error: variant 'broken-import' (hokm-broken 1.2.3) cannot be loaded: "
                   "ModuleNotFoundError: No module named 'hokm_missing_dependency_xyz' "
                   "(--debug shows the traceback)\n")
    status, _, err = run(["options", "broken-import"], capsys)
    assert status == 2 and err.startswith("hokm: error: variant 'broken-import' (hokm-broken 1.2.3)")


def test_debug_shows_the_traceback(broken: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--debug", "simulate", "--variant", "broken-import"],
                 ["simulate", "--variant", "broken-import", "--debug"]):
        status, _, err = run(argv, capsys)
        assert status == 2
        assert err.startswith("Traceback (most recent call last):")
        assert "hokm_missing_dependency_xyz" in err
        assert err.splitlines()[-1].startswith("hokm: error: variant 'broken-import' (hokm-broken 1.2.3)")


def test_a_variant_that_raises_when_composed(broken: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["simulate", "--hands", "10", "--variant", "satat", "--variant", "broken-init"],
                         capsys)
    assert status == 2
    assert err == ("hokm: error: variant 'broken-init' (hokm-broken 1.2.3) failed: RuntimeError: "
                   "the house-rule database is unreachable (--debug shows the traceback)\n")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_variant_that_raises_while_playing(broken: Path, jobs: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["simulate", "--hands", str(2 * CHUNK_HANDS), "--jobs", jobs, "--variant",
                          "clockwise", "--variant", "broken-hook"], capsys)
    assert status == 2
    assert err == ("hokm: error: variant 'broken-hook' (hokm-broken 1.2.3) failed in hokm_hand_score: "
                   "ZeroDivisionError: no score for you (--debug shows the traceback)\n")


def test_a_worker_that_dies(broken: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["simulate", "--hands", str(4 * CHUNK_HANDS), "--jobs", "2", "--variant", "dies"],
                         capsys)
    assert status == 1
    assert err == "hokm: error: a worker process ended abruptly (killed, or out of memory?)\n"


def test_broken_variants_do_not_hide_the_others(broken: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["variants"], capsys)
    assert status == 0
    line = next(line for line in out.splitlines() if line.startswith("broken-import"))
    assert "hokm-broken 1.2.3" in line
    assert "(cannot be loaded: ModuleNotFoundError: No module named 'hokm_missing_dependency_xyz')" in line
    assert "clockwise" in out
    status, out, _ = run(["--version"], capsys)
    assert "  broken-import     hokm-broken 1.2.3" in out.splitlines()
    status, out, _ = run(["options"], capsys)
    assert status == 0
    assert ("broken-import (hokm-broken 1.2.3)\n  cannot be loaded: ModuleNotFoundError: No module named "
            "'hokm_missing_dependency_xyz'\n") in out
    assert "broken-init (hokm-broken 1.2.3)\n  no options\n" in out
    status, out, _ = run(["options", "--json"], capsys)
    entry = next(entry for entry in json.loads(out) if entry["variant"] == "broken-import")
    assert entry["options"] == [] and "ModuleNotFoundError" in entry["error"]


def test_an_error_of_hokm_itself_keeps_its_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def bug(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("a bug in hokm")

    monkeypatch.setattr(cli, "simulate", bug)
    with pytest.raises(RuntimeError, match="a bug in hokm"):
        main(["simulate", "--hands", "10", "--variant", "clockwise"])


def test_out_of_memory_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    def exhausted(*args: Any, **kwargs: Any) -> None:
        raise MemoryError

    monkeypatch.setattr(cli, "simulate", exhausted)
    assert run(["simulate", "--hands", "10"], capsys) == (1, "", "hokm: error: out of memory\n")
