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

from hokm.errors import (
    ArgumentTypeError,
    InvalidArgumentError,
    InvalidSeatError,
    NotationTypeError,
    _got,
    _kind,
    _shown,
)

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
        """The seat physically on the right of ``seat`` at a table of ``players`` seats."""
        step = 1 if self is Rotation.COUNTERCLOCKWISE else -1
        return Seat((_seat_at(seat, _players(players)) + step) % players)

    def left_of(self, seat: int, players: int) -> Seat:
        """The seat physically on the left of ``seat`` at a table of ``players`` seats."""
        step = -1 if self is Rotation.COUNTERCLOCKWISE else 1
        return Seat((_seat_at(seat, _players(players)) + step) % players)


def _players(value: object) -> int:
    """A number of seats: an int of at least 2."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(f"players must be an int of at least 2, got {_got(value)}")
    if value < 2:
        raise InvalidArgumentError(f"players must be an int of at least 2, got {_got(value)}")
    return value


def _index_at(value: object, count: int, name: str, noun: str, where: str) -> int:
    """``value`` if it is an int in ``0 .. count - 1`` (a seat or a team), else a notation error.

    The messages name the argument (``name``), what it should be (``noun``: "seat" or
    "team") and the table (``where``).
    """
    if value.__class__ is int and 0 <= value < count:
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationTypeError(f"{name}={_shown(value)} is not a {noun}: {noun}s are the ints "
                                f"0..{count - 1} {where}, got {_kind(value)}")
    if not 0 <= value < count:
        raise InvalidSeatError(f"{name}={_shown(value)} is not a {noun}: {noun}s are "
                               f"0..{count - 1} {where}")
    return value


def _seat_at(seat: object, players: int, name: str = "seat") -> Seat:
    """``seat`` if it is a seat of a ``players``-seat table, else a notation error naming ``name``."""
    return Seat(_index_at(seat, players, name, "seat", f"on a {players}-player table"))


def _teams(value: object) -> tuple[Team, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, tuple | list):
        raise ArgumentTypeError(f"teams must be a tuple of team numbers, one per seat, such as "
                                f"(0, 1, 0, 1), got {_got(value)}")
    for team in value:
        if isinstance(team, bool) or not isinstance(team, int):
            raise ArgumentTypeError(f"teams must hold team numbers (ints), got {_got(team)} in "
                                    f"{_shown(value)}")
    return tuple(Team(t) for t in value)


def _check_players(_instance: object, _attribute: object, value: int) -> None:
    _players(value)


@attrs.frozen
class TableLayout:
    """How many seats there are and which team each seat plays for.

    Attributes:
        players: number of seats (2, 3 or 4 for the bundled rules).
        teams: the team of each seat, indexed by seat.
    """

    players: int = attrs.field(validator=_check_players)
    teams: tuple[Team, ...] = attrs.field(converter=_teams)

    @teams.validator
    def _check_teams(self, _attribute: object, value: tuple[Team, ...]) -> None:
        if len(value) != self.players:
            raise InvalidArgumentError(f"teams has {len(value):,} entries for {self.players} seats: "
                                       "give one team number per seat")
        if sorted(set(value)) != list(range(len(set(value)))):
            raise InvalidArgumentError(f"teams must be numbered 0..k-1 without gaps, got {_shown(value)}")

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
        return cls(players, tuple(range(_players(players))))

    @property
    def team_count(self) -> int:
        """How many teams (or individual players) compete."""
        return max(self.teams) + 1

    @property
    def seats(self) -> range:
        """All seats in play order."""
        return range(self.players)

    def check_seat(self, seat: object, name: str = "seat") -> Seat:
        """Return ``seat`` if it is a seat on this table.

        Args:
            seat: the value to check: an int ``0 .. players - 1`` (a bool is not a seat).
            name: the argument's name, for the message (``"hakem"``, ``"first_seat"``).

        Raises:
            InvalidSeatError: ``seat`` is an int outside the table (negative seats do not wrap).
            NotationTypeError: ``seat`` is not an int.
        """
        if seat.__class__ is int and 0 <= seat < self.players:
            return seat  # type: ignore[return-value]  # the common case, without the checks' calls
        return _seat_at(seat, self.players, name)

    def team_of(self, seat: int) -> Team:
        """The team ``seat`` plays for."""
        return self.teams[self.check_seat(seat)]

    def seats_of(self, team: int) -> tuple[Seat, ...]:
        """The seats of ``team`` in play order.

        Raises:
            InvalidSeatError: ``team`` is not a team of this table (``NotationTypeError``
                if it is not an int).
        """
        team = _index_at(team, self.team_count, "team", "team", "on this table")
        return tuple(Seat(s) for s, t in enumerate(self.teams) if t == team)

    def next_seat(self, seat: int) -> Seat:
        """The seat that plays right after ``seat``."""
        return Seat((self.check_seat(seat) + 1) % self.players)

    def previous_seat(self, seat: int) -> Seat:
        """The seat that plays right before ``seat`` (the dealer, if ``seat`` is the Hakem)."""
        return Seat((self.check_seat(seat) - 1) % self.players)
