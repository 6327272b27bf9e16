"""``hokm.testing.strategies``: values, rulesets, states reached by play; argument checking."""

from __future__ import annotations

import importlib.metadata
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from tests.testing.broken import Harmless, HatesClockwise

import hokm
from hokm import Card, HandObservation, HandState, MatchState, Phase, Ruleset
from hokm.testing import check_hand_state
from hokm.testing import strategies as hst

FEW = settings(max_examples=15, deadline=None, database=None)
CLOCKWISE = Ruleset.compose("clockwise")


@FEW
@given(card=hst.cards(), typed=st.from_type(Card))
def test_cards_and_from_type(card: Card, typed: Card) -> None:
    assert isinstance(card, Card) and isinstance(typed, Card)


def test_the_hypothesis_entry_point_is_registered() -> None:
    points = importlib.metadata.entry_points(group="hypothesis")
    assert "_hokm_hypothesis:_hypothesis_setup_hook" in {point.value for point in points}


@FEW
@given(deck=hst.decks(ruleset=CLOCKWISE), hand=hst.hands(size=5))
def test_decks_and_hands(deck: tuple[Card, ...], hand: frozenset[Card]) -> None:
    assert sorted(deck, key=lambda c: c.index) == sorted(CLOCKWISE.deck, key=lambda c: c.index)
    assert len(hand) == 5


@FEW
@given(seed=hst.seeds())
def test_seeds_start_matches(seed: int | str) -> None:
    assert CLOCKWISE.new_match(seed=seed).seed == seed


@FEW
@given(hand=hst.deals(ruleset=CLOCKWISE, hakem=2))
def test_deals_start_at_the_trump_call(hand: HandState) -> None:
    assert hand.phase is Phase.TRUMP and hand.hakem == 2 and not hand.plays


@FEW
@given(hand=hst.hand_states(ruleset=CLOCKWISE, min_actions=5, max_actions=30))
def test_hand_states_are_reached_by_legal_play(hand: HandState) -> None:
    assert hand.trump is not None
    assert 4 <= len(hand.plays) <= 29
    check_hand_state(hand)


@FEW
@given(match=hst.match_states(ruleset=CLOCKWISE, max_actions=80))
def test_match_states(match: MatchState) -> None:
    assert match.ruleset == CLOCKWISE and match.hand_number >= 1


@FEW
@given(playout=hst.action_sequences(ruleset=CLOCKWISE, max_actions=20))
def test_action_sequences_replay(playout: hst.Playout) -> None:
    state: Any = playout.start
    for action in playout.actions:
        assert action in state.legal_actions()
        state = state.apply(action)
    assert isinstance(state, HandState) and isinstance(playout.end, HandState)
    assert state.plays == playout.end.plays and state.hands == playout.end.hands


@FEW
@given(observation=hst.observations(ruleset=CLOCKWISE, max_actions=25))
def test_observations(observation: HandObservation) -> None:
    assert observation.hand <= frozenset(CLOCKWISE.deck)
    assert bool(observation.legal_actions) == (observation.to_act == observation.seat)


@FEW
@given(rules=hst.rulesets(variants=[Harmless()], include=["clockwise"], max_extra=1))
def test_rulesets_with_a_plugin_instance(rules: Ruleset) -> None:
    assert rules.variants in (("harmless",), ("harmless", "clockwise"))


def test_rulesets_never_draw_conflicting_combinations() -> None:
    seen: set[tuple[str, ...]] = set()

    @settings(max_examples=30, deadline=None, database=None)
    @given(rules=hst.rulesets(variants=[HatesClockwise()], include=["clockwise"]))
    def check(rules: Ruleset) -> None:
        seen.add(rules.variants)

    check()
    assert seen == {("hates-clockwise",)}


@FEW
@given(rules=hst.rulesets(max_extra=2), data=st.data())
def test_rulesets_from_installed_variants(rules: Ruleset, data: st.DataObject) -> None:
    assert len(rules.variants) <= 2
    assert set(rules.variants) <= set(hokm.available_variants())
    hand = data.draw(hst.hand_states(ruleset=rules, max_actions=12))
    check_hand_state(hand)


