"""The agent interface: what a bot implements, and the one thing it is given.

An agent plays one seat. Whoever runs the game (a script, the arena, a game
server) shows it that seat's observation, never the state, and asks it for an
action from the observation's ``legal_actions``. Decisions other than playing a
card come the same way: the trump call, a two-player keep/reject, a discard, a
play-on offer, a variant's own choices.
"""

from __future__ import annotations

from typing import Protocol, TypeAlias, runtime_checkable

from hokm.actions import Action
from hokm.errors import ArgumentTypeError, GameStateError, _got
from hokm.observation import HandObservation, MatchObservation

__all__ = ["Agent", "BaseAgent", "Observation", "hand_observation"]

Observation: TypeAlias = HandObservation | MatchObservation
"""What an agent is shown: a seat's view of a match, or of a lone hand."""


@runtime_checkable
class Agent(Protocol):
    """A player for one seat: shown its observation, it answers with a legal action.

    Only ``act`` is required. A driver also calls these methods when an agent has
    them (``hokm.agents.BaseAgent`` has them all, doing nothing):

    - ``start_match(observation: MatchObservation) -> None``: a match begins;
    - ``start_hand(observation: HandObservation) -> None``: a hand begins (dealt, at
      its trump call);
    - ``observe(event: object) -> None``: something happened at the table. The
      event is whatever the driver sends (the game's event stream, for example);
      an agent must accept, and may ignore, any object.

    >>> import hokm
    >>> from hokm.agents import Agent
    >>> class FirstLegal:
    ...     def act(self, observation):
    ...         return observation.legal_actions[0]
    >>> isinstance(FirstLegal(), Agent)
    True
    """

    def act(self, observation: HandObservation | MatchObservation) -> Action:
        """One of ``observation``'s legal actions (``observation.hand.legal_actions`` for a match)."""
        ...


class BaseAgent:
    """A base class for agents: ``act`` to write, the optional hooks as no-ops."""

    def start_match(self, observation: MatchObservation) -> None:
        """A match begins; ``observation`` is this seat's view of it. Does nothing by default."""

    def start_hand(self, observation: HandObservation) -> None:
        """A hand begins; ``observation`` is this seat's view of it. Does nothing by default."""

    def observe(self, event: object) -> None:
        """Something happened at the table (any object the driver sends). Ignored by default."""

    def act(self, observation: HandObservation | MatchObservation) -> Action:
        """One of the observation's legal actions; subclasses must override it."""
        raise NotImplementedError(f"{type(self).__name__} must implement act(observation)")


def hand_observation(observation: HandObservation | MatchObservation) -> HandObservation:
    """The hand part of an observation: itself for a hand, ``observation.hand`` for a match.

    Raises:
        ArgumentTypeError: ``observation`` is neither.
    """
    if isinstance(observation, MatchObservation):
        return observation.hand
    if isinstance(observation, HandObservation):
        return observation
    raise ArgumentTypeError(f"an agent is shown a HandObservation or MatchObservation, "
                            f"got {_got(observation)}")


def turn_observation(observation: HandObservation | MatchObservation) -> HandObservation:
    """The hand part of an observation that offers its seat an action, as every ``act`` needs.

    Raises:
        ArgumentTypeError: ``observation`` is not an observation.
        GameStateError: it offers no action (it is not this seat's turn).
    """
    view = hand_observation(observation)
    if not view.legal_actions:
        raise GameStateError(f"seat {view.seat} has no legal action: it is not its turn")
    return view
