"""The arena with external bots over the stdio protocol: real subprocesses, end to end."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import hokm

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(ROOT / 'examples' / 'stdio-bot' / 'bot.py'))}"


def test_the_example_bot_plays_whole_matches_in_the_arena_with_events_forwarded() -> None:
    result = hokm.arena({"example": EXAMPLE, "random": "random"}, matches=1, seed=2)
    assert result.played == 2 and not result.failures
    example, rival = result.stats["example"], result.stats["random"]
    assert example.wins + rival.wins == 2 and example.matches == rival.matches == 2


def test_a_bot_that_answers_garbage_forfeits_and_the_arena_goes_on(tmp_path: Path) -> None:
    bot = tmp_path / "garbage.py"
    bot.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    message = json.loads(line)\n"
        "    if message['type'] == 'hello':\n"
        "        print(json.dumps({'type': 'hello', 'name': 'garbage', 'protocol': message['protocol'],"
        " 'variants': ['*']}), flush=True)\n"
        "    elif message['type'] == 'act':\n"
        "        print('this is not JSON', flush=True)\n",
        encoding="utf-8")
    spec = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(bot))}"
    result = hokm.arena({"garbage": spec, "heuristic": "heuristic"}, matches=2, seed=4)
    assert result.played == 4
    assert result.stats["garbage"].forfeits == 4 and result.stats["heuristic"].wins == 4
    assert {failure.reason for failure in result.failures} == {"malformed"}
    assert all("this is not JSON" in failure.message for failure in result.failures)
