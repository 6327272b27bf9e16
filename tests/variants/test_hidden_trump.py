"""Hidden trump: a face-down indicator, the ask, the caller's reveal (RULES 1.5.2; SCENARIOS S39, S40,
S61, S62, S63)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import hokm
from hokm import Card, HandState, HiddenAction, PlayCard, Ruleset, Suit, cards
from hokm.testing import RulesetMachine, check_variant
from hokm_variants.hidden_trump import (
    AskTrump,
    BlindIndicator,
    HiddenTrump,
    RevealTrump,
    SetIndicator,
    indicator,
)

ASK, REVEAL, BLIND = AskTrump(), RevealTrump(), BlindIndicator()
C = Card.parse


def hidden(*others: str, **options: Any) -> Ruleset:
    return Ruleset.compose("hidden-trump", *others, options={"hidden-trump": options})


def deal(rules: Ruleset, texts: Sequence[str], hakem: int = 0) -> HandState:
    hands = [cards(text) for text in texts]
    assert sorted(c.index for hand in hands for c in hand) == list(range(52))
    return rules.new_hand(hands, hakem=hakem)


def offers(hand: HandState) -> tuple[hokm.Action, ...]:
    """The seat to act's actions other than cards."""
    return tuple(a for a in hand.legal_actions() if not isinstance(a, PlayCard))


def plays(hand: HandState, text: str) -> HandState:
    for card in cards(text):
        hand = hand.play(card)
    return hand


def cs(text: str) -> frozenset[Card]:
    return frozenset(cards(text))


# S39 ------------------------------------------------------------------------------------------------

S39 = ["9♦ 2♠ A♣ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ 2♣",
       "A♠ K♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ 2♥",
       "3♠ 3♦ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥",
       "4♠ 2♦ 4♦ 5♦ 6♦ 7♦ 8♦ 10♦ J♦ Q♦ K♦ A♦ A♥"]


def s39_trick_two(rules: Ruleset) -> HandState:
    """Seat 0 sets the 9♦; seat 1 wins trick 1 and leads K♣ to trick 2."""
    hand = deal(rules, S39).apply(SetIndicator(C("9♦")))
    hand = plays(hand, "2♠ A♠ 3♠ 4♠")
    assert hand.winners == (1,) and hand.trump is None
    return hand.play(C("K♣"))


def test_s39_cards_played_before_the_reveal_are_not_trumps() -> None:
    hand = s39_trick_two(hidden())
    assert hand.to_act == 2 and offers(hand) == (ASK,)
    hand = hand.play(C("3♦"))  # seat 2 does not ask: a plain discard
    assert hand.trump is None and hand.to_act == 3 and offers(hand) == (ASK,)
    hand = hand.apply(ASK)
    assert hand.trump is Suit.DIAMONDS and hand.shown == {C("9♦")}
    assert C("9♦") in hand.hand_of(0) and hand.set_aside[0] == frozenset()
    assert hand.legal_plays() == cs("2♦ 4♦ 5♦ 6♦ 7♦ 8♦ 10♦ J♦ Q♦ K♦ A♦")  # must trump
    hand = hand.play(C("2♦"))
    assert hand.legal_plays() == cs("A♣ 2♣") and offers(hand) == ()
    hand = hand.play(C("A♣"))
    assert hand.winners == (1, 3)
    assert hand.tricks[1].cards == cards("K♣ 3♦ 2♦ A♣") and hand.trump_from == 6


def test_s39_without_the_reveal_the_led_suit_wins() -> None:
    hand = s39_trick_two(hidden()).play(C("3♦")).play(C("2♦")).play(C("A♣"))
    assert hand.winners == (1, 0) and hand.trump is None


# S40 -------------------------------------------------------------------------------------------------

S40 = ["3♠ 2♣ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 2♦ 3♦ 4♦",
       "A♣ A♠ 2♠ 4♠ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦",
       "3♣ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥",
       "4♣ 5♠ A♦ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ 2♥"]


def test_s40_the_trump_suit_led_before_anyone_knows() -> None:
    hand = deal(hidden(), S40).apply(SetIndicator(C("3♠")))
    hand = plays(hand, "2♣ A♣ 3♣ 4♣")
    assert offers(hand) == ()  # seat 1 leads: no reveal for a leader who is not the caller
    hand = hand.play(C("A♠"))  # leading the hidden trump suit does not reveal it
    assert hand.trump is None and offers(hand) == (ASK,)
    hand = hand.apply(ASK)
    assert hand.trump is Suit.SPADES and len(hand.legal_plays()) == 12  # no spade: any card
    hand = plays(hand, "4♥ 5♠ K♠")
    assert hand.winners == (1, 1)  # A♠ is the highest card of the led suit, which is trump


