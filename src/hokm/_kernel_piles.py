"""The centre pile of a declared ``PileRule`` (Double Sar) in the random-play kernel's loops.

The rule itself is ``hokm.piles.collector_after``, which stepping asks after every
trick. The loops keep the pile in one of two forms:

- ``_Pile`` steps it trick by trick, where a stop rule reads the team tallies as
  the hand goes (a stop before the last trick);
- ``_LazyPile``, where nothing reads them before the hand's end (Double Sar plays
  every trick): the loop counts each trick to its winner, as with no pile, and the
  pile is worked out for all the tricks at once when they are written back, the rule
  asked only of a pair or the last trick (no call in the loop).

Both give the state stepping gives (the kernel's property tests hold them to it, and a
unit test holds ``_LazyPile`` to ``PileRule.collectors``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hokm._moments import trump_since
from hokm.piles import collector_after, won_in_force

if TYPE_CHECKING:
    from hokm.state import HandState

__all__: list[str] = []


class _Pile:
    """The centre pile under a declared ``PileRule``, trick by trick (``hokm.piles.collector_after``)."""

    __slots__ = ("collectors", "collects", "count", "key", "new", "players", "plays", "reset", "since",
                 "tally", "teams", "total", "winners")

    def __init__(self, state: HandState, tally: list[int]) -> None:
        engine = state._setup.engine
        self.tally, self.teams, self.total = tally, engine.teams, engine.hand_size
        self.collects, self.key, self.reset = engine.pile_collects, engine.pile_key, engine.pile_reset
        # PileRule.after_trump: the plays, and the first under the trump (fixed while the loop runs).
        self.plays, self.players = state._plays, engine.players
        self.since = trump_since(state) if engine.pile_after else -1
        self.count = state._pile  # tricks lying in the centre
        self.winners, self.collectors = list(state._winners), list(state._collectors)
        self.new = len(self.collectors)  # where the tricks played here begin

    def end(self, winner: int) -> None:
        """A trick won by ``winner``: a pair (or the last trick) collects the centre."""
        winners, collectors = self.winners, self.collectors
        winners.append(winner)
        number = len(winners)
        since, key = self.since, self.key
        # in_force is read only for a pair (as Engine.pile_collector): no need to find it otherwise
        in_force = since < 0 or number < 2 or key[winners[-2]] != key[winner] or won_in_force(
            self.plays, winners, number - 1, self.players, since)
        collector = collector_after(winners, collectors, self.total, self.key, self.collects, self.reset,
                                    in_force)
        collectors.append(collector)
        if collector is None:
            self.count += 1
        else:
            self.tally[self.teams[collector]] += self.count + 1
            self.count = 0

    def write(self, state: HandState, won: list[int], tally: list[int]) -> None:
        """Into ``state``: the collectors of the tricks played since the last write-back, the pile."""
        new, self.new = self.new, len(self.collectors)
        state._collectors += tuple(self.collectors[new:])
        state._pile = self.count


class _LazyPile:
    """The centre pile where no stop rule reads the team tallies before the hand's end: worked out
    at the write-back for all the tricks played since the last one (stateless: one is shared)."""

    __slots__ = ()

    def write(self, state: HandState, won: list[int], tally: list[int]) -> None:
        """The tricks of ``won`` through the pile into ``state``'s collectors and pile, and the team
        tallies into ``tally`` (where the loop counted each trick to its winner), as ``_Pile.end``
        would leave them trick by trick. Called before ``state._winners`` takes ``won``.

        The rule is ``collector_after``'s, asked only where it can answer a seat: a pair (two
        tricks in a row to one chain key) or the hand's last trick; every other trick stays in
        the centre (and ``won_in_force`` is read only for a pair, as ``Engine.pile_collector``)."""
        engine = state._setup.engine
        key, allowed, reset, teams = engine.pile_key, engine.pile_collects, engine.pile_reset, engine.teams
        total, players, plays = engine.hand_size, engine.players, state._plays
        before = state._winners
        winners = before + tuple(won)
        collectors = list(state._collectors)
        since = trump_since(state) if engine.pile_after else -1
        tally[:] = state._team_tricks
        count = state._pile  # tricks lying in the centre
        number = len(before)
        previous = key[before[-1]] if before else -1  # the chain key of the last trick's winner
        for winner in won:
            number += 1
            chain = key[winner]
            if chain != previous and number < total:  # neither a pair nor the last trick: it stays
                collectors.append(None)
                count += 1
                previous = chain
                continue
            in_force = since < 0 or chain != previous or won_in_force(plays, winners, number - 1, players,
                                                                      since)
            collector = collector_after(winners[:number], collectors, total, key, allowed, reset, in_force)
            collectors.append(collector)
            if collector is None:
                count += 1
            else:
                tally[teams[collector]] += count + 1
                count = 0
            previous = chain
        state._collectors = tuple(collectors)
        state._pile = count


_LAZY_PILE = _LazyPile()


def _piles(state: HandState, tally: list[int], stop_at: int) -> tuple[_Pile | _LazyPile, _Pile | None]:
    """For a declared ``PileRule``: the pile to write back, and the one to step after each trick
    (``None`` where the pile waits for the write-back: ``stop_at`` past the hand's last trick)."""
    if stop_at > state._setup.engine.hand_size:
        return _LAZY_PILE, None
    piles = _Pile(state, tally)
    return piles, piles
