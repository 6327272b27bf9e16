"""What users read cites only what they can read: public sources, or pages of these docs.

The project's internal rules reference and scenario list are not shipped, so the docs, the
README, the changelog, docstrings and every ``VariantInfo.source`` must not point to them (by
file name, scenario id such as ``S21``, section sign, "the digest" or the founding documents
"doc A/B/C"). Tests may cite them; they are not scanned here.

Code and the changelog do cite the rules text by number, as ``RULES 1.5.1`` or
``RULES 1.5.1 rule 9``. Every such citation must name a section, and a rule of it, that the
rules text has. The text lives outside this repository (CI has only the repository), so the
outline below, each section's number and its last numbered rule, stands in for it; where the
text is at hand (``HOKM_RULES``, or ``../shared/rules/RULES.md`` beside the checkout) a test
holds the outline to it. The documentation pages and the README, which readers see without the
code, cite no rules section at all.
"""

from __future__ import annotations

import importlib
import os
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

# "RULES 1.5.1", "RULES 1.5.2 rule 9", "RULES 1.5.1 rules 3 and 4": a section, then rule numbers.
CITATION = re.compile(
    r"\bRULES\s+(?P<section>\d+(?:\.\d+)*)"
    r"(?:\s+[Rr]ules?\s+(?P<rules>\d+(?:\s*(?:,|and|or|-|–)\s*\d+)*))?")

RULES_OUTLINE: dict[str, int] = {
    # Part 1 of the rules text: each section's number -> its last numbered rule (0: none).
    "1.1": 0, "1.2": 0, "1.3": 0, "1.4": 0,
    "1.5": 0,      # second-wave variants
    "1.5.1": 11,   # decisions other than playing a card
    "1.5.2": 12,   # hidden-trump
    "1.5.3": 5,    # redeal
    "1.5.4": 7,    # double-sar
    "1.5.5": 0,    # two-player deal modes
    "1.5.6": 9,    # troefcall
    "1.5.7": 5,    # be-ranga
    "1.5.8": 5,    # satat
    "1.5.9": 0, "1.5.10": 0,
}
_SECTION = re.compile(r"^#{2,4}\s+(\d+(?:\.\d+)*)\s")
_RULE = re.compile(r"^(\d+)\.\s")


def user_facing_files() -> list[Path]:
    files = [ROOT / "README.md", ROOT / "CHANGELOG.md", *(ROOT / "docs").rglob("*.md")]
    for folder in ("src", "plugins", "examples"):
        files += (ROOT / folder).rglob("*.py")
        files += (ROOT / folder).rglob("*.md")
    return sorted(files)


def reader_pages() -> list[Path]:
    """The pages read without the code: the documentation and the README."""
    return sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])


def flattened(text: str) -> str:
    """``text`` with line breaks (and a comment's ``#`` after them) as spaces, so that a
    citation wrapped over two lines reads as one."""
    return re.sub(r"\s*\n\s*(?:#\s*)?", " ", text)


def citations(text: str) -> list[tuple[str, str, tuple[int, ...]]]:
    """Every rules citation of ``text``: (as written, section, rule numbers).

    >>> citations("the trump (RULES 1.5.1 rule 8), the moments of RULES 1.5.1.")
    [('RULES 1.5.1 rule 8', '1.5.1', (8,)), ('RULES 1.5.1', '1.5.1', ())]
    >>> citations("RULES 1.5.2\\n    # rule 9 and RULES 1.5.1 rules 3 and 4")
    [('RULES 1.5.2 rule 9', '1.5.2', (9,)), ('RULES 1.5.1 rules 3 and 4', '1.5.1', (3, 4))]
    """
    found = []
    for match in CITATION.finditer(flattened(text)):
        rules = tuple(int(number) for number in re.findall(r"\d+", match.group("rules") or ""))
        found.append((match.group(0), match.group("section"), rules))
    return found


