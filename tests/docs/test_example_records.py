"""The example records the docs replay are what scripts/example_records.py computes, and valid."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema  # type: ignore[import-untyped]
import pytest

import hokm
from hokm.records import schema

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "examples" / "records"


def test_the_example_records_are_up_to_date() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "example_records.py"), "--check"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("name", ["match.json", "corrupt-match.json"])
def test_the_example_records_fit_the_schema(name: str) -> None:
    jsonschema.validate(json.loads((FOLDER / name).read_text(encoding="utf-8")), schema())


def test_the_good_example_replays_and_the_corrupt_one_does_not() -> None:
    match = hokm.load_record(FOLDER / "match.json")
    assert isinstance(match, hokm.MatchState) and match.winner == 0
    with pytest.raises(hokm.RecordError, match=r"^hand 2, action 4 \(\$\.hands\[1\]\.actions\[4\]\)"):
        hokm.load_record(FOLDER / "corrupt-match.json")
