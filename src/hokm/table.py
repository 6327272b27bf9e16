"""Seats, teams, rotation and the table layout.

Seats are numbered **in play order**: seat ``s + 1 (mod n)`` plays right after
seat ``s``. Rotation is physical only: it answers who sits on whose left or
right and never changes who plays after whom.

>>> from hokm import TableLayout, Rotation
>>> layout = TableLayout.standard(4)
>>> layout.team_of(2), layout.next_seat(3)
(0, 0)
>>> Rotation.COUNTERCLOCKWISE.right_of(0, 4), Rotation.CLOCKWISE.right_of(0, 4)
(1, 3)
"""

from __future__ import annotations

import enum
from typing import NewType

import attrs

from hokm.errors import InvalidNotationError

__all__ = ["Rotation", "Seat", "TableLayout", "Team"]

Seat = NewType("Seat", int)
"""A seat number in play order, ``0 .. players - 1``."""

Team = NewType("Team", int)
"""A team number: 4 players -> 0 (seats 0, 2) and 1 (seats 1, 3); fewer -> team = seat."""


class Rotation(enum.Enum):
    """Which way play passes around the physical table."""

    COUNTERCLOCKWISE = "counterclockwise"
    """Play passes to the right (pagat Hokm, Iran, Court Piece): the next seat sits on the right."""
    CLOCKWISE = "clockwise"
    """Play passes to the left (some Hokm tables, Satat, Troefcall): the next seat sits on the left."""

    def __repr__(self) -> str:
        return f"Rotation.{self.name}"

    def right_of(self, seat: int, players: int) -> Seat:
        """The seat physically on the right of ``seat``."""
        step = 1 if self is Rotation.COUNTERCLOCKWISE else -1
        return Seat((seat + step) % players)

    def left_of(self, seat: int, players: int) -> Seat:
        """The seat physically on the left of ``seat``."""
        step = -1 if self is Rotation.COUNTERCLOCKWISE else 1
        return Seat((seat + step) % players)


def _teams(value: tuple[int, ...] | list[int]) -> tuple[Team, ...]:
    return tuple(Team(int(t)) for t in value)


@attrs.frozen
class TableLayout:
    """How many seats there are and which team each seat plays for.

    Attributes:
        players: number of seats (2, 3 or 4 for the bundled rules).
        teams: the team of each seat, indexed by seat.
    """

    players: int = attrs.field(validator=[attrs.validators.instance_of(int), attrs.validators.ge(2)])
    teams: tuple[Team, ...] = attrs.field(converter=_teams)

    @teams.validator
    def _check_teams(self, _attribute: object, value: tuple[Team, ...]) -> None:
        if len(value) != self.players:
            raise ValueError(f"teams has {len(value)} entries for {self.players} seats")
        if sorted(set(value)) != list(range(len(set(value)))):
            raise ValueError(f"teams must be numbered 0..k-1 without gaps, got {value}")

    @classmethod
    def standard(cls, players: int) -> TableLayout:
        """Partners opposite for 4 players; everyone for himself with 2 or 3.

        >>> TableLayout.standard(4).teams
        (0, 1, 0, 1)
        >>> TableLayout.standard(3).teams
        (0, 1, 2)
        """
        if players == 4:
            return cls(4, (0, 1, 0, 1))
        return cls(players, tuple(range(players)))

    @property
    def team_count(self) -> int:
        """How many teams (or individual players) compete."""
        return max(self.teams) + 1

    @property
    def seats(self) -> range:
        """All seats in play order."""
        return range(self.players)

    def check_seat(self, seat: object) -> Seat:
        """Return ``seat`` if it is a seat on this table, else raise InvalidNotationError."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise InvalidNotationError(
                f"{seat!r} is not a seat: seats are 0..{self.players - 1} on a {self.players}-player table"
            )
        return Seat(seat)

    def team_of(self, seat: int) -> Team:
        """The team ``seat`` plays for."""
        return self.teams[self.check_seat(seat)]

    def seats_of(self, team: int) -> tuple[Seat, ...]:
        """The seats of ``team`` in play order."""
        return tuple(Seat(s) for s, t in enumerate(self.teams) if t == team)

    def next_seat(self, seat: int) -> Seat:
        """The seat that plays right after ``seat``."""
        return Seat((self.check_seat(seat) + 1) % self.players)

    def previous_seat(self, seat: int) -> Seat:
        """The seat that plays right before ``seat`` (the dealer, if ``seat`` is the Hakem)."""
        return Seat((self.check_seat(seat) - 1) % self.players)
