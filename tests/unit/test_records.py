"""Game records: what to_record writes, load_record reads back, and the JSON Schema accepts."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path
from typing import Any

import attrs
import jsonschema  # type: ignore[import-untyped]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests import option_space
from tests.option_space import COMPATIBLE, draw_ruleset, single_option_cases

import hokm
from hokm import Card, Suit
from hokm._io.records import decode_action, encode_action
from hokm.records import FORMAT, schema
from hokm.testing import BUNDLED_VARIANTS

VALIDATOR = jsonschema.Draft202012Validator(schema())

# Options may make two variants answer one hook (bavney's and redeal's decisions, at different
# moments): an overlap warning when a record's ruleset is composed again, not what this is about.
OVERLAPS_ALLOWED = pytest.mark.filterwarnings("ignore::hokm.errors.VariantOverlapWarning")

DECIDING = {"bavney": {"decide": True}, "court-piece": {"decide": True}}
"""Options that make the variants offer decisions (play on or not), so records hold them."""


def compose(variants: tuple[str, ...]) -> hokm.Ruleset:
    """The variants with their deciding options where the composition accepts them."""
    options = {name: DECIDING[name] for name in variants if name in DECIDING}
    if "double-sar" in variants:
        options.pop("court-piece", None)  # no 52-court to decide on under Double Sar
    return hokm.Ruleset.compose(*variants, options=options)


def through_json(record: dict[str, Any]) -> Any:
    return json.loads(json.dumps(record, ensure_ascii=False))


def valid(record: dict[str, Any]) -> None:
    errors = sorted(VALIDATOR.iter_errors(record), key=lambda error: list(error.path))
    assert not errors, "; ".join(f"{list(e.path)}: {e.message[:200]}" for e in errors[:3])


def play(state: Any, rng: random.Random, count: int) -> Any:
    for _ in range(count):
        if not state.legal_actions():
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


# Round trips --------------------------------------------------------------------------------------


def check_round_trip(match: hokm.MatchState, rng: random.Random) -> None:
    """The record of ``match`` is valid, reloads to an equal match, and both play on alike."""
    record = through_json(match.to_record())
    valid(record)
    again = hokm.load_record(record)
    assert isinstance(again, hokm.MatchState)
    assert again == match and hash(again) == hash(match)
    assert through_json(again.to_record()) == record
    assert again.results == match.results and again.hand.plays == match.hand.plays
    assert again.is_drawn == match.is_drawn and again.first_seat == match.first_seat
    for seat in range(match.ruleset.players):
        assert again.observation(seat) == match.observation(seat)
    for _ in range(120):  # the same actions give the same states: deals from the seed included
        if match.is_over:
            break
        action = rng.choice(match.legal_actions())
        match, again = match.apply(action), again.apply(action)
        assert again == match


@OVERLAPS_ALLOWED
@settings(max_examples=150, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**70) | st.text(max_size=8), policy=st.integers(0, 2**32),
       length=st.integers(0, 700))
def test_a_match_record_reloads_to_an_equal_match_that_plays_on_identically(
        data: st.DataObject, seed: int | str, policy: int, length: int) -> None:
    variants = data.draw(st.sampled_from(COMPATIBLE), label="variants")
    rules = draw_ruleset(data, variants)
    first_seat = data.draw(st.integers(0, rules.players - 1), label="first_seat")
    rng = random.Random(policy)
    match = play(rules.new_match(seed=seed, first_seat=first_seat), rng, length)
    check_round_trip(match, rng)


@OVERLAPS_ALLOWED
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_hand_record_reloads_to_an_equal_hand(data: st.DataObject) -> None:
    variants = data.draw(st.sampled_from(COMPATIBLE), label="variants")
    rules = draw_ruleset(data, variants)
    redeals = data.draw(st.integers(0, 2), label="redeals")
    hand = rules.deal(random.Random(data.draw(st.integers(0, 2**32), label="deal")), hakem=data.draw(
        st.integers(0, rules.players - 1), label="hakem"), redeals=redeals)
    state = play(hand, random.Random(data.draw(st.integers(0, 2**32), label="policy")),
                 data.draw(st.integers(0, 80), label="length"))
    record = through_json(state.to_record())
    valid(record)
    again = hokm.load_record(record)
    assert isinstance(again, hokm.HandState)
    assert again == state and hash(again) == hash(state) and again.redeals == redeals
    for seat in range(rules.players):
        assert again.observation(seat) == state.observation(seat)
    assert again.legal_actions() == state.legal_actions()
    assert through_json(again.to_record()) == record


@pytest.mark.parametrize("variants", COMPATIBLE, ids=lambda v: "+".join(v) or "standard")
def test_every_compatible_set_records_a_whole_match(variants: tuple[str, ...]) -> None:
    rules = compose(variants)
    match = play(rules.new_match(seed="+".join(variants)), random.Random(3), 10_000)
    assert match.is_over
    record = through_json(match.to_record())
    valid(record)
    assert record["winner"] == match.winner and record["drawn"] == match.is_drawn
    assert len(record["hands"]) == len(match.results) + sum(hand.get("annulled", False)
                                                            for hand in record["hands"])
    assert hokm.load_record(record) == match


@OVERLAPS_ALLOWED
@pytest.mark.parametrize(("variants", "options"), [case[1:] for case in single_option_cases()],
                         ids=[case[0] for case in single_option_cases()])
def test_every_option_value_records_a_whole_match(variants: tuple[str, ...],
                                                  options: dict[str, dict[str, Any]]) -> None:
    rules = option_space.compose(variants, options)
    rng = random.Random(5)
    match = play(rules.new_match(seed=f"{variants}{options}"), rng, 10_000)
    assert match.is_over
    check_round_trip(match, rng)
    half = play(rules.new_match(seed=f"half {variants}{options}"), rng, 37)
    check_round_trip(half, rng)


def test_the_option_space_holds_every_option_of_every_bundled_variant() -> None:
    assert set(option_space.OPTION_VALUES) == set(BUNDLED_VARIANTS)
    for name, values in [("standard", option_space.STANDARD_VALUES), *option_space.OPTION_VALUES.items()]:
        plugin = dict(hokm.Ruleset.compose(*([] if name == "standard" else [name])).plugins)[name]
        assert set(values) == set(hokm.Ruleset.compose(*([] if name == "standard" else [name]))
                                  .option_values[name]), name
        for option, choices in values.items():
            assert choices[0] == getattr(plugin, option), f"{name}.{option}: the default comes first"


def test_decisions_are_recorded_where_they_were_taken() -> None:
    rules = compose(("bavney",))
    for seed in range(200):
        match = play(rules.new_match(seed=seed), random.Random(seed), 10_000)
        acts = [action["act"] for hand in match.to_record()["hands"] for action in hand["actions"]]
        if "play-on" in acts:
            break
    else:
        pytest.fail("no play-on decision in 200 matches")
    assert hokm.load_record(match.to_record()) == match


def test_the_record_of_a_fresh_match_and_of_a_match_between_hands() -> None:
    rules = hokm.Ruleset.compose()
    match = rules.new_match(seed=1)
    record = match.to_record()
    assert [hand["actions"] for hand in record["hands"]] == [[]]
    assert record["hands"][0]["result"] is None and record["winner"] is None
    assert hokm.load_record(record) == match
    finished = match.playout_hand(random.Random(1))  # the next hand is dealt, not yet called
    record = finished.to_record()
    assert len(record["hands"]) == 2 and record["hands"][1]["actions"] == []
    assert hokm.load_record(record) == finished
    del record["hands"][1]  # a record may end with a finished hand: the seed deals the next
    assert hokm.load_record(record) == finished


def test_an_explicit_first_deck_is_recorded_and_replayed() -> None:
    rules = hokm.Ruleset.compose()
    deck = list(reversed(hokm.full_deck()))
    match = play(rules.new_match(seed=9, deck=deck), random.Random(2), 80)
    record = match.to_record()
    assert record["hands"][0]["deck"] == [str(card) for card in deck]
    again = hokm.load_record(record)
    assert isinstance(again, hokm.MatchState)
    assert again == match and again.deck_for(1) == tuple(deck) and again.deck_for(2) == match.deck_for(2)


def test_a_record_without_a_seed_replays_its_hands_and_goes_on_from_a_fresh_seed() -> None:
    rules = hokm.Ruleset.compose()
    match = play(rules.new_match(seed=4), random.Random(4), 100)
    record = match.to_record(seed=False)
    assert "seed" not in record
    one, two = hokm.load_record(record), hokm.load_record(record)
    assert isinstance(one, hokm.MatchState)
    assert isinstance(two, hokm.MatchState)
    assert one.hand == match.hand and one.results == match.results and one.scores == match.scores
    assert one.seed != match.seed and one != match
    assert one.deck_for(match.hand_number) == match.deck_for(match.hand_number)
    assert one.deck_for(match.hand_number + 1) != two.deck_for(match.hand_number + 1)
    assert two.hand == one.hand and two.scores == one.scores
    valid(record)


def test_hands_no_deck_order_deals_are_recorded_as_hands() -> None:
    rules = hokm.Ruleset.compose("two-player")
    deck = hokm.full_deck()
    hand = play(rules.new_hand([deck[10:23], deck[30:43]], hakem=1), random.Random(1), 9)
    record = hand.to_record()
    assert "deck" not in record["hand"]
    assert set(record["hand"]["hands"][1][:5]) == {str(card) for card in deck[30:35]}  # first packet first
    valid(record)
    assert hokm.load_record(record) == hand


def test_a_hand_started_with_its_trump_records_the_call() -> None:
    rules = hokm.Ruleset.compose()
    deck = hokm.full_deck()
    hand = rules.new_hand([deck[0:13], deck[13:26], deck[26:39], deck[39:52]], hakem=2, trump=Suit.CLUBS)
    record = hand.to_record()
    assert record["hand"]["actions"] == [{"seat": 2, "act": "call", "suit": "♣"}]
    assert hokm.load_record(record) == hand


def test_a_finished_hand_record_holds_its_result() -> None:
    rules = hokm.Ruleset.compose()
    hand = play(rules.deal(random.Random(5), hakem=3), random.Random(5), 100)
    assert hand.is_over
    result = hand.to_record()["hand"]["result"]
    assert hand.trump is not None
    assert result["winner"] == hand.result().winner and result["trump"] == hand.trump.value
    assert set(result) == {"winner", "points", "kot", "label", "team_tricks", "trump", "next_hakem",
                           "tricks_played"}


# Sources ------------------------------------------------------------------------------------------


MATCH = play(hokm.Ruleset.compose().new_match(seed="sources"), random.Random(8), 150)
TEXT = json.dumps(MATCH.to_record(), ensure_ascii=False)


@pytest.mark.parametrize("source", [
    TEXT, TEXT.encode("utf-8"), b"\xef\xbb\xbf" + TEXT.encode("utf-8"), gzip.compress(TEXT.encode("utf-8")),
    json.loads(TEXT), bytearray(TEXT.encode("utf-8")),
], ids=["str", "bytes", "bom", "gzip", "dict", "bytearray"])
def test_a_record_loads_from_text_bytes_gzip_and_data(source: Any) -> None:
    assert hokm.load_record(source) == MATCH


def test_a_record_loads_from_a_path_and_a_str_is_never_a_path(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    path.write_text(TEXT, encoding="utf-8")
    assert hokm.load_record(path) == MATCH
    (tmp_path / "match.json.gz").write_bytes(gzip.compress(TEXT.encode()))
    assert hokm.load_record(tmp_path / "match.json.gz") == MATCH
    with pytest.raises(hokm.RecordError, match="not valid JSON"):
        hokm.load_record(str(path))
    with pytest.raises(FileNotFoundError):
        hokm.load_record(tmp_path / "missing.json")


def test_a_spec_of_another_version_warns_or_in_strict_mode_is_refused() -> None:
    record = json.loads(TEXT)
    record["ruleset"]["variants"][0]["version"] = "0.0.1"
    with pytest.warns(hokm.SpecVersionWarning):
        assert hokm.load_record(record) == MATCH
    refused = r"^\$\.ruleset: the ruleset cannot be composed: .*0\.0\.1"
    with pytest.raises(hokm.RecordError, match=refused) as caught:
        hokm.load_record(record, strict=True)
    assert isinstance(caught.value.__cause__, hokm.RulesetError)


# Metadata -----------------------------------------------------------------------------------------


def test_metadata_is_copied_as_plain_json_data() -> None:
    clock = [[1.5] * len(hand["actions"]) for hand in MATCH.to_record()["hands"]]
    metadata = {"players": ("Ana", "Bo", "Cy", "Di"), "event": "club night", "date": "2026-03-01",
                "clock": clock, "table": {"id": 7, "tags": ["friendly"]}}
    record = MATCH.to_record(metadata)
    assert record["metadata"]["players"] == ["Ana", "Bo", "Cy", "Di"]
    assert record["metadata"]["table"] == {"id": 7, "tags": ["friendly"]}
    valid(through_json(record))
    assert hokm.load_record(record) == MATCH


@pytest.mark.parametrize(("metadata", "fragment"), [
    ({"players": [object()]}, "expected JSON data"),
    ({"note": "x" * 20_000}, "longer than the limit of 10,000"),
    ({"rating": float("nan")}, "nan is not a JSON number"),
    ({1: "one"}, "object keys are strings"),
    ("Ana, Bo", "metadata must be a mapping"),
    ({"big": 2**100}, "too large an integer"),
])
def test_metadata_that_is_not_json_data_is_refused_when_writing(metadata: Any, fragment: str) -> None:
    with pytest.raises(hokm.RecordError, match=fragment):
        MATCH.to_record(metadata)


# Actions ------------------------------------------------------------------------------------------


def test_the_built_in_actions_have_short_tags() -> None:
    tags = {cls.__name__: cls.tag for cls in (hokm.PlayCard, hokm.CallTrump, hokm.DrawCard, hokm.PlayOn)}
    assert tags == {"PlayCard": "play", "CallTrump": "call", "DrawCard": "draw", "PlayOn": "play-on"}
    for cls in (hokm.PlayCard, hokm.CallTrump, hokm.DrawCard, hokm.PlayOn):
        assert hokm.Action.tagged(cls.tag) is cls


@attrs.frozen
class TurnUpCard(hokm.Action):
    """A test action with every kind of field records can hold; its tag comes from its name."""

    shown: Card
    asked: hokm.Seat
    suit: Suit | None = None
    last: tuple[Card, ...] = ()
    count: int = 0
    note: str = ""
    face_up: bool = False
    among: frozenset[Card] = frozenset()


@attrs.frozen
class Concede(hokm.Action):
    tag = "test-records/concede"

    tricks: int


def test_a_new_action_class_is_written_from_its_fields_without_touching_the_records_module() -> None:
    assert TurnUpCard.tag == "turn-up-card" and hokm.Action.tagged("turn-up-card") is TurnUpCard
    action = TurnUpCard(Card.parse("10♥"), hokm.Seat(2), Suit.SPADES, (Card.parse("A♠"), Card.parse("2♣")),
                         3, "hm", True, frozenset({Card.parse("K♦"), Card.parse("Q♠")}))
    entry = encode_action(1, action)
    assert entry == {"seat": 1, "act": "turn-up-card", "shown": "10♥", "asked": 2, "suit": "♠",
                     "last": ["A♠", "2♣"], "count": 3, "note": "hm", "face_up": True, "among": ["K♦", "Q♠"]}
    assert decode_action(through_json(entry), "$", None, None) == (1, action)
    short = {"seat": 0, "act": "turn-up-card", "shown": "2♥", "asked": 0}  # defaults may be left out
    assert decode_action(short, "$", None, None) == (0, TurnUpCard(Card.parse("2♥"), hokm.Seat(0)))
    assert decode_action({"seat": 3, "act": "test-records/concede", "tricks": 4}, "$", None, None) == (
        3, Concede(4))


@pytest.mark.parametrize(("entry", "fragment"), [
    ({"seat": 0, "act": "turn-up-card", "asked": 0}, "action 'turn-up-card' needs 'shown'"),
    ({"seat": 0, "act": "turn-up-card", "shown": "2♥", "asked": "0"}, "expected an integer, got '0'"),
    ({"seat": 0, "act": "turn-up-card", "shown": "2♥", "asked": 0, "face_up": 1}, "expected true or false"),
    ({"seat": 0, "act": "turn-up-card", "shown": "2♥", "asked": 0, "last": "A♠"}, "expected a list"),
    ({"seat": 0, "act": "test-records/concede", "tricks": True}, "expected an integer, got True"),
    ({"seat": 0, "act": "draw", "keep": "yes"}, "expected true or false, got 'yes'"),
])
def test_a_bad_field_of_an_action_is_refused(entry: dict[str, Any], fragment: str) -> None:
    with pytest.raises(hokm.RecordError, match=fragment):
        decode_action(entry, "$.hand.actions[0]", 1, 0)


def test_a_tag_is_unique_and_well_formed() -> None:
    with pytest.raises(hokm.InvalidArgumentError, match=r"action tag 'play' .* is already taken by "
                                                         r"hokm\.actions\.PlayCard"):
        type("Other", (hokm.Action,), {"tag": "play"})
    with pytest.raises(hokm.InvalidArgumentError, match="must be a short lower-case name"):
        type("Shout", (hokm.Action,), {"tag": "LOUD NAME"})


def test_an_action_with_a_field_records_cannot_hold_is_refused_when_writing() -> None:
    @attrs.frozen
    class Odd(hokm.Action):
        tag = "test-records/odd"
        value: float

    with pytest.raises(hokm.RecordError, match="field 'value' has type 'float', which records cannot hold"):
        encode_action(0, Odd(1.5))


# The schema ---------------------------------------------------------------------------------------


def test_the_schema_is_a_valid_draft_2020_12_schema_and_names_the_format() -> None:
    jsonschema.Draft202012Validator.check_schema(schema())
    assert schema()["properties"]["format"]["const"] == FORMAT


def test_the_schema_allows_annulled_hands_and_refuses_wrong_shapes() -> None:
    record = json.loads(TEXT)
    record["hands"][-1].update(annulled=True, result=None)
    valid(record)
    for path, value in [(("hands", 0, "deck", 0), "1X"), (("hands", 0, "actions", 0, "act"), "Play"),
                        (("format",), "hokm-record/2"), (("hands", 0, "actions", 1, "card"), 5)]:
        broken = json.loads(TEXT)
        node: Any = broken
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        assert list(VALIDATOR.iter_errors(broken)), path
    broken = json.loads(TEXT)
    broken["hands"][0].update(annulled=True)
    assert list(VALIDATOR.iter_errors(broken)), "an annulled hand with a result"


def test_every_bundled_action_declares_its_tag_so_records_do_not_depend_on_import_order() -> None:
    import importlib

    for name in BUNDLED_VARIANTS:
        module = importlib.import_module(f"hokm_variants.{name.replace('-', '_')}")
        for value in vars(module).values():
            own = isinstance(value, type) and value.__module__ == module.__name__
            if own and issubclass(value, hokm.Action):
                assert "tag" in value.__dict__, f"{value.__qualname__} has no tag of its own"
                assert value.tag.startswith(f"{name}/"), value.tag


@pytest.mark.parametrize("order", [("troefcall", "redeal"), ("redeal", "troefcall")])
def test_two_claim_redeal_classes_keep_their_tags_whatever_the_import_order(order: tuple[str, str]) -> None:
    import subprocess
    import sys

    code = "; ".join(f"import hokm_variants.{name} as {name}" for name in order)
    code += "; print(troefcall.ClaimRedeal.tag, redeal.ClaimRedeal.tag)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["troefcall/claim-redeal", "redeal/claim"]


def test_a_record_load_record_would_refuse_is_not_written(monkeypatch: pytest.MonkeyPatch) -> None:
    from hokm._io import writing  # the writer's limits, the ones load_record reads

    match = play(hokm.Ruleset.compose().new_match(seed=6), random.Random(6), 200)
    assert hokm.load_record(match.to_record()) == match
    monkeypatch.setattr(writing, "MAX_HANDS", len(match.results))  # one hand fewer than it holds
    with pytest.raises(hokm.RecordError, match=r"^\$\.hands: the record would hold .* load_record would "
                                               "refuse it") as caught:
        match.to_record()
    assert caught.value.path == "$.hands"
    monkeypatch.setattr(writing, "MAX_HANDS", 10_000)
    monkeypatch.setattr(writing, "MAX_HAND_ACTIONS", 3)
    with pytest.raises(hokm.RecordError, match="the record would hold"):
        match.hand.to_record()
