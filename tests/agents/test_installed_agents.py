"""Third-party bots plug in through the ``hokm.agents`` entry-point group, as installed distributions.

Each test writes throwaway distributions the way an installer leaves them (a ``*.dist-info`` folder
with ``METADATA`` and ``entry_points.txt`` next to the module) and runs Python in a subprocess with
that folder on ``sys.path``, so discovery sees exactly what it would after ``pip install``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

BOT = '''\
"""A third-party bot: always the last legal action."""
from hokm.agents import BaseAgent, hand_observation


class LastLegal(BaseAgent):
    def __init__(self, *, greeting="hi"):
        self.greeting = greeting

    def act(self, observation):
        return hand_observation(observation).legal_actions[-1]


def not_an_agent():
    return 42


def exploding():
    raise RuntimeError("no GPU found")
'''


def distribution(root: Path, name: str, entry_points: dict[str, str], modules: dict[str, str]) -> None:
    info = root / f"{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n", encoding="utf-8")
    lines = "".join(f"{key} = {value}\n" for key, value in entry_points.items())
    (info / "entry_points.txt").write_text(f"[hokm.agents]\n{lines}", encoding="utf-8")
    for module, source in modules.items():
        (root / f"{module}.py").write_text(source, encoding="utf-8")


def run_code(root: Path, code: str) -> Any:
    path = os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")]))
    source = textwrap.dedent(code) + "\nimport json; print(json.dumps(result))"
    done = subprocess.run([sys.executable, "-c", source], env={**os.environ, "PYTHONPATH": path},
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


@pytest.fixture
def installed(tmp_path: Path) -> Path:
    distribution(tmp_path, "hokm-bots", {
        "last-legal": "hokm_bots:LastLegal",
        "not-an-agent": "hokm_bots:not_an_agent",
        "exploding": "hokm_bots:exploding",
        "broken": "hokm_missing_module:Bot",
    }, {"hokm_bots": BOT})
    return tmp_path


def test_a_third_party_bot_is_listed_made_and_plays(installed: Path) -> None:
    result = run_code(installed, """
        import hokm
        from hokm.agents import available_agents, get_agent
        from hokm.agents import play_match
        bot = get_agent("last-legal", greeting="salaam")
        match = play_match(hokm.Ruleset.compose(), [bot, get_agent("random", seed=1)] * 2, seed=4)
        result = {"listed": available_agents()["last-legal"], "greeting": bot.greeting,
                  "over": match.is_over}
    """)
    assert result == {"listed": "hokm_bots:LastLegal", "greeting": "salaam", "over": True}


def test_broken_bots_are_reported_by_name(installed: Path) -> None:
    result = run_code(installed, """
        import hokm
        from hokm.agents import get_agent
        result = {}
        for name in ("not-an-agent", "exploding", "broken"):
            try:
                get_agent(name)
            except hokm.AgentLoadError as error:
                result[name] = [str(error), error.agent, error.entry_point,
                                type(error.__cause__).__name__ if error.__cause__ else None]
    """)
    assert result == {
        "not-an-agent": ["agent 'not-an-agent' (hokm_bots:not_an_agent) gave 42 (an int), which has no "
                         "act(observation) method", "not-an-agent", "hokm_bots:not_an_agent", None],
        "exploding": ["agent 'exploding' (hokm_bots:exploding) raised while being made: RuntimeError: no "
                      "GPU found", "exploding", "hokm_bots:exploding", "RuntimeError"],
        "broken": ["agent 'broken' cannot be loaded: entry point 'hokm_missing_module:Bot' raised "
                   "ModuleNotFoundError: No module named 'hokm_missing_module'", "broken",
                   "hokm_missing_module:Bot", "ModuleNotFoundError"],
    }


def test_a_name_two_distributions_register_is_refused(installed: Path) -> None:
    distribution(installed, "hokm-copycat", {"last-legal": "hokm_copycat:Bot"}, {"hokm_copycat": BOT})
    result = run_code(installed, """
        import hokm
        from hokm.agents import available_agents, get_agent
        try:
            get_agent("last-legal")
        except hokm.AgentLoadError as error:
            result = {"message": str(error), "listed": "last-legal" in available_agents()}
    """)
    assert result["message"].startswith("agent name 'last-legal' is registered by 2 installed distributions")
    assert result["listed"] is False
