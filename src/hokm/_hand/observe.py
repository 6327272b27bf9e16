"""A seat's view of a hand, built from the state's fields: what ``HandState.observation`` returns.

Kept apart from ``hokm.state``, which holds the hand's steps, so the bookkeeping of who may
see what (a Hakem's first packet during the call, private and secret decisions, shown and
set-aside cards, the stock) reads in one place. Nothing here is on the card path.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hokm._compose.card_sets import frozen_cards
from hokm._hand.moments import discarder
from hokm.actions import HIDDEN, Action
from hokm.cards import Card
from hokm.context import StockDraw
from hokm.observation import HandObservation
from hokm.outcomes import DRAW, TRUMP
from hokm.table import Seat

if TYPE_CHECKING:
    from hokm._hand.state import HandState

__all__ = ["observe"]

_NOTHING_SHOWN: tuple[tuple[frozenset[Card], ...], ...] = tuple(
    (frozen_cards(0),) * players for players in range(17))


def observe(state: HandState, seat: Seat) -> HandObservation:
    """What ``seat`` (a seat of the table, checked) may know now, and nothing more."""
    setup, extra = state._setup, state._extra
    if state._phase == TRUMP:  # the Hakem sees his first packet, less what he laid aside
        hand = setup.first_packet & ~extra.aside[seat] if seat == setup.hakem else 0
    else:
        hand = state._hands[seat]
    completed = len(state._winners) * setup.engine.players
    decisions, decisions_at = _decisions_for(state, seat) if extra.decisions else ((), ())
    return HandObservation(
        seat=seat,
        phase=state.phase,
        hakem=state.hakem,
        dealer=state.dealer,
        trump=state.trump,
        hand=frozen_cards(hand),
        tricks=state.tricks,
        current_trick=tuple((Seat(p >> 6), Card.from_index(p & 63)) for p in state._plays[completed:]),
        team_tricks=state._team_tricks,
        pile=state._pile,
        to_act=state.to_act,
        legal_actions=state.legal_actions() if state.to_act == seat else (),
        decisions=decisions,
        seen=frozen_cards(extra.seen[seat] & ~hand),
        stock_left=state.stock_left,
        offered=state.offered_card if seat == state._to_act else None,
        offered_next=_offered_next(state) if seat == state._to_act else None,
        set_aside=frozen_cards(extra.aside[seat] & ~extra.blind),
        shown=frozen_cards(extra.shown),
        annulled=extra.annulled,
        ruleset=setup.ruleset,
        trump_from=setup.trump_from,
        decisions_at=decisions_at,
        hand_sizes=tuple([mask.bit_count() for mask in state._hands]),
        set_aside_counts=tuple([mask.bit_count() for mask in extra.aside]),
        shown_in_hands=_shown_in(state, state._hands),
        shown_set_aside=_shown_in(state, extra.aside),
    )


def _decisions_for(state: HandState, seat: int) -> tuple[tuple[tuple[Seat, Action], ...], tuple[int, ...]]:
    """The decisions ``seat`` may see, private ones hidden and secret ones left out, and when
    each was taken (cards played by then)."""
    extra = state._extra
    shown = [(decision if decision[0] == seat or not decision[1].private else (decision[0], HIDDEN), at)
             for decision, at in zip(extra.decisions, extra.decisions_at, strict=True)
             if decision[0] == seat or not decision[1].secret]
    return tuple(decision for decision, _ in shown), tuple(at for _, at in shown)


def _shown_in(state: HandState, masks: Sequence[int]) -> tuple[frozenset[Card], ...]:
    """Per seat, the shown cards among ``masks`` (each seat's hand, or its set-aside cards)."""
    shown = state._extra.shown
    if not shown:
        return _NOTHING_SHOWN[len(masks)]
    return tuple([frozen_cards(mask & shown) for mask in masks])


def _offered_next(state: HandState) -> Card | None:
    """The stock's next card, when the seat to act may see it before choosing."""
    position = state._extra.stock_pos
    if state._phase != DRAW or discarder(state) is not None:
        return None
    pattern = state._setup.engine.table.pattern
    # Only the last-choice turn shows the second card before choosing; second_card_seen
    # shows it only after a keep (in ``seen``), on every turn.
    if not (isinstance(pattern, StockDraw) and pattern.last_choice
            and position + 2 >= len(state._setup.stock)):
        return None
    return Card.from_index(state._setup.stock[position + 1])
