"""``hokm arena``: rank bots against each other from the command line (``hokm.arena``)."""

from __future__ import annotations

import argparse
import math
import os
import sys

from hokm._arena.run import MAX_MATCHES, UNIT_DEALS
from hokm._cli.common import (
    MAX_JOBS,
    _Count,
    _ctrl_c,
    _load,
    _ProgressBar,
    _wants_progress,
    add_run_flags,
    confirm_long_run,
    parse_options,
    rate_text,
    run_pooled,
    seed_value,
)
from hokm.simulate import RunInterrupted

__all__ = ["add_arena_command"]


CHECKED_MATCHES = 1000
"""``hokm arena`` runs of more matches are timed on a sample first, and confirmed if long."""


def _arena_command(args: argparse.Namespace) -> int:
    from hokm._arena.play import seatings
    from hokm._arena.run import arena
    from hokm.rules import Ruleset

    options = parse_options(args.option)
    for name in args.variant:
        _load(name)  # a variant whose import fails is named here, with its distribution
    rules = Ruleset.compose(*args.variant, options=options)
    teams = rules.layout.team_count
    pairings = math.comb(len(args.agent), teams) if len(args.agent) >= teams else 1
    jobs = min(args.jobs, pairings * math.ceil(args.matches / UNIT_DEALS))
    total = pairings * args.matches * len(seatings(0, teams, args.duplicate))
    if total > CHECKED_MATCHES and not args.yes:
        sample = arena(args.agent, rules, matches=1, seed=args.seed, duplicate=args.duplicate,
                       on_failure=args.on_failure)
        each = sample.seconds / max(sample.played, 1)
        workers = min(jobs, os.cpu_count() or 1)
        confirm_long_run(f"{total:,} matches", total * each / workers,
                         f"~{rate_text(sample.played, sample.seconds, 'matches')} measured a job, "
                         f"{workers} job{'s' if workers > 1 else ''}")
    bar = _ProgressBar(sys.stderr, unit="matches") if _wants_progress(args.progress, sys.stderr) else None
    try:
        result = run_pooled(
            lambda executor: arena(args.agent, rules, matches=args.matches, seed=args.seed,
                                   duplicate=args.duplicate, executor=executor, progress=bar,
                                   on_failure=args.on_failure, records=args.records),
            jobs=jobs, bar=bar, variants=args.variant, records=args.records)
    except RunInterrupted as stopped:
        partial = stopped.partial
        if _ctrl_c(stopped) and partial.played:
            if args.json:
                print(partial.to_json(indent=2))
            else:
                print(f"interrupted: the tables cover the {partial.played:,} of {total:,} matches that "
                      "finished")
                print(partial.table())
        raise
    print(result.to_json(indent=2) if args.json else result.table())
    return 0


def add_arena_command(commands: argparse._SubParsersAction[argparse.ArgumentParser],
                      common: argparse.ArgumentParser) -> None:
    """Add ``arena`` to the parser's commands."""
    parser = commands.add_parser(
        "arena", parents=[common], help="rank bots: play them against each other with duplicate deals")
    parser.add_argument("--agent", action="append", required=True, metavar="NAME_OR_COMMAND",
                        help="an installed agent's name (heuristic, random, pimc, ...), with its "
                             "parameters as NAME:KEY=VALUE,... (pimc:endgame=6), or cmd:COMMAND for an "
                             "external program; at least two (repeat the flag)")
    parser.add_argument("--variant", action="append", default=[], metavar="NAME",
                        help="add a variant (repeatable), e.g. --variant satat")
    parser.add_argument("--option", action="append", default=[], metavar="NAME.KEY=VALUE",
                        help="set an option (repeatable), e.g. --option standard.target=10")
    parser.add_argument("--matches", type=_Count("matches", MAX_MATCHES), default=100, metavar="N",
                        help="deals per pairing, each played in every seating (default 100)")
    parser.add_argument("--seed", type=seed_value, default=0, help="int or text seed (default 0)")
    parser.add_argument("--jobs", type=_Count("jobs", MAX_JOBS), default=1, metavar="J",
                        help=f"worker processes, 1 to {MAX_JOBS} (default 1)")
    parser.add_argument("--no-duplicate", action="store_false", dest="duplicate",
                        help="play each deal once, not in every seating")
    parser.add_argument("--on-failure", choices=("forfeit", "random"), default="forfeit",
                        help="when an agent fails a decision: its team forfeits the match (default), "
                             "or a random legal action is played in its place")
    add_run_flags(parser, "print JSON instead of tables")
    parser.add_argument("--records", metavar="DIR",
                        help="write every match as a game record into DIR (gzip JSON lines, a file "
                             "per work unit, with the players' names)")
    parser.set_defaults(run=_arena_command)
