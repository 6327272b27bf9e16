"""The plain-tricks loop with one card of another suit than its printed one (hokm._odd_tricks):
Satat's 2♥ under a trump other than hearts, or a third-party suit change, gives exactly the
hand stepping gives, wherever the card is played."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import JackOfSpadesIsAHeart, stepped

import hokm
from hokm._kernel.plan import plan_of
from hokm.events import history

TWO_HEARTS = hokm.Card.parse("2♥")
OVERTRUMP = {"obligatory-trump": {"overtrump": True}}


class TwoOddCards:
    """Two cards of other suits than printed: the loop over 52-bit masks plays these rulesets."""

    info = hokm.VariantInfo(name="two-odd-cards", summary="the J♠ is a heart, the Q♦ a club")

    @hokm.hookimpl
    def hokm_effective_suit(self, card: hokm.Card) -> hokm.Suit | None:
        if card == hokm.Card.parse("J♠"):
            return hokm.Suit.HEARTS
        return hokm.Suit.CLUBS if card == hokm.Card.parse("Q♦") else None


ODD = [  # rulesets with one odd card under some trumps, in the plain loop
    hokm.Ruleset.compose("satat"),
    hokm.Ruleset.compose("satat", "obligatory-trump"),
    hokm.Ruleset.compose("satat", "obligatory-trump", options=OVERTRUMP),
    hokm.Ruleset.compose("satat", "obligatory-trump", options={"standard": {"play_all": True}}),
    hokm.Ruleset.compose("clockwise", "court-piece", "double-sar", "obligatory-trump", "satat"),
    hokm.Ruleset.compose("bavney", "clockwise", "obligatory-trump", "satat"),
    hokm.Ruleset.compose("two-player", "satat", "obligatory-trump",
                         options={"two-player": {"mode": "dead-half"}}),
    hokm.Ruleset.compose(JackOfSpadesIsAHeart(), "obligatory-trump",  # type: ignore[arg-type]
                         options=OVERTRUMP),
    hokm.Ruleset.compose(TwoOddCards(), "obligatory-trump", options=OVERTRUMP),  # type: ignore[arg-type]
]


def assert_same(start: hokm.HandState, seed: int) -> hokm.HandState:
    fast, slow = start.playout(random.Random(seed)), stepped(start, seed)
    assert fast == slow and fast.plays == slow.plays and fast.hands == slow.hands
    assert (fast.winners, fast.collectors, fast.team_tricks, fast.pile, fast.to_act) == (
        slow.winners, slow.collectors, slow.team_tricks, slow.pile, slow.to_act)
    assert history(fast) == history(slow)
    assert fast.is_annulled or fast.result() == slow.result()
    return slow


def test_the_odd_card_is_known_per_trump() -> None:
    # The holder of a card that follows another suit than its printed one is picked by mask: the
    # plan knows those cards per trump.
    def moved(*rules: object) -> list[int]:
        return plan_of(hokm.Ruleset.compose(*rules)._engine).moved  # type: ignore[arg-type]

    assert moved("satat")[:4] == [TWO_HEARTS.mask, 0, TWO_HEARTS.mask, TWO_HEARTS.mask]  # hearts trump: none
    assert moved() == [0] * 5
    assert moved(hokm.Ruleset.compose("satat", options={"satat": {"two_hearts_follows": "hearts"}}
                                      ).plugins[1][1]) == [0] * 5  # it follows as a heart
    jack = hokm.Card.parse("J♠")
    assert moved(JackOfSpadesIsAHeart())[:4] == [jack.mask] * 4
    queen = hokm.Card.parse("Q♦")
    assert moved(TwoOddCards())[:4] == [jack.mask | queen.mask] * 4


@settings(max_examples=200)
@given(rules=st.sampled_from(ODD), deal_seed=st.integers(0, 2**32), seed=st.integers(0, 2**32),
       steps=st.integers(0, 60))
def test_the_odd_card_loop_equals_stepping_from_any_state(rules: hokm.Ruleset, deal_seed: int, seed: int,
                                                          steps: int) -> None:
    state = rules.deal(random.Random(deal_seed), hakem=deal_seed % rules.players)
    walk = random.Random(deal_seed + 1)
    for _ in range(steps):  # mid-trick, between tricks, or from the call
        if state.is_over:
            break
        state = state.apply(walk.choice(state.legal_actions()))
    assert_same(state, seed)


def role(trick: hokm.Trick, rules: hokm.Ruleset) -> str:
    """How the 2♥ was played to ``trick``: led, followed to a trump lead, by the void duty
    (to another lead, under obligatory-trump), or discarded while void."""
    position = next(i for i, (_, card) in enumerate(trick.plays) if card == TWO_HEARTS)
    led, trump = trick.plays[0][1], trick.trump
    assert trump is not None
    if position == 0:
        return "led"
    if rules.effective_suit(led, trump=trump) is trump:
        return "followed a trump lead"
    return "by duty" if "obligatory-trump" in rules.variants else "discarded while void"


@pytest.mark.parametrize(("duty", "options"), [(False, {}), (True, {}), (True, OVERTRUMP)])
def test_the_two_of_hearts_in_every_role_as_stepping_plays_it(duty: bool, options: dict[str, object]) -> None:
    # Seeded hands where the 2♥ is led, follows a trump lead, and is played while void (by the
    # duty to trump, or as any card): the kernel's pick and winner are stepping's every time.
    rules = hokm.Ruleset.compose("satat", *(["obligatory-trump"] if duty else []),
                                 options=options)  # type: ignore[arg-type]
    roles: Counter[str] = Counter()
    for seed in range(400):  # never hearts trump: then the 2♥ is a heart like the others
        trump = (hokm.Suit.SPADES, hokm.Suit.DIAMONDS, hokm.Suit.CLUBS)[seed % 3]
        deal = rules.deal(random.Random(seed), hakem=seed % 4).apply(hokm.CallTrump(trump))
        slow = assert_same(deal, seed + 1000)
        for trick in slow.tricks:
            if any(card == TWO_HEARTS for _, card in trick.plays):
                roles[role(trick, rules)] += 1
                assert trick.winner == next(seat for seat, card in trick.plays if card == TWO_HEARTS)
    expected = {"led", "followed a trump lead", "by duty" if duty else "discarded while void"}
    assert expected <= set(roles), roles


@pytest.mark.parametrize("options", [{}, OVERTRUMP])
def test_the_two_of_hearts_is_played_by_the_duty(options: dict[str, object]) -> None:
    # Seat 1 holds the 2♥ (its only trump) and hearts: to the Hakem's diamond lead the duty
    # makes it play the 2♥, to a club lead it must follow with it; either way it wins.
    deck = hokm.full_deck()
    spades, hearts, diamonds, clubs = (deck[13 * suit:13 * suit + 13] for suit in range(4))
    hands = [diamonds[:7] + clubs[:6], [TWO_HEARTS, *hearts[1:]], diamonds[7:] + clubs[6:], spades]
    rules = hokm.Ruleset.compose("satat", "obligatory-trump", options=options)  # type: ignore[arg-type]
    start = rules.new_hand(hands, hakem=0, trump=hokm.Suit.CLUBS)
    leads = set()
    for seed in range(30):
        first = assert_same(start, seed).tricks[0]
        assert first.plays[1] == (1, TWO_HEARTS) and first.winner == 1
        leads.add(first.plays[0][1].suit)
    assert leads == {hokm.Suit.DIAMONDS, hokm.Suit.CLUBS}
