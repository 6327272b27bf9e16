"""The ``hokm`` command lines shown in the docs print what the pages say they print.

Every ```` ```console ```` block of the docs and the README is read as a session: a line starting
with ``$ `` is a command, and the lines up to the next command are its output. Each ``hokm``
command that is shown with output is run for real (``python -m hokm ...``, in a subprocess) and
its output is compared with the page. The page is the expected text; the test holds no figures
of its own, so when the code changes what it prints, the page has to change with it.

- Timings are the only figures not compared: the ``hands/s`` row of the table and the
  ``"seconds"`` / ``"hands_per_second"`` values of ``--json`` depend on the machine.
- A line ``...`` on the page stands for any number of lines, and ``...`` inside a line for any
  text (doctest's ``ELLIPSIS``), for output the page abridges.
- A block that runs anything other than ``hokm`` (``pip install`` of a package of your own, say)
  shows output that depends on that step, so its commands are not run.
- The exit status must be 2 when the output is a ``hokm: error:`` message, 1 when it is a
  ``hokm: invalid record:`` message, and 0 otherwise.
"""

from __future__ import annotations

import difflib
import doctest
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted([*(ROOT / "docs").rglob("*.md"), ROOT / "README.md"])
FENCE = re.compile(r"^```(\S*)\s*$")

# Machine-dependent figures, masked the same way in the page and in the live output.
TIMINGS = (
    re.compile(r"^(hands/s +)\S+$", re.MULTILINE),
    re.compile(r'^( *"(?:seconds|hands_per_second)": )[^,\n]+', re.MULTILINE),
)


class Example(NamedTuple):
    page: str
    line: int
    command: str
    output: str

    def __str__(self) -> str:
        return f"{self.page}:{self.line}: $ {self.command}"


def console_blocks(text: str) -> list[list[tuple[int, str]]]:
    """The lines (with 1-based line numbers) of every ```console block of a Markdown text."""
    blocks: list[list[tuple[int, str]]] = []
    lang: str | None = None
    lines: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if lang is None:
            match = FENCE.match(line)
            if match:
                lang, lines = match.group(1), []
        elif line.strip() == "```":
            if lang == "console":
                blocks.append(lines)
            lang = None
        else:
            lines.append((number, line))
    return blocks


def examples() -> list[Example]:
    """Every ``hokm`` command the docs show together with its output."""
    found = []
    for page in PAGES:
        name = page.relative_to(ROOT).as_posix()
        for block in console_blocks(page.read_text(encoding="utf-8")):
            commands = [(n, line[2:]) for n, line in block if line.startswith("$ ")]
            if not commands or any(not command.startswith("hokm ") for _, command in commands):
                continue
            starts = [i for i, (_, line) in enumerate(block) if line.startswith("$ ")]
            for index, start in enumerate(starts):
                end = starts[index + 1] if index + 1 < len(starts) else len(block)
                output = "\n".join(line for _, line in block[start + 1:end])
                if output.strip():
                    found.append(Example(name, block[start][0], block[start][1][2:], output))
    return found


def normalise(text: str) -> str:
    text = "\n".join(line.rstrip() for line in text.strip("\n").splitlines())
    text = text.replace("\noptional arguments:\n", "\noptions:\n")  # argparse before 3.10's rename
    for pattern in TIMINGS:
        text = pattern.sub(r"\g<1><timing>", text)
    return text + "\n"


def run(command: str) -> tuple[int, str]:
    """Run a documented ``hokm ...`` command line; its exit status and stdout + stderr."""
    argv = shlex.split(command)
    assert argv[0] == "hokm"
    env = {**os.environ, "COLUMNS": "100", "PYTHONIOENCODING": "utf-8", "PYTHON_COLORS": "0",
           "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-m", "hokm", *argv[1:]], capture_output=True,
                          text=True, encoding="utf-8", env=env, cwd=ROOT, timeout=300, check=False)
    return done.returncode, done.stdout + done.stderr


EXAMPLES = examples()


def test_the_docs_show_command_output() -> None:
    pages = {example.page for example in EXAMPLES}
    assert {"docs/reference/cli.md", "docs/how-to/simulate.md"} <= pages


@pytest.mark.parametrize("example", EXAMPLES, ids=str)
def test_command_prints_what_the_page_shows(example: Example) -> None:
    status, got = run(example.command)
    want = normalise(example.output)
    if not doctest.OutputChecker().check_output(want, normalise(got), doctest.ELLIPSIS):
        diff = difflib.unified_diff(want.splitlines(), normalise(got).splitlines(), "the page",
                                    "the command", lineterm="")
        pytest.fail(f"{example} prints something else than the page shows (timings excepted):\n"
                    + "\n".join(diff) + f"\n\nThe command printed:\n{got}")
    shown = example.output.lstrip()
    expected_status = (2 if shown.startswith("hokm: error:")
                       else 1 if shown.startswith("hokm: invalid record:") else 0)
    assert status == expected_status, f"{example} exited with {status}, expected {expected_status}"
