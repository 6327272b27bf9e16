"""Every decision's deciding seat sees what it decides on, and no other seat sees more.

The audit behind it, decision by decision:
- trump call: the Hakem sees his first packet (5 cards) and nothing else of the deal;
- two-player keep/reject: the drawer sees the stock card on offer (``offered``), the other seat
  does not; after a keep the card is in the drawer's hand, after a reject it is among his
  ``seen`` cards and the next card (taken unseen) is in his hand;
- play-on offers (bavney, court-piece with ``decide``): decided on public information only
  (the tricks and who won them), which every seat's observation shows.
"""

from __future__ import annotations

import random

import hokm
from hokm import CallTrump, DrawCard, Phase, PlayOn, Suit

TWO = hokm.Ruleset.compose("two-player")


def at_first_draw(seed: int) -> hokm.HandState:
    hand = TWO.deal(random.Random(seed), hakem=0).apply(CallTrump(Suit.HEARTS))
    assert hand.phase is Phase.DRAW
    return hand


def test_the_drawer_sees_the_offered_card_and_the_other_seat_does_not() -> None:
    for seed in range(20):
        hand = at_first_draw(seed)
        drawer = hand.to_act
        assert drawer is not None
        offered = hand.offered_card
        assert offered is not None and offered not in hand.hand_of(0) | hand.hand_of(1)
        assert hand.observation(drawer).offered == offered
        assert hand.observation(1 - drawer).offered is None
        assert hand.observation(drawer).legal_actions == (DrawCard(True), DrawCard(False))
        kept = hand.apply(DrawCard(True))
        assert offered in kept.hand_of(drawer)
        rejected = hand.apply(DrawCard(False))
        assert offered not in rejected.hand_of(drawer)
        assert offered in rejected.observation(drawer).seen
        assert offered not in rejected.observation(1 - drawer).seen


def test_the_offer_follows_the_stock_and_ends_with_the_draw() -> None:
    hand = at_first_draw(3)
    offers = []
    while hand.phase is Phase.DRAW:
        offers.append(hand.offered_card)
        hand = hand.apply(DrawCard(len(offers) % 2 == 0))
    assert len(offers) == len(set(offers)) == 16  # 8 draws each: 5 + 8 = 13 cards
    assert hand.offered_card is None and hand.observation(hand.to_act or 0).offered is None


def test_no_other_decision_shows_an_offer() -> None:
    for names, options in ((("bavney",), {"bavney": {"decide": True}}),
                           (("court-piece",), {"court-piece": {"decide": True}}), ((), {})):
        rules = hokm.Ruleset.compose(*names, options=options)
        match = rules.new_match(seed=5)
        rng = random.Random(2)
        while not match.is_over and match.hand_number < 4:
            for seat in range(rules.players):
                assert match.observation(seat).hand.offered is None
            match = match.apply(rng.choice(match.legal_actions()))


def test_a_play_on_offer_rests_on_public_information() -> None:
    rules = hokm.Ruleset.compose("bavney", options={"bavney": {"decide": True}})
    deck = hokm.full_deck()  # seat 0 holds every spade: his team sweeps the first seven
    hand = rules.new_hand([deck[0:13], deck[13:26], deck[26:39], deck[39:52]], hakem=0,
                          trump=Suit.SPADES)
    while hand.pending_decision is None:
        hand = hand.play(min(hand.legal_plays(), key=lambda card: card.index))
    decider = hand.to_act
    assert decider is not None and hand.legal_actions() == (PlayOn(True), PlayOn(False))
    views = [hand.observation(seat) for seat in range(4)]
    assert all(view.tricks == views[0].tricks and view.team_tricks == (7, 0) for view in views)
    assert views[decider].legal_actions == (PlayOn(True), PlayOn(False))


def test_a_secret_decision_is_left_out_of_the_other_seats_views() -> None:
    # RULES 1.5.1 rule 6: an offer made only to a hand with no picture card must not show, once
    # declined, in the other seats' views; a private action would still show there as hidden.
    import attrs

    @attrs.frozen
    class Keep(hokm.Action):
        secret = True

    @attrs.frozen
    class Hidden(hokm.Action):
        private = True

    class Offer(hokm.Variant):
        def __init__(self, action: hokm.Action) -> None:
            self.action = action

        @hokm.hookimpl
        def hokm_pending_decision(self, hand: hokm.HandView) -> hokm.Decision | None:
            if hand.plays or hand.decisions:
                return None
            return hokm.Decision(hand.hakem, (self.action,), reason="keep the hand?")

    deck = hokm.full_deck()
    hands = [deck[0:13], deck[13:26], deck[26:39], deck[39:52]]
    for action, others_see in ((Keep(), ()), (Hidden(), ((0, hokm.HiddenAction()),)),
                               (PlayOn(True), ((0, PlayOn(True)),))):
        rules = hokm.Ruleset.compose(Offer(action))
        hand = rules.new_hand(hands, hakem=0, trump=Suit.CLUBS).apply(action)
        assert hand.decisions == ((0, action),)
        assert hand.observation(0).decisions == ((0, action),)
        for seat in (1, 2, 3):
            assert hand.observation(seat).decisions == others_see
    assert not hokm.Action.secret and not PlayOn.secret
