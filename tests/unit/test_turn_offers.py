"""Declared turn offers (hokm.TurnOffers) and the last-trick window: the values, that the engine
uses a declaration only where it is safe, that stepping and playouts agree, and that the testing
kit catches a plugin whose declaration differs from its hook."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs
import pytest
from tests.helpers import stepped as _stepped

import hokm
from hokm import Action, HandView, TurnOffers, TurnWindow
from hokm.testing import InvariantViolation, check_turn_windows, check_variant


@attrs.frozen
class Knock(Action):
    tag = "tests/offers-knock"


@attrs.frozen
class Pass(Action):
    tag = "tests/offers-pass"


KNOCK, PASS = Knock(), Pass()


def _void(hand: HandView) -> bool:
    trick = hand.current_trick
    seat = hand.to_act
    assert seat is not None
    return all(trick.suit_of(card) != trick.led for card in hand.hand_of(seat))


@attrs.define(eq=False)
class Knocker(hokm.Variant):
    """Offers a knock to the Hakem on lead, a pass to a seat that cannot follow, in tricks 1-8.

    ``declare``: give the answer as a ``TurnOffers`` (else only a window); ``lie``: the hook
    offers the knock on the Hakem's void follows too, which the declaration does not say.
    The knock does nothing but be recorded. ``asked`` counts the hook's calls.
    """

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="knocker", summary="tests only")
    declare: bool = True
    lie: bool = False
    asked: list[int] = attrs.field(factory=list, init=False)

    @property
    def turn_windows(self) -> Mapping[str, TurnWindow | TurnOffers]:
        offers = TurnOffers(hakem_lead=(KNOCK,), void=(PASS,), first_tricks=8)
        return {"hokm_turn_options": offers if self.declare else offers.window}

    @hokm.hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        return (KNOCK, PASS)

    @hokm.hookimpl
    def hokm_turn_options(self, hand: HandView) -> Sequence[Action] | None:
        self.asked.append(1)
        if hand.tricks_played >= 8:
            return None
        hakem = hand.to_act == hand.hakem
        if not hand.current_trick.plays:
            return (KNOCK,) if hakem else None
        if not _void(hand):
            return None
        if hakem:
            return (KNOCK,) if self.lie else None
        return (PASS,)


class Quiet(hokm.Variant):
    """A second hokm_turn_options implementation, which never offers anything."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="quiet", summary="tests only")

    @hokm.hookimpl
    def hokm_turn_options(self, hand: HandView) -> Sequence[Action] | None:
        return None


def test_turn_offers_values() -> None:
    offers = TurnOffers(hakem_lead=[KNOCK], void=(PASS,), until_trump=True, first_tricks=2)
    assert offers.hakem_lead == (KNOCK,)  # any sequence, kept as a tuple
    turn: dict[str, Any] = {"lead": True, "hakem": True, "void": False, "trump": False, "trick": 1}
    assert offers.answer(**turn) == (KNOCK,)
    assert offers.answer(**{**turn, "hakem": False}) == ()
    assert offers.answer(**{**turn, "trump": True}) == ()
    assert offers.answer(**{**turn, "trick": 3}) == ()
    assert offers.answer(**{**turn, "lead": False}) == ()  # the Hakem follows suit
    assert offers.answer(**{**turn, "lead": False, "hakem": False, "void": True}) == (PASS,)
    assert offers.window == TurnWindow(leads="hakem", follows="void", until_trump=True, first_tricks=2)
    assert TurnOffers().window == TurnWindow(leads="none", follows="none")


@pytest.mark.parametrize(("kwargs", "error", "fragment"), [
    ({"void": "knock"}, hokm.ArgumentTypeError, "offers must be a sequence of actions, got 'knock'"),
    ({"void": (1,)}, hokm.ArgumentTypeError, "offers must be actions, got 1"),
    ({"lead": (KNOCK, KNOCK)}, hokm.InvalidArgumentError, "offers the same action twice"),
    ({"until_trump": 1}, hokm.ArgumentTypeError, "until_trump must be a bool"),
    ({"first_tricks": 0}, hokm.InvalidArgumentError, "first_tricks must be 1 or more"),
])
def test_turn_offers_refuse_bad_values(kwargs: dict[str, Any], error: type[Exception],
                                       fragment: str) -> None:
    with pytest.raises(error) as caught:
        TurnOffers(**kwargs)
    assert fragment in str(caught.value)


def test_a_last_trick_window() -> None:
    window = TurnWindow(leads="hakem", follows="void", last_trick=True)
    turn: dict[str, Any] = {"lead": True, "hakem": True, "void": False, "trump": False,
                            "announced": False}
    assert window.holds(**turn, trick=13, tricks_total=13)
    assert not window.holds(**turn, trick=12, tricks_total=13)
    assert window.holds(**turn, trick=12)  # the hand's length unknown: it may be the last
    with pytest.raises(hokm.ArgumentTypeError):
        TurnWindow(last_trick=1)  # type: ignore[arg-type]