@FEW
@given(rules=st.from_type(Ruleset), hand=st.from_type(HandState), match=st.from_type(MatchState))
def test_from_type_for_rulesets_and_states(rules: Ruleset, hand: HandState, match: MatchState) -> None:
    assert isinstance(rules, Ruleset) and isinstance(hand, HandState) and isinstance(match, MatchState)


@FEW
@given(hand=hst.hand_states(ruleset=hst.rulesets(include=["clockwise"], max_extra=1), max_actions=10))
def test_a_strategy_of_rulesets_as_the_ruleset(hand: HandState) -> None:
    assert hand.ruleset.variants in ((), ("clockwise",))


BAD: list[tuple[Any, dict[str, Any]]] = [
    (hst.cards, {"ruleset": "standard"}),
    (hst.decks, {"ruleset": 3}),
    (hst.hands, {"size": -1}),
    (hst.hands, {"size": 53}),
    (hst.hands, {"size": True}),
    (hst.deals, {"hakem": -1}),
    (hst.deals, {"ruleset": "satat"}),
    (hst.hand_states, {"max_actions": -1}),
    (hst.hand_states, {"min_actions": 5, "max_actions": 2}),
    (hst.match_states, {"max_actions": 1.5}),
    (hst.action_sequences, {"level": "trick"}),
    (hst.observations, {"max_actions": None}),
    (hst.rulesets, {"variants": "satat"}),
    (hst.rulesets, {"variants": ["no-such-variant"]}),
    (hst.rulesets, {"include": ["no-such-variant"]}),
    (hst.rulesets, {"include": "clockwise"}),
    (hst.rulesets, {"exclude": [3]}),
    (hst.rulesets, {"max_extra": -1}),
    (hst.rulesets, {"options": ["x"]}),
    (hst.rulesets, {"variants": ["clockwise", HatesClockwise()]}),
]


@pytest.mark.parametrize(("function", "kwargs"), BAD,
                         ids=[f"{f.__name__}-{'-'.join(map(str, k))}-{i}" for i, (f, k) in enumerate(BAD)])
def test_bad_arguments_raise_invalid_argument(function: Any, kwargs: dict[str, Any]) -> None:
    with pytest.raises(InvalidArgument):
        function(**kwargs)


def test_a_hakem_off_the_table_is_refused_when_drawn() -> None:
    if "two-player" not in hokm.available_variants():
        pytest.skip("two-player not installed")

    @settings(max_examples=1, database=None)
    @given(hand=hst.deals(ruleset=Ruleset.compose("two-player"), hakem=3))
    def check(hand: HandState) -> None:
        raise AssertionError("unreachable")

    with pytest.raises(InvalidArgument, match="hakem=3"):
        check()


def test_arguments_are_keyword_only() -> None:
    with pytest.raises(TypeError):
        hst.hands(5)  # type: ignore[call-arg]


def test_rulesets_draw_only_bundled_variants_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    from hokm import discovery
    from hokm.testing import BUNDLED_VARIANTS, strategies

    class HouseRule(hokm.Variant):
        info = hokm.VariantInfo(name="house-rule", summary="tests only")

        @hokm.hookimpl
        def hokm_rotation(self) -> None:
            return None

    # Another installed variant, loadable like any other: the default must never draw it.
    installed = {**hokm.available_variants(), "house-rule": "tests:HouseRule"}
    monkeypatch.setattr(strategies, "available_variants", lambda: installed)
    real = discovery._entry_point
    entry_point = type("EntryPoint", (), {"load": lambda self: HouseRule})()
    monkeypatch.setattr(discovery, "_entry_point",
                        lambda name: entry_point if name == "house-rule" else real(name))
    assert hokm.Ruleset.compose("house-rule").variants == ("house-rule",)
    seen: set[str] = set()

    @given(strategies.rulesets(max_extra=3))
    @settings(max_examples=60, database=None)
    def draw(rules: hokm.Ruleset) -> None:
        seen.update(rules.variants)

    draw()
    assert seen and "house-rule" not in seen and seen <= set(BUNDLED_VARIANTS)
    also: set[str] = set()

    @given(strategies.rulesets(include=["house-rule"], max_extra=1))
    @settings(max_examples=20, database=None)
    def draw_included(rules: hokm.Ruleset) -> None:
        also.update(rules.variants)

    draw_included()
    assert also == {"house-rule"}, "naming it in include= still draws it"
