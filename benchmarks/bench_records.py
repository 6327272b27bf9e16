"""Recording and reloading random matches, against playing the same actions through ``apply``.

Plays ``--matches`` seeded matches to the end with random legal actions (untimed), then times
three passes over the same matches:

- **apply**: a new match from the same seed, then every action through ``MatchState.apply``;
- **record**: ``match.to_record()`` and ``json.dumps`` of it (the text a server stores);
- **load**: ``hokm.load_record(text)``, which parses the JSON, checks it and replays every
  action through the rules.

It prints the time of each pass and the load and record costs as multiples of the apply pass.

    python benchmarks/bench_records.py [--matches 10000] [--variant NAME ...] [--json]

Never a timed assertion in the test suite: this script only reports.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
import time

import hokm


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=10_000, help="matches to play (default 10,000)")
    parser.add_argument("--variant", action="append", default=[], help="add a variant (repeatable)")
    parser.add_argument("--seed", default="bench-records", help="seed of the run")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    args = parser.parse_args(argv)
    if args.matches < 1:
        parser.error("--matches must be at least 1")

    rules = hokm.Ruleset.compose(*args.variant)
    rng = random.Random(args.seed)
    seeds = [f"{args.seed}/{n}" for n in range(args.matches)]
    games: list[list[hokm.Action]] = []
    finals: list[hokm.MatchState] = []
    for seed in seeds:  # untimed: choose the actions
        match, actions = rules.new_match(seed=seed), []
        while not match.is_over:
            action = rng.choice(match.legal_actions())
            actions.append(action)
            match = match.apply(action)
        games.append(actions)
        finals.append(match)

    started = time.perf_counter()
    for seed, actions in zip(seeds, games, strict=True):
        match = rules.new_match(seed=seed)
        for action in actions:
            match = match.apply(action)
    apply_seconds = time.perf_counter() - started

    started = time.perf_counter()
    texts = [json.dumps(match.to_record(), ensure_ascii=False) for match in finals]
    record_seconds = time.perf_counter() - started

    started = time.perf_counter()
    loaded = [hokm.load_record(text) for text in texts]
    load_seconds = time.perf_counter() - started

    if loaded != finals:
        print("a reloaded match differs from the one recorded", file=sys.stderr)
        return 1
    actions_total = sum(map(len, games))
    hands_total = sum(len(match.results) for match in finals)
    size = sum(len(text.encode("utf-8")) for text in texts)
    packed = len(gzip.compress("\n".join(texts).encode("utf-8")))
    figures = {
        "ruleset": rules.describe(), "matches": args.matches, "hands": hands_total,
        "actions": actions_total, "apply_seconds": apply_seconds, "record_seconds": record_seconds,
        "load_seconds": load_seconds, "record_vs_apply": record_seconds / apply_seconds,
        "load_vs_apply": load_seconds / apply_seconds, "bytes_per_match": size / args.matches,
        "gzip_bytes_per_match": packed / args.matches,
    }
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    per_action = 1e6 / actions_total
    print(f"{figures['ruleset']}: {args.matches:,} matches, {hands_total:,} hands, {actions_total:,} actions")
    print(f"apply   {apply_seconds:8.2f} s  {apply_seconds * per_action:6.2f} µs/action")
    print(f"record  {record_seconds:8.2f} s  {record_seconds * per_action:6.2f} µs/action  "
          f"{figures['record_vs_apply']:.2f}× apply (to_record + json.dumps)")
    print(f"load    {load_seconds:8.2f} s  {load_seconds * per_action:6.2f} µs/action  "
          f"{figures['load_vs_apply']:.2f}× apply (load_record: parse, check, replay)")
    print(f"size    {size / args.matches:,.0f} bytes a match as JSON, {packed / args.matches:,.0f} gzipped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
