"""External bots over stdio: a program that speaks the line-delimited JSON protocol as a player.

(The protocol and ``CommandAgent`` are being written; see issue #12.)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hokm.actions import Action
from hokm.observation import HandObservation, MatchObservation

__all__ = ["CommandAgent"]


class CommandAgent:
    """A player that is an external program (placeholder until the stdio protocol lands)."""

    def __init__(self, command: Sequence[str], **params: Any) -> None:
        raise NotImplementedError("external bots over stdio are not implemented yet")

    def act(self, observation: HandObservation | MatchObservation) -> Action:
        raise NotImplementedError
