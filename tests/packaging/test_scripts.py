"""The test command itself: its checks can fail, it uses every core, and it has a quick tier (#32)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = (ROOT / "scripts" / "test").read_text(encoding="utf-8")


def commands() -> list[str]:
    """The script's commands, continued lines joined (comments left out)."""
    joined = SCRIPT.replace("\\\n", " ")
    return [line.strip() for line in joined.splitlines() if line.strip() and not line.strip().startswith("#")]


def test_the_docs_gate_is_strict_and_shows_its_warnings() -> None:
    """``-q`` hides the warnings ``--strict`` counts: the build must not be quiet."""
    builds = [line for line in commands() if "mkdocs" in line and " build" in line]
    assert builds and all("--strict" in line for line in builds)
    assert not [line for line in builds if re.search(r"\s-q\b|--quiet", line)]


def test_pytest_runs_on_every_core_with_xdist() -> None:
    assert "pytest-xdist" in (ROOT / "requirements" / "dev.txt").read_text(encoding="utf-8")
    runs = [line for line in commands() if "-m pytest" in line]
    # the quick tier; without a C compiler, the sanitizers, the compiled build, HOKM_NATIVE=0, the suite
    assert len(runs) == 6 and all("$(pytest_jobs)" in line for line in runs)
    assert 'JOBS=${HOKM_TEST_JOBS:-auto}' in SCRIPT


def test_there_is_a_quick_tier_without_builds() -> None:
    quick = SCRIPT[SCRIPT.index('if [ "$QUICK" = 1 ]'):SCRIPT.index("exit 0")]
    assert "ruff" in quick and "-m pytest" in quick and "HYPOTHESIS_PROFILE" in quick
    assert "build" not in quick.replace("no builds", "")  # no wheel, no compiled build, no docs site


def test_every_long_step_says_what_it_does() -> None:
    """The compiled build and the wheel run under ``long``, which reports every 30 s."""
    assert re.search(r'long "compiling with mypyc" .*\n.*HOKM_MYPYC=1', SCRIPT)
    assert re.search(r'long "building the wheel"', SCRIPT)
    steps = [line for line in commands() if line.startswith("step ")]
    assert len(steps) >= 8


def test_ci_runs_the_readmes_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "\nbash scripts/test\n" in readme
    assert (ROOT / ".ci" / "run").read_text(encoding="utf-8").rstrip().endswith("exec bash scripts/test")


def test_the_script_is_valid_bash() -> None:
    subprocess.run(["bash", "-n", str(ROOT / "scripts" / "test")], check=True)


def test_the_quick_tier_leaves_out_only_tests_that_exist() -> None:
    """``tests/quick.py`` names real test files (a renamed test only makes the quick tier slower)."""
    from tests.quick import SLOW

    assert 40 <= len(SLOW) <= 150
    for node in SLOW:
        path = node.split("::")[0]
        assert (ROOT / path).exists(), node
