"""The event stream: what apply_with_events reports, each seat's share, and its JSON."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.option_space import COMPATIBLE, draw_ruleset

import hokm
from hokm import Card, HiddenAction, Suit, cards, events
from hokm.events import (
    CardPlayed,
    CardsDealt,
    CardsRestored,
    CardsSeen,
    CardsSetAside,
    CardsShown,
    DecisionTaken,
    Event,
    HakemChanged,
    HandAnnulled,
    HandOver,
    HandStarted,
    MatchOver,
    ScoresChanged,
    TrickWon,
    TrumpCalled,
    TrumpRevealed,
    for_seat,
)
from hokm.testing.invariants import _owners, _swapped_start

OVERLAPS_ALLOWED = pytest.mark.filterwarnings("ignore::hokm.errors.VariantOverlapWarning")


def play(state: Any, rng: random.Random, count: int) -> tuple[Any, list[Event]]:
    """``state`` after ``count`` random actions (fewer if it ends), and every event, opening first."""
    happened = list(events.opening(state))
    for _ in range(count):
        if not state.legal_actions():
            break
        state, more = state.apply_with_events(rng.choice(state.legal_actions()))
        happened += more
    return state, happened


def tags(happened: Any) -> list[str]:
    return [event.tag for event in happened]


# Every step ---------------------------------------------------------------------------------------


@OVERLAPS_ALLOWED
@settings(max_examples=80, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32), length=st.integers(0, 400))
def test_events_come_with_the_state_apply_gives_and_history_replays_them(
        data: st.DataObject, seed: int, length: int) -> None:
    variants = data.draw(st.sampled_from(COMPATIBLE), label="variants")
    rules = draw_ruleset(data, variants)
    rng = random.Random(seed)
    match = rules.new_match(seed=seed)
    happened = list(events.opening(match))
    for _ in range(length):
        if match.is_over:
            break
        action = rng.choice(match.legal_actions())
        after, more = match.apply_with_events(action)
        assert after == match.apply(action)
        happened += more
        match = after
    assert events.history(match) == tuple(happened)
    hand_events = events.history(match.hand)
    assert isinstance(hand_events[0], HandStarted) and hand_events[0].hand_number is None
    assert [e for e in hand_events if isinstance(e, CardPlayed)] == [
        e for e in happened[max(i for i, e in enumerate(happened) if isinstance(e, HandStarted)):]
        if isinstance(e, CardPlayed)]
    for event in happened:
        text = event.to_json()
        assert Event.from_dict(json.loads(text)) == event, text
    # The plays of the current hand are all there, in order, after its last HandStarted.
    last = max(i for i, event in enumerate(happened) if isinstance(event, HandStarted))
    played = [(e.seat, e.card) for e in happened[last:] if isinstance(e, CardPlayed)]
    assert tuple(played) == match.hand.plays
    if match.is_over:
        assert isinstance(happened[-1], MatchOver)
        assert happened[-1] == MatchOver(match.winner, match.is_drawn, match.scores)


@OVERLAPS_ALLOWED
@settings(max_examples=80, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32), length=st.integers(1, 120))
def test_a_seat_sees_only_its_own_cards_dealt_and_no_private_choice_of_another(
        data: st.DataObject, seed: int, length: int) -> None:
    variants = data.draw(st.sampled_from(COMPATIBLE), label="variants")
    rules = draw_ruleset(data, variants)
    hand, happened = play(rules.deal(random.Random(seed)), random.Random(seed + 1), length)
    for seat in range(rules.players):
        mine = for_seat(happened, seat)
        for event in mine:
            if isinstance(event, CardsDealt | CardsSeen | CardsSetAside):
                assert event.seat == seat
            if isinstance(event, DecisionTaken) and event.seat != seat:
                assert not event.action.secret
                assert event.action == HiddenAction() or not event.action.private
            if isinstance(event, CardsRestored) and event.seat != seat:
                assert event.public
        dealt = [card for event in mine if isinstance(event, CardsDealt) for card in event.cards]
        assert len(dealt) == len(set(dealt)), "a card is dealt to a seat once"
        if hand.phase is not hokm.Phase.TRUMP:
            assert set(hand.hand_of(seat)) <= set(dealt) | {
                card for event in mine if isinstance(event, CardsRestored) for card in event.cards}


# No leak ------------------------------------------------------------------------------------------


@OVERLAPS_ALLOWED
@settings(max_examples=120, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32), length=st.integers(1, 150))
def test_two_deals_that_differ_only_in_cards_a_seat_cannot_see_give_it_the_same_stream(
        data: st.DataObject, seed: int, length: int) -> None:
    variants = data.draw(st.sampled_from(COMPATIBLE), label="variants")
    rules = draw_ruleset(data, variants)
    deck = list(rules.deck)
    random.Random(seed).shuffle(deck)
    start = rules.deal(deck, hakem=data.draw(st.integers(0, rules.players - 1), label="hakem"))
    rng = random.Random(seed + 1)
    actions, state = [], start
    for _ in range(length):
        if state.is_over:
            break
        actions.append(rng.choice(state.legal_actions()))
        state = state.apply(actions[-1])
    owners = _owners(start, state, deck)
    assert owners is not None
    pool = sorted(owners, key=lambda card: card.index)
    if len(pool) < 2:
        return
    first = data.draw(st.sampled_from(pool), label="first")
    others = [card for card in pool if owners[card] != owners[first]]
    if not others:
        return
    second = data.draw(st.sampled_from(others), label="second")
    observers = [seat for seat in range(rules.players) if seat not in (owners[first], owners[second])]
    streams = []
    for one, two in ((first, first), (first, second)):
        hand = _swapped_start(start, one, two, deck)
        happened = list(events.opening(hand))
        try:
            for action in actions:
                hand, more = hand.apply_with_events(action)
                happened += more
        except hokm.IllegalActionError:
            return  # the owners' own choices changed with their cards: no leak shown
        streams.append(happened)
    for seat in observers:
        assert for_seat(streams[0], seat) == for_seat(streams[1], seat), (seat, first, second)
        assert [event.to_json() for event in for_seat(streams[0], seat)] == [
            event.to_json() for event in for_seat(streams[1], seat)]


# Each kind of event -------------------------------------------------------------------------------


DECK = hokm.full_deck()
HANDS = [DECK[0:13], DECK[13:26], DECK[26:39], DECK[39:52]]


def test_a_call_deals_every_hand_to_its_own_seat_alone() -> None:
    hand = hokm.Ruleset.compose().new_hand(HANDS, hakem=1)
    opened = events.opening(hand)
    assert opened == (HandStarted(None, 1, 0, 0), CardsDealt(1, tuple(DECK[13:18])))
    _, happened = hand.apply_with_events(hokm.CallTrump(Suit.HEARTS))
    assert happened[0] == TrumpCalled(1, Suit.HEARTS)
    assert happened[1:] == (CardsDealt(0, DECK[0:13]), CardsDealt(1, DECK[18:26]), CardsDealt(2, DECK[26:39]),
                            CardsDealt(3, DECK[39:52]))
    assert for_seat(happened, 2) == (TrumpCalled(1, Suit.HEARTS), CardsDealt(2, DECK[26:39]))
    assert for_seat(opened, 0) == (HandStarted(None, 1, 0, 0),)


def test_a_trick_is_won_and_a_hand_ends() -> None:
    rules = hokm.Ruleset.compose()
    hand = rules.new_hand(HANDS, hakem=0, trump=Suit.CLUBS)
    happened: list[Event] = []
    while not hand.is_over:
        hand, more = hand.apply_with_events(hand.legal_actions()[0])
        happened += more
    wins = [event for event in happened if isinstance(event, TrickWon)]
    assert [win.winner for win in wins] == list(hand.winners)
    assert wins[0].plays == hand.tricks[0].plays and wins[0].number == 1
    assert wins[0].collector == wins[0].winner
    assert happened[-1] == HandOver(hand.result())
    assert happened[-1].to_dict()["result"]["label"] == hand.result().label


def test_a_match_reports_scores_a_new_hakem_and_the_next_deal() -> None:
    match = hokm.Ruleset.compose().new_match(seed=3)
    while True:
        match, happened = match.apply_with_events(match.legal_actions()[0])
        if any(isinstance(event, HakemChanged) for event in happened):
            break
    ends = tags(happened)
    start = ends.index("hand-over")
    assert ends[start:start + 4] == ["hand-over", "scores-changed", "hakem-changed", "hand-started"]
    assert happened[start + 1] == ScoresChanged(match.scores)
    assert match.last_hand is not None
    assert happened[start + 2] == HakemChanged(match.last_hand.hakem, match.hand.hakem)
    assert happened[start + 3] == HandStarted(match.hand_number, match.hand.hakem, match.hand.dealer, 0)
    assert happened[start] == HandOver(match.results[-1])


def test_a_drawn_match_ends_with_no_winner() -> None:
    rules = hokm.Ruleset.compose("troefcall", options={"troefcall": {"set_hands": 2}})
    for seed in range(100):
        match, happened = play(rules.new_match(seed=seed), random.Random(seed), 10_000)
        if match.is_drawn:
            break
    else:
        pytest.fail("no drawn match")
    assert happened[-1] == MatchOver(None, True, match.scores)
    assert happened[-1].to_dict() == {"event": "match-over", "winner": None, "drawn": True,
                                      "scores": list(match.scores)}


def test_a_hidden_indicator_is_private_until_it_is_revealed() -> None:
    from hokm_variants.hidden_trump import AskTrump, SetIndicator

    rules = hokm.Ruleset.compose("hidden-trump")
    hand = rules.new_hand([cards("9♦ A♣ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠"),
                           cards("3♦ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥"),
                           cards("2♦ 4♦ 5♦ 6♦ 7♦ 8♦ 10♦ J♦ Q♦ K♦ A♦ A♥ K♠"),
                           cards("K♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ A♠")], hakem=0)
    nine = Card.parse("9♦")
    hand, happened = hand.apply_with_events(SetIndicator(nine))
    assert happened[:2] == (DecisionTaken(0, SetIndicator(nine)), CardsSetAside(0, (nine,), 1))
    assert for_seat(happened, 2)[0] == DecisionTaken(0, HiddenAction())
    assert not any(isinstance(event, CardsSetAside) for event in for_seat(happened, 2))
    assert "9♦" not in json.dumps([event.to_dict() for event in for_seat(happened, 2)], ensure_ascii=False)
    hand = hand.play(Card.parse("A♣")).play(Card.parse("3♦"))
    hand, happened = hand.apply_with_events(AskTrump())
    assert happened == (DecisionTaken(2, AskTrump()), CardsRestored(0, (nine,), public=True),
                        TrumpRevealed(Suit.DIAMONDS, 2), CardsShown(2, (nine,)))
    assert for_seat(happened, 3) == happened


def test_a_blind_indicator_is_seen_by_nobody() -> None:
    rules = hokm.Ruleset.compose("hidden-trump", options={"hidden-trump": {"indicator": "blind"}})
    hand = rules.deal(list(DECK), hakem=0)
    first = hand.dealt(0)[0]
    opened = events.opening(hand)
    mine = for_seat(opened, 0)
    assert first not in {card for event in mine if isinstance(event, CardsDealt) for card in event.cards}
    assert CardsSetAside(0, (), 1, hidden_from_owner=True) in mine
    assert CardsSetAside(0, (first,), 1, hidden_from_owner=True) in opened  # omniscient
    assert tags(opened)[:3] == ["hand-started", "cards-dealt", "cards-set-aside"]


def test_a_forced_play_is_marked_forced() -> None:
    rules = hokm.Ruleset.compose("hidden-trump")
    for seed in range(300):
        hand, happened = play(rules.deal(random.Random(seed)), random.Random(seed), 200)
        forced = [event for event in happened if isinstance(event, CardPlayed) and event.forced]
        if forced:
            break
    else:
        pytest.fail("no forced play in 300 hands")
    played = [event for event in happened if isinstance(event, CardPlayed)]
    assert len(played) == len(hand.plays) and forced[0].seat == hand.hakem


def test_be_ranga_reveals_the_trump_right_after_the_fixing_card() -> None:
    rules = hokm.Ruleset.compose("be-ranga")
    hand, happened = play(rules.deal(random.Random(1)), random.Random(1), 52)
    assert tags(happened)[0] == "hand-started" and "trump-called" not in tags(happened)
    assert tags(happened)[1:1 + rules.players] == ["cards-dealt"] * rules.players  # no call: all at once
    revealed = next(i for i, event in enumerate(happened) if isinstance(event, TrumpRevealed))
    fixing = happened[revealed - 1]
    assert isinstance(fixing, CardPlayed)
    assert happened[revealed] == TrumpRevealed(fixing.card.suit, hand.trump_from)
    assert hand.trump is fixing.card.suit


def test_two_player_draws_tell_the_drawer_his_card_and_the_other_only_that_he_drew() -> None:
    rules = hokm.Ruleset.compose("two-player", options={"two-player": {"second_card_seen": True}})
    hand = rules.deal(list(DECK), hakem=0).apply(hokm.CallTrump(Suit.SPADES))
    hand, happened = hand.apply_with_events(hokm.DrawCard(True))
    top, second = DECK[10], DECK[11]
    assert happened == (DecisionTaken(0, hokm.DrawCard(True)), CardsDealt(0, (top,)), CardsSeen(0, (second,)))
    assert for_seat(happened, 1) == (DecisionTaken(0, HiddenAction()),)


def test_a_discard_is_private() -> None:
    rules = hokm.Ruleset.compose("two-player", options={"two-player": {"mode": "zhinam"}})
    hand = rules.deal(list(DECK), hakem=0).apply(hokm.CallTrump(Suit.SPADES))
    discard = hand.legal_actions()[0]
    assert isinstance(discard, hokm.Discard)
    hand, happened = hand.apply_with_events(discard)
    assert happened == (DecisionTaken(0, discard),)  # the discard says which card: the owner's alone
    assert for_seat(happened, 1) == (DecisionTaken(0, HiddenAction()),)


def test_an_annulled_hand_is_dealt_again_by_the_same_hakem() -> None:
    rules = hokm.Ruleset.compose("redeal")
    for seed in range(200):
        match = rules.new_match(seed=seed)
        claim = [action for action in match.legal_actions() if action.tag == "redeal/claim"]
        if claim:
            break
    else:
        pytest.fail("no redeal claim offered")
    hakem = match.hand.hakem
    match, happened = match.apply_with_events(claim[0])
    assert tags(happened)[:2] == ["decision-taken", "cards-shown"]
    # (then each seat's hand, as its observation of the hand that is over shows it)
    annulled = tags(happened).index("hand-annulled")
    assert happened[annulled] == HandAnnulled(hakem)
    assert happened[annulled + 1] == HandStarted(2, hakem, match.hand.dealer, 1)
    assert "scores-changed" not in tags(happened) and "hakem-changed" not in tags(happened)
    assert match.last_hand is not None and isinstance(happened[1], CardsShown)
    assert set(happened[1].cards) == set(match.last_hand.shown)


def test_a_secret_decline_reaches_no_other_seat() -> None:
    from hokm_variants.redeal import DeclineRedeal

    rules = hokm.Ruleset.compose("redeal", options={"redeal": {"rule": "no-picture-hand"}})
    for seed in range(3000):
        hand = rules.deal(random.Random(seed)).apply(hokm.CallTrump(Suit.SPADES))
        if DeclineRedeal() in hand.legal_actions():
            break
    else:
        pytest.fail("no redeal offer in 3000 deals")
    hand, happened = hand.apply_with_events(DeclineRedeal())
    assert happened == (DecisionTaken(hand.hakem, DeclineRedeal()),)
    assert for_seat(happened, (hand.hakem + 1) % 4) == ()


def test_double_sar_leaves_tricks_in_the_centre() -> None:
    rules = hokm.Ruleset.compose("double-sar")
    hand, happened = play(rules.deal(random.Random(2)), random.Random(2), 60)
    wins = [event for event in happened if isinstance(event, TrickWon)]
    assert any(win.collector is None and win.pile > 0 for win in wins)
    assert [win.collector for win in wins] == list(hand.collectors)


# JSON ---------------------------------------------------------------------------------------------


def test_an_event_is_written_in_the_record_encoding() -> None:
    event = DecisionTaken(2, hokm.PlayOn(True))
    assert event.to_dict() == {"event": "decision-taken", "seat": 2,
                               "action": {"act": "play-on", "accept": True}}
    assert json.loads(CardPlayed(1, Card.parse("10♥")).to_json()) == {
        "event": "card-played", "seat": 1, "card": "10♥", "forced": False}
    assert TrickWon(1, ((0, Card.parse("A♠")), (1, Card.parse("2♠"))), 0, None, 1).to_dict() == {
        "event": "trick-won", "number": 1, "plays": [[0, "A♠"], [1, "2♠"]], "winner": 0, "collector": None,
        "pile": 1}


@pytest.mark.parametrize(("data", "fragment", "path"), [
    ({"event": "no-such"}, "unknown event 'no-such'", "$.event"),
    ({"seat": 1}, "unknown event None", "$.event"),
    ({"event": "card-played", "seat": 1}, "a CardPlayed needs the key 'card'", "$"),
    ({"event": "card-played", "seat": 1, "card": "1X"}, "expected a card", "$.card"),
    ({"event": "card-played", "seat": "1", "card": "A♠"}, "expected an integer", "$.seat"),
    ({"event": "decision-taken", "seat": 1, "action": {"act": "nope"}}, "unknown action 'nope'",
     "$.action.act"),
])
def test_a_bad_event_is_refused_naming_the_path(data: dict[str, Any], fragment: str, path: str) -> None:
    with pytest.raises(hokm.RecordError, match=fragment) as caught:
        Event.from_dict(data)
    assert caught.value.path == path


def test_an_unknown_key_is_skipped_unless_strict() -> None:
    """A field a newer hokm adds to an event keeps old readers working (#32)."""
    data = {"event": "card-played", "seat": 1, "card": "A♠", "forced": False, "extra": 1}
    assert Event.from_dict(data) == CardPlayed(1, Card.parse("A♠"))
    with pytest.raises(hokm.RecordError, match="unknown key 'extra' for a CardPlayed") as caught:
        Event.from_dict(data, strict=True)
    assert caught.value.path == "$" and len(str(caught.value)) < 300


@pytest.mark.parametrize("data", [None, "card-played", ["event"], 5])
def test_an_event_from_something_not_a_mapping_is_a_type_error(data: object) -> None:
    with pytest.raises(hokm.ArgumentTypeError, match=r"Event.from_dict\(\) takes a mapping"):
        Event.from_dict(data)  # type: ignore[arg-type]


def test_every_event_class_is_frozen_and_tagged() -> None:
    classes = [value for value in vars(events).values()
               if isinstance(value, type) and issubclass(value, Event) and value is not Event]
    assert len({cls.tag for cls in classes}) == len(classes) == len(events.__all__) - 4
    for cls in classes:
        assert attrs.has(cls) and cls.__setattr__ is not object.__setattr__
