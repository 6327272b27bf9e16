"""The arena: duplicate deals, reproducibility on any executor, statistics, failures, bad input, CLI."""

from __future__ import annotations

import gzip
import json
import math
import pickle
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hokm
from hokm import Action, PlayCard
from hokm._arena.stats import GameSummary, agent_stats, head_to_head, mean_interval, t_quantile, wilson
from hokm.agents import BaseAgent, HeuristicAgent, RandomAgent
from hokm.events import CardPlayed, CardsDealt
from hokm.observation import HandObservation, MatchObservation

# Agents for the tests (module level, so a process pool can make them) -------------------------


def _legal(observation: HandObservation | MatchObservation) -> tuple[Action, ...]:
    return observation.hand.legal_actions if isinstance(observation, MatchObservation) \
        else observation.legal_actions


class Illegal(BaseAgent):
    """Answers a card play that is not legal now (at the trump call, any card play)."""

    def act(self, observation: HandObservation | MatchObservation) -> Action:
        legal = _legal(observation)
        return next(PlayCard(card) for card in hokm.full_deck() if PlayCard(card) not in legal)


class Raises(BaseAgent):
    def act(self, observation: HandObservation | MatchObservation) -> Action:
        raise RuntimeError("boom")


class Garbage(BaseAgent):
    def act(self, observation: HandObservation | MatchObservation) -> Action:
        return "A♠"  # type: ignore[return-value]


class TimesOut(BaseAgent):
    def act(self, observation: HandObservation | MatchObservation) -> Action:
        raise hokm.AgentFailedError("no reply within 1 s", agent="slow", seat=0, reason="timeout")


class LateFailure(RandomAgent):
    """A random player that answers an illegal action at its 20th decision, once."""

    def __init__(self, *, seed: int | str | None = None) -> None:
        super().__init__(seed=seed)
        self.decisions = 0

    def act(self, observation: HandObservation | MatchObservation) -> Action:
        self.decisions += 1
        if self.decisions == 20:
            return Illegal().act(observation)
        return super().act(observation)


class Watcher(HeuristicAgent):
    """A heuristic player that writes down everything it is shown or told."""

    made: ClassVar[list[Watcher]] = []

    def __init__(self) -> None:
        super().__init__()
        self.seats: set[int] = set()
        self.calls: list[str] = []
        self.events: list[Any] = []
        self.closed = 0
        Watcher.made.append(self)

    def start_match(self, observation: MatchObservation) -> None:
        self.calls.append("start_match")
        self.seats.add(observation.seat)

    def start_hand(self, observation: HandObservation) -> None:
        self.calls.append("start_hand")
        self.seats.add(observation.seat)

    def observe(self, event: object) -> None:
        self.events.append(event)

    def act(self, observation: HandObservation | MatchObservation) -> Action:
        self.calls.append("act")
        self.seats.add(observation.seat)
        return super().act(observation)

    def close(self) -> None:
        self.closed += 1


def broken_factory() -> BaseAgent:
    raise OSError("no such model file")


class BadListener(RandomAgent):
    """A random player whose ``observe`` raises on the first card it sees played."""

    def observe(self, event: object) -> None:
        if isinstance(event, CardPlayed):
            raise KeyError("no such card in my table")


class Flaky:
    """A factory that works twice (the arena's check, then one seat) and then fails."""

    calls: ClassVar[int] = 0

    def __call__(self) -> BaseAgent:
        Flaky.calls += 1
        if Flaky.calls > 2:
            raise MemoryError("out of GPU memory")
        return RandomAgent(seed=Flaky.calls)


