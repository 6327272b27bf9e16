"""Bavney: a kot team plays on, and all 13 tricks score ``points`` (RULES.md 1.3; SCENARIOS S21)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import hokm
from hokm import Card, HandState, PlayOn, Ruleset, Suit, cards

PLAY_ON, STOP = PlayOn(True), PlayOn(False)

class Deal(NamedTuple):
    """Spelled-out hands (seat 0 is Hakem) and the trump he calls."""

    trump: Suit
    hands: list[str]


# Deals written as each seat's cards in the order he prefers to play them: every seat
# plays the first legal card of its list, so the whole hand follows from the deal.

# S21: seat 0 (Hakem) holds every spade, spades are trump: his team takes every trick.
SWEEP_HANDS = ["A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠",
               "A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥",
               "A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ 2♦",
               "A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣ 3♣ 2♣"]
HAKEM_SWEEP = Deal(Suit.SPADES, SWEEP_HANDS)
# Seat 1 holds every spade (trump): the Hakem's opponents take every trick.
OPPONENT_SWEEP = Deal(Suit.SPADES, [SWEEP_HANDS[1], SWEEP_HANDS[0], SWEEP_HANDS[2], SWEEP_HANDS[3]])
# Seat 0 wins tricks 1-8 with spades (trump), then leads 2♦ and seat 1 wins trick 9 with 7♦.
HAKEM_BREAK = Deal(Suit.SPADES, ["7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 2♦ 3♦ 4♦ 5♦ 6♦",
               "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 7♦ 8♦ 9♦ 10♦ J♦",
               "10♥ J♥ Q♥ K♥ A♥ Q♦ K♦ A♦ 10♣ J♣ Q♣ K♣ A♣",
               "2♠ 3♠ 4♠ 5♠ 6♠ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣"])
# Clubs trump: seat 1 ruffs trick 1, leads clubs to trick 8, then 2♥ loses to seat 2's 10♥.
OPPONENT_BREAK = Deal(Suit.CLUBS, ["2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠",
                  "A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 2♥ 3♥ 4♥ 5♥ 6♥",
                  "2♦ 3♦ 4♦ 5♦ 6♦ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥",
                  "7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦ 2♣ 3♣ 4♣ 5♣ 6♣"])


def bavney(standard: Mapping[str, Any] | None = None, **options: Any) -> Ruleset:
    return Ruleset.compose("bavney", options={"bavney": options, "standard": dict(standard or {})})


def start(rules: Ruleset, deal: Deal) -> tuple[HandState, list[tuple[Card, ...]]]:
    hands = [cards(text) for text in deal.hands]
    return rules.new_hand(hands, hakem=0, trump=deal.trump), hands


def play(rules: Ruleset, deal: Deal, *choices: PlayOn) -> HandState:
    """Play the scripted deal; ``choices`` answer the play-on offers in turn."""
    state, order = start(rules, deal)
    answers = list(choices)
    while not state.is_over:
        if state.pending_decision is not None:
            state = state.apply(answers.pop(0))
            continue
        seat = state.to_act
        assert seat is not None
        legal = state.legal_plays()
        state = state.play(next(card for card in order[seat] if card in legal))
    assert not answers, "a scripted play-on answer was never asked for"
    return state


def outcome(state: HandState) -> tuple[int, tuple[int, ...], int, int, str, int]:
    result = state.result()
    return (state.tricks_played, result.team_tricks, result.winner, result.points, result.label,
            result.next_hakem)


# S21 and the rule ---------------------------------------------------------------------------


def test_s21_pagat_stops_at_seven() -> None:
    assert outcome(play(Ruleset.compose(), HAKEM_SWEEP)) == (7, (7, 0), 0, 2, "kot", 0)


def test_s21_bavney_plays_on_to_thirteen() -> None:
    state = play(Ruleset.compose("bavney"), HAKEM_SWEEP)
    assert outcome(state) == (13, (13, 0), 0, 3, "bavney", 0)
    assert state.result().kot is True


def test_opponents_bavney() -> None:
    assert outcome(play(Ruleset.compose(), OPPONENT_SWEEP)) == (7, (0, 7), 1, 3, "hakem-kot", 1)
    assert outcome(play(Ruleset.compose("bavney"), OPPONENT_SWEEP)) == (13, (0, 13), 1, 3, "bavney", 1)


def test_broken_sweep_stops_at_once_and_scores_the_kot() -> None:
    assert outcome(play(Ruleset.compose(), HAKEM_BREAK)) == (7, (7, 0), 0, 2, "kot", 0)
    assert outcome(play(Ruleset.compose("bavney"), HAKEM_BREAK)) == (9, (8, 1), 0, 2, "kot", 0)


def test_broken_hakem_kot_stops_at_once_and_scores_the_hakem_kot() -> None:
    assert outcome(play(Ruleset.compose(), OPPONENT_BREAK)) == (7, (0, 7), 1, 3, "hakem-kot", 1)
    state = play(Ruleset.compose("bavney"), OPPONENT_BREAK)
    assert outcome(state) == (9, (1, 8), 1, 3, "hakem-kot", 1)
    assert state.winners == (1,) * 8 + (2,)


def test_standard_kot_values_apply_to_a_broken_sweep() -> None:
    rules = bavney({"kot_points": 4, "hakem_kot_points": 6})
    assert outcome(play(rules, HAKEM_BREAK))[3:5] == (4, "kot")
    assert outcome(play(rules, OPPONENT_BREAK))[3:5] == (6, "hakem-kot")
    assert outcome(play(rules, HAKEM_SWEEP))[3:5] == (3, "bavney")


def test_no_kot_is_unchanged() -> None:
    # Random deals: without a kot, bavney never changes when the hand stops or how it scores.
    for seed in range(30):
        deck = list(hokm.full_deck())
        random.Random(seed).shuffle(deck)
        hands = [deck[i * 13:(i + 1) * 13] for i in range(4)]
        plain = Ruleset.compose().new_hand(hands, hakem=seed % 4, trump=Suit.HEARTS)
        with_bavney = Ruleset.compose("bavney").new_hand(hands, hakem=seed % 4, trump=Suit.HEARTS)
        while not plain.is_over:
            card = min(plain.legal_plays(), key=lambda c: c.index)
            plain, with_bavney = plain.play(card), with_bavney.play(card)
            assert with_bavney.is_over == plain.is_over or plain.first_tricks_by(7) is not None
        if plain.first_tricks_by(7) is None:
            assert with_bavney.is_over and with_bavney.result() == plain.result()


# Option points ---------------------------------------------------------------------------


@pytest.mark.parametrize("points", [0, 1, 5, 52])
def test_points(points: int) -> None:
    assert outcome(play(bavney(points=points), HAKEM_SWEEP))[3] == points
    assert outcome(play(bavney(points=points), OPPONENT_SWEEP))[3] == points
    assert outcome(play(bavney(points=points), HAKEM_BREAK))[3] == 2  # a broken sweep ignores it


def deck_for(deal: Deal) -> list[Card]:
    """The deck order that the standard 5-4-4 deal from seat 0 turns into ``deal``."""
    hands = [list(cards(text)) for text in deal.hands]
    deck: list[Card] = []
    for size in (5, 4, 4):
        for hand in hands:
            deck += hand[:size]
            del hand[:size]
    return deck


def test_bavney_in_a_match() -> None:
    rules = Ruleset.compose("bavney", options={"standard": {"first_hakem": 0}})
    match = rules.new_match(seed=1, deck=deck_for(HAKEM_SWEEP))
    assert match.to_act == 0 and match.hand.phase is hokm.Phase.TRUMP
    match = match.apply(hokm.CallTrump(Suit.SPADES))
    while match.hand_number == 1:
        match = match.apply(hokm.PlayCard(min(match.hand.legal_plays(), key=lambda c: c.index)))
    assert match.scores == (3, 0) and match.results[0].label == "bavney"
    assert match.results[0].tricks_played == 13 and match.hand.hakem == 0


# Option decide ----------------------------------------------------------------------------


def test_decide_offers_play_on_once_to_the_seventh_trick_winner() -> None:
    state, order = start(bavney(decide=True), OPPONENT_SWEEP)
    while state.pending_decision is None:
        assert not state.is_over
        state = state.play(next(c for c in order[state.to_act or 0] if c in state.legal_plays()))
    decision = state.pending_decision
    assert state.tricks_played == 7 and decision.seat == state.winners[6] == 1 == state.to_act
    assert decision.options == (PLAY_ON, STOP) and "bavney" in decision.reason
    assert state.legal_actions() == (PLAY_ON, STOP) and state.legal_plays() == frozenset()
    with pytest.raises(hokm.IllegalPlayError, match="decision is pending"):
        state.play(Card.parse("2♠"))
    on = state.apply(PLAY_ON)
    assert on.pending_decision is None and on.to_act == 1 and not on.is_over
    assert on.decisions == ((1, PLAY_ON),)
    stop = state.apply(STOP)
    assert stop.is_over and outcome(stop) == (7, (0, 7), 1, 3, "hakem-kot", 1)


@pytest.mark.parametrize(("deal", "on", "off"), [
    (HAKEM_SWEEP, (13, (13, 0), 0, 3, "bavney", 0), (7, (7, 0), 0, 2, "kot", 0)),
    (OPPONENT_SWEEP, (13, (0, 13), 1, 3, "bavney", 1), (7, (0, 7), 1, 3, "hakem-kot", 1)),
    (HAKEM_BREAK, (9, (8, 1), 0, 2, "kot", 0), (7, (7, 0), 0, 2, "kot", 0)),
    (OPPONENT_BREAK, (9, (1, 8), 1, 3, "hakem-kot", 1), (7, (0, 7), 1, 3, "hakem-kot", 1)),
])
def test_decide(deal: Deal, on: tuple[object, ...], off: tuple[object, ...]) -> None:
    assert outcome(play(bavney(decide=True), deal, PLAY_ON)) == on
    assert outcome(play(bavney(decide=True), deal, STOP)) == off
    assert outcome(play(bavney(decide=False), deal)) == on  # automatic: nothing is asked


def test_no_decision_without_a_kot() -> None:
    deck = list(hokm.full_deck())
    random.Random(3).shuffle(deck)
    state = bavney(decide=True).new_hand([deck[i::4] for i in range(4)], hakem=0, trump=Suit.CLUBS)
    while not state.is_over:
        assert state.pending_decision is None
        state = state.play(min(state.legal_plays(), key=lambda c: c.index))
    assert state.first_tricks_by(7) is None and state.decisions == ()


# With the standard option play_all ------------------------------------------------------------


@pytest.mark.parametrize(("deal", "expected"), [
    (HAKEM_SWEEP, (13, (13, 0), 0, 3, "bavney", 0)),
    (OPPONENT_SWEEP, (13, (0, 13), 1, 3, "bavney", 1)),
    (HAKEM_BREAK, (13, (8, 5), 0, 2, "kot", 0)),     # all 13 are played; the kot scores
    (OPPONENT_BREAK, (13, (5, 8), 1, 3, "hakem-kot", 1)),
])
def test_with_play_all(deal: Deal, expected: tuple[object, ...]) -> None:
    assert outcome(play(bavney({"play_all": True}), deal)) == expected


def test_with_play_all_a_declined_offer_forfeits_the_bonus() -> None:
    # play_all plays every trick anyway; declining gives up the bavney score only.
    rules = bavney({"play_all": True}, decide=True)
    assert outcome(play(rules, HAKEM_SWEEP, STOP)) == (13, (13, 0), 0, 2, "kot", 0)
    assert outcome(play(rules, HAKEM_SWEEP, PLAY_ON)) == (13, (13, 0), 0, 3, "bavney", 0)
    assert outcome(play(Ruleset.compose(options={"standard": {"play_all": True}}), HAKEM_SWEEP)) \
        == (13, (13, 0), 0, 2, "kot", 0)


# Validation and conflicts ------------------------------------------------------------------------


@pytest.mark.parametrize(("option", "value"), [
    ("points", -1), ("points", 2.5), ("points", "3"), ("points", True),
    ("decide", "yes"), ("decide", 1), ("decide", None),
])
def test_bad_option_value(option: str, value: object) -> None:
    with pytest.raises(hokm.InvalidOptionError, match=rf"'bavney'.*{option}"):
        Ruleset.compose("bavney", options={"bavney": {option: value}})


def test_unknown_option() -> None:
    with pytest.raises(hokm.InvalidOptionError, match=r"'bavney' has no option 'bonus'"):
        Ruleset.compose("bavney", options={"bavney": {"bonus": 3}})


@pytest.mark.parametrize("other", ["double-sar", "court-piece", "three-player"])
def test_conflicts(other: str) -> None:
    for order in (("bavney", other), (other, "bavney")):
        with pytest.raises(hokm.VariantConflictError) as error:
            Ruleset.compose(*order)
        assert "'bavney'" in str(error.value) and f"'{other}'" in str(error.value)


def test_info() -> None:
    from hokm_variants.bavney import Bavney

    assert Bavney.info.name == "bavney"
    assert Bavney.info.conflict_names == {"double-sar", "court-piece", "three-player"}
    assert all(Bavney.info.conflict_reason(name) for name in Bavney.info.conflict_names)


# Property tests: random legal play-outs ---------------------------------------------------------

SUITS = tuple(Suit)
PARTNERS = ((), ("satat",), ("obligatory-trump", "clockwise"), ("two-player",))


def stacked_hands(deck: Sequence[Card], trump: Suit, stack: int | None) -> list[list[Card]]:
    """Deal 13 each in deck order, after giving team 0 (seats 0 and 2) ``stack`` of the trumps.

    Random play rarely makes a kot; stacking trumps makes kots, sweeps and broken sweeps common.
    """
    if stack is None:
        return [list(deck[seat * 13:(seat + 1) * 13]) for seat in range(4)]
    trumps = [card for card in deck if card.suit is trump]
    others = [card for card in deck if card.suit is not trump]
    team0 = trumps[:stack] + others[:26 - stack]
    team1 = trumps[stack:] + others[26 - stack:]
    return [team0[:13], team1[:13], team0[13:], team1[13:]]


def choose(state: HandState, rnd: random.Random, greedy: int) -> hokm.Action:
    """A random legal action; in the first ``greedy`` tricks team 0 plays its strongest
    card and team 1 its weakest (by trump, then rank), which makes kots common."""
    actions = state.legal_actions()
    seat, trump = state.to_act, state.trump
    if state.tricks_played >= greedy or seat is None or trump is None or state.pending_decision:
        return rnd.choice(actions)
    plays = [action for action in actions if isinstance(action, hokm.PlayCard)]
    if not plays:
        return rnd.choice(actions)

    def strength(action: hokm.PlayCard) -> int:
        card = action.card
        return state.ruleset.card_rank(card, trump) + (20 if state.ruleset.effective_suit(card, trump)
                                                      is trump else 0)

    return (max if state.team_of(seat) == 0 else min)(plays, key=strength)


def check_hand(state: HandState, rnd: random.Random, *, decide: bool, points: int,
               play_all: bool, greedy: int) -> HandState:
    """Play ``state`` out, checking bavney's invariants after every action."""
    offers = 0
    total = state.tricks_total
    while not state.is_over:
        decision = state.pending_decision
        if decision is not None:
            offers += 1
            assert decide and state.tricks_played == 7 and state.first_tricks_by(7) is not None
            assert decision.seat == state.winners[6] and decision.options == (PLAY_ON, STOP)
            state = state.apply(rnd.choice(decision.options))
            continue
        if state.tricks_played:
            kot = state.first_tricks_by(7)
            accepted = not decide or PLAY_ON in (action for _, action in state.decisions)
            if kot is None or not accepted:
                assert play_all or max(state.team_tricks) < 7  # standard rule: over at 7
            else:  # playing on: only while the sweep is alive (or every trick, with play_all)
                assert play_all or state.first_tricks_by(state.tricks_played) == kot
        state = state.apply(choose(state, rnd, greedy))
    result = state.result()
    kot = state.first_tricks_by(7)
    accepted = kot is not None and (not decide or PLAY_ON in (a for _, a in state.decisions))
    assert offers == (1 if decide and kot is not None else 0)
    if accepted and state.first_tricks_by(total) is not None:
        event("bavney")
        assert (result.label, result.points, result.kot) == ("bavney", points, True)
        assert result.winner == state.team_of(state.winners[0]) and state.tricks_played == total
    else:
        assert result.label != "bavney"
        if kot is not None:  # scored as the standard kot / Hakem-kot
            event("kot without bavney")
            assert result.kot and result.winner == kot
            assert result.points == (2 if kot == state.team_of(state.hakem) else 3)
        if accepted and not play_all:
            event("broken sweep")
            assert state.team_of(state.winners[-1]) != kot
            assert state.first_tricks_by(state.tricks_played - 1) == kot
        elif not play_all:
            assert state.tricks_played == 7 if kot is not None else max(state.team_tricks) == 7
    assert state.tricks_played == total or not play_all
    return state


