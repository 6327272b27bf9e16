"""The C double-dummy search against the Python one: the same legal cards, the same value for
every move, exactly (the values are game-theoretic: any correct search gives them).

Skipped where the C kernel is not built or is switched off (``HOKM_NATIVE=0``); CI runs this
file under AddressSanitizer and UBSan too. Also: ``solve``'s checks of its arguments, and a
rules callback's exception passed on.
"""

from __future__ import annotations

import random
from typing import NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hokm
from hokm._hand.kernel_io import engine_of
from hokm._kernel.native import NATIVE
from hokm._kernel.native_plan import native_plan_of, position_of
from hokm._solver.search import Search
from hokm._solver.tables import CardClasses, Rules, TallyState, rules_of
from hokm.testing import strategies as hst

from .test_solver import SOLVABLE, _ending, _searchable

pytestmark = pytest.mark.skipif(NATIVE is None, reason="the C kernel is not built or is switched off")


class _Call(NamedTuple):
    """A position as both searches take it (as ``hokm._solver.native.search_values`` builds it)."""

    rules: Rules
    classes: CardClasses
    masks: bytes
    hakem: int
    team: int
    leader: int
    trick: list[int]
    state: TallyState

    def native(self, *, points_only: bool = False, kernel_rules: object = None,
               asks: tuple[object, ...] | None = None, whole: int = 0) -> list[object]:
        """The C search's arguments (the ruleset's own kernel rules and answers unless given)."""
        assert NATIVE is not None
        plan = native_plan_of(self.rules.engine)
        return [plan.kernel_rules(NATIVE) if kernel_rules is None else kernel_rules, self.classes.native,
                self.masks, self.hakem, self.team, self.leader, bytes(self.trick), self.state,
                int(points_only), plan.asks if asks is None else asks, whole]

    def python(self, *, points_only: bool = False, limit: int = 0, partition: bool | None = None) -> Search:
        hands = [int.from_bytes(self.masks[8 * seat:8 * seat + 8], "little")
                 for seat in range(self.rules.players)]
        return Search(self.rules, self.classes, hands, self.hakem, self.team, points_only=points_only,
                      limit=limit, partition=partition)

    @property
    def seats(self) -> tuple[int, ...]:
        return (self.leader, *self.rules.followers[self.leader])


def _call(hand: hokm.HandState) -> _Call:
    engine = engine_of(hand)
    position = position_of(hand)
    assert position is not None and position[1] >= 0
    hakem, trump, leader, done, pile, previous, collected, tally, opening, run, masks, plays = position
    rules = rules_of(engine)
    trick = [play & 63 for play in plays[done * rules.players:]]
    assert hand.to_act is not None
    return _Call(rules, rules.under(trump), masks, hakem, rules.team_of[hand.to_act], leader, trick,
                 (tally, done, opening if run else -1, run, pile, previous, collected))


def _native(hand: hokm.HandState, points_only: bool = False) -> tuple[int, dict[int, int], int]:
    assert NATIVE is not None
    legal, values, nodes = NATIVE.solve(*_call(hand).native(points_only=points_only))
    return int(legal), dict(values), int(nodes)


def _python(hand: hokm.HandState, points_only: bool = False) -> tuple[int, dict[int, int]]:
    call = _call(hand)
    return call.python(points_only=points_only).values(call.seats, call.trick, call.state)


@settings(max_examples=300, deadline=None)
@given(hand=hst.deals(ruleset=st.sampled_from(SOLVABLE)), seed=st.integers(0, 2**32),
       tricks=st.integers(1, 6), points_only=st.booleans())
def test_the_c_search_gives_the_python_search_s_values(hand: hokm.HandState, seed: int, tricks: int,
                                                      points_only: bool) -> None:
    ending = _searchable(hand, seed, tricks)
    if ending is None:
        return
    hand = ending
    legal, values, nodes = _native(hand, points_only)
    assert (legal, values) == _python(hand, points_only)
    call = _call(hand)
    search = call.python(points_only=points_only)
    search.values(call.seats, call.trick, call.state)
    assert nodes == search.nodes  # the same search, rule for rule: the same cards tried
    # the position's own value: the best move's (the mover's team maximises), in both searches
    assert NATIVE is not None
    call = _call(hand)
    _, value, _ = NATIVE.solve(*call.native(points_only=points_only, whole=1))
    assert value == max(values.values())
    assert call.python(points_only=points_only).value(call.seats, call.trick, call.state) == value


