"""Suits, ranks and cards: plain values with no rules attached.

Cards are interned: there are exactly 52 :class:`Card` objects, so equality and
hashing are integer operations and a hand can be stored as a 52-bit mask behind
the friendly API. Card *order* is not defined here because it depends on the
ruleset (the trump suit, Satat's 2♥); use :attr:`Card.sort_key` for display.

>>> from hokm import Card, cards
>>> Card.parse("10h")
Card.parse('10♥')
>>> str(Card.parse("as"))
'A♠'
>>> [str(c) for c in cards("A♠ K♠ 10♥")]
['A♠', 'K♠', '10♥']
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from hokm.errors import InvalidNotationError

__all__ = ["Card", "Rank", "Suit", "cards", "full_deck"]


class Suit(enum.Enum):
    """One of the four suits; the value is the suit symbol."""

    SPADES = "♠"
    HEARTS = "♥"
    DIAMONDS = "♦"
    CLUBS = "♣"

    _value_: str
    index: int
    """Position of the suit in :class:`Suit` order (0-3); used for card indices."""

    def __init__(self, symbol: str) -> None:
        # A plain attribute, not a property: it is read on every card played.
        self.index = len(type(self).__members__)

    @property
    def letter(self) -> str:
        """The ASCII letter of the suit (``S``, ``H``, ``D``, ``C``)."""
        return self.name[0]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red (used by the docs when rendering hands)."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit symbol, letter or English name (``♥``, ``h``, ``hearts``).

        >>> Suit.parse("h"), Suit.parse("♣"), Suit.parse("Spades")
        (Suit.HEARTS, Suit.CLUBS, Suit.SPADES)
        """
        suit = _SUIT_ALIASES.get(text.strip().lower())
        if suit is None:
            raise InvalidNotationError(
                f"{text!r} is not a suit: use a symbol (♠ ♥ ♦ ♣), a letter (S H D C) or a name"
            )
        return suit

    def __str__(self) -> str:
        return self._value_

    def __repr__(self) -> str:
        return f"Suit.{self.name}"  # evaluates, like every hokm value's repr


_SUIT_ALIASES: dict[str, Suit] = {}
for _suit in Suit:
    _SUIT_ALIASES[_suit.value] = _suit
    _SUIT_ALIASES[_suit.letter.lower()] = _suit
    _SUIT_ALIASES[_suit.name.lower()] = _suit
# Text-presentation variants some keyboards and fonts produce.
_SUIT_ALIASES.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})


