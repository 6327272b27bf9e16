"""Suits, ranks and cards: plain values with no rules attached.

Cards are interned: there are exactly 52 ``Card`` objects, so equality and
hashing are integer operations and a hand can be stored as a 52-bit mask behind
the friendly API. Card *order* is not defined here because it depends on the
ruleset (the trump suit, Satat's 2♥); use ``Card.sort_key`` for display.

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
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import attrs

from hokm.errors import InvalidNotationError, NotationTypeError, _got, _shown

__all__ = ["Card", "Rank", "Suit", "cards", "full_deck"]


_SELECTORS = str.maketrans("", "", "\ufe0e\ufe0f")
"""The text (U+FE0E) and emoji (U+FE0F) presentation selectors: ``♥️`` is ``♥`` on a phone."""


def _normalized(text: str, what: str) -> str:
    """``text`` without surrounding whitespace or presentation selectors.

    Whitespace inside is refused, not skipped: ``"A ♠"`` and ``"1 0h"`` are typing slips.
    """
    if len(text) > 64:  # checked before any scan: a megabyte of text is refused at once
        raise InvalidNotationError(f"{_shown(text)} is not a {what}: far too long, e.g. 'A♠' or '10♥'")
    stripped = text.strip()
    if "\ufe0e" in stripped or "\ufe0f" in stripped:
        stripped = stripped.translate(_SELECTORS)
    if any(char.isspace() for char in stripped):
        raise InvalidNotationError(f"{_shown(text)} is not a {what}: it holds whitespace inside; "
                                   "write it without spaces or line breaks, e.g. 'A♠' or '10♥'")
    return stripped


class Suit(enum.Enum):
    """One of the four suits; the value is the suit symbol."""

    SPADES = "♠"
    HEARTS = "♥"
    DIAMONDS = "♦"
    CLUBS = "♣"

    _value_: str
    index: int
    """Position of the suit in ``Suit`` order (0-3); used for card indices."""

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

        A symbol may carry the emoji or text presentation selector phones add (``♥️``).

        >>> Suit.parse("h"), Suit.parse("♣"), Suit.parse("Spades"), Suit.parse("♥️")
        (Suit.HEARTS, Suit.CLUBS, Suit.SPADES, Suit.HEARTS)

        Raises:
            InvalidNotationError: ``text`` is not a suit.
            NotationTypeError: ``text`` is not a string.
        """
        if not isinstance(text, str):
            raise NotationTypeError(f"Suit.parse() takes a string such as '♥', 'h' or 'hearts', "
                                    f"got {_got(text)}")
        suit = _SUIT_ALIASES.get(_normalized(text, "suit").lower())
        if suit is None:
            raise InvalidNotationError(
                f"{_shown(text)} is not a suit: use a symbol (♠ ♥ ♦ ♣), a letter (S H D C) or a name"
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

        Raises:
            InvalidNotationError: ``text`` is not a rank.
            NotationTypeError: ``text`` is not a string (``Rank(10)`` makes a rank from a number).
        """
        if not isinstance(text, str):
            raise NotationTypeError(f"Rank.parse() takes a string such as 'A', '10' or 'T', "
                                    f"got {_got(text)}; Rank(10) makes a rank from a number")
        rank = _RANK_ALIASES.get(_normalized(text, "rank").upper())
        if rank is None:
            raise InvalidNotationError(
                f"{_shown(text)} is not a rank: use 2-10, T, J, Q, K or A"
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

    rank: Rank
    suit: Suit
    index: int = attrs.field(init=False, repr=False)
    """Position 0-51 in the canonical deck (suit-major, twos first)."""

    @index.default
    def _compute_index(self) -> int:
        # Checked here, before the index is computed from them (attrs validators run later).
        rank: object = self.rank
        suit: object = self.suit
        if not isinstance(rank, Rank) or not isinstance(suit, Suit):
            wrong = "rank" if not isinstance(rank, Rank) else "suit"
            expected = "a Rank such as Rank.ACE" if wrong == "rank" else "a Suit such as Suit.SPADES"
            raise NotationTypeError(f"Card() {wrong} must be {expected}, got "
                                    f"{_got(getattr(self, wrong))}; Card.parse('A♠') reads text")
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

        Raises:
            InvalidNotationError: ``index`` is outside 0-51.
            NotationTypeError: ``index`` is not an int (a bool, a float or a string is refused).
        """
        if index.__class__ is int and 0 <= index < 52:
            return _DECK[index]
        if isinstance(index, bool) or not isinstance(index, int):
            raise NotationTypeError(f"Card.from_index() takes an int index 0-51, got {_got(index)}")
        raise InvalidNotationError(f"card index {_shown(index)} is outside 0-51")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``A♠``, ``AS``, ``as``, ``10h``, ``Th``, ``10♥`` or ``A♥️`` (an emoji suit).

        Whitespace around the card is ignored; whitespace inside it is refused.

        Raises:
            InvalidNotationError: ``text`` is not a card.
            NotationTypeError: ``text`` is not a string.
        """
        card = _PARSE_CACHE.get(text) if text.__class__ is str else None
        if card is not None:
            return card
        if not isinstance(text, str):
            raise NotationTypeError(f"cannot parse {_got(text)} as a card: expected a string "
                                    "such as 'A♠' or '10h'")
        stripped = _normalized(text, "card")
        card = _PARSE_CACHE.get(stripped)
        if card is not None:
            return card
        if not stripped:
            raise InvalidNotationError(f"{_shown(text)} is not a card: it is empty; expected rank then "
                                       "suit, e.g. 'A♠'")
        if stripped.upper() in _RANK_ALIASES:
            raise InvalidNotationError(f"{_shown(text)} is not a card: no suit; expected rank then suit, "
                                       f"e.g. '{stripped.upper()}♠'")
        if stripped.lower() in _SUIT_ALIASES:
            raise InvalidNotationError(f"{_shown(text)} is not a card: no rank; expected rank then suit, "
                                       f"e.g. 'A{_SUIT_ALIASES[stripped.lower()].value}'")
        if len(stripped) < 2:
            raise InvalidNotationError(f"{_shown(text)} is not a card: expected rank then suit, e.g. 'A♠'")
        try:
            rank = Rank.parse(stripped[:-1])
            suit = Suit.parse(stripped[-1])
        except InvalidNotationError as error:
            raise InvalidNotationError(f"{_shown(text)} is not a card: {error}") from None
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
    """Parse many cards from a space/comma separated string or an iterable of strings.

    >>> cards("A♠, 10h Th")
    (Card.parse('A♠'), Card.parse('10♥'), Card.parse('10♥'))
    >>> cards("")
    ()

    Raises:
        InvalidNotationError: an item is not a card (the message says which).
        NotationTypeError: ``text`` is neither a string nor an iterable of strings.
    """
    if isinstance(text, str):
        items: Iterable[object] = text.replace(",", " ").split()
    elif isinstance(text, bytes | bytearray | Mapping) or not isinstance(text, Iterable):
        raise NotationTypeError(f"cards() takes a string such as 'A♠ K♠ 10♥' or an iterable of "
                                f"such strings, got {_got(text)}")
    else:
        items = text
    parsed = []
    for position, item in enumerate(items):
        if not isinstance(item, str):
            raise NotationTypeError(f"cards(): item {position:,} is {_got(item)}, not a string "
                                    "such as 'A♠'")
        try:
            parsed.append(Card.parse(item))
        except InvalidNotationError as error:
            if isinstance(text, str):
                raise
            raise InvalidNotationError(f"cards(): item {position:,}: {error}") from None
    return tuple(parsed)


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
