"""The opt-in pytest plugin, run in a separate pytest session (``pytester``) as a user would."""

from __future__ import annotations

import importlib.metadata

import pytest

pytest_plugins = ["pytester"]

CONFTEST = 'pytest_plugins = ["hokm.testing.pytest_plugin"]\n'


def test_it_is_not_loaded_automatically() -> None:
    for point in importlib.metadata.entry_points(group="pytest11"):
        assert not point.value.startswith("hokm")


def test_fixtures_marker_and_options(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_rules='''
import pytest
import hokm

def test_default(hokm_ruleset):
    assert hokm_ruleset.describe() == "standard"

@pytest.mark.hokm_variants("clockwise", options={"standard": {"target": 3}})
def test_marker(hokm_ruleset, hokm_match, hokm_hand, hokm_seed):
    assert hokm_ruleset.describe() == "standard + clockwise"
    assert hokm_ruleset.options["standard"] == {"target": 3}
    assert hokm_match.ruleset is hokm_ruleset and hokm_match.seed == hokm_seed
    assert hokm_hand is hokm_match.hand and hokm_hand.trump is None

def test_seed_is_stable(hokm_seed, request):
    import zlib
    assert hokm_seed == zlib.crc32(request.node.nodeid.encode())
''')
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider", "--strict-markers")
    result.assert_outcomes(passed=3)


def test_command_line_options(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_rules='''
import pytest

def test_from_options(hokm_ruleset, hokm_seed):
    assert hokm_ruleset.variants == ("clockwise",)
    assert hokm_seed == "abc"

@pytest.mark.hokm_variants()
def test_marker_wins(hokm_ruleset, hokm_match):
    assert hokm_ruleset.variants == ()
    assert hokm_match.seed == "abc"
''')
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider", "--hokm-variants", "clockwise",
                                          "--hokm-seed", "abc")
    result.assert_outcomes(passed=2)


def test_a_failure_reports_ruleset_and_seed(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_rules='''
import pytest

@pytest.mark.hokm_variants("clockwise")
def test_fails(hokm_match):
    assert hokm_match.hand_number == 2
''')
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider", "--hokm-seed", "17")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*- hokm -*", "ruleset: standard + clockwise", "seed: 17",
                                 "rerun with: --hokm-seed=17"])


def test_bad_marker_arguments(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_rules='''
import pytest

@pytest.mark.hokm_variants("clockwise", option={})
def test_typo(hokm_ruleset):
    pass
''')
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*hokm_variants takes only options=*"])


def test_without_the_plugin_there_are_no_fixtures(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_rules='''
def test_needs(hokm_ruleset):
    pass
''')
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*fixture 'hokm_ruleset' not found*"])
