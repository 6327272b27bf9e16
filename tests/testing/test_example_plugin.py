"""The example third-party distribution ``examples/hokm-house-rule``: well formed, correct, conformant.

CI also installs it into a clean environment and runs its ``check.py`` (by name,
through its entry point); here it is loaded from its source folder.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

import hokm
from hokm import Card, Suit
from hokm.testing import check_variant

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "hokm-house-rule"
PACKAGE = EXAMPLE / "src" / "hokm_house_rule"
PUBLIC = {"hokm", "hokm.actions", "hokm.cards", "hokm.context", "hokm.errors", "hokm.hookspecs", "hokm.table"}


@pytest.fixture(scope="module")
def house_rule() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hokm_house_rule_example", PACKAGE / "__init__.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_distribution_is_well_formed() -> None:
    project = tomllib.loads((EXAMPLE / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["build-system"]["build-backend"] == "hatchling.build"
    assert project["project"]["name"] == "hokm-house-rule"
    assert "hokm-variant" in project["project"]["keywords"]
    assert project["project"]["entry-points"]["hokm.variants"] == {
        "seven-of-diamonds": "hokm_house_rule:SevenOfDiamonds"}
    assert project["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"] == ["src/hokm_house_rule"]
    assert (PACKAGE / "py.typed").exists()
    assert (EXAMPLE / "check.py").exists() and (EXAMPLE / "tests" / "test_house_rule.py").exists()


def test_it_imports_only_public_api_and_stays_short() -> None:
    source = (PACKAGE / "__init__.py").read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("hokm"):
            assert node.module in PUBLIC
    code = [line for line in source.split('"""', 2)[2].splitlines()
            if line.strip() and not line.strip().startswith("#")]
    assert len(code) <= 25


def test_the_rule(house_rule: ModuleType) -> None:
    plugin = house_rule.SevenOfDiamonds()
    assert plugin.info.name == "seven-of-diamonds"
    rules = hokm.Ruleset.compose(plugin)
    plays = [(0, Card.parse("A♠")), (1, Card.parse("7♦")), (2, Card.parse("2♠")), (3, Card.parse("K♠"))]
    assert rules.trick_winner(plays, trump=Suit.SPADES) == 1
    assert hokm.Ruleset.compose().trick_winner(plays, trump=Suit.SPADES) == 0


def test_it_conforms(house_rule: ModuleType) -> None:
    report = check_variant(house_rule.SevenOfDiamonds(), matches=1, partners=["satat", "two-player"])
    assert report.variant == "seven-of-diamonds"
    assert len(report.rulesets) == 3


def test_installed_it_composes_by_name(tmp_path: Path) -> None:
    # What pip install writes, reduced to what entry-point discovery reads: a dist-info folder.
    info = tmp_path / "hokm_house_rule-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: hokm-house-rule\nVersion: 0.1.0\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(
        "[hokm.variants]\nseven-of-diamonds = hokm_house_rule:SevenOfDiamonds\n", encoding="utf-8")
    code = ("import hokm\nfrom hokm.testing import check_variant\n"
            "assert hokm.Ruleset.compose('seven-of-diamonds').variants == ('seven-of-diamonds',)\n"
            "print(check_variant('seven-of-diamonds', matches=1, partners=False).summary())\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(PACKAGE.parent)])}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("seven-of-diamonds: 1 matches")
