"""A minimal driver: agents play a match seat by seat (for tests and benchmarks; the arena comes later)."""

from __future__ import annotations

from collections.abc import Sequence

from hokm.agents._protocol import Agent
from hokm.match import MatchState
from hokm.rules import Ruleset

__all__ = ["play_match"]


def play_match(ruleset: Ruleset, agents: Sequence[Agent], *, seed: int | str) -> MatchState:
    """Play one match of ``ruleset`` with ``agents[seat]`` at each seat; returns the finished match.

    Each agent is shown only its own seat's ``MatchObservation``; ``start_match`` and
    ``start_hand`` are called on the agents that have them.
    """
    match = ruleset.new_match(seed=seed)
    for seat, agent in enumerate(agents):
        hook = getattr(agent, "start_match", None)
        if hook is not None:
            hook(match.observation(seat))
    hand_number = 0
    while not match.is_over:
        if match.hand_number != hand_number:
            hand_number = match.hand_number
            for seat, agent in enumerate(agents):
                hook = getattr(agent, "start_hand", None)
                if hook is not None:
                    hook(match.observation(seat).hand)
        to_act = match.to_act
        assert to_act is not None
        match = match.apply(agents[to_act].act(match.observation(to_act)))
    return match
