"""Satat: the 2♥ is the highest trump whatever suit is trump (RULES.md 1.3, digest §4.1).

SCENARIOS.md has no Satat trick cases (S47-S48 are not written down); the
cases below are derived from RULES.md 1.3 and digest §4.1. Where the two
options must agree (the 2♥ wins every trick it is played to), a case is run
under both.
"""

from __future__ import annotations

import random
import warnings
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


# The first trump maker: high-card draw (RULES.md 1.5.8 rule 1, 1.5.1 rule 10) ---------------

DRAW: dict[str, dict[str, object]] = {"satat": {"first_trump_maker": "high-card-draw"}}


def drawing(*others: str, standard: dict[str, object] | None = None) -> Ruleset:
    options: dict[str, dict[str, object]] = dict(DRAW)
    if standard:
        options["standard"] = standard
    return Ruleset.compose(*others, "satat", options=options)


def deck_starting(text: str) -> list[Card]:
    top = cards(text)
    return [*top, *(card for card in hokm.full_deck() if card not in top)]


S82 = "K♠ K♥ A♦ 2♥ 7♣ J♦"


@pytest.mark.parametrize("others", [(), ("clockwise",)])
def test_s82_the_first_draw_with_a_tie(others: tuple[str, ...]) -> None:
    rules = drawing(*others)
    # Aces low, the 2♥ an ordinary two: the kings of seats 0 and 1 tie; they draw again.
    assert rules.first_hakem(cards(S82), first_seat=0) == 1
    match = rules.new_match(deck=deck_starting(S82), seed="any")
    assert match.hand.hakem == 1 and match.to_act == 1  # seat 1 makes trump ...
    assert match.hand.dealer == 0 == rules.dealer_for(1)  # ... and seat 0 deals
    assert match.first_hakem_draw[:6] == tuple(cards(S82))
    # The drawn cards went back: the first hand is the whole deck, dealt as given from seat 1.
    assert match.hand.hands == rules.deal(deck_starting(S82), hakem=1).hands
    match = match.apply(hokm.CallTrump(Suit.CLUBS))
    assert match.to_act == 1  # he leads trick 1 as well
    if "clockwise" in others:
        assert rules.right_of(1) == 0  # the dealer is on his right in clockwise play


def test_s82_from_another_start_seat() -> None:
    rules = drawing()
    assert rules.first_hakem(cards(S82), first_seat=2) == 3  # the same cards, two seats on
    assert rules.new_match(deck=deck_starting(S82), first_seat=2).hand.hakem == 3


def test_only_the_tied_seats_draw_again_in_play_order() -> None:
    from hokm_variants.satat import high_card_draw

    # Seats 1 and 3 tie on queens (seat 2's A♣ is low); they draw again: 5♦ to 1, 5♥ to 3 (tie
    # again), then 9♠ to 1 and 10♠ to 3.
    face_up = cards("4♣ Q♠ A♣ Q♦ 5♦ 5♥ 9♠ 10♠")
    rounds = high_card_draw(face_up, players=4)
    assert [[seat for seat, _ in one] for one in rounds] == [[0, 1, 2, 3], [1, 3], [1, 3]]
    assert drawing().first_hakem(face_up) == 3
    # From seat 3 the same cards fall to seats 3, 0, 1, 2: seats 0 and 2 tie, and 3 is not asked.
    assert [[seat for seat, _ in one] for one in high_card_draw(face_up, 4, first_seat=3)] == [
        [3, 0, 1, 2], [0, 2], [0, 2]]


def test_the_draw_runs_out_of_face_up_cards() -> None:
    with pytest.raises(hokm.InvalidDealError, match=r"ran out \(5 cards\).*seats 0, 1 still to draw"):
        drawing().first_hakem(cards("K♠ K♥ 3♦ 2♥ 7♣"))


def test_the_seeded_draw_reads_the_seeds_face_up_stream() -> None:
    from hokm_variants.satat import high_card_draw

    rules, plain = drawing(), Ruleset.compose("satat")
    for seed in range(20):
        match = rules.new_match(seed=seed)
        assert match.first_hakem_draw == plain.new_match(seed=seed).first_hakem_draw
        last = high_card_draw(match.first_hakem_draw, 4)[-1]
        assert match.hand.hakem == max(last, key=lambda play: play[1].rank % 14)[0]


