"""Troefcall (RULES 1.5.6; SCENARIOS S50, S68, S77, S78): every rule through real play."""

from __future__ import annotations

import importlib
import random
import warnings
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import stepped as _stepped

import hokm
from hokm import (
    CallTrump,
    Card,
    HandState,
    MatchState,
    PlayCard,
    PlayOn,
    Rank,
    Rotation,
    Ruleset,
    Suit,
    cards,
    full_deck,
)
from hokm.testing import MatchChecker, RulesetMachine, check_variant
from hokm_variants.troefcall import PICTURES, Capitulate, ClaimRedeal, Troefcall, draw_rank, high_card_draw

PLAY_ON, STOP = PlayOn(True), PlayOn(False)
KEEP_PLAYING = Capitulate(False)


def troefcall(**options: Any) -> Ruleset:
    return Ruleset.compose("troefcall", options={"troefcall": options})


def deck_for(hands: Sequence[Sequence[Card]], hakem: int) -> list[Card]:
    """The deck whose 5-4-4 deal from ``hakem`` gives each seat its hand, in the order listed."""
    deck: list[Card] = []
    for start, size in ((0, 5), (5, 4), (9, 4)):
        for offset in range(4):
            deck.extend(hands[(hakem + offset) % 4][start:start + size])
    assert sorted(deck, key=lambda c: c.index) == sorted(full_deck(), key=lambda c: c.index)
    return deck


def play_lists(state: HandState, order: Sequence[Sequence[Card]], *answers: hokm.Action) -> HandState:
    """Every seat plays the first legal card of its list; ``answers`` go to decisions in turn."""
    queue = list(answers)
    while not state.is_over:
        if state.pending_decision is not None:
            state = state.apply(queue.pop(0))
            continue
        seat = state.to_act
        assert seat is not None
        legal = state.legal_plays()
        state = state.play(next(card for card in order[seat] if card in legal))
    assert not queue, f"answers never asked for: {queue}"
    return state


def outcome(state: HandState) -> tuple[int, tuple[int, ...], int, int, str, int]:
    result = state.result()
    return (state.tricks_played, result.team_tricks, result.winner, result.points, result.label,
            result.next_hakem)


# S50: first Jack, deal order, rotation -------------------------------------------------------


def test_s50_the_first_jack_calls_and_the_seat_before_deals() -> None:
    rules = troefcall()
    face_up = cards("5♦ A♠ J♣")
    assert rules.first_hakem(face_up, first_seat=0) == 2
    assert rules.dealer_for(2) == 1
    # Clockwise: the caller sits on the dealer's left, the dealer on the caller's right.
    assert rules.rotation is Rotation.CLOCKWISE
    assert (rules.left_of(1), rules.right_of(2)) == (2, 1)
    # The face-up deal starts at the match's start seat.
    assert rules.first_hakem(face_up, first_seat=3) == 1


def test_s50_the_match_deals_the_caller_five_then_five_four_four() -> None:
    rules = troefcall()
    face_up = cards("5♦ A♠ J♣")
    deck = [*face_up, *(card for card in full_deck() if card not in face_up)]
    match = rules.new_match(deck=deck)
    hand = match.hand
    assert (hand.hakem, hand.dealer, hand.to_act) == (2, 1, 2)
    # Seat 2 calls having seen only the top five; nobody else has seen a card.
    assert hand.observation(2).hand == frozenset(deck[0:5])
    assert all(not hand.observation(seat).hand for seat in (0, 1, 3))
    called = hand.apply(CallTrump(Suit.CLUBS))
    # Then five each to seats 3, 0, 1, then four to each from seat 2, then four again.
    for offset, seat in enumerate((2, 3, 0, 1)):
        expected = [*deck[5 * offset:5 * offset + 5], *deck[20 + 4 * offset:24 + 4 * offset],
                    *deck[36 + 4 * offset:40 + 4 * offset]]
        assert called.dealt(seat) == tuple(expected)
        assert called.hand_of(seat) == frozenset(expected)
    assert called.to_act == 2  # the caller leads trick 1


