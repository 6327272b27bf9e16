"""Obligatory trumping, with and without over-trumping (RULES.md 1.3; SCENARIOS S06, S07)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hokm
from hokm import Card, Ruleset, Suit, cards

STANDARD = Ruleset.compose()
OBLIGATORY = Ruleset.compose("obligatory-trump")
OVERTRUMP = Ruleset.compose("obligatory-trump", options={"obligatory-trump": {"overtrump": True}})


def trick(text: str, leader: int = 0) -> list[tuple[int, Card]]:
    return [((leader + i) % 4, card) for i, card in enumerate(cards(text))]


def legal(rules: Ruleset, hand: str, played: str, trump: Suit, leader: int = 0) -> set[str]:
    return set(map(str, rules.legal_plays(cards(hand), trick(played, leader), trump=trump)))


# SCENARIOS -----------------------------------------------------------------------------------


def test_s06_void_player_must_trump() -> None:
    assert legal(STANDARD, "K♥ 3♣", "7♠", Suit.HEARTS) == {"K♥", "3♣"}
    assert legal(OBLIGATORY, "K♥ 3♣", "7♠", Suit.HEARTS) == {"K♥"}
    assert legal(OVERTRUMP, "K♥ 3♣", "7♠", Suit.HEARTS) == {"K♥"}


def test_s07_overtrump() -> None:
    played = "4♠ Q♥"  # seat 0 leads, seat 1 ruffs; seat 2 is void in ♠
    assert legal(STANDARD, "3♥ A♥ 5♣", played, Suit.HEARTS) == {"3♥", "A♥", "5♣"}
    assert legal(OBLIGATORY, "3♥ A♥ 5♣", played, Suit.HEARTS) == {"3♥", "A♥"}
    assert legal(OVERTRUMP, "3♥ A♥ 5♣", played, Suit.HEARTS) == {"A♥"}


# The rule's edges ------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [OBLIGATORY, OVERTRUMP], ids=["obligatory", "overtrump"])
@pytest.mark.parametrize(("hand", "played", "trump", "expected"), [
    ("K♥ 3♣ 7♠", "", Suit.HEARTS, {"K♥", "3♣", "7♠"}),   # leading: anything
    ("K♥ 3♣ 7♠", "9♠", Suit.HEARTS, {"7♠"}),               # can follow: follow suit only
    ("2♠ 3♣", "4♥", Suit.HEARTS, {"2♠", "3♣"}),            # trumps led, void in trumps: free
    ("3♣ 9♦", "7♠", Suit.HEARTS, {"3♣", "9♦"}),            # void in the led suit and in trumps
    ("2♥ 9♥ 3♣", "7♠ 8♠ A♠", Suit.HEARTS, {"2♥", "9♥"}),   # no trump yet: every trump beats
])
def test_edges(rules: Ruleset, hand: str, played: str, trump: Suit, expected: set[str]) -> None:
    assert legal(rules, hand, played, trump) == expected


@pytest.mark.parametrize(("hand", "played", "obligatory", "overtrump"), [
    # trumps led and the player follows: no duty to beat the winning trump
    ("3♥ A♥ 5♣", "Q♥", {"3♥", "A♥"}, {"3♥", "A♥"}),
    # cannot beat the winning trump: any trump must still be played (under-trump)
    ("3♥ 5♥ 5♣", "4♠ A♥", {"3♥", "5♥"}, {"3♥", "5♥"}),
    # only the trumps that beat the highest trump so far
    ("3♥ 8♥ Q♥ A♥ 5♣", "4♠ 6♥ 9♥", {"3♥", "8♥", "Q♥", "A♥"}, {"Q♥", "A♥"}),
    # the player follows the led suit: follow suit alone decides
    ("2♠ A♥", "4♠ Q♥", {"2♠"}, {"2♠"}),
])
def test_overtrump_cases(hand: str, played: str, obligatory: set[str], overtrump: set[str]) -> None:
    assert legal(OBLIGATORY, hand, played, Suit.HEARTS) == obligatory
    assert legal(OVERTRUMP, hand, played, Suit.HEARTS) == overtrump


def test_overtrump_applies_even_when_the_partner_wins() -> None:
    # Seat 1 ruffs with Q♥, seat 2 discards, seat 3 (seat 1's partner) must still overtrump:
    # RULES.md 1.3 makes no partner exception.
    played = trick("4♠ Q♥ 5♣")
    hand = cards("3♥ A♥ 7♦")
    assert OVERTRUMP.legal_plays(hand, played, trump=Suit.HEARTS, seat=3) == {Card.parse("A♥")}


def test_in_a_played_hand() -> None:
    hands = [cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠"),
             cards("2♥ 3♥ 4♥ A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣"),
             cards("5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥ 4♣ 3♣ 2♣"),
             cards("A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ 2♦")]
    state = OVERTRUMP.new_hand(hands, hakem=0, trump=Suit.HEARTS).play(Card.parse("2♠"))
    assert state.legal_plays() == set(cards("2♥ 3♥ 4♥"))  # every trump beats the 2♠
    with pytest.raises(hokm.IllegalPlayError) as caught:
        state.play(Card.parse("A♣"))
    assert caught.value.reason == "cannot follow ♠, so must play a trump (obligatory-trump)"
    state = state.play(Card.parse("4♥"))
    assert state.legal_plays() == set(cards("5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥"))
    state = state.play(Card.parse("5♥"))
    assert state.legal_plays() == set(cards("A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ 2♦"))
    free = STANDARD.new_hand(hands, hakem=0, trump=Suit.HEARTS).play(Card.parse("2♠"))
    assert len(free.legal_plays()) == 13


def test_a_refused_underruff_names_the_card_to_beat() -> None:
    hands = [cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠"),
             cards("9♥ A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣ 3♣"),
             cards("2♥ K♥ A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦"),
             cards("3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 10♥ J♥ Q♥ A♥ 2♣ 3♦ 2♦")]
    state = OVERTRUMP.new_hand(hands, hakem=0, trump=Suit.HEARTS)
    state = state.play(Card.parse("2♠")).play(Card.parse("9♥"))
    assert state.legal_plays() == {Card.parse("K♥")}
    with pytest.raises(hokm.IllegalPlayError) as caught:
        state.play(Card.parse("2♥"))
    assert caught.value.reason == "cannot follow ♠, so must play a trump that beats 9♥ (obligatory-trump)"


# Options and composition ---------------------------------------------------------------------


def test_default_is_no_overtrump() -> None:
    from hokm_variants.obligatory_trump import ObligatoryTrump

    assert ObligatoryTrump().overtrump is False
    assert legal(Ruleset.compose("obligatory-trump"), "3♥ A♥ 5♣", "4♠ Q♥", Suit.HEARTS) == {"3♥", "A♥"}


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_bad_option_value(value: object) -> None:
    with pytest.raises(hokm.InvalidOptionError, match=r"'obligatory-trump'.*overtrump"):
        Ruleset.compose("obligatory-trump", options={"obligatory-trump": {"overtrump": value}})


def test_unknown_option() -> None:
    with pytest.raises(hokm.InvalidOptionError, match=r"'obligatory-trump' has no option 'must_beat'"):
        Ruleset.compose("obligatory-trump", options={"obligatory-trump": {"must_beat": True}})


def test_info() -> None:
    from hokm_variants.obligatory_trump import ObligatoryTrump

    assert ObligatoryTrump.info.name == "obligatory-trump"
    assert ObligatoryTrump.info.conflict_names == frozenset()
    assert "not attested" in ObligatoryTrump.info.source


def test_with_satat_the_two_of_hearts_is_a_trump() -> None:
    rules = Ruleset.compose("satat", "obligatory-trump", options={"obligatory-trump": {"overtrump": True}})
    # Spades trump; seat 2 is void in ♣ and the 3♠ ruff is winning: only the 2♥ beats it.
    assert legal(rules, "2♥ 2♠ K♦", "4♣ 3♠", Suit.SPADES) == {"2♥"}
    assert legal(rules, "4♥ 2♠ K♦", "4♣ 3♠", Suit.SPADES) == {"2♠"}


# Property tests: random legal play-outs ------------------------------------------------------

TWO_HEARTS = Card.parse("2♥")


def ref_legal(hand: Iterable[Card], plays: Sequence[tuple[int, Card]], trump: Suit, *,
              overtrump: bool, satat: bool) -> frozenset[Card]:
    """Legal plays written from RULES.md, independent of the ruleset's tables."""

    def suit(card: Card) -> Suit:
        return trump if satat and card == TWO_HEARTS else card.suit

    def strength(card: Card) -> int:
        return 15 if satat and card == TWO_HEARTS else int(card.rank)

    hand = frozenset(hand)
    if not plays:
        return hand
    led = suit(plays[0][1])
    follow = frozenset(c for c in hand if suit(c) == led)
    if follow:
        return follow
    trumps = frozenset(c for c in hand if suit(c) == trump)
    if not trumps:
        return hand
    if not overtrump:
        return trumps
    played_trumps = [strength(c) for _, c in plays if suit(c) == trump]
    best = max(played_trumps, default=0)
    higher = frozenset(c for c in trumps if strength(c) > best)
    return higher or trumps


