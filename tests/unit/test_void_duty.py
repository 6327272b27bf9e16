"""The void duty (``hokm_void_duty(announced)``): collect-all, the strictest answer applies.

Asked for ``announced=None`` when the ruleset is composed and once per announcement, when it
is first made; the engine then applies the duty with no plugin call: on a void follow, and
after an announcement also on the announcer's lead. Legal plays are held to a reference
written from the public API; stepping and ``playout`` must agree.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar, cast

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import stepped, trick_turns, walked

import hokm
from hokm import Action, Card, HandState, Phase, PluginContractError, Suit, VoidDuty, cards
from hokm.testing.strategies import hand_states


@attrs.frozen
class Shout(Action):
    tag = "tests/duty-shout"


@attrs.frozen
class Whisper(Action):
    tag = "tests/duty-whisper"


SHOUT, WHISPER = Shout(), Whisper()


@attrs.define(eq=False)
class Shouter(hokm.Variant):
    """Any seat may shout on its lead or when it cannot follow, and must then play (or lead) a trump
    if it holds one; a whisper binds to nothing. A table for the offers; ``asked`` records the duty's
    calls."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="shouter", summary="tests only")
    duty: VoidDuty = VoidDuty.TRUMP
    asked: list[Action | None] = attrs.field(factory=list, init=False)

    @hokm.hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        return (SHOUT, WHISPER)

    @hokm.hookimpl
    def hokm_turn_options(self, lead: bool, void: bool) -> Sequence[Action] | None:
        return (SHOUT, WHISPER) if lead or void else None

    @hokm.hookimpl
    def hokm_void_duty(self, announced: Action | None) -> VoidDuty | None:
        self.asked.append(announced)
        return self.duty if isinstance(announced, Shout) else None


class MustTrump(hokm.Variant):
    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="must-trump", summary="tests only")

    @hokm.hookimpl
    def hokm_void_duty(self) -> VoidDuty | None:
        return VoidDuty.TRUMP


class MustOvertrump(hokm.Variant):
    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="must-overtrump", summary="tests only")

    @hokm.hookimpl
    def hokm_void_duty(self) -> VoidDuty | None:
        return VoidDuty.OVERTRUMP


def reference_legal(hand: HandState, duty: VoidDuty | None) -> frozenset[Card]:
    """The legal cards by the rules as written: follow the led (effective) suit; else, on a void follow
    or after an announcement, the duty under a trump in force (a trump, one that beats the winning
    card if it must and can); else any card."""
    seat = hand.to_act
    assert seat is not None
    held, trick, trump = hand.hand_of(seat), hand.current_trick, hand.trump
    led = trick.led
    if led is not None:
        follow = frozenset(card for card in held if trick.suit_of(card) == led)
        if follow:
            return follow
    if duty is None or trump is None or (led is None and hand.announced is None):
        return held
    trumps = frozenset(card for card in held if trick.suit_of(card) == trump)
    if not trumps:
        return held
    best = trick.winning_play()
    if duty is VoidDuty.OVERTRUMP and best is not None:
        return frozenset(card for card in trumps if trick.beats(card, best[1])) or trumps
    return trumps


def _void(hand: HandState) -> bool:
    trick, seat = hand.current_trick, hand.to_act
    assert seat is not None
    return trick.led is not None and all(trick.suit_of(card) != trick.led for card in hand.hand_of(seat))


# Asked at composition and once per announcement ----------------------------------------------


def test_asked_for_no_announcement_at_composition_then_once_per_announcement() -> None:
    plugin = Shouter()
    rules = hokm.Ruleset.compose(plugin)
    assert plugin.asked == [None]
    shouts = 0
    for seed in range(12):
        start = rules.deal(random.Random(seed), hakem=seed % 4)
        for hand in (stepped(start, seed), start.playout(random.Random(seed))):
            shouts += sum(action == SHOUT for _, action in hand.decisions)
    assert shouts > 10
    assert sorted(map(repr, plugin.asked)) == sorted(map(repr, [None, SHOUT, WHISPER]))  # each once


def test_the_duty_after_an_announcement_binds_the_announcers_lead_and_void_follow() -> None:
    rules = hokm.Ruleset.compose(Shouter())
    led = followed = trumps_held = 0
    for hand in trick_turns(rules, range(20)):
        if hand.announced is None:
            assert hand.legal_plays() == reference_legal(hand, None)  # no duty without a shout
            continue
        duty = VoidDuty.TRUMP if hand.announced == SHOUT else None
        assert hand.legal_plays() == reference_legal(hand, duty), (hand.announced, hand.current_trick)
        if duty is not None:
            led += not hand.current_trick.plays
            followed += bool(hand.current_trick.plays)
            trumps_held += any(card.suit is hand.trump for card in hand.legal_plays())
    assert led > 10 and followed > 10 and trumps_held > 10


