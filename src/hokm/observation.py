"""Per-seat observations: what one seat may know, and nothing more.

An observation never contains another seat's unseen cards. A game server
hands a bot ``state.observation(seat)``, never the state itself; the test
suite proves the no-leak property (observations are equal for deals that
differ only in cards the seat has not seen).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from hokm.cards import Card, Suit
from hokm.table import Seat
from hokm.trick import Trick

if TYPE_CHECKING:
    from hokm.actions import Action
    from hokm.outcomes import HandResult, Phase

__all__ = ["HandObservation", "MatchObservation"]

_O = TypeVar("_O", "HandObservation", "MatchObservation")


class _Json:
    """``to_dict``/``to_json`` and back, generically over the class's ``attrs`` fields."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """This view as plain JSON data: an object of every field, each in the record encoding.

        Cards as ``"A♠"``, suits as ``"♠"``, seats and counts as numbers, the phase as its
        value (``"play"``), actions as ``{"act": "play", "card": "A♠"}`` (with ``"seat"`` in
        ``decisions``), sets of cards as lists in deck order, tricks and results as objects of
        their fields. A field added to the class later is written the same way, by its type.
        See [the observation JSON](../reference/records.md#observations-as-json).
        """
        from hokm._codec import encode_fields

        return encode_fields(self)

    def to_json(self, **dumps: Any) -> str:
        """``to_dict()`` as JSON text (UTF-8 friendly: cards keep their suit symbols).

        Keyword arguments go to ``json.dumps`` (``indent=2``, say).
        """
        return json.dumps(self.to_dict(), ensure_ascii=False, **dumps)

    @classmethod
    def from_dict(cls: type[_O], data: Mapping[str, Any]) -> _O:
        """The view ``to_dict`` wrote: it compares equal to the one written.

        Tricks read back answer ``suit_of`` and ``rank_of`` with printed suits and ranks
        (the ruleset's effective ones are not in the JSON); everything they compare by is.

        Raises:
            RecordError: ``data`` is not such a view (the message names the JSON path).
        """
        from hokm._codec import decode_fields

        result: _O = decode_fields(cls, data, "$")
        return result

    @classmethod
    def from_json(cls: type[_O], text: str | bytes) -> _O:
        """``from_dict`` of JSON text.

        Raises:
            RecordError: ``text`` is not JSON, or not such a view.
        """
        from hokm._record_io import parse

        return cls.from_dict(parse(text if isinstance(text, str) else bytes(text)))


@attrs.frozen
class HandObservation(_Json):
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
class MatchObservation(_Json):
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
