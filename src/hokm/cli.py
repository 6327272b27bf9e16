"""The ``hokm`` command: list variants and their options, run simulations and arenas, check records.

``hokm variants`` lists installed variants, ``hokm options`` the options each
takes; ``hokm simulate`` plays random hands under a composed ruleset and prints
a summary table (or JSON); ``hokm replay`` and ``hokm show`` check and print game
records (``hokm._cli.records``); ``hokm arena`` ranks bots (``hokm._cli.arena``).
``hokm --version`` names the installed variants' distributions.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.metadata
import importlib.util
import json
import math
import os
import re
import signal
import sys
import textwrap
import threading
import traceback
from collections.abc import Iterator, Sequence
from concurrent.futures import BrokenExecutor
from types import FrameType
from typing import Any, NoReturn

from hokm._build import build_name, kernel_name
from hokm._cli.arena import add_arena_command
from hokm._cli.common import (
    MAX_DELAY,
    MAX_JOBS,
    MAX_OPTION_LENGTH,
    _Count,
    _ctrl_c,
    _distribution,
    _entry_points,
    _find,
    _ignore_signals,
    _load,
    _PluginFailure,
    _ProgressBar,
    _Seconds,
    _Terminated,
    _wants_progress,
    add_run_flags,
    confirm_long_run,
    parse_options,
    run_pooled,
    seed_value,
)
from hokm._cli.option_docs import option_table
from hokm._cli.records import add_commands
from hokm.discovery import _installed
from hokm.errors import DuplicateVariantError, HokmError
from hokm.rules import Ruleset, variant_info
from hokm.simulate import (
    CHUNK_HANDS,
    MAX_HANDS,
    RunInterrupted,
    SimulationReport,
    _show_value,
    simulate,
)

__all__ = ["MAX_JOBS", "MAX_OPTION_LENGTH", "build_parser", "main", "parse_options"]

EXIT_INTERRUPTED = 130
"""Exit status after Ctrl-C (SIGINT): 128 + 2, as shells report it."""

EXIT_TERMINATED = 143
"""Exit status after SIGTERM: 128 + 15, as shells report it."""

EXIT_BROKEN_PIPE = 141
"""Exit status when the output's reader has gone (``hokm replay ... | head``): 128 + SIGPIPE (13),
as shells report a tool that the closed pipe ended."""

STANDARD = "standard"


# Errors that end the command -----------------------------------------------------------------


# Which variant raised an error -------------------------------------------------------------------


def _source_roots(names: Sequence[str]) -> dict[str, str]:
    """File-system roots of the packages (or modules) that provide the variants ``names``."""
    roots: dict[str, str] = {}
    for name in names:
        ep = _find(name)
        if ep is None:
            continue
        top = ep.module.partition(".")[0]
        with contextlib.suppress(Exception):
            spec = importlib.util.find_spec(top)
            if spec is not None and spec.submodule_search_locations:
                roots[name] = os.path.join(next(iter(spec.submodule_search_locations)), "")
            elif spec is not None and spec.origin:
                roots[name] = spec.origin
    return roots


def _traceback_files(error: BaseException) -> Iterator[str]:
    """The source files of ``error``'s traceback, innermost first, through causes and workers."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield from reversed([frame.filename for frame in traceback.extract_tb(current.__traceback__)])
        if type(current).__name__ == "_RemoteTraceback":  # a process pool's worker traceback
            yield from reversed(re.findall(r'File "([^"]+)", line \d+', str(current)))
        current = current.__cause__ or current.__context__


def _blame(error: BaseException, names: Sequence[str]) -> str | None:
    """The variant among ``names`` whose code raised ``error``, if its traceback shows one."""
    roots = _source_roots(names)
    for filename in _traceback_files(error):
        path = os.path.abspath(filename)
        for name, root in roots.items():
            if path == root or path.startswith(root):
                return name
    return None


# hokm --version -------------------------------------------------------------------------------


