"""Shared test helpers: scripted and searched-for hands."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import ClassVar

import attrs

import hokm
from hokm import Card, HandState, MatchState, PlayCard, Suit, cards


@attrs.frozen(eq=False)
class ScriptedWinners(hokm.Variant):
    """Test helper: trick ``n`` is won by ``seats[n - 1]``, whatever was played."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="scripted-winners", summary="tests only")
    seats: tuple[int, ...]

    @hokm.hookimpl
    def hokm_trick_winner(self, trick: hokm.Trick) -> hokm.Seat:
        return hokm.Seat(self.seats[trick.number - 1])


@attrs.frozen(eq=False)
class MustBeat(hokm.Variant):
    """Test helper, a house rule declared: following suit, beat the card winning the trick if you can
    (``hokm_follow_duty`` answering ``FollowDuty.BEAT``, asked once)."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="must-beat", summary="tests only")

    @hokm.hookimpl
    def hokm_follow_duty(self) -> hokm.FollowDuty:
        return hokm.FollowDuty.BEAT


# Hidden trump in miniature, for the decision features (moments, agents) --------------------------


@attrs.frozen
class Lay(hokm.Action):
    """Lay a card of the first five face down as the trump indicator (private)."""

    private: ClassVar[bool] = True
    card: Card


@attrs.frozen
class Reveal(hokm.Action):
    """The caller turns the indicator face up: it goes back to his hand."""


class FaceDown(hokm.Variant):
    """Hidden trump in miniature: lay a card of the first five, reveal on your turn, forced at the end."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="face-down", summary="tests only")

    @hokm.hookimpl
    def hokm_trump_call(self, hand: hokm.HandView) -> list[hokm.Action]:
        return [Lay(card) for card in hand.dealt(hand.hakem)[:5]]

    @hokm.hookimpl
    def hokm_turn_options(self, hand: hokm.HandView) -> list[hokm.Action] | None:
        return [Reveal()] if hand.trump is None and hand.to_act == hand.hakem else None

    @hokm.hookimpl
    def hokm_decision_effect(self, hand: hokm.HandView, action: hokm.Action) -> hokm.Effect | None:
        if isinstance(action, Lay):
            return hokm.Effect(set_aside=action.card)
        if isinstance(action, Reveal):
            (card,) = hand.set_aside[hand.hakem]
            return hokm.Effect(trump=card.suit, restore=card, show=[card])
        return None

    @hokm.hookimpl
    def hokm_restrict_plays(self, ctx: hokm.PlayContext) -> frozenset[Card] | None:
        led = ctx.led
        void_or_lead = led is None or not ctx.holds(led)
        if isinstance(ctx.announced, Reveal) and ctx.trump is not None and void_or_lead:
            return ctx.cards_of(ctx.trump) or None  # having revealed on lead or void: a trump if you can
        return None

    @hokm.hookimpl
    def hokm_forced_effect(self, hand: hokm.HandView) -> hokm.Effect | None:
        if hand.trump is None and hand.to_act == hand.hakem and not hand.hand_of(hand.hakem) \
                and hand.set_aside[hand.hakem]:
            (card,) = hand.set_aside[hand.hakem]
            return hokm.Effect(trump=card.suit, restore=card, show=[card], play=card)
        return None


class JackOfSpadesIsAHeart:
    """A third-party suit change (no bundled one composes with be-ranga, and Satat's 2♥ is a
    trump): the J♠ follows hearts, so under spades it is the one card that is not a trump."""

    info = hokm.VariantInfo(name="jack-of-spades-is-a-heart", summary="the J♠ counts as a heart")

    @hokm.hookimpl
    def hokm_effective_suit(self, card: Card) -> Suit | None:
        return Suit.HEARTS if card == Card.parse("J♠") else None


def one_suit_each(rules: hokm.Ruleset, *, trump: Suit, hakem: int = 0) -> HandState:
    """Seat 0 holds every spade, seat 1 every heart, seat 2 every diamond, seat 3 every club."""
    hands = [sorted((card for card in hokm.full_deck() if card.suit is suit), key=lambda c: c.sort_key)
             for suit in Suit]
    return rules.new_hand(hands, hakem=hakem, trump=trump)


def random_play(state: HandState, rng: random.Random) -> HandState:
    """Play ``state`` to the end with random legal actions through the public API."""
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def find_hand(rules: hokm.Ruleset, predicate: Callable[[HandState], bool], *, seed: int = 0,
              hakem: int = 0, tries: int = 20000) -> HandState:
    """The first randomly played (seeded) finished hand that satisfies ``predicate``."""
    rng = random.Random(seed)
    for _ in range(tries):
        deck = list(rules.deck)
        rng.shuffle(deck)
        hand = random_play(rules.deal(deck, hakem=hakem), rng)
        if predicate(hand):
            return hand
    raise AssertionError("no hand found; widen the search")


def trick_turns(rules: hokm.Ruleset, seeds: range) -> list[HandState]:
    """Every state of trick play (no decision pending) of hands stepped at random, one per seed."""
    states = []
    for seed in seeds:
        hand = rules.deal(random.Random(seed), hakem=seed % rules.players)
        rng = random.Random(seed + 1)
        while not hand.is_over:
            if hand.phase is hokm.Phase.PLAY and hand.pending_decision is None:
                states.append(hand)
            hand = hand.apply(rng.choice(hand.legal_actions()))
    return states


def stepped(hand: HandState, seed: int) -> HandState:
    """Public-API stepping with playout's choice rule: legal_actions()[int(random() * n)]."""
    rand = random.Random(seed).random
    while not hand.is_over:
        actions = hand.legal_actions()
        hand = hand.apply(actions[int(rand() * len(actions))])
    return hand


def walked(rules: hokm.Ruleset, deal_seed: int, steps: int) -> HandState:
    """A hand dealt from ``deal_seed`` after up to ``steps`` random actions (fewer if it ends)."""
    state = rules.deal(random.Random(deal_seed), hakem=deal_seed % rules.players)
    walk = random.Random(deal_seed + 1)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(walk.choice(state.legal_actions()))
    return state


def play_cards(state: HandState, text: str) -> HandState:
    """Play the cards of ``text`` in order, whoever is to act."""
    for card in cards(text):
        state = state.play(card)
    return state


def random_match(rules: hokm.Ruleset, seed: int, policy_seed: int = 0) -> MatchState:
    """A whole match with random legal actions."""
    rng = random.Random(policy_seed)
    match = rules.new_match(seed=seed)
    while not match.is_over:
        match = match.apply(rng.choice(match.legal_actions()))
    return match


def play(card: str) -> PlayCard:
    return PlayCard(Card.parse(card))


def need(module: str) -> object:
    """Import an optional extra's module for a test, or skip the test where it is not installed.

    ``scripts/test`` installs every extra and sets ``HOKM_EXTRAS=1`` for its main pytest run:
    there a missing module fails the test instead of skipping it, so CI cannot silently skip
    the adapters', the arena's or ``hokm play``'s tests.
    """
    import importlib
    import os

    import pytest

    if os.environ.get("HOKM_EXTRAS") == "1":
        return importlib.import_module(module)
    return pytest.importorskip(module)
