"""Per-seat observations: what one seat may know, and nothing more.

An observation never contains another seat's unseen cards. A game server
hands a bot ``state.observation(seat)``, never the state itself; the test
suite proves the no-leak property (observations are equal for deals that
differ only in cards the seat has not seen).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from hokm.cards import Card, Suit
from hokm.table import Seat
from hokm.trick import Trick

if TYPE_CHECKING:
    from hokm.actions import Action
    from hokm.outcomes import HandResult, Phase

__all__ = ["HandObservation", "MatchObservation"]


@attrs.frozen
class HandObservation:
    """One seat's view of a hand.

    Attributes:
        seat: whose view this is.
        phase: trump call, draw, play or over.
        hakem: the Hakem (public).
        dealer: the dealer (public).
        trump: the trump suit once called.
        hand: the cards this seat holds and may look at (before the trump call
            the Hakem sees only his first packet and the others nothing).
        tricks: completed tricks with their winners (public).
        current_trick: plays of the trick in progress.
        team_tricks: tricks collected per team.
        pile: tricks lying uncollected in the centre (Double Sar).
        to_act: whose turn it is.
        legal_actions: this seat's legal actions if it is to act, else empty.
        decisions: decisions taken so far (public).
        seen: cards this seat saw leave play unplayed (two-player discards).
        stock_left: cards left in the two-player stock.
        offered: the stock card this seat is offered to keep or reject, while it is
            its turn to draw (two-player); ``None`` otherwise and for every other seat.
        offered_next: the second stock card, when this seat may see it before choosing
            (the last turn of the two-player ``fifty-card`` draw).
        set_aside: this seat's own cards laid face down apart from its hand that it
            knows (a hidden-trump indicator, its two-player discards).
        shown: cards turned face up for everyone by a decision (a redeal claim, a
            revealed indicator, the "last four" card).
        annulled: the hand ended before its first trick and counts for nothing.

    Another seat's decision that its rule keeps private appears in ``decisions``
    as ``hokm.HiddenAction()``: you learn that the seat decided, not what. A
    secret one (``Action.secret``, such as declining a redeal offer that only
    its seat knew of) does not appear at all.
    """

    seat: Seat
    phase: Phase
    hakem: Seat
    dealer: Seat
    trump: Suit | None
    hand: frozenset[Card]
    tricks: tuple[Trick, ...]
    current_trick: tuple[tuple[Seat, Card], ...]
    team_tricks: tuple[int, ...]
    pile: int
    to_act: Seat | None
    legal_actions: tuple[Action, ...]
    decisions: tuple[tuple[Seat, Action], ...]
    seen: frozenset[Card]
    stock_left: int
    offered: Card | None = None
    offered_next: Card | None = None
    set_aside: frozenset[Card] = frozenset()
    shown: frozenset[Card] = frozenset()
    annulled: bool = False


@attrs.frozen
class MatchObservation:
    """One seat's view of a match: the public match record plus its view of the current hand.

    Attributes:
        seat: whose view this is.
        hand_number: 1-based number of the current hand.
        scores: points per team.
        results: results of the finished hands (public).
        seating: ``seating[seat]`` is the player sitting there (by original seat).
        first_hakem_draw: the face-up cards dealt to find the first Hakem (public).
        winner: the match winner once decided.
        drawn: whether the match ended with no winner.
        hand: this seat's view of the current hand.
    """

    seat: Seat
    hand_number: int
    scores: tuple[int, ...]
    results: tuple[HandResult, ...]
    seating: tuple[int, ...]
    first_hakem_draw: tuple[Card, ...]
    winner: int | None
    hand: HandObservation
    drawn: bool = False
