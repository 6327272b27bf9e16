"""The corrupt-record catalogue: every bad record gets a RecordError saying where and what.

Each row takes a good record (a seeded standard match, two hands finished and the third
under way), breaks one thing, and names a fragment the error message must hold (and, where
it matters, the JSON path). Loading never returns a state for any of them.
"""

from __future__ import annotations

import copy
import gzip
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import hokm
from hokm.records import MAX_ACTIONS, MAX_HAND_ACTIONS, MAX_HANDS, MAX_RECORD_BYTES, MAX_TEXT_LENGTH

RULES = hokm.Ruleset.compose()


def _base_match() -> hokm.MatchState:
    match = RULES.new_match(seed=2026)
    rng = random.Random(7)
    while match.hand_number < 3 or len(match.hand.plays) < 10:
        match = match.apply(rng.choice(match.legal_actions()))
    return match


MATCH = _base_match()
RECORD: dict[str, Any] = json.loads(json.dumps(MATCH.to_record({"players": ["Ana", "Bo", "Cy", "Di"]})))
HAND_RECORD: dict[str, Any] = json.loads(json.dumps(MATCH.hand.to_record()))


def _finished_match() -> dict[str, Any]:
    match = RULES.new_match(seed=5)
    rng = random.Random(5)
    while not match.is_over:
        match = match.apply(rng.choice(match.legal_actions()))
    record: dict[str, Any] = json.loads(json.dumps(match.to_record()))
    return record


FINISHED = _finished_match()

Mutation = Callable[[dict[str, Any]], Any]


def first_play(record: dict[str, Any], hand: int) -> int:
    """The index of the first 'play' action of ``hand`` (0-based)."""
    actions = record["hands"][hand]["actions"]
    return next(i for i, a in enumerate(actions) if a["act"] == "play")


def _set(path: str, value: Any) -> Mutation:
    """Set the value at a dotted path such as ``hands.1.deck.0``."""
    def mutate(record: dict[str, Any]) -> dict[str, Any]:
        *parents, last = path.split(".")
        node: Any = record
        for key in parents:
            node = node[int(key)] if key.isdigit() else node[key]
        node[int(last) if last.isdigit() else last] = value
        return record
    return mutate


def _delete(path: str) -> Mutation:
    def mutate(record: dict[str, Any]) -> dict[str, Any]:
        *parents, last = path.split(".")
        node: Any = record
        for key in parents:
            node = node[int(key)] if key.isdigit() else node[key]
        del node[int(last) if last.isdigit() else last]
        return record
    return mutate


def _text(transform: Callable[[str], Any]) -> Mutation:
    return lambda record: transform(json.dumps(record, ensure_ascii=False))


def illegal_follow() -> tuple[int, str]:
    """In hand 2: the action index of a play whose seat could follow suit, and a card that does not."""
    hand = MATCH.finished_hands[1]
    held = [set(cards) for cards in hand.hands]
    for seat, card in hand.plays:
        held[seat].add(card)
    players = RULES.players
    for number, (seat, card) in enumerate(hand.plays):
        led = hand.plays[number - number % players][1].suit
        others = sorted((c for c in held[seat] if c.suit is not led), key=lambda c: c.sort_key)
        if number % players and card.suit is led and others:
            return number + 1, str(others[0])  # action 0 is the trump call
        held[seat].discard(card)
    raise AssertionError("no play that had to follow suit")


def _illegal_follow(record: dict[str, Any]) -> dict[str, Any]:
    index, card = illegal_follow()
    record["hands"][1]["actions"][index]["card"] = card
    return record


def _out_of_turn(record: dict[str, Any]) -> dict[str, Any]:
    action = record["hands"][0]["actions"][first_play(record, 0) + 1]
    action["seat"] = (action["seat"] + 1) % 4
    return record


def _extra_action(record: dict[str, Any]) -> dict[str, Any]:
    record["hands"][0]["actions"].append(dict(record["hands"][1]["actions"][1]))
    return record


def _drop_last_action(record: dict[str, Any]) -> dict[str, Any]:
    record["hands"][0]["actions"].pop()
    return record


def _after_the_end(record: dict[str, Any]) -> dict[str, Any]:
    extra = copy.deepcopy(record["hands"][-1])
    extra["result"], extra["actions"] = None, []
    extra.pop("scores")
    record["hands"].append(extra)
    return record


def _many_actions(record: dict[str, Any]) -> dict[str, Any]:
    record["hands"][2]["actions"] = [{"seat": 0, "act": "play", "card": "A♠"}] * 10**6
    return record


