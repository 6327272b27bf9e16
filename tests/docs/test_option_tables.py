"""The option tables in the docs list exactly the options the code has, with its defaults.

The standard rules' options appear on the rules page and in the how-to on composing rulesets;
each variant's options on its own page. A table is one whose header starts ``| option |
default |``; its first two cells name the option and give the default, as code (the default
is read as a Python literal, or else compared with the value's ``str``, as for ``2♣``).
"""

from __future__ import annotations

import ast
import importlib
import re
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

from hokm._ruleset.standard import Standard

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
BUNDLED: dict[str, str] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
    "project"]["entry-points"]["hokm.variants"]
HEADER = re.compile(r"^\|\s*option\s*\|\s*default\s*\|")
CODE = re.compile(r"^`([^`]*)`$")


def option_tables(text: str) -> list[dict[str, str]]:
    """Every option table of a page: option name -> default cell (without backticks)."""
    tables: list[dict[str, str]] = []
    rows: dict[str, str] | None = None
    for line in text.splitlines():
        if HEADER.match(line):
            rows = {}
            tables.append(rows)
        elif rows is not None and line.startswith("|"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if set(cells[0]) <= {"-", ":"}:
                continue  # the separator row
            name, default = (CODE.match(cell) for cell in cells[:2])
            assert name and default, f"option table row needs `name` | `default`: {line!r}"
            rows[name.group(1)] = default.group(1)
        else:
            rows = None
    return tables


def options(cls: type) -> dict[str, Any]:
    """A plugin class's options (keyword-only attrs fields) and their defaults."""
    if not attrs.has(cls):
        return {}
    return {field.name: field.default for field in attrs.fields(cls)
            if field.kw_only and field.default is not attrs.NOTHING}


def same_default(cell: str, value: Any) -> bool:
    try:
        return bool(ast.literal_eval(cell) == value)
    except (ValueError, SyntaxError):
        return cell == str(value)


def check(page: Path, cls: type) -> None:
    tables = option_tables(page.read_text(encoding="utf-8"))
    expected = options(cls)
    where = page.relative_to(ROOT).as_posix()
    if not expected:
        assert not tables, f"{where} has an option table, but {cls.__name__} has no options"
        return
    assert len(tables) == 1, f"{where} needs one '| option | default | ...' table, found {len(tables)}"
    documented = tables[0]
    assert set(documented) == set(expected), (
        f"{where} lists options {sorted(documented)}, {cls.__name__} has {sorted(expected)}")
    for name, value in expected.items():
        assert same_default(documented[name], value), (
            f"{where}: the default of {name} is {value!r}, the page says {documented[name]}")


@pytest.mark.parametrize("page", ["explanation/rules-of-hokm.md", "how-to/compose-a-ruleset.md"])
def test_standard_option_tables(page: str) -> None:
    check(DOCS / page, Standard)


@pytest.mark.parametrize("variant", sorted(BUNDLED))
def test_variant_option_tables(variant: str) -> None:
    module, _, attr = BUNDLED[variant].partition(":")
    check(DOCS / "variants" / f"{variant}.md", getattr(importlib.import_module(module), attr))
