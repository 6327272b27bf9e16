"""The Variant protocol, what composition refuses as a plugin, and the hooks added for speed."""

from __future__ import annotations

from typing import Any, ClassVar

import attrs
import pluggy
import pytest
from tests.helpers import one_suit_each

import hokm
from hokm import Capture, Card, Seat, Suit, VoidDuty, cards
from hokm._compose.hooks import hook_facts


class Marked(hokm.Variant):
    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="marked", summary="tests only")

    @hokm.hookimpl
    def hokm_rotation(self) -> None:
        return None


RAW_MARK = pluggy.HookimplMarker("hokm")  # hokm.hookimpl refuses wrappers itself (test below)


class Wrapper(hokm.Variant):
    @RAW_MARK(wrapper=True)
    def hokm_rotation(self) -> Any:
        return (yield)


class OldWrapper(hokm.Variant):
    @RAW_MARK(hookwrapper=True)
    def hokm_rotation(self) -> Any:
        yield


class IdleTypo(Marked):
    inactive_hooks = frozenset({"hokm_trick_winer"})


class IdleString(Marked):
    inactive_hooks = "hokm_rotation"


class NoHooks:
    pass


@pytest.mark.parametrize(("given", "fragment"), [
    (["satat"], "is a list, not a variant: pass variants as separate arguments"),
    (("satat",), "is a tuple, not a variant"),
    ({"satat": {}}, "is a dict, not a variant"),
    (None, "None is not a variant: it has no hook implementations"),
    (42, "42 is not a variant"),
    (NoHooks(), "is not a variant: it has no hook implementations"),
    (Marked, "Marked is a class: pass an instance, e.g. Marked()"),
    (Wrapper(), "hokm_rotation is a pluggy wrapper"),
    (OldWrapper(), "hokm_rotation is a pluggy wrapper"),
    (IdleTypo(), "inactive_hooks names 'hokm_trick_winer', which is not a hokm hook"),
    (IdleString(), "inactive_hooks must be a collection of hook names"),
], ids=["list", "tuple", "dict", "None", "int", "no-hooks", "class", "wrapper", "hookwrapper",
        "idle-typo", "idle-string"])
def test_compose_refuses_what_is_not_a_plugin(given: object, fragment: str) -> None:
    with pytest.raises(hokm.RulesetError) as caught:
        hokm.Ruleset.compose(given)  # type: ignore[arg-type]
    assert fragment in str(caught.value)


@pytest.mark.parametrize("option", ["tryfirst", "trylast", "wrapper", "hookwrapper"])
def test_hookimpl_refuses_ordering_options_where_they_are_written(option: str) -> None:
    """The API page says variants never pass them; the marker says so at once (#32)."""
    with pytest.raises(hokm.InvalidArgumentError, match="variants never pass tryfirst, trylast or wrapper"):
        class Eager(hokm.Variant):
            @hokm.hookimpl(**{option: True})  # type: ignore[call-overload, untyped-decorator]
            def hokm_rotation(self) -> None:
                return None


def test_hookimpl_still_takes_specname_and_optionalhook() -> None:
    class Named(hokm.Variant):
        @hokm.hookimpl(specname="hokm_rotation", optionalhook=True)
        def rotation(self) -> None:
            return None

    marks = vars(Named)["rotation"].hokm_impl
    assert marks == {"wrapper": False, "hookwrapper": False, "optionalhook": True, "tryfirst": False,
                     "trylast": False, "specname": "hokm_rotation"}


def test_a_plugin_with_only_declarations_is_accepted() -> None:
    class OnlyDeclares(hokm.Variant):
        info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(
            name="only-declares", summary="x", conflicts={"satat": "tests"})

    assert hokm.Ruleset.compose(OnlyDeclares()).variants == ("only-declares",)
    with pytest.raises(hokm.VariantConflictError):
        hokm.Ruleset.compose("satat", OnlyDeclares())


def test_variant_defaults_come_from_attrs_fields() -> None:
    @attrs.frozen(eq=False)
    class WithOptions(hokm.Variant):
        info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="with-options", summary="x")
        depth: int = 3
        label: str = attrs.field(default="x", alias="name")

        @hokm.hookimpl
        def hokm_rotation(self) -> None:
            return None

    assert WithOptions().options == {"depth": 3, "name": "x"}
    assert WithOptions().inactive_hooks == frozenset()
    assert Marked().options == {}
    satat = hokm.Ruleset.compose("satat", options={"satat": {"two_hearts_follows": "hearts"}})
    assert dict(satat.plugins)["satat"].options == {  # type: ignore[attr-defined]
        "two_hearts_follows": "hearts", "first_trump_maker": "ruleset", "last_four": False}


def test_hook_facts_come_from_the_hookspecs() -> None:
    facts = hook_facts()
    assert list(facts) == hokm.hookspecs.__all__
    assert {name for name, f in facts.items() if not f.first_result} == {
        "hokm_check_ruleset", "hokm_restrict_plays", "hokm_restrict_void_plays", "hokm_void_duty",
        "hokm_follow_duty", "hokm_call_alternatives", "hokm_turn_options", "hokm_action_space"}
    assert facts["hokm_trick_capture"].args == ("hand", "trick", "winner", "number", "previous",
                                                "previous_collected", "in_force", "tricks_total", "layout",
                                                "ruleset")
    assert facts["hokm_void_duty"].args == ("announced",)
    assert facts["hokm_follow_duty"].args == ()


