"""Observations as JSON: every field in the record encoding, read back equal, no card a seat may not know."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.option_space import COMPATIBLE, draw_ruleset

import hokm
from hokm import Card, HandObservation, MatchObservation, Suit
from hokm._hand.observe import _offered_next

OVERLAPS_ALLOWED = pytest.mark.filterwarnings("ignore::hokm.errors.VariantOverlapWarning")
CARD = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")


def play(state: Any, rng: random.Random, count: int) -> Any:
    for _ in range(count):
        if not state.legal_actions():
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def may_know(hand: hokm.HandState, seat: int) -> set[Card]:
    """The cards ``seat`` may know of, read from the omniscient state (not from its observation)."""
    known: set[Card] = {card for _, card in hand.plays} | set(hand.shown)
    if hand.phase is hokm.Phase.TRUMP:
        if seat == hand.hakem:
            first_packet = hand.dealt(seat)[:hand.ruleset._engine.table.first_packet]
            known |= set(first_packet) - set(hand.set_aside[seat])
    else:
        known |= set(hand.hand_of(seat))
    blind = hand._extra.blind
    known |= {card for card in hand.set_aside[seat] if not blind >> card.index & 1}
    known |= {Card.from_index(i) for i in range(52) if hand._extra.seen[seat] >> i & 1}
    if hand.to_act == seat:
        known |= {card for card in (hand.offered_card, _offered_next(hand)) if card is not None}
    return known


@OVERLAPS_ALLOWED
@settings(max_examples=100, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32), length=st.integers(0, 300))
def test_an_observation_round_trips_through_json_and_shows_no_card_its_seat_may_not_know(
        data: st.DataObject, seed: int, length: int) -> None:
    variants = data.draw(st.sampled_from(COMPATIBLE), label="variants")
    rules = draw_ruleset(data, variants)
    match = play(rules.new_match(seed=seed), random.Random(seed), length)
    for seat in range(rules.players):
        seen = match.observation(seat)
        text = seen.to_json()
        assert MatchObservation.from_json(text) == seen
        assert MatchObservation.from_dict(json.loads(text)) == seen
        assert json.loads(text) == seen.to_dict()
        hand_text = seen.hand.to_json()
        assert HandObservation.from_json(hand_text.encode()) == seen.hand
        shown = {Card.parse(card) for card in CARD.findall(hand_text)}
        assert shown <= may_know(match.hand, seat), sorted(map(str, shown - may_know(match.hand, seat)))
        assert len(seen.hand.to_dict()["legal_actions"]) == len(seen.hand.legal_actions)


def test_the_json_shape_of_a_hand_observation() -> None:
    deck = hokm.full_deck()
    hand = hokm.Ruleset.compose().new_hand([deck[0:13], deck[13:26], deck[26:39], deck[39:52]], hakem=0,
                                           trump=Suit.HEARTS)
    hand = hand.play(Card.parse("A♠"))
    data = hand.observation(1).to_dict()
    assert list(data) == [field.name for field in attrs.fields(HandObservation) if field.eq]
    assert "ruleset" not in data  # context, outside equality: a client knows its rules
    assert data["hand_sizes"] == [12, 13, 13, 13] and data["trump_from"] == 0
    assert data["phase"] == "play" and data["trump"] == "♥" and data["to_act"] == 1
    assert data["current_trick"] == [[0, "A♠"]] and data["tricks"] == []
    assert data["hand"] == [str(card) for card in deck[13:26]]  # in deck order
    assert data["legal_actions"][0] == {"act": "play", "card": "2♥"}
    assert data["decisions"] == [] and data["offered"] is None and data["annulled"] is False
    assert hand.observation(2).to_dict()["legal_actions"] == []


def test_decisions_are_written_as_records_write_actions() -> None:
    rules = hokm.Ruleset.compose("hidden-trump")
    hand = rules.deal(list(hokm.full_deck()), hakem=0)
    hand = hand.apply(hand.legal_actions()[0])
    mine, theirs = hand.observation(0).to_dict(), hand.observation(1).to_dict()
    (indicator,) = hand.set_aside[0]
    assert mine["decisions"] == [{"seat": 0, "act": "hidden-trump/set-indicator", "card": str(indicator)}]
    assert mine["set_aside"] == [str(indicator)] and theirs["set_aside"] == []
    assert theirs["decisions"] == [{"seat": 0, "act": "hidden"}]
    assert HandObservation.from_dict(theirs) == hand.observation(1)


def test_a_match_observation_holds_its_hand_and_results() -> None:
    match = play(hokm.Ruleset.compose().new_match(seed=4), random.Random(4), 70)
    data = match.observation(2).to_dict()
    assert data["hand"] == match.observation(2).hand.to_dict()
    assert data["results"][0]["label"] == match.results[0].label and data["drawn"] is False
    assert set(data["results"][0]) == {field.name for field in attrs.fields(hokm.HandResult)}


def test_a_field_added_to_an_observation_is_written_by_its_type() -> None:
    @attrs.frozen
    class Wider(HandObservation):
        suits_out: tuple[frozenset[Suit], ...] = ()
        noted: frozenset[Card] = frozenset()
        counts: tuple[int, ...] = ()

    base = hokm.Ruleset.compose().deal(list(hokm.full_deck())).observation(0)
    wide = Wider(**{field.name: getattr(base, field.name) for field in attrs.fields(HandObservation)},
                 suits_out=(frozenset(), frozenset({Suit.CLUBS, Suit.SPADES})),
                 noted=frozenset({Card.parse("K♦"), Card.parse("2♣")}), counts=(13, 13, 13, 13))
    data = wide.to_dict()
    assert data["suits_out"] == [[], ["♠", "♣"]] and data["noted"] == ["K♦", "2♣"]  # deck order
    assert data["counts"] == [13, 13, 13, 13]
    assert Wider.from_dict(json.loads(json.dumps(data))) == wide


@pytest.mark.parametrize(("change", "fragment", "path"), [
    ({"phase": "bidding"}, "expected one of 'trump', 'draw', 'play', 'over'", "$.phase"),
    ({"trump": "H"}, "expected a suit symbol", "$.trump"),
    ({"hand": "A♠ K♠"}, "expected a list", "$.hand"),
    ({"hand": ["A♠", "1X"]}, "expected a card", "$.hand[1]"),
    ({"seat": True}, "expected an integer", "$.seat"),
    ({"legal_actions": [{"act": "fly"}]}, "unknown action 'fly'", "$.legal_actions[0].act"),
    ({"seat": 9}, "$.seat: 9 is not a seat: seats are 0..3", "$.seat"),
    ({"to_act": 4}, "4 is not a seat", "$.to_act"),
    ({"hakem": -1}, "-1 is not a seat", "$.hakem"),
    ({"current_trick": [[7, "A♠"]]}, "7 is not a seat", "$.current_trick[0]"),
])
def test_bad_observation_json_is_refused_naming_the_path(change: dict[str, Any], fragment: str,
                                                         path: str) -> None:
    data = hokm.Ruleset.compose().deal(list(hokm.full_deck())).observation(0).to_dict()
    data.update(change)
    with pytest.raises(hokm.RecordError, match=re.escape(fragment)) as caught:
        HandObservation.from_dict(data)
    assert caught.value.path == path
    missing = hokm.Ruleset.compose().deal(list(hokm.full_deck())).observation(0).to_dict()
    del missing["hakem"]
    with pytest.raises(hokm.RecordError, match="a HandObservation needs the key 'hakem'"):
        HandObservation.from_dict(missing)
    with pytest.raises(hokm.RecordError, match="not valid JSON"):
        HandObservation.from_json("{")


def test_an_unknown_key_is_skipped_unless_strict() -> None:
    """The bot protocol promises that new observation fields keep hokm-bot/1 (#32)."""
    view = hokm.Ruleset.compose().new_match(seed=4).observation(1)
    data = view.to_dict()
    data["colour"] = "red"
    data["hand"]["tricks_wanted"] = 7
    assert MatchObservation.from_dict(data) == view
    with pytest.raises(hokm.RecordError, match="unknown key 'colour' for a MatchObservation"):
        MatchObservation.from_dict(data, strict=True)
    with pytest.raises(hokm.RecordError, match="unknown key 'tricks_wanted' for a HandObservation") as caught:
        HandObservation.from_json(json.dumps(data["hand"]), strict=True)
    assert len(str(caught.value)) < 300 and caught.value.path == "$"


@pytest.mark.parametrize("text", [None, 5, ["{}"], {"seat": 0}])
def test_from_json_of_something_not_text_is_a_type_error(text: object) -> None:
    with pytest.raises(hokm.ArgumentTypeError, match=r"HandObservation.from_json\(\) takes JSON text"):
        HandObservation.from_json(text)  # type: ignore[arg-type]
    if not isinstance(text, dict):
        with pytest.raises(hokm.ArgumentTypeError, match="takes a mapping"):
            HandObservation.from_dict(text)  # type: ignore[arg-type]


def test_a_match_view_whose_hand_is_another_seats_is_refused() -> None:
    data = hokm.Ruleset.compose().new_match(seed=4).observation(1).to_dict()
    data["seat"] = 2
    with pytest.raises(hokm.RecordError, match="seat 2, but its hand is seat 1's view"):
        MatchObservation.from_dict(data)
