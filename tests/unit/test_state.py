"""Hands: phases, actions, refusals that change nothing, observations, results."""

from __future__ import annotations

import pickle
import random
from typing import ClassVar

import pytest
from tests.helpers import one_suit_each

import hokm
from hokm import CallTrump, Card, DrawCard, Phase, PlayCard, PlayOn, Suit, cards

RULES = hokm.Ruleset.compose()
DECK = hokm.full_deck()


def fresh() -> hokm.HandState:
    return RULES.new_hand([DECK[0:13], DECK[13:26], DECK[26:39], DECK[39:52]], hakem=0, trump=Suit.HEARTS)


def test_a_transition_returns_a_new_state_and_keeps_the_old_one() -> None:
    hand = fresh()
    before = (hand.to_act, hand.hands, hand.plays, hand.legal_plays())
    after = hand.play(Card.parse("A♠"))
    assert (hand.to_act, hand.hands, hand.plays, hand.legal_plays()) == before
    assert after.to_act == 1 and after.plays == ((0, Card.parse("A♠")),)
    assert Card.parse("A♠") not in after.hand_of(0)
    # Both branches stay playable.
    assert hand.play(Card.parse("K♠")).current_trick.cards == (Card.parse("K♠"),)


def test_states_cannot_be_built_or_changed_directly() -> None:
    with pytest.raises(TypeError, match="new_hand"):
        hokm.HandState()
    with pytest.raises(AttributeError):
        fresh().to_act = 3  # type: ignore[misc,assignment]


def test_card_not_held_is_refused_with_seat_card_and_reason() -> None:
    hand = fresh()
    expected = r"illegal play A♥ by seat 0: seat 0 does not hold A♥"
    with pytest.raises(hokm.IllegalPlayError, match=expected) as caught:
        hand.play(Card.parse("A♥"))
    assert caught.value.seat == 0
    assert PlayCard(Card.parse("A♠")) in caught.value.legal
    assert hand.to_act == 0 and hand.plays == ()


def test_must_follow_suit_is_explained() -> None:
    rules = hokm.Ruleset.compose()
    hand = rules.new_hand([cards("A♠ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥"),
                           cards("K♠ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦"),
                           cards("Q♠ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣"),
                           cards("J♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ A♥ A♦ A♣")], hakem=0, trump=Suit.CLUBS)
    led = hand.play(Card.parse("A♠"))
    with pytest.raises(hokm.IllegalPlayError, match=r"must follow ♠ \(legal: K♠\)") as caught:
        led.play(Card.parse("2♦"))
    assert caught.value.reason == "must follow ♠"  # the rule alone, for a table to show
    assert led.legal_plays() == frozenset(cards("K♠"))
    with pytest.raises(hokm.IllegalPlayError) as missing:
        led.play(Card.parse("A♥"))
    assert missing.value.reason == "seat 1 does not hold A♥"
    assert str(missing.value) == "illegal play A♥ by seat 1: seat 1 does not hold A♥ (legal: K♠)"


def test_a_refusal_pickles_with_its_attributes() -> None:
    """A process pool hands an error back pickled: the rule, the seat and the legal actions go too."""
    led = RULES.deal(list(DECK), hakem=0).apply(CallTrump(Suit.SPADES)).play(Card.parse("2♠"))
    refusals = []
    for bad in (Card.parse("A♥"), "A♥"):  # a card the rules refuse; not a Card at all
        with pytest.raises(hokm.IllegalPlayError) as caught:
            led.play(bad)  # type: ignore[arg-type]
        refusals.append(caught.value)
    with pytest.raises(hokm.IllegalActionError) as wrong_kind:
        led.apply(CallTrump(Suit.HEARTS))
    for error in (*refusals, wrong_kind.value):
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is type(error) and str(again) == str(error)
        assert (again.action, again.seat, again.legal) == (error.action, error.seat, error.legal)
        assert getattr(again, "reason", None) == getattr(error, "reason", None)
    assert refusals[0].reason == "must follow ♠" and type(refusals[1]) is hokm.ActionTypeError


def test_out_of_turn_and_wrong_phase_actions_are_refused() -> None:
    hand = RULES.deal(list(DECK), hakem=1)
    assert hand.phase is Phase.TRUMP and hand.to_act == 1
    with pytest.raises(hokm.IllegalPlayError, match="during the trump phase") as caught:
        hand.play(Card.parse("A♠"))
    assert caught.value.reason == "no card can be played during the trump phase"
    with pytest.raises(hokm.IllegalActionError, match="expected one of: call ♠"):
        hand.apply(DrawCard(True))
    with pytest.raises(hokm.IllegalActionError):
        hand.apply(PlayOn(True))
    assert hand.phase is Phase.TRUMP and hand.trump is None
    called = hand.apply(CallTrump(Suit.DIAMONDS))
    assert called.trump is Suit.DIAMONDS and called.phase is Phase.PLAY and called.to_act == 1
    with pytest.raises(hokm.IllegalActionError):
        called.apply(CallTrump(Suit.CLUBS))  # trump is called once, never changed
    assert called.trump is Suit.DIAMONDS


