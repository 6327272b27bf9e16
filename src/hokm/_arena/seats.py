"""Agents at a table: the one loop that shows agents a match and asks them to act.

``hokm.agents.play_match`` is its public face. The arena (``hokm._arena.play``) and the
Gymnasium environment (``hokm.adapters.gymnasium``) drive their matches with the same
``Seats``, each overriding what it must: the arena records an agent's failure and plays on
or forfeits, the environment leaves the learner's seats to its caller, and the table of
``hokm play`` (``hokm.play.model``) leaves you yours and reads each action's events for its
log (``happened``). (Not in
``hokm.agents``: ``hokm.arena`` must not import the agents before it plays.)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from hokm.actions import Action
from hokm.errors import AgentFailedError, _got

if TYPE_CHECKING:
    from hokm.events import Event
    from hokm.match import MatchState

__all__ = ["Seats"]


def _watchers(agents: Mapping[int, Any]) -> list[int]:
    """Seats whose agent has an ``observe`` of its own (``BaseAgent``'s ignores every event)."""
    from hokm.agents._protocol import BaseAgent

    return [seat for seat, agent in agents.items()
            if callable(getattr(agent, "observe", None))
            and getattr(type(agent), "observe", None) is not BaseAgent.observe]


class Seats:
    """The agents of some seats of a match, told what happens and asked for their actions.

    Each agent is shown only its own seat's observations, and its share of the events
    (``hokm.events.for_seat``) if it has an ``observe`` method. ``start_match`` and
    ``start_hand`` are called on the agents that have them. Seats without an agent
    (a learner's) are their driver's to play, through ``apply``.
    """

    sees_events: ClassVar[bool] = False
    """Whether ``apply`` reads every action's events for ``happened``, even when no agent watches."""

    def __init__(self, agents: Mapping[int, Any]) -> None:
        self.agents = dict(agents)
        self.watchers = _watchers(self.agents)
        self.hand_number = 0
        """The hand the agents were last told of (``start_hand``)."""

    # What a driver overrides ---------------------------------------------------------------------

    def notify(self, seat: int, name: str, argument: object) -> None:
        """Call the agent's optional method ``name`` (``start_match``, ``start_hand``, ``observe``)."""
        method = getattr(self.agents[seat], name, None)
        if method is not None:
            method(argument)

    def choose(self, match: MatchState, seat: int) -> Action:
        """The action of the agent at ``seat``, which is to act.

        Raises:
            AgentFailedError: the agent answered something that is not an action, or an
                action that is not legal (``reason`` ``"malformed"`` or ``"illegal"``).
        """
        agent = self.agents[seat]
        action = agent.act(match.observation(seat))
        if not isinstance(action, Action):
            raise AgentFailedError(f"the agent of seat {seat} returned {_got(action)}, not an hokm.Action",
                                   agent=_name(agent), seat=seat, reason="malformed")
        legal = match.legal_actions()
        if action not in legal:
            shown = ", ".join(str(choice) for choice in legal[:8]) + (", ..." if len(legal) > 8 else "")
            raise AgentFailedError(f"the agent of seat {seat} chose an illegal action, {str(action)[:40]} "
                                   f"(legal: {shown})", agent=_name(agent), seat=seat, reason="illegal")
        return action

    def happened(self, match: MatchState, action: Action, after: MatchState,
                 events: Sequence[Event]) -> None:
        """``action`` took ``match`` to ``after`` with ``events``; the agents are told next.

        Called by ``apply`` when it reads the events (``sees_events``, or an agent watches).
        Does nothing here: the table of ``hokm play`` keeps its log and state.
        """

    # The loop ----------------------------------------------------------------------------------

    def start(self, match: MatchState) -> None:
        """A match begins: ``start_match``, ``start_hand`` and the events of its first deal."""
        from hokm.events import opening

        for seat in self.agents:
            self.notify(seat, "start_match", match.observation(seat))
        self._start_hand(match)
        if self.watchers:
            self._tell(opening(match))

    def apply(self, match: MatchState, action: Action) -> MatchState:
        """``match`` after ``action`` (any seat's), with every agent told what happened.

        Raises:
            IllegalActionError: as ``MatchState.apply``; nothing is told then.
        """
        number = match.hand_number
        if self.watchers or self.sees_events:
            after, events = match.apply_with_events(action)
            self.happened(match, action, after, events)
            self._tell(events)
        else:
            after = match.apply(action)
        if after.hand_number != number and not after.is_over:
            self._start_hand(after)
        return after

    def steps(self, match: MatchState) -> Iterator[tuple[MatchState, MatchState]]:
        """Let the agents act while one of them is to act: each step's state before and after."""
        while not match.is_over and match.to_act in self.agents:
            seat = match.to_act
            after = self.apply(match, self.choose(match, seat))
            yield match, after
            match = after

    def run(self, match: MatchState) -> MatchState:
        """The state where no agent of these seats is to act (the match over, when every seat has one)."""
        last = match
        for _, after in self.steps(match):
            last = after
        return last

    def _start_hand(self, match: MatchState) -> None:
        self.hand_number = match.hand_number
        for seat in self.agents:
            self.notify(seat, "start_hand", match.observation(seat).hand)

    def _tell(self, happened: Sequence[Any]) -> None:
        from hokm.events import for_seat

        for seat in self.watchers:
            for event in for_seat(happened, seat):
                self.notify(seat, "observe", event)


def _name(agent: object) -> str:
    name = getattr(agent, "name", None)
    return name if isinstance(name, str) else type(agent).__name__
