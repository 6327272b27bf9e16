"""``hokm.encoding``: the fixed action space, the observation vector, and that it leaks nothing."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import hokm
from hokm import Card, HandObservation, MatchObservation, PlayCard, Suit
from hokm.testing.invariants import _owners, _swapped_start
from tests.adapters.support import VARIANT_SETS, match_states, ruleset
from tests.helpers import need

np: Any = need("numpy")

from hokm.encoding import ActionSpace, ObservationEncoder, describe_sections  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SETS = sorted(VARIANT_SETS)


@attrs.frozen
class Shrug(hokm.Action):
    tag = "tests-encoding/shrug"


@attrs.frozen(eq=False)
class OffersShrug(hokm.Variant):
    """Offers a shrug at the trump call; declares it only when ``declare`` is set."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="offers-shrug", summary="tests only")
    declare: bool = True

    @hokm.hookimpl
    def hokm_call_alternatives(self) -> list[hokm.Action]:
        return [Shrug()]

    @hokm.hookimpl
    def hokm_action_space(self) -> list[hokm.Action] | None:
        return [Shrug()] if self.declare else None

    @hokm.hookimpl
    def hokm_decision_effect(self, action: hokm.Action) -> hokm.Effect | None:
        return hokm.Effect(annul=True) if isinstance(action, Shrug) else None


# The action space ------------------------------------------------------------------------


def test_standard_ids_are_the_cards_then_the_calls() -> None:
    space = ActionSpace(hokm.Ruleset.compose())
    assert space.size == 56
    assert space.actions[:52] == tuple(PlayCard(Card.from_index(i)) for i in range(52))
    assert space.actions[52:] == tuple(hokm.CallTrump(suit) for suit in Suit)
    assert space.describe()[12] == "play A♠" and space.describe()[55] == "call ♣"
    assert set(space.declared_by) == {"standard"}


@pytest.mark.parametrize("name", SETS)
def test_ids_and_actions_are_inverse_and_names_unique(name: str) -> None:
    space = ActionSpace(ruleset(name))
    assert [space.id_of(action) for action in space.actions] == list(range(space.size))
    assert all(space.action_of(i) == action for i, action in enumerate(space.actions))
    assert len(set(space.describe())) == space.size
    assert space.action_of(np.int64(3)) == PlayCard(Card.from_index(3))


def test_variant_actions_follow_in_listing_order() -> None:
    space = ActionSpace(ruleset("two-player-zhinam"))
    assert space.actions[56:58] == (hokm.DrawCard(True), hokm.DrawCard(False))
    assert space.actions[58:] == tuple(hokm.Discard(Card.from_index(i)) for i in range(52))
    bavney = ActionSpace(hokm.Ruleset.compose("bavney", "redeal", options={"bavney": {"decide": True}}))
    assert bavney.declared_by[56:] == ("bavney", "bavney", "redeal", "redeal")
    assert bavney.actions[56:58] == (hokm.PlayOn(True), hokm.PlayOn(False))


def test_an_unknown_action_or_id_is_a_clear_error() -> None:
    space = ActionSpace(hokm.Ruleset.compose())
    with pytest.raises(hokm.UnknownActionError, match="hokm_action_space"):
        space.id_of(hokm.PlayOn(True))
    for bad in (-1, 56):
        with pytest.raises(hokm.UnknownActionError, match="ids run from 0 to 55"):
            space.action_of(bad)
    with pytest.raises(hokm.ArgumentTypeError):
        space.action_of("3")  # type: ignore[arg-type]
    with pytest.raises(hokm.ArgumentTypeError):
        space.id_of("play A♠")  # type: ignore[arg-type]
    with pytest.raises(hokm.ArgumentTypeError):
        ActionSpace("standard")  # type: ignore[arg-type]


def test_a_third_party_variant_declares_its_own_actions() -> None:
    rules = hokm.Ruleset.compose(OffersShrug())
    space = ActionSpace(rules)
    assert space.actions[56:] == (Shrug(),) and space.declared_by[56] == "offers-shrug"
    hand = rules.deal(hokm.full_deck())
    observation = hand.observation(hand.to_act or 0)
    assert space.mask(observation).tolist() == [0] * 52 + [1] * 5
    after = hand.apply(Shrug())
    vector = ObservationEncoder(rules).encode(after.observation(1))
    names = ObservationEncoder(rules).describe()
    assert {names[i] for i in np.flatnonzero(vector)} >= {"decisions+3[Shrug()]", "annulled[hand]"}


