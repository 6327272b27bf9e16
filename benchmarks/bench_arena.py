"""Arena benchmark: one agent against another with duplicate deals, and the arena's speed.

    python benchmarks/bench_arena.py [--pairs 200] [--jobs 1] [--variant NAME ...] [--seed 0]
                                     [--agents heuristic random]

Plays ``--pairs`` duplicate pairs (each deal twice, the teams' seats swapped) through
``hokm.arena`` and prints its table, the matches played per second, and the first agent's
verdict against issue #12's bars: ``heuristic`` must win at least 85% of its matches against
``random``; any other first agent (``pimc`` against ``heuristic``) must win with a 95% interval
lying above 50%. 200 pairs of heuristic against random take about 30 s on one core; of pimc
against heuristic about 55 minutes on two, on a loaded machine.
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
    parser.add_argument("--agents", nargs=2, default=["heuristic", "random"], metavar=("FIRST", "SECOND"),
                        help="the two agents (installed names), the first one judged")
    args = parser.parse_args()
    rules = hokm.Ruleset.compose(*args.variant)
    seed: int | str = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    first, second = args.agents
    agents = [first, second] if rules.layout.team_count == 2 else [first, second, second]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            result = hokm.arena(agents, rules, matches=args.pairs, seed=seed, executor=pool)
    else:
        result = hokm.arena(agents, rules, matches=args.pairs, seed=seed)
    print(result)
    print(f"speed: {result.played / result.seconds:.1f} matches/s with {args.jobs} job(s)")
    stats = result.stats[first]
    rate = stats.win_rate
    if (first, second) == ("heuristic", "random"):
        bar, met = f"the {FLOOR:.0%} floor", rate.value >= FLOOR
    else:
        bar, met = "a 95% interval above 50%", rate.low > 0.5
    print(f"{first} won {stats.wins}/{stats.matches} duplicate matches "
          f"({rate.value:.1%}, 95% interval {rate.low:.1%} to {rate.high:.1%}): "
          f"{'meets' if met else 'MISSES'} {bar}")


if __name__ == "__main__":
    main()
