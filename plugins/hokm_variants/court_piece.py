"""Court Piece (Rang): deals are won at 7 tricks, and *courts* (sweeps, or seven deals in a row) score.

After pagat's *Court Piece / Rang* (pagat.com/whist/rang.html), with the dealer rotation as
gamerules.com, cardzmania and TashZone spell it out and the points scoring of Wikipedia's *Court
piece* and cardzmania. Our Hakem is the trump caller, the seat after the dealer. A team that
takes 7 tricks wins the deal; a **court** is won by taking the first seven tricks of a deal or by
winning seven deals in a row; a team with the first seven plays on for all 13, the **52-court**;
the next dealer always comes from the side that lost. Composed with ``double-sar``, every deal
plays all 13 tricks, Double Sar decides who collects them, and a deal's court is collecting all 13.

>>> import hokm
>>> rules = hokm.Ruleset.compose("court-piece")
>>> by_suit = [[card for card in hokm.full_deck() if card.suit is suit] for suit in hokm.Suit]
>>> hand = rules.new_hand(by_suit, hakem=0, trump=hokm.Suit.SPADES)  # seat 0 holds every spade
>>> while not hand.is_over:
...     hand = hand.play(min(hand.legal_plays(), key=lambda card: card.sort_key))
>>> hand.tricks_played  # the first seven were his, so his team played on for all 13
13
>>> result = hand.result()
>>> result.label, result.points, result.next_hakem  # the dealer's partner (seat 1) deals next
('52-court', 52, 2)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, Literal

import attrs

from hokm import (
    Action,
    Decision,
    HandScore,
    HandTally,
    HandView,
    MatchStatus,
    MatchView,
    PauseWindow,
    PlayOn,
    RulesetInfo,
    Seat,
    TableLayout,
    Team,
    Variant,
    VariantConflictError,
    VariantInfo,
    hookimpl,
    majority,
)

__all__ = ["COURT_LABELS", "DOUBLE_SAR", "STREAK", "CourtPiece"]

DOUBLE_SAR = "double-sar"
"""The variant that, composed with this one, decides who owns the tricks."""

COURT_LABELS: frozenset[str] = frozenset({"court", "goon-court", "streak-court", "52-court"})
"""Hand labels that mean a court was scored (each resets the deal streaks)."""

STREAK = 7
"""Deals a team must win in a row for a court."""

ALL_TRICKS_COURTS = 52
"""What a 52-court is worth, in courts (pagat) and in points (our choice, see the docs)."""

_DEFAULT_TARGET = {"courts": 1, "points": 10}
_CHOICES: tuple[PlayOn, PlayOn] = (PlayOn(True), PlayOn(False))
_WINDOWS = MappingProxyType({"hokm_pending_decision": PauseWindow(before_play=False, trick_ends="majority")})


def _check_target(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"target must be a positive integer or None, got {value!r}")


def _check_goon_value(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"goon_court_value must be a positive integer (courts), got {value!r}")


@attrs.frozen(eq=False)  # pluggy tells registered plugins apart by ==; keep identity
class CourtPiece(Variant):
    """Pagat's Court Piece: courts, seven-deal streaks, the 52-court, dealer from the losing side.

    Attributes:
        scoring: ``"courts"`` (a court scores 1, a 52-court 52, any other deal 0) or
            ``"points"`` (caller's side 1 / court 3, opponents 2 / court 4, 52-court 52).
        target: courts or points that win the match; ``None`` means the scoring's default
            (1 court, or 10 points).
        decide: the team with the first seven tricks chooses whether to play on for the
            52-court (``False``: it always plays on).
        goon_court_value: courts credited (``scoring="courts"``) for a single-deal court won
            by the dealer's side, a goon court (1 by default; some sites credit 3).

    With ``double-sar`` (Double Sar under Court Piece) all 13 tricks are played, a deal is
    won by 7 or more *collected* tricks, its court is collecting all 13 (a goon court for the
    dealer's side), and there is no 52-court, so ``decide=True`` is refused.
    """

    info: ClassVar[VariantInfo] = VariantInfo(
        name="court-piece",
        summary="Court Piece / Rang: courts for the first seven tricks or seven deals in a row, "
                "52-court, dealer from the losing side",
        conflicts={
            "two-player": "Court Piece is a game for two partnerships of two",
            "three-player": "Court Piece is a game for two partnerships of two",
            "bavney": "both play on after the first seven tricks and score the sweep; "
                      "Court Piece's 52-court already does this",
        },
        source="pagat.com/whist/rang.html; Wikipedia: Court piece; cardzmania.com/CourtPiece; gamerules.com",
        replaces={
            "first_hakem": "the first dealer is chosen at random and the trump caller sits after him",
            "partners": "partners sit opposite; the second-Ace seating needs the first-Ace Hakem",
            "kot_points": "deals score courts (or court-piece's own points)",
            "hakem_kot_points": "deals score courts (or court-piece's own points)",
            "target": "use court-piece's own 'target' option",
            "sets": "the match is to court-piece's own target",
            "succession": "the dealer always comes from the side that lost",
        },
    )

    scoring: Literal["courts", "points"] = attrs.field(
        default="courts", kw_only=True, validator=attrs.validators.in_(("courts", "points")))
    target: int | None = attrs.field(default=None, kw_only=True, validator=_check_target)
    decide: bool = attrs.field(
        default=False, kw_only=True, validator=attrs.validators.instance_of(bool))
    goon_court_value: int = attrs.field(default=1, kw_only=True, validator=_check_goon_value)

    @property
    def match_target(self) -> int:
        """The target in force: ``target``, or the default of the scoring."""
        return _DEFAULT_TARGET[self.scoring] if self.target is None else self.target

    # Composition -----------------------------------------------------------------------

    @hookimpl
    def hokm_check_ruleset(self, ruleset: RulesetInfo) -> None:
        if self.decide and DOUBLE_SAR in ruleset:
            raise VariantConflictError(
                "'court-piece' option decide=True cannot be combined with 'double-sar': under "
                "Double Sar every deal plays all 13 tricks and there is no 52-court to decide on")

    # Deal ----------------------------------------------------------------------------

    @hookimpl
    def hokm_first_hakem(self, layout: TableLayout, rng: random.Random) -> Seat:
        # The first dealer is chosen at random; the trump caller sits after him.
        dealer = rng.randrange(layout.players)
        return Seat((dealer + 1) % layout.players)

    # End of the deal -------------------------------------------------------------------

    @property
    def inactive_hooks(self) -> frozenset[str]:
        """The 52-court offer exists only with ``decide=True``; otherwise its hook is idle, and
        play goes on by the tally alone."""
        if self.decide:
            return frozenset({"play_on_automatic"})
        return frozenset({"hokm_pending_decision", "play_on_chosen"})

    @property
    def turn_windows(self) -> Mapping[str, PauseWindow]:
        """The 52-court offer comes only right after the seventh trick: the other tricks end unasked."""
        return _WINDOWS

    @hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        return _CHOICES if self.decide else ()  # the 52-court offer's answers

    @hookimpl
    def hokm_pending_decision(self, hand: HandView) -> Decision | None:
        if not self.decide or hand.tricks_played != _majority(hand):
            return None  # automatic play-on, or not the moment the first seven are complete
        if hand.first_tricks_by(_majority(hand)) is None:
            return None  # nobody has the first seven: no 52-court to play for
        if any(isinstance(action, PlayOn) for _, action in hand.decisions):
            return None  # already answered
        # (ignore: Decision.options has an untyped ``converter=tuple`` in the core)
        return Decision(hand.winners[-1], _CHOICES,
                        reason="your team took the first seven tricks: play on for the 52-court?")

    @hookimpl(specname="hokm_play_on")
    def play_on_automatic(self, tally: HandTally) -> bool:
        # Asked once a team holds seven. Play on while the sweep lasts; once the opponents
        # take a trick only the court is left. (With double-sar it is never asked: double-sar
        # answers hokm_hand_complete, and every trick is played.) From the tally alone.
        team = tally.first_tricks_by(majority(tally.tricks_total))
        return team is not None and tally.first_tricks_by(tally.tricks_played) == team

    @hookimpl(specname="hokm_play_on")
    def play_on_chosen(self, hand: HandView, tally: HandTally) -> bool:
        # decide=True: as above, once the sweeping team chose to play on.
        if not any(isinstance(action, PlayOn) and action.accept for _, action in hand.decisions):
            return False  # the sweeping team chose to stop (or there is no sweep)
        return self.play_on_automatic(tally)

    # Scoring ------------------------------------------------------------------------------

    # A deal's court is the standard kot, the first seven tricks to one team, so this variant
    # does not answer hokm_kot; with double-sar it is double-sar's, collecting all 13.

    @hookimpl
    def hokm_hand_score(self, tally: HandTally, kot: Team | None, match: MatchView | None,
                        ruleset: RulesetInfo) -> HandScore:
        # From the tally (asked once per tally for standalone deals); the match for streaks.
        tricks = tally.team_tricks  # collected tricks, with double-sar
        caller_team = tally.hakem_team
        sweeper = kot
        if sweeper is not None:
            winner = sweeper
            if tricks[sweeper] == tally.tricks_total and DOUBLE_SAR not in ruleset:
                label = "52-court"
            else:
                label = "court" if sweeper == caller_team else "goon-court"
        else:
            winner = Team(tricks.index(max(tricks)))
            label = "streak-court" if _streak(winner, match) >= STREAK else "win"
        points = self._points(label, caller_side=winner == caller_team)
        return HandScore(winner, points, kot=sweeper is not None, label=label)

    def _points(self, label: str, *, caller_side: bool) -> int:
        if label == "52-court":
            return ALL_TRICKS_COURTS
        court = label in COURT_LABELS
        if self.scoring == "courts":
            if label == "goon-court":
                return self.goon_court_value
            return 1 if court else 0
        if caller_side:
            return 3 if court else 1
        return 4 if court else 2

    @hookimpl
    def hokm_next_hakem(self, hand: HandView, score: HandScore) -> Seat:
        # The next dealer always comes from the side that lost (pagat's rule, in three cases).
        caller, players = hand.hakem, hand.layout.players
        if score.winner != hand.team_of(caller):
            return Seat((caller + 1) % players)  # the old caller deals
        if score.label in COURT_LABELS:
            return Seat((caller + 2) % players)  # the old dealer's partner deals
        return caller  # same dealer, same caller

    @hookimpl
    def hokm_match_winner(self, match: MatchView) -> Team | MatchStatus:
        scores = match.scores
        best = max(scores)
        if best < self.match_target or scores.count(best) > 1:
            # Nobody has reached this variant's target (a tie cannot arise: one side scores a
            # deal). Decided: the standard first-to-7 rule must not be asked.
            return MatchStatus.GOES_ON
        return Team(scores.index(best))


def _majority(hand: HandView) -> int:
    return majority(hand.tricks_total)


def _streak(winner: Team, match: MatchView | None) -> int:
    """Deals ``winner`` has won in a row since the last court, this one included."""
    if match is None:
        return 1  # a standalone deal has no history
    count = 1
    for result in reversed(match.results):
        if result.winner != winner or result.label in COURT_LABELS:
            break
        count += 1
    return count