def read_records(directory: Path) -> list[dict[str, Any]]:
    records = []
    for path in sorted(directory.glob("arena-*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as file:
            records += [json.loads(line) for line in file]
    return records


# Duplicate deals and seating ----------------------------------------------------------------


def test_duplicate_deals_play_the_same_cards_with_the_teams_swapped(tmp_path: Path) -> None:
    result = hokm.arena(["heuristic", "random"], matches=3, seed=4, records=tmp_path)
    records = read_records(tmp_path)
    assert result.played == len(records) == 6
    by_deal: dict[int, list[dict[str, Any]]] = {}
    for record in records:
        by_deal.setdefault(record["metadata"]["arena"]["deal"], []).append(record)
    assert sorted(by_deal) == [0, 1, 2]
    for pair in by_deal.values():
        first, second = sorted(pair, key=lambda r: r["metadata"]["arena"]["seating"])
        assert first["seed"] == second["seed"]
        assert first["hands"][0]["deck"] == second["hands"][0]["deck"]  # the same cards
        assert first["metadata"]["players"] == ["heuristic", "random"] * 2
        assert second["metadata"]["players"] == ["random", "heuristic"] * 2
    seeds = {record["seed"] for record in records}
    assert len(seeds) == 3  # a new deal for each pair
    for record in records:  # the records replay
        assert hokm.load_record(record).is_over


def test_without_duplicate_each_deal_is_played_once_the_seating_rotating(tmp_path: Path) -> None:
    result = hokm.arena(["heuristic", "random"], matches=4, duplicate=False, records=tmp_path)
    records = read_records(tmp_path)
    assert result.played == 4
    firsts = Counter(record["metadata"]["players"][0] for record in records)
    assert firsts == {"heuristic": 2, "random": 2}
    assert len({record["seed"] for record in records}) == 4


def test_three_player_table_rotates_each_agent_over_every_seat(tmp_path: Path) -> None:
    rules = hokm.Ruleset.compose("three-player")
    result = hokm.arena(["heuristic", "random", RandomAgent], rules, matches=1, records=tmp_path)
    assert result.played == 3
    seatings = [record["metadata"]["players"] for record in read_records(tmp_path)]
    for seat in range(3):
        assert {players[seat] for players in seatings} == {"heuristic", "random", "RandomAgent"}
    assert sum(stats.matches for stats in result.stats.values()) == 9


def test_round_robin_plays_every_two_agents_at_a_table_of_two_teams() -> None:
    result = hokm.arena(["heuristic", "random", RandomAgent], matches=2, seed=3)
    assert result.pairings == ((0, 1), (0, 2), (1, 2))
    assert result.played == 3 * 2 * 2
    assert all(stats.matches == 8 and stats.pairs == 4 for stats in result.stats.values())
    cell = result.head_to_head["heuristic"]["random"]
    mirror = result.head_to_head["random"]["heuristic"]
    assert cell.matches == 4 and (cell.wins, cell.losses) == (mirror.losses, mirror.wins)
    assert cell.margin_per_hand.value == pytest.approx(-mirror.margin_per_hand.value)


def test_each_agent_is_shown_only_its_seat_and_is_closed(tmp_path: Path) -> None:
    Watcher.made.clear()
    hokm.arena({"watcher": Watcher, "other": "random"}, matches=1, seed=2)
    # One probe when the arena starts, then one per seat of its team in each of the two matches.
    probe, *players = Watcher.made
    assert probe.calls == [] and probe.closed == 1
    assert len(players) == 4
    for agent in players:
        assert len(agent.seats) == 1 and agent.closed == 1
        assert agent.calls[:2] == ["start_match", "start_hand"] and "act" in agent.calls
        seat = next(iter(agent.seats))
        dealt = [event for event in agent.events if isinstance(event, CardsDealt)]
        assert dealt and all(event.seat == seat for event in dealt)
    # Team 0's seats in the first match, team 1's in the swapped one.
    assert sorted(next(iter(agent.seats)) for agent in players) == [0, 1, 2, 3]


@settings(max_examples=15)
@given(variant=st.sampled_from([(), ("two-player",), ("three-player",), ("satat",), ("court-piece",)]),
       agents=st.integers(2, 4), matches=st.integers(1, 2), duplicate=st.booleans(), seed=st.integers(0, 99))
def test_every_table_counts_add_up(variant: tuple[str, ...], agents: int, matches: int, duplicate: bool,
                                   seed: int) -> None:
    rules = hokm.Ruleset.compose(*variant)
    teams = rules.layout.team_count
    agents = max(agents, teams)
    result = hokm.arena([RandomAgent] * agents, rules, matches=matches, duplicate=duplicate, seed=seed)
    assert len(result.pairings) == math.comb(agents, teams)
    assert result.played == len(result.pairings) * matches * (teams if duplicate else 1)
    assert sum(stats.wins for stats in result.stats.values()) <= result.played
    for stats in result.stats.values():
        assert stats.matches == stats.wins + stats.draws + stats.losses
        assert stats.matches == stats.pairs * (teams if duplicate else 1)
        assert stats.hand_wins <= stats.hands and stats.kots <= stats.hand_wins
        assert not stats.failures
    for name, row in result.head_to_head.items():
        for other, cell in row.items():
            mirror = result.head_to_head[other][name]
            assert (cell.wins, cell.pair_wins, cell.matches) == (mirror.losses, mirror.pair_losses,
                                                                 mirror.matches)


# Reproducibility ------------------------------------------------------------------------------


def test_the_same_seed_gives_the_same_result_and_another_seed_another() -> None:
    first = hokm.arena([RandomAgent, "random"], matches=6, seed="s")
    again = hokm.arena([RandomAgent, "random"], matches=6, seed="s")
    other = hokm.arena([RandomAgent, "random"], matches=6, seed="t")
    assert first == again
    assert first.to_dict() | {"seconds": 0} == again.to_dict() | {"seconds": 0}
    assert first != other


def test_a_process_pool_and_a_thread_pool_give_the_serial_result(tmp_path: Path) -> None:
    agents: list[str | Callable[[], Any]] = ["heuristic", RandomAgent, "random"]
    serial = hokm.arena(agents, matches=5, seed=11, records=tmp_path / "serial")
    with ProcessPoolExecutor(2) as pool:
        parallel = hokm.arena(agents, matches=5, seed=11, executor=pool, records=tmp_path / "pool")
    with ThreadPoolExecutor(3) as threads:
        threaded = hokm.arena(agents, matches=5, seed=11, executor=threads)
    assert serial == parallel == threaded
    for path in (tmp_path / "serial").iterdir():
        assert path.read_bytes() == (tmp_path / "pool" / path.name).read_bytes()


def test_progress_is_reported_after_each_unit() -> None:
    seen: list[tuple[int, int]] = []
    hokm.arena(["random", RandomAgent], matches=9, progress=lambda done, total: seen.append((done, total)))
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert seen[-1] == (18, 18) and len(seen) == 3  # 9 deals in units of 4: 4, 4 and 1


# Statistics -----------------------------------------------------------------------------------


def test_wilson_interval_on_hand_computed_examples() -> None:
    # p = 0.8, n = 10, z = 1.96: centre (0.8 + 0.192) / 1.384, half 1.96 / 1.384 * sqrt(0.016 + 0.0096)
    est = wilson(8, 10)
    assert est.value == 0.8 and est.n == 10
    assert est.low == pytest.approx(0.4902, abs=1e-4)
    assert est.high == pytest.approx(0.9433, abs=1e-4)
    assert wilson(10, 10).low == pytest.approx(0.7225, abs=1e-4)
    assert wilson(10, 10).high == 1.0
    assert math.isnan(wilson(0, 0).value)


def test_mean_interval_on_hand_computed_examples() -> None:
    # mean 5, sample sd sqrt(20/3), t(3) = 3.182446: half = 3.182446 * sqrt(20/3 / 4) = 4.1085
    est = mean_interval([2.0, 4.0, 6.0, 8.0])
    assert est.value == 5.0
    assert est.low == pytest.approx(0.8915, abs=1e-4)
    assert est.high == pytest.approx(9.1085, abs=1e-4)
    assert math.isnan(mean_interval([3.0]).low) and mean_interval([3.0]).value == 3.0
    assert mean_interval([3.0]) == mean_interval([3.0 + 0.0]) != mean_interval([4.0])
    assert pickle.loads(pickle.dumps(mean_interval([]))) == mean_interval([])  # nan: missing, equal
    assert t_quantile(31) == pytest.approx(2.0395, abs=1e-4)
    assert t_quantile(100) == pytest.approx(1.9840, abs=1e-4)


def game(deal: int, seating: int, lineup: tuple[int, int], winner: int | None, hands: int,
         points: tuple[int, int], kots: tuple[int, int] = (0, 0)) -> GameSummary:
    return GameSummary(pairing=0, deal=deal, seating=seating, lineup=lineup, winner=winner, hands=hands,
                       hand_wins=points, points=points, kots=kots)


def test_agent_figures_on_a_hand_computed_arena() -> None:
    # Two deals, each in both seatings. Agent 0 ("a") wins three matches of four.
    games = [
        game(0, 0, (0, 1), 0, 10, (7, 3), (1, 0)),
        game(0, 1, (1, 0), 1, 10, (2, 7)),       # a is team 1 here
        game(1, 0, (0, 1), 1, 8, (1, 7)),
        game(1, 1, (1, 0), 1, 12, (5, 7)),
    ]
    a, b = agent_stats(["a", "b"], games)
    assert (a.matches, a.wins, a.losses, a.draws) == (4, 3, 1, 0)
    assert (b.wins, b.losses) == (1, 3)
    assert (a.pairs, a.pair_wins, a.pair_draws) == (2, 1, 1)  # deal 0: 2-0, deal 1: 1-1
    assert (a.hands, a.hand_wins, a.kots) == (40, 7 + 7 + 1 + 7, 1)
    # Per pair: deal 0, a scored 7 + 7 in 20 hands; deal 1, 1 + 7 in 20 hands.
    assert a.points_per_hand.value == pytest.approx((14 / 20 + 8 / 20) / 2)
    assert a.points_per_hand.n == 2
    # Margins per pair: (14 - 5) / 20 and (8 - 12) / 20; b's are their negatives.
    assert a.margin_per_hand.value == pytest.approx((9 / 20 - 4 / 20) / 2)
    assert b.margin_per_hand.value == pytest.approx(-a.margin_per_hand.value)
    assert a.win_rate == wilson(3, 4)
    cell = head_to_head(["a", "b"], games)["a"]["b"]
    assert (cell.matches, cell.wins, cell.losses, cell.pairs, cell.pair_wins, cell.pair_losses) == \
        (4, 3, 1, 2, 1, 0)
    assert cell.margin_per_hand.value == pytest.approx(a.margin_per_hand.value)


@given(st.integers(0, 500), st.integers(1, 500))
def test_wilson_interval_holds_the_rate_within_zero_and_one(successes: int, n: int) -> None:
    successes = min(successes, n)
    est = wilson(successes, n)
    assert 0.0 <= est.low <= est.value <= est.high <= 1.0


@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 12), st.integers(0, 12),
                          st.sampled_from([None, 0, 1])), min_size=1, max_size=12))
