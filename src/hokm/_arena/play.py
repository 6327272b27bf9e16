"""The arena's driver: agents play one match seat by seat, and a work unit plays a few deals.

Each seat gets its own fresh agent, made from its entrant (a spec or a factory) and shown only
that seat's observation. An agent that raises, answers something that is not an action or an
action that is not legal (``hokm.AgentFailedError`` included: an external bot's timeout, crash or
garbage) fails the decision: its team forfeits the match, or a random legal action is played
in its place. Work units are plain functions of picklable arguments, so any
``concurrent.futures.Executor`` can run them, and their results depend only on the arena's seed.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from hokm._arena.seats import Seats
from hokm._arena.stats import AgentFailure, GameSummary
from hokm._seeding import rng_for
from hokm.actions import Action
from hokm.errors import AgentFailedError, IllegalActionError

if TYPE_CHECKING:
    from hokm.match import MatchState
    from hokm.rules import Ruleset

__all__ = ["MAX_MESSAGE", "Entrant", "deal_seed", "play_game", "run_unit"]

MAX_MESSAGE = 300
"""Characters of a failure's message kept in the result (an external bot may print a lot)."""

FORFEIT = "forfeit"
RANDOM = "random"


@attrs.frozen
class Entrant:
    """An agent of the arena: its name, and how to make a fresh one (a spec or a factory).

    ``seeded``: the factory takes a ``seed`` keyword, and each seat's agent gets one derived
    from the arena's seed, so random bots repeat their play.
    """

    name: str
    source: str | Callable[..., Any]
    seeded: bool = False
    target: str | None = None  # an installed agent's entry point, "module:attr"

    def make(self, seed: int) -> Any:
        """A new agent (raises whatever its making raises)."""
        if self.target is not None:  # import once per process, not a metadata scan per seat
            factory = _load(self.target)
        elif isinstance(self.source, str):
            from hokm.agents import agent_from_spec

            return agent_from_spec(self.source, seed=seed) if self.seeded else agent_from_spec(self.source)
        else:
            factory = self.source
        return factory(seed=seed) if self.seeded else factory()


@functools.lru_cache(maxsize=64)
def _load(target: str) -> Callable[..., Any]:
    """The object an entry point's ``"module:attr.attr"`` names."""
    import importlib

    module, _, attrs_path = target.partition(":")
    value: Any = importlib.import_module(module.strip())
    for part in attrs_path.split("[")[0].strip().split("."):
        if part:
            value = getattr(value, part)
    return value  # type: ignore[no-any-return]


def takes_seed(factory: Callable[..., Any]) -> bool:
    """Whether ``factory`` has a ``seed`` parameter that can be given by keyword."""
    try:
        parameters = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return False
    seed = parameters.get("seed")
    return seed is not None and seed.kind in (seed.KEYWORD_ONLY, seed.POSITIONAL_OR_KEYWORD)


def deal_seed(seed: int | str, deal: int) -> int:
    """The match seed of deal number ``deal``: the same for every pairing and seating."""
    return rng_for(seed, "arena-deal", deal).getrandbits(64)


def _agent_seed(seed: int | str, pairing: int, deal: int, seating: int, seat: int) -> int:
    return rng_for(seed, "arena-agent", pairing, deal, seating, seat).getrandbits(63)


def _one_line(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE - 3] + "..."


def _describe(error: BaseException) -> tuple[str, str]:
    """(reason, message) of an exception an agent raised."""
    if isinstance(error, AgentFailedError):
        return error.reason, _one_line(str(error))
    detail = str(error)
    return "error", _one_line(f"{type(error).__name__}: {detail}" if detail else type(error).__name__)


class _Failed(Exception):
    """Raised inside the driver to end a match forfeited."""


class _Table(Seats):
    """One match being played: the agents, the failures so far, and what to do on one.

    ``hokm.agents.play_match``'s loop (``Seats``), with an agent's failure recorded: its
    team forfeits the match (``_Failed`` is raised), or a random legal action is played
    in its place.
    """

    def __init__(self, names: list[str], where: tuple[int, int, int], on_failure: str,
                 rng: random.Random) -> None:
        super().__init__({})
        self.names = names
        self.where = where
        self.on_failure = on_failure
        self.rng = rng
        self.failures: list[AgentFailure] = []

    def seat(self, agents: Sequence[Any]) -> None:
        """Seat the match's agents, one a seat (made before the first hand)."""
        Seats.__init__(self, dict(enumerate(agents)))

    def fail(self, seat: int, reason: str, message: str, *, fatal: bool = False) -> None:
        """Record a failure; raise ``_Failed`` if it forfeits the match."""
        forfeit = fatal or self.on_failure == FORFEIT
        pairing, deal, seating = self.where
        self.failures.append(AgentFailure(
            agent=self.names[seat], seat=seat, reason=reason, message=message, pairing=pairing,
            deal=deal, seating=seating, hand=self.hand_number, forfeit=forfeit))
        if forfeit:
            raise _Failed

    def notify(self, seat: int, name: str, argument: object) -> None:
        """Call the agent's optional ``name`` method; a raise is a failure."""
        try:
            super().notify(seat, name, argument)
        except Exception as error:
            self.fail(seat, *_describe(error))

    def choose(self, match: MatchState, seat: int) -> Action:
        """The seat's agent's action, or a random legal one in place of a failed decision."""
        self.hand_number = match.hand_number
        try:
            action = self.agents[seat].act(match.observation(seat))
        except Exception as error:
            self.fail(seat, *_describe(error))
        else:
            if not isinstance(action, Action):
                self.fail(seat, "malformed", _one_line(f"act returned {action!r} ({type(action).__name__}), "
                                                       "not an hokm.Action"))
            elif action in match.legal_actions():
                return action
            else:
                self.fail(seat, "illegal", _one_line(f"act returned {action}, which is not legal now"))
        legal = match.legal_actions()
        return legal[self.rng.randrange(len(legal))]