# S61 -------------------------------------------------------------------------------------------------

S61 = ["9♥ A♠ 2♦ 3♦ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 10♥ J♥",
       "A♦ K♦ A♣ 2♠ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 4♣",
       "5♣ 3♠ 4♦ 5♦ 2♣ 3♣ Q♥ K♥ A♥ 4♠ 5♠ 6♠ 7♠",
       "8♠ 6♦ 7♦ 8♦ 9♠ 10♠ J♠ Q♠ K♠ 9♦ 10♦ J♦ Q♦"]


def s61_trick_four() -> HandState:
    hand = deal(hidden(), S61)
    assert hand.phase is hokm.Phase.TRUMP
    assert hand.legal_actions() == tuple(SetIndicator(c) for c in sorted(
        cards("9♥ A♠ 2♦ 3♦ 2♥"), key=lambda c: c.sort_key))
    hand = hand.apply(SetIndicator(C("9♥")))
    for trick in ("A♠ 2♠ 3♠ 8♠", "2♦ A♦ 4♦ 7♦", "K♦ 5♦ 8♦ 3♦"):
        for card in cards(trick):
            seat = hand.to_act
            if seat == 0 and not hand.current_trick.plays:
                assert offers(hand) == (REVEAL,)  # the caller on lead, trump still hidden
            else:
                assert offers(hand) == ()  # everyone follows suit; leaders get nothing
            hand = hand.play(card)
    assert hand.winners == (0, 1, 1) and hand.trump is None
    return hand.play(C("A♣"))


def test_s61_who_is_offered_the_ask() -> None:
    hand = s61_trick_four()
    assert hand.to_act == 2 and offers(hand) == () and hand.legal_plays() == cs("5♣ 2♣ 3♣")
    hand = hand.play(C("5♣"))
    assert hand.to_act == 3 and offers(hand) == (ASK,)
    assert hand.legal_plays() == hand.hand_of(3)  # or any card
    hand = hand.play(C("6♦"))
    assert hand.trump is None and hand.to_act == 0 and offers(hand) == (REVEAL,)
    assert hand.legal_plays() == hand.hand_of(0) and C("9♥") not in hand.hand_of(0)
    revealed = hand.apply(REVEAL)
    assert revealed.trump is Suit.HEARTS and offers(revealed) == ()
    assert revealed.legal_plays() == cs("9♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 10♥ J♥")  # the 9♥ is back
    after = revealed.play(C("2♥"))
    assert after.winners[-1] == 0
    while not after.is_over:  # after a reveal nobody is offered anything again
        assert offers(after) == ()
        after = after.play(min(after.legal_plays(), key=lambda c: c.index))
    declined = hand.play(C("8♥"))  # without revealing: any card, trump stays hidden
    assert declined.trump is None and declined.winners[-1] == 1


def test_s61_privacy() -> None:
    hand = s61_trick_four().play(C("5♣"))
    assert hand.to_act == 3
    for seat in (0, 1, 2):
        view = hand.observation(seat)
        assert view.to_act == 3 and view.legal_actions == ()
    assert ASK in hand.observation(3).legal_actions
    # The indicator: seat 0 alone sees it; the others (his partner too) see that he set one.
    assert hand.observation(0).set_aside == {C("9♥")}
    assert hand.observation(0).decisions == ((0, SetIndicator(C("9♥"))),)
    for seat in (1, 2, 3):
        view = hand.observation(seat)
        assert view.set_aside == frozenset() and view.shown == frozenset() and view.trump is None
        assert view.decisions == ((0, HiddenAction()),)
        assert "9♥" not in repr(view)
    revealed = hand.play(C("6♦")).apply(REVEAL)
    for seat in range(4):  # after the reveal: the card and the trump are public
        view = revealed.observation(seat)
        assert view.trump is Suit.HEARTS and view.shown == {C("9♥")} and view.set_aside == frozenset()
        assert view.decisions[-1] == (0, REVEAL)


# S62 -------------------------------------------------------------------------------------------------

S62 = ["9♥ 2♣ 10♣ 2♦ 2♥ 3♥ 5♥ 6♥ 7♥ 8♥ 10♥ J♥ A♥",
       "A♣ K♣ Q♣ J♣ 9♣ 8♣ 7♣ 6♣ 5♣ A♦ A♠ K♠ Q♠",
       "K♥ 4♥ 7♦ 3♣ 2♠ 3♠ 4♠ 6♠ 3♦ 4♦ 5♦ 6♦ 8♦",
       "Q♥ 5♠ 4♣ 7♠ 8♠ 9♠ 10♠ J♠ 9♦ 10♦ J♦ Q♦ K♦"]


