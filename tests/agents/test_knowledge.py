"""Public knowledge in observations: voids by effective suits, duties, unseen and known cards."""

from __future__ import annotations

import random

import attrs
import pytest

import hokm
from hokm import Card, Suit, cards
from tests.agents.support import Ask, AskForHearts, ruleset
from tests.helpers import FaceDown, Lay, Reveal, play_cards

DECK = hokm.full_deck()

# Seat 0: all the clubs but 6♣, A♠; seat 1: 5♠ 6♣ and the hearts from 2; seat 2: 9♠ 3♥ A♥ and
# diamonds; seat 3: the other spades, 7♦ K♦ A♦.
HANDS = [cards("A♠ A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 5♣ 4♣ 3♣ 2♣"),
         cards("5♠ 6♣ 2♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥"),
         cards("9♠ 3♥ A♥ 2♦ 3♦ 4♦ 5♦ 6♦ 8♦ 9♦ 10♦ J♦ Q♦"),
         cards("2♠ 3♠ 4♠ 6♠ 7♠ 8♠ 10♠ J♠ Q♠ K♠ 7♦ K♦ A♦")]


def suit_cards(suit: Suit) -> frozenset[Card]:
    return frozenset(card for card in DECK if card.suit is suit)


def test_failing_to_follow_shows_a_void_in_the_led_suit() -> None:
    hand = play_cards(ruleset().new_hand(HANDS, hakem=0, trump=Suit.SPADES), "A♣ 6♣ 2♦")
    view = hand.observation(3)
    assert view.voids == (frozenset(), frozenset(), frozenset({Suit.CLUBS}), frozenset())
    assert view.cannot_hold[2] == suit_cards(Suit.CLUBS) - view.played
    assert view.cannot_hold[1] == frozenset()  # 6♣ followed: nothing proved
    assert hand.observation(0).voids == view.voids  # public: the same for every seat


def test_played_unseen_out_of_play_and_hand_sizes() -> None:
    hand = play_cards(ruleset().new_hand(HANDS, hakem=0, trump=Suit.SPADES), "A♣ 6♣ 2♦")
    view = hand.observation(3)
    assert view.played == frozenset(cards("A♣ 6♣ 2♦")) == view.out_of_play
    assert view.unseen == frozenset(DECK) - view.played - frozenset(HANDS[3])
    assert view.hand_sizes == (12, 12, 12, 13)
    assert view.known_holdings == (frozenset(), frozenset(), frozenset(), frozenset(HANDS[3]))
    assert view.trick.led is Suit.CLUBS and view.trick.winning_play() == (0, Card.parse("A♣"))


# Trump clubs, Hakem seat 1: seat 0 holds the 2♥ and no other heart; seats 2 and 3 none at all.
SATAT_HANDS = [cards("2♥ A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣ 3♣"),
               cards("A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♣"),
               [card for card in DECK if card.suit is Suit.SPADES],
               [card for card in DECK if card.suit is Suit.DIAMONDS]]


def test_satat_two_of_hearts_is_judged_by_its_effective_suit() -> None:
    # Clubs trump: the 2♥ is a club. A seat void in hearts may still hold it ...
    rules = hokm.Ruleset.compose("satat")
    hand = play_cards(rules.new_hand(SATAT_HANDS, hakem=1, trump=Suit.CLUBS), "A♥ 2♠")
    two = Card.parse("2♥")
    assert hand.observation(1).cannot_hold[2] == suit_cards(Suit.HEARTS) - {two, Card.parse("A♥")}
    # ... and a seat that plays it to a heart lead is off-suit: it holds no other heart.
    hand = play_cards(hand, "2♦ 2♥")
    view = hand.observation(1)
    assert Suit.HEARTS in view.voids[0] and view.cannot_hold[0] == suit_cards(Suit.HEARTS) - view.played


def test_satat_two_of_hearts_follows_hearts_under_the_hearts_option() -> None:
    rules = hokm.Ruleset.compose("satat", options={"satat": {"two_hearts_follows": "hearts"}})
    hand = play_cards(rules.new_hand(SATAT_HANDS, hakem=1, trump=Suit.CLUBS), "A♥ 2♠")
    assert hand.observation(1).cannot_hold[2] == suit_cards(Suit.HEARTS) - {Card.parse("A♥")}
    hand = play_cards(hand, "2♦ 2♥")
    assert hand.observation(1).voids[0] == frozenset()  # the 2♥ followed as a heart
    assert hand.winners == (0,)  # ... and won as the top trump


