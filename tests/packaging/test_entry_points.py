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
PACKAGE = "hokm_variants"
"""The one top-level import name the bundled variants live under, a module each."""
PACKAGE_DIR = ROOT / "plugins" / PACKAGE
VARIANT_MODULES = sorted(p for p in PACKAGE_DIR.glob("*.py") if p.name != "__init__.py")
PUBLIC_MODULES = {"hokm", "hokm.actions", "hokm.cards", "hokm.context", "hokm.errors", "hokm.hookspecs",
                  "hokm.table"}


def test_bundled_variants_are_one_package() -> None:
    """``plugins/`` holds one import package and nothing else, shipped in the wheel with ``py.typed``."""
    assert sorted(p.name for p in (ROOT / "plugins").iterdir() if p.name != "__pycache__") == [PACKAGE]
    assert (PACKAGE_DIR / "__init__.py").exists() and (PACKAGE_DIR / "py.typed").exists()
    assert not [p for p in PACKAGE_DIR.iterdir() if p.is_dir() and p.name != "__pycache__"]
    packaged = PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"]
    assert sorted(packaged) == ["plugins/" + PACKAGE, "src/hokm"]


def test_every_variant_module_is_registered_once() -> None:
    """Entry points and variant modules match one to one: no module without a name, nor the reverse."""
    targets = [value.split(":")[0] for value in ENTRY_POINTS.values()]
    assert sorted(targets) == sorted(f"{PACKAGE}.{p.stem}" for p in VARIANT_MODULES)
    for name, value in ENTRY_POINTS.items():
        assert value.split(":")[0] == f"{PACKAGE}.{name.replace('-', '_')}", name


def test_installed_entry_points_match_pyproject() -> None:
    assert hokm.available_variants() == dict(sorted(ENTRY_POINTS.items()))


def _imported(tree: ast.AST) -> list[str]:
    """Every module an ``import`` or ``from ... import`` names; a relative import as its dots."""
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found.append("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("path", [PACKAGE_DIR / "__init__.py", *VARIANT_MODULES], ids=lambda p: p.name)
def test_plugins_import_only_public_api(path: Path) -> None:
    """A variant module is a template a third party can copy: hokm's public API, no sibling module."""
    for module in _imported(ast.parse(path.read_text(encoding="utf-8"))):
        assert not module.startswith("."), f"{path.name} imports {module} (relative)"
        top = module.split(".")[0]
        assert top != PACKAGE, f"{path.name} imports {module}: variant modules stand alone"
        if top == "hokm":
            assert module in PUBLIC_MODULES, f"{path.name} imports {module}"


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
        assert conflict in ENTRY_POINTS, (
            f"{name} declares a conflict with unknown {conflict!r}")
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
    """``import hokm`` must not import Hypothesis or pytest, nor load any variant (nor their package)."""
    code = ("import sys, hokm; hokm.Ruleset.compose(); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'hypothesis', 'pytest', 'hokm_variants'}))")
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
        for attribute in dir(plugin_class):
            opts = getattr(getattr(plugin_class, attribute), "hokm_impl", None)
            if isinstance(opts, dict):  # a hook implementation, named as its hook or by specname
                implemented.setdefault(opts.get("specname") or attribute, set()).add(name)
    for hook in hookspecs.__all__:
        doc = getattr(hookspecs, hook).__doc__ or ""
        section = re.search(r"Implemented by:\s*(.*?)(?:\n\s*\n|\Z)", doc, re.S)
        assert section, f"{hook} lacks an 'Implemented by:' section"
        named = set(re.findall(r"``([a-z]+(?:-[a-z]+)*)``", section.group(1))) & set(ENTRY_POINTS)
        assert named == implemented.get(hook, set()), hook
