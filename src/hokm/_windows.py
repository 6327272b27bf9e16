"""A hook chain's turn windows, joined into the cheap flags that stepping and the kernel read.

``Gate`` is the union of the ``TurnWindow`` of every implementation in a chain
(a chain with one windowless implementation has no gate: it is asked on every
turn). The union over-approximates (per component), which is safe: a hook asked
outside its own window answers ``None`` by its promise, so stepping and the
random-play kernel, which read the same gate, ask the chain on the same turns
and get the same answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hokm.windows import PauseWindow, TurnWindow

if TYPE_CHECKING:
    from hokm._engine import Engine
    from hokm._hooks import Impl
    from hokm.actions import Action
    from hokm.state import HandState

__all__ = ["EVERY", "NEVER", "SOME", "Gate", "gate_of", "live_rows", "pause_row", "turn_offer",
           "turn_open"]

NEVER = 0
"""Mode: the chain is idle on such turns."""
SOME = 1
"""Mode: only the Hakem's lead, or only a seat that cannot follow."""
EVERY = 2
"""Mode: on every such turn."""
_LEAD_MODES = {"none": NEVER, "hakem": SOME, "all": EVERY}
_FOLLOW_MODES = {"none": NEVER, "void": SOME, "all": EVERY}


class Gate:
    """When a chain may answer: per trump state (0: no trump yet, 1: a trump), lead and follow modes."""

    __slots__ = ("after", "announced", "follows", "leads", "live", "tricks")

    def __init__(self, windows: Sequence[TurnWindow], tricks_total: int) -> None:
        leads, follows = [NEVER, NEVER], [NEVER, NEVER]
        for window in windows:
            for trump in (0, 1) if not window.until_trump else (0,):
                leads[trump] = max(leads[trump], _LEAD_MODES[window.leads])
                follows[trump] = max(follows[trump], _FOLLOW_MODES[window.follows])
        self.leads: tuple[int, int] = (leads[0], leads[1])
        self.follows: tuple[int, int] = (follows[0], follows[1])
        self.announced = all(window.announced for window in windows)  # only after an announcement
        limits = [window.first_tricks for window in windows]
        self.tricks: int = 1 << 30 if None in limits else max(limit or 0 for limit in limits)
        """The chain is idle from this trick number on (counting from 1)."""
        self.after: int = tricks_total - 1 if windows and all(w.last_trick for w in windows) else 0
        """The chain is idle while fewer tricks than this are complete (``last_trick``)."""
        self.live: tuple[tuple[bool, ...], tuple[bool, ...]] = (self._live(0, tricks_total),
                                                                self._live(1, tricks_total))
        """Per trump state, by tricks complete: whether some turn may open (see ``live_rows``)."""

    def _live(self, trump: int, tricks_total: int) -> tuple[bool, ...]:
        some = self.leads[trump] != NEVER or self.follows[trump] != NEVER
        return tuple(some and self.after <= done < self.tricks for done in range(tricks_total + 1))

    def open(self, lead: bool, hakem: bool, void: bool, trump: bool, trick: int, announced: bool) -> bool:
        """Whether some hook of the chain may answer on this turn (see ``TurnWindow.holds``)."""
        if trick > self.tricks or trick <= self.after or (self.announced and not announced):
            return False
        mode = (self.leads if lead else self.follows)[trump]
        return mode == EVERY or (mode == SOME and (hakem if lead else void))


def gate_of(chain: Sequence[Impl], tricks_total: int) -> Gate | None:
    """The union of the chain's windows, or ``None`` when some implementation has none (every turn)."""
    windows = [impl.window for impl in chain]
    if not chain or not all(isinstance(window, TurnWindow) for window in windows):
        return None
    return Gate([window for window in windows if isinstance(window, TurnWindow)], tricks_total)


def live_rows(chain: Sequence[Impl], gate: Gate | None,
              tricks_total: int) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    """Per trump state (0: no trump yet, 1: a trump), by tricks complete: whether ``turn_open``
    can be true on some turn of that trick. False rows let a step skip the gate (and the call)
    on every turn where the chain is idle for the whole trick, e.g. after a hidden trump's reveal.
    """
    if gate is not None:
        return gate.live
    row = (bool(chain),) * (tricks_total + 1)
    return row, row


def pause_row(chain: Sequence[Impl], tricks_total: int) -> tuple[bool, ...]:
    """By tricks played (0: before the first lead): whether the decision chain is asked at that
    pause, the union of its ``PauseWindow``s (``from_trick`` included); a chain with a windowless
    implementation is asked at every pause, an empty one never. Stepping and the kernel read it."""
    pauses = range(tricks_total + 1)
    windows = [impl.window for impl in chain]
    if not all(isinstance(window, PauseWindow) for window in windows):
        return tuple(True for _ in pauses)
    return tuple(any(window.holds(tricks_played=played, tricks_total=tricks_total)
                     for window in windows if isinstance(window, PauseWindow)) for played in pauses)


def turn_open(gate: Gate | None, state: HandState) -> bool:
    """Whether a chain with ``gate`` is asked on the turn of ``state`` (a turn of trick play)."""
    if gate is None:
        return True
    setup = state._setup
    trick = state._trick
    mode = (gate.follows if trick else gate.leads)[0 <= setup.trump < 4]
    done = len(state._winners)
    if mode == NEVER or done >= gate.tricks or done < gate.after:
        return False
    if gate.announced and state._extra.announced is None:
        return False
    if mode == EVERY:
        return True
    seat = state._to_act
    if not trick:
        return seat == setup.hakem
    # Following: a seat with no card of the led effective suit, as legality reads it.
    engine, trump = setup.engine, state._active_trump()[0] if setup.trump_from else setup.trump
    return not state._hands[seat] & engine.suit_masks[trump][engine.suit_of[trump][trick[0] & 63]]


def turn_offer(engine: Engine, state: HandState) -> tuple[Action, ...]:
    """The declared ``TurnOffers`` answer on the turn of ``state`` (``Engine.offer_table``)."""
    if len(state._winners) >= engine.offer_tricks:
        return ()
    setup = state._setup
    seat = state._to_act
    trick = state._trick
    if state._hands[seat] & engine.offer_none_of:  # TurnOffers.none_of: a card that rules it out
        return ()
    if not trick:
        return engine.offer_table[0 <= setup.trump < 4][seat == setup.hakem]
    trump = state._active_trump()[0] if setup.trump_from else setup.trump
    if state._hands[seat] & engine.suit_masks[trump][engine.suit_of[trump][trick[0] & 63]]:
        return ()  # a seat that can follow (most turns): nothing
    return engine.offer_table[0 <= setup.trump < 4][2 + (seat == setup.hakem)]
