"""Bavney: a team that takes the first seven tricks plays on, and all 13 score ``points``.

A house rule: a 13-0 is worth 3. Published Hokm rules (pagat) stop the hand at
seven tricks, so a 13-0 cannot arise there. Related games do reward the full
sweep: Court Piece (the 52-court) and Troefcall (bounie). Play on stops as soon as the
other team takes a trick; the kot then scores as usual (kot / Hakem-kot).
With ``decide=True`` playing on is the kot team's choice, offered once, right
after the seventh trick, to the seat that won it.

>>> import hokm
>>> from hokm import Suit, full_deck
>>> deck = full_deck()  # seat 0 holds all the spades, and spades are trump
>>> hands = [deck[0:13], deck[13:26], deck[26:39], deck[39:52]]
>>> def sweep(rules):
...     hand = rules.new_hand(hands, hakem=0, trump=Suit.SPADES)
...     while not hand.is_over:
...         hand = hand.play(min(hand.legal_plays(), key=lambda card: card.index))
...     return hand.tricks_played, hand.result().points, hand.result().label
>>> sweep(hokm.Ruleset.compose())
(7, 2, 'kot')
>>> sweep(hokm.Ruleset.compose("bavney"))
(13, 3, 'bavney')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import ClassVar

import attrs

from hokm import (
    Action,
    Decision,
    HandScore,
    HandTally,
    HandView,
    PauseWindow,
    PlayOn,
    Team,
    Variant,
    VariantInfo,
    hookimpl,
    majority,
)

__all__ = ["Bavney"]

_CHOICES = (PlayOn(True), PlayOn(False))
"""The play-on offer's options: play on, or stop and score the kot."""
_WINDOWS = MappingProxyType({"hokm_pending_decision": PauseWindow(before_play=False, trick_ends="majority")})


def _points(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{attribute.name} must be a non-negative integer, got {value!r}")


def _kot_team(hand: HandView) -> Team | None:
    """The team that took the first majority of tricks (seven of 13), if one did."""
    return hand.first_tricks_by(majority(hand.tricks_total))


def _play_on_choice(hand: HandView) -> bool | None:
    """The kot team's answer to the play-on offer, or ``None`` before it was given."""
    for _seat, action in hand.decisions:
        if isinstance(action, PlayOn):
            return action.accept
    return None


@attrs.frozen(eq=False)  # pluggy tells registered plugins apart by ==; keep identity
class Bavney(Variant):
    """A kot team plays on for all the tricks, which score ``points``.

    Attributes:
        points: what taking every trick scores (instead of the kot value).
        decide: ``False`` (default): play on is automatic; ``True``: the kot
            team decides, through a ``hokm.PlayOn`` decision right after
            the seventh trick, taken by the seat that won it.
    """

    info: ClassVar[VariantInfo] = VariantInfo(
        name="bavney",
        summary="a team with the first 7 tricks plays on; all 13 score 3 (house rule)",
        conflicts={
            "double-sar": "double-sar already plays all 13 tricks and makes a 13-0 collection its own kot",
            "court-piece": "court-piece has its own play-on for all 13 tricks (the 52-court)",
            "three-player": "three-player has no teams and 17 tricks a hand; bavney is a 13-trick team rule",
        },
        source="a house rule, not in published Hokm rules; compare the 52-court of pagat.com/whist/rang.html",
    )

    points: int = attrs.field(default=3, kw_only=True, validator=_points)
    decide: bool = attrs.field(default=False, kw_only=True,
                               validator=attrs.validators.instance_of(bool))

    @property
    def inactive_hooks(self) -> frozenset[str]:
        """The play-on offer exists only with ``decide=True``; otherwise its hook is idle, and
        playing on and its score follow from the tally alone."""
        if self.decide:
            return frozenset({"play_on_automatic", "score_automatic"})
        return frozenset({"hokm_pending_decision", "play_on_chosen", "score_chosen"})

    @property
    def turn_windows(self) -> Mapping[str, PauseWindow]:
        """The play-on offer comes only right after the seventh trick: the other tricks end unasked."""
        return _WINDOWS

    @hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        return _CHOICES if self.decide else ()  # the play-on offer's answers

    @hookimpl
    def hokm_pending_decision(self, hand: HandView) -> Decision | None:
        if not self.decide or hand.tricks_played != majority(hand.tricks_total):
            return None  # only ever asked right after the seventh trick
        if _kot_team(hand) is None or _play_on_choice(hand) is not None:
            return None  # no kot, or the kot team has already answered
        return Decision(hand.winners[-1], _CHOICES,
                        reason="bavney: play on for all the tricks?")

    @hookimpl(specname="hokm_play_on")
    def play_on_automatic(self, tally: HandTally) -> bool:
        # Asked once a team holds seven: go on only while every trick went to the kot team.
        team = tally.first_tricks_by(majority(tally.tricks_total))
        return team is not None and tally.first_tricks_by(tally.tricks_played) == team

    @hookimpl(specname="hokm_play_on")
    def play_on_chosen(self, hand: HandView, tally: HandTally) -> bool:
        # decide=True: as above, once the kot team chose to play on.
        return bool(_play_on_choice(hand)) and self.play_on_automatic(tally)

    @hookimpl(specname="hokm_hand_score")
    def score_automatic(self, tally: HandTally) -> HandScore | None:
        team = tally.first_tricks_by(majority(tally.tricks_total))
        if team is None or tally.first_tricks_by(tally.tricks_total) != team:
            return None  # not every trick to a team playing on: the kot scores as usual
        return HandScore(team, self.points, kot=True, label="bavney")

    @hookimpl(specname="hokm_hand_score")
    def score_chosen(self, hand: HandView, tally: HandTally) -> HandScore | None:
        # decide=True: a bavney only if the kot team chose to play on.
        return self.score_automatic(tally) if _play_on_choice(hand) else None
