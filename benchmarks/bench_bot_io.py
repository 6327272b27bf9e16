"""What a stdio bot's own output costs it: hokm's reading of its stdout and stderr.

    python benchmarks/bench_bot_io.py [--repeat 3]

A Python bot answers hokm's first request, after writing to stderr first (1 MiB of logging,
in lines of 100 bytes, and then in one line without a newline); another answers with one
line of 100 MiB. Prints, for each, the best of ``--repeat`` wall times from sending the
request to having its answer (or, for the long line, the ``malformed`` failure), beside a
plain answer's. Only reports figures: nothing here is a test.
"""

from __future__ import annotations

import argparse
import sys
import time

import hokm
from hokm.agents import CommandAgent

LOGGING = """
import json, sys
sys.stdin.readline()  # hello
print(json.dumps({"type": "hello", "protocol": "hokm-bot/1", "name": "noisy", "variants": ["*"]}), flush=True)
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "act":
        %s
        print(json.dumps({"type": "action", "id": message["id"], "index": 0}), flush=True)
"""

CASES = {
    "plain answer": "pass",
    "answer after 1 MiB of stderr, 100-byte lines":
        "sys.stderr.write(('x' * 99 + chr(10)) * 10486); sys.stderr.flush()",
    "answer after 1 MiB of stderr, one line": "sys.stderr.write('x' * 1048576); sys.stderr.flush()",
    "a 100 MiB line (malformed)": "sys.stdout.write('x' * (100 << 20) + chr(10)); sys.stdout.flush()",
}


def one(body: str) -> float:
    rules = hokm.Ruleset.compose()
    match = rules.new_match(seed=1)
    seat = match.to_act
    assert seat is not None
    with CommandAgent([sys.executable, "-c", LOGGING % body], time_limit=60, startup_time=60) as bot:
        bot.start_match(match.observation(seat))  # started and greeted: only the request is timed
        started = time.perf_counter()
        try:
            bot.act(match.observation(seat))
        except hokm.AgentFailedError as error:
            assert error.reason == "malformed", error
        return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    width = max(map(len, CASES))
    for name, body in CASES.items():
        best = min(one(body) for _ in range(args.repeat))
        print(f"{name:<{width}}  {best * 1e3:9.1f} ms")


if __name__ == "__main__":
    main()
