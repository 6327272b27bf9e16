"""Opt-in pytest fixtures for hokm: a composed ruleset, a seed, a seeded match and hand.

Not loaded automatically: enable it in your top-level ``conftest.py``::

    pytest_plugins = ["hokm.testing.pytest_plugin"]

(or run ``pytest -p hokm.testing.pytest_plugin``). Then:

* ``hokm_ruleset``: the ruleset from the test's ``hokm_variants`` marker,
  ``@pytest.mark.hokm_variants("satat", "obligatory-trump", options={"satat": {...}})``,
  else from ``--hokm-variants=satat,obligatory-trump``, else standard Hokm.
* ``hokm_seed``: ``--hokm-seed`` if given, else a seed derived from the test's id
  (stable from run to run, different between tests).
* ``hokm_match``: ``hokm_ruleset.new_match(seed=hokm_seed)``.
* ``hokm_hand``: the first hand of ``hokm_match``, at the trump call.

When a test that used these fixtures fails, its report gains a "hokm"
section with the ruleset and the seed, and the option that reruns it.
"""

from __future__ import annotations

import zlib
from collections.abc import Generator
from typing import Any

import pytest

from hokm import HandState, MatchState, Ruleset
from hokm.testing.conformance import compose_quietly

__all__ = ["hokm_hand", "hokm_match", "hokm_ruleset", "hokm_seed"]

_USED = pytest.StashKey[dict[str, str]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("hokm", "hokm rules fixtures")
    group.addoption("--hokm-variants", default=None, metavar="NAMES",
                    help="comma-separated variants for the hokm_ruleset fixture "
                         "(tests marked hokm_variants keep theirs)")
    group.addoption("--hokm-seed", default=None, metavar="SEED",
                    help="seed for the hokm_seed / hokm_match fixtures (default: from the test id)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "hokm_variants(*variants, options=None): variants (names or plugin instances) "
                   "and per-variant options for the hokm_ruleset fixture")


def _record(request: pytest.FixtureRequest, key: str, value: str) -> None:
    request.node.stash.setdefault(_USED, {})[key] = value


@pytest.fixture
def hokm_ruleset(request: pytest.FixtureRequest) -> Ruleset:
    """The ruleset under test: marker, then ``--hokm-variants``, then standard Hokm."""
    marker = request.node.get_closest_marker("hokm_variants")
    variants: tuple[Any, ...]
    options: Any = None
    if marker is not None:
        variants = tuple(marker.args)
        options = marker.kwargs.get("options")
        unknown = set(marker.kwargs) - {"options"}
        if unknown:
            raise pytest.UsageError(f"hokm_variants takes only options=..., not {sorted(unknown)}")
    else:
        given = request.config.getoption("--hokm-variants")
        variants = tuple(name.strip() for name in (given or "").split(",") if name.strip())
    rules = compose_quietly(variants, options)[0]
    _record(request, "ruleset", rules.describe())
    return rules


@pytest.fixture
def hokm_seed(request: pytest.FixtureRequest) -> int | str:
    """``--hokm-seed`` if given, else a stable seed derived from the test id."""
    given = request.config.getoption("--hokm-seed")
    seed: int | str
    if given is None:
        seed = zlib.crc32(request.node.nodeid.encode("utf-8"))
    else:
        seed = int(given) if str(given).lstrip("-").isdigit() else str(given)
    _record(request, "seed", repr(seed))
    return seed


@pytest.fixture
def hokm_match(hokm_ruleset: Ruleset, hokm_seed: int | str) -> MatchState:
    """A new match under ``hokm_ruleset``, seeded with ``hokm_seed``."""
    return hokm_ruleset.new_match(seed=hokm_seed)


@pytest.fixture
def hokm_hand(hokm_match: MatchState) -> HandState:
    """The first hand of ``hokm_match``, at the trump call."""
    return hokm_match.hand


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    used = item.stash.get(_USED, None)
    if used and report.failed:
        lines = [f"{key}: {value}" for key, value in sorted(used.items())]
        if "seed" in used:
            lines.append(f"rerun with: --hokm-seed={used['seed'].strip(chr(39))}")
        report.sections.append(("hokm", "\n".join(lines)))
    return report
