"""hokm: the rules of Hokm and its relatives, with every variant a plugin.

>>> import hokm
>>> rules = hokm.Ruleset.compose()
>>> match = rules.new_match(seed=7)
>>> match.to_act == match.hand.hakem
True
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

from hokm.actions import Action, CallTrump, Discard, DrawCard, HiddenAction, PlayCard, PlayOn, parse_action
from hokm.cards import Card, Rank, Suit, cards, full_deck
from hokm.errors import (
    ActionTypeError,
    AgentFailedError,
    AgentLoadError,
    ArgumentTypeError,
    DealTypeError,
    DuplicateVariantError,
    DuplicateVariantWarning,
    GameStateError,
    HokmError,
    HokmWarning,
    IllegalActionError,
    IllegalPlayError,
    InvalidArgumentError,
    InvalidDealError,
    InvalidNotationError,
    InvalidOptionError,
    InvalidSeatError,
    MissingExtraError,
    NotationTypeError,
    OptionTypeError,
    PluginContractError,
    RecordError,
    RulesetError,
    SolveLimitError,
    SpecVersionWarning,
    TruncatedRecordWarning,
    UnknownActionError,
    UnknownAgentError,
    UnknownVariantError,
    UnsolvableError,
    VariantConflictError,
    VariantLoadError,
    VariantOverlapWarning,
)
from hokm.table import Rotation, Seat, TableLayout, Team

if TYPE_CHECKING:
    from hokm._arena.result import ArenaResult
    from hokm._arena.run import arena
    from hokm._plugin import hookimpl
    from hokm.context import (
        Capture,
        DealPattern,
        Decision,
        FollowDuty,
        HandTally,
        HandView,
        MatchView,
        Packets,
        PlayContext,
        RulesetInfo,
        StockDraw,
        VariantInfo,
        VoidDuty,
    )
    from hokm.decisions import Effect, TrumpRule
    from hokm.discovery import available_variants
    from hokm.match import MatchState
    from hokm.observation import HandObservation, MatchObservation
    from hokm.outcomes import HandResult, HandScore, Kot, MatchStatus, Phase, majority
    from hokm.records import load_record
    from hokm.rules import Ruleset
    from hokm.simulate import SimulationReport, simulate
    from hokm.solver import Outcome, Solution, solve
    from hokm.state import HandState
    from hokm.trick import Trick
    from hokm.variant import Variant
    from hokm.windows import PauseWindow, TurnWindow

# ``import hokm`` loads the vocabulary every user of the package touches (cards, actions, seats,
# errors); every other name is imported on first use (PEP 562), so a bot, a server or the command
# line pays for the rules, the hook machinery, json or concurrent.futures only when it uses them.
_LAZY_MODULES: dict[str, tuple[str, ...]] = {
    "hokm._arena.run": ("arena",),  # and hokm.agents, when it runs
    "hokm._arena.result": ("ArenaResult",),
    "hokm._plugin": ("hookimpl",),
    "hokm.context": ("Capture", "DealPattern", "Decision", "FollowDuty", "HandTally", "HandView", "MatchView",
                     "Packets", "PlayContext", "RulesetInfo", "StockDraw", "VariantInfo", "VoidDuty"),
    "hokm.decisions": ("Effect", "TrumpRule"),
    "hokm.discovery": ("available_variants",),
    "hokm.match": ("MatchState",),
    "hokm.observation": ("HandObservation", "MatchObservation"),
    "hokm.outcomes": ("HandResult", "HandScore", "Kot", "MatchStatus", "Phase", "majority"),
    "hokm.records": ("load_record",),
    "hokm.rules": ("Ruleset",),
    "hokm.simulate": ("SimulationReport", "simulate"),
    "hokm.solver": ("Outcome", "Solution", "solve"),
    "hokm.state": ("HandState",),
    "hokm.trick": ("Trick",),
    "hokm.variant": ("Variant",),
    "hokm.windows": ("PauseWindow", "TurnWindow"),
}
_LAZY = {name: module for module, names in _LAZY_MODULES.items() for name in names}


class _Package(types.ModuleType):
    """``hokm`` itself: a lazy name that is also a submodule's (``simulate``) stays the name's value
    when the submodule is first imported by name (the import system then binds a submodule to its
    parent's attribute of that name)."""

    def __setattr__(self, name: str, value: object) -> None:
        if name in _LAZY and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


def __getattr__(name: str) -> Any:
    if name == "events":  # a module of its own: hokm.events.for_seat(...)
        return importlib.import_module("hokm.events")
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'hokm' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if "hypothesis" in sys.modules:  # imported first: its entry point left hokm's types to us (hokm._hypothesis)
    from hokm._hypothesis import register as _register

    _register()

__all__ = [
    "Action",
    "ActionTypeError",
    "AgentFailedError",
    "AgentLoadError",
    "ArenaResult",
    "ArgumentTypeError",
    "CallTrump",
    "Capture",
    "Card",
    "DealPattern",
    "DealTypeError",
    "Decision",
    "Discard",
    "DrawCard",
    "DuplicateVariantError",
    "DuplicateVariantWarning",
    "Effect",
    "FollowDuty",
    "GameStateError",
    "HandObservation",
    "HandResult",
    "HandScore",
    "HandState",
    "HandTally",
    "HandView",
    "HiddenAction",
    "HokmError",
    "HokmWarning",
    "IllegalActionError",
    "IllegalPlayError",
    "InvalidArgumentError",
    "InvalidDealError",
    "InvalidNotationError",
    "InvalidOptionError",
    "InvalidSeatError",
    "Kot",
    "MatchObservation",
    "MatchState",
    "MatchStatus",
    "MatchView",
    "MissingExtraError",
    "NotationTypeError",
    "OptionTypeError",
    "Outcome",
    "Packets",
    "PauseWindow",
    "Phase",
    "PlayCard",
    "PlayContext",
    "PlayOn",
    "PluginContractError",
    "Rank",
    "RecordError",
    "Rotation",
    "Ruleset",
    "RulesetError",
    "RulesetInfo",
    "Seat",
    "SimulationReport",
    "Solution",
    "SolveLimitError",
    "SpecVersionWarning",
    "StockDraw",
    "Suit",
    "TableLayout",
    "Team",
    "Trick",
    "TrumpRule",
    "TruncatedRecordWarning",
    "TurnWindow",
    "UnknownActionError",
    "UnknownAgentError",
    "UnknownVariantError",
    "UnsolvableError",
    "Variant",
    "VariantConflictError",
    "VariantInfo",
    "VariantLoadError",
    "VariantOverlapWarning",
    "VoidDuty",
    "arena",
    "available_variants",
    "cards",
    "full_deck",
    "hookimpl",
    "load_record",
    "majority",
    "parse_action",
    "simulate",
    "solve",
]
