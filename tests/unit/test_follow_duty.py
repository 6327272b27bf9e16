"""The follow duty (``hokm_follow_duty()``): collect-all, asked once, applied from tables.

Asked once, when the ruleset is composed; the engine then applies ``FollowDuty.BEAT`` itself, with
no plugin call, on every follow with a choice: the
cards of the led suit that beat the card winning the trick, where the seat holds one. Legal plays
are held to a reference written from the public API (``Trick.beats``), the random-play loop to
stepping, and the declared rule to the same rule written as a per-turn ``hokm_restrict_plays``.
"""

from __future__ import annotations

import random
from math import floor
from typing import ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import MustBeat, play_cards, stepped, trick_turns

import hokm
from hokm import Card, FollowDuty, HandState, Phase, PlayContext, Suit, cards
from hokm._seeding import rng_for
from hokm.testing.strategies import hand_states


def reference_legal(hand: HandState, duty: FollowDuty | None) -> frozenset[Card]:
    """The legal cards by the rules as written, for a ruleset with no void duty: follow the led
    (effective) suit, and under ``BEAT`` with one of its cards that beats the winning card if the
    seat holds one; a seat that cannot follow (or leads) plays any card."""
    seat = hand.to_act
    assert seat is not None
    held, trick = hand.hand_of(seat), hand.current_trick
    follow = frozenset(card for card in held if trick.suit_of(card) == trick.led)
    if not follow:
        return held
    best = trick.winning_play()
    assert best is not None
    if duty is FollowDuty.BEAT:
        return frozenset(card for card in follow if trick.beats(card, best[1])) or follow
    return follow


@attrs.frozen(eq=False)
class PerTurnMustBeat(hokm.Variant):
    """The same rule written as the write-a-variant tutorial's per-turn hook."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="must-beat-per-turn", summary="tests only")

    @hokm.hookimpl
    def hokm_restrict_plays(self, ctx: PlayContext) -> frozenset[Card] | None:
        led, winning = ctx.led, ctx.winning
        if led is None or winning is None:
            return None
        return ctx.cards_of(led) & ctx.cards_beating(winning) or None


@attrs.define(eq=False)
class Recorded(hokm.Variant):
    """``MustBeat`` counting the duty's calls."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="recorded", summary="tests only")
    calls: int = attrs.field(default=0, init=False)

    @hokm.hookimpl
    def hokm_follow_duty(self) -> FollowDuty:
        self.calls += 1
        return FollowDuty.BEAT


class Answer(hokm.Variant):
    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="answer", summary="tests only")

    def __init__(self, answer: object) -> None:
        self.answer = answer

    @hokm.hookimpl
    def hokm_follow_duty(self) -> object:
        return self.answer


TEN_LED = [(0, Card.parse("10♠"))]
TEN_LED_HANDS = [cards("10♠ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣"),
                 cards("J♠ 3♠ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥"),
                 cards("2♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ Q♠ K♠ A♠ K♥ A♥ A♣"),
                 [card for card in hokm.full_deck() if card.suit is Suit.DIAMONDS]]
"""Seat 0 leads the 10♠ (diamonds trump); seat 1 holds the J♠ and 3♠, seat 2 the spades around."""


def _legal(rules: hokm.Ruleset, hand: str, trick: list[tuple[int, Card]],
           trump: Suit = Suit.HEARTS) -> frozenset[Card]:
    return rules.legal_plays(cards(hand), trick, trump=trump)


# The rule on hand-made tricks ----------------------------------------------------------------


def test_a_follower_must_beat_the_winning_card_where_it_can() -> None:
    rules = hokm.Ruleset.compose(MustBeat())
    assert _legal(rules, "A♠ 9♠ 3♠ K♥", TEN_LED) == set(cards("A♠"))
    assert _legal(hokm.Ruleset.compose(), "A♠ 9♠ 3♠ K♥", TEN_LED) == set(cards("A♠ 9♠ 3♠"))
    assert _legal(rules, "Q♠ K♠ 3♠", TEN_LED) == set(cards("Q♠ K♠"))  # either card that beats it
    assert _legal(rules, "9♠ 3♠ K♥", TEN_LED) == set(cards("9♠ 3♠"))  # none beats it: any spade
    assert _legal(rules, "K♥ 2♥ 4♦", TEN_LED) == set(cards("K♥ 2♥ 4♦"))  # void: no duty