def test_two_agents_figures_mirror_each_other(rows: list[tuple[int, int, int, int | None]]) -> None:
    games = [game(deal, seating, (0, 1) if seating == 0 else (1, 0), winner, max(1, p0 + p1), (p0, p1))
             for deal, (seating, p0, p1, winner) in enumerate(rows)]
    a, b = agent_stats(["a", "b"], games)
    assert a.matches == b.matches == len(games)
    assert a.wins == b.losses and a.draws == b.draws
    assert a.pair_wins + b.pair_wins + a.pair_draws == a.pairs
    assert a.margin_per_hand.value == pytest.approx(-b.margin_per_hand.value)
    est = a.points_per_hand
    assert math.isnan(est.low) or est.low <= est.value <= est.high


# Failures -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("bad", "reason", "text"), [
    (Illegal, "illegal", "not legal"),
    (Raises, "error", "RuntimeError: boom"),
    (Garbage, "malformed", "'A♠'"),
    (TimesOut, "timeout", "no reply within 1 s"),
])
def test_a_failed_decision_forfeits_the_match_and_the_arena_goes_on(bad: type, reason: str,
                                                                     text: str) -> None:
    result = hokm.arena({"bad": bad, "heuristic": "heuristic"}, matches=3, seed=1)
    assert result.played == 6
    bad_stats, good = result.stats["bad"], result.stats["heuristic"]
    assert bad_stats.forfeits == bad_stats.failures == 6 and bad_stats.wins == 0
    assert good.wins == 6 and good.forfeits == 0
    assert len(result.forfeits) == 6
    for failure in result.failures:
        assert (failure.agent, failure.reason, failure.forfeit) == ("bad", reason, True)
        assert text in failure.message
        assert result.pairings[failure.pairing] == (0, 1)
    assert "6 forfeits" in str(result)


