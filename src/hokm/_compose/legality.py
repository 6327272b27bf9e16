"""Which cards a seat may play: follow suit, then the duties, then the legality hooks.

Following the led (effective) suit is the universal rule. The duties are
declarations: ``hokm_follow_duty`` for a seat that follows, asked once when the
ruleset is composed, and ``hokm_void_duty`` for one that cannot, a table by
announcement; every implementation answers and the strictest duty applies, as
restrictions are intersected. The legality hooks (``hokm_restrict_plays``,
``hokm_restrict_void_plays``) read the hand through a ``PlayContext`` and are asked
per turn, only inside their windows.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, TypeVar

from hokm._compose.card_sets import frozen_cards
from hokm._compose.cards import SUITS, CardTables, beating, best_by_power
from hokm._compose.hooks import Impl, contract_error, reraise
from hokm._compose.windows import Gate, gate_of
from hokm.cards import Card
from hokm.context import FollowDuty, PlayContext, VoidDuty
from hokm.errors import VariantConflictError
from hokm.table import Seat

if TYPE_CHECKING:
    from hokm.actions import Action
    from hokm.context import HandView
    from hokm.trick import Trick

__all__ = ["FROZEN_MASKS", "SEATS", "Legality", "strictest"]

_VOID_STRICTNESS: dict[VoidDuty | None, int] = {None: 0, VoidDuty.TRUMP: 1, VoidDuty.OVERTRUMP: 2}
_FOLLOW_STRICTNESS: dict[FollowDuty | None, int] = {None: 0, FollowDuty.BEAT: 1}
D = TypeVar("D", bound=enum.Enum)
FROZEN_MASKS: dict[frozenset[Card], int] = {}
"""The masks of the frozensets the legality hooks answered with (bounded), the answers' usual type."""
SEATS: tuple[Seat, ...] = tuple(map(Seat, range(16)))
"""``Seat(i)`` by index, a lookup (the kernel's contexts take one per turn)."""


def strictest(chain: tuple[Impl, ...], hook: str, kind: type[D], strictness: Mapping[D | None, int],
              *args: object) -> tuple[D | None, tuple[str, ...]]:
    """Ask every implementation of a duty hook with ``args``: the strictest answer, and the plugins
    that gave one (each answer checked to be a ``kind``)."""
    duty: D | None = None
    plugins: list[str] = []
    impl = None
    try:
        for impl in chain:
            answer = impl.call(*args)
            if answer is None:
                continue
            if not isinstance(answer, kind):
                raise contract_error(impl, hook, f"returned {answer!r}, not a {kind.__name__}")
            plugins.append(impl.plugin)
            if strictness[answer] > strictness[duty]:
                duty = answer
    except Exception as error:
        reraise(impl, error)
    return duty, tuple(plugins)


