"""The decision framework of RULES 1.5.1, through small house-rule plugins and real play.

Each capability (G1-G8) is exercised by the smallest plugin that needs it, so a
failure names the core piece that broke rather than a bundled variant.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import FaceDown, Lay, Reveal

import hokm
from hokm import Card, Effect, HiddenAction, MatchStatus, Suit, TrumpRule, cards, hookimpl
from hokm.errors import GameStateError, IllegalActionError, PluginContractError

DECK = hokm.full_deck()
BY_SUIT = [DECK[0:13], DECK[13:26], DECK[26:39], DECK[39:52]]


def play(hand: hokm.HandState, *texts: str) -> hokm.HandState:
    for text in texts:
        hand = hand.play(Card.parse(text))
    return hand


@attrs.frozen
class ThrowIn(hokm.Action):
    pass


class FirstVoid(hokm.Variant):
    def __init__(self, rule: TrumpRule = TrumpRule.FIRST_VOID_CARD) -> None:
        self.rule = rule

    @hookimpl
    def hokm_trump_rule(self) -> TrumpRule:
        return self.rule


class WeakThrowIn(hokm.Variant):
    @hookimpl
    def hokm_call_alternatives(self, hand: hokm.HandView) -> list[hokm.Action] | None:
        five = hand.dealt(hand.hakem)[:5]
        if hand.redeals < 2 and all(card.rank <= hokm.Rank.TEN for card in five):
            return [ThrowIn()]
        return None

    @hookimpl
    def hokm_decision_effect(self, hand: hokm.HandView, seat: hokm.Seat,
                             action: hokm.Action) -> Effect | None:
        if isinstance(action, ThrowIn):
            return Effect(annul=True, show=hand.dealt(seat)[:5])
        return None


WEAK_FIVE = cards("9♠ 8♥ 7♣ 4♦ 2♠")
WEAK_DECK = [*WEAK_FIVE] + [card for card in DECK if card not in WEAK_FIVE]


# S80's deal: seats 2 and 3 hold no clubs.
S80_HANDS = [cards("A♠ A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 5♣ 4♣ 3♣ 2♣"),
             cards("5♠ 6♣ 2♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥"),
             cards("9♠ 3♥ A♥ 2♦ 3♦ 4♦ 5♦ 6♦ 8♦ 9♦ 10♦ J♦ Q♦"),
             cards("2♠ 3♠ 4♠ 6♠ 7♠ 8♠ 10♠ J♠ Q♠ K♠ 7♦ K♦ A♦")]


# G4 / G1: play without trump, and the trump fixed by the first void card ------------------


def test_a_first_void_rule_skips_the_call_and_plays_without_trump() -> None:
    hand = hokm.Ruleset.compose(FirstVoid()).deal(list(DECK))
    assert (hand.phase, hand.trump, hand.to_act) == (hokm.Phase.PLAY, None, 0)
    assert len(hand.hand_of(0)) == 13


def test_the_first_void_card_fixes_trump_and_wins_its_trick() -> None:
    hands = S80_HANDS
    rules = hokm.Ruleset.compose(FirstVoid())
    hand = play(rules.new_hand(hands, hakem=0), "A♠", "5♠", "9♠", "2♠")  # S80 trick 1
    assert hand.winners == (0,) and hand.trump is None
    hand = play(hand, "K♣", "6♣")
    hand = play(hand, "3♥")  # seat 2 cannot follow: hearts are trump from this card
    assert hand.trump == Suit.HEARTS and hand.trump_from == 6
    hand = play(hand, "7♦")
    assert hand.winners == (0, 2)
    assert hand.tricks[1].first_trump == 2 and hand.tricks[1].default_winner() == 2


def test_with_next_trick_activation_the_fixing_trick_goes_to_the_led_suit() -> None:
    hands = S80_HANDS
    rules = hokm.Ruleset.compose(FirstVoid(TrumpRule.FIRST_VOID_CARD_NEXT_TRICK))
    hand = play(rules.new_hand(hands, hakem=0), "A♠", "5♠", "9♠", "2♠", "K♣", "6♣", "3♥", "7♦")
    assert hand.trump == Suit.HEARTS and hand.winners == (0, 0)
    assert hand.tricks[1].trump is None  # judged without a trump, for good


def test_obligatory_trump_has_nothing_to_act_on_before_trump_exists() -> None:
    rules = hokm.Ruleset.compose(FirstVoid(), "obligatory-trump")
    hand = play(rules.new_hand(BY_SUIT, hakem=0), "A♠")
    assert len(hand.legal_plays()) == 13  # seat 1 holds only hearts: free, no trump yet


def test_new_hand_refuses_a_trump_where_nobody_calls_one() -> None:
    with pytest.raises(hokm.InvalidDealError, match="nobody calls trump"):
        hokm.Ruleset.compose(FirstVoid()).new_hand(BY_SUIT, hakem=0, trump=Suit.HEARTS)


# M1, M3, effects, forced effects, privacy ----------------------------------------------------


def test_a_face_down_call_hides_the_trump_and_the_choice() -> None:
    hand = hokm.Ruleset.compose(FaceDown()).new_hand(BY_SUIT, hakem=0)
    assert [a.card for a in hand.legal_actions()] == list(DECK[0:5])  # type: ignore[attr-defined]
    hand = hand.apply(Lay(Card.parse("3♠")))
    assert hand.trump is None and Card.parse("3♠") not in hand.hand_of(0)
    assert hand.observation(0).set_aside == {Card.parse("3♠")}
    assert hand.observation(2).set_aside == frozenset()
    assert hand.observation(2).decisions == ((0, HiddenAction()),)
    assert hand.observation(0).decisions == ((0, Lay(Card.parse("3♠"))),)


def test_an_announcement_keeps_the_turn_binds_the_card_and_is_offered_once() -> None:
    hand = hokm.Ruleset.compose(FaceDown()).new_hand(BY_SUIT, hakem=0).apply(Lay(Card.parse("3♠")))
    assert Reveal() in hand.legal_actions()
    revealed = hand.apply(Reveal())
    assert revealed.to_act == 0 and revealed.trump == Suit.SPADES
    assert revealed.announced == Reveal() and Reveal() not in revealed.legal_actions()
    assert revealed.shown == {Card.parse("3♠")} and revealed.observation(1).shown == {Card.parse("3♠")}
    assert Card.parse("3♠") in revealed.hand_of(0) and revealed.decisions_at == (0, 0)
    after = revealed.play(Card.parse("3♠"))
    assert after.announced is None and after.trump_from == 0


def test_an_announcement_obligation_comes_from_the_legality_hooks() -> None:
    hands = [cards("2♠ 3♠ 4♠ 5♠ 6♠ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥"), DECK[13 + 8:26] + DECK[0 + 5:13],
             DECK[26:39], DECK[39:52]]
    hand = hokm.Ruleset.compose(FaceDown()).new_hand(hands, hakem=0).apply(Lay(Card.parse("2♠")))
    assert len(hand.legal_plays()) == 12
    assert hand.apply(Reveal()).legal_plays() == set(cards("3♠ 4♠ 5♠ 6♠ 2♠"))


def test_the_trump_phase_kernel_and_stepping_agree_beyond_the_classic_hand() -> None:
    rules = hokm.Ruleset.compose(FaceDown())
    for seed in range(20):
        hand = rules.deal(random.Random(seed))
        rng = random.Random(seed + 100)
        stepped = hand
        while not stepped.is_over:
            options = stepped.legal_actions()
            stepped = stepped.apply(options[int(rng.random() * len(options))])
        played = hand.playout(random.Random(seed + 100))
        assert played.plays == stepped.plays and played.decisions == stepped.decisions


def test_a_forced_effect_plays_the_last_card() -> None:
    rules = hokm.Ruleset.compose(FaceDown())
    for seed in range(30):
        hand = rules.deal(random.Random(seed)).apply(Lay(rules.deal(random.Random(seed)).dealt(0)[0]))
        rng = random.Random(seed)
        while not hand.is_over:  # never reveal by choice: the last card forces it
            options = [a for a in hand.legal_actions() if not isinstance(a, Reveal)]
            hand = hand.apply(options[int(rng.random() * len(options))])
        if hand.tricks_played == 13:
            assert not hand.set_aside[0] and hand.trump is not None
            assert len(hand.plays) == 52


# Broken effects are named -----------------------------------------------------------------


class Broken(hokm.Variant):
    def __init__(self, **effect: object) -> None:
        self.effect = effect

    @hookimpl
    def hokm_call_alternatives(self) -> list[hokm.Action]:
        return [ThrowIn()]

    @hookimpl
    def hokm_decision_effect(self, action: hokm.Action) -> Effect | None:
        return Effect(**self.effect) if isinstance(action, ThrowIn) else None  # type: ignore[arg-type]


@pytest.mark.parametrize(("effect", "message"), [
    ({"set_aside": Card.parse("A♥")}, "does not hold"),
    ({"restore": Card.parse("A♥")}, "which no seat set aside"),
    ({"play": Card.parse("A♠")}, "not a legal play"),
])
def test_an_effect_that_would_break_the_hand_is_a_contract_error(effect: dict[str, object],
                                                                 message: str) -> None:
    hand = hokm.Ruleset.compose(Broken(**effect)).new_hand(BY_SUIT, hakem=0)
    with pytest.raises(PluginContractError, match=message):
        hand.apply(ThrowIn())
    assert hand.phase == hokm.Phase.TRUMP and len(hand.hand_of(0)) == 13  # untouched


def test_a_trump_in_force_cannot_change_and_a_started_hand_cannot_be_annulled() -> None:
    class Late(hokm.Variant):
        @hookimpl
        def hokm_turn_options(self) -> list[hokm.Action]:
            return [ThrowIn()]

        @hookimpl
        def hokm_decision_effect(self, hand: hokm.HandView) -> Effect:
            return Effect(annul=True) if hand.plays else Effect(trump=Suit.CLUBS)

    hand = hokm.Ruleset.compose(Late()).new_hand(BY_SUIT, hakem=0, trump=Suit.HEARTS)
    with pytest.raises(PluginContractError, match="never changes"):
        hand.apply(ThrowIn())
    with pytest.raises(PluginContractError, match="only a hand that has not started"):
        hand.play(Card.parse("A♠")).apply(ThrowIn())


def test_a_forced_effect_that_never_stops_is_reported() -> None:
    class Forever(hokm.Variant):
        @hookimpl
        def hokm_forced_effect(self) -> Effect:
            return Effect(show=[Card.parse("A♠")])

    with pytest.raises(PluginContractError, match="in a row"):
        hokm.Ruleset.compose(Forever()).new_hand(BY_SUIT, hakem=0)


def test_turn_options_may_not_offer_the_cores_actions() -> None:
    class Cards(hokm.Variant):
        @hookimpl
        def hokm_turn_options(self) -> list[hokm.Action]:
            return [hokm.PlayCard(Card.parse("A♠"))]

    # An implementation that takes no hand is a table, asked (and refused) when the rules are composed.
    with pytest.raises(PluginContractError, match="not announcements"):
        hokm.Ruleset.compose(Cards())

    class HandCards(hokm.Variant):
        @hookimpl
        def hokm_turn_options(self, hand: hokm.HandView) -> list[hokm.Action]:
            return [hokm.PlayCard(Card.parse("A♠"))]

    hand = hokm.Ruleset.compose(HandCards()).new_hand(BY_SUIT, hakem=0, trump=Suit.HEARTS)
    with pytest.raises(PluginContractError, match="not announcements"):
        hand.legal_actions()


def test_a_decision_offered_at_the_wrong_moment_is_refused() -> None:
    hand = hokm.Ruleset.compose(FaceDown()).new_hand(BY_SUIT, hakem=0)
    with pytest.raises(IllegalActionError, match="expected one of"):
        hand.apply(Reveal())  # at the trump call: only the five Lay choices
    laid = hand.apply(Lay(Card.parse("2♠"))).play(Card.parse("A♠"))
    with pytest.raises(IllegalActionError):
        laid.apply(Reveal())  # seat 1's turn: only the Hakem is offered it


# G3: annulled hands in a match ------------------------------------------------------------


def test_an_annulled_hand_leaves_the_match_untouched_and_redeals_with_the_same_hakem() -> None:
    rules = hokm.Ruleset.compose(WeakThrowIn())
    match = rules.new_match(seed=5, deck=WEAK_DECK)
    hakem = match.hand.hakem  # dealing starts with the Hakem: the weak five are his first packet
    assert ThrowIn() in match.legal_actions()
    after = match.apply(ThrowIn())
    assert after.last_hand is not None and after.last_hand.is_annulled
    assert after.scores == match.scores and after.results == () and after.hand_number == 2
    assert after.hand.hakem == hakem and after.hand.redeals == 1
    with pytest.raises(GameStateError, match="annulled"):
        after.last_hand.result()
    assert after.last_hand.observation(3).annulled
    assert after.last_hand.observation(3).shown == set(WEAK_FIVE)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32))
def test_random_matches_with_annulments_keep_scores_consistent(seed: int) -> None:
    match = hokm.Ruleset.compose(WeakThrowIn()).new_match(seed=seed)
    rng = random.Random(seed)
    annulled = 0
    while not match.is_over:
        options = match.legal_actions()
        choice = ThrowIn() if ThrowIn() in options else options[int(rng.random() * len(options))]
        before = match
        match = match.apply(choice)
        if match.last_hand is not before.last_hand and match.last_hand is not None \
                and match.last_hand.is_annulled:
            annulled += 1
            assert match.scores == before.scores and match.results == before.results
            assert match.hand.redeals == before.hand.redeals + 1 <= 2
    points = [0, 0]
    for result in match.results:
        points[result.winner] += result.points
    assert tuple(points) == match.scores
    assert match.hand_number == len(match.results) + annulled


# G7: a drawn match ---------------------------------------------------------------------------


class DrawAfterOne(hokm.Variant):
    @hookimpl
    def hokm_match_winner(self, match: hokm.MatchView) -> MatchStatus | None:
        return MatchStatus.DRAWN if len(match.results) == 1 else None


def test_a_match_can_end_drawn() -> None:
    match = hokm.Ruleset.compose(DrawAfterOne()).new_match(seed=3)
    match = match.playout_hand(random.Random(1))
    assert match.is_over and match.is_drawn and match.winner is None and match.to_act is None
    assert match.legal_actions() == () and match.observation(0).drawn
    with pytest.raises(IllegalActionError, match="drawn"):
        match.apply(hokm.PlayCard(Card.parse("A♠")))



def test_a_forced_effect_once_the_hand_is_over_may_only_show_cards() -> None:
    class ShowAtEnd(hokm.Variant):
        def __init__(self, **effect: object) -> None:
            self.effect = effect

        @hookimpl
        def hokm_forced_effect(self, hand: hokm.HandView) -> Effect | None:
            return Effect(**self.effect) if hand.to_act is None else None  # type: ignore[arg-type]

    def finish(rules: hokm.Ruleset) -> hokm.HandState:
        hand = rules.new_hand(BY_SUIT, hakem=0, trump=Suit.SPADES)
        while not hand.is_over:
            hand = hand.play(min(hand.legal_plays(), key=lambda card: card.sort_key))
        return hand

    over = finish(hokm.Ruleset.compose(ShowAtEnd(show=[Card.parse("2♥")])))
    assert over.shown == {Card.parse("2♥")} and over.observation(3).shown == {Card.parse("2♥")}
    with pytest.raises(PluginContractError, match="can only have cards shown"):
        finish(hokm.Ruleset.compose(ShowAtEnd(trump=Suit.HEARTS)))