def _one_suit_each(swap: str = "", seats: tuple[int, int] = (0, 1)) -> list[list[Card]]:
    """Seat 0 holds the spades, 1 the hearts, 2 the diamonds, 3 the clubs; ``swap``: two cards (say
    "A♠ A♥") that change hands between ``seats``."""
    hands = [{card for card in hokm.full_deck() if card.suit is suit} for suit in Suit]
    if swap:
        pair = set(cards(swap))
        for seat in seats:
            hands[seat] ^= pair
    return [sorted(hand, key=lambda card: card.sort_key) for hand in hands]


def test_after_a_shout_a_lead_without_trumps_is_free() -> None:
    rules = hokm.Ruleset.compose(Shouter())
    spades = rules.new_hand(_one_suit_each(), hakem=0, trump=Suit.SPADES).apply(SHOUT)
    assert spades.legal_plays() == spades.hand_of(0)  # all trumps anyway
    hearts = rules.new_hand(_one_suit_each(), hakem=0, trump=Suit.HEARTS).apply(SHOUT)
    assert hearts.legal_plays() == hearts.hand_of(0)  # no trump to lead
    led = rules.new_hand(_one_suit_each("A♠ A♥"), hakem=0, trump=Suit.HEARTS)
    assert led.legal_plays() == led.hand_of(0)  # no shout: any lead
    assert led.apply(SHOUT).legal_plays() == frozenset(cards("A♥"))  # shouted: lead the trump
    assert led.apply(WHISPER).legal_plays() == led.hand_of(0)  # another announcement: no duty


# The strictest duty, whatever the order -------------------------------------------------------


@pytest.mark.parametrize("order", ["trump-first", "overtrump-first"])
def test_the_strictest_duty_applies_in_both_listing_orders(order: str) -> None:
    plugins = [MustTrump(), MustOvertrump()]
    rules = hokm.Ruleset.compose(*(plugins if order == "trump-first" else reversed(plugins)))
    assert rules._engine.legality.void_duty is VoidDuty.OVERTRUMP
    narrowed = 0
    for hand in trick_turns(rules, range(60)):
        legal = hand.legal_plays()
        assert legal == reference_legal(hand, VoidDuty.OVERTRUMP), hand.current_trick
        narrowed += _void(hand) and legal != reference_legal(hand, VoidDuty.TRUMP)
    assert narrowed > 5  # turns where overtrumping leaves fewer trumps than trumping


STRICT_BOTH_WAYS = (hokm.Ruleset.compose(MustTrump(), MustOvertrump(), Shouter()),
                    hokm.Ruleset.compose(Shouter(), MustOvertrump(), MustTrump()))


@settings(max_examples=60, deadline=None)
@given(hand=hand_states(ruleset=st.sampled_from(STRICT_BOTH_WAYS), min_actions=2, max_actions=45))
def test_every_reachable_turn_is_held_to_the_strictest_duty(hand: HandState) -> None:
    # Whatever the order: OVERTRUMP (the strictest of TRUMP and OVERTRUMP) on a void follow, and after
    # a shout (TRUMP, announced) OVERTRUMP still, as the strictest answer for the announcement.
    if hand.phase is not Phase.PLAY or hand.pending_decision is not None:
        return
    assert hand.legal_plays() == reference_legal(hand, VoidDuty.OVERTRUMP)


@pytest.mark.parametrize(("variants", "options", "duty"), [
    (("obligatory-trump",), {}, VoidDuty.TRUMP),
    (("obligatory-trump",), {"obligatory-trump": {"overtrump": True}}, VoidDuty.OVERTRUMP),
    (("troefcall",), {"troefcall": {"trumping": "must-overtrump"}}, VoidDuty.OVERTRUMP),
    (("troefcall",), {"troefcall": {"trumping": "free"}}, None),
    (("obligatory-trump", "court-piece", "clockwise"), {"obligatory-trump": {"overtrump": True}},
     VoidDuty.OVERTRUMP),
], ids=["trump", "overtrump", "troefcall-overtrump", "troefcall-free", "overtrump-court-piece"])
def test_bundled_duties_hold_on_every_void_follow(variants: tuple[str, ...],
                                                 options: dict[str, dict[str, object]],
                                                 duty: VoidDuty | None) -> None:
    rules = hokm.Ruleset.compose(*variants, options=options)
    assert rules._engine.legality.void_duty is duty
    voids = 0
    for hand in trick_turns(rules, range(40)):
        if hand.announced is None:
            assert hand.legal_plays() == reference_legal(hand, duty)
            voids += _void(hand)
    assert voids > 10
    for seed in range(20):
        start = rules.deal(random.Random(seed), hakem=seed % 4)
        assert start.playout(random.Random(seed)) == stepped(start, seed)


def test_the_satat_two_of_hearts_is_a_trump_for_the_duty() -> None:
    # Effective suits: under spades the 2♥ belongs to the trump suit, so a void seat must play it.
    rules = hokm.Ruleset.compose("satat", "obligatory-trump")
    clubs_led = [(0, Card.parse("A♣"))]
    assert rules.legal_plays(cards("2♥ K♦"), clubs_led, trump=Suit.SPADES) == frozenset(cards("2♥"))
    plain = hokm.Ruleset.compose("obligatory-trump")
    assert plain.legal_plays(cards("2♥ K♦"), clubs_led, trump=Suit.SPADES) == frozenset(cards("2♥ K♦"))


