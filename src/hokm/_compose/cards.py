"""Every card under every trump, as tables: effective suit, trick suit, rank and power.

The hooks that take only a card and the trump (``hokm_effective_suit``,
``hokm_trick_suit``, ``hokm_card_rank``) are asked for all 52 cards under each of
the four trumps when a ruleset is composed, and never again. A fifth table,
index ``NO_TRUMP``, serves play without a trump (RULES 1.5.1 rule 8). The trick
winner's table rule reads them here, on packed plays (``seat << 6 | card index``).
"""

from __future__ import annotations

from collections.abc import Sequence

from hokm._compose.hooks import Impl, contract_error, first_result, optional_result
from hokm.cards import Card, Suit
from hokm.table import Seat
from hokm.trick import Trick

__all__ = [
    "NO_TRUMP",
    "SUITS",
    "TRUMPS",
    "TRUMP_POWER",
    "CardTables",
    "beating",
    "best_by_power",
    "best_play",
    "power_tables",
    "table_winner",
]

NO_TRUMP = 4
"""The table index of play without a trump suit; 0-3 are the suits."""
SUITS: tuple[Suit, ...] = tuple(Suit)
TRUMPS: tuple[Suit | None, ...] = (*SUITS, None)
"""By table index: the trump suit, or ``None`` for play without one."""
TRUMP_POWER = 128
"""The lowest power of a trump in ``power_tables`` (a card of the led suit has 64 up, any other 0)."""
# (seat, card) pairs by packed play (seat << 6 | card index), shared by every Trick value.
_PAIRS: tuple[tuple[Seat, Card], ...] = tuple(
    (Seat(packed >> 6), Card.from_index(packed & 63)) if packed & 63 < 52 else (Seat(0), Card.from_index(0))
    for packed in range(16 << 6))


