"""The compiled form of a ruleset: what its hooks answered, in the shapes play reads.

``Ruleset.compose()`` builds one ``Engine``. Each hook's implementations are read once
through pluggy and then asked as their signatures say (``hokm.hookspecs``): argless
ones once, those taking small fixed-range values as tables, those taking the hand per
event. The rules live in the engine's parts: the table and the deal (``Table``), every
card under every trump (``CardTables``), legality (``Legality``), the end of a trick
(``TrickEnd``), the decisions (``Decisions``) and the scoring (``Scoring``).
``HandState`` keeps a hand's state and asks them; the random-play kernel
(``hokm._kernel``) reads the same tables through its plan, and a property test holds
it to stepping.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import pluggy

from hokm._compose.cards import CardTables
from hokm._compose.decisions import Decisions
from hokm._compose.hooks import Impl, hook_facts, resolve_chain
from hokm._compose.legality import Legality
from hokm._compose.scoring import Scoring
from hokm._compose.table import Table
from hokm._compose.tally import Tallies
from hokm._compose.trick_end import TrickEnd
from hokm.actions import Action

if TYPE_CHECKING:
    from hokm._ruleset.standard import Standard
    from hokm.context import RulesetInfo

__all__ = ["Engine"]


class Engine:
    """Everything a ruleset decided at composition, as its parts, with the facts play reads most."""

    __slots__ = ("cards", "chains", "classic", "classic_call", "classic_play", "decisions", "deck_mask",
                 "ends", "fixes_trump", "hand_size", "layout", "legality", "names", "plan", "players",
                 "scoring", "table", "team_count", "teams")

    def __init__(self, pm: pluggy.PluginManager, standard: Standard, names: tuple[str, ...],
                 info: RulesetInfo) -> None:
        self.names = names
        chains = {hook: resolve_chain(pm, hook, standard) for hook in hook_facts()}
        self.chains: Mapping[str, tuple[Impl, ...]] = chains
        self.table = table = Table(chains, standard)
        self.layout = table.layout
        self.players = table.players
        self.teams = table.teams
        self.team_count = table.team_count
        self.hand_size = table.hand_size
        self.deck_mask = table.deck_mask
        self.cards = CardTables(chains["hokm_effective_suit"], chains["hokm_trick_suit"],
                                chains["hokm_card_rank"])
        self.legality = Legality(chains, self.cards, table.hand_size)
        tallies = Tallies(table.layout, table.hand_size)
        self.ends = TrickEnd(chains, standard, self.cards, table.layout, table.hand_size, info, tallies)
        self.decisions = Decisions(chains, _scopes(chains["hokm_action_space"]), table.hand_size)
        self.scoring = Scoring(chains, table.layout, tallies, info)
        self.fixes_trump = self.decisions.fixes_trump
        self.classic_call = self.decisions.classic_call
        self.classic_play = self.decisions.classic_play
        self.classic = self.classic_call and self.classic_play and not table.discards
        """A hand with none of the decisions of RULES 1.5.1: its calls and draws need no log."""
        self.plan: object = None
        """The random-play kernel's plan, built on its first playout (``hokm._kernel``)."""


def _scopes(chain: tuple[Impl, ...]) -> dict[str, tuple[type, ...]]:
    """Per plugin that declares its actions: the classes of those actions (its effect hook is asked
    only about them)."""
    scopes: dict[str, tuple[type, ...]] = {}
    for impl in chain:
        try:
            answer = impl.call()
        except Exception:
            continue
        if answer is None or isinstance(answer, str | bytes) or not hasattr(answer, "__iter__"):
            continue
        kinds = tuple(dict.fromkeys(action.__class__ for action in answer if isinstance(action, Action)))
        if kinds:  # a plugin that declares no action is asked about every action
            scopes[impl.plugin] = scopes.get(impl.plugin, ()) + kinds
    return scopes
