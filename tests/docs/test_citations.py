"""What users read cites only what they can read: public sources, or pages of these docs.

The project's internal rules reference and scenario list are not shipped, so the docs, the
README, the changelog, docstrings and every ``VariantInfo.source`` must not point to them (by
file name, scenario id such as ``S21``, section sign, "the digest" or the founding documents
"doc A/B/C"). Tests may cite them; they are not scanned here.
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

from hokm._ruleset.standard import Standard

ROOT = Path(__file__).resolve().parents[2]
BUNDLED: dict[str, str] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
    "project"]["entry-points"]["hokm.variants"]

INTERNAL = re.compile(
    r"RULES\.md|STYLE\.md|SCENARIOS|§|\bS\d{2}\b"
    r"|\b(?:the|research|rules) digest\b|\bdigest \d"
    r"|\b[Dd]oc(?:ument)? [ABC]\b")



def user_facing_files() -> list[Path]:
    files = [ROOT / "README.md", ROOT / "CHANGELOG.md", *(ROOT / "docs").rglob("*.md")]
    for folder in ("src", "plugins", "examples"):
        files += (ROOT / folder).rglob("*.py")
        files += (ROOT / folder).rglob("*.md")
    return sorted(files)


@pytest.mark.parametrize("path", user_facing_files(), ids=lambda path: path.relative_to(ROOT).as_posix())
def test_no_internal_citations(path: Path) -> None:
    name = path.relative_to(ROOT).as_posix()
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if INTERNAL.search(line):
            found.append(f"{name}:{number}: {line.strip()}")
    assert not found, ("cite a public source or a page of the docs (for example "
                       "docs/explanation/rules-of-hokm.md#sources) instead of:\n" + "\n".join(found))


@pytest.mark.parametrize("variant", ["standard", *sorted(BUNDLED)])
def test_variant_sources_read_as_public_citations(variant: str) -> None:
    if variant == "standard":
        info = Standard.info
    else:
        module, _, attr = BUNDLED[variant].partition(":")
        info = getattr(importlib.import_module(module), attr).info
    assert info.source and not INTERNAL.search(info.source), (
        f"{variant}: VariantInfo.source should cite public sources, got {info.source!r}")
