"""The option space of every bundled variant, as Hypothesis strategies, for whole-ruleset properties.

``VARIANT_OPTIONS`` holds one strategy per bundled variant (every option, every kind of
value); ``STANDARD_OPTIONS`` the standard ones. ``draw_ruleset`` draws options for a set of
variants, leaves out the standard options a selected variant replaces, and composes:
value combinations the plugins refuse at composition (``InvalidOptionError``,
``VariantConflictError``) are rejected with ``assume``, and the known ones are steered
clear of so that few draws are wasted. A test that the space is complete keeps it in step
with the plugins (tests/unit/test_records.py).
"""

from __future__ import annotations

import itertools
import warnings
from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

import hokm
from hokm import Card
from hokm.rules import variant_info
from hokm.testing import BUNDLED_VARIANTS

STANDARD_VALUES: dict[str, list[Any]] = {
    "target": [7, 1, 3], "kot_points": [2, 0], "hakem_kot_points": [3, 0], "play_all": [False, True],
    "succession": ["next", "previous"], "first_hakem": ["first-ace", "random", 0, 1],
    "packets": [(5, 4, 4), (5, 4, 2, 2), (5, 8)], "partners": ["seating", "second-ace"], "sets": [1, 2]}
"""Values of every standard option: each kind of value, the default first."""

OPTION_VALUES: dict[str, dict[str, list[Any]]] = {
    "bavney": {"points": [3, 0, 9], "decide": [False, True]},
    "be-ranga": {"fixing_card_is_trump": [True, False], "first_pickup": ["trick-3", "after-fixing-trick"]},
    "clockwise": {},
    "court-piece": {"scoring": ["courts", "points"], "target": [None, 1, 9], "decide": [False, True],
                    "goon_court_value": [1, 3]},
    "double-sar": {"chain": ["player", "team"], "reset_after_collect": [True, False],
                   "blocked_pickups": [frozenset(), frozenset({1, 2}), frozenset({3, 7, 12})],
                   "ace_rule": ["off", "two-aces", "ace-cannot-collect"]},
    "hidden-trump": {"reveal": ["on-request", "automatic"], "indicator": ["chosen", "blind"]},
    "obligatory-trump": {"overtrump": [False, True]},
    "redeal": {"rule": ["no-honour-five", "no-picture-five", "below-ten-five", "no-picture-hand"],
               "max_redeals": [2, None, 1, 3]},
    "satat": {"two_hearts_follows": ["trump", "hearts"], "first_trump_maker": ["ruleset", "high-card-draw"],
              "last_four": [False, True]},
    "three-player": {"removed_two": [Card.parse("2♣"), Card.parse("2♦"), "2♠"],
                     "tie_winner": ["odd-player", "hakem"], "succession": ["next", "hand-winner"]},
    "troefcall": {"first_caller": ["first-jack", "high-card-dealer"],
                  "trumping": ["must-overtrump", "must-trump", "free"], "redeal": [True, False],
                  "win_points": [2, 1], "kap_points": [5, 1], "baunie_points": [15, 2],
                  "failed_baunie_points": [2, 1], "capitulation": [True, False], "match": ["set", "target"],
                  "set_hands": [4, 1, 2], "target": [None, 3, 12]},
    "two-player": {"mode": ["keep-reject", "zhinam", "fifty-card", "dead-half"],
                   "second_card_seen": [False, True]},
}
"""Values of every option of every bundled variant: each kind of value, the default first."""


def _space(values: dict[str, list[Any]]) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({}, optional={name: st.sampled_from(choices)
                                               for name, choices in values.items()})


STANDARD_OPTIONS = _space(STANDARD_VALUES)
VARIANT_OPTIONS: dict[str, st.SearchStrategy[dict[str, Any]]] = {
    name: _space(values) for name, values in OPTION_VALUES.items()}

COMPATIBLE: list[tuple[str, ...]] = []
"""Every set of up to two bundled variants that composes with default options."""
for size in (0, 1, 2):
    for combo in itertools.combinations(BUNDLED_VARIANTS, size):
        try:
            hokm.Ruleset.compose(*combo)
        except hokm.VariantConflictError:
            continue
        COMPATIBLE.append(combo)


def _replaced(names: tuple[str, ...]) -> set[str]:
    """The standard options the selected variants replace (they refuse them)."""
    replaced: set[str] = set()
    for _, plugin in hokm.Ruleset.compose(*names).plugins[1:]:
        replaced |= {option for option, _ in variant_info(plugin).replaces}
    return replaced


