"""Resampling a hand from one seat's information: a deal from ``sample_deals``, made into a history.

OpenSpiel's ``resample_from_infostate`` must return a whole state (deck order and actions)
that the seat cannot tell from the real one. ``hokm.agents.sample_deals`` draws, exactly and
uniformly, where the seat's unseen cards lie *now* (each hand, each seat's face-down cards,
the two-player stock, out of play). This module turns that into a history by relabelling:
a bijection of the unseen cards that sends the cards lying in each place in the real hand
to the sampled cards of the same place (stock cards position by position, the others in a
uniformly random pairing), and the identity on every card the seat knows. Applied to the
real deck order and to the cards named in the actions taken, it gives a history that deals
and plays exactly as the real one did, with the sampled cards in every hidden place: each
card keeps its deck position's role (a hidden-trump indicator still comes from the first
packet, a two-player discard from the discarding seat's hand). Nothing here imports OpenSpiel.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from hokm.actions import Action
from hokm.agents import sample_deals
from hokm.cards import Card
from hokm.state import HandState

__all__ = ["relabel_action", "resampled_history"]


def _INDEX(card: Card) -> int:
    return card.index


def _pair(relabel: dict[Card, Card], real: frozenset[Card], sampled: frozenset[Card],
          unseen: frozenset[Card], rng: random.Random) -> None:
    """Send the unseen cards of ``real`` to those of ``sampled``, in a uniformly random pairing."""
    sources = sorted(real & unseen, key=_INDEX)
    targets = sorted(sampled & unseen, key=_INDEX)
    if len(sources) != len(targets):
        raise AssertionError(f"resampling: a place holds {len(sources)} unseen cards, "
                             f"the sample {len(targets)}")
    rng.shuffle(targets)
    relabel.update(zip(sources, targets, strict=True))


def resampled_history(hand: HandState, deck: Sequence[Card], seat: int,
                      rng: random.Random) -> tuple[list[Card], dict[Card, Card]]:
    """A deck order consistent with ``seat``'s view of ``hand``, and the relabelling that made it.

    ``deck`` is the real deck order (top card first) that dealt ``hand``. The new order
    deals the hidden places a deal drawn by ``sample_deals`` from ``hand.observation(seat)``;
    apply the returned relabelling to the cards named in the actions taken
    (``relabel_action``) to replay them on it.
    """
    view = hand.observation(seat)
    (deal,) = sample_deals(view, 1, rng=rng)
    unseen = view.unseen
    relabel: dict[Card, Card] = {}
    placed: set[Card] = set()
    drawn: set[Card] = set(deal.stock)
    for place in range(len(deal.hands)):
        real_hand, real_aside = hand.hand_of(place), hand.set_aside[place]
        _pair(relabel, real_hand, deal.hands[place], unseen, rng)
        _pair(relabel, real_aside, deal.set_aside[place], unseen, rng)
        placed |= real_hand | real_aside
        drawn |= deal.hands[place] | deal.set_aside[place]
    left = hand.stock_left
    real_stock = tuple(deck[len(deck) - left:]) if left else ()
    if len(real_stock) != len(deal.stock):
        raise AssertionError(f"resampling: the stock holds {len(real_stock)} cards, "
                             f"the sample {len(deal.stock)}")
    for real, sampled in zip(real_stock, deal.stock, strict=True):
        if real in unseen:
            relabel[real] = sampled
    placed |= set(real_stock)
    _pair(relabel, unseen - placed, unseen - drawn, unseen, rng)  # out of play, or never dealt
    return [relabel.get(card, card) for card in deck], relabel


def relabel_action(action: Action, relabel: dict[Card, Card]) -> Action:
    """``action`` with every card it names relabelled (a play, a discard, an indicator, ...)."""
    changes = {field.name: relabel.get(value, value)
               for field in attrs.fields(type(action))
               if (value := getattr(action, field.name)).__class__ is Card}
    return attrs.evolve(action, **changes) if changes else action
