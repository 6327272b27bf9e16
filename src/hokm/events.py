"""What happened: typed, frozen events for servers and user interfaces, and each seat's share.

``HandState.apply_with_events(action)`` and ``MatchState.apply_with_events(action)``
return the next state and the events of that step, in the order they happened:
the action itself, what it set off (a forced play, a revealed trump, cards
shown), the trick won, the hand over, the next hand dealt. ``opening(state)``
gives the events of the current hand's deal, for a client joining a table,
and ``history(state)`` every event from the start of the hand or match.

The events are omniscient, like the state: ``for_seat(events, seat)`` keeps
what ``seat`` may know, with the guarantee observations give (a test proves
it: two deals that differ only in cards a seat cannot see give it the same
stream). Cards dealt, drawn, seen or laid apart reach only their seat; another
seat's private decision (``Action.private``) reaches the others as
``HiddenAction()``, a secret one (``Action.secret``) not at all. Events are
computed only when asked: ``apply`` stays as fast as it was.

>>> import hokm
>>> from hokm import events
>>> match = hokm.Ruleset.compose().new_match(seed=5)
>>> [event.tag for event in events.for_seat(events.opening(match), 1)]
['hand-started']
>>> match, happened = match.apply_with_events(hokm.CallTrump(hokm.Suit.HEARTS))
>>> [event.tag for event in happened]
['trump-called', 'cards-dealt', 'cards-dealt', 'cards-dealt', 'cards-dealt']
>>> mine = events.for_seat(happened, 1)
>>> mine[1].seat, len(mine[1].cards), mine[1].to_dict()["event"]
(1, 13, 'cards-dealt')

Every event writes itself as JSON in the encoding of game records
(``{"event": "card-played", "seat": 2, "card": "Q♥", "forced": false}``), and
``Event.from_dict`` reads it back. See [Events](../reference/events.md).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from hokm.actions import HIDDEN, Action, DrawCard
from hokm.cards import Card, Suit
from hokm.errors import ArgumentTypeError, RecordError, _got, _shown
from hokm.outcomes import HandResult
from hokm.table import Seat, Team

if TYPE_CHECKING:
    from hokm.match import MatchState
    from hokm.state import HandState

__all__ = [
    "CardPlayed",
    "CardsDealt",
    "CardsRestored",
    "CardsSeen",
    "CardsSetAside",
    "CardsShown",
    "DecisionTaken",
    "Event",
    "HakemChanged",
    "HandAnnulled",
    "HandOver",
    "HandStarted",
    "MatchOver",
    "ScoresChanged",
    "TrickWon",
    "TrumpCalled",
    "TrumpRevealed",
    "for_seat",
    "history",
    "opening",
]

_EVENTS: dict[str, type[Event]] = {}


@attrs.frozen
class Event:
    """Base class of every event: something that happened, as one seat or everyone may know it.

    ``tag`` names the kind in JSON (``"card-played"``); ``seen_by(seat)`` is the event as
    ``seat`` may know it (itself, a reduced copy, or ``None``).
    """

    tag: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        tag = cls.__dict__.get("tag")
        if tag:
            _EVENTS[tag] = cls

    def seen_by(self, seat: int) -> Event | None:
        """This event as ``seat`` may know it, or ``None`` if it must not learn of it at all."""
        return self

    def to_dict(self) -> dict[str, Any]:
        """``{"event": TAG, FIELD: VALUE, ...}``, each field in the encoding of game records."""
        from hokm._io.codec import encode_fields

        return {"event": self.tag, **encode_fields(self)}

    def to_json(self, **dumps: Any) -> str:
        """``to_dict()`` as JSON text (keyword arguments go to ``json.dumps``)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, **dumps)

    @staticmethod
    def from_dict(data: Mapping[str, Any], *, strict: bool = False) -> Event:
        """The event ``to_dict`` wrote (it compares equal).

        A key the event's class does not have (a field a newer hokm added) is skipped;
        ``strict=True`` refuses it instead.

        Raises:
            ArgumentTypeError: ``data`` is not a mapping.
            RecordError: ``data`` is not an event (the message names the JSON path).
        """
        from hokm._io.codec import decode_fields

        if not isinstance(data, Mapping):
            raise ArgumentTypeError(f"Event.from_dict() takes a mapping (parsed JSON) such as "
                                    f"{{'event': 'card-played', ...}}, got {_got(data)}")
        tag = data.get("event")
        cls = _EVENTS.get(tag) if isinstance(tag, str) else None
        if cls is None:
            raise RecordError(f"$.event: unknown event {_shown(tag)} (events: {', '.join(sorted(_EVENTS))})",
                              path="$.event")
        event: Event = decode_fields(cls, {key: value for key, value in data.items() if key != "event"}, "$",
                                     strict)
        return event


