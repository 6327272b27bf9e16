"""The documentation keeps up with the code: every hook, variant, error, page and CLI flag.

These tests read the Markdown sources and ``mkdocs.yml``; they do not build the site
(``mkdocs build --strict`` does that in CI). The examples in the pages run as doctests
(``--doctest-glob=*.md``), so here we only check that they are written so they can run.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.metadata
import inspect
import io
import re
import shlex
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mkdocs.utils.yaml import yaml_load

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

import hokm
import hokm.errors
import hokm.hookspecs
from hokm._compose.hooks import HookFacts, hook_facts
from hokm.cli import build_parser
from hokm.hookspecs import PROJECT

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
HOOKS_PAGE = DOCS / "reference" / "hooks.md"
ERRORS_PAGE = DOCS / "reference" / "errors.md"
CLI_PAGE = DOCS / "reference" / "cli.md"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
BUNDLED: dict[str, str] = PYPROJECT["project"]["entry-points"]["hokm.variants"]

HOOKS_PAGE_MAX_LINES = 500
# A row of the hooks table: | [`hokm_x(a, b)`][hokm.hookspecs.hokm_x] | kind | asked | answers |
HOOK_ROW = re.compile(r"^\|\s*\[`(hokm_\w+)\(([^)]*)\)`\]\[([\w.]+)\]\s*\|([^|]*)\|([^|]*)\|([^|]*)\|\s*$")
KINDS = {True: "first-result", False: "collect-all"}
DIRECTIVE = re.compile(r"^:::\s+([\w.]+)\s*$", re.MULTILINE)
FENCE = re.compile(r"^```(\S*)\s*$")


# Helpers ------------------------------------------------------------------------------


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def hookspecs() -> dict[str, tuple[str, ...]]:
    """Every hook specification: name -> argument names, in order."""
    specs = {}
    for name, function in inspect.getmembers(hokm.hookspecs, inspect.isfunction):
        if name.startswith("hokm_") and hasattr(function, f"{PROJECT}_spec"):
            specs[name] = tuple(inspect.signature(function).parameters)
    return specs


class HookRow:
    """One row of the table in hooks.md."""

    def __init__(self, args: tuple[str, ...], target: str, kind: str, asked: str, answers: str) -> None:
        self.args, self.target, self.kind, self.asked, self.answers = args, target, kind, asked, answers


def hook_table() -> dict[str, HookRow]:
    """The rows of the hooks table in hooks.md, by hook name."""
    rows: dict[str, HookRow] = {}
    for line in read(HOOKS_PAGE).splitlines():
        match = HOOK_ROW.match(line)
        if match:
            name, args, target, kind, asked, answers = (part.strip() for part in match.groups())
            assert name not in rows, f"hooks.md has two table rows for {name}"
            rows[name] = HookRow(tuple(a.strip() for a in args.split(",") if a.strip()), target, kind,
                                 asked, answers)
    return rows


def docstring_section(name: str, section: str) -> str:
    """The text of a Google-style section (``Implemented by:``) of hookspec ``name``'s docstring."""
    doc = inspect.getdoc(getattr(hokm.hookspecs, name)) or ""
    lines = doc.splitlines()
    try:
        start = lines.index(f"{section}:")
    except ValueError:
        return ""
    body = []
    for line in lines[start + 1:]:
        if line and not line.startswith(" "):
            break  # the next section
        body.append(line.strip())
    return " ".join(body).strip()


def nav_pages() -> list[str]:
    """Every page the nav of mkdocs.yml lists, relative to docs/."""
    config = yaml_load(read(ROOT / "mkdocs.yml"))

    def walk(item: Any) -> Iterator[str]:
        if isinstance(item, str):
            yield item
        elif isinstance(item, list):
            for entry in item:
                yield from walk(entry)
        elif isinstance(item, dict):
            for value in item.values():
                yield from walk(value)

    return list(walk(config["nav"]))


def doc_pages() -> list[Path]:
    return sorted(DOCS.rglob("*.md"))


def fenced_blocks(text: str) -> Iterator[tuple[str, list[str]]]:
    """(info string, lines) of every fenced code block of a Markdown text."""
    lang: str | None = None
    lines: list[str] = []
    for line in text.splitlines():
        match = FENCE.match(line)
        if lang is None:
            if match:
                lang, lines = match.group(1), []
        elif line.strip() == "```":
            yield lang, lines
            lang = None
        else:
            lines.append(line)


def implementers(hook: str) -> set[str]:
    """Bundled variants whose plugin class implements ``hook`` (under its name, or another
    method's through ``specname``)."""
    found = set()
    for name, target in BUNDLED.items():
        module, _, attr = target.partition(":")
        plugin = getattr(importlib.import_module(module), attr)
        for method_name in dir(plugin):
            options = getattr(getattr(plugin, method_name, None), f"{PROJECT}_impl", None)
            if options is not None and (options.get("specname") or method_name) == hook:
                found.add(name)
    return found


