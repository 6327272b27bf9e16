"""The ``random`` agent: a uniformly random legal action, from its own seeded generator."""

from __future__ import annotations

import random

from hokm._checks import check_seed
from hokm.actions import Action
from hokm.agents._protocol import BaseAgent, turn_observation
from hokm.observation import HandObservation, MatchObservation

__all__ = ["RandomAgent"]


class RandomAgent(BaseAgent):
    """Picks one of the legal actions uniformly at random: the baseline every bot must beat.

    Every decision is drawn from the agent's own ``random.Random(seed)``, so a
    seeded agent repeats its choices given the same observations. Announcements
    and variants' decisions are choices like any other.

    >>> import hokm
    >>> from hokm.agents import RandomAgent
    >>> match = hokm.Ruleset.compose().new_match(seed=1)
    >>> agent = RandomAgent(seed=3)
    >>> agent.act(match.observation(match.to_act)) in match.legal_actions()
    True

    Args:
        seed: an int or str for a reproducible agent; ``None`` seeds from the system.

    Raises:
        ArgumentTypeError: ``seed`` is not an int, str or None.
    """

    def __init__(self, *, seed: int | str | None = None) -> None:
        check_seed(seed)
        self.seed = seed
        self._rng = random.Random(seed)

    def act(self, observation: HandObservation | MatchObservation) -> Action:
        """A uniformly random action of ``observation.legal_actions``.

        Raises:
            GameStateError: the observation offers no action (it is not this seat's turn).
        """
        legal = turn_observation(observation).legal_actions
        return legal[self._rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return f"RandomAgent(seed={self.seed!r})"