def s62_trick_three(rules: Ruleset) -> HandState:
    hand = deal(rules, S62).apply(SetIndicator(C("9♥")))
    hand = plays(hand, "2♣ K♣ 3♣ 4♣ A♦ 3♦ 9♦ 2♦")
    assert hand.winners == (1, 1) and hand.trump is None
    return hand.play(C("A♣"))


def test_s62_the_asker_must_trump_a_later_void_player_need_not() -> None:
    hand = s62_trick_three(hidden())
    hand = hand.apply(ASK)
    assert hand.trump is Suit.HEARTS and C("9♥") in hand.hand_of(0)
    assert hand.legal_plays() == cs("K♥ 4♥")
    assert hand.to_act == 2
    with pytest.raises(hokm.IllegalPlayError) as caught:
        hand.play(min(hand.hand_of(2) - hand.legal_plays(), key=lambda c: c.index))
    assert caught.value.reason == "cannot follow ♣, so must play a trump (hidden-trump)"
    hand = hand.play(C("4♥"))
    assert offers(hand) == () and hand.legal_plays() == hand.hand_of(3) >= cs("Q♥ 5♠")
    hand = hand.play(C("5♠"))
    assert hand.legal_plays() == cs("10♣")
    hand = hand.play(C("10♣"))
    assert hand.winners[-1] == 2  # 4♥ was played after the reveal: a trump


def test_a_card_refused_after_the_reveal_on_lead_names_the_duty() -> None:
    rules, found = hidden(), 0
    for seed in range(40):
        rng = random.Random(seed)
        hand = rules.deal(rng)
        while not hand.is_over:
            if REVEAL in offers(hand) and not hand.current_trick.plays:
                revealed = hand.apply(REVEAL)
                assert revealed.to_act is not None
                others = revealed.hand_of(revealed.to_act) - revealed.legal_plays()
                if others:
                    with pytest.raises(hokm.IllegalPlayError) as caught:
                        revealed.play(min(others, key=lambda c: c.index))
                    assert caught.value.reason == "must lead a trump (hidden-trump)"
                    found += 1
            hand = hand.apply(rng.choice(hand.legal_actions()))
    assert found >= 3


def test_s62_with_obligatory_trump() -> None:
    hand = s62_trick_three(hidden("obligatory-trump")).apply(ASK).play(C("4♥"))
    assert hand.legal_plays() == cs("Q♥")


def test_s62_obligatory_trump_has_nothing_to_act_on_before_the_reveal() -> None:
    hand = s62_trick_three(hidden("obligatory-trump"))
    assert hand.trump is None and hand.legal_plays() == hand.hand_of(2)  # no trump yet: any card


def test_s62_with_the_automatic_reveal() -> None:
    hand = s62_trick_three(hidden(reveal="automatic"))
    # Tricks 1 and 2 had no void seat; seat 2 is the first that cannot follow.
    assert hand.to_act == 2 and hand.trump is Suit.HEARTS and hand.shown == {C("9♥")}
    assert hand.decisions == ((0, SetIndicator(C("9♥"))),)  # not a decision: nobody asked
    assert offers(hand) == () and hand.legal_plays() == hand.hand_of(2) >= cs("K♥ 4♥ 7♦")
    hand = hand.play(C("7♦"))
    assert hand.legal_plays() == hand.hand_of(3)


# S63 -------------------------------------------------------------------------------------------------

S63 = ["K♠ 2♣ 2♦ A♦ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥",
       "A♣ 3♠ 4♦ 2♠ 4♠ 5♠ 5♣ 6♣ 7♣ 6♦ 7♦ J♥ Q♥",
       "8♠ 3♣ 5♦ 6♠ 7♠ 9♠ 8♣ 9♣ 10♣ 8♦ 9♦ K♥ A♥",
       "J♠ 4♣ 3♦ 10♠ Q♠ A♠ J♣ Q♣ K♣ 10♦ J♦ Q♦ K♦"]


def s63_seat_zero_to_play() -> HandState:
    hand = deal(hidden(), S63).apply(SetIndicator(C("K♠")))
    hand = plays(hand, "2♣ A♣ 3♣ 4♣")
    for card in cards("3♠ 8♠ J♠"):
        assert offers(hand) == ()  # seats 2 and 3 hold spades: no ask
        hand = hand.play(card)
    assert hand.to_act == 0
    return hand


