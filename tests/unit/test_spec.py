"""Ruleset.spec and Ruleset.from_spec: plain data that recomposes the same ruleset."""

from __future__ import annotations

import itertools
import json
import random
import warnings
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hokm
from hokm.testing import BUNDLED_VARIANTS

COMPATIBLE = []
for size in (0, 1, 2, 4):
    for combo in itertools.combinations(BUNDLED_VARIANTS, size):
        try:
            hokm.Ruleset.compose(*combo)
        except hokm.VariantConflictError:
            continue
        COMPATIBLE.append(combo)


def through_json(spec: dict[str, Any]) -> Any:
    return json.loads(json.dumps(spec))


def digest(rules: hokm.Ruleset) -> tuple[Any, ...]:
    match = rules.new_match(seed="spec")
    rng = random.Random(1)
    for _ in range(3):
        if match.is_over:
            break
        match = match.playout_hand(rng)
    return match.scores, match.hand.plays, tuple(match.results)


@pytest.mark.parametrize("variants", COMPATIBLE, ids=lambda v: "+".join(v) or "standard")
def test_every_compatible_set_round_trips_through_json(variants: tuple[str, ...]) -> None:
    rules = hokm.Ruleset.compose(*variants)
    again = hokm.Ruleset.from_spec(through_json(rules.spec))
    assert again == rules and hash(again) == hash(rules) and again.variants == variants
    assert digest(again) == digest(rules)


STANDARD_OPTIONS: st.SearchStrategy[dict[str, Any]] = st.fixed_dictionaries({}, optional={
    "target": st.integers(1, 30), "kot_points": st.integers(0, 5), "hakem_kot_points": st.integers(0, 5),
    "play_all": st.booleans(), "succession": st.sampled_from(["next", "previous"]),
    "first_hakem": st.sampled_from(["first-ace", "random", 0, 3]),
    "packets": st.sampled_from([(5, 4, 4), "5-3-3-2", [5, 4, 2, 2], (5, 8)]), "sets": st.integers(1, 3)})
VARIANT_OPTIONS: dict[str, st.SearchStrategy[dict[str, Any]]] = {
    "satat": st.fixed_dictionaries({}, optional={
        "two_hearts_follows": st.sampled_from(["trump", "hearts"]),
        "first_trump_maker": st.sampled_from(["ruleset", "high-card-draw"]),
        "last_four": st.booleans()}),
    "redeal": st.fixed_dictionaries({}, optional={
        "rule": st.sampled_from(["no-honour-five", "no-picture-five", "below-ten-five", "no-picture-hand"]),
        "max_redeals": st.none() | st.integers(1, 5)}),
    "double-sar": st.fixed_dictionaries({}, optional={
        "chain": st.sampled_from(["player", "team"]), "reset_after_collect": st.booleans(),
        "blocked_pickups": st.frozensets(st.integers(1, 12), max_size=3)}),
    "obligatory-trump": st.fixed_dictionaries({}, optional={"overtrump": st.booleans()}),
    "bavney": st.fixed_dictionaries({}, optional={"points": st.integers(0, 9), "decide": st.booleans()}),
}


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_options_round_trip(data: st.DataObject) -> None:
    names = data.draw(st.sampled_from([c for c in COMPATIBLE if set(c) <= set(VARIANT_OPTIONS)]))
    options: dict[str, dict[str, Any]] = {"standard": data.draw(STANDARD_OPTIONS)}
    for name in names:
        options[name] = data.draw(VARIANT_OPTIONS[name])
    if options.get("satat", {}).get("first_trump_maker") == "high-card-draw":
        options["standard"].pop("first_hakem", None)  # the draw refuses another first Hakem
    packets = options["standard"].get("packets", (4,))
    if options.get("satat", {}).get("last_four") and str(list(packets)[-1]) != "4":
        options["standard"].pop("packets")  # "last four" needs a last packet of four
    with warnings.catch_warnings():
        # Options may make two variants answer one hook (bavney's and redeal's decisions, at
        # different moments): an overlap warning, not what this test is about.
        warnings.simplefilter("ignore", hokm.VariantOverlapWarning)
        rules = hokm.Ruleset.compose(*names, options=options)
        spec = through_json(rules.spec)
        assert hokm.Ruleset.from_spec(spec) == rules
        assert hokm.Ruleset.from_spec(spec).option_values == rules.option_values


