"""Cards, suits, ranks and their notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hokm
from hokm import Card, InvalidNotationError, Rank, Suit, cards
from hokm._compose.card_sets import frozen_cards
from hokm._compose.masks import indices_of
from hokm.cards import cards_in_mask, mask_of


@pytest.mark.parametrize(
    ("text", "expected"),
    [("A♠", "A♠"), ("AS", "A♠"), ("as", "A♠"), ("10h", "10♥"), ("Th", "10♥"), ("10♥", "10♥"),
     ("tH", "10♥"), ("2c", "2♣"), ("qd", "Q♦"), (" K♣ ", "K♣"), ("j♡", "J♥")],
)
def test_parse_accepts_every_documented_spelling(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "A", "1♠", "11h", "Ax", "♠A", "AS ", "10", "ZZ", "A♠♠"])
def test_parse_rejects_malformed_text_naming_it(text: str) -> None:
    if text == "AS ":  # surrounding blanks are fine
        assert Card.parse(text) == Card(Rank.ACE, Suit.SPADES)
        return
    with pytest.raises(InvalidNotationError, match="not a card"):
        Card.parse(text)


def test_parse_rejects_non_strings() -> None:
    with pytest.raises(InvalidNotationError, match="expected a string"):
        Card.parse(14)  # type: ignore[arg-type]


def test_invalid_notation_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        Card.parse("Q")


@given(st.integers(0, 51))
def test_str_parse_and_repr_round_trip(index: int) -> None:
    card = Card.from_index(index)
    assert Card.parse(str(card)) is card
    assert eval(repr(card), {"Card": Card}) == card
    assert card.index == index


def test_cards_are_interned_and_equal_to_constructed_ones() -> None:
    built = Card(Rank.QUEEN, Suit.HEARTS)
    assert built == Card.parse("Q♥")
    assert hash(built) == hash(Card.parse("Q♥"))
    assert built != Card.parse("Q♦")
    assert {built, Card.parse("qh")} == {Card.parse("Q♥")}
    assert (built == "Q♥") is False


def test_cards_have_no_natural_order() -> None:
    with pytest.raises(TypeError):
        _ = Card.parse("A♠") < Card.parse("K♠")  # type: ignore[operator]


def test_cards_are_frozen() -> None:
    card = Card.parse("A♠")
    with pytest.raises(AttributeError):
        card.rank = Rank.TWO  # type: ignore[misc]


def test_card_validates_its_fields() -> None:
    with pytest.raises(TypeError):
        Card(14, Suit.SPADES)  # type: ignore[arg-type]


def test_cards_helper_parses_strings_and_iterables() -> None:
    assert cards("A♠ K♠, 10♥") == (Card.parse("A♠"), Card.parse("K♠"), Card.parse("10♥"))
    assert cards(["2c", "3d"]) == (Card.parse("2♣"), Card.parse("3♦"))
    with pytest.raises(InvalidNotationError):
        cards("A♠ X♠")


def test_full_deck_is_52_distinct_cards() -> None:
    deck = hokm.full_deck()
    assert len(deck) == 52 == len(set(deck))
    assert [card.index for card in deck] == list(range(52))


def test_from_index_rejects_out_of_range() -> None:
    with pytest.raises(InvalidNotationError, match="outside 0-51"):
        Card.from_index(52)


def test_suit_and_rank_parsing() -> None:
    assert Suit.parse("hearts") is Suit.HEARTS
    assert Suit.parse("D") is Suit.DIAMONDS
    assert Rank.parse("T") is Rank.TEN
    assert str(Rank.ACE) == "A" and str(Rank.TEN) == "10" and str(Suit.CLUBS) == "♣"
    assert Suit.HEARTS.is_red and not Suit.SPADES.is_red
    with pytest.raises(InvalidNotationError, match="not a suit"):
        Suit.parse("x")
    with pytest.raises(InvalidNotationError, match="not a rank"):
        Rank.parse("1")


def test_sort_key_orders_by_suit_then_rank_descending() -> None:
    hand = cards("2♠ A♥ K♠ 3♣")
    assert [str(c) for c in sorted(hand, key=lambda c: c.sort_key)] == ["K♠", "2♠", "A♥", "3♣"]


@given(st.sets(st.integers(0, 51)))
def test_mask_helpers_agree(indices: set[int]) -> None:
    chosen = [Card.from_index(i) for i in indices]
    mask = mask_of(chosen)
    assert set(cards_in_mask(mask)) == set(chosen)
    assert frozen_cards(mask) == frozenset(chosen)
    assert indices_of(mask) == tuple(sorted(indices))
