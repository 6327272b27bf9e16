"""Batches of random hands with compact results: ``Ruleset.playouts`` and ``HandState.rollouts``.

Simulations and search play random hands by the thousand and read a few numbers from each. A
batch returns those numbers as one column per outcome (``array`` values, a few bytes a hand)
instead of a ``HandState`` per hand, and rebuilds any one hand on demand for inspection.

The random stream is written down, so a batch is reproducible anywhere: the batch's
generator is ``random.Random`` (Mersenne Twister, whose integer seeding and ``random()``
Python keeps the same across versions) seeded from ``seed`` and the batch's kind by
SHA-256, as hokm seeds every stream. Each hand draws, in order: its Hakem, when the batch
has none (``floor(random() * players)``), its deal (``Ruleset.deal(rng)``), then its
choices (``HandState.playout(rng)``). A rollout draws only its choices. Hand ``i`` is what
``playout`` gives with the generator as hand ``i - 1`` left it.

>>> import hokm
>>> batch = hokm.Ruleset.compose().playouts(200, seed=1)
>>> len(batch), batch.winner.count(0) + batch.winner.count(1)
(200, 200)
>>> end = batch.hand(7)  # hand 7 again, as a HandState
>>> (end.hakem, end.team_tricks, end.score().points) == (
...     batch.hakem[7], tuple(column[7] for column in batch.team_tricks), batch.points[7])
True
>>> batch == hokm.Ruleset.compose().playouts(200, seed=1)  # the same seed, the same batch
True
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Protocol

import attrs

from hokm._checks import check_int

if TYPE_CHECKING:
    from hokm.rules import Ruleset
    from hokm.state import HandState

__all__ = ["MAX_BATCH", "Playouts"]

MAX_BATCH = 1 << 30
"""The most hands one batch may play: its columns take a few bytes a hand (plus 52 with plays)."""

CHECKPOINT_HANDS = 256
"""A batch keeps the generator's state every this many hands, so ``hand(i)`` replays at most
this many hands to rebuild one."""

NO_PLAY = 0xFF
"""In ``Playouts.plays``: no card (the hand ended before this play)."""


class Checkpoints(Protocol):
    """The generator's states a batch kept, one per ``CHECKPOINT_HANDS`` hands (``getstate()``
    values; the C kernel keeps them as words and rebuilds one when asked)."""

    def __getitem__(self, index: int, /) -> object: ...
    def __len__(self) -> int: ...


@attrs.frozen(hash=False, repr=False)
class Playouts:
    """The outcomes of a batch of random hands, one column per outcome (index ``i``: hand ``i``).

    The columns are ``array`` values, read-only by convention. A team or a suit is its index
    (``Team``, ``Suit.index``); -1 stands for none. Two batches are equal when their ruleset,
    seed and columns are; a batch pickles (its columns and how to play a hand again).

    Attributes:
        ruleset: the ruleset the hands were played under.
        seed: the batch's seed.
        hakem: each hand's Hakem.
        trump: each hand's trump suit (-1: none, e.g. a hand annulled before it was named).
        team_tricks: per team, the tricks each hand gave it (``HandState.team_tricks``).
        winner: the team that won each hand (-1: the hand was annulled).
        points: what the winner scored (``HandScore.points``; 0 for an annulled hand).
        kot: whether each hand was a sweep (``HandScore.kot``).
        label: each hand's outcome as an index into ``labels`` (``"win"``, ``"kot"``,
            ``"hakem-kot"``, ..., ``"annulled"``).
        labels: the outcome names ``label`` indexes, in order of first appearance.
        tricks_played: the tricks each hand played (``HandState.tricks_played``).
        plays: with ``plays=True``, the hands' plays, 52 bytes a hand in play order, each
            ``seat << 6 | card index`` (``NO_PLAY`` past the hand's last card); else ``None``.
    """

    ruleset: Ruleset
    seed: int | str
    hakem: array[int]
    trump: array[int]
    team_tricks: tuple[array[int], ...]
    winner: array[int]
    points: array[int]
    kot: array[int]
    label: array[int]
    labels: tuple[str, ...]
    tricks_played: array[int]
    plays: bytes | None
    _replay: Callable[[random.Random], HandState] = attrs.field(repr=False, eq=False, alias="replay")
    _checkpoints: Checkpoints = attrs.field(repr=False, eq=False, alias="checkpoints")

    def __len__(self) -> int:
        return len(self.winner)

    def __repr__(self) -> str:
        return (f"<Playouts: {len(self):,} hands of {self.ruleset.describe()}, seed={self.seed!r}"
                f"{', with plays' if self.plays is not None else ''}>")

    def hand(self, index: int) -> HandState:
        """Hand ``index`` of the batch, played again to its end: its plays, tricks and score, as
        ``HandState`` values show them (replays at most ``CHECKPOINT_HANDS`` hands).

        Raises:
            InvalidArgumentError: ``index`` is not the index of a hand of the batch
                (``ArgumentTypeError``: not an int).
        """
        check_int(index, "index", low=0, high=len(self) - 1)
        rng = random.Random()
        rng.setstate(self._checkpoints[index // CHECKPOINT_HANDS])  # type: ignore[arg-type]
        for _ in range(index % CHECKPOINT_HANDS):
            self._replay(rng)
        return self._replay(rng)

    def hands(self) -> Iterator[HandState]:
        """Every hand of the batch, played again in order (one pass: cheaper than ``hand(i)`` for
        each ``i``); what ``hokm simulate --records`` writes."""
        rng = random.Random()
        for number in range(len(self)):
            if number % CHECKPOINT_HANDS == 0:
                rng.setstate(self._checkpoints[number // CHECKPOINT_HANDS])  # type: ignore[arg-type]
            yield self._replay(rng)

    def win_rate(self, team: int) -> float:
        """The share of the batch's hands ``team`` won (annulled hands count as not won)."""
        check_int(team, "team", low=0, high=len(self.team_tricks) - 1)
        return self.winner.count(team) / len(self) if len(self) else 0.0