def version_text() -> str:
    """What ``hokm --version`` prints: hokm's version, build and batch kernel, then each installed variant.

    >>> print(version_text())  # doctest: +ELLIPSIS
    hokm 0.1.0 (...) on Python 3...; batch kernel: ...
    variants:
      bavney ...hokm 0.1.0
    ...
    """
    try:
        version = importlib.metadata.version("hokm")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover - running from a source tree
        version = "unknown"
    python = ".".join(map(str, sys.version_info[:3]))
    lines = [f"hokm {version} ({build_name()}) on Python {python}; batch kernel: {kernel_name()}"]
    eps = _entry_points()
    if eps:
        width = max(len(ep.name) for ep in eps)
        lines.append("variants:")
        lines += [f"  {ep.name:<{width}}  {_distribution(ep)}" for ep in eps]
    else:
        lines.append("variants: none installed")
    return "\n".join(lines)


class _VersionAction(argparse.Action):
    """Like argparse's ``version`` action, but keeps the line breaks of a multi-line text."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> NoReturn:
        print(version_text())
        parser.exit()


# hokm variants ---------------------------------------------------------------------------------


def _variants_command(args: argparse.Namespace) -> int:
    rows = []
    for name, eps in _installed().items():
        for ep in eps:
            if len(eps) > 1:  # neither is loaded: compose refuses the name
                others = " and ".join(_distribution(other) for other in eps if other is not ep)
                summary = f"(name clash: also registered by {others}; hokm refuses {name!r})"
            else:
                try:
                    summary = variant_info(ep.load()).summary
                except Exception as error:  # a broken third-party plugin must not hide the others
                    summary = f"(cannot be loaded: {type(error).__name__}: {error})"
            rows.append((name, summary, _distribution(ep) if ep.dist else "?"))
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


# hokm options ----------------------------------------------------------------------------------


def _options_command(args: argparse.Namespace) -> int:
    every = not args.variant
    names = list(dict.fromkeys(args.variant or [STANDARD, *(ep.name for ep in _entry_points())]))
    listing = []
    for name in names:
        entry: dict[str, Any] = {"variant": name}
        if name == STANDARD:
            entry["distribution"] = _hokm_distribution()
            entry["options"] = option_table(type(dict(Ruleset.compose().plugins)[STANDARD]))
        else:
            entry["distribution"] = _distribution(_find(name))
            try:
                factory = _load(name)
            except _PluginFailure as failure:
                if not every:
                    raise
                entry["error"] = str(failure)  # listing everything: one broken plugin hides nothing
                factory = None
            except DuplicateVariantError as clash:
                if not every:
                    raise
                entry["distribution"] = " and ".join(clash.distributions)
                entry["error"] = (f"variant {name!r} ({entry['distribution']}) cannot be loaded: "
                                  f"{len(clash.distributions)} distributions register the name")
                factory = None
            else:
                if factory is None:
                    Ruleset.compose(name)  # raises UnknownVariantError, naming the installed variants
            entry["options"] = option_table(factory)
        listing.append(entry)
    if args.json:
        print(json.dumps(listing, indent=2))
    else:
        print("\n\n".join(_option_block(entry) for entry in listing))
    return 0


def _option_block(entry: dict[str, Any]) -> str:
    """The text of ``hokm options`` for one variant."""
    lines = [f"{entry['variant']} ({entry['distribution']})"]
    if "error" in entry:
        lines.append(f"  cannot be loaded: {entry['error'].partition(': ')[2]}")
    elif not entry["options"]:
        lines.append("  no options")
    for row in entry["options"]:
        facts = [row["type"], "required" if row["required"] else f"default {_show_value(row['default'])}"]
        if row["allowed"]:
            choices = ", ".join(_show_value(value) for value in row["allowed"])
            if row["other_types"]:
                choices += ", or any " + " or ".join(row["other_types"])
            facts.append(f"one of {choices}")
        lines.append(f"  {entry['variant']}.{row['name']}: " + "; ".join(facts))
        if row["description"]:
            lines += textwrap.wrap(row["description"], width=88, initial_indent="      ",
                                   subsequent_indent="      ")
    return "\n".join(lines)


def _hokm_distribution() -> str:
    try:
        return f"hokm {importlib.metadata.version('hokm')}"
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "hokm"


# hokm simulate ---------------------------------------------------------------------------------


CHECKED_HANDS = 1_000_000
"""``hokm simulate`` runs of more hands are timed on a sample first, and confirmed if long."""

SAMPLE_HANDS = CHUNK_HANDS
"""Hands played to measure the speed of a large run's ruleset."""