# hokm_void_duty -------------------------------------------------------------------------


class Duty(hokm.Variant):
    def __init__(self, answer: object) -> None:
        self.answer = answer

    @hokm.hookimpl
    def hokm_void_duty(self) -> Any:
        return self.answer


def test_void_duty_trump_and_overtrump() -> None:
    trick = [(0, Card.parse("4♠")), (1, Card.parse("Q♥"))]
    hand = cards("3♥ A♥ 5♣")
    def legal(duty: VoidDuty | None) -> set[str]:
        return set(map(str, hokm.Ruleset.compose(Duty(duty)).legal_plays(hand, trick, trump=Suit.HEARTS)))
    assert legal(None) == {"3♥", "A♥", "5♣"}
    assert legal(VoidDuty.TRUMP) == {"3♥", "A♥"}
    assert legal(VoidDuty.OVERTRUMP) == {"A♥"}
    # Cannot beat the winning trump: any trump still must be played.
    assert set(map(str, hokm.Ruleset.compose(Duty(VoidDuty.OVERTRUMP)).legal_plays(
        cards("3♥ 5♣"), trick, trump=Suit.HEARTS))) == {"3♥"}


def test_void_duty_refusal_names_the_plugin_in_the_error() -> None:
    rules = hokm.Ruleset.compose(Duty(VoidDuty.TRUMP))
    hand = rules.new_hand([cards("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠"),
                           cards("2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ 2♦"),
                           cards("A♥ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦"),
                           cards("2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣")],
                          hakem=0, trump=Suit.DIAMONDS)
    hand = hand.play(Card.parse("A♠"))
    with pytest.raises(hokm.IllegalPlayError, match=r"cannot follow ♠, so must play a trump \(duty\)"):
        hand.play(Card.parse("2♥"))
    assert hand.legal_plays() == frozenset(cards("2♦"))


def test_a_void_duty_of_the_wrong_type_is_a_contract_error() -> None:
    with pytest.raises(hokm.PluginContractError, match=r"hokm_void_duty.*'trump', not a VoidDuty"):
        hokm.Ruleset.compose(Duty("trump"))


# hokm_play_on ---------------------------------------------------------------------------


class PlayOnAnswer(hokm.Variant):
    def __init__(self, answer: object) -> None:
        self.answer = answer
        self.asked: list[int] = []

    @hokm.hookimpl
    def hokm_play_on(self, hand: hokm.HandView) -> Any:
        self.asked.append(hand.tricks_played)
        return self.answer


def test_play_on_is_asked_only_when_the_stop_rule_would_end_the_hand() -> None:
    plugin = PlayOnAnswer(True)
    rules = hokm.Ruleset.compose(plugin)
    hand = one_suit_each(rules, trump=Suit.SPADES)  # seat 0 wins every trick
    while not hand.is_over:
        hand = hand.play(min(hand.legal_plays(), key=lambda card: card.index))
    assert hand.tricks_played == 13 and plugin.asked == [7, 8, 9, 10, 11, 12]
    stopper = PlayOnAnswer(None)
    hand = one_suit_each(hokm.Ruleset.compose(stopper), trump=Suit.SPADES)
    while not hand.is_over:
        hand = hand.play(min(hand.legal_plays(), key=lambda card: card.index))
    assert hand.tricks_played == 7 and stopper.asked == [7]
    never = PlayOnAnswer(True)
    hand = one_suit_each(hokm.Ruleset.compose(never, options={"standard": {"play_all": True}}),
                         trump=Suit.SPADES)
    assert hand.playout().tricks_played == 13 and never.asked == []


def test_a_play_on_answer_of_the_wrong_type_is_a_contract_error() -> None:
    rules = hokm.Ruleset.compose(PlayOnAnswer("yes"))
    hand = one_suit_each(rules, trump=Suit.SPADES)
    with pytest.raises(hokm.PluginContractError, match=r"hokm_play_on.*'yes', not a bool"):
        hand.playout()


# hokm_trick_capture arguments -------------------------------------------------------------


class CaptureSpy(hokm.Variant):
    def __init__(self) -> None:
        self.seen: list[tuple[object, int, int]] = []

    @hokm.hookimpl
    def hokm_trick_capture(self, trick: hokm.Trick, winner: Seat, number: int) -> Capture | None:
        self.seen.append((trick.winner, winner, number))
        return None


def test_capture_rules_get_the_trick_only_when_they_ask_for_it() -> None:
    spy = CaptureSpy()
    rules = hokm.Ruleset.compose(spy)
    hand = one_suit_each(rules, trump=Suit.SPADES).playout()
    assert spy.seen == [(0, 0, n) for n in range(1, hand.tricks_played + 1)]
    # A rule that takes no trick and no hand is a table: asked when composed, never in play.
    assert not hokm.Ruleset.compose("double-sar")._engine.ends.capture_chain