# Hooks ---------------------------------------------------------------------------------


def test_hookspecs_are_the_hooks_pluggy_reads() -> None:
    # The table tests below compare the page with hook_facts(); it must cover every spec.
    facts = hook_facts()
    assert set(facts) == set(hookspecs())
    for name, args in hookspecs().items():
        assert facts[name].args == args


@pytest.mark.parametrize("hook", sorted(hook_facts()))
def test_every_hook_has_a_table_row_with_its_arguments_and_kind(hook: str) -> None:
    facts: HookFacts = hook_facts()[hook]
    rows = hook_table()
    signature = f"{hook}({', '.join(facts.args)})"
    assert hook in rows, f"hooks.md: the table needs a row | [`{signature}`][hokm.hookspecs.{hook}] | ..."
    row = rows[hook]
    assert row.args == facts.args, f"hooks.md shows {hook}{row.args}, the spec is {signature}"
    assert row.target == f"hokm.hookspecs.{hook}", f"hooks.md: the {hook} row links to {row.target}"
    assert row.kind == KINDS[facts.first_result], (
        f"hooks.md calls {hook} {row.kind!r}; its spec makes it {KINDS[facts.first_result]!r}")
    assert row.asked and row.answers, (
        f"hooks.md: the {hook} row must say when it is asked and what it answers")


def test_the_hooks_table_names_only_real_hooks() -> None:
    unknown = set(hook_table()) - set(hook_facts())
    assert not unknown, f"hooks.md's table lists hooks that do not exist: {sorted(unknown)}"


def test_every_hookspec_is_rendered_from_its_docstring() -> None:
    directives = set(DIRECTIVE.findall(read(HOOKS_PAGE)))
    if "hokm.hookspecs" in directives:
        return  # the whole module
    missing = [hook for hook in hook_facts() if f"hokm.hookspecs.{hook}" not in directives]
    assert not missing, f"hooks.md renders no '::: hokm.hookspecs.<hook>' for {missing}"


def test_the_hooks_page_stays_short() -> None:
    lines = len(read(HOOKS_PAGE).splitlines())
    assert lines <= HOOKS_PAGE_MAX_LINES, (
        f"hooks.md has {lines} lines, more than {HOOKS_PAGE_MAX_LINES}: "
        "move detail into the hookspec docstrings")


@pytest.mark.parametrize("hook", sorted(hook_facts()))
def test_hookspec_docstring_says_its_default_and_who_implements_it(hook: str) -> None:
    claims = docstring_section(hook, "Implemented by")
    assert claims, f"the docstring of hokm.hookspecs.{hook} needs an 'Implemented by:' section"
    documented = set(re.findall(r"`+([\w-]+)`+", claims)) & set(BUNDLED)
    actual = implementers(hook)
    expected = ", ".join(f"``{name}``" for name in sorted(actual)) or "no bundled variant."
    assert documented == actual, (
        f"hokm.hookspecs.{hook}: 'Implemented by:' names {sorted(documented)} in backticks; "
        f"write {expected} (other variants without backticks)")
    if hook not in ("hokm_check_ruleset",):  # a veto has no default answer
        assert docstring_section(hook, "Default"), f"hokm.hookspecs.{hook} needs a 'Default:' section"


# Variants and pages ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", sorted(BUNDLED))
def test_every_bundled_variant_has_a_page_in_the_nav(variant: str) -> None:
    page = DOCS / "variants" / f"{variant}.md"
    assert page.exists(), f"{page.relative_to(ROOT)} is missing"
    assert f"variants/{variant}.md" in nav_pages(), f"variants/{variant}.md is not in the nav"
    assert any(lang == "pycon" for lang, _ in fenced_blocks(read(page))), (
        f"{page.relative_to(ROOT)} needs a worked example in a ```pycon block")


def test_installed_bundled_variants_match_pyproject() -> None:
    installed = {name for name, value in hokm.available_variants().items() if value == BUNDLED.get(name)}
    assert installed == set(BUNDLED)


def test_every_page_is_in_the_nav_and_every_nav_entry_exists() -> None:
    nav = nav_pages()
    assert len(nav) == len(set(nav)), "a page is listed twice in the nav"
    pages = {path.relative_to(DOCS).as_posix() for path in doc_pages()}
    missing_from_nav = pages - set(nav)
    assert not missing_from_nav, f"pages missing from the nav in mkdocs.yml: {sorted(missing_from_nav)}"
    missing_files = set(nav) - pages
    assert not missing_files, f"the nav lists pages that do not exist: {sorted(missing_files)}"


def test_changelog_page_includes_the_changelog() -> None:
    assert '--8<-- "CHANGELOG.md"' in read(DOCS / "changelog.md")


