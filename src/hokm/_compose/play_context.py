"""``PlayContext``: what a legality hook sees on a turn (re-exported by ``hokm.context``, its public home).

Here, among the compiled modules, so that in the compiled build the card loop points the context at a
turn by native stores and a hook's reads (``ctx.led``, ``ctx.winning``, ``ctx.cards_of``) are native
calls; the pure build runs the same code.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from hokm._compose.card_sets import CARDS, frozen_cards
from hokm.cards import Card, Suit
from hokm.errors import ArgumentTypeError, _got
from hokm.table import Seat

if TYPE_CHECKING:
    from hokm.actions import Action
    from hokm.context import HandView
    from hokm.trick import Trick

__all__ = ["PlayContext"]

_SUITS: tuple[Suit, ...] = tuple(Suit)


class PlayContext:
    """What a legality rule may look at: the acting seat's hand and the trick so far.

    Built by the core for ``hokm_restrict_plays`` and ``hokm_restrict_void_plays``,
    and only when a plugin implements one; the ``Trick`` value is made only if
    a rule asks for it. Valid during the hook call only: the playout loop points
    one context at turn after turn, so keep the values read, not the context.
    Suits are effective suits (a card the ruleset counts in another suit than printed is of that suit).
    """

    # The random-play kernel keeps one context per playout, made with its plays and the table's seats
    # (_players), and points it at each turn by setting seat, _hand_mask, _trump, _since, _trick and _best,
    # and at each trick _start and _number (hokm._kernel.turns.narrowed: no call, no list of the trick's
    # plays a turn).
    __slots__ = ("_best", "_hand_mask", "_hand_view", "_number", "_players", "_plays", "_rules", "_since",
                 "_start", "_trick", "_tricks_of", "_trump", "announced", "seat")

    def __init__(self, rules: _LegalityTables, seat: Seat, hand_mask: int, trump: int,
                 trick_plays: Sequence[int], number: int, hand_view: HandView | None,
                 announced: Action | None = None, first_trump: int = 0,
                 tricks_of: Callable[[], tuple[Trick, ...]] | None = None) -> None:
        self.seat = seat
        """The seat about to play."""
        self._tricks_of = tricks_of  # the completed tricks, worked out only if a rule reads them
        self._rules = rules
        self._hand_mask = hand_mask
        self._trump = trump
        self._plays = trick_plays  # the trick's plays from _start: the hand's, as the kernel's loop has them
        self._start = 0
        self._number = number
        self._hand_view = hand_view
        self._trick: Trick | None = None
        self._since = first_trump  # the play of _plays from which trump-suit cards are trumps
        self._best = -1  # the seat winning the trick so far, where the caller knows it (else -1)
        self._players = 0  # the seats at the table, where the caller knows the winning seat
        self.announced = announced
        """The announcement this seat made on this turn before its card (M3), if any."""

    @property
    def trump(self) -> Suit | None:
        """The trump suit (``None`` while the hand is played without one: before a trump the ruleset
        fixes during play is known)."""
        return _SUITS[self._trump] if self._trump < 4 else None

    @property
    def led(self) -> Suit | None:
        """The effective led suit, or ``None`` when this seat leads."""
        plays, start = self._plays, self._start
        return self._rules.suit_objects[self._trump][plays[start] & 63] if len(plays) > start else None

    @property
    def trick(self) -> Trick:
        """The trick so far (possibly empty)."""
        if self._trick is None:
            self._trick = self._rules.trick_value(self._plays[self._start:], self._trump, self._number,
                                                  first_trump=self._first_trump())
        return self._trick

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The hand's completed tricks, with their winners (for rules such as "trumps not broken")."""
        if self._tricks_of is not None:
            return self._tricks_of()
        return () if self._hand_view is None else self._hand_view.tricks

    @property
    def winning(self) -> Card | None:
        """The card winning the trick so far by the standard rule (``trick.winning_play()``'s
        card, read from the tables without building the trick), or ``None`` when this seat leads."""
        plays, start = self._plays, self._start
        if len(plays) == start:
            return None
        best = self._best
        if best >= 0:  # (the kernel knows the seat: it played as many cards after the lead as it sits after
            # the leader)
            return CARDS[plays[start + (best - (plays[start] >> 6)) % self._players] & 63]
        return self._rules.winning_card(plays[start:], self._trump, self._first_trump())

    def _first_trump(self) -> int:
        """The position in the trick from which trump-suit cards are trumps (``Trick.first_trump``)."""
        return self._since - self._start if self._since > self._start else 0

    @property
    def hand(self) -> frozenset[Card]:
        """The cards the acting seat holds."""
        return frozen_cards(self._hand_mask)

    def cards_of(self, suit: Suit, *, beating: Card | None = None) -> frozenset[Card]:
        """The cards of the hand whose *effective* suit is ``suit``; with ``beating``, only those that
        beat that card: ``cards_of(suit) & cards_beating(beating)`` read from the tables at once,
        without building the larger set (what a rule that must beat the winning card asks)."""
        if suit.__class__ is not Suit:
            raise ArgumentTypeError(f"cards_of() takes a Suit, got {_got(suit)}")
        mask = self._hand_mask & self._rules.suit_masks[self._trump][suit.index]
        if beating is not None:
            if beating.__class__ is not Card:
                raise ArgumentTypeError(f"cards_of(beating=...) takes a Card, got {_got(beating)}")
            mask &= (self._rules.beater_rows[self._trump] or self._rules.beaters(self._trump))[beating.index]
        return frozen_cards(mask)

    def holds(self, suit: Suit) -> bool:
        """Whether the hand holds a card of effective suit ``suit`` (cheaper than ``cards_of``)."""
        if suit.__class__ is not Suit:
            raise ArgumentTypeError(f"holds() takes a Suit, got {_got(suit)}")
        return bool(self._hand_mask & self._rules.suit_masks[self._trump][suit.index])

    def cards_beating(self, card: Card) -> frozenset[Card]:
        """The cards of the hand that beat ``card`` (``beats``), read from the tables:
        ``ctx.cards_beating(ctx.winning)`` are the cards that would take the trick now."""
        if card.__class__ is not Card:
            raise ArgumentTypeError(f"cards_beating() takes a Card, got {_got(card)}")
        return frozen_cards(self._hand_mask & self._rules.beaters(self._trump)[card.index])

    def beats(self, card: Card, other: Card) -> bool:
        """Whether ``card`` beats ``other`` under this ruleset and trump (``Trick.beats``: read from
        the tables, without building the trick)."""
        if card.__class__ is not Card or other.__class__ is not Card:
            raise ArgumentTypeError(f"beats() takes two Cards, got {_got(card)} and {_got(other)}")
        trump = self._trump
        trick_suits, ranks = self._rules.trick_suit_of[trump], self._rules.rank_of[trump]
        card_suit, other_suit = trick_suits[card.index], trick_suits[other.index]
        if card_suit == other_suit:
            return ranks[card.index] > ranks[other.index]
        return trump < 4 and card_suit == trump


class _LegalityTables(Protocol):
    """What a ``PlayContext`` reads of the composed rules (the engine's tables)."""

    @property
    def suit_objects(self) -> Sequence[tuple[Suit, ...]]: ...
    @property
    def suit_masks(self) -> Sequence[tuple[int, ...]]: ...
    @property
    def beater_rows(self) -> Sequence[tuple[int, ...] | None]: ...
    @property
    def trick_suit_of(self) -> Sequence[tuple[int, ...]]: ...
    @property
    def rank_of(self) -> Sequence[tuple[int, ...]]: ...
    def beaters(self, trump: int) -> tuple[int, ...]: ...
    def winning_card(self, plays: Sequence[int], trump: int, first_trump: int = 0) -> Card: ...
    def trick_value(self, plays: Sequence[int], trump: int, number: int,
                    winner: int | None = None, *, first_trump: int = 0) -> Trick: ...
