"""Bundled variants: registered, packaged, typed, and templates a third party could copy."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

import hokm
from hokm.hookspecs import PROJECT

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
ENTRY_POINTS: dict[str, str] = PYPROJECT["project"]["entry-points"]["hokm.variants"]
PLUGIN_DIRS = sorted(p for p in (ROOT / "plugins").iterdir() if (p / "__init__.py").exists())
PUBLIC_MODULES = {"hokm", "hokm.actions", "hokm.cards", "hokm.context", "hokm.errors", "hokm.hookspecs",
                  "hokm.table"}


def test_every_plugin_folder_is_registered_and_packaged() -> None:
    registered = {value.split(":")[0] for value in ENTRY_POINTS.values()}
    assert registered == {p.name for p in PLUGIN_DIRS}
    packaged = set(PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"])
    assert {f"plugins/{p.name}" for p in PLUGIN_DIRS} <= packaged


def test_installed_entry_points_match_pyproject() -> None:
    assert hokm.available_variants() == dict(sorted(ENTRY_POINTS.items()))


@pytest.mark.parametrize("path", PLUGIN_DIRS, ids=lambda p: p.name)
def test_plugins_import_only_public_api_and_ship_py_typed(path: Path) -> None:
    assert (path / "py.typed").exists()
    for source in path.rglob("*.py"):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("hokm"):
                assert node.module in PUBLIC_MODULES, f"{source.name} imports {node.module}"
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("hokm"):
                        assert alias.name in PUBLIC_MODULES, f"{source.name} imports {alias.name}"


@pytest.mark.parametrize("name", sorted(ENTRY_POINTS))
def test_variant_metadata_and_hook_markers(name: str) -> None:
    module_name, _, attr = ENTRY_POINTS[name].partition(":")
    plugin_class = getattr(importlib.import_module(module_name), attr)
    info = plugin_class.info
    assert isinstance(info, hokm.VariantInfo)
    assert info.name == name and info.summary and info.source
    assert plugin_class.__module__ == module_name and (plugin_class.__doc__ or "").strip()
    assert ">>>" in (importlib.import_module(module_name).__doc__ or ""), "module docstring needs a doctest"
    for conflict in info.conflict_names:
        assert conflict in ENTRY_POINTS, f"{name} declares a conflict with unknown {conflict!r}"
    rules = hokm.Ruleset.compose(name)
    plugin = dict(rules.plugins)[name]
    implemented = [attribute for attribute in dir(plugin) if attribute.startswith("hokm_")]
    assert implemented, f"{name} implements no hook"
    for attribute in implemented:
        options = getattr(getattr(plugin, attribute), f"{PROJECT}_impl", None)
        assert options is not None, f"{name}.{attribute} lacks @hookimpl"
        assert not options.get("tryfirst") and not options.get("trylast"), (
            f"{name}.{attribute}: variants never use tryfirst/trylast")
        assert not options.get("wrapper") and not options.get("hookwrapper")


def test_importing_hokm_stays_light() -> None:
    """``import hokm`` must not import Hypothesis or pytest, nor load any variant."""
    code = ("import sys, hokm; hokm.Ruleset.compose(); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'hypothesis', 'pytest', 'hokm_satat', 'hokm_clockwise'}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_hookspec_docstrings_name_the_bundled_implementations() -> None:
    """Each spec's "Implemented by:" lists exactly the bundled variants that implement it."""
    import re

    from hokm import hookspecs

    implemented: dict[str, set[str]] = {}
    for name, value in ENTRY_POINTS.items():
        module_name, _, attr = value.partition(":")
        plugin_class = getattr(importlib.import_module(module_name), attr)
        for hook in dir(plugin_class):
            if hook.startswith("hokm_"):
                implemented.setdefault(hook, set()).add(name)
    for hook in hookspecs.__all__:
        doc = getattr(hookspecs, hook).__doc__ or ""
        section = re.search(r"Implemented by:\s*(.*?)(?:\n\s*\n|\Z)", doc, re.S)
        assert section, f"{hook} lacks an 'Implemented by:' section"
        named = set(re.findall(r"``([a-z]+(?:-[a-z]+)*)``", section.group(1))) & set(ENTRY_POINTS)
        assert named == implemented.get(hook, set()), hook