def _own(seat: Seat, viewer: int, event: Event) -> Event | None:
    return event if viewer == seat else None


def _to_seat(value: int) -> Seat:
    return Seat(value)


def _to_seat_or_none(value: int | None) -> Seat | None:
    return None if value is None else Seat(value)


def _to_team_or_none(value: int | None) -> Team | None:
    return None if value is None else Team(value)


def _to_plays(value: Sequence[tuple[int, Card]]) -> tuple[tuple[Seat, Card], ...]:
    return tuple((Seat(seat), card) for seat, card in value)


def _to_cards(value: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(value)


def _to_ints(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


@attrs.frozen
class HandStarted(Event):
    """A hand was dealt: its number in the match (``None`` for a hand on its own), Hakem, dealer,
    and the deals annulled in a row before it with this Hakem."""

    tag = "hand-started"
    hand_number: int | None
    hakem: Seat = attrs.field(converter=_to_seat)
    dealer: Seat = attrs.field(converter=_to_seat)
    redeals: int = 0


@attrs.frozen
class CardsDealt(Event):
    """``seat`` received ``cards`` (in the order received) and may look at them: its first
    packet, the rest of its hand after the trump call, a card kept from the stock.
    Only ``seat`` learns of it."""

    tag = "cards-dealt"
    seat: Seat = attrs.field(converter=_to_seat)
    cards: tuple[Card, ...] = attrs.field(converter=_to_cards)

    def seen_by(self, seat: int) -> Event | None:
        return _own(self.seat, seat, self)


@attrs.frozen
class CardsSeen(Event):
    """``seat`` saw ``cards`` that leave play unplayed (a rejected stock card). Only ``seat``
    learns of it."""

    tag = "cards-seen"
    seat: Seat = attrs.field(converter=_to_seat)
    cards: tuple[Card, ...] = attrs.field(converter=_to_cards)

    def seen_by(self, seat: int) -> Event | None:
        return _own(self.seat, seat, self)


@attrs.frozen
class TrumpCalled(Event):
    """``seat`` named ``suit`` trump (``CallTrump``, or a lone choice the rules made for him)."""

    tag = "trump-called"
    seat: Seat = attrs.field(converter=_to_seat)
    suit: Suit


@attrs.frozen
class TrumpRevealed(Event):
    """The hand's trump appeared during the hand: a revealed indicator, a card that names it
    (satat's "last four"), the first card played by a seat that could not follow (be-ranga).
    Cards of ``suit`` count as trumps from play ``counts_from`` (0-based, in ``hand.plays``)."""

    tag = "trump-revealed"
    suit: Suit
    counts_from: int


@attrs.frozen
class DecisionTaken(Event):
    """``seat`` took ``action``, a choice other than a card or a trump suit: a trump-call
    alternative, an answer to a pending decision, an announcement, a draw, a discard.

    Another seat learns a private action (``Action.private``, and the two-player draws and
    discards) as ``HiddenAction()``, and nothing of a secret one (``Action.secret``)."""

    tag = "decision-taken"
    seat: Seat = attrs.field(converter=_to_seat)
    action: Action

    def seen_by(self, seat: int) -> Event | None:
        if seat == self.seat:
            return self
        if self.action.secret:
            return None
        if self.action.private or isinstance(self.action, DrawCard):
            return DecisionTaken(self.seat, HIDDEN)
        return self


@attrs.frozen
class CardsSetAside(Event):
    """``count`` cards of ``seat``'s were laid face down apart from its hand (a hidden-trump
    indicator, a discard). Only ``seat`` learns of it, and not which cards when they are
    hidden from their owner too (``cards`` is then empty)."""

    tag = "cards-set-aside"
    seat: Seat = attrs.field(converter=_to_seat)
    cards: tuple[Card, ...] = attrs.field(converter=_to_cards)
    count: int
    hidden_from_owner: bool = False

    def seen_by(self, seat: int) -> Event | None:
        if seat != self.seat:
            return None
        return attrs.evolve(self, cards=()) if self.hidden_from_owner else self


@attrs.frozen
class CardsRestored(Event):
    """Cards ``seat`` had laid apart went back into its hand. Everyone learns of it when the
    cards are shown (``public``), else only ``seat``."""

    tag = "cards-restored"
    seat: Seat = attrs.field(converter=_to_seat)
    cards: tuple[Card, ...] = attrs.field(converter=_to_cards)
    public: bool = False

    def seen_by(self, seat: int) -> Event | None:
        return self if self.public or seat == self.seat else None


@attrs.frozen
class CardsShown(Event):
    """``cards`` were turned face up for every seat, by ``seat``'s decision or by itself (a
    redeal claim's hand, a revealed indicator, the "last four" card)."""

    tag = "cards-shown"
    seat: Seat | None = attrs.field(converter=_to_seat_or_none)
    cards: tuple[Card, ...] = attrs.field(converter=_to_cards)


@attrs.frozen
class CardPlayed(Event):
    """``seat`` played ``card``; ``forced``: the rules played it for him (a forced play)."""

    tag = "card-played"
    seat: Seat = attrs.field(converter=_to_seat)
    card: Card
    forced: bool = False


@attrs.frozen
class TrickWon(Event):
    """Trick ``number`` (from 1) is complete: ``winner`` won it, ``collector`` took the cards
    (``None``: they stay in the centre, Double Sar), ``pile`` tricks now lie there."""

    tag = "trick-won"
    number: int
    plays: tuple[tuple[Seat, Card], ...] = attrs.field(converter=_to_plays)
    winner: Seat = attrs.field(converter=_to_seat)
    collector: Seat | None = attrs.field(converter=_to_seat_or_none)
    pile: int = 0


@attrs.frozen
class HandOver(Event):
    """The hand is over: its ``result`` (winner, points, kot, label, tricks, next Hakem)."""

    tag = "hand-over"
    result: HandResult


@attrs.frozen
class HandAnnulled(Event):
    """The hand ended before its first trick and counts for nothing; ``hakem`` deals again."""

    tag = "hand-annulled"
    hakem: Seat = attrs.field(converter=_to_seat)


@attrs.frozen
class ScoresChanged(Event):
    """The match scores after a hand: points per team."""

    tag = "scores-changed"
    scores: tuple[int, ...] = attrs.field(converter=_to_ints)


@attrs.frozen
class HakemChanged(Event):
    """The next hand has another Hakem."""

    tag = "hakem-changed"
    previous: Seat = attrs.field(converter=_to_seat)
    hakem: Seat = attrs.field(converter=_to_seat)


@attrs.frozen
class MatchOver(Event):
    """The match is over: ``winner`` won it, or it ended ``drawn`` (``winner`` is ``None``)."""

    tag = "match-over"
    winner: Team | None = attrs.field(converter=_to_team_or_none)
    drawn: bool
    scores: tuple[int, ...] = attrs.field(converter=_to_ints)


# Per seat ----------------------------------------------------------------------------------------


class _Stream(tuple):  # type: ignore[type-arg]  # tuple[Event, ...], knowing its table
    """The events of a step, an opening or a history, and the size of the table they happened at.

    A plain tuple to its users (it compares, hashes and prints as one); ``for_seat`` reads
    ``players`` to refuse a seat the table does not have.
    """

    players: int

    def __new__(cls, events: Iterable[Event], players: int) -> _Stream:
        stream = super().__new__(cls, events)
        stream.players = players
        return stream

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Stream, (tuple(self), self.players))


def _check_seat(seat: object, players: int | None) -> int:
    """``seat`` as a seat of a ``players``-seat table (up to 16 seats when the table is unknown)."""
    from hokm.errors import InvalidSeatError, NotationTypeError
    from hokm.observation import MAX_SEATS

    count = MAX_SEATS if players is None else players
    if seat.__class__ is not int:
        hint = " (a seat read from JSON text is a string: int() it)" if isinstance(seat, str) else ""
        raise NotationTypeError(f"seat={_shown(seat)} is not a seat: seats are the ints 0..{count - 1}, "
                                f"got {_got(seat)}{hint}")
    if not 0 <= seat < count:
        where = f"at this {count}-player table" if players is not None else "at any hokm table"
        raise InvalidSeatError(f"seat={_shown(seat)} is not a seat: seats are 0..{count - 1} {where}")
    return seat


def _events(events: object, name: str) -> list[Event]:
    """``events`` as a list of events, or an ``ArgumentTypeError`` naming what is wrong."""
    if isinstance(events, Event | str | bytes | Mapping) or not isinstance(events, Iterable):
        raise ArgumentTypeError(f"{name}() takes the events of a step (a tuple of hokm.events.Event, as "
                                f"apply_with_events returns them), got {_got(events)}")
    found = list(events)
    for index, event in enumerate(found):
        if not isinstance(event, Event):
            raise ArgumentTypeError(f"{name}(): item {index} is {_got(event)}, not an event (read JSON "
                                    "with Event.from_dict)")
    return found


def for_seat(events: Iterable[Event], seat: int, *, players: int | None = None) -> tuple[Event, ...]:
    """The events ``seat`` may know, as it may know them (``Event.seen_by``), in order.

    ``seat`` must be a seat of the table: the events hokm returns know their table; for
    events of your own (read from JSON, say) pass ``players`` to have the seat checked
    against it (else any seat of a hokm table, 0 to 15, is taken).

    >>> import hokm
    >>> hand = hokm.Ruleset.compose().deal(hokm.full_deck(), hakem=0)
    >>> _, happened = hand.apply_with_events(hokm.CallTrump(hokm.Suit.SPADES))
    >>> [(e.tag, e.seat) for e in for_seat(happened, 2)]
    [('trump-called', 0), ('cards-dealt', 2)]
    >>> for_seat(happened, 4)
    Traceback (most recent call last):
      ...
    hokm.errors.InvalidSeatError: seat=4 is not a seat: seats are 0..3 at this 4-player table

    Raises:
        NotationTypeError: ``seat`` is not an int (``"0"`` from JSON text, say).
        InvalidSeatError: ``seat`` is not a seat of the table.
        ArgumentTypeError: ``events`` is not an iterable of events, or ``players`` not an int.
    """
    if players is not None and (players.__class__ is not int or not 2 <= players <= 16):
        raise ArgumentTypeError(f"for_seat() players must be an int from 2 to 16 (or None), "
                                f"got {_got(players)}")
    table = players if players is not None else getattr(events, "players", None)
    seat = _check_seat(seat, table)
    seen = []
    for event in _events(events, "for_seat"):
        mine = event.seen_by(seat)
        if mine is not None:
            seen.append(mine)
    return tuple(seen) if table is None else _Stream(seen, table)


# Openings and histories ----------------------------------------------------------------------------


def opening(state: HandState | MatchState) -> tuple[Event, ...]:
    """The events of the current hand's deal, before any action in it.

    ``HandStarted``, the Hakem's first packet (``CardsDealt``, his alone) and whatever happened
    by itself at the trump call (a blind indicator laid apart, a lone choice taken, every hand
    dealt where no call is made). Send a seat its share (``for_seat``) when a hand begins: a
    new match, or after a ``hokm.HandState`` is dealt; ``MatchState.apply_with_events``
    already includes the opening of every hand it deals.

    >>> import hokm
    >>> [e.tag for e in opening(hokm.Ruleset.compose("be-ranga").new_match(seed=1))]
    ['hand-started', 'cards-dealt', 'cards-dealt', 'cards-dealt', 'cards-dealt']
    """
    return replayed(state, "opening", whole=False)


@functools.singledispatch
def replayed(state: object, name: str, *, whole: bool) -> tuple[Event, ...]:
    """``opening`` (``whole=False``) and ``history`` (``whole=True``) of ``state``.

    ``HandState`` and ``MatchState`` register theirs where they are defined (their modules import
    this one, which imports neither): the replay itself is ``hokm._hand.events``'.
    """
    raise ArgumentTypeError(f"{name}() takes a HandState or a MatchState, got {_got(state)}")


def history(state: HandState | MatchState) -> tuple[Event, ...]:
    """Every event from the start of the hand (or of the match) to ``state``, in order.

    For a client that joins or reconnects: send it ``for_seat(history(state), seat)``. The
    hand or match is replayed from its deal, as a game record is.

    >>> import hokm
    >>> hand = hokm.Ruleset.compose().deal(hokm.full_deck())
    >>> for _ in range(3):
    ...     hand = hand.apply(hand.legal_actions()[0])
    >>> [e.tag for e in for_seat(history(hand), 3)]
    ['hand-started', 'trump-called', 'cards-dealt', 'card-played', 'card-played']
    """
    return replayed(state, "history", whole=True)
