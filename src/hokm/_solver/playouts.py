"""Playouts by a simple policy on the solver's tables: how a hand may go on before the solver's horizon.

A search bot scores a candidate by the hands that follow it. Under uniformly random play
(``HandState.rollouts``) a follower throws its ace under its partner's winning king as often
as it keeps it, so a candidate's score is mostly noise. Here the lead stays random (any card
of the leader's, uniformly) and every follower plays as a player does without looking ahead:
low when its side already wins the trick, else the cheapest card that beats it, else its
cheapest card (``CardClasses.cheap``: other suits before trumps, low before high). What a
follower may play is the rules' own (follow suit, a void's duty), from the same tables the
solver reads; so the policy names no variant and plays the rulesets the solver plays.

``policy_values`` gives each legal card a team's points and trick margins summed over a
batch of playouts after it, from a generator seeded like ``random.Random(seed)``; the C
kernel's ``policy_values`` plays the same policy on the same random numbers to the same
totals (``hokm._solver.native``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from hokm._compose.cards import beating
from hokm._solver.tables import cards_in, decode, legal_plays, void_plays

if TYPE_CHECKING:
    from hokm._solver.tables import CardClasses, Rules, TallyState

__all__ = ["Totals", "policy_values"]

Totals = dict[int, tuple[int, int]]
"""Per card, a team's points and trick margin summed over a batch of playouts after it."""


def policy_values(rules: Rules, classes: CardClasses, hands: list[int], hakem: int, team: int, leader: int,
                  trick: list[int], state: TallyState, count: int, seed: int) -> tuple[int, Totals]:
    """The legal cards of the seat to move (a mask) and, for each, ``team``'s points (negative where
    another team wins) and trick margin summed over ``count`` playouts after it: ``hands`` masks by
    seat, ``trick`` the cards played so far by the trick's ``leader`` and its followers in turn,
    ``state`` the tally at the trick's start. Every card's playouts draw the same random numbers
    (``random.Random(seed)`` afresh), so the cards are compared on equal luck."""
    seats = (leader, *rules.followers[leader])
    seat = seats[len(trick)]
    hand = hands[seat]
    if trick:
        led, row, _, top = classes.standing(seats, trick)
        legal = legal_plays(rules, classes, hand, led, row, top)
    else:
        legal = hand
    values: Totals = {}
    for card in cards_in(legal):
        rng = random.Random(seed)
        after = list(hands)
        after[seat] = hand ^ 1 << card
        points = margin = 0
        for _ in range(count):
            value = _playout(rules, classes, list(after), hakem, team, leader, [*trick, card], state, rng)
            got, by = decode(value)
            points += got
            margin += by
        values[card] = (points, margin)
    return legal, values


def _playout(rules: Rules, classes: CardClasses, held: list[int], hakem: int, team: int, leader: int,
             trick: list[int], state: TallyState, rng: random.Random) -> int:
    """One playout's value for ``team`` (``encode``), ``held`` changed in place."""
    suit_mask, team_of, cheap = classes.suit_mask, rules.team_of, classes.cheap
    duty, beats = rules.duty, rules.beats
    while True:
        seats = (leader, *rules.followers[leader])
        if not trick:  # the lead: any card, uniformly, in index order
            first = _nth(held[leader], int(rng.random() * held[leader].bit_count()))
            held[leader] ^= 1 << first
            trick = [first]
        place = len(trick)
        led, row, best, top = classes.standing(seats, trick)
        trick = []
        for seat in seats[place:]:
            hand = held[seat]
            legal = hand & suit_mask[led]
            if not legal:
                legal = void_plays(duty, classes, hand, row, top)
            elif beats and legal & (legal - 1):  # the follow duty (tables.legal_plays, inlined)
                legal = beating(legal, row, top) or legal
            card = _choose(legal, row, top, team_of[seat] == team_of[best], cheap)
            held[seat] = hand ^ 1 << card
            if row[card] > top:
                best, top = seat, row[card]
        state, over = rules.after(state, best, hakem)
        if over:
            return rules.value(state, hakem, team)
        leader = best


def _choose(legal: int, row: tuple[int, ...], top: int, winning: bool, cheap: tuple[int, ...]) -> int:
    """A follower's card: its cheapest when its side is ``winning``, else the cheapest that beats ``top``
    (the lowest power, then the cheapest), else its cheapest."""
    cards = cards_in(legal)
    if not winning:
        beating = [card for card in cards if row[card] > top]
        if beating:
            return min(beating, key=lambda card: (row[card], cheap[card]))
    return min(cards, key=cheap.__getitem__)


def _nth(mask: int, k: int) -> int:
    """The ``k``-th lowest card of ``mask`` (0 the lowest)."""
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1