def test_the_default_leaves_the_first_hakem_to_the_ruleset() -> None:
    rules = Ruleset.compose("satat")
    assert rules.hook_order("hokm_first_hakem") == ("standard",)
    assert rules.hook_order("hokm_check_ruleset") == ()
    assert rules.first_hakem(cards(S82)) == 2  # the first Ace, the A♦
    assert drawing().hook_order("hokm_first_hakem") == ("satat", "standard")


def test_the_draw_is_refused_with_the_second_ace_seating() -> None:
    with pytest.raises(hokm.InvalidOptionError,
                       match=r"variant 'satat', option 'first_trump_maker'.*partners='second-ace'"):
        drawing(standard={"partners": "second-ace"})
    Ruleset.compose("satat", options={"standard": {"partners": "second-ace"}})  # without the draw: fine


@pytest.mark.parametrize("first_hakem", ["random", 2])
def test_the_draw_is_refused_with_another_first_hakem(first_hakem: object) -> None:
    with pytest.raises(hokm.InvalidOptionError, match=r"'satat', option 'first_trump_maker'.*first_hakem"):
        drawing(standard={"first_hakem": first_hakem})


def test_with_court_piece_the_draw_replaces_the_random_first_dealer() -> None:
    with pytest.warns(hokm.VariantOverlapWarning, match="asked in this order: satat, then court-piece"):
        rules = Ruleset.compose("court-piece", "satat", options=DRAW)
    assert rules.hook_order("hokm_first_hakem") == ("satat", "court-piece", "standard")
    assert rules.first_hakem(cards(S82)) == 1
    for seed in range(10):  # whatever the seed: court-piece's random dealer is not asked
        assert rules.new_match(deck=deck_starting(S82), seed=seed).hand.hakem == 1
    # Listed the other way round, court-piece would be asked first: refused, saying so.
    with pytest.raises(hokm.InvalidOptionError, match=r"list 'satat' after 'court-piece'"):
        Ruleset.compose("satat", "court-piece", options=DRAW)


@pytest.mark.parametrize("value", ["high-card", "first-ace", None, True])
def test_bad_first_trump_maker(value: object) -> None:
    with pytest.raises(hokm.InvalidOptionError, match=r"'satat'.*first_trump_maker"):
        Ruleset.compose("satat", options={"satat": {"first_trump_maker": value}})


def reference_draw(face_up: Sequence[Card], players: int, first_seat: int) -> list[list[tuple[int, Card]]]:
    """RULES.md 1.5.8 rule 1, written without the plugin: rounds of (seat, card)."""
    low_ace = {14: 1}
    seats = [(first_seat + i) % players for i in range(players)]
    cards_left = list(face_up)
    rounds = []
    while True:
        drawn = [(seat, cards_left.pop(0)) for seat in seats]
        rounds.append(drawn)
        top = max(low_ace.get(int(card.rank), int(card.rank)) for _, card in drawn)
        seats = [seat for seat, card in drawn if low_ace.get(int(card.rank), int(card.rank)) == top]
        if len(seats) == 1:
            return rounds


@settings(max_examples=150, deadline=None)
@given(deck=st.permutations(hokm.full_deck()), first_seat=st.integers(0, 3),
       others=st.sampled_from([(), ("clockwise",), ("obligatory-trump",)]))
def test_the_drawn_seat_holds_the_strictly_highest_card_of_the_last_round(
        deck: list[Card], first_seat: int, others: tuple[str, ...]) -> None:
    from hokm_variants.satat import draw_rank, high_card_draw

    rules = drawing(*others)
    seat = rules.first_hakem(deck, first_seat)
    rounds = high_card_draw(deck, 4, first_seat)
    assert [list(one) for one in rounds] == reference_draw(deck, 4, first_seat)
    last = dict(rounds[-1])
    assert all(draw_rank(last[seat]) > draw_rank(card) for other, card in last.items() if other != seat)
    match = rules.new_match(deck=deck, first_seat=first_seat)
    assert match.hand.hakem == seat and match.hand.dealer == (seat - 1) % 4


@settings(max_examples=40, deadline=None)
@given(deck=st.permutations(hokm.full_deck()), first_seat=st.integers(0, 2),
       table=st.sampled_from(["three-player", "two-player"]))
def test_the_draw_on_smaller_tables(deck: list[Card], first_seat: int, table: str) -> None:
    from hokm_variants.satat import draw_rank

    rules = drawing(table)
    players = rules.players
    deck = [card for card in deck if card in rules.deck]
    seat = rules.first_hakem(deck, first_seat % players)
    last = dict(reference_draw(deck, players, first_seat % players)[-1])
    assert all(draw_rank(last[seat]) > draw_rank(card) for other, card in last.items() if other != seat)


