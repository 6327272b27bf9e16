"""A game server saving its match after every action: the whole record rewritten, or a log appended to.

    python benchmarks/bench_server_log.py [--matches 5] [--rounds 3]

Each pass plays the same seeded matches with random legal actions, the way a server does:
``parse_action`` of the player's JSON, ``apply_with_events``, every seat's events and view
encoded as JSON, then the save, either

- **rewrite**: ``json.dumps(match.to_record())`` written over the match's file (what a server
  had to do before ``RecordLog``), or
- **log**: ``RecordLog.append(action)``, one line added to the match's log,

and also with no save at all (**none**), for the server's own cost. Prints the best round's
actions per second for each, the bytes written per match, and the reload time of the last
match's file. Only reports figures: nothing here is a test.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import tempfile
import time
from pathlib import Path

import hokm
from hokm import events
from hokm.records import RecordLog


def serve(rules: hokm.Ruleset, seed: int, folder: Path, save: str) -> tuple[int, int]:
    """Play one match as a server would; (actions, bytes written)."""
    rng = random.Random(seed)
    match = rules.new_match(seed=seed)
    path = folder / f"match-{seed}.{'jsonl' if save == 'log' else 'json'}"
    log = RecordLog(path, match) if save == "log" else None
    actions = written = 0
    while not match.is_over:
        seat = match.to_act
        message = {"seat": seat, **rng.choice(match.legal_actions()).to_dict()}  # what the player sent
        action = hokm.parse_action(message, match)
        match, happened = match.apply_with_events(action)
        for viewer in range(rules.players):  # what the server sends each seat
            json.dumps({"events": [event.to_dict() for event in events.for_seat(happened, viewer)],
                        "view": match.observation(viewer).to_dict()}, ensure_ascii=False)
        if log is not None:
            log.append(action)
        elif save == "rewrite":
            text = json.dumps(match.to_record(), ensure_ascii=False)
            path.write_text(text, encoding="utf-8")
            written += len(text.encode())
        actions += 1
    if log is not None:
        log.close()
        written = os.path.getsize(path)
    return actions, written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    rules = hokm.Ruleset.compose()
    best: dict[str, float] = {}
    sizes: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as directory:
        folder = Path(directory)
        for _ in range(args.rounds):
            for save in ("none", "rewrite", "log"):
                started = time.perf_counter()
                total = written = 0
                for seed in range(args.matches):
                    actions, size = serve(rules, seed, folder, save)
                    total += actions
                    written += size
                rate = total / (time.perf_counter() - started)
                best[save] = max(best.get(save, 0.0), rate)
                sizes[save] = written // args.matches
        loads = {}
        for save, suffix in (("rewrite", "json"), ("log", "jsonl")):
            path = folder / f"match-{args.matches - 1}.{suffix}"
            started = time.perf_counter()
            hokm.load_record(path)
            loads[save] = time.perf_counter() - started
    print(f"{args.matches} standard matches, best of {args.rounds} rounds")
    for save in ("none", "rewrite", "log"):
        line = f"{save:<8} {best[save]:8,.0f} actions/s"
        if save != "none":
            line += f"  {sizes[save] / 1e6:6.2f} MB written a match, reload {loads[save] * 1e3:5.1f} ms"
        print(line)
    print(f"log / rewrite: {best['log'] / best['rewrite']:.1f}x the actions per second")


if __name__ == "__main__":
    main()
