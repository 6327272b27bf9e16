"""Random legal playouts under a ruleset, with summary statistics.

Every decision (trump call, stock draw, play-on offer, card) is chosen
uniformly at random among the legal ones. By default the hands are standalone,
each with a Hakem drawn at random, and played in batches
(``Ruleset.playouts``: in the C kernel wherever the ruleset allows); with
``matches=True`` they are played inside matches, so Hakem succession and the
match rules are exercised too. Work is split into units of fixed size
(``CHUNK_HANDS`` hands), each with its own seed stream, so the figures are
identical whether the units run in this process, on a process pool or on a Dask
cluster (``client.get_executor()``): pass any ``concurrent.futures.Executor``.
Only a bounded window of units is handed to the executor at a time, so a run of
any length needs little memory.

>>> import hokm
>>> report = hokm.simulate(hands=50, seed=1)
>>> report.hands
50
>>> 0.0 <= report.hakem_win_rate <= 1.0
True
"""

from __future__ import annotations

import itertools
import os
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from hokm._checks import check_int, check_records_dir, check_seed
from hokm._ruleset.values import plain
from hokm._seeding import normalize_seed, rng_for
from hokm.errors import ArgumentTypeError, InvalidArgumentError, _got, _shown

if TYPE_CHECKING:  # imported when a simulation runs, so ``import hokm`` stays light
    from concurrent.futures import Executor, Future

    from hokm.rules import Ruleset
    from hokm.variant import Variant

__all__ = ["CHUNK_HANDS", "MAX_HANDS", "RunInterrupted", "SimulationReport", "simulate"]

CHUNK_HANDS = 250
"""Hands per work unit (a batch, or hands of matches); fixed so results do not depend on the number
of workers."""

MAX_HANDS = 10**12
"""The most hands one run may play (some years of CPU time; larger counts are surely typos)."""

PENDING_PER_WORKER = 4
"""Work units kept submitted per worker of an executor whose size is known."""

DEFAULT_MAX_PENDING = 256
"""Work units kept submitted when the executor's size is unknown (a Dask cluster, say)."""


class RunInterrupted(KeyboardInterrupt):
    """Ctrl-C (a ``KeyboardInterrupt``) stopped ``simulate`` or ``arena``: ``partial`` is the
    report of the work units that had finished (a ``SimulationReport`` or an ``ArenaResult``).

    It is a ``KeyboardInterrupt``, so code that stops on Ctrl-C still does; the interrupt
    that stopped the run is its ``__cause__``. ``hokm simulate`` and ``hokm arena`` print
    ``partial`` before they exit.
    """

    def __init__(self, partial: Any) -> None:
        super().__init__("interrupted")
        self.partial = partial


def _sorted_counts(counts: Mapping[str, int]) -> dict[str, int]:
    return dict(sorted(counts.items()))


