"""``RulesetMachine``: a Hypothesis state machine that plays whole matches and checks every invariant.

Requires ``hokm[testing]``. Subclass it, name your variants, and let pytest
collect its ``TestCase``::

    from hokm.testing import RulesetMachine

    class HouseRuleMachine(RulesetMachine):
        variants = ("seven-of-diamonds",)

    TestHouseRule = HouseRuleMachine.TestCase

Each run starts a match from a drawn seed and, in about half the runs, a
drawn first deck, then takes steps: one action drawn from the sorted legal
actions, or the rest of the current hand played at random from a drawn seed.
Every invariant of ``hokm.testing.INVARIANTS`` is checked after every
action. When a match ends a new one starts. Hypothesis shrinks a failure to a
short list of steps and prints them with the
``InvariantViolation``.

A subclass's ``TestCase`` starts from these settings (the rest, ``max_examples``
for one, come from your Hypothesis profile):

* ``stateful_step_count=25`` (``DEFAULT_STEPS``): a step may play a whole hand;
* ``deadline=None``: a whole run counts as one example;
* ``phases``: your profile's without ``Phase.explain`` (``DEFAULT_PHASES``).
  Explaining replays the shrunk run many times over, each replay whole matches, and
  took most of the time to report a failure (160 of 202 seconds on a broken
  plugin); with it off a failure reports in seconds;
* ``report_multiple_bugs=False``: the first failure found is shrunk and reported.
  A broken plugin often breaks several invariants, and shrinking each separately
  (a ``match-winner`` failure replays whole matches) takes minutes.

Change them on top of the kit's defaults by assigning the test case's settings::

    from hypothesis import Phase, settings

    TestHouseRule = HouseRuleMachine.TestCase
    TestHouseRule.settings = settings(TestHouseRule.settings, max_examples=200)
    # explain a failure again (slow: minutes rather than seconds):
    # TestHouseRule.settings = settings(TestHouseRule.settings, phases=list(Phase))

A ``@settings(...)`` decorator on the subclass works too, but like any
decorator it replaces every default above with Hypothesis's own; pass
``stateful_step_count=DEFAULT_STEPS, deadline=None, phases=DEFAULT_PHASES,
report_multiple_bugs=False`` in it to keep them.

Every run starts from plugins in their first state. The ruleset is composed
with copies of ``plugins`` (``copy.deepcopy``) and shared by the runs while no
plugin's state changes; once one does (a hook that keeps state), every run gets
a ruleset of its own, with fresh copies. So the state cannot carry over from one
run to the next: within a run the checker reports it as ``deterministic``, and
Hypothesis sees a failure it can reproduce, not a "flaky" test.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Mapping
from typing import Any, ClassVar

from hypothesis import Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, precondition, rule

from hokm import Action, Card, MatchState, Ruleset, Variant
from hokm.testing.conformance import compose_quietly
from hokm.testing.invariants import MatchChecker, sorted_actions

__all__ = ["DEFAULT_PHASES", "DEFAULT_STEPS", "RulesetMachine"]

DEFAULT_STEPS = 25
"""``stateful_step_count`` of a subclass's ``TestCase`` unless you set one."""
DEFAULT_PHASES: tuple[Phase, ...] = tuple(phase for phase in Phase if phase is not Phase.explain)
"""Every Hypothesis phase but ``Phase.explain`` (the ``TestCase`` default drops it from your profile's)."""

_SHARED: dict[type, tuple[Ruleset, tuple[bytes, ...]]] = {}
"""Per machine class: the ruleset its runs share, and its plugins' state (pickled) when composed."""
_STATEFUL: set[type] = set()
"""Machine classes whose plugins keep (or may keep) state: every run composes its own ruleset."""


def _state(ruleset: Ruleset) -> tuple[bytes, ...] | None:
    """Every plugin's state, pickled (``None`` if one cannot be pickled: its state is unknown)."""
    try:
        return tuple(pickle.dumps(plugin) for _, plugin in ruleset.plugins)
    except Exception:
        return None


def _ruleset_for_run(machine: type[RulesetMachine]) -> Ruleset:
    """The class's shared ruleset while its plugins are as composed, else a fresh one."""
    if machine not in _STATEFUL:
        shared = _SHARED.get(machine)
        if shared is None:
            ruleset = machine.compose_ruleset()
            state = _state(ruleset)
            if state is not None:
                _SHARED[machine] = (ruleset, state)
                return ruleset
        elif _state(shared[0]) == shared[1]:
            return shared[0]
        _STATEFUL.add(machine)  # a plugin changed in an earlier run (or cannot be compared)
        _SHARED.pop(machine, None)
    return machine.compose_ruleset()


