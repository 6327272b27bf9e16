"""``hokm arena``: JSON and tables, one-line errors, --jobs, and Ctrl-C with worker processes."""

from __future__ import annotations

import gzip
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from hokm.cli import main


def read_records(directory: Path) -> list[dict[str, Any]]:
    records = []
    for path in sorted(directory.glob("arena-*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as file:
            records += [json.loads(line) for line in file]
    return records


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        status = main(argv)
    except SystemExit as done:
        status = int(done.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_arena_prints_json_and_a_table(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(["arena", "--agent", "heuristic", "--agent", "random", "--matches", "2",
                            "--json", "--records", str(tmp_path)], capsys)
    assert status == 0 and err == ""
    data = json.loads(out)
    assert data["played"] == 4 and data["seed"] == 0 and data["duplicate"] is True
    assert len(read_records(tmp_path)) == 4
    status, out, _ = run(["arena", "--agent", "heuristic", "--agent", "random", "--matches", "2",
                          "--no-duplicate", "--on-failure", "random", "--seed", "x"], capsys)
    assert status == 0
    assert out.startswith("standard, seed x: 2 matches, 2 deals per pairing, each played once")


@pytest.mark.parametrize(("argv", "message"), [
    (["--agent", "heuristic", "--agent", "nobody"], "hokm: error: no agent named 'nobody' is installed"),
    (["--agent", "heuristic"], "hokm: error: an arena needs at least 2 agents, got 1"),
    (["--agent", "heuristic", "--agent", "random", "--variant", "three-player"], "3 teams"),
    (["--agent", "heuristic", "--agent", "cmd:"], "names no command"),
    # A program that cannot start: refused before any match (the message is the stdio agent's).
    (["--agent", "heuristic", "--agent", "cmd:/nonexistent/bot --fast"],
     "hokm: error: agent 'cmd:/nonexistent/bot --fast': the program '/nonexistent/bot' is not found"),
])
def test_cli_arena_errors_are_one_line_with_status_2(argv: list[str], message: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["arena", *argv], capsys)
    assert status == 2 and out == ""
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_cli_arena_with_jobs_gives_the_serial_result(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["arena", "--agent", "heuristic", "--agent", "random", "--matches", "8", "--json"]
    _, serial, _ = run(base, capsys)
    status, parallel, _ = run([*base, "--jobs", "2"], capsys)
    assert status == 0
    assert json.loads(serial) | {"seconds": 0} == json.loads(parallel) | {"seconds": 0}


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs Linux's /proc")
def test_cli_arena_ctrl_c_stops_prints_what_finished_and_leaves_no_worker() -> None:
    from tests.cli.test_interrupts import _alive, _children

    command = [sys.executable, "-m", "hokm", "arena", "--agent", "heuristic", "--agent", "random",
               "--matches", "100000", "--jobs", "2", "--progress",
               "--yes"]  # a busy machine's estimate may pass the hour that asks for confirmation
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                   start_new_session=True)
    finally:
        signal.signal(signal.SIGINT, previous)
    try:
        deadline = time.monotonic() + 30  # a loaded machine starts processes slowly
        workers: dict[int, int] = {}
        while len(workers) < 2 and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.05)
            workers = _children(process.pid)
        if len(workers) < 2 and process.poll() is not None:
            pytest.fail(f"hokm arena ended ({process.returncode}) before its workers started: "
                        f"{process.communicate()[1]!r}")
        assert len(workers) == 2, f"the workers did not start: {workers}"
        time.sleep(1.5)  # the workers are playing matches
        assert process.poll() is None
        os.killpg(process.pid, signal.SIGINT)  # Ctrl-C: the whole group
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:  # pragma: no cover - only when the test fails
            process.kill()
            process.communicate()
    assert process.returncode == 130
    # The tables of the matches that finished (none, if Ctrl-C came before the first work unit).
    assert out == "" or (out.startswith("interrupted: the tables cover the ") and
                         out.splitlines()[0].endswith(" of 200,000 matches that finished"))
    # The progress bar (if a work unit had finished yet) ends its line before the message.
    assert err == "hokm: interrupted\n" or ("matches" in err and err.endswith("\nhokm: interrupted\n"))
    deadline = time.monotonic() + 10
    while any(_alive(pid, started) for pid, started in workers.items()) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [pid for pid, started in workers.items() if _alive(pid, started)]