@settings(max_examples=150, deadline=None)
@given(deck=st.permutations(hokm.full_deck()), trump=st.sampled_from(SUITS), hakem=st.integers(0, 3),
       stack=st.sampled_from([None, 9, 10, 11, 12]), greedy=st.sampled_from([0, 7, 7]),
       decide=st.booleans(), points=st.integers(0, 6),
       play_all=st.booleans(), partners=st.sampled_from(PARTNERS), seed=st.integers(0, 2**32))
def test_random_playouts(deck: list[Card], trump: Suit, hakem: int, stack: int | None, greedy: int,
                         decide: bool, points: int, play_all: bool, partners: tuple[str, ...],
                         seed: int) -> None:
    rules = Ruleset.compose("bavney", *partners, options={
        "bavney": {"points": points, "decide": decide}, "standard": {"play_all": play_all}})
    rnd = random.Random(seed)
    if "two-player" in partners:
        state = rules.deal(deck, hakem=hakem % 2)  # keep/reject draw: random actions
    else:
        state = rules.new_hand(stacked_hands(deck, trump, stack), hakem=hakem, trump=trump)
    check_hand(state, rnd, decide=decide, points=points, play_all=play_all, greedy=greedy)


def test_a_playout_from_past_the_stop_asks_play_on_after_every_trick() -> None:
    # Play went on past seven tricks (10 to 0 here); a trick then won by the other team must
    # still ask bavney, which ends the hand, in the kernel's plain loop as in stepping.
    rules = Ruleset.compose("bavney")
    hand = rules.deal(random.Random(43), hakem=3)
    walk = random.Random(44)
    for _ in range(41):
        hand = hand.apply(walk.choice(hand.legal_actions()))
    assert hand.team_tricks == (0, 10) and not hand.current_trick.plays
    rand = random.Random(3).random
    stepped = hand
    while not stepped.is_over:
        actions = stepped.legal_actions()
        stepped = stepped.apply(actions[int(rand() * len(actions))])
    played = hand.playout(random.Random(3))
    assert played == stepped and played.team_tricks == stepped.team_tricks == (1, 10)
