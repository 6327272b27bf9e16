"""``hokm show --analyse``: each card played, weighed by the double-dummy solver.

The hand is replayed from its deal (``hokm._hand.positions.hand_history``); before each card
played with at most ``tricks`` tricks left, the position is solved (``HandState.solve``) and
a card whose outcome is worse than the best card's is noted under its trick, with what it
led to and what the best cards led to (for the side of the seat that played it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from hokm.actions import PlayCard
from hokm.errors import UnsolvableError
from hokm.outcomes import Phase

if TYPE_CHECKING:
    from hokm.cards import Card
    from hokm.solver import Outcome
    from hokm.state import HandState

__all__ = ["DEFAULT_TRICKS", "Analysis", "Mistake", "analyse"]

DEFAULT_TRICKS = 6
"""``--analyse`` without a number: the plays with at most this many tricks left."""


@attrs.frozen
class Mistake:
    """A card whose double-dummy outcome was worse than the best card's."""

    trick: int
    seat: int
    card: Card
    outcome: Outcome
    best: tuple[Card, ...]
    best_outcome: Outcome

    def line(self, card_text: str, best_text: str) -> str:
        """The note under the trick (``card_text`` and ``best_text`` the cards as the output shows them)."""
        return (f"       mistake: seat {self.seat} {card_text} ({self.outcome}); "
                f"best {best_text} ({self.best_outcome})")


@attrs.frozen
class Analysis:
    """What ``analyse`` found: the mistakes, how many plays it weighed (those with a choice and at most
    ``tricks`` tricks left), and why it weighed none."""

    mistakes: tuple[Mistake, ...]
    weighed: int
    tricks: int
    reason: str | None = None


def analyse(hand: HandState, tricks: int) -> Analysis:
    """Solve the position before each card played with at most ``tricks`` tricks left."""
    from hokm._hand.positions import hand_history
    from hokm.solver import unsolvable_reasons

    reasons = unsolvable_reasons(hand.ruleset)
    if reasons:
        return Analysis((), 0, tricks, "the solver cannot play this ruleset's hands: " + "; ".join(reasons))
    history = hand_history(hand)
    state = history.start
    mistakes: list[Mistake] = []
    weighed = 0
    for seat, action in history.actions:
        if (isinstance(action, PlayCard) and state.phase is Phase.PLAY and state.tricks_left <= tricks
                and len(state.legal_plays()) > 1):
            try:
                solution = state.solve()
            except UnsolvableError:
                pass  # (a position before the trump is in force)
            else:
                weighed += 1
                outcome = solution.values[action.card]
                if outcome < solution.outcome:
                    best = tuple(sorted(solution.best, key=lambda card: card.index))
                    mistakes.append(Mistake(state.tricks_played + 1, seat, action.card, outcome, best,
                                            solution.outcome))
        state = state.apply(action)
    return Analysis(tuple(mistakes), weighed, tricks)
