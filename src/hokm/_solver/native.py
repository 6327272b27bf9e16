"""The double-dummy search in the C kernel where it is built, else in Python.

``search_values`` answers what ``Search.values`` answers, with the search's node count: in
``_native.c``'s ``solve`` (the same search, rule for rule, on the kernel's tables and its
memos of the rules' answers by tally) where ``hokm._kernel.native.NATIVE`` is loaded, else by
``hokm._solver.search.Search``. ``HOKM_NATIVE=0`` switches the C search off with the batches.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from hokm._kernel import native as kernel
from hokm._kernel.native_plan import native_plan_of
from hokm._seeding import seed_key
from hokm._solver import playouts
from hokm._solver.search import NodeLimit, Search

if TYPE_CHECKING:
    from hokm._solver.playouts import Totals
    from hokm._solver.tables import CardClasses, Rules, TallyState

__all__ = ["policy_values", "search_value", "search_values"]


def search_values(rules: Rules, classes: CardClasses, hands: list[int], hakem: int, team: int, leader: int,
                  trick: list[int], state: TallyState, *, points_only: bool = False, limit: int = 0) -> tuple[
                      int, dict[int, int], int]:
    """``Search(rules, classes, hands, hakem, team).values(seats, trick, state)`` (``seats`` from
    ``leader``) and the cards the search tried: the legal cards of the seat to move (a mask) and each
    move's exact value (``CardClasses.moves``), for ``team``. With a ``limit`` (0: none), raises
    ``NodeLimit`` where the search would try more cards than that."""
    native = kernel.NATIVE
    if native is not None:
        found = native.solve(*_arguments(native, rules, classes, hands, hakem, team, leader, trick, state,
                                          points_only), 0, limit)
        if found is None:  # (stopped at the limit)
            raise NodeLimit
        legal, values, nodes = found
    else:
        search = Search(rules, classes, hands, hakem, team, points_only=points_only, limit=limit)
        legal, values = search.values((leader, *rules.followers[leader]), trick, state)
        nodes = search.nodes
    if 0 < limit < nodes:  # (past the limit after the last lead searched)
        raise NodeLimit
    return legal, values, nodes


def search_value(rules: Rules, classes: CardClasses, hands: list[int], hakem: int, team: int, leader: int,
                 trick: list[int], state: TallyState, *, points_only: bool = False) -> tuple[int, int]:
    """The position's own exact value for ``team`` (the best move's, as ``search_values`` would give
    it) by one MTD(f) search, and the cards the search tried."""
    native = kernel.NATIVE
    if native is not None:
        _, value, nodes = native.solve(*_arguments(native, rules, classes, hands, hakem, team, leader, trick,
                                                   state, points_only), 1)
        return value, nodes
    search = Search(rules, classes, hands, hakem, team, points_only=points_only)
    return search.value((leader, *rules.followers[leader]), trick, state), search.nodes


def policy_values(rules: Rules, classes: CardClasses, hands: list[int], hakem: int, team: int, leader: int,
                  trick: list[int], state: TallyState, count: int, seed: int) -> tuple[int, Totals]:
    """``hokm._solver.playouts.policy_values``: in the C kernel where it is loaded, else in Python."""
    native = kernel.NATIVE
    if native is None:
        return playouts.policy_values(rules, classes, hands, hakem, team, leader, trick, state, count, seed)
    plan = native_plan_of(rules.engine)
    legal, totals = native.policy_values(plan.kernel_rules(native), classes.native, _masks(hands), hakem,
                                         team, leader, bytes(trick), state, plan.asks, count, seed_key(seed))
    return legal, totals


def _arguments(native: ModuleType, rules: Rules, classes: CardClasses, hands: list[int], hakem: int,
               team: int, leader: int, trick: list[int], state: TallyState,
               points_only: bool) -> tuple[object, ...]:
    """``_native.c``'s ``solve`` arguments but the last (``whole``: the position's own value)."""
    plan = native_plan_of(rules.engine)
    return (plan.kernel_rules(native), classes.native, _masks(hands),
            hakem, team, leader, bytes(trick), state, int(points_only), plan.asks)


def _masks(hands: list[int]) -> bytes:
    """The hands as the C kernel takes them: 8 little-endian bytes a seat."""
    return b"".join(hand.to_bytes(8, "little") for hand in hands)
