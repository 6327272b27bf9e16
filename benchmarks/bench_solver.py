"""Double-dummy solver benchmark: how long ``HandState.solve()`` takes, by tricks left.

    python benchmarks/bench_solver.py [--positions 200] [--left 6] [--variant NAME ...]
    python benchmarks/bench_solver.py --deals 5 [--call first|heuristic] [--variant NAME ...]

Positions come from hands dealt and played at random (the call included) until ``--left``
tricks or fewer are left and a seat has a choice to make; hands that end before are skipped.
Each is solved once (every legal card's value), CPU clock. Prints the median, the 90th
percentile and the slowest time, and the median of the search's nodes (cards tried).

``--deals N``: N fresh deals (Hakem 0) searched from the first lead for the points alone, the
position's own value (one MTD(f) search, ``search_value``): the time and nodes of each, then
the median and the count under a second. ``--call`` picks the trump: the first call offered
(the default, whatever the Hakem holds) or the one the ``heuristic`` agent makes from the
Hakem's first cards (as a player would). The search is the C one where the kernel is built,
else the Python one (``HOKM_NATIVE=0``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import hokm
from hokm._hand.kernel_io import engine_of
from hokm._kernel.native import kernel_name
from hokm._kernel.native_plan import position_of
from hokm._solver.native import search_value
from hokm._solver.tables import rules_of
from hokm.agents import HeuristicAgent


def positions(rules: hokm.Ruleset, count: int, left: int, seed: int = 1) -> list[hokm.HandState]:
    """Positions with at most ``left`` tricks left and two or more legal cards, from random play."""
    rng = random.Random(seed)
    found: list[hokm.HandState] = []
    deal = 0
    while len(found) < count:
        deal += 1
        state = rules.deal(random.Random(deal))
        into = rng.randrange(rules.layout.players)
        while not state.is_over and (state.tricks_left > left or (
                state.tricks_left == left and len(state.current_trick.plays) < into)):
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_over and len(state.legal_actions()) > 1:
            found.append(state)
    return found


def deal_values(rules: hokm.Ruleset, count: int, call: str) -> None:
    """Print the points-only value of ``count`` fresh deals from the first lead, with time and nodes."""
    print(f"{rules.describe()}: {count} deals from the first lead, points only, {call} call "
          f"({kernel_name()}, CPU time)")
    caller = HeuristicAgent()
    times = []
    for seed in range(count):
        state = rules.deal(random.Random(seed), hakem=0)
        assert state.to_act is not None
        view = state.observation(state.to_act)
        state = state.apply(state.legal_actions()[0] if call == "first" else caller.act(view))
        position = position_of(state)
        assert position is not None and state.to_act is not None
        hakem, trump, leader, done, pile, previous, collected, tally, opening, run, masks, _ = position
        solver = rules_of(engine_of(state))
        hands = [int.from_bytes(masks[8 * seat:8 * seat + 8], "little") for seat in range(solver.players)]
        start = time.process_time()
        value, nodes = search_value(solver, solver.under(trump), hands, hakem, solver.team_of[state.to_act],
                                    leader, [], (tally, done, opening if run else -1, run, pile, previous,
                                                 collected), points_only=True)
        times.append(time.process_time() - start)
        print(f"  deal {seed}: value {value:+d} points, {times[-1]:.2f} s, {nodes} nodes")
    under = sum(spent < 1 for spent in times)
    print(f"  median {statistics.median(times):.2f} s; {under} of {count} under 1 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--left", type=int, default=6, help="at most this many tricks left")
    parser.add_argument("--variant", action="append", default=[], help="a variant to compose (repeatable)")
    parser.add_argument("--deals", type=int, default=0, help="full deals' values from the first lead instead")
    parser.add_argument("--call", choices=("first", "heuristic"), default="first",
                        help="the deals' trump: the first call offered, or the heuristic agent's")
    args = parser.parse_args()
    rules = hokm.Ruleset.compose(*args.variant)
    if args.deals:
        deal_values(rules, args.deals, args.call)
        return
    states = positions(rules, args.positions, args.left)
    times, nodes = [], []
    for state in states:
        start = time.process_time()
        solution = state.solve()
        times.append(time.process_time() - start)
        nodes.append(solution.nodes)
    times.sort()
    print(f"{rules.describe()}: {len(states)} positions, at most {args.left} tricks left (CPU time)")
    print(f"  solve(): median {statistics.median(times) * 1e3:.1f} ms, "
          f"90th percentile {times[int(0.9 * len(times))] * 1e3:.1f} ms, slowest {times[-1] * 1e3:.1f} ms; "
          f"median nodes {statistics.median(nodes):.0f}")


if __name__ == "__main__":
    main()