def test_s50_rotation_same_dealer_while_the_callers_side_wins() -> None:
    rules = troefcall(capitulation=False)
    face_up = cards("5♦ A♠ J♣")
    seen = set()
    for seed in range(40):
        rest = [card for card in full_deck() if card not in face_up]
        random.Random(seed).shuffle(rest)
        match = rules.new_match(deck=[*face_up, *rest], seed=seed)
        rng = random.Random(seed)
        while match.hand_number == 1:
            match = match.apply(rng.choice(match.legal_actions()))
        if not match.results:
            continue  # annulled: the same caller deals again (see S68)
        result = match.results[0]
        if result.winner == 0:  # team A = seats 2 and 0, the caller's side
            assert (match.hand.hakem, match.hand.dealer) == (2, 1)
        else:  # the failed caller deals, the old dealer's partner calls
            assert (match.hand.hakem, match.hand.dealer) == (3, 2)
        seen.add(result.winner)
    assert seen == {0, 1}


# S68: no picture in all thirteen ------------------------------------------------------------

S68_CALLER = cards("A♠ A♥ 10♣ 9♣ 8♦ 7♦ 6♥ 5♠ 4♣ 3♦ 2♥ 10♥ 9♠")


def _s68_hands(caller: Sequence[Card]) -> list[list[Card]]:
    """Seat 0 holds ``caller``; seat 1's first card is a Jack (the first Jack of the face-up deal)."""
    rest = sorted((card for card in full_deck() if card not in caller), key=lambda c: c.index)
    jack = next(card for card in rest if card.rank is Rank.JACK)
    rest.remove(jack)
    rest.insert(0, jack)
    return [list(caller), rest[0:13], rest[13:26], rest[26:39]]


def _s68_match(caller: Sequence[Card], **options: Any) -> tuple[MatchState, list[Card]]:
    deck = deck_for(_s68_hands(caller), hakem=0)
    # The face-up deal from seat 3: deck[5], seat 1's first card, is the first Jack, dealt to seat 0.
    match = troefcall(**options).new_match(deck=deck, first_seat=3, seed=68)
    assert (match.hand.hakem, match.hand.dealer) == (0, 3)
    return match, deck


def test_s68_a_caller_without_pictures_may_claim_before_the_first_lead() -> None:
    match, _ = _s68_match(S68_CALLER)
    match = match.apply(CallTrump(Suit.SPADES))
    assert match.to_act == 0 and ClaimRedeal() in match.legal_actions()  # aces are not pictures
    for seat in (1, 2, 3):  # the others see only that seat 0 is to act
        view = match.hand.observation(seat)
        assert view.legal_actions == () and view.decisions == () and view.to_act == 0
    claimed = match.apply(ClaimRedeal())
    last = claimed.last_hand
    assert last is not None and last.is_annulled
    assert all(last.observation(seat).shown == frozenset(S68_CALLER) for seat in range(4))
    # Nobody scores; seat 3 deals again to seat 0, who gets a new first five and calls afresh.
    assert (claimed.scores, claimed.results, claimed.hand_number) == ((0, 0), (), 2)
    new = claimed.hand
    assert (new.hakem, new.dealer, new.redeals, new.phase, new.trump) == (0, 3, 1, hokm.Phase.TRUMP, None)
    assert new.observation(0).hand == frozenset(claimed.deck_for(2)[:5])


def test_s68_one_picture_and_no_claim_is_offered() -> None:
    with_jack = [card for card in S68_CALLER if card != Card.parse("3♦")] + [Card.parse("J♦")]
    match, _ = _s68_match(with_jack)
    match = match.apply(CallTrump(Suit.SPADES))
    assert match.to_act == 0
    assert all(isinstance(action, PlayCard) for action in match.legal_actions())


def test_the_claim_is_offered_only_on_the_callers_first_lead() -> None:
    match, _ = _s68_match(S68_CALLER)
    match = match.apply(CallTrump(Suit.SPADES)).apply(PlayCard(Card.parse("9♠")))
    while match.hand.tricks_played < 4 and not match.hand.is_over:
        legal = match.legal_actions()
        assert ClaimRedeal() not in legal
        match = match.apply(KEEP_PLAYING if KEEP_PLAYING in legal else legal[0])
    assert match.hand.tricks_played == 4