def test_s63_a_the_caller_reveals_and_wins() -> None:
    hand = s63_seat_zero_to_play()
    assert offers(hand) == (REVEAL,)  # void: the indicator is not part of his hand
    assert hand.legal_plays() == hand.hand_of(0) and all(c.suit is not Suit.SPADES for c in hand.hand_of(0))
    hand = hand.apply(REVEAL)
    assert hand.trump is Suit.SPADES and hand.legal_plays() == {C("K♠")}
    hand = hand.play(C("K♠"))
    assert hand.winners == (1, 0)


def test_s63_b_and_c_no_reveal_then_the_reveal_on_lead() -> None:
    hand = s63_seat_zero_to_play().play(C("2♦"))
    assert hand.winners == (1, 3) and hand.trump is None  # the spades were ordinary spades
    hand = plays(hand, "3♦ A♦ 4♦ 5♦")
    assert hand.winners[-1] == 0 and hand.to_act == 0 and hand.trump is None
    assert offers(hand) == (REVEAL,)
    assert all(card.suit is not Suit.SPADES for card in hand.legal_plays())  # none in hand
    hand = hand.apply(REVEAL)
    assert hand.trump is Suit.SPADES and hand.legal_plays() == {C("K♠")}  # must lead a trump


def test_leading_the_hidden_trump_suit_is_legal_and_does_not_reveal() -> None:
    hand = deal(hidden(), S40).apply(SetIndicator(C("3♠")))  # seat 0 holds more spades
    assert offers(hand) == (REVEAL,) and C("K♠") in hand.legal_plays()
    hand = hand.play(C("K♠"))
    assert hand.trump is None and hand.shown == frozenset()
    revealed = deal(hidden(), S40).apply(SetIndicator(C("3♠"))).apply(REVEAL)
    assert revealed.legal_plays() == cs("3♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠")
    assert revealed.trump_from == 0 and revealed.shown == {C("3♠")}


# Rule 2: the indicator is not part of the hand ------------------------------------------------------------


def test_the_indicator_cannot_be_played_nor_counted_for_following() -> None:
    hand = deal(hidden(), S40).apply(SetIndicator(C("3♠")))
    assert C("3♠") not in hand.legal_plays() and C("3♠") not in hand.hand_of(0)
    assert hand.set_aside[0] == {C("3♠")} and indicator(hand) == C("3♠")
    with pytest.raises(hokm.IllegalPlayError):
        hand.play(C("3♠"))


# Rule 6: the forced reveal ---------------------------------------------------------------------------


def play_all(rules_variants: tuple[str, ...] = (), **options: Any) -> Ruleset:
    return Ruleset.compose("hidden-trump", *rules_variants, options={
        "hidden-trump": options, "standard": {"play_all": True}})


@pytest.mark.parametrize("reveal", ["on-request", "automatic"])
def test_the_last_card_is_revealed_and_played_by_itself(reveal: str) -> None:
    # Seat 0 sets his 2♣ and holds the other clubs; nobody is ever void until trick 13.
    texts = ["2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣",
             "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠",
             "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥",
             "2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦"]
    hand = deal(play_all(reveal=reveal), texts).apply(SetIndicator(C("2♣")))
    # Seat 0 leads twelve clubs; the others are void each time (they discard, never ask).
    while hand.tricks_played < 12:
        if hand.to_act == 0:
            hand = hand.play(max(hand.legal_plays(), key=lambda c: c.sort_key))
        else:
            if hand.trump is None and reveal == "on-request":
                assert offers(hand) == (ASK,)
            hand = hand.play(min(hand.legal_plays(), key=lambda c: c.index))
    if reveal == "automatic":
        assert hand.trump is Suit.CLUBS and hand.trump_from == 1  # up before seat 1 played
        return
    # Trick 13: seat 0 leads with only the indicator left: it is revealed and played at once.
    assert hand.plays[-1] == (0, C("2♣")) and hand.to_act == 1 and hand.hand_of(0) == frozenset()
    assert hand.trump is Suit.CLUBS and hand.shown == {C("2♣")} and hand.trump_from == 48
    assert hand.decisions == ((0, SetIndicator(C("2♣"))),)  # not a decision
    hand = plays(hand, "A♠ A♥ A♦")
    assert hand.winners == (0,) * 13