def _simulate_command(args: argparse.Namespace) -> int:
    options = parse_options(args.option)
    for name in args.variant:
        _load(name)  # a variant whose import fails is named here, with its distribution
    chunks = math.ceil(args.hands / CHUNK_HANDS)
    jobs = min(args.jobs, chunks)
    if args.hands > CHECKED_HANDS and not args.yes:
        sample = simulate(*args.variant, hands=SAMPLE_HANDS * (1 if args.matches else 40), options=options,
                          seed=0, matches=args.matches)  # (a batch's rate shows over more hands)
        rate = sample.hands / max(sample.seconds, 1e-9)
        workers = min(jobs, os.cpu_count() or 1)
        confirm_long_run(f"--hands {args.hands:,}", args.hands / (rate * workers),
                         f"~{rate:,.0f} hands/s measured a job, {workers} job{'s' if workers > 1 else ''}")
    bar = _ProgressBar(sys.stderr) if _wants_progress(args.progress, sys.stderr) else None
    try:
        report = run_pooled(
            lambda executor: simulate(*args.variant, hands=args.hands, options=options, seed=args.seed,
                                      executor=executor, progress=bar, records=args.records,
                                      matches=args.matches),
            jobs=jobs, bar=bar, variants=args.variant, records=args.records, blame=_blame)
    except RunInterrupted as stopped:
        if _ctrl_c(stopped):
            _print_report(stopped.partial, args.json, interrupted=args.hands)
        raise
    _print_report(report, args.json)
    return 0


def _print_report(report: SimulationReport, as_json: bool, interrupted: int | None = None) -> None:
    """The summary table (or JSON); after Ctrl-C, of the hands that finished, saying so."""
    if as_json:
        data = report.to_dict()
        if interrupted is not None:
            data["interrupted"] = True
        print(json.dumps(data, indent=2))
        return
    if interrupted is not None:
        if not report.hands:
            return
        print(f"interrupted: the table covers the {report.hands:,} of {interrupted:,} hands that finished")
    print(report.table())


# The parser and main -----------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (exposed for the CLI reference docs)."""
    parser = argparse.ArgumentParser(
        prog="hokm", description="Hokm rules library: variants, simulations and game records.")
    parser.add_argument("--version", action=_VersionAction,
                        help="show hokm's version and the installed variants' distributions, then exit")
    parser.add_argument("--debug", action="store_true", help="show tracebacks of errors")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                        help="show tracebacks of errors")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    variants = commands.add_parser("variants", parents=[common], help="list installed variants")
    variants.add_argument("--json", action="store_true", help="print JSON instead of a table")
    variants.set_defaults(run=_variants_command)

    options = commands.add_parser("options", parents=[common],
                                  help="list the options of variants (standard included)")
    options.add_argument("variant", nargs="*", metavar="VARIANT",
                         help="variants to describe, or 'standard' (default: standard and every variant)")
    options.add_argument("--json", action="store_true", help="print JSON instead of text")
    options.set_defaults(run=_options_command)

    sim = commands.add_parser("simulate", parents=[common], help="play random legal hands and summarise them")
    sim.add_argument("--hands", type=_Count("hands", MAX_HANDS), default=1000, metavar="N",
                     help=f"hands to play, 1 to {MAX_HANDS:,} (default 1000)")
    sim.add_argument("--variant", action="append", default=[], metavar="NAME",
                     help="add a variant (repeatable), e.g. --variant satat")
    sim.add_argument("--option", action="append", default=[], metavar="NAME.KEY=VALUE",
                     help="set an option (repeatable), e.g. --option standard.target=10")
    sim.add_argument("--seed", type=seed_value, default=None, help="int or text seed (default: fresh)")
    sim.add_argument("--jobs", type=_Count("jobs", MAX_JOBS), default=1, metavar="J",
                     help=f"worker processes, 1 to {MAX_JOBS} (default 1)")
    add_run_flags(sim, "print JSON instead of a table")
    sim.add_argument("--matches", action="store_true",
                     help="play the hands inside matches (Hakem succession, match rules) instead of as "
                          "standalone hands in batches, which is many times faster")
    sim.add_argument("--records", metavar="DIR",
                     help="write every simulated hand (with --matches: match) as a record into DIR "
                          "(one .json file each for a single work unit of hands, else gzip JSON lines "
                          "a unit)")
    sim.set_defaults(run=_simulate_command)

    add_arena_command(commands, common)
    add_commands(commands, common, _Count("hands", MAX_HANDS))
    _add_play_command(commands, common)
    return parser


