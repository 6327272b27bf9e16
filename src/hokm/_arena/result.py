"""``hokm.ArenaResult``: what an arena run reports, as data, JSON and a table for the terminal."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from hokm._arena.stats import AgentFailure, AgentStats, HeadToHead, plain_head_to_head

__all__ = ["ArenaResult"]


@attrs.frozen
class ArenaResult:
    """The outcome of ``hokm.arena``: per-agent figures, the head-to-head table and the failures.

    Two results of the same arena (agents, ruleset, seed, ...) are equal whatever ran them
    (``seconds`` is left out of the comparison).

    Attributes:
        ruleset: ``standard + ...`` description of the rules.
        agents: the agents' names, in the order given.
        pairings: the agents by team (indexes into ``agents``) of each pairing: one with as
            many agents as teams, every combination (round robin) with more.
        matches: deals per pairing (the ``matches`` argument).
        seed: the arena's seed.
        duplicate: each deal was played in every seating (two teams: the seats swapped).
        on_failure: ``"forfeit"`` or ``"random"``: what a failed decision led to.
        played: matches played in all.
        stats: each agent's figures (``AgentStats``), by name, in the order of ``agents``.
        head_to_head: ``head_to_head[a][b]`` is ``a`` against ``b`` (``HeadToHead``) for every
            two agents that met.
        failures: every failed decision (``AgentFailure``), in the order of the matches.
        seconds: wall-clock time of the run.
    """

    ruleset: str
    agents: tuple[str, ...]
    pairings: tuple[tuple[int, ...], ...]
    matches: int
    seed: int | str
    duplicate: bool
    on_failure: str
    played: int
    stats: Mapping[str, AgentStats]
    head_to_head: Mapping[str, Mapping[str, HeadToHead]]
    failures: tuple[AgentFailure, ...]
    seconds: float = attrs.field(eq=False)

    @property
    def forfeits(self) -> tuple[AgentFailure, ...]:
        """The failures that lost their team the match."""
        return tuple(failure for failure in self.failures if failure.forfeit)

    def ranking(self) -> list[AgentStats]:
        """The agents from best to worst: by match win rate, then duplicate pairs won, then points."""
        def key(stats: AgentStats) -> tuple[float, float, float]:
            rate = stats.win_rate.value
            pairs = stats.pair_wins / stats.pairs if stats.pairs else 0.0
            points = stats.margin_per_hand.value
            return (-(rate if not math.isnan(rate) else -1.0), -pairs,
                    -(points if not math.isnan(points) else -math.inf))
        return sorted(self.stats.values(), key=key)

    def to_dict(self) -> dict[str, Any]:
        """Plain, JSON-ready data: the settings, each agent's figures, head to head, failures."""
        return {
            "ruleset": self.ruleset,
            "agents": list(self.agents),
            "pairings": [list(pairing) for pairing in self.pairings],
            "matches": self.matches,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "on_failure": self.on_failure,
            "played": self.played,
            "stats": {name: stats.to_dict() for name, stats in self.stats.items()},
            "head_to_head": plain_head_to_head(self.head_to_head),
            "failures": [failure.to_dict() for failure in self.failures],
            "seconds": self.seconds,
        }

    def to_json(self, **dumps: Any) -> str:
        """``to_dict()`` as JSON text; keyword arguments go to ``json.dumps`` (``indent=2``)."""
        dumps.setdefault("ensure_ascii", False)
        return json.dumps(self.to_dict(), **dumps)

    def table(self) -> str:
        """The standings and the head-to-head table, aligned for the terminal."""
        seatings = "each in every seating (duplicate deals)" if self.duplicate else "each played once"
        lines = [f"{self.ruleset}, seed {self.seed}: {self.played:,} matches, "
                 f"{self.matches:,} deals per pairing, {seatings}", ""]
        header = ("agent", "matches", "win rate [95%]", "pairs won", "hand wins",
                  "points/hand [95%]", "kot rate", "failures")
        rows = [header]
        for stats in self.ranking():
            rows.append((
                stats.name, f"{stats.matches:,}", stats.win_rate.percent(),
                f"{stats.pair_wins:,}/{stats.pairs:,}", f"{stats.hand_wins:,}/{stats.hands:,}",
                str(stats.points_per_hand), _rate(stats.kot_rate.value),
                f"{stats.failures:,}" + (f" ({stats.forfeits:,} forfeits)" if stats.forfeits else "")))
        lines += _aligned(rows)
        names = [stats.name for stats in self.ranking()]
        if len(names) > 2 or any(self.head_to_head.values()):
            lines += ["", "head to head (row against column: matches won-lost, duplicate pairs won-lost)"]
            grid = [("", *names)]
            for name in names:
                cells = []
                for other in names:
                    cell = self.head_to_head.get(name, {}).get(other)
                    cells.append("-" if cell is None else
                                 f"{cell.wins}-{cell.losses} ({cell.pair_wins}-{cell.pair_losses})")
                grid.append((name, *cells))
            lines += _aligned(grid)
        forfeits = self.forfeits
        if self.failures:
            lines += ["", f"{len(self.failures):,} failed decisions ({len(forfeits):,} forfeits); first: "
                      f"{_failure_line(self.failures[0])}"]
        lines.append(f"time: {self.seconds:.1f} s")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def _rate(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:.1%}"


def _aligned(rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    return ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
            for row in rows]


def _failure_line(failure: AgentFailure) -> str:
    return (f"{failure.agent} at seat {failure.seat} (pairing {failure.pairing}, deal {failure.deal}, "
            f"seating {failure.seating}, hand {failure.hand}): {failure.reason}: {failure.message}")