def test_solve_uses_the_c_search() -> None:
    hand = _ending(hokm.Ruleset.compose().deal(random.Random(4), hakem=0), 4, 5)
    assert not hand.is_over
    solution = hand.solve()
    _, _, nodes = _native(hand)
    assert solution.nodes == nodes
    assert max(solution.values.values()) == solution.outcome


def _good() -> tuple[hokm.HandState, list[object]]:
    """A position inside a trick, with its C search's arguments."""
    hand = hokm.Ruleset.compose().deal(random.Random(7), hakem=0)
    hand = hand.apply(hand.legal_actions()[0])
    for _ in range(4 * 3 + 2):  # (into the fourth trick)
        hand = hand.play(min(hand.legal_plays(), key=lambda card: card.index))
    return hand, _call(hand).native()[:-1]  # (whole: added by _replaced)


def test_good_arguments_solve() -> None:
    hand, arguments = _good()
    assert NATIVE is not None
    legal, values, _ = NATIVE.solve(*arguments)
    assert (legal, values) == _python(hand)


_THREATS = bytes(8 * 52)
"""Well-formed threats for a classes tuple (no card threatened: only the other fields are wrong)."""


def _replaced(arguments: list[object], at: int, value: object) -> list[object]:
    changed = [*arguments, 0]  # (whole: 0)
    changed[at] = value
    return changed


@pytest.mark.parametrize(("at", "value", "error"), [
    (0, "rules", ValueError),  # (not a capsule: PyCapsule_GetPointer's ValueError)
    (1, "classes", TypeError), (1, (0, 1), TypeError),
    (1, (4, 1, b"\x0d" * 4, bytes(range(52)), bytes(32), b"\1" * 4, _THREATS), ValueError),
    (1, (0, 1, b"\x0d" * 4, bytes(range(51)), bytes(32), b"\1" * 4, _THREATS), ValueError),
    (1, (0, 1, b"\x0d" * 4, bytes(range(51)) + b"\x00", bytes(32), b"\1" * 4, _THREATS), ValueError),
    (1, (0, 1, b"\x0d" * 3 + b"\x0e", bytes(range(52)), bytes(32), b"\1" * 4, _THREATS), ValueError),
    (1, (0, 1, b"\x0d" * 4, bytes(range(52)), bytes(31), b"\1" * 4, _THREATS), ValueError),
    (1, (0, 1, b"\x0d" * 4, bytes(range(52)), b"\xff" * 32, b"\1" * 4, _THREATS), ValueError),
    (1, (0, 1, b"\x0d" * 4, bytes(range(52)), bytes(32), b"\2" * 4, _THREATS), ValueError),
    (1, (0, 1, b"", b"", b"", b"", _THREATS), ValueError),
    (1, (0, 1, b"\x01" * 17, bytes(range(52)), bytes(136), b"\1" * 17, _THREATS), ValueError),
    (1, (0, 1, b"\x0d" * 4, bytes([13, *range(1, 13), 0, *range(14, 52)]), bytes(32), b"\1" * 4, _THREATS),
     ValueError),  # (a class of two suits)
    (1, (0, 1, b"\x0d" * 4, bytes(range(52)), bytes(32), b"\1" * 4), TypeError),  # (no threats)
    (1, (0, 1, b"\x0d" * 4, bytes(range(52)), bytes(32), b"\1" * 4, bytes(415)), ValueError),
    (1, (0, 1, b"\x0d" * 4, bytes(range(52)), bytes(32), b"\1" * 4, b"\xff" * 416), ValueError),
    (1, (0, 1, b"\x0d" * 4, bytes(range(52)), bytes(32), b"\1" * 4, b"\x01" + bytes(415)), ValueError),
    (2, b"", ValueError), (2, bytes(32), ValueError), (2, b"\xff" * 32, ValueError), (2, 7, TypeError),
    (3, -1, ValueError), (3, 4, ValueError), (3, "0", TypeError), (4, 2, ValueError), (4, -1, ValueError),
    (5, 4, ValueError), (5, 2**40, OverflowError),
    (6, bytes(range(4)), ValueError), (6, b"\x40", ValueError), (6, b"\x00\x00", ValueError),
    (6, None, TypeError),
    (7, None, TypeError), (7, ((0, 0), 0, -1, 0, 0, -1, 0, 1), TypeError),
    (7, ((0, 0, 0), 0, -1, 0, 0, -1, 0), ValueError), (7, ((0, 0), 13, -1, 0, 0, -1, 0), ValueError),
    (7, ((1, 0), 0, -1, 0, 0, -1, 0), ValueError), (7, (("0", 0), 0, -1, 0, 0, -1, 0), TypeError),
    (8, 2, ValueError), (9, None, ValueError), (9, (None, None, None), ValueError),
    (10, 2, ValueError), (10, "1", TypeError),
])
def test_bad_arguments_raise_instead_of_crashing(at: int, value: object, error: type[Exception]) -> None:
    _, arguments = _good()
    assert NATIVE is not None
    with pytest.raises(error):
        NATIVE.solve(*_replaced(arguments, at, value))