def test_forced_reveal_plays_the_indicator() -> None:
    rules = play_all()
    rng = random.Random(5)
    seen = {"lead": 0, "follow": 0}
    for _ in range(300):
        deck = list(hokm.full_deck())
        rng.shuffle(deck)
        hand = rules.deal(deck, hakem=0)
        hand = hand.apply(hand.legal_actions()[0])
        card = indicator(hand)
        assert card is not None
        while not hand.is_over:
            legal = [a for a in hand.legal_actions() if not isinstance(a, RevealTrump | AskTrump)]
            hand = hand.apply(rng.choice(legal))
        if not any(isinstance(a, RevealTrump | AskTrump) for _, a in hand.decisions):
            last = hand.tricks[-1]
            assert (0, card) in last.plays and hand.shown == {card}
            assert hand.trump is card.suit and hand.trump_from == 51 - 3 + last.plays.index((0, card))
            seen["lead" if last.leader == 0 else "follow"] += 1
    assert seen["lead"] and seen["follow"]


# Option indicator="blind" ---------------------------------------------------------------------------


def test_blind_indicator_is_the_first_card_dealt_and_nobody_sees_it() -> None:
    deck = list(hokm.full_deck())
    random.Random(2).shuffle(deck)
    hand = hidden(indicator="blind").deal(deck, hakem=1)
    first = hand.dealt(1)[0]
    # The lone M1 choice is taken by itself: the hand starts at the first lead.
    assert hand.phase is hokm.Phase.PLAY and hand.to_act == 1 and hand.trump is None
    assert hand.set_aside[1] == {first} and first not in hand.hand_of(1) and indicator(hand) == first
    assert hand.decisions == ((1, BLIND),)
    for seat in range(4):
        view = hand.observation(seat)
        assert view.set_aside == frozenset() and view.shown == frozenset()
        assert view.decisions == ((1, BLIND),)  # public, and it names no card
        assert first not in view.hand
    assert len(hand.observation(1).hand) == 12
    revealed = hand.apply(REVEAL)
    assert revealed.trump is first.suit and revealed.shown == {first} and first in revealed.hand_of(1)
    assert revealed.observation(1).set_aside == frozenset() and first in revealed.observation(1).hand
    assert revealed.legal_plays() == frozenset(c for c in revealed.hand_of(1) if c.suit is first.suit)


def test_blind_indicator_at_the_trump_call_of_a_match() -> None:
    match = hidden(indicator="blind").new_match(seed=8)
    hand = match.hand
    assert hand.phase is hokm.Phase.PLAY and hand.decisions == ((hand.hakem, BLIND),)
    assert hand.set_aside[hand.hakem] == {hand.dealt(hand.hakem)[0]}
    assert match.legal_actions() == hand.legal_actions() and REVEAL in match.legal_actions()


def test_chosen_indicator_is_offered_from_the_first_five_only() -> None:
    deck = list(hokm.full_deck())
    random.Random(3).shuffle(deck)
    hand = hidden().deal(deck, hakem=2)
    five = frozenset(hand.dealt(2)[:5])
    assert hand.phase is hokm.Phase.TRUMP and hand.observation(2).hand == five
    assert {a.card for a in hand.legal_actions() if isinstance(a, SetIndicator)} == five
    assert len(hand.legal_actions()) == 5 and hand.observation(0).legal_actions == ()
    assert hand.observation(0).hand == frozenset()


# Rule 9: a hand that ends with the indicator face down --------------------------------------------------


def test_a_hand_never_revealed_is_scored_normally() -> None:
    hand = s63_seat_zero_to_play().play(C("2♦"))
    rng = random.Random(0)
    while not hand.is_over:
        legal = [a for a in hand.legal_actions() if isinstance(a, PlayCard)]
        hand = hand.apply(rng.choice(legal))
    assert hand.trump is None and indicator(hand) == C("K♠") and hand.set_aside[0] == {C("K♠")}
    result = hand.result()
    assert result.trump is None and max(result.team_tricks) == 7 and not hand.is_annulled
    # Turned up for information once the hand is over: every seat sees it (RULES 1.5.2 rule 9).
    assert all(hand.observation(seat).shown == {C("K♠")} for seat in range(4))
    before_end = s63_seat_zero_to_play()
    assert before_end.observation(2).shown == frozenset()  # face down while the hand goes on


# Validation and conflicts -----------------------------------------------------------------------------


@pytest.mark.parametrize(("option", "value"), [
    ("reveal", "always"), ("reveal", True), ("reveal", None), ("reveal", "On-Request"),
    ("indicator", "random"), ("indicator", 0), ("indicator", "Blind"),
])
def test_bad_option_value(option: str, value: object) -> None:
    with pytest.raises(hokm.InvalidOptionError, match=rf"'hidden-trump'.*{option}"):
        hidden(**{option: value})


