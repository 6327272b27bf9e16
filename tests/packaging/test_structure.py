"""The core redesign's size bars, held: no function over 150 lines, no class over 45 attributes,
at most 8 private modules at the top of the package (issue 30's "one kernel" and layout)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[2] / "src" / "hokm"
FILES = sorted(SOURCE.rglob("*.py"))


def _trees() -> list[tuple[str, ast.Module]]:
    return [(str(path.relative_to(SOURCE)), ast.parse(path.read_text(encoding="utf-8"))) for path in FILES]


def _attributes(node: ast.ClassDef) -> set[str]:
    """Slots, class-level annotations and ``self.x = ...`` targets: what an instance carries."""
    names: set[str] = set()
    for statement in node.body:
        if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            names.add(statement.target.id)
        if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Tuple) and any(
                isinstance(target, ast.Name) and target.id == "__slots__" for target in statement.targets):
            names |= {str(item.value) for item in statement.value.elts if isinstance(item, ast.Constant)}
    for inner in ast.walk(node):
        if (isinstance(inner, ast.Attribute) and isinstance(inner.ctx, ast.Store)
                and isinstance(inner.value, ast.Name) and inner.value.id == "self"):
            names.add(inner.attr)
    return names


@pytest.mark.skipif(not FILES, reason="needs the source tree")
def test_no_function_is_longer_than_150_lines() -> None:
    long = [f"{name}:{node.name} ({node.end_lineno - node.lineno + 1} lines)"  # type: ignore[operator]
            for name, tree in _trees() for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.end_lineno - node.lineno + 1 > 150]  # type: ignore[operator]
    assert long == []


@pytest.mark.skipif(not FILES, reason="needs the source tree")
def test_no_class_has_more_than_45_attributes() -> None:
    large = [f"{name}:{node.name} ({len(_attributes(node))})" for name, tree in _trees()
             for node in ast.walk(tree) if isinstance(node, ast.ClassDef) and len(_attributes(node)) > 45]
    assert large == []


@pytest.mark.skipif(not FILES, reason="needs the source tree")
def test_at_most_eight_private_modules_sit_at_the_top() -> None:
    private = sorted(path.stem for path in SOURCE.glob("_*.py") if path.stem not in ("__init__", "__main__"))
    assert len(private) <= 8, private
