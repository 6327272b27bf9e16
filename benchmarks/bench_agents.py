"""Agents benchmark: public knowledge, deal sampling, the heuristic's speed and strength.

    python benchmarks/bench_agents.py [--pairs 200] [--variant NAME ...]

Reports:
- the cost of an observation's public knowledge (voids, unseen cards, ...), read once;
- the time to sample 1,000 deals from mid-hand observations (20 to 28 cards played);
- the heuristic's mean decision time;
- heuristic against random over ``--pairs`` match pairs with duplicate deals: each seed is
  played twice, the heuristic holding team 0's seats, then team 1's (three players: one
  heuristic seat against two random ones, rotated over the three seats);
- the ``pimc`` agent's decision time with its default settings, CPU and wall clock, over
  ``--decisions`` decisions from every stage of the hand (the trump call included).

``bench_arena.py --agents pimc heuristic`` measures pimc's strength.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import hokm
from hokm.agents import HeuristicAgent, PimcAgent, RandomAgent, play_match, sample_deals


def random_states(rules: hokm.Ruleset, count: int, plays: range, seed: int = 1) -> list[hokm.HandState]:
    """Hands dealt and played at random until a number of cards drawn from ``plays``, each with a
    choice to make: a seat to act with two or more legal actions."""
    rng = random.Random(seed)
    states: list[hokm.HandState] = []
    deal = 0
    while len(states) < count:
        deal += 1
        state = rules.deal(random.Random(deal))
        stop = rng.choice(plays)
        while not state.is_over and len(state.plays) < stop:
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_over and len(state.legal_actions()) > 1:
            states.append(state)
    return states


def mid_hand_states(rules: hokm.Ruleset, count: int) -> list[hokm.HandState]:
    """Trick play with 20 to 28 cards played."""
    return random_states(rules, count, range(20, 29))


def knowledge_cost(states: list[hokm.HandState]) -> float:
    """Microseconds the public knowledge adds to an observation (median of rounds)."""
    def run(touch: bool) -> float:
        start = time.perf_counter()
        for _ in range(20):
            for state in states:
                view = state.observation(state.to_act or 0)
                if touch:
                    view.unseen  # noqa: B018
        return (time.perf_counter() - start) / (20 * len(states)) * 1e6
    rounds = [run(True) - run(False) for _ in range(5)]
    return statistics.median(rounds)


def sampling_cost(states: list[hokm.HandState]) -> tuple[float, float]:
    """CPU milliseconds to sample 1,000 deals from a fresh observation: median and worst.

    CPU time, not the wall clock: on a loaded machine the wall clock measures the neighbours.
    """
    times = []
    for index, state in enumerate(states):
        view = state.observation(state.to_act or 0)
        start = time.process_time()
        sample_deals(view, 1000, rng=random.Random(index))
        times.append((time.process_time() - start) * 1e3)
    return statistics.median(times), max(times)


class Timed(HeuristicAgent):
    def __init__(self) -> None:
        self.seconds = 0.0
        self.decisions = 0

    def act(self, observation: hokm.HandObservation | hokm.MatchObservation) -> hokm.Action:
        start = time.perf_counter()
        action = super().act(observation)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action


def strength(rules: hokm.Ruleset, pairs: int) -> tuple[int, int, int, float]:
    """(heuristic match wins, matches, pairs won twice, mean decision µs) over duplicate pairs."""
    wins = both = 0
    timed = Timed()
    players = rules.players
    teams = rules.layout.team_count
    for seed in range(pairs):
        won = 0
        for side in range(2 if teams == 2 else teams):
            seats = [seat for seat in range(players) if rules.layout.team_of(seat) == side % teams]
            agents = [timed if seat in seats else RandomAgent(seed=seed * 16 + seat)
                      for seat in range(players)]
            match = play_match(rules, agents, seed=seed)
            won += match.winner == side % teams
        wins += won
        both += won == (2 if teams == 2 else teams)
    matches = pairs * (2 if teams == 2 else teams)
    return wins, matches, both, timed.seconds / max(1, timed.decisions) * 1e6


def pimc_time(rules: hokm.Ruleset, count: int) -> tuple[float, float, float, float]:
    """The default pimc's decision time in ms: CPU mean and 95th percentile, wall mean and p95."""
    agent = PimcAgent(seed=0)
    cpu, wall = [], []
    for state in random_states(rules, count, range(48), seed=2):  # the trump call to the end
        view = state.observation(state.to_act or 0)
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        agent.act(view)
        cpu.append((time.process_time() - start_cpu) * 1e3)
        wall.append((time.perf_counter() - start_wall) * 1e3)

    def p95(values: list[float]) -> float:
        return statistics.quantiles(values, n=20)[-1]
    return statistics.fmean(cpu), p95(cpu), statistics.fmean(wall), p95(wall)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--decisions", type=int, default=200, help="pimc decisions to time")
    args = parser.parse_args()
    rules = hokm.Ruleset.compose(*args.variant)
    states = mid_hand_states(rules, 40)
    print(f"ruleset: {', '.join(args.variant) or 'standard'}")
    print(f"public knowledge per observation: {knowledge_cost(states):.0f} µs")
    median, worst = sampling_cost(states)
    print(f"sample_deals(n=1000), mid-hand, CPU: median {median:.1f} ms, worst {worst:.1f} ms")
    cpu, cpu95, wall, wall95 = pimc_time(rules, args.decisions)
    print(f"pimc decision (defaults): CPU mean {cpu:.0f} ms, p95 {cpu95:.0f} ms; "
          f"wall mean {wall:.0f} ms, p95 {wall95:.0f} ms")
    wins, matches, both, decision = strength(rules, args.pairs)
    print(f"heuristic decision: {decision:.0f} µs on average")
    print(f"heuristic vs random: {wins}/{matches} matches won ({wins / matches:.1%}); "
          f"{both}/{args.pairs} duplicate pairs won both ways")


if __name__ == "__main__":
    main()