def test_unknown_option() -> None:
    with pytest.raises(hokm.InvalidOptionError, match=r"'hidden-trump' has no option 'trump'"):
        hidden(trump="hearts")


def test_options_and_defaults() -> None:
    assert HiddenTrump().options == {"reveal": "on-request", "indicator": "chosen"}
    assert hidden(reveal="automatic", indicator="blind").option_values["hidden-trump"] == {
        "reveal": "automatic", "indicator": "blind"}


@pytest.mark.parametrize("other", ["satat", "be-ranga", "two-player", "three-player", "troefcall"])
def test_conflicts(other: str) -> None:
    for order in (("hidden-trump", other), (other, "hidden-trump")):
        with pytest.raises(hokm.VariantConflictError) as error:
            Ruleset.compose(*order)
        assert "'hidden-trump'" in str(error.value) and f"'{other}'" in str(error.value)


def test_info() -> None:
    assert HiddenTrump.info.name == "hidden-trump"
    assert HiddenTrump.info.conflict_names == {"satat", "be-ranga", "two-player", "three-player",
                                               "troefcall"}
    assert all(HiddenTrump.info.conflict_reason(name) for name in HiddenTrump.info.conflict_names)


@pytest.mark.parametrize("partners", [(), ("clockwise",), ("court-piece",), ("double-sar",),
                                      ("bavney",), ("obligatory-trump",),
                                      ("court-piece", "clockwise", "obligatory-trump")])
def test_composes_with(partners: tuple[str, ...]) -> None:
    rules = hidden(*partners)
    assert rules.variants == ("hidden-trump", *partners)


@pytest.mark.parametrize("options", [{}, {"reveal": "automatic"}, {"indicator": "blind"},
                                     {"reveal": "automatic", "indicator": "blind"}])
def test_check_variant(options: dict[str, str]) -> None:
    report = check_variant("hidden-trump", options=options, matches=2, seed=4)
    assert set(report.skipped) == {"satat", "be-ranga", "two-player", "three-player", "troefcall"}
    assert len(report.rulesets) == 7  # alone, and with the six compatible bundled variants
    assert any("redeal" in ruleset for ruleset in report.rulesets)


# Property tests: random legal play ---------------------------------------------------------------------

OPTIONS = st.fixed_dictionaries({"reveal": st.sampled_from(["on-request", "automatic"]),
                                 "indicator": st.sampled_from(["chosen", "blind"])})
PARTNERS = ((), ("obligatory-trump",), ("court-piece",), ("double-sar",), ("bavney",),
            ("clockwise", "obligatory-trump"))


def announcements(hand: HandState) -> list[tuple[int, hokm.Action, int]]:
    return [(seat, action, at) for (seat, action), at in zip(hand.decisions, hand.decisions_at, strict=True)
            if isinstance(action, AskTrump | RevealTrump)]


def check_step(before: HandState, action: hokm.Action, after: HandState, options: dict[str, str]) -> None:
    """The rules of 1.5.2 that one step can show."""
    caller = before.hakem
    # Every card is in one place: hands, plays, the indicator.
    placed = [c for hand in after.hands for c in hand] + [c for _, c in after.plays] + [
        c for aside in after.set_aside for c in aside]
    assert sorted(c.index for c in placed) == list(range(52))
    if after.phase is not hokm.Phase.PLAY and not after.is_over:
        return
    # A trump, once there, never changes; it is the indicator's suit, shown to everyone.
    if before.trump is not None:
        assert after.trump is before.trump and after.shown == before.shown
    if after.trump is not None:
        (card,) = after.shown
        assert card.suit is after.trump and not any(after.set_aside)
    else:  # face down until the hand is over, then turned up for information (rule 9)
        assert after.shown == (after.set_aside[caller] if after.is_over else frozenset())
        assert len(after.set_aside[caller]) == 1
    if before.phase is not hokm.Phase.PLAY or before.pending_decision is not None:
        return
    seat = before.to_act
    assert seat is not None
    trick = before.current_trick
    void = bool(trick.plays) and all(trick.suit_of(c) != trick.led for c in before.hand_of(seat))
    expected: tuple[hokm.Action, ...] = ()
    if before.trump is None and before.announced is None:
        if seat == caller and (not trick.plays or (void and options["reveal"] == "on-request")):
            expected = (REVEAL,)
        elif seat != caller and void and options["reveal"] == "on-request":
            expected = (ASK,)
    assert offers(before) == expected
    if options["reveal"] == "automatic" and before.trump is None and void:
        raise AssertionError("the automatic reveal should have come before this seat's turn")
    if isinstance(action, AskTrump | RevealTrump):
        assert after.trump is not None and after.to_act == seat and offers(after) == ()
        trumps = frozenset(c for c in after.hand_of(seat) if c.suit is after.trump)
        assert after.legal_plays() == (trumps or after.legal_plays())
        assert trumps or seat != caller  # the caller always holds one: the indicator


