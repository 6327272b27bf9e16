"""The ``pimc`` agent: perfect-information Monte Carlo over sampled deals.

For each decision it draws deals the observation cannot tell apart
(``sample_deals``, exact and uniform), rebuilds the hand in each
(``hokm.agents._rebuild``), and scores every legal action: near the hand's end by
the double-dummy solver (``HandState.solve``: every card's exact value with all
cards known), before it by a batch of playouts of the hand after it in which
followers play by rule (``hokm.solver.playout_values``; a trump call by such playouts
from the position after it; rulesets the solver does not play: uniformly random
playouts, ``HandState.rollouts``). The action with the best mean score over all
samples is played. Every action of one sample is played
out from the same seed (common random numbers), so the comparison between
actions is not drowned by the luck of the playouts.

Where a position cannot be rebuilt from a sample (a decision another seat keeps
hidden, cards laid aside or still in a stock), the agent plays as the
``heuristic`` agent does.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Literal

from hokm._checks import check_int, check_seconds, check_seed
from hokm.actions import Action, PlayCard
from hokm.agents._heuristic import HeuristicAgent
from hokm.agents._protocol import BaseAgent, hand_observation, turn_observation
from hokm.agents._rebuild import Replay, rebuild
from hokm.agents._sampling import sample_deals
from hokm.errors import ArgumentTypeError, InvalidArgumentError, UnsolvableError
from hokm.observation import HandObservation, MatchObservation

if TYPE_CHECKING:
    from hokm.rules import Ruleset
    from hokm.state import HandState

__all__ = ["PimcAgent"]

_TRICK_WEIGHT = 0.1
"""Score per trick of margin, added to the hand's points: it ranks playouts of equal points."""
_MAX_SAMPLES = 10_000
_MAX_PLAYOUTS = 1_000
_MAX_ENDGAME = 26
_POLICIES = ("greedy", "random")


class PimcAgent(BaseAgent):
    """Perfect-information Monte Carlo: scores each legal action on sampled deals by playouts.

    For each decision it samples ``samples`` deals consistent with its observation,
    rebuilds the hand in each, and scores every legal action there: with ``endgame``
    tricks or fewer left, by the double-dummy solver (``HandState.solve``: the outcome
    of perfect play with every card known), else by ``playouts`` playouts to the end of
    the hand: under the ``"greedy"`` policy, ``hokm.solver.playout_values`` (random leads,
    followers that play low under their side's winning card and else beat the trick
    cheaply; a decision before trick play, such as the trump call, by those playouts from
    the position it leads to), under ``"random"`` uniformly random ones
    (``HandState.rollouts``). An action's score is the points its side wins (negative
    when the other side wins), plus 0.1 per trick of margin; the best mean over all
    samples is played (ties: the first in ``legal_actions`` order). A lone legal action
    is played at once. Decisions it cannot sample (see the module notes) go to the
    ``heuristic``; positions the solver cannot play are scored by uniformly random
    playouts.

    With ``time_budget`` it stops drawing samples once a decision has used that many
    seconds (after at least one sample), so its choices then depend on the clock;
    without it, a seeded agent makes the same choices for the same observations.

    >>> import hokm
    >>> from hokm.agents import PimcAgent
    >>> hand = hokm.Ruleset.compose().deal(hokm.full_deck())
    >>> agent = PimcAgent(samples=4, playouts=2, seed=1)
    >>> agent.act(hand.observation(0)) in hand.legal_actions()
    True

    Args:
        samples: deals sampled per decision (1 to 10,000).
        playouts: playouts per legal action and sample (1 to 1,000).
        endgame: tricks left (0 to 26) from which the solver scores instead of playouts; 0 never.
        policy: how the playouts play, ``"greedy"`` (followers by rule) or ``"random"``.
        time_budget: seconds a decision may take before it stops sampling, or ``None``.
        seed: an int or str for a reproducible agent; ``None`` seeds from the system.

    Raises:
        ArgumentTypeError: a parameter has the wrong type.
        InvalidArgumentError: a parameter is out of range.
    """

    def __init__(self, *, samples: int = 64, playouts: int = 64, endgame: int = 8,
                 policy: Literal["greedy", "random"] = "greedy", time_budget: float | None = None,
                 seed: int | str | None = None) -> None:
        self.samples = check_int(samples, "samples", low=1, high=_MAX_SAMPLES)
        if policy not in _POLICIES:
            raise (InvalidArgumentError if isinstance(policy, str) else ArgumentTypeError)(
                f"policy must be one of {', '.join(map(repr, _POLICIES))}, got {policy!r}")
        self.policy: Literal["greedy", "random"] = policy
        self.playouts = check_int(playouts, "playouts", low=1, high=_MAX_PLAYOUTS)
        self.endgame = check_int(endgame, "endgame", low=0, high=_MAX_ENDGAME)
        self.time_budget = None if time_budget is None else check_seconds(time_budget, "time_budget")
        check_seed(seed)
        self.seed = seed
        self._rng = random.Random(seed)
        self._fallback = HeuristicAgent()

    def act(self, observation: HandObservation | MatchObservation) -> Action:
        """The legal action with the best mean playout score over sampled deals.

        Raises:
            GameStateError: the observation offers no action (it is not this seat's turn).
        """
        view = turn_observation(observation)
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        scores = self.values(view)
        if not scores:
            return self._fallback.act(view)
        return max(legal, key=lambda action: scores[action])  # max keeps the first of equals

    def values(self, observation: HandObservation | MatchObservation) -> dict[Action, float]:
        """Each legal action's mean playout score for this seat's side (empty if it cannot sample).

        The scores are what ``act`` compares: points won (negative when lost) plus 0.1
        per trick of margin, averaged over the sampled deals and their playouts.
        """
        view = hand_observation(observation)
        legal = view.legal_actions
        if not legal or view.ruleset is None:
            return {}
        start = time.perf_counter()
        totals = dict.fromkeys(legal, 0.0)
        rng = self._rng
        used = 0
        cards = all(isinstance(action, PlayCard) for action in legal)  # (the tables' scores are for cards)
        greedy = self.policy == "greedy" and _solvable(view.ruleset)
        replay = Replay(view)
        for deal in sample_deals(view, self.samples, rng=rng):
            state = rebuild(view, deal, replay)
            if state is None:
                return {}  # the position is beyond sampling: every sample would fail alike
            seed = rng.getrandbits(64)  # one stream for every action: common random numbers
            solved = None
            if cards:
                if state.tricks_left <= self.endgame:
                    solved = _solved(state, legal)
                elif greedy:
                    solved = _estimated(state, legal, self.playouts, seed)
                cards = solved is not None or (not greedy and state.tricks_left > self.endgame)
            for action in legal:
                if solved is not None:
                    totals[action] += solved[action] * self.playouts
                    continue
                after = state.apply(action)
                estimate = (_position_estimate(after, view.seat, self.playouts, seed)
                            if greedy and not after.is_over else None)
                totals[action] += (estimate * self.playouts if estimate is not None
                                   else _score(after, view.seat, seed, self.playouts))
            used += 1
            if self.time_budget is not None and time.perf_counter() - start >= self.time_budget:
                break
        runs = used * self.playouts
        return {action: total / runs for action, total in totals.items()}

    def __repr__(self) -> str:
        return (f"PimcAgent(samples={self.samples}, playouts={self.playouts}, endgame={self.endgame}, "
                f"policy={self.policy!r}, time_budget={self.time_budget!r}, seed={self.seed!r})")


