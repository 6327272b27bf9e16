"""Hokm as a single-learner Gymnasium environment, with action masks for MaskablePPO.

The learner plays one seat, or both seats of a team; hokm agents play the other seats
(``hokm.agents.HeuristicAgent`` by default). Actions are ``Discrete`` ids of
``hokm.encoding.ActionSpace``; ``action_masks()`` says which are legal (sb3-contrib's
``MaskablePPO`` reads it). An illegal id changes nothing and costs ``illegal_reward``.
A match is one episode. Importing this module registers ``hokm/Hokm-v0``:

>>> import gymnasium
>>> import hokm.adapters.gymnasium
>>> game = gymnasium.make("hokm/Hokm-v0", variants=["satat"])
>>> observation, info = game.reset(seed=3)
>>> observation.shape == game.observation_space.shape, info["seat"]
(True, 0)

Needs ``pip install 'hokm[gymnasium]'``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hokm.adapters import require_extra

require_extra("gymnasium", extra="gymnasium")
require_extra("numpy", extra="gymnasium")

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402

from hokm._arena.seats import Seats  # noqa: E402
from hokm.actions import Action  # noqa: E402
from hokm.adapters._common import build_ruleset, check_reward, render_table, rewards_between  # noqa: E402
from hokm.encoding import ActionSpace, ObservationEncoder, as_action_id  # noqa: E402
from hokm.errors import (  # noqa: E402
    AgentFailedError,
    ArgumentTypeError,
    GameStateError,
    InvalidArgumentError,
    _got,
    _shown,
)
from hokm.match import MatchState  # noqa: E402
from hokm.rules import Ruleset  # noqa: E402

__all__ = ["ENV_ID", "HokmEnv"]

ENV_ID = "hokm/Hokm-v0"
RENDER_MODES = ("human", "ansi")


class HokmEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One learner against hokm agents: a Hokm match as a Gymnasium episode.

    Args:
        variants: variant names to compose with standard Hokm.
        options: options per variant, as ``Ruleset.compose`` takes them.
        seats: the learner's seat, or its seats (both seats of one team).
        opponents: the agents of the other seats: a mapping seat -> agent, or a sequence
            in seat order; ``None``: a ``HeuristicAgent`` each.
        reward: ``"hand"`` (the points of each hand, the learner's team's minus the
            others') or ``"match"`` (+1 / -1 when the match ends).
        illegal_reward: the reward of an illegal action id (which changes nothing).
        render_mode: ``"human"`` (print the table after each step), ``"ansi"`` or ``None``.
        ruleset: a composed ruleset instead of ``variants`` and ``options``.

    ``info`` holds ``"seat"`` (the learner's seat to act) and ``"action_mask"``.
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012

    def __init__(self, variants: Sequence[str] | str = (),
                 options: Mapping[str, Mapping[str, Any]] | None = None, *, seats: int | Sequence[int] = 0,
                 opponents: Mapping[int, Any] | Sequence[Any] | None = None, reward: str = "hand",
                 illegal_reward: float = -1.0, render_mode: str | None = None,
                 ruleset: Ruleset | None = None) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidArgumentError(f"render_mode must be one of {RENDER_MODES} or None, got "
                                       f"{_shown(render_mode)}")
        self.ruleset = build_ruleset(variants, options, ruleset)
        self.seats = self._check_seats(seats)
        self.opponents = self._check_opponents(opponents)
        self.reward_mode = check_reward(reward)
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.actions = ActionSpace(self.ruleset)
        self.encoder = ObservationEncoder(self.ruleset, actions=self.actions)
        self.observation_space = spaces.Box(0.0, 1.0, self.encoder.shape, np.float32)
        self.action_space = spaces.Discrete(self.actions.size)
        self.match: MatchState | None = None
        self._seats = _Opponents(self.opponents)
        self._mask = np.zeros(self.actions.size, dtype=bool)
        self._vector = np.zeros(self.encoder.shape, dtype=np.float32)

    def _check_seats(self, seats: int | Sequence[int]) -> tuple[int, ...]:
        chosen = (seats,) if isinstance(seats, int) else tuple(seats)
        players = self.ruleset.players
        if not chosen or any(isinstance(s, bool) or not isinstance(s, int) for s in chosen):
            raise ArgumentTypeError(f"seats must be a seat number or seat numbers, got {_got(seats)}")
        if any(not 0 <= s < players for s in chosen) or len(set(chosen)) != len(chosen):
            raise InvalidArgumentError(f"seats must be distinct seats 0 to {players - 1}, got "
                                       f"{_shown(seats)}")
        if len({self.ruleset.team_of(s) for s in chosen}) != 1:
            raise InvalidArgumentError(f"seats {list(chosen)} play for different teams: one learner plays "
                                       "one seat or seats of one team")
        return chosen

    def _check_opponents(self, opponents: Mapping[int, Any] | Sequence[Any] | None) -> dict[int, Any]:
        others = [seat for seat in range(self.ruleset.players) if seat not in self.seats]
        if opponents is None:
            from hokm.agents import HeuristicAgent

            return {seat: HeuristicAgent() for seat in others}
        if isinstance(opponents, Mapping):
            chosen = dict(opponents)
        else:
            chosen = dict(zip(others, opponents, strict=False))
        if sorted(chosen) != others or (not isinstance(opponents, Mapping) and len(opponents) != len(others)):
            raise InvalidArgumentError(f"opponents must give an agent for each of seats {others}, got "
                                       f"{_shown(opponents)}")
        for seat, agent in chosen.items():
            if not callable(getattr(agent, "act", None)):
                raise ArgumentTypeError(f"opponents: the agent of seat {seat} has no act() method, got "
                                        f"{_got(agent)}")
        return chosen

    # Gymnasium's API ---------------------------------------------------------------------

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Start a new match (its deal follows from ``seed``); the other seats play up to the learner."""
        super().reset(seed=seed)
        match = self.ruleset.new_match(seed=int(self.np_random.integers(2**62)))
        self._seats = _Opponents(self.opponents)
        self._seats.start(match)
        self.match, _ = self._advance(match)
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Take action id ``action`` for the learner; the other seats play until it is its turn again.

        ``action`` is an int or a numpy integer; an id that is not legal changes nothing and
        costs ``illegal_reward``.

        Raises:
            ArgumentTypeError: ``action`` is not an integer (``"3"``, ``3.0``, ``True``).
            GameStateError: the match is over, or ``reset`` was never called.
        """
        match = self._started()
        if match.is_over:
            raise GameStateError("the match is over: call reset() to start another")
        action_id = as_action_id(action, "step() action")
        if not (0 <= action_id < self.actions.size and self._mask[action_id]):
            info = self._info()
            info["illegal_action"] = True
            return self._vector.copy(), self.illegal_reward, False, False, info
        after = self._seats.apply(match, self.actions.action_of(action_id))
        reward = self._reward(match, after)
        self.match, more = self._advance(after)
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward + more, self.match.is_over, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal action ids as a boolean array (what MaskablePPO asks for)."""
        return self._mask.copy()

    def render(self) -> str | None:
        """The text table: returned with ``render_mode="ansi"``, printed with ``"human"``."""
        if self.render_mode is None:
            return None
        names = [f"{'learner' if seat in self.seats else 'agent'}_{seat}"
                 for seat in range(self.ruleset.players)]
        table = render_table(self._started(), names)
        if self.render_mode == "human":
            print(table)
            return None
        return table

    # Driving the other seats ---------------------------------------------------------------

    def _reward(self, before: MatchState, after: MatchState) -> float:
        gains = rewards_between(before, after, self.reward_mode)
        return 0.0 if gains is None else gains[self.seats[0]]

    def _advance(self, match: MatchState) -> tuple[MatchState, float]:
        """Let the agents act until a learner seat is to act or the match is over."""
        total = 0.0
        for before, after in self._seats.steps(match):
            total += self._reward(before, after)
            match = after
        return match, total

    def _observe(self) -> np.ndarray:
        match = self._started()
        seat = match.to_act if match.to_act in self.seats else self.seats[0]
        assert seat is not None
        observation = match.observation(seat)
        self.encoder.encode_into(observation, self._vector)
        self._mask[:] = False
        if match.to_act == seat:
            self._mask[self.actions.legal_ids(observation)] = True
        return self._vector.copy()

    def _info(self) -> dict[str, Any]:
        match = self._started()
        seat = match.to_act if match.to_act in self.seats else self.seats[0]
        return {"seat": seat, "action_mask": self._mask.copy()}

    def _started(self) -> MatchState:
        if self.match is None:
            raise GameStateError("call reset() before using the environment")
        return self.match


class _Opponents(Seats):
    """The other seats' agents, on the loop ``hokm.agents.play_match`` plays (``Seats``)."""

    def choose(self, match: MatchState, seat: int) -> Action:
        try:
            return super().choose(match, seat)
        except AgentFailedError as failed:  # the same failure, naming the agent as the env shows it
            raise AgentFailedError(str(failed), agent=repr(self.agents[seat]), seat=seat,
                                   reason=failed.reason) from failed


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="hokm.adapters.gymnasium:HokmEnv")
