"""The observation vector's layout and the loop that fills it (``hokm.encoding``).

The layout is computed once per ruleset: section offsets, and per observing seat the
offsets of every other seat's slots (relative seats, relative teams), so that filling
a vector is a handful of list appends and one numpy scatter. Effective suits, which
decide who failed to follow, are tabulated per trump from the ruleset.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from hokm.actions import HiddenAction
from hokm.cards import Card, Suit
from hokm.errors import ArgumentTypeError, _got
from hokm.observation import HandObservation, MatchObservation
from hokm.outcomes import PHASES

if TYPE_CHECKING:
    from hokm.encoding import ActionSpace
    from hokm.rules import Ruleset

__all__ = ["Layout", "Section", "build_layout"]

_CARDS = tuple(str(Card.from_index(i)) for i in range(52))
_SUITS = tuple(Suit)
_PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
_NO_TRUMP = 4


@attrs.frozen
class Section:
    """A named run of slots in the observation vector: ``vector[start:stop]``."""

    name: str
    start: int
    stop: int
    meaning: str


class Layout:
    """Offsets and tables for one ruleset; ``fill`` writes one observation."""

    def __init__(self) -> None:
        self.sections: tuple[Section, ...] = ()
        self.names: tuple[str, ...] = ()
        self.size = 0
        self.offset: dict[str, int] = {}

    def fill(self, observation: object, out: Any) -> None:
        """Write ``observation`` (a hand or match observation) into ``out``."""
        if observation.__class__ is HandObservation:
            obs: Any = observation
            match: Any = None
        elif observation.__class__ is MatchObservation:
            match = observation
            obs = match.hand
        else:
            raise ArgumentTypeError(f"encode() observation must be a HandObservation or MatchObservation "
                                    f"(from state.observation(seat)), got {_got(observation)}")
        me = obs.seat
        rel = self.rel[me]
        eff = self.eff
        off = self.offset
        out.fill(0.0)
        ones = [card.index for card in obs.hand]
        append = ones.append
        played_base, void_base = self.played_base[me], self.void_base[me]
        count = 0
        for trick in obs.tricks:
            trump = trick.trump
            table = eff[_NO_TRUMP if trump is None else trump.index]
            plays = trick.plays
            led = table[plays[0][1].index]
            for seat, card in plays:
                index = card.index
                append(played_base[seat] + index)
                if table[index] != led:
                    append(void_base[seat] + led)
            count += len(plays)
        current = obs.current_trick
        if current:
            trump = obs.trump
            since = obs.trump_from
            table = eff[_NO_TRUMP if trump is None or since > count + len(current) else trump.index]
            trick_base = self.trick_base[me]
            led = table[current[0][1].index]
            append(off["lead"] + rel[current[0][0]])
            for seat, card in current:
                index = card.index
                append(trick_base[seat] + index)
                if table[index] != led:
                    append(void_base[seat] + led)
        trump = obs.trump
        if trump is not None:
            append(off["trump"] + trump.index)
        append(off["hakem"] + rel[obs.hakem])
        if obs.to_act is not None:
            append(off["to_act"] + rel[obs.to_act])
        append(off["phase"] + _PHASE_INDEX[obs.phase])
        for name in ("set_aside", "shown", "seen"):
            cards = getattr(obs, name)
            if cards:
                base = off[name]
                ones.extend([base + card.index for card in cards])
        if obs.offered is not None:
            append(off["offered"] + obs.offered.index)
        if obs.offered_next is not None:
            append(off["offered_next"] + obs.offered_next.index)
        if obs.annulled:
            append(off["annulled"])
        out[ones] = 1.0
        scale = self.per_trick
        team_slot = self.team_slot[me]
        base = off["team_tricks"]
        for team, tricks in enumerate(obs.team_tricks):
            out[base + team_slot[team]] = tricks * scale
        if obs.pile:
            out[off["pile"]] = obs.pile * scale
        base = off["hand_sizes"]
        for seat, size in enumerate(obs.hand_sizes):
            out[base + rel[seat]] = min(size * scale, 1.0)
        if any(obs.set_aside_counts):
            base = off["set_aside_counts"]
            for seat, size in enumerate(obs.set_aside_counts):
                out[base + rel[seat]] = min(size * scale, 1.0)
        if obs.stock_left:
            out[off["stock_left"]] = obs.stock_left * self.per_card
        if obs.trump_from:
            out[off["trump_from"]] = min(obs.trump_from * self.per_card, 1.0)
        if obs.decisions:
            self._decisions(obs.decisions, rel, out)
        if match is not None:
            base = off["scores"]
            for team, points in enumerate(match.scores):
                out[base + team_slot[team]] = min(points * self.per_point, 1.0)

    def _decisions(self, decisions: Any, rel: tuple[int, ...], out: Any) -> None:
        counts: dict[int, float] = {}
        ids, width = self.space_ids, self.decision_width
        base, hidden = self.offset["decisions"], self.offset["hidden_decisions"]
        for seat, action in decisions:
            if action.__class__ is HiddenAction:
                slot = hidden + rel[seat]
            else:
                found = ids.get(action)
                if found is None or found < 52:
                    self.space.id_of(action)  # an undeclared action: the error names it
                    continue  # a card play recorded as a decision has no slot (none does so)
                slot = base + rel[seat] * width + found - 52
            counts[slot] = counts.get(slot, 0.0) + self.per_trick
        for slot, value in counts.items():
            out[slot] = min(value, 1.0)

    # Filled by build_layout
    rel: tuple[tuple[int, ...], ...]
    eff: tuple[tuple[int, ...], ...]
    played_base: tuple[tuple[int, ...], ...]
    trick_base: tuple[tuple[int, ...], ...]
    void_base: tuple[tuple[int, ...], ...]
    team_slot: tuple[tuple[int, ...], ...]
    per_trick: float
    per_card: float
    per_point: float
    space: ActionSpace
    space_ids: dict[Any, int]
    decision_width: int


def _target(ruleset: Ruleset) -> int:
    """The match target if a plugin has a ``target`` option (the last such), else 7."""
    target = 7
    for values in ruleset.option_values.values():
        value = values.get("target")
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            target = value
    return target


def build_layout(ruleset: Ruleset, space: ActionSpace) -> Layout:
    """The layout of ``ruleset``'s observation vector, its decisions numbered by ``space``."""
    players = ruleset.players
    layout_teams = ruleset.layout.teams
    teams = ruleset.layout.team_count
    hand_size = ruleset.hand_size
    deck = len(ruleset.deck)
    target = _target(ruleset)
    seats = [f"+{r}" for r in range(players)]
    decisions = space.describe()[52:]
    sections: list[Section] = []
    names: list[str] = []

    def add(name: str, labels: list[str], meaning: str) -> None:
        start = len(names)
        names.extend(f"{name}[{label}]" for label in labels)
        sections.append(Section(name, start, len(names), meaning))

    cards = list(_CARDS)
    suits = [suit.value for suit in _SUITS]
    team_labels = ["own", *(f"+{t}" for t in range(1, teams))]
    add("hand", cards, "1 for each card in the seat's hand (what it may look at)")
    for r in range(players):
        add(f"trick{seats[r]}", cards,
            f"1 for the card relative seat {seats[r]} played to the trick in progress")
    add("lead", seats, "1 for the relative seat that led the trick in progress")
    for r in range(players):
        add(f"played{seats[r]}", cards,
            f"1 for each card relative seat {seats[r]} played to a completed trick")
    for r in range(players):
        add(f"void{seats[r]}", suits, f"1 for each suit relative seat {seats[r]} failed to follow "
            "(played another effective suit to a trick led in it)")
    add("trump", suits, "1 for the trump suit once it is known to all (called, revealed or fixed)")
    add("trump_from", ["play"], f"the play from which trumps count (`trump_from`) / {deck}")
    add("hakem", seats, "1 for the Hakem's relative seat")
    add("to_act", seats, "1 for the relative seat to act (none once the hand is over)")
    add("phase", [phase.value for phase in PHASES], "1 for the phase of the hand")
    add("team_tricks", team_labels, f"tricks collected per team (own team first) / {hand_size}")
    add("pile", ["tricks"], f"tricks lying uncollected in the centre (Double Sar) / {hand_size}")
    add("hand_sizes", seats, f"cards in each relative seat's hand / {hand_size}")
    add("set_aside", cards, "1 for each of the seat's own set-aside cards it knows (an indicator, discards)")
    add("set_aside_counts", seats, f"cards each relative seat has laid aside / {hand_size}")
    add("shown", cards, "1 for each card turned face up for everyone (a claim, an indicator)")
    add("seen", cards, "1 for each card the seat saw leave play unplayed (two-player discards)")
    add("offered", cards, "1 for the stock card the seat is offered (two-player draw)")
    add("offered_next", cards, "1 for the second stock card, when the seat sees it before choosing")
    add("stock_left", ["cards"], f"cards left in the stock / {deck}")
    for r in range(players):
        add(f"decisions{seats[r]}", list(decisions),
            f"how often relative seat {seats[r]} took each decision (action ids 52 on) / {hand_size}")
    add("hidden_decisions", seats, f"private decisions each relative seat took, unseen / {hand_size}")
    add("annulled", ["hand"], "1 once the hand is annulled (ended before its first trick)")
    add("scores", team_labels, f"match points per team (own team first) / {target}, at most 1 "
        "(0 when encoding a hand observation)")

    layout = Layout()
    layout.sections = tuple(sections)
    layout.names = tuple(names)
    layout.size = len(names)
    layout.offset = {section.name: section.start for section in sections}
    rel = tuple(tuple((seat - me) % players for seat in range(players)) for me in range(players))
    layout.rel = rel
    first = layout.offset

    def bases(prefix: str, width: int) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(first[f"{prefix}+0"] + rel[me][seat] * width for seat in range(players))
                     for me in range(players))

    layout.played_base = bases("played", 52)
    layout.trick_base = bases("trick", 52)
    layout.void_base = bases("void", 4)
    layout.offset["decisions"] = first["decisions+0"]
    slots = []
    for me in range(players):
        order: list[int] = []  # teams by their first relative seat
        for r in range(players):
            team = int(layout_teams[(me + r) % players])
            if team not in order:
                order.append(team)
        slot = [0] * teams
        for position, team in enumerate(order):
            slot[team] = position
        slots.append(tuple(slot))
    layout.team_slot = tuple(slots)
    eff = [tuple(ruleset.effective_suit(Card.from_index(i), suit).index for i in range(52))
           for suit in _SUITS]
    eff.append(tuple(i // 13 for i in range(52)))  # no trump: the printed suit
    layout.eff = tuple(eff)
    layout.per_trick = 1.0 / hand_size
    layout.per_card = 1.0 / deck
    layout.per_point = 1.0 / target
    layout.space = space
    layout.space_ids = dict(zip(space.actions, range(space.size), strict=True))
    layout.decision_width = len(decisions)
    return layout
