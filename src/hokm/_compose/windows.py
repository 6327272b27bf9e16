"""A chain's windows, joined into the cheap rows and modes that stepping and the kernel read.

``Gate`` is the union of the ``TurnWindow`` of every implementation in a chain
(a chain with one windowless implementation has no gate: it is asked on every
turn). The union over-approximates (per component), which is safe: a hook asked
outside its own window answers ``None`` by its promise, so stepping and the
random-play kernel, which read the same gate, ask the chain on the same turns
and get the same answers.
"""

from __future__ import annotations

from collections.abc import Sequence

from hokm._compose.hooks import Impl
from hokm.windows import PauseWindow, TurnWindow, trick_numbers

__all__ = ["EVERY", "NEVER", "OTHERS", "SOME", "Gate", "gate_of", "live_rows", "pause_row"]

# A mode is a set of turn kinds, as bits, so that the union of windows is the modes' ``|``.
NEVER = 0
"""Mode: the chain is idle on such turns."""
SOME = 1
"""Mode bit: the Hakem's lead; a follow by a seat that cannot follow suit."""
OTHERS = 2
"""Mode bit: another seat's lead; a follow by a seat that can follow suit."""
EVERY = SOME | OTHERS
"""Mode: on every such turn."""
_LEAD_MODES = {"none": NEVER, "hakem": SOME, "all": EVERY}
_FOLLOW_MODES = {"none": NEVER, "void": SOME, "suit": OTHERS, "all": EVERY}
_LEAD_NAMES = ("none", "hakem", "others", "all")  # (as a TurnWindow names them)
_FOLLOW_NAMES = ("none", "void", "suit", "all")


class Gate:
    """When a chain may answer: per trump state (0: no trump yet, 1: a trump), lead and follow
    modes (sets of ``SOME`` and ``OTHERS``), and by tricks done whether the trick in progress lies
    in some window."""

    __slots__ = ("announced", "follows", "leads", "live")

    def __init__(self, windows: Sequence[TurnWindow], tricks_total: int) -> None:
        leads, follows = [NEVER, NEVER], [NEVER, NEVER]
        tricks: list[set[int]] = [set(), set()]
        for window in windows:
            numbers = set(trick_numbers(window.tricks, tricks_total))
            for trump in (0, 1) if not window.until_trump else (0,):
                lead, follow = _LEAD_MODES[window.leads], _FOLLOW_MODES[window.follows]
                leads[trump] |= lead
                follows[trump] |= follow
                if lead or follow:
                    tricks[trump] |= numbers
        self.leads: tuple[int, int] = (leads[0], leads[1])
        self.follows: tuple[int, int] = (follows[0], follows[1])
        self.announced = all(window.announced for window in windows)  # only after an announcement
        self.live: tuple[tuple[bool, ...], tuple[bool, ...]] = tuple(  # type: ignore[assignment]
            tuple(done + 1 in tricks[trump] for done in range(tricks_total + 1)) for trump in (0, 1))
        """Per trump state, by tricks done: whether some turn of the trick in progress may open."""

    def open(self, lead: bool, hakem: bool, void: bool, trump: bool, done: int, announced: bool) -> bool:
        """Whether some hook of the chain may answer on this turn (see ``TurnWindow.holds``)."""
        if not self.live[trump][done] or (self.announced and not announced):
            return False
        mode = (self.leads if lead else self.follows)[trump]
        return bool(mode & (SOME if (hakem if lead else void) else OTHERS))

    def __repr__(self) -> str:
        def state(t: int) -> str:
            leads, follows = _LEAD_NAMES[self.leads[t]], _FOLLOW_NAMES[self.follows[t]]
            tricks = [done + 1 for done, live in enumerate(self.live[t]) if live]
            return f"leads {leads}, follows {follows}, tricks {tricks}"
        rows = f"before a trump: {state(0)}, under a trump: {state(1)}"
        return f"Gate({rows}{', after an announcement' if self.announced else ''})"


def gate_of(chain: Sequence[Impl], tricks_total: int) -> Gate | None:
    """The union of the chain's windows, or ``None`` when some implementation has none (every turn)."""
    windows = [impl.window for impl in chain]
    if not chain or not all(isinstance(window, TurnWindow) for window in windows):
        return None
    return Gate([window for window in windows if isinstance(window, TurnWindow)], tricks_total)


def live_rows(chain: Sequence[Impl], gate: Gate | None,
              tricks_total: int) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    """Per trump state (0: no trump yet, 1: a trump), by tricks done: whether the chain may be
    asked on some turn of the trick in progress. False rows let a step skip the gate (and the
    call) on every turn where the chain is idle for the whole trick."""
    if gate is not None:
        return gate.live
    row = (bool(chain),) * (tricks_total + 1)
    return row, row


def pause_row(chain: Sequence[Impl], tricks_total: int) -> tuple[bool, ...]:
    """By tricks played (0: before the first lead): whether the decision chain is asked at that
    pause, the union of its ``PauseWindow``s; a chain with a windowless implementation is asked
    at every pause, an empty one never. Stepping and the kernel read it."""
    pauses = range(tricks_total + 1)
    windows = [impl.window for impl in chain]
    if not all(isinstance(window, PauseWindow) for window in windows):
        return tuple(True for _ in pauses)
    return tuple(any(window.holds(tricks_played=played, tricks_total=tricks_total)
                     for window in windows if isinstance(window, PauseWindow)) for played in pauses)