def test_the_claim_is_asked_only_in_its_window_and_playouts_take_it_as_stepping() -> None:
    # The claim reads the hand (no picture in it), so it is asked only inside its window: the
    # caller's lead to the first trick. The kernel hands that turn to stepping, with the same
    # random numbers.
    asked: list[tuple[int, int]] = []

    class Counted(Troefcall):
        @hokm.hookimpl
        def hokm_turn_options(self, hand: hokm.HandView) -> Sequence[hokm.Action] | None:
            asked.append((hand.tricks_played, len(hand.current_trick.plays)))
            return super().hokm_turn_options(hand)

    rules = hokm.Ruleset.compose(Counted())
    hand = rules.new_hand(_s68_hands(S68_CALLER), hakem=0).apply(CallTrump(Suit.SPADES))
    assert ClaimRedeal() in hand.legal_actions()
    claimed = 0
    for seed in range(40):
        played, stepped = hand.playout(random.Random(seed)), _stepped(hand, seed)
        assert played == stepped and played.decisions == stepped.decisions
        claimed += played.is_annulled
    assert 0 < claimed < 40
    assert set(asked) == {(0, 0)}  # only ever on the lead to the first trick


def test_redeal_false_offers_no_claim() -> None:
    match, _ = _s68_match(S68_CALLER, redeal=False)
    match = match.apply(CallTrump(Suit.SPADES))
    assert all(isinstance(action, PlayCard) for action in match.legal_actions())


def test_the_redeal_has_no_limit() -> None:
    # A seed whose second deal gives seat 0 no picture either: he may claim again.
    for seed in range(20000):
        match = troefcall().new_match(deck=deck_for(_s68_hands(S68_CALLER), hakem=0), first_seat=3,
                                      seed=seed)
        if not any(card.rank in PICTURES for card in _caller_cards(match.deck_for(2))):
            break
    else:
        pytest.fail("no seed found")
    for expected in (1, 2):
        match = match.apply(CallTrump(Suit.SPADES)).apply(ClaimRedeal())
        assert (match.hand.hakem, match.hand.redeals, match.results) == (0, expected, ())


def _caller_cards(deck: Sequence[Card]) -> list[Card]:
    return [*deck[0:5], *deck[20:24], *deck[36:40]]


# S77: kap; the seventh trick's winner decides -------------------------------------------------

# Spades trump. Seat 2 ruffs the heart lead and leads his spades: his side takes every trick.
BAUNIE = [cards("A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥"),
          cards("A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ 2♦"),
          cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠"),
          cards("A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣ 3♣ 2♣")]
# Seat 2 takes tricks 1-10 the same way, then leads the 2♦ and seat 1 wins trick 11.
BROKEN = [cards("A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♠ 3♠ 2♠"),
          cards("4♥ 3♥ 2♥ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦"),
          cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 2♦ 3♦ 4♦"),
          cards("A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣ 3♣ 2♣")]


def _to_the_kap(order: Sequence[Sequence[Card]], rules: Ruleset | None = None) -> HandState:
    state = (rules or troefcall()).new_hand(order, hakem=0, trump=Suit.SPADES)
    while state.pending_decision is None:
        seat = state.to_act
        assert seat is not None
        legal = state.legal_plays()
        state = state.play(next(card for card in order[seat] if card in legal))
    return state


@pytest.mark.parametrize("order", [BAUNIE, BROKEN], ids=["baunie-deal", "broken-deal"])
def test_s77_only_the_seventh_tricks_winner_is_offered(order: list[tuple[Card, ...]]) -> None:
    state = _to_the_kap(order)
    assert state.tricks_played == 7 and state.team_tricks == (7, 0) and state.winners[-1] == 2
    decision = state.pending_decision
    assert decision is not None and decision.seat == 2 and decision.options == (PLAY_ON, STOP)
    assert state.to_act == 2 and state.legal_actions() == (PLAY_ON, STOP)
    assert state.observation(0).legal_actions == ()  # seat 0, the caller, is not asked


def test_s77_stop_scores_the_kap_and_the_dealer_stays() -> None:
    state = _to_the_kap(BAUNIE).apply(STOP)
    assert outcome(state) == (7, (7, 0), 0, 5, "kap", 0)
    assert state.result().kot
    # The same dealer (seat 3) deals again to the same caller (seat 0).


def test_s77_continue_and_take_all_thirteen_scores_the_baunie() -> None:
    state = play_lists(_to_the_kap(BAUNIE), BAUNIE, PLAY_ON)
    assert outcome(state) == (13, (13, 0), 0, 15, "baunie", 0)


def test_s77_continue_and_lose_trick_11_ends_the_hand_for_the_other_side() -> None:
    state = play_lists(_to_the_kap(BROKEN), BROKEN, PLAY_ON)
    assert state.winners[-1] == 1
    assert outcome(state) == (11, (10, 1), 1, 2, "failed-baunie", 1)
    # The caller's side lost: the failed caller (seat 0) deals and seat 1 calls.
    assert hokm.Ruleset.compose("troefcall").dealer_for(state.result().next_hakem) == 0


