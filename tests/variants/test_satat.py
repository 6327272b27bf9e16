"""Satat: the 2♥ is the highest trump whatever suit is trump (RULES.md 1.3, digest §4.1).

SCENARIOS.md has no Satat trick cases (S47-S48 are not written down); the
cases below are derived from RULES.md 1.3 and digest §4.1. Where the two
options must agree (the 2♥ wins every trick it is played to), a case is run
under both.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hokm
from hokm import Card, Ruleset, Suit, cards

TWO_HEARTS = Card.parse("2♥")
OPTIONS = ("trump", "hearts")


def satat(follows: str = "trump", *others: str) -> Ruleset:
    return Ruleset.compose("satat", *others, options={"satat": {"two_hearts_follows": follows}})


def trick(text: str, leader: int = 0) -> list[tuple[int, Card]]:
    """``"Q♠ 2♥ A♠ 3♥"`` led by ``leader``, seats in play order."""
    return [((leader + i) % 4, card) for i, card in enumerate(cards(text))]


def legal(rules: Ruleset, hand: str, played: str, trump: Suit) -> set[str]:
    return set(map(str, rules.legal_plays(cards(hand), trick(played), trump=trump)))


# Reference model, written from RULES.md without the ruleset's tables ------------------


def ref_suit(card: Card, trump: Suit, follows: str) -> Suit:
    return trump if card == TWO_HEARTS and follows == "trump" else card.suit


def ref_winner(plays: Sequence[tuple[int, Card]], trump: Suit) -> int:
    for seat, card in plays:
        if card == TWO_HEARTS:
            return seat  # under both options
    led = plays[0][1].suit
    trumps = [(int(card.rank), seat) for seat, card in plays if card.suit == trump]
    if trumps:
        return max(trumps)[1]
    return max((int(card.rank), seat) for seat, card in plays if card.suit == led)[1]


def ref_legal(hand: Iterable[Card], plays: Sequence[tuple[int, Card]], trump: Suit, follows: str,
              obligatory: bool) -> frozenset[Card]:
    hand = frozenset(hand)
    if not plays:
        return hand
    led = ref_suit(plays[0][1], trump, follows)
    follow = frozenset(c for c in hand if ref_suit(c, trump, follows) == led)
    if follow:
        return follow
    trumps = frozenset(c for c in hand if ref_suit(c, trump, follows) == trump)
    return trumps if obligatory and trumps else hand


# The 2♥ wins every trick it is played to -------------------------------------------------


@pytest.mark.parametrize("follows", OPTIONS)
@pytest.mark.parametrize(("played", "trump", "winner"), [
    ("A♠ 2♥ K♠ 3♠", Suit.SPADES, 1),     # beats the trump Ace on a trump lead
    ("A♦ 2♥ K♣ 5♦", Suit.CLUBS, 1),      # beats a real trump on a plain lead
    ("A♥ K♥ 2♥ 3♠", Suit.HEARTS, 2),     # hearts trump: simply the top heart
    ("A♥ 2♥ K♥ 3♠", Suit.SPADES, 1),     # hearts led, spades trump: beats the ruff 3♠
    ("5♥ 2♥ A♠ K♥", Suit.SPADES, 1),     # beats the trump Ace played after it
    ("2♥ A♦ K♦ Q♦", Suit.DIAMONDS, 0),   # led, it beats every trump that follows
])
def test_two_of_hearts_wins_under_both_options(follows: str, played: str, trump: Suit,
                                               winner: int) -> None:
    assert satat(follows).trick_winner(trick(played), trump=trump) == winner


@pytest.mark.parametrize(("played", "trump", "winner"), [
    ("A♠ 2♥ K♠ 3♠", Suit.SPADES, 0),
    ("A♦ 2♥ K♣ 5♦", Suit.CLUBS, 2),
    ("A♥ K♥ 2♥ 3♠", Suit.HEARTS, 0),
    ("A♥ 2♥ K♥ 3♠", Suit.SPADES, 3),
])
def test_without_satat_the_two_of_hearts_is_a_plain_two(played: str, trump: Suit, winner: int) -> None:
    assert Ruleset.compose().trick_winner(trick(played), trump=trump) == winner


def test_trick_without_the_two_of_hearts_is_standard() -> None:
    for follows in OPTIONS:
        assert satat(follows).trick_winner(trick("Q♠ 3♥ A♠ 4♥"), trump=Suit.HEARTS) == 3  # S01
        assert satat(follows).trick_winner(trick("4♣ A♦ 2♣ 9♣"), trump=Suit.SPADES) == 3  # S02


def test_hearts_option_competes_as_a_trump_through_the_tables() -> None:
    # Under "hearts" the 2♥ follows as a heart but its trick suit is the trump,
    # so the tabulated comparison (no per-trick hook) gives it this trick.
    rules = satat("hearts")
    played = trick("5♥ 2♥ A♠ K♥")
    assert rules.effective_suit(Card.parse("2♥"), Suit.SPADES) is Suit.HEARTS
    assert rules.trick_suit(Card.parse("2♥"), Suit.SPADES) is Suit.SPADES
    assert rules.trick(played, trump=Suit.SPADES).default_winner() == 1
    assert rules.trick_winner(played, trump=Suit.SPADES) == 1
    assert rules.hook_order("hokm_trick_winner") == ("standard",)
    assert rules.hook_order("hokm_trick_suit") == ("satat",)
    # Without the trick-suit answer the trump Ace would take it.
    assert hokm.Ruleset.compose().trick_winner(played, trump=Suit.SPADES) == 2


# Effective suit and rank ---------------------------------------------------------------


@pytest.mark.parametrize("trump", list(Suit))
def test_effective_suit_and_rank(trump: Suit) -> None:
    default, hearts, plain = satat("trump"), satat("hearts"), Ruleset.compose()
    assert default.effective_suit(TWO_HEARTS, trump) is trump
    assert hearts.effective_suit(TWO_HEARTS, trump) is Suit.HEARTS
    for rules in (default, hearts):
        assert rules.card_rank(TWO_HEARTS, trump) == 15 > rules.card_rank(Card.parse("A♥"), trump)
        for card in hokm.full_deck():
            if card != TWO_HEARTS:
                assert rules.effective_suit(card, trump) is card.suit
                assert rules.card_rank(card, trump) == plain.card_rank(card, trump)


# Following suit: where the two options differ ---------------------------------------------


@pytest.mark.parametrize(("hand", "played", "trump", "as_trump", "as_heart"), [
    # trumps led: the 2♥ follows them by default, and is a free card under "hearts"
    ("2♥ 7♥ K♦", "4♠", Suit.SPADES, {"2♥"}, {"2♥", "7♥", "K♦"}),
    ("2♥ 3♠ K♦", "4♠", Suit.SPADES, {"2♥", "3♠"}, {"3♠"}),
    # hearts led (not trump): the 2♥ is not a heart by default, and must follow under "hearts"
    ("2♥ K♦", "9♥", Suit.SPADES, {"2♥", "K♦"}, {"2♥"}),
    ("2♥ 5♥ K♦", "9♥", Suit.SPADES, {"5♥"}, {"2♥", "5♥"}),
    # hearts trump: both options agree, it is the top heart
    ("2♥ K♦", "9♥", Suit.HEARTS, {"2♥"}, {"2♥"}),
    # the 2♥ led: by default it leads trumps, under "hearts" it leads hearts
    ("5♦ 5♥ K♣", "2♥", Suit.DIAMONDS, {"5♦"}, {"5♥"}),
])
def test_following_suit(hand: str, played: str, trump: Suit, as_trump: set[str],
                        as_heart: set[str]) -> None:
    assert legal(satat("trump"), hand, played, trump) == as_trump
    assert legal(satat("hearts"), hand, played, trump) == as_heart


def test_following_suit_in_a_played_hand() -> None:
    # Seat 0 leads a trump (♣); seat 1 holds no club but the 2♥, which is a club by default.
    hands = [cards("A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣ 3♣ 2♣"),
             cards("2♥ A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦"),
             cards("3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥ 2♦"),
             cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠")]
    default = satat("trump").new_hand(hands, hakem=0, trump=Suit.CLUBS).play(Card.parse("A♣"))
    assert default.legal_plays() == {TWO_HEARTS}
    with pytest.raises(hokm.IllegalPlayError, match="must follow ♣"):
        default.play(Card.parse("A♦"))
    after = default.play(TWO_HEARTS).play(Card.parse("A♥")).play(Card.parse("A♠"))
    assert after.tricks[0].winner == 1 and after.to_act == 1
    hearts = satat("hearts").new_hand(hands, hakem=0, trump=Suit.CLUBS).play(Card.parse("A♣"))
    assert len(hearts.legal_plays()) == 13


# With obligatory-trump: the 2♥ is a trump for PlayContext.cards_of ---------------------------


@pytest.mark.parametrize(("follows", "hand", "expected"), [
    ("trump", "2♥ K♦ 9♦", {"2♥"}),              # the 2♥ is the only trump: it must be played
    ("hearts", "2♥ K♦ 9♦", {"2♥", "K♦", "9♦"}),  # a heart: no trump held, free choice
    ("trump", "2♥ 3♠ K♦", {"2♥", "3♠"}),
    ("hearts", "2♥ 3♠ K♦", {"3♠"}),
])
def test_obligatory_trump_counts_the_two_of_hearts(follows: str, hand: str, expected: set[str]) -> None:
    rules = satat(follows, "obligatory-trump")
    assert legal(rules, hand, "4♣", Suit.SPADES) == expected
    assert legal(satat(follows), hand, "4♣", Suit.SPADES) == set(hand.split())


def test_obligatory_trump_forces_the_two_of_hearts_in_a_played_hand() -> None:
    # Seat 1 is void in ♦ (led) and holds no spade (trump) except, by default, the 2♥.
    hands = [cards("A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ 2♦"),
             cards("2♥ A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣ 3♣"),
             cards("3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥ 2♣"),
             cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠")]
    rules = satat("trump", "obligatory-trump")
    state = rules.new_hand(hands, hakem=0, trump=Suit.SPADES).play(Card.parse("2♦"))
    assert state.legal_plays() == {TWO_HEARTS}
    with pytest.raises(hokm.IllegalPlayError, match="obligatory-trump"):
        state.play(Card.parse("A♣"))
    state = state.play(TWO_HEARTS).play(Card.parse("3♥")).play(Card.parse("A♠"))
    assert state.tricks[0].winner == 1  # the 2♥ beats the A♠ ruff


# Options and composition ---------------------------------------------------------------------


def test_default_option_is_trump() -> None:
    assert Ruleset.compose("satat").effective_suit(TWO_HEARTS, Suit.CLUBS) is Suit.CLUBS
    assert Ruleset.compose("satat").hook_order("hokm_effective_suit") == ("satat", "standard")


@pytest.mark.parametrize("value", ["diamonds", "Trump", None, True])
def test_bad_option_value(value: object) -> None:
    with pytest.raises(hokm.InvalidOptionError, match=r"'satat'.*two_hearts_follows"):
        Ruleset.compose("satat", options={"satat": {"two_hearts_follows": value}})


def test_unknown_option() -> None:
    with pytest.raises(hokm.InvalidOptionError, match=r"'satat' has no option 'follows'"):
        Ruleset.compose("satat", options={"satat": {"follows": "hearts"}})


def test_info() -> None:
    from hokm_variants.satat import Satat

    assert Satat.info.name == "satat"
    assert Satat.info.conflict_names == frozenset()
    assert "pagat.com/whist/satat.html" in Satat.info.source


# Property tests: random legal play-outs ------------------------------------------------------

PARTNERS = ((), ("obligatory-trump",), ("clockwise", "obligatory-trump"))


@settings(max_examples=60, deadline=None)
@given(deck=st.permutations(hokm.full_deck()), hakem=st.integers(0, 3),
       follows=st.sampled_from(OPTIONS), partners=st.sampled_from(PARTNERS),
       play_all=st.booleans(), rnd=st.randoms(use_true_random=False))
def test_random_playouts_match_the_reference(deck: list[Card], hakem: int, follows: str,
                                             partners: tuple[str, ...], play_all: bool,
                                             rnd: random.Random) -> None:
    rules = Ruleset.compose("satat", *partners, options={
        "satat": {"two_hearts_follows": follows}, "standard": {"play_all": play_all}})
    obligatory = "obligatory-trump" in partners
    state = rules.deal(deck, hakem=hakem)
    while not state.is_over:
        actions = state.legal_actions()
        if state.phase is hokm.Phase.PLAY:
            trump = state.trump
            assert trump is not None and state.to_act is not None
            expected = ref_legal(state.hand_of(state.to_act), state.current_trick.plays, trump,
                                 follows, obligatory)
            assert state.legal_plays() == expected
        state = state.apply(rnd.choice(actions))
    trump = state.trump
    assert trump is not None
    for done in state.tricks:
        assert done.winner == ref_winner(done.plays, trump)
    if play_all:
        assert any(TWO_HEARTS in done.cards for done in state.tricks)
