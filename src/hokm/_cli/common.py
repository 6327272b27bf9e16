"""What the ``hokm`` commands share: option values, argument types, progress, variants, workers.

``hokm.cli`` and the commands it adds (``hokm._cli.arena``, ``hokm.play.command``) import these;
this module imports none of them, so the command line has no import circle.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import importlib.metadata
import signal
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from decimal import Decimal, InvalidOperation
from typing import Any, TextIO

from hokm.discovery import ENTRY_POINT_GROUP, load_variant
from hokm.errors import UnknownVariantError, VariantLoadError

MAX_JOBS = 1024
"""The most worker processes ``--jobs`` may ask for."""

MAX_OPTION_LENGTH = 1000
"""The longest ``--option`` value, in characters; real option values are short."""


# Errors that end the command -----------------------------------------------------------------


class _PluginFailure(Exception):
    """A variant's code raised something hokm does not expect: the import or the variant broke."""

    def __init__(self, name: str, distribution: str, what: str, error: BaseException | str) -> None:
        if isinstance(error, str):
            detail = error
        else:
            detail = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        super().__init__(f"variant {name!r} ({distribution}) {what}: {detail}")


# Option values ---------------------------------------------------------------------------------


def _parse_value(text: str) -> Any:
    lowered = text.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
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
            shown = item if len(item) <= 60 else item[:57] + "..."
            raise argparse.ArgumentTypeError(
                f"bad --option {shown!r}: expected VARIANT.KEY=VALUE, e.g. standard.target=10")
        if len(value) > MAX_OPTION_LENGTH:
            raise argparse.ArgumentTypeError(
                f"--option {name}.{key}: the value is {len(value):,} characters long; "
                f"at most {MAX_OPTION_LENGTH:,} are accepted")
        options.setdefault(name, {})[key] = _parse_value(value)
    return options


# Argument types (their __name__ appears in argparse's messages) -------------------------------


class _Count:
    """An argparse ``type=``: a whole number from 1 to ``maximum``; ``1e6`` and ``1_000`` read too."""

    def __init__(self, what: str, maximum: int) -> None:
        self.what = what
        self.one = what[:-2] if what.endswith(("ches", "shes", "xes")) else what[:-1]  # "matches": "match"
        self.maximum = maximum
        self.__name__ = "positive integer"  # argparse: "invalid positive integer value: ..."

    def __call__(self, text: str) -> int:
        try:
            number = Decimal(text.strip())
        except InvalidOperation:
            number = Decimal("NaN")
        if not number.is_finite() or number != number.to_integral_value():
            raise argparse.ArgumentTypeError(
                f"expected a whole number of {self.what} such as 1000 or 1e6, got {text!r}")
        if number < 1:
            raise argparse.ArgumentTypeError(f"expected at least 1 {self.one}, got {text}")
        if number > self.maximum:
            raise argparse.ArgumentTypeError(
                f"at most {self.maximum:,} {self.what} can be asked for, got {text}")
        return int(number)


def seed_value(text: str) -> int | str:
    """An argparse ``type=``: an integer seed if the text is one, else the text itself."""
    try:
        return int(text)
    except ValueError:
        return text


seed_value.__name__ = "seed"


# Progress -------------------------------------------------------------------------------------


class _ProgressBar:
    """A one-line progress bar on stderr, shown only for runs that take a while.

    It first draws after half a second and then at most ten times a second.
    """

    def __init__(self, stream: TextIO, clock: Callable[[], float] = time.perf_counter,
                 unit: str = "hands") -> None:
        self.stream = stream
        self.clock = clock
        self.unit = unit
        self.started = clock()
        self.drawn = self.started
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        now = self.clock()
        elapsed = now - self.started
        if elapsed < 0.5 or (now - self.drawn < 0.1 and done < total):
            return
        self.drawn = now
        width = 30
        filled = int(width * done / total)
        rate = done / elapsed if elapsed else 0.0
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done:,}/{total:,} {self.unit}"
                          f"  {rate:,.0f} {self.unit}/s")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False


def _wants_progress(setting: bool | None, stream: TextIO) -> bool:
    """``--progress``/``--no-progress`` decide; by default, draw only on a terminal."""
    if setting is not None:
        return setting
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


# Variants and their distributions ---------------------------------------------------------------


def _entry_points() -> list[importlib.metadata.EntryPoint]:
    return sorted(importlib.metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda ep: ep.name)


def _distribution(ep: importlib.metadata.EntryPoint | None) -> str:
    """``"hokm-house-rule 0.1.0"`` for the distribution that provides ``ep``."""
    dist = ep.dist if ep is not None else None
    if dist is None:
        return "unknown distribution"
    return f"{dist.metadata['Name'] or dist.name} {dist.version}"


def _find(name: str) -> importlib.metadata.EntryPoint | None:
    return next((ep for ep in _entry_points() if ep.name == name), None)


def _load(name: str) -> Any:
    """Import variant ``name``; an exception from its code becomes a one-line failure.

    A name two distributions register raises ``hokm.DuplicateVariantError``.
    """
    try:
        return load_variant(name)
    except UnknownVariantError:
        return None  # Ruleset.compose names the installed variants
    except VariantLoadError as error:
        cause = error.__cause__ or error
        raise _PluginFailure(name, error.distribution, "cannot be loaded", cause) from error


# Worker processes ------------------------------------------------------------------------------


def _worker_init() -> None:
    """Start of each worker process: Ctrl-C and SIGTERM are the parent's business."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the terminal sends Ctrl-C to the whole group
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a forked worker must not inherit our handler


def _stop_pool(executor: ProcessPoolExecutor, *, abort: bool, records: str | None = None) -> None:
    """Shut the pool down; when aborting, cancel queued work and end the workers now.

    ``records``: the directory the workers write files to; a worker killed mid-write leaves
    a temporary file there, which is removed (``hokm._io.files``).
    """
    if not abort:
        executor.shutdown()
        return
    _ignore_signals()  # a second Ctrl-C must not interrupt the clean-up
    processes = list((getattr(executor, "_processes", None) or {}).values())
    try:
        _kill_workers(executor, processes)
    finally:
        if records is not None:
            from hokm._io.files import discard_partials

            discard_partials(records, [process.pid for process in processes if process.pid is not None])


def _kill_workers(executor: ProcessPoolExecutor, processes: list[Any]) -> None:
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()
    deadline = time.monotonic() + 5
    for process in processes:
        with contextlib.suppress(Exception):
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()


def _ignore_signals() -> None:
    """Ignore Ctrl-C and SIGTERM from now on, so a clean-up finishes (only the main thread can)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