def test_s77_stopping_a_kap_in_a_match_keeps_the_dealer() -> None:
    hands = [list(hand) for hand in BAUNIE]
    # The face-up deal from seat 0 reaches seat 0's J♥ first (hand 1 is dealt from this deck).
    hands[0] = [Card.parse("J♥"), *(card for card in hands[0] if card != Card.parse("J♥"))]
    match = troefcall().new_match(deck=deck_for(hands, hakem=0), seed=77)
    assert (match.hand.hakem, match.hand.dealer) == (0, 3)
    match = match.apply(CallTrump(Suit.SPADES))
    while match.hand.pending_decision is None:
        seat = match.to_act
        assert seat is not None
        legal = match.hand.legal_plays()
        match = match.apply(PlayCard(next(card for card in hands[seat] if card in legal)))
    assert match.to_act == 2
    match = match.apply(STOP)
    assert match.scores == (5, 0) and (match.hand.hakem, match.hand.dealer) == (0, 3)


# S78: must trump, must overtrump -----------------------------------------------------------

S78_TRICK = [(0, Card.parse("7♦")), (1, Card.parse("K♠"))]


@pytest.mark.parametrize(("trumping", "hand", "legal"), [
    ("must-overtrump", "6♠ A♠ 3♣", "A♠"),
    ("must-overtrump", "6♠ 3♣", "6♠"),
    ("must-overtrump", "3♣ 4♥", "3♣ 4♥"),
    ("must-overtrump", "Q♦ A♠", "Q♦"),
    ("must-trump", "6♠ A♠ 3♣", "6♠ A♠"),
    ("must-trump", "6♠ 3♣", "6♠"),
    ("must-trump", "3♣ 4♥", "3♣ 4♥"),
    ("must-trump", "Q♦ A♠", "Q♦"),
    ("free", "6♠ A♠ 3♣", "6♠ A♠ 3♣"),
    ("free", "6♠ 3♣", "6♠ 3♣"),
    ("free", "3♣ 4♥", "3♣ 4♥"),
    ("free", "Q♦ A♠", "Q♦"),
])
def test_s78_legal_sets(trumping: str, hand: str, legal: str) -> None:
    rules = troefcall(trumping=trumping)
    assert rules.legal_plays(cards(hand), S78_TRICK, trump=Suit.SPADES) == frozenset(cards(legal))


def test_s78_the_default_is_must_overtrump() -> None:
    assert troefcall().legal_plays(cards("6♠ A♠ 3♣"), S78_TRICK, trump=Suit.SPADES) == {Card.parse("A♠")}


def test_s78_in_play_an_illegal_underruff_is_refused() -> None:
    hands = [[Card.parse("7♦"), *(card for card in full_deck()
                                   if card.suit is Suit.CLUBS and card != Card.parse("3♣"))],
             [Card.parse("K♠"), *(card for card in full_deck()
                                   if card.suit is Suit.HEARTS and card != Card.parse("A♥"))],
             cards("6♠ A♠ 3♣ 2♠ 3♠ 4♠ 5♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠"),
             [Card.parse("A♥"), *(card for card in full_deck()
                                   if card.suit is Suit.DIAMONDS and card != Card.parse("7♦"))]]
    state = troefcall().new_hand(hands, hakem=0, trump=Suit.SPADES)
    state = state.play(Card.parse("7♦")).play(Card.parse("K♠"))
    assert state.legal_plays() == {Card.parse("A♠")}
    with pytest.raises(hokm.IllegalPlayError) as caught:
        state.play(Card.parse("6♠"))
    assert caught.value.reason == "cannot follow ♦, so must play a trump that beats K♠ (troefcall)"


# Capitulation (M4) ------------------------------------------------------------------------


def _first_offer(rules: Ruleset, seed: int) -> HandState:
    """A random deal played by the lowest legal card up to the first capitulation offer."""
    deck = list(rules.deck)
    random.Random(seed).shuffle(deck)
    state = rules.deal(deck, hakem=0).apply(CallTrump(Suit.HEARTS))
    while state.pending_decision is None:
        state = state.play(min(state.legal_plays(), key=lambda card: card.index))
    return state


