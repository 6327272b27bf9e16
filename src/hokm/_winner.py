"""The standard trick winner on packed plays, read from the engine's per-trump tables.

Shared by the engine (``Engine.trick_winner``, the void duty) and the random-play
kernel; kept apart so both import it without importing each other.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["TRUMP_POWER", "best_play", "power_tables", "table_winner"]

TRUMP_POWER = 128
"""The lowest power of a trump in ``power_tables`` (a card of the led suit has 64 up, any other 0)."""


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
    """The play winning ``plays`` so far: ``(seat, trick suit, rank)`` by the table rule.

    ``first_trump``: the position in the trick from which cards of the trump suit
    count as trumps (the trump appeared mid-trick, RULES 1.5.1 rule 9). An earlier
    card of the trump suit is an ordinary card, unless the trump suit was led.
    """
    lead = plays[0] & 63
    best, best_suit, best_rank = plays[0] >> 6, trick_suit_of[lead], rank_of[lead]
    late = first_trump and best_suit != trump
    for position in range(1, len(plays)):
        play = plays[position]
        suit = trick_suit_of[play & 63]
        if suit == best_suit:
            if rank_of[play & 63] > best_rank and not (late and suit == trump and position < first_trump):
                best, best_rank = play >> 6, rank_of[play & 63]
        elif suit == trump and not (late and position < first_trump):
            best, best_suit, best_rank = play >> 6, suit, rank_of[play & 63]
    return best, best_suit, best_rank


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
