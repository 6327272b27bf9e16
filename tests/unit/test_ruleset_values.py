"""Rulesets are values: read-only options, and equality and hash that follow what is played."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import hokm
from hokm import Card, Suit, cards
from hokm_variants.satat import Satat

compose = hokm.Ruleset.compose


def match_record(rules: hokm.Ruleset, seed: int, max_hands: int = 12) -> tuple[Any, ...]:
    """What a match plays: every hand's result and the scores, hands played at random from ``seed``."""
    match = rules.new_match(seed=seed)
    rng = random.Random(seed)
    while not match.is_over and match.hand_number <= max_hands:
        match = match.playout_hand(rng)
    return match.results, match.scores, match.winner


# Read-only options ----------------------------------------------------------------------------


def test_options_cannot_be_changed() -> None:
    rules = compose("double-sar", options={"standard": {"target": 5},
                                           "double-sar": {"blocked_pickups": [2, 12]}})
    before = hash(rules)
    with pytest.raises(TypeError):
        rules.options["satat"] = {}  # type: ignore[index]
    with pytest.raises(TypeError):
        rules.options["standard"]["target"] = 9  # type: ignore[index]
    with pytest.raises(AttributeError):
        rules.options.clear()  # type: ignore[attr-defined]
    # What was given, frozen: a list reads as a tuple, and cannot be appended to.
    assert rules.options == {"standard": {"target": 5}, "double-sar": {"blocked_pickups": (2, 12)}}
    assert repr(rules.options) == "{'standard': {'target': 5}, 'double-sar': {'blocked_pickups': (2, 12)}}"
    assert hash(rules) == before and {rules: "x"}[rules] == "x"


def test_changing_the_given_dict_afterwards_changes_nothing() -> None:
    given_options: dict[str, dict[str, Any]] = {"standard": {"target": 5, "packets": [5, 4, 4]}}
    rules = compose(options=given_options)
    cache = {rules: "result"}
    given_options["standard"]["target"] = 9
    given_options["standard"]["packets"].append(1)
    given_options["satat"] = {}
    assert rules.options == {"standard": {"target": 5, "packets": (5, 4, 4)}}
    assert cache[compose(options={"standard": {"target": 5}})] == "result"


def test_option_values_hold_every_option_as_the_plugins_do() -> None:
    rules = compose("satat", options={"standard": {"packets": "5-3-3-2"}})
    values = rules.option_values
    assert list(values) == ["standard", "satat"]
    assert values["standard"]["packets"] == (5, 3, 3, 2)
    assert values["standard"]["target"] == 7  # a default
    assert values["satat"] == {"two_hearts_follows": "trump", "first_trump_maker": "ruleset",
                               "last_four": False}
    assert rules.options == {"standard": {"packets": "5-3-3-2"}}  # what was given stays as given
    with pytest.raises(TypeError):
        values["standard"]["target"] = 1  # type: ignore[index]


# Equality follows play ------------------------------------------------------------------------


def test_satat_options_that_play_differently_are_unequal() -> None:
    trump, hearts = compose(Satat()), compose(Satat(two_hearts_follows="hearts"))
    assert trump != hearts
    assert len({trump, hearts}) == 2
    # ... and they do play differently: to a club lead under club trump, the 2♥ is a club or a heart.
    led = [(0, Card.parse("4♣"))]
    hand = cards("2♥ 7♥ K♦")
    assert trump.legal_plays(hand, led, trump=Suit.CLUBS) != hearts.legal_plays(hand, led, trump=Suit.CLUBS)
    assert compose("satat") != compose("satat", options={"satat": {"two_hearts_follows": "hearts"}})


@pytest.mark.parametrize(("one", "other"), [
    ({}, {"standard": {"target": 7}}),
    ({}, {"standard": {"target": 7, "packets": (5, 4, 4), "play_all": False}}),
    ({"standard": {"packets": "5-4-4"}}, {"standard": {"packets": (5, 4, 4)}}),
    ({"standard": {"packets": "5,3,3,2"}}, {"standard": {"packets": [5, 3, 3, 2]}}),
    ({"double-sar": {"blocked_pickups": [12, 2]}}, {"double-sar": {"blocked_pickups": {2, 12}}}),
    ({"double-sar": {}}, {"double-sar": {"blocked_pickups": ()}}),
], ids=["default-target", "several-defaults", "packets-text", "packets-list", "set-spellings",
        "empty-set"])
