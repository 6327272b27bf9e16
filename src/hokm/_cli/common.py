"""What the ``hokm`` commands share: option values, argument types, progress, variants, workers.

``hokm.cli`` and the commands it adds (``hokm._cli.arena``, ``hokm.play.command``) import these;
this module imports none of them, so the command line has no import circle.
"""

from __future__ import annotations

import argparse
import ast
import codecs
import contextlib
import importlib.metadata
import math
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from decimal import Decimal, InvalidOperation
from typing import Any, TextIO, TypeVar

from hokm.cards import Suit
from hokm.discovery import ENTRY_POINT_GROUP, load_variant
from hokm.errors import (
    HokmError,
    InvalidArgumentError,
    PluginContractError,
    UnknownVariantError,
    VariantLoadError,
)

MAX_JOBS = 1024
"""The most worker processes ``--jobs`` may ask for."""

MAX_OPTION_LENGTH = 1000
"""The longest ``--option`` value, in characters; real option values are short."""


# Errors that end the command -----------------------------------------------------------------


class _Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread so it unwinds exactly like Ctrl-C."""


def _ctrl_c(interrupt: BaseException) -> bool:
    """Whether ``interrupt`` (or the interrupt that caused it) is Ctrl-C rather than SIGTERM."""
    cause = interrupt.__cause__ if interrupt.__cause__ is not None else interrupt
    return not isinstance(cause, _Terminated) and not isinstance(interrupt, _Terminated)


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


# Suits as letters, for output that cannot take them ------------------------------------------

_ASCII = str.maketrans({suit.value: suit.letter for suit in Suit})


def ascii_suits(text: str) -> str:
    """``text`` with each suit symbol written as its letter (``A♠`` as ``AS``, ``10♥`` as ``10H``).

    ``Card.parse`` reads the letters back, so a card written this way stays a card.

    >>> ascii_suits("trump ♦, led 10♥")
    'trump D, led 10H'
    """
    return text.translate(_ASCII)


def can_write_suits(stream: TextIO | None) -> bool:
    """Whether ``stream``'s encoding can write the suit symbols (``♠ ♥ ♦ ♣``).

    ``False`` for an ASCII or Latin-1 terminal or pipe (``LANG=C``, ``PYTHONIOENCODING=ascii``),
    where printing ``♠`` would fail or show mojibake; ``True`` when the stream names no encoding.
    """
    encoding = getattr(stream, "encoding", None)
    if not encoding:
        return True
    try:
        codecs.lookup(encoding)
        "♠♥♦♣".encode(encoding)
    except (LookupError, UnicodeError):
        return False
    return True


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

MAX_DELAY = 10.0
"""The longest ``hokm play --delay`` between the bots' moves, in seconds."""