# Last four (RULES.md 1.5.8 rule 2) -----------------------------------------------------------

LAST_FOUR: dict[str, dict[str, object]] = {"satat": {"last_four": True}}
TWO_PLAYER_MODES = "mode" in hokm.Ruleset.compose("two-player").plugins[-1][1].options  # type: ignore[attr-defined]


def last_four(*others: str, options: dict[str, dict[str, object]] | None = None) -> Ruleset:
    return Ruleset.compose(*others, "satat", options={**(options or {}), **LAST_FOUR})


def test_last_four_is_off_by_default() -> None:
    rules = Ruleset.compose("satat")
    assert dict(rules.plugins)["satat"].last_four is False  # type: ignore[attr-defined]
    assert rules.deal(hokm.full_deck()).legal_actions() == tuple(hokm.CallTrump(s) for s in Suit)
    assert rules.hook_order("hokm_call_alternatives") == rules.hook_order("hokm_decision_effect") == ()
    assert rules._engine.classic  # the classic random-play kernel, as before the option existed
    assert last_four().hook_order("hokm_call_alternatives") == ("satat",)


@pytest.mark.parametrize("hakem", [0, 1, 2, 3])
@pytest.mark.parametrize("position", [1, 2, 3, 4])
def test_last_four_names_trump_from_the_card_of_his_last_packet(hakem: int, position: int) -> None:
    from hokm_variants.satat import LastFour

    deck = list(hokm.full_deck())
    random.Random(hakem * 10 + position).shuffle(deck)
    rules = last_four()
    hand = rules.deal(deck, hakem=hakem)
    # Dealing starts with the Hakem, whoever he is: he gets d0-d4, d20-d23 and d36-d39 (S12).
    last = deck[36:40]
    assert list(hand.dealt(hakem)[-4:]) == last and hand.dealt(hakem)[:5] == tuple(deck[:5])
    choices = hand.legal_actions()
    assert choices == (*(hokm.CallTrump(suit) for suit in Suit), *(LastFour(k) for k in range(1, 5)))
    card = last[position - 1]
    after = hand.apply(LastFour(position))
    assert after.trump is card.suit and after.phase is hokm.Phase.PLAY and after.to_act == hakem
    assert card in after.hand_of(hakem) and len(after.hand_of(hakem)) == 13  # it stays in his hand
    for seat in range(4):
        view = after.observation(seat)
        assert view.shown == {card} and view.trump is card.suit
        assert view.decisions == ((hakem, LastFour(position)),)  # announced
    assert after.trump_from == 0  # trump from the first card played


def test_last_four_packets_for_every_hakem_follow_the_deal_mapping() -> None:
    # S12's mapping: seat k (k = 0..3, Hakem seat 0) gets d[36+4k .. 39+4k] as its last packet.
    rules = last_four()
    deck = list(hokm.full_deck())
    hand = rules.deal(deck, hakem=0)
    for seat in range(4):
        assert list(hand.dealt(seat)[-4:]) == deck[36 + 4 * seat:40 + 4 * seat]
    hand = rules.deal(deck, hakem=2)  # packets go round from the Hakem: seat 2 first
    assert list(hand.dealt(2)[-4:]) == deck[36:40] and list(hand.dealt(0)[-4:]) == deck[44:48]


def test_last_four_with_the_two_of_hearts() -> None:
    # The 2♥ as the chosen card: hearts are trump, and the 2♥ is still the top trump.
    from hokm_variants.satat import LastFour

    two = Card.parse("2♥")
    deck = [card for card in hokm.full_deck() if card != two]
    deck.insert(38, two)  # the third card of the Hakem's last packet
    hand = last_four().deal(deck, hakem=0)
    after = hand.apply(LastFour(3))
    assert after.trump is Suit.HEARTS and after.observation(1).shown == {two}
    assert two in after.hand_of(0)
    state = after
    while two not in {card for _, card in state.plays}:  # play until the 2♥ has been played
        legal = state.legal_plays()
        state = state.play(two if two in legal else min(legal, key=lambda c: c.index))
    while state.current_trick.plays:
        state = state.play(min(state.legal_plays(), key=lambda c: c.index))
    trick = next(done for done in state.tricks if two in done.cards)
    assert trick.winner == next(seat for seat, card in trick.plays if card == two)
    assert after.ruleset.card_rank(two, Suit.HEARTS) > after.ruleset.card_rank(Card.parse("A♥"), Suit.HEARTS)


