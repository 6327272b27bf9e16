"""A hand's tally (``HandTally``) as a small key, and the answers of the chains that read only it.

The hooks asked at a trick's end and at a hand's end (``hokm_hand_complete``,
``hokm_play_on``, ``hokm_kot``, ``hokm_hand_score``) take the hand's ``tally`` beside the
hand. A chain none of whose implementations reads the hand is asked once per distinct tally:
``TallyAnswers`` keeps its answers by ``TallyKey``, which the C kernel packs in an int
(``hokm._kernel.native_plan.tally_key``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from hokm.context import HandTally, HandView
from hokm.table import Seat, TableLayout, Team

__all__ = ["Tallies", "TallyAnswers", "TallyKey"]

TallyKey = tuple[int, tuple[int, ...], int, int, int]
"""A tally as a key: Hakem, tricks per team, tricks played, opening team (-1: none) and opening run
(``HandTally`` without the table's constants)."""

T = TypeVar("T")


class Tallies:
    """Tallies of the hands of one table: from a hand to its key, from a key to its ``HandTally``."""

    __slots__ = ("teams", "tricks_total")

    def __init__(self, layout: TableLayout, tricks_total: int) -> None:
        self.teams: tuple[int, ...] = tuple(layout.teams)
        self.tricks_total = tricks_total

    def key_of(self, hand: HandView) -> TallyKey:
        """The hand's tally so far, as a key."""
        teams, winners = self.teams, hand.winners
        opening, run = -1, 0
        if winners:
            opening = teams[winners[0]]
            for winner in winners:
                if teams[winner] != opening:
                    break
                run += 1
        return hand.hakem, hand.team_tricks, hand.tricks_played, opening, run

    def tally(self, key: TallyKey) -> HandTally:
        """The ``HandTally`` of a key."""
        hakem, team_tricks, played, opening, run = key
        return HandTally(Seat(hakem), Team(self.teams[hakem]), team_tricks, played, self.tricks_total,
                         None if opening < 0 else Team(opening), run)


class TallyAnswers(Generic[T]):
    """A chain's answers by tally key, each worked out once (``ask``) and kept."""

    __slots__ = ("_answers", "_ask")

    def __init__(self, ask: Callable[[TallyKey], T]) -> None:
        self._ask = ask
        self._answers: dict[TallyKey, T] = {}

    def __call__(self, key: TallyKey) -> T:
        answers = self._answers
        if key in answers:
            return answers[key]
        answer = answers[key] = self._ask(key)
        return answer
