"""Files whole or absent: ``hokm._io.files`` and the record files ``simulate`` writes (#32)."""

from __future__ import annotations

import gzip
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import hokm
from hokm._io.files import PARTIAL, atomic_file, atomic_write, discard_partials, partial_name
from hokm.simulate import _write_records


def test_atomic_write_replaces_a_file_whole(tmp_path: Path) -> None:
    target = tmp_path / "record.json"
    atomic_write(target, "first\n")
    atomic_write(target, b"second\n")
    assert target.read_bytes() == b"second\n"
    assert os.listdir(tmp_path) == ["record.json"]


@pytest.mark.parametrize("interrupt", [KeyboardInterrupt, SystemExit, OSError, ValueError])
def test_an_interrupted_write_leaves_nothing_new(tmp_path: Path, interrupt: type[BaseException]) -> None:
    target, existing = tmp_path / "new.jsonl.gz", tmp_path / "old.json"
    existing.write_text("old\n", encoding="utf-8")
    for path in (target, existing):
        with pytest.raises(interrupt), atomic_file(path) as file:
            file.write(b"half a record")
            raise interrupt()
    assert not target.exists() and existing.read_text(encoding="utf-8") == "old\n"
    assert os.listdir(tmp_path) == ["old.json"]  # no temporary file either


def test_atomic_file_refuses_other_modes(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="mode 'w' or 'wb'"), atomic_file(tmp_path / "x", "ab"):
        pass  # pragma: no cover


def test_discard_partials_removes_only_the_named_processes_files(tmp_path: Path) -> None:
    mine = Path(partial_name(tmp_path / "records-000001.jsonl.gz"))
    mine.write_bytes(b"")
    other = tmp_path / f".records-000002.jsonl.gz.{os.getpid() + 1}-0123abcd{PARTIAL}"
    other.write_bytes(b"")
    kept = [tmp_path / "records-000003.jsonl.gz", tmp_path / f".notes.{os.getpid()}{PARTIAL}"]
    for path in kept:
        path.write_bytes(b"x")
    assert discard_partials(tmp_path, [os.getpid()]) == [mine.name]
    assert sorted(os.listdir(tmp_path)) == sorted([other.name, *(path.name for path in kept)])
    assert discard_partials(tmp_path / "missing", [1]) == []


WRITER = """
import sys, time
from hokm._io.files import atomic_file
with atomic_file(sys.argv[1]) as file:
    file.write(b"x" * 1000)
    file.flush()
    print("writing", flush=True)
    time.sleep(60)
"""


def test_a_writer_killed_mid_write_leaves_only_a_temporary_file_to_discard(tmp_path: Path) -> None:
    target = tmp_path / "records-000000.jsonl.gz"
    process = subprocess.Popen([sys.executable, "-c", WRITER, str(target)], stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None and process.stdout.readline() == "writing\n"
        process.send_signal(signal.SIGKILL)
        process.wait(10)
    finally:
        if process.poll() is None:  # pragma: no cover - only when the test fails
            process.kill()
    left = os.listdir(tmp_path)
    assert not target.exists() and len(left) == 1 and left[0].endswith(PARTIAL)
    assert discard_partials(tmp_path, [process.pid]) == left
    assert os.listdir(tmp_path) == []


def test_records_interrupted_while_written_leave_no_file(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    match = hokm.Ruleset.compose(options={"standard": {"target": 1}}).new_match(seed=1)
    while not match.is_over:
        match = match.apply(match.legal_actions()[0])

    def interrupted(self: object, data: bytes) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(gzip.GzipFile, "write", interrupted)
    with pytest.raises(KeyboardInterrupt):
        _write_records(str(tmp_path), 3, [match], single=False)
    monkeypatch.undo()
    monkeypatch.setattr(os, "replace", lambda *args: (_ for _ in ()).throw(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        _write_records(str(tmp_path), 0, [match, match], single=True)
    assert os.listdir(tmp_path) == []


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="needs process groups")
def test_ctrl_c_during_simulate_records_leaves_only_whole_files(tmp_path: Path) -> None:
    records = tmp_path / "records"
    command = [sys.executable, "-m", "hokm", "simulate", "--hands", "100000000", "--jobs", "2", "--seed", "1",
               "--records", str(records), "--quiet", "--yes"]
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                   start_new_session=True)
    finally:
        signal.signal(signal.SIGINT, previous)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and process.poll() is None and (
                not records.exists() or len([n for n in os.listdir(records) if n.endswith(".gz")]) < 3):
            time.sleep(0.02)
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:  # pragma: no cover - only when the test fails
            process.kill()
            process.communicate()
    assert process.returncode == 130, err
    names = os.listdir(records)
    assert len(names) >= 3 and not [name for name in names if not name.endswith(".jsonl.gz")]
    for name in names:  # every file is whole: it decompresses, and every line is a record
        lines = gzip.decompress((records / name).read_bytes()).decode("utf-8").splitlines()
        assert lines and all(line.startswith('{"format": "hokm-record/1"') for line in lines)
        assert isinstance(hokm.load_record(lines[-1]), hokm.HandState)
