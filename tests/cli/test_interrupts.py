"""Ctrl-C and SIGTERM stop a real ``hokm simulate --jobs 2`` at once, with no workers left behind.

Each test starts the command in a session of its own, waits until its two worker processes are
up and the progress bar has drawn (so hands are being played), then signals it: SIGINT to the
whole process group, as a terminal does on Ctrl-C, or SIGTERM to the main process only, as
``kill`` does. Worker processes are found through ``/proc`` (children are the processes whose
parent is the command).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")


def _stat(pid: int) -> tuple[str, int, int] | None:
    """(state, parent pid, start time) of a process, or None if it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    fields = text.rpartition(")")[2].split()
    return fields[0], int(fields[1]), int(fields[19])


def _children(pid: int) -> dict[int, int]:
    """Child pid -> its start time (which tells a reused pid apart)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat is not None and stat[1] == pid:
                found[int(entry.name)] = stat[2]
    return found


def _alive(pid: int, started: int) -> bool:
    stat = _stat(pid)
    return stat is not None and stat[2] == started and stat[0] not in ("Z", "X")


def _interrupt(signum: int, *, group: bool) -> tuple[int, str, str, float, dict[int, int]]:
    command = [sys.executable, "-m", "hokm", "simulate", "--hands", "10000000", "--jobs", "2",
               "--seed", "1", "--progress", "--yes"]
    # A child inherits an ignored SIGINT (a test run started in the background ignores it): make
    # sure it is not ignored here while the command starts, so the child gets Python's handler.
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
            pytest.fail(f"hokm simulate ended ({process.returncode}) before its workers started: "
                        f"{process.communicate()[1]!r}")
        assert len(workers) == 2, f"the workers did not start: {workers}"
        time.sleep(1.0)  # past the progress bar's first half second: hands are being played
        assert process.poll() is None
        sent = time.monotonic()
        if group:
            os.killpg(process.pid, signum)  # the session we started: the command and its workers
        else:
            os.kill(process.pid, signum)
        out, err = process.communicate(timeout=15)
        elapsed = time.monotonic() - sent
    finally:
        if process.poll() is None:  # pragma: no cover - only when the test fails
            process.kill()
            process.communicate()
    return process.returncode, out, err, elapsed, workers


def _assert_workers_gone(workers: dict[int, int]) -> None:
    deadline = time.monotonic() + 3
    while any(_alive(pid, started) for pid, started in workers.items()) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [pid for pid, started in workers.items() if _alive(pid, started)]
    assert not left, f"worker processes left running: {left}"


def test_ctrl_c_stops_promptly_prints_what_finished_and_leaves_no_workers() -> None:
    status, out, err, elapsed, workers = _interrupt(signal.SIGINT, group=True)
    assert status == 130
    assert elapsed < 8  # "promptly": a hung command would run on for minutes
    first, _, table = out.partition("\n")
    assert first.startswith("interrupted: the table covers the ") and first.endswith(
        " of 10,000,000 hands that finished")
    done = int(first.split()[5].replace(",", ""))
    assert 0 < done < 10_000_000 and f"hands                 {done:,}" in table
    assert "hands/s" in err and "%" in err and "ETA" in err  # the progress bar was drawn: under way
    assert err.endswith("\nhokm: interrupted\n")  # on a line of its own, after the bar
    assert "Traceback" not in err and err.count("hokm:") == 1
    _assert_workers_gone(workers)


def test_sigterm_stops_promptly_with_one_line_and_no_workers_left() -> None:
    status, out, err, elapsed, workers = _interrupt(signal.SIGTERM, group=False)
    assert status == 143
    assert elapsed < 8  # "promptly": a hung command would run on for minutes
    assert out == ""
    assert err.endswith("\nhokm: terminated\n")
    assert "Traceback" not in err and err.count("hokm:") == 1
    _assert_workers_gone(workers)
