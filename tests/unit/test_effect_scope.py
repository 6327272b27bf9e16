"""Which ``hokm_decision_effect`` implementations are asked, and how often.

A plugin that declares actions in ``hokm_action_space`` is asked only about actions of those
classes (subclasses included); a plugin that declares none is asked about every action. An
implementation that takes only ``action``, ``trump`` and ``seat`` (no hand) is asked once per
distinct value and its answer kept. ``hokm.testing.check_turn_windows`` catches an effect a
plugin gives for an action it does not declare (the engine never asks it there).
"""

from __future__ import annotations

import collections
import random
from collections.abc import Sequence
from typing import ClassVar

import attrs
import pytest
from tests.helpers import stepped

import hokm
from hokm import Action, Effect, HandView, PluginContractError, Seat, Suit
from hokm.testing import check_turn_windows


@attrs.frozen
class Knock(Action):
    tag = "tests/scope-knock"


@attrs.frozen
class LoudKnock(Knock):
    tag = "tests/scope-loud-knock"


@attrs.frozen
class Shrug(Action):
    tag = "tests/scope-shrug"


@attrs.frozen
class Wave(Action):
    tag = "tests/scope-wave"


KNOCK, LOUD, SHRUG, WAVE = Knock(), LoudKnock(), Shrug(), Wave()


@attrs.define(eq=False)
class Knocker(hokm.Variant):
    """Offers a knock, a loud knock and a shrug to the Hakem on his leads (a table). A knock shows his
    first card dealt; a shrug is only recorded. Declares ``declares`` (by default the knock, not the
    shrug); ``lie``: the effect hook shows a
    card for a shrug too. ``asked`` records the actions its effect hook (reading the hand) is asked about."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="scoped-knocker", summary="tests only")
    declares: tuple[Action, ...] = (KNOCK,)
    lie: bool = False
    asked: list[Action] = attrs.field(factory=list, init=False)

    @hokm.hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        return self.declares

    @hokm.hookimpl
    def hokm_turn_options(self, lead: bool, hakem: bool) -> Sequence[Action] | None:
        return (KNOCK, LOUD, SHRUG) if lead and hakem else None

    @hokm.hookimpl
    def hokm_decision_effect(self, hand: HandView, seat: Seat, action: Action) -> Effect | None:
        self.asked.append(action)
        if isinstance(action, Knock) or (self.lie and isinstance(action, Shrug)):
            return Effect(show=(hand.dealt(seat)[0],))
        return None


@attrs.define(eq=False)
class Waver(hokm.Variant):
    """Offers a wave to the other seats on their leads (a table); the wave shows the waver's first
    card. Declares the wave. ``asked`` records the actions its effect hook is asked about."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="waver", summary="tests only")
    asked: list[Action] = attrs.field(factory=list, init=False)

    @hokm.hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        return (WAVE,)

    @hokm.hookimpl
    def hokm_turn_options(self, lead: bool, hakem: bool) -> Sequence[Action] | None:
        return (WAVE,) if lead and not hakem else None

    @hokm.hookimpl
    def hokm_decision_effect(self, hand: HandView, seat: Seat, action: Action) -> Effect | None:
        self.asked.append(action)
        return Effect(show=(hand.dealt(seat)[0],)) if isinstance(action, Wave) else None