def test_non_cards_are_refused() -> None:
    with pytest.raises(hokm.IllegalPlayError, match="not a Card"):
        fresh().play("A♠")  # type: ignore[arg-type]


def test_finished_hand_refuses_everything_and_has_a_result() -> None:
    hand = one_suit_each(RULES, trump=Suit.SPADES)
    with pytest.raises(hokm.GameStateError, match="not over"):
        hand.result()
    while not hand.is_over:
        hand = hand.play(sorted(hand.legal_plays(), key=lambda c: c.sort_key)[0])
    assert hand.to_act is None and hand.legal_actions() == () and hand.legal_plays() == frozenset()
    with pytest.raises(hokm.IllegalPlayError, match="the hand is over"):
        hand.play(next(iter(hand.hand_of(0))))
    assert hand.result().winner == 0


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ([DECK[0:13], DECK[13:26], DECK[26:39]], "expected 4 hands"),
        ([DECK[0:13], DECK[13:26], DECK[26:39], DECK[38:51]], "dealt twice"),
        ([DECK[0:13], DECK[13:26], DECK[26:39], DECK[39:51]], "holds 12 cards"),
        ([DECK[0:13], DECK[13:26], DECK[26:39], [*DECK[39:51], "A♣"]], "not a Card"),
        ([[*DECK[0:12], DECK[0]], DECK[13:26], DECK[26:39], DECK[39:52]], "2♠ is dealt twice"),  # one hand
    ],
)
def test_malformed_deals_are_refused(hands: list[list[object]], message: str) -> None:
    with pytest.raises(hokm.InvalidDealError, match=message):
        RULES.new_hand(hands, hakem=0, trump=Suit.SPADES)  # type: ignore[arg-type]


def test_malformed_deck_orders_and_seats_are_refused() -> None:
    with pytest.raises(hokm.InvalidDealError, match="has 51 cards"):
        RULES.deal(list(DECK[:51]))
    with pytest.raises(hokm.InvalidDealError, match="appears twice"):
        RULES.deal([*DECK[:51], DECK[0]])
    with pytest.raises(hokm.InvalidDealError, match="not a seat"):
        RULES.deal(list(DECK), hakem=4)
    with pytest.raises(hokm.InvalidDealError, match="not a Suit"):
        RULES.new_hand([DECK[0:13], DECK[13:26], DECK[26:39], DECK[39:52]], trump="♠")  # type: ignore[arg-type]


def test_new_hand_without_trump_starts_at_the_call_with_the_first_packet_seen() -> None:
    hand = RULES.new_hand([DECK[0:13], DECK[13:26], DECK[26:39], DECK[39:52]], hakem=2)
    assert hand.phase is Phase.TRUMP and hand.to_act == 2
    assert hand.observation(2).hand == frozenset(DECK[26:31])
    assert hand.legal_actions() == tuple(CallTrump(s) for s in Suit)


def test_observation_shows_own_hand_and_public_play_only() -> None:
    hand = fresh().play(Card.parse("A♠")).play(Card.parse("2♥"))
    seen = hand.observation(2)
    assert seen.hand == frozenset(DECK[26:39])
    assert seen.current_trick == ((0, Card.parse("A♠")), (1, Card.parse("2♥")))
    assert seen.to_act == 2 and seen.legal_actions
    assert hand.observation(3).legal_actions == ()
    with pytest.raises(hokm.InvalidNotationError):
        hand.observation(4)


def test_tricks_history_and_counters() -> None:
    hand = one_suit_each(RULES, trump=Suit.SPADES)
    for _ in range(8):
        hand = hand.play(sorted(hand.legal_plays(), key=lambda c: c.sort_key)[0])
    assert hand.tricks_played == 2 and hand.winners == (0, 0)
    assert hand.team_tricks == (2, 0) and hand.tricks_won == (2, 0, 0, 0)
    assert hand.collectors == (0, 0) and hand.pile == 0
    first = hand.tricks[0]
    assert first.number == 1 and first.winner == 0 and first.led is Suit.SPADES
    assert first.cards[0] == Card.parse("A♠")
    assert hand.first_tricks_by(2) == 0 and hand.first_tricks_by(3) is None
    assert "play" in repr(hand)


