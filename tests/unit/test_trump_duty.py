"""TrumpDuty: hokm_restrict_plays' answer declared as data, applied without asking the hook."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs
import pytest

import hokm
from hokm import Action, Card, HandView, PlayContext, PluginContractError, RulesetError, TrumpDuty, TurnOffers
from hokm.testing import check_turn_windows


@attrs.frozen
class Shout(Action):
    tag = "tests/shout"


@attrs.frozen
class Whisper(Action):
    tag = "tests/whisper"


@attrs.define(eq=False)
class Shouter(hokm.Variant):
    """Any seat may shout on its lead, then must lead a trump if it holds one; ``lies``: the hook
    answers ``None`` instead (breaking the declared duty)."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="shouter", summary="tests only")
    lies: bool = False
    asked: int = attrs.field(default=0, init=False)

    @property
    def turn_windows(self) -> Mapping[str, Any]:
        return {"hokm_turn_options": TurnOffers(lead=(Shout(),), hakem_lead=(Shout(),)),
                "hokm_restrict_plays": TrumpDuty(after=(Shout,))}

    @hokm.hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        return (Shout(),)

    @hokm.hookimpl
    def hokm_turn_options(self, hand: HandView) -> Sequence[Action] | None:
        return None if hand.current_trick.plays else (Shout(),)

    @hokm.hookimpl
    def hokm_restrict_plays(self, ctx: PlayContext) -> frozenset[Card] | None:
        self.asked += 1
        if self.lies or not isinstance(ctx.announced, Shout) or ctx.trump is None:
            return None
        return ctx.cards_of(ctx.trump) or None


class Other(hokm.Variant):
    """A second legality rule that never narrows anything (so the duty's hook is asked)."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="other-rule", summary="tests only")

    @hokm.hookimpl
    def hokm_restrict_plays(self, ctx: PlayContext) -> frozenset[Card] | None:
        return None


def test_fields_and_window() -> None:
    duty = TrumpDuty(after=[Shout])
    assert duty.after == (Shout,)
    assert duty.applies(Shout()) and not duty.applies(Whisper()) and not duty.applies(None)
    assert duty.window == hokm.TurnWindow(announced=True)


@pytest.mark.parametrize(("after", "error", "fragment"), [
    (Shout, hokm.ArgumentTypeError, "after must be a sequence of Action classes"),
    ("tests/shout", hokm.ArgumentTypeError, "after must be a sequence of Action classes"),
    ((Shout(),), hokm.ArgumentTypeError, "after must hold Action classes"),
    ((int,), hokm.ArgumentTypeError, "after must hold Action classes"),
    ((), hokm.InvalidArgumentError, "at least one Action class"),
])
def test_bad_fields_are_refused(after: object, error: type[Exception], fragment: str) -> None:
    with pytest.raises(error) as raised:
        TrumpDuty(after=after)
    assert fragment in str(raised.value)


def _shouted(rules: hokm.Ruleset, seed: int) -> hokm.HandState:
    """A random hand, the trump called, at a lead where the seat shouted."""
    rng = random.Random(seed)
    hand = rules.deal(rng, hakem=rng.randrange(4))
    hand = hand.apply(hokm.CallTrump(rng.choice(list(hokm.Suit))))
    for _ in range(rng.randrange(6)):  # a few whole tricks first
        for _ in range(4):
            hand = hand.play(sorted(hand.legal_plays(), key=lambda card: card.index)[0])
    return hand.apply(Shout())


def _held(hand: hokm.HandState) -> frozenset[Card]:
    seat = hand.to_act
    assert seat is not None
    return hand.hand_of(seat)


def test_the_engine_applies_the_duty_without_asking_the_hook() -> None:
    plugin = Shouter()
    rules = hokm.Ruleset.compose(plugin)
    seen_trumps = 0
    for seed in range(40):
        hand = _shouted(rules, seed)
        trump = hand.trump
        assert trump is not None
        trumps = frozenset(card for card in _held(hand) if card.suit == trump)
        assert hand.legal_plays() == (trumps or _held(hand))
        seen_trumps += bool(trumps)
    assert seen_trumps and plugin.asked == 0


def test_beside_another_legality_rule_the_hook_is_asked_with_the_same_answers() -> None:
    declared, asked = Shouter(), Shouter()
    alone, beside = hokm.Ruleset.compose(declared), hokm.Ruleset.compose(asked, Other())
    for seed in range(40):
        assert _shouted(alone, seed).legal_plays() == _shouted(beside, seed).legal_plays()
    assert declared.asked == 0 and asked.asked > 0


def test_check_turn_windows_holds_the_hook_to_its_duty() -> None:
    honest = hokm.Ruleset.compose(Shouter())
    for seed in range(10):
        check_turn_windows(_shouted(honest, seed))
    lying = hokm.Ruleset.compose(Shouter(lies=True))
    hands = [_shouted(lying, seed) for seed in range(10)]
    hand = next(hand for hand in hands if any(card.suit == hand.trump for card in _held(hand)))
    with pytest.raises(PluginContractError, match=r"'shouter' broke the contract of hokm_restrict_plays: "
                                                  r"it answered None where its TrumpDuty"):
        check_turn_windows(hand)


def test_composition_refuses_a_duty_on_another_hook() -> None:
    class Misplaced(Shouter):
        @property
        def turn_windows(self) -> Mapping[str, Any]:
            return {"hokm_turn_options": TrumpDuty(after=(Shout,))}

    with pytest.raises(RulesetError, match=r"turn_windows\['hokm_turn_options'\] is .*not a hokm.TurnWindow"):
        hokm.Ruleset.compose(Misplaced())


def test_hidden_trump_declares_its_duty_for_both_announcements() -> None:
    from hokm_variants.hidden_trump import AskTrump, RevealTrump

    for reveal in ("on-request", "automatic"):
        rules = hokm.Ruleset.compose("hidden-trump", options={"hidden-trump": {"reveal": reveal}})
        assert rules._engine.trump_duty == TrumpDuty(after=(AskTrump, RevealTrump))
