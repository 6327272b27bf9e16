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

from hokm.windows import TurnWindow

if TYPE_CHECKING:
    from hokm._hooks import Impl
    from hokm.state import HandState

__all__ = ["EVERY", "NEVER", "SOME", "Gate", "gate_of", "turn_open"]

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

    __slots__ = ("announced", "follows", "leads", "tricks")

    def __init__(self, windows: Sequence[TurnWindow]) -> None:
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

    def open(self, lead: bool, hakem: bool, void: bool, trump: bool, trick: int, announced: bool) -> bool:
        """Whether some hook of the chain may answer on this turn (see ``TurnWindow.holds``)."""
        if trick > self.tricks or (self.announced and not announced):
            return False
        mode = (self.leads if lead else self.follows)[trump]
        return mode == EVERY or (mode == SOME and (hakem if lead else void))


def gate_of(chain: Sequence[Impl]) -> Gate | None:
    """The union of the chain's windows, or ``None`` when some implementation has none (every turn)."""
    windows = [impl.window for impl in chain]
    if not chain or any(window is None for window in windows):
        return None
    return Gate([window for window in windows if window is not None])


def turn_open(gate: Gate | None, state: HandState) -> bool:
    """Whether a chain with ``gate`` is asked on the turn of ``state`` (a turn of trick play)."""
    if gate is None:
        return True
    setup = state._setup
    trick = state._trick
    mode = (gate.follows if trick else gate.leads)[0 <= setup.trump < 4]
    if mode == NEVER or len(state._winners) >= gate.tricks:
        return False
    if gate.announced and state._extra.announced is None:
        return False
    if mode == EVERY:
        return True
    seat = state._to_act
    if not trick:
        return seat == setup.hakem
    # Following: a seat with no card of the led effective suit, as legality reads it.
    engine, trump = setup.engine, state._active_trump()[0]
    return not state._hands[seat] & engine.suit_masks[trump][engine.suit_of[trump][trick[0] & 63]]