def test_refused_card_during_the_trump_call_lists_the_legal_actions() -> None:
    hand = RULES.deal(list(DECK), hakem=0)
    with pytest.raises(hokm.IllegalPlayError) as caught:
        hand.play(Card.parse("A♠"))
    assert caught.value.legal == tuple(CallTrump(s) for s in Suit)


def test_hooks_see_the_selected_variants_in_the_order_given() -> None:
    seen: list[tuple[str, ...]] = []

    class Watcher(hokm.Variant):
        info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="watcher", summary="tests only")

        @hokm.hookimpl
        def hokm_kot(self, hand: hokm.HandView) -> None:
            seen.append(hand.variants)

    rules = hokm.Ruleset.compose("clockwise", Watcher(), "satat")
    hand = one_suit_each(rules, trump=Suit.SPADES)
    assert hand.variants == ("clockwise", "watcher", "satat") == rules.variants
    while not hand.is_over:
        hand = hand.play(min(hand.legal_plays(), key=lambda card: card.sort_key))
    hand.result()
    assert seen == [("clockwise", "watcher", "satat")]
    assert fresh().variants == ()


def test_hooks_read_every_composed_option_value_during_play() -> None:
    # HandView.options: the composed ruleset's option values by variant name, defaults
    # included, the same data as Ruleset.option_values and RulesetInfo.options.
    seen: list[object] = []
    composing: list[object] = []

    class Watcher(hokm.Variant):
        info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="watcher", summary="tests only")

        @hokm.hookimpl
        def hokm_check_ruleset(self, ruleset: hokm.RulesetInfo) -> None:
            composing.append(ruleset.options)

        @hokm.hookimpl
        def hokm_trick_capture(self, hand: hokm.HandView) -> None:
            seen.append(hand.options["satat"]["two_hearts_follows"])
            seen.append(hand.options["standard"]["target"])

    rules = hokm.Ruleset.compose("satat", Watcher(), options={
        "satat": {"two_hearts_follows": "hearts"}, "standard": {"target": 5}})
    hand = one_suit_each(rules, trump=Suit.SPADES)
    while hand.tricks_played < 1:
        hand = hand.play(min(hand.legal_plays(), key=lambda card: card.sort_key))
    assert seen == ["hearts", 5]
    assert hand.options == rules.option_values == composing[0]
    assert list(hand.options) == ["standard", "satat", "watcher"]
    assert hand.options["watcher"] == {} and hand.options["satat"]["first_trump_maker"] == "ruleset"
    assert hand.options is rules.option_values  # computed once per ruleset, not per read
    with pytest.raises(TypeError):
        hand.options["satat"]["two_hearts_follows"] = "trump"  # type: ignore[index]
    assert fresh().options == {"standard": RULES.option_values["standard"]}
def test_a_hand_may_be_dealt_as_a_redeal() -> None:
    # HandState.redeals (deals to this Hakem annulled in a row before this one) is what a match
    # counts; deal() and new_hand() take it so a redeal limit can be set up without a match.
    class Limit(hokm.Variant):
        @hokm.hookimpl
        def hokm_call_alternatives(self, hand: hokm.HandView) -> list[hokm.Action] | None:
            return [hokm.PlayOn(True)] if hand.redeals < 2 else None

    rules = hokm.Ruleset.compose(Limit())
    deck = hokm.full_deck()
    hands = [deck[0:13], deck[13:26], deck[26:39], deck[39:52]]
    assert rules.deal(deck).redeals == 0 == rules.new_hand(hands).redeals
    for redeals, offered in ((1, True), (2, False)):
        for hand in (rules.deal(deck, hakem=1, redeals=redeals), rules.new_hand(hands, redeals=redeals)):
            assert hand.redeals == redeals
            assert (hokm.PlayOn(True) in hand.legal_actions()) is offered


def test_dealt_gives_each_seats_cards_in_order_and_refuses_what_is_no_seat() -> None:
    # Hooks read it at every trump call; a plain int seat skips the check, anything else is checked.
    hand = RULES.deal(DECK, hakem=1)  # from the deck: packets of 5, 4, 4 from the Hakem
    for seat in range(4):
        positions = [5 * ((seat - 1) % 4) + i for i in range(5)]
        positions += [20 + 4 * ((seat - 1) % 4) + i for i in range(4)]
        positions += [36 + 4 * ((seat - 1) % 4) + i for i in range(4)]
        assert hand.dealt(seat) == tuple(DECK[p] for p in positions)
        assert hand.dealt(hokm.Seat(seat)) == hand.dealt(seat)
    given = [DECK[13 * s:13 * s + 13] for s in range(4)]
    assert [RULES.new_hand(given).dealt(seat) for seat in range(4)] == [tuple(cards) for cards in given]
    # Hands given as iterators, read once: the order received is still each hand's.
    once = RULES.new_hand([iter(cards) for cards in given])
    assert [once.dealt(seat) for seat in range(4)] == [tuple(cards) for cards in given]
    for bad in (4, -1):  # (a compiled build refuses a non-int at the call, with its own TypeError)
        with pytest.raises(hokm.InvalidNotationError, match="seat"):
            hand.dealt(bad)


