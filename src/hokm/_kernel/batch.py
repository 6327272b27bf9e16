"""Batches of random hands (``Ruleset.playouts``, ``HandState.rollouts``): the pure kernel's loop.

Each hand is played by ``one(rng)`` on the batch's one generator (a ``random.Random``) and its
outcome written into compact columns; the generator's state is kept every
``CHECKPOINT_HANDS`` hands, so ``Playouts.hand`` can play any one hand again.
"""

from __future__ import annotations

import os
import random
from array import array
from collections.abc import Callable
from math import floor
from typing import TYPE_CHECKING

from hokm._checks import check_int, check_seed
from hokm._kernel.native import NATIVE
from hokm._kernel.native_plan import NativePlan, Position, position_of
from hokm._seeding import rng_for, seed_key, stream_seed
from hokm.errors import ArgumentTypeError, InvalidArgumentError, _got
from hokm.playouts import CHECKPOINT_HANDS, MAX_BATCH, NO_PLAY, Playouts

if TYPE_CHECKING:
    from hokm.rules import Ruleset
    from hokm.state import HandState

__all__ = ["Continuations", "FreshDeals", "WordCheckpoints", "batch_bytes", "check_batch", "check_memory",
           "physical_memory", "play_batch", "play_native", "rng_of", "state_of"]

ANNULLED = "annulled"
"""The label of a hand annulled before its first trick (it has no score)."""


def rng_of(ruleset: Ruleset, count: object, seed: object, plays: object, kind: str) -> random.Random:
    """The batch's generator, its arguments checked first (``check_batch``)."""
    check_batch(ruleset, count, seed, plays)
    assert isinstance(seed, int | str)  # (checked)
    return rng_for(seed, kind)


def check_batch(ruleset: Ruleset, count: object, seed: object, plays: object) -> None:
    """Check a batch's arguments (typed ``object``: the compiled build would refuse a wrong type
    with a bare ``TypeError`` before the check could name it)."""
    check_int(count, "count", low=0, high=MAX_BATCH)
    check_seed(seed, optional=False)
    assert isinstance(seed, int | str)  # (checked above)
    if plays.__class__ is not bool:
        raise ArgumentTypeError(f"plays must be True or False, got {_got(plays)}")
    if plays and ruleset.players > 4:
        raise InvalidArgumentError(f"plays=True keeps a play in a byte (seat << 6 | card), which holds "
                                   f"seats 0-3: this table has {ruleset.players}")
    assert isinstance(count, int)  # (checked above)
    check_memory(ruleset, count, bool(plays), physical_memory())


def check_memory(ruleset: Ruleset, count: int, plays: bool, memory: int | None) -> None:
    """Refuse a batch whose columns would need more than ``memory`` bytes (``None``: unknown)."""
    needed = batch_bytes(ruleset, count, plays)
    if memory is not None and needed > memory:
        raise InvalidArgumentError(f"a batch of {count:,} hands{' with plays' if plays else ''} needs about "
                                   f"{needed / 2**30:,.1f} GiB for its columns, more than this machine's "
                                   f"{memory / 2**30:,.1f} GiB of memory: play it in smaller batches")


def batch_bytes(ruleset: Ruleset, count: int, plays: bool) -> int:
    """The memory a batch's columns take: a byte a hand for each small column and each team's
    tricks, four for the points, 52 for the plays, and a generator state every
    ``CHECKPOINT_HANDS`` hands."""
    per_hand = 7 + ruleset.layout.team_count + 4 + (52 if plays else 0)
    return count * per_hand + -(-count // CHECKPOINT_HANDS) * 4 * _WORDS


def physical_memory() -> int | None:
    """The machine's memory in bytes, where the system says (else ``None``: no check)."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, OSError, ValueError):
        return None


def play_batch(ruleset: Ruleset, seed: int | str, count: int, rng: random.Random,
               one: Callable[[random.Random], HandState], plays: bool) -> Playouts:
    """Play ``count`` hands with ``one`` on ``rng`` and gather their outcomes."""
    teams = ruleset.layout.team_count
    hakem, trump, winner, points = array("b"), array("b"), array("b"), array("i")
    kot, label, tricks_played = array("B"), array("B"), array("B")
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
        tricks_played.append(end.tricks_played)
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
                    tricks_played, None if moves is None else bytes(moves), replay=one,
                    checkpoints=tuple(checkpoints))


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


_WORDS = 625  # a generator's state: 624 words and the next output's index


class WordCheckpoints:
    """The generator's states the C kernel kept every ``CHECKPOINT_HANDS`` hands, as 32-bit words
    (2,500 bytes each, against some 20 KB for a ``getstate()`` tuple), read back one at a time."""

    __slots__ = ("gauss", "words")

    def __init__(self, words: array[int], gauss: object) -> None:
        self.words, self.gauss = words, gauss

    def __reduce__(self) -> tuple[type[WordCheckpoints], tuple[array[int], object]]:
        return WordCheckpoints, (self.words, self.gauss)

    def __len__(self) -> int:
        return len(self.words) // _WORDS

    def __getitem__(self, index: int) -> object:
        return 3, tuple(self.words[index * _WORDS:(index + 1) * _WORDS]), self.gauss


def play_native(ruleset: Ruleset, seed: int | str, count: int, hakem: int | None, plays: bool,
                native: NativePlan, kind: str, start: HandState | None = None,
                position: Position | None = None) -> tuple[Playouts, bytes]:
    """``play_batch`` in the C kernel, of fresh deals or of continuations of ``start`` (from its
    ``position_of``, which must not be ``None``), on the stream ``rng_for(seed, kind)``: the same
    hands, the same columns. Also returns the generator's state after the batch, as its 625 words
    (``state_of`` makes a ``getstate()`` value of them)."""
    assert NATIVE is not None and not native.story
    teams = ruleset.layout.team_count
    hakems, trumps, winners = array("b", bytes(count)), array("b", bytes(count)), array("b", bytes(count))
    tricks = tuple(array("B", bytes(count)) for _ in range(teams))
    points, kots, labels = array("i", [0]) * count, array("B", bytes(count)), array("B", bytes(count))
    played = array("B", bytes(count))
    moves = bytearray(52 * count) if plays else None
    marks = array("I", [0]) * (-(-count // CHECKPOINT_HANDS) * _WORDS)
    if start is not None and position is None:
        position = position_of(start)
    assert (start is None) == (position is None)
    after, met = NATIVE.play(native.kernel_rules(NATIVE), seed_key(stream_seed(seed, kind)), count,
                             -1 if hakem is None else hakem,
                             (hakems, trumps, *tricks, winners, points, kots, labels, played), moves, marks,
                             CHECKPOINT_HANDS, native.asks, position)
    replay: FreshDeals | Continuations = FreshDeals(ruleset, hakem) if start is None else Continuations(start)
    names = tuple(native.labels[label] for label in met)
    return Playouts(ruleset, seed, hakems, trumps, tricks, winners, points, kots, labels, names, played,
                    None if moves is None else bytes(moves), replay=replay,
                    checkpoints=WordCheckpoints(marks, None)), after


def state_of(words: bytes) -> object:
    """A generator's state words (``play_native``) as ``random.Random.getstate()`` gives them."""
    return WordCheckpoints(array("I", words), None)[0]
