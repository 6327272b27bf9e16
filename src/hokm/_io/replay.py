"""Loading a record: check its shape, then replay every action through the rules.

The shape is checked first, whole (types, keys, cards, decks, sizes), so a
corrupt record costs little; then the hands are replayed in order, each action
applied by the rules as a game would apply it, and every recorded fact (Hakem,
result, scores, winner) compared with what the replay gives. The first
disagreement is a ``RecordError``; the state is returned only once all agree.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from hokm._hand.dealing import check_deck, deal_hand
from hokm._io.fields import CARDS, SUITS
from hokm._io.limits import MAX_ACTIONS, MAX_HAND_ACTIONS, MAX_HANDS, MAX_TEXT_LENGTH, fail, record_error
from hokm._io.records import PLAYS, check_metadata, decode_action, json_copy, same
from hokm._seeding import rng_for
from hokm.errors import HokmError, IllegalActionError, RecordError, _got, _kind, _shown

if TYPE_CHECKING:
    from hokm.actions import Action
    from hokm.cards import Card, Suit
    from hokm.match import MatchState
    from hokm.rules import Ruleset
    from hokm.state import HandState

__all__ = ["load"]

FORMAT = "hokm-record/1"
_MATCH_KEYS = ({"format", "kind", "ruleset", "first_hakem_draw", "hands"},
               {"seed", "first_seat", "seating", "scores", "winner", "drawn", "metadata"})
_HAND_RECORD_KEYS = ({"format", "kind", "ruleset", "hand"}, {"metadata"})
_ENTRY_KEYS = ({"hakem", "actions", "result"}, {"deck", "hands", "trump", "redeals", "scores", "annulled"})


def _keys(value: object, path: str, keys: tuple[set[str], set[str]], what: str) -> Mapping[str, Any]:
    required, optional = keys
    if not isinstance(value, Mapping):
        fail(f"{what} is a JSON object, got {_kind(value)}", path)
    for key in value:
        if key not in required and key not in optional:
            fail(f"unknown key {_shown(key)} ({what} has {', '.join(sorted(required | optional))})", path)
    for key in sorted(required):
        if key not in value:
            fail(f"{what} needs the key {key!r}", path)
    return value


def _int(value: object, path: str, what: str, high: int | None = None) -> int:
    if value.__class__ is not int or value < 0 or (high is not None and value >= high):
        bound = f" from 0 to {high - 1}" if high is not None else ""
        fail(f"{what} must be an integer{bound}, got {_got(value)}", path)
    return value


def _list(value: object, path: str, what: str, limit: int) -> Sequence[Any]:
    if not isinstance(value, list | tuple):
        fail(f"{what} must be a list, got {_kind(value)}", path)
    if len(value) > limit:
        fail(f"{what} holds {len(value):,} items, more than the limit of {limit:,}", path)
    return value


def _cards(value: object, path: str, what: str) -> list[Card]:
    items = _list(value, path, what, 64)
    cards = []
    for index, text in enumerate(items):
        card = CARDS.get(text) if isinstance(text, str) else None
        if card is None:
            fail(f"expected a card written as hokm writes it, such as 'A♠' or '10♥', got {_got(text)}",
                 f"{path}[{index}]")
        cards.append(card)
    return cards


def _deck(value: object, path: str, what: str, rules: Ruleset) -> list[Card]:
    cards = _cards(value, path, what)
    try:
        return check_deck(rules._engine.deck_mask, len(rules.deck), cards)
    except HokmError as error:
        fail(f"{what} is not an order of this ruleset's deck: {error}", path)


_RULESETS: dict[tuple[str, bool], Ruleset] = {}


def _ruleset(spec: object, strict: bool) -> Ruleset:
    """The ruleset of a record; one composed for the same spec before is reused.

    Composing reads the installed distributions and registers every plugin, which costs
    more than replaying a whole match. A spec is remembered only when it is exactly the
    spec of the ruleset it composes (same versions: no warning to repeat).
    """
    from hokm._ruleset.spec import CACHE_SIZE, spec_of
    from hokm.rules import Ruleset

    if not isinstance(spec, Mapping):
        fail(f"'ruleset' is a ruleset spec (an object, as Ruleset.spec writes it), got {_kind(spec)}",
             "$.ruleset")
    try:
        key: tuple[str, bool] | None = (json.dumps(spec, sort_keys=True), strict)
    except (TypeError, ValueError):  # not plain JSON data: compose it every time
        key = None
    rules = _RULESETS.get(key) if key is not None else None
    if rules is not None:
        return rules
    try:
        rules = Ruleset.from_spec(spec, strict=strict)
    except HokmError as error:
        raise record_error(f"the ruleset cannot be composed: {error}", "$.ruleset") from error
    if key is not None and same(spec_of(rules), json.loads(key[0])):
        if len(_RULESETS) >= CACHE_SIZE:
            _RULESETS.clear()
        _RULESETS[key] = rules
    return rules


def load(data: Any, *, strict: bool) -> MatchState | HandState:
    """The state a parsed record ends in (a log's record included: see ``hokm._io.log``)."""
    from hokm._io.log import LogRecord, relocate

    if not isinstance(data, LogRecord):
        return _load(data, strict=strict)
    try:
        state = _load(data, strict=strict, open_end=not data.closed)
    except RecordError as error:
        raise relocate(error, data) from error.__cause__  # the illegal action, as for a record
    if data.cut:
        from hokm.errors import TruncatedRecordWarning

        actions = sum(len(hand["actions"]) for hand in data["hands"])
        warnings.warn(TruncatedRecordWarning(
            f"the log's last line is cut off (its writer stopped mid-line): loaded the {actions} "
            f"actions before it"), stacklevel=4)
    return state


def _load(data: Any, *, strict: bool, open_end: bool = False) -> MatchState | HandState:
    if not isinstance(data, Mapping):
        fail(f"a record is a JSON object, got {_kind(data)}")
    form = data.get("format")
    if form != FORMAT:
        known = isinstance(form, str) and form.startswith("hokm-record/")
        fail(f"unknown record format {_shown(form)}: this hokm reads {FORMAT!r}"
             + (" (a newer hokm wrote it?)" if known else ""), "$.format")
    kind = data.get("kind")
    if kind == "match":
        _keys(data, "$", _MATCH_KEYS, "a match record")
    elif kind == "hand":
        _keys(data, "$", _HAND_RECORD_KEYS, "a hand record")
    else:
        fail(f"'kind' must be 'match' or 'hand', got {_got(kind)}", "$.kind")
    if "metadata" in data:
        if not isinstance(data["metadata"], Mapping):
            fail(f"'metadata' is an object, got {_kind(data['metadata'])}", "$.metadata")
        json_copy(data["metadata"], "$.metadata")
    rules = _ruleset(data["ruleset"], strict)
    if kind == "hand":
        entry = _entry(data["hand"], "$.hand", rules, in_match=False)
        _clock(data.get("metadata"), [entry], rules)
        return _replay_hand(rules, entry)
    return _replay_match(rules, data, open_end)


class _Entry:
    """A hand entry whose shape is checked: what the replay needs, ready to use."""

    __slots__ = ("actions", "annulled", "deck", "hakem", "hands", "path", "redeals", "result", "scores",
                 "trump")

    def __init__(self, path: str, hakem: int, actions: Sequence[Any], result: Mapping[str, Any] | None,
                 deck: list[Card] | None, hands: list[list[Card]] | None, scores: Any,
                 annulled: bool, redeals: int | None = None, trump: Suit | None = None) -> None:
        self.path, self.hakem, self.actions, self.result = path, hakem, actions, result
        self.deck, self.hands, self.scores, self.annulled = deck, hands, scores, annulled
        self.redeals, self.trump = redeals, trump


def _entry(value: object, path: str, rules: Ruleset, *, in_match: bool) -> _Entry:
    entry = _keys(value, path, _ENTRY_KEYS, "a hand")
    hakem = _int(entry["hakem"], f"{path}.hakem", "'hakem'", rules.players)
    actions = _list(entry["actions"], f"{path}.actions", "'actions'", MAX_HAND_ACTIONS)
    result = entry["result"]
    if result is not None and not isinstance(result, Mapping):
        fail(f"'result' is an object, or null for a hand not over, got {_kind(result)}", f"{path}.result")
    annulled = entry.get("annulled", False)
    if annulled.__class__ is not bool:
        fail(f"'annulled' must be true or false, got {_got(annulled)}", f"{path}.annulled")
    if annulled and result is not None:
        fail("an annulled hand has no result: 'result' must be null", f"{path}.result")
    if ("deck" in entry) == ("hands" in entry):
        fail("a hand gives either its 'deck' or its 'hands' (as dealt), not both or neither", path)
    deck = hands = None
    if "deck" in entry:
        deck = _deck(entry["deck"], f"{path}.deck", "'deck'", rules)
    elif in_match:
        fail("a hand of a match gives its 'deck'", path)
    else:
        given = _list(entry["hands"], f"{path}.hands", "'hands'", rules.players)
        hands = [_cards(cards, f"{path}.hands[{seat}]", f"seat {seat}'s hand")
                 for seat, cards in enumerate(given)]
    if "scores" in entry and not in_match:
        fail("a hand record has no 'scores' (they belong to a match)", f"{path}.scores")
    redeals = None
    if "redeals" in entry:
        redeals = _int(entry["redeals"], f"{path}.redeals", "'redeals'", MAX_HANDS + 1)
    trump = None
    if "trump" in entry:
        if hands is None:
            fail("'trump' (a hand begun with its trump given) goes with 'hands', never with a 'deck' "
                 "or in a match: a dealt hand starts at its trump call", f"{path}.trump")
        trump = SUITS.get(entry["trump"]) if isinstance(entry["trump"], str) else None
        if trump is None:
            fail(f"expected a suit symbol: ♠, ♥, ♦ or ♣, got {_got(entry['trump'])}", f"{path}.trump")
    return _Entry(path, hakem, actions, result, deck, hands, entry.get("scores"), annulled, redeals, trump)


def _act(state: Any, entry: _Entry, number: int | None, index: int, raw: object) -> Any:
    """``state`` after the action ``raw``, which must be by the seat to act and legal."""
    action: Action | None = None
    seat: object = None
    if raw.__class__ is dict and len(raw) == 3:
        card = raw.get("card")
        if card.__class__ is str and raw.get("act") == "play":
            action, seat = PLAYS.get(card), raw.get("seat")
    path = None
    if action is None or seat.__class__ is not int:
        path = f"{entry.path}.actions[{index}]"
        seat, action = decode_action(raw, path, number, index)
    if seat != state.to_act:
        path = path or f"{entry.path}.actions[{index}]"
        fail(f"seat {seat} acts ({action}), but seat {state.to_act} is to act", f"{path}.seat",
             hand=number, action=index)
    try:
        return state.apply(action)
    except IllegalActionError as error:
        raise record_error(str(error), path or f"{entry.path}.actions[{index}]", hand=number,
                           action=index) from error


def _check_result(replayed: dict[str, Any], recorded: Mapping[str, Any], entry: _Entry,
                  number: int | None) -> None:
    for key in recorded:
        if key not in replayed:
            fail(f"unknown key {_shown(key)} in 'result'", f"{entry.path}.result", hand=number)
    for key, value in replayed.items():
        if key not in recorded:
            fail(f"'result' lacks {key!r} (the replay gives {value!r})", f"{entry.path}.result", hand=number)
        if not same(value, recorded[key]):
            fail(f"the recorded result disagrees with the replay: {key!r} is {_shown(recorded[key])} in "
                 f"the record, {value!r} in the replay", f"{entry.path}.result.{key}", hand=number)


def _replay_hand(rules: Ruleset, entry: _Entry) -> HandState:
    from hokm._io.writing import result_data

    try:
        if entry.deck is not None:
            hand = rules.deal(entry.deck, hakem=entry.hakem, redeals=entry.redeals or 0)
        else:
            hand = rules.new_hand(entry.hands or [], hakem=entry.hakem, trump=entry.trump,
                                  redeals=entry.redeals or 0)
    except HokmError as error:
        raise record_error(f"the hands are not a deal of this ruleset: {error}", f"{entry.path}.hands",
                           hand=1) from error
    for index, raw in enumerate(entry.actions):
        if hand.is_over:
            fail(f"the hand is over after action {index - 1}: this action is one too many",
                 f"{entry.path}.actions[{index}]", hand=1, action=index)
        hand = _act(hand, entry, 1, index, raw)
    _ending(hand.is_over, hand.is_annulled, entry, 1, last=True)
    if entry.result is not None:
        _check_result(result_data(hand.result()), entry.result, entry, 1)
    return hand


def _ending(over: bool, annulled: bool, entry: _Entry, number: int, *, last: bool,
            open_end: bool = False) -> None:
    """The record's ``result`` (or ``annulled``) agrees with whether the replayed hand is over.

    ``open_end``: the record is a log that was not closed, whose writer may have stopped
    between a hand's last action and the line with its result: the last hand may lack it.
    """
    count = len(entry.actions)
    if open_end and last and over and entry.result is None and not entry.annulled:
        return
    if entry.annulled and not annulled:
        fail("the hand is marked annulled, but its replay does not annul it", f"{entry.path}.annulled",
             hand=number)
    if annulled and not entry.annulled:
        fail(f"the replay annuls the hand after its {count} actions (it is dealt again), but the record "
             "does not mark it annulled", f"{entry.path}.annulled", hand=number)
    if annulled:
        return
    if entry.result is None and over:
        fail(f"the hand is over after its {count} actions, but its 'result' is null",
             f"{entry.path}.result", hand=number)
    if entry.result is not None and not over:
        fail(f"the hand is not over after its {count} actions, but a 'result' is recorded",
             f"{entry.path}.result", hand=number)
    if not over and not last:
        fail(f"the hand is not over after its {count} actions, but more hands follow",
             f"{entry.path}.actions", hand=number)


def _first_hakem(rules: Ruleset, draw: list[Card], seed: int | str | None, hakem: int,
                 first_seat: int) -> None:
    """The first Hakem the rules find in the draw (when they find one without the seed)."""
    engine = rules._engine
    expected: int
    try:
        if seed is not None:
            expected = engine.scoring.first_hakem(draw, first_seat, rng_for(seed, "first-hakem"))
        else:  # a rule that draws at random needs the seed: trust the record then
            one, two = (engine.scoring.first_hakem(draw, first_seat, rng_for(probe, "first-hakem"))
                        for probe in (0, 1))
            expected = one if one == two else hakem
    except HokmError as error:
        raise record_error(f"the first-Hakem draw finds no first Hakem: {error}",
                           "$.first_hakem_draw") from error
    if expected != hakem:
        fail(f"the first Hakem is seat {hakem} in the record, but the first-Hakem draw makes seat "
             f"{expected} Hakem", "$.hands[0].hakem", hand=1)


def _seed(value: object) -> int | str:
    if value.__class__ is int:
        if value.bit_length() > 1024:
            fail("the seed is longer than the limit of 1,024 bits", "$.seed")
    elif value.__class__ is not str or len(value) > MAX_TEXT_LENGTH:
        fail(f"'seed' must be an integer or a string of at most {MAX_TEXT_LENGTH:,} characters, got "
             f"{_got(value)}", "$.seed")
    return value


def _replay_match(rules: Ruleset, data: Mapping[str, Any], open_end: bool = False) -> MatchState:
    from hokm._io.writing import result_data
    from hokm.match import MatchState

    seed = _seed(data["seed"]) if "seed" in data else None
    draw = _deck(data["first_hakem_draw"], "$.first_hakem_draw", "'first_hakem_draw'", rules)
    given = _list(data["hands"], "$.hands", "'hands'", MAX_HANDS)
    if not given:
        fail("a match record holds at least its first hand", "$.hands")
    entries = [_entry(value, f"$.hands[{index}]", rules, in_match=True) for index, value in enumerate(given)]
    total = sum(len(entry.actions) for entry in entries)
    if total > MAX_ACTIONS:
        fail(f"the record holds {total:,} actions, more than the limit of {MAX_ACTIONS:,}", "$.hands")
    _clock(data.get("metadata"), entries, rules)
    first_seat = _int(data.get("first_seat", 0), "$.first_seat", "'first_seat'", rules.players)
    hakem = entries[0].hakem
    _first_hakem(rules, draw, seed, hakem, first_seat)
    decks = tuple(tuple(entry.deck or ()) for entry in entries)
    try:
        seating = rules._engine.scoring.seating(draw, first_seat, hakem)
        match = MatchState.start(rules, seed=seed, deck=draw, first_seat=first_seat)
        match = match._with(_seating=seating, _decks=decks, _hand=deal_hand(rules, list(decks[0]), hakem))
    except HokmError as error:
        raise record_error(f"the match cannot start: {error}", "$.hands[0]", hand=1) from error
    if "seating" in data and not same(data["seating"], list(seating)):
        fail(f"'seating' is {_shown(data['seating'])}, but the first-Hakem draw seats the players as "
             f"{list(seating)}", "$.seating")
    for index, entry in enumerate(entries):
        number = index + 1
        if match.is_over:
            fail(f"the match was over after hand {index} ({match._ending()}), yet the record goes on",
                 entry.path, hand=number)
        if match.hand.hakem != entry.hakem:
            fail(f"'hakem' is seat {entry.hakem}, but the rules make seat {match.hand.hakem} the Hakem of "
                 "this hand", f"{entry.path}.hakem", hand=number)
        if entry.redeals is not None and entry.redeals != match.hand.redeals:
            fail(f"'redeals' is {entry.redeals}, but the replay gives {match.hand.redeals} (annulled deals "
                 "in a row before this one)", f"{entry.path}.redeals", hand=number)
        actions = entry.actions
        if actions:  # the hand's own steps first; the match scores it and deals on the last one
            hand, last = match.hand, len(actions) - 1
            for action in range(last + 1):
                if hand.is_over:
                    fail(f"the hand is over after action {action - 1}: this action is one too many",
                         f"{entry.path}.actions[{action}]", hand=number, action=action)
                if action < last:
                    hand = _act(hand, entry, number, action, actions[action])
            match = _act(match._with(_hand=hand), entry, number, last, actions[last])
        over = match.is_over or match.hand_number != number
        annulled = over and match.finished_hands[-1].is_annulled
        _ending(over, annulled, entry, number, last=index == len(entries) - 1, open_end=open_end)
        if entry.result is not None:
            _check_result(result_data(match.results[-1]), entry.result, entry, number)
        if over:
            if entry.scores is not None and not same(entry.scores, list(match.scores)):
                fail(f"'scores' is {_shown(entry.scores)}, but the replay gives {list(match.scores)}",
                     f"{entry.path}.scores", hand=number)
        elif entry.scores is not None:
            fail("a hand that is not over has no 'scores'", f"{entry.path}.scores", hand=number)
    if "scores" in data and not same(data["scores"], list(match.scores)):
        fail(f"'scores' is {_shown(data['scores'])}, but the replay gives {list(match.scores)}", "$.scores")
    if "winner" in data and not same(data["winner"], match.winner):
        fail(f"'winner' is {_shown(data['winner'])}, but the replay gives {match.winner}", "$.winner")
    if "drawn" in data and not same(data["drawn"], match.is_drawn):
        ending = "ends it drawn" if match.is_drawn else "does not end it drawn"
        fail(f"'drawn' is {_shown(data['drawn'])}, but the replay {ending}", "$.drawn")
    return match


def _clock(metadata: object, entries: list[_Entry], rules: Ruleset) -> None:
    """The metadata's known keys (``players``, ``event``, ``date``, ``clock``), as records.md has them."""
    if metadata is not None:
        check_metadata(metadata, rules.players, [len(entry.actions) for entry in entries])