def test_capitulation_is_offered_in_play_order_from_the_tricks_winner() -> None:
    for seed in range(10):
        state = _first_offer(troefcall(), seed)
        if state.pending_decision is not None and state.pending_decision.options == (PLAY_ON, STOP):
            continue  # a kap came first
        assert min(state.team_tricks) == 1 and max(state.team_tricks) < 7
        before = state.team_tricks
        # Not offered while a side had no trick: this is the first trick both sides hold one.
        assert state.tricks_played == sum(before)
        winner = state.winners[-1]
        for step in range(4):
            decision = state.pending_decision
            assert decision is not None
            assert decision.seat == (winner + step) % 4
            assert decision.options == (Capitulate(True), KEEP_PLAYING)
            for seat in range(4):
                assert bool(state.observation(seat).legal_actions) == (seat == decision.seat)
            state = state.apply(KEEP_PLAYING)
        # Everyone declined: the trick's winner leads the next trick.
        assert state.pending_decision is None and state.to_act == winner
        assert [action for _, action in state.decisions] == [KEEP_PLAYING] * 4
        return
    pytest.fail("no capitulation offer found")


@pytest.mark.parametrize("step", [0, 1, 2, 3])
def test_the_first_capitulation_ends_the_hand_for_the_other_side(step: int) -> None:
    rules = troefcall(win_points=3)
    state = _first_offer(rules, seed=1)
    winner = state.winners[-1]
    played = state.tricks_played
    for _ in range(step):
        state = state.apply(KEEP_PLAYING)
    conceding = (winner + step) % 4
    assert state.to_act == conceding
    state = state.apply(Capitulate(True))
    assert state.is_over and state.tricks_played == played
    result = state.result()
    assert (result.winner, result.points, result.label) == (1 - conceding % 2, 3, "capitulation")
    assert not result.kot
    # The standard succession: the caller (seat 0) keeps the deal only if his side won.
    assert result.next_hakem == (0 if result.winner == 0 else 1)


def test_capitulation_false_offers_nothing_after_a_trick() -> None:
    rules = troefcall(capitulation=False)
    for seed in range(10):
        deck = list(rules.deck)
        random.Random(seed).shuffle(deck)
        state = rules.deal(deck, hakem=0).apply(CallTrump(Suit.HEARTS))
        while not state.is_over:
            decision = state.pending_decision
            if decision is not None:
                assert decision.options == (PLAY_ON, STOP)
                state = state.apply(STOP)
                continue
            state = state.play(min(state.legal_plays(), key=lambda card: card.index))
        assert max(state.team_tricks) == 7  # the hand ends once a side holds seven
        assert state.result().points in (2, 5)


def test_no_capitulation_during_a_kap_or_after_the_hand_is_decided() -> None:
    # Playing on from a kap, the other side has no trick: nothing but cards until the baunie.
    state = _to_the_kap(BAUNIE).apply(PLAY_ON)
    while not state.is_over:
        assert state.pending_decision is None
        state = state.play(next(card for card in BAUNIE[state.to_act or 0] if card in state.legal_plays()))
    assert state.result().label == "baunie"


# Scoring options ------------------------------------------------------------------------------


def test_the_hand_values_are_options() -> None:
    rules = troefcall(win_points=3, kap_points=7, baunie_points=20, failed_baunie_points=4)
    assert outcome(_to_the_kap(BAUNIE, rules).apply(STOP))[3] == 7
    assert outcome(play_lists(_to_the_kap(BAUNIE, rules), BAUNIE, PLAY_ON))[3] == 20
    assert outcome(play_lists(_to_the_kap(BROKEN, rules), BROKEN, PLAY_ON))[3] == 4
    state = _first_offer(rules, seed=1).apply(Capitulate(True))
    assert state.result().points == 3


def test_a_plain_win_is_seven_tricks_while_the_other_side_has_one() -> None:
    rules = troefcall(capitulation=False, win_points=3)
    for seed in range(30):
        deck = list(rules.deck)
        random.Random(seed).shuffle(deck)
        state = rules.deal(deck, hakem=0).apply(CallTrump(Suit.HEARTS))
        while not state.is_over:
            if state.pending_decision is not None:
                break
            state = state.play(min(state.legal_plays(), key=lambda card: card.index))
        if not state.is_over:
            continue  # a kap
        result = state.result()
        assert max(result.team_tricks) == 7 and min(result.team_tricks) >= 1
        assert (result.points, result.label, result.kot) == (3, "win", False)
        assert result.winner == result.team_tricks.index(7)
        return
    pytest.fail("no plain win found")


