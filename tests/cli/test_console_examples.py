"""The ``$ hokm ...`` examples of the command-line pages print what the docs say they print.

Every ``console`` block of these pages is split into commands (``$ hokm ...`` and
``$ python -m hokm ...``) and the lines after each; a command shown with output is run in this
process and its standard output and error, together, must match, with ``...`` standing for
anything (timings, the Python version). Commands shown without output are only checked to be
valid (tests/docs).
"""

from __future__ import annotations

import contextlib
import doctest
import shlex
from pathlib import Path

import pytest

from hokm.cli import main

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = [DOCS / "reference" / "cli.md", DOCS / "how-to" / "simulate.md",
         DOCS / "how-to" / "parallel-simulations.md"]


COMMANDS = ("hokm ", "python -m hokm ")


def examples() -> list[tuple[str, str, str]]:
    """(page, command, expected output) of every console example with output."""
    found = []
    for page in PAGES:
        block: list[str] | None = None
        for line in page.read_text(encoding="utf-8").splitlines():
            if block is None:
                if line.strip() == "```console":
                    block = []
            elif line.strip() == "```":
                command: str | None = None
                output: list[str] = []
                for entry in [*block, "$ end"]:
                    if entry.startswith("$ "):
                        if command is not None and command.startswith(COMMANDS) and output:
                            found.append((page.name, command, "\n".join(output) + "\n"))
                        command, output = entry[2:], []
                    else:
                        output.append(entry)
                block = None
            else:
                block.append(line)
    return found


EXAMPLES = examples()


def test_there_are_examples_to_check() -> None:
    assert len(EXAMPLES) >= 8


@pytest.mark.parametrize(("page", "command", "expected"), EXAMPLES,
                         ids=[f"{page}: {command}" for page, command, _ in EXAMPLES])
def test_console_example(page: str, command: str, expected: str, monkeypatch: pytest.MonkeyPatch,
                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", "100")  # argparse wraps help and usage to the terminal width
    with contextlib.suppress(SystemExit):  # --help, --version and usage errors exit
        main(shlex.split(command.removeprefix("python -m "))[1:])
    out, err = capsys.readouterr()
    checker = doctest.OutputChecker()
    assert checker.check_output(expected, out + err, doctest.ELLIPSIS), (
        f"{page}: `{command}` prints\n{out + err}\nnot\n{expected}")
