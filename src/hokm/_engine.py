"""The compiled form of a ruleset: pluggy resolved once into tables and plain call chains.

``Ruleset.compose()`` builds one :class:`Engine`. Answers that depend only on a
card and the trump (effective suit, rank) become 52 x 4 tables; every other
hook becomes a tuple of plain callables in pluggy's own call order, so the
per-card path never goes through ``pm.hook`` (STYLE.md 1b). Every answer is
checked against its hook's contract here, so a broken plugin is named even in
normal play.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any, cast

import pluggy

from hokm._standard import Standard
from hokm.actions import Action
from hokm.cards import Card, Suit, frozen_cards
from hokm.context import (
    Capture,
    Decision,
    HandScore,
    HandView,
    Kot,
    MatchView,
    Packets,
    PlayContext,
    StockDraw,
    Trick,
)
from hokm.errors import PluginContractError, VariantConflictError
from hokm.table import Rotation, Seat, TableLayout, Team

if TYPE_CHECKING:
    from hokm.context import DealPattern

SUITS: tuple[Suit, ...] = tuple(Suit)
_FROZEN_MASKS: dict[frozenset[Card], int] = {}
# (seat, card) pairs by packed play (seat << 6 | card index), shared by every Trick value.
_PAIRS: tuple[tuple[Seat, Card], ...] = tuple(
    (Seat(packed >> 6), Card.from_index(packed & 63)) if packed & 63 < 52 else (Seat(0), Card.from_index(0))
    for packed in range(16 << 6))

# The argument names of every hook, in spec order: impls may take any subset.
HOOK_ARGS: dict[str, tuple[str, ...]] = {
    "hokm_check_ruleset": ("ruleset",),
    "hokm_table_layout": (),
    "hokm_rotation": ("layout",),
    "hokm_deck": ("layout",),
    "hokm_deal_pattern": ("layout", "deck_size"),
    "hokm_first_hakem": ("layout", "face_up", "first_seat", "rng"),
    "hokm_seating": ("layout", "face_up", "first_seat", "hakem"),
    "hokm_effective_suit": ("card", "trump"),
    "hokm_trick_suit": ("card", "trump"),
    "hokm_card_rank": ("card", "trump"),
    "hokm_restrict_plays": ("ctx",),
    "hokm_restrict_void_plays": ("ctx",),
    "hokm_trick_winner": ("trick",),
    "hokm_trick_capture": ("hand", "trick"),
    "hokm_pending_decision": ("hand",),
    "hokm_hand_complete": ("hand",),
    "hokm_kot": ("hand",),
    "hokm_hand_score": ("hand", "match"),
    "hokm_next_hakem": ("hand", "score", "match"),
    "hokm_match_winner": ("match",),
}


class Impl:
    """One hook implementation, callable with the spec's arguments positionally."""

    __slots__ = ("call", "hook", "plugin", "standard")

    def __init__(self, call: Callable[..., Any], plugin: str, standard: bool, hook: str) -> None:
        self.call = call
        self.plugin = plugin
        self.standard = standard
        self.hook = hook


def _positional(function: Callable[..., Any], wanted: tuple[int, ...], arity: int) -> Callable[..., Any]:
    """Adapt an impl taking a subset of the spec's arguments to positional full-spec calls."""
    if wanted == tuple(range(arity)):
        return function
    if not wanted:
        return lambda *args: function()
    if len(wanted) == 1:
        (only,) = wanted
        return lambda *args: function(args[only])
    return lambda *args: function(*[args[i] for i in wanted])


def resolve_chain(pm: pluggy.PluginManager, hook: str, standard: object) -> tuple[Impl, ...]:
    """The implementations of ``hook`` in the order pluggy would call them."""
    spec_args = HOOK_ARGS[hook]
    chain = []
    for impl in reversed(getattr(pm.hook, hook).get_hookimpls()):
        if hook in getattr(impl.plugin, "inactive_hooks", ()):
            continue  # switched off by the plugin's options: it costs nothing
        wanted = tuple(spec_args.index(name) for name in impl.argnames)
        chain.append(Impl(_positional(impl.function, wanted, len(spec_args)),
                          impl.plugin_name, impl.plugin is standard, hook))
    return tuple(chain)


