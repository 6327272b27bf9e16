"""Write the example game records the docs use into examples/records/.

The records are computed, not typed: a seeded match to 3 played with seeded random legal
actions, and a copy with one card changed so that it does not replay. Their ruleset specs
leave out the distribution versions (a spec may), so a new hokm version reads them without a
``SpecVersionWarning``. The docs test (tests/docs/test_example_records.py) fails when a file
is out of date.

    python scripts/example_records.py          # rewrite the files
    python scripts/example_records.py --check  # exit 1 if a file is stale
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import hokm

FOLDER = Path(__file__).resolve().parents[1] / "examples" / "records"
METADATA = {"players": ["Ana", "Bijan", "Cyrus", "Dara"], "event": "club night", "date": "2026-03-01"}


def match_record() -> dict[str, Any]:
    """A whole match to 3 points, with the players' names."""
    rules = hokm.Ruleset.compose(options={"standard": {"target": 3}})
    match = rules.new_match(seed=2026)
    rng = random.Random(2026)
    while not match.is_over:
        match = match.apply(rng.choice(match.legal_actions()))
    record = match.to_record(METADATA)
    for variant in record["ruleset"]["variants"]:
        del variant["distribution"], variant["version"]
    return record


def corrupt_record(record: dict[str, Any]) -> dict[str, Any]:
    """The same match with the fourth card of hand 2 replaced by a card its seat does not hold."""
    broken: dict[str, Any] = json.loads(json.dumps(record))
    broken["hands"][1]["actions"][4]["card"] = broken["hands"][1]["actions"][2]["card"]
    return broken


def files() -> dict[Path, str]:
    record = match_record()
    return {FOLDER / "match.json": json.dumps(record, ensure_ascii=False, indent=1) + "\n",
            FOLDER / "corrupt-match.json": json.dumps(corrupt_record(record), ensure_ascii=False,
                                                      indent=1) + "\n"}


def main(argv: list[str]) -> int:
    stale = [path for path, text in files().items()
             if not path.exists() or path.read_text(encoding="utf-8") != text]
    if "--check" in argv:
        for path in stale:
            print(f"{path} is out of date: run python scripts/example_records.py", file=sys.stderr)
        return 1 if stale else 0
    FOLDER.mkdir(parents=True, exist_ok=True)
    for path, text in files().items():
        path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
