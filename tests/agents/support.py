"""Helpers for the agents tests: replaying a sampled deal, every consistent deal, chi-square."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator, Sequence
from typing import ClassVar

import attrs

import hokm
from hokm import Card, HandObservation, HandState, StockDraw, TrumpRule, hookimpl
from hokm.agents import Deal

# Small house rules for the decision features (the bundled variants of the second wave are built
# elsewhere; these exercise the same core features) --------------------------------------------


@attrs.frozen
class Ask(hokm.Action):
    """A public announcement by a void seat: it must then play a heart if it holds one."""


class AskForHearts(hokm.Variant):
    """A public M3 duty: a seat that cannot follow may ask, and must then play a heart if able."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="ask-hearts", summary="tests only")

    @hookimpl
    def hokm_turn_options(self, hand: hokm.HandView) -> list[hokm.Action] | None:
        trick = hand.current_trick
        if not trick.plays or hand.to_act is None:
            return None
        led = trick.led
        holds = any(trick.suit_of(card) == led for card in hand.hand_of(hand.to_act))
        return None if holds else [Ask()]

    @hookimpl
    def hokm_restrict_void_plays(self, ctx: hokm.PlayContext) -> frozenset[Card] | None:
        if isinstance(ctx.announced, Ask):
            return ctx.cards_of(hokm.Suit.HEARTS) or None
        return None


class FirstVoid(hokm.Variant):
    """Be-ranga in miniature: no call, the first card played by a void seat fixes trump."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="first-void", summary="tests only")

    @hookimpl
    def hokm_trump_rule(self) -> TrumpRule:
        return TrumpRule.FIRST_VOID_CARD


class Zhinam(hokm.Variant):
    """Two-player discards: the Hakem lays 3 face down, the other seat 2, then the whole stock is drawn."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="zhinam-like", summary="tests only")

    @hookimpl
    def hokm_deal_pattern(self) -> StockDraw:
        return StockDraw(first_packet=5, hand_size=13, discards=(3, 2))


class DeadHalf(hokm.Variant):
    """Two-player packets that leave half the deck undealt."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="dead-half-like", summary="tests only")

    @hookimpl
    def hokm_deal_pattern(self) -> hokm.Packets:
        return hokm.Packets((5, 4, 4), undealt=True)


def ruleset(*variants: str | hokm.Variant, **options: dict[str, object]) -> hokm.Ruleset:
    return hokm.Ruleset.compose(*variants, options=options or None)


# Replaying a sampled deal ------------------------------------------------------------------------


def plays_of(observation: HandObservation) -> list[tuple[hokm.Seat, Card]]:
    """Every card played, in order, with its seat."""
    return [play for trick in observation.tricks for play in trick.plays] + list(observation.current_trick)


def start_hands(observation: HandObservation, deal: Deal) -> list[list[Card]]:
    """Each seat's hand when play began: its hand in ``deal`` and the cards it has played since."""
    hands = [sorted(cards, key=lambda card: card.index) for cards in deal]
    for seat, card in plays_of(observation):
        hands[seat].append(card)
    return hands


def replayable(observation: HandObservation) -> bool:
    """Whether a deal can be checked by replaying the public history through ``new_hand``.

    The hand must be in trick play with every card played from the hands (no set-aside cards),
    its trump, if any, named before the first card, and every decision public.
    """
    return (observation.phase in (hokm.Phase.PLAY, hokm.Phase.OVER) and not observation.annulled
            and not any(observation.set_aside_counts) and observation.trump_from == 0
            and not any(isinstance(action, hokm.HiddenAction) for _, action in observation.decisions)
            and 0 not in observation.decisions_at)  # new_hand(trump=...) starts after the call


class AnnouncementNotOffered(AssertionError):
    """The replayed deal does not offer the announcement the seat to act has just made.

    What an announcement's availability reveals (an ask open only to a seat void in the led
    suit) is inferred from the card that follows it, not before: a documented limit.
    """


def replay(observation: HandObservation, deal: Deal) -> HandState:
    """Replay the public history from ``deal``; raises ``IllegalActionError`` where it is not legal."""
    rules = observation.ruleset
    assert rules is not None
    called = observation.trump if not rules._engine.fixes_trump else None
    state = rules.new_hand(start_hands(observation, deal), hakem=observation.hakem, trump=called)
    plays = plays_of(observation)
    decisions = list(zip(observation.decisions, observation.decisions_at, strict=True))
    index = 0
    while index < len(plays) or decisions:
        if decisions and decisions[0][1] == index and (
                state.pending_decision is not None or decisions[0][0][1] in state.legal_actions()):
            (seat, action), _ = decisions.pop(0)
            assert state.to_act == seat
            state = state.apply(action)
            continue
        pending = state.pending_decision
        if pending is not None and pending.seat != observation.seat:
            # An offer the observer was never shown: its seat took the secret answer (declining).
            state = state.apply(next(option for option in pending.options if option.secret))
            continue
        if index == len(plays):
            raise AnnouncementNotOffered(f"{decisions[0][0][1]} is not offered after the replay")
        player, card = plays[index]
        assert state.to_act == player, (state.to_act, player)
        state = state.play(card)
        index += 1
    return state