def play_hand(hand: HandState, rng: random.Random, options: dict[str, str]) -> HandState:
    steps = 0
    while not hand.is_over:
        action = rng.choice(hand.legal_actions())
        after = hand.apply(action)
        check_step(hand, action, after, options)
        hand = after
        steps += 1
        assert steps < 200
    return hand


@settings(max_examples=120, deadline=None)
@given(deck=st.permutations(hokm.full_deck()), hakem=st.integers(0, 3), options=OPTIONS,
       partners=st.sampled_from(PARTNERS), seed=st.integers(0, 2**32))
def test_random_play_keeps_the_rules(deck: list[Card], hakem: int, options: dict[str, str],
                                     partners: tuple[str, ...], seed: int) -> None:
    rules = hidden(*partners, **options)
    hand = play_hand(rules.deal(deck, hakem=hakem), random.Random(seed), options)
    result = hand.result()
    assert sum(result.team_tricks) + hand.pile == hand.tricks_played
    assert result.trump is hand.trump
    told = announcements(hand)
    assert len(told) <= 1  # one reveal at most; nobody asks again
    if hand.trump is None:
        event("never revealed")
        assert indicator(hand) is not None and told == []
    elif told:
        event("asked" if told[0][0] != hakem else "revealed by the caller")
    else:
        event("revealed by itself")
    if options["reveal"] == "automatic":
        assert all(seat == hakem for seat, _, _ in told)


# No leak: what a seat has not seen never changes its view -----------------------------------------------


def replay(rules: Ruleset, deck: Sequence[Card], hakem: int,
           actions: Sequence[hokm.Action]) -> tuple[list[HandState], int | None]:
    """The states of ``actions`` replayed on ``deck``, and the step refused, if one was."""
    state = rules.deal(deck, hakem=hakem)
    states = [state]
    for step, action in enumerate(actions):
        try:
            state = state.apply(action)
        except hokm.IllegalActionError:
            return states, step
        states.append(state)
    return states, None


@settings(max_examples=150, deadline=None)
@given(deck=st.permutations(hokm.full_deck()), hakem=st.integers(0, 3), options=OPTIONS,
       seed=st.integers(0, 2**32), data=st.data())
def test_no_leak(deck: list[Card], hakem: int, options: dict[str, str], seed: int,
                 data: st.DataObject) -> None:
    """Two deals that differ only in two cards a seat has not seen give that seat equal views."""
    rules = hidden(**options)
    rng = random.Random(seed)
    state = rules.deal(deck, hakem=hakem)
    states, actions = [state], list[hokm.Action]()
    length = data.draw(st.integers(1, 70), label="length")
    while not state.is_over and len(actions) < length:
        actions.append(rng.choice(state.legal_actions()))
        state = state.apply(actions[-1])
        states.append(state)
    end = states[-1]
    observer = data.draw(st.integers(0, 3), label="observer")
    # Cards the observer has not seen: other seats' unplayed cards, and a blind indicator still
    # face down (unseen by its owner too); never a card turned face up.
    unseen = {c: seat for seat in range(4) if seat != observer for c in end.hand_of(seat)}
    if options["indicator"] == "blind" and end.trump is None:
        unseen[next(iter(end.set_aside[hakem]))] = -1  # nobody's: the face-down pile
    unseen = {c: owner for c, owner in unseen.items() if c not in end.shown}
    pool = sorted(unseen, key=lambda c: c.index)
    if len(pool) < 2:
        return
    first = data.draw(st.sampled_from(pool), label="first")
    others = [c for c in pool if unseen[c] != unseen[first]]
    if not others:
        return
    second = data.draw(st.sampled_from(others), label="second")
    swapped = list(deck)
    i, j = swapped.index(first), swapped.index(second)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    again, refused = replay(rules, swapped, hakem, actions)
    # If an owner's own action is refused (the swap changed whether he can follow suit), his
    # turn itself shows the difference: compare the views up to the turn before it. (The
    # automatic reveal, which comes as that turn begins, tells the table he is void.)
    compared = len(again) if refused is None else refused
    if options["reveal"] == "automatic":
        # The automatic reveal comes as a turn begins, before the first seat that cannot follow:
        # where the swap changed whether the seat to act can follow, the table learns it there,
        # even after the last action replayed. Compare the views before that turn.
        for step in range(compared):
            if (states[step].trump is None) != (again[step].trump is None):
                assert states[step].to_act in (unseen[first], unseen[second])
                compared = step
                break
    for mine, theirs in zip(states[:compared], again[:compared], strict=True):
        assert mine.observation(observer) == theirs.observation(observer)
    if refused is not None:
        # Only a seat that holds one of the cards may find its own action refused.
        assert states[refused].to_act in (unseen[first], unseen[second])
        event("an owner's action changed")
        return
    if end.is_over:
        assert end.result() == again[-1].result()
    event(f"compared {'blind card' if -1 in (unseen[first], unseen[second]) else 'two hands'}")


