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
from hokm.discovery import load_variant
from hokm.testing import check_variant
from hokm.testing.conformance import BUNDLED_VARIANTS
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


# Deal modes (RULES 1.5.5; SCENARIOS S31, S32, S74, S75) -------------------------------------------

MODES = ("keep-reject", "zhinam", "fifty-card", "dead-half")
DRAW_MODES = ("keep-reject", "zhinam", "fifty-card")
MODE_RULES = {(mode, seen): hokm.Ruleset.compose(
    "two-player", options={"two-player": {"mode": mode, "second_card_seen": seen}})
    for mode in MODES for seen in (False, True) if not (mode == "dead-half" and seen)}
# Per mode: cards in the deck, discards per seat (Hakem, other), draw turns, cards out of play
# at the end (discards + draw cards thrown away), stock left at the end, undealt cards.
SHAPE = {
    "keep-reject": (52, (0, 0), 16, 16, 10, 0),
    "zhinam": (52, (3, 2), 21, 26, 0, 0),
    "fifty-card": (50, (2, 2), 20, 24, 0, 0),
    "dead-half": (52, (0, 0), 0, 0, 0, 26),
}


def mode_rules(mode: str, seen: bool = False) -> hokm.Ruleset:
    return MODE_RULES[mode, seen]


def mode_deck(mode: str, seed: int) -> list[Card]:
    deck = list(mode_rules(mode).deck)
    random.Random(seed).shuffle(deck)
    return deck


def discard_first(hand: hokm.HandState) -> hokm.HandState:
    """Make every discard due, each seat laying down its lowest cards (by sort key, last first)."""
    while hand.phase is hokm.Phase.DRAW and isinstance(hand.legal_actions()[0], hokm.Discard):
        seat = hand.to_act
        assert seat is not None
        low = sorted(hand.hand_of(seat), key=lambda card: card.sort_key)[-1]
        hand = hand.apply(hokm.Discard(low))
    return hand


def first_draw(mode: str, deck: Sequence[Card], *, hakem: int = 0, seen: bool = False) -> hokm.HandState:
    """The hand at its first keep/reject turn (after the call and the discards)."""
    return discard_first(at_draw(mode_rules(mode, seen), deck, hakem=hakem))


@pytest.mark.parametrize("mode", MODES)
def test_mode_decks_and_sizes(mode: str) -> None:
    rules = mode_rules(mode)
    cards_in_deck = SHAPE[mode][0]
    assert len(rules.deck) == cards_in_deck and rules.hand_size == 13 and rules.players == 2
    removed = set(hokm.full_deck()) - set(rules.deck)
    assert removed == ({Card.parse("2♣"), Card.parse("2♦")} if mode == "fifty-card" else set())
    assert TwoPlayer(mode=mode).mode == mode  # type: ignore[arg-type]
    assert rules.option_values["two-player"]["mode"] == mode


def test_the_default_mode_is_keep_reject_and_unchanged() -> None:
    assert TwoPlayer().mode == "keep-reject"
    assert hokm.Ruleset.compose("two-player", options={"two-player": {"mode": "keep-reject"}}) == RULES
    assert RULES.hook_order("hokm_deck") == ("standard",)  # the full pack: the deck hook is idle


@pytest.mark.parametrize("mode", DRAW_MODES)
@pytest.mark.parametrize("keep", [True, False])
def test_s31_one_keep_reject_step_in_every_draw_mode(mode: str, keep: bool) -> None:
    deck = mode_deck(mode, 310)
    before = first_draw(mode, deck)
    x, y = deck[10], deck[11]  # the stock starts after the two fives, in every draw mode
    assert before.offered_card == x and before.to_act == 0
    after = before.apply(DrawCard(keep=keep))
    assert after.hand_of(0) == before.hand_of(0) | {x if keep else y}
    assert after.hand_of(1) == before.hand_of(1)
    assert after.stock_left == before.stock_left - 2 and after.to_act == 1
    thrown = y if keep else x
    assert thrown not in after.hand_of(0) | after.hand_of(1)
    assert after.observation(0).seen - before.observation(0).seen == (set() if keep else {x})
    view = after.observation(1)  # the other player never learns X or Y
    assert not {x, y} & (view.hand | view.seen | view.set_aside)
    assert view == before.apply(DrawCard(keep=not keep)).observation(1)


