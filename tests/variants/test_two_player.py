"""Two-player Hokm (RULES.md 1.3, digest §2.2; SCENARIOS S31, S32, S51, S52)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import ScriptedWinners

import hokm
from hokm import Card, DrawCard, Suit, cards
from hokm_variants.two_player import TwoPlayer

RULES = hokm.Ruleset.compose("two-player")
KEEP, REJECT = DrawCard(keep=True), DrawCard(keep=False)


def shuffled_deck(seed: int) -> list[Card]:
    deck = list(RULES.deck)
    random.Random(seed).shuffle(deck)
    return deck


def at_draw(rules: hokm.Ruleset, deck: Sequence[Card], hakem: int = 0) -> hokm.HandState:
    """The hand right after the Hakem called trump: the first draw turn."""
    return rules.deal(deck, hakem=hakem).apply(hokm.CallTrump(Suit.SPADES))


def play_first_legal(hand: hokm.HandState, *, tricks: int | None = None) -> hokm.HandState:
    while not hand.is_over and (tricks is None or hand.tricks_played < tricks):
        hand = hand.apply(hand.legal_actions()[0])
    return hand


def scripted_hand(seats: Sequence[int], *variants: str, hakem: int = 0,
                  options: dict[str, dict[str, Any]] | None = None) -> hokm.HandState:
    """A 13-card hand whose trick winners follow ``seats`` (padded with seat 0)."""
    padded = tuple(seats) + (0,) * (13 - len(seats))
    rules = hokm.Ruleset.compose("two-player", *variants, ScriptedWinners(padded), options=options)
    deck = rules.deck
    return rules.new_hand([deck[0:13], deck[13:26]], hakem=hakem, trump=Suit.HEARTS)


# S31: one keep/reject step ---------------------------------------------------------------


def test_the_deal_gives_five_each_hakem_first_and_a_42_card_stock() -> None:
    deck = shuffled_deck(31)
    hand = RULES.deal(deck, hakem=0)
    assert hand.phase is hokm.Phase.TRUMP and hand.to_act == 0
    assert (hand.hakem, hand.dealer) == (0, 1)
    assert hand.hands == (frozenset(deck[0:5]), frozenset(deck[5:10]))
    assert hand.observation(0).hand == frozenset(deck[0:5])  # he calls from his five
    assert hand.observation(1).hand == frozenset()
    assert hand.stock_left == 42
    drawing = hand.apply(hokm.CallTrump(Suit.CLUBS))
    assert drawing.phase is hokm.Phase.DRAW and drawing.to_act == 0
    assert set(drawing.legal_actions()) == {KEEP, REJECT}
    assert drawing.legal_plays() == frozenset()


def test_s31_keep_takes_x_and_discards_y() -> None:
    deck = shuffled_deck(31)
    x, y = deck[10], deck[11]
    before = at_draw(RULES, deck)
    after = before.apply(KEEP)
    assert after.hand_of(0) == before.hand_of(0) | {x}
    assert y not in after.hand_of(0) and y not in after.hand_of(1)
    assert after.hand_of(1) == before.hand_of(1)
    assert after.stock_left == before.stock_left - 2 == 40
    assert after.to_act == 1
    assert after.observation(0).seen == frozenset()  # second_card_seen=False: Y stays unseen
    # Seat 1 draws next, from the next two cards.
    again = after.apply(KEEP)
    assert again.hand_of(1) == before.hand_of(1) | {deck[12]}
    assert again.to_act == 0 and again.stock_left == 38


def test_s31_reject_discards_x_and_takes_y() -> None:
    deck = shuffled_deck(31)
    x, y = deck[10], deck[11]
    before = at_draw(RULES, deck)
    after = before.apply(REJECT)
    assert after.hand_of(0) == before.hand_of(0) | {y}
    assert x not in after.hand_of(0) and x not in after.hand_of(1)
    assert after.stock_left == 40 and after.to_act == 1
    assert after.observation(0).seen == frozenset({x})  # he looked at X before discarding it


@pytest.mark.parametrize("action", [KEEP, REJECT])
def test_s31_the_opponent_never_learns_x_or_y(action: DrawCard) -> None:
    deck = shuffled_deck(31)
    x, y = deck[10], deck[11]
    after = at_draw(RULES, deck).apply(action)
    seen_by_1 = after.observation(1)
    assert x not in seen_by_1.hand | seen_by_1.seen and y not in seen_by_1.hand | seen_by_1.seen
    # Swap X and Y with two cards that stay unused: seat 1's view must not change.
    other = deck.copy()
    other[10], other[11], other[50], other[51] = deck[50], deck[51], deck[10], deck[11]
    assert at_draw(RULES, other).apply(action).observation(1) == seen_by_1


@pytest.mark.parametrize(("action", "seen"), [(KEEP, 11), (REJECT, 10)])
def test_second_card_seen_shows_the_forced_discard_to_the_drawer(action: DrawCard, seen: int) -> None:
    rules = hokm.Ruleset.compose("two-player", options={"two-player": {"second_card_seen": True}})
    deck = shuffled_deck(32)
    after = at_draw(rules, deck).apply(action)
    assert after.observation(0).seen == frozenset({deck[seen]})
    assert after.observation(1).seen == frozenset()
    # Information only: the same cards change hands as without the option.
    assert after.hands == at_draw(RULES, deck).apply(action).hands


# S32: the whole draw ------------------------------------------------------------------------


@pytest.mark.parametrize("hakem", [0, 1])
def test_s32_sixteen_alternating_turns_give_13_each_and_leave_10_unused(hakem: int) -> None:
    deck = shuffled_deck(32 + hakem)
    hand = at_draw(RULES, deck, hakem=hakem)
    drawers = []
    rnd = random.Random(hakem)
    while hand.phase is hokm.Phase.DRAW:
        drawers.append(hand.to_act)
        hand = hand.apply(rnd.choice([KEEP, REJECT]))
    assert drawers == [hakem, 1 - hakem] * 8
    assert hand.phase is hokm.Phase.PLAY and hand.to_act == hakem  # the Hakem leads
    assert [len(held) for held in hand.hands] == [13, 13]
    assert hand.stock_left == 10
    held = hand.hands[0] | hand.hands[1]
    assert len(set(deck[10:42]) - held) == 16  # one discard per turn
    assert not set(deck[42:]) & held  # the last 10 cards stay unused
    assert 52 - len(held) == 26  # out of play
    assert hand.tricks_total == 13


# Play, scoring, succession ------------------------------------------------------------------


def test_hakem_kot_scores_2_and_he_stays_hakem() -> None:
    hands = [cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ A♥ K♥ Q♥ J♥ 10♥ 9♥"),
             cards("7♠ 6♠ 5♠ 4♠ 3♠ 2♠ A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦")]
    hand = play_first_legal(RULES.new_hand(hands, hakem=0, trump=Suit.SPADES))
    assert hand.tricks_played == 7 and hand.team_tricks == (7, 0)
    result = hand.result()
    assert (result.winner, result.points, result.label, result.next_hakem) == (0, 2, "kot", 0)


def test_kot_against_the_hakem_scores_3_and_the_winner_becomes_hakem() -> None:
    hands = [cards("7♠ 6♠ 5♠ 4♠ 3♠ 2♠ A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦"),
             cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ A♥ K♥ Q♥ J♥ 10♥ 9♥")]
    hand = play_first_legal(RULES.new_hand(hands, hakem=0, trump=Suit.SPADES))
    assert hand.tricks_played == 7 and hand.team_tricks == (0, 7)
    result = hand.result()
    assert (result.winner, result.points, result.label, result.next_hakem) == (1, 3, "hakem-kot", 1)


@pytest.mark.parametrize(("hakem", "script", "winner"), [
    (0, [0, 1] * 3 + [1] * 4, 1),  # 3-7: the Hakem lost
    (1, [0, 1] * 3 + [1] * 4, 1),  # the Hakem won
    (1, [1, 0] * 3 + [0] * 4, 0),
])
def test_first_to_seven_wins_1_point_and_becomes_hakem(hakem: int, script: list[int],
                                                       winner: int) -> None:
    hand = play_first_legal(scripted_hand(script, hakem=hakem))
    assert hand.tricks_played == 10 and max(hand.team_tricks) == 7
    result = hand.result()
    assert (result.winner, result.points, result.kot, result.next_hakem) == (winner, 1, False, winner)


def test_two_player_answers_the_next_hakem_itself() -> None:
    assert RULES.hook_order("hokm_next_hakem")[0] == "two-player"
    assert RULES.players == 2 and RULES.layout.teams == (0, 1)
    assert len(RULES.deck) == 52


# Options and conflicts ------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_second_card_seen_must_be_a_bool(value: object) -> None:
    with pytest.raises(hokm.InvalidOptionError, match=r"two-player.*second_card_seen"):
        hokm.Ruleset.compose("two-player", options={"two-player": {"second_card_seen": value}})


def test_unknown_option_is_refused() -> None:
    with pytest.raises(hokm.InvalidOptionError, match="two-player"):
        hokm.Ruleset.compose("two-player", options={"two-player": {"deal_mode": "zhinam"}})


@pytest.mark.parametrize("other", ["three-player", "court-piece"])
def test_declared_conflicts(other: str) -> None:
    assert other in TwoPlayer.info.conflict_names
    assert TwoPlayer.info.conflict_reason(other)
    with pytest.raises(hokm.VariantConflictError, match=other):
        hokm.Ruleset.compose("two-player", other)
    with pytest.raises(hokm.VariantConflictError, match="two-player"):
        hokm.Ruleset.compose(other, "two-player")


# Composition with the other variants -------------------------------------------------------------


def test_composes_with_satat() -> None:
    rules = hokm.Ruleset.compose("two-player", "satat")
    two_hearts = Card.parse("2♥")
    assert rules.trick_winner([(0, Card.parse("A♠")), (1, two_hearts)], trump=Suit.SPADES) == 1
    assert rules.effective_suit(two_hearts, trump=Suit.CLUBS) is Suit.CLUBS
    assert play_random(rules, seed=1).is_over


def test_composes_with_obligatory_trump() -> None:
    hand, trick = cards("3♠ K♦ 9♦"), [(0, Card.parse("A♣"))]
    plain = RULES.legal_plays(hand, trick=trick, trump=Suit.SPADES)
    rules = hokm.Ruleset.compose("two-player", "obligatory-trump")
    assert plain == frozenset(hand)
    assert rules.legal_plays(hand, trick=trick, trump=Suit.SPADES) == frozenset(cards("3♠"))
    assert play_random(rules, seed=2).is_over


def test_composes_with_clockwise() -> None:
    rules = hokm.Ruleset.compose("two-player", "clockwise")
    assert rules.rotation is hokm.Rotation.CLOCKWISE
    assert rules.left_of(0) == rules.right_of(0) == 1
    hand = at_draw(rules, shuffled_deck(3), hakem=1)
    assert hand.to_act == 1 and hand.apply(KEEP).to_act == 0  # play order is unchanged
    assert play_random(rules, seed=3).is_over


def test_composes_with_bavney() -> None:
    sweep = play_first_legal(scripted_hand([0] * 13, "bavney"))
    assert sweep.tricks_played == 13
    assert (sweep.result().points, sweep.result().label) == (3, "bavney")
    broken = play_first_legal(scripted_hand([0] * 7 + [1], "bavney"), tricks=7)
    assert not broken.is_over  # the kot player plays on
    broken = play_first_legal(broken)
    assert broken.tricks_played == 8
    assert (broken.result().points, broken.result().label) == (2, "kot")


def test_composes_with_double_sar() -> None:
    alternating = [0, 1] * 6 + [0]  # nobody wins twice in a row: the pile grows to the end
    hand = play_first_legal(scripted_hand(alternating, "double-sar"), tricks=12)
    assert (hand.pile, hand.team_tricks) == (12, (0, 0))
    hand = play_first_legal(hand)
    assert hand.tricks_played == 13 and hand.team_tricks == (13, 0) and hand.pile == 0
    assert hand.result().winner == 0
    random_hand = play_random(hokm.Ruleset.compose("two-player", "double-sar"), seed=4)
    assert random_hand.tricks_played == 13 and sum(random_hand.team_tricks) == 13


# Properties (S51, S52, no leaks) ------------------------------------------------------------------


def play_random(rules: hokm.Ruleset, seed: int) -> hokm.HandState:
    rnd = random.Random(seed)
    deck = list(rules.deck)
    rnd.shuffle(deck)
    hand = rules.deal(deck, hakem=seed % 2)
    while not hand.is_over:
        hand = hand.apply(rnd.choice(hand.legal_actions()))
    return hand


PARTNERS = [(), ("satat",), ("obligatory-trump",), ("clockwise",), ("bavney",), ("double-sar",),
            ("satat", "obligatory-trump", "clockwise", "bavney"), ("satat", "double-sar")]
PARTNER_RULES = {
    (partners, seen): hokm.Ruleset.compose("two-player", *partners,
                                           options={"two-player": {"second_card_seen": seen}})
    for partners in PARTNERS for seen in (False, True)
}


@settings(max_examples=150, deadline=None)
@given(data=st.data(), partners=st.sampled_from(PARTNERS), seen=st.booleans(),
       hakem=st.integers(0, 1), rnd=st.randoms(use_true_random=False))
def test_random_hands_draw_exactly_and_end_with_one_winner(
        data: st.DataObject, partners: tuple[str, ...], seen: bool, hakem: int,
        rnd: random.Random) -> None:
    rules = PARTNER_RULES[partners, seen]
    deck = data.draw(st.permutations(rules.deck))
    other = 1 - hakem
    hand = rules.deal(deck, hakem=hakem)
    assert hand.dealer == other  # S51
    hand = hand.apply(rnd.choice(hand.legal_actions()))
    for turn in range(16):
        drawer = hakem if turn % 2 == 0 else other
        top, second = deck[10 + 2 * turn], deck[11 + 2 * turn]
        assert hand.phase is hokm.Phase.DRAW and hand.to_act == drawer
        assert hand.stock_left == 42 - 2 * turn
        keep = rnd.random() < 0.5
        after = hand.apply(DrawCard(keep=keep))
        assert after.hand_of(drawer) == hand.hand_of(drawer) | {top if keep else second}
        assert after.hand_of(1 - drawer) == hand.hand_of(1 - drawer)
        looked = after.observation(drawer).seen - hand.observation(drawer).seen
        expected_look = ({second} if seen else set()) if keep else {top}
        assert looked == expected_look
        assert after.observation(1 - drawer).seen == hand.observation(1 - drawer).seen
        hand = after
    assert hand.phase is hokm.Phase.PLAY and hand.to_act == hakem
    held = hand.hands[0] | hand.hands[1]
    assert [len(cards_) for cards_ in hand.hands] == [13, 13] and hand.stock_left == 10
    assert held <= set(deck[:42])  # S52: 26 in hand, 16 discarded, 10 unused
    while not hand.is_over:
        in_hands = hand.hands[0] | hand.hands[1]
        played = {card for _, card in hand.plays}
        assert len(in_hands) + len(played) == 26 and in_hands | played == held
        hand = hand.apply(rnd.choice(hand.legal_actions()))
    result = hand.result()
    assert result.winner in (0, 1) and result.points >= 1
    assert result.next_hakem == int(result.winner)
    if not {"bavney", "double-sar"} & set(partners):
        assert max(hand.team_tricks) == 7 and result.team_tricks[result.winner] == 7
        assert result.points == (1 if not result.kot else 2 if result.winner == hakem else 3)


@settings(max_examples=60, deadline=None)
@given(data=st.data(), observer_is_hakem=st.booleans(), seen=st.booleans(),
       choices=st.lists(st.booleans(), min_size=16, max_size=16))
def test_observations_never_leak_the_opponents_draw(
        data: st.DataObject, observer_is_hakem: bool, seen: bool, choices: list[bool]) -> None:
    rules = PARTNER_RULES[(), seen]
    deck = list(data.draw(st.permutations(rules.deck)))
    hakem = 0
    observer = hakem if observer_is_hakem else 1 - hakem
    # Positions of the cards only the opponent sees (his first five, his draw pairs) and the unused ten.
    first = range(5, 10) if observer_is_hakem else range(5)
    turns = range(1, 16, 2) if observer_is_hakem else range(0, 16, 2)
    hidden = [*first, *(10 + 2 * t + i for t in turns for i in (0, 1)), *range(42, 52)]
    moved = data.draw(st.permutations([deck[i] for i in hidden]))
    other = deck.copy()
    for position, card in zip(hidden, moved, strict=True):
        other[position] = card
    states = [rules.deal(deck, hakem=hakem), rules.deal(other, hakem=hakem)]
    assert states[0].observation(observer) == states[1].observation(observer)
    states = [state.apply(hokm.CallTrump(Suit.HEARTS)) for state in states]
    for keep in choices:
        assert states[0].observation(observer) == states[1].observation(observer)
        states = [state.apply(DrawCard(keep=keep)) for state in states]
    assert states[0].phase is hokm.Phase.PLAY
    assert states[0].observation(observer) == states[1].observation(observer)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_seeded_match_ends_with_one_winner_and_the_winner_leads_the_next_hand(seed: int) -> None:
    match = RULES.new_match(seed=seed)
    rnd = random.Random(seed)
    dealers = [(match.hand.hakem, match.hand.dealer)]
    while not match.is_over:
        number = match.hand_number
        match = match.apply(rnd.choice(match.legal_actions()))
        if not match.is_over and match.hand_number != number:
            dealers.append((match.hand.hakem, match.hand.dealer))
    winner = match.winner
    assert winner is not None
    assert match.scores[winner] >= 7 and match.scores[1 - winner] < 7
    totals = [0, 0]
    for result in match.results:
        totals[result.winner] += result.points
    assert tuple(totals) == match.scores
    for before, after in zip(match.results, match.results[1:], strict=False):
        assert after.hakem == int(before.winner)
    assert all(dealer == 1 - hakem for hakem, dealer in dealers)  # S51
