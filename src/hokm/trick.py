"""The ``Trick`` value: plays in order, the trump, and the ruleset's view of each card.

A trick compares cards by the composed ruleset's *effective* suits and ranks
(Satat's 2♥ counts as a trump), so plugins ask a trick rather than knowing
which other variants are active.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from hokm.cards import Card, Suit
from hokm.errors import ArgumentTypeError, _got
from hokm.table import Seat

__all__ = ["Trick"]

_PRINTED_SUITS: tuple[Suit, ...] = tuple(Card.from_index(i).suit for i in range(52))
_PRINTED_RANKS: tuple[int, ...] = tuple(int(Card.from_index(i).rank) for i in range(52))


def _plays(value: Sequence[tuple[int, Card]]) -> tuple[tuple[Seat, Card], ...]:
    return tuple((Seat(int(seat)), card) for seat, card in value)


@attrs.frozen
class Trick:
    """A trick: the plays in order, the trump, and (once complete) the winner.

    ``suit_of``, ``trick_suit_of`` and ``rank_of`` answer with the ruleset's
    effective suit, trick suit and rank.

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
    _trick_suits: tuple[Suit, ...] = attrs.field(default=_PRINTED_SUITS, kw_only=True, eq=False,
                                                 repr=False)
    _ranks: tuple[int, ...] = attrs.field(default=_PRINTED_RANKS, kw_only=True, eq=False, repr=False)
    first_trump: int = attrs.field(default=0, kw_only=True)
    """The position from which cards of the trump suit count as trumps: 0 unless the trump
    appeared during this trick (a reveal, be-ranga's fixing card). An earlier card of the
    trump suit is an ordinary card, unless the trump suit was led."""

    @classmethod
    def _trusted(cls, plays: tuple[tuple[Seat, Card], ...], trump: Suit | None, number: int,
                 winner: Seat | None, suits: tuple[Suit, ...], trick_suits: tuple[Suit, ...],
                 ranks: tuple[int, ...], first_trump: int = 0) -> Trick:
        """Build from values the core already checked, skipping converters (once per trick, and for
        every ``PlayContext.trick`` a legality rule reads: each slot is set through its descriptor,
        at about half the cost of ``object.__setattr__``)."""
        trick: Trick = object.__new__(cls)
        _SET_PLAYS(trick, plays)
        _SET_TRUMP(trick, trump)
        _SET_NUMBER(trick, number)
        _SET_WINNER(trick, winner)
        _SET_SUITS(trick, suits)
        _SET_TRICK_SUITS(trick, trick_suits)
        _SET_RANKS(trick, ranks)
        _SET_FIRST_TRUMP(trick, first_trump)
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
        if card.__class__ is not Card:
            raise _not_a_card("suit_of", card)
        return self._suits[card.index]

    def trick_suit_of(self, card: Card) -> Suit:
        """The suit ``card`` competes in when the trick is decided (usually its effective suit)."""
        if card.__class__ is not Card:
            raise _not_a_card("trick_suit_of", card)
        return self._trick_suits[card.index]

    def contest_suit_of(self, card: Card) -> Suit:
        """Deprecated spelling of ``trick_suit_of`` (one name per idea: the *trick suit*)."""
        return self.trick_suit_of(card)

    def rank_of(self, card: Card) -> int:
        """The strength of ``card`` within its effective suit (higher beats lower)."""
        if card.__class__ is not Card:
            raise _not_a_card("rank_of", card)
        return self._ranks[card.index]

    def beats(self, card: Card, other: Card) -> bool:
        """Whether ``card`` would beat ``other`` if ``other`` were winning this trick."""
        if card.__class__ is not Card or other.__class__ is not Card:
            raise _not_a_card("beats", other if card.__class__ is Card else card)
        return self._beats(card, other)

    def _beats(self, card: Card, other: Card) -> bool:
        card_suit, other_suit = self._trick_suits[card.index], self._trick_suits[other.index]
        if card_suit == other_suit:
            return self._ranks[card.index] > self._ranks[other.index]
        return self.trump is not None and card_suit == self.trump

    def winning_play(self) -> tuple[Seat, Card] | None:
        """The play currently winning by the standard rule (highest trump, else highest of the led suit)."""
        if not self.plays:
            return None
        best = self.plays[0]
        late = self.first_trump and self._trick_suits[best[1].index] != self.trump
        for position, play in enumerate(self.plays[1:], 1):
            if late and position < self.first_trump and self._trick_suits[play[1].index] == self.trump:
                continue  # played before the trump appeared: an ordinary card off the led suit
            if self._beats(play[1], best[1]):
                best = play
        return best

    def default_winner(self) -> Seat:
        """The standard winner: the highest trump, else the highest card of the led suit."""
        best = self.winning_play()
        if best is None:
            raise ValueError("an empty trick has no winner")
        return best[0]


# The slots' setters, which a frozen class's own __setattr__ refuses (Trick._trusted).
(_SET_PLAYS, _SET_TRUMP, _SET_NUMBER, _SET_WINNER, _SET_SUITS, _SET_TRICK_SUITS, _SET_RANKS,
 _SET_FIRST_TRUMP) = (Trick.__dict__[name].__set__ for name in (
    "plays", "trump", "number", "winner", "_suits", "_trick_suits", "_ranks", "first_trump"))


def _not_a_card(method: str, value: object) -> ArgumentTypeError:
    """The error for a value given to ``Trick.<method>`` where a ``Card`` belongs."""
    return ArgumentTypeError(f"Trick.{method}() takes a Card, got {_got(value)}")
