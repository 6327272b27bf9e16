"""``hokm.agents.play_match``: the public driver the arena and the Gymnasium env share (#32)."""

from __future__ import annotations

from typing import Any

import pytest

import hokm
from hokm import events
from hokm.agents import BaseAgent, RandomAgent, get_agent, hand_observation, play_match

SHORT = {"standard": {"target": 2}}


class Recorder(BaseAgent):
    """Plays the first legal action and keeps everything it is told."""

    def __init__(self) -> None:
        self.told: list[tuple[str, Any]] = []

    def start_match(self, observation: hokm.MatchObservation) -> None:
        self.told.append(("match", observation))

    def start_hand(self, observation: hokm.HandObservation) -> None:
        self.told.append(("hand", observation))

    def observe(self, event: object) -> None:
        self.told.append(("event", event))

    def act(self, observation: hokm.HandObservation | hokm.MatchObservation) -> hokm.Action:
        self.told.append(("act", observation))
        return hand_observation(observation).legal_actions[0]


def test_a_match_is_played_to_its_end_and_the_seed_decides_it() -> None:
    rules = hokm.Ruleset.compose(options=SHORT)
    agents = [get_agent("heuristic"), RandomAgent(seed=1), get_agent("heuristic"), RandomAgent(seed=2)]
    match = play_match(rules, agents, seed=5)
    assert match.is_over and match.winner in (0, 1)
    again = play_match(rules, [get_agent("heuristic"), RandomAgent(seed=1), get_agent("heuristic"),
                               RandomAgent(seed=2)], seed=5)
    assert again.to_record() == match.to_record()


def test_every_agent_is_told_its_own_share_and_nothing_else() -> None:
    rules = hokm.Ruleset.compose(options=SHORT)
    seated = [Recorder() for _ in range(4)]
    match = play_match(rules, seated, seed=3)
    for seat, agent in enumerate(seated):
        kinds = [kind for kind, _ in agent.told]
        assert kinds[:2] == ["match", "hand"]
        assert kinds.count("hand") == match.hand_number  # once a hand dealt
        told = [value for kind, value in agent.told if kind == "event"]
        assert tuple(told) == events.for_seat(events.history(match), seat)  # exactly its share, in order
        assert all(value.seat == seat for kind, value in agent.told if kind in ("match", "hand", "act"))


def test_one_agent_may_sit_at_every_seat() -> None:
    match = play_match(hokm.Ruleset.compose("two-player", options=SHORT), [RandomAgent(seed=4)] * 2, seed=1)
    assert match.is_over


class Cheat:
    def __init__(self, answer: object) -> None:
        self.answer = answer

    def act(self, observation: object) -> object:
        return self.answer


@pytest.mark.parametrize(("answer", "reason", "fragment"), [
    ("A♠", "malformed", "the agent of seat 0 returned 'A♠' (a str), not an hokm.Action"),
    (hokm.PlayOn(True), "illegal", "the agent of seat 0 chose an illegal action, play on (legal: call ♠, "),
])
def test_an_agent_that_breaks_the_rules_fails_by_name(answer: object, reason: str, fragment: str) -> None:
    rules = hokm.Ruleset.compose(options={"standard": {"first_hakem": 0}})
    with pytest.raises(hokm.AgentFailedError) as caught:
        play_match(rules, [Cheat(answer), *[RandomAgent(seed=1)] * 3], seed=1)  # type: ignore[list-item]
    assert caught.value.reason == reason and caught.value.seat == 0
    assert fragment in str(caught.value)


@pytest.mark.parametrize(("ruleset", "agents", "seed", "error", "fragment"), [
    ("standard", [RandomAgent()] * 4, 1, hokm.ArgumentTypeError, "ruleset must be a Ruleset"),
    (None, RandomAgent(), 1, hokm.ArgumentTypeError, "agents must be a list of agents"),
    (None, "random", 1, hokm.ArgumentTypeError, "got 'random' (a str)"),
    (None, [RandomAgent()] * 3 + [object()], 1, hokm.ArgumentTypeError, "agents[3] has no act() method"),
    (None, [RandomAgent()] * 3, 1, hokm.InvalidArgumentError, "one agent a seat: 4 for standard, got 3"),
    (None, [RandomAgent()] * 4, 1.5, hokm.ArgumentTypeError, "a seed must be an int or a str"),
    (None, [RandomAgent()] * 4, None, hokm.ArgumentTypeError, "a seed must be an int or a str"),
])
def test_play_match_refuses_bad_arguments(ruleset: Any, agents: Any, seed: Any, error: type[Exception],
                                          fragment: str) -> None:
    with pytest.raises(error) as caught:
        play_match(hokm.Ruleset.compose() if ruleset is None else ruleset, agents, seed=seed)
    assert type(caught.value) is error and fragment in str(caught.value)


def test_the_gymnasium_opponents_are_told_the_events_as_in_play_match() -> None:
    pytest.importorskip("gymnasium")
    from hokm.adapters.gymnasium import HokmEnv

    watcher = Recorder()
    game = HokmEnv(seats=0, opponents={1: watcher, 2: RandomAgent(seed=1), 3: RandomAgent(seed=2)},
                   options=SHORT)
    game.reset(seed=2)
    done = False
    while not done:
        legal = [index for index, ok in enumerate(game.action_masks()) if ok]
        _, _, done, _, _ = game.step(legal[0])
    match = game.match
    assert match is not None and match.is_over
    told = [value for kind, value in watcher.told if kind == "event"]
    assert tuple(told) == events.for_seat(events.history(match), 1)