def test_an_offered_action_nobody_declared_is_named() -> None:
    rules = hokm.Ruleset.compose(OffersShrug(declare=False))
    hand = rules.deal(hokm.full_deck())
    with pytest.raises(hokm.UnknownActionError, match="Shrug"):
        ActionSpace(rules).mask(hand.observation(hand.to_act or 0))


def test_a_declaration_that_is_not_actions_breaks_the_contract() -> None:
    class Broken(hokm.Variant):
        info = hokm.VariantInfo(name="broken-space", summary="tests only")

        @hokm.hookimpl
        def hokm_action_space(self) -> object:
            return ["play A♠"]

    with pytest.raises(hokm.PluginContractError, match=r"broken-space.*hokm_action_space"):
        ActionSpace(hokm.Ruleset.compose(Broken()))


@settings(max_examples=30)
@given(name=st.sampled_from(SETS), seed=st.integers(0, 10**6))
def test_the_mask_marks_exactly_the_legal_actions(name: str, seed: int) -> None:
    rules = ruleset(name)
    space = ActionSpace(rules)
    out = np.ones(space.size, dtype=np.int8)
    for match in match_states(rules, seed, 120):
        if match.is_over:
            break
        seat = match.to_act
        assert seat is not None
        observation = match.observation(seat)
        legal = observation.hand.legal_actions
        mask = space.mask(observation)
        assert mask.dtype == np.int8 and int(mask.sum()) == len(set(legal))
        assert [space.action_of(i) for i in space.legal_ids(observation)] == list(legal)
        assert (space.mask_into(observation, out) == mask).all()
        other = match.observation((seat + 1) % rules.players)
        assert not space.mask(other).any()  # not its turn: nothing is legal


# The observation vector ------------------------------------------------------------------


@pytest.mark.parametrize("name", SETS)
def test_sections_name_every_slot_once(name: str) -> None:
    encoder = ObservationEncoder(ruleset(name))
    names = encoder.describe()
    assert len(names) == encoder.size and len(set(names)) == encoder.size
    sections = encoder.sections()
    assert sections[0].start == 0 and sections[-1].stop == encoder.size
    assert all(a.stop == b.start for a, b in itertools.pairwise(sections))
    assert all(names[s.start].startswith(s.name + "[") for s in sections)


def test_a_mid_hand_vector_says_what_the_seat_sees() -> None:
    rules = hokm.Ruleset.compose()
    hand = rules.deal(hokm.full_deck()).apply(hokm.CallTrump(Suit.HEARTS))
    while len(hand.tricks) < 2 or len(hand.current_trick.plays) != 1:
        hand = hand.apply(hand.legal_actions()[0])
    seat = hand.to_act
    assert seat is not None
    observation = hand.observation(seat)
    encoder = ObservationEncoder(rules)
    lit = {encoder.describe()[i]: float(v) for i, v in enumerate(encoder.encode(observation)) if v}
    assert {name for name in lit if name.startswith("hand[")} == {f"hand[{c}]" for c in observation.hand}
    leader, card = observation.current_trick[0]
    rel = (leader - seat) % 4
    assert lit[f"trick+{rel}[{card}]"] == 1 and lit[f"lead[+{rel}]"] == 1
    assert lit["trump[♥]"] == 1 and lit[f"hakem[+{(0 - seat) % 4}]"] == 1 and lit["to_act[+0]"] == 1
    assert lit["phase[play]"] == 1
    played = {f"played+{(s - seat) % 4}[{c}]" for trick in observation.tricks for s, c in trick.plays}
    assert {name for name in lit if name.startswith("played")} == played
    own, other = observation.team_tricks[seat % 2], observation.team_tricks[1 - seat % 2]
    assert lit.get("team_tricks[own]", 0) == pytest.approx(own / 13)
    assert lit.get("team_tricks[+1]", 0) == pytest.approx(other / 13)


def _vectors(encoder: ObservationEncoder, match: hokm.MatchState) -> list[Any]:
    return [encoder.encode(match.observation(seat)) for seat in range(match.ruleset.players)]


