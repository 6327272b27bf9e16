"""``pimc`` against OpenSpiel's IS-MCTS at equal time: single hands over duplicate deals.

    python benchmarks/bench_ismcts.py [--deals 100] [--jobs 2] [--seed 0] [--simulations N]
                                      [--agent pimc]

Each deal is played twice through the OpenSpiel adapter (``hokm.adapters.openspiel``), the
agent holding one team's seats and IS-MCTS the other's, then the seats swapped. The agent
sees only its seat's observation (``HokmState.hand.observation(seat)``); IS-MCTS searches the
OpenSpiel state with ``resample_from_infostate`` as its resampler (uniform deals consistent
with what its seat has seen), random rollouts as its evaluator and UCT constant 2.

*Equal time*: without ``--simulations``, a calibration first times the agent's decisions and
IS-MCTS's simulations on a few deals, then gives IS-MCTS as many simulations a decision as fit
in the agent's mean CPU time a decision. Both means are printed with the result, so the
equality can be checked. Needs the ``openspiel`` extra. Prints hands won with a 95% interval
(Wilson) and the mean CPU time a decision of each side.
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import hokm
from hokm.adapters import openspiel as hos
from hokm.agents import agent_from_spec
from hokm.encoding import ActionSpace

pyspiel: Any = hos.pyspiel
np: Any = hos.np
ismcts: Any = importlib.import_module("open_spiel.python.algorithms.ismcts")
mcts: Any = importlib.import_module("open_spiel.python.algorithms.mcts")


def _bot(game: Any, simulations: int, seed: int) -> Any:
    """OpenSpiel's IS-MCTS with random rollouts, resampling deals from its seat's information."""
    state_rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, state_rng)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=state_rng)
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    return bot


def play_deal(deal: int, seed: int, agent_spec: str, simulations: int,
              hands: int = 2) -> list[tuple[bool, float, int, float, int]]:
    """The deal played ``hands`` times (the agent's team 0, then 1): per hand, whether the agent's side
    won, and each side's CPU seconds and decisions."""
    rng = random.Random(f"{seed}/deal/{deal}")
    order = [card.index for card in hokm.full_deck()]
    rng.shuffle(order)
    hakem = deal % 4
    game = hos.load_game(hakem=hakem)
    space = ActionSpace(game.ruleset)
    results = []
    for agent_team in range(hands):
        agent = agent_from_spec(agent_spec, seed=f"{seed}/{deal}/{agent_team}")
        bot = _bot(game, simulations, deal * 2 + agent_team)
        state = game.new_initial_state()
        for index in order:
            if state.current_player() != pyspiel.PlayerId.CHANCE:
                break
            state.apply_action(index)
        spent = [0.0, 0.0]
        decisions = [0, 0]
        while not state.is_terminal():
            seat = state.current_player()
            ours = int(game.ruleset.team_of(seat)) == agent_team
            start = time.process_time()
            if ours:
                hand = state.hand
                assert hand is not None  # (dealt)
                action = space.id_of(agent.act(hand.observation(seat)))
            else:
                action = bot.step(state)
            spent[ours] += time.process_time() - start
            decisions[ours] += 1
            state.apply_action(action)
        returns = state.returns()
        won = any(returns[seat] > 0 and int(game.ruleset.team_of(seat)) == agent_team
                  for seat in range(game.ruleset.players))
        results.append((won, spent[1], decisions[1], spent[0], decisions[0]))
    return results


def _calibrate(seed: int, agent_spec: str) -> tuple[float, float]:
    """The agent's mean CPU time a decision and IS-MCTS's a simulation, over a few hands."""
    probe = 20
    agent_time = agent_decisions = bot_time = bot_decisions = 0.0
    for deal in range(3):
        hands = play_deal(10_000 + deal, seed, agent_spec, probe, hands=1)
        for _, mine, mine_count, theirs, theirs_count in hands:
            agent_time, agent_decisions = agent_time + mine, agent_decisions + mine_count
            bot_time, bot_decisions = bot_time + theirs, bot_decisions + theirs_count
    return agent_time / agent_decisions, bot_time / bot_decisions / probe


def _wilson(wins: int, total: int) -> tuple[float, float]:
    z = 1.959964
    rate = wins / total
    centre = (rate + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(rate * (1 - rate) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=100, help="duplicate deals (each played twice)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=0, help="the deals' seed")
    parser.add_argument("--simulations", type=int, default=None,
                        help="IS-MCTS simulations a decision (default: as many as fit in the agent's time)")
    parser.add_argument("--agent", default="pimc", help="the agent's spec (as hokm arena --agent takes it)")
    args = parser.parse_args()
    simulations = args.simulations
    if simulations is None:
        per_decision, per_simulation = _calibrate(args.seed, args.agent)
        simulations = max(1, round(per_decision / per_simulation))
        print(f"calibration: {args.agent} {per_decision * 1000:.1f} ms a decision; IS-MCTS "
              f"{per_simulation * 1000:.2f} ms a simulation -> {simulations} simulations a decision")
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(play_deal, deal, args.seed, args.agent, simulations)
                   for deal in range(args.deals)]
        hands = [hand for future in futures for hand in future.result()]
    wins = sum(won for won, *_ in hands)
    low, high = _wilson(wins, len(hands))
    mine = sum(hand[1] for hand in hands) / max(1, sum(hand[2] for hand in hands))
    theirs = sum(hand[3] for hand in hands) / max(1, sum(hand[4] for hand in hands))
    print(f"{args.agent} won {wins}/{len(hands)} hands against IS-MCTS ({simulations} simulations): "
          f"{wins / len(hands):.1%} [{low:.1%}, {high:.1%}]")
    print(f"CPU a decision: {args.agent} {mine * 1000:.1f} ms, IS-MCTS {theirs * 1000:.1f} ms "
          f"({time.perf_counter() - started:.0f} s with {args.jobs} job(s))")


if __name__ == "__main__":
    main()
