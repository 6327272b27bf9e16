"""A hand in trick play as the search and the policy playouts take it: the tables, masks and tally state.

``searchable(engine, state)`` reads a ``HandState`` through the hand package's kernel
interface (``position_of``), once per position, into a ``Searchable``; ``None`` where the
position is not one the solver plays (the ruleset's reasons aside: ``reasons_of``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from hokm._kernel.native_plan import position_of
from hokm._solver.tables import rules_of

if TYPE_CHECKING:
    from hokm._compose.engine import Engine
    from hokm._solver.tables import CardClasses, Rules, TallyState
    from hokm.state import HandState

__all__ = ["Searchable", "searchable"]


class Searchable(NamedTuple):
    """A position as ``Search`` and ``policy_playouts`` take it."""

    rules: Rules
    classes: CardClasses
    hands: list[int]
    """Each seat's cards, a mask by seat."""
    hakem: int
    seat: int
    """The seat to move."""
    leader: int
    """The leader of the trick in progress (or of the next, before its lead)."""
    trick: list[int]
    """The cards played to it so far, the leader's first."""
    state: TallyState


def searchable(engine: Engine, state: HandState) -> Searchable | None:
    """``state`` as the search takes it, or ``None`` where it is not in trick play with its trump in
    force from the first card (or is over). The engine's ruleset must be solvable (``reasons_of``)."""
    seat = state.to_act
    position = position_of(state) if seat is not None else None
    if position is None or position[1] < 0:
        return None
    hakem, trump, leader, done, pile, previous, collected, tally, opening, run, masks, plays = position
    rules = rules_of(engine)
    hands = [int.from_bytes(masks[8 * place:8 * place + 8], "little") for place in range(rules.players)]
    tally_state: TallyState = (tally, done, opening if run else -1, run, pile, previous, collected)
    trick = [play & 63 for play in plays[done * rules.players:]]
    assert seat is not None
    return Searchable(rules, rules.under(trump), hands, hakem, seat, leader, trick, tally_state)