def table_winner(plays: Sequence[int], contest_of: Sequence[int], rank_of: Sequence[int],
                 trump: int) -> int:
    """The standard winner of packed plays from the tables: ``Trick.beats`` on ints.

    A play beats the best so far if it is of the same trick suit and ranks
    higher, or if it is a trump and the best is not.
    """
    best = plays[0]
    best_suit, best_rank = contest_of[best & 63], rank_of[best & 63]
    for play in plays[1:]:
        suit = contest_of[play & 63]
        if suit == best_suit:
            if rank_of[play & 63] > best_rank:
                best, best_rank = play, rank_of[play & 63]
        elif suit == trump:
            best, best_suit, best_rank = play, suit, rank_of[play & 63]
    return best >> 6


def is_index(value: object, size: int) -> bool:
    """Whether ``value`` is a plain int in ``0 .. size - 1`` (a seat or a team; bools refused)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < size


def _contract(impl: Impl | None, hook: str, problem: str) -> PluginContractError:
    who = impl.plugin if impl is not None else None
    return PluginContractError(f"plugin {who or '?'!r} broke the contract of {hook}: {problem}",
                               plugin=who, hook=hook)


def optional_result(chain: tuple[Impl, ...], *args: Any) -> tuple[Any, Impl | None]:
    """The first non-None answer and who gave it, or ``(None, None)`` for hooks with no default."""
    for impl in chain:
        answer = impl.call(*args)
        if answer is not None:
            return answer, impl
    return None, None


def first_result(chain: tuple[Impl, ...], hook: str, *args: Any) -> tuple[Any, Impl]:
    """Ask each implementation in turn; the first non-None answer wins."""
    for impl in chain:
        answer = impl.call(*args)
        if answer is not None:
            return answer, impl
    raise PluginContractError(f"no plugin answered {hook} (the standard rules always should)")


class DealPlan:
    """Deck positions per seat for one Hakem: packets in play order from the Hakem."""

    __slots__ = ("dealt", "first", "seats")

    def __init__(self, pattern: DealPattern, players: int, hakem: int) -> None:
        sizes = pattern.sizes if isinstance(pattern, Packets) else (pattern.first_packet,)
        positions: list[list[int]] = [[] for _ in range(players)]
        first: list[int] = []
        position = 0
        for round_number, size in enumerate(sizes):
            for offset in range(players):
                seat = (hakem + offset) % players
                packet = list(range(position, position + size))
                positions[seat].extend(packet)
                if round_number == 0 and seat == hakem:
                    first = packet
                position += size
        self.dealt = position
        self.seats = tuple(_getter(p) for p in positions)
        self.first = _getter(first)


def _getter(positions: list[int]) -> Callable[[Sequence[int]], Sequence[int]]:
    """``itemgetter`` that always returns a tuple, even for one position."""
    if len(positions) == 1:
        (only,) = positions
        return lambda items: (items[only],)
    return operator.itemgetter(*positions)


class Engine:
    """Everything a ruleset decided at composition, in the shapes the hot path wants."""

    def __init__(self, pm: pluggy.PluginManager, standard: object, names: tuple[str, ...]) -> None:
        self.names = names
        chains = {hook: resolve_chain(pm, hook, standard) for hook in HOOK_ARGS}
        self.chains = chains

        layout, impl = first_result(chains["hokm_table_layout"], "hokm_table_layout")
        if not isinstance(layout, TableLayout):
            raise _contract(impl, "hokm_table_layout", f"returned {layout!r}, not a TableLayout")
        if not 2 <= layout.players <= 16:
            raise _contract(impl, "hokm_table_layout", f"{layout.players} seats: hokm plays 2 to 16")
        self.layout: TableLayout = layout
        self.players = layout.players
        self.teams: tuple[int, ...] = tuple(layout.teams)
        self.team_count = layout.team_count

        rotation, impl = first_result(chains["hokm_rotation"], "hokm_rotation", layout)
        if not isinstance(rotation, Rotation):
            raise _contract(impl, "hokm_rotation", f"returned {rotation!r}, not a Rotation")
        self.rotation: Rotation = rotation

        deck, impl = first_result(chains["hokm_deck"], "hokm_deck", layout)
        deck = tuple(deck)
        if not deck or not all(isinstance(card, Card) for card in deck) or len(set(deck)) != len(deck):
            raise _contract(impl, "hokm_deck", "the deck must be a non-empty sequence of distinct Cards")
        self.deck: tuple[Card, ...] = deck
        self.deck_mask = sum(1 << card.index for card in deck)
        self.deck_indices: tuple[int, ...] = tuple(card.index for card in deck)

        pattern, impl = first_result(chains["hokm_deal_pattern"], "hokm_deal_pattern", layout, len(deck))
        self.pattern: DealPattern = self._check_pattern(pattern, impl)
        self._plans: dict[int, DealPlan] = {}
        self.hand_size: int = self.pattern.hand_size
        self.first_packet: int = (self.pattern.sizes[0] if isinstance(self.pattern, Packets)
                                  else self.pattern.first_packet)

        self._tabulate(chains)

        winner_chain = chains["hokm_trick_winner"]
        self.winner_chain = None if all(i.standard for i in winner_chain) else winner_chain
        capture_chain = chains["hokm_trick_capture"]
        self.capture_chain = None if all(i.standard for i in capture_chain) else capture_chain
        self.restrictors = chains["hokm_restrict_plays"]
        self.void_restrictors = self.restrictors + chains["hokm_restrict_void_plays"]
        self.decision_chain = chains["hokm_pending_decision"]
        self.complete_chain = chains["hokm_hand_complete"]
        # The standard rule answers last; its stop threshold is inlined rather than called.
        self.complete_plugins = tuple(i for i in self.complete_chain if not i.standard)
        self.stop_at: int | None = cast(Standard, standard).stop_at(self.hand_size)

    def deal_plan(self, hakem: int) -> DealPlan:
        """Which deck positions each seat receives when ``hakem`` is Hakem (cached)."""
        plan = self._plans.get(hakem)
        if plan is None:
            plan = self._plans[hakem] = DealPlan(self.pattern, self.players, hakem)
        return plan

    def _check_pattern(self, pattern: object, impl: Impl) -> DealPattern:
        n, size = self.players, len(self.deck)
        if isinstance(pattern, Packets):
            if pattern.hand_size * n != size:
                raise _contract(impl, "hokm_deal_pattern",
                                f"packets {pattern.sizes} deal {pattern.hand_size * n} cards "
                                f"but the deck has {size}")
            return pattern
        if isinstance(pattern, StockDraw):
            needed = pattern.first_packet * n + 2 * (pattern.hand_size - pattern.first_packet) * n
            if not 0 < pattern.first_packet <= pattern.hand_size or needed > size:
                raise _contract(impl, "hokm_deal_pattern",
                                f"a stock draw to {pattern.hand_size} cards needs {needed} cards "
                                f"but the deck has {size}")
            return pattern
        raise _contract(impl, "hokm_deal_pattern", f"returned {pattern!r}, not a Packets or StockDraw")

    def _tabulate(self, chains: dict[str, tuple[Impl, ...]]) -> None:
        """Effective suit, trick suit and rank of every card under every trump: asked once."""
        suit_chain, rank_chain = chains["hokm_effective_suit"], chains["hokm_card_rank"]
        contest_chain = chains["hokm_trick_suit"]
        self.suit_of: list[tuple[int, ...]] = []
        self.suit_objects: list[tuple[Suit, ...]] = []
        self.contest_of: list[tuple[int, ...]] = []
        self.contest_objects: list[tuple[Suit, ...]] = []
        self.rank_of: list[tuple[int, ...]] = []
        self.suit_masks: list[tuple[int, ...]] = []
        for trump in SUITS:
            suits: list[Suit] = []
            contests: list[Suit] = []
            ranks: list[int] = []
            for index in range(52):
                card = Card.from_index(index)
                suit, impl = first_result(suit_chain, "hokm_effective_suit", card, trump)
                if not isinstance(suit, Suit):
                    raise _contract(impl, "hokm_effective_suit", f"returned {suit!r} for {card}, not a Suit")
                contest, answered_by = optional_result(contest_chain, card, trump)
                if contest is None:
                    contest = suit  # nobody answers by default: compete in the suit followed
                elif not isinstance(contest, Suit):
                    raise _contract(answered_by, "hokm_trick_suit",
                                    f"returned {contest!r} for {card}, not a Suit")
                rank, impl = first_result(rank_chain, "hokm_card_rank", card, trump)
                if isinstance(rank, bool) or not isinstance(rank, int):
                    raise _contract(impl, "hokm_card_rank", f"returned {rank!r} for {card}, not an int")
                suits.append(suit)
                contests.append(contest)
                ranks.append(rank)
            masks = [0, 0, 0, 0]
            for index, suit in enumerate(suits):
                masks[suit.index] |= 1 << index
            self.suit_objects.append(tuple(suits))
            self.suit_of.append(tuple(suit.index for suit in suits))
            self.contest_objects.append(tuple(contests))
            self.contest_of.append(tuple(suit.index for suit in contests))
            self.rank_of.append(tuple(ranks))
            self.suit_masks.append(tuple(masks))

    # Hot-path helpers --------------------------------------------------------------

    def trick_value(self, plays: Sequence[int], trump: int, number: int,
                    winner: int | None = None) -> Trick:
        """A public :class:`Trick` from packed plays (``seat << 6 | card index``)."""
        return Trick._trusted(tuple(map(_PAIRS.__getitem__, plays)), SUITS[trump], number,
                              None if winner is None else Seat(winner), self.suit_objects[trump],
                              self.contest_objects[trump], self.rank_of[trump])

    def trick_winner(self, plays: Sequence[int], trump: int, number: int) -> int:
        """The winner of a complete trick of packed plays."""
        if self.winner_chain is None:
            return table_winner(plays, self.contest_of[trump], self.rank_of[trump], trump)
        trick = self.trick_value(plays, trump, number)
        seat, impl = first_result(self.winner_chain, "hokm_trick_winner", trick)
        if not is_index(seat, self.players) or seat not in {p >> 6 for p in plays}:
            raise _contract(impl, "hokm_trick_winner",
                            f"returned {seat!r}, which is not a seat that played in trick {number}")
        return int(seat)

    def capture(self, hand: HandView, plays: Sequence[int], trump: int, number: int,
                winner: int) -> int | None:
        """Who collects the centre after this trick (``None``: nobody)."""
        if self.capture_chain is None:
            return winner
        trick = self.trick_value(plays, trump, number, winner)
        for impl in self.capture_chain:
            capture = impl.call(hand, trick)
            if capture is not None:
                break
        if not isinstance(capture, Capture):
            raise _contract(impl, "hokm_trick_capture", f"returned {capture!r}, not a Capture")
        collector: object = capture.collector
        if collector is not None and not is_index(collector, self.players):
            raise _contract(impl, "hokm_trick_capture", f"collector {collector!r} is not a seat")
        return capture.collector

    def restrict(self, legal: int, hand_mask: int, seat: int, trick_plays: Sequence[int],
                 trump: int, number: int, hand: HandView | None = None, void: bool = False) -> int:
        """Intersect the follow-suit set with every plugin's restriction (per card: kept lean).

        ``void``: the seat cannot follow the led suit, so ``hokm_restrict_void_plays`` answers too.
        """
        chain = self.void_restrictors if void else self.restrictors
        if not chain:
            return legal
        # trick_plays is never mutated afterwards (a state's list, or a fresh slice): no copy.
        ctx = PlayContext(seat, hand_mask, SUITS[trump],  # type: ignore[arg-type]
                          self.suit_objects[trump][trick_plays[0] & 63] if trick_plays else None,
                          self.suit_masks[trump], self.trick_value, (trick_plays, trump, number), hand)
        for impl in chain:
            allowed = impl.call(ctx)
            if allowed is None:
                continue
            mask = self._mask_of_answer(allowed, impl, seat)
            if mask & ~hand_mask:
                stray = ", ".join(map(str, frozen_cards(mask & ~hand_mask)))
                raise _contract(impl, impl.hook, f"allowed {stray}, which seat {seat} does not hold")
            legal &= mask
            if not legal:
                contributors = [i.plugin for i in chain if i.call(ctx) is not None]
                raise VariantConflictError(
                    f"no card is legal for seat {seat}: the restrictions of "
                    f"{', '.join(sorted(contributors))} (with follow suit) leave nothing to play")
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
                    raise _contract(impl, impl.hook, f"returned {card!r}, not a Card")
                mask |= 1 << card.index
        except TypeError:
            raise _contract(impl, impl.hook,
                            f"returned {allowed!r} for seat {seat}, not a collection of Cards") from None
        if allowed.__class__ is frozenset and len(_FROZEN_MASKS) < 1 << 16:
            _FROZEN_MASKS[allowed] = mask
        return mask

    def pending_decision(self, hand: HandView) -> Decision | None:
        for impl in self.decision_chain:
            decision = impl.call(hand)
            if decision is None:
                continue
            if (not isinstance(decision, Decision) or not is_index(decision.seat, self.players)
                    or not decision.options
                    or not all(isinstance(option, Action) for option in decision.options)):
                raise _contract(impl, "hokm_pending_decision",
                                f"returned {decision!r}: need a Decision with a seat and actions")
            return decision
        return None

    def variant_completion(self, hand: HandView) -> bool | None:
        """The first variant's answer to ``hokm_hand_complete``, or ``None`` if none answers.

        The standard rule (``Standard.stop_at``) is then applied inline by the caller.
        """
        for impl in self.complete_plugins:
            answer = impl.call(hand)
            if answer is None:
                continue
            if not isinstance(answer, bool):
                raise _contract(impl, "hokm_hand_complete", f"returned {answer!r}, not a bool")
            return answer
        return None

    # Once-per-hand and once-per-match hooks -----------------------------------------

    def kot(self, hand: HandView) -> Team | None:
        kot, impl = first_result(self.chains["hokm_kot"], "hokm_kot", hand)
        if not isinstance(kot, Kot) or (kot.team is not None and not is_index(kot.team, self.team_count)):
            raise _contract(impl, "hokm_kot", f"returned {kot!r}, not a Kot of a team or Kot.NONE")
        return kot.team

    def hand_score(self, hand: HandView, match: MatchView | None) -> HandScore:
        score, impl = first_result(self.chains["hokm_hand_score"], "hokm_hand_score", hand, match)
        if (not isinstance(score, HandScore) or not is_index(score.winner, self.team_count)
                or not is_index(score.points, 1 << 62)):
            raise _contract(impl, "hokm_hand_score",
                            f"returned {score!r}: need a HandScore for one of teams "
                            f"0..{self.team_count - 1} with non-negative points")
        return score

    def next_hakem(self, hand: HandView, score: HandScore, match: MatchView | None) -> Seat:
        seat, impl = first_result(self.chains["hokm_next_hakem"], "hokm_next_hakem", hand, score, match)
        return self._seat(seat, impl, "hokm_next_hakem")

    def match_winner(self, match: MatchView) -> Team | None:
        for impl in self.chains["hokm_match_winner"]:
            team = impl.call(match)
            if team is None:
                continue
            if not is_index(team, self.team_count):
                raise _contract(impl, "hokm_match_winner", f"returned {team!r}, not a team")
            return Team(team)
        return None

    def first_hakem(self, face_up: Sequence[Card], first_seat: int, rng: random.Random) -> Seat:
        seat, impl = first_result(self.chains["hokm_first_hakem"], "hokm_first_hakem",
                                  self.layout, tuple(face_up), Seat(first_seat), rng)
        return self._seat(seat, impl, "hokm_first_hakem")

    def seating(self, face_up: Sequence[Card], first_seat: int, hakem: int) -> tuple[int, ...]:
        seating, impl = first_result(self.chains["hokm_seating"], "hokm_seating",
                                     self.layout, tuple(face_up), Seat(first_seat), Seat(hakem))
        seating = tuple(seating)
        if sorted(seating) != list(range(self.players)):
            raise _contract(impl, "hokm_seating", f"returned {seating!r}, not a permutation of the seats")
        return seating

    def _seat(self, seat: object, impl: Impl, hook: str) -> Seat:
        if not isinstance(seat, int) or not is_index(seat, self.players):
            raise _contract(impl, hook, f"returned {seat!r}, not a seat 0..{self.players - 1}")
        return Seat(seat)

    def restrictor_names(self) -> Collection[str]:
        return [impl.plugin for impl in self.void_restrictors]
