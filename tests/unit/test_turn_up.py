"""``Effect(turn_up=True)``: the Hakem's one card set aside is turned up as trump.

The card goes back to his hand, is shown to every seat, and its suit is trump from this play
on. It names no card, so ``hokm_decision_effect`` can answer it by action alone (a table). The
log records the concrete effect, so events and records are those of the effect spelt out;
a Hakem without exactly one card aside, or a hand with a trump already, is a contract error.
"""

from __future__ import annotations

import collections
import random
from collections.abc import Sequence
from typing import ClassVar, Literal

import attrs
import pytest
from tests.helpers import stepped

import hokm
from hokm import Action, Card, Effect, HandState, HandView, PluginContractError, Suit
from hokm import events as hokm_events


@attrs.frozen
class Lay(Action):
    tag = "tests/turn-up-lay"
    private: ClassVar[bool] = True
    card: Card


@attrs.frozen
class TurnUp(Action):
    tag = "tests/turn-up"


@attrs.frozen
class LayMore(Action):
    tag = "tests/turn-up-lay-more"


LAYS = tuple(Lay(Card.from_index(index)) for index in range(52))
TURN_UP, LAY_MORE = TurnUp(), LayMore()
TURNED = Effect(turn_up=True)
Mode = Literal["turn-up", "explicit", "nothing-laid", "two-laid", "trump-named", "with-show"]