@attrs.define(eq=False)
class Watcher(hokm.Variant):
    """Declares no action: asked about every action (and answers nothing)."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="watcher", summary="tests only")
    asked: list[Action] = attrs.field(factory=list, init=False)

    @hokm.hookimpl
    def hokm_decision_effect(self, hand: HandView, action: Action) -> Effect | None:
        self.asked.append(action)
        return None


def _announced(rules: hokm.Ruleset, seeds: range) -> list[hokm.HandState]:
    """Stepped hands (the announcements taken where the walk draws them) and their playouts."""
    hands = []
    for seed in seeds:
        start = rules.deal(random.Random(seed), hakem=seed % 4)
        hands += [stepped(start, seed), start.playout(random.Random(seed))]
    return hands


# Who is asked ----------------------------------------------------------------------------------


def test_a_declaring_plugin_is_asked_only_about_its_own_classes_and_a_silent_one_about_all() -> None:
    knocker, waver, watcher = Knocker(), Waver(), Watcher()
    rules = hokm.Ruleset.compose(knocker, waver, watcher)
    hands = _announced(rules, range(30))
    taken = collections.Counter(type(action) for hand in hands for _, action in hand.decisions)
    assert taken[Knock] and taken[LoudKnock] and taken[Shrug] and taken[Wave]
    assert {type(action) for action in knocker.asked} == {Knock, LoudKnock}  # a subclass too; no shrug
    assert {type(action) for action in waver.asked} == {Wave}
    assert {type(action) for action in watcher.asked} == {Knock, LoudKnock, Shrug, Wave}
    assert len(watcher.asked) == sum(taken.values())  # asked at every decision (it answers nothing)
    for hand in hands:  # each effect applied: the announcer's first card shown
        expected = {hand.dealt(seat)[0] for seat, action in hand.decisions if not isinstance(action, Shrug)}
        assert hand.shown == expected


@pytest.mark.parametrize("declares", [(KNOCK,), ()], ids=["knock-declared", "nothing-declared"])
def test_an_action_outside_the_declaration_is_only_recorded(declares: tuple[Action, ...]) -> None:
    plugin = Knocker(declares=declares, lie=True)
    hand = hokm.Ruleset.compose(plugin).deal(random.Random(2), hakem=0).apply(hokm.CallTrump(Suit.CLUBS))
    shrugged = hand.apply(SHRUG)
    assert shrugged.decisions == ((0, SHRUG),)
    # Declaring the knock only, the shrug is none of its business, so its (lying) answer never
    # counts; declaring nothing, it is asked about every action, and its answer shows the card.
    assert bool(shrugged.shown) is not bool(declares)
    assert plugin.asked == ([] if declares else [SHRUG])
    knocked = hand.apply(KNOCK)
    assert knocked.shown == frozenset({hand.dealt(0)[0]}) and plugin.asked[-1] == KNOCK


def test_check_turn_windows_catches_an_effect_for_an_undeclared_action() -> None:
    liar = Knocker(lie=True)
    hand = hokm.Ruleset.compose(liar).deal(random.Random(2), hakem=0).apply(hokm.CallTrump(Suit.CLUBS))
    with pytest.raises(PluginContractError) as caught:
        check_turn_windows(hand)
    text = str(caught.value)
    assert "plugin 'scoped-knocker' broke the contract of hokm_decision_effect: it answered Effect(" in text
    assert "for Shrug(), an action it does not declare in hokm_action_space" in text
    assert "leading to trick 1" in text
    assert (caught.value.plugin, caught.value.hook) == ("scoped-knocker", "hokm_decision_effect")
    check_turn_windows(hokm.Ruleset.compose(Knocker()).deal(random.Random(2), hakem=0).apply(
        hokm.CallTrump(Suit.CLUBS)))  # the honest hook passes


def test_the_bundled_declarations_keep_each_variant_to_its_own_actions() -> None:
    from hokm_variants.hidden_trump import AskTrump, RevealTrump, SetIndicator
    from hokm_variants.redeal import ClaimRedeal, DeclineRedeal
    from hokm_variants.troefcall import Capitulate

    def chain(rules: hokm.Ruleset, kind: type[Action]) -> list[str]:
        return [impl.plugin for impl in rules._engine.decisions._effect_chain(kind)]

    troefcall = hokm.Ruleset.compose("troefcall", Waver())
    assert chain(troefcall, Capitulate) == ["troefcall"] and chain(troefcall, hokm.PlayOn) == ["troefcall"]
    assert chain(troefcall, Wave) == ["waver"]
    hidden = hokm.Ruleset.compose("hidden-trump", "redeal")
    for kind in (SetIndicator, AskTrump, RevealTrump):
        assert chain(hidden, kind) == ["hidden-trump"]
    assert chain(hidden, ClaimRedeal) == chain(hidden, DeclineRedeal) == ["redeal"]
    assert chain(hidden, hokm.PlayOn) == [] and chain(hidden, Knock) == []


# How often an implementation without the hand is asked -----------------------------------------


@attrs.define(eq=False)
class KeptKnocker(hokm.Variant):
    """Offers a knock and a shrug to every leader (a table). Its effect takes only ``action`` and
    ``trump``: an empty effect for a knock. ``asked`` records each call."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="kept-knocker", summary="tests only")
    asked: list[tuple[Action, Suit | None, int | None]] = attrs.field(factory=list, init=False)

    @hokm.hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        return (KNOCK, SHRUG)

    @hokm.hookimpl
    def hokm_turn_options(self, lead: bool) -> Sequence[Action] | None:
        return (KNOCK, SHRUG) if lead else None

    @hokm.hookimpl
    def hokm_decision_effect(self, action: Action, trump: Suit | None) -> Effect | None:
        self.asked.append((action, trump, None))
        return Effect() if isinstance(action, Knock) else None


