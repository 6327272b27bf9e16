"""Batches of random hands (``Ruleset.playouts``, ``HandState.rollouts``): the pure kernel's loop.

Each hand is played by ``one(rng)`` on the batch's one generator (a ``random.Random``) and its
outcome written into compact columns; the generator's state is kept every
``CHECKPOINT_HANDS`` hands, so ``Playouts.hand`` can play any one hand again.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable
from math import floor
from typing import TYPE_CHECKING

from hokm._checks import check_int, check_seed
from hokm._seeding import rng_for
from hokm.errors import ArgumentTypeError, InvalidArgumentError, _got
from hokm.playouts import CHECKPOINT_HANDS, MAX_BATCH, NO_PLAY, Playouts

if TYPE_CHECKING:
    from hokm.rules import Ruleset
    from hokm.state import HandState

__all__ = ["Continuations", "FreshDeals", "play_batch", "rng_of"]

ANNULLED = "annulled"
"""The label of a hand annulled before its first trick (it has no score)."""


def rng_of(ruleset: Ruleset, count: object, seed: object, plays: object, kind: str) -> random.Random:
    """The batch's generator, its arguments checked first (typed ``object``: the compiled build
    would refuse a wrong type with a bare ``TypeError`` before the check could name it)."""
    check_int(count, "count", low=0, high=MAX_BATCH)
    check_seed(seed, optional=False)
    assert isinstance(seed, int | str)  # (checked above)
    if plays.__class__ is not bool:
        raise ArgumentTypeError(f"plays must be True or False, got {_got(plays)}")
    if plays and ruleset.players > 4:
        raise InvalidArgumentError(f"plays=True keeps a play in a byte (seat << 6 | card), which holds "
                                   f"seats 0-3: this table has {ruleset.players}")
    return rng_for(seed, kind)


def play_batch(ruleset: Ruleset, seed: int | str, count: int, rng: random.Random,
               one: Callable[[random.Random], HandState], plays: bool) -> Playouts:
    """Play ``count`` hands with ``one`` on ``rng`` and gather their outcomes."""
    teams = ruleset.layout.team_count
    hakem, trump, winner, points = array("b"), array("b"), array("b"), array("i")
    kot, label = array("B"), array("B")
    tricks = tuple(array("B") for _ in range(teams))
    labels: dict[str, int] = {}
    moves = bytearray() if plays else None
    checkpoints: list[object] = []
    for number in range(count):
        if number % CHECKPOINT_HANDS == 0:
            checkpoints.append(rng.getstate())
        end = one(rng)
        hakem.append(end.hakem)
        trump.append(-1 if end.trump is None else end.trump.index)
        for team, taken in enumerate(end.team_tricks):
            tricks[team].append(taken)
        if end.is_annulled:
            winner.append(-1)
            points.append(0)
            kot.append(0)
            name = ANNULLED
        else:
            score = end.score()
            winner.append(score.winner)
            points.append(score.points)
            kot.append(score.kot)
            name = score.label
        label.append(labels.setdefault(name, len(labels)))
        if moves is not None:
            played = [seat << 6 | card.index for seat, card in end.plays]
            moves += bytes(played) + bytes([NO_PLAY]) * (52 - len(played))
    return Playouts(ruleset, seed, hakem, trump, tricks, winner, points, kot, label, tuple(labels),
                    None if moves is None else bytes(moves), replay=one, checkpoints=tuple(checkpoints))


class FreshDeals:
    """One hand of ``Ruleset.playouts``: its Hakem (drawn where the batch has none), its deal, its
    random play to the end (a class rather than a closure, so a batch pickles)."""

    __slots__ = ("hakem", "ruleset")

    def __init__(self, ruleset: Ruleset, hakem: int | None) -> None:
        self.ruleset, self.hakem = ruleset, hakem

    def __reduce__(self) -> tuple[type[FreshDeals], tuple[Ruleset, int | None]]:
        return FreshDeals, (self.ruleset, self.hakem)  # (explicit: the compiled build needs it)

    def __call__(self, rng: random.Random) -> HandState:
        hakem = floor(rng.random() * self.ruleset.players) if self.hakem is None else self.hakem
        return self.ruleset.deal(rng, hakem=hakem).playout(rng)


class Continuations:
    """One hand of ``HandState.rollouts``: the position played at random to its end."""

    __slots__ = ("state",)

    def __init__(self, state: HandState) -> None:
        self.state = state

    def __reduce__(self) -> tuple[type[Continuations], tuple[HandState]]:
        return Continuations, (self.state,)  # (explicit: the compiled build needs it)

    def __call__(self, rng: random.Random) -> HandState:
        return self.state.playout(rng)
