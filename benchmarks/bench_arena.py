"""Arena benchmark: heuristic against random with duplicate deals, and the arena's speed.

    python benchmarks/bench_arena.py [--pairs 200] [--jobs 1] [--variant NAME ...] [--seed 0]

Plays ``--pairs`` duplicate pairs (each deal twice, the teams' seats swapped) through
``hokm.arena`` and prints its table, the matches played per second, and whether the heuristic
won at least 85% of the matches (issue #12's floor). 200 pairs take about 30 s on one core.
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

import hokm

FLOOR = 0.85
"""The share of duplicate matches the heuristic must win against random."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=200, help="duplicate pairs (deals) to play")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--variant", action="append", default=[], help="add a variant (repeatable)")
    parser.add_argument("--seed", default="0", help="the arena's seed")
    args = parser.parse_args()
    rules = hokm.Ruleset.compose(*args.variant)
    seed: int | str = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    agents = ["heuristic", "random"] if rules.layout.team_count == 2 else ["heuristic", "random", "random"]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            result = hokm.arena(agents, rules, matches=args.pairs, seed=seed, executor=pool)
    else:
        result = hokm.arena(agents, rules, matches=args.pairs, seed=seed)
    print(result)
    print(f"speed: {result.played / result.seconds:.1f} matches/s with {args.jobs} job(s)")
    heuristic = result.stats["heuristic"]
    verdict = "meets" if heuristic.win_rate.value >= FLOOR else "MISSES"
    print(f"heuristic won {heuristic.wins}/{heuristic.matches} duplicate matches "
          f"({heuristic.win_rate.percent()}): {verdict} the {FLOOR:.0%} floor")


if __name__ == "__main__":
    main()
