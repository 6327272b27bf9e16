"""``RulesetMachine``: subclasses play matches under their variants and plugins."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test
from tests.testing.broken import Harmless, HatesClockwise, Moody, NoPoints, OffTableWinner

import hokm
from hokm.testing import InvariantViolation, RulesetMachine
from hokm.testing.machine import DEFAULT_PHASES, DEFAULT_STEPS

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
    assert HarmlessMachine.compose_ruleset() == rules
    assert HarmlessMachine.compose_ruleset().plugins[-1][1] is not HarmlessMachine.plugins[0]  # a copy


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
    assert ClockwiseMachine.TestCase.settings.deadline is None
    assert DecoratedMachine.TestCase.settings.stateful_step_count == 5
    assert DecoratedMachine.TestCase.settings.max_examples == 3
    DecoratedMachine.TestCase().runTest()


def test_a_ruleset_that_does_not_compose() -> None:
    class Refused(RulesetMachine):
        variants = ("clockwise",)
        plugins = (HatesClockwise(),)

    with pytest.raises(hokm.VariantConflictError, match="play must pass to the right"):
        Refused()


def test_failures_report_in_seconds_not_minutes() -> None:
    # Explaining a failure replays the shrunk run many times over (160 of 202 seconds on a broken
    # plugin), and each further distinct failure is shrunk on its own: neither by default.
    defaults = ClockwiseMachine.TestCase.settings
    assert Phase.explain not in defaults.phases
    assert {Phase.generate, Phase.shrink} <= set(defaults.phases)
    assert defaults.report_multiple_bugs is False
    assert tuple(phase for phase in Phase if phase is not Phase.explain) == DEFAULT_PHASES
    # Turning explain back on, as the docs show, keeps the other defaults.
    explaining = settings(defaults, phases=list(Phase))
    assert Phase.explain in explaining.phases and explaining.stateful_step_count == DEFAULT_STEPS

    class Broken(RulesetMachine):
        plugins = (OffTableWinner(),)

    # A broken plugin's machine with its own defaults (shrinking included) reports one failure.
    assert Broken.TestCase.settings.phases == defaults.phases
    quick = settings(Broken.TestCase.settings, max_examples=20, database=None, derandomize=True)
    with pytest.raises(InvariantViolation) as caught:
        run_state_machine_as_test(Broken, settings=quick)
    assert caught.value.invariant == "hook-contract"
    assert len(caught.value.history) <= 5  # shrunk to the first trick


def test_a_failure_over_many_hands_shrinks_to_a_few_steps() -> None:
    # A hand played out is one drawn seed, not one draw per action, and the drawn deck can be
    # left out: a match that never ends shrinks to three steps (it took minutes a hand a draw).
    class Endless(RulesetMachine):
        plugins = (NoPoints(),)
        max_hands = 3

    quick = settings(Endless.TestCase.settings, max_examples=20, database=None, derandomize=True)
    with pytest.raises(InvariantViolation) as caught:
        run_state_machine_as_test(Endless, settings=quick)
    assert caught.value.invariant == "match-winner" and caught.value.hand_number == 3
    steps = getattr(caught.value, "__notes__", [])
    assert "Draw 1 (deck): None" in steps
    assert [step for step in steps if step.startswith("state.play_out_hand(")] == [
        "state.play_out_hand(seed=0)"] * 3


def test_the_profiles_phases_are_kept_but_explain() -> None:
    # A subclass is defined under a profile that skips shrinking but explains.
    settings.register_profile("kit-test-no-shrink", settings.default,
                              phases=[Phase.explicit, Phase.generate, Phase.explain])
    previous = settings.get_current_profile_name()
    settings.load_profile("kit-test-no-shrink")
    try:
        class Profiled(RulesetMachine):
            variants = ("clockwise",)
    finally:
        settings.load_profile(previous)
    assert tuple(Profiled.TestCase.settings.phases) == (Phase.explicit, Phase.generate)


STARTS: list[tuple[Moody, int]] = []


class MoodyMachine(RulesetMachine):
    plugins = (Moody(),)
    skip_invariants = ("deterministic", "no-leak")

    def __init__(self) -> None:
        super().__init__()
        plugin = self.ruleset.plugins[-1][1]
        assert isinstance(plugin, Moody)
        STARTS.append((plugin, plugin.calls))


SHARED: list[hokm.Ruleset] = []


class SharingMachine(HarmlessMachine):
    def __init__(self) -> None:
        super().__init__()
        SHARED.append(self.ruleset)


def test_every_run_starts_from_fresh_plugins() -> None:
    # A plugin that keeps state (Moody counts calls) gets a fresh copy for every run, so a run
    # never inherits the state an earlier run left; stateless plugins share one ruleset.
    STARTS.clear()
    run_state_machine_as_test(MoodyMachine, settings=settings(QUICK, stateful_step_count=6))
    assert len(STARTS) >= 8
    assert {calls for _, calls in STARTS} == {0}
    assert len({id(plugin) for plugin, _ in STARTS}) == len(STARTS)  # all kept alive: ids differ
    assert MoodyMachine.plugins[0].calls == 0  # the class's own instance is never played
    SHARED.clear()
    run_state_machine_as_test(SharingMachine, settings=QUICK)
    assert len(SHARED) >= 8 and all(ruleset is SHARED[0] for ruleset in SHARED)
