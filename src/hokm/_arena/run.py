"""``hokm.arena``: rank bots by playing them against each other, with duplicate deals.

Every deal is played once per seating (at a table of two teams: twice, the teams' seats swapped),
so each agent holds each side of the same cards and the luck of the deal cancels out. With more
agents than teams, every combination of them plays (round robin). Matches run in work units of
a few deals on any ``concurrent.futures.Executor``; seeds derive from the arena's seed only, so
the result is the same on one core, a process pool or a Dask cluster.

>>> import hokm
>>> result = hokm.arena(["heuristic", "random"], matches=2, seed=1)
>>> result.played, result.stats["heuristic"].matches
(4, 4)
"""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

from hokm._arena.play import FORFEIT, RANDOM, Entrant, run_unit, seatings, takes_seed
from hokm._arena.result import ArenaResult
from hokm._arena.stats import GameSummary, agent_stats, head_to_head
from hokm._checks import check_int, check_records_dir, check_seed
from hokm._seeding import normalize_seed
from hokm.errors import AgentLoadError, ArgumentTypeError, HokmError, InvalidArgumentError, _got
from hokm.simulate import RunInterrupted

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

    from hokm.rules import Ruleset

__all__ = ["MAX_MATCHES", "UNIT_DEALS", "AgentSource", "arena"]

AgentSource: TypeAlias = "str | Callable[[], Any]"
"""An agent given to the arena: a spec (``"heuristic"``, ``"cmd:python bot.py"``) or a factory."""

UNIT_DEALS = 4
"""Deals per work unit (each played in every seating); fixed, so results do not depend on workers."""

MAX_MATCHES = 10**9
"""The most deals per pairing one arena may play."""

PENDING_PER_WORKER = 4
DEFAULT_MAX_PENDING = 64


def _factory_name(factory: Callable[..., Any]) -> str:
    inner = getattr(factory, "func", factory)  # functools.partial
    name = getattr(inner, "__qualname__", None) or getattr(inner, "__name__", None)
    return str(name) if name else type(factory).__name__


def _sources(agents: object) -> list[tuple[str, str | Callable[..., Any]]]:
    """(name, source) for each agent given; names made unique with ``#2``, ``#3``, ..."""
    items: list[tuple[str | None, object]] = []
    if isinstance(agents, Mapping):
        for key, value in agents.items():
            if not isinstance(key, str) or not key:
                raise ArgumentTypeError(f"agents given as a mapping need non-empty str names, got "
                                        f"{_got(key)}")
            items.append((key, value))
    elif isinstance(agents, str | bytes) or not isinstance(agents, Sequence):
        hint = f"; for one agent write [{agents!r}, ...]" if isinstance(agents, str) else ""
        raise ArgumentTypeError(f"agents must be a list of agent specs (such as 'heuristic' or "
                                f"'cmd:python bot.py') or factories, or a mapping name -> agent, "
                                f"got {_got(agents)}{hint}")
    else:
        items = [(None, value) for value in agents]
    named: list[tuple[str, str | Callable[..., Any]]] = []
    seen: dict[str, int] = {}
    for index, (key, source) in enumerate(items):
        where = f"agents[{key!r}]" if key is not None else f"agents[{index}]"
        if isinstance(source, str):
            if not source.strip():
                raise InvalidArgumentError(f"{where} is an empty agent spec: name an installed agent "
                                           "such as 'heuristic', or give 'cmd:COMMAND'")
            name = key or source
        elif callable(source):
            name = key or _factory_name(source)
        else:
            hint = (": pass its class, or a function that makes one, so every match gets a fresh "
                    "agent" if callable(getattr(source, "act", None)) else "")
            raise ArgumentTypeError(f"{where} must be an agent spec (a str) or a zero-argument "
                                    f"factory of agents, got {_got(source)}{hint}")
        seen[name] = seen.get(name, 0) + 1
        named.append((name if seen[name] == 1 else f"{name}#{seen[name]}", source))
    return named


def _probe(source: str | Callable[..., Any]) -> tuple[Any, bool]:
    """One agent made from ``source``, and whether it takes a ``seed`` keyword."""
    if isinstance(source, str):
        from hokm.agents import COMMAND_PREFIX, CommandAgent, agent_from_spec

        if source.startswith(COMMAND_PREFIX):
            agent = agent_from_spec(source)
            if isinstance(agent, CommandAgent):
                _check_program(source, agent.command[0])
            return agent, False
        try:
            return agent_from_spec(source, seed=0), True
        except InvalidArgumentError:  # it takes no seed (or wants another kind of one)
            return agent_from_spec(source), False
    seeded = takes_seed(source)
    return (source(seed=0) if seeded else source()), seeded


def _check_program(spec: str, program: str) -> None:
    """Refuse an external bot whose program cannot be found before any match, not 2N forfeits later."""
    import shutil

    if shutil.which(program) is None:
        raise InvalidArgumentError(f"agent {spec!r}: the program {program!r} is not found "
                                   "(not on PATH, or not an executable file)")


