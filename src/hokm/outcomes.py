"""How a hand stands and how it ended: ``Phase``, ``HandScore``, ``Kot``, ``HandResult``.

``HandScore`` and ``Kot`` are what the scoring hooks answer; ``HandResult`` is
what the core makes of them once a hand is over.
"""

from __future__ import annotations

import enum
import warnings
from typing import ClassVar

import attrs

from hokm.cards import Suit
from hokm.table import Seat, Team

__all__ = ["HandResult", "HandScore", "Kot", "MatchStatus", "Phase", "majority"]


def majority(tricks_total: int) -> int:
    """Tricks that make a majority of the hand: 7 of 13, 9 of 17.

    The standard stop rule and the kot are both counted in this.

    >>> majority(13), majority(17)
    (7, 9)
    """
    return tricks_total // 2 + 1


class Phase(enum.Enum):
    """Where a hand stands."""

    TRUMP = "trump"
    """The Hakem, holding his first packet, must call trump."""
    DRAW = "draw"
    """Two-player keep/reject draw from the stock."""
    PLAY = "play"
    """Trick play (possibly paused by a pending decision)."""
    OVER = "over"
    """The hand is complete; ``result()`` is available."""

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


# Phase codes as hand states store them (an int compares faster than an enum member).
TRUMP, DRAW, PLAY, OVER = 0, 1, 2, 3
PHASES: tuple[Phase, ...] = (Phase.TRUMP, Phase.DRAW, Phase.PLAY, Phase.OVER)


class MatchStatus(enum.Enum):
    """An answer of ``hokm_match_winner`` other than a team."""

    DRAWN = "drawn"
    """The match is over and nobody won it (a format that allows it: troefcall's equal sets)."""
    GOES_ON = "goes-on"
    """Nobody has won yet, and that is decided: the plugins after this one are not asked.

    Distinct from ``None`` ("no opinion"), which lets the next plugin (in the end the
    standard first-to-7 rule) decide.
    """

    def __repr__(self) -> str:
        return f"MatchStatus.{self.name}"


@attrs.frozen
class Kot:
    """The answer of ``hokm_kot``: ``Kot(team)`` swept the hand, ``Kot.NONE``: nobody did."""

    team: Team | None

    NONE: ClassVar[Kot]


Kot.NONE = Kot(None)


@attrs.frozen
class HandScore:
    """The outcome of a hand as the scoring rules see it.

    Attributes:
        winner: the team that won the hand.
        points: what the winner scores (0 is allowed: a Court Piece deal won without a court).
        kot: this hand was a sweep as the variant defines it.
        label: a short name for the outcome ("win", "kot", "hakem-kot", "bavney", ...).
    """

    winner: Team
    points: int
    kot: bool = False
    label: str = "win"


@attrs.frozen
class HandResult:
    """How a finished hand ended: its ``HandScore`` plus the facts of the hand.

    Attributes:
        winner: the team that won the hand.
        points: the points (or courts) the winner scores.
        kot: the hand was a sweep (the first seven tricks; Double Sar: all 13 collected).
        label: short outcome name: ``"win"``, ``"kot"``, ``"hakem-kot"``, ``"bavney"``, ...
        team_tricks: tricks each team took (collected, under Double Sar), as
            ``HandState.team_tricks``.
        hakem: the hand's Hakem.
        trump: the trump suit.
        next_hakem: the Hakem of the next hand.
        tricks_played: how many tricks were played before the hand ended.
    """

    winner: Team
    points: int
    kot: bool
    label: str
    team_tricks: tuple[int, ...]
    hakem: Seat
    trump: Suit | None
    next_hakem: Seat
    tricks_played: int

    @property
    def tricks(self) -> tuple[int, ...]:
        """Deprecated: use ``team_tricks`` (``HandState.tricks`` are the trick values)."""
        warnings.warn("HandResult.tricks is deprecated; use HandResult.team_tricks",
                      DeprecationWarning, stacklevel=2)
        return self.team_tricks