def test_last_four_with_new_hand_reads_the_order_given() -> None:
    from hokm_variants.satat import LastFour

    deck = hokm.full_deck()
    hands = [deck[0:13], deck[13:26], deck[26:39], deck[39:52]]
    hand = last_four().new_hand(hands, hakem=1)
    assert hand.observation(1).hand == frozenset(deck[13:18])  # his first five only
    after = hand.apply(LastFour(1))
    assert after.trump is deck[22].suit and after.shown == {deck[22]}


@settings(max_examples=40, deadline=None)
@given(deck=st.permutations(hokm.full_deck()), other=st.permutations(hokm.full_deck()),
       hakem=st.integers(0, 3))
def test_the_trump_maker_learns_nothing_of_his_last_packet_before_choosing(
        deck: list[Card], other: list[Card], hakem: int) -> None:
    # Two deals that differ only in the cards dealt after the first packets: at the trump call
    # every seat's view (the trump maker's five and his choices) is the same.
    rules = last_four()
    first = deck[:20]
    rest = [card for card in other if card not in first]
    one, two = rules.deal(deck, hakem=hakem), rules.deal([*first, *rest], hakem=hakem)
    for seat in range(4):
        assert one.observation(seat) == two.observation(seat)
    assert len(one.observation(hakem).hand) == 5 and not one.observation(hakem).shown


def test_last_four_with_three_players() -> None:
    from hokm_variants.satat import LastFour

    rules = last_four("three-player")
    deck = list(rules.deck)
    hand = rules.deal(deck, hakem=0)
    # 5 each (d0-d14), then three rounds of 4: the Hakem's last packet is d39-d42.
    assert list(hand.dealt(0)[-4:]) == deck[39:43]
    after = hand.apply(LastFour(2))
    assert after.trump is deck[40].suit and after.shown == {deck[40]}


@pytest.mark.parametrize("packets", [(5, 3, 3, 2), (5, 4, 2, 2), (5, 8)])
def test_last_four_is_refused_without_a_last_packet_of_four(packets: tuple[int, ...]) -> None:
    with pytest.raises(hokm.InvalidOptionError,
                       match=r"variant 'satat', option 'last_four'.*packets='.*' ends with a packet of"):
        last_four(options={"standard": {"packets": packets}})
    Ruleset.compose("satat", options={"standard": {"packets": packets}})  # without the option: fine
    assert last_four(options={"standard": {"packets": (5, 4, 4)}}).variants == ("satat",)


def test_last_four_is_refused_with_the_two_player_draw() -> None:
    with pytest.raises(hokm.InvalidOptionError,
                       match=r"variant 'satat', option 'last_four'.*two-player.*mode='dead-half'"):
        last_four("two-player")
    Ruleset.compose("two-player", "satat")  # without the option: fine


@pytest.mark.skipif(not TWO_PLAYER_MODES, reason="two-player has no option 'mode' yet (RULES 1.5.5, "
                                                  "added in parallel): enable once it has")
def test_last_four_with_two_player_dead_half() -> None:
    from hokm_variants.satat import LastFour

    for mode in ("keep-reject", "zhinam", "fifty-card"):
        with pytest.raises(hokm.InvalidOptionError, match="mode='dead-half'"):
            last_four("two-player", options={"two-player": {"mode": mode}})
    rules = last_four("two-player", options={"two-player": {"mode": "dead-half"}})
    deck = list(hokm.full_deck())
    hand = rules.deal(deck, hakem=0)
    # RULES 1.5.5: the Hakem gets d0-d4, d10-13 and d18-21: his last packet is d18-d21.
    assert list(hand.dealt(0)[-4:]) == deck[18:22]
    assert hand.apply(LastFour(1)).trump is deck[18].suit


@pytest.mark.parametrize("value", ["yes", 1, None, "True"])
def test_bad_last_four(value: object) -> None:
    with pytest.raises(hokm.InvalidOptionError, match=r"'satat'.*last_four"):
        Ruleset.compose("satat", options={"satat": {"last_four": value}})


@pytest.mark.parametrize(("value", "error"), [(0, hokm.InvalidArgumentError), (5, hokm.InvalidArgumentError),
                                              (True, hokm.ArgumentTypeError), ("1", hokm.ArgumentTypeError),
                                              (1.0, hokm.ArgumentTypeError)])
def test_bad_last_four_position(value: object, error: type[Exception]) -> None:
    from hokm_variants.satat import LastFour

    with pytest.raises(error, match="LastFour\\(\\) position"):
        LastFour(value)  # type: ignore[arg-type]
    assert str(LastFour(3)) == "last four, card 3" and LastFour(3) == LastFour(3)


