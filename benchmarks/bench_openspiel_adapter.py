"""OpenSpiel adapter benchmark: decisions per second through ``python_hokm`` against the bare API.

    python benchmarks/bench_openspiel_adapter.py [--hands 200] [--variant NAME ...]

Needs ``hokm[openspiel]``. Both loops play the same random policy (a uniform legal action per
decision) in the same run:

- bare: ``ruleset.deal(rng)``, then ``legal_actions()`` and ``apply(action)`` per decision;
- adapter: the deal as OpenSpiel chance nodes (one per card), then ``legal_actions()`` and
  ``apply_action(id)`` per decision (ids from ``hokm.encoding``).

Also reported, per call at mid-hand states: the observation tensor, the information-state
tensor and string, and ``resample_from_infostate``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import hokm
from hokm.adapters import openspiel as hos

pyspiel: Any = hos.pyspiel


def bare(rules: hokm.Ruleset, hands: int) -> tuple[float, float]:
    """(decisions per second, hands per second) through the bare hokm API."""
    rng = random.Random(1)
    decisions = 0
    start = time.perf_counter()
    for _ in range(hands):
        hand = rules.deal(rng)
        while not hand.is_over:
            hand = hand.apply(rng.choice(hand.legal_actions()))
            decisions += 1
    elapsed = time.perf_counter() - start
    return decisions / elapsed, hands / elapsed


def adapter(game: Any, hands: int) -> tuple[float, float, float]:
    """(decisions per second, hands per second, deal time per hand in ms) through OpenSpiel."""
    rng = random.Random(1)
    decisions = 0
    dealing = playing = 0.0
    for _ in range(hands):
        start = time.perf_counter()
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        dealt = time.perf_counter()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
        playing += time.perf_counter() - dealt
        dealing += dealt - start
    return decisions / playing, hands / (dealing + playing), dealing / hands * 1e3


def mid_hand(game: Any, count: int) -> list[Any]:
    rng = random.Random(2)
    states: list[Any] = []
    while len(states) < count:
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        for _ in range(rng.randrange(10, 30)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            states.append(state)
    return states


def per_call(states: list[Any], call: Any, rounds: int = 5) -> float:
    """Median microseconds of ``call(state, player)`` over the states."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for state in states:
            call(state, state.current_player())
        times.append((time.perf_counter() - start) / len(states) * 1e6)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--variant", action="append", default=[], metavar="NAME")
    args = parser.parse_args()
    variants = "+".join(args.variant)
    game = hos.load_game(variants=variants)
    rules = game.ruleset
    print(f"ruleset: {rules.describe()}; {args.hands} random hands each")
    bare_decisions, bare_hands = bare(rules, args.hands)
    os_decisions, os_hands, deal_ms = adapter(game, args.hands)
    print(f"bare hokm API     : {bare_decisions:9,.0f} decisions/s  {bare_hands:7,.0f} hands/s")
    print(f"OpenSpiel adapter : {os_decisions:9,.0f} decisions/s  {os_hands:7,.0f} hands/s "
          f"(deal by chance nodes: {deal_ms:.2f} ms/hand)")
    print(f"adapter / bare    : {os_decisions / bare_decisions:9.2f}x decisions/s")
    states = mid_hand(game, 200)
    observation = per_call(states, lambda state, player: state.observation_tensor(player))
    info_tensor = per_call(states, lambda state, player: state.information_state_tensor(player))
    info_string = per_call(states, lambda state, player: state.information_state_string(player))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    resample = per_call(states[:50], lambda state, player: state.resample_from_infostate(player, sampler), 3)
    print(f"observation_tensor        : {observation:7.1f} us/call")
    print(f"information_state_tensor  : {info_tensor:7.1f} us/call")
    print(f"information_state_string  : {info_string:7.1f} us/call")
    print(f"resample_from_infostate   : {resample:7.1f} us/call")


if __name__ == "__main__":
    main()
