"""hokm.simulate and the hokm command."""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

import hokm
from hokm.cli import main, parse_options


def test_simulate_counts_are_consistent() -> None:
    report = hokm.simulate(hands=300, seed=5)
    assert report.hands == 300 and sum(report.labels.values()) == 300
    assert report.kots == report.labels.get("kot", 0)
    assert report.hakem_kots == report.labels.get("hakem-kot", 0)
    assert 7 * 300 <= report.tricks <= 13 * 300
    assert 0.3 < report.hakem_win_rate < 0.7
    assert report.matches >= 1
    assert report.hands_per_second > 0


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