# Reference pages ---------------------------------------------------------------------------


def test_errors_page_opens_with_the_true_exception_tree() -> None:
    text = read(ERRORS_PAGE)
    blocks = list(fenced_blocks(text))
    assert blocks, "errors.md must open with the exception tree in a code block"
    tree = blocks[0][1]
    documented: dict[str, tuple[str, ...]] = {}
    for line in tree:
        match = re.search(r"(\w+)\((.*)\)\s*$", line)
        assert match, f"unreadable line in the exception tree: {line!r}"
        documented[match.group(1)] = tuple(b.strip() for b in match.group(2).split(","))
    for name in hokm.errors.__all__:
        cls = getattr(hokm.errors, name)
        assert name in documented, f"{name} is missing from the tree in errors.md"
        assert documented[name] == tuple(base.__name__ for base in cls.__bases__), (
            f"errors.md shows {name}{documented[name]}, the code has {cls.__bases__}")
        assert f"::: hokm.errors.{name}" in text, f"errors.md needs '::: hokm.errors.{name}'"
    assert set(documented) == set(hokm.errors.__all__)


def test_every_public_name_is_in_the_reference() -> None:
    directives: set[str] = set()
    for page in (DOCS / "reference").glob("*.md"):
        directives |= set(DIRECTIVE.findall(read(page)))
    covered: set[str] = set()
    for target in directives:
        try:
            module = importlib.import_module(target)
        except ImportError:
            covered.add(target.rpartition(".")[2])
            continue
        covered |= set(getattr(module, "__all__", ()))
    missing = set(hokm.__all__) - covered - {"hookimpl"}
    assert not missing, f"public names no ::: directive in docs/reference covers: {sorted(missing)}"
    assert "hokm.hookimpl" in read(DOCS / "reference" / "api.md")


def _parser_options() -> dict[str, set[str]]:
    parser = build_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {name: {opt for action in sub._actions for opt in action.option_strings if opt.startswith("--")}
            for name, sub in subparsers.choices.items()}


def test_cli_page_documents_every_command_and_flag() -> None:
    text = read(CLI_PAGE)
    for command, flags in _parser_options().items():
        assert f"## `hokm {command}`" in text, f"cli.md needs a section '## `hokm {command}`'"
        for flag in flags - {"--help"}:
            assert f"`{flag}" in text, f"cli.md does not document `hokm {command} {flag}`"


def test_hokm_commands_in_the_docs_are_valid() -> None:
    parser = build_parser()
    commands = []
    for page in doc_pages():
        for lang, lines in fenced_blocks(read(page)):
            if lang == "console":
                commands += [(page, line[2:]) for line in lines if line.startswith("$ hokm ")]
    assert commands
    for page, command in commands:
        argv = shlex.split(command)[1:]
        if "--help" in argv or "-h" in argv:
            continue
        try:
            with contextlib.redirect_stderr(io.StringIO()):
                parser.parse_args(argv)
        except SystemExit:
            pytest.fail(f"{page.relative_to(ROOT)}: `{command}` is not a valid hokm command line")


def test_examples_are_written_to_run_as_doctests() -> None:
    for page in doc_pages():
        for lang, lines in fenced_blocks(read(page)):
            where = f"{page.relative_to(ROOT)}, a ```{lang} block"
            has_prompt = any(line.startswith(">>> ") for line in lines)
            if lang == "pycon":
                assert has_prompt, f"{where} has no '>>> ' prompt"
                assert lines and not lines[-1].strip(), (
                    f"{where} must end with a blank line, or doctest reads the fence as output")
            elif lang not in ("python", "text", "toml", "console", "yaml", "json"):
                pytest.fail(f"{where}: use pycon, python, console, toml, text, yaml or json")
            else:
                assert not has_prompt, f"{where} has '>>> ' prompts: make it ```pycon so it runs"


COLLECT_ALL_MENTIONS = [
    (DOCS / "reference" / "hooks.md", "**Collect-all hooks**"),
    (DOCS / "explanation" / "plugin-model.md", "**Collect-all hooks**"),
    (DOCS / "how-to" / "debug-hook-order.md", "**collect-all** hooks"),
    (ROOT / "src" / "hokm" / "hookspecs.py", "**collect-all** hooks"),
]


@pytest.mark.parametrize(("page", "marker"), COLLECT_ALL_MENTIONS, ids=lambda v: getattr(v, "name", v))
def test_the_collect_all_hooks_named_in_prose_are_the_hookspecs_own(page: Path, marker: str) -> None:
    collect_all = {name for name, facts in hook_facts().items() if not facts.first_result}
    text = read(page)
    start = text.index(marker)
    paragraph = text[start:text.find("\n\n", start)]
    named = set(re.findall(r"hokm_[a-z_]+", paragraph))
    assert named == collect_all, f"{page.name} names {sorted(named)} as collect-all hooks"