# The match -------------------------------------------------------------------------------------


def _play_match(rules: Ruleset, seed: int) -> MatchState:
    rng = random.Random(seed)
    match = rules.new_match(seed=seed)
    while not match.is_over:
        match = match.apply(rng.choice(match.legal_actions()))
    return match


def test_a_set_is_set_hands_hands_and_more_points_wins_or_it_is_drawn() -> None:
    outcomes = set()
    for seed in range(60):
        match = _play_match(troefcall(set_hands=2), seed)
        assert len(match.results) == 2
        scores = match.scores
        if scores[0] == scores[1]:
            assert match.is_drawn and match.winner is None
            outcomes.add("drawn")
        else:
            assert not match.is_drawn and match.winner == scores.index(max(scores))
            outcomes.add("won")
    assert outcomes == {"drawn", "won"}


def test_match_target_goes_to_the_first_side_to_reach_it() -> None:
    rules = troefcall(match="target", target=12)
    for seed in range(5):
        match = _play_match(rules, seed)
        assert match.winner is not None and not match.is_drawn
        assert match.scores[match.winner] >= 12 > match.scores[1 - match.winner]
        before = [sum(r.points for r in match.results[:-1] if r.winner == team) for team in (0, 1)]
        assert max(before) < 12  # the match ended on the hand that reached the target


@pytest.mark.parametrize(("options", "option", "phrase"), [
    ({"match": "target"}, "match", "target must be given with match='target'"),
    ({"target": 10}, "target", "refused with match='set'"),
    ({"match": "set", "target": 10}, "match", "refused with match='set'"),
    ({"match": "target", "target": 10, "set_hands": 6}, "match", "means nothing with match='target'"),
    ({"match": "target", "target": 0}, "target", "must be a positive integer"),
    ({"match": "best-of-3"}, "match", "must be in"),
    ({"first_caller": "first-ace"}, "first_caller", "must be in"),
    ({"trumping": "overtrump"}, "trumping", "must be in"),
    ({"redeal": 1}, "redeal", "must be"),
    ({"capitulation": "yes"}, "capitulation", "must be"),
    ({"win_points": 0}, "win_points", "must be a positive integer"),
    ({"kap_points": -5}, "kap_points", "must be a positive integer"),
    ({"baunie_points": True}, "baunie_points", "must be a positive integer"),
    ({"failed_baunie_points": 1.5}, "failed_baunie_points", "must be a positive integer"),
    ({"set_hands": 0}, "set_hands", "must be a positive integer"),
])
def test_bad_options_are_refused_naming_the_variant_and_option(options: dict[str, Any], option: str,
                                                               phrase: str) -> None:
    with pytest.raises(hokm.InvalidOptionError) as caught:
        troefcall(**options)
    message = str(caught.value)
    assert "variant 'troefcall'" in message and phrase in message
    assert f"option {option!r}" in message


def test_target_with_match_target_and_defaults() -> None:
    assert troefcall(match="target", target=30).option_values["troefcall"]["target"] == 30
    assert troefcall(match="target", target=30, set_hands=4).variants == ("troefcall",)
    defaults = troefcall().option_values["troefcall"]
    assert defaults == {"first_caller": "first-jack", "trumping": "must-overtrump", "redeal": True,
                        "win_points": 2, "kap_points": 5, "baunie_points": 15,
                        "failed_baunie_points": 2, "capitulation": True, "match": "set",
                        "set_hands": 4, "target": None}


# The first caller by the high card ----------------------------------------------------------


def test_high_card_dealer_aces_high_the_next_seat_calls() -> None:
    rules = troefcall(first_caller="high-card-dealer")
    assert rules.first_hakem(cards("K♠ A♥ 2♦ 3♣"), first_seat=0) == 2  # seat 1 deals
    assert rules.first_hakem(cards("K♠ A♥ 2♦ 3♣"), first_seat=2) == 0  # the A♥ to seat 3
    assert draw_rank(Card.parse("A♦")) > draw_rank(Card.parse("K♠")) > draw_rank(Card.parse("2♥"))