def test_a_void_seat_under_obligatory_trump() -> None:
    rules = hokm.Ruleset.compose("obligatory-trump")
    # Spades trump: seat 2 holds 9♠ and is void in clubs: it must trump.
    hand = play_cards(rules.new_hand(HANDS, hakem=0, trump=Suit.SPADES), "A♣ 6♣")
    assert hand.legal_plays() == {Card.parse("9♠")}
    # Hearts trump: seat 2 trumps; seat 3 holds no heart, discards a diamond.
    hand = play_cards(rules.new_hand(HANDS, hakem=0, trump=Suit.HEARTS), "A♣ 6♣ 3♥")
    view = hand.observation(0)
    assert view.cannot_hold[2] == suit_cards(Suit.CLUBS) - view.played  # it trumped: nothing more
    hand = play_cards(hand, "7♦")
    view = hand.observation(0)
    assert view.voids[3] == frozenset({Suit.CLUBS, Suit.HEARTS})
    assert view.cannot_hold[3] == (suit_cards(Suit.CLUBS) | suit_cards(Suit.HEARTS)) - view.played
    # Without the duty the same discard proves only the void in clubs.
    free = play_cards(ruleset().new_hand(HANDS, hakem=0, trump=Suit.HEARTS), "A♣ 6♣ 3♥ 7♦")
    assert free.observation(0).voids[3] == frozenset({Suit.CLUBS})


# Hearts trump. Seat 1 is void in clubs with one trump, the Q♥; seat 2 is void in clubs with
# hearts below the queen only.
OVER_HANDS = [cards("A♣ 2♣ 3♣ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠"),
              cards("Q♥ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦"),
              cards("2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ A♦ Q♠ K♠ A♠"),
              cards("4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ J♥ K♥ A♥")]


def test_overtrump_shows_the_trumps_a_seat_cannot_hold() -> None:
    rules = hokm.Ruleset.compose("obligatory-trump", options={"obligatory-trump": {"overtrump": True}})
    hand = play_cards(rules.new_hand(OVER_HANDS, hakem=0, trump=Suit.HEARTS), "A♣ Q♥")
    assert len(hand.legal_plays()) == 9  # no heart beats the queen: any heart
    hand = play_cards(hand, "3♥")
    view = hand.observation(3)
    assert view.cannot_hold[2] == (suit_cards(Suit.CLUBS) | set(cards("K♥ A♥"))) - view.played
    assert Suit.HEARTS not in view.voids[2]
    assert view.cannot_hold[1] == suit_cards(Suit.CLUBS) - view.played  # any trump beat the A♣


def test_a_public_announcement_duty_is_inferred() -> None:
    rules = hokm.Ruleset.compose(AskForHearts())
    hand = play_cards(rules.new_hand(HANDS, hakem=0, trump=Suit.SPADES), "A♣ 6♣")
    assert Ask() in hand.legal_actions()  # seat 2, void in clubs, may ask
    hand = hand.apply(Ask())
    assert hand.legal_plays() == set(cards("3♥ A♥"))
    hand = play_cards(hand, "3♥")
    view = hand.observation(0)
    assert not view.cannot_hold[2] & {Card.parse("A♥")}  # it played a heart: duty met
    # Seat 3 is void in clubs and asks, then plays a diamond: it holds no heart.
    hand = hand.apply(Ask())
    hand = play_cards(hand, "7♦")
    view = hand.observation(0)
    assert Suit.HEARTS in view.voids[3] and Suit.CLUBS in view.voids[3]


def test_face_down_cards_shown_cards_and_known_holdings() -> None:
    rules = hokm.Ruleset.compose(FaceDown())
    hand = rules.new_hand(HANDS, hakem=0).apply(Lay(Card.parse("A♣")))
    mine, theirs = hand.observation(0), hand.observation(1)
    assert mine.set_aside == {Card.parse("A♣")} and theirs.set_aside == frozenset()
    assert mine.set_aside_counts == theirs.set_aside_counts == (1, 0, 0, 0)
    assert mine.hand_sizes == (12, 13, 13, 13)
    assert Card.parse("A♣") in theirs.unseen and Card.parse("A♣") not in mine.unseen
    revealed = hand.apply(Reveal())
    view = revealed.observation(2)
    assert view.shown_in_hands[0] == {Card.parse("A♣")} and view.known_holdings[0] == {Card.parse("A♣")}
    assert Card.parse("A♣") not in view.unseen
    # Revealed on lead: the Hakem must lead a trump (a club) if he can: leading 4♣ meets it.
    led = play_cards(revealed, "4♣")
    assert led.observation(2).cannot_hold[0] == frozenset()
    assert led.observation(2).known_holdings[0] == {Card.parse("A♣")}


def test_two_player_seen_cards_are_out_of_play_and_the_offer_is_not_unseen() -> None:
    rules = hokm.Ruleset.compose("two-player")
    hand = rules.deal(rules.deck, hakem=0).apply(hokm.CallTrump(Suit.SPADES))
    view = hand.observation(0)
    assert view.offered is not None and view.offered not in view.unseen
    assert view.offered in hand.observation(1).unseen
    after = hand.apply(hokm.DrawCard(keep=False))
    view = after.observation(0)
    assert view.seen <= view.out_of_play and not view.seen & view.unseen
    assert view.hand_sizes == (6, 5)


