"""The built wheel: what a package index and pip read from it, and what it installs.

The wheel is built once per run (``python -m build --wheel``, as a release would), or taken from
``HOKM_WHEEL`` when ``scripts/test`` has just built the one it installs into a clean venv.
"""

from __future__ import annotations

import configparser
import email.message
import email.parser
import json
import os
import re
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
VERSION: str = PYPROJECT["project"]["version"]

BUNDLED = ["bavney", "be-ranga", "clockwise", "court-piece", "double-sar", "hidden-trump", "obligatory-trump",
           "redeal", "satat", "three-player", "troefcall", "two-player"]
"""The entry-point names of the bundled variants: public names, kept whatever the modules are called."""
PYTHONS = ["3.10", "3.11", "3.12", "3.13"]
"""The Python versions hokm is tested on and says it supports."""
DEV_TOOLS = {"mypy", "ruff", "build", "twine", "tomli", "pre-commit", "coverage", "pytest-cov", "jsonschema",
             "pytest-xdist"}
"""Tools for working on hokm itself: never a dependency, nor an extra, of the published package."""


def _name(requirement: str) -> str:
    """The normalised project name a requirement (``Requires-Dist`` value or requirements line) names."""
    return re.split(r"[\s;\[<>=!~(]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("HOKM_WHEEL")
    if given:
        return Path(given)
    pytest.importorskip("build", reason="building the wheel needs `build` (requirements/dev.txt)")
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(ROOT)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    (built,) = out.glob("hokm-*.whl")
    return built


@pytest.fixture(scope="module")
def metadata(wheel: Path) -> email.message.Message:
    with zipfile.ZipFile(wheel) as archive:
        text = archive.read(f"hokm-{VERSION}.dist-info/METADATA").decode("utf-8")
    return email.parser.Parser().parsestr(text)


def test_wheel_is_named_for_the_version(wheel: Path) -> None:
    """Tagged for this interpreter and platform when it carries extension modules (the C kernel,
    built wherever a compiler is, or the mypyc build: ``hatch_build.py``), else pure Python."""
    with zipfile.ZipFile(wheel) as archive:
        extensions = [name for name in archive.namelist() if name.endswith((".so", ".pyd"))]
        purelib = "Root-Is-Purelib: true" in archive.read(f"hokm-{VERSION}.dist-info/WHEEL").decode("utf-8")
    if extensions:
        python = f"cp{sys.version_info.major}{sys.version_info.minor}"
        tag = rf"{python}-{python}t?-\w+"
        assert re.fullmatch(rf"hokm-{re.escape(VERSION)}-{tag}\.whl", wheel.name), wheel.name
        assert not purelib
    else:
        assert wheel.name == f"hokm-{VERSION}-py3-none-any.whl" and purelib


def test_core_fields(metadata: email.message.Message) -> None:
    assert metadata["Name"] == "hokm" and metadata["Version"] == VERSION
    assert metadata["Summary"] == PYPROJECT["project"]["description"]
    assert metadata["Requires-Python"] == f">={PYTHONS[0]}"
    assert metadata["Author"], "authors"
    assert metadata["Description-Content-Type"] == "text/markdown"
    assert metadata.get_payload() == (ROOT / "README.md").read_text(encoding="utf-8")


def test_classifiers_name_each_supported_python(metadata: email.message.Message) -> None:
    classifiers = metadata.get_all("Classifier") or []
    versions = [c.removeprefix("Programming Language :: Python :: ") for c in classifiers
                if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]
    assert versions == PYTHONS
    assert "Programming Language :: Python :: 3 :: Only" in classifiers
    assert "Typing :: Typed" in classifiers


def test_license_is_declared_for_new_and_old_tools(wheel: Path, metadata: email.message.Message) -> None:
    """SPDX ``License-Expression`` (PEP 639) for current tools, the classifier for older ones.

    Core metadata 2.4 forbids a ``License`` field next to ``License-Expression`` (PyPI refuses
    the upload), so with a 2.4 wheel the classifier is what pip before 25.1 can show
    (``pip show -v``). A wheel built with older metadata carries ``License: MIT`` instead.
    """
    version = tuple(int(part) for part in metadata["Metadata-Version"].split("."))
    if version >= (2, 4):
        assert metadata["License-Expression"] == "MIT"
        assert metadata["License"] is None
        assert metadata.get_all("License-File") == ["LICENSE"]
        with zipfile.ZipFile(wheel) as archive:
            shipped = archive.read(f"hokm-{VERSION}.dist-info/licenses/LICENSE").decode("utf-8")
        assert shipped == (ROOT / "LICENSE").read_text(encoding="utf-8")
    else:  # pragma: no cover - hatchling older than 1.27
        assert metadata["License"] == "MIT"
    assert "License :: OSI Approved :: MIT License" in (metadata.get_all("Classifier") or [])


def test_dependencies_and_extras_hold_no_development_tools(metadata: email.message.Message) -> None:
    requires = metadata.get_all("Requires-Dist") or []
    extras = sorted(metadata.get_all("Provides-Extra") or [])
    assert extras == ["dask", "docs", "gymnasium", "openspiel", "pettingzoo", "play", "testing"]
    assert sorted(_name(r) for r in requires if "extra ==" not in r) == ["attrs", "pluggy"]
    assert not {_name(r) for r in requires} & DEV_TOOLS
    dev_lines = (ROOT / "requirements" / "dev.txt").read_text(encoding="utf-8").splitlines()
    listed = {_name(line) for line in dev_lines if line.strip() and not line.startswith(("#", "-"))}
    assert listed and listed <= DEV_TOOLS, "requirements/dev.txt lists tools only; DEV_TOOLS names them"


def test_project_urls_are_absolute(metadata: email.message.Message) -> None:
    """None yet (no public repository or docs site); any added later must be absolute https URLs."""
    for entry in metadata.get_all("Project-URL") or []:
        label, _, url = entry.partition(", ")
        assert label and url.startswith("https://"), entry


def test_readme_links_work_on_a_package_index_page() -> None:
    """The README is the index page's description: a relative link there points nowhere."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(\s*<?([^)\s>]+)", text) + re.findall(r"^\s*\[[^\]]+\]:\s*(\S+)", text, re.M)
    targets += re.findall(r"""<(?:a|img)\b[^>]*?\b(?:href|src)=["']([^"']+)""", text)
    relative = [t for t in targets if not t.startswith(("https://", "http://", "#", "mailto:"))]
    assert not relative


def test_wheel_ships_two_import_packages_typed(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert {name.split("/")[0] for name in names} == {"hokm", "hokm_variants", f"hokm-{VERSION}.dist-info",
                                                      "_hokm_hypothesis.py"}  # Hypothesis's entry point
    assert {"hokm/py.typed", "hokm_variants/py.typed"} <= set(names)


def test_wheel_ships_the_record_schema(wheel: Path) -> None:
    """The JSON Schema of game records is package data, the same file as in the source tree."""
    with zipfile.ZipFile(wheel) as archive:
        shipped = archive.read("hokm/schemas/hokm-record-1.json")
    assert shipped == (ROOT / "src" / "hokm" / "schemas" / "hokm-record-1.json").read_bytes()
    assert json.loads(shipped)["properties"]["format"]["const"] == "hokm-record/1"


def test_entry_points_load_from_the_wheel(wheel: Path, tmp_path: Path) -> None:
    """All bundled variants are registered under their names and load from ``hokm_variants``.

    The unpacked wheel is put first on the path of a Python started without ``site`` (so the
    checkout's editable install is not on it), with only the dependencies' directory after it.
    """
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(tmp_path)
        entry_points = configparser.ConfigParser(delimiters=("=",))
        entry_points.optionxform = str  # type: ignore[assignment,method-assign]
        entry_points.read_string(archive.read(f"hokm-{VERSION}.dist-info/entry_points.txt").decode("utf-8"))
    declared = dict(entry_points["hokm.variants"])
    assert sorted(declared) == BUNDLED
    assert declared == PYPROJECT["project"]["entry-points"]["hokm.variants"]
    assert all(value.startswith("hokm_variants.") for value in declared.values())
    code = (
        "import importlib.metadata, json, sys\n"
        f"sys.path[:0] = [{str(tmp_path)!r}, {sysconfig.get_paths()['purelib']!r}]\n"
        "import hokm\n"
        "found = {}\n"
        "for ep in importlib.metadata.entry_points(group='hokm.variants'):\n"
        "    cls = ep.load()\n"
        "    hokm.Ruleset.compose(ep.name)\n"
        "    found[ep.name] = [ep.value, sys.modules[cls.__module__].__file__]\n"
        "print(json.dumps({'hokm': hokm.__file__, 'variants': found}))\n"
    )
    done = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout)
    assert Path(loaded["hokm"]).is_relative_to(tmp_path / "hokm")
    assert sorted(loaded["variants"]) == BUNDLED
    for name, (value, path) in loaded["variants"].items():
        assert value == declared[name]
        assert Path(path).parent == tmp_path / "hokm_variants", (name, path)