def test_the_card_to_beat_is_the_one_winning_not_the_one_led() -> None:
    rules = hokm.Ruleset.compose(MustBeat())
    over = [(0, Card.parse("10♠")), (1, Card.parse("Q♠"))]
    assert _legal(rules, "J♠ K♠ 3♠", over) == set(cards("K♠"))
    ruffed = [(0, Card.parse("10♠")), (1, Card.parse("2♥"))]  # trumped: following cannot beat it
    assert _legal(rules, "A♠ 3♠", ruffed) == set(cards("A♠ 3♠"))
    assert _legal(rules, "A♥ 3♥", [(0, Card.parse("10♥"))]) == set(cards("A♥"))  # trumps led


def test_a_card_that_follows_one_suit_and_wins_as_a_trump_beats_by_its_trump() -> None:
    # Satat with the 2♥ following hearts: it is a heart to follow with, and the top trump in the trick.
    rules = hokm.Ruleset.compose("satat", MustBeat(), options={"satat": {"two_hearts_follows": "hearts"}})
    assert _legal(rules, "2♥ 5♥", [(0, Card.parse("A♥"))], trump=Suit.SPADES) == set(cards("2♥"))
    plain = hokm.Ruleset.compose("satat", options={"satat": {"two_hearts_follows": "hearts"}})
    assert _legal(plain, "2♥ 5♥", [(0, Card.parse("A♥"))], trump=Suit.SPADES) == set(cards("2♥ 5♥"))


def test_an_illegal_play_names_the_duty_and_changes_nothing() -> None:
    rules = hokm.Ruleset.compose(MustBeat())
    hand = play_cards(rules.new_hand(TEN_LED_HANDS, hakem=0, trump=Suit.DIAMONDS), "10♠")
    assert hand.to_act == 1 and hand.legal_plays() == {Card.parse("J♠")}
    before = play_cards(rules.new_hand(TEN_LED_HANDS, hakem=0, trump=Suit.DIAMONDS), "10♠")
    with pytest.raises(hokm.IllegalPlayError, match="must play a ♠ that beats 10♠ \\(must-beat\\)") as caught:
        hand.play(Card.parse("3♠"))
    assert caught.value.reason == "must play a ♠ that beats 10♠ (must-beat)"
    assert hand == before and hand.legal_plays() == {Card.parse("J♠")}
    assert play_cards(hand, "J♠").legal_plays() == set(cards("Q♠ K♠ A♠"))  # now the J♠ to beat


# Composed with the bundled variants: every turn, and the random-play loop ---------------------


COMPOSED = {
    "standard": (),
    "satat": ("satat",),
    "satat-hearts": ("satat",),
    "hidden-trump": ("hidden-trump",),
    "be-ranga": ("be-ranga",),
    "double-sar+court-piece": ("double-sar", "court-piece"),
    "three-player": ("three-player",),
    "two-player": ("two-player",),
}
OPTIONS = {"satat-hearts": {"satat": {"two_hearts_follows": "hearts"}}}


@pytest.mark.parametrize("name", list(COMPOSED))
def test_every_turn_is_held_to_the_duty_and_playouts_step_alike(name: str) -> None:
    rules = hokm.Ruleset.compose(*COMPOSED[name], MustBeat(), options=OPTIONS.get(name))
    narrowed = 0
    for hand in trick_turns(rules, range(12)):
        if hand.announced is not None:
            continue  # (hidden trump: an ask or a reveal brings its void duty, not this test's)
        legal = hand.legal_plays()
        assert legal == reference_legal(hand, FollowDuty.BEAT), hand.current_trick
        narrowed += legal != reference_legal(hand, None)
    assert narrowed > 20  # turns where the duty left fewer cards than following suit
    for seed in range(15):
        start = rules.deal(random.Random(seed), hakem=seed % rules.players)
        assert start.playout(random.Random(seed)) == stepped(start, seed)


@pytest.mark.parametrize("name", ["standard", "satat", "satat-hearts", "hidden-trump",
                                  "double-sar+court-piece"])
def test_the_declared_rule_plays_the_hands_the_per_turn_hook_plays(name: str) -> None:
    declared = hokm.Ruleset.compose(*COMPOSED[name], MustBeat(), options=OPTIONS.get(name))
    per_turn = hokm.Ruleset.compose(*COMPOSED[name], PerTurnMustBeat(), options=OPTIONS.get(name))
    free = hokm.Ruleset.compose(*COMPOSED[name], options=OPTIONS.get(name))
    differ = 0
    for seed in range(25):
        hands = [rules.deal(random.Random(seed), hakem=0).playout(random.Random(seed)).plays
                 for rules in (declared, per_turn, free)]
        assert hands[0] == hands[1]
        differ += hands[0] != hands[2]
    assert differ > 20  # the rule changes the hands