def test_the_trump_call_hides_the_hakems_cards_still_to_come() -> None:
    hand = ruleset().deal(random.Random(3), hakem=1)
    hakem, other = hand.observation(1), hand.observation(2)
    assert len(hakem.hand) == 5 and hakem.hand_sizes == (13, 13, 13, 13)
    assert len(hakem.unseen) == 47 and len(other.unseen) == 52
    assert hakem.known_holdings[1] == hakem.hand


def test_an_observation_built_by_hand_has_no_knowledge() -> None:
    view = ruleset().deal(random.Random(3)).observation(0)
    bare = attrs.evolve(view, ruleset=None)
    with pytest.raises(hokm.InvalidArgumentError, match="without its ruleset"):
        bare.unseen


def test_knowledge_is_computed_once_and_kept() -> None:
    view = play_cards(ruleset().new_hand(HANDS, hakem=0, trump=Suit.SPADES), "A♣ 6♣ 2♦").observation(1)
    assert view.voids is view.voids and view.unseen is view.unseen
    assert view._knowledge is view._knowledge


def test_new_fields_are_public_and_equal_for_seats_that_cannot_tell_deals_apart() -> None:
    # Swapping two unplayed diamonds between seats 2 and 3 changes nothing seat 0 or 1 may see.
    swapped = [list(hand) for hand in HANDS]
    swapped[2][swapped[2].index(Card.parse("2♦"))] = Card.parse("7♦")
    swapped[3][swapped[3].index(Card.parse("7♦"))] = Card.parse("2♦")
    one = play_cards(ruleset().new_hand(HANDS, hakem=0, trump=Suit.SPADES), "A♣ 6♣ 3♦ 2♠")
    two = play_cards(ruleset().new_hand(swapped, hakem=0, trump=Suit.SPADES), "A♣ 6♣ 3♦ 2♠")
    for seat in (0, 1):
        assert one.observation(seat) == two.observation(seat)
        assert one.observation(seat).cannot_hold == two.observation(seat).cannot_hold


def test_a_card_restored_after_a_void_is_known_not_ruled_out() -> None:
    hands = [cards("2♣ 3♥ A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠"),
             cards("A♥ 3♣ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ 3♠"),
             [card for card in DECK if card.suit is Suit.DIAMONDS],
             cards("4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 2♥ 2♠")]
    hand = hokm.Ruleset.compose(FaceDown()).new_hand(hands, hakem=0).apply(Lay(Card.parse("2♣")))
    hand = play_cards(hand, "3♥ A♥ 2♦ 2♥ 3♣ 3♦ 4♣ 4♠")  # seat 0, its 2♣ laid aside, is void in clubs
    assert Suit.CLUBS in hand.observation(2).voids[0]
    hand = play_cards(hand, "5♣").apply(Reveal())  # the 2♣ goes back to seat 0's hand, face up
    view = hand.observation(2)
    assert Card.parse("2♣") in view.known_holdings[0]
    assert Card.parse("2♣") not in view.cannot_hold[0]
    assert hand.legal_plays() == {Card.parse("2♣")}


def test_an_observation_pickles_with_its_ruleset_and_without_its_cached_knowledge() -> None:
    import pickle

    rules = hokm.Ruleset.compose("satat", "obligatory-trump",
                                 options={"standard": {"target": 5}, "obligatory-trump": {"overtrump": True}})
    hand = rules.deal(random.Random(4)).apply(hokm.CallTrump(Suit.HEARTS))
    view = hand.observation(2)
    assert view.unseen  # computed and cached on the observation
    copied = pickle.loads(pickle.dumps(view))
    assert copied == view and copied.ruleset == rules
    assert copied.unseen == view.unseen and copied.voids == view.voids


@pytest.mark.parametrize("variants", [("hidden-trump",), ("hidden-trump", "obligatory-trump")])
def test_plays_before_a_reveal_in_the_same_trick_are_judged_without_trump(variants: tuple[str, ...]) -> None:
    from hokm_variants.hidden_trump import AskTrump, SetIndicator

    hands = [cards("3♥ Q♦ K♦ A♦ 2♣ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥"),
             cards("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ 3♣ 4♣ 5♣ Q♥"),
             cards("J♠ Q♠ K♠ A♠ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣"),
             cards("2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ K♥ A♥ 2♥")]
    rules = hokm.Ruleset.compose(*variants)
    hand = rules.new_hand(hands, hakem=0).apply(SetIndicator(Card.parse("3♥")))
    hand = play_cards(hand, "Q♦ 2♠")  # seat 1 cannot follow; no trump exists yet: no duty
    hand = play_cards(hand.apply(AskTrump()), "6♣")  # seat 2 asks: hearts, which it must play; none
    view = hand.observation(3)
    assert view.trump is Suit.HEARTS and view.trick.first_trump == 2
    assert view.cannot_hold[1] == suit_cards(Suit.DIAMONDS) - view.played  # may hold hearts
    assert suit_cards(Suit.HEARTS) - view.played - view.known_holdings[0] <= view.cannot_hold[2]