def test_equivalent_spellings_are_equal(one: dict[str, Any], other: dict[str, Any]) -> None:
    variants = ("double-sar",) if "double-sar" in {*one, *other} else ()
    a, b = compose(*variants, options=one), compose(*variants, options=other)
    assert a == b and hash(a) == hash(b)
    assert {a: "cached"}[b] == "cached"


def test_a_name_and_an_instance_of_its_class_are_equal() -> None:
    assert compose("satat") == compose(Satat())
    assert hash(compose("satat")) == hash(compose(Satat()))
    assert compose(Satat(two_hearts_follows="hearts")) == compose(
        "satat", options={"satat": {"two_hearts_follows": "hearts"}})


def test_order_and_selection_count() -> None:
    assert compose("satat", "clockwise") != compose("clockwise", "satat")
    assert compose("satat") != compose()
    assert compose() != "standard"


class Plain(hokm.Variant):
    """A plugin that is not an attrs class: hokm cannot read its options."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="plain", summary="tests only")

    def __init__(self, bonus: int) -> None:
        self.bonus = bonus

    @hokm.hookimpl
    def hokm_rotation(self) -> None:
        return None


def test_plugins_that_are_not_attrs_classes_compare_by_identity() -> None:
    plugin = Plain(1)
    assert compose(plugin) == compose(plugin)
    assert hash(compose(plugin)) == hash(compose(plugin))
    assert compose(Plain(1)) != compose(Plain(1))  # their options are invisible: never assume equal
    assert compose(plugin).option_values["plain"] == {}


def make_class(bonus_points: int) -> type:
    """Two calls make two classes with one name and one qualified name, that play differently."""

    @attrs.frozen(eq=False)
    class Bonus(hokm.Variant):
        info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="bonus", summary="tests only")
        flag: object = None

        @hokm.hookimpl
        def hokm_match_winner(self, match: hokm.MatchView) -> hokm.Team | None:
            return hokm.Team(0) if max(match.scores) >= bonus_points else None

    return Bonus


def test_attrs_plugins_compare_by_class_and_option_values() -> None:
    first, second = make_class(1), make_class(2)
    assert first.__qualname__ == second.__qualname__ and first.__module__ == second.__module__
    assert compose(first()) == compose(first())  # new instance, same class and values
    assert compose(first()) != compose(second())  # same name, another class


def test_option_values_keep_their_type() -> None:
    bonus = make_class(1)
    assert compose(bonus(flag=True)) != compose(bonus(flag=1))
    assert compose(bonus(flag=1)) != compose(bonus(flag=1.0))
    assert compose(bonus(flag=Suit.HEARTS)) == compose(bonus(flag=Suit.HEARTS))


@pytest.mark.parametrize(("one", "other", "equal"), [
    ([1, 2], [1, 2], True),
    ([1, 2], (1, 2), True),
    ([1, 2], [2, 1], False),
    ({"a": [1]}, {"a": (1,)}, True),
    ({"a": [1]}, {"a": [2]}, False),
    ({1, 2}, frozenset({2, 1}), True),
    ([{1}, {"k": {2}}], ((1,), {"k": {2}}), False),
    ([{1}, {"k": {2}}], ({1}, {"k": frozenset({2})}), True),
])
def test_unhashable_option_values_are_normalised(one: Any, other: Any, equal: bool) -> None:
    bonus = make_class(1)
    a, b = compose(bonus(flag=one)), compose(bonus(flag=other))
    assert (a == b) is equal
    assert (hash(a) == hash(b)) or not equal
    assert len({a, b}) == (1 if equal else 2)


def test_an_unhashable_object_stands_for_itself() -> None:
    class Opaque:
        __hash__ = None  # type: ignore[assignment]

        def __eq__(self, other: object) -> bool:
            return True  # claims to equal anything: hokm must not believe it

    bonus = make_class(1)
    value = Opaque()
    assert compose(bonus(flag=value)) == compose(bonus(flag=value))
    assert compose(bonus(flag=value)) != compose(bonus(flag=Opaque()))


# Properties -------------------------------------------------------------------------------------

PACKET_SPELLINGS = [[(5, 4, 4), "5-4-4", [5, 4, 4], "5,4,4"], [(5, 3, 3, 2), "5-3-3-2"],
                    [(5, 8), "5-8", [5, 8]]]
PACKETS = st.sampled_from([spelling for group in PACKET_SPELLINGS for spelling in group])
STANDARD = st.fixed_dictionaries({}, optional={
    "target": st.integers(1, 4),
    "kot_points": st.integers(1, 3),
    "play_all": st.booleans(),
    "succession": st.sampled_from(["next", "previous"]),
    "packets": PACKETS,
})
SATAT = st.fixed_dictionaries({}, optional={"two_hearts_follows": st.sampled_from(["trump", "hearts"])})
RULESETS = st.tuples(st.booleans(), STANDARD, SATAT)


def build(spec: tuple[bool, dict[str, Any], dict[str, Any]]) -> hokm.Ruleset:
    with_satat, standard, satat = spec
    options: dict[str, dict[str, Any]] = {"standard": standard}
    if with_satat:
        options["satat"] = satat
    return compose(*(["satat"] if with_satat else []), options=options)


def normalised(rules: hokm.Ruleset) -> tuple[Any, ...]:
    return rules.variants, tuple(
        (name, tuple((key, tuple(value) if isinstance(value, list) else value)
                     for key, value in sorted(values.items())))
        for name, values in rules.option_values.items())


@given(RULESETS, RULESETS, st.integers(0, 2**32))
def test_equal_rulesets_hash_alike_and_play_alike(one: Any, other: Any, seed: int) -> None:
    a, b = build(one), build(other)
    assert (a == b) == (normalised(a) == normalised(b))
    assert a == build(one) and hash(a) == hash(build(one))
    if a == b:
        assert hash(a) == hash(b)
        assert match_record(a, seed) == match_record(b, seed)


DEFAULTS = {"target": 7, "kot_points": 2, "play_all": False, "succession": "next", "packets": (5, 4, 4)}


@st.composite
def respelled(draw: st.DrawFn, spec: tuple[bool, dict[str, Any], dict[str, Any]]) -> Any:
    """The same ruleset spelt another way: defaults given or left out, packets written otherwise."""
    with_satat, standard, satat = spec
    values = {**DEFAULTS, **standard}
    values["packets"] = draw(st.sampled_from(next(group for group in PACKET_SPELLINGS
                                                  if values["packets"] in group)))
    # Keep what was given, add some defaults, then leave out some options that are defaults.
    kept = {key: value for key, value in values.items() if key in standard or draw(st.booleans())}
    kept = {key: value for key, value in kept.items()
            if not (value in PACKET_SPELLINGS[0] or value == DEFAULTS[key]) or draw(st.booleans())}
    satat_values = {"two_hearts_follows": satat.get("two_hearts_follows", "trump")}
    return with_satat, kept, satat_values if draw(st.booleans()) else dict(satat)


@given(st.data(), RULESETS, st.integers(0, 2**32))
def test_respelt_rulesets_are_equal(data: st.DataObject, spec: Any, seed: int) -> None:
    other = data.draw(respelled(spec))
    a, b = build(spec), build(other)
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert match_record(a, seed) == match_record(b, seed)


@given(SATAT, SATAT, st.integers(0, 2**32))
def test_satat_rulesets_that_play_differently_are_unequal(one: Any, other: Any, seed: int) -> None:
    a, b = build((True, {}, one)), build((True, {}, other))
    hearts_a = a.option_values["satat"]["two_hearts_follows"]
    hearts_b = b.option_values["satat"]["two_hearts_follows"]
    assert (a == b) == (hearts_a == hearts_b)
    if a == b:
        assert match_record(a, seed, max_hands=3) == match_record(b, seed, max_hands=3)