def test_the_duty_is_asked_once_when_the_ruleset_is_composed() -> None:
    plugin = Recorded()
    rules = hokm.Ruleset.compose(plugin)
    assert plugin.calls == 1
    for seed in range(5):
        start = rules.deal(random.Random(seed), hakem=seed % 4)
        assert start.playout(random.Random(seed)).plays == stepped(start, seed).plays
    assert plugin.calls == 1 and rules.legal_plays(cards("A♠ 9♠"), TEN_LED, trump=Suit.HEARTS) == {
        Card.parse("A♠")}


class Silent(hokm.Variant):
    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="silent", summary="tests only")

    @hokm.hookimpl
    def hokm_follow_duty(self) -> None:
        return None


@pytest.mark.parametrize("order", ["silent-first", "beat-first"])
def test_any_beat_answer_applies_in_both_listing_orders(order: str) -> None:
    plugins = [Silent(), Answer(FollowDuty.BEAT)]
    rules = hokm.Ruleset.compose(*(plugins if order == "silent-first" else reversed(plugins)))
    assert rules.legal_plays(cards("A♠ 9♠ 3♠"), TEN_LED, trump=Suit.HEARTS) == set(cards("A♠"))


def test_a_follow_duty_of_the_wrong_type_is_a_contract_error() -> None:
    with pytest.raises(hokm.PluginContractError, match=r"hokm_follow_duty.*'beat', not a FollowDuty"):
        hokm.Ruleset.compose(Answer("beat"))


def test_batches_play_the_documented_stream_under_the_duty() -> None:
    # The C kernel plays the duty where it is built (tests/property/test_native.py holds it to the
    # pure twin, and the solver to exhaustive search, over rulesets with a follow duty).
    rules = hokm.Ruleset.compose(MustBeat())
    assert rules.native_reasons == ()
    batch = rules.playouts(30, seed=5)
    rng = rng_for(5, "playouts")
    for index in range(30):
        end = rules.deal(rng, hakem=floor(rng.random() * rules.players)).playout(rng)
        assert (batch.hakem[index], batch.points[index], batch.winner[index]) == (
            end.hakem, end.score().points, end.score().winner)


def test_the_solver_plays_by_the_duty() -> None:
    # Seat 1 holds the J♠ and the 3♠ under the 10♠: only the J♠ is legal, and solved.
    rules = hokm.Ruleset.compose(MustBeat())
    hand = play_cards(rules.new_hand(TEN_LED_HANDS, hakem=0, trump=Suit.DIAMONDS), "10♠")
    solution = hokm.solve(hand)
    assert set(solution.values) == {Card.parse("J♠")}


def test_a_follow_below_the_winning_card_shows_the_cards_that_would_have_beaten_it() -> None:
    hands = [cards("10♠ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣"),
             cards("J♠ 3♠ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥"),
             cards("2♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ K♥ A♥ A♣ 2♦ 3♦ 4♦"),
             cards("Q♠ K♠ A♠ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦")]
    for rules, shown in ((hokm.Ruleset.compose(MustBeat()), True), (hokm.Ruleset.compose(), False)):
        view = play_cards(rules.new_hand(hands, hakem=0, trump=Suit.DIAMONDS), "10♠ J♠ 2♠").observation(0)
        # Seat 2 played under the J♠: under the duty it holds no spade above it.
        assert (set(cards("Q♠ K♠ A♠")) <= view.cannot_hold[2]) is shown
        assert not set(cards("Q♠ K♠ A♠")) & view.cannot_hold[3]
        assert not set(cards("4♠ 9♠")) & view.cannot_hold[2]


@settings(max_examples=60, deadline=None)
@given(hand=hand_states(ruleset=st.sampled_from([hokm.Ruleset.compose(MustBeat()),
                                                 hokm.Ruleset.compose("satat", MustBeat())]),
                        min_actions=2, max_actions=45))
def test_every_reachable_turn_is_held_to_the_duty(hand: HandState) -> None:
    if hand.phase is not Phase.PLAY or hand.pending_decision is not None:
        return
    assert hand.legal_plays() == reference_legal(hand, FollowDuty.BEAT)