def test_on_failure_random_plays_a_random_action_in_place_and_the_match_goes_on(tmp_path: Path) -> None:
    result = hokm.arena({"late": LateFailure, "random": "random"}, matches=2, seed=5,
                        on_failure="random", records=tmp_path)
    late = result.stats["late"]
    assert late.failures == 8 and late.forfeits == 0  # one per seat it plays: two in each of 4 matches
    assert all(f.reason == "illegal" and not f.forfeit and f.hand >= 1 for f in result.failures)
    assert late.wins + result.stats["random"].wins == result.played == 4
    assert all(hokm.load_record(record).is_over for record in read_records(tmp_path))


def test_forfeit_records_name_the_agent_and_reason(tmp_path: Path) -> None:
    hokm.arena({"bad": Raises, "random": "random"}, matches=1, records=tmp_path)
    records = read_records(tmp_path)
    assert len(records) == 2
    for record in records:
        forfeit = record["metadata"]["arena"]["forfeit"]
        assert forfeit["agent"] == "bad" and forfeit["reason"] == "error"
        assert not hokm.load_record(record).is_over  # stopped where it was forfeited


def test_at_a_table_of_three_a_forfeit_is_a_loss_and_nobody_wins_the_match() -> None:
    rules = hokm.Ruleset.compose("three-player")
    result = hokm.arena({"bad": Raises, "a": "heuristic", "b": "random"}, rules, matches=1)
    assert result.played == 3 and len(result.forfeits) == 3
    assert result.stats["bad"].losses == 3 and result.stats["bad"].wins == 0
    assert result.stats["a"].draws == result.stats["b"].draws == 3
    assert result.head_to_head["a"]["b"].wins == result.head_to_head["a"]["b"].losses == 0