def _solvable(ruleset: Ruleset) -> bool:
    """Whether the solver's tables play ``ruleset``'s hands (else no position of it is tried)."""
    from hokm.solver import unsolvable_reasons  # (with the engine: not at the agents' import)

    return not unsolvable_reasons(ruleset)


def _solved(state: HandState, legal: tuple[Action, ...]) -> dict[Action, float] | None:
    """Each legal card's double-dummy score for the side to move (``None``: the solver cannot play
    this ruleset or position)."""
    try:
        solution = state.solve()
    except UnsolvableError:
        return None
    return {action: solution.values[action.card].points + _TRICK_WEIGHT * solution.values[action.card].margin
            for action in legal if isinstance(action, PlayCard)}


def _estimated(state: HandState, legal: tuple[Action, ...], playouts: int,
               seed: int) -> dict[Action, float] | None:
    """Each legal card's mean score over quick playouts (``hokm.solver.playout_values``), or ``None``
    where the solver's tables cannot play the position."""
    from hokm.solver import playout_values  # (with the engine: not at the agents' import)

    try:
        values = playout_values(state, playouts, seed=seed)
    except UnsolvableError:
        return None
    return {action: values[action.card].points + _TRICK_WEIGHT * values[action.card].margin
            for action in legal if isinstance(action, PlayCard)}


def _position_estimate(state: HandState, seat: int, playouts: int, seed: int) -> float | None:
    """A position's mean score for ``seat``'s side over quick playouts from it (the seat to move leading
    any of its legal cards alike, a quarter of ``playouts`` each), or ``None`` where the solver's tables
    cannot play it (a decision before trick play: the trump call's outcomes are scored this way)."""
    from hokm.solver import playout_values  # (with the engine: not at the agents' import)

    mover = state.to_act
    if mover is None:
        return None
    try:
        values = playout_values(state, max(1, playouts // 4), seed=seed)
    except UnsolvableError:
        return None
    mean = sum(value.points + _TRICK_WEIGHT * value.margin for value in values.values()) / len(values)
    return mean if state.team_of(mover) == state.team_of(seat) else -mean


def _score(state: HandState, seat: int, seed: int, playouts: int) -> float:
    """The summed score of ``state`` played out ``playouts`` times for ``seat``'s side: one batch of
    rollouts (``HandState.rollouts``, in the C kernel where the ruleset allows)."""
    team = state.team_of(seat)
    if state.is_over:
        if state.is_annulled:
            return 0.0
        score, tricks = state.score(), state.team_tricks
        once = (score.points if score.winner == team else -score.points) + _TRICK_WEIGHT * (
            2 * tricks[team] - sum(tricks))
        return once * playouts
    batch = state.rollouts(playouts, seed=seed)
    total = 0.0
    ours = batch.team_tricks[team]
    all_tricks = [sum(column) for column in zip(*batch.team_tricks, strict=True)]
    for winner, points, taken, tricks in zip(batch.winner, batch.points, ours, all_tricks, strict=True):
        if winner < 0:
            continue  # annulled: no score
        total += (points if winner == team else -points) + _TRICK_WEIGHT * (2 * taken - tricks)
    return total