def test_high_card_dealer_ties_draw_again() -> None:
    rules = troefcall(first_caller="high-card-dealer")
    face_up = cards("A♠ 9♥ A♦ 3♣ 4♠ 2♦")
    rounds = high_card_draw(face_up, players=4)
    assert [[(seat, str(card)) for seat, card in one] for one in rounds] == [
        [(0, "A♠"), (1, "9♥"), (2, "A♦"), (3, "3♣")], [(0, "4♠"), (2, "2♦")]]
    assert rules.first_hakem(face_up) == 1  # seat 0 deals, seat 1 calls
    deck = [*face_up, *(card for card in full_deck() if card not in face_up)]
    match = rules.new_match(deck=deck)
    assert (match.hand.hakem, match.hand.dealer) == (1, 0)
    with pytest.raises(hokm.InvalidDealError, match="still tied"):
        rules.first_hakem(cards("A♠ 9♥ A♦ 3♣ 4♠"))


def test_first_jack_needs_a_jack() -> None:
    with pytest.raises(hokm.InvalidDealError, match="no Jack"):
        troefcall().first_hakem(cards("A♠ 9♥ A♦ 3♣ 4♠"))


# Composition ------------------------------------------------------------------------------------

CONFLICTS = {"court-piece", "bavney", "obligatory-trump", "redeal", "hidden-trump", "be-ranga",
             "double-sar", "satat", "two-player", "three-player"}


def test_conflicts_with_every_other_plugin_but_clockwise() -> None:
    assert Troefcall.info.conflict_names == CONFLICTS
    for name in sorted(set(hokm.available_variants()) - {"troefcall", "clockwise"}):
        assert name in CONFLICTS
        for order in (("troefcall", name), (name, "troefcall")):
            with pytest.raises(hokm.VariantConflictError, match="cannot be combined"):
                Ruleset.compose(*order)


def test_clockwise_as_well_changes_nothing() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        both = Ruleset.compose("clockwise", "troefcall")
        other = Ruleset.compose("troefcall", "clockwise")
    alone = troefcall()
    assert both.rotation is other.rotation is alone.rotation is Rotation.CLOCKWISE
    for seed in range(3):
        assert _play_match(both, seed).results == _play_match(alone, seed).results


@pytest.mark.parametrize("option", ["target", "kot_points", "hakem_kot_points", "play_all", "succession",
                                    "first_hakem", "packets", "partners", "sets"])
def test_every_standard_option_is_replaced(option: str) -> None:
    value = {"target": 10, "kot_points": 2, "hakem_kot_points": 3, "play_all": True, "sets": 2,
             "succession": "next", "first_hakem": "first-ace", "packets": (5, 4, 4),
             "partners": "seating"}[option]
    with pytest.raises(hokm.InvalidOptionError, match=f"'troefcall' replaces standard option '{option}'"):
        Ruleset.compose("troefcall", options={"standard": {option: value}})


def test_inactive_hooks_follow_the_options() -> None:
    assert Troefcall().inactive_hooks == frozenset()
    assert Troefcall(trumping="free").inactive_hooks == {"hokm_void_duty"}
    assert Troefcall(redeal=False).inactive_hooks == {"hokm_turn_options", "hokm_decision_effect"}
    assert Troefcall(capitulation=False).inactive_hooks == {"hokm_hand_complete"}
    assert troefcall(trumping="free").hook_order("hokm_void_duty") == ()


def _attribute_docs() -> dict[str, str]:
    """Each option's entry in the class docstring's Attributes section."""
    entries: dict[str, str] = {}
    name = None
    for line in (Troefcall.__doc__ or "").splitlines():
        if line.startswith("        ") and not line.startswith("         ") and ":" in line:
            name = line.strip().split(":")[0]
            entries[name] = line
        elif name is not None and line.startswith("            "):
            entries[name] += " " + line.strip()
    return entries


def test_the_options_say_what_is_provisional() -> None:
    entries = _attribute_docs()
    assert set(entries) == set(Troefcall().options)
    for option in ("trumping", "win_points", "kap_points", "baunie_points", "failed_baunie_points",
                   "capitulation", "match"):
        assert "rovisional" in entries[option], option
    for option in ("first_caller", "redeal"):
        assert "rovisional" not in entries[option], option
    module = importlib.import_module("hokm_variants.troefcall")
    assert "**Provisional:**" in (module.__doc__ or "")


# Conformance and properties -------------------------------------------------------------------


@pytest.mark.parametrize("options", [
    {}, {"first_caller": "high-card-dealer", "trumping": "free"}, {"trumping": "must-trump", "redeal": False},
    {"capitulation": False, "set_hands": 2}, {"match": "target", "target": 15},
])
def test_check_variant_alone_and_with_every_compatible_partner(options: dict[str, Any]) -> None:
    report = check_variant("troefcall", matches=2, options=options)
    assert report.rulesets == ("standard + troefcall", "standard + clockwise + troefcall")
    assert report.overlaps == ()
    assert set(report.skipped) == set(hokm.testing.BUNDLED_VARIANTS) - {"troefcall", "clockwise"}


