"""Seats, teams, rotation."""

from __future__ import annotations

import pytest

import hokm
from hokm import InvalidNotationError, Rotation, TableLayout


def test_standard_layouts() -> None:
    assert TableLayout.standard(4).teams == (0, 1, 0, 1)
    assert TableLayout.standard(3).teams == (0, 1, 2)
    assert TableLayout.standard(2).teams == (0, 1)
    assert TableLayout.standard(4).team_count == 2
    assert TableLayout.standard(3).team_count == 3


def test_seat_arithmetic_is_in_play_order() -> None:
    layout = TableLayout.standard(4)
    assert [layout.next_seat(s) for s in range(4)] == [1, 2, 3, 0]
    assert [layout.previous_seat(s) for s in range(4)] == [3, 0, 1, 2]
    assert layout.seats_of(1) == (1, 3)
    assert layout.team_of(3) == 1


@pytest.mark.parametrize("seat", [-1, 4, 1.0, "0", True])
def test_bad_seats_are_refused(seat: object) -> None:
    with pytest.raises(InvalidNotationError, match="not a seat"):
        TableLayout.standard(4).team_of(seat)  # type: ignore[arg-type]


def test_layout_validation() -> None:
    with pytest.raises(ValueError, match="entries"):
        TableLayout(4, (0, 1, 0))
    with pytest.raises(ValueError, match="without gaps"):
        TableLayout(2, (0, 2))


def test_rotation_only_maps_physical_sides() -> None:
    # Counter-clockwise (pagat): the next seat sits on the right.
    assert Rotation.COUNTERCLOCKWISE.right_of(0, 4) == 1
    assert Rotation.COUNTERCLOCKWISE.left_of(0, 4) == 3
    # Clockwise (doc A): the next seat sits on the left.
    assert Rotation.CLOCKWISE.left_of(0, 4) == 1
    assert Rotation.CLOCKWISE.right_of(0, 4) == 3
    assert Rotation.CLOCKWISE.left_of(2, 3) == 0


@pytest.mark.parametrize("seat", [4, -1, 99])
def test_a_seat_off_the_table_is_an_invalid_seat_error_caught_by_either_handler(seat: int) -> None:
    hand = hokm.Ruleset.compose().deal(hokm.full_deck(), hakem=0)
    for call in (hand.hand_of, hand.observation, hand.set_aside_unseen, hand.layout.team_of):
        with pytest.raises(hokm.InvalidSeatError, match=r"is not a seat: seats are 0\.\.3") as caught:
            call(seat)
        assert isinstance(caught.value, hokm.InvalidNotationError | hokm.InvalidArgumentError)
        assert isinstance(caught.value, ValueError) and not isinstance(caught.value, TypeError)