def _many_in_all(record: dict[str, Any]) -> dict[str, Any]:
    hand = {**record["hands"][2], "actions": [{"seat": 0, "act": "play", "card": "A♠"}] * MAX_HAND_ACTIONS}
    record["hands"] = [hand] * (MAX_ACTIONS // MAX_HAND_ACTIONS + 1)
    return record


def _deep(record: dict[str, Any]) -> dict[str, Any]:
    nested: Any = "x"
    for _ in range(40):
        nested = [nested]
    record["metadata"]["notes"] = nested
    return record


def _gzip_truncated(record: dict[str, Any]) -> bytes:
    data = gzip.compress(json.dumps(record).encode())
    return data[: len(data) // 2]


CATALOGUE: list[tuple[str, Mutation, str, str | None]] = [
    # (id, break the record, fragment of the message, JSON path of the error)
    ("format-version", _set("format", "hokm-record/2"), "unknown record format 'hokm-record/2'", "$.format"),
    ("format-missing", _delete("format"), "unknown record format None", "$.format"),
    ("format-other", _set("format", "pgn"), "this hokm reads 'hokm-record/1'", "$.format"),
    ("kind", _set("kind", "game"), "'kind' must be 'match' or 'hand', got 'game'", "$.kind"),
    ("unknown-key", _set("comment", "hi"), "unknown key 'comment'", "$"),
    ("missing-hands", _delete("hands"), "a match record needs the key 'hands'", "$"),
    ("not-an-object", lambda record: json.dumps([record]), "a record is a JSON object, got a list", "$"),
    ("not-a-record-type", lambda record: [record], "a record is JSON text (str), bytes, a path", "$"),
    ("unknown-variant", _set("ruleset.variants", [{"name": "standard"}, {"name": "no-such-variant"}]),
     "the ruleset cannot be composed: no variant named 'no-such-variant' is installed", "$.ruleset"),
    ("option-out-of-range", _set("ruleset.variants.0.options.target", -1),
     "variant 'standard', option 'target'", "$.ruleset"),
    ("ruleset-not-a-spec", _set("ruleset", "standard"), "'ruleset' is a ruleset spec", "$.ruleset"),
    ("seed-float", _set("seed", 1.5), "'seed' must be an integer or a string", "$.seed"),
    ("seed-huge", _set("seed", 2**2000), "the seed is longer than the limit of 1,024 bits", "$.seed"),
    ("draw-twice", _set("first_hakem_draw.1", RECORD["first_hakem_draw"][0]), "appears twice in the deck",
     "$.first_hakem_draw"),
    ("deck-dealt-twice", _set("hands.1.deck.5", RECORD["hands"][1]["deck"][9]),
     f"{RECORD['hands'][1]['deck'][9]} appears twice in the deck", "$.hands[1].deck"),
    ("deck-short", _delete("hands.1.deck.0"), "the deck has 51 cards; this ruleset deals 52 (missing: ",
     "$.hands[1].deck"),
    ("deck-not-a-card", _set("hands.0.deck.3", "1X"), "expected a card written as hokm writes it, such as "
     "'A♠' or '10♥', got '1X'", "$.hands[0].deck[3]"),
    ("deck-other-notation", _set("hands.0.deck.3", "as"), "got 'as'", "$.hands[0].deck[3]"),
    ("deck-missing", _delete("hands.0.deck"), "a hand gives either its 'deck' or its 'hands'", "$.hands[0]"),
    ("illegal-card", _illegal_follow, "illegal play", None),
    ("out-of-turn", _out_of_turn, "but seat", None),
    ("unknown-action", _set("hands.0.actions.0.act", "bid"), "unknown action 'bid': hokm and the "
     "loaded variants define", "$.hands[0].actions[0].act"),
    ("action-card-type", _set("hands.0.actions.1.card", 5), "expected a card such as 'A♠' or '10♥', got 5 "
     "(an int)", "$.hands[0].actions[1].card"),
    ("action-extra-key", _set("hands.0.actions.1.note", "!"), "unknown key 'note' for action 'play' (its "
     "fields: card)", "$.hands[0].actions[1]"),
    ("action-no-seat", _delete("hands.0.actions.1.seat"), "'seat' must be a seat number, got None",
     "$.hands[0].actions[1].seat"),
    ("action-list", _set("hands.0.actions.1", ["play", "A♠"]), "an action is an object",
     "$.hands[0].actions[1]"),
    ("call-bad-suit", _set("hands.0.actions.0.suit", "x"), "expected a suit symbol: ♠, ♥, ♦ or ♣, got 'x'",
     "$.hands[0].actions[0].suit"),
    ("call-missing-suit", _delete("hands.0.actions.0.suit"), "action 'call' needs 'suit'",
     "$.hands[0].actions[0]"),
    ("draw-in-standard", _set("hands.0.actions.0", {"seat": RECORD["hands"][0]["hakem"], "act": "draw",
                                                      "keep": True}),
     "illegal action keep by seat", "$.hands[0].actions[0]"),
    ("result-points", _set("hands.0.result.points", 2), "the recorded result disagrees with the replay: "
     "'points' is 2 in the record, 1 in the replay", "$.hands[0].result.points"),
    ("result-winner", _set("hands.0.result.winner", 1 - RECORD["hands"][0]["result"]["winner"]),
     "'winner' is", "$.hands[0].result.winner"),
    ("result-bool-for-int", _set("hands.0.result.points", True), "'points' is True in the record",
     "$.hands[0].result.points"),
    ("result-missing-key", _delete("hands.0.result.label"), "'result' lacks 'label'", "$.hands[0].result"),
    ("result-null-when-over", _set("hands.0.result", None), "the hand is over after its",
     "$.hands[0].result"),
    ("result-when-not-over", _drop_last_action, "is not over after its", "$.hands[0].result"),
    ("scores", _set("hands.1.scores", [5, 0]), "'scores' is [5, 0], but the replay gives",
     "$.hands[1].scores"),
    ("final-scores", _set("scores", [0, 9]), "'scores' is [0, 9], but the replay gives", "$.scores"),
    ("winner", _set("winner", 0), "'winner' is 0, but the replay gives None", "$.winner"),
    ("hakem", _set("hands.1.hakem", (RECORD["hands"][1]["hakem"] + 1) % 4), "the rules make seat",
     "$.hands[1].hakem"),
    ("hakem-not-a-seat", _set("hands.1.hakem", 7), "'hakem' must be an integer from 0 to 3, got 7",
     "$.hands[1].hakem"),
    ("first-hakem", _set("hands.0.hakem", (RECORD["hands"][0]["hakem"] + 1) % 4),
     "but the first-Hakem draw makes seat", "$.hands[0].hakem"),
    ("seating", _set("seating", [0, 2, 1, 3]), "'seating' is [0, 2, 1, 3], but the first-Hakem draw seats",
     "$.seating"),
    ("one-action-too-many", _extra_action, "this action is one too many", None),
    ("annulled", _set("hands.2.annulled", True), "marked annulled, but its replay does not annul it",
     "$.hands[2].annulled"),
    ("annulled-with-result", _set("hands.0.annulled", True), "an annulled hand has no result",
     "$.hands[0].result"),
    ("actions-not-a-list", _set("hands.0.actions", "play A♠"), "'actions' must be a list, got a str",
     "$.hands[0].actions"),
    ("hand-scores-in-progress", _set("hands.2.scores", [1, 1]), "a hand that is not over has no 'scores'",
     "$.hands[2].scores"),
    ("metadata-not-object", _set("metadata", ["Ana"]), "'metadata' is an object, got a list", "$.metadata"),
    ("metadata-nan", _text(lambda text: text.replace('"players"', '"rating": NaN, "players"')),
     "NaN is not a JSON number", "$"),
    ("metadata-deep", _deep, "nested deeper than the limit of 32", None),
    ("clock-length", _set("metadata.clock", [[1.0], [], []]), "1 clock times for", "$.metadata.clock[0]"),
    ("clock-negative", _set("metadata.clock", [[-1.0] * len(h["actions"]) for h in RECORD["hands"]]),
     "a clock time is a number of seconds (0 or more), got -1.0", "$.metadata.clock[0][0]"),
    ("player-name-10-mb", _set("metadata.players.0", "x" * 10_000_000),
     f"a string of 10,000,000 characters is longer than the limit of {MAX_TEXT_LENGTH:,}",
     "$.metadata.players[0]"),
    ("million-actions", _many_actions, f"more than the limit of {MAX_HAND_ACTIONS:,}", "$.hands[2].actions"),
    ("too-many-actions", _many_in_all, f"more than the limit of {MAX_ACTIONS:,}", "$.hands"),
    ("too-many-hands", lambda record: {**record, "hands": record["hands"][:1] * (MAX_HANDS + 1)},
     f"more than the limit of {MAX_HANDS:,}", "$.hands"),
    ("after-the-match", lambda record: _after_the_end(copy.deepcopy(FINISHED)), "yet the record goes on",
     None),
    ("truncated", _text(lambda text: text[: len(text) * 2 // 3]),
     "the text ends early: is the record truncated?", "$"),
    ("not-json", lambda record: "hokm: seat 0 plays A♠", "not valid JSON: Expecting value at line 1", "$"),
    ("duplicate-key", _text(lambda text: text.replace('"kind": "match"', '"kind": "match", "kind": "hand"')),
     "the key 'kind' appears twice in one object", "$"),
    ("huge-number", _text(lambda text: text.replace('"first_hakem_draw"',
                                                    '"x": ' + "9" * 5000 + ', "first_hakem_draw"')),
     "not a record: Exceeds the limit", "$"),
    ("non-utf-8", lambda record: json.dumps(record, ensure_ascii=False).encode("utf-8").replace(
        "♠".encode(), b"\xff\xfe", 1), "not UTF-8 text: byte 0xff at offset", "$"),
    ("utf-16", lambda record: json.dumps(record).encode("utf-16"), "not UTF-8 text: byte 0xff at offset 0",
     "$"),
    ("gzip-truncated", _gzip_truncated, "the gzip data ends early", "$"),
    ("too-large", lambda record: b" " * (MAX_RECORD_BYTES + 1), "larger than the limit of 33,554,432 bytes",
     "$"),
    ("not-a-number-of-a-record", lambda record: 42, "a record is JSON text (str), bytes, a path", "$"),
]


@pytest.mark.parametrize(("break_it", "fragment", "path"), [row[1:] for row in CATALOGUE],
                         ids=[row[0] for row in CATALOGUE])
def test_a_corrupt_record_is_refused_saying_where_and_what(break_it: Mutation, fragment: str,
                                                           path: str | None) -> None:
    source = break_it(copy.deepcopy(RECORD))
    with pytest.raises(hokm.RecordError) as caught:
        hokm.load_record(source)
    message = str(caught.value)
    assert fragment in message, message[:500]
    assert len(message) < 2000, "a message never echoes a huge value"
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, hokm.HokmError)
    if path is not None:
        assert caught.value.path == path, message[:500]
        assert message.startswith(path) or f"({path})" in message


def test_the_catalogue_is_large_and_its_ids_unique() -> None:
    ids = [row[0] for row in CATALOGUE]
    assert len(ids) >= 25 and len(set(ids)) == len(ids)


def test_an_illegal_card_lists_the_legal_ones_and_names_hand_action_and_path() -> None:
    with pytest.raises(hokm.RecordError) as caught:
        hokm.load_record(_illegal_follow(copy.deepcopy(RECORD)))
    error = caught.value
    index = illegal_follow()[0]
    assert (error.hand, error.action, error.path) == (2, index, f"$.hands[1].actions[{index}]")
    assert str(error).startswith(f"hand 2, action {index} ($.hands[1].actions[{index}]): illegal play ")
    assert "must follow" in str(error) and "(legal: " in str(error)
    assert isinstance(error.__cause__, hokm.IllegalPlayError)


def test_an_out_of_turn_action_names_both_seats() -> None:
    with pytest.raises(hokm.RecordError) as caught:
        hokm.load_record(_out_of_turn(copy.deepcopy(RECORD)))
    acting = RECORD["hands"][0]["actions"][first_play(RECORD, 0) + 1]["seat"]
    assert f"seat {(acting + 1) % 4} acts (play " in str(caught.value)
    assert f"but seat {acting} is to act" in str(caught.value)


HAND_CATALOGUE: list[tuple[str, Mutation, str, str]] = [
    ("hand-with-match-keys", _set("hands", []), "unknown key 'hands'", "$"),
    ("hand-deck-and-hands", _set("hand.hands", [["A♠"]]), "either its 'deck' or its 'hands'", "$.hand"),
    ("hand-scores", _set("hand.scores", [0, 0]), "a hand record has no 'scores'", "$.hand.scores"),
    ("hand-illegal", _set("hand.actions.1.card", "A♣" if HAND_RECORD["hand"]["actions"][1]["card"] != "A♣"
                          else "K♣"), "illegal play", "$.hand.actions[1]"),
    ("hand-short-hands", lambda record: {**record, "hand": {
        **{k: v for k, v in record["hand"].items() if k != "deck"},
        "hands": [record["hand"]["deck"][:13], record["hand"]["deck"][13:26], record["hand"]["deck"][26:39],
                  record["hand"]["deck"][39:51]]}}, "every hand needs 13", "$.hand.hands"),
]


@pytest.mark.parametrize(("break_it", "fragment", "path"), [row[1:] for row in HAND_CATALOGUE],
                         ids=[row[0] for row in HAND_CATALOGUE])
def test_a_corrupt_hand_record_is_refused(break_it: Mutation, fragment: str, path: str) -> None:
    with pytest.raises(hokm.RecordError) as caught:
        hokm.load_record(break_it(copy.deepcopy(HAND_RECORD)))
    assert fragment in str(caught.value) and caught.value.path == path, str(caught.value)[:300]


# Records of the decision moments: annulled hands, drawn matches, choices and announcements -----


def _played(rules: hokm.Ruleset, seed: int, until: Callable[[hokm.MatchState], bool]) -> hokm.MatchState:
    """A seeded match played at random until ``until`` holds."""
    match = rules.new_match(seed=seed)
    rng = random.Random(seed)
    while not until(match):
        match = match.apply(rng.choice(match.legal_actions()))
    return match


def _record(match: hokm.MatchState) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(json.dumps(match.to_record()))
    return record


def _redealt() -> dict[str, Any]:
    """A redeal match whose first deal was thrown in, the second under way."""
    rules = hokm.Ruleset.compose("redeal")
    for seed in range(200):
        match = _played(rules, seed, lambda m: (m.hand_number >= 2 and len(m.hand.plays) >= 8) or m.is_over)
        if match.finished_hands[0].is_annulled:
            return _record(match)
    raise AssertionError("no thrown-in first deal in 200 matches")


def _drawn() -> dict[str, Any]:
    rules = hokm.Ruleset.compose("troefcall", options={"troefcall": {"set_hands": 2}})
    for seed in range(200):
        match = _played(rules, seed, lambda m: m.is_over)
        if match.is_drawn:
            return _record(match)
    raise AssertionError("no drawn match in 200")


REDEALT = _redealt()
DRAWN = _drawn()
WON = _record(_played(hokm.Ruleset.compose("troefcall", options={"troefcall": {"set_hands": 1}}), 1,
                      lambda m: m.is_over))
LAST_FOUR = _record(_played(hokm.Ruleset.compose("satat", options={"satat": {"last_four": True}}), 2,
                            lambda m: m.hand_number >= 2 and len(m.hand.plays) >= 4))
HIDDEN = _record(_played(hokm.Ruleset.compose("hidden-trump"), 3, lambda m: len(m.hand.plays) >= 6))


def _choose(record: dict[str, Any], hand: int, index: int, action: dict[str, Any]) -> dict[str, Any]:
    record["hands"][hand]["actions"][index] = {"seat": record["hands"][hand]["actions"][index]["seat"],
                                               **action}
    return record


def _insert(hand: int, index: int, action: dict[str, Any]) -> Mutation:
    def mutate(record: dict[str, Any]) -> dict[str, Any]:
        actions = record["hands"][hand]["actions"]
        actions.insert(index, {"seat": actions[index]["seat"], **action})
        return record
    return mutate


def _not_in_first_five(record: dict[str, Any]) -> dict[str, Any]:
    deck = record["hands"][0]["deck"]
    indicator = record["hands"][0]["actions"][0]
    assert indicator["act"] == "hidden-trump/set-indicator"
    indicator["card"] = deck[-1]  # the last card dealt: never in the caller's first five
    return record


DECISION_CATALOGUE: list[tuple[str, dict[str, Any], Mutation, str, str | None]] = [
    # (id, the good record, break it, fragment of the message, JSON path of the error)
    ("annulled-unmarked", REDEALT, _delete("hands.0.annulled"), "the replay annuls the hand after its 1 "
     "actions (it is dealt again), but the record does not mark it annulled", "$.hands[0].annulled"),
    ("annulled-marked", REDEALT, _set("hands.1.annulled", True),
     "marked annulled, but its replay does not annul it", "$.hands[1].annulled"),
    ("annulled-scores", REDEALT, _set("hands.0.scores", [1, 0]), "'scores' is [1, 0], but the replay gives "
     "[0, 0]", "$.hands[0].scores"),
    ("redeals-disagree", REDEALT, _set("hands.1.redeals", 2), "'redeals' is 2, but the replay gives 1",
     "$.hands[1].redeals"),
    ("redeals-not-an-int", REDEALT, _set("hands.1.redeals", "1"), "'redeals' must be an integer from 0 to",
     "$.hands[1].redeals"),
    ("claim-not-offered", REDEALT, lambda record: _choose(record, 1, 0, {"act": "redeal/claim"}),
     "illegal action claim a redeal by seat", "$.hands[1].actions[0]"),
    ("indicator-not-in-first-five", HIDDEN, _not_in_first_five, "illegal action set indicator",
     "$.hands[0].actions[0]"),
    ("ask-on-lead", HIDDEN, _insert(0, 1, {"act": "hidden-trump/ask"}),
     "illegal action ask for trump by seat", "$.hands[0].actions[1]"),
    ("choice-of-another-variant", RECORD, lambda record: _choose(record, 0, 0, {
        "act": "hidden-trump/set-indicator", "card": record["hands"][0]["deck"][0]}),
     "illegal action set indicator", "$.hands[0].actions[0]"),
    ("choice-out-of-range", LAST_FOUR, lambda record: _choose(record, 0, 0, {
        "act": "satat/last-four", "position": 9}),
     "not a valid 'satat/last-four' action: LastFour() position must be from 1 to 4",
     "$.hands[0].actions[0]"),
    ("choice-not-offered", LAST_FOUR, lambda record: _choose(record, 1, 0, {"act": "draw", "keep": True}),
     "illegal action keep by seat", "$.hands[1].actions[0]"),
    ("drawn-unmarked", DRAWN, _set("drawn", False), "'drawn' is False, but the replay ends it drawn",
     "$.drawn"),
    ("drawn-marked", WON, _set("drawn", True), "'drawn' is True, but the replay does not end it drawn",
     "$.drawn"),
    ("drawn-not-a-bool", DRAWN, _set("drawn", 1), "'drawn' is 1, but the replay ends it drawn", "$.drawn"),
    ("drawn-with-a-winner", DRAWN, _set("winner", 0), "'winner' is 0, but the replay gives None",
     "$.winner"),
    ("first-seat-not-a-seat", RECORD, _set("first_seat", 4), "'first_seat' must be an integer from 0 to 3",
     "$.first_seat"),
    ("first-seat-disagrees", RECORD, _set("first_seat", 1), "but the first-Hakem draw makes seat",
     "$.hands[0].hakem"),
    ("trump-in-a-match", RECORD, _set("hands.0.trump", "♠"), "'trump' (a hand begun with its trump given) "
     "goes with 'hands'", "$.hands[0].trump"),
]


@pytest.mark.parametrize(("good", "break_it", "fragment", "path"), [row[1:] for row in DECISION_CATALOGUE],
                         ids=[row[0] for row in DECISION_CATALOGUE])
def test_a_corrupt_record_of_a_decision_is_refused(good: dict[str, Any], break_it: Mutation, fragment: str,
                                                   path: str | None) -> None:
    assert hokm.load_record(copy.deepcopy(good)) is not None  # the good record loads
    with pytest.raises(hokm.RecordError) as caught:
        hokm.load_record(break_it(copy.deepcopy(good)))
    message = str(caught.value)
    assert fragment in message, message[:500]
    if path is not None:
        assert caught.value.path == path, message[:500]


def test_the_decision_catalogue_ids_are_unique_and_apart_from_the_others() -> None:
    ids = [row[0] for row in DECISION_CATALOGUE]
    assert len(set(ids)) == len(ids) and not set(ids) & {row[0] for row in CATALOGUE}


def test_a_hand_record_with_a_given_trump_refuses_it_with_a_deck() -> None:
    rules = hokm.Ruleset.compose("hidden-trump")
    deck = hokm.full_deck()
    hand = rules.new_hand([deck[0:13], deck[13:26], deck[26:39], deck[39:52]], trump=hokm.Suit.CLUBS)
    record = json.loads(json.dumps(hand.to_record()))
    assert record["hand"]["trump"] == "♣" and "hands" in record["hand"]
    assert hokm.load_record(record) == hand
    record["hand"]["deck"] = [card for cards in record["hand"].pop("hands") for card in cards]
    with pytest.raises(hokm.RecordError, match="goes with 'hands'") as caught:
        hokm.load_record(record)
    assert caught.value.path == "$.hand.trump"
    record = json.loads(json.dumps(hand.to_record()))
    record["hand"]["trump"] = "X"
    with pytest.raises(hokm.RecordError, match="expected a suit symbol"):
        hokm.load_record(record)
