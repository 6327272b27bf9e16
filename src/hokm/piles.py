"""``PileRule``: a centre-pile capture rule declared as data, so the engine applies it inline.

A variant whose tricks pile up in the centre (Double Sar) answers ``hokm_trick_capture``
after every trick. When its rule is the usual one, "the same seat (or team) winning two
tricks in a row collects the pile, the last trick sweeps", it can also declare it once,
through ``hokm_pile_rule``, and the engine then decides each trick's collector from
its own tallies: no plugin call and no hand view per trick, on every driver (stepping,
``playout``, ``simulate``). The declaration is a promise that it answers exactly as the
plugin's ``hokm_trick_capture`` would; ``hokm.testing.check_pile_rule`` holds a plugin to it.

>>> rule = PileRule(chain="seat")
>>> rule.collectors([1, 1, 0, 0, 2], tricks_total=5)  # seat 1's pair, then 0's, then the sweep
(None, 1, None, 0, 2)
>>> PileRule(chain="team").collectors([1, 3, 0, 2], tricks_total=4, teams=(0, 1, 0, 1))
(None, 3, None, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

import attrs

from hokm.errors import InvalidArgumentError

__all__ = ["PileRule", "collector_after", "won_in_force"]


def _trick_numbers(value: Iterable[int]) -> frozenset[int]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise InvalidArgumentError(f"PileRule.blocked must be a collection of trick numbers, got {value!r}")
    return frozenset(value)


def _positive_numbers(instance: object, attribute: attrs.Attribute[Any], value: frozenset[int]) -> None:
    for number in value:
        if number.__class__ is not int or number < 1:
            raise InvalidArgumentError(f"PileRule.blocked must hold trick numbers from 1, got {number!r}")


def _first_pickup(instance: object, attribute: attrs.Attribute[Any], value: int) -> None:
    if value.__class__ is not int or value < 2:
        raise InvalidArgumentError(
            f"PileRule.first_pickup must be a trick number from 2 (no pair before it), got {value!r}")


@attrs.frozen
class PileRule:
    """Won tricks stay in the centre; two wins in a row collect the whole pile.

    After each trick numbered ``n`` (from 1) and won by ``winner``:

    1. the last trick of the hand sweeps: ``winner`` collects whatever is left;
    2. otherwise ``winner`` collects if the previous trick's winner is the same seat
       (``chain="seat"``) or of the same team (``chain="team"``), unless ``n`` is in
       ``blocked``, ``n`` is below ``first_pickup``, or (``reset_after_collect``) the
       previous trick was itself a collection, which starts no pair;
    3. else the trick stays in the centre.

    With ``after_trump``, a pair collects in step 2 only if the card that won its first
    trick was played once the trump was in force (from ``hand.trump_from`` on, never
    while the hand has no trump): Double Sar composed with hidden trump.

    Attributes:
        chain: ``"seat"`` or ``"team"``: whose two wins in a row make a pair.
        reset_after_collect: a collecting trick does not count toward the next pair.
        blocked: trick numbers after which no pair collects (the last trick still sweeps).
        first_pickup: the first trick number at which a pair may collect (2: from the
            second trick, the earliest a pair can exist).
        after_trump: a pair collects only if its first trick was won by a card played once
            the trump was in force.

    >>> PileRule(chain="seat", after_trump=True).collectors(
    ...     [1, 1, 1, 1], tricks_total=4, in_force=[False, False, True, True])
    (None, None, None, 1)
    """

    chain: Literal["seat", "team"] = attrs.field(validator=attrs.validators.in_(("seat", "team")))
    reset_after_collect: bool = attrs.field(default=True, kw_only=True,
                                            validator=attrs.validators.instance_of(bool))
    blocked: frozenset[int] = attrs.field(default=frozenset(), kw_only=True, converter=_trick_numbers,
                                          validator=_positive_numbers)
    first_pickup: int = attrs.field(default=2, kw_only=True, validator=_first_pickup)
    after_trump: bool = attrs.field(default=False, kw_only=True, validator=attrs.validators.instance_of(bool))

    def collects_at(self, tricks_total: int) -> tuple[bool, ...]:
        """For each trick number 0..``tricks_total``: may a pair collect after it (the sweep aside)?"""
        first, blocked = self.first_pickup, self.blocked
        return tuple(number >= first and number not in blocked for number in range(tricks_total + 1))

    def collectors(self, winners: Sequence[int], *, tricks_total: int,
                   teams: Sequence[int] | None = None,
                   in_force: Sequence[bool] | None = None) -> tuple[int | None, ...]:
        """Who collects after each trick of a hand whose tricks were won by ``winners``.

        ``teams`` (each seat's team) is needed with ``chain="team"``; ``in_force`` (for
        each trick, whether the card that won it was played once the trump was in force)
        with ``after_trump``. The reference the engine's inline form is tested against,
        and what a plugin's hook must agree with.
        """
        if self.chain == "team" and teams is None:
            raise InvalidArgumentError("PileRule(chain='team').collectors needs teams, each seat's team")
        if self.after_trump and (in_force is None or len(in_force) < len(winners)):
            raise InvalidArgumentError(
                "PileRule(after_trump=True).collectors needs in_force, one flag a trick")
        seats = range(max(winners, default=0) + 1)
        key: Sequence[int] = teams if self.chain == "team" and teams is not None else seats
        allowed = self.collects_at(tricks_total)
        collectors: list[int | None] = []
        for number in range(1, len(winners) + 1):
            force = not self.after_trump or number < 2 or (in_force is not None and in_force[number - 2])
            collectors.append(collector_after(winners[:number], collectors, tricks_total, key, allowed,
                                              self.reset_after_collect, force))
        return tuple(collectors)


def collector_after(winners: Sequence[int], collectors: Sequence[int | None], tricks_total: int,
                    key: Sequence[int], allowed: Sequence[bool], reset: bool, in_force: bool = True
                    ) -> int | None:
    """Who collects after the last trick of ``winners`` (``collectors``: the tricks before it).

    The rule's one home: ``PileRule.collectors``, the engine and the random-play kernel all
    call it, with ``key`` (each seat's chain key: the seat, or its team), ``allowed``
    (``PileRule.collects_at``) and ``reset`` (``reset_after_collect``) read once;
    ``in_force``: the previous trick counts toward a pair (``after_trump``, ``won_in_force``).
    """
    number = len(winners)
    winner = winners[-1]
    if number >= tricks_total:  # the last trick sweeps
        return winner
    if (number > 1 and allowed[number] and key[winners[-2]] == key[winner]
            and not (reset and collectors[-1] is not None) and in_force):
        return winner  # a pair collects the pile
    return None


def won_in_force(plays: Sequence[int], winners: Sequence[int], number: int, players: int, since: int) -> bool:
    """Whether the card that won trick ``number`` (from 1) was played at or after play ``since``.

    ``plays``: the hand's packed plays (``seat << 6 | card index``); ``since``: the first
    play under the trump (``trump_from``), or more than the hand's plays while it has none.
    """
    start = (number - 1) * players
    if since <= start:
        return True
    if since >= start + players:
        return False
    winner = winners[number - 1]
    for position in range(start, start + players):
        if plays[position] >> 6 == winner:
            return position >= since
    return False
