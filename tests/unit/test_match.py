"""Matches: flow across hands, seeds, explicit decks, refusals."""

from __future__ import annotations

import random

import pytest
from tests.helpers import random_match

import hokm
from hokm import CallTrump, Card, Phase, Suit

RULES = hokm.Ruleset.compose()


def test_a_match_starts_at_the_first_trump_call() -> None:
    match = RULES.new_match(seed=2026)
    assert match.hand_number == 1 and match.scores == (0, 0) and match.results == ()
    assert match.hand.phase is Phase.TRUMP and match.to_act == match.hand.hakem
    assert match.legal_actions() == tuple(CallTrump(s) for s in Suit)
    with pytest.raises(hokm.GameStateError):
        match.last_result()


def test_finishing_a_hand_scores_it_and_deals_the_next() -> None:
    match = RULES.new_match(seed=3)
    first_hakem = match.hand.hakem
    while match.hand_number == 1:
        match = match.apply(match.legal_actions()[-1])
    result = match.last_result()
    assert match.scores[result.winner] == result.points
    assert match.hand.hakem == result.next_hakem and match.hand.phase is Phase.TRUMP
    assert result.hakem == first_hakem


def test_same_seed_replays_and_different_seeds_differ() -> None:
    a, b, c = (random_match(RULES, seed=s) for s in (42, 42, 43))
    assert a.results == b.results and a.scores == b.scores
    assert a.results != c.results
    assert RULES.new_match(seed="hello").hand.hands == RULES.new_match(seed="hello").hand.hands
    assert RULES.new_match(seed=1).hand.hands != RULES.new_match(seed="1").hand.hands


def test_seed_none_draws_and_records_a_seed() -> None:
    match = RULES.new_match()
    assert isinstance(match.seed, int)
    assert RULES.new_match(seed=match.seed).hand.hands == match.hand.hands


def test_seeds_are_stable_across_versions() -> None:
    """Pinned: if this changes, every recorded seed of every user changes."""
    hand = RULES.new_match(seed=2026).hand
    assert hand.hakem == 0
    assert sorted(map(str, hand.observation(0).hand)) == ["10♠", "2♣", "5♣", "7♥", "K♦"]


def test_explicit_first_deck() -> None:
    deck = list(hokm.full_deck())
    match = RULES.new_match(seed=1, deck=deck)
    hakem = match.hand.hakem
    assert match.hand.observation(hakem).hand == frozenset(deck[0:5])
    with pytest.raises(hokm.InvalidDealError, match="appears twice"):
        RULES.new_match(seed=1, deck=[*deck[:51], deck[0]])
    with pytest.raises(hokm.InvalidDealError, match="seed"):
        RULES.new_match(seed=1.5)  # type: ignore[arg-type]


def test_a_finished_match_refuses_actions() -> None:
    match = random_match(RULES, seed=8)
    assert match.legal_actions() == () and match.to_act is None
    with pytest.raises(hokm.IllegalActionError, match="the match is over"):
        match.apply(CallTrump(Suit.SPADES))


def test_illegal_actions_leave_the_match_unchanged() -> None:
    match = RULES.new_match(seed=9)
    with pytest.raises(hokm.IllegalPlayError):
        match.apply(hokm.PlayCard(Card.parse("A♠")))
    assert match.hand.phase is Phase.TRUMP and match.hand.trump is None


def test_match_observation_is_per_seat() -> None:
    match = RULES.new_match(seed=4)
    seen = match.observation(1)
    assert seen.seat == 1 and seen.scores == (0, 0) and seen.hand.hand == frozenset()
    assert seen.first_hakem_draw == match.first_hakem_draw
    assert "MatchState" in repr(match)


def test_finished_hands_are_every_hand_played_annulled_ones_included() -> None:
    rules = hokm.Ruleset.compose("redeal")
    match, rng = rules.new_match(seed=3), random.Random(3)
    assert match.finished_hands == ()
    annulled = 0
    while not match.is_over and len(match.finished_hands) < 12:
        claims = [action for action in match.legal_actions() if action.tag == "redeal/claim"]
        before = match.hand
        match = match.apply(claims[0] if claims and annulled < 2 else rng.choice(match.legal_actions()))
        if match.hand is not before and match.finished_hands and match.finished_hands[-1].is_annulled:
            annulled += 1
    finished = match.finished_hands
    assert annulled >= 1 and all(hand.is_over for hand in finished)
    assert finished[-1] is match.last_hand
    assert sum(not hand.is_annulled for hand in finished) == len(match.results)
    assert [hand.result(None).team_tricks for hand in finished if not hand.is_annulled] == [
        result.team_tricks for result in match.results]


def test_deck_for_and_last_hand() -> None:
    deck = list(hokm.full_deck())
    match = RULES.new_match(seed=12, deck=deck)
    assert match.deck_for(1) == tuple(deck)
    assert match.deck_for(2) == RULES.new_match(seed=12).deck_for(2)
    assert match.last_hand is None
    while match.hand_number == 1:
        match = match.apply(match.legal_actions()[0])
    assert match.last_hand is not None and match.last_hand.is_over
    assert match.last_hand.result(None).team_tricks == match.results[0].team_tricks
    hand2 = RULES.deal(match.deck_for(2), hakem=match.hand.hakem)
    assert hand2.observation(match.hand.hakem) == match.hand.observation(match.hand.hakem)
    with pytest.raises(hokm.InvalidArgumentError, match="start at 1"):
        match.deck_for(0)


