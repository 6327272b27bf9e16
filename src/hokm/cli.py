"""The ``hokm`` command: list variants, run simulations.

``hokm variants`` lists installed variants; ``hokm simulate`` plays random
hands under a composed ruleset and prints a summary table (or JSON).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TextIO

from hokm.errors import HokmError
from hokm.rules import ENTRY_POINT_GROUP, variant_info
from hokm.simulate import simulate

__all__ = ["main"]


def _parse_value(text: str) -> Any:
    lowered = text.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


def parse_options(items: Sequence[str]) -> dict[str, dict[str, Any]]:
    """``["standard.target=10", ...]`` -> ``{"standard": {"target": 10}}``.

    >>> parse_options(["standard.target=10", "double-sar.blocked_pickups={2, 12}",
    ...                "standard.first_hakem=random"])
    {'standard': {'target': 10, 'first_hakem': 'random'}, 'double-sar': {'blocked_pickups': {2, 12}}}
    """
    options: dict[str, dict[str, Any]] = {}
    for item in items:
        name, dot, rest = item.partition(".")
        key, equals, value = rest.partition("=")
        if not dot or not equals or not name or not key:
            raise argparse.ArgumentTypeError(
                f"bad --option {item!r}: expected VARIANT.KEY=VALUE, e.g. standard.target=10")
        options.setdefault(name, {})[key] = _parse_value(value)
    return options


class _ProgressBar:
    """A one-line progress bar on stderr, shown only for runs that take a while."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.started = time.perf_counter()
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        elapsed = time.perf_counter() - self.started
        if elapsed < 0.5 and done < total:
            return
        if elapsed < 0.5 and not self.shown:
            return
        width = 30
        filled = int(width * done / total)
        rate = done / elapsed if elapsed else 0.0
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done:,}/{total:,} hands"
                          f"  {rate:,.0f} hands/s")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()


def _variants_command(args: argparse.Namespace) -> int:
    from importlib.metadata import entry_points

    rows = []
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        try:
            info = variant_info(ep.load())
            summary = info.summary
        except Exception as error:  # a broken third-party plugin must not hide the others
            summary = f"(cannot be loaded: {error})"
        dist = f"{ep.dist.name} {ep.dist.version}" if ep.dist else "?"
        rows.append((ep.name, summary, dist))
    if args.json:
        print(json.dumps([{"name": n, "summary": s, "distribution": d} for n, s, d in rows], indent=2))
        return 0
    if not rows:
        print("no variants installed")
        return 0
    name_width = max(len(r[0]) for r in rows)
    dist_width = max(len(r[2]) for r in rows)
    for name, summary, dist in rows:
        print(f"{name:<{name_width}}  {dist:<{dist_width}}  {summary}")
    return 0


def _simulate_command(args: argparse.Namespace) -> int:
    options = parse_options(args.option)
    bar = _ProgressBar(sys.stderr) if not args.quiet else None
    executor = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        report = simulate(*args.variant, hands=args.hands, options=options, seed=args.seed,
                          executor=executor, progress=bar)
    finally:
        if executor is not None:
            executor.shutdown()
        if bar is not None:
            bar.close()
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
    else:
        print(report.table())
    return 0


def _seed(text: str) -> int | str:
    try:
        return int(text)
    except ValueError:
        return text


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (exposed for the CLI reference docs)."""
    parser = argparse.ArgumentParser(prog="hokm", description="Hokm rules library: variants and simulations.")
    commands = parser.add_subparsers(dest="command", required=True)

    variants = commands.add_parser("variants", help="list installed variants")
    variants.add_argument("--json", action="store_true", help="print JSON instead of a table")
    variants.set_defaults(run=_variants_command)

    sim = commands.add_parser("simulate", help="play random legal hands and summarise them")
    sim.add_argument("--hands", type=_positive, default=1000, help="hands to play (default 1000)")
    sim.add_argument("--variant", action="append", default=[], metavar="NAME",
                     help="add a variant (repeatable), e.g. --variant satat")
    sim.add_argument("--option", action="append", default=[], metavar="NAME.KEY=VALUE",
                     help="set an option (repeatable), e.g. --option standard.target=10")
    sim.add_argument("--seed", type=_seed, default=None, help="int or text seed (default: fresh)")
    sim.add_argument("--jobs", type=_positive, default=1, help="worker processes (default 1)")
    sim.add_argument("--json", action="store_true", help="print JSON instead of a table")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.set_defaults(run=_simulate_command)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``hokm`` command; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except (HokmError, argparse.ArgumentTypeError, ValueError) as error:
        print(f"hokm: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `hokm variants | head`: stop quietly, as Unix tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