def draw_options(data: st.DataObject, names: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """Options for ``names`` and the standard variant, drawn from the whole space."""
    standard = {key: value for key, value in data.draw(STANDARD_OPTIONS, label="standard").items()
                if key not in _replaced(names)}
    options: dict[str, dict[str, Any]] = {"standard": standard}
    for name in names:
        options[name] = dict(data.draw(VARIANT_OPTIONS[name], label=name))
    fix(options, names)
    return options


def fix(options: dict[str, dict[str, Any]], names: tuple[str, ...]) -> None:
    """Steer ``options`` clear of the value combinations the plugins refuse (in place)."""
    standard = options.setdefault("standard", {})
    if "double-sar" in names:  # no 52-court to decide on under Double Sar
        options.get("court-piece", {}).pop("decide", None)
    elif options.get("be-ranga", {}).get("first_pickup") == "after-fixing-trick":
        options["be-ranga"].pop("first_pickup")  # a Double Sar option
    satat = options.get("satat", {})
    if satat.get("first_trump_maker") == "high-card-draw":  # the draw makes the first Hakem
        standard.pop("first_hakem", None)
        standard.pop("partners", None)
    if standard.get("partners") == "second-ace" and standard.get("first_hakem", "first-ace") != "first-ace":
        standard.pop("partners")
    two = options.get("two-player", {})
    dead_half = "two-player" in names and two.get("mode") == "dead-half"
    if dead_half:
        two.pop("second_card_seen", None)  # no draw
    if satat.get("last_four"):  # needs a last packet of four
        if list(standard.get("packets", (4,)))[-1] != 4:
            standard.pop("packets")
        if "two-player" in names and not dead_half:
            satat.pop("last_four")
    if options.get("redeal", {}).get("rule") == "no-picture-hand" and "two-player" in names and not dead_half:
        options["redeal"].pop("rule")
    troefcall = options.get("troefcall")
    if troefcall is not None:
        if troefcall.get("match") == "target":
            troefcall.pop("set_hands", None)
            if troefcall.get("target") is None:
                troefcall["target"] = 10
        else:
            troefcall.pop("target", None)


def compose(names: tuple[str, ...], options: dict[str, dict[str, Any]]) -> hokm.Ruleset:
    """The ruleset, or a Hypothesis rejection for a combination a plugin refuses."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", hokm.VariantOverlapWarning)
        try:
            return hokm.Ruleset.compose(*names, options=options)
        except (hokm.InvalidOptionError, hokm.VariantConflictError):
            assume(False)
            raise


def draw_ruleset(data: st.DataObject, names: tuple[str, ...]) -> hokm.Ruleset:
    """A ruleset of ``names`` with options drawn from the whole space."""
    return compose(names, draw_options(data, names))


def _composes(names: tuple[str, ...], options: dict[str, dict[str, Any]]) -> bool:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", hokm.VariantOverlapWarning)
        try:
            hokm.Ruleset.compose(*names, options=options)
        except (hokm.InvalidOptionError, hokm.VariantConflictError):
            return False
    return True


_COMPANIONS: dict[tuple[str, str], dict[str, Any]] = {
    ("troefcall", "target"): {"match": "target"}, ("troefcall", "match"): {"target": 10}}
"""Options that must go with a value of another (troefcall: a target for match="target")."""


def single_option_cases() -> list[tuple[str, tuple[str, ...], dict[str, dict[str, Any]]]]:
    """(id, variants, options): every value of every option, one at a time, each in a ruleset that
    accepts it (the variant alone, else with the first bundled partner that makes it valid)."""
    cases = []
    spaces = [("standard", STANDARD_VALUES), *OPTION_VALUES.items()]
    for name, values in spaces:
        for option, choices in values.items():
            for value in choices[1:]:  # the default is every other case's
                options = {name: {**_COMPANIONS.get((name, option), {}), option: value}}
                alone = () if name == "standard" else (name,)
                partners = [alone, *((*alone, other) for other in BUNDLED_VARIANTS if other not in alone)]
                names = next((names for names in partners if _composes(names, options)), None)
                assert names is not None, f"no ruleset accepts {name} {option}={value!r}"
                cases.append((f"{name}.{option}={value!r}", names, options))
    return cases
