"""The compiled form of a ruleset, and the one home of every rule of play.

``Ruleset.compose()`` builds one ``Engine``. Answers that depend only on a
card and the trump (effective suit, trick suit, rank) become 52 x 4 tables;
every other hook becomes a tuple of plain callables in pluggy's own call order,
so play never goes through ``pm.hook``. Each rule of play has its home here —
the legal set, the trick winner, who collects, whether the hand is over, the
scoring — including the shortcut taken when only the standard rules answer.
``HandState`` keeps the state and asks the engine; the random-play kernel
(``hokm._playout``) runs the same rules inlined from the same tables and flags,
and a property test holds it to stepping. Every answer is checked against its
hook's contract, so a broken plugin is named even in normal play.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Sequence
from math import floor  # floor(x) is int(x) for x >= 0, at half the cost of int()
from typing import TYPE_CHECKING, Any, Literal, cast

import pluggy

from hokm._dealing import DealPlan
from hokm._hooks import (
    Impl,
    contract_error,
    first_result,
    hook_facts,
    optional_result,
    reraise,
    resolve_chain,
)
from hokm._moments import NO_TRUMP, trump_since
from hokm._offer_tricks import seat_offers
from hokm._standard import Standard
from hokm._tricks import BITS, COUNTS
from hokm._windows import NEVER, gate_of, live_rows, pause_row, turn_offer
from hokm._winner import best_play, power_tables, table_winner
from hokm.actions import CALL_TRUMP_ACTIONS, CORE_ACTIONS, Action
from hokm.cards import Card, Suit, frozen_cards, mask_of
from hokm.context import (
    Capture,
    Decision,
    HandView,
    MatchView,
    Packets,
    PlayContext,
    RulesetInfo,
    StockDraw,
    VoidDuty,
)
from hokm.decisions import Effect, TrumpRule
from hokm.errors import VariantConflictError
from hokm.outcomes import HandScore, Kot, MatchStatus
from hokm.piles import PileRule, collector_after, won_in_force
from hokm.table import Rotation, Seat, TableLayout, Team
from hokm.trick import Trick
from hokm.windows import TurnWindow

if TYPE_CHECKING:
    from hokm.context import DealPattern
    from hokm.state import HandState
    from hokm.windows import CallClaim, CardCall, IndicatorEffects

SUITS: tuple[Suit, ...] = tuple(Suit)
_TRUMP_SUITS: tuple[Suit | None, ...] = (*SUITS, None)
MAX_DECISIONS = 1000
"""Decisions one hand may take before a variant that keeps offering them is reported as broken."""
_FROZEN_MASKS: dict[frozenset[Card], int] = {}
_NOT_INTERNED = object()
# (seat, card) pairs by packed play (seat << 6 | card index), shared by every Trick value.
_PAIRS: tuple[tuple[Seat, Card], ...] = tuple(
    (Seat(packed >> 6), Card.from_index(packed & 63)) if packed & 63 < 52 else (Seat(0), Card.from_index(0))
    for packed in range(16 << 6))


def _segment_base(mask: int) -> int:
    """The first index of the one printed suit (13 bits) holding all of ``mask``, else -1.

    Where an effective suit lies inside one segment, the kernel picks a card
    from that segment shifted down by the base, without walking the mask.
    """
    base = 13 * ((mask.bit_length() - 1) // 13) if mask else 0
    return base if mask and mask >> base << base == mask else -1


def is_index(value: object, size: int) -> bool:
    """Whether ``value`` is a plain int in ``0 .. size - 1`` (a seat or a team; bools refused)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < size


def _declared_effect(effects: IndicatorEffects, hand: HandState, action: Action) -> Effect | None:
    """A declared ``IndicatorEffects``' answer for ``action``, read from the state's masks."""
    setup = hand._setup
    return effects._answer(action, 0 <= setup.trump < NO_TRUMP, hand._extra.aside[setup.hakem])


def _display_order(cards: int) -> list[int]:
    """The indices of the mask ``cards`` in display order (``Card.sort_key``): suit by suit, each
    suit's cards from the highest rank down (its bits read high first)."""
    order = []
    base = 0
    while cards:
        suit = cards & 0x1FFF
        while suit:
            top = suit.bit_length() - 1
            order.append(base + top)
            suit ^= 1 << top
        cards >>= 13
        base += 13
    return order


def _nth_displayed(cards: int, pick: int) -> int:
    """``_display_order(cards)[pick]``, without the list (the kernel's pick at the call)."""
    base = 0
    while True:
        suit = cards >> base & 0x1FFF
        count = COUNTS[suit]
        if pick < count:
            return base + BITS[suit][count - 1 - pick]
        pick -= count
        base += 13


