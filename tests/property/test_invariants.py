"""Hypothesis: random legal play from random deals never breaks an invariant."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st
from tests.helpers import random_match

import hokm
from hokm import CallTrump, Card, Phase, PlayCard, Suit

RULES = hokm.Ruleset.compose()
RULESETS = {
    "standard": RULES,
    "clockwise, play all": hokm.Ruleset.compose("clockwise", options={"standard": {"play_all": True}}),
    "5-3-3-2, previous": hokm.Ruleset.compose(
        options={"standard": {"packets": (5, 3, 3, 2), "succession": "previous"}}),
}


def check_hand_invariants(hand: hokm.HandState, deck: frozenset[Card]) -> None:
    held = frozenset().union(*hand.hands)
    played = frozenset(card for _, card in hand.plays)
    assert held | played == deck and not held & played, "cards are conserved"
    assert len(hand.plays) == len(set(played))
    if hand.is_over:
        assert hand.to_act is None and hand.legal_actions() == ()
        return
    seat = hand.to_act
    assert seat is not None and seat in range(4)
    if hand.phase is Phase.PLAY:
        legal = hand.legal_plays()
        assert legal and legal <= hand.hand_of(seat)
        trick = hand.current_trick
        expected_next = (trick.plays[-1][0] + 1) % 4 if trick.plays else (
            hand.winners[-1] if hand.winners else hand.hakem)
        assert hand.to_act == expected_next


@given(deck=st.permutations(hokm.full_deck()), hakem=st.integers(0, 3),
       name=st.sampled_from(sorted(RULESETS)), data=st.data())
def test_random_hands_keep_every_invariant(deck: list[Card], hakem: int, name: str,
                                           data: st.DataObject) -> None:
    rules = RULESETS[name]
    full = frozenset(deck)
    hand = rules.deal(deck, hakem=hakem)
    assert hand.phase is Phase.TRUMP and hand.to_act == hakem and hand.dealer == (hakem - 1) % 4
    trump = data.draw(st.sampled_from(list(Suit)))
    hand = hand.apply(CallTrump(trump))
    assert all(len(cards) == 13 for cards in hand.hands)
    steps = 0
    while not hand.is_over:
        check_hand_invariants(hand, full)
        action = data.draw(st.sampled_from(hand.legal_actions()))
        assert isinstance(action, PlayCard)
        before_trick = hand.tricks_played
        hand = hand.apply(action)
        steps += 1
        if hand.tricks_played > before_trick:
            trick = hand.tricks[-1]
            assert trick.winner in {seat for seat, _ in trick.plays}
            assert trick.winner == rules.trick_winner(trick.plays, trump=trump)
    check_hand_invariants(hand, full)
    assert steps == 4 * hand.tricks_played <= 52
    result = hand.result()
    assert sum(result.team_tricks) == hand.tricks_played
    assert result.team_tricks[result.winner] >= 7
    first_seven = {rules.team_of(w) for w in hand.winners[:7]}
    if len(first_seven) == 1:
        assert result.kot
        hakem_team = rules.team_of(hakem)
        assert result.points == (2 if result.winner == hakem_team else 3)
    else:
        assert not result.kot and result.points == 1
    if name != "clockwise, play all":
        assert max(result.team_tricks) == 7, "play stops as soon as a team has 7"


@given(seed=st.integers(0, 10_000), policy=st.integers(0, 3))
def test_matches_end_with_one_winner_and_monotone_scores(seed: int, policy: int) -> None:
    match = random_match(RULES, seed=seed, policy_seed=policy)
    assert match.is_over and match.winner in (0, 1) and match.to_act is None
    running = [0, 0]
    hakem = match.results[0].hakem
    for result in match.results:
        assert result.hakem == hakem, "the next hand's Hakem is the previous result's next_hakem"
        running[result.winner] += result.points
        hakem = result.next_hakem
    assert tuple(running) == match.scores
    assert match.scores[match.winner] >= 7 > match.scores[1 - match.winner]


@given(seed=st.one_of(st.integers(), st.text(max_size=20)))
def test_same_seed_same_match(seed: int | str) -> None:
    a = RULES.new_match(seed=seed)
    b = RULES.new_match(seed=seed)
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(120):
        if a.is_over:
            break
        assert a.hand.hands == b.hand.hands and a.legal_actions() == b.legal_actions()
        a = a.apply(rng_a.choice(a.legal_actions()))
        b = b.apply(rng_b.choice(b.legal_actions()))
    assert a.scores == b.scores and a.results == b.results


def _swap_unseen(hand: hokm.HandState, seat: int, rng: random.Random) -> list[list[Card]] | None:
    """Hands where two other seats swap unplayed cards of the same suit (invisible to ``seat``)."""
    others = [s for s in range(4) if s != seat]
    a, b = rng.sample(others, 2)
    for suit in rng.sample(list(Suit), 4):
        mine = [c for c in hand.hand_of(a) if c.suit is suit]
        theirs = [c for c in hand.hand_of(b) if c.suit is suit]
        if mine and theirs:
            x, y = rng.choice(mine), rng.choice(theirs)
            swapped = [list(h) for h in hand.hands]
            swapped[a] = [y if c == x else c for c in swapped[a]]
            swapped[b] = [x if c == y else c for c in swapped[b]]
            return swapped
    return None


@given(deck=st.permutations(hokm.full_deck()), seat=st.integers(0, 3), plays=st.integers(0, 30),
       data=st.data())
def test_observations_do_not_leak_unseen_cards(deck: list[Card], seat: int, plays: int,
                                               data: st.DataObject) -> None:
    start = RULES.deal(deck, hakem=0).apply(CallTrump(Suit.SPADES))
    history: list[PlayCard] = []
    hand = start
    for _ in range(plays):
        if hand.is_over:
            break
        action = data.draw(st.sampled_from(hand.legal_actions()))
        assert isinstance(action, PlayCard)
        history.append(action)
        hand = hand.apply(action)
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    swapped = _swap_unseen(hand, seat, rng)
    if swapped is None:
        return
    # Rebuild the original deal from the swapped current hands plus the cards already played.
    original = [list(cards) for cards in swapped]
    for played_seat, card in hand.plays:
        original[played_seat].append(card)
    other = RULES.new_hand(original, hakem=0, trump=Suit.SPADES)
    for action in history:
        other = other.apply(action)
    assert other.observation(seat) == hand.observation(seat)
    assert hand.hands != other.hands


def test_trump_call_observation_shows_only_the_first_packet() -> None:
    deck = list(hokm.full_deck())
    a = RULES.deal(deck, hakem=0)
    # Swap two cards the Hakem has not seen yet (his 6th card and another seat's card).
    changed = deck.copy()
    changed[20], changed[30] = changed[30], changed[20]
    b = RULES.deal(changed, hakem=0)
    assert a.observation(0) == b.observation(0)
    assert a.hands != b.hands
