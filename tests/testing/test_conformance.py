"""``check_variant``: every installed variant passes; reports, seeds, partners, progress, arguments."""

from __future__ import annotations

import importlib.metadata
import warnings
from pathlib import Path

import pytest
from tests.testing.broken import Harmless, HatesClockwise, Moody, NoPoints

import hokm
from hokm.testing import BUNDLED_VARIANTS, CheckReport, InvariantViolation, check_variant
from hokm.testing.conformance import compose_quietly


@pytest.mark.parametrize("name", sorted(hokm.available_variants()))
def test_every_installed_variant_conforms(name: str) -> None:
    # One match under the variant alone and one with each compatible bundled variant.
    report = check_variant(name, matches=1)
    assert report.variant == name
    assert report.rulesets[0] == f"standard + {name}"
    combined = {r.split(" + ")[1] for r in report.rulesets[1:]}
    assert combined | set(report.skipped) == set(BUNDLED_VARIANTS) - {name}
    assert report.matches == len(report.rulesets)
    assert report.hands >= report.matches and report.actions > report.hands


def test_report_and_progress() -> None:
    calls: list[tuple[int, int]] = []
    report = check_variant("clockwise", matches=2, partners=False,
                           progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 2), (2, 2)]
    assert isinstance(report, CheckReport)
    assert report.rulesets == ("standard + clockwise",)
    assert report.skipped == {} and report.overlaps == ()
    assert report.summary().startswith("clockwise: 2 matches, ")


def test_same_seed_same_run_and_another_seed_another() -> None:
    first = check_variant(Harmless(), matches=1, partners=False, seed=11)
    again = check_variant(Harmless(), matches=1, partners=False, seed=11)
    other = check_variant(Harmless(), matches=1, partners=False, seed="other")
    assert first == again
    assert (first.hands, first.actions) != (other.hands, other.actions)


def test_plugin_instances_and_explicit_partners() -> None:
    report = check_variant(Harmless(), matches=1, partners=["clockwise", HatesClockwise()])
    assert report.variant == "harmless"
    assert report.rulesets == ("standard + harmless", "standard + clockwise + harmless",
                               "standard + hates-clockwise + harmless")


def test_declared_conflicts_are_skipped_with_the_reason() -> None:
    report = check_variant(HatesClockwise(), matches=1, partners=["clockwise"])
    assert report.rulesets == ("standard + hates-clockwise",)
    assert "play must pass to the right" in report.skipped["clockwise"]


class Misspelt(hokm.Variant):
    """A partner pluggy refuses: its hook name does not exist."""

    @hokm.hookimpl
    def hokm_trick_winer(self) -> None:
        return None


def test_a_partner_that_does_not_compose_is_skipped() -> None:
    report = check_variant("clockwise", matches=1, partners=[Misspelt()])
    assert list(report.skipped) == ["Misspelt"]
    assert "does not compose on its own" in report.skipped["Misspelt"]
    assert "hokm_trick_winer" in report.skipped["Misspelt"]


def test_options_of_a_named_variant() -> None:
    report = check_variant("clockwise", matches=1, partners=False, options={})
    assert report.matches == 1
    with pytest.raises(hokm.InvalidOptionError, match="clockwise"):
        check_variant("clockwise", matches=1, partners=False, options={"speed": 2})
    with pytest.raises(ValueError, match="set them on the instance"):
        check_variant(Harmless(), options={"x": 1})


def test_skip_an_invariant() -> None:
    # A house rule where hands can score nothing breaks match-winner on purpose.
    with pytest.raises(InvariantViolation, match="match-winner"):
        check_variant(NoPoints(), matches=1, partners=False, max_hands=3)
    with pytest.raises(InvariantViolation, match="match-winner"):
        check_variant(NoPoints(), matches=1, partners=False, max_hands=3, skip=["no-leak"])
    with pytest.raises(ValueError, match="unknown invariant"):
        check_variant("clockwise", skip=["no-such-thing"])
    with pytest.raises(ValueError, match="hook-contract cannot be skipped"):
        check_variant("clockwise", skip="hook-contract")


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"matches": 0}, ValueError),
    ({"matches": True}, ValueError),
    ({"seed": 1.5}, TypeError),
    ({"max_hands": 0}, ValueError),
])
def test_bad_arguments(kwargs: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        check_variant("clockwise", **kwargs)  # type: ignore[arg-type]


def test_unknown_variant() -> None:
    with pytest.raises(hokm.UnknownVariantError):
        check_variant("no-such-variant")


def test_compose_quietly_reports_overlaps_instead_of_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rules, overlaps = compose_quietly([Harmless(), Moody()])
    assert rules.variants == ("harmless", "moody")
    assert len(overlaps) == 1 and "hokm_trick_winner" in overlaps[0]


def test_overlapping_partners_are_played_and_reported() -> None:
    report = check_variant(Harmless(), matches=1, partners=[Moody()], skip=["deterministic", "no-leak"])
    assert report.rulesets[-1] == "standard + moody + harmless"
    assert any("hokm_trick_winner" in overlap for overlap in report.overlaps)


def test_the_bundled_variants_are_hokms_own() -> None:
    shipped = sorted(ep.name for ep in importlib.metadata.distribution("hokm").entry_points
                     if ep.group == "hokm.variants")
    assert list(BUNDLED_VARIANTS) == shipped


def _install_extra_variant(monkeypatch: pytest.MonkeyPatch, where: Path) -> None:
    """What pip install of another distribution writes, reduced to what entry points read."""
    info = where / "hokm_extra-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: hokm-extra\nVersion: 1.0\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(
        "[hokm.variants]\nextra-harmless = tests.testing.broken:Harmless\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(where))


def test_default_partners_are_the_bundled_variants_whatever_is_installed(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _install_extra_variant(monkeypatch, tmp_path)
    assert "extra-harmless" in hokm.available_variants()
    report = check_variant("clockwise", matches=1)
    partners = [ruleset.split(" + ")[1] for ruleset in report.rulesets[1:]]
    assert sorted([*partners, *report.skipped]) == [name for name in BUNDLED_VARIANTS if name != "clockwise"]
    # The variant is never its own partner, not even when it is one of the bundled ones.
    assert "clockwise" not in report.skipped
    everything = check_variant("clockwise", matches=1, partners=True)
    assert "standard + extra-harmless + clockwise" in everything.rulesets


def test_a_variant_is_not_its_own_partner() -> None:
    report = check_variant("clockwise", matches=1, partners=["clockwise", "satat"])
    assert report.rulesets == ("standard + clockwise", "standard + satat + clockwise")
    assert report.skipped == {}
