"""``RulesetMachine``: subclasses play matches under their variants and plugins."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test
from tests.testing.broken import Harmless, HatesClockwise

import hokm
from hokm.testing import RulesetMachine
from hokm.testing.machine import DEFAULT_STEPS

QUICK = settings(max_examples=8, stateful_step_count=12, deadline=None, database=None,
                 suppress_health_check=list(HealthCheck))


class ClockwiseMachine(RulesetMachine):
    variants = ("clockwise",)


class HarmlessMachine(RulesetMachine):
    plugins = (Harmless(),)
    variant_options: ClassVar[Mapping[str, Mapping[str, Any]]] = {"standard": {"target": 3}}
    max_hands = 200


@settings(max_examples=3, stateful_step_count=5, deadline=None, database=None)
class DecoratedMachine(RulesetMachine):
    variants = ("clockwise",)


def test_a_named_variant() -> None:
    run_state_machine_as_test(ClockwiseMachine, settings=QUICK)
    assert ClockwiseMachine.compose_ruleset().describe() == "standard + clockwise"


def test_plugin_instances_and_options() -> None:
    run_state_machine_as_test(HarmlessMachine, settings=QUICK)
    rules = HarmlessMachine.compose_ruleset()
    assert rules.describe() == "standard + harmless"
    assert rules.options["standard"] == {"target": 3}
    assert HarmlessMachine.compose_ruleset() is rules  # composed once per class


FINISHED: list[int] = []


class CountingMachine(HarmlessMachine):
    def teardown(self) -> None:
        FINISHED.append(self.matches_finished)
        super().teardown()


def test_matches_are_played_to_the_end() -> None:
    FINISHED.clear()
    run_state_machine_as_test(CountingMachine, settings=settings(QUICK, stateful_step_count=25))
    assert max(FINISHED) >= 1  # runs play matches (to 3 points) to the end


def test_settings_defaults_and_overrides() -> None:
    assert ClockwiseMachine.TestCase.settings.stateful_step_count == DEFAULT_STEPS
    assert DecoratedMachine.TestCase.settings.stateful_step_count == 5
    assert DecoratedMachine.TestCase.settings.max_examples == 3
    DecoratedMachine.TestCase().runTest()


def test_a_ruleset_that_does_not_compose() -> None:
    class Refused(RulesetMachine):
        variants = ("clockwise",)
        plugins = (HatesClockwise(),)

    with pytest.raises(hokm.VariantConflictError, match="play must pass to the right"):
        Refused()
