"""The arena's statistics: 95% intervals, and per-agent and head-to-head figures from played matches.

The figures are computed from the matches' summaries after they are all in, sorted by where
they come from (pairing, deal, seating), so they do not depend on the order in which workers
finished. Two kinds of interval:

- rates (match wins, hand wins, kots) get a Wilson score interval, which behaves near 0% and
  100% where the textbook ``p ± 1.96·√(p(1−p)/n)`` does not;
- means (points per hand) get a Student t interval over independent units: with duplicate deals
  a unit is one deal played in every seating (a *duplicate pair* at a table of two teams), whose
  value averages its matches, so the luck of the cards cancels inside the unit; without, a unit
  is one match.

>>> from hokm._arena.stats import wilson, mean_interval
>>> wilson(8, 10).low, wilson(8, 10).high
(0.490..., 0.943...)
>>> mean_interval([1.0, 2.0, 3.0]).value
2.0
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

__all__ = [
    "Z95",
    "AgentFailure",
    "AgentStats",
    "Estimate",
    "GameSummary",
    "HeadToHead",
    "mean_interval",
    "t_quantile",
    "wilson",
]

Z95 = 1.959963984540054
"""The standard normal quantile of 0.975: a two-sided 95% interval."""

# Student t quantiles of 0.975 for 1..30 degrees of freedom.
_T95 = (12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004, 2.262157,
        2.228139, 2.200985, 2.178813, 2.160369, 2.144787, 2.131450, 2.119905, 2.109816, 2.100922,
        2.093024, 2.085963, 2.079614, 2.073873, 2.068658, 2.063899, 2.059539, 2.055529, 2.051831,
        2.048407, 2.045230, 2.042272)


def t_quantile(df: int) -> float:
    """The 0.975 quantile of Student's t with ``df`` degrees of freedom (a table up to 30, then a
    Cornish-Fisher expansion around the normal one, within 1e-5).

    >>> round(t_quantile(1), 3), round(t_quantile(60), 3), round(t_quantile(10**9), 3)
    (12.706, 2.0, 1.96)
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, got {df}")
    if df <= len(_T95):
        return _T95[df - 1]
    z = Z95
    return (z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3))


def _missing_as_none(value: float) -> float | None:
    """Compare ``nan`` (a missing figure) equal to itself: two results of one arena are equal."""
    return None if math.isnan(value) else value


@attrs.frozen
class Estimate:
    """A figure with its 95% interval and the number of observations it rests on.

    ``value``, ``low`` and ``high`` are ``nan`` when there is nothing to estimate from (no
    observation; one observation for a mean's interval); ``to_dict`` writes them as ``None``.

    Attributes:
        value: the estimate (a rate from 0 to 1, or a mean).
        low: the lower end of the 95% interval.
        high: the upper end of the 95% interval.
        n: the observations: matches, hands, or independent units for a mean.
    """

    value: float = attrs.field(eq=_missing_as_none)
    low: float = attrs.field(eq=_missing_as_none)
    high: float = attrs.field(eq=_missing_as_none)
    n: int

    def to_dict(self) -> dict[str, Any]:
        """``{"value": ..., "low": ..., "high": ..., "n": ...}``, ``None`` for a missing figure."""
        return {"value": _finite(self.value), "low": _finite(self.low), "high": _finite(self.high),
                "n": self.n}

    def percent(self) -> str:
        """``"62.5% [55.1, 69.4]"``: a rate and its interval, in percent."""
        if math.isnan(self.value):
            return "-"
        return f"{self.value:.1%} [{100 * self.low:.1f}, {100 * self.high:.1f}]"

    def __str__(self) -> str:
        if math.isnan(self.value):
            return "-"
        if math.isnan(self.low):
            return f"{self.value:.3f}"
        return f"{self.value:.3f} [{self.low:.3f}, {self.high:.3f}]"


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


NAN = math.nan


def wilson(successes: int, n: int) -> Estimate:
    """The rate ``successes / n`` with its 95% Wilson score interval.

    >>> est = wilson(0, 20)
    >>> est.value, est.low, round(est.high, 4)
    (0.0, 0.0, 0.1611)
    """
    if n <= 0:
        return Estimate(NAN, NAN, NAN, 0)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exact ends: no rounding past them
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Estimate(p, low, high, n)


def mean_interval(values: Sequence[float]) -> Estimate:
    """The mean of independent ``values`` with its 95% Student t interval.

    >>> est = mean_interval([2.0, 4.0, 6.0, 8.0])
    >>> est.value, round(est.low, 4), round(est.high, 4)
    (5.0, 0.8915, 9.1085)
    """
    n = len(values)
    if n == 0:
        return Estimate(NAN, NAN, NAN, 0)
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, NAN, NAN, 1)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile(n - 1) * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half, n)