def _fresh(plugin: Variant) -> Variant:
    """A deep copy of ``plugin`` (the plugin itself if it cannot be copied)."""
    try:
        return copy.deepcopy(plugin)
    except Exception:
        return plugin


def _playing(machine: RulesetMachine) -> bool:
    return machine.checker is not None and not machine.checker.match.is_over


def _finished(machine: RulesetMachine) -> bool:
    return machine.checker is not None and machine.checker.match.is_over


class RulesetMachine(RuleBasedStateMachine):
    """Plays matches under ``standard + variants + plugins``; subclass and set the class attributes.

    Attributes:
        variants: installed variant names, in composition order.
        plugins: plugin instances added after ``variants`` (for plugins that are not installed).
        variant_options: options per variant name, as for ``Ruleset.compose``.
        max_hands: a match still going after this many hands breaks ``match-winner``.
        skip_invariants: names of invariants not to check.
        leak_swaps: card swaps compared at the end of every hand (``no-leak``).
        ruleset: (on an instance) the composed ruleset.
        checker: (on an instance) the ``MatchChecker`` of the match in play.
        matches_finished: (on an instance) matches played to the end in this run.
    """

    variants: ClassVar[tuple[str, ...]] = ()
    plugins: ClassVar[tuple[Variant, ...]] = ()
    variant_options: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    max_hands: ClassVar[int] = 1000
    skip_invariants: ClassVar[tuple[str, ...]] = ()
    leak_swaps: ClassVar[int] = 1

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # A step may play a whole hand, so 25 steps cover about a match. No explain phase and one
        # reported failure, so a failure reports in seconds (see the module docstring); assigning
        # TestCase.settings changes these, and @settings(...) on the subclass replaces them.
        case = cls.TestCase
        case.settings = settings(
            case.settings, stateful_step_count=DEFAULT_STEPS, report_multiple_bugs=False,
            phases=[phase for phase in case.settings.phases if phase is not Phase.explain])

    def __init__(self) -> None:
        super().__init__()
        self.ruleset = _ruleset_for_run(type(self))
        self.checker: MatchChecker | None = None
        self.matches_finished = 0

    @classmethod
    def compose_ruleset(cls) -> Ruleset:
        """The ruleset under test: ``standard + variants`` and copies of ``plugins``, composed now.

        Runs share one while no plugin's state changes, and compose their own once one
        does (see the module docstring). A plugin that cannot be copied is used as it is.
        """
        return compose_quietly((*cls.variants, *map(_fresh, cls.plugins)), cls.variant_options)[0]

    def _start(self, seed: int, deck: list[Card] | None) -> None:
        match: MatchState = self.ruleset.new_match(seed=seed, deck=deck)
        self.checker = MatchChecker(match, deck=deck, max_hands=self.max_hands,
                                    skip=self.skip_invariants, leak_swaps=self.leak_swaps)

    @initialize(seed=st.integers(0, 2**32 - 1), data=st.data())
    def deal(self, seed: int, data: st.DataObject) -> None:
        """Start a match from a drawn seed and, in about half the runs, a drawn first deck.

        Without a deck the seed deals. Shrinking drops a drawn deck when the failure does not
        need it: shrinking the 52 cards' order replays the run hundreds of times.
        """
        deck = data.draw(st.none() | st.permutations(self.ruleset.deck), label="deck")
        self._start(seed, deck)

    @precondition(_playing)
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        """Take one action, drawn from the sorted legal actions."""
        assert self.checker is not None
        match = self.checker.match
        action = data.draw(st.sampled_from(sorted_actions(match.legal_actions())),
                           label=f"seat {match.to_act}")
        self._apply(action)

    @precondition(_playing)
    @rule(seed=st.integers(0, 2**32 - 1))
    def play_out_hand(self, seed: int) -> None:
        """Take actions until the current hand is over, at random among the legal ones, from ``seed``.

        One drawn number for the whole hand rather than one per action: a failure that needs many
        hands (a match that never ends) then shrinks in seconds, not minutes. ``act`` steps are
        where Hypothesis picks single actions.
        """
        assert self.checker is not None
        rng = random.Random(seed)
        number = self.checker.match.hand_number
        while not self.checker.match.is_over and self.checker.match.hand_number == number:
            legal = sorted_actions(self.checker.match.legal_actions())
            self._apply(legal[rng.randrange(len(legal))])

    def _apply(self, action: Action) -> None:
        assert self.checker is not None
        if self.checker.apply(action).is_over:
            self.matches_finished += 1

    @precondition(_finished)
    @rule(seed=st.integers(0, 2**32 - 1))
    def new_match(self, seed: int) -> None:
        """The match is over: start another (dealt from its seed)."""
        self._start(seed, None)

    def teardown(self) -> None:
        # The end-of-run checks of the match in progress: no leak in this hand, same replay.
        if self.checker is not None:
            self.checker.finish()