def test_only_turn_options_take_offers() -> None:
    class Forced(hokm.Variant):
        info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="forced-offers", summary="tests only")
        turn_windows: ClassVar[Mapping[str, TurnOffers]] = {"hokm_forced_effect": TurnOffers()}

        @hokm.hookimpl
        def hokm_forced_effect(self, hand: HandView) -> None:
            return None

    with pytest.raises(hokm.RulesetError, match=r"not a hokm\.TurnWindow"):
        hokm.Ruleset.compose(Forced())


def test_declared_offers_answer_without_the_hook_in_stepping_and_playouts() -> None:
    declared, hooked = Knocker(), Knocker(declare=False)
    fast, slow = hokm.Ruleset.compose(declared), hokm.Ruleset.compose(hooked)
    assert fast._engine.turn_offers is not None and slow._engine.turn_offers is None
    taken: set[Action] = set()
    for seed in range(40):
        first = fast.deal(random.Random(seed), hakem=seed % 4)
        second = slow.deal(random.Random(seed), hakem=seed % 4)
        stepped, reference = _stepped(first, seed), _stepped(second, seed)
        assert stepped.plays == reference.plays and stepped.decisions == reference.decisions
        played = first.playout(random.Random(seed))
        assert played.plays == stepped.plays and played.decisions == stepped.decisions
        assert played._extra.log == stepped._extra.log  # logged as stepping logs it
        taken.update(action for _, action in stepped.decisions)
    assert taken == {KNOCK, PASS}  # the offers were taken, in both kinds of turn
    assert not declared.asked and hooked.asked  # the declaration answered for the hook


def test_declared_offers_are_not_used_beside_another_implementation() -> None:
    plugin = Knocker()
    rules = hokm.Ruleset.compose(plugin, Quiet())
    assert rules._engine.turn_offers is None
    rules.deal(random.Random(1), hakem=0).playout(random.Random(1))
    assert plugin.asked  # two implementations: the chain is asked


def test_check_turn_windows_catches_offers_that_differ_from_the_hook() -> None:
    liar = Knocker(lie=True)
    rules = hokm.Ruleset.compose(liar)
    caught = None
    for seed in range(40):
        hand = rules.deal(random.Random(seed), hakem=0).apply(hokm.CallTrump(hokm.Suit.SPADES))
        walk = random.Random(seed)
        while not hand.is_over and caught is None:
            try:
                check_turn_windows(hand)
            except hokm.PluginContractError as problem:
                caught = (hand, problem)
                break
            hand = hand.apply(walk.choice(hand.legal_actions()))
        if caught is not None:
            break
    assert caught is not None, "the Hakem never followed without a card of the led suit"
    hand, error = caught
    assert hand.to_act == 0 and hand.current_trick.plays
    assert KNOCK not in hand.legal_actions()  # the engine offers what was declared
    text = str(error)
    assert "plugin 'knocker' broke the contract of hokm_turn_options: it answered (Knock(),)" in text
    assert "declares ()" in text and "the Hakem following in trick" in text


def test_check_variant_catches_a_lying_declaration() -> None:
    with pytest.raises(InvariantViolation, match=r"hook-contract.*TurnOffers") as caught:
        check_variant(Knocker(lie=True), matches=1, partners=False)
    assert "knocker" in str(caught.value)
    assert check_variant(Knocker(), matches=1, partners=False).hands  # the honest declaration passes


def test_hidden_trump_declares_its_offers_and_a_last_trick_forced_window() -> None:
    engine = hokm.Ruleset.compose("hidden-trump")._engine
    assert engine.turn_offers is not None
    assert engine.watch_gate is not None and engine.watch_gate.after == 12  # rule 6 only
    automatic = hokm.Ruleset.compose("hidden-trump", options={"hidden-trump": {"reveal": "automatic"}})
    assert automatic._engine.watch_gate is not None and automatic._engine.watch_gate.after == 0


@pytest.mark.parametrize("variants", [
    ("hidden-trump",),
    ("bavney", "clockwise", "hidden-trump", "obligatory-trump", "redeal"),
    ("clockwise", "court-piece", "double-sar", "hidden-trump", "obligatory-trump", "redeal"),
], ids="+".join)
def test_hidden_trump_sets_play_out_as_stepping_in_the_plain_loop(variants: tuple[str, ...]) -> None:
    # Before the reveal (declared offers) and after it (plain_once_trump) the plain loop plays;
    # the caller's forced reveal in the last trick goes back to the general loop.
    rules = hokm.Ruleset.compose(*variants)
    engine = rules._engine
    assert engine.plain_until == 12 and engine.plain_once_trump
    revealed = 0
    for seed in range(60):
        start = rules.deal(random.Random(seed), hakem=seed % 4)
        played, stepped = start.playout(random.Random(seed)), _stepped(start, seed)
        assert played == stepped and played.plays == stepped.plays
        assert (played.decisions, played.trump_from, played.collectors, played.shown) == (
            stepped.decisions, stepped.trump_from, stepped.collectors, stepped.shown)
        assert played._extra.log == stepped._extra.log
        revealed += played.trump is not None
    assert 10 < revealed < 60  # hands with and without a reveal