def test_hand_mask_is_the_held_cards_as_bits_and_refuses_what_is_no_seat() -> None:
    # A plugin tests it against a fixed set of cards without building hand_of's frozenset.
    hand = fresh()
    assert [hand.hand_mask(seat) for seat in range(4)] == [0x1FFF << 13 * seat for seat in range(4)]
    played = hand.play(Card.parse("2♠"))  # seat 0, the Hakem, leads its lowest card
    assert played.hand_mask(0) == sum(card.mask for card in played.hand_of(0))
    assert played.hand_mask(0) == hand.hand_mask(0) & ~Card.parse("2♠").mask
    assert played.hand_mask(hokm.Seat(1)) == hand.hand_mask(1)
    for bad in (4, -1):  # (a compiled build refuses a non-int at the call, with its own TypeError)
        with pytest.raises(hokm.InvalidNotationError, match="seat"):
            hand.hand_mask(bad)


def test_set_aside_unseen_checks_its_seat_and_is_empty_without_a_blind_card() -> None:
    hand = hokm.Ruleset.compose().deal(random.Random(1), hakem=0)
    assert hand.set_aside_unseen(0) == frozenset() and hand.set_aside_unseen(3) == frozenset()
    for bad in (4, -1):
        with pytest.raises(hokm.InvalidSeatError, match="not a seat"):
            hand.set_aside_unseen(bad)


@pytest.mark.pure_only  # the compiled build refuses a wrongly typed argument itself (a TypeError)
@pytest.mark.parametrize("bad", ["0", None])
def test_set_aside_unseen_refuses_a_seat_of_the_wrong_type(bad: object) -> None:
    hand = hokm.Ruleset.compose().deal(random.Random(1), hakem=0)
    with pytest.raises(hokm.NotationTypeError, match="not a seat"):
        hand.set_aside_unseen(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("names", [(), ("troefcall",), ("hidden-trump", "court-piece"), ("bavney", "redeal"),
                                   ("two-player",)])
def test_apply_all_is_apply_in_turn(names: tuple[str, ...]) -> None:
    rules = hokm.Ruleset.compose(*names)
    for seed in range(6):
        rng = random.Random(seed)
        start = state = rules.deal(random.Random(seed), hakem=seed % rules.layout.players)
        actions = []
        while not state.is_over:
            actions.append(rng.choice(state.legal_actions()))
            state = state.apply(actions[-1])
        assert start.apply_all(actions) == state
        assert start.apply_all(iter(actions)).hands == state.hands  # any iterable, read once
        middle = len(actions) // 2
        assert start.apply_all(actions[:middle]).apply_all(actions[middle:]) == state


def test_apply_all_refuses_the_first_illegal_action_and_changes_nothing() -> None:
    hand = RULES.new_hand([DECK[13 * s:13 * s + 13] for s in range(4)], hakem=0)
    before = (hand.phase, hand.hands, hand.plays, hand.to_act, hand.trump)
    called = hand.apply(CallTrump(Suit.HEARTS))
    lead = min(called.legal_plays(), key=lambda card: card.index)
    with pytest.raises(hokm.IllegalPlayError, match="seat 1") as refused:
        hand.apply_all([CallTrump(Suit.HEARTS), PlayCard(lead), PlayCard(lead)])  # the card again
    assert refused.value.seat == 1 and refused.value.action == PlayCard(lead)
    with pytest.raises(hokm.IllegalActionError, match="trump phase") as early:
        hand.apply_all([PlayCard(lead)])  # a card before the call: as apply refuses it
    with pytest.raises(type(early.value), match="trump phase"):
        hand.apply(PlayCard(lead))
    with pytest.raises(hokm.ActionTypeError, match="must be an Action"):
        hand.apply_all([CallTrump(Suit.HEARTS), "A♠"])  # type: ignore[list-item]
    assert (hand.phase, hand.hands, hand.plays, hand.to_act, hand.trump) == before
    assert hand.apply_all([]) == hand
