"""Game records: a match or a hand as plain JSON data, and back by replaying it.

A record (``"format": "hokm-record/1"``) holds the ruleset's spec, the seed, the
first-Hakem draw and, for every hand, the Hakem, the deck order, every action
with its seat, and the result and scores of the hands that are over; optional
free ``metadata`` may go with it. Cards are written as hokm prints them (``"A♠"``,
``"10♥"``), actions as short tagged objects (``{"seat": 2, "act": "play",
"card": "Q♥"}``). ``MatchState.to_record`` and ``HandState.to_record`` write one;
``load_record`` reads one by replaying every action through the rules, and
refuses a corrupt record with a ``RecordError`` that says where and what.

>>> import hokm, json
>>> match = hokm.Ruleset.compose().new_match(seed=11)
>>> for _ in range(6):
...     match = match.apply(match.legal_actions()[-1])
>>> text = json.dumps(match.to_record(), ensure_ascii=False)
>>> again = hokm.load_record(text)
>>> again == match, again.hand.plays == match.hand.plays
(True, True)
>>> hokm.load_record(text.replace('"card": "K♣"', '"card": "K♦"', 1))
Traceback (most recent call last):
  ...
hokm.errors.RecordError: hand 1, action 3 ($.hands[0].actions[3]): illegal play K♦ by seat 2: ...
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from importlib import resources
from typing import TYPE_CHECKING, Any

from hokm._hand.positions import dealt_hands, hand_deck, hand_history
from hokm._io.records import (
    MAX_ACTIONS,
    MAX_HAND_ACTIONS,
    MAX_HANDS,
    MAX_RECORD_BYTES,
    MAX_TEXT_LENGTH,
    check_metadata,
    encode_action,
    json_copy,
    parse,
)
from hokm.errors import RecordError

if TYPE_CHECKING:
    import os

    from hokm.cards import Card
    from hokm.match import MatchState
    from hokm.outcomes import HandResult
    from hokm.rules import Ruleset
    from hokm.state import HandState

__all__ = [
    "FORMAT",
    "MAX_ACTIONS",
    "MAX_HANDS",
    "MAX_HAND_ACTIONS",
    "MAX_RECORD_BYTES",
    "MAX_TEXT_LENGTH",
    "load_record",
    "schema",
]

FORMAT = "hokm-record/1"
"""The format name and version every record carries as ``"format"``."""


def load_record(source: str | bytes | os.PathLike[str] | Mapping[str, Any], *,
                strict: bool = False) -> MatchState | HandState:
    """The state at the end of a record: a ``MatchState`` or, for a hand record, a ``HandState``.

    Every action is replayed through the rules, so the state is exactly the one the
    record was written from: it compares equal, and a half-played match plays on
    identically (hands after the record are dealt from its seed; a record without a
    seed goes on from a fresh one).

    Args:
        source: the record as JSON text (``str``), as bytes (UTF-8 JSON, plain or gzip),
            as a path (``pathlib.Path``; a ``str`` is always read as JSON text), or
            already parsed (a ``dict``).
        strict: refuse a ruleset spec that names another version of a variant's
            distribution than the one installed (by default a ``SpecVersionWarning``).

    Raises:
        RecordError: the record is not valid JSON or not a record, exceeds a limit
            (``MAX_RECORD_BYTES``, ``MAX_TEXT_LENGTH``, ``MAX_HANDS``, ``MAX_HAND_ACTIONS``,
            ``MAX_ACTIONS``), or its replay disagrees with the rules. The message names the
            hand, the action's index and the JSON path. Nothing is loaded.
        OSError: a path that cannot be read.
    """
    from hokm._io.replay import load

    return load(parse(source), strict=strict)


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the record format, shipped with hokm.

    The schema checks the shape of a record; ``load_record`` also checks that its
    replay agrees with the rules.

    >>> schema()["properties"]["format"]["const"]
    'hokm-record/1'
    """
    text = resources.files("hokm").joinpath("schemas", "hokm-record-1.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


# Writing ----------------------------------------------------------------------------------------

_SPECS: dict[Ruleset, dict[str, Any]] = {}
_CACHE_SIZE = 64


def spec_of(rules: Ruleset) -> dict[str, Any]:
    """``rules.spec``, remembered per ruleset: reading the installed distributions is slow.

    A copy each time, so a record's spec can be changed without touching the cache.
    """
    spec = _SPECS.get(rules)
    if spec is None:
        spec = rules.spec
        if len(_SPECS) >= _CACHE_SIZE:
            _SPECS.clear()
        _SPECS[rules] = spec
    return copy.deepcopy(spec)



def _metadata(record: dict[str, Any], metadata: Mapping[str, Any] | None, players: int,
              hands: list[dict[str, Any]] | None) -> dict[str, Any]:
    """``record`` with ``metadata`` checked as loading checks it: no record is written that will not load."""
    if metadata is not None:
        if not isinstance(metadata, Mapping):
            raise RecordError(f"metadata must be a mapping of JSON-ready data, got {type(metadata).__name__}",
                              path="$.metadata")
        copied = json_copy(metadata, "$.metadata")
        check_metadata(copied, players, None if hands is None else [len(hand["actions"]) for hand in hands])
        record["metadata"] = copied
    return record


def result_data(result: HandResult) -> dict[str, Any]:
    """A hand result as a record writes it (the Hakem is the hand's own ``"hakem"``)."""
    return {"winner": result.winner, "points": result.points, "kot": result.kot, "label": result.label,
            "team_tricks": list(result.team_tricks),
            "trump": None if result.trump is None else result.trump.value,
            "next_hakem": result.next_hakem, "tricks_played": result.tricks_played}


def _hand_entry(hand: HandState, deck: list[Card] | None, result: HandResult | None) -> dict[str, Any]:
    history = hand_history(hand)
    entry: dict[str, Any] = {"hakem": hand.hakem}
    if hand.redeals:
        entry["redeals"] = hand.redeals
    if deck is None and history.trump is None:
        deck = hand_deck(hand)
    if deck is not None:
        entry["deck"] = [str(card) for card in deck]
    else:
        entry["hands"] = [[str(card) for card in cards] for cards in dealt_hands(hand)]
    if history.trump is not None:  # begun with its trump (new_hand(trump=...)), skipping the call
        entry["trump"] = history.trump.value
    entry["actions"] = [encode_action(seat, action) for seat, action in history.actions]
    if hand.is_annulled:
        entry["annulled"] = True
    entry["result"] = None if result is None else result_data(result)
    return entry


def match_record(match: MatchState, metadata: Mapping[str, Any] | None = None, *,
                 seed: bool = True) -> dict[str, Any]:
    """The record of ``match`` (see ``MatchState.to_record``)."""
    record: dict[str, Any] = {"format": FORMAT, "kind": "match", "ruleset": spec_of(match.ruleset)}
    if seed:
        record["seed"] = match.seed
    record["first_seat"] = match.first_seat
    record["first_hakem_draw"] = [str(card) for card in match.first_hakem_draw]
    record["seating"] = list(match.seating)
    hands = []
    scores = [0] * len(match.scores)
    results = iter(match.results)
    for number, hand in enumerate(match._finished, start=1):
        if hand.is_annulled:  # no result, scores unchanged; the same Hakem deals again
            entry = _hand_entry(hand, match._deck_for(number), None)
        else:
            result = next(results)
            entry = _hand_entry(hand, match._deck_for(number), result)
            scores[result.winner] += result.points
        entry["scores"] = list(scores)
        hands.append(entry)
    if not match.is_over:
        hands.append(_hand_entry(match.hand, match._deck_for(match.hand_number), None))
    _within_limits(hands)
    record["hands"] = hands
    record["scores"] = list(match.scores)
    record["winner"] = match.winner
    record["drawn"] = match.is_drawn
    return _metadata(record, metadata, match.ruleset.players, hands)


def _within_limits(hands: list[dict[str, Any]]) -> None:
    """Refuse to write what ``load_record`` would refuse to read: too many hands or actions."""
    actions = sum(len(hand["actions"]) for hand in hands)
    if len(hands) > MAX_HANDS or actions > MAX_ACTIONS or any(
            len(hand["actions"]) > MAX_HAND_ACTIONS for hand in hands):
        raise RecordError(f"$.hands: the record would hold {len(hands):,} hands and {actions:,} actions, "
                          f"more than a record holds (MAX_HANDS {MAX_HANDS:,}, MAX_ACTIONS {MAX_ACTIONS:,}, "
                          f"MAX_HAND_ACTIONS {MAX_HAND_ACTIONS:,} a hand): load_record would refuse it",
                          path="$.hands")


def hand_record(hand: HandState, metadata: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The record of ``hand`` on its own (see ``HandState.to_record``)."""
    result = hand.result() if hand.is_over and not hand.is_annulled else None
    entry = _hand_entry(hand, None, result)
    _within_limits([entry])
    record = {"format": FORMAT, "kind": "hand", "ruleset": spec_of(hand.ruleset), "hand": entry}
    return _metadata(record, metadata, hand.ruleset.players, [entry])
