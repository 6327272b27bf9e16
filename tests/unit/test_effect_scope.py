"""Declared decision-effect scopes (hokm.EffectScope): the values, that the engine asks a scoped
hook only for its own actions, and that the testing kit catches a hook answering outside its scope."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs
import pytest

import hokm
from hokm import Action, Effect, EffectScope, HandView, Seat, TurnWindow
from hokm.testing import check_turn_windows


@attrs.frozen
class Knock(Action):
    tag = "tests/scope-knock"


@attrs.frozen
class Shrug(Action):
    tag = "tests/scope-shrug"


@attrs.define(eq=False)
class Knocker(hokm.Variant):
    """Offers a knock and a shrug to the Hakem on his first lead. A knock shows his first card
    dealt; a shrug is only recorded. ``scope``: declare the knock as the only action with an
    effect; ``lie``: the hook shows a card for a shrug too. ``asked`` records the actions asked about.
    """

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="scoped-knocker", summary="tests only")
    scope: bool = True
    lie: bool = False
    asked: list[Action] = attrs.field(factory=list, init=False)

    @property
    def turn_windows(self) -> Mapping[str, Any]:
        return {"hokm_decision_effect": EffectScope((Knock,))} if self.scope else {}

    @hokm.hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        return (Knock(), Shrug())

    @hokm.hookimpl
    def hokm_turn_options(self, hand: HandView) -> Sequence[Action] | None:
        if hand.tricks_played or hand.current_trick.plays or hand.to_act != hand.hakem:
            return None
        return (Knock(), Shrug())

    @hokm.hookimpl
    def hokm_decision_effect(self, hand: HandView, seat: Seat, action: Action) -> Effect | None:
        self.asked.append(action)
        if isinstance(action, Knock) or (self.lie and isinstance(action, Shrug)):
            return Effect(show=(hand.dealt(seat)[0],))
        return None


def test_effect_scope_values() -> None:
    scope = EffectScope([Knock])
    assert scope.actions == (Knock,)  # any sequence, kept as a tuple
    assert scope.covers(Knock()) and not scope.covers(Shrug())
    assert EffectScope((Action,)).covers(Shrug())  # subclasses are covered


@pytest.mark.parametrize(("value", "error", "fragment"), [
    (Knock, hokm.ArgumentTypeError, "EffectScope() actions must be a sequence of Action classes, got"),
    ((Knock(),), hokm.ArgumentTypeError, "EffectScope() actions must hold Action classes, got Knock()"),
    ((int,), hokm.ArgumentTypeError, "EffectScope() actions must hold Action classes, got"),
    ((), hokm.InvalidArgumentError, "EffectScope() actions must name at least one Action class"),
])
def test_effect_scope_refuses_what_is_not_action_classes(value: object, error: type[Exception],
                                                         fragment: str) -> None:
    with pytest.raises(error) as caught:
        EffectScope(value)
    assert fragment in str(caught.value)


def test_only_the_effect_hook_takes_a_scope() -> None:
    class Misplaced(Knocker):
        @property
        def turn_windows(self) -> Mapping[str, Any]:
            return {"hokm_turn_options": EffectScope((Knock,))}

    with pytest.raises(hokm.RulesetError, match=r"\['hokm_turn_options'\] is .*not a hokm\.TurnWindow"):
        hokm.Ruleset.compose(Misplaced())

    class Windowed(Knocker):
        @property
        def turn_windows(self) -> Mapping[str, Any]:
            return {"hokm_decision_effect": TurnWindow()}

    with pytest.raises(hokm.RulesetError, match=r"\['hokm_decision_effect'\] is .*not a hokm\.EffectScope"):
        hokm.Ruleset.compose(Windowed())


@pytest.mark.parametrize("scope", [True, False])
def test_a_scoped_hook_is_asked_only_for_its_own_actions(scope: bool) -> None:
    plugin = Knocker(scope=scope)
    start = hokm.Ruleset.compose(plugin).deal(random.Random(2), hakem=0)
    start = start.apply(hokm.CallTrump(hokm.Suit.CLUBS))
    shrugged = start.apply(Shrug())
    assert shrugged.decisions == ((0, Shrug()),) and not shrugged.shown  # only recorded
    assert plugin.asked == ([] if scope else [Shrug()])
    knocked = start.apply(Knock())
    assert knocked.shown == frozenset({start.dealt(0)[0]}) and plugin.asked[-1] == Knock()
    for seed in range(20):  # playouts likewise
        plugin.asked.clear()
        played = start.playout(random.Random(seed))
        assert all(isinstance(action, Knock) for action in plugin.asked) or not scope
        assert played.shown == (frozenset({start.dealt(0)[0]}) if (0, Knock()) in played.decisions
                                else frozenset())


def test_check_turn_windows_catches_an_effect_outside_the_scope() -> None:
    liar = Knocker(lie=True)
    hand = hokm.Ruleset.compose(liar).deal(random.Random(2), hakem=0).apply(hokm.CallTrump(hokm.Suit.CLUBS))
    assert not hand.apply(Shrug()).shown  # the engine does not ask: nothing shown
    with pytest.raises(hokm.PluginContractError) as caught:
        check_turn_windows(hand)
    text = str(caught.value)
    assert "plugin 'scoped-knocker' broke the contract of hokm_decision_effect: it answered Effect(" in text
    assert "for Shrug(), outside its EffectScope(actions=(" in text and "leading to trick 1" in text
    check_turn_windows(hokm.Ruleset.compose(Knocker()).deal(random.Random(2), hakem=0).apply(
        hokm.CallTrump(hokm.Suit.CLUBS)))  # the honest hook passes


def test_the_bundled_scopes_spare_the_hook_calls() -> None:
    # Troefcall's kap and capitulation answers, redeal's decline, and each variant's actions in
    # the others' hooks: no implementation is asked.
    def chain(rules: hokm.Ruleset, action: Action) -> list[str]:
        rules._engine.decision_effect(rules.deal(random.Random(1), hakem=0), 0, action)  # fills the cache
        return [impl.plugin for impl in rules._engine._effect_chains[action.__class__]]

    from hokm_variants.hidden_trump import AskTrump, SetIndicator
    from hokm_variants.redeal import ClaimRedeal, DeclineRedeal
    from hokm_variants.troefcall import Capitulate

    troefcall = hokm.Ruleset.compose("troefcall")
    assert chain(troefcall, Capitulate(False)) == [] and chain(troefcall, hokm.PlayOn(True)) == []
    hidden = hokm.Ruleset.compose("hidden-trump", "redeal")
    assert chain(hidden, AskTrump()) == ["hidden-trump"]
    assert chain(hidden, ClaimRedeal()) == ["redeal"] and chain(hidden, DeclineRedeal()) == []
    card = hokm.Card.parse("2♠")
    assert chain(hidden, SetIndicator(card)) == ["hidden-trump"]