@pytest.mark.parametrize("mode", DRAW_MODES)
@pytest.mark.parametrize("keep", [True, False])
def test_second_card_seen_applies_to_every_keep_reject_turn_of_the_draw_modes(mode: str, keep: bool) -> None:
    deck = mode_deck(mode, 311)
    hand = first_draw(mode, deck, seen=True)
    plain = first_draw(mode, deck)
    turn = 0
    last_choice = 2 if mode == "fifty-card" else 0  # fifty-card's turn 20 is not keep/reject
    while hand.phase is hokm.Phase.DRAW and hand.stock_left > last_choice:
        top, second = deck[10 + 2 * turn], deck[11 + 2 * turn]
        drawer = hand.to_act
        assert drawer is not None
        assert hand.observation(drawer).offered_next is None  # never before choosing
        after = hand.apply(DrawCard(keep=keep))
        looked = after.observation(drawer).seen - hand.observation(drawer).seen
        assert looked == ({second} if keep else {top})
        plain_after = plain.apply(DrawCard(keep=keep))
        assert plain_after.observation(drawer).seen - plain.observation(drawer).seen == (
            set() if keep else {top})
        assert after.hands == plain_after.hands  # information only
        assert after.observation(1 - drawer).seen == hand.observation(1 - drawer).seen
        hand, plain, turn = after, plain_after, turn + 1
    assert turn == {"keep-reject": 16, "zhinam": 21, "fifty-card": 19}[mode]


def play_draw(hand: hokm.HandState, choices: Sequence[bool]) -> tuple[hokm.HandState, list[int]]:
    """Discard (lowest cards), then draw with ``choices`` (cycled); the drawers in order."""
    hand = discard_first(hand)
    drawers: list[int] = []
    while hand.phase is hokm.Phase.DRAW:
        assert hand.to_act is not None
        drawers.append(hand.to_act)
        hand = hand.apply(DrawCard(keep=choices[len(drawers) % len(choices)]))
    return hand, drawers


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("hakem", [0, 1])
def test_s32_draw_phase_counts(mode: str, hakem: int) -> None:
    size, discards, turns, out, stock_end, undealt = SHAPE[mode]
    deck = mode_deck(mode, 320 + hakem)
    other = 1 - hakem
    start = mode_rules(mode).deal(deck, hakem=hakem)
    assert start.phase is hokm.Phase.TRUMP and start.to_act == hakem
    assert start.observation(hakem).hand == frozenset(deck[0:5])  # trump from the Hakem's five
    assert start.observation(other).hand == frozenset()
    called = start.apply(hokm.CallTrump(Suit.HEARTS))
    hand, drawers = play_draw(called, [True, False, False])
    assert len(drawers) == turns
    assert drawers == [hakem if turn % 2 == 0 else other for turn in range(turns)]
    assert drawers.count(hakem) == (turns + 1) // 2 and drawers.count(other) == turns // 2
    assert hand.phase is hokm.Phase.PLAY and hand.to_act == hakem  # the Hakem leads trick 1
    assert [len(cards_) for cards_ in hand.hands] == [13, 13]
    assert tuple(len(aside) for aside in hand.set_aside) == (
        (discards[0], discards[1]) if hakem == 0 else (discards[1], discards[0]))
    assert hand.stock_left == stock_end and len(hand.undealt) == undealt
    held = hand.hands[0] | hand.hands[1]
    assert size - len(held) - stock_end - undealt == out
    assert size - len(held) == {"keep-reject": 26, "zhinam": 26, "fifty-card": 24, "dead-half": 26}[mode]


