"""The random-play kernel's driver: a hand played to its end with uniformly random legal actions.

Used by ``HandState.playout`` (and so by ``MatchState.playout_hand``, ``hokm.simulate``
and search agents), from any state: before the trump call, mid-trick, or paused on a
decision. It runs on one private copy of a state, in place. Trick play goes to the card
loop (``hokm._kernel.tricks``); everything else — the trump call, the draw, a decision, a
turn in the window of a hook that reads the hand — is one action taken as stepping takes
it. Every choice is ``options[floor(random() * len(options))]`` over ``legal_actions()``
order, so a property test can hold the kernel to stepping: the same random numbers give
exactly the same hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from hokm._hand import kernel_io
from hokm._hand.kernel_io import CALL, CARDS, DRAW, OVER
from hokm._kernel.fold import fold
from hokm._kernel.plan import plan_of
from hokm._kernel.tricks import ENDED, STEP, TURN, play_tricks

if TYPE_CHECKING:
    from hokm._hand.state import HandState

__all__ = ["play_out"]


def play_out(state: HandState, rand: Callable[[], float]) -> None:
    """Play ``state`` (a private copy) to the end in place, one ``rand()`` per choice."""
    plan = plan_of(kernel_io.engine_of(state))
    loop = plan.loop
    if loop is None:  # the loop with the plan's constants folded in
        loop = plan.loop = fold(play_tricks, plan.constants)
    moment = kernel_io.moment(state)
    while moment != OVER:
        if moment == CARDS:
            code = loop(state, rand, plan)  # type: ignore[operator]
            if code == ENDED:  # (the hand is over)
                return
            if code == STEP:
                kernel_io.begin_then_act(state, rand)
            elif code == TURN:
                kernel_io.random_turn(state, rand)
        elif moment == CALL:
            kernel_io.random_call(state, rand)
        elif moment == DRAW:
            kernel_io.random_draw(state, rand)
        else:  # a decision pending, or a discard: one of its options
            kernel_io.random_option(state, rand)
        moment = kernel_io.moment(state)