def test_the_tally_state_is_checked_against_the_position() -> None:
    _, arguments = _good()
    assert NATIVE is not None
    state = arguments[7]
    assert isinstance(state, tuple)
    tally, done, opening, run, pile, previous, collected = state
    for state in [(tally, done, opening, run + done + 1, pile, previous, collected),
                  (tally, done, 5, run, pile, previous, collected),
                  (tally, done, opening, run, pile + 1, previous, collected),
                  (tally, done, opening, run, pile, 4, collected),
                  (tally, done, opening, run, pile, previous, 2),
                  (tuple(count + 1 for count in tally), done, opening, run, pile, previous, collected),
                  (tally, done + 1, opening, run, pile, previous, collected)]:
        with pytest.raises(ValueError):
            NATIVE.solve(*_replaced(arguments, 7, state))


def test_a_callback_s_exception_is_passed_on() -> None:
    class Refused(Exception):
        pass

    def refuse(key: int) -> tuple[int, ...]:
        raise Refused(key)

    hand = _ending(hokm.Ruleset.compose("court-piece").deal(random.Random(3), hakem=0), 3, 3)
    assert not hand.is_over
    # fresh kernel rules: their memos hold no answers yet, so the search asks
    call = _call(hand)
    plan = native_plan_of(call.rules.engine)
    assert NATIVE is not None
    fresh = NATIVE.make_rules(plan.arguments, plan.capture)
    with pytest.raises(Refused):
        NATIVE.solve(*call.native(kernel_rules=fresh, asks=(refuse, plan.asks[1], plan.asks[2])))
    with pytest.raises(TypeError, match="tuple of 4 ints"):
        NATIVE.solve(*call.native(kernel_rules=fresh, asks=(lambda key: (0, 1), plan.asks[1], plan.asks[2])))
    # the memos are free again, and still empty of wrong answers: the right callbacks give the values
    legal, values, _ = NATIVE.solve(*call.native(kernel_rules=fresh))
    assert (legal, values) == _python(hand)


def test_a_search_started_from_a_callback_keeps_to_its_own_memos() -> None:
    hand = _ending(hokm.Ruleset.compose().deal(random.Random(5), hakem=0), 5, 4)
    assert not hand.is_over
    call = _call(hand)
    plan = native_plan_of(call.rules.engine)
    assert NATIVE is not None
    native = NATIVE
    fresh = native.make_rules(plan.arguments, plan.capture)
    inner: list[tuple[int, dict[int, int], int]] = []

    def score_of(key: int) -> tuple[int, int, int, int]:
        if not inner:
            inner.append(native.solve(*call.native(kernel_rules=fresh)))
        return plan.asks[0](key)

    outer = native.solve(*call.native(kernel_rules=fresh, asks=(score_of, plan.asks[1], plan.asks[2])))
    assert inner and inner[0][:2] == outer[:2] == _python(hand)
