"""``play_match``: agents play one match, seat by seat (the loop is ``hokm._arena.seats``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from hokm._arena.seats import Seats
from hokm._checks import check_seed
from hokm.errors import ArgumentTypeError, InvalidArgumentError, _got

if TYPE_CHECKING:
    from hokm.agents._protocol import Agent
    from hokm.match import MatchState
    from hokm.rules import Ruleset

__all__ = ["play_match"]


def play_match(ruleset: Ruleset, agents: Sequence[Agent], *, seed: int | str) -> MatchState:
    """Play one match of ``ruleset`` with ``agents[seat]`` at each seat; returns the finished match.

    The driver a script, a test or a game server needs, and the one ``hokm arena`` and
    the Gymnasium environment use. Each agent is shown only its own seat's
    ``MatchObservation`` and asked for an action when its seat is to act;
    ``start_match(observation)``, ``start_hand(observation)`` and ``observe(event)``
    (its share of the events, ``hokm.events.for_seat``) are called on the agents that
    have them. The same ``seed`` deals the same match (``Ruleset.new_match``); an agent
    may be seated at several seats.

    >>> import hokm
    >>> from hokm.agents import get_agent, play_match
    >>> rules = hokm.Ruleset.compose(options={"standard": {"target": 2}})
    >>> match = play_match(rules, [get_agent("heuristic"), get_agent("random", seed=1)] * 2, seed=7)
    >>> match.is_over, match.winner in (0, 1)
    (True, True)

    Raises:
        AgentFailedError: an agent answered something that is not an action
            (``reason="malformed"``) or an action that is not legal (``"illegal"``);
            whatever an agent raises propagates as it is.
        ArgumentTypeError: ``ruleset`` is not a ``Ruleset``, ``agents`` not a sequence of
            agents (objects with an ``act`` method), or ``seed`` neither an int nor a str.
        InvalidArgumentError: ``agents`` does not hold one agent a seat.
    """
    from hokm.rules import Ruleset

    if not isinstance(ruleset, Ruleset):
        raise ArgumentTypeError(f"play_match() ruleset must be a Ruleset, got {_got(ruleset)}")
    if isinstance(agents, str | bytes | Mapping) or not isinstance(agents, Sequence):
        raise ArgumentTypeError(f"play_match() agents must be a list of agents, one a seat, "
                                f"got {_got(agents)}")
    for seat, agent in enumerate(agents):
        if not callable(getattr(agent, "act", None)):
            raise ArgumentTypeError(f"play_match() agents[{seat}] has no act() method, got {_got(agent)}")
    if len(agents) != ruleset.players:
        raise InvalidArgumentError(f"play_match() needs one agent a seat: {ruleset.players} for "
                                   f"{ruleset.describe()}, got {len(agents)}")
    check_seed(seed, optional=False)
    match = ruleset.new_match(seed=seed)
    seats = Seats(dict(enumerate(agents)))
    seats.start(match)
    return seats.run(match)