def test_last_four_conformance() -> None:
    from hokm.testing import check_variant

    report = check_variant("satat", options={"last_four": True}, matches=1, seed=2)
    assert "two-player" in report.skipped and "last_four" in report.skipped["two-player"]


# Satat as a whole game (RULES.md 1.5.8; S49) ------------------------------------------------

WHOLE_GAME: dict[str, dict[str, object]] = {
    "satat": {"first_trump_maker": "high-card-draw", "last_four": True},
    "redeal": {"rule": "no-picture-five", "max_redeals": 2},
}


@pytest.mark.parametrize("court", [(), ("court-piece",)])
def test_satat_as_a_whole_game(court: tuple[str, ...]) -> None:
    from hokm.testing import MatchChecker
    from hokm_variants.redeal import ClaimRedeal
    from hokm_variants.satat import LastFour

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", hokm.VariantOverlapWarning)
        rules = Ruleset.compose(*court, "clockwise", "redeal", "satat", options=WHOLE_GAME)
    weak = cards("9♠ 8♥ 7♣ 4♦ 2♠")
    deck = [*weak, *(card for card in hokm.full_deck() if card not in weak)]
    calls = tuple(hokm.CallTrump(suit) for suit in Suit)
    fours = tuple(LastFour(k) for k in range(1, 5))
    for redeals, claim in ((0, True), (1, True), (2, False)):
        hand = rules.deal(deck, hakem=1, redeals=redeals)
        # S49: with no K/Q/J in his five he may demand a redeal; after two he must choose: a
        # suit, or the last-four option.
        assert set(hand.legal_actions()) == {*calls, *fours, *((ClaimRedeal(),) if claim else ())}
    for seed in range(3):
        checker = MatchChecker(rules.new_match(seed=seed), leak_swaps=2)
        rng = random.Random(seed)
        while not checker.match.is_over and checker.match.hand_number <= 8:
            checker.apply(rng.choice(checker.match.legal_actions()))
        checker.finish()


# S84: the dealer always comes from the losing side -------------------------------------------


def _suit_hands(order: Sequence[Suit]) -> list[list[Card]]:
    """Seat ``i`` holds every card of ``order[i]``."""
    deck = hokm.full_deck()
    return [[card for card in deck if card.suit is suit] for suit in order]


def _lowest_legal(hand: hokm.HandState) -> hokm.HandState:
    while not hand.is_over:
        hand = hand.play(min(hand.legal_plays(), key=lambda card: card.sort_key))
    return hand


@pytest.mark.parametrize("extra", [(), ("court-piece",)])
def test_s84_the_trump_makers_side_wins_and_keeps_the_deal(extra: tuple[str, ...]) -> None:
    # Trump maker seat 1 (dealer seat 0) holds every spade and spades are trump: his side takes
    # every trick. Satat alone: the same dealer and trump maker; with Court Piece the first seven
    # tricks are a court, so the dealer's partner (seat 2) deals and seat 3 makes trump.
    rules = Ruleset.compose("satat", "clockwise", *extra)
    hands = _suit_hands([Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS])
    two_hearts, two_spades = Card.parse("2♥"), Card.parse("2♠")  # the 2♥, Satat's top trump, to seat 1
    hands[0] = [two_spades if card == two_hearts else card for card in hands[0]]
    hands[1] = [two_hearts if card == two_spades else card for card in hands[1]]
    result = _lowest_legal(rules.new_hand(hands, hakem=1, trump=Suit.SPADES)).result()
    assert result.team_tricks[0] == 0
    assert result.winner == 1  # team {1, 3}
    expected = 3 if extra else 1
    assert result.next_hakem == expected
    assert (result.next_hakem - 1) % 4 == (2 if extra else 0)  # the dealer sits before the caller


def test_s84_the_trump_makers_side_loses_and_the_failed_maker_deals() -> None:
    # Seat 0 holds every heart, the trump: it ruffs seat 1's lead and wins everything after.
    rules = Ruleset.compose("satat", "clockwise")
    hands = _suit_hands([Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS])
    result = _lowest_legal(rules.new_hand(hands, hakem=1, trump=Suit.HEARTS)).result()
    assert result.winner == 0  # team {0, 2}: the dealer's side
    assert result.next_hakem == 2  # seat 1, the failed trump maker, deals; seat 2 makes trump
    assert hokm.Team(result.winner) != hokm.Team((result.next_hakem - 1) % 2)  # dealer from the losers
