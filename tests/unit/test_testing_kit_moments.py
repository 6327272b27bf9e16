"""The testing kit checks rulesets that use the decision moments of RULES 1.5.1.

A variant's own choices at the trump call (M1) and announcements before a card (M3), a card
laid face down apart from a hand, a lone choice the core takes by itself, a forced play right
after a seat's card and a card turned face up for everyone are all legal play: the kit must not
report them as broken invariants.
"""

from __future__ import annotations

import random
from typing import ClassVar

import attrs
import pytest

import hokm
from hokm import Card, Effect, HandView, hookimpl
from hokm.testing import MatchChecker, check_hand_state, check_variant


@attrs.frozen
class Lay(hokm.Action):
    private = True
    card: Card


@attrs.frozen
class Blind(hokm.Action):
    pass


@attrs.frozen
class Reveal(hokm.Action):
    pass


@attrs.frozen(eq=False)
class FaceDown(hokm.Variant):
    """The Hakem lays a face-down trump card: chosen from his first five, or (blind) his first
    card, unseen; he may reveal it on his turns, and must when it is his last card."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="face-down", summary="tests only")
    blind: bool = False

    @hookimpl
    def hokm_trump_call(self, hand: HandView) -> list[hokm.Action]:
        if self.blind:
            return [Blind()]
        return [Lay(card) for card in sorted(hand.dealt(hand.hakem)[:5], key=lambda c: c.sort_key)]

    @hookimpl
    def hokm_turn_options(self, hand: HandView) -> list[hokm.Action] | None:
        if hand.to_act == hand.hakem and hand.trump is None and hand.set_aside[hand.hakem]:
            return [Reveal()]
        return None

    @hookimpl
    def hokm_decision_effect(self, hand: HandView, action: hokm.Action) -> Effect | None:
        if isinstance(action, Lay):
            return Effect(set_aside=action.card)
        if isinstance(action, Reveal):
            (card,) = hand.set_aside[hand.hakem]
            return Effect(trump=card.suit, restore=card, show=[card])
        return None

    @hookimpl
    def hokm_forced_effect(self, hand: HandView) -> Effect | None:
        aside = hand.set_aside[hand.hakem]
        if hand.trump is not None:
            return None
        if not aside:
            if self.blind and not hand.decisions and not hand.plays:
                return Effect(set_aside=hand.dealt(hand.hakem)[0], hidden_from_owner=True)
            return None
        if hand.to_act == hand.hakem and not hand.hand_of(hand.hakem):
            (card,) = aside
            return Effect(trump=card.suit, restore=card, show=[card], play=card)
        return None


def rules(blind: bool = False, **standard: object) -> hokm.Ruleset:
    return hokm.Ruleset.compose(FaceDown(blind), options={"standard": standard})


@pytest.mark.parametrize("blind", [False, True])
def test_check_variant_accepts_a_face_down_trump(blind: bool) -> None:
    # M1 choices, M3 announcements, a card laid apart, a blind card laid at the call.
    check_variant(FaceDown(blind), matches=2, partners=False, seed=3)


def test_states_with_a_variant_choice_and_a_card_laid_apart_pass() -> None:
    hand = rules().deal(hokm.full_deck())
    check_hand_state(hand)  # Lay(...) offered at the trump call
    hand = hand.apply(hand.legal_actions()[0])
    assert hand.trump is None and len(hand.set_aside[0]) == 1 and Reveal() in hand.legal_actions()
    check_hand_state(hand)  # 12 cards in hand, one apart; Reveal() offered with the cards


def test_a_lone_choice_taken_at_the_start_is_a_new_match() -> None:
    match = rules(blind=True).new_match(seed=4)
    assert match.hand.decisions == ((match.hand.hakem, Blind()),)
    MatchChecker(match)
    chosen = rules().new_match(seed=4)
    with pytest.raises(ValueError, match="new match"):
        MatchChecker(chosen.apply(chosen.legal_actions()[0]))


def test_a_forced_play_after_a_card_is_no_lost_card() -> None:
    # Every trick is played and the Hakem never reveals: on the last trick his indicator is
    # revealed and played by itself, right after the card of the seat before him.
    checker = MatchChecker(rules(play_all=True).new_match(seed=5))
    number = checker.match.hand_number
    while checker.match.hand_number == number:
        legal = checker.match.legal_actions()
        checker.apply(next(action for action in legal if not isinstance(action, Reveal)))
    last = checker.match.last_hand
    assert last is not None and last.tricks_played == 13
    assert last.plays[-1] in last.tricks[-1].plays and last.trump is not None


def test_a_card_shown_to_everyone_is_not_an_unseen_card() -> None:
    # The blind card is revealed on the first lead and stays in the Hakem's hand: every seat
    # has seen it, so swapping it with another seat's card shows no leak.
    match = rules(blind=True).new_match(seed=6)
    hakem = match.hand.hakem
    (indicator,) = match.hand.set_aside[hakem]
    match = match.apply(Reveal())
    other = (hakem + 1) % 4
    swap = (indicator, max(match.hand.hand_of(other), key=lambda c: c.sort_key))
    checker = MatchChecker(rules(blind=True).new_match(seed=6), leak_swap=swap)
    checker.apply(Reveal())
    rng = random.Random(1)
    while checker.match.hand_number == 1:
        legal = [a for a in checker.match.legal_actions()
                 if not (isinstance(a, hokm.PlayCard) and a.card == indicator)]
        checker.apply(rng.choice(legal))
    last = checker.match.last_hand
    assert last is not None and indicator in last.hand_of(hakem)  # never played