def test_playout_hand_scores_the_hand_as_stepping_with_the_same_choices_would() -> None:
    import random

    match = RULES.new_match(seed=11)
    rolled = match.playout_hand(random.Random(5))
    stepped = match
    rng = random.Random(5)
    while stepped.hand_number == 1:
        options = stepped.legal_actions()
        stepped = stepped.apply(options[int(rng.random() * len(options))])
    assert rolled.results == stepped.results and rolled.scores == stepped.scores
    assert rolled.hand.hands == stepped.hand.hands and rolled.hand_number == 2
    assert match.hand_number == 1 and match.results == ()


def test_playout_hand_refuses_a_finished_match() -> None:
    import random

    match = random_match(RULES, seed=4)
    with pytest.raises(hokm.IllegalActionError, match="match is over"):
        match.playout_hand(random.Random(1))


def test_match_goes_on_decides_while_none_defers_to_the_standard_rule() -> None:
    import random

    class NeverEnds(hokm.Variant):
        @hokm.hookimpl
        def hokm_match_winner(self) -> hokm.MatchStatus:
            return hokm.MatchStatus.GOES_ON

    class NoOpinion(hokm.Variant):
        @hokm.hookimpl
        def hokm_match_winner(self) -> None:
            return None

    endless = hokm.Ruleset.compose(NeverEnds()).new_match(seed=1)
    rng = random.Random(0)
    for _ in range(40):
        endless = endless.playout_hand(rng)
    assert not endless.is_over and max(endless.scores) >= 7
    deferring = hokm.Ruleset.compose(NoOpinion()).new_match(seed=1)
    while not deferring.is_over:
        deferring = deferring.playout_hand(rng)
    assert max(deferring.scores) >= 7 and deferring.winner is not None


# First roles from the match's own cards (issue #10) ---------------------------------------------

SECOND_ACE = hokm.Ruleset.compose(options={"standard": {"partners": "second-ace"}})


def deck_starting(text: str) -> list[Card]:
    top = hokm.cards(text)
    return [*top, *(card for card in hokm.full_deck() if card not in top)]


@pytest.mark.parametrize("first_seat", range(4))
def test_a_given_deck_is_also_the_face_up_deal_of_the_first_roles(first_seat: int) -> None:
    deck = deck_starting("K♣ 7♦ 2♠ 9♥ A♣ 3♦ A♦")  # first Ace 5th, second Ace 7th
    for seed in (1, "other"):  # the seed plays no part in it
        match = SECOND_ACE.new_match(seed=seed, deck=deck, first_seat=first_seat)
        assert match.first_hakem_draw == tuple(deck) and match.first_seat == first_seat
        assert match.hand.hakem == (first_seat + 4) % 4 == SECOND_ACE.first_hakem(deck, first_seat)
        assert match.seating == SECOND_ACE.seating(deck, first_seat)
        assert match.hand.hands == SECOND_ACE.deal(deck, hakem=match.hand.hakem).hands


def test_the_second_ace_seating_continues_the_same_face_up_deal() -> None:
    # From seat 1: the A♣ makes seat 1 Hakem; the deal goes on with the A♦ to seat 2, whose
    # player moves opposite the Hakem, to seat 3.
    match = SECOND_ACE.new_match(deck=deck_starting("A♣ A♦"), first_seat=1)
    assert match.hand.hakem == 1 and match.seating == (0, 1, 3, 2)
    # From seat 2: A♣ to seat 2; then 3♦ to seat 3 and the A♦ to seat 0, already opposite.
    match = SECOND_ACE.new_match(deck=deck_starting("A♣ 3♦ A♦"), first_seat=2)
    assert match.hand.hakem == 2 and match.seating == (0, 1, 2, 3)
    # From seat 0: A♣ to seat 0; 3♦ to 1, 4♦ to 2, 5♦ to 3, skip the Hakem, A♦ to 1.
    match = SECOND_ACE.new_match(deck=deck_starting("A♣ 3♦ 4♦ 5♦ A♦"), first_seat=0)
    assert match.hand.hakem == 0 and match.seating == (0, 2, 1, 3)


@pytest.mark.parametrize("first_seat", range(4))
def test_seeded_first_roles_keep_their_stream_and_start_at_first_seat(first_seat: int) -> None:
    for seed in range(10):
        base = RULES.new_match(seed=seed)
        match = RULES.new_match(seed=seed, first_seat=first_seat)
        assert match.first_hakem_draw == base.first_hakem_draw and base.first_seat == 0
        assert match.hand.hakem == (base.hand.hakem + first_seat) % 4
        assert match.hand.hakem == RULES.first_hakem(match.first_hakem_draw, first_seat)
        assert match.seating == RULES.seating(match.first_hakem_draw, first_seat)
