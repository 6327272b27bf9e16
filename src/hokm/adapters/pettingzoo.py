"""Hokm as a PettingZoo AEC environment: every seat an agent, every variant available.

Observations follow PettingZoo's classic games: ``{"observation": Box, "action_mask":
Box(int8)}``, the vector and mask of ``hokm.encoding``. Rewards are zero-sum and come when a
hand is scored (``reward="hand"``, its points) or only when the match ends
(``reward="match"``, +1 / -1). A match is one episode.

>>> from hokm.adapters.pettingzoo import env
>>> game = env(variants=["satat"])
>>> game.reset(seed=7)
>>> game.agent_selection in game.possible_agents
True

Needs ``pip install 'hokm[pettingzoo]'``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from hokm.adapters import require_extra

require_extra("pettingzoo", extra="pettingzoo")
require_extra("gymnasium", extra="pettingzoo")
require_extra("numpy", extra="pettingzoo")

import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402
from gymnasium.utils import seeding  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402
from pettingzoo.utils import wrappers  # noqa: E402

from hokm.adapters._common import build_ruleset, check_reward, render_table, rewards_between  # noqa: E402
from hokm.encoding import ActionSpace, ObservationEncoder  # noqa: E402
from hokm.errors import InvalidArgumentError, _shown  # noqa: E402
from hokm.match import MatchState  # noqa: E402
from hokm.rules import Ruleset  # noqa: E402

__all__ = ["env", "raw_env"]

RENDER_MODES = ("human", "ansi")


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo ships no types; its naming convention
    """A Hokm match as an AEC environment; ``env()`` wraps it in PettingZoo's checks.

    Args:
        variants: variant names to compose with standard Hokm (``["satat"]``).
        options: options per variant, as ``Ruleset.compose`` takes them.
        render_mode: ``"human"`` (print the table after each step) or ``"ansi"``
            (``render()`` returns it), or ``None``.
        reward: ``"hand"`` (each hand's points, zero-sum) or ``"match"`` (+1 / -1 at the end).
        ruleset: a composed ruleset instead of ``variants`` and ``options``.

    Agents are ``"player_0"``, ``"player_1"``, ... by seat. An agent whose turn it is not
    has an all-zero ``action_mask``. ``infos[agent]`` holds ``"seat"``.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": list(RENDER_MODES), "name": "hokm_v0",
                                          "is_parallelizable": False}

    def __init__(self, variants: Sequence[str] | str = (),
                 options: Mapping[str, Mapping[str, Any]] | None = None, render_mode: str | None = None,
                 reward: str = "hand", *, ruleset: Ruleset | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidArgumentError(f"render_mode must be one of {RENDER_MODES} or None, got "
                                       f"{_shown(render_mode)}")
        self.ruleset = build_ruleset(variants, options, ruleset)
        self.reward_mode = check_reward(reward)
        self.render_mode = render_mode
        self.actions = ActionSpace(self.ruleset)
        self.encoder = ObservationEncoder(self.ruleset, actions=self.actions)
        self.possible_agents = [f"player_{seat}" for seat in range(self.ruleset.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, self.encoder.shape, np.float32),
            "action_mask": spaces.Box(0, 1, (self.actions.size,), np.int8),
        })
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {agent: spaces.Discrete(self.actions.size) for agent in self.possible_agents}
        self.match: MatchState | None = None
        self._np_random: np.random.Generator | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new match; the deal follows from ``seed`` (else from the previous seeding)."""
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        self.match = self.ruleset.new_match(seed=int(self._np_random.integers(2**62)))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {"seat": seat} for agent, seat in self._seat.items()}
        self.agent_selection = self.possible_agents[self._to_act(self.match)]

    @staticmethod
    def _to_act(match: MatchState) -> int:
        seat = match.to_act
        return 0 if seat is None else seat

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation vector and action mask (legal ids, if it is to act)."""
        match = self._started()
        observation = match.observation(self._seat[agent])
        mask = np.zeros(self.actions.size, dtype=np.int8)
        if match.to_act == self._seat[agent]:
            mask[self.actions.legal_ids(observation)] = 1
        return {"observation": self.encoder.encode(observation), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action id (``None`` for an agent that is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        before = self._started()
        if action is None:
            raise InvalidArgumentError(f"{agent} is to act: step() needs an action id, got None")
        after = before.apply(self.actions.action_of(action))
        self.match = after
        self._cumulative_rewards[agent] = 0.0
        gains = rewards_between(before, after, self.reward_mode)
        self.rewards = {name: (gains[self._seat[name]] if gains else 0.0) for name in self.agents}
        if after.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self.agent_selection = self.possible_agents[self._to_act(after)]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The text table: returned with ``render_mode="ansi"``, printed with ``"human"``."""
        if self.render_mode is None:
            return None
        table = render_table(self._started(), self.possible_agents)
        if self.render_mode == "human":
            print(table)
            return None
        return table

    def close(self) -> None:
        """Nothing to release."""

    def _started(self) -> MatchState:
        if self.match is None:
            raise InvalidArgumentError("call reset() before using the environment")
        return self.match


def env(variants: Sequence[str] | str = (), options: Mapping[str, Mapping[str, Any]] | None = None,
        render_mode: str | None = None, reward: str = "hand", *,
        ruleset: Ruleset | None = None) -> Any:
    """The Hokm AEC environment in PettingZoo's usual wrappers (illegal actions and order checked).

    The arguments are those of ``raw_env``.
    """
    game = raw_env(variants, options, render_mode, reward, ruleset=ruleset)
    game = wrappers.TerminateIllegalWrapper(game, illegal_reward=-1)
    game = wrappers.AssertOutOfBoundsWrapper(game)
    return wrappers.OrderEnforcingWrapper(game)
