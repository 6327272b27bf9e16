"""What the card loop (``hokm._kernel.tricks``) shares with its helpers: return codes, its lists,
and the trick facts it reads again after a trump changes."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from hokm._compose.cards import NO_TRUMP
from hokm._compose.legality import SEATS
from hokm._hand import kernel_io
from hokm.context import PlayContext

if TYPE_CHECKING:
    from hokm._hand.state import HandState
    from hokm._kernel.plan import Facts, Plan

__all__ = ["ENDED", "GOES_ON", "STEP", "STEPPED", "TURN", "Loop", "facts", "first_trump", "trick_start"]

ENDED = 0
"""``play_tricks`` played the hand to its end."""
STEP = 1
"""``play_tricks`` stopped at a turn that the state's own steps must take, before the turn's start
(its forced effects) ran."""
TURN = 2
"""As ``STEP``, but the turn's start has run: one action is due."""
STEPPED = 3
"""``play_tricks`` stopped where the state went on by its own steps (a pause, an announcement):
the driver looks at the state again."""
GOES_ON = -1
"""A trick end after which the loop plays on."""


class Loop:
    """What the loop's helpers share with it: the plan, the state (read and written through
    ``hokm._hand.kernel_io``), its plays (appended to in place), the Hakem, the loop's lists (changed
    in place; ``won``/``taken`` hold the tricks not yet written back, ``tally`` the teams' tricks)
    and the random source."""

    __slots__ = ("context", "hakem", "held", "lead_pick", "plan", "plays", "rand", "since", "state", "taken",
                 "tally", "trump", "void_pick", "won")

    def __init__(self, plan: Plan, state: HandState, plays: list[int], hakem: int, held: list[list[int]],
                 tally: list[int], rand: Callable[[], float], trump: int, since: int) -> None:
        self.plan, self.state, self.plays, self.hakem, self.held = plan, state, plays, hakem, held
        self.won: list[int] = []
        self.taken: list[int | None] = self.won if plan.capture_identity else []  # type: ignore[assignment]
        """The collectors (the same list as ``won`` where the winner takes every trick)."""
        self.tally, self.rand = tally, rand
        self.trump, self.since = trump, since
        """The hand's trump index (``NO_TRUMP``: none yet) and the play from which cards of its suit
        are trumps, as the state has them (the loop sets them again when a card fixes the trump)."""
        self.context = PlayContext(plan.engine.cards, SEATS[0], 0, NO_TRUMP, plays, 0, None, None, 0, partial(
            kernel_io.tricks_with, state, self.won)) if plan.restricts else None
        """The context the legality hooks are asked with, made with the loop's plays and pointed at each
        turn (``hokm._kernel.turns.narrowed``). Its completed tricks (``PlayContext.tricks``, worked out only
        when a rule reads them) include those not yet written back; it holds no reference to the loop, so a
        hand's loop is freed as the playout ends, not left to the cycle collector."""
        self.lead_pick, self.void_pick = plan.picks
        """How a lead, and a turn picked by the tables, leave the plain pick (``Plan.picks``)."""
        if self.context is not None:
            self.context._players = plan.players  # (PlayContext.winning finds the winning seat's card by it)


def trick_start(loop: Loop) -> int:
    """Where the trick in progress begins in the plays (tricks are aligned: each takes a card a
    seat), before its last card is played."""
    players = loop.plan.players
    return len(loop.plays) // players * players


def first_trump(loop: Loop, start: int) -> int:
    """The position in the trick beginning at ``start`` from which trump-suit cards are trumps."""
    since = loop.since
    return since - start if since > start else 0


def facts(plan: Plan, state: HandState, start: int) -> Facts:
    """The trump facts of the trick beginning at ``start`` (``hokm._kernel.plan.Facts``)."""
    trump, since = kernel_io.trump_of(state)
    return plan.facts[since >= start + plan.players][trump]