@settings(max_examples=15)
@given(name=st.sampled_from(SETS), seed=st.integers(0, 10**6))
def test_the_vector_is_a_function_of_the_observation(name: str, seed: int) -> None:
    """Values in [0, 1]; equal observations (a JSON round trip, which drops the state behind
    the view) give equal vectors; encode_into agrees with encode."""
    rules = ruleset(name)
    encoder = ObservationEncoder(rules)
    out = np.full(encoder.shape, 7.0, dtype=np.float32)
    for match in match_states(rules, seed, 60):
        for seat in range(rules.players):
            observation = match.observation(seat)
            vector = encoder.encode(observation)
            assert vector.shape == encoder.shape and vector.dtype == np.float32
            assert float(vector.min()) >= 0.0 and float(vector.max()) <= 1.0
            again = MatchObservation.from_dict(observation.to_dict())
            assert again == observation
            assert (encoder.encode(again) == vector).all()
            hand_view = HandObservation.from_dict(observation.hand.to_dict())
            assert (encoder.encode(hand_view) == encoder.encode(observation.hand)).all()
            assert encoder.encode_into(observation, out) is out and (out == vector).all()


@settings(max_examples=25)
@given(name=st.sampled_from([n for n in SETS if "double-sar" not in n]), seed=st.integers(0, 10**6))
def test_voids_are_the_failures_to_follow_the_observation_infers(name: str, seed: int) -> None:
    rules = ruleset(name)
    encoder = ObservationEncoder(rules)
    names = encoder.describe()
    exact = not rules.variants or name in ("satat", "clockwise")  # no void duty, no restriction
    for match in match_states(rules, seed, 80):
        observation = match.observation(0).hand
        vector = encoder.encode(observation)
        for seat in range(rules.players):
            rel = (seat - observation.seat) % rules.players
            shown = {Suit.parse(names[i][len(f"void+{rel}["):-1]) for i in np.flatnonzero(vector)
                     if names[i].startswith(f"void+{rel}[")}
            assert shown <= observation.voids[seat]
            if exact:
                assert shown == observation.voids[seat]


@settings(max_examples=25)
@given(name=st.sampled_from(SETS), seed=st.integers(0, 10**6), data=st.data())
def test_unseen_cards_do_not_change_a_seats_vector(name: str, seed: int, data: st.DataObject) -> None:
    """Swap two cards between two other seats (or the stock), replay the same actions: the
    seat's vectors are equal at every step."""
    rules = ruleset(name)
    rng = random.Random(seed)
    deck = list(rules.deck)
    rng.shuffle(deck)
    start = rules.deal(deck, hakem=rng.randrange(rules.players))
    states: list[hokm.HandState] = [start]
    actions: list[hokm.Action] = []
    steps = data.draw(st.integers(1, 40))
    while len(actions) < steps and not states[-1].is_over:
        actions.append(rng.choice(states[-1].legal_actions()))
        states.append(states[-1].apply(actions[-1]))
    owners = _owners(start, states[-1], deck)
    assume(owners is not None)
    assert owners is not None
    seat = data.draw(st.integers(0, rules.players - 1))
    others = sorted((card for card, owner in owners.items() if owner != seat), key=lambda c: c.index)
    assume(len(others) >= 2)
    first, second = data.draw(st.lists(st.sampled_from(others), min_size=2, max_size=2, unique=True))
    assume(owners[first] != owners[second])
    swapped = _swapped_start(start, first, second, deck)
    encoder = ObservationEncoder(rules)
    mine, theirs = start, swapped
    for action in [None, *actions]:
        if action is not None:
            try:
                theirs = theirs.apply(action)
            except hokm.IllegalActionError:
                return  # an owner's own options changed: the swap shows, to its owner only
            mine = mine.apply(action)
        assert (encoder.encode(mine.observation(seat)) == encoder.encode(theirs.observation(seat))).all(), (
            f"{first} <-> {second} changed seat {seat}'s vector")


def test_encoding_a_stranger_is_a_type_error() -> None:
    encoder = ObservationEncoder(hokm.Ruleset.compose())
    with pytest.raises(hokm.ArgumentTypeError, match="HandObservation"):
        encoder.encode(hokm.Ruleset.compose().deal(hokm.full_deck()))  # type: ignore[arg-type]
    with pytest.raises(hokm.InvalidArgumentError):
        ObservationEncoder(hokm.Ruleset.compose(), actions=ActionSpace(hokm.Ruleset.compose("satat")))


def test_the_reference_page_shows_the_generated_tables() -> None:
    page = (ROOT / "docs" / "reference" / "encoding.md").read_text(encoding="utf-8")
    assert describe_sections(ObservationEncoder(hokm.Ruleset.compose())) in page


def test_without_numpy_the_error_names_the_extra() -> None:
    code = ("import sys; sys.modules['numpy'] = None\n"
            "import hokm\n"
            "try:\n"
            "    import hokm.encoding\n"
            "except hokm.MissingExtraError as error:\n"
            "    print(isinstance(error, ImportError), error.extra, error.package,\n"
            "          'pip install' in str(error))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "gymnasium", "numpy", "True"]
