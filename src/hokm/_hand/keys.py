"""What a hand or a match *is*: the keys equality and hashing of states compare.

Two states are equal when everything that decides what happens next, and what each seat
may see, is equal; history (the log, caches) is not part of a position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hokm._hand.state import HandState
    from hokm.match import MatchState

__all__ = ["dealt_orders", "hand_key", "match_key"]


def dealt_orders(hand: HandState) -> tuple[tuple[int, ...], ...]:
    """Each seat's cards (indices) in the order it received them (``HandState.dealt``)."""
    setup = hand._setup
    order = setup.order
    if order and isinstance(order[0], tuple):
        return tuple(order)  # type: ignore[arg-type]
    plan = setup.engine.table.plans[setup.hakem]
    return tuple(tuple(seat(order)) for seat in plan.seats)  # type: ignore[arg-type]


def hand_key(hand: HandState) -> tuple[Any, ...]:
    """Everything that decides what happens next in ``hand`` and what each seat may see.

    The deck order is not part of it in the classic hand (two orders that deal the same
    cards give equal hands), nor are caches and the log (history, not position). Beyond
    the classic hand the order in which each seat received its cards is: a variant's
    choices may depend on it (a decision offered on the first packet's cards only).
    """
    setup, extra = hand._setup, hand._extra
    key = (setup.ruleset, setup.hakem, setup.first_packet, setup.stock, setup.trump, setup.trump_from,
           setup.redeals, hand._phase, tuple(hand._hands), hand._to_act, tuple(hand._plays),
           hand._winners, hand._collectors, hand._team_tricks, hand._pile, extra.decisions,
           extra.decisions_at, extra.pending, extra.stock_pos, extra.seen, extra.aside, extra.blind,
           extra.shown, extra.announced, extra.annulled, extra.discarded)
    if setup.engine.classic:
        return key
    return (*key, dealt_orders(hand))


def match_key(match: MatchState) -> tuple[Any, ...]:
    """The rules, the seed and decks to come (they deal the next hands), the score sheet, the
    roles' draw and the current hand."""
    return (match._rules, match._seed, match._decks[match._hand_number:], match._hand_number,
            match._scores, match._results, match._seating, match._draw, match._first_seat,
            match._winner, match._drawn, hand_key(match._hand))
