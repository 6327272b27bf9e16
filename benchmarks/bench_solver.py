"""Double-dummy solver benchmark: how long ``HandState.solve()`` takes, by tricks left.

    python benchmarks/bench_solver.py [--positions 200] [--left 6] [--variant NAME ...]

Positions come from hands dealt and played at random (the call included) until ``--left``
tricks or fewer are left and a seat has a choice to make; hands that end before are skipped.
Each is solved once (every legal card's value), CPU clock. Prints the median, the 90th
percentile and the slowest time, and the median of the search's nodes (cards tried).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import hokm


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--left", type=int, default=6, help="at most this many tricks left")
    parser.add_argument("--variant", action="append", default=[], help="a variant to compose (repeatable)")
    args = parser.parse_args()
    rules = hokm.Ruleset.compose(*args.variant)
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