class Rank(enum.IntEnum):
    """Card rank; the integer value is the natural order (A high)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """``2`` … ``10``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_SYMBOLS.get(self, str(self.value))

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse ``A``, ``k``, ``10``, ``T`` (ten) or a number 2-10.

        >>> Rank.parse("t"), Rank.parse("10"), Rank.parse("a")
        (Rank.TEN, Rank.TEN, Rank.ACE)
        """
        rank = _RANK_ALIASES.get(text.strip().upper())
        if rank is None:
            raise InvalidNotationError(
                f"{text!r} is not a rank: use 2-10, T, J, Q, K or A"
            )
        return rank

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_SYMBOLS = {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"}
_RANK_ALIASES: dict[str, Rank] = {str(r.value): r for r in Rank if r <= Rank.TEN}
_RANK_ALIASES.update({sym: r for r, sym in _RANK_SYMBOLS.items()})
_RANK_ALIASES["T"] = Rank.TEN


def _card_index(card: Card) -> int:
    return card.suit.index * 13 + (card.rank - 2)


@attrs.frozen(eq=False, order=False)
class Card:
    """A playing card.

    Equality and hashing use the card's index (0-51), so cards work as cheap
    set members and dict keys. Cards have no ``<``: which card is higher
    depends on the ruleset and the trump suit.

    >>> Card(Rank.QUEEN, Suit.HEARTS) == Card.parse("qh")
    True
    >>> eval(repr(Card.parse("Q♥"))) == Card.parse("Q♥")
    True
    """

    rank: Rank = attrs.field(validator=attrs.validators.instance_of(Rank))
    suit: Suit = attrs.field(validator=attrs.validators.instance_of(Suit))
    index: int = attrs.field(init=False, repr=False)
    """Position 0-51 in the canonical deck (suit-major, twos first)."""

    @index.default
    def _compute_index(self) -> int:
        return _card_index(self)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self.index == other.index
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self.index != other.index
        return NotImplemented

    def __hash__(self) -> int:
        return self.index

    def __str__(self) -> str:
        return f"{self.rank.symbol}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """IPython / Hypothesis pretty printing: the evaluable repr, not the attrs fields."""
        printer.text(repr(self))

    @property
    def sort_key(self) -> tuple[int, int]:
        """Canonical display order: by suit (♠ ♥ ♦ ♣), then rank high to low."""
        return (self.suit.index, -self.rank)

    @property
    def mask(self) -> int:
        """The card as a one-bit mask (``1 << index``)."""
        return 1 << self.index

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The interned card at ``index`` (0-51).

        >>> Card.from_index(51)
        Card.parse('A♣')
        """
        if not 0 <= index < 52:
            raise InvalidNotationError(f"card index {index} is outside 0-51")
        return _DECK[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``A♠``, ``AS``, ``as``, ``10h``, ``Th`` or ``10♥``.

        Raises:
            InvalidNotationError: ``text`` is not a card.
        """
        if not isinstance(text, str):
            raise InvalidNotationError(f"cannot parse {text!r} as a card: expected a string")
        stripped = text.strip()
        card = _PARSE_CACHE.get(stripped)
        if card is not None:
            return card
        if len(stripped) < 2:
            raise InvalidNotationError(f"{text!r} is not a card: expected rank then suit, e.g. 'A♠'")
        try:
            rank = Rank.parse(stripped[:-1])
            suit = Suit.parse(stripped[-1])
        except InvalidNotationError as error:
            raise InvalidNotationError(f"{text!r} is not a card: {error}") from None
        return _DECK[suit.index * 13 + rank - 2]


_DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
_PARSE_CACHE: dict[str, Card] = {}
for _card in _DECK:
    for _r in {_card.rank.symbol} | ({"T"} if _card.rank == Rank.TEN else set()):
        for _s in (_card.suit.value, _card.suit.letter):
            for _text in (_r + _s, (_r + _s).lower()):
                _PARSE_CACHE[_text] = _card


def full_deck() -> tuple[Card, ...]:
    """The 52 cards in canonical index order (♠2 … ♠A, ♥2 … ♣A)."""
    return _DECK


def cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse many cards from a space/comma separated string or an iterable.

    >>> cards("A♠, 10h Th")
    (Card.parse('A♠'), Card.parse('10♥'), Card.parse('10♥'))
    >>> cards("")
    ()
    """
    items: Iterable[str] = text.replace(",", " ").split() if isinstance(text, str) else text
    return tuple(Card.parse(item) for item in items)


def cards_in_mask(mask: int) -> Iterator[Card]:
    """The cards whose bits are set in ``mask``, in index order."""
    while mask:
        low = mask & -mask
        yield _DECK[low.bit_length() - 1]
        mask ^= low


def mask_of(collection: Iterable[Card]) -> int:
    """The 52-bit mask of a collection of cards."""
    mask = 0
    for card in collection:
        mask |= 1 << card.index
    return mask


# One printed suit's cards (a 13-bit segment of a mask) as a frozenset, memoised per suit:
# larger sets are unions of these, which reuse the stored hashes instead of calling Card.__hash__.
_SUIT_SETS: tuple[dict[int, frozenset[Card]], ...] = ({}, {}, {}, {})


def _suit_set(suit: int, bits: int) -> frozenset[Card]:
    """One suit's cards as a frozenset (``bits`` 0 is the empty set, which is falsy: not stored)."""
    if not bits:
        return _NO_CARDS
    found = _SUIT_SETS[suit].get(bits)
    if found is None:
        found = _SUIT_SETS[suit][bits] = frozenset(cards_in_mask(bits << 13 * suit))
    return found


_SUIT_GETS = tuple(sets.get for sets in _SUIT_SETS)
_NO_CARDS: frozenset[Card] = frozenset()
_SINGLE_SUIT_SETS: dict[int, frozenset[Card]] = {}  # by whole mask: at most 4 x 8191 entries


def frozen_cards(mask: int) -> frozenset[Card]:
    """The cards of ``mask`` as a frozenset, memoised (legal sets repeat a lot).

    Single-suit sets are memoised by mask; a set over several suits is the union
    of the suits' sets, which reuses their stored hashes instead of calling
    ``Card.__hash__``.
    """
    found = _SINGLE_SUIT_SETS.get(mask)
    if found is not None:
        return found
    if not mask:
        return _NO_CARDS
    top = (mask.bit_length() - 1) // 13  # the highest suit present
    shift = 13 * top
    high = mask >> shift
    if high << shift == mask:  # one suit: the usual legal set
        found = _SINGLE_SUIT_SETS[mask] = _suit_set(top, high)
        return found
    spades_get, hearts_get, diamonds_get, clubs_get = _SUIT_GETS
    spades = spades_get(mask & 0x1FFF) or _suit_set(0, mask & 0x1FFF)
    hearts = hearts_get(mask >> 13 & 0x1FFF) or _suit_set(1, mask >> 13 & 0x1FFF)
    diamonds = diamonds_get(mask >> 26 & 0x1FFF) or _suit_set(2, mask >> 26 & 0x1FFF)
    return spades.union(hearts, diamonds, clubs_get(mask >> 39) or _suit_set(3, mask >> 39))