def citation_problem(section: str, rules: tuple[int, ...], outline: dict[str, int]) -> str | None:
    """Why a citation of ``section`` (and ``rules``) names nothing in ``outline``, or ``None``.

    >>> citation_problem("1.5.1", (9,), RULES_OUTLINE) is None
    True
    >>> citation_problem("1.5.1", (12,), RULES_OUTLINE)
    'section 1.5.1 has rules 1-11, not 12'
    >>> citation_problem("1.6", (), RULES_OUTLINE)
    'no section 1.6'
    """
    if section not in outline:
        return f"no section {section}"
    last = outline[section]
    wrong = [rule for rule in rules if not 1 <= rule <= last]
    if wrong:
        has = f"rules 1-{last}" if last else "no numbered rules"
        return f"section {section} has {has}, not {', '.join(map(str, wrong))}"
    return None


def rules_outline(text: str) -> dict[str, int]:
    """Part 1 of a rules text: each section's number -> its last top-level numbered rule.

    >>> rules_outline("## Part 1\\n### 1.5 Variants\\n#### 1.5.1 Moments\\n1. One.\\n   1. nested\\n"
    ...               "2. Two.\\n## Part 2 — Research digest\\n### 1.1 Cards\\n1. x\\n")
    {'1.5': 0, '1.5.1': 2}
    """
    outline: dict[str, int] = {}
    current: str | None = None
    for line in text.split("\n## Part 2", maxsplit=1)[0].splitlines():
        heading = _SECTION.match(line)
        if heading:
            current = heading.group(1)
            outline[current] = 0
            continue
        rule = _RULE.match(line)
        if rule and current is not None:
            outline[current] = max(outline[current], int(rule.group(1)))
    return outline


def rules_text() -> Path | None:
    """The rules text, where it is at hand: ``$HOKM_RULES``, or beside the checkout."""
    given = os.environ.get("HOKM_RULES")
    for path in ([Path(given)] if given else []) + [ROOT.parent / "shared" / "rules" / "RULES.md"]:
        if path.is_file():
            return path
    return None


@pytest.mark.parametrize("path", user_facing_files(), ids=lambda path: path.relative_to(ROOT).as_posix())
def test_no_internal_citations(path: Path) -> None:
    name = path.relative_to(ROOT).as_posix()
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if INTERNAL.search(line):
            found.append(f"{name}:{number}: {line.strip()}")
    assert not found, ("cite a public source or a page of the docs (for example "
                       "docs/explanation/rules-of-hokm.md#sources) instead of:\n" + "\n".join(found))


def test_every_rules_citation_names_a_section_and_rule_that_exist() -> None:
    wrong, seen = [], 0
    for path in user_facing_files():
        for written, section, rules in citations(path.read_text(encoding="utf-8")):
            seen += 1
            problem = citation_problem(section, rules, RULES_OUTLINE)
            if problem:
                wrong.append(f"{path.relative_to(ROOT).as_posix()}: {written!r}: {problem}")
    assert seen, "no rules citation found: is the CITATION pattern still right?"
    assert not wrong, "these citations name nothing in the rules text:\n" + "\n".join(wrong)


@pytest.mark.parametrize("path", reader_pages(), ids=lambda path: path.relative_to(ROOT).as_posix())
def test_pages_cite_no_rules_section(path: Path) -> None:
    found = [written for written, _, _ in citations(path.read_text(encoding="utf-8"))]
    assert not found, (f"{path.relative_to(ROOT).as_posix()} cites the rules text, which its readers "
                       f"cannot open: {found}; cite a public source or a page of the docs")


def test_the_outline_is_the_rules_text_own() -> None:
    path = rules_text()
    if path is None:
        pytest.skip("the rules text is not beside this checkout (set HOKM_RULES to check the outline)")
    assert rules_outline(path.read_text(encoding="utf-8")) == RULES_OUTLINE, (
        f"RULES_OUTLINE no longer matches {path}: update it from rules_outline()")


@pytest.mark.parametrize("variant", ["standard", *sorted(BUNDLED)])
def test_variant_sources_read_as_public_citations(variant: str) -> None:
    if variant == "standard":
        info = Standard.info
    else:
        module, _, attr = BUNDLED[variant].partition(":")
        info = getattr(importlib.import_module(module), attr).info
    assert info.source and not INTERNAL.search(info.source), (
        f"{variant}: VariantInfo.source should cite public sources, got {info.source!r}")