@pytest.mark.parametrize("seed", range(3))
def test_a_duty_is_idle_while_the_hand_has_no_trump(seed: int) -> None:
    # Hidden trump before the reveal: obligatory-trump's duty has no trump to ask for.
    rules = hokm.Ruleset.compose("hidden-trump", "obligatory-trump")
    for hand in trick_turns(rules, range(seed * 10, seed * 10 + 10)):
        if hand.trump is None:
            assert hand.legal_plays() == reference_legal(hand, None)


def test_an_illegal_play_names_the_duty() -> None:
    rules = hokm.Ruleset.compose("obligatory-trump")
    hand = rules.new_hand(_one_suit_each("A♠ 2♦", seats=(0, 2)), hakem=3, trump=Suit.SPADES)
    hand = hand.play(Card.parse("2♣"))  # seat 0 holds no club: eleven spades and the 2♦
    assert hand.to_act == 0
    assert hand.legal_plays() == frozenset(card for card in hand.hand_of(0) if card.suit is Suit.SPADES)
    with pytest.raises(hokm.IllegalPlayError) as caught:
        hand.play(Card.parse("2♦"))
    assert caught.value.reason == "cannot follow ♣, so must play a trump (obligatory-trump)"


# Contract errors ----------------------------------------------------------------------------


def _duty_plugin(answer: object, *, after_shout: bool) -> hokm.Variant:
    class BadDuty(Shouter):
        info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="bad-duty", summary="tests only")

        @hokm.hookimpl
        def hokm_void_duty(self, announced: Action | None) -> VoidDuty | None:
            if after_shout and announced is None:
                return None
            return cast("VoidDuty | None", answer() if callable(answer) else answer)

    return BadDuty()


def _boom() -> object:
    raise KeyError("duty")


@pytest.mark.parametrize(("answer", "fragment"), [
    ("trump", "returned 'trump', not a VoidDuty"),
    (True, "returned True, not a VoidDuty"),
    (_boom, "raised in hokm_void_duty: KeyError"),
], ids=["a-string", "a-bool", "raises"])
def test_a_bad_duty_is_refused_at_composition(answer: object, fragment: str) -> None:
    with pytest.raises(PluginContractError, match=fragment) as caught:
        hokm.Ruleset.compose(_duty_plugin(answer, after_shout=False))
    assert (caught.value.plugin, caught.value.hook) == ("bad-duty", "hokm_void_duty")
    assert "plugin 'bad-duty'" in str(caught.value)


def test_a_bad_duty_for_an_announcement_is_refused_when_it_is_made() -> None:
    rules = hokm.Ruleset.compose(_duty_plugin("trump", after_shout=True))  # None for no announcement
    hand = rules.deal(random.Random(1), hakem=0).apply(hokm.CallTrump(Suit.SPADES))
    with pytest.raises(PluginContractError, match="returned 'trump', not a VoidDuty") as caught:
        hand.apply(SHOUT).legal_plays()
    assert (caught.value.plugin, caught.value.hook) == ("bad-duty", "hokm_void_duty")


# Stepping and playouts ---------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [
    hokm.Ruleset.compose(Shouter()),
    hokm.Ruleset.compose(MustOvertrump(), MustTrump()),
    hokm.Ruleset.compose("obligatory-trump", "satat"),
    STRICT_BOTH_WAYS[0],
], ids=["shout", "strictest", "satat-obligatory", "strictest-with-void-offers"])
def test_playouts_from_any_state_apply_the_duty_as_stepping_does(rules: hokm.Ruleset) -> None:
    for deal_seed in range(25):
        for steps in (3, 11, 26):
            state = walked(rules, deal_seed, steps)
            assert state.playout(random.Random(deal_seed)) == stepped(state, deal_seed), (deal_seed, steps)


@pytest.mark.parametrize("duty", [VoidDuty.TRUMP, VoidDuty.OVERTRUMP])
def test_playouts_apply_an_announced_duty_as_stepping_does(duty: VoidDuty) -> None:
    rules = hokm.Ruleset.compose(Shouter(duty=duty))
    shouted = 0
    for seed in range(40):
        start = rules.deal(random.Random(seed), hakem=seed % 4)
        played, reference = start.playout(random.Random(seed)), stepped(start, seed)
        assert played == reference and played.decisions == reference.decisions
        assert hokm.events.history(played) == hokm.events.history(reference)
        shouted += any(action == SHOUT for _, action in played.decisions)
    assert shouted > 20


@pytest.mark.parametrize("reveal", ["on-request", "automatic"])
def test_hidden_trumps_duty_is_by_announcement(reveal: str) -> None:
    from hokm_variants.hidden_trump import AskTrump, RevealTrump

    rules = hokm.Ruleset.compose("hidden-trump", options={"hidden-trump": {"reveal": reveal}})
    legality = rules._engine.legality
    assert legality.void_duty is None
    assert legality.duty(AskTrump()) is VoidDuty.TRUMP and legality.duty(RevealTrump()) is VoidDuty.TRUMP
    assert legality.duty(SHOUT) is None  # another variant's announcement: no duty of hidden trump's