def _entrant(name: str, source: str | Callable[..., Any]) -> Entrant:
    """An entrant, checked by making one agent now: a bad spec or factory fails here, clearly."""
    try:
        probe, seeded = _probe(source)
    except HokmError:
        raise
    except Exception as error:  # a factory's own bug, or a program that cannot start
        raise AgentLoadError(f"agent {name!r} cannot be made: "
                             f"{'its factory raised ' if callable(source) else ''}"
                             f"{type(error).__name__}: {error}", agent=name) from error
    try:
        if not callable(getattr(probe, "act", None)):
            raise AgentLoadError(f"agent {name!r}: its factory gave {_got(probe)}, which has no "
                                 "act(observation) method", agent=name)
    finally:
        close = getattr(probe, "close", None)
        if callable(close):
            close()
    target = None
    if isinstance(source, str):
        from hokm.agents import available_agents

        target = available_agents().get(source)  # installed: matches import it, skip get_agent
    return Entrant(name, source, seeded, target)


def _check_picklable(entrants: Sequence[Entrant], executor: object) -> None:
    """A process pool sends the agents' factories to other processes: they must pickle."""
    from concurrent.futures import ProcessPoolExecutor

    if not isinstance(executor, ProcessPoolExecutor):
        return
    import pickle

    for entrant in entrants:
        try:
            pickle.dumps(entrant.source)
        except Exception as error:
            raise ArgumentTypeError(
                f"agent {entrant.name!r} cannot be sent to the worker processes ({type(error).__name__}: "
                f"{error}): give a class or a function defined at module level, not a lambda or a "
                "local function") from error


def _ruleset(ruleset: object) -> Ruleset:
    from hokm.rules import Ruleset

    if ruleset is None:
        return Ruleset.compose()
    if isinstance(ruleset, Ruleset):
        return ruleset
    hint = (f"; for a variant write hokm.Ruleset.compose({ruleset!r})"
            if isinstance(ruleset, str) else "")
    raise ArgumentTypeError(f"ruleset must be a hokm.Ruleset (or None for standard Hokm), "
                            f"got {_got(ruleset)}{hint}")


def _units(pairings: Sequence[tuple[int, ...]], matches: int) -> Iterator[tuple[int, int, tuple[int, int]]]:
    """(unit number, pairing index, (first deal, end)) for every work unit, lazily."""
    number = 0
    for index in range(len(pairings)):
        for start in range(0, matches, UNIT_DEALS):
            yield number, index, (start, min(matches, start + UNIT_DEALS))
            number += 1


