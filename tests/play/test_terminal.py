"""``hokm play`` as a program: in a pseudo-terminal (keys in, screen out), and refusing to start
where it cannot play (no terminal, a bad ``--delay`` or ``--save``) before it writes anything."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import need
from tests.play.support import Terminal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

ROOT = Path(__file__).parents[2]
BOT = ROOT / "examples" / "stdio-bot" / "bot.py"


def hokm_play(*args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``hokm play ARGS`` with no terminal: its input from /dev/null, its output captured."""
    env = {**os.environ, "HOKM_PLAY_DIR": str(tmp_path / "saves")}
    return subprocess.run([sys.executable, "-m", "hokm", "play", *args], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, env=env, check=False, timeout=60)


def seats_that_acted(path: Path) -> set[int]:
    record = json.loads(path.read_text(encoding="utf-8"))
    return {action["seat"] for hand in record["hands"] for action in hand["actions"]}


# 2. Opponents that are programs --------------------------------------------------------------------


def test_cmd_opponents_play_with_the_bundled_example_bot(tmp_path: Path) -> None:
    need("textual")
    save = tmp_path / "match.json"
    spec = "cmd:" + shlex.join([sys.executable, str(BOT)])
    terminal = Terminal("--seed", "4", "--delay", "0", "--save", str(save), "--opponents", spec)
    terminal.wait_for("Your decision")  # seat 0 is the first Hakem: the trump call
    terminal.press("1")
    terminal.wait_for("Enter plays")
    terminal.press("\r", pause=3)  # your card; the three bots (programs) answer
    terminal.press("\x1b")
    terminal.wait_for("Leave the table?")
    terminal.press("y")
    status = terminal.finish()
    assert status == 0, terminal.output[-600:]
    assert b"Traceback" not in terminal.output
    assert b"The match is saved as it stands" in terminal.output
    assert seats_that_acted(save) == {0, 1, 2, 3}
    record = json.loads(save.read_text(encoding="utf-8"))
    assert record["metadata"]["hokm-play"]["opponents"] == spec


# 8. A lost terminal, and no terminal at all -----------------------------------------------------------


def test_sighup_saves_the_hand_in_progress(tmp_path: Path) -> None:
    need("textual")
    save = tmp_path / "match.json"
    terminal = Terminal("--seed", "4", "--delay", "0", "--save", str(save))
    terminal.wait_for("Your decision")
    terminal.press("2")  # trump ♥: the hand is under way
    terminal.wait_for("Enter plays")
    status = terminal.hang_up()
    assert status == 129  # 128 + SIGHUP, after a clean exit (not killed by the signal)
    record = json.loads(save.read_text(encoding="utf-8"))
    assert record["hands"][-1]["actions"] == [{"seat": 0, "act": "call", "suit": "♥"}]


def test_play_refuses_to_start_without_a_terminal(tmp_path: Path) -> None:
    need("textual")
    done = hokm_play("--seed", "1", tmp_path=tmp_path)
    assert done.returncode == 2
    assert done.stderr == ("hokm: error: hokm play needs a terminal: its input and its screen (standard "
                           "input and standard error) must not be redirected\n")
    assert done.stdout == ""
    saves = tmp_path / "saves"
    assert not saves.exists() or not any(saves.iterdir())  # nothing written


@pytest.mark.parametrize("delay", ["-1", "nan", "inf", "11", "soon"])
def test_a_bad_delay_is_a_usage_error(tmp_path: Path, delay: str) -> None:
    done = hokm_play("--delay", delay, tmp_path=tmp_path)
    assert done.returncode == 2
    assert f"argument --delay: expected seconds from 0 to 10 such as 0.4, got '{delay}'" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_bad_save_file_is_refused_before_play(tmp_path: Path) -> None:
    taken = tmp_path / "taken.json"
    taken.write_text("{}", encoding="utf-8")
    done = hokm_play("--save", str(taken), tmp_path=tmp_path)
    assert done.returncode == 2
    assert done.stderr == (f"hokm: error: cannot save to {taken}: the file exists; play on with hokm play "
                           f"--resume {taken}, or give another file\n")
    assert taken.read_text(encoding="utf-8") == "{}"
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    done = hokm_play("--save", str(blocked / "match.json"), tmp_path=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith(f"hokm: error: cannot save to {blocked}/match.json: ")
    done = hokm_play("--save", str(tmp_path), tmp_path=tmp_path)
    assert done.returncode == 2 and "it is a folder" in done.stderr
    done = hokm_play("--save", str(tmp_path / "x.json"), "--no-save", tmp_path=tmp_path)
    assert done.returncode == 2 and "--save and --no-save contradict each other" in done.stderr


# 6. Suits as letters where the terminal's encoding cannot take them --------------------------------------


def test_play_writes_suits_as_letters_by_itself_where_the_encoding_cannot_take_them() -> None:
    need("textual")
    terminal = Terminal("--seed", "4", "--delay", "0", "--no-save", env={"PYTHONIOENCODING": "ascii"})
    terminal.wait_for("Your decision")
    terminal.press("1")
    terminal.wait_for("Enter plays")
    screen = re.sub(rb"\x1b\[[0-9;?<>]*[a-zA-Z]", b"", terminal.output)
    assert b"call trump S (spades)" in screen and b"Trump S" in screen
    assert not re.search(rb"\\(x[0-9a-f]{2}|u[0-9a-f]{4})", screen)  # nothing the encoding mangled
    assert screen.isascii()
    terminal.press("\x1b")
    terminal.press("y")
    assert terminal.finish() == 0
