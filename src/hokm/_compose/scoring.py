"""The once-a-hand and once-a-match rules: kot, score, succession, the match, the first roles.

Each is asked per event (the finished hand, the match so far, the match's face-up
cards), and every answer is checked against its hook's contract, so a broken plugin
is named even in normal play.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Literal

from hokm._compose.hooks import Impl, contract_error, first_result, optional_result
from hokm._compose.trick_end import is_index
from hokm.cards import Card
from hokm.context import HandTally, HandView, MatchView
from hokm.outcomes import HandScore, Kot, MatchStatus
from hokm.table import Seat, TableLayout, Team

__all__ = ["Scoring"]


TallyKey = tuple[int, tuple[int, ...], int, int, int]
"""A finished hand's tally as a key: Hakem, tricks per team, tricks played, opening team (-1: none)
and opening run (``HandTally`` without the constants)."""

_MISSING = object()


class Scoring:
    """Kot, hand score, next Hakem, match winner, first Hakem and seating, asked through their chains.

    Where no implementation of ``hokm_kot`` (or ``hokm_hand_score``) reads the hand or the match,
    the chain is asked once per distinct tally (``HandTally``) and its answer kept: ``tabulated``.
    """

    __slots__ = ("_kots", "_scores", "chains", "kot_tabulated", "layout", "score_tabulated", "teams",
                 "tricks_total")

    def __init__(self, chains: Mapping[str, tuple[Impl, ...]], layout: TableLayout,
                 tricks_total: int) -> None:
        self.chains = chains
        self.layout = layout
        self.teams: tuple[int, ...] = tuple(layout.teams)
        self.tricks_total = tricks_total
        self.kot_tabulated = not any(impl.takes_hand for impl in chains["hokm_kot"])
        self.score_tabulated = not any(impl.takes_hand for impl in chains["hokm_hand_score"])
        self._kots: dict[TallyKey, Team | None] = {}
        self._scores: dict[tuple[TallyKey, Team | None], HandScore] = {}

    @property
    def tabulated(self) -> bool:
        """Whether a hand's kot and score follow from its tally alone (no hook reads the hand)."""
        return self.kot_tabulated and self.score_tabulated

    def key_of(self, hand: HandView) -> TallyKey:
        """The finished hand's tally, as a key."""
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

    def kot(self, hand: HandView | None, key: TallyKey | None = None) -> Team | None:
        """The kot team (``hand`` may be ``None`` where the chain is tabulated and ``key`` given)."""
        if key is None:
            assert hand is not None
            key = self.key_of(hand)
        if self.kot_tabulated and (found := self._kots.get(key, _MISSING)) is not _MISSING:
            return found  # type: ignore[return-value]
        kot, impl = first_result(self.chains["hokm_kot"], "hokm_kot", hand, self.tally(key))
        if not isinstance(kot, Kot) or (
                kot.team is not None and not is_index(kot.team, self.layout.team_count)):
            raise contract_error(impl, "hokm_kot", f"returned {kot!r}, not a Kot of a team or Kot.NONE")
        if self.kot_tabulated:
            self._kots[key] = kot.team
        return kot.team

    def hand_score(self, hand: HandView | None, match: MatchView | None,
                   key: TallyKey | None = None) -> HandScore:
        """The hand's score (``hand`` may be ``None`` where the chains are tabulated and ``key``
        given: a batch's hands scored by their tallies)."""
        if key is None:
            assert hand is not None
            key = self.key_of(hand)
        kot = self.kot(hand, key)
        if self.score_tabulated and (found := self._scores.get((key, kot))) is not None:
            return found
        score, impl = first_result(self.chains["hokm_hand_score"], "hokm_hand_score", hand, match,
                                   self.tally(key), kot)
        teams = self.layout.team_count
        if (not isinstance(score, HandScore) or not is_index(score.winner, teams)
                or not is_index(score.points, 1 << 62) or not isinstance(score.kot, bool)
                or not isinstance(score.label, str) or not score.label):
            raise contract_error(impl, "hokm_hand_score",
                                 f"returned {score!r}: need a HandScore for one of teams "
                                 f"0..{teams - 1} with non-negative int points, a bool kot "
                                 "and a non-empty label")
        if self.score_tabulated:
            self._scores[key, kot] = score
        return score

    def next_hakem(self, hand: HandView, score: HandScore, match: MatchView | None) -> Seat:
        seat, impl = first_result(self.chains["hokm_next_hakem"], "hokm_next_hakem", hand, score, match)
        return self._seat(seat, impl, "hokm_next_hakem")

    def match_winner(self, match: MatchView) -> Team | Literal[MatchStatus.DRAWN] | None:
        """The winning team, ``MatchStatus.DRAWN``, or ``None`` while the match goes on."""
        team, impl = optional_result(self.chains["hokm_match_winner"], match)
        if team is None or team is MatchStatus.GOES_ON:
            return None
        if team is MatchStatus.DRAWN:
            return team
        if not is_index(team, self.layout.team_count):
            raise contract_error(impl, "hokm_match_winner",
                                 f"returned {team!r}, not a team or MatchStatus.GOES_ON")
        return Team(team)

    def first_hakem(self, face_up: Sequence[Card], first_seat: int, rng: random.Random) -> Seat:
        seat, impl = first_result(self.chains["hokm_first_hakem"], "hokm_first_hakem",
                                  self.layout, tuple(face_up), Seat(first_seat), rng)
        return self._seat(seat, impl, "hokm_first_hakem")

    def seating(self, face_up: Sequence[Card], first_seat: int, hakem: int) -> tuple[int, ...]:
        seating, impl = first_result(self.chains["hokm_seating"], "hokm_seating",
                                     self.layout, tuple(face_up), Seat(first_seat), Seat(hakem))
        seating = tuple(seating)
        if sorted(seating) != list(range(self.layout.players)):
            raise contract_error(impl, "hokm_seating",
                                 f"returned {seating!r}, not a permutation of the seats")
        return seating

    def _seat(self, seat: object, impl: Impl, hook: str) -> Seat:
        if not isinstance(seat, int) or not is_index(seat, self.layout.players):
            raise contract_error(impl, hook, f"returned {seat!r}, not a seat 0..{self.layout.players - 1}")
        return Seat(seat)