def test_s74_zhinam_exactly() -> None:
    rules = mode_rules("zhinam")
    deck = mode_deck("zhinam", 74)
    hand = rules.deal(deck, hakem=0)
    assert hand.observation(0).hand == frozenset(deck[0:5]) and hand.observation(1).hand == frozenset()
    assert hand.hands == (frozenset(deck[0:5]), frozenset(deck[5:10])) and hand.stock_left == 42
    hand = hand.apply(hokm.CallTrump(Suit.SPADES))
    # Seat 0 discards 3 of his five, then seat 1 discards 2: one card at a time, face down.
    discarded: list[list[Card]] = [[], []]
    for seat, count in ((0, 3), (1, 2)):
        for _ in range(count):
            assert hand.phase is hokm.Phase.DRAW and hand.to_act == seat
            assert set(hand.legal_actions()) == {hokm.Discard(card) for card in hand.hand_of(seat)}
            assert hand.offered_card is None and hand.observation(seat).offered is None
            assert hand.observation(1 - seat).legal_actions == ()
            card = sorted(hand.hand_of(seat), key=lambda c: c.sort_key)[0]
            hand = hand.apply(hokm.Discard(card))
            discarded[seat].append(card)
    assert [len(cards_) for cards_ in hand.hands] == [2, 3]
    for seat in (0, 1):  # each sees his own discards, never the other's
        assert hand.set_aside[seat] == frozenset(discarded[seat])
        assert hand.observation(seat).set_aside == frozenset(discarded[seat])
        view = hand.observation(1 - seat)
        assert not set(discarded[seat]) & (view.hand | view.seen | view.set_aside | view.shown)
        assert not any(isinstance(action, hokm.Discard) for _, action in view.decisions)
    # 21 turns over d10-d51, seat 0 first: turn k uses d(8+2k) and d(9+2k).
    rnd = random.Random(74)
    turns = {0: 0, 1: 0}
    for k in range(1, 22):
        seat = 0 if k % 2 else 1
        assert hand.to_act == seat and hand.offered_card == deck[8 + 2 * k]
        keep = rnd.random() < 0.5
        after = hand.apply(DrawCard(keep=keep))
        assert after.hand_of(seat) - hand.hand_of(seat) == {deck[8 + 2 * k] if keep else deck[9 + 2 * k]}
        turns[seat] += 1
        hand = after
    assert turns == {0: 11, 1: 10}
    assert [len(cards_) for cards_ in hand.hands] == [13, 13] and hand.stock_left == 0
    out = set(deck) - hand.hands[0] - hand.hands[1]
    assert len(out) == 26 and set().union(*discarded) <= out  # 5 discards + 21 thrown away
    assert hand.phase is hokm.Phase.PLAY and hand.to_act == 0  # seat 0 leads trick 1
    over = play_first_legal(hand)
    result = over.result()
    assert result.next_hakem == int(result.winner) and max(over.team_tricks) == 7  # as S33


def test_s75_fifty_card_exactly() -> None:
    rules = mode_rules("fifty-card")
    deck = mode_deck("fifty-card", 75)
    assert len(deck) == 50 and not {Card.parse("2♣"), Card.parse("2♦")} & set(deck)
    hand = rules.deal(deck, hakem=0)
    assert hand.hands == (frozenset(deck[0:5]), frozenset(deck[5:10])) and hand.stock_left == 40
    assert hand.observation(0).hand == frozenset(deck[0:5]) and hand.observation(1).hand == frozenset()
    hand = hand.apply(hokm.CallTrump(Suit.CLUBS))
    order = []
    while isinstance(hand.legal_actions()[0], hokm.Discard):  # each discards 2, seat 0 first
        order.append(hand.to_act)
        hand = hand.apply(hand.legal_actions()[-1])
    assert order == [0, 0, 1, 1] and [len(cards_) for cards_ in hand.hands] == [3, 3]
    drawers = []
    for turn in range(1, 20):  # turns 1-19: keep/reject, the second card unseen before choosing
        drawers.append(hand.to_act)
        assert hand.observation(hand.to_act or 0).offered_next is None
        hand = hand.apply(DrawCard(keep=turn % 3 == 0))
    assert drawers == [0, 1] * 9 + [0]
    # Turn 20, seat 1's: two cards left; he sees both and keeps either, the other is discarded.
    assert hand.to_act == 1 and hand.stock_left == 2
    last, other_last = deck[48], deck[49]
    view = hand.observation(1)
    assert (view.offered, view.offered_next) == (last, other_last)
    assert hand.observation(0).offered is None and hand.observation(0).offered_next is None
    for keep, kept, thrown in ((True, last, other_last), (False, other_last, last)):
        end = hand.apply(DrawCard(keep=keep))
        assert end.hand_of(1) - hand.hand_of(1) == {kept}
        assert {last, other_last} <= end.observation(1).seen | end.hand_of(1)
        assert thrown not in end.observation(0).seen | end.hand_of(0)
        assert [len(cards_) for cards_ in end.hands] == [13, 13] and end.stock_left == 0
        assert 50 - len(end.hands[0] | end.hands[1]) == 24  # 4 discards + 20 thrown away
        assert end.phase is hokm.Phase.PLAY and end.to_act == 0