def _plain_options(options: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    return {str(name): {str(key): plain(value) for key, value in sorted(opts.items())}
            for name, opts in options.items()}


@attrs.frozen
class SimulationReport:
    """Totals of a simulation run; rates are derived properties.

    Attributes:
        ruleset: ``standard + ...`` description of the rules.
        options: the options the run used, per variant, as JSON-ready data: only the options
            that were given, each as the variant holds it (``"5-4-4"`` reads ``[5, 4, 4]``, a
            set a sorted list).
        seed: the run's seed.
        hands: hands played (a hand annulled before its first trick, a redeal, is not one).
        matches: matches completed (0 unless the run played matches: ``matches=True``).
        hakem_wins: hands won by the Hakem's team.
        kots: hands the Hakem's team won with a kot.
        hakem_kots: hands the opponents won with a kot (Hakem-kot).
        tricks: tricks played in all hands.
        points: points scored in all hands.
        labels: how many hands ended with each outcome label.
        seconds: wall-clock time of the run.
    """

    ruleset: str
    options: Mapping[str, Mapping[str, Any]] = attrs.field(
        factory=dict, converter=_plain_options, kw_only=True)
    seed: int | str
    hands: int
    matches: int
    hakem_wins: int
    kots: int
    hakem_kots: int
    tricks: int
    points: int
    labels: Mapping[str, int] = attrs.field(converter=_sorted_counts)
    seconds: float = attrs.field(eq=False)

    @property
    def hakem_win_rate(self) -> float:
        """Share of hands won by the Hakem's team."""
        return self.hakem_wins / self.hands if self.hands else 0.0

    @property
    def kot_rate(self) -> float:
        """Share of hands the Hakem's team won with a kot."""
        return self.kots / self.hands if self.hands else 0.0

    @property
    def hakem_kot_rate(self) -> float:
        """Share of hands the opponents won with a kot."""
        return self.hakem_kots / self.hands if self.hands else 0.0

    @property
    def mean_tricks(self) -> float:
        """Tricks played per hand on average."""
        return self.tricks / self.hands if self.hands else 0.0

    @property
    def mean_points(self) -> float:
        """Points scored per hand on average."""
        return self.points / self.hands if self.hands else 0.0

    @property
    def hands_per_second(self) -> float:
        """Throughput of the run (all workers together)."""
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json``: totals, options and rates."""
        data = attrs.asdict(self)
        data.update(
            hakem_win_rate=self.hakem_win_rate,
            kot_rate=self.kot_rate,
            hakem_kot_rate=self.hakem_kot_rate,
            mean_tricks=self.mean_tricks,
            mean_points=self.mean_points,
            hands_per_second=self.hands_per_second,
        )
        return data

    def table(self) -> str:
        """A small aligned summary table for the terminal (an ``options`` row if any were given)."""
        rows = [
            ("ruleset", self.ruleset),
            *([("options", _describe_options(self.options))] if self.options else []),
            ("seed", str(self.seed)),
            ("hands", f"{self.hands:,}"),
            *([("matches completed", f"{self.matches:,}")] if self.matches else []),
            ("Hakem-team win rate", f"{self.hakem_win_rate:.1%}"),
            ("kot rate", f"{self.kot_rate:.2%}"),
            ("Hakem-kot rate", f"{self.hakem_kot_rate:.2%}"),
            ("mean tricks per hand", f"{self.mean_tricks:.2f}"),
            ("mean points per hand", f"{self.mean_points:.3f}"),
            ("outcomes", ", ".join(f"{k} {v:,}" for k, v in self.labels.items()) or "-"),
            ("hands/s", f"{self.hands_per_second:,.0f}"),
        ]
        width = max(len(name) for name, _ in rows)
        return "\n".join(f"{name:<{width}}  {value}" for name, value in rows)


def _show_value(value: Any) -> str:
    """A plain option value as it is written after ``--option NAME.KEY=``: ``true``, ``[2, 12]``."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(repr(v) if isinstance(v, str) else _show_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k!r}: {_show_value(v)}" for k, v in value.items()) + "}"
    return repr(value)


def _describe_options(options: Mapping[str, Mapping[str, Any]]) -> str:
    """``standard.target=10, double-sar.blocked_pickups=[2, 12]``."""
    return ", ".join(f"{name}.{key}={_show_value(value)}"
                     for name, opts in options.items() for key, value in opts.items())


