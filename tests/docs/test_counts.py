"""Counts in the README and the docs are checked against the code, so they cannot go stale (#32)."""

from __future__ import annotations

import importlib.metadata
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NUMBERS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
           "sixteen seventeen eighteen nineteen twenty")
WORDS = {word: number for number, word in enumerate(NUMBERS.split())}
_COUNT = r"(?P<count>[0-9]+|" + "|".join(WORDS) + r")"
COUNTED = re.compile(  # a claim about all of them: "its nine variants", "12 bundled variants"
    r"(?:\b(?:its|all|hokm's|bundles)\s+" + _COUNT + r"\s+(?:bundled\s+)?variants\b)|(?:\b"
    + _COUNT.replace("count", "bundled") + r"\s+bundled\s+variants\b)", re.IGNORECASE)


def bundled() -> list[str]:
    """The variants hokm's own distribution registers."""
    return sorted(ep.name for ep in importlib.metadata.distribution("hokm").entry_points
                  if ep.group == "hokm.variants")


def pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def test_the_readme_lists_every_bundled_variant() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    bullet = readme[readme.index("**Variants as plugins**"):readme.index("entry-point group")]
    assert sorted(re.findall(r"`([a-z-]+)`", bullet)) == bundled()


@pytest.mark.parametrize("page", pages(), ids=lambda page: str(page.relative_to(ROOT)))
def test_every_count_of_variants_is_the_number_bundled(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    for found in COUNTED.finditer(text):
        count = (found["count"] or found["bundled"]).lower()
        number = int(count) if count.isdigit() else WORDS[count]
        line = text.count("\n", 0, found.start()) + 1
        assert number == len(bundled()), f"{page.name}:{line}: {found[0]!r}; hokm bundles {len(bundled())}"


def test_the_pattern_finds_the_counts_it_is_for() -> None:
    text = "its nine variants; 12 bundled variants; all 3 variants; two variants answer"
    assert [m["count"] or m["bundled"] for m in COUNTED.finditer(text)] == ["nine", "12", "3"]
