"""What the PettingZoo and Gymnasium adapters share: the ruleset, rewards and the text table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hokm.errors import ArgumentTypeError, InvalidArgumentError, _got, _shown
from hokm.match import MatchState
from hokm.rules import Ruleset

__all__ = ["REWARDS", "build_ruleset", "check_reward", "render_table", "rewards_between"]

REWARDS = ("hand", "match")
"""``"hand"``: each finished hand's points; ``"match"``: +1 / -1 at the match end (0 if drawn)."""


def build_ruleset(variants: Sequence[str] | str, options: Mapping[str, Mapping[str, Any]] | None,
                  ruleset: Ruleset | None) -> Ruleset:
    """The ruleset an adapter plays: ``ruleset`` as given, else composed from variant names."""
    if ruleset is not None:
        if not isinstance(ruleset, Ruleset):
            raise ArgumentTypeError(f"ruleset must be a hokm.Ruleset, got {_got(ruleset)}")
        if variants or options:
            raise InvalidArgumentError("give either a ruleset or variants and options, not both")
        return ruleset
    if isinstance(variants, str):
        variants = (variants,)
    return Ruleset.compose(*variants, options=options)


def check_reward(reward: object) -> str:
    if reward not in REWARDS:
        raise InvalidArgumentError(f"reward must be 'hand' (each hand's points) or 'match' (+1/-1 at "
                                   f"the match end), got {_shown(reward)}")
    return str(reward)


def rewards_between(before: MatchState, after: MatchState, reward: str) -> list[float] | None:
    """Each seat's reward for the step from ``before`` to ``after``, or ``None`` if all are 0.

    Zero-sum: with ``"hand"`` a seat gets the points its team scored minus the mean of what
    the other teams scored; with ``"match"`` +1 for the winning team's seats and -1 (shared
    among the other teams' seats' teams) at the match end.
    """
    rules = after.ruleset
    teams = rules.layout.teams
    count = rules.layout.team_count
    if reward == "hand":
        old, new = before.scores, after.scores
        if old == new:
            return None
        gained = [b - a for a, b in zip(old, new, strict=True)]
    else:
        if not after.is_over or after.winner is None:
            return None
        gained = [1 if team == after.winner else 0 for team in range(count)]
    total = sum(gained)
    return [float(gained[team] - (total - gained[team]) / (count - 1)) for team in teams]


def render_table(match: MatchState, names: Sequence[str]) -> str:
    """A text table of the match: scores, trump, the trick in progress and every seat's hand.

    A spectator's view (every hand shown), for watching and debugging, never an observation.
    """
    hand = match.hand
    rules = match.ruleset
    trump = hand.trump.value if hand.trump is not None else "-"
    trick = {int(seat): str(card) for seat, card in hand.current_trick.plays}
    lines = [f"{rules.describe()} | hand {match.hand_number} | scores {list(match.scores)} | "
             f"trump {trump} | phase {hand.phase.value}"]
    width = max(len(name) for name in names)
    lines.append(f"{'seat':<{width}}  team  role   tricks  trick  hand")
    for seat, name in enumerate(names):
        role = "hakem" if seat == hand.hakem else ("to act" if seat == match.to_act else "")
        if seat == hand.hakem and seat == match.to_act:
            role = "hakem*"
        cards = " ".join(str(card) for card in sorted(hand.hand_of(seat), key=lambda c: c.sort_key))
        lines.append(f"{name:<{width}}  {rules.team_of(seat):>4}  {role:<6} {hand.tricks_won[seat]:>6}  "
                     f"{trick.get(seat, ''):>5}  {cards}")
    if match.is_over:
        lines.append("match over: " + ("drawn" if match.is_drawn else f"team {match.winner} wins"))
    return "\n".join(lines)