@attrs.frozen
class AgentFailure:
    """One failed decision: the agent raised, answered an action that is not legal, or an
    external bot timed out, crashed or sent garbage (``hokm.AgentFailedError``).

    Attributes:
        agent: the agent's name in the arena.
        seat: the seat it was playing.
        reason: ``"illegal"``, ``"malformed"``, ``"timeout"``, ``"crash"`` or ``"error"``.
        message: what went wrong, in one line.
        pairing: the index of the match's pairing (``ArenaResult.pairings``).
        deal: the deal number (0 to ``matches - 1``).
        seating: which seating of the deal (0, or 1 for the swapped seats of a duplicate pair).
        hand: the hand of the match it happened in (0: before the first hand, or after the last).
        forfeit: its team lost the match for it (``on_failure="forfeit"``); else a random legal
            action was played in its place.
    """

    agent: str
    seat: int
    reason: str
    message: str
    pairing: int
    deal: int
    seating: int
    hand: int
    forfeit: bool

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return attrs.asdict(self)


@attrs.frozen
class GameSummary:
    """What the statistics need of one played match (per team: hands won, points, kots)."""

    pairing: int
    deal: int
    seating: int
    lineup: tuple[int, ...]  # lineup[team]: the index of the agent playing that team
    winner: int | None  # the winning team; None for a drawn match (or a forfeit at 3 teams)
    hands: int
    hand_wins: tuple[int, ...]
    points: tuple[int, ...]
    kots: tuple[int, ...]
    failures: tuple[AgentFailure, ...] = ()

    @property
    def forfeit(self) -> AgentFailure | None:
        """The failure that ended the match, if one did."""
        return next((failure for failure in self.failures if failure.forfeit), None)


