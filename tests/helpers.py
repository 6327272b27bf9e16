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
