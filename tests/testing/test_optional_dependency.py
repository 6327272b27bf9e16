"""Hypothesis stays optional: only ``hokm.testing``'s Hypothesis modules import it, and lazily."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "hokm"
NEEDS_HYPOTHESIS = {"strategies.py", "machine.py"}


def test_no_module_outside_the_kit_imports_hypothesis() -> None:
    """Not even ``hokm._hypothesis``, which takes it by name once it is imported (mypyc must not follow)."""
    for source in SRC.rglob("*.py"):
        if source.parent.name == "testing" and source.name in NEEDS_HYPOTHESIS:
            continue
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(name.split(".")[0] == "hypothesis" for name in names), source


def test_importing_hokm_and_the_kit_does_not_import_hypothesis() -> None:
    code = ("import sys, hokm, hokm.testing, hokm.testing.pytest_plugin\n"
            "from hokm.testing import check_variant\n"
            "assert 'hypothesis' not in sys.modules, 'hypothesis was imported'\n"
            "from hokm.testing import RulesetMachine\n"
            "assert 'hypothesis' in sys.modules\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_importing_hypothesis_does_not_import_hokm() -> None:
    """Every project that merely has hokm installed imports Hypothesis at no cost of hokm's (#32)."""
    code = ("import sys, hypothesis, hypothesis.strategies\n"
            "assert not [m for m in sys.modules if m.split('.')[0] == 'hokm'], 'hokm was imported'\n"
            "import hokm\n"
            "assert 'hokm.testing.strategies' not in sys.modules, 'the strategies were imported'\n"
            "assert hypothesis.strategies.from_type(hokm.Card).example() in hokm.full_deck()\n"
            "assert 'hokm.testing.strategies' in sys.modules\n")
    subprocess.run([sys.executable, "-W", "ignore", "-c", code], check=True)


def test_the_entry_point_loads_when_hypothesis_is_imported_first_or_second() -> None:
    for code in ("import hypothesis.strategies as st, hokm\nassert st.from_type(hokm.Card).example()",
                 "import hokm.testing.strategies, hokm\nfrom hypothesis import strategies as st\n"
                 "assert st.from_type(hokm.Card).example()"):
        subprocess.run([sys.executable, "-W", "ignore", "-c", code], check=True)