@attrs.frozen
class AgentStats:
    """One agent's figures over all its matches in an arena.

    Attributes:
        name: the agent's name in the arena.
        matches: matches played (every seating of every deal of every pairing it is in).
        wins: matches its team won (forfeits by the other team included).
        draws: matches with no winner (a drawn match; at a table of three, another's forfeit).
        win_rate: ``wins / matches`` with its Wilson 95% interval.
        pairs: duplicate pairs played: a deal played in every seating (a match, without
            duplicate deals).
        pair_wins: pairs in which it won more matches than each opponent.
        pair_draws: pairs in which it won as many as the best opponent.
        hands: hands played (annulled hands, such as redeals, are not counted).
        hand_wins: hands its team won.
        hand_win_rate: ``hand_wins / hands`` (Wilson; hands of one match are not independent,
            so read the interval as a rough one).
        kots: hands its team won with a kot.
        kot_rate: ``kots / hands`` (Wilson, as rough as the hand win rate's).
        points_per_hand: points its team scored per hand: the mean over pairs of each pair's
            points per hand, with a t interval over the pairs.
        margin_per_hand: the same for its points minus the mean of its opponents' points.
        forfeits: matches its team lost because it failed a decision.
        failures: decisions it failed (forfeits included).
    """

    name: str
    matches: int
    wins: int
    draws: int
    win_rate: Estimate
    pairs: int
    pair_wins: int
    pair_draws: int
    hands: int
    hand_wins: int
    hand_win_rate: Estimate
    kots: int
    kot_rate: Estimate
    points_per_hand: Estimate
    margin_per_hand: Estimate
    forfeits: int
    failures: int

    @property
    def losses(self) -> int:
        """Matches lost: another team won, or its own forfeited (at a table of three nobody wins those)."""
        return self.matches - self.wins - self.draws

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON; each estimate as ``{"value", "low", "high", "n"}``."""
        data: dict[str, Any] = {}
        for field in attrs.fields(AgentStats):
            value = getattr(self, field.name)
            data[field.name] = value.to_dict() if isinstance(value, Estimate) else value
        data["losses"] = self.losses
        return data


@attrs.frozen
class HeadToHead:
    """One agent against another, over the matches where both played.

    Attributes:
        agent: the agent whose view this is.
        opponent: the other agent.
        matches: matches both played in.
        wins: those ``agent`` won.
        losses: those ``opponent`` won.
        pairs: duplicate pairs both played in.
        pair_wins: pairs in which ``agent`` won more matches than ``opponent``.
        pair_losses: pairs in which it won fewer.
        margin_per_hand: ``agent``'s points minus ``opponent``'s per hand, the mean over the
            pairs with a t interval.
    """

    agent: str
    opponent: str
    matches: int
    wins: int
    losses: int
    pairs: int
    pair_wins: int
    pair_losses: int
    margin_per_hand: Estimate

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        data = attrs.asdict(self, recurse=False)
        data["margin_per_hand"] = self.margin_per_hand.to_dict()
        return data


# From the summaries ----------------------------------------------------------------------------


def _units(games: Iterable[GameSummary]) -> list[list[GameSummary]]:
    """The games grouped by (pairing, deal), in order: the independent units of the arena."""
    units: dict[tuple[int, int], list[GameSummary]] = {}
    for game in sorted(games, key=lambda g: (g.pairing, g.deal, g.seating)):
        units.setdefault((game.pairing, game.deal), []).append(game)
    return list(units.values())


def _team(game: GameSummary, agent: int) -> int | None:
    return game.lineup.index(agent) if agent in game.lineup else None


def _per_hand(unit: Sequence[GameSummary], agent: int) -> float | None:
    """The agent's points per hand over the unit's matches (None if no hand was played)."""
    hands = sum(game.hands for game in unit)
    if not hands:
        return None
    return sum(game.points[game.lineup.index(agent)] for game in unit) / hands


def _margin(unit: Sequence[GameSummary], agent: int, opponent: int | None = None) -> float | None:
    """The agent's points minus its opponent's (or the mean opponent's) per hand over the unit."""
    hands = sum(game.hands for game in unit)
    if not hands:
        return None
    total = 0.0
    for game in unit:
        own = game.lineup.index(agent)
        if opponent is not None:
            total += game.points[own] - game.points[game.lineup.index(opponent)]
        else:
            others = [p for team, p in enumerate(game.points) if team != own]
            total += game.points[own] - sum(others) / len(others)
    return total / hands


def _unit_wins(unit: Sequence[GameSummary], agent: int) -> int:
    return sum(game.winner is not None and game.lineup[game.winner] == agent for game in unit)


def agent_stats(names: Sequence[str], games: Sequence[GameSummary]) -> tuple[AgentStats, ...]:
    """Per-agent figures, in the order of ``names``."""
    units = _units(games)
    stats = []
    for agent, name in enumerate(names):
        mine = [unit for unit in units if agent in unit[0].lineup]
        played = [game for unit in mine for game in unit]
        wins = draws = hands = hand_wins = kots = forfeits = failures = 0
        for game in played:
            team = game.lineup.index(agent)
            forfeited = any(f.forfeit and f.agent == name for f in game.failures)
            wins += game.winner == team
            draws += game.winner is None and not forfeited  # a forfeit is a loss, even at three
            hands += game.hands
            hand_wins += game.hand_wins[team]
            kots += game.kots[team]
            forfeits += forfeited
            failures += sum(f.agent == name for f in game.failures)
        pair_wins = pair_draws = 0
        for unit in mine:
            own = _unit_wins(unit, agent)
            best = max(_unit_wins(unit, other) for other in unit[0].lineup if other != agent)
            pair_wins += own > best
            pair_draws += own == best
        per_hand = [v for v in (_per_hand(unit, agent) for unit in mine) if v is not None]
        margins = [v for v in (_margin(unit, agent) for unit in mine) if v is not None]
        stats.append(AgentStats(
            name=name, matches=len(played), wins=wins, draws=draws, win_rate=wilson(wins, len(played)),
            pairs=len(mine), pair_wins=pair_wins, pair_draws=pair_draws, hands=hands,
            hand_wins=hand_wins, hand_win_rate=wilson(hand_wins, hands), kots=kots,
            kot_rate=wilson(kots, hands), points_per_hand=mean_interval(per_hand),
            margin_per_hand=mean_interval(margins), forfeits=forfeits, failures=failures))
    return tuple(stats)


def head_to_head(names: Sequence[str], games: Sequence[GameSummary]) -> dict[str, dict[str, HeadToHead]]:
    """``table[a][b]``: agent ``a`` against agent ``b``, for every two agents that met."""
    units = _units(games)
    table: dict[str, dict[str, HeadToHead]] = {}
    for agent, name in enumerate(names):
        row: dict[str, HeadToHead] = {}
        for opponent, other in enumerate(names):
            if opponent == agent:
                continue
            met = [unit for unit in units if agent in unit[0].lineup and opponent in unit[0].lineup]
            if not met:
                continue
            played = [game for unit in met for game in unit]
            wins = sum(g.winner is not None and g.lineup[g.winner] == agent for g in played)
            losses = sum(g.winner is not None and g.lineup[g.winner] == opponent for g in played)
            scores = [(_unit_wins(unit, agent), _unit_wins(unit, opponent)) for unit in met]
            margins = [v for v in (_margin(unit, agent, opponent) for unit in met) if v is not None]
            row[other] = HeadToHead(
                agent=name, opponent=other, matches=len(played), wins=wins, losses=losses,
                pairs=len(met), pair_wins=sum(a > b for a, b in scores),
                pair_losses=sum(a < b for a, b in scores), margin_per_hand=mean_interval(margins))
        table[name] = row
    return table


def plain_head_to_head(table: Mapping[str, Mapping[str, HeadToHead]]) -> dict[str, dict[str, Any]]:
    """The head-to-head table as JSON-ready data."""
    return {name: {other: cell.to_dict() for other, cell in row.items()} for name, row in table.items()}
