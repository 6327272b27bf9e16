"""Random legal playouts under a ruleset, with summary statistics.

Every decision (trump call, stock draw, play-on offer, card) is chosen
uniformly at random among the legal ones. Hands are played inside matches,
so scoring and Hakem succession are exercised too. Work is split into chunks
of fixed size, each with its own seed stream, so the figures are identical
whether the chunks run in this process, on a process pool or on a Dask
cluster (``client.get_executor()``): pass any ``concurrent.futures.Executor``.

>>> import hokm
>>> report = hokm.simulate(hands=50, seed=1)
>>> report.hands
50
>>> 0.0 <= report.hakem_win_rate <= 1.0
True
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from typing import Any

import attrs

from hokm._seeding import normalize_seed, rng_for
from hokm.match import MatchState
from hokm.rules import Ruleset
from hokm.variant import Variant

__all__ = ["SimulationReport", "simulate"]

CHUNK_HANDS = 250
"""Hands per work unit; fixed so results do not depend on the number of workers."""

def _sorted_counts(counts: Mapping[str, int]) -> dict[str, int]:
    return dict(sorted(counts.items()))


@attrs.frozen
class SimulationReport:
    """Totals of a simulation run; rates are derived properties.

    Attributes:
        ruleset: ``standard + ...`` description of the rules.
        seed: the run's seed.
        hands: hands played.
        matches: matches completed.
        hakem_wins: hands won by the Hakem's team.
        kots: hands the Hakem's team won with a kot.
        hakem_kots: hands the opponents won with a kot (Hakem-kot).
        tricks: tricks played in all hands.
        points: points scored in all hands.
        labels: how many hands ended with each outcome label.
        seconds: wall-clock time of the run.
    """

    ruleset: str
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
    def hands_per_second(self) -> float:
        """Throughput of the run (all workers together)."""
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json``: totals and rates."""
        data = attrs.asdict(self)
        data.update(
            hakem_win_rate=self.hakem_win_rate,
            kot_rate=self.kot_rate,
            hakem_kot_rate=self.hakem_kot_rate,
            mean_tricks=self.mean_tricks,
            hands_per_second=self.hands_per_second,
        )
        return data

    def table(self) -> str:
        """A small aligned summary table for the terminal."""
        rows = [
            ("ruleset", self.ruleset),
            ("seed", str(self.seed)),
            ("hands", f"{self.hands:,}"),
            ("matches completed", f"{self.matches:,}"),
            ("Hakem-team win rate", f"{self.hakem_win_rate:.1%}"),
            ("kot rate", f"{self.kot_rate:.2%}"),
            ("Hakem-kot rate", f"{self.hakem_kot_rate:.2%}"),
            ("mean tricks per hand", f"{self.mean_tricks:.2f}"),
            ("mean points per hand", f"{self.points / self.hands if self.hands else 0:.3f}"),
            ("outcomes", ", ".join(f"{k} {v:,}" for k, v in self.labels.items()) or "-"),
            ("hands/s", f"{self.hands_per_second:,.0f}"),
        ]
        width = max(len(name) for name, _ in rows)
        return "\n".join(f"{name:<{width}}  {value}" for name, value in rows)


def _merge(parts: Sequence[SimulationReport], ruleset: str, seed: int | str,
           seconds: float) -> SimulationReport:
    labels: Counter[str] = Counter()
    for part in parts:
        labels.update(part.labels)
    return SimulationReport(
        ruleset=ruleset, seed=seed,
        hands=sum(p.hands for p in parts), matches=sum(p.matches for p in parts),
        hakem_wins=sum(p.hakem_wins for p in parts), kots=sum(p.kots for p in parts),
        hakem_kots=sum(p.hakem_kots for p in parts), tricks=sum(p.tricks for p in parts),
        points=sum(p.points for p in parts), labels=labels, seconds=seconds)


def run_chunk(variants: tuple[Any, ...], options: Mapping[str, Mapping[str, Any]],
              seed: int | str, chunk: int, hands: int) -> SimulationReport:
    """Play ``hands`` random hands (a work unit; picklable for process pools)."""
    rules = Ruleset.compose(*variants, options=options)
    teams = rules.layout.teams
    started = time.perf_counter()
    rng = rng_for(seed, "simulate-policy", chunk)
    played = matches = hakem_wins = kots = hakem_kots = tricks = points = 0
    labels: Counter[str] = Counter()
    match_number = 0
    match = MatchState.start(rules, seed=f"{seed}/{chunk}/{match_number}", deck=None)
    while played < hands:
        match = match.playout_hand(rng)
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
            match = MatchState.start(rules, seed=f"{seed}/{chunk}/{match_number}", deck=None)
    return SimulationReport(
        ruleset=rules.describe(), seed=seed, hands=played, matches=matches,
        hakem_wins=hakem_wins, kots=kots, hakem_kots=hakem_kots, tricks=tricks, points=points,
        labels=labels, seconds=time.perf_counter() - started)


def simulate(*variants: str | Variant, hands: int, options: Mapping[str, Mapping[str, Any]] | None = None,
             seed: int | str | None = None, executor: Executor | None = None,
             progress: Callable[[int, int], None] | None = None) -> SimulationReport:
    """Play ``hands`` random hands under ``standard + variants`` and summarise them.

    Args:
        variants: variant names or plugin objects, as for :meth:`Ruleset.compose`.
        hands: how many hands to play (> 0).
        options: per-variant options, as for :meth:`Ruleset.compose`.
        seed: the run's seed (``None``: a fresh one, reported back).
        executor: run the work units on this executor (process pool, Dask, ...);
            ``None`` runs them here, one after another.
        progress: called as ``progress(hands_done, hands_total)`` after each unit.

    Raises:
        ValueError: ``hands`` is not a positive integer.
        RulesetError: the ruleset cannot be composed.
    """
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise ValueError(f"hands must be a positive integer, got {hands!r}")
    options = {name: dict(opts) for name, opts in (options or {}).items()}
    description = Ruleset.compose(*variants, options=options).describe()  # fail fast, here
    seed = normalize_seed(seed)
    units = [(index, min(CHUNK_HANDS, hands - start))
             for index, start in enumerate(range(0, hands, CHUNK_HANDS))]
    started = time.perf_counter()
    parts: list[SimulationReport] = []
    done = 0
    if executor is None:
        for index, count in units:
            parts.append(run_chunk(variants, options, seed, index, count))
            done += count
            if progress:
                progress(done, hands)
    else:
        futures: list[Future[SimulationReport]] = [
            executor.submit(run_chunk, variants, options, seed, index, count) for index, count in units]
        for future in as_completed(futures):
            part = future.result()
            parts.append(part)
            done += part.hands
            if progress:
                progress(done, hands)
    return _merge(parts, description, seed, time.perf_counter() - started)
