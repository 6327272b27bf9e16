"""``hokm.adapters.pettingzoo``: PettingZoo's own conformance tests, rewards, rendering, errors."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

import hokm
from tests.adapters.support import ruleset
from tests.helpers import need

need("pettingzoo")
need("gymnasium")
np: Any = need("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from hokm.adapters.pettingzoo import env, raw_env  # noqa: E402

CONFORMANCE = ["standard", "satat", "double-sar+obligatory-trump", "two-player", "hidden-trump",
               "court-piece", "troefcall"]

pytestmark = pytest.mark.filterwarnings("ignore:Observation:UserWarning")


@pytest.mark.parametrize("name", CONFORMANCE)
def test_passes_the_api_test_and_the_seed_test(name: str) -> None:
    rules = ruleset(name)
    api_test(env(ruleset=rules, render_mode="ansi"), num_cycles=200, verbose_progress=False)
    seed_test(lambda: env(ruleset=rules), num_cycles=200)


def play(game: Any, seed: int) -> tuple[list[dict[str, float]], Any]:
    """Play a match with the first legal id; the rewards of every step, and the last observation."""
    game.reset(seed=seed)
    rewards = []
    for agent in game.agent_iter():
        observation, _, terminated, truncated, _ = game.last()
        action = None if terminated or truncated else int(np.flatnonzero(observation["action_mask"])[0])
        game.step(action)
        rewards.append(dict(game.rewards))
        del agent
    return rewards, game


def test_hand_rewards_are_each_hands_points_and_zero_sum() -> None:
    game = raw_env()
    rewards, _ = play(game, seed=5)
    nonzero = [step for step in rewards if any(step.values())]
    assert nonzero and all(sum(step.values()) == 0 for step in nonzero)
    assert all(step["player_0"] == step["player_2"] for step in nonzero)
    match = game.match
    assert match is not None and match.is_over
    total = sum(step["player_0"] for step in nonzero)
    assert total == match.scores[0] - match.scores[1]


def test_match_rewards_come_once_at_the_end() -> None:
    game = raw_env(reward="match")
    rewards, _ = play(game, seed=6)
    nonzero = [step for step in rewards if any(step.values())]
    assert len(nonzero) == 1
    assert game.match is not None
    winner = game.match.winner
    assert nonzero[0] == {f"player_{seat}": (1.0 if seat % 2 == winner else -1.0) for seat in range(4)}


def test_only_the_agent_to_act_has_a_mask_and_observations_are_in_their_space() -> None:
    game = raw_env(variants=["satat"])
    game.reset(seed=1)
    for agent in game.agents:
        observation = game.observe(agent)
        assert game.observation_space(agent).contains(observation)
        assert bool(observation["action_mask"].any()) == (agent == game.agent_selection)


def test_render_shows_a_table_and_the_same_seed_deals_the_same() -> None:
    first, second = raw_env(render_mode="ansi"), raw_env(render_mode="ansi")
    first.reset(seed=9)
    second.reset(seed=9)
    table = first.render()
    assert table is not None and table == second.render()
    assert table.splitlines()[0].startswith("standard | hand 1 | scores [0, 0]")
    assert "player_3" in table
    assert raw_env().render() is None


def test_bad_arguments_are_named() -> None:
    with pytest.raises(hokm.InvalidArgumentError, match="reward"):
        raw_env(reward="trick")
    with pytest.raises(hokm.InvalidArgumentError, match="render_mode"):
        raw_env(render_mode="rgb_array")
    with pytest.raises(hokm.UnknownVariantError):
        raw_env(variants=["no-such-variant"])
    with pytest.raises(hokm.InvalidArgumentError, match="reset"):
        raw_env().observe("player_0")


def test_an_illegal_id_ends_the_game_for_the_wrapped_env() -> None:
    game = env()
    game.reset(seed=2)
    agent = game.agent_selection
    mask = game.observe(agent)["action_mask"]
    game.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(game.terminations.values())
    assert game.rewards[agent] == -1


def test_without_pettingzoo_the_error_names_the_extra() -> None:
    code = ("import sys; sys.modules['pettingzoo'] = None\n"
            "import hokm\n"
            "try:\n"
            "    import hokm.adapters.pettingzoo\n"
            "except ImportError as error:\n"
            "    print(type(error).__name__, error.extra)\n"
            "    print(error)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    first, message = done.stdout.splitlines()
    assert first.split() == ["MissingExtraError", "pettingzoo"]
    assert message.endswith("pip install 'hokm[pettingzoo]'")