class Engine:
    """Everything a ruleset decided at composition, in the shapes the hot path wants.

    Attributes read by the kernel (and nowhere else outside this class) are the
    per-trump tables and the flags saying which hooks must be asked:
    ``void_duty`` / ``overtrump``, ``restrictors`` / ``void_restrictors`` (legality),
    ``winner_chain`` (``None``:
    the tables decide), ``capture_chain`` (``None``: the winner collects),
    ``decision_chain``, ``complete_plugins``, ``play_on_chain`` and ``stop_at``.
    """

    def __init__(self, pm: pluggy.PluginManager, standard: object, names: tuple[str, ...],
                 info: RulesetInfo) -> None:
        self.names = names
        chains = {hook: resolve_chain(pm, hook, standard) for hook in hook_facts()}
        self.chains = chains

        layout, impl = first_result(chains["hokm_table_layout"], "hokm_table_layout")
        table_by = None if impl.standard else impl  # a variant that changed the table, if any
        if not isinstance(layout, TableLayout):
            raise contract_error(impl, "hokm_table_layout", f"returned {layout!r}, not a TableLayout")
        if not 2 <= layout.players <= 16:
            raise contract_error(impl, "hokm_table_layout", f"{layout.players} seats: hokm plays 2 to 16")
        if layout.team_count < 2:
            raise contract_error(impl, "hokm_table_layout",
                                 f"{layout!r} has {layout.team_count} team: a hand needs two sides or more")
        self.layout: TableLayout = layout
        self.players = layout.players
        self.teams: tuple[int, ...] = tuple(layout.teams)
        self.team_count = layout.team_count
        self.next_seat: tuple[int, ...] = tuple((seat + 1) % self.players for seat in range(self.players))
        # Per leader, the seats that follow it in a trick, each with its packed play's seat part.
        n = self.players
        after = [[(leader + k) % n for k in range(1, n)] for leader in range(n)]
        self.followers: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((seat, seat << 6) for seat in seats) for seats in after)

        rotation, impl = first_result(chains["hokm_rotation"], "hokm_rotation", layout)
        if not isinstance(rotation, Rotation):
            raise contract_error(impl, "hokm_rotation", f"returned {rotation!r}, not a Rotation")
        self.rotation: Rotation = rotation

        deck, impl = first_result(chains["hokm_deck"], "hokm_deck", layout)
        table_by = table_by or (None if impl.standard else impl)
        deck = tuple(deck)
        if not deck or not all(isinstance(card, Card) for card in deck) or len(set(deck)) != len(deck):
            raise contract_error(impl, "hokm_deck", "the deck must be a non-empty sequence of distinct Cards")
        self.deck: tuple[Card, ...] = deck
        self.deck_mask = sum(1 << card.index for card in deck)
        self.deck_indices: tuple[int, ...] = tuple(card.index for card in deck)
        self.full_deck = self.deck_indices == tuple(range(52))  # a deck position is a card index

        pattern, impl = first_result(chains["hokm_deal_pattern"], "hokm_deal_pattern", layout, len(deck))
        # The user's options first: a bad `packets` is his, not a broken plugin's.
        cast(Standard, standard).check_table(layout, len(deck), deals=impl.standard)
        self.pattern: DealPattern = self._check_pattern(pattern, impl, table_by)
        self.hand_size: int = self.pattern.hand_size
        self.first_packet: int = (self.pattern.sizes[0] if isinstance(self.pattern, Packets)
                                  else self.pattern.first_packet)
        self.discards: tuple[int, ...] = (self.pattern.discards if isinstance(self.pattern, StockDraw)
                                          else ())
        self.plans: tuple[DealPlan, ...] = tuple(
            DealPlan(self.pattern, self.players, hakem) for hakem in range(self.players))

        self._tabulate(chains)

        winner_chain = chains["hokm_trick_winner"]
        self.winner_chain = None if all(i.standard for i in winner_chain) else winner_chain
        capture_chain = chains["hokm_trick_capture"]
        self.capture_chain = None if all(i.standard for i in capture_chain) else capture_chain
        self.capture_wants_trick = any("trick" in i.argnames for i in capture_chain)
        # The shared Capture.of values (alive for good, so their ids are stable) need no checking.
        self._captures = (*map(Capture.of, range(self.players)), Capture.NOBODY)  # kept alive
        self._interned_captures: dict[int, int | None] = {id(capture): capture.collector
                                                          for capture in self._captures}
        self._pile_setup(chains, info)
        duty, answered_by = optional_result(chains["hokm_void_duty"])
        if duty is not None and not isinstance(duty, VoidDuty):
            raise contract_error(answered_by, "hokm_void_duty", f"returned {duty!r}, not a VoidDuty")
        self.void_duty: VoidDuty | None = duty
        self.overtrump = duty is VoidDuty.OVERTRUMP
        self.duty_plugin = answered_by.plugin if answered_by is not None else None
        self.restrictors = chains["hokm_restrict_plays"]
        self.void_restrictors = self.restrictors + chains["hokm_restrict_void_plays"]
        # A TrumpDuty declared by the only legality rule answers for it (the hook is not asked).
        only = len(self.void_restrictors) == len(self.restrictors) == 1
        self.trump_duty = self.restrictors[0].duty if only else None
        self.restrict_gate = gate_of(self.restrictors, self.hand_size)
        self.void_restrict_gate = gate_of(self.void_restrictors, self.hand_size)
        # The kernel plays no announced turn inline: legality rules asked only after one stay idle there.
        self.kernel_restricts = bool(self.restrictors) and not (
            self.restrict_gate is not None and self.restrict_gate.announced)
        self.kernel_void_restricts = bool(self.void_restrictors) and not (
            self.void_restrict_gate is not None and self.void_restrict_gate.announced)
        self.decision_chain = chains["hokm_pending_decision"]
        # By tricks played (0: before the first lead): whether the decision chain is asked at that pause.
        self.decide_pauses: tuple[bool, ...] = pause_row(self.decision_chain, self.hand_size)
        # The standard completion rule answers last; its threshold is applied here, not called.
        self._completion_setup(tuple(i for i in chains["hokm_hand_complete"] if not i.standard))
        self.play_on_chain = chains["hokm_play_on"]
        self.stop_at: int | None = cast(Standard, standard).stop_at(self.hand_size)
        # The stop rule when no hook is asked after a trick: a constant completion replaces it
        # (False: every trick is played; True: over after any trick, counted from 0 tricks).
        self.stop_count: int | None = (self.stop_at if self.completion is None
                                       else None if self.completion is False else 0)
        self._decisions_setup(chains)

    def _pile_setup(self, chains: dict[str, tuple[Impl, ...]], info: RulesetInfo) -> None:
        """A declared ``PileRule`` replaces its plugin's ``hokm_trick_capture`` calls, if that
        plugin is the only one answering them (``pile_rule``, ``pile_key``, ``pile_collects``)."""
        rule, impl = optional_result(chains["hokm_pile_rule"], info)
        if rule is not None and not isinstance(rule, PileRule):
            raise contract_error(impl, "hokm_pile_rule", f"returned {rule!r}, not a PileRule")
        captures = self.capture_chain or ()
        self.pile_rule: PileRule | None = None
        self.pile_plugin = ""  # the plugin that declared it
        self.pile_reset = False
        self.pile_after = False  # PileRule.after_trump: a pair's first trick must be won under the trump
        self.pile_key: tuple[int, ...] = ()  # seats whose wins chain share a key: the seat or its team
        self.pile_collects: tuple[bool, ...] = ()  # per trick number: may a pair collect after it
        if rule is None or impl is None or any(i.plugin != impl.plugin for i in captures if not i.standard):
            return
        self.pile_rule, self.pile_plugin = rule, impl.plugin
        self.pile_reset = rule.reset_after_collect
        self.pile_after = rule.after_trump
        self.pile_key = self.teams if rule.chain == "team" else tuple(range(self.players))
        self.pile_collects = rule.collects_at(self.hand_size)
        self.capture_chain = None  # the rule answers for the hook

    def pile_collector(self, winners: Sequence[int], collectors: Sequence[int | None],
                       state: HandState) -> int | None:
        """The declared ``PileRule``'s collector after the last trick of ``winners``."""
        key = self.pile_key  # in_force is read only for a pair: no need to find it otherwise
        number = len(winners)
        in_force = (not self.pile_after or number < 2 or key[winners[-2]] != key[winners[-1]]
                    or won_in_force(state._plays, winners, number - 1, self.players, trump_since(state)))
        return collector_after(winners, collectors, self.hand_size, self.pile_key, self.pile_collects,
                               self.pile_reset, in_force)

    def _completion_setup(self, chain: tuple[Impl, ...]) -> None:
        """``complete_plugins``: the ``hokm_hand_complete`` implementations asked after each trick;
        ``completion``: the answer of the first one that takes no arguments and answers, asked now
        (a constant of its options), which stands when the ones before it say nothing."""
        asked: list[Impl] = []
        self.completion: bool | None = None
        for impl in chain:
            if impl.argnames:
                asked.append(impl)
                continue
            answer, _ = optional_result((impl,), None)  # it takes no argument: no hand to give
            if answer is None:
                continue
            if not isinstance(answer, bool):
                raise contract_error(impl, "hokm_hand_complete", f"returned {answer!r}, not a bool")
            self.completion = answer
            break
        self.complete_plugins = tuple(asked)

    def _decisions_setup(self, chains: dict[str, tuple[Impl, ...]]) -> None:
        """The trump rule and the decision hooks of RULES 1.5.1 (all idle in the classic game)."""
        rule, impl = optional_result(chains["hokm_trump_rule"])
        if rule is None:
            rule = TrumpRule.CALLED
        elif not isinstance(rule, TrumpRule):
            raise contract_error(impl, "hokm_trump_rule", f"returned {rule!r}, not a TrumpRule")
        self.trump_rule: TrumpRule = rule
        self.fixes_trump = rule is not TrumpRule.CALLED
        self.call_chain = tuple(i for i in chains["hokm_trump_call"] if not i.standard)
        # A CardCall declared by the only implementation of hokm_trump_call answers for it.
        self.card_call = self.call_chain[0].card_call if len(self.call_chain) == 1 else None
        self.alternatives_chain = chains["hokm_call_alternatives"]
        # A CardCall beside only CallClaim alternatives whose offers are distinct from its choices and
        # from each other: the kernel picks at the call without building the options (call_choice).
        claims = [impl.claim for impl in self.alternatives_chain]
        claimed = [offer for claim in claims if claim is not None for offer in claim.offers]
        self.claims_declared = None not in claims and len(set(claimed)) == len(claimed) and not (
            self.card_call is not None and set(claimed) & set(self.card_call.actions))
        self._checked_answers: dict[tuple[int, ...], tuple[object, ...]] = {}
        self._checked_offers: dict[int, tuple[Action, ...]] = {}  # Decision.options checked, by id
        # The last state asked for its call options, and their answer (see call_options).
        self._last_call: tuple[object, tuple[Action, ...]] = (None, ())
        self.turn_chain = chains["hokm_turn_options"]
        self.effect_chain = chains["hokm_decision_effect"]
        # By action class: the implementations that may answer for it (an EffectScope leaves the others).
        self._effect_chains: dict[type, tuple[Impl, ...]] = {}
        self.forced_chain = chains["hokm_forced_effect"]
        # Which parts of a hand are the classic ones, run without hokm._moments: the trump call
        # (four suits, nothing forced) and the card play (no announcement, nothing forced, no
        # trump fixed on the way). The random-play kernel runs the classic parts at full speed
        # and steps through the others action by action.
        self.classic_call = not (self.fixes_trump or self.call_chain or self.alternatives_chain
                                 or self.forced_chain)
        self.classic_play = not (self.fixes_trump or self.turn_chain or self.forced_chain)
        # The per-turn chains' windows (hokm._windows): None, a chain asked on every turn.
        self.turn_gate = gate_of(self.turn_chain, self.hand_size)
        self.forced_gate = gate_of(self.forced_chain, self.hand_size)
        # Per trump state, by tricks done: whether the chain may be asked at all (the state's steps
        # read the row of their trump state, _Setup.turn_live / forced_live, before the gate).
        self.turn_live = live_rows(self.turn_chain, self.turn_gate, self.hand_size)
        self.turn_asked = (any(self.turn_live[0]), any(self.turn_live[1]))  # in some trick at all
        self.forced_live = live_rows(self.forced_chain, self.forced_gate, self.hand_size)
        # Whether the forced chain is asked at the trump call: not if every window says at_call=False.
        self.forced_at_call = any(not isinstance(impl.window, TurnWindow) or impl.window.at_call
                                  for impl in self.forced_chain)
        # Whether it is asked at the end of a hand that has a trump: not if every window is until_trump.
        self.forced_at_end = any(not isinstance(impl.window, TurnWindow) or not impl.window.until_trump
                                 for impl in self.forced_chain)
        per_turn = self.turn_chain + self.forced_chain
        # A TurnOffers declared by the only hokm_turn_options implementation answers for it
        # (offer_table: see TurnOffers.table; offer_tricks: offered while fewer tricks are done).
        offers = self.turn_chain[0].declared if len(self.turn_chain) == 1 else None
        self.turn_offers = offers
        self.offer_table = offers.table() if offers is not None else ((), ())
        self.offer_tricks = (1 << 30 if offers is None or offers.first_tricks is None
                             else offers.first_tricks)
        self.offer_none_of = 0 if offers is None else offers.none_of_mask  # a seat holding one: no offer
        # The same by seat for hokm._offer_tricks: before a trump, under one, none (offers ended).
        self.seat_offers = (tuple(seat_offers(row, self.players) for row in (*self.offer_table, ((),) * 4))
                            if offers is not None else ())
        stepped = self.forced_chain if offers is not None else per_turn
        # The kernel hands the turns this gate opens to the state's steps (declared offers it takes inline).
        self.watch_gate = gate_of(stepped, self.hand_size)
        # be-ranga's fixing is inlined; a hook asked on every turn keeps the kernel to the state's steps.
        self.kernel_play = not stepped or self.watch_gate is not None
        self.classic = self.classic_call and self.classic_play and not self.discards
        # No hook from the first card to the end of the hand but hokm_play_on, asked at the stop:
        # the winner from the tables, the winner (or a declared PileRule) collects, the stop rule a
        # comparison with stop_count, be-ranga's trump fixed inline (hokm._tricks.plain_tricks).
        self.plain_play = (not per_turn and self.winner_chain is None and self.capture_chain is None
                           and not (self.void_restrictors or self.decision_chain or self.complete_plugins))
        # The same once the hand has a trump, where the per-turn hooks are idle from then on
        # (their windows end with until_trump: hidden trump after its reveal) and the legality
        # hooks answer only after an announcement: the plain loop takes over at a trick's start.
        gated = ((self.turn_gate, self.turn_chain), (self.forced_gate, self.forced_chain))
        idle = all(gate is not None and gate.leads[1] == NEVER and gate.follows[1] == NEVER
                   for gate, chain in gated if chain)
        quiet = idle and self.winner_chain is None and self.capture_chain is None and not (
            self.kernel_restricts or self.kernel_void_restricts or self.decision_chain
            or self.complete_plugins)
        self.plain_once_trump = self.plain_play or quiet
        # hokm._offer_tricks plays on under a trump an announcement turns up: nothing is asked and
        # nothing offered under a trump, and every card keeps its printed suit under any.
        self.plays_on_turn_up = (self.plain_once_trump and not any(self.offer_table[1])
                                 and all(self.printed_suits[:4]))
        # It takes a declared turn-up (IndicatorEffects) without syncing the state where the
        # announcer's card is narrowed by a declared TrumpDuty or by no rule.
        self.turn_up_inline = self.plays_on_turn_up and (self.trump_duty is not None
                                                         or not self.void_restrictors)
        # Before any trump, the plain loop also plays where the only per-turn answers are declared
        # TurnOffers, while fewer than plain_until tricks are done (a forced effect's window
        # opens then: hidden trump's last trick); it stops at a picked announcement.
        forced = self.forced_gate
        self.plain_until = (0 if offers is None or not quiet or self.fixes_trump
                            else 1 << 30 if not self.forced_chain
                            else forced.after if forced is not None else 0)

    def _check_pattern(self, pattern: object, impl: Impl, table_by: Impl | None) -> DealPattern:
        n, size = self.players, len(self.deck)
        if isinstance(pattern, Packets):
            if pattern.hand_size * n != size and impl.standard and table_by is not None:
                # The standard deal on a table a variant changed: that variant lacks a deal.
                raise contract_error(table_by, table_by.hook,
                                     f"it makes a table of {n} seats and {size} cards, which the "
                                     f"standard packets {pattern.sizes} do not deal: answer "
                                     "hokm_deal_pattern too")
            if pattern.hand_size * n > size or (pattern.hand_size * n != size and not pattern.undealt):
                raise contract_error(impl, "hokm_deal_pattern",
                                     f"packets {pattern.sizes} deal {pattern.hand_size * n} cards "
                                     f"but the deck has {size}")
            return pattern
        if isinstance(pattern, StockDraw):
            kept = pattern.first_packet * n - sum(pattern.discards)
            needed = pattern.first_packet * n + 2 * (pattern.hand_size * n - kept)
            if len(pattern.discards) > n or any(d >= pattern.first_packet for d in pattern.discards):
                raise contract_error(impl, "hokm_deal_pattern",
                                     f"discards {pattern.discards}: at most one count per seat, each "
                                     f"below the first packet of {pattern.first_packet}")
            if not 0 < pattern.first_packet <= pattern.hand_size or needed > size:
                raise contract_error(impl, "hokm_deal_pattern",
                                     f"a stock draw to {pattern.hand_size} cards needs {needed} cards "
                                     f"but the deck has {size}")
            return pattern
        raise contract_error(impl, "hokm_deal_pattern", f"returned {pattern!r}, not a Packets or StockDraw")

    def _tabulate(self, chains: dict[str, tuple[Impl, ...]]) -> None:
        """Effective suit, trick suit and rank of every card under every trump: asked once."""
        suit_chain, rank_chain = chains["hokm_effective_suit"], chains["hokm_card_rank"]
        trick_suit_chain = chains["hokm_trick_suit"]
        self.suit_of: list[tuple[int, ...]] = []
        self.suit_objects: list[tuple[Suit, ...]] = []
        self.trick_suit_of: list[tuple[int, ...]] = []
        self.trick_suit_objects: list[tuple[Suit, ...]] = []
        self.rank_of: list[tuple[int, ...]] = []
        self.suit_masks: list[tuple[int, ...]] = []
        self.suit_bases: list[tuple[int, ...]] = []
        self.powers: list[tuple[tuple[int, ...], ...]] = []  # per trump, per led trick suit
        self.printed_suits: list[bool] = []
        self.odd_cards: list[int] = []
        for trump in SUITS:
            suits: list[Suit] = []
            trick_suits: list[Suit] = []
            ranks: list[int] = []
            for index in range(52):
                card = Card.from_index(index)
                suit, impl = first_result(suit_chain, "hokm_effective_suit", card, trump)
                if not isinstance(suit, Suit):
                    raise contract_error(impl, "hokm_effective_suit",
                                         f"returned {suit!r} for {card}, not a Suit")
                trick_suit, answered_by = optional_result(trick_suit_chain, card, trump)
                if trick_suit is None:
                    trick_suit = suit  # nobody answers by default: compete in the suit followed
                elif not isinstance(trick_suit, Suit):
                    raise contract_error(answered_by, "hokm_trick_suit",
                                         f"returned {trick_suit!r} for {card}, not a Suit")
                rank, impl = first_result(rank_chain, "hokm_card_rank", card, trump)
                if isinstance(rank, bool) or not isinstance(rank, int):
                    raise contract_error(impl, "hokm_card_rank", f"returned {rank!r} for {card}, not an int")
                suits.append(suit)
                trick_suits.append(trick_suit)
                ranks.append(rank)
            self._add_table(suits, trick_suits, ranks)
        # Play without a trump (index NO_TRUMP): each card as it is when another suit is trump.
        other = [(Card.from_index(index).suit.index + 1) % 4 for index in range(52)]
        self._add_table([self.suit_objects[other[i]][i] for i in range(52)],
                        [self.trick_suit_objects[other[i]][i] for i in range(52)],
                        [self.rank_of[other[i]][i] for i in range(52)])
        # Printed suits under every trump and none: a trump fixed during play keeps them.
        self.all_printed = all(self.printed_suits)

    def _add_table(self, suits: list[Suit], trick_suits: list[Suit], ranks: list[int]) -> None:
        masks = [0, 0, 0, 0, 0]  # the fifth: the trumps of play without trump, none
        for index, suit in enumerate(suits):
            masks[suit.index] |= 1 << index
        self.suit_objects.append(tuple(suits))
        self.suit_of.append(tuple(suit.index for suit in suits))
        self.trick_suit_objects.append(tuple(trick_suits))
        self.trick_suit_of.append(tuple(suit.index for suit in trick_suits))
        self.rank_of.append(tuple(ranks))
        self.powers.append(power_tables(self.trick_suit_of[-1], self.rank_of[-1], len(self.powers)))
        self.suit_masks.append(tuple(masks))
        # Where an effective suit lies inside one printed suit's 13 bits, its cards are
        # that segment shifted by the base (the kernel picks from it directly); else -1.
        self.suit_bases.append(tuple(map(_segment_base, masks)))
        # Whether every card's effective suit is its printed one (the kernel's suit-by-suit loop).
        self.printed_suits.append(all(suit.index == index // 13 for index, suit in enumerate(suits)))
        # The one card whose effective suit is not its printed one (Satat's 2♥), else -1 (none, or
        # more): the kernel's suit-by-suit loop special-cases it (hokm._odd_tricks).
        odd = [index for index, suit in enumerate(suits) if suit.index != index // 13]
        self.odd_cards.append(odd[0] if len(odd) == 1 else -1)

    # The rules of play ---------------------------------------------------------------

    def legal_mask(self, hand_mask: int, trick: Sequence[int], seat: int, trump: int, number: int,
                   hand: HandView | None, first_trump: int = 0, announced: Action | None = None) -> int:
        """The cards of ``hand_mask`` that ``seat`` may play to ``trick`` (packed plays).

        Follow the led effective suit if you can; then every legality hook that
        applies narrows the set (the void hooks only when the seat cannot follow).
        ``first_trump`` and ``announced``: see ``Trick.first_trump`` and
        ``PlayContext.announced`` (0 and ``None`` in the classic game).
        """
        follow = hand_mask & self.suit_masks[trump][self.suit_of[trump][trick[0] & 63]] if trick else 0
        legal = follow or hand_mask
        void = bool(trick) and not follow
        if void and self.void_duty is not None:
            legal = self.void_duty_mask(hand_mask, trick, trump, first_trump)
        # The trump fact from the table in use (a replayed trick's, for inferences): no trump
        # yet also while a fixed trump waits for the next trick, which only opens the gate more.
        # Without a hand, or with the partial view of an inference, the Hakem is unknown: open.
        if announced is None:  # a lone card needs no rule; kernel_restricts: a rule asked unannounced
            if (self.kernel_void_restricts if void else self.kernel_restricts) and legal & (legal - 1):
                gate = self.void_restrict_gate if void else self.restrict_gate
                if gate is None or gate.open(not trick, getattr(hand, "hakem", seat) == seat, void,
                                             trump < 4, number, False):
                    legal = self.restrict(legal, hand_mask, seat, trick, trump, number, hand, void,
                                          first_trump, announced)
        elif self.trump_duty is not None:  # the only legality rule, declared: no hook to ask
            if self.trump_duty.applies(announced) and trump < 4:
                trumps = hand_mask & self.suit_masks[trump][trump]
                if trumps:
                    legal &= trumps
                    if not legal:
                        raise VariantConflictError(
                            f"no card is legal for seat {seat}: the restrictions of "
                            f"{self.restrictors[0].plugin} (with follow suit) leave nothing to play")
        elif self.void_restrictors if void else self.restrictors:
            gate = self.void_restrict_gate if void else self.restrict_gate
            if gate is None or gate.open(not trick, getattr(hand, "hakem", seat) == seat, void,
                                         trump < 4, number, True):
                legal = self.restrict(legal, hand_mask, seat, trick, trump, number, hand, void,
                                      first_trump, announced)
        return legal

    def void_duty_mask(self, hand_mask: int, trick: Sequence[int], trump: int, first_trump: int = 0) -> int:
        """The cards a void seat may play under the declared ``void_duty`` (its trumps, if any)."""
        trumps = hand_mask & self.suit_masks[trump][trump]
        if not trumps or not self.overtrump:
            return trumps or hand_mask
        # The winning card so far, by the table rule of trick_winner.
        _, best_suit, best_rank = best_play(trick, self.trick_suit_of[trump], self.rank_of[trump], trump,
                                            first_trump)
        return self.beating(trumps, best_suit, best_rank, trump) or trumps

    def beating(self, cards: int, best_suit: int, best_rank: int, trump: int) -> int:
        """The cards of the mask ``cards`` that would beat a winning card of ``best_suit``/``best_rank``."""
        trick_suit_of, rank_of = self.trick_suit_of[trump], self.rank_of[trump]
        beats = 0
        rest = cards
        while rest:
            low = rest & -rest
            index = low.bit_length() - 1
            suit = trick_suit_of[index]
            if (suit == best_suit and rank_of[index] > best_rank) or (suit == trump != best_suit):
                beats |= low
            rest ^= low
        return beats

    def trick_winner(self, plays: Sequence[int], trump: int, number: int, first_trump: int = 0) -> int:
        """The winner of a complete trick of packed plays.

        ``first_trump``: the position from which trump-suit cards are trumps (0 but
        when the trump appeared during this trick).
        """
        if self.winner_chain is None:
            if first_trump:
                return best_play(plays, self.trick_suit_of[trump], self.rank_of[trump], trump, first_trump)[0]
            return table_winner(plays, self.trick_suit_of[trump], self.rank_of[trump], trump)
        trick = self.trick_value(plays, trump, number, first_trump=first_trump)
        seat, impl = first_result(self.winner_chain, "hokm_trick_winner", trick)
        if not is_index(seat, self.players) or seat not in {p >> 6 for p in plays}:
            raise contract_error(impl, "hokm_trick_winner",
                                 f"returned {seat!r}, which is not a seat that played in trick {number}")
        return int(seat)

    def collector(self, hand: HandView, plays: Sequence[int], trump: int, number: int,
                  winner: int, first_trump: int = 0) -> int | None:
        """Who collects the centre after trick ``number`` (``None``: it stays there)."""
        if self.capture_chain is None:
            if self.pile_rule is not None:
                state = cast("HandState", hand)  # its tuples, not the properties' (once a trick)
                return self.pile_collector(state._winners, state._collectors, state)
            return winner
        trick = (self.trick_value(plays, trump, number, winner, first_trump=first_trump)
                 if self.capture_wants_trick else None)
        capture: object = None
        impl = None
        try:
            for impl in self.capture_chain:
                capture = impl.call(hand, trick, winner, number)
                if capture is not None:
                    break
        except Exception as error:
            reraise(impl, error)
        interned = self._interned_captures.get(id(capture), _NOT_INTERNED)
        if interned is not _NOT_INTERNED:
            return interned  # type: ignore[return-value]  # Capture.of a seat of this table
        if not isinstance(capture, Capture):
            raise contract_error(impl, "hokm_trick_capture", f"returned {capture!r}, not a Capture")
        collector: object = capture.collector
        if collector is not None and not is_index(collector, self.players):
            raise contract_error(impl, "hokm_trick_capture", f"collector {collector!r} is not a seat")
        return capture.collector

    def tally(self, team_tricks: tuple[int, ...], pile: int,
              collector: int | None) -> tuple[tuple[int, ...], int]:
        """Team tricks and the centre pile after ``collector`` (``None``: nobody) takes the centre."""
        if collector is None:
            return team_tricks, pile + 1
        tally = list(team_tricks)
        tally[self.teams[collector]] += pile + 1
        return tuple(tally), 0

    def hand_over(self, hand: HandView, tricks_done: int, team_tricks: Sequence[int]) -> bool:
        """Whether the hand ends after ``tricks_done`` tricks.

        It does when no cards are left, or when a variant's ``hokm_hand_complete``
        says so; if none answers, when a team holds ``stop_at`` tricks and no
        ``hokm_play_on`` rule keeps play going.
        """
        if tricks_done == self.hand_size:
            return True
        if self.complete_plugins:
            over = self.variant_completion(hand)
            if over is not None:
                return over
        elif self.completion is not None:  # a constant answer (variant_completion's, without the call)
            return self.completion
        stop_at = self.stop_at
        if stop_at is None:
            return False
        for count in team_tricks:  # (a loop is cheaper than max() on a few teams)
            if count >= stop_at:
                return not self.play_on(hand)
        return False

    def play_on(self, hand: HandView) -> bool:
        """Whether a ``hokm_play_on`` rule keeps a hand going that the stop rule would end."""
        answer, impl = optional_result(self.play_on_chain, hand)
        if answer is not None and not isinstance(answer, bool):
            raise contract_error(impl, "hokm_play_on", f"returned {answer!r}, not a bool")
        return bool(answer)

    def variant_completion(self, hand: HandView) -> bool | None:
        """The first variant's answer to ``hokm_hand_complete``, or ``None`` if none answers."""
        answer: object = None
        impl = None
        try:  # optional_result, inlined: asked after every trick
            for impl in self.complete_plugins:
                answer = impl.call(hand)
                if answer is not None:
                    break
            else:
                return self.completion  # a constant answer, checked at composition
        except Exception as error:
            reraise(impl, error)
        if not isinstance(answer, bool):
            raise contract_error(impl, "hokm_hand_complete", f"returned {answer!r}, not a bool")
        return answer

    def pending_decision(self, hand: HandView) -> Decision | None:
        """The decision a variant makes play wait for, if any."""
        decision: object = None
        impl = None
        try:  # optional_result, inlined: asked at every pause
            for impl in self.decision_chain:
                decision = impl.call(hand)
                if decision is not None:
                    break
            else:
                return None
        except Exception as error:
            reraise(impl, error)
        if not isinstance(decision, Decision):
            raise contract_error(impl, "hokm_pending_decision",
                                 f"returned {decision!r}: need a Decision with a seat and actions")
        # Read untyped: compiled, a read typed as the field's int would turn a bool seat into 1.
        seat: object = cast(Any, decision).seat
        if not (seat.__class__ is int and 0 <= seat < self.players) and not is_index(seat, self.players):
            raise contract_error(impl, "hokm_pending_decision",
                                 f"returned {decision!r}: need a Decision with a seat and actions")
        options = decision.options
        if self._checked_offers.get(id(options)) is not options:  # an options tuple not seen yet
            self._check_offer(decision, impl)
        if len(hand.decisions) >= MAX_DECISIONS:
            raise contract_error(impl, "hokm_pending_decision",
                                 f"offered a decision after {MAX_DECISIONS} decisions in one hand: "
                                 "a decision that never stops being offered would never end the hand")
        return decision

    def _check_offer(self, decision: Decision, impl: Impl | None) -> None:
        """Check a decision's options; remember a valid tuple (alive for good, so its id stays its
        own), as plugins keep theirs as constants: hashing attrs actions at every pause is costly."""
        options = decision.options
        if not options or not all(isinstance(option, Action) for option in options):
            raise contract_error(impl, "hokm_pending_decision",
                                 f"returned {decision!r}: need a Decision with a seat and actions")
        core = [option for option in options if isinstance(option, CORE_ACTIONS)]
        if core:
            raise contract_error(impl, "hokm_pending_decision",
                                 f"offered {core[0]}: cards, trump calls and stock draws are the "
                                 "core's own actions, not decisions a variant may offer")
        if len(set(options)) != len(options):
            raise contract_error(impl, "hokm_pending_decision",
                                 f"offered the same option twice: {', '.join(map(str, options))}")
        if options.__class__ is tuple and len(self._checked_offers) < 256:
            self._checked_offers[id(options)] = options

    def call_options(self, hand: HandView) -> tuple[Action, ...]:
        """The caller's choices at the trump call: the ways to make trump, then the alternatives.

        Remembered for the last state asked: a state at the call is asked when it begins
        (a lone choice), by ``legal_actions`` and again by ``apply``'s legality check, and its
        position cannot change (a fresh copy is changed in place only while it is built, and
        the call's one action moves it out of the call).
        """
        last = self._last_call
        if last[0] is hand:
            return last[1]
        options = self._call_options(hand)
        self._last_call = (hand, options)
        return options

    def copied_at_call(self, original: HandView, copy: HandView) -> None:
        """``copy`` was just made from ``original`` (``HandState.playout``'s private copy): the same
        position, so the choices remembered for ``original`` are the copy's too."""
        last = self._last_call
        if last[0] is original:
            self._last_call = (copy, last[1])

    def _call_options(self, hand: HandView) -> tuple[Action, ...]:
        if self.card_call is not None:  # declared by the only implementation: no call
            options = self._card_choices(self.card_call, cast("HandState", hand))
        elif self.call_chain:
            answer, impl = optional_result(self.call_chain, hand)
            options = CALL_TRUMP_ACTIONS if answer is None else self._actions(answer, impl, "hokm_trump_call")
        else:
            options = CALL_TRUMP_ACTIONS
        given: list[object] = [options]  # the answers as given: a repeat of checked ones is not rechecked
        for impl in self.alternatives_chain:
            claim = impl.claim
            if claim is not None:  # declared: the answer from the caller's first cards, no call
                if self._claimed(claim, cast("HandState", hand)):
                    options += claim.offers
                    given.append(claim.offers)
                continue
            more = self._call(impl, hand)
            if more is not None:
                options += self._actions(more, impl, impl.hook)
                given.append(more)
        if len(given) == 1:
            return options  # the calls alone: checked when they were made
        return self._distinct_once(given, options, impl if self.alternatives_chain else None)

    def _card_choices(self, call: CardCall, hand: HandState) -> tuple[Action, ...]:
        """A declared ``CardCall``'s choices (``CardCall.answer``, on the mask)."""
        actions = call.actions
        return tuple([actions[index] for index in _display_order(self._first_cards(hand, call.first))])

    def _claimed(self, claim: CallClaim, hand: HandState) -> bool:
        """Whether a declared ``CallClaim`` is offered at this call (``CallClaim.answer``, on masks)."""
        if claim.max_redeals is not None and hand._setup.redeals >= claim.max_redeals:
            return False
        return not self._first_cards(hand, claim.first) & ~claim.rank_mask

    def _first_cards(self, hand: HandState, count: int) -> int:
        """The mask of the Hakem's first ``count`` cards dealt (``hand.dealt(hand.hakem)[:count]``)."""
        setup = hand._setup
        if count == self.first_packet and setup.order:  # his first packet, kept since the deal
            return setup.first_packet
        return mask_of(hand.dealt(setup.hakem)[:count])

    def _distinct_once(self, given: list[object], options: tuple[Action, ...],
                       impl: Impl | None) -> tuple[Action, ...]:
        """``_distinct``, skipped when the same answer objects (tuples a plugin keeps, as most
        do) were checked before: hashing attrs actions is most of a trump call's cost."""
        key = tuple(map(id, given))
        known = self._checked_answers.get(key)
        if known is not None and all(map(operator.is_, known, given)):
            return options
        self._distinct(options, impl)
        if all(answer.__class__ is tuple for answer in given) and len(self._checked_answers) < 256:
            self._checked_answers[key] = tuple(given)  # kept alive, so the ids stay theirs
        return options

    def turn_options(self, hand: HandView) -> tuple[Action, ...]:
        """The announcements the seat to act may make before its card (M3)."""
        if self.turn_offers is not None:  # declared: the hook's answer without asking it
            return turn_offer(self, cast("HandState", hand))
        options: tuple[Action, ...] = ()
        for impl in self.turn_chain:
            more = self._call(impl, hand)
            if more is not None:
                options += self._actions(more, impl, impl.hook)
                core = [o for o in options if isinstance(o, CORE_ACTIONS)]
                if core:
                    raise contract_error(impl, impl.hook, f"offered {core[0]}: cards, trump calls and "
                                         "stock draws are not announcements")
        if not options:
            return options  # no announcement now (most turns in a window)
        return self._distinct(options, self.turn_chain[-1] if self.turn_chain else None)

    def decision_effect(self, hand: HandView, seat: int,
                        action: Action) -> tuple[Effect | None, Impl | None]:
        """What ``action`` by ``seat`` does (``None``: it is only recorded), and who said so."""
        effect: object = None
        impl = None
        try:  # optional_result, inlined: asked at every decision
            for impl in self._effect_chain(action.__class__):
                declared = impl.effects
                effect = (impl.call(hand, seat, action) if declared is None  # seat: a Seat (a NewType)
                          else _declared_effect(declared, cast("HandState", hand), action))
                if effect is not None:
                    break
            else:
                return None, None
        except Exception as error:
            reraise(impl, error)
        if not isinstance(effect, Effect):
            raise contract_error(impl, "hokm_decision_effect", f"returned {effect!r}, not an Effect")
        return effect, impl

    def _effect_chain(self, kind: type) -> tuple[Impl, ...]:
        """The implementations that may answer for actions of class ``kind`` (a scope leaves the others)."""
        chain = self._effect_chains.get(kind)
        if chain is None:  # the first action of its class
            chain = tuple(each for each in self.effect_chain
                          if each.scope is None or issubclass(kind, each.scope.actions))
            self._effect_chains[kind] = chain
        return chain

    def declared_effect(self, hand: HandState, action: Action) -> Effect | None:
        """``action``'s effect where it is declared data (``IndicatorEffects``) and no other
        implementation may answer for it, else ``None`` (none, or one to ask ``decision_effect``)."""
        chain = self._effect_chain(action.__class__)
        if len(chain) != 1:
            return None
        effects = chain[0].effects
        return None if effects is None else _declared_effect(effects, hand, action)

    def call_may_be_lone(self, hand: HandState) -> bool:
        """Whether the calls alone (no alternatives) may be one choice at this call: not where they
        are a declared ``CardCall`` over more than one card, counted without building them."""
        call = self.card_call
        return call is None or self._first_cards(hand, call.first).bit_count() == 1

    def call_choice(self, hand: HandState, rand: Callable[[], float]) -> Action:
        """``call_options(hand)[floor(rand() * len(options))]``, the kernel's pick at the call, without
        building the options where they are declared (a ``CardCall`` and ``CallClaim`` alternatives)."""
        call = self.card_call
        if call is None or not self.claims_declared:
            options = self.call_options(hand)
            return options[floor(rand() * len(options))]
        cards = self._first_cards(hand, call.first)
        claimed: tuple[Action, ...] = ()
        for impl in self.alternatives_chain:
            claim = impl.claim
            if claim is not None and self._claimed(claim, hand):
                claimed += claim.offers
        count = cards.bit_count()
        pick = floor(rand() * (count + len(claimed)))
        if pick >= count:
            return claimed[pick - count]
        return call.actions[_nth_displayed(cards, pick)]

    def forced_effect(self, hand: HandView) -> tuple[Effect | None, Impl | None]:
        """A consequence that happens by itself now, if a variant declares one, and who declared it."""
        effect, impl = optional_result(self.forced_chain, hand)
        if effect is not None and not isinstance(effect, Effect):
            raise contract_error(impl, "hokm_forced_effect", f"returned {effect!r}, not an Effect")
        return effect, impl

    @staticmethod
    def _call(impl: Impl, *args: object) -> object:
        try:
            return impl.call(*args)
        except Exception as error:
            reraise(impl, error)

    @staticmethod
    def _actions(answer: object, impl: Impl | None, hook: str) -> tuple[Action, ...]:
        if isinstance(answer, str | bytes) or not hasattr(answer, "__iter__"):
            raise contract_error(impl, hook, f"returned {answer!r}, not a sequence of actions")
        options = tuple(answer)
        for option in options:
            if not isinstance(option, Action):
                raise contract_error(impl, hook, f"returned {option!r}, which is not an Action")
        return options

    @staticmethod
    def _distinct(options: tuple[Action, ...], impl: Impl | None) -> tuple[Action, ...]:
        if len(set(options)) != len(options):
            raise contract_error(impl, impl.hook if impl else "hokm_trump_call",
                                 f"the same choice is offered twice: {', '.join(map(str, options))}")
        return options

    # Legality plumbing ----------------------------------------------------------------

    def trick_value(self, plays: Sequence[int], trump: int, number: int,
                    winner: int | None = None, *, first_trump: int = 0) -> Trick:
        """A public ``Trick`` from packed plays (``seat << 6 | card index``)."""
        return Trick._trusted(tuple(map(_PAIRS.__getitem__, plays)), _TRUMP_SUITS[trump], number,
                              None if winner is None else Seat(winner), self.suit_objects[trump],
                              self.trick_suit_objects[trump], self.rank_of[trump], first_trump)

    def restrict(self, legal: int, hand_mask: int, seat: int, trick_plays: Sequence[int],
                 trump: int, number: int, hand: HandView | None, void: bool, first_trump: int = 0,
                 announced: Action | None = None) -> int:
        """Narrow the follow-suit set ``legal`` by every legality rule that applies (kept lean).

        ``void``: the seat cannot follow, so ``hokm_restrict_void_plays`` answers too.
        """
        chain = self.void_restrictors if void else self.restrictors
        # trick_plays is never mutated afterwards (a state's list, or a fresh slice): no copy.
        ctx = PlayContext(self, Seat(seat), hand_mask, trump, trick_plays, number, hand, announced,
                          first_trump)
        impl = None
        try:
            for impl in chain:
                allowed = impl.call(ctx)
                if allowed is None:
                    continue
                mask = self._mask_of_answer(allowed, impl, seat)
                if mask & ~hand_mask:
                    stray = ", ".join(map(str, frozen_cards(mask & ~hand_mask)))
                    raise contract_error(impl, impl.hook, f"allowed {stray}, which seat {seat} does not hold")
                legal &= mask
                if not legal:
                    contributors = [i.plugin for i in chain if i.call(ctx) is not None]
                    raise VariantConflictError(
                        f"no card is legal for seat {seat}: the restrictions of "
                        f"{', '.join(sorted(contributors))} (with follow suit) leave nothing to play")
        except Exception as error:
            reraise(impl, error)
        return legal

    @staticmethod
    def _mask_of_answer(allowed: object, impl: Impl, seat: int) -> int:
        if allowed.__class__ is frozenset:
            known = _FROZEN_MASKS.get(allowed)
            if known is not None:
                return known
        mask = 0
        try:
            for card in allowed:  # type: ignore[attr-defined]
                if card.__class__ is not Card:
                    raise contract_error(impl, impl.hook, f"returned {card!r}, not a Card")
                mask |= 1 << card.index
        except TypeError:
            raise contract_error(impl, impl.hook,
                                 f"returned {allowed!r} for seat {seat}, not a collection of Cards") from None
        if allowed.__class__ is frozenset and len(_FROZEN_MASKS) < 1 << 16:
            _FROZEN_MASKS[allowed] = mask
        return mask

    def why_illegal(self, hand_mask: int, trick: Sequence[int], trump: int, card: int) -> str:
        """Which rule refuses ``card``, which the seat holds: following suit, or the variants' rules."""
        if trick:
            led = self.suit_of[trump][trick[0] & 63]
            if hand_mask & self.suit_masks[trump][led] and self.suit_of[trump][card] != led:
                return f"must follow {SUITS[led]}"
        duty = [self.duty_plugin] if self.duty_plugin is not None else []
        names = duty + [impl.plugin for impl in self.void_restrictors]
        return f"forbidden by {', '.join(names)}"

    # Once-per-hand and once-per-match rules ---------------------------------------------

    def kot(self, hand: HandView) -> Team | None:
        kot, impl = first_result(self.chains["hokm_kot"], "hokm_kot", hand)
        if not isinstance(kot, Kot) or (kot.team is not None and not is_index(kot.team, self.team_count)):
            raise contract_error(impl, "hokm_kot", f"returned {kot!r}, not a Kot of a team or Kot.NONE")
        return kot.team

    def hand_score(self, hand: HandView, match: MatchView | None) -> HandScore:
        score, impl = first_result(self.chains["hokm_hand_score"], "hokm_hand_score", hand, match)
        if (not isinstance(score, HandScore) or not is_index(score.winner, self.team_count)
                or not is_index(score.points, 1 << 62) or not isinstance(score.kot, bool)
                or not isinstance(score.label, str) or not score.label):
            raise contract_error(impl, "hokm_hand_score",
                                 f"returned {score!r}: need a HandScore for one of teams "
                                 f"0..{self.team_count - 1} with non-negative int points, a bool kot "
                                 "and a non-empty label")
        return score

    def next_hakem(self, hand: HandView, score: HandScore, match: MatchView | None) -> Seat:
        seat, impl = first_result(self.chains["hokm_next_hakem"], "hokm_next_hakem", hand, score, match)
        return self._seat(seat, impl, "hokm_next_hakem")

    def match_winner(self, match: MatchView) -> Team | Literal[MatchStatus.DRAWN] | None:
        """The winning team, ``MatchStatus.DRAWN``, or ``None`` while the match goes on."""
        team, impl = optional_result(self.chains["hokm_match_winner"], match)
        if team is None or team is MatchStatus.GOES_ON:
            return None
        if team is MatchStatus.DRAWN:
            return team
        if not is_index(team, self.team_count):
            raise contract_error(impl, "hokm_match_winner",
                                 f"returned {team!r}, not a team or MatchStatus.GOES_ON")
        return Team(team)

    def first_hakem(self, face_up: Sequence[Card], first_seat: int, rng: random.Random) -> Seat:
        seat, impl = first_result(self.chains["hokm_first_hakem"], "hokm_first_hakem",
                                  self.layout, tuple(face_up), Seat(first_seat), rng)
        return self._seat(seat, impl, "hokm_first_hakem")

    def seating(self, face_up: Sequence[Card], first_seat: int, hakem: int) -> tuple[int, ...]:
        seating, impl = first_result(self.chains["hokm_seating"], "hokm_seating",
                                     self.layout, tuple(face_up), Seat(first_seat), Seat(hakem))
        seating = tuple(seating)
        if sorted(seating) != list(range(self.players)):
            raise contract_error(impl, "hokm_seating",
                                 f"returned {seating!r}, not a permutation of the seats")
        return seating

    def _seat(self, seat: object, impl: Impl, hook: str) -> Seat:
        if not isinstance(seat, int) or not is_index(seat, self.players):
            raise contract_error(impl, hook, f"returned {seat!r}, not a seat 0..{self.players - 1}")
        return Seat(seat)

