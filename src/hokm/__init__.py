"""hokm: the rules of Hokm and its relatives, with every variant a plugin.

>>> import hokm
>>> rules = hokm.Ruleset.compose()
>>> match = rules.new_match(seed=7)
>>> match.to_act == match.hand.hakem
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from hokm.actions import Action, CallTrump, Discard, DrawCard, HiddenAction, PlayCard, PlayOn
from hokm.cards import Card, Rank, Suit, cards, full_deck
from hokm.context import (
    Capture,
    DealPattern,
    Decision,
    HandScore,
    HandView,
    Kot,
    MatchView,
    Packets,
    PlayContext,
    RulesetInfo,
    StockDraw,
    Trick,
    VariantInfo,
    VoidDuty,
)
from hokm.decisions import Effect, TrumpRule
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
    MissingExtraError,
    NotationTypeError,
    OptionTypeError,
    PluginContractError,
    RecordError,
    RulesetError,
    SpecVersionWarning,
    UnknownActionError,
    UnknownAgentError,
    UnknownVariantError,
    VariantConflictError,
    VariantLoadError,
    VariantOverlapWarning,
)
from hokm.outcomes import HandResult, MatchStatus, Phase, majority
from hokm.piles import PileRule
from hokm.simulate import SimulationReport, simulate  # eager: the name is also its module's
from hokm.table import Rotation, Seat, TableLayout, Team
from hokm.windows import CallClaim, CardCall, EffectScope, PauseWindow, TrumpDuty, TurnOffers, TurnWindow

if TYPE_CHECKING:
    from hokm._arena import arena
    from hokm._arena_result import ArenaResult
    from hokm._plugin import hookimpl
    from hokm.discovery import available_variants
    from hokm.match import MatchState
    from hokm.observation import HandObservation, MatchObservation
    from hokm.records import load_record
    from hokm.rules import Ruleset
    from hokm.state import HandState
    from hokm.variant import Variant

# Names whose modules pull in pluggy, the engine, json or concurrent.futures are imported on first
# use (PEP 562), so ``import hokm`` stays cheap for code that only needs cards or errors.
_LAZY = {
    "arena": "hokm._arena",  # and hokm.agents, when it runs
    "ArenaResult": "hokm._arena_result",
    "hookimpl": "hokm._plugin",
    "MatchState": "hokm.match",
    "HandObservation": "hokm.observation",
    "MatchObservation": "hokm.observation",
    "Ruleset": "hokm.rules",
    "available_variants": "hokm.discovery",
    "HandState": "hokm.state",
    "Variant": "hokm.variant",
    "load_record": "hokm.records",
}


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

__all__ = [
    "Action",
    "ActionTypeError",
    "AgentFailedError",
    "AgentLoadError",
    "ArenaResult",
    "ArgumentTypeError",
    "CallClaim",
    "CallTrump",
    "Capture",
    "Card",
    "CardCall",
    "DealPattern",
    "DealTypeError",
    "Decision",
    "Discard",
    "DrawCard",
    "DuplicateVariantError",
    "DuplicateVariantWarning",
    "Effect",
    "EffectScope",
    "GameStateError",
    "HandObservation",
    "HandResult",
    "HandScore",
    "HandState",
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
    "Kot",
    "MatchObservation",
    "MatchState",
    "MatchStatus",
    "MatchView",
    "MissingExtraError",
    "NotationTypeError",
    "OptionTypeError",
    "Packets",
    "PauseWindow",
    "Phase",
    "PileRule",
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
    "SpecVersionWarning",
    "StockDraw",
    "Suit",
    "TableLayout",
    "Team",
    "Trick",
    "TrumpDuty",
    "TrumpRule",
    "TurnOffers",
    "TurnWindow",
    "UnknownActionError",
    "UnknownAgentError",
    "UnknownVariantError",
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
    "simulate",
]
