"""TEMPORARY stand-in for ``hokm.encoding`` while it is written (plays and trump calls only)."""

from __future__ import annotations

from hokm.actions import CALL_TRUMP_ACTIONS, PLAY_CARD, Action, CallTrump, PlayCard
from hokm.rules import Ruleset
from hokm.state import HandState

__all__ = ["Codec"]


class Codec:
    """Action ids and tensors of one ruleset."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.size = 56
        self.tensor_size = 52

    def id_of(self, action: Action) -> int:
        if action.__class__ is PlayCard:
            return action.card.index  # type: ignore[attr-defined,no-any-return]
        if isinstance(action, CallTrump):
            return 52 + action.suit.index
        raise ValueError(action)

    def action_of(self, action_id: int) -> Action:
        if action_id < 52:
            return PLAY_CARD[action_id]
        return CALL_TRUMP_ACTIONS[action_id - 52]

    def legal_ids(self, hand: HandState) -> list[int]:
        return sorted(map(self.id_of, hand.legal_actions()))

    def fill(self, hand: HandState, seat: int, out: list[float]) -> None:
        for card in hand.observation(seat).hand:
            out[card.index] = 1.0
