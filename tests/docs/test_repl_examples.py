"""Every ``>>>`` session in the docs can be typed, line by line, at the Python 3.10-3.12 prompt.

Doctest runs each example as one block of source, so it accepts things the interactive
interpreter does not: above all a blank ``...`` line inside a class or function body. At the
prompt a blank line ends the compound statement, and the indented line after it is an
``IndentationError``. These tests replay each example through ``code.InteractiveConsole``
(compiling only, never running) and check that the prompt would ask for more input exactly
where the page shows ``...``.
"""

from __future__ import annotations

import code
import doctest
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted([*(ROOT / "docs").rglob("*.md"), ROOT / "README.md"])


class _CompileOnly(code.InteractiveConsole):
    """An interactive console that compiles what it is fed and runs nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.error: BaseException | None = None

    def runcode(self, code: object) -> None:
        pass

    def showsyntaxerror(self, filename: str | None = None, **kwargs: object) -> None:
        self.error = sys.exc_info()[1]


def prompt_problems(text: str, name: str) -> list[str]:
    """Where typing the ``>>>`` examples of ``text`` at the prompt would go wrong.

    >>> prompt_problems('>>> class A:\\n...     x = 1\\n...\\n...     y = 2\\n', 'page')
    ["page, line 3: the prompt ends the statement here, so '    y = 2' is a new one"]
    >>> docstring = '>>> class A:\\n...     \"\"\"Doc.\\n...\\n...     More.\"\"\"\\n...     y = 2\\n'
    >>> prompt_problems(docstring, 'page')  # a blank line inside a string is fine
    []
    """
    problems = []
    for example in doctest.DocTestParser().get_examples(text, name):
        console = _CompileOnly()
        lines = example.source.rstrip("\n").split("\n")
        more = False
        for offset, line in enumerate(lines):
            where = f"{name}, line {example.lineno + offset + 1}"
            more = console.push(line)
            if console.error is not None:
                problems.append(f"{where}: {console.error}")
                break
            if not more and offset < len(lines) - 1:
                problems.append(f"{where}: the prompt ends the statement here, "
                                f"so {lines[offset + 1]!r} is a new one")
                break
        else:
            # The reader presses Enter on an empty line to end a block; that must complete it.
            if more and (console.push("") or console.error is not None):
                problems.append(f"{name}, line {example.lineno + 1}: the example never completes")
    return problems


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_sessions_can_be_typed_at_the_prompt(page: Path) -> None:
    problems = prompt_problems(page.read_text(encoding="utf-8"), page.relative_to(ROOT).as_posix())
    assert not problems, (
        "these '>>>' examples do not paste into the Python prompt (drop blank '...' lines "
        "inside class and function bodies):\n" + "\n".join(problems))
