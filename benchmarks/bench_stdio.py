"""Stdio bots benchmark: what a decision costs when the player is an external program.

    python benchmarks/bench_stdio.py [--matches 5]

Plays ``--matches`` standard matches with the example bot (``examples/stdio-bot/bot.py``,
first legal action) at every seat through ``CommandAgent``, then the same matches with an
in-process first-legal agent, and reports the handshake time and the mean time per
decision of each (the difference is the protocol's round trip: JSON both ways, two pipes,
the bot's own parsing).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import hokm
from hokm.agents import CommandAgent, hand_observation, play_match

BOT = [sys.executable, str(Path(__file__).resolve().parents[1] / "examples" / "stdio-bot" / "bot.py")]


class FirstLegal:
    def act(self, observation: hokm.HandObservation | hokm.MatchObservation) -> hokm.Action:
        return hand_observation(observation).legal_actions[0]


def decisions(match: hokm.MatchState) -> int:
    return sum(len(hand["actions"]) for hand in match.to_record()["hands"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=5)
    args = parser.parse_args()
    rules = hokm.Ruleset.compose()

    started = time.perf_counter()
    with CommandAgent(BOT) as bot:
        match = rules.new_match(seed=0)
        bot.start_match(match.observation(0))
        handshake = time.perf_counter() - started
        for seat in range(1, 4):  # one process per seat: start them all before timing decisions
            bot.start_match(match.observation(seat))
        count, started = 0, time.perf_counter()
        for seed in range(args.matches):
            count += decisions(play_match(rules, [bot] * 4, seed=seed))
        piped = (time.perf_counter() - started) / count

    count, started = 0, time.perf_counter()
    for seed in range(args.matches):
        count += decisions(play_match(rules, [FirstLegal()] * 4, seed=seed))
    local = (time.perf_counter() - started) / count

    print(f"handshake (start the bot, hello and answer): {handshake * 1e3:.0f} ms")
    print(f"per decision over stdio: {piped * 1e6:.0f} µs ({count} decisions, {args.matches} matches)")
    print(f"per decision in process: {local * 1e6:.0f} µs")
    print(f"protocol round trip: {(piped - local) * 1e6:.0f} µs per decision")


if __name__ == "__main__":
    main()