@settings(max_examples=10, stateful_step_count=60, deadline=None)
class TroefcallMachine(RulesetMachine):
    """Whole matches, every invariant after every action (annulled hands and drawn sets too)."""

    variants = ("troefcall",)


TestTroefcallMachine = TroefcallMachine.TestCase


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), set_hands=st.integers(1, 5), policy=st.integers(0, 10**6),
       no_picture_first=st.booleans())
def test_a_set_ends_after_exactly_set_hands_played_hands(seed: int, set_hands: int, policy: int,
                                                        no_picture_first: bool) -> None:
    # With no_picture_first the first deal leaves the caller without a picture and he claims:
    # that hand is annulled and does not count.
    rules = troefcall(set_hands=set_hands)
    rng = random.Random(policy)
    if no_picture_first:
        match = rules.new_match(deck=deck_for(_s68_hands(S68_CALLER), hakem=0), first_seat=3, seed=seed)
    else:
        match = rules.new_match(seed=seed)
    annulled = 0
    while not match.is_over:
        legal = match.legal_actions()
        action = ClaimRedeal() if ClaimRedeal() in legal else rng.choice(legal)
        before = match.hand_number
        match = match.apply(action)
        if match.hand_number != before and match.last_hand is not None and match.last_hand.is_annulled:
            annulled += 1
    assert annulled >= no_picture_first
    assert len(match.results) == set_hands
    assert match.hand_number == set_hands + annulled
    totals = [sum(result.points for result in match.results if result.winner == team) for team in (0, 1)]
    assert tuple(totals) == match.scores
    assert match.is_drawn == (totals[0] == totals[1])
    assert match.winner == (None if match.is_drawn else totals.index(max(totals)))


def test_a_claimed_redeal_keeps_every_invariant() -> None:
    deck = deck_for(_s68_hands(S68_CALLER), hakem=0)
    checker = MatchChecker(troefcall().new_match(deck=deck, first_seat=3, seed=8), deck=deck)
    checker.apply(CallTrump(Suit.SPADES))
    checker.apply(ClaimRedeal())
    rng = random.Random(8)
    while not checker.match.is_over:
        checker.apply(rng.choice(checker.match.legal_actions()))
    assert checker.match.results and checker.match.hand_number == len(checker.match.results) + 1


NON_PICTURES = [card for card in full_deck() if card.rank not in PICTURES]


@settings(max_examples=40, deadline=None)
@given(caller=st.lists(st.sampled_from(NON_PICTURES), min_size=13, max_size=13, unique=True),
       order=st.permutations(list(range(39))), lead=st.integers(0, 11), trump=st.sampled_from(list(Suit)))
def test_nobody_but_the_caller_learns_that_he_could_claim(caller: list[Card], order: list[int],
                                                          lead: int, trump: Suit) -> None:
    # Two deals that differ only in one card traded between the caller and a seat holding a
    # picture: in the first the claim is offered, in the second not. The two other seats see
    # the same, while the caller is to lead and after he leads.
    rest = sorted((card for card in full_deck() if card not in caller), key=lambda c: c.index)
    rest = [rest[i] for i in order]
    hands = [list(caller), rest[0:13], rest[13:26], rest[26:39]]
    holder = next(seat for seat in (2, 1, 3) if any(card.rank in PICTURES for card in hands[seat]))
    picture = next(card for card in hands[holder] if card.rank in PICTURES)
    traded = [list(hand) for hand in hands]
    traded[0][0], traded[holder][traded[holder].index(picture)] = picture, caller[0]
    rules = troefcall()
    offered = rules.new_hand(hands, hakem=0, trump=trump)
    not_offered = rules.new_hand(traded, hakem=0, trump=trump)
    assert ClaimRedeal() in offered.legal_actions()
    assert ClaimRedeal() not in not_offered.legal_actions()
    card = sorted(caller[1:], key=lambda c: c.index)[lead]
    observers = [seat for seat in (1, 2, 3) if seat != holder]
    for a, b in ((offered, not_offered), (offered.play(card), not_offered.play(card))):
        for seat in observers:
            assert a.observation(seat) == b.observation(seat)
