"""Per-seat observations: what one seat may know, and nothing more.

An observation never contains another seat's unseen cards. A game server
hands a bot ``state.observation(seat)``, never the state itself; the test
suite proves the no-leak property (observations are equal for deals that
differ only in cards the seat has not seen).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from hokm.actions import Action, acting_at
from hokm.cards import Card, Suit
from hokm.errors import ArgumentTypeError, RecordError, _got
from hokm.table import Seat
from hokm.trick import Trick

if TYPE_CHECKING:
    from hokm._knowledge import Knowledge
    from hokm.outcomes import HandResult, Phase
    from hokm.rules import Ruleset

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
        from hokm._io.codec import encode_fields

        return encode_fields(self)

    def to_json(self, **dumps: Any) -> str:
        """``to_dict()`` as JSON text (UTF-8 friendly: cards keep their suit symbols).

        Keyword arguments go to ``json.dumps`` (``indent=2``, say).
        """
        return json.dumps(self.to_dict(), ensure_ascii=False, **dumps)

    @classmethod
    def from_dict(cls: type[_O], data: Mapping[str, Any], *, strict: bool = False) -> _O:
        """The view ``to_dict`` wrote: it compares equal to the one written.

        Tricks read back answer ``suit_of`` and ``rank_of`` with printed suits and ranks
        (the ruleset's effective ones are not in the JSON); everything they compare by is.
        A key this hokm does not know (a field a newer one added) is skipped, so the
        ``hokm-bot/1`` protocol keeps working when observations grow; ``strict=True``
        refuses it instead. Seats are checked against the table (``hand_sizes``).

        Raises:
            ArgumentTypeError: ``data`` is not a mapping.
            RecordError: ``data`` is not such a view (the message names the JSON path).
        """
        from hokm._io.codec import decode_fields

        if not isinstance(data, Mapping):
            raise ArgumentTypeError(f"{cls.__name__}.from_dict() takes a mapping (parsed JSON), "
                                    f"got {_got(data)}")
        result: _O = decode_fields(cls, data, "$", strict)
        hand = result if isinstance(result, HandObservation) else result.hand
        _check_seats(hand, "$" if hand is result else "$.hand")
        if isinstance(result, MatchObservation) and result.seat != hand.seat:
            raise RecordError(f"$.seat: seat {result.seat}, but its hand is seat {hand.seat}'s view",
                              path="$.seat")
        return result

    @classmethod
    def from_json(cls: type[_O], text: str | bytes, *, strict: bool = False) -> _O:
        """``from_dict`` of JSON text (``strict`` as there).

        Raises:
            ArgumentTypeError: ``text`` is neither ``str`` nor ``bytes``.
            RecordError: ``text`` is not JSON, or not such a view.
        """
        from hokm._io.records import parse

        if not isinstance(text, str | bytes | bytearray):
            raise ArgumentTypeError(f"{cls.__name__}.from_json() takes JSON text (a str or bytes), "
                                    f"got {_got(text)}")
        return cls.from_dict(parse(text if isinstance(text, str) else bytes(text)), strict=strict)


def _check_seats(view: HandObservation, path: str) -> None:
    """Every seat a hand's view names is a seat of its table (as many as ``hand_sizes`` has)."""
    players = len(view.hand_sizes) or MAX_SEATS
    named = {"seat": view.seat, "hakem": view.hakem, "dealer": view.dealer, "to_act": view.to_act}
    for name, seat in named.items():
        if seat is not None and not 0 <= seat < players:
            raise RecordError(f"{path}.{name}: {seat} is not a seat: seats are 0..{players - 1}"
                              + (" (hand_sizes has one count per seat)" if view.hand_sizes else ""),
                              path=f"{path}.{name}")
    for index, (seat, _) in enumerate(view.current_trick):
        if not 0 <= seat < players:
            raise RecordError(f"{path}.current_trick[{index}]: {seat} is not a seat: seats are "
                              f"0..{players - 1}", path=f"{path}.current_trick[{index}]")


MAX_SEATS = 16
"""The most seats a hokm table has (a ruleset's layout is checked for it when composed)."""


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
        ruleset: the rules of the game (public): effective suits, ranks, the deck,
            the table. ``None`` only for an observation built by hand. Context, not
            part of what the seat sees: two observations that differ only in their
            ruleset are equal.
        trump_from: the play (0-based, counting every card played) from which cards
            of the trump suit count as trumps: 0 unless the trump appeared during the
            hand (a hidden trump's reveal, be-ranga's fixing card).
        decisions_at: how many cards had been played when each of ``decisions`` was
            taken (public: the table sees when a seat decides).
        hand_sizes: how many cards each seat holds in its hand (public). During the
            trump call these are the hands as they will be once dealt.
        set_aside_counts: how many cards each seat has laid apart from its hand
            (public: the table sees the face-down cards, not what they are).
        shown_in_hands: the shown cards each seat still holds in its hand (a revealed
            indicator back in the caller's hand, the "last four" card).
        shown_set_aside: the shown cards lying in each seat's set-aside cards.

    Another seat's decision that its rule keeps private appears in ``decisions``
    as ``hokm.HiddenAction()``: you learn that the seat decided, not what. A
    secret one (``Action.secret``, such as declining a redeal offer that only
    its seat knew of) does not appear at all.

    **Public knowledge.** Besides its fields, an observation answers what the seat
    can *infer* from the public history: ``played``, ``out_of_play``, ``unseen``,
    ``known_holdings``, ``voids``, ``cannot_hold`` and the current ``trick`` as a
    ``Trick`` value. They are computed together, once, the first time one of them
    is read (about 20-60 µs for a mid-hand observation of standard Hokm), and
    never from anything the seat may not see.

    A seat that plays a card of another *effective* suit than the one led shows that
    it holds no card of the led suit, as that suit was *then*. With Satat the 2♥ is a
    trump: a seat that plays it to a heart lead shows it has no other heart, and a
    seat void in hearts may still hold the 2♥. Where the rules add a duty for a void seat
    (``obligatory-trump``: a trump if it holds one; ``overtrump``: a trump that beats
    the trick if it holds one) or a variant restricts plays, the seat's play also
    shows which cards it cannot hold: each rule is read as "if you hold any card of
    a set, you must play one of them", which is exact for every bundled rule.
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
    ruleset: Ruleset | None = attrs.field(default=None, repr=False, eq=False)
    trump_from: int = 0
    decisions_at: tuple[int, ...] = ()
    hand_sizes: tuple[int, ...] = ()
    set_aside_counts: tuple[int, ...] = ()
    shown_in_hands: tuple[frozenset[Card], ...] = ()
    shown_set_aside: tuple[frozenset[Card], ...] = ()

    # Public knowledge, inferred once (hokm._knowledge) ----------------------------------

    @functools.cached_property
    def _knowledge(self) -> Knowledge:
        from hokm._knowledge import infer

        return infer(self)

    @functools.cached_property
    def trick(self) -> Trick:
        """The trick in progress as a ``Trick`` value (the plays of ``current_trick``).

        It compares cards by the ruleset's effective suits and ranks under the trump
        as it stands for this trick: ``trick.winning_play()``, ``trick.led``,
        ``trick.beats(card, other)``.
        """
        return self._knowledge.trick()

    @functools.cached_property
    def played(self) -> frozenset[Card]:
        """Every card played so far: the completed tricks and the trick in progress."""
        return self._knowledge.cards(self._knowledge.played)

    @functools.cached_property
    def out_of_play(self) -> frozenset[Card]:
        """Cards this seat knows are out of play for good: ``played`` and ``seen``
        (two-player discards and rejected draws it saw), and shown cards nobody holds."""
        return self._knowledge.cards(self._knowledge.out_of_play)

    @functools.cached_property
    def unseen(self) -> frozenset[Card]:
        """Cards of the ruleset's deck whose place this seat does not know.

        Everything but its own hand and set-aside cards, the cards played, ``seen``,
        ``shown`` and the stock cards it is being offered. They lie in the other
        seats' hands, in their face-down cards, in the stock or out of play; during
        the trump call the seat's own cards still to come are unseen as well.
        """
        return self._knowledge.cards(self._knowledge.unseen)

    @functools.cached_property
    def known_holdings(self) -> tuple[frozenset[Card], ...]:
        """Per seat, the cards this seat knows are in that seat's hand now.

        Its own hand for itself; for the others, the shown cards they still hold.
        """
        return tuple(map(self._knowledge.cards, self._knowledge.held))

    @functools.cached_property
    def voids(self) -> tuple[frozenset[Suit], ...]:
        """Per seat, the suits it has shown it holds no card of (failed to follow).

        Suits are effective suits as they were when the seat failed to follow; with
        ``obligatory-trump`` a void seat that did not trump is void in trumps too.
        """
        return self._knowledge.voids

    @functools.cached_property
    def cannot_hold(self) -> tuple[frozenset[Card], ...]:
        """Per seat, the cards not yet played that its own plays prove are not in its hand.

        The exact form of ``voids``: the cards of each suit the seat failed to follow
        (as they were then), and the cards a void seat's duty would have made it play
        (its trumps, or the trumps that beat the trick). ``hokm.agents.sample_deals``
        never puts such a card in that seat's hand.
        """
        return tuple(map(self._knowledge.cards, self._knowledge.excluded))


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


@acting_at.register(HandObservation)
def _acting_hand(view: HandObservation) -> tuple[tuple[Action, ...], Seat, None]:
    return tuple(view.legal_actions), view.seat, None


@acting_at.register(MatchObservation)
def _acting_match(view: MatchObservation) -> tuple[tuple[Action, ...], Seat, None]:
    return _acting_hand(view.hand)