def test_options_a_variant_replaces_are_left_out_and_the_rest_kept() -> None:
    rules = hokm.Ruleset.compose("three-player", options={"three-player": {"removed_two": "2♦"}})
    standard, three = (entry["options"] for entry in rules.spec["variants"])
    assert "packets" not in standard and "play_all" not in standard and standard["target"] == 7
    assert three["removed_two"] == "2♦"
    assert hokm.Ruleset.from_spec(through_json(rules.spec)) == rules


def test_provenance_is_recorded_and_checked() -> None:
    spec = through_json(hokm.Ruleset.compose("clockwise").spec)
    version = spec["variants"][1]["version"]
    assert spec["variants"][1]["distribution"] == "hokm" and version
    spec["variants"][1]["version"] = "0.0.1"
    with pytest.warns(hokm.SpecVersionWarning, match=r"'clockwise' was recorded as hokm 0\.0\.1"):
        hokm.Ruleset.from_spec(spec)
    with pytest.raises(hokm.RulesetError, match="rules may differ"):
        hokm.Ruleset.from_spec(spec, strict=True)
    for entry in spec["variants"]:
        del entry["distribution"], entry["version"]
    assert hokm.Ruleset.from_spec(spec) == hokm.Ruleset.compose("clockwise")  # hand-written: fine


def test_a_plugin_object_cannot_be_described() -> None:
    class Unlisted(hokm.Variant):
        @hokm.hookimpl
        def hokm_rotation(self) -> None:
            return None

    with pytest.raises(hokm.RulesetError, match="passed as a plugin object"):
        hokm.Ruleset.compose(Unlisted()).spec


GOOD = hokm.Ruleset.compose("satat").spec


def _with(**changes: Any) -> dict[str, Any]:
    spec: dict[str, Any] = json.loads(json.dumps(GOOD))
    spec.update(changes)
    return spec


@pytest.mark.parametrize(("spec", "error", "fragment"), [
    ("satat", hokm.RulesetError, "a ruleset spec is a mapping"),
    (_with(format="hokm-ruleset/9"), hokm.RulesetError, "unknown ruleset spec format 'hokm-ruleset/9'"),
    (_with(variants="satat"), hokm.RulesetError, "must be a list of variants"),
    (_with(variants=[]), hokm.RulesetError, "must be a list of variants"),
    (_with(variants=[{"name": "standard"}, 3]), hokm.RulesetError, "'variants'[1] must be a mapping"),
    (_with(variants=[{"name": "standard"}, {"options": {}}]), hokm.RulesetError, "needs a 'name'"),
    (_with(variants=[{"name": "satat"}]), hokm.RulesetError, "must start with 'standard'"),
    (_with(variants=[{"name": "standard", "options": []}]), hokm.RulesetError, "'options' must be a mapping"),
    (_with(variants=[{"name": "standard"}, {"name": "nope"}]), hokm.UnknownVariantError, "'nope'"),
    (_with(variants=[{"name": "standard", "options": {"target": 0}}]), hokm.InvalidOptionError, "target"),
    (_with(variants=[{"name": "standard", "options": {"colour": 1}}]), hokm.InvalidOptionError, "colour"),
], ids=["not-mapping", "format", "variants-str", "variants-empty", "entry-int", "no-name", "no-standard",
        "options-list", "unknown", "bad-value", "unknown-option"])
def test_a_bad_spec_is_refused_with_a_specific_error(spec: Any, error: type[Exception],
                                                     fragment: str) -> None:
    with pytest.raises(error) as caught:
        hokm.Ruleset.from_spec(spec)
    assert fragment in str(caught.value)