def arena(agents: Sequence[AgentSource] | Mapping[str, AgentSource], ruleset: Ruleset | None = None, *,
          matches: int = 100, seed: int | str | None = 0, duplicate: bool = True,
          executor: Executor | None = None, progress: Callable[[int, int], None] | None = None,
          on_failure: str = "forfeit", records: str | os.PathLike[str] | None = None) -> ArenaResult:
    """Play ``agents`` against each other under ``ruleset`` and rank them.

    A table of T teams (four seats: two teams of two partners; two or three players: each seat
    a team) seats one agent per team; it plays every seat of its team, with a fresh instance
    per seat and per match, shown only its seat's observation. With T agents there is one
    pairing; with more, every combination of T of them plays (round robin).

    Args:
        agents: agent specs (an installed agent's name, or ``"cmd:COMMAND"`` for an external
            program, as ``hokm.agents.agent_from_spec``) or zero-argument factories (a class,
            a function); a factory with a ``seed`` keyword (and an installed agent that takes
            one) is given a seed derived from ``seed``. A list names them by spec or by the
            factory's name (repeats get ``#2``, ...); a mapping ``{name: agent}`` names them.
            With a process pool, factories must pickle (a module-level class or function).
        ruleset: the rules (``hokm.Ruleset.compose(...)``); ``None``: standard Hokm.
        matches: deals per pairing, each played in every seating with ``duplicate``.
        seed: the arena's seed: deals and agents' seeds derive from it (``None``: a fresh one,
            reported back in the result).
        duplicate: play each deal in every seating (two teams: swapped), so the luck of the
            cards cancels; ``False`` plays each deal once, the seating rotating from deal to deal.
        executor: run the work units (a few deals each) on this executor (a process pool,
            ``dask.distributed.Client.get_executor()``, ...); ``None`` runs them here.
        progress: called as ``progress(matches_done, matches_total)`` after each work unit.
        on_failure: what an agent's failed decision (it raised, answered an illegal action,
            or an external bot timed out, crashed or sent garbage) leads to: ``"forfeit"``, its
            team loses the match (at a table of three, nobody wins it); ``"random"``, a random
            legal action is played in its place and the match goes on. Either way the failure is
            recorded. An agent that cannot even be made for a match always forfeits it.
        records: a directory (created if need be) to write every match into as a game record,
            with the players' names by seat and the arena's pairing, deal and seating: one
            ``arena-NNNNNN.jsonl.gz`` file (gzip JSON lines) per work unit.

    Raises:
        InvalidArgumentError: fewer than two agents, fewer agents than the table has teams,
            ``matches`` not from 1 to ``MAX_MATCHES``, ``on_failure`` neither ``"forfeit"`` nor
            ``"random"`` (``ArgumentTypeError`` for an argument of the wrong type: agents that are
            neither specs nor factories, a ruleset that is not a ``Ruleset``, ...).
        UnknownAgentError: a spec names no installed agent.
        AgentLoadError: an agent cannot be made (its factory raised, or gave no agent).

    If the run is interrupted (``KeyboardInterrupt``) or a work unit fails, the units not yet
    started are cancelled before the exception propagates; the executor is left to its owner.
    An interrupt propagates as ``hokm.simulate.RunInterrupted``, whose ``partial`` is the
    result of the matches that had finished.
    """
    rules = _ruleset(ruleset)
    count = check_int(matches, "matches", low=1, high=MAX_MATCHES)
    check_seed(seed)
    if not isinstance(duplicate, bool):
        raise ArgumentTypeError(f"duplicate must be True or False, got {_got(duplicate)}")
    if on_failure not in (FORFEIT, RANDOM):
        error = InvalidArgumentError if isinstance(on_failure, str) else ArgumentTypeError
        raise error(f"on_failure must be 'forfeit' or 'random', got {_got(on_failure)}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ArgumentTypeError(f"executor must be a concurrent.futures.Executor (or None), "
                                f"got {_got(executor)}")
    if progress is not None and not callable(progress):
        raise ArgumentTypeError(f"progress must be a function progress(done, total) (or None), "
                                f"got {_got(progress)}")
    named = _sources(agents)
    teams = rules.layout.team_count
    if len(named) < 2:
        raise InvalidArgumentError(f"an arena needs at least 2 agents, got {len(named)}")
    if len(named) < teams:
        raise InvalidArgumentError(
            f"the table of {rules.describe()} has {teams} teams, each played by one agent: give at least "
            f"{teams} agents, got {len(named)}")
    directory = check_records_dir(records)
    entrants = [_entrant(name, source) for name, source in named]
    if executor is not None:
        _check_picklable(entrants, executor)
    seed = normalize_seed(seed)
    pairings = list(itertools.combinations(range(len(entrants)), teams))
    per_deal = len(seatings(0, teams, duplicate))
    total = len(pairings) * count * per_deal
    started = time.perf_counter()
    games: list[GameSummary] = []
    try:
        _run(rules, entrants, pairings, count, seed, duplicate, on_failure, directory, executor,
             progress, total, games)
    except KeyboardInterrupt as interrupt:
        partial = _result(rules, entrants, pairings, count, seed, duplicate, on_failure, games, started)
        raise RunInterrupted(partial) from interrupt
    return _result(rules, entrants, pairings, count, seed, duplicate, on_failure, games, started)


def _result(rules: Ruleset, entrants: list[Entrant], pairings: list[tuple[int, ...]], count: int,
            seed: int | str, duplicate: bool, on_failure: str, games: list[GameSummary],
            started: float) -> ArenaResult:
    """The result of the ``games`` played (all of them, or those finished before an interrupt)."""
    names = [entrant.name for entrant in entrants]
    games.sort(key=lambda g: (g.pairing, g.deal, g.seating))
    return ArenaResult(
        ruleset=rules.describe(), agents=tuple(names), pairings=tuple(pairings), matches=count,
        seed=seed, duplicate=duplicate, on_failure=on_failure, played=len(games),
        stats={stats.name: stats for stats in agent_stats(names, games)},
        head_to_head=head_to_head(names, games),
        failures=tuple(failure for game in games for failure in game.failures),
        seconds=time.perf_counter() - started)


def _run(rules: Ruleset, entrants: list[Entrant], pairings: list[tuple[int, ...]], count: int,
         seed: int | str, duplicate: bool, on_failure: str, records: str | None,
         executor: Executor | None, progress: Callable[[int, int], None] | None,
         total: int, games: list[GameSummary]) -> None:
    """Play the work units into ``games``, here or on ``executor``."""

    def arguments(unit: int, index: int, deals: tuple[int, int]) -> tuple[Any, ...]:
        return (rules, entrants, index, pairings[index], deals, seed, duplicate, on_failure, records, unit)

    units = _units(pairings, count)
    if executor is None:
        for unit, index, deals in units:
            games += run_unit(*arguments(unit, index, deals))
            if progress:
                progress(len(games), total)
        return
    from concurrent.futures import FIRST_COMPLETED, wait

    workers = getattr(executor, "_max_workers", None)
    window = (PENDING_PER_WORKER * workers if isinstance(workers, int) and workers > 0
              else DEFAULT_MAX_PENDING)
    pending: set[Future[list[GameSummary]]] = set()
    try:
        for unit, index, deals in itertools.islice(units, window):
            pending.add(executor.submit(run_unit, *arguments(unit, index, deals)))
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                games += future.result()
                if progress:
                    progress(len(games), total)
            for unit, index, deals in itertools.islice(units, len(finished)):
                pending.add(executor.submit(run_unit, *arguments(unit, index, deals)))
    except BaseException:  # Ctrl-C or a failed unit: drop the work not yet started
        for future in pending:
            future.cancel()
        raise