def test_dead_half_deals_the_fixed_deck_as_rules_1_5_5() -> None:
    rules = mode_rules("dead-half")
    deck = mode_deck("dead-half", 55)
    for hakem in (0, 1):
        other = 1 - hakem
        hand = rules.deal(deck, hakem=hakem)
        assert hand.phase is hokm.Phase.TRUMP and hand.to_act == hakem
        assert hand.dealt(hakem) == (*deck[0:5], *deck[10:14], *deck[18:22])
        assert hand.dealt(other) == (*deck[5:10], *deck[14:18], *deck[22:26])
        assert hand.undealt == frozenset(deck[26:]) and hand.stock_left == 0
        assert hand.observation(hakem).hand == frozenset(deck[0:5])  # only his first five
        assert hand.observation(other).hand == frozenset()
        played = hand.apply(hokm.CallTrump(Suit.DIAMONDS))
        assert played.phase is hokm.Phase.PLAY and played.to_act == hakem  # no draw at all
        assert played.observation(hakem).hand == frozenset(hand.dealt(hakem))
        assert played.observation(other).hand == frozenset(hand.dealt(other))
        for seat in (0, 1):
            view = played.observation(seat)
            assert not frozenset(deck[26:]) & (view.hand | view.seen | view.set_aside | view.shown)
            assert view.stock_left == 0 and view.offered is None
        over = play_first_legal(played)
        assert over.undealt == frozenset(deck[26:])
        assert len({card for _, card in over.plays}) + sum(map(len, over.hands)) == 26


# Options: mode and second_card_seen ------------------------------------------------------------


@pytest.mark.parametrize("value", ["pagat_keep_reject", "dead_half", "Zhinam", "", None, 1])
def test_mode_must_be_one_of_the_four(value: object) -> None:
    with pytest.raises(hokm.InvalidOptionError, match=r"two-player.*'mode'"):
        hokm.Ruleset.compose("two-player", options={"two-player": {"mode": value}})


def test_second_card_seen_is_refused_with_dead_half() -> None:
    with pytest.raises(hokm.InvalidOptionError,
                       match=r"two-player.*'second_card_seen'.*mode='dead-half'"):
        hokm.Ruleset.compose("two-player",
                             options={"two-player": {"mode": "dead-half", "second_card_seen": True}})
    with pytest.raises(ValueError, match="second_card_seen=True has no meaning with mode='dead-half'"):
        TwoPlayer(mode="dead-half", second_card_seen=True)
    assert TwoPlayer(mode="dead-half", second_card_seen=False).second_card_seen is False


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_passes_the_conformance_check_alone_and_with_every_partner(mode: str) -> None:
    for seen in (False, True):
        if mode == "dead-half" and seen:
            continue
        report = check_variant("two-player", options={"mode": mode, "second_card_seen": seen},
                               matches=1, seed=f"{mode}:{seen}")
        declared = {name for name in BUNDLED_VARIANTS if name != "two-player"
                    and (name in TwoPlayer.info.conflict_names
                         or "two-player" in load_variant(name).info.conflict_names)}
        assert set(report.skipped) == declared >= {"three-player", "court-piece"}
        assert len(report.rulesets) == len(BUNDLED_VARIANTS) - len(declared)


@pytest.mark.parametrize("mode", MODES)
def test_modes_compose_with_the_other_variants(mode: str) -> None:
    for partners in PARTNERS:
        rules = hokm.Ruleset.compose("two-player", *partners, options={"two-player": {"mode": mode}})
        hand = play_random(rules, seed=len(partners))
        assert hand.is_over and hand.result().winner in (0, 1)
    for other in ("three-player", "court-piece"):
        with pytest.raises(hokm.VariantConflictError):
            hokm.Ruleset.compose("two-player", other, options={"two-player": {"mode": mode}})


# Properties: conservation and no leak in every mode ----------------------------------------------


def out_of_play_by_drawing(deck: Sequence[Card], start: int, choices: Sequence[bool]) -> set[Card]:
    """The stock cards thrown away by keep/reject turns ``choices`` from deck position ``start``."""
    return {deck[start + 2 * turn + (1 if keep else 0)] for turn, keep in enumerate(choices)}


@settings(max_examples=120, deadline=None)
@given(data=st.data(), mode=st.sampled_from(MODES), seen=st.booleans(), hakem=st.integers(0, 1),
       partners=st.sampled_from(PARTNERS), rnd=st.randoms(use_true_random=False))
