"""hokm: the rules of Hokm and its relatives, with every variant a plugin.

>>> import hokm
>>> rules = hokm.Ruleset.compose()
>>> match = rules.new_match(seed=7)
>>> match.to_act == match.hand.hakem
True
"""

from __future__ import annotations

from hokm._plugin import hookimpl
from hokm.actions import Action, CallTrump, DrawCard, PlayCard, PlayOn
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
from hokm.errors import (
    GameStateError,
    HokmError,
    HokmWarning,
    IllegalActionError,
    IllegalPlayError,
    InvalidDealError,
    InvalidNotationError,
    InvalidOptionError,
    PluginContractError,
    RulesetError,
    UnknownVariantError,
    VariantConflictError,
    VariantOverlapWarning,
)
from hokm.match import MatchState
from hokm.observation import HandObservation, MatchObservation
from hokm.outcomes import HandResult, Phase, majority
from hokm.rules import Ruleset, available_variants
from hokm.simulate import SimulationReport, simulate
from hokm.state import HandState
from hokm.table import Rotation, Seat, TableLayout, Team
from hokm.variant import Variant

__all__ = [
    "Action",
    "CallTrump",
    "Capture",
    "Card",
    "DealPattern",
    "Decision",
    "DrawCard",
    "GameStateError",
    "HandObservation",
    "HandResult",
    "HandScore",
    "HandState",
    "HandView",
    "HokmError",
    "HokmWarning",
    "IllegalActionError",
    "IllegalPlayError",
    "InvalidDealError",
    "InvalidNotationError",
    "InvalidOptionError",
    "Kot",
    "MatchObservation",
    "MatchState",
    "MatchView",
    "Packets",
    "Phase",
    "PlayCard",
    "PlayContext",
    "PlayOn",
    "PluginContractError",
    "Rank",
    "Rotation",
    "Ruleset",
    "RulesetError",
    "RulesetInfo",
    "Seat",
    "SimulationReport",
    "StockDraw",
    "Suit",
    "TableLayout",
    "Team",
    "Trick",
    "UnknownVariantError",
    "Variant",
    "VariantConflictError",
    "VariantInfo",
    "VariantOverlapWarning",
    "VoidDuty",
    "available_variants",
    "cards",
    "full_deck",
    "hookimpl",
    "majority",
    "simulate",
]
