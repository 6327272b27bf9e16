"""Installed variants are not trusted blindly: broken imports and name clashes, with real distributions.

Each test writes throwaway distributions the way an installer leaves them (a ``*.dist-info``
folder with ``METADATA`` and ``entry_points.txt``, next to the module) and runs Python in a
subprocess with that folder on ``sys.path``, so entry-point discovery sees exactly what it would
see after ``pip install``.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import hokm

VERSION = importlib.metadata.version("hokm")

EVIL_SATAT = '''\
"""A variant that takes the bundled satat's name and plays something else."""
import attrs
import hokm


@attrs.frozen(eq=False)
class Satat(hokm.Variant):
    info = hokm.VariantInfo(name="satat", summary="not the real satat")

    @hokm.hookimpl
    def hokm_trick_winner(self, trick):
        return trick.plays[0][0]  # the leader always wins
'''


def distribution(root: Path, name: str, version: str, entry_points: dict[str, str],
                 modules: dict[str, str]) -> None:
    """Write distribution ``name`` into ``root``: its dist-info folder and its modules."""
    info = root / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
                                   encoding="utf-8")
    lines = "".join(f"{key} = {value}\n" for key, value in entry_points.items())
    (info / "entry_points.txt").write_text(f"[hokm.variants]\n{lines}", encoding="utf-8")
    for module, source in modules.items():
        (root / f"{module}.py").write_text(source, encoding="utf-8")


def python(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``python *args`` with ``root`` first on ``sys.path``."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(root),
                                                                     os.environ.get("PYTHONPATH")]))}
    return subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True,
                          check=False, timeout=120)


def run_code(root: Path, code: str) -> dict[str, Any]:
    """Run ``code`` (which sets ``result``) and return ``result``, read back as JSON."""
    done = python(root, "-c", textwrap.dedent(code) + "\nimport json; print(json.dumps(result))")
    assert done.returncode == 0, done.stderr
    parsed: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return parsed


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    """``hokm-broken 0.1``: one variant whose import fails, one that names a missing class."""
    distribution(tmp_path, "hokm-broken", "0.1", {
        "broken": "hokm_broken_mod:Broken",
        "misnamed": "hokm_fine_mod:NoSuchClass",
    }, {
        "hokm_broken_mod": "import hokm_needs_this_missing_library\n",
        "hokm_fine_mod": "X = 1\n",
    })
    return tmp_path


@pytest.fixture
def clash(tmp_path: Path) -> Path:
    """``hokm-evil 6.6.6`` registers ``satat``, the bundled variant's name, with its own class."""
    distribution(tmp_path, "hokm-evil", "6.6.6", {"satat": "hokm_evil_satat:Satat"},
                 {"hokm_evil_satat": EVIL_SATAT})
    return tmp_path


# A variant whose import fails ------------------------------------------------------------------


def test_a_failed_import_names_variant_entry_point_and_distribution(broken: Path) -> None:
    result = run_code(broken, """
        import hokm
        try:
            hokm.Ruleset.compose("clockwise", "broken")
        except hokm.VariantLoadError as error:
            result = {"message": str(error), "variant": error.variant,
                      "entry_point": error.entry_point, "distribution": error.distribution,
                      "cause": type(error.__cause__).__name__, "ruleset_error":
                      isinstance(error, hokm.RulesetError)}
    """)
    assert result == {
        "message": "variant 'broken' cannot be loaded: entry point 'hokm_broken_mod:Broken' of "
                   "hokm-broken 0.1 raised ModuleNotFoundError: No module named "
                   "'hokm_needs_this_missing_library'",
        "variant": "broken", "entry_point": "hokm_broken_mod:Broken", "distribution": "hokm-broken 0.1",
        "cause": "ModuleNotFoundError", "ruleset_error": True,
    }


def test_a_missing_attribute_is_a_load_error_too(broken: Path) -> None:
    result = run_code(broken, """
        import hokm
        try:
            hokm.Ruleset.compose("misnamed")
        except hokm.VariantLoadError as error:
            result = {"message": str(error), "cause": type(error.__cause__).__name__}
        result["still listed"] = sorted(hokm.available_variants())
    """)
    assert str(result["message"]).startswith(
        "variant 'misnamed' cannot be loaded: entry point 'hokm_fine_mod:NoSuchClass' of hokm-broken 0.1 "
        "raised AttributeError:")
    assert result["cause"] == "AttributeError"
    assert {"broken", "misnamed", "satat", "clockwise"} <= set(result["still listed"])


def test_the_command_line_says_it_in_one_line(broken: Path) -> None:
    done = python(broken, "-m", "hokm", "simulate", "--hands", "5", "--variant", "broken")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == ("hokm: error: variant 'broken' (hokm-broken 0.1) cannot be loaded: "
                           "ModuleNotFoundError: No module named 'hokm_needs_this_missing_library' "
                           "(--debug shows the traceback)\n")


# Two distributions, one name -------------------------------------------------------------------


def test_a_second_satat_is_refused_naming_both_distributions(clash: Path) -> None:
    result = run_code(clash, """
        import hokm
        try:
            hokm.Ruleset.compose("satat")
        except hokm.DuplicateVariantError as error:
            result = {"message": str(error), "variant": error.variant,
                      "entry_points": sorted(error.entry_points),
                      "distributions": sorted(error.distributions),
                      "lookup_error": isinstance(error, LookupError)}
        result["other names work"] = hokm.Ruleset.compose("clockwise").variants
    """)
    message = str(result.pop("message"))
    assert message.startswith("variant name 'satat' is registered by 2 installed distributions: ")
    assert f"hokm {VERSION} (hokm_variants.satat:Satat)" in message
    assert "hokm-evil 6.6.6 (hokm_evil_satat:Satat)" in message
    assert message.endswith("hokm will not guess which one is meant: uninstall all but one")
    assert result == {"variant": "satat",
                      "entry_points": ["hokm_evil_satat:Satat", "hokm_variants.satat:Satat"],
                      "distributions": sorted([f"hokm {VERSION}", "hokm-evil 6.6.6"]),
                      "lookup_error": True, "other names work": ["clockwise"]}


def test_the_listing_leaves_a_clashing_name_out_and_warns(clash: Path) -> None:
    result = run_code(clash, """
        import warnings, hokm
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            listed = hokm.available_variants()
        result = {"satat listed": "satat" in listed, "clockwise": listed.get("clockwise"),
                  "warnings": [(w.category.__name__, str(w.message)) for w in caught],
                  "evil imported": "hokm_evil_satat" in __import__("sys").modules}
    """)
    assert result["satat listed"] is False
    assert result["clockwise"] == "hokm_variants.clockwise:Clockwise"
    assert result["evil imported"] is False  # listing and refusing import nothing
    [(category, message)] = result["warnings"]
    assert category == "DuplicateVariantWarning"
    assert "'satat'" in message and "hokm-evil 6.6.6" in message and f"hokm {VERSION}" in message


def test_the_command_line_shows_the_clash(clash: Path) -> None:
    done = python(clash, "-m", "hokm", "variants")
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith("satat ")]
    assert len(rows) == 2
    assert any("hokm-evil 6.6.6" in row.split("(")[0] and f"also registered by hokm {VERSION}" in row
               for row in rows)
    assert any(f"hokm {VERSION}" in row.split("(")[0] and "also registered by hokm-evil 6.6.6" in row
               for row in rows)
    done = python(clash, "-m", "hokm", "simulate", "--hands", "5", "--variant", "satat")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("hokm: error: variant name 'satat' is registered by 2 installed "
                                  "distributions: ")
    assert done.stderr.count("\n") == 1
    done = python(clash, "-m", "hokm", "options", "satat")
    assert done.returncode == 2 and "registered by 2 installed distributions" in done.stderr
    done = python(clash, "-m", "hokm", "options")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    [at] = [i for i, line in enumerate(lines) if line.startswith("satat (")]
    assert set(lines[at].removeprefix("satat (").removesuffix(")").split(" and ")) == {
        f"hokm {VERSION}", "hokm-evil 6.6.6"}
    assert lines[at + 1] == "  cannot be loaded: 2 distributions register the name"


def test_the_same_distribution_twice_on_the_path_is_no_clash(tmp_path: Path) -> None:
    for copy in ("a", "b"):
        (tmp_path / copy).mkdir()
        distribution(tmp_path / copy, "hokm-house", "1.0", {"house": "hokm_house_mod:Satat"},
                     {"hokm_house_mod": EVIL_SATAT.replace('name="satat"', 'name="house"')})
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path / "a"), str(tmp_path / "b")])}
    code = "import hokm; print(hokm.Ruleset.compose('house').variants)"
    done = subprocess.run([sys.executable, "-W", "error", "-c", code], env=env, capture_output=True,
                          text=True, check=False, timeout=120)
    assert (done.returncode, done.stdout.strip()) == (0, "('house',)"), done.stderr


def test_without_a_clash_nothing_warns() -> None:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert "satat" in hokm.available_variants()
    with pytest.raises(hokm.UnknownVariantError, match="no variant named 'satta' is installed"):
        hokm.Ruleset.compose("satta")


def test_lookups_read_installed_metadata_again_only_when_the_installed_set_may_have_changed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Composing with a variant looks its name up every time; reading every distribution's
    # metadata each time cost tens of milliseconds a compose.
    from hokm import _entry_points

    reads: list[str] = []
    read = _entry_points._read

    def counted(group: str) -> dict[str, list[importlib.metadata.EntryPoint]]:
        reads.append(group)
        return read(group)

    monkeypatch.setattr(_entry_points, "_read", counted)
    monkeypatch.setattr(_entry_points, "_tables", {})
    hokm.Ruleset.compose("satat")
    hokm.Ruleset.compose("satat", "bavney")
    assert "house" not in hokm.available_variants()
    assert reads == ["hokm.variants"], "one read for every lookup while nothing changed"

    monkeypatch.syspath_prepend(str(tmp_path))  # sys.path changed: read again
    assert "house" not in hokm.available_variants() and len(reads) == 2
    distribution(tmp_path, "hokm-house", "0.1", {"house": "hokm_house_mod:House"},
                 {"hokm_house_mod": "class House:\n    pass\n"})
    later = os.stat(tmp_path).st_mtime_ns + 10**9  # installing later than the last read
    os.utime(tmp_path, ns=(later, later))
    assert hokm.available_variants()["house"] == "hokm_house_mod:House" and len(reads) == 3
    assert hokm.available_variants()["house"] == "hokm_house_mod:House" and len(reads) == 3

    from hokm.agents import available_agents

    assert "random" in available_agents() and reads[-1] == "hokm.agents"  # each group its own table
    available_agents()
    assert len(reads) == 4
