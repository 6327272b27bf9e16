"""The table and the deal a ruleset decided: seats, teams, deck, deal pattern, deal plans.

Asked once per ruleset (``hokm_table_layout``, ``hokm_rotation``, ``hokm_deck``,
``hokm_deal_pattern``) and checked against each other, so a variant that changes the
table without a deal of its own is named at composition. Each possible Hakem gets a
``DealPlan``: which deck positions each seat receives.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from hokm._compose.hooks import Impl, contract_error, first_result
from hokm.cards import Card
from hokm.context import Packets, StockDraw
from hokm.table import Rotation, TableLayout

if TYPE_CHECKING:
    from hokm._ruleset.standard import Standard
    from hokm.context import DealPattern

__all__ = ["DealPlan", "Table"]


class DealPlan:
    """Deck positions per seat for one Hakem: packets in play order from the Hakem."""

    __slots__ = ("dealt", "first", "seats")

    def __init__(self, pattern: DealPattern, players: int, hakem: int) -> None:
        sizes = pattern.sizes if isinstance(pattern, Packets) else (pattern.first_packet,)
        positions: list[list[int]] = [[] for _ in range(players)]
        first: list[int] = []
        position = 0
        for round_number, size in enumerate(sizes):
            for offset in range(players):
                seat = (hakem + offset) % players
                packet = list(range(position, position + size))
                positions[seat].extend(packet)
                if round_number == 0 and seat == hakem:
                    first = packet
                position += size
        self.dealt = position
        self.seats = tuple(_getter(p) for p in positions)
        self.first = _getter(first)


def _getter(positions: list[int]) -> Callable[[Sequence[int]], Sequence[int]]:
    """``itemgetter`` that always returns a tuple, even for one position."""
    if len(positions) == 1:
        (only,) = positions
        return lambda items: (items[only],)
    return operator.itemgetter(*positions)


class Table:
    """Seats, teams, deck and deal, as the table hooks answered them (checked)."""

    __slots__ = ("deck", "deck_indices", "deck_mask", "discards", "first_packet", "followers", "full_deck",
                 "hand_size", "layout", "next_seat", "pattern", "plans", "players", "rotation", "team_count",
                 "teams")

    def __init__(self, chains: Mapping[str, tuple[Impl, ...]], standard: Standard) -> None:
        layout, impl = first_result(chains["hokm_table_layout"], "hokm_table_layout")
        table_by = None if impl.standard else impl  # a variant that changed the table, if any
        if not isinstance(layout, TableLayout):
            raise contract_error(impl, "hokm_table_layout", f"returned {layout!r}, not a TableLayout")
        if not 2 <= layout.players <= 16:
            raise contract_error(impl, "hokm_table_layout", f"{layout.players} seats: hokm plays 2 to 16")
        if layout.team_count < 2:
            raise contract_error(impl, "hokm_table_layout",
                                 f"{layout!r} has {layout.team_count} team: a hand needs two sides or more")
        self.layout: TableLayout = layout
        self.players = n = layout.players
        self.teams: tuple[int, ...] = tuple(layout.teams)
        self.team_count = layout.team_count
        self.next_seat: tuple[int, ...] = tuple((seat + 1) % n for seat in range(n))
        # Per leader, the seats that follow it in a trick, each with its packed play's seat part.
        self.followers: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple(((leader + k) % n, (leader + k) % n << 6) for k in range(1, n)) for leader in range(n))

        rotation, impl = first_result(chains["hokm_rotation"], "hokm_rotation", layout)
        if not isinstance(rotation, Rotation):
            raise contract_error(impl, "hokm_rotation", f"returned {rotation!r}, not a Rotation")
        self.rotation: Rotation = rotation

        deck, impl = first_result(chains["hokm_deck"], "hokm_deck", layout)
        table_by = table_by or (None if impl.standard else impl)
        deck = tuple(deck)
        if not deck or not all(isinstance(card, Card) for card in deck) or len(set(deck)) != len(deck):
            raise contract_error(impl, "hokm_deck", "the deck must be a non-empty sequence of distinct Cards")
        self.deck: tuple[Card, ...] = deck
        self.deck_mask = sum(1 << card.index for card in deck)
        self.deck_indices: tuple[int, ...] = tuple(card.index for card in deck)
        self.full_deck = self.deck_indices == tuple(range(52))  # a deck position is a card index

        pattern, impl = first_result(chains["hokm_deal_pattern"], "hokm_deal_pattern", layout, len(deck))
        # The user's options first: a bad `packets` is his, not a broken plugin's.
        standard.check_table(layout, len(deck), deals=impl.standard)
        self.pattern: DealPattern = self._check_pattern(pattern, impl, table_by)
        self.hand_size: int = self.pattern.hand_size
        self.first_packet: int = (self.pattern.sizes[0] if isinstance(self.pattern, Packets)
                                  else self.pattern.first_packet)
        self.discards: tuple[int, ...] = self.pattern.discards if isinstance(self.pattern, StockDraw) else ()
        self.plans: tuple[DealPlan, ...] = tuple(DealPlan(self.pattern, n, hakem) for hakem in range(n))

    def _check_pattern(self, pattern: object, impl: Impl, table_by: Impl | None) -> DealPattern:
        n, size = self.players, len(self.deck)
        if isinstance(pattern, Packets):
            if pattern.hand_size * n != size and impl.standard and table_by is not None:
                # The standard deal on a table a variant changed: that variant lacks a deal.
                raise contract_error(table_by, table_by.hook,
                                     f"it makes a table of {n} seats and {size} cards, which the "
                                     f"standard packets {pattern.sizes} do not deal: answer "
                                     "hokm_deal_pattern too")
            if pattern.hand_size * n > size or (pattern.hand_size * n != size and not pattern.undealt):
                raise contract_error(impl, "hokm_deal_pattern",
                                     f"packets {pattern.sizes} deal {pattern.hand_size * n} cards "
                                     f"but the deck has {size}")
            return pattern
        if isinstance(pattern, StockDraw):
            kept = pattern.first_packet * n - sum(pattern.discards)
            needed = pattern.first_packet * n + 2 * (pattern.hand_size * n - kept)
            if len(pattern.discards) > n or any(d >= pattern.first_packet for d in pattern.discards):
                raise contract_error(impl, "hokm_deal_pattern",
                                     f"discards {pattern.discards}: at most one count per seat, each "
                                     f"below the first packet of {pattern.first_packet}")
            if not 0 < pattern.first_packet <= pattern.hand_size or needed > size:
                raise contract_error(impl, "hokm_deal_pattern",
                                     f"a stock draw to {pattern.hand_size} cards needs {needed} cards "
                                     f"but the deck has {size}")
            return pattern
        raise contract_error(impl, "hokm_deal_pattern", f"returned {pattern!r}, not a Packets or StockDraw")