class Legality:
    """The legal-card rules of a ruleset: the follow duty, the void duty by announcement, and the
    legality chains."""

    __slots__ = ("_follow_plugins", "_void_chain", "_void_duties", "cards", "follow_duty", "kernel_restricts",
                 "kernel_void_restricts", "restrict_gate", "restrictors", "void_duty", "void_restrict_gate",
                 "void_restrictors")

    def __init__(self, chains: Mapping[str, tuple[Impl, ...]], cards: CardTables, tricks_total: int) -> None:
        self.cards = cards
        self._void_chain = chains["hokm_void_duty"]
        self._void_duties: dict[Action | None, tuple[VoidDuty | None, tuple[str, ...]]] = {}
        self.void_duty: VoidDuty | None = self.duty(None)
        """The duty of a seat that cannot follow, on a turn with no announcement."""
        self.follow_duty: FollowDuty | None
        """The duty of a seat that follows suit (``hokm_follow_duty()``, asked once)."""
        self.follow_duty, self._follow_plugins = strictest(
            chains["hokm_follow_duty"], "hokm_follow_duty", FollowDuty, _FOLLOW_STRICTNESS)
        self.restrictors = chains["hokm_restrict_plays"]
        self.void_restrictors = self.restrictors + chains["hokm_restrict_void_plays"]
        self.restrict_gate: Gate | None = gate_of(self.restrictors, tricks_total)
        self.void_restrict_gate: Gate | None = gate_of(self.void_restrictors, tricks_total)
        # Whether a legality hook may be asked on a turn with no announcement (the kernel plays no
        # announced turn inline: rules asked only after one stay idle there).
        self.kernel_restricts = bool(self.restrictors) and not (
            self.restrict_gate is not None and self.restrict_gate.announced)
        self.kernel_void_restricts = bool(self.void_restrictors) and not (
            self.void_restrict_gate is not None and self.void_restrict_gate.announced)

    def duty(self, announced: Action | None) -> VoidDuty | None:
        """The void duty on a turn with ``announced`` (``None``: no announcement): the strictest
        answer, asked of the chain when first needed."""
        return self._void_duty(announced)[0]

    def _void_duty(self, announced: Action | None) -> tuple[VoidDuty | None, tuple[str, ...]]:
        known = self._void_duties.get(announced)
        if known is None:
            known = self._void_duties[announced] = strictest(
                self._void_chain, "hokm_void_duty", VoidDuty, _VOID_STRICTNESS, announced)
        return known

    def legal_mask(self, hand_mask: int, trick: Sequence[int], seat: int, trump: int, number: int,
                   hand: HandView | None, first_trump: int = 0, announced: Action | None = None,
                   hakem: int | None = None, tricks_of: Callable[[], tuple[Trick, ...]] | None = None) -> int:
        """The cards of ``hand_mask`` that ``seat`` may play to ``trick`` (packed plays).

        Follow the led effective suit if you can; then the duty (on a void follow, or on any
        turn after an announcement); then every legality hook that applies narrows the set (the
        void hooks only when the seat cannot follow). ``first_trump`` and ``announced``: see
        ``Trick.first_trump`` and ``PlayContext.announced`` (0 and ``None`` in the classic game).
        ``hakem`` and ``tricks_of``: the Hakem and the completed tricks where no ``hand`` is given
        (the random-play kernel's, which works them out only if a rule reads them).
        """
        cards = self.cards
        follow = hand_mask & cards.suit_masks[trump][cards.suit_of[trump][trick[0] & 63]] if trick else 0
        if follow & (follow - 1) and self.follow_duty is not None:  # BEAT, the one follow duty
            follow = self.beating(follow, trick, trump, first_trump) or follow
        legal = follow or hand_mask
        void = bool(trick) and not follow
        duty = self.void_duty if announced is None else self.duty(announced)
        if duty is not None and trump < 4 and (void or (announced is not None and not trick)):
            legal = self.duty_mask(hand_mask, trick, trump, duty, first_trump)
        if not (self.void_restrictors if void else self.restrictors) or not legal & (legal - 1):
            return legal  # no rule, or a lone card: nothing to narrow
        if hakem is None:  # without a hand, or with the partial view of an inference: unknown, so open
            hakem = getattr(hand, "hakem", seat)
        return self.narrow(legal, hand_mask, seat, trick, trump, number, void, first_trump, hakem, hand,
                           announced, tricks_of)

    def narrow(self, legal: int, hand_mask: int, seat: int, trick: Sequence[int], trump: int, number: int,
               void: bool, first_trump: int, hakem: int, hand: HandView | None = None,
               announced: Action | None = None,
               tricks_of: Callable[[], tuple[Trick, ...]] | None = None) -> int:
        """The cards of ``legal`` (those that follow suit and meet the duty) that the legality hooks
        whose window holds this turn leave ``seat``: the end of ``legal_mask``, where a rule may narrow
        several cards."""
        if announced is None and not (self.kernel_void_restricts if void else self.kernel_restricts):
            return legal
        gate = self.void_restrict_gate if void else self.restrict_gate
        if gate is None or gate.open(not trick, hakem == seat, void, trump < 4, number - 1,
                                     announced is not None):
            legal = self.restrict(legal, hand_mask, seat, trick, trump, number, hand, void, first_trump,
                                  announced, tricks_of)
        return legal

    def duty_mask(self, hand_mask: int, trick: Sequence[int], trump: int, duty: VoidDuty,
                  first_trump: int = 0) -> int:
        """The cards the duty leaves a seat (its trumps, those that beat the trick if it must; else all)."""
        trumps = hand_mask & self.cards.suit_masks[trump][trump]
        if not trumps or duty is not VoidDuty.OVERTRUMP or not trick:
            return trumps or hand_mask
        return self.beating(trumps, trick, trump, first_trump) or trumps

    def beating(self, candidates: int, trick: Sequence[int], trump: int, first_trump: int = 0) -> int:
        """The cards of ``candidates`` that would beat the card winning ``trick`` (packed plays, at
        least one) if played now: by the power row of the trick's led suit, as the card loop and
        ``PlayContext.winning`` read it."""
        cards = self.cards
        power = cards.powers[trump][cards.trick_suit_of[trump][trick[0] & 63]]
        return beating(candidates, power, power[best_by_power(trick, power, first_trump) & 63])

    def restrict(self, legal: int, hand_mask: int, seat: int, trick_plays: Sequence[int],
                 trump: int, number: int, hand: HandView | None, void: bool, first_trump: int = 0,
                 announced: Action | None = None,
                 tricks_of: Callable[[], tuple[Trick, ...]] | None = None) -> int:
        """Narrow the set ``legal`` by every legality hook (``void``: the void hooks answer too)."""
        # trick_plays is never mutated afterwards (a state's list, or a fresh slice): no copy.
        ctx = PlayContext(self.cards, SEATS[seat], hand_mask, trump, trick_plays, number, hand, announced,
                          first_trump, tricks_of)
        return self.ask(self.void_restrictors if void else self.restrictors, ctx, legal, hand_mask, seat)

    def ask(self, chain: tuple[Impl, ...], ctx: PlayContext, legal: int, hand_mask: int, seat: int) -> int:
        """Narrow the set ``legal`` by the hooks of ``chain``, asked with ``ctx`` (the turn of ``seat``,
        holding ``hand_mask``), checking each answer."""
        impl = None
        try:
            for impl in chain:
                allowed = impl.call(ctx)
                if allowed is not None:
                    legal = self.narrowed_by(impl, allowed, chain, ctx, legal, hand_mask, seat)
        except Exception as error:
            reraise(impl, error)
        return legal

    def narrowed_by(self, impl: Impl, allowed: object, chain: tuple[Impl, ...], ctx: PlayContext, legal: int,
                    hand_mask: int, seat: int) -> int:
        """``legal`` narrowed by ``impl``'s answer ``allowed`` (not ``None``) in ``ask``, checked: the cards
        must be the seat's, and the chain must leave it one. (The caller passes on what it raises.)"""
        mask = _mask_of_answer(allowed, impl, seat)
        if mask & ~hand_mask:
            stray = ", ".join(map(str, frozen_cards(mask & ~hand_mask)))
            raise contract_error(impl, impl.hook, f"allowed {stray}, which seat {seat} does not hold")
        legal &= mask
        if not legal:
            contributors = [i.plugin for i in chain if i.call(ctx) is not None]
            raise VariantConflictError(
                f"no card is legal for seat {seat}: the restrictions of "
                f"{', '.join(sorted(contributors))} (with follow suit) leave nothing to play")
        return legal

    def why_illegal(self, hand_mask: int, trick: Sequence[int], trump: int, card: int,
                    announced: Action | None = None, first_trump: int = 0) -> str:
        """Which rule refuses ``card``, which the seat holds, in words for a player: following suit, a
        declared duty (what it asks, the variants that declare it in brackets), else the legality
        hooks' variants (``legal_mask``'s steps, in its order)."""
        cards, bit = self.cards, 1 << card
        follow = 0
        if trick:
            led = cards.suit_of[trump][trick[0] & 63]
            follow = hand_mask & cards.suit_masks[trump][led]
            if follow and not follow & bit:
                return f"must follow {SUITS[led]}"
            if follow & (follow - 1) and self.follow_duty is not None:
                better = self.beating(follow, trick, trump, first_trump)
                if better and not better & bit:
                    winning = cards.winning_card(trick, trump, first_trump)
                    names = ", ".join(self._follow_plugins)
                    return f"must play a {SUITS[led]} that beats {winning} ({names})"
        duty, plugins = self._void_duty(announced)
        if duty is not None and trump < 4 and not follow and (trick or announced is not None):
            legal = self.duty_mask(hand_mask, trick, trump, duty, first_trump)
            if not legal & bit:
                trumps = hand_mask & cards.suit_masks[trump][trump]
                asked = "a trump" if legal == trumps else (
                    f"a trump that beats {cards.winning_card(trick, trump, first_trump)}")
                turn = f"cannot follow {SUITS[led]}, so must play" if trick else "must lead"
                return f"{turn} {asked} ({', '.join(plugins)})"
        chain = self.void_restrictors if trick and not follow else self.restrictors
        return f"forbidden by {', '.join(dict.fromkeys(impl.plugin for impl in chain))}"


def _mask_of_answer(allowed: object, impl: Impl, seat: int) -> int:
    if allowed.__class__ is frozenset:
        known = FROZEN_MASKS.get(allowed)
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
    if allowed.__class__ is frozenset and len(FROZEN_MASKS) < 1 << 16:
        FROZEN_MASKS[allowed] = mask
    return mask