def _add_play_command(commands: Any, common: argparse.ArgumentParser) -> None:
    """``hokm play``: the terminal table (``hokm.play``, imported only when the command runs)."""
    play = commands.add_parser("play", parents=[common],
                               help="play a match in the terminal against bots (needs hokm[play])")
    play.add_argument("--variant", action="append", default=[], metavar="NAME",
                      help="add a variant (repeatable), e.g. --variant satat")
    play.add_argument("--option", action="append", default=[], metavar="NAME.KEY=VALUE",
                      help="set an option (repeatable), e.g. --option standard.target=3")
    play.add_argument("--seed", type=seed_value, default=None, help="int or text seed (default: fresh)")
    play.add_argument("--seat", type=int, default=None, metavar="N", help="your seat (default 0)")
    play.add_argument("--opponents", default=None, metavar="SPEC",
                      help="the bots: heuristic (default), random, pimc or cmd:COMMAND")
    play.add_argument("--practice", action="store_true", help="allow undo (u) and hints (i)")
    play.add_argument("--resume", metavar="FILE", help="play on with the match saved in FILE")
    play.add_argument("--save", metavar="FILE",
                      help="save the match to FILE, as it stands, after every move (default: a new file "
                           "in the user's data directory, or FILE of --resume); checked before play starts")
    play.add_argument("--no-save", action="store_true", help="save nothing")
    play.add_argument("--delay", type=_Seconds(MAX_DELAY), default=0.4, metavar="SECONDS",
                      help=f"pause between the bots' moves, 0 to {MAX_DELAY:g} (default 0.4)")
    play.add_argument("--theme", choices=("dark", "light"), default="dark",
                      help="colours for a dark (default) or a light terminal background")
    play.add_argument("--ascii", action="store_true",
                      help="write suits as letters (AS, 10H); automatic when the terminal cannot show ♠")
    play.set_defaults(run=_play_command)


def _play_command(args: argparse.Namespace) -> int:
    from hokm.play.command import run

    return run(args)


def _raise_terminated(signum: int, frame: FrameType | None) -> NoReturn:
    raise _Terminated


@contextlib.contextmanager
def _signals() -> Iterator[None]:
    """SIGTERM unwinds like Ctrl-C while the command runs; the old handlers come back after."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signal handlers can only be set from the main thread
        return
    previous = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        for number, handler in previous.items():
            if handler is not None:
                signal.signal(number, handler)


def _report(message: str, debug: bool) -> None:
    if debug:
        traceback.print_exc()
    print(f"hokm: {message}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``hokm`` command; returns the exit status."""
    debug = "--debug" in (sys.argv[1:] if argv is None else argv)
    with _signals():
        try:
            parser = build_parser()
            args = parser.parse_args(argv)
            debug = bool(getattr(args, "debug", False))
            status = int(args.run(args))
            sys.stdout.flush()  # here, where a closed pipe is handled, not at exit
            return status
        except KeyboardInterrupt as interrupt:  # Ctrl-C, or SIGTERM as _Terminated
            _ignore_signals()
            terminated = not _ctrl_c(interrupt)
            _report("terminated" if terminated else "interrupted", debug)
            return EXIT_TERMINATED if terminated else EXIT_INTERRUPTED
        except _PluginFailure as failure:
            _report(f"error: {failure} (--debug shows the traceback)", debug)
            return 2
        except (HokmError, argparse.ArgumentTypeError, ValueError) as error:
            _report(f"error: {error}", debug)
            return 2
        except MemoryError:
            _report("error: out of memory", debug)
            return 1
        except BrokenExecutor:  # a worker process died: killed, or out of memory
            _report("error: a worker process ended abruptly (killed, or out of memory?)", debug)
            return 1
        except BrokenPipeError:  # e.g. `hokm replay ... | head`: stop quietly, as Unix tools do
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return EXIT_BROKEN_PIPE