@attrs.define(eq=False)
class SeatKnocker(KeptKnocker):
    """``KeptKnocker`` whose effect (through ``specname``) takes the seat and the action."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="seat-knocker", summary="tests only")

    @hokm.hookimpl
    def hokm_decision_effect(self, action: Action, trump: Suit | None) -> Effect | None:
        return None  # (replaced by the one below, which takes the seat too)

    @hokm.hookimpl(specname="hokm_decision_effect")
    def by_seat(self, seat: Seat, action: Action) -> Effect | None:
        self.asked.append((action, None, seat))
        return None


@pytest.mark.parametrize("plugin_type", [KeptKnocker, SeatKnocker])
def test_an_effect_without_the_hand_is_asked_once_per_distinct_value(plugin_type: type[KeptKnocker]) -> None:
    plugin = plugin_type()
    rules = hokm.Ruleset.compose(plugin)
    assert plugin.asked == []  # actions are not a fixed range: asked as they are first taken
    taken: collections.Counter[tuple[Action, Suit | None, int]] = collections.Counter()
    for hand in _announced(rules, range(40)):
        for (seat, action), _ in zip(hand.decisions, hand.decisions_at, strict=True):
            if not isinstance(action, hokm.CallTrump):
                taken[action, hand.trump, seat] += 1
    asked = collections.Counter(plugin.asked)
    assert sum(taken.values()) > 2 * len(asked) > 0  # many decisions, few calls
    assert set(asked.values()) == {1}  # each distinct value once
    if plugin_type is KeptKnocker:
        assert set(asked) == {(action, trump, None) for action, trump, _ in taken}
    else:
        assert set(asked) == {(action, None, seat) for action, _, seat in taken}


def _bad_effect_plugin(takes_hand: bool) -> hokm.Variant:
    class BadEffect(KeptKnocker):
        info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="bad-effect", summary="tests only")

        @hokm.hookimpl
        def hokm_decision_effect(self, action: Action, trump: Suit | None) -> Effect | None:
            return "shown" if isinstance(action, Knock) and not takes_hand else None  # type: ignore[return-value]

        @hokm.hookimpl(specname="hokm_decision_effect")
        def by_hand(self, hand: HandView, action: Action) -> Effect | None:
            return "shown" if isinstance(action, Knock) and takes_hand else None  # type: ignore[return-value]

    return BadEffect()


@pytest.mark.parametrize("takes_hand", [False, True], ids=["by-action", "by-hand"])
def test_an_effect_that_is_not_an_effect_is_refused_when_the_action_is_taken(takes_hand: bool) -> None:
    rules = hokm.Ruleset.compose(_bad_effect_plugin(takes_hand))
    hand = rules.deal(random.Random(2), hakem=0).apply(hokm.CallTrump(Suit.CLUBS))
    assert hand.apply(SHRUG).decisions == ((0, SHRUG),)
    with pytest.raises(PluginContractError, match="returned 'shown', not an Effect") as caught:
        hand.apply(KNOCK)
    assert (caught.value.plugin, caught.value.hook) == ("bad-effect", "hokm_decision_effect")
    with pytest.raises(PluginContractError, match="returned 'shown', not an Effect"):  # and playouts
        for seed in range(40):
            rules.deal(random.Random(seed), hakem=seed % 4).playout(random.Random(seed))
