"""``hokm.adapters.gymnasium``: Gymnasium's env checker, masks, rewards, opponents, errors."""

from __future__ import annotations

import subprocess
import sys
import warnings
from typing import Any

import pytest

import hokm
from hokm.agents import RandomAgent
from tests.adapters.support import VARIANT_SETS
from tests.helpers import need

gymnasium: Any = need("gymnasium")
np: Any = need("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from hokm.adapters.gymnasium import ENV_ID, HokmEnv  # noqa: E402

CHECKED = ["standard", "satat", "double-sar+obligatory-trump", "two-player", "hidden-trump", "court-piece",
           "three-player", "troefcall"]


def make(name: str, **kwargs: Any) -> Any:
    variants, options = VARIANT_SETS[name]
    return gymnasium.make(ENV_ID, variants=list(variants), options=options, **kwargs)


@pytest.mark.parametrize("name", CHECKED)
def test_passes_the_env_checker_without_warnings(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(make(name, render_mode="ansi").unwrapped)


def test_a_team_learner_passes_too_and_acts_for_both_seats() -> None:
    check_env(make("standard", seats=(1, 3)).unwrapped)
    game = make("standard", seats=(1, 3)).unwrapped
    _, info = game.reset(seed=4)
    seen = set()
    for _ in range(40):
        seen.add(info["seat"])
        assert game.match.to_act == info["seat"]
        _, _, done, _, info = game.step(int(np.flatnonzero(game.action_masks())[0]))
        if done:
            break
    assert seen == {1, 3}


def run(game: Any, seed: int) -> tuple[list[float], Any]:
    _, info = game.reset(seed=seed)
    rewards = []
    while True:
        mask = game.action_masks()
        assert (mask == info["action_mask"]).all() and mask.dtype == bool and mask.any()
        _, reward, terminated, truncated, info = game.step(int(np.flatnonzero(mask)[-1]))
        rewards.append(reward)
        assert not truncated
        if terminated:
            return rewards, game


def test_hand_rewards_add_up_to_the_score_difference() -> None:
    rewards, game = run(make("standard").unwrapped, seed=11)
    match = game.match
    assert match.is_over and sum(rewards) == match.scores[0] - match.scores[1]


def test_match_reward_is_the_result_only() -> None:
    rewards, game = run(make("standard", reward="match", seats=1).unwrapped, seed=12)
    assert rewards[:-1] == [0.0] * (len(rewards) - 1)
    assert rewards[-1] == (1.0 if game.match.winner == 1 else -1.0)


def test_an_illegal_id_changes_nothing_and_costs_the_penalty() -> None:
    game = make("standard", illegal_reward=-0.5).unwrapped
    observation, _ = game.reset(seed=3)
    before = game.match
    illegal = int(np.flatnonzero(~game.action_masks())[0])
    again, reward, terminated, _, info = game.step(illegal)
    assert game.match is before and (again == observation).all()
    assert reward == -0.5 and not terminated and info["illegal_action"]


def test_the_same_seed_replays_the_same_match_with_seeded_opponents() -> None:
    def episode() -> list[float]:
        opponents = {seat: RandomAgent(seed=seat) for seat in (1, 2, 3)}
        game = HokmEnv(opponents=opponents)
        return run(game, seed=21)[0]

    assert episode() == episode()


def test_bad_arguments_are_named() -> None:
    with pytest.raises(hokm.InvalidArgumentError, match="different teams"):
        HokmEnv(seats=(0, 1))
    with pytest.raises(hokm.InvalidArgumentError, match="seats"):
        HokmEnv(seats=4)
    with pytest.raises(hokm.ArgumentTypeError, match="seats"):
        HokmEnv(seats="0")  # type: ignore[arg-type]
    with pytest.raises(hokm.InvalidArgumentError, match="opponents"):
        HokmEnv(opponents=[RandomAgent()])
    with pytest.raises(hokm.ArgumentTypeError, match="act"):
        HokmEnv(opponents={1: object(), 2: RandomAgent(), 3: RandomAgent()})
    with pytest.raises(hokm.InvalidArgumentError, match="reward"):
        HokmEnv(reward="trick")
    with pytest.raises(hokm.GameStateError, match="reset"):
        HokmEnv().step(0)


def test_an_opponent_that_breaks_the_rules_is_reported() -> None:
    class Cheat:
        def act(self, observation: object) -> hokm.Action:
            return hokm.PlayOn(True)

    game = HokmEnv(seats=3, opponents=[Cheat(), Cheat(), Cheat()])
    with pytest.raises(hokm.AgentFailedError, match="illegal") as caught:
        game.reset(seed=1)
        for _ in range(3):  # the learner may call and lead before the others' first turn
            game.step(int(np.flatnonzero(game.action_masks())[0]))
    assert caught.value.reason == "illegal" and caught.value.seat in (0, 1, 2)


def test_without_gymnasium_the_error_names_the_extra() -> None:
    code = ("import sys; sys.modules['gymnasium'] = None\n"
            "try:\n"
            "    import hokm.adapters.gymnasium\n"
            "except ImportError as error:\n"
            "    print(type(error).__name__, error.extra)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["MissingExtraError", "gymnasium"]