def test_random_play_in_every_mode_conserves_the_cards(
        data: st.DataObject, mode: str, seen: bool, hakem: int, partners: tuple[str, ...],
        rnd: random.Random) -> None:
    seen = seen and mode != "dead-half"
    rules = hokm.Ruleset.compose("two-player", *partners,
                                 options={"two-player": {"mode": mode, "second_card_seen": seen}})
    deck = data.draw(st.permutations(rules.deck))
    hand = rules.deal(deck, hakem=hakem)
    size, discards, turns, out, stock_end, undealt = SHAPE[mode]
    choices: list[bool] = []
    while not hand.is_over:
        action = rnd.choice(hand.legal_actions())
        if isinstance(action, DrawCard):
            choices.append(action.keep)
        hand = hand.apply(action)
        held = [set(cards_) for cards_ in hand.hands]
        played = {card for _, card in hand.plays}
        aside = set().union(*hand.set_aside)
        thrown = out_of_play_by_drawing(deck, 10, choices)
        stock = set(deck[len(deck) - hand.stock_left:]) if hand.stock_left else set()
        places = [*held, played, aside, thrown, stock, set(hand.undealt)]
        assert sum(map(len, places)) == size == len(deck)  # every card in exactly one place
        assert set().union(*places) == set(deck)
        if hand.phase is not hokm.Phase.DRAW and hand.phase is not hokm.Phase.TRUMP:
            by_seat = [sum(1 for seat, _ in hand.plays if seat == s) for s in (0, 1)]
            assert [len(held[s]) + by_seat[s] for s in (0, 1)] == [13, 13]
            assert len(aside) == sum(discards) and len(thrown) == turns
            assert len(aside | thrown) == out and hand.stock_left == stock_end
            assert len(hand.undealt) == undealt
    result = hand.result()
    assert result.winner in (0, 1) and result.next_hakem == int(result.winner)
    if not {"bavney", "double-sar"} & set(partners):  # the 2-player scoring of 1.3, in every mode
        assert max(hand.team_tricks) == 7 and result.team_tricks[result.winner] == 7
        assert result.points == (1 if not result.kot else 2 if result.winner == hakem else 3)


def hidden_positions(mode: str, observer: int, hakem: int = 0) -> list[int]:
    """Deck positions the observer never sees, whatever anyone chooses: the opponent's cards
    (his five, the pairs of his draw turns) and the cards nobody sees (unused stock, undealt)."""
    size, _, turns, _, stock_end, _ = SHAPE[mode]
    if mode == "dead-half":
        packets = (range(5, 10), range(14, 18), range(22, 26)) if observer == hakem else (
            range(5), range(10, 14), range(18, 22))
        return [*(p for packet in packets for p in packet), *range(26, size)]
    first = range(5, 10) if observer == hakem else range(5)
    theirs = range(1, turns, 2) if observer == hakem else range(0, turns, 2)
    pairs = (10 + 2 * turn + i for turn in theirs for i in (0, 1))
    return [*first, *pairs, *range(size - stock_end, size)]


@settings(max_examples=100, deadline=None)
@given(data=st.data(), mode=st.sampled_from(MODES), observer_is_hakem=st.booleans(), seen=st.booleans(),
       rnd=st.randoms(use_true_random=False))
def test_observations_never_leak_discards_rejected_or_undealt_cards(
        data: st.DataObject, mode: str, observer_is_hakem: bool, seen: bool, rnd: random.Random) -> None:
    seen = seen and mode != "dead-half"
    rules = mode_rules(mode, seen)
    deck = list(data.draw(st.permutations(rules.deck)))
    hakem = 0
    observer = hakem if observer_is_hakem else 1 - hakem
    hidden = hidden_positions(mode, observer, hakem)
    moved = data.draw(st.permutations([deck[i] for i in hidden]))
    other = deck.copy()
    for position, card in zip(hidden, moved, strict=True):
        other[position] = card
    twin = {deck[i]: other[i] for i in range(len(deck))}  # a card and its counterpart in the twin deal
    states = [rules.deal(deck, hakem=hakem), rules.deal(other, hakem=hakem)]
    while states[0].phase is not hokm.Phase.PLAY:
        assert states[0].observation(observer) == states[1].observation(observer)
        action = rnd.choice(states[0].legal_actions())
        twin_action = hokm.Discard(twin[action.card]) if isinstance(action, hokm.Discard) else action
        states = [states[0].apply(action), states[1].apply(twin_action)]
    assert states[1].phase is hokm.Phase.PLAY
    assert states[0].observation(observer) == states[1].observation(observer)
    opponent = states[0].observation(1 - observer)
    assert not (states[0].set_aside[observer] - states[0].observation(observer).set_aside)
    assert not states[0].set_aside[1 - observer] & (states[0].observation(observer).seen
                                                    | states[0].observation(observer).set_aside)
    assert not states[0].undealt & (states[0].observation(observer).seen | opponent.seen)
