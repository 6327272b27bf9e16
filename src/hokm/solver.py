"""The double-dummy solver: the best outcome of a fully known hand, and every card's value.

``solve(state)`` (or ``HandState.solve()``) looks at a hand in trick play as if every
card were face up, and answers what the side to move ends with when every seat plays
perfectly from here — under the ruleset's own scoring (the 7-trick stop, kot and
Hakem-kot, a variant's pile or opening-run rules) — and what each legal card leads to.
It is what bridge players call a *double-dummy* analysis; ``hokm show --analyse`` and the
``pimc`` agent are built on it.

>>> import random, hokm
>>> rng = random.Random(3)
>>> hand = hokm.Ruleset.compose().deal(rng, hakem=0).apply(hokm.CallTrump(hokm.Suit.SPADES))
>>> while hand.tricks_left > 5:  # play on to the last five tricks
...     hand = hand.play(rng.choice(sorted(hand.legal_plays(), key=str)))
>>> solution = hokm.solve(hand)
>>> solution.outcome == max(solution.values.values())
True
>>> solution.best <= hand.legal_plays()
True

The solver plays the rulesets whose hands run on their tables (``unsolvable_reasons``
gives why one does not); a position is solvable from the first card of trick play, once the
trump is in force. The search runs in the C kernel where it is built (``HOKM_NATIVE=0``: in
Python, with the same answers).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs

from hokm._checks import check_int, check_seed, is_instance
from hokm._seeding import stream_seed
from hokm._solver.native import policy_values, search_values
from hokm._solver.position import Searchable, searchable
from hokm._solver.search import NodeLimit
from hokm._solver.tables import cards_in, decode, reasons_of
from hokm.cards import Card
from hokm.errors import ArgumentTypeError, SolveLimitError, UnsolvableError
from hokm.table import Seat, Team

if TYPE_CHECKING:
    from hokm._compose.engine import Engine
    from hokm.rules import Ruleset
    from hokm.state import HandState

__all__ = ["Estimate", "Outcome", "Solution", "playout_values", "solve", "unsolvable_reasons"]


@attrs.frozen(order=True)
class Outcome:
    """How a hand ends for one side, ordered from worst to best: by points, then trick margin.

    Attributes:
        points: the points the side scores (negative: the points another side scores; 0: the
            hand scores for nobody, or its winner scores nothing).
        margin: the side's tricks at the hand's end less the other sides' (collected tricks, where
            a variant piles them).

    >>> Outcome(points=2, margin=7) > Outcome(points=1, margin=4)
    True
    >>> str(Outcome(points=-1, margin=-4))
    'loses 1 point, trick margin -4'
    """

    points: int
    margin: int

    def __str__(self) -> str:
        verb = "wins" if self.points > 0 else "loses" if self.points < 0 else "scores"
        points = abs(self.points)
        return f"{verb} {points} point{'' if points == 1 else 's'}, trick margin {self.margin:+d}"


@attrs.frozen
class Solution:
    """A double-dummy answer for the seat to move (``solve``).

    Attributes:
        seat: the seat to move.
        team: its side, for which every outcome is given.
        outcome: what the side ends with under perfect play from here.
        values: each legal card's outcome under perfect play after it.
        nodes: the cards the search tried (a measure of its work).
    """

    seat: Seat
    team: Team
    outcome: Outcome
    values: Mapping[Card, Outcome]
    nodes: int = attrs.field(eq=False, default=0)

    @property
    def best(self) -> frozenset[Card]:
        """The cards that reach ``outcome``."""
        return frozenset(card for card, value in self.values.items() if value == self.outcome)

    def cost(self, card: Card) -> Outcome:
        """What playing ``card`` gives away against the best card: points and margin, as an ``Outcome``
        of differences (all zero for a best card).

        Raises:
            IllegalPlayError: ``card`` is not a legal card here.
        """
        if card not in self.values:
            from hokm.errors import IllegalPlayError

            raise IllegalPlayError(f"{card} is not a legal card for seat {self.seat} here",
                                   reason=f"{card} is not a legal card here")
        value = self.values[card]
        return Outcome(self.outcome.points - value.points, self.outcome.margin - value.margin)


@attrs.frozen
class Estimate:
    """A card's mean outcome for the side to move over quick playouts after it (``playout_values``).

    Attributes:
        points: the mean points the side scores (negative: another side's).
        margin: the mean trick margin at the hand's end.
        playouts: how many playouts the means are over.
    """

    points: float
    margin: float
    playouts: int


def playout_values(state: HandState, playouts: int = 64, *, seed: int | str) -> dict[Card, Estimate]:
    """Each legal card's mean outcome for the side to move over ``playouts`` quick playouts after it:
    a cheap estimate where a search is too dear (``pimc`` scores early tricks by it).

    In these playouts every lead is a random card of the leader's and every follower plays as a
    player does without looking ahead: low when its side already wins the trick, else the cheapest
    card that beats it, else its cheapest card (other suits before trumps, low before high), within
    the ruleset's own duties. Every card's playouts draw the same random numbers (from ``seed``), so
    the cards are compared on equal luck. Like ``solve``, it looks at every card face up, and runs
    in the C kernel where it is built (with the same results).

    >>> import random, hokm
    >>> rng = random.Random(3)
    >>> hand = hokm.Ruleset.compose().deal(rng, hakem=0).apply(hokm.CallTrump(hokm.Suit.SPADES))
    >>> from hokm.solver import playout_values
    >>> values = playout_values(hand, 16, seed=1)
    >>> set(values) == hand.legal_plays(), {value.playouts for value in values.values()}
    (True, {16})

    Raises:
        ArgumentTypeError: ``state`` is not a ``HandState``, or ``playouts`` or ``seed`` has the wrong type.
        InvalidArgumentError: ``playouts`` is not 1 to 100,000.
        UnsolvableError: as ``solve``: the hand is not in trick play with its trump in force, or its
            ruleset's hands do not run on its tables.
    """
    if not is_instance(state, "HandState"):
        raise ArgumentTypeError(f"playout_values() takes a HandState, not {type(state).__name__}")
    check_int(playouts, "playouts", low=1, high=MAX_PLAYOUTS)
    check_seed(seed, optional=False)
    assert isinstance(seed, int | str)  # (checked)
    engine = state.ruleset._engine
    rules, classes, hands, hakem, seat, leader, trick, tally_state = _searchable(engine, state)
    team = rules.team_of[seat]
    _, totals = policy_values(rules, classes, hands, hakem, team, leader, trick, tally_state, playouts,
                              stream_seed(seed, "policy playouts"))
    return {Card.from_index(card): Estimate(points / playouts, margin / playouts, playouts)
            for card, (points, margin) in sorted(totals.items())}


MAX_PLAYOUTS = 100_000
"""The most playouts ``playout_values`` plays per card."""


def solve(state: HandState, *, max_nodes: int | None = None) -> Solution:
    """The double-dummy outcome of ``state`` for the seat to move, and every legal card's
    (``HandState.solve``).

    Raises:
        ArgumentTypeError: ``state`` is not a ``HandState``, or ``max_nodes`` is not an int.
        InvalidArgumentError: ``max_nodes`` is below 1.
        UnsolvableError: the hand is not in trick play with its trump in force, or its ruleset's
            hands do not run on its tables (the message gives the reasons).
        SolveLimitError: the answer needs more than ``max_nodes`` cards tried.
    """
    if not is_instance(state, "HandState"):
        raise ArgumentTypeError(f"solve() takes a HandState, not {type(state).__name__}")
    if max_nodes is not None:
        check_int(max_nodes, "max_nodes", low=1)
    return state.solve(max_nodes=max_nodes)


def unsolvable_reasons(ruleset: Ruleset) -> tuple[str, ...]:
    """Why the solver cannot play ``ruleset``'s hands (empty: it can), each reason naming the rule
    asked with the hand during play and where.

    >>> import hokm
    >>> hokm.solver.unsolvable_reasons(hokm.Ruleset.compose())
    ()
    >>> class ByHand:  # plays on while one team has won every trick, read from the hand
    ...     @hokm.hookimpl
    ...     def hokm_play_on(self, hand):
    ...         return hand.first_tricks_by(hand.tricks_played) is not None
    >>> hokm.solver.unsolvable_reasons(hokm.Ruleset.compose(ByHand()))
    ('hokm_play_on: asked when a team reaches 7 tricks',)

    Raises:
        ArgumentTypeError: ``ruleset`` is not a ``Ruleset``.
    """
    if not is_instance(ruleset, "Ruleset"):
        raise ArgumentTypeError(f"unsolvable_reasons() takes a Ruleset, not {type(ruleset).__name__}")
    return reasons_of(ruleset._engine)


def solution_of(engine: Engine, state: HandState, max_nodes: int | None = None) -> Solution:
    """``HandState.solve``: the state's position read by the kernel's interface, then searched."""
    if max_nodes is not None:
        check_int(max_nodes, "max_nodes", low=1)
    rules, classes, hands, hakem, seat, leader, trick, tally_state = _searchable(engine, state)
    team = rules.team_of[seat]
    try:
        legal, values, nodes = search_values(rules, classes, hands, hakem, team, leader, trick, tally_state,
                                             limit=max_nodes or 0)
    except NodeLimit:
        raise SolveLimitError(f"an exact answer needs more than max_nodes={max_nodes:,} cards tried",
                              max_nodes=max_nodes or 0) from None
    live = sum(1 << card for card in trick) | sum(hands)  # (disjoint masks)
    by_card = {Card.from_index(card): _outcome(values[classes.run_of(card, values, live, legal)])
               for card in cards_in(legal)}
    return Solution(Seat(seat), Team(team), max(by_card.values()), by_card, nodes)


def _searchable(engine: Engine, state: HandState) -> Searchable:
    """The state as the search takes it, or why it cannot (``UnsolvableError``)."""
    reasons = reasons_of(engine)
    if reasons:
        raise UnsolvableError("the solver cannot play this ruleset's hands from its tables: "
                              + "; ".join(reasons))
    if state.is_over:
        raise UnsolvableError("the hand is over: no card is left to solve")
    position = searchable(engine, state)
    if position is None:
        raise UnsolvableError("the solver starts in trick play with the trump in force, "
                              f"not at {state.phase.name}")
    return position


def _outcome(value: int) -> Outcome:
    points, margin = decode(value)
    return Outcome(points, margin)
