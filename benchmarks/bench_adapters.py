"""Adapters benchmark: the encodings' cost per call and the frameworks' tax per decision (#13).

    python benchmarks/bench_adapters.py [--decisions 20000] [--variant NAME ...]

Reports, in one run on the same machine:
- for mid-hand observations (20 to 28 cards played): building ``state.observation(seat)``,
  then encoding it (``encode_into`` a reused array, ``encode`` a new one) and its mask;
- decisions per second through the bare API (``match.apply`` of a random legal action), the
  PettingZoo AEC env (``last()`` then ``step()``, raw and in PettingZoo's wrappers) and the
  Gymnasium env (one learner seat; the other seats random agents), all choosing random legal
  actions; the adapters' tax is the extra time per decision over the bare API.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import hokm
from hokm.adapters.gymnasium import HokmEnv
from hokm.adapters.pettingzoo import env as pettingzoo_env
from hokm.adapters.pettingzoo import raw_env
from hokm.agents import RandomAgent
from hokm.encoding import ActionSpace, ObservationEncoder


def mid_hand_states(rules: hokm.Ruleset, count: int) -> list[hokm.HandState]:
    rng = random.Random(1)
    states: list[hokm.HandState] = []
    seed = 0
    while len(states) < count:
        seed += 1
        state = rules.deal(random.Random(seed))
        stop = rng.randrange(20, 29)
        while not state.is_over and len(state.plays) < stop:
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_over and state.phase is hokm.Phase.PLAY:
            states.append(state)
    return states


def per_call(function: Callable[[], object], calls: int) -> float:
    """Microseconds per call, the median of five rounds."""
    rounds = []
    for _ in range(5):
        start = time.process_time()
        for _ in range(calls):
            function()
        rounds.append((time.process_time() - start) / calls * 1e6)
    return statistics.median(rounds)


def encoding_costs(rules: hokm.Ruleset) -> dict[str, float]:
    states = mid_hand_states(rules, 200)
    views = [state.observation(state.to_act or 0) for state in states]
    space = ActionSpace(rules)
    encoder = ObservationEncoder(rules, actions=space)
    out = np.zeros(encoder.shape, dtype=np.float32)
    mask = np.zeros(space.size, dtype=np.int8)
    cycle = iter(range(10**9))

    def pick() -> Any:
        return views[next(cycle) % len(views)]

    def observe() -> object:
        state = states[next(cycle) % len(states)]
        return state.observation(state.to_act or 0)

    return {
        "observation": per_call(observe, 4000),
        "encode_into": per_call(lambda: encoder.encode_into(pick(), out), 4000),
        "encode": per_call(lambda: encoder.encode(pick()), 4000),
        "mask_into": per_call(lambda: space.mask_into(pick(), mask), 4000),
    }


def bare(rules: hokm.Ruleset, decisions: int) -> float:
    """Microseconds per decision through ``MatchState.apply``."""
    rng = random.Random(1)
    done, seed = 0, 0
    start = time.process_time()
    while done < decisions:
        seed += 1
        match = rules.new_match(seed=seed)
        while not match.is_over and done < decisions:
            match = match.apply(rng.choice(match.legal_actions()))
            done += 1
    return (time.process_time() - start) / done * 1e6


def pettingzoo(rules: hokm.Ruleset, decisions: int, *, wrapped: bool) -> float:
    """Microseconds per decision through the AEC env: ``last()``, a random legal id, ``step()``."""
    game: Any = pettingzoo_env(ruleset=rules) if wrapped else raw_env(ruleset=rules)
    rng = np.random.default_rng(1)
    done, seed = 0, 0
    start = time.process_time()
    while done < decisions:
        seed += 1
        game.reset(seed=seed)
        for _agent in game.agent_iter():
            observation, _, terminated, truncated, _ = game.last()
            if terminated or truncated:
                game.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            game.step(int(legal[rng.integers(len(legal))]))
            done += 1
            if done >= decisions:
                break
    return (time.process_time() - start) / done * 1e6


class CountingRandom(RandomAgent):
    """A random agent that counts its decisions."""

    decisions = 0

    def act(self, observation: hokm.HandObservation | hokm.MatchObservation) -> hokm.Action:
        CountingRandom.decisions += 1
        return super().act(observation)


def gymnasium(rules: hokm.Ruleset, decisions: int) -> tuple[float, float]:
    """Microseconds per learner step and per decision (every seat's), random agents elsewhere."""
    others = [seat for seat in range(rules.players) if seat != 0]
    game = HokmEnv(ruleset=rules, opponents={seat: CountingRandom(seed=seat) for seat in others})
    rng = np.random.default_rng(1)
    steps, seed = 0, 0
    CountingRandom.decisions = 0
    start = time.process_time()
    while steps + CountingRandom.decisions < decisions:
        seed += 1
        game.reset(seed=seed)
        terminated = False
        while not terminated:
            legal = np.flatnonzero(game.action_masks())
            _, _, terminated, _, _ = game.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    elapsed = time.process_time() - start
    return elapsed / steps * 1e6, elapsed / (steps + CountingRandom.decisions) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=20000)
    parser.add_argument("--variant", action="append", default=[], help="variants to compose (repeatable)")
    args = parser.parse_args()
    rules = hokm.Ruleset.compose(*args.variant)
    print(f"ruleset: {rules.describe()}")
    costs = encoding_costs(rules)
    print("mid-hand observation (20-28 cards played), µs per call:")
    for name, value in costs.items():
        print(f"  {name:<12} {value:7.1f}")
    base = bare(rules, args.decisions)
    zoo_raw = pettingzoo(rules, args.decisions, wrapped=False)
    zoo = pettingzoo(rules, args.decisions, wrapped=True)
    step, per_decision = gymnasium(rules, args.decisions)
    print(f"decisions per second ({args.decisions:,} random decisions each):")
    print(f"  bare MatchState.apply     {1e6 / base:9,.0f}/s  {base:6.1f} µs")
    print(f"  PettingZoo raw_env        {1e6 / zoo_raw:9,.0f}/s  {zoo_raw:6.1f} µs  "
          f"(tax {zoo_raw - base:5.1f} µs)")
    print(f"  PettingZoo env (wrapped)  {1e6 / zoo:9,.0f}/s  {zoo:6.1f} µs  (tax {zoo - base:5.1f} µs)")
    print(f"  Gymnasium HokmEnv         {1e6 / per_decision:9,.0f}/s  {per_decision:6.1f} µs per decision "
          f"(all seats; {step:.1f} µs per learner step)")


if __name__ == "__main__":
    main()
