"""The solver's classes of tally states (``Rules.kind``): two states share a class exactly when every
run of trick winners from them ends the hand at the same value, so the search's table may key
positions by the class. Checked against the values themselves on every run of winners near the end
of hands of every ruleset the solver plays, and on states built by hand for the standard game.
"""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import hokm
from hokm._hand.kernel_io import engine_of
from hokm._solver.position import searchable
from hokm._solver.tables import POINTS, Rules, TallyState, rules_of
from hokm.testing import strategies as hst

from .test_solver import SOLVABLE, _ending


def _values(rules: Rules, state: TallyState, hakem: int, team: int, shift: int) -> dict[tuple[int, ...], int]:
    """The value the hand ends at after each run of trick winners from ``state`` (each run cut where
    the hand ends), shifted right by ``shift``."""
    ends: dict[tuple[int, ...], int] = {}
    for run in itertools.product(range(rules.players), repeat=rules.tricks - state[1]):
        now = state
        for place, winner in enumerate(run):
            now, over = rules.after(now, winner, hakem)
            if over:
                ends[run[:place + 1]] = rules.value(now, hakem, team) >> shift
                break
    return ends


def _reachable(rules: Rules, state: TallyState, hakem: int) -> set[TallyState]:
    """Every tally state that some run of trick winners leads ``state`` to before the hand ends."""
    found, frontier = {state}, [state]
    while frontier:
        now = frontier.pop()
        for winner in range(rules.players):
            after, over = rules.after(now, winner, hakem)
            if not over and after not in found:
                found.add(after)
                frontier.append(after)
    return found


@settings(max_examples=60, deadline=None)
@given(hand=hst.deals(ruleset=st.sampled_from(SOLVABLE)), seed=st.integers(0, 2**32),
       points_only=st.booleans())
def test_states_share_a_class_exactly_when_every_run_of_winners_ends_alike(
        hand: hokm.HandState, seed: int, points_only: bool) -> None:
    hand = _ending(hand, seed, 3)
    position = searchable(engine_of(hand), hand) if not hand.is_over else None
    if position is None:
        return
    rules, hakem, state = position.rules, position.hakem, position.state
    shift = POINTS if points_only else 0
    states = sorted(_reachable(rules, state, hakem), key=repr)
    if len(states) > 40:  # (the pairs grow as the square)
        states = random.Random(seed).sample(states, 40)
    for team in range(rules.teams):
        ends = {now: _values(rules, now, hakem, team, shift) for now in states}
        for first, second in itertools.combinations(states, 2):
            if first[1] != second[1]:  # (tricks left differ: runs of other lengths)
                continue
            alike = rules.kind(first, hakem, team, shift) == rules.kind(second, hakem, team, shift)
            assert alike == (ends[first] == ends[second]), (first, second)


def test_the_standard_game_s_opening_run_and_last_winner_share_a_class_the_tally_does_not() -> None:
    rules = rules_of(engine_of(hokm.Ruleset.compose().deal(random.Random(1), hakem=0)))
    # (tricks per team, tricks done, opening team, its run, pile, last winner, it collected)
    opened_by_0: TallyState = ((3, 2), 5, 0, 1, 0, 0, 1)  # team 0 won the first trick only
    opened_by_1: TallyState = ((3, 2), 5, 1, 2, 0, 2, 1)  # team 1 the first two; seat 2 the last
    mirrored: TallyState = ((2, 3), 5, 1, 1, 0, 1, 1)
    for shift in (0, POINTS):
        assert rules.kind(opened_by_0, 0, 0, shift) == rules.kind(opened_by_1, 0, 0, shift)
        assert rules.kind(opened_by_0, 0, 0, shift) != rules.kind(mirrored, 0, 0, shift)