def _options_used(rules: Ruleset, options: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """The given options as the composed plugins hold them (after their converters)."""
    plugins = dict(rules.plugins)
    used: dict[str, dict[str, Any]] = {}
    for name in ("standard", *rules.variants):
        if not options.get(name):
            continue
        cls: Any = type(plugins.get(name))
        fields = {field.alias: field.name for field in attrs.fields(cls)} if attrs.has(cls) else {}
        plugin = plugins.get(name)
        used[name] = {key: getattr(plugin, fields[key], value) if key in fields else value
                      for key, value in options[name].items()}
    return used


class _Totals:
    """Running sums of chunk reports: memory does not grow with the number of chunks."""

    def __init__(self) -> None:
        self.hands = self.matches = self.hakem_wins = self.kots = self.hakem_kots = 0
        self.tricks = self.points = 0
        self.labels: Counter[str] = Counter()

    def add(self, part: SimulationReport) -> None:
        self.hands += part.hands
        self.matches += part.matches
        self.hakem_wins += part.hakem_wins
        self.kots += part.kots
        self.hakem_kots += part.hakem_kots
        self.tricks += part.tricks
        self.points += part.points
        self.labels.update(part.labels)

    def report(self, ruleset: str, options: Mapping[str, Mapping[str, Any]], seed: int | str,
               seconds: float) -> SimulationReport:
        return SimulationReport(
            ruleset=ruleset, options=options, seed=seed, hands=self.hands, matches=self.matches,
            hakem_wins=self.hakem_wins, kots=self.kots, hakem_kots=self.hakem_kots,
            tricks=self.tricks, points=self.points, labels=self.labels, seconds=seconds)


def run_chunk(variants: tuple[Any, ...], options: Mapping[str, Mapping[str, Any]],
              seed: int | str, chunk: int, hands: int, records: str | None = None,
              single: bool = False) -> SimulationReport:
    """Play ``hands`` random hands (a work unit; picklable for process pools).

    With ``records`` (a directory), every match played is written there as a game
    record: one ``match-NNNN.json`` file each when ``single`` (the run is this one
    unit), else one ``records-NNNNNN.jsonl.gz`` file for the unit, a record a line.
    """
    from hokm.match import MatchState
    from hokm.rules import Ruleset

    rules = Ruleset.compose(*variants, options=options)
    teams = rules.layout.teams
    started = time.perf_counter()
    rng = rng_for(seed, "simulate-policy", chunk)
    played = matches = hakem_wins = kots = hakem_kots = tricks = points = 0
    labels: Counter[str] = Counter()
    match_number = 0
    match = MatchState.start(rules, seed=f"{seed}/{chunk}/{match_number}", deck=None)
    written: list[MatchState] = []
    while played < hands:
        match = match.playout_hand(rng)
        finished = match.last_hand
        if finished is not None and finished.is_annulled:
            continue  # thrown in before its first trick (a redeal): no result, not a hand played
        result = match.results[-1]
        played += 1
        tricks += result.tricks_played
        points += result.points
        labels[result.label] += 1
        if result.winner == teams[result.hakem]:
            hakem_wins += 1
            kots += result.kot
        else:
            hakem_kots += result.kot
        if match.is_over:
            matches += 1
            match_number += 1
            if records is not None:
                written.append(match)
            match = MatchState.start(rules, seed=f"{seed}/{chunk}/{match_number}", deck=None)
    if records is not None:
        if match.results:  # the match the unit stopped in, half-played
            written.append(match)
        _write_records(records, chunk, written, single)
    return SimulationReport(
        ruleset=rules.describe(), seed=seed, hands=played, matches=matches,
        hakem_wins=hakem_wins, kots=kots, hakem_kots=hakem_kots, tricks=tricks, points=points,
        labels=labels, seconds=time.perf_counter() - started)


def run_batch(variants: tuple[Any, ...], options: Mapping[str, Mapping[str, Any]],
              seed: int | str, chunk: int, hands: int, records: str | None = None,
              single: bool = False) -> SimulationReport:
    """Play ``hands`` standalone random hands in batches (a work unit; picklable for process pools).

    The unit's hands are ``Ruleset.playouts(hands, seed=f"{seed}/{chunk}")``; hands annulled
    before their first trick (a redeal) are not hands played, and are made up by further batches
    (seeds ``f"{seed}/{chunk}/1"``, ...). With ``records`` (a directory), every hand played is
    rebuilt (``Playouts.hand``) and written there as a hand record: one ``hand-NNNN.json`` file
    each when ``single``, else one ``records-NNNNNN.jsonl.gz`` file for the unit.
    """
    rules = _composed(variants, options)
    teams = rules.layout.teams
    started = time.perf_counter()
    played = hakem_wins = kots = hakem_kots = tricks = points = 0
    labels: Counter[str] = Counter()
    written: list[Any] = []
    extra = 0  # (batches beyond the first, making up for annulled hands)
    while played < hands:
        batch = rules.playouts(hands - played, seed=f"{seed}/{chunk}" + (f"/{extra}" if extra else ""))
        extra += 1
        names = batch.labels
        for hakem, winner, kot, label in zip(batch.hakem, batch.winner, batch.kot, batch.label, strict=True):
            if winner < 0:
                continue  # thrown in before its first trick (a redeal): no result, not a hand played
            played += 1
            labels[names[label]] += 1
            if winner == teams[hakem]:
                hakem_wins += 1
                kots += kot
            else:
                hakem_kots += kot
        if records is not None:
            written += (hand for hand in batch.hands() if not hand.is_annulled)
        tricks += sum(trick for trick, winner in zip(batch.tricks_played, batch.winner, strict=True)
                      if winner >= 0)
        points += sum(batch.points)
    if records is not None:
        _write_records(records, chunk, written, single, stem="records", single_stem="hand")
    return SimulationReport(
        ruleset=rules.describe(), seed=seed, hands=played, matches=0,
        hakem_wins=hakem_wins, kots=kots, hakem_kots=hakem_kots, tricks=tricks, points=points,
        labels=labels, seconds=time.perf_counter() - started)


_COMPOSED: dict[str, Ruleset] = {}
"""The rulesets composed by ``run_batch`` in this process, by their variants and options: a run's
units share one (and with it the C kernel's tables and the scores it learned)."""


def _composed(variants: tuple[Any, ...], options: Mapping[str, Mapping[str, Any]]) -> Ruleset:
    from hokm.rules import Ruleset

    if not all(isinstance(variant, str) for variant in variants):
        return Ruleset.compose(*variants, options=options)  # (plugin objects: composed afresh)
    key = repr((variants, sorted((name, sorted(values.items())) for name, values in options.items())))
    rules = _COMPOSED.get(key)
    if rules is None:
        if len(_COMPOSED) >= 16:
            _COMPOSED.clear()
        rules = _COMPOSED[key] = Ruleset.compose(*variants, options=options)
    return rules


def _write_records(directory: str, chunk: int, matches: list[Any], single: bool,
                   metadata: Sequence[Mapping[str, Any] | None] | None = None,
                   stem: str = "records", single_stem: str = "match") -> None:
    """Write ``matches`` as records (with ``metadata[i]`` for the i-th; the arena reuses this).

    Each file is written under a temporary name and renamed when complete
    (``hokm._io.files``): an interrupt leaves it whole or absent, never empty or cut.
    """
    import gzip
    import json
    import os

    from hokm._io.files import atomic_file, atomic_write

    notes = metadata if metadata is not None else [None] * len(matches)
    texts = [json.dumps(match.to_record(note), ensure_ascii=False)
             for match, note in zip(matches, notes, strict=True)]
    if single:
        for number, text in enumerate(texts, start=1):
            atomic_write(os.path.join(directory, f"{single_stem}-{number:04d}.json"), text + "\n")
        return
    data = "".join(text + "\n" for text in texts).encode("utf-8")
    with atomic_file(os.path.join(directory, f"{stem}-{chunk:06d}.jsonl.gz")) as raw, \
            gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as packed:  # no time: same bytes
        packed.write(data)


def _units(hands: int, size: int) -> Iterator[tuple[int, int]]:
    """(unit index, hands in the unit), lazily: a huge run is never listed in memory."""
    for index, start in enumerate(range(0, hands, size)):
        yield index, min(size, hands - start)


def _window(executor: Executor, max_pending: int | None) -> int:
    if max_pending is not None:
        return check_int(max_pending, "max_pending", low=1)
    workers = getattr(executor, "_max_workers", None)  # process and thread pools know their size
    if isinstance(workers, int) and not isinstance(workers, bool) and workers > 0:
        return PENDING_PER_WORKER * workers
    return DEFAULT_MAX_PENDING


def simulate(*variants: str | Variant, hands: int, options: Mapping[str, Mapping[str, Any]] | None = None,
             seed: int | str | None = None, executor: Executor | None = None,
             progress: Callable[[int, int], None] | None = None,
             max_pending: int | None = None,
             records: str | os.PathLike[str] | None = None, matches: bool = False) -> SimulationReport:
    """Play ``hands`` random hands under ``standard + variants`` and summarise them.

    Args:
        variants: variant names or plugin objects, as for ``Ruleset.compose``.
        hands: how many hands to play (1 to [`MAX_HANDS`][hokm.simulate.MAX_HANDS]).
        options: per-variant options, as for ``Ruleset.compose``.
        seed: the run's seed (``None``: a fresh one, reported back).
        executor: run the work units on this executor (process pool, Dask, ...);
            ``None`` runs them here, one after another.
        progress: called as ``progress(hands_done, hands_total)`` after each unit.
        max_pending: with an ``executor``, how many work units may be submitted and not yet
            collected at a time. By default four per worker when the executor tells its size
            (process and thread pools do), else 256. More units are submitted as results come
            in, so memory stays small however many hands are asked for.
        records: a directory (created if need be) to write every hand played as a record
            (``HandState.to_record``; with ``matches=True`` every match, ``MatchState.to_record``):
            a ``hand-NNNN.json`` (``match-NNNN.json``) file each when the run is one work unit,
            else a ``records-NNNNNN.jsonl.gz`` file per work unit, one record a line; a match
            still going when its unit ends is written half-played. The files are the same
            whatever ran the units.
        matches: play the hands inside matches (Hakem succession, match scoring) instead of as
            standalone hands in batches, which is many times faster.

    If the run is interrupted (``KeyboardInterrupt``) or a work unit fails, the units not yet
    started are cancelled before the exception propagates; the executor itself is left to its
    owner. An interrupt propagates as ``RunInterrupted``, whose ``partial`` is the report of
    the units that had finished.

    Raises:
        InvalidArgumentError: ``hands`` is not from 1 to ``MAX_HANDS``, or ``max_pending`` is
            not positive (``ArgumentTypeError`` when either is not an int, ``seed`` is neither
            an int nor a str, ``executor`` has no ``submit`` or ``progress`` is not callable).
        RulesetError: the ruleset cannot be composed (``OptionTypeError`` when ``options``
            is not shaped ``{variant: {option: value}}``).
    """
    from hokm.rules import Ruleset, checked_options

    if isinstance(hands, bool) or not isinstance(hands, int):
        raise ArgumentTypeError(f"hands must be a positive int, got {_got(hands)}")
    if hands < 1:
        raise InvalidArgumentError(f"hands must be a positive int, got {_got(hands)}")
    if hands > MAX_HANDS:
        raise InvalidArgumentError(f"hands must be at most {MAX_HANDS:,}, got {_shown(hands)}")
    options = checked_options(options)
    check_seed(seed)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ArgumentTypeError(f"executor must be a concurrent.futures.Executor (or None), "
                                f"got {_got(executor)}")
    if max_pending is not None:
        check_int(max_pending, "max_pending", low=1)
    if progress is not None and not callable(progress):
        raise ArgumentTypeError(f"progress must be a function progress(done, total) (or None), "
                                f"got {_got(progress)}")
    records = check_records_dir(records)
    if matches.__class__ is not bool:
        raise ArgumentTypeError(f"matches must be True or False, got {_got(matches)}")
    rules = Ruleset.compose(*variants, options=options)  # fail fast, here
    description, used = rules.describe(), _options_used(rules, options)
    window = _window(executor, max_pending) if executor is not None else 1
    seed = normalize_seed(seed)
    started = time.perf_counter()
    totals = _Totals()
    unit = run_chunk if matches else run_batch
    single = hands <= CHUNK_HANDS
    try:
        _run(unit, CHUNK_HANDS, variants, options, seed, hands, records, single, executor, window, progress,
             totals)
    except KeyboardInterrupt as interrupt:
        partial = totals.report(description, used, seed, time.perf_counter() - started)
        raise RunInterrupted(partial) from interrupt
    return totals.report(description, used, seed, time.perf_counter() - started)


def _run(unit: Callable[..., SimulationReport], size: int, variants: tuple[Any, ...],
         options: Mapping[str, Mapping[str, Any]], seed: int | str, hands: int,
         records: str | None, single: bool, executor: Executor | None, window: int,
         progress: Callable[[int, int], None] | None, totals: _Totals) -> None:
    """Play the work units (``unit``, ``size`` hands each) of a run into ``totals``, here or on
    ``executor``."""
    from concurrent.futures import FIRST_COMPLETED, wait

    if executor is None:
        for index, count in _units(hands, size):
            totals.add(unit(variants, options, seed, index, count, records, single))
            if progress:
                progress(totals.hands, hands)
    else:
        units = _units(hands, size)
        pending: set[Future[SimulationReport]] = set()
        try:
            for index, count in itertools.islice(units, window):
                pending.add(executor.submit(unit, variants, options, seed, index, count, records, single))
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    totals.add(future.result())
                    if progress:
                        progress(totals.hands, hands)
                for index, count in itertools.islice(units, len(finished)):
                    pending.add(executor.submit(unit, variants, options, seed, index, count, records,
                                                single))
        except BaseException:  # Ctrl-C or a failed unit: drop the work not yet started
            for future in pending:
                future.cancel()
            raise