def test_a_hook_that_raises_is_a_failure_too() -> None:
    forfeit = hokm.arena({"deaf": BadListener, "random": "random"}, matches=1, seed=3)
    assert forfeit.stats["deaf"].forfeits == 2 and forfeit.stats["random"].wins == 2
    reasons = {(f.reason, f.message) for f in forfeit.failures}
    assert reasons == {("error", "KeyError: 'no such card in my table'")}
    going_on = hokm.arena({"deaf": BadListener, "random": "random"}, matches=1, seed=3, on_failure="random")
    assert going_on.stats["deaf"].forfeits == 0 and going_on.stats["deaf"].failures > 2  # every card
    assert going_on.stats["deaf"].wins + going_on.stats["random"].wins == 2


def test_an_agent_that_cannot_be_made_for_a_match_forfeits_it_whatever_on_failure_says() -> None:
    Flaky.calls = 0
    result = hokm.arena({"flaky": Flaky(), "random": "random"}, matches=1, on_failure="random")
    assert result.played == 2 and result.stats["flaky"].forfeits == 2
    assert all(f.forfeit and f.hand == 0 and "MemoryError: out of GPU memory" in f.message
               for f in result.failures)


# Bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("agents", "kwargs", "error", "text"), [
    ([], {}, hokm.InvalidArgumentError, "at least 2 agents"),
    (["heuristic"], {}, hokm.InvalidArgumentError, "at least 2 agents"),
    ("heuristic", {}, hokm.ArgumentTypeError, "['heuristic', ...]"),
    ([42, "random"], {}, hokm.ArgumentTypeError, "agents[0]"),
    ([HeuristicAgent(), "random"], {}, hokm.ArgumentTypeError, "pass its class"),
    (["", "random"], {}, hokm.InvalidArgumentError, "empty agent spec"),
    ({1: "random", "b": "random"}, {}, hokm.ArgumentTypeError, "str names"),
    (["heuristic", "random"], {"matches": 0}, hokm.InvalidArgumentError, "matches"),
    (["heuristic", "random"], {"matches": -3}, hokm.InvalidArgumentError, "matches"),
    (["heuristic", "random"], {"matches": "10"}, hokm.ArgumentTypeError, "matches"),
    (["heuristic", "random"], {"ruleset": "satat"}, hokm.ArgumentTypeError, "Ruleset.compose('satat')"),
    (["heuristic", "random"], {"on_failure": "retry"}, hokm.InvalidArgumentError, "'forfeit' or 'random'"),
    (["heuristic", "random"], {"duplicate": "yes"}, hokm.ArgumentTypeError, "duplicate"),
    (["heuristic", "random"], {"seed": 1.5}, hokm.ArgumentTypeError, "seed"),
    (["heuristic", "random"], {"executor": object()}, hokm.ArgumentTypeError, "executor"),
    (["heuristic", "random"], {"progress": 3}, hokm.ArgumentTypeError, "progress"),
    (["heuristic", "nobody"], {}, hokm.UnknownAgentError, "no agent named 'nobody'"),
    (["heuristic", broken_factory], {}, hokm.AgentLoadError, "OSError: no such model file"),
    (["heuristic", dict], {}, hokm.AgentLoadError, "no act(observation)"),
])
def test_bad_input_is_refused_clearly(agents: Any, kwargs: dict[str, Any], error: type[Exception],
                                      text: str) -> None:
    with pytest.raises(error) as raised:
        hokm.arena(agents, **kwargs)
    assert text in str(raised.value)


