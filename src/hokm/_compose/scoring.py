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
from hokm._compose.tally import Tallies, TallyAnswers, TallyKey
from hokm._compose.trick_end import is_index
from hokm.cards import Card
from hokm.context import HandView, MatchView, RulesetInfo
from hokm.outcomes import HandScore, Kot, MatchStatus
from hokm.table import Seat, TableLayout, Team

__all__ = ["Scoring"]


class Scoring:
    """Kot, hand score, next Hakem, match winner, first Hakem and seating, asked through their chains.

    Where no implementation of ``hokm_kot`` reads the hand, the chain is asked once per distinct
    tally (``HandTally``) and its answer kept; so is ``hokm_hand_score``'s where none reads the
    hand, for standalone hands (and for every hand where none reads the match either).
    """

    __slots__ = ("_kots", "_scores", "chains", "info", "kot_tabulated", "layout", "score_reads_match",
                 "score_tabulated", "tallies")

    def __init__(self, chains: Mapping[str, tuple[Impl, ...]], layout: TableLayout, tallies: Tallies,
                 info: RulesetInfo) -> None:
        self.chains = chains
        self.layout = layout
        self.tallies = tallies
        self.info = info
        self.kot_tabulated = not any("hand" in impl.argnames for impl in chains["hokm_kot"])
        self.score_tabulated = not any("hand" in impl.argnames for impl in chains["hokm_hand_score"])
        self.score_reads_match = any("match" in impl.argnames for impl in chains["hokm_hand_score"])
        self._kots: TallyAnswers[Team | None] = TallyAnswers(lambda key: self._kot(None, key))
        self._scores: dict[tuple[TallyKey, Team | None], HandScore] = {}

    @property
    def tabulated(self) -> bool:
        """Whether a standalone hand's kot and score follow from its tally alone (no hook reads the
        hand)."""
        return self.kot_tabulated and self.score_tabulated

    def kot(self, hand: HandView | None, key: TallyKey | None = None) -> Team | None:
        """The kot team (``hand`` may be ``None`` where the chain is tabulated and ``key`` given)."""
        if key is None:
            assert hand is not None
            key = self.tallies.key_of(hand)
        return self._kots(key) if self.kot_tabulated else self._kot(hand, key)

    def _kot(self, hand: HandView | None, key: TallyKey) -> Team | None:
        kot, impl = first_result(self.chains["hokm_kot"], "hokm_kot", hand, self.tallies.tally(key))
        if not isinstance(kot, Kot) or (
                kot.team is not None and not is_index(kot.team, self.layout.team_count)):
            raise contract_error(impl, "hokm_kot", f"returned {kot!r}, not a Kot of a team or Kot.NONE")
        return kot.team

    def hand_score(self, hand: HandView | None, match: MatchView | None,
                   key: TallyKey | None = None) -> HandScore:
        """The hand's score (``hand`` may be ``None`` where the chains are tabulated and ``key``
        given: a batch's hands scored by their tallies)."""
        if key is None:
            assert hand is not None
            key = self.tallies.key_of(hand)
        kot = self.kot(hand, key)
        kept = self.score_tabulated and (match is None or not self.score_reads_match)
        if kept and (found := self._scores.get((key, kot))) is not None:
            return found
        score, impl = first_result(self.chains["hokm_hand_score"], "hokm_hand_score", hand, match,
                                   self.tallies.tally(key), kot, self.info)
        teams = self.layout.team_count
        if (not isinstance(score, HandScore) or not is_index(score.winner, teams)
                or not is_index(score.points, 1 << 62) or not isinstance(score.kot, bool)
                or not isinstance(score.label, str) or not score.label):
            raise contract_error(impl, "hokm_hand_score",
                                 f"returned {score!r}: need a HandScore for one of teams "
                                 f"0..{teams - 1} with non-negative int points, a bool kot "
                                 "and a non-empty label")
        if kept:
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