PARTNERS = ((), ("satat",), ("clockwise",), ("satat", "clockwise"))


@settings(max_examples=80, deadline=None)
@given(deck=st.permutations(hokm.full_deck()), hakem=st.integers(0, 3),
       overtrump=st.booleans(), partners=st.sampled_from(PARTNERS), play_all=st.booleans(),
       rnd=st.randoms(use_true_random=False))
def test_random_playouts_match_the_reference(deck: list[Card], hakem: int, overtrump: bool,
                                             partners: tuple[str, ...], play_all: bool,
                                             rnd: random.Random) -> None:
    rules = Ruleset.compose("obligatory-trump", *partners, options={
        "obligatory-trump": {"overtrump": overtrump}, "standard": {"play_all": play_all}})
    base = Ruleset.compose(*partners)  # the same rules without obligatory-trump
    state = rules.deal(deck, hakem=hakem)
    while not state.is_over:
        if state.phase is hokm.Phase.PLAY:
            trump, seat = state.trump, state.to_act
            assert trump is not None and seat is not None
            hand = state.hand_of(seat)
            plays = state.current_trick.plays
            legal_now = state.legal_plays()
            assert legal_now == ref_legal(hand, plays, trump, overtrump=overtrump,
                                          satat="satat" in partners)
            unrestricted = base.legal_plays(hand, plays, trump=trump, seat=seat)
            assert legal_now <= unrestricted
            if legal_now != unrestricted:  # whatever the rule forbids, it leaves trumps only
                assert all(rules.effective_suit(card, trump) is trump for card in legal_now)
        state = state.apply(rnd.choice(state.legal_actions()))