def test_too_few_agents_for_the_table_and_a_bad_records_path(tmp_path: Path) -> None:
    with pytest.raises(hokm.InvalidArgumentError, match="3 teams"):
        hokm.arena(["heuristic", "random"], hokm.Ruleset.compose("three-player"))
    (tmp_path / "file").write_text("")
    with pytest.raises(hokm.InvalidArgumentError, match="cannot create the directory"):
        hokm.arena(["heuristic", "random"], records=tmp_path / "file" / "sub")


def test_a_factory_a_process_pool_cannot_send_is_refused_before_any_match() -> None:
    with ProcessPoolExecutor(1) as pool, pytest.raises(hokm.ArgumentTypeError, match="module level"):
        hokm.arena([lambda: RandomAgent(seed=1), "random"], executor=pool)


def test_import_hokm_does_not_load_the_arena() -> None:
    import subprocess
    import sys

    code = ("import sys, hokm; print(sorted(m for m in sys.modules if 'arena' in m or m == 'hokm.agents'));"
            "hokm.arena; print('hokm._arena' in sys.modules, 'hokm.agents' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[:2] == ["[]", "True False"]


# The result ----------------------------------------------------------------------------------


def test_result_as_json_and_as_a_table() -> None:
    result = hokm.arena(["heuristic", "random"], matches=2, seed=0)
    data = json.loads(result.to_json())
    assert data["agents"] == ["heuristic", "random"] and data["played"] == 4
    assert set(data["stats"]["heuristic"]["win_rate"]) == {"value", "low", "high", "n"}
    assert data["head_to_head"]["heuristic"]["random"]["matches"] == 4
    text = str(result)
    assert "heuristic" in text and "head to head" in text and "win rate [95%]" in text