@attrs.define(eq=False)
class Marker(hokm.Variant):
    """The Hakem lays a card of his first packet face down at the call (no trump then); on any lead
    before there is a trump, the leader may turn it up. ``mode``: ``"turn-up"`` answers
    ``Effect(turn_up=True)`` by action; ``"explicit"`` spells the effect out from the hand (the
    reference); ``"with-show"`` also shows the Hakem's first card dealt; the others break the
    contract (nothing laid, a second card laid on the Hakem's lead, the trump named at the lay).
    ``forced``: the card also turns up by itself on the lead to the third trick. ``asked`` counts
    the calls of the effect by action."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="marker", summary="tests only")
    mode: Mode = "turn-up"
    forced: bool = False
    asked: collections.Counter[Action] = attrs.field(factory=collections.Counter, init=False)

    @hokm.hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        return (*LAYS, TURN_UP, LAY_MORE)

    @hokm.hookimpl
    def hokm_trump_call(self, card: Card) -> Sequence[Action]:
        return (LAYS[card.index],)

    @hokm.hookimpl
    def hokm_turn_options(self, lead: bool, hakem: bool, trump: Suit | None) -> Sequence[Action] | None:
        if self.mode == "trump-named":
            return (TURN_UP,) if lead else None
        if not lead or trump is not None:
            return None
        return (TURN_UP, LAY_MORE) if hakem and self.mode == "two-laid" else (TURN_UP,)

    @hokm.hookimpl
    def hokm_decision_effect(self, action: Action) -> Effect | None:
        self.asked[action] += 1
        if isinstance(action, Lay):
            if self.mode == "nothing-laid":
                return Effect()
            trump = action.card.suit if self.mode == "trump-named" else None
            return Effect(set_aside=action.card, trump=trump)
        if isinstance(action, TurnUp) and self.mode not in ("explicit", "with-show"):
            return TURNED
        return None  # the hook below reads the hand

    @hokm.hookimpl(specname="hokm_decision_effect")
    def by_hand(self, hand: HandView, seat: hokm.Seat, action: Action) -> Effect | None:
        if isinstance(action, LayMore):
            return Effect(set_aside=min(hand.hand_of(seat), key=lambda card: card.index))
        if isinstance(action, TurnUp) and self.mode == "with-show":
            return Effect(turn_up=True, show=(hand.dealt(hand.hakem)[0],))
        if isinstance(action, TurnUp):  # "explicit": the effect spelt out
            (card,) = hand.set_aside[hand.hakem]
            return Effect(trump=card.suit, restore=card, show=(card,))
        return None

    @hokm.hookimpl
    def hokm_forced_effect(self, hand: HandView) -> Effect | None:
        if not self.forced or hand.trump is not None or hand.tricks_played != 2 or hand.current_trick.plays:
            return None
        if hand.to_act is None:
            return None
        if self.mode == "explicit":
            (card,) = hand.set_aside[hand.hakem]
            return Effect(trump=card.suit, restore=card, show=(card,))
        return TURNED


def _laid(rules: hokm.Ruleset, seed: int, hakem: int = 0) -> tuple[HandState, Card]:
    """A hand dealt from ``seed`` where the Hakem laid the first card of his packet."""
    hand = rules.deal(random.Random(seed), hakem=hakem)
    card = hand.dealt(hakem)[0]
    return hand.apply(LAYS[card.index]), card


# What it does ------------------------------------------------------------------------------------


def test_the_card_aside_goes_back_shown_and_its_suit_is_trump_from_now() -> None:
    plugin = Marker()
    rules = hokm.Ruleset.compose(plugin)
    hand, card = _laid(rules, 3)
    assert hand.set_aside[0] == frozenset({card}) and card not in hand.hand_of(0) and hand.trump is None
    for _ in range(4 * 2):  # two tricks without a trump; the lead to the third
        hand = hand.play(min(hand.legal_plays(), key=lambda c: c.index))
    turned = hand.apply(TURN_UP)
    assert turned.trump is card.suit and turned.trump_from == len(hand.plays) == 8
    assert card in turned.hand_of(0) and turned.set_aside[0] == frozenset() and turned.shown == {card}
    assert turned.decisions == ((0, LAYS[card.index]), (turned.to_act, TURN_UP))
    happened = hokm_events.history(turned)[-3:]
    assert happened == (hokm_events.CardsRestored(0, (card,), True), hokm_events.TrumpRevealed(card.suit, 8),
                        hokm_events.CardsShown(turned.to_act, (card,)))


@pytest.mark.parametrize("forced", [False, True], ids=["announced", "forced"])
def test_turn_up_is_the_effect_spelt_out_in_stepping_and_playouts(forced: bool) -> None:
    # The same hands under the concrete effect and under turn_up: the same plays, trumps, events.
    short, spelt = Marker(forced=forced), Marker(mode="explicit", forced=forced)
    rules, reference_rules = hokm.Ruleset.compose(short), hokm.Ruleset.compose(spelt)
    turned = 0
    for seed in range(30):
        start = rules.deal(random.Random(seed), hakem=seed % 4)
        reference_start = reference_rules.deal(random.Random(seed), hakem=seed % 4)
        hands = [start.playout(random.Random(seed)), stepped(start, seed), stepped(reference_start, seed),
                 reference_start.playout(random.Random(seed))]
        first = hands[0]
        for hand in hands[1:]:
            assert (hand.plays, hand.decisions, hand.decisions_at, hand.trump, hand.trump_from, hand.shown,
                    hand.winners) == (first.plays, first.decisions, first.decisions_at, first.trump,
                                      first.trump_from, first.shown, first.winners)
            assert hokm_events.history(hand) == hokm_events.history(first)
        turned += first.trump is not None
    assert 5 < turned < 30 or forced  # hands with and without a turn-up
    assert turned == 30 or not forced  # forced: every hand turns it up by the third trick


def test_the_log_records_the_concrete_effect() -> None:
    rules = hokm.Ruleset.compose(Marker())
    hand, card = _laid(rules, 5)
    turned = hand.apply(TURN_UP)
    effects = [entry[3] for entry in turned._extra.log if isinstance(entry[3], Effect)]
    assert effects[-1] == Effect(trump=card.suit, restore=card, show=(card,))
    assert not any(effect.turn_up for effect in effects)


def test_turn_up_keeps_the_other_parts_of_the_effect() -> None:
    rules = hokm.Ruleset.compose(Marker(mode="with-show"))  # also shows the Hakem's first card dealt
    hand = rules.deal(random.Random(6), hakem=0)
    first, second = hand.dealt(0)[:2]
    turned = hand.apply(LAYS[second.index]).apply(TURN_UP)
    assert turned.trump is second.suit and second in turned.hand_of(0)
    assert turned.shown == {first, second}


def test_an_effect_by_action_is_asked_once_per_action() -> None:
    plugin = Marker()
    rules = hokm.Ruleset.compose(plugin)
    assert not plugin.asked  # actions are not a fixed range: asked when first taken
    for seed in range(30):
        start = rules.deal(random.Random(seed), hakem=seed % 4)
        stepped(start, seed)
        start.playout(random.Random(seed))
    assert plugin.asked[TURN_UP] == 1 and set(plugin.asked.values()) == {1} and len(plugin.asked) > 10


# Contract errors ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("mode", "fragment"), [
    ("nothing-laid", "but seat 0 has 0 cards set aside, not one"),
    ("two-laid", "but seat 0 has 2 cards set aside, not one"),
    ("trump-named", "but the hand already has a trump: a trump in force never changes"),
])
def test_turn_up_without_one_card_aside_or_with_a_trump_is_refused(mode: Mode, fragment: str) -> None:
    rules = hokm.Ruleset.compose(Marker(mode=mode))
    hand, _ = _laid(rules, 2)
    if mode == "two-laid":  # the Hakem lays a second card on his lead; the next lead turns up
        hand = hand.apply(LAY_MORE)
        assert len(hand.set_aside[0]) == 2
        for _ in range(4):
            hand = hand.play(min(hand.legal_plays(), key=lambda card: card.index))
    expected = "turned up the Hakem's card set aside, " + fragment
    with pytest.raises(PluginContractError, match=expected) as caught:
        hand.apply(TURN_UP)
    assert (caught.value.plugin, caught.value.hook) == ("marker", "hokm_decision_effect")
    assert "plugin 'marker' broke the contract of hokm_decision_effect" in str(caught.value)


def test_a_forced_turn_up_without_a_card_aside_names_the_forced_effect() -> None:
    rules = hokm.Ruleset.compose(Marker(mode="nothing-laid", forced=True))
    hand, _ = _laid(rules, 2)
    with pytest.raises(PluginContractError, match="0 cards set aside, not one") as caught:
        for _ in range(8):
            hand = hand.play(min(hand.legal_plays(), key=lambda card: card.index))
    assert (caught.value.plugin, caught.value.hook) == ("marker", "hokm_forced_effect")


_OWN = pytest.mark.parametrize("extra", [{"trump": Suit.CLUBS}, {"restore": Card.parse("2♣")}],
                               ids=["trump", "restore"])


@_OWN
def test_an_effect_turning_up_with_a_trump_or_a_restore_of_its_own_is_invalid(
        extra: dict[str, object]) -> None:
    with pytest.raises(hokm.InvalidArgumentError, match=f"turn_up names its own trump and card restored, so "
                       f"{next(iter(extra))}="):
        Effect(turn_up=True, **extra)  # type: ignore[arg-type]


@_OWN
def test_turn_up_with_a_trump_or_a_restore_of_its_own_is_refused(extra: dict[str, object]) -> None:
    class Both(Marker):
        @hokm.hookimpl
        def hokm_decision_effect(self, action: Action) -> Effect | None:
            if isinstance(action, Lay):
                return Effect(set_aside=action.card)
            return Effect(turn_up=True, **extra) if isinstance(action, TurnUp) else None  # type: ignore[arg-type]

    rules = hokm.Ruleset.compose(Both())
    hand = rules.deal(random.Random(2), hakem=0)
    laid = next(card for card in hand.dealt(0)[:5] if card.suit is not Suit.CLUBS)
    with pytest.raises(PluginContractError):
        hand.apply(LAYS[laid.index]).apply(TURN_UP)


# Hidden trump ---------------------------------------------------------------------------------------


def test_hidden_trumps_ask_and_reveal_turn_up_by_action_and_record_as_before() -> None:
    from hokm_variants.hidden_trump import AskTrump, RevealTrump

    rules = hokm.Ruleset.compose("hidden-trump")
    decisions = rules._engine.decisions
    for action in (AskTrump(), RevealTrump()):
        assert decisions.data_effect(0, action, 4) == TURNED  # kept, no hand read
    revealed = 0
    for seed in range(40):
        start = rules.deal(random.Random(seed), hakem=seed % 4)
        played = start.playout(random.Random(seed))
        assert played == stepped(start, seed)
        if played.trump is not None:
            revealed += 1
            again = hokm.load_record(played.to_record())
            assert again == played and hokm_events.history(again) == hokm_events.history(played)
            reveals = [event for event in hokm_events.history(played)
                       if isinstance(event, hokm_events.TrumpRevealed)]
            assert reveals == [hokm_events.TrumpRevealed(played.trump, played.trump_from)]
    assert revealed > 10