class _Seconds:
    """An argparse ``type=``: a number of seconds from 0 to ``maximum`` (``0.4``, ``2``, ``0``)."""

    def __init__(self, maximum: float) -> None:
        self.maximum = maximum
        self.__name__ = "seconds"

    def __call__(self, text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not math.isfinite(value) or not 0 <= value <= self.maximum:
            raise argparse.ArgumentTypeError(
                f"expected seconds from 0 to {self.maximum:g} such as 0.4, got {text!r}")
        return value


# Progress -------------------------------------------------------------------------------------


def duration_text(seconds: float) -> str:
    """A duration for people: ``"45s"``, ``"4m 05s"``, ``"2h 13m"``, ``"3d 4h"``, ``"32 years"``.

    >>> duration_text(3.2), duration_text(245), duration_text(7980), duration_text(1e9)
    ('3s', '4m 05s', '2h 13m', '32 years')
    """
    seconds = max(0.0, seconds)
    if seconds < 60:
        return f"{seconds:.0f}s"
    minutes, secs = divmod(int(seconds + 0.5), 60)
    if minutes < 60:
        return f"{minutes}m {secs:02d}s"
    hours, minutes = divmod(minutes, 60)
    if hours < 48:
        return f"{hours}h {minutes:02d}m"
    days, hours = divmod(hours, 24)
    if days < 365:
        return f"{days}d {hours}h"
    return f"{days / 365.25:,.0f} years"


def rate_text(done: int, seconds: float, unit: str) -> str:
    """How fast work goes, readable however slow: ``"35,120 hands/s"``, ``"2.5 matches/s"``,
    or below one a second, the time each takes: ``"4.2 s/match"``.

    >>> rate_text(70240, 2.0, "hands"), rate_text(5, 2.0, "matches"), rate_text(3, 12.6, "matches")
    ('35,120 hands/s', '2.5 matches/s', '4.2 s/match')
    """
    if done <= 0 or seconds <= 0:
        return f"- {unit}/s"
    rate = done / seconds
    if rate >= 10:
        return f"{rate:,.0f} {unit}/s"
    if rate >= 1:
        return f"{rate:.1f} {unit}/s"
    one = unit.removesuffix("es") if unit.endswith("ches") else unit.removesuffix("s")
    return f"{seconds / done:,.1f} s/{one}"


class _ProgressBar:
    """A one-line progress bar on stderr, shown only for runs that take a while.

    It first draws after half a second and then at most ten times a second: the share done
    in per cent, the count, the rate (``s/match`` when it is below one a second) and the
    time left. ``start()`` adds a clock that redraws every second between reports, so a run
    whose first work unit takes minutes still shows that it is alive.
    """

    def __init__(self, stream: TextIO, clock: Callable[[], float] = time.perf_counter,
                 unit: str = "hands") -> None:
        self.stream = stream
        self.clock = clock
        self.unit = unit
        self.started = clock()
        self.drawn = self.started
        self.shown = False
        self.done = 0
        self.total = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None

    def __call__(self, done: int, total: int) -> None:
        with self._lock:
            self.done, self.total = done, total
            now = self.clock()
            if now - self.started < 0.5 or (now - self.drawn < 0.1 and done < total):
                return
            self._draw(now)

    def line(self, now: float) -> str:
        """The bar's text at time ``now``."""
        done, total, width = self.done, self.total, 30
        elapsed = now - self.started
        share = done / total if total else 0.0
        filled = int(width * share)
        text = f"[{'#' * filled}{'.' * (width - filled)}] {share:4.0%}  {done:,}/{total:,} {self.unit}"
        if done:
            text += f"  {rate_text(done, elapsed, self.unit)}"
            if done < total:
                text += f"  ETA {duration_text(elapsed / done * (total - done))}"
        else:
            text += f"  {duration_text(elapsed)} so far, the first results are on their way"
        return text

    def _draw(self, now: float) -> None:
        self.drawn = now
        self.stream.write("\r" + self.line(now) + "\033[K" * self._erase)
        self.stream.flush()
        self.shown = True

    @property
    def _erase(self) -> bool:
        """Clear the rest of the line (a shorter line after a longer one), on a terminal only."""
        try:
            return bool(self.stream.isatty())
        except (AttributeError, ValueError):
            return False

    def start(self, every: float = 1.0) -> None:
        """Redraw every ``every`` seconds from a background thread, between reports too."""
        def tick() -> None:
            while not self._stop.wait(every):
                with self._lock:
                    now = self.clock()
                    if self.total and now - self.started >= 0.5:
                        self._draw(now)

        self._ticker = threading.Thread(target=tick, name="hokm-progress", daemon=True)
        self._ticker.start()

    def close(self) -> None:
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join(2)
        with self._lock:
            if self.shown:
                self.stream.write("\n")
                self.stream.flush()
                self.shown = False


# Long runs: asked before they start ------------------------------------------------------------

CONFIRM_SECONDS = 3600.0
"""A ``simulate`` or ``arena`` run estimated to take longer than this is confirmed first (or,
without a terminal to ask on, refused unless ``--yes`` is given)."""


def confirm_long_run(size: str, seconds: float, basis: str, *, stdin: TextIO | None = None,
                     stderr: TextIO | None = None) -> None:
    """Go on with a run of ``size`` estimated at ``seconds``, or stop it with a clear message.

    Up to ``CONFIRM_SECONDS`` nothing is asked. Longer runs are asked about on a terminal
    (``y`` goes on); without one they are refused, the message naming ``--yes``. ``basis``
    says what the estimate rests on (``"~35,000 hands/s a job measured, 2 jobs"``).

    Raises:
        InvalidArgumentError: the run was refused or not confirmed.
    """
    if seconds <= CONFIRM_SECONDS:
        return
    stdin = sys.stdin if stdin is None else stdin
    stderr = sys.stderr if stderr is None else stderr
    estimate = f"{size} would take about {duration_text(seconds)} ({basis})"
    interactive = False
    with contextlib.suppress(AttributeError, ValueError):
        interactive = bool(stdin.isatty() and stderr.isatty())
    if not interactive:
        raise InvalidArgumentError(f"{estimate}; ask for less, or add --yes to run it anyway")
    stderr.write(f"hokm: {estimate}. Run it? [y/N] ")
    stderr.flush()
    answer = stdin.readline().strip().lower()
    if answer not in ("y", "yes"):
        raise InvalidArgumentError(f"not run: {estimate}")


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


def start_pool(jobs: int) -> ProcessPoolExecutor | None:
    """The worker pool of a command run with ``--jobs`` (``None`` for one job).

    The command owns its process, so it also quiets one known CPython 3.11 complaint: when the
    workers are stopped (Ctrl-C, SIGTERM), the pool's manager thread marks every pending work
    unit as broken, including those just cancelled, and dies printing ``InvalidStateError``
    (fixed in CPython 3.12). The user asked for the stop; that traceback would only alarm them.
    """
    if jobs <= 1:
        return None
    if not getattr(threading.excepthook, "_hokm_quiet_pool", False):
        threading.excepthook = _quiet_pool_hook(threading.excepthook)
    return ProcessPoolExecutor(jobs, initializer=_worker_init)


def _quiet_pool_hook(previous: Any) -> Any:
    from concurrent.futures import InvalidStateError
    from concurrent.futures.process import _ExecutorManagerThread

    def hook(args: threading.ExceptHookArgs) -> None:
        if isinstance(args.thread, _ExecutorManagerThread) and args.exc_type is InvalidStateError:
            return
        previous(args)

    hook._hokm_quiet_pool = True  # type: ignore[attr-defined]
    return hook


_Result = TypeVar("_Result")


def run_pooled(work: Callable[[ProcessPoolExecutor | None], _Result], *, jobs: int,
               bar: _ProgressBar | None, variants: Sequence[str], records: str | None,
               blame: Callable[[BaseException, Sequence[str]], str | None] | None = None) -> _Result:
    """Run a long command's ``work`` on a pool of ``jobs`` workers (``None`` for one job) with its
    progress bar, as ``simulate`` and ``arena`` do: the pool and the bar are closed however the run
    ends (an interrupted one stops its workers at once and removes their partial ``records``), and a
    failure of one of the named ``variants`` is re-raised as ``_PluginFailure``, naming its
    distribution (``blame``: which variant's code raised an unexpected exception, if any)."""
    if bar is not None:
        bar.start()
    executor = start_pool(jobs)
    finished = False
    try:
        result = work(executor)
        finished = True
        return result
    except PluginContractError as error:  # a variant's hook raised: name it and its distribution
        if error.plugin is None or error.plugin not in variants or error.cause is None:
            raise
        where = f"failed in {error.hook}" if error.hook else "failed"
        raise _PluginFailure(error.plugin, _distribution(_find(error.plugin)), where,
                             error.cause) from error
    except HokmError:
        raise
    except Exception as error:
        culprit = None if blame is None else blame(error, variants)
        if culprit is None:
            raise
        raise _PluginFailure(culprit, _distribution(_find(culprit)), "failed", error) from error
    finally:
        if executor is not None:
            _stop_pool(executor, abort=not finished, records=records)
        if bar is not None:
            bar.close()


def add_run_flags(parser: argparse.ArgumentParser, json_help: str) -> None:
    """The flags ``simulate`` and ``arena`` share: ``--json``, ``--progress``, ``--quiet``, ``--yes``."""
    parser.add_argument("--json", action="store_true", help=json_help)
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="draw a progress bar on stderr (default: only when stderr is a terminal)")
    parser.add_argument("--quiet", action="store_false", dest="progress", help="the same as --no-progress")
    parser.add_argument("--yes", action="store_true",
                        help="run without asking even if the run is estimated to take over an hour")


def _ignore_signals() -> None:
    """Ignore Ctrl-C and SIGTERM from now on, so a clean-up finishes (only the main thread can)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
