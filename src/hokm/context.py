"""Read-only values handed to hooks, and the small values hooks return.

Hooks never receive anything they could mutate: every argument is an immutable
value from this module, :mod:`hokm.cards` or :mod:`hokm.table`, or a read-only
view of a state (:class:`HandView`, :class:`MatchView`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, Protocol

import attrs

from hokm.cards import Card, Suit, frozen_cards
from hokm.table import Seat, TableLayout, Team

if TYPE_CHECKING:
    from hokm.actions import Action

__all__ = [
    "Capture",
    "DealPattern",
    "Decision",
    "HandScore",
    "HandView",
    "Kot",
    "MatchView",
    "Packets",
    "PlayContext",
    "RulesetInfo",
    "StockDraw",
    "Trick",
    "VariantInfo",
]

_PRINTED_SUITS: tuple[Suit, ...] = tuple(Card.from_index(i).suit for i in range(52))
_PRINTED_RANKS: tuple[int, ...] = tuple(int(Card.from_index(i).rank) for i in range(52))


def _plays(value: Sequence[tuple[int, Card]]) -> tuple[tuple[Seat, Card], ...]:
    return tuple((Seat(int(seat)), card) for seat, card in value)


@attrs.frozen
class Trick:
    """A trick: the plays in order, the trump, and (once complete) the winner.

    ``suit_of`` and ``rank_of`` answer with the ruleset's *effective* suit and
    rank (Satat's 2♥ counts as a trump), so plugins compare cards without
    knowing which other variants are active.

    >>> from hokm import Card, Suit
    >>> trick = Trick([(0, Card.parse("Q♠")), (1, Card.parse("2♥")), (2, Card.parse("A♠"))],
    ...               trump=Suit.HEARTS)
    >>> trick.led, trick.default_winner()
    (Suit.SPADES, 1)
    """

    plays: tuple[tuple[Seat, Card], ...] = attrs.field(converter=_plays)
    trump: Suit | None = attrs.field(default=None)
    number: int = attrs.field(default=1, kw_only=True)
    """1-based position of the trick in its hand."""
    winner: Seat | None = attrs.field(default=None, kw_only=True)
    """The trick's winner once it is complete, else ``None``."""
    _suits: tuple[Suit, ...] = attrs.field(default=_PRINTED_SUITS, kw_only=True, eq=False, repr=False)
    _contests: tuple[Suit, ...] = attrs.field(default=_PRINTED_SUITS, kw_only=True, eq=False, repr=False)
    _ranks: tuple[int, ...] = attrs.field(default=_PRINTED_RANKS, kw_only=True, eq=False, repr=False)

    @classmethod
    def _trusted(cls, plays: tuple[tuple[Seat, Card], ...], trump: Suit, number: int,
                 winner: Seat | None, suits: tuple[Suit, ...], contests: tuple[Suit, ...],
                 ranks: tuple[int, ...]) -> Trick:
        """Build from values the core already checked, skipping converters (once per trick)."""
        trick: Trick = object.__new__(cls)
        setattr_ = object.__setattr__
        setattr_(trick, "plays", plays)
        setattr_(trick, "trump", trump)
        setattr_(trick, "number", number)
        setattr_(trick, "winner", winner)
        setattr_(trick, "_suits", suits)
        setattr_(trick, "_contests", contests)
        setattr_(trick, "_ranks", ranks)
        return trick

    @property
    def leader(self) -> Seat | None:
        """The seat that led, or ``None`` for an empty trick."""
        return self.plays[0][0] if self.plays else None

    @property
    def led(self) -> Suit | None:
        """The effective suit of the first card, or ``None`` for an empty trick."""
        return self._suits[self.plays[0][1].index] if self.plays else None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in play order."""
        return tuple(card for _, card in self.plays)

    def suit_of(self, card: Card) -> Suit:
        """The suit ``card`` follows as under this ruleset and trump (its effective suit)."""
        return self._suits[card.index]

    def contest_suit_of(self, card: Card) -> Suit:
        """The suit ``card`` competes in when the trick is decided (usually its effective suit)."""
        return self._contests[card.index]

    def rank_of(self, card: Card) -> int:
        """The strength of ``card`` within its effective suit (higher beats lower)."""
        return self._ranks[card.index]

    def beats(self, card: Card, other: Card) -> bool:
        """Whether ``card`` would beat ``other`` if ``other`` were winning this trick."""
        card_suit, other_suit = self._contests[card.index], self._contests[other.index]
        if card_suit == other_suit:
            return self._ranks[card.index] > self._ranks[other.index]
        return self.trump is not None and card_suit == self.trump

    def winning_play(self) -> tuple[Seat, Card] | None:
        """The play currently winning by the standard rule (highest trump, else highest of the led suit)."""
        if not self.plays:
            return None
        best = self.plays[0]
        for play in self.plays[1:]:
            if self.beats(play[1], best[1]):
                best = play
        return best

    def default_winner(self) -> Seat:
        """The standard winner: the highest trump, else the highest card of the led suit."""
        best = self.winning_play()
        if best is None:
            raise ValueError("an empty trick has no winner")
        return best[0]


class PlayContext:
    """What a legality rule may look at: the acting seat's hand and the trick so far.

    Built by the core for ``hokm_restrict_plays`` and ``hokm_restrict_void_plays``,
    and only when a plugin implements one; the :class:`Trick` value is made only if
    a rule asks for it. Valid during the hook call. Suits are effective suits
    (Satat's 2♥ is a trump under its default option).
    """

    __slots__ = ("_hand_mask", "_hand_view", "_make_trick", "_suit_masks", "_trick", "_trick_args", "led",
                 "seat", "trump")

    def __init__(self, seat: Seat, hand_mask: int, trump: Suit, led: Suit | None,
                 suit_masks: tuple[int, ...], make_trick: Callable[..., Trick],
                 trick_args: tuple[object, ...] = (), hand_view: HandView | None = None) -> None:
        self.seat = seat
        """The seat about to play."""
        self.trump = trump
        """The trump suit."""
        self.led = led
        """The effective led suit, or ``None`` when this seat leads."""
        self._hand_mask = hand_mask
        self._suit_masks = suit_masks
        self._make_trick = make_trick
        self._trick_args = trick_args
        self._hand_view = hand_view
        self._trick: Trick | None = None

    @property
    def trick(self) -> Trick:
        """The trick so far (possibly empty)."""
        if self._trick is None:
            self._trick = self._make_trick(*self._trick_args)
        return self._trick

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The hand's completed tricks, with their winners (for rules such as "trumps not broken")."""
        return () if self._hand_view is None else self._hand_view.tricks

    @property
    def hand(self) -> frozenset[Card]:
        """The cards the acting seat holds."""
        return frozen_cards(self._hand_mask)

    def cards_of(self, suit: Suit) -> frozenset[Card]:
        """The cards of the hand whose *effective* suit is ``suit``."""
        return frozen_cards(self._hand_mask & self._suit_masks[suit.index])

    def holds(self, suit: Suit) -> bool:
        """Whether the hand holds a card of effective suit ``suit`` (cheaper than ``cards_of``)."""
        return bool(self._hand_mask & self._suit_masks[suit.index])

    def beats(self, card: Card, other: Card) -> bool:
        """Whether ``card`` beats ``other`` under this ruleset and trump."""
        return self.trick.beats(card, other)


class HandView(Protocol):
    """The read-only face of a hand that hooks see (a :class:`hokm.HandState` satisfies it)."""

    @property
    def layout(self) -> TableLayout: ...
    @property
    def hakem(self) -> Seat: ...
    @property
    def dealer(self) -> Seat: ...
    @property
    def trump(self) -> Suit | None: ...
    @property
    def tricks_total(self) -> int: ...
    @property
    def tricks_played(self) -> int: ...
    @property
    def tricks_left(self) -> int: ...
    @property
    def winners(self) -> tuple[Seat, ...]: ...
    @property
    def collectors(self) -> tuple[Seat | None, ...]: ...
    @property
    def tricks_won(self) -> tuple[int, ...]: ...
    @property
    def team_tricks(self) -> tuple[int, ...]: ...
    @property
    def pile(self) -> int: ...
    @property
    def tricks(self) -> tuple[Trick, ...]: ...
    @property
    def decisions(self) -> tuple[tuple[Seat, Action], ...]: ...
    @property
    def kot_team(self) -> Team | None: ...
    def team_of(self, seat: int) -> Team: ...
    def first_tricks_by(self, count: int) -> Team | None: ...


class MatchView(Protocol):
    """The read-only face of a match that match-level hooks see."""

    @property
    def layout(self) -> TableLayout: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def results(self) -> tuple[HandResultLike, ...]: ...


class HandResultLike(Protocol):
    """What match-level hooks read of a finished hand (:class:`hokm.HandResult`)."""

    @property
    def winner(self) -> Team: ...
    @property
    def points(self) -> int: ...
    @property
    def kot(self) -> bool: ...
    @property
    def hakem(self) -> Seat: ...
    @property
    def label(self) -> str: ...


def _reasons(value: Mapping[str, str] | Iterable[str]) -> tuple[tuple[str, str], ...]:
    if isinstance(value, Mapping):
        return tuple(sorted((str(k), str(v)) for k, v in value.items()))
    return tuple(sorted((str(name), "") for name in value))


def _names(value: Iterable[str]) -> frozenset[str]:
    return frozenset(value)


@attrs.frozen
class VariantInfo:
    """What a variant declares about itself.

    Attributes:
        summary: one line for ``hokm variants`` and the docs.
        name: the canonical (entry-point) name; derived from the class name if empty.
        conflicts: variant names this one cannot run with, each with the reason
            (give a mapping name -> reason, or just names).
        requires: variant names that must be selected too.
        source: where the rule comes from (RULES.md section or a citation).
    """

    summary: str
    name: str = ""
    conflicts: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_reasons)
    requires: frozenset[str] = attrs.field(default=frozenset(), converter=_names)
    source: str = ""

    @property
    def conflict_names(self) -> frozenset[str]:
        """The names this variant declares a conflict with."""
        return frozenset(name for name, _ in self.conflicts)

    def conflict_reason(self, name: str) -> str:
        """Why this variant cannot run with ``name`` ("" if no reason was given)."""
        return dict(self.conflicts).get(name, "")


@attrs.frozen
class RulesetInfo:
    """The composition being checked by ``hokm_check_ruleset``: names in the order given."""

    variants: tuple[str, ...]

    def __contains__(self, name: object) -> bool:
        return name in self.variants


def _sizes(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


@attrs.frozen
class Packets:
    """Deal in rounds of packets, in play order starting with the Hakem.

    The deal pauses after the Hakem's first packet; the Hakem calls trump having
    seen exactly those cards, then the rest is dealt. ``Packets((5, 4, 4))`` is
    pagat's deal.
    """

    sizes: tuple[int, ...] = attrs.field(converter=_sizes)

    @sizes.validator
    def _check(self, _attribute: object, value: tuple[int, ...]) -> None:
        if not value or any(not isinstance(v, int) or v < 1 for v in value):
            raise ValueError(f"packet sizes must be positive integers, got {value!r}")

    @property
    def hand_size(self) -> int:
        """Cards each seat holds once the deal is complete."""
        return sum(self.sizes)


@attrs.frozen
class StockDraw:
    """Two-player deal: a first packet each, trump, then keep/reject draws from the stock.

    On each turn (Hakem first) the drawer sees the top card and keeps it (the
    next card is discarded) or rejects it (and must take the next card), until
    every seat holds ``hand_size`` cards.
    """

    first_packet: int = 5
    hand_size: int = 13
    second_card_seen: bool = False
    """Whether the drawer sees the card discarded after a keep (information only)."""


DealPattern = Packets | StockDraw
"""The deal procedures the core knows how to run."""


@attrs.frozen
class Capture:
    """Who collects the tricks lying in the centre after a trick, if anyone.

    ``Capture(seat)``: ``seat`` collects every uncollected trick (the one just
    won included) for his team. ``Capture(None)``: the trick stays in the
    centre (Double Sar).
    """

    collector: Seat | None

    NOBODY: ClassVar[Capture]

    @classmethod
    def of(cls, seat: int | None) -> Capture:
        """The shared ``Capture`` for ``seat`` (cheaper than building one per trick).

        >>> Capture.of(2) is Capture.of(2), Capture.of(None) is Capture.NOBODY
        (True, True)
        """
        found = _CAPTURES.get(seat)
        if found is None:
            found = _CAPTURES[seat] = cls(seat)  # type: ignore[arg-type]
        return found


_CAPTURES: dict[int | None, Capture] = {}
Capture.NOBODY = Capture.of(None)


@attrs.frozen
class Kot:
    """The answer of ``hokm_kot``: ``Kot(team)`` swept the hand, ``Kot.NONE``: nobody did."""

    team: Team | None

    NONE: ClassVar[Kot]


Kot.NONE = Kot(None)


@attrs.frozen
class HandScore:
    """The outcome of a hand as the scoring rules see it.

    Attributes:
        winner: the team that won the hand.
        points: what the winner scores (0 is allowed: a Court Piece deal won without a court).
        kot: this hand was a sweep as the variant defines it.
        label: a short name for the outcome ("win", "kot", "hakem-kot", "bavney", ...).
    """

    winner: Team
    points: int
    kot: bool = False
    label: str = "win"


def _actions(value: Iterable[Action]) -> tuple[Action, ...]:
    return tuple(value)


@attrs.frozen
class Decision:
    """A blocking decision: only ``options`` are legal until ``seat`` picks one."""

    seat: Seat
    options: tuple[Action, ...] = attrs.field(converter=_actions)
    reason: str = ""
