"""Declared indicator effects (hokm.IndicatorEffects): the values and their errors, that the engine
takes them without asking the hook, and that the testing kit catches a hook answering otherwise."""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs
import pytest

import hokm
from hokm import Action, Card, Effect, EffectScope, HandView, IndicatorEffects, Seat, Suit, cards, full_deck
from hokm.testing import check_turn_windows


@attrs.frozen
class Lay(Action):
    tag = "tests/indicator-lay"
    card: Card


@attrs.frozen
class TurnUp(Action):
    tag = "tests/indicator-turn-up"


@attrs.frozen
class Wave(Action):
    tag = "tests/indicator-wave"


LAY = tuple(Lay(card) for card in full_deck())
EFFECTS = IndicatorEffects(lay=LAY, turn_up=(TurnUp,))
NINE = Card.parse("9♦")


def test_the_declared_answers() -> None:
    assert EFFECTS.answer(Lay(NINE), trump=False, aside=()) == Effect(set_aside=NINE)
    assert EFFECTS.answer(Lay(NINE), trump=True, aside=cards("2♠ 3♠")) == Effect(set_aside=NINE)
    turned = Effect(trump=Suit.DIAMONDS, restore=NINE, show=(NINE,))
    assert EFFECTS.answer(TurnUp(), trump=False, aside=[NINE]) == turned
    assert EFFECTS.answer(TurnUp(), trump=True, aside=[NINE]) is None  # a trump already
    assert EFFECTS.answer(TurnUp(), trump=False, aside=()) is None  # nothing laid
    assert EFFECTS.answer(TurnUp(), trump=False, aside=cards("9♦ 2♠")) is None  # not one card
    assert EFFECTS.answer(Wave(), trump=False, aside=[NINE]) is None
    assert EFFECTS.actions == (Lay, TurnUp) and isinstance(EFFECTS, EffectScope)
    assert EFFECTS.covers(Lay(NINE)) and EFFECTS.covers(TurnUp()) and not EFFECTS.covers(Wave())
    assert IndicatorEffects(turn_up=(TurnUp,)).answer(Lay(NINE), trump=False, aside=()) is None
    assert IndicatorEffects(lay=LAY).actions == (Lay,)
    again = IndicatorEffects(lay=list(LAY), turn_up=[TurnUp])
    assert again == EFFECTS and hash(again) == hash(EFFECTS)


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    ({"lay": LAY[:51]}, hokm.InvalidArgumentError, "per card, 52 in index order (or none), got 51"),
    ({"lay": (*LAY[:51], LAY[0])}, hokm.InvalidArgumentError, "lay holds the same action for two cards"),
    ({"lay": "S"}, hokm.ArgumentTypeError, "lay must be a sequence of actions, got"),
    ({"lay": (*LAY[:51], 7)}, hokm.ArgumentTypeError, "lay must hold actions, got"),
    ({"turn_up": (TurnUp(),)}, hokm.ArgumentTypeError, "turn_up must hold Action classes, got TurnUp()"),
    ({"turn_up": TurnUp}, hokm.ArgumentTypeError, "turn_up must be a sequence of Action classes"),
    ({}, hokm.InvalidArgumentError, "must lay a card or turn one up"),
])
def test_bad_declarations_are_refused(kwargs: dict[str, Any], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        IndicatorEffects(**kwargs)


@attrs.define(eq=False)
class Marker(hokm.Variant):
    """The Hakem lays a card of his first five face down at the call (no trump then); any seat may
    turn it up on its lead in the first trick. ``declared``: the effects as data; ``lie``: the hook
    turns the card up without restoring it."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="indicator-marker", summary="tests only")
    declared: bool = True
    lie: bool = False
    asked: list[Action] = attrs.field(factory=list, init=False)

    @property
    def turn_windows(self) -> Mapping[str, Any]:
        return {"hokm_decision_effect": EFFECTS if self.declared else EffectScope((Lay, TurnUp))}

    @hokm.hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        return (*LAY, TurnUp())

    @hokm.hookimpl
    def hokm_trump_call(self, hand: HandView) -> Sequence[Action]:
        return tuple(Lay(card) for card in hand.dealt(hand.hakem)[:5])

    @hokm.hookimpl
    def hokm_turn_options(self, hand: HandView) -> Sequence[Action] | None:
        aside = hand.set_aside[hand.hakem]
        if hand.trump is None and len(aside) == 1 and not hand.current_trick.plays:
            return (TurnUp(),)
        return None

    @hokm.hookimpl
    def hokm_decision_effect(self, hand: HandView, seat: Seat, action: Action) -> Effect | None:
        self.asked.append(action)
        if isinstance(action, Lay):
            return Effect(set_aside=action.card)
        aside = hand.set_aside[hand.hakem]
        if isinstance(action, TurnUp) and hand.trump is None and len(aside) == 1:
            (card,) = aside
            return Effect(trump=card.suit, show=(card,)) if self.lie else Effect(
                trump=card.suit, restore=card, show=(card,))
        return None


@pytest.mark.parametrize("declared", [True, False])
def test_the_engine_takes_declared_effects_without_the_hook(declared: bool) -> None:
    plugin = Marker(declared=declared)
    hand = hokm.Ruleset.compose(plugin).deal(full_deck(), hakem=0)
    laid = hand.legal_actions()[0]
    assert isinstance(laid, Lay)
    hand = hand.apply(laid)
    assert hand.set_aside[0] == frozenset({laid.card}) and hand.trump is None
    hand = hand.apply(TurnUp())
    assert hand.trump is laid.card.suit and laid.card in hand.hand_of(0) and hand.shown == {laid.card}
    assert hand.trump_from == 0 and hand.decisions == ((0, laid), (0, TurnUp()))
    assert plugin.asked == ([] if declared else [laid, TurnUp()])
    check_turn_windows(hand)


def test_check_turn_windows_catches_a_hook_that_differs_from_its_declaration() -> None:
    liar = Marker(lie=True)
    hand = hokm.Ruleset.compose(liar).deal(full_deck(), hakem=0)
    hand = hand.apply(hand.legal_actions()[0])
    assert hand.apply(TurnUp()).hand_of(0) >= hand.set_aside[0]  # the engine restores, as declared
    with pytest.raises(hokm.PluginContractError) as caught:
        check_turn_windows(hand)
    text = str(caught.value)
    assert "plugin 'indicator-marker' broke the contract of hokm_decision_effect: it answered Effect(" in text
    assert "restore=None" in text and "declares Effect(trump=Suit.SPADES, set_aside=None" in text
    assert "(TurnUp() by the Hakem leading to trick 1, no trump yet)" in text


def test_only_the_effect_hook_takes_indicator_effects() -> None:
    class Misplaced(Marker):
        @property
        def turn_windows(self) -> Mapping[str, Any]:
            return {"hokm_turn_options": EFFECTS}

    with pytest.raises(hokm.RulesetError, match=r"\['hokm_turn_options'\] is .*not a hokm\.TurnWindow"):
        hokm.Ruleset.compose(Misplaced())


def test_hidden_trump_declares_its_effects() -> None:
    from hokm_variants.hidden_trump import AskTrump, RevealTrump, SetIndicator
    rules = hokm.Ruleset.compose("hidden-trump")
    (impl,) = rules._engine.effect_chain
    assert impl.effects is not None and impl.effects.turn_up == (AskTrump, RevealTrump)
    assert impl.effects.lay[NINE.index] == SetIndicator(NINE)
    for seed in range(10):  # and the hook agrees wherever its actions are offered
        hand = rules.deal(random.Random(seed))
        while not hand.is_over:
            check_turn_windows(hand)
            options = hand.legal_actions()
            hand = hand.apply(options[random.Random(seed + len(hand.plays)).randrange(len(options))])


@pytest.mark.parametrize("variants", [("hidden-trump",), ("hidden-trump", "redeal"), ("redeal",)])
def test_the_kernels_pick_at_a_declared_call_is_the_listed_option(variants: tuple[str, ...]) -> None:
    # Engine.call_choice picks as legal_actions() lists the call's options, without building them:
    # the chosen indicators in display order, then a redeal claim (offered on five low cards).
    rules = hokm.Ruleset.compose(*variants)
    engine = rules._engine
    low = cards("2♠ 3♥ 4♦ 5♣ 6♠")
    deck = [*low, *(card for card in full_deck() if card not in low)]
    claimed = 0
    for seed in range(12):
        hand = rules.deal(deck if seed == 0 else random.Random(seed), hakem=0)
        options = hand.legal_actions()
        claimed += any(type(action).__name__ == "ClaimRedeal" for action in options)
        for step in range(40):
            fraction = step / 40
            assert engine.call_choice(hand, functools.partial(float, fraction)) == options[
                int(fraction * len(options))]
    assert claimed >= (1 if "redeal" in variants else 0)
