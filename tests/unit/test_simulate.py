"""hokm.simulate and the hokm command."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

import pytest

import hokm
from hokm.cli import main, parse_options
from hokm.simulate import CHUNK_HANDS, DEFAULT_MAX_PENDING, MAX_HANDS, SimulationReport, _window


@pytest.mark.parametrize("matches", [False, True])
def test_simulate_counts_are_consistent(matches: bool) -> None:
    report = hokm.simulate(hands=300, seed=5, matches=matches)
    assert report.hands == 300 and sum(report.labels.values()) == 300
    assert report.kots == report.labels.get("kot", 0)
    assert report.hakem_kots == report.labels.get("hakem-kot", 0)
    assert 7 * 300 <= report.tricks <= 13 * 300
    assert 0.3 < report.hakem_win_rate < 0.7
    assert (report.matches >= 1) if matches else report.matches == 0
    assert report.hands_per_second > 0


def test_standalone_hands_are_the_batches_of_their_units() -> None:
    # Unit i of a run is Ruleset.playouts(CHUNK_HANDS, seed=f"{seed}/{i}"): the report sums them.
    report = hokm.simulate(hands=CHUNK_HANDS + 10, seed="s")
    rules = hokm.Ruleset.compose()
    first, second = rules.playouts(CHUNK_HANDS, seed="s/0"), rules.playouts(10, seed="s/1")
    assert report.points == sum(first.points) + sum(second.points)
    assert report.tricks == sum(first.tricks_played) + sum(second.tricks_played)
    teams = rules.layout.teams
    assert report.hakem_wins == sum(winner == teams[hakem] for batch in (first, second)
                                    for hakem, winner in zip(batch.hakem, batch.winner, strict=True))


def test_simulate_is_independent_of_the_executor() -> None:
    here = hokm.simulate(hands=600, seed="x")
    with ThreadPoolExecutor(2) as pool:
        pooled = hokm.simulate(hands=600, seed="x", executor=pool)
    assert pooled == here  # seconds are not compared


def test_simulate_reports_progress_and_validates() -> None:
    seen: list[tuple[int, int]] = []
    hokm.simulate(hands=600, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (600, 600) and len(seen) == 3
    with pytest.raises(ValueError, match="positive"):
        hokm.simulate(hands=0)
    with pytest.raises(ValueError, match="at most 1,000,000,000,000"):
        hokm.simulate(hands=MAX_HANDS + 1)
    with pytest.raises(ValueError, match="max_pending"), ThreadPoolExecutor(1) as pool:
        hokm.simulate(hands=10, executor=pool, max_pending=0)
    with pytest.raises(hokm.UnknownVariantError):
        hokm.simulate("nope", hands=10)


def test_play_all_option_changes_the_statistics() -> None:
    stop = hokm.simulate(hands=250, seed=2)
    full = hokm.simulate(hands=250, seed=2, options={"standard": {"play_all": True}})
    assert full.mean_tricks == 13 and stop.mean_tricks < 12


def test_parse_options() -> None:
    assert parse_options(["standard.target=10", "standard.play_all=true", "x.y=hello"]) == {
        "standard": {"target": 10, "play_all": True}, "x": {"y": "hello"}}
    with pytest.raises(Exception, match=r"VARIANT\.KEY=VALUE"):
        parse_options(["target=10"])


def test_cli_simulate_table_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "100", "--seed", "3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Hakem-team win rate" in out and "hands/s" in out
    assert main(["simulate", "--hands", "100", "--seed", "3", "--json", "--variant", "clockwise",
                 "--option", "standard.target=5"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"] == 100 and data["ruleset"] == "standard + clockwise"


def test_cli_errors_are_clear(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "10", "--variant", "nope"]) == 2
    assert "no variant named 'nope'" in capsys.readouterr().err
    assert main(["simulate", "--hands", "10", "--option", "standard.target=0"]) == 2
    assert "target" in capsys.readouterr().err


def test_cli_variants_lists_installed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    assert "clockwise" in capsys.readouterr().out
    assert main(["variants", "--json"]) == 0
    names = [row["name"] for row in json.loads(capsys.readouterr().out)]
    assert "clockwise" in names


def test_python_dash_m_and_jobs() -> None:
    done = subprocess.run([sys.executable, "-m", "hokm", "simulate", "--hands", "600", "--jobs", "2",
                           "--seed", "1", "--json", "--quiet"], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout)["hands"] == 600
    assert json.loads(done.stdout)["kots"] == hokm.simulate(hands=600, seed=1).kots


@pytest.mark.parametrize("name", sorted(hokm.available_variants()))
def test_simulate_runs_every_variant(name: str) -> None:
    report = hokm.simulate(name, hands=40, seed=2)
    assert report.hands == 40 and report.ruleset == f"standard + {name}"
    assert sum(report.labels.values()) == 40 and report.tricks >= 40


def test_cli_simulates_a_combination(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "60", "--seed", "4", "--json", "--quiet", "--variant", "satat",
                 "--variant", "obligatory-trump", "--variant", "double-sar",
                 "--option", "double-sar.blocked_pickups={2, 12}"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ruleset"] == "standard + satat + obligatory-trump + double-sar" and data["hands"] == 60


# Bounded submission, cancellation ------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _warm_tables() -> None:
    # hokm.state builds its bit tables on first use without a lock; two threads doing that first
    # use at once can see half-built tables (IndexError). Build them before any thread pool runs.
    hokm.simulate(hands=1, seed=0)



class RecordingExecutor(Executor):
    """Runs work on a thread pool and records how many futures were outstanding at most.

    It does not tell its size (no ``_max_workers``), like a Dask executor.
    """

    def __init__(self, workers: int = 2) -> None:
        self.pool = ThreadPoolExecutor(workers)
        self.lock = threading.Lock()
        self.outstanding = 0
        self.most = 0
        self.futures: list[Future[Any]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        with self.lock:
            # Counted from the futures' own state: a done-callback runs only after waiters have
            # been woken, so a counter it decrements can lag behind what the caller has seen.
            self.outstanding = 1 + sum(not future.done() for future in self.futures)
            self.most = max(self.most, self.outstanding)
            future = self.pool.submit(fn, *args, **kwargs)
            self.futures.append(future)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.pool.shutdown(wait=wait, cancel_futures=cancel_futures)


def test_work_is_submitted_in_a_bounded_window() -> None:
    hands = 20 * CHUNK_HANDS
    expected = hokm.simulate(hands=hands, seed="window")
    recorder = RecordingExecutor()
    with recorder:
        report = hokm.simulate(hands=hands, seed="window", executor=recorder, max_pending=3)
    assert report == expected  # the window changes nothing but the memory used
    assert len(recorder.futures) == 20
    assert recorder.most <= 3


def test_the_window_follows_the_pool_size() -> None:
    with ThreadPoolExecutor(3) as pool:
        assert _window(pool, None) == 12
        assert _window(pool, 5) == 5
    assert _window(RecordingExecutor(1), None) == DEFAULT_MAX_PENDING


def test_a_pool_never_holds_more_than_four_units_per_worker() -> None:
    class CountingPool(ThreadPoolExecutor):
        def __init__(self) -> None:
            super().__init__(2)
            self.recorder = RecordingExecutor(2)

        def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
            return self.recorder.submit(fn, *args, **kwargs)

    pool = CountingPool()
    with pool, pool.recorder:
        hokm.simulate(hands=16 * CHUNK_HANDS, seed=2, executor=pool)
    assert len(pool.recorder.futures) == 16
    assert pool.recorder.most <= 8


def test_an_interrupt_cancels_the_queued_work() -> None:
    recorder = RecordingExecutor(workers=1)

    def interrupt(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with recorder, pytest.raises(KeyboardInterrupt):
        hokm.simulate(hands=100 * CHUNK_HANDS, seed=1, executor=recorder, max_pending=6,
                      progress=interrupt)
    assert len(recorder.futures) == 6  # nothing was submitted after the interrupt
    cancelled = [future for future in recorder.futures if future.cancelled()]
    assert len(cancelled) >= 3  # one unit finished, at most two were running or done by then
    assert all(future.done() for future in recorder.futures)


def test_a_failing_unit_cancels_the_queued_work(monkeypatch: pytest.MonkeyPatch) -> None:
    module = sys.modules["hokm.simulate"]  # the attribute hokm.simulate is the function

    def failing(*args: Any) -> SimulationReport:
        raise RuntimeError("unit failed")

    monkeypatch.setattr(module, "run_batch", failing)
    recorder = RecordingExecutor(workers=1)
    with recorder, pytest.raises(RuntimeError, match="unit failed"):
        hokm.simulate(hands=50 * CHUNK_HANDS, seed=1, executor=recorder, max_pending=4)
    assert len(recorder.futures) == 4
    assert all(future.done() for future in recorder.futures)


# What the report records --------------------------------------------------------------------------


def test_the_report_records_its_options_normalized() -> None:
    report = hokm.simulate("double-sar", hands=20, seed=1, options={
        "double-sar": {"blocked_pickups": {12, 2}, "chain": "team"},
        "standard": {"packets": "5-4-4", "target": 5}})
    assert report.options == {"standard": {"packets": [5, 4, 4], "target": 5},
                              "double-sar": {"blocked_pickups": [2, 12], "chain": "team"}}
    data = json.loads(json.dumps(report.to_dict()))
    assert data["options"] == report.options
    assert "standard.packets=[5, 4, 4], standard.target=5, double-sar.blocked_pickups=[2, 12], " \
           "double-sar.chain=team" in report.table()
    assert hokm.simulate(hands=20, seed=1).options == {}
    assert "options" not in hokm.simulate(hands=20, seed=1).table()  # no row when none were given


def test_the_report_records_mean_points() -> None:
    report = hokm.simulate(hands=300, seed=4)
    assert report.mean_points == report.points / 300
    assert report.to_dict()["mean_points"] == report.mean_points
    assert f"mean points per hand  {report.mean_points:.3f}" in report.table()
    empty = SimulationReport(ruleset="standard", seed=1, hands=0, matches=0, hakem_wins=0, kots=0,
                             hakem_kots=0, tricks=0, points=0, labels={}, seconds=0.0)
    assert empty.mean_points == 0.0 and empty.options == {}


def test_option_values_become_plain_data() -> None:
    from hokm._ruleset.values import plain as _plain

    assert _plain({"a": (1, 2), "b": frozenset({3, 1}), "c": {"x", 2}, "d": float("inf"),
                   "e": hokm.Card.parse("2♦"), "f": None, "g": 1.5}) == {
        "a": [1, 2], "b": [1, 3], "c": [2, "x"], "d": "inf", "e": "2♦", "f": None, "g": 1.5}


class _ThrowIn(hokm.Action):
    """The Hakem throws the hand in (a redeal claim, as in the hooks reference)."""


class _AlwaysThrowIn(hokm.Variant):
    """Every first deal to a Hakem may be thrown in at the trump call; a redeal must be played."""

    @hokm.hookimpl
    def hokm_call_alternatives(self, hand: hokm.HandView) -> list[hokm.Action] | None:
        return [_ThrowIn()] if hand.redeals == 0 else None

    @hokm.hookimpl
    def hokm_decision_effect(self, action: hokm.Action) -> hokm.Effect | None:
        return hokm.Effect(annul=True) if isinstance(action, _ThrowIn) else None


def test_simulate_skips_annulled_hands() -> None:
    # An annulled hand has no result: it is not counted, and the previous result is not counted
    # again (the first hand of a run used to fail on the missing result).
    from hokm._seeding import rng_for

    hands = 40
    report = hokm.simulate(_AlwaysThrowIn(), hands=hands, seed=3, matches=True)
    assert report.hands == hands and sum(report.labels.values()) == hands
    rules = hokm.Ruleset.compose(_AlwaysThrowIn())
    rng = rng_for(3, "simulate-policy", 0)
    match, number, annulled = hokm.MatchState.start(rules, seed="3/0/0", deck=None), 0, 0
    results: list[hokm.HandResult] = []
    while len(results) < hands:
        match = match.playout_hand(rng)
        if match.last_hand is not None and match.last_hand.is_annulled:
            annulled += 1
            continue
        results.append(match.results[-1])
        if match.is_over:
            number += 1
            match = hokm.MatchState.start(rules, seed=f"3/0/{number}", deck=None)
    assert annulled > 0
    assert report.points == sum(result.points for result in results)
    assert report.tricks == sum(result.tricks_played for result in results)
    # Standalone hands in batches: the annulled ones are made up by further batches.
    report = hokm.simulate(_AlwaysThrowIn(), hands=hands, seed=3)
    assert report.hands == hands and sum(report.labels.values()) == hands
    played = points = batches = 0
    while played < hands:
        batch = rules.playouts(hands - played, seed="3/0" + (f"/{batches}" if batches else ""))
        played += sum(winner >= 0 for winner in batch.winner)
        points += sum(batch.points)
        batches += 1
    assert batches > 1  # (some were annulled: further batches made them up)
    assert report.points == points