@settings(max_examples=60, deadline=None)
@given(deck=st.permutations(hokm.full_deck()), seed=st.integers(0, 2**32), data=st.data())
def test_the_partner_cannot_tell_which_card_was_set(deck: list[Card], seed: int, data: st.DataObject) -> None:
    """Two indicators chosen from the same five: until the reveal, nobody but the caller can
    tell them apart (the caller's partner included)."""
    rules = hidden()
    start = rules.deal(deck, hakem=0)
    five = sorted(start.dealt(0)[:5], key=lambda c: c.index)
    one, two = data.draw(st.permutations(five), label="choices")[:2]
    a, b = start.apply(SetIndicator(one)), start.apply(SetIndicator(two))
    rng = random.Random(seed)
    while not a.is_over and a.trump is None and b.trump is None:
        for seat in (1, 2, 3):
            assert a.observation(seat) == b.observation(seat)
        legal = [x for x in a.legal_actions() if x in b.legal_actions()]
        if not legal:  # only the caller's cards can differ (the card set aside)
            assert a.to_act == 0
            break
        action = rng.choice(legal)
        a, b = a.apply(action), b.apply(action)


class HiddenTrumpMachine(RulesetMachine):
    """Whole matches under every invariant of the testing kit (on-request, chosen)."""

    variants = ("hidden-trump",)


class BlindAutomaticMachine(RulesetMachine):
    """The same with the automatic reveal and the blind indicator, composed with Court Piece."""

    variants = ("court-piece", "hidden-trump", "obligatory-trump")
    variant_options: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "hidden-trump": {"reveal": "automatic", "indicator": "blind"}}


TestHiddenTrumpMatches = HiddenTrumpMachine.TestCase
TestBlindAutomaticMatches = BlindAutomaticMachine.TestCase
TestHiddenTrumpMatches.settings = settings(TestHiddenTrumpMatches.settings, max_examples=15, deadline=None)
TestBlindAutomaticMatches.settings = settings(TestBlindAutomaticMatches.settings, max_examples=15,
                                              deadline=None)


# With reveal="automatic" and obligatory-trump (RULES 1.5.2 rule 12) --------------------------------


def _at_the_automatic_reveal(rules: hokm.Ruleset, seed: int) -> hokm.HandState | None:
    """Random play until the indicator has turned up by itself before a seat that cannot follow."""
    rng = random.Random(seed)
    hand = rules.deal(rng, hakem=0)
    while not hand.is_over:
        trump_before = hand.trump
        hand = hand.apply(rng.choice(hand.legal_actions()))
        if trump_before is None and hand.trump is not None and hand.current_trick.plays:
            return hand
    return None


@pytest.mark.parametrize("obligatory", [True, False])
def test_the_seat_before_which_the_indicator_turns_up_must_trump_under_obligatory_trump(
        obligatory: bool) -> None:
    rules = hokm.Ruleset.compose("hidden-trump", *(["obligatory-trump"] if obligatory else []),
                                 options={"hidden-trump": {"reveal": "automatic"}})
    checked = 0
    for seed in range(60):
        hand = _at_the_automatic_reveal(rules, seed)
        if hand is None or hand.to_act is None:
            continue
        held, led = hand.hand_of(hand.to_act), hand.current_trick.plays[0][1].suit
        # The reveal came before a seat void in the led suit (the caller, without his indicator,
        # which now joins his hand and may let him follow).
        assert not any(card.suit is led for card in held - hand.shown)
        trumps = frozenset(card for card in held if card.suit is hand.trump)
        if trumps and not any(card.suit is led for card in held):
            assert hand.legal_plays() == (trumps if obligatory else held)
            checked += 1
    assert checked >= 10
