"""``RulesetMachine``: a Hypothesis state machine that plays whole matches and checks every invariant.

Requires ``hokm[testing]``. Subclass it, name your variants, and let pytest
collect its ``TestCase``::

    from hokm.testing import RulesetMachine

    class HouseRuleMachine(RulesetMachine):
        variants = ("seven-of-diamonds",)

    TestHouseRule = HouseRuleMachine.TestCase

Each run starts a match from a drawn seed and a drawn first deck, then
takes steps: one action, or the rest of the current hand. Every action is
drawn from the sorted legal actions, and every invariant of
:data:`hokm.testing.INVARIANTS` is checked after it. When a match ends a new
one starts. Hypothesis shrinks a failure to a short list of steps and prints
them with the :class:`~hokm.testing.InvariantViolation`.

Subclasses run 25 steps per example, with no deadline (Hypothesis's other
settings are untouched: ``max_examples`` comes from your profile). Tune a
machine with ``@settings(max_examples=20, stateful_step_count=10, deadline=None)``
on the subclass (keep ``deadline=None``: a whole run counts as one example),
or by assigning ``TestHouseRule.settings``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, precondition, rule

from hokm import Action, Card, MatchState, Ruleset, Variant
from hokm.testing.conformance import compose_quietly
from hokm.testing.invariants import MatchChecker, sorted_actions

__all__ = ["RulesetMachine"]

_RULESETS: dict[type, Ruleset] = {}
DEFAULT_STEPS = 25
"""``stateful_step_count`` of a subclass's ``TestCase`` unless you set one."""


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
        checker: (on an instance) the :class:`~hokm.testing.MatchChecker` of the match in play.
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
        # A step may play a whole hand, so 25 steps cover about a match; @settings(...) on the
        # subclass, or assigning TestCase.settings, replaces this default.
        case = cls.TestCase
        case.settings = settings(case.settings, stateful_step_count=DEFAULT_STEPS)

    def __init__(self) -> None:
        super().__init__()
        self.ruleset = self.compose_ruleset()
        self.checker: MatchChecker | None = None
        self.matches_finished = 0

    @classmethod
    def compose_ruleset(cls) -> Ruleset:
        """The ruleset under test (composed once per class)."""
        found = _RULESETS.get(cls)
        if found is None:
            found = _RULESETS[cls] = compose_quietly((*cls.variants, *cls.plugins),
                                                     cls.variant_options)[0]
        return found

    def _start(self, seed: int, deck: list[Card] | None) -> None:
        match: MatchState = self.ruleset.new_match(seed=seed, deck=deck)
        self.checker = MatchChecker(match, deck=deck, max_hands=self.max_hands,
                                    skip=self.skip_invariants, leak_swaps=self.leak_swaps)

    @initialize(seed=st.integers(0, 2**32 - 1), data=st.data())
    def deal(self, seed: int, data: st.DataObject) -> None:
        """Start a match from a drawn seed and a drawn first deck."""
        deck = data.draw(st.permutations(self.ruleset.deck), label="deck")
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
    @rule(data=st.data())
    def play_out_hand(self, data: st.DataObject) -> None:
        """Take actions until the current hand is over."""
        assert self.checker is not None
        number = self.checker.match.hand_number
        while not self.checker.match.is_over and self.checker.match.hand_number == number:
            match = self.checker.match
            action = data.draw(st.sampled_from(sorted_actions(match.legal_actions())),
                               label=f"seat {match.to_act}")
            self._apply(action)

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