def _play(table: _Table, match: MatchState) -> MatchState:
    table.start(match)
    try:
        return table.run(match)
    except IllegalActionError as error:  # legal by the list, refused by apply: a rules bug
        raise AssertionError(f"a legal action was refused: {error}") from error


def play_game(rules: Ruleset, entrants: Sequence[Entrant], lineup: tuple[int, ...], *,
              seed: int | str, pairing: int, deal: int, seating: int,
              on_failure: str) -> tuple[GameSummary, MatchState, list[str]]:
    """Play one match: ``lineup[team]`` is the entrant playing every seat of that team.

    Returns the summary, the match (over, or where a forfeit stopped it) and the agents' names
    by seat.
    """
    teams = rules.layout.teams
    names = [entrants[lineup[team]].name for team in teams]
    table = _Table(names, (pairing, deal, seating), on_failure,
                   rng_for(seed, "arena-fallback", pairing, deal, seating))
    match = rules.new_match(seed=deal_seed(seed, deal))
    forfeited: int | None = None
    made: list[Any] = []
    try:
        for seat, team in enumerate(teams):
            try:
                agent_seed = _agent_seed(seed, pairing, deal, seating, seat)
                made.append(entrants[lineup[team]].make(agent_seed))
            except Exception as error:  # no agent to play the seat: nothing to fall back on
                table.fail(seat, *_describe(error), fatal=True)
        table.seat(made)
        match = _play(table, match)
    except _Failed:
        forfeited = teams[table.failures[-1].seat]
    finally:
        for agent in made:
            close = getattr(agent, "close", None)
            if callable(close):
                with contextlib.suppress(Exception):
                    close()
    count = len(lineup)
    hand_wins, points, kots = [0] * count, [0] * count, [0] * count
    for result in match.results:
        hand_wins[result.winner] += 1
        points[result.winner] += result.points
        kots[result.winner] += result.kot
    if forfeited is not None:
        winner = 1 - forfeited if count == 2 else None
    else:
        winner = None if match.winner is None else int(match.winner)
    summary = GameSummary(
        pairing=pairing, deal=deal, seating=seating, lineup=lineup, winner=winner,
        hands=len(match.results), hand_wins=tuple(hand_wins), points=tuple(points), kots=tuple(kots),
        failures=tuple(table.failures))
    return summary, match, names


def lineup_for(pairing: tuple[int, ...], seating: int) -> tuple[int, ...]:
    """The entrants by team for a seating: the pairing rotated over the teams (two teams: swapped)."""
    count = len(pairing)
    return tuple(pairing[(team + seating) % count] for team in range(count))


def seatings(deal: int, teams: int, duplicate: bool) -> range:
    """The seatings a deal is played in: every rotation, or one (rotating from deal to deal)."""
    if duplicate:
        return range(teams)
    return range(deal % teams, deal % teams + 1)


def run_unit(rules: Ruleset, entrants: Sequence[Entrant], pairing_index: int, pairing: tuple[int, ...],
             deals: tuple[int, int], seed: int | str, duplicate: bool, on_failure: str,
             records: str | None = None, unit: int = 0) -> list[GameSummary]:
    """Play deals ``deals[0]`` to ``deals[1] - 1`` of one pairing in every seating (a work unit).

    With ``records`` (a directory), the unit's matches are written there as game records,
    one ``arena-NNNNNN.jsonl.gz`` file (gzip JSON lines), with the players' names by seat.
    """
    games: list[GameSummary] = []
    played: list[MatchState] = []
    notes: list[dict[str, Any]] = []
    for deal in range(*deals):
        for seating in seatings(deal, len(pairing), duplicate):
            summary, match, names = play_game(
                rules, entrants, lineup_for(pairing, seating), seed=seed, pairing=pairing_index,
                deal=deal, seating=seating, on_failure=on_failure)
            games.append(summary)
            if records is not None:
                played.append(match)
                notes.append(_metadata(match, names, summary))
    if records is not None:
        from hokm.simulate import _write_records

        _write_records(records, unit, played, single=False, metadata=notes, stem="arena")
    return games


def _metadata(match: MatchState, names: list[str], summary: GameSummary) -> dict[str, Any]:
    players = [""] * len(names)
    for seat, name in enumerate(names):
        players[match.seating[seat]] = name  # by original seat, as records keep them
    forfeit = summary.forfeit
    return {
        "players": players,
        "event": "hokm arena",
        "arena": {"pairing": summary.pairing, "deal": summary.deal, "seating": summary.seating,
                  "forfeit": None if forfeit is None else forfeit.to_dict()},
    }
