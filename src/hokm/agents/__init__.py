"""Agents: the bot interface, baseline bots, and sampling of the hidden hands.

A bot is an ``Agent``: shown its seat's observation (never the state), it
answers with one of the observation's legal actions, for every decision of
every ruleset. ``get_agent`` makes one by name, from the ``hokm.agents``
entry-point group, where the bundled ``random``, ``heuristic`` and ``pimc`` agents live
and third-party bots plug in the same way. ``sample_deals`` draws complete
deals uniformly among those the observation cannot tell apart: the
determinization a search bot starts from. ``CommandAgent`` plays a program in
any language that speaks the ``hokm-bot/1`` stdio protocol, and ``serve_stdio``
runs any agent as such a program. ``play_match`` plays a match with an agent at
every seat.

This package is not imported by ``import hokm``; import it as ``hokm.agents``.

>>> import random, hokm
>>> from hokm.agents import get_agent, sample_deals
>>> match = hokm.Ruleset.compose().new_match(seed=5)
>>> bots = [get_agent("heuristic"), get_agent("random", seed=1)] * 2
>>> for _ in range(20):
...     match = match.apply(bots[match.to_act].act(match.observation(match.to_act)))
>>> view = match.observation(match.to_act).hand
>>> deal = sample_deals(view, 1, rng=random.Random(0))[0]
>>> deal[view.seat] == view.hand, sum(map(len, deal)) == sum(view.hand_sizes)
(True, True)
"""

from __future__ import annotations

from hokm.agents._command import CommandAgent
from hokm.agents._heuristic import HeuristicAgent
from hokm.agents._pimc import PimcAgent
from hokm.agents._play import play_match
from hokm.agents._protocol import Agent, BaseAgent, Observation, hand_observation
from hokm.agents._random import RandomAgent
from hokm.agents._registry import (
    COMMAND_PREFIX,
    ENTRY_POINT_GROUP,
    agent_from_spec,
    available_agents,
    get_agent,
)
from hokm.agents._sampling import Deal, count_deals, sample_deals
from hokm.agents._serve import serve_stdio

__all__ = [
    "COMMAND_PREFIX",
    "ENTRY_POINT_GROUP",
    "Agent",
    "BaseAgent",
    "CommandAgent",
    "Deal",
    "HeuristicAgent",
    "Observation",
    "PimcAgent",
    "RandomAgent",
    "agent_from_spec",
    "available_agents",
    "count_deals",
    "get_agent",
    "hand_observation",
    "play_match",
    "sample_deals",
    "serve_stdio",
]