class CardTables:
    """Per trump index (0-3 a suit, ``NO_TRUMP`` none): every card's suit, rank and power."""

    __slots__ = ("beater_rows", "moved", "powers", "printed", "rank_of", "suit_masks", "suit_objects",
                 "suit_of", "trick_suit_objects", "trick_suit_of")

    def __init__(self, suit_chain: tuple[Impl, ...], trick_suit_chain: tuple[Impl, ...],
                 rank_chain: tuple[Impl, ...]) -> None:
        self.suit_of: list[tuple[int, ...]] = []
        """Each card's effective suit (the suit it follows as)."""
        self.suit_objects: list[tuple[Suit, ...]] = []
        self.trick_suit_of: list[tuple[int, ...]] = []
        """Each card's trick suit (the suit it competes in)."""
        self.trick_suit_objects: list[tuple[Suit, ...]] = []
        self.rank_of: list[tuple[int, ...]] = []
        self.suit_masks: list[tuple[int, ...]] = []
        """The cards of each effective suit, as masks (a fifth, empty: the trumps of no trump)."""
        self.powers: list[tuple[tuple[int, ...], ...]] = []
        """Per led trick suit, each card's power: the highest power wins the trick."""
        self.printed: list[bool] = []
        """Whether every card follows its printed suit."""
        self.moved: list[int] = []
        """The cards whose effective suit is not their printed one, as a mask."""
        self.beater_rows: list[tuple[int, ...] | None] = [None] * (NO_TRUMP + 1)
        """Per trump index, ``beaters(trump)`` once asked (``None`` before)."""
        for trump in SUITS:
            suits, trick_suits, ranks = [], [], []
            for index in range(52):
                card = Card.from_index(index)
                suit, impl = first_result(suit_chain, "hokm_effective_suit", card, trump)
                if not isinstance(suit, Suit):
                    raise contract_error(impl, "hokm_effective_suit",
                                         f"returned {suit!r} for {card}, not a Suit")
                trick_suit, answered_by = optional_result(trick_suit_chain, card, trump)
                if trick_suit is None:
                    trick_suit = suit  # nobody answers by default: compete in the suit followed
                elif not isinstance(trick_suit, Suit):
                    raise contract_error(answered_by, "hokm_trick_suit",
                                         f"returned {trick_suit!r} for {card}, not a Suit")
                rank, impl = first_result(rank_chain, "hokm_card_rank", card, trump)
                if isinstance(rank, bool) or not isinstance(rank, int):
                    raise contract_error(impl, "hokm_card_rank", f"returned {rank!r} for {card}, not an int")
                suits.append(suit)
                trick_suits.append(trick_suit)
                ranks.append(rank)
            self._add(suits, trick_suits, ranks)
        # Play without a trump (index NO_TRUMP): each card as it is when another suit is trump.
        other = [(index // 13 + 1) % 4 for index in range(52)]
        self._add([self.suit_objects[other[i]][i] for i in range(52)],
                  [self.trick_suit_objects[other[i]][i] for i in range(52)],
                  [self.rank_of[other[i]][i] for i in range(52)])

    def _add(self, suits: list[Suit], trick_suits: list[Suit], ranks: list[int]) -> None:
        masks = [0, 0, 0, 0, 0]  # the fifth: the trumps of play without trump, none
        for index, suit in enumerate(suits):
            masks[suit.index] |= 1 << index
        self.suit_objects.append(tuple(suits))
        self.suit_of.append(tuple(suit.index for suit in suits))
        self.trick_suit_objects.append(tuple(trick_suits))
        self.trick_suit_of.append(tuple(suit.index for suit in trick_suits))
        self.rank_of.append(tuple(ranks))
        self.powers.append(power_tables(self.trick_suit_of[-1], self.rank_of[-1], len(self.powers)))
        self.suit_masks.append(tuple(masks))
        moved = sum(1 << index for index, suit in enumerate(suits) if suit.index != index // 13)
        self.moved.append(moved)
        self.printed.append(not moved)

    def beaters(self, trump: int) -> tuple[int, ...]:
        """Per card, the cards that beat it under table ``trump`` (``Trick.beats``), as masks: worked
        out when first asked (``PlayContext.cards_beating``)."""
        known = self.beater_rows[trump]
        if known is None:
            trick_suit_of, rank_of = self.trick_suit_of[trump], self.rank_of[trump]
            known = self.beater_rows[trump] = tuple(
                sum(1 << card for card in range(52)
                    if (rank_of[card] > rank_of[other] if trick_suit_of[card] == trick_suit_of[other]
                        else trump < NO_TRUMP and trick_suit_of[card] == trump))
                for other in range(52))
        return known

    def winning_card(self, plays: Sequence[int], trump: int, first_trump: int = 0) -> Card:
        """The card winning ``plays`` (packed, at least one) so far by the table rule (``first_trump``:
        see ``best_by_power``)."""
        power = self.powers[trump][self.trick_suit_of[trump][plays[0] & 63]]
        return _PAIRS[best_by_power(plays, power, first_trump)][1]

    def trick_value(self, plays: Sequence[int], trump: int, number: int,
                    winner: int | None = None, *, first_trump: int = 0) -> Trick:
        """A public ``Trick`` from packed plays (``seat << 6 | card index``) under table ``trump``."""
        return Trick._trusted(tuple(map(_PAIRS.__getitem__, plays)), TRUMPS[trump], number,
                              None if winner is None else Seat(winner), self.suit_objects[trump],
                              self.trick_suit_objects[trump], self.rank_of[trump], first_trump)


def power_tables(trick_suit_of: Sequence[int], rank_of: Sequence[int],
                 trump: int) -> tuple[tuple[int, ...], ...]:
    """Per led trick suit (0-3), each card's power in such a trick: the highest power wins.

    The table rule as one number per card, so a loop keeps one comparison per card:
    128 plus the rank's order for a trump, 64 plus it for the led suit, 0 for a card that
    cannot win. A card beats the best so far exactly when its power is higher (ranks
    become their order among the table's distinct ranks, below 64).
    """
    order = {rank: position for position, rank in enumerate(sorted(set(rank_of)))}
    return tuple(
        tuple(TRUMP_POWER + order[rank] if suit == trump else 64 + order[rank] if suit == led else 0
              for suit, rank in zip(trick_suit_of, rank_of, strict=True))
        for led in range(4))


def table_winner(plays: Sequence[int], trick_suit_of: Sequence[int], rank_of: Sequence[int],
                 trump: int) -> int:
    """The standard winner of packed plays from the tables: ``Trick.beats`` on ints.

    A play beats the best so far if it is of the same trick suit and ranks
    higher, or if it is a trump and the best is not.
    """
    best = plays[0]
    best_suit, best_rank = trick_suit_of[best & 63], rank_of[best & 63]
    for play in plays[1:]:
        suit = trick_suit_of[play & 63]
        if suit == best_suit:
            if rank_of[play & 63] > best_rank:
                best, best_rank = play, rank_of[play & 63]
        elif suit == trump:
            best, best_suit, best_rank = play, suit, rank_of[play & 63]
    return best >> 6


def best_play(plays: Sequence[int], trick_suit_of: Sequence[int], rank_of: Sequence[int],
              trump: int, first_trump: int = 0) -> tuple[int, int, int]:
    """The play winning ``plays`` so far: ``(packed play, trick suit, rank)`` by the table rule.

    ``first_trump``: the position in the trick from which cards of the trump suit
    count as trumps (the trump appeared mid-trick, RULES 1.5.1 rule 9). An earlier
    card of the trump suit is an ordinary card, unless the trump suit was led.
    """
    lead = plays[0] & 63
    best, best_suit, best_rank = plays[0], trick_suit_of[lead], rank_of[lead]
    late = first_trump and best_suit != trump
    for position in range(1, len(plays)):
        play = plays[position]
        suit = trick_suit_of[play & 63]
        if suit == best_suit:
            if rank_of[play & 63] > best_rank and not (late and suit == trump and position < first_trump):
                best, best_rank = play, rank_of[play & 63]
        elif suit == trump and not (late and position < first_trump):
            best, best_suit, best_rank = play, suit, rank_of[play & 63]
    return best, best_suit, best_rank


def best_by_power(plays: Sequence[int], power: Sequence[int], first_trump: int = 0) -> int:
    """The play (packed) winning ``plays`` so far, by ``power`` (``power_tables``' row of their led
    trick suit). ``first_trump``: the position from which cards of the trump suit are trumps (the
    trump appeared during the trick, RULES 1.5.1 rule 9); an earlier one is an ordinary card, unless
    the trump suit was led."""
    if power[plays[0] & 63] >= TRUMP_POWER:
        first_trump = 0  # the trump suit was led: its cards count from the lead
    best, top = plays[0], -1
    for position, play in enumerate(plays):
        value = power[play & 63]
        if value > top and (position >= first_trump or value < TRUMP_POWER):
            best, top = play, value
    return best


def beating(cards: int, power: Sequence[int], top: int) -> int:
    """The cards of the mask ``cards`` whose power beats ``top`` (a trick's best so far)."""
    beats = 0
    rest = cards
    while rest:
        low = rest & -rest
        if power[low.bit_length() - 1] > top:
            beats |= low
        rest ^= low
    return beats
