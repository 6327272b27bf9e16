"""Writing game records: a hand or a match as plain JSON data (``to_record``).

The reading side, which replays a record through the rules, is ``hokm._io.replay``; both
keep to the limits of ``hokm._io.limits`` so that no record is written that will not load.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from hokm._hand.positions import dealt_hands, hand_deck, hand_history
from hokm._io.limits import MAX_ACTIONS, MAX_HAND_ACTIONS, MAX_HANDS
from hokm._io.records import check_metadata, encode_action, json_copy
from hokm._ruleset.spec import spec_of
from hokm.errors import RecordError

if TYPE_CHECKING:
    from hokm._hand.state import HandState
    from hokm.cards import Card
    from hokm.match import MatchState
    from hokm.outcomes import HandResult

__all__ = ["FORMAT", "hand_record", "match_record", "result_data"]

FORMAT = "hokm-record/1"
"""The format name and version every record carries as ``"format"``."""


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


def _hand_entry(hand: HandState, deck: Sequence[Card] | None, result: HandResult | None) -> dict[str, Any]:
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
    for number, hand in enumerate(match.finished_hands, start=1):
        if hand.is_annulled:  # no result, scores unchanged; the same Hakem deals again
            entry = _hand_entry(hand, match.deck_for(number), None)
        else:
            result = next(results)
            entry = _hand_entry(hand, match.deck_for(number), result)
            scores[result.winner] += result.points
        entry["scores"] = list(scores)
        hands.append(entry)
    if not match.is_over:
        hands.append(_hand_entry(match.hand, match.deck_for(match.hand_number), None))
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