def assert_replays(observation: HandObservation, deal: Deal) -> None:
    """The deal replays the public history legally and gives back the same observation."""
    state = replay(observation, deal)
    assert state.hands == tuple(deal), "the replay ends with other hands"
    again = state.observation(observation.seat)
    for field in ("tricks", "current_trick", "team_tricks", "pile", "to_act", "trump", "decisions",
                  "hand_sizes", "phase"):
        assert getattr(again, field) == getattr(observation, field), field
    if observation.phase is hokm.Phase.PLAY:
        assert again.hand == observation.hand
        assert again.legal_actions == observation.legal_actions


def assert_consistent(observation: HandObservation, deal: Deal) -> None:
    """Everything the observation says is true of ``deal`` (without replaying)."""
    rules = observation.ruleset
    assert rules is not None
    players = rules.players
    assert len(deal) == players and len(deal.set_aside) == players
    assert [len(hand) for hand in deal] == list(observation.hand_sizes)
    assert [len(cards) for cards in deal.set_aside] == list(observation.set_aside_counts)
    assert len(deal.stock) == observation.stock_left
    placed = [*deal.hands, *deal.set_aside, frozenset(deal.stock), deal.out]
    assert sum(map(len, placed)) == len(frozenset().union(*placed)), "a card is in two places"
    unplayed = frozenset(rules.deck) - observation.out_of_play
    assert frozenset().union(*placed) == unplayed, "the deal does not hold exactly the cards in play"
    me = observation.seat
    assert observation.hand <= deal[me] and observation.set_aside <= deal.set_aside[me]
    if observation.phase is not hokm.Phase.TRUMP:
        assert deal[me] == observation.hand
    for seat in range(players):
        assert observation.known_holdings[seat] <= deal[seat]
        assert observation.shown_set_aside[seat] <= deal.set_aside[seat]
        assert not deal[seat] & observation.cannot_hold[seat], f"seat {seat} holds a card its plays rule out"
    known_stock = [card for card in (observation.offered, observation.offered_next) if card is not None]
    assert list(deal.stock[:len(known_stock)]) == known_stock


# Every consistent deal, by brute force ---------------------------------------------------------


def splits(cards: Sequence[Card], sizes: Sequence[int]) -> Iterator[tuple[frozenset[Card], ...]]:
    """Every way to deal ``cards`` into groups of ``sizes`` (the last group takes the rest)."""
    if len(sizes) == 1:
        yield (frozenset(cards),)
        return
    for first in itertools.combinations(cards, sizes[0]):
        rest = [card for card in cards if card not in first]
        for more in splits(rest, sizes[1:]):
            yield (frozenset(first), *more)


def consistent_hands(observation: HandObservation) -> set[tuple[frozenset[Card], ...]]:
    """Every tuple of hands under which the public history replays to the same observation.

    Only the hands are enumerated (the other places of a two-player deal take the rest freely):
    the independent, slow oracle for the sampler.
    """
    me = observation.seat
    players = len(observation.hand_sizes)
    others = [seat for seat in range(players) if seat != me]
    sizes = [observation.hand_sizes[seat] - len(observation.known_holdings[seat]) for seat in others]
    unseen = sorted(observation.unseen, key=lambda card: card.index)
    found = set()
    for split in splits(unseen, [*sizes, len(unseen) - sum(sizes)]):
        hands = [frozenset(observation.hand)] * players
        for seat, cards in zip(others, split, strict=False):
            hands[seat] = cards | observation.known_holdings[seat]
        deal = Deal(tuple(hands), (frozenset(),) * players)
        try:
            state = replay(observation, deal)
        except hokm.IllegalActionError:
            continue
        again = state.observation(me)
        if all(getattr(again, field) == getattr(observation, field) for field in _PUBLIC):
            found.add(tuple(hands))
    return found


_PUBLIC = ("tricks", "current_trick", "to_act", "legal_actions", "team_tricks", "pile", "decisions",
           "hand_sizes")
"""The fields a replayed deal must reproduce for the observer to be unable to tell it apart."""


# Chi-square without scipy ---------------------------------------------------------------------


def chi_square(counts: Sequence[int]) -> float:
    """Pearson's statistic of ``counts`` against equal expected counts."""
    expected = sum(counts) / len(counts)
    return sum((count - expected) ** 2 / expected for count in counts)


def chi_square_sf(statistic: float, df: int) -> float:
    """P(X >= statistic) for X ~ chi-square(df): the regularized upper incomplete gamma Q(df/2, x/2).

    Series for x < a + 1, else Lentz's continued fraction (Numerical Recipes, section 6.2).
    """
    a, x = df / 2, statistic / 2
    if x <= 0:
        return 1.0
    log_prefix = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1 / a
        n = a
        for _ in range(10_000):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return 1 - total * math.exp(log_prefix)
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return math.exp(log_prefix) * h


def endgame(rules: hokm.Ruleset, seed: int, cards_left: int) -> HandState:
    """A hand played at random (seeded) until each seat holds ``cards_left`` cards, mid-trick or not."""
    rng = random.Random(seed)
    state = rules.deal(random.Random(seed + 1000))
    while not state.is_over and (state.phase is not hokm.Phase.PLAY
                                 or max(map(len, state.hands)) > cards_left):
        state = state.apply(rng.choice(state.legal_actions()))
    return state
