"""Redeal: the caller may throw in a weak hand; it is shown, annulled and dealt again.

The caller (our Hakem) alone may claim, and only when his cards meet the rule:
with the five-card rules (``"no-honour-five"``, ``"no-picture-five"``,
``"below-ten-five"``) the claim is one of his choices at the trump call, made
instead of naming trump, on his first five; with ``"no-picture-hand"`` it is
offered once the deal is complete, before the first lead, on his whole hand.
The claimed cards are shown to everyone and the hand is annulled: nobody
scores, and the same dealer deals again to the same caller. After
``max_redeals`` annulled hands in a row the claim is no longer offered.

>>> import hokm
>>> from hokm import cards, full_deck
>>> from hokm_variants.redeal import ClaimRedeal
>>> rules = hokm.Ruleset.compose("redeal")
>>> five = cards("10♠ 9♥ 7♣ 4♦ 2♠")                 # no card above 10: "no-honour-five"
>>> hand = rules.deal([*five, *(card for card in full_deck() if card not in five)], hakem=0)
>>> [str(action) for action in hand.legal_actions()]
['call ♠', 'call ♥', 'call ♦', 'call ♣', 'claim a redeal']
>>> over = hand.apply(ClaimRedeal())
>>> over.is_annulled, over.observation(2).shown == frozenset(five)
(True, True)

In a match the same Hakem is dealt a fresh hand, and nothing is scored:

>>> match = rules.new_match(seed=1, deck=[*five, *(card for card in full_deck() if card not in five)])
>>> again = match.apply(ClaimRedeal())
>>> again.hand.hakem == match.hand.hakem, again.hand.redeals, again.scores, again.results
(True, 1, (0, 0), ())
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import attrgetter
from types import MappingProxyType
from typing import Any, ClassVar, Literal

import attrs

from hokm import (
    Action,
    Card,
    Decision,
    Effect,
    HandView,
    InvalidOptionError,
    PauseWindow,
    Rank,
    RulesetInfo,
    Seat,
    Suit,
    Variant,
    VariantInfo,
    hookimpl,
)

__all__ = ["FIVE_CARD_RULES", "RULES", "ClaimRedeal", "DeclineRedeal", "Redeal", "claimable"]

Rule = Literal["no-honour-five", "no-picture-five", "below-ten-five", "no-picture-hand"]

_PICTURES = frozenset({Rank.KING, Rank.QUEEN, Rank.JACK})

_ALLOWED: dict[str, Callable[[Card], bool]] = {
    "no-honour-five": lambda card: card.rank <= Rank.TEN,  # no J, Q, K or A
    "no-picture-five": lambda card: card.rank not in _PICTURES,  # aces are not pictures
    "below-ten-five": lambda card: card.rank <= Rank.NINE,
    "no-picture-hand": lambda card: card.rank not in _PICTURES,
}

_ALLOWED_RANKS: dict[str, frozenset[Rank]] = {  # each rule as the ranks it allows (it reads no suit)
    rule: frozenset(rank for rank in Rank if allowed(Card(rank, Suit.SPADES)))
    for rule, allowed in _ALLOWED.items()}
_RANK_OF = attrgetter("rank")

RULES: tuple[str, ...] = tuple(_ALLOWED)
"""The values of option ``rule``, the default first."""
FIVE_CARD_RULES: frozenset[str] = frozenset(RULES) - {"no-picture-hand"}
"""The rules claimed at the trump call, on the caller's first five cards."""
FIVE = 5
"""The caller's first packet: the cards a five-card rule looks at."""


def claimable(cards: Iterable[Card], rule: str = "no-honour-five") -> bool:
    """Whether ``cards`` (the first five, or the whole hand) may be thrown in under ``rule``.

    >>> from hokm import cards
    >>> claimable(cards("A♠ 9♥ 7♣ 4♦ 2♠")), claimable(cards("A♠ 9♥ 7♣ 4♦ 2♠"), "no-picture-five")
    (False, True)
    >>> claimable(cards("10♠ 9♥ 7♣ 4♦ 2♠"), "below-ten-five")
    False
    """
    return _ALLOWED_RANKS[rule].issuperset(map(_RANK_OF, cards))  # in C: asked at every trump call


@attrs.frozen
class ClaimRedeal(Action):
    """The caller throws his hand in: his cards are shown and the same dealer deals again."""

    tag = "redeal/claim"
    explanation = "Your cards are shown to everyone and the same dealer deals again."

    def __str__(self) -> str:
        return "claim a redeal"


@attrs.frozen
class DeclineRedeal(Action):
    """The caller keeps a whole hand he could throw in (``rule="no-picture-hand"``).

    Secret: the other seats must not learn that he was offered the claim, which
    would tell them his hand holds no picture card.
    """

    tag = "redeal/decline"

    secret: ClassVar[bool] = True

    def __str__(self) -> str:
        return "keep the hand"


_CLAIM = (ClaimRedeal(),)
_CHOICES = (ClaimRedeal(), DeclineRedeal())
_WINDOWS: Mapping[str, PauseWindow] = MappingProxyType({
    "hokm_pending_decision": PauseWindow(trick_ends="none")})


def _check_max(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"max_redeals must be a positive integer or None (no limit), got {value!r}")


@attrs.frozen(eq=False)  # pluggy tells registered plugins apart by ==; keep identity
class Redeal(Variant):
    """The caller may throw in a hand without high cards; it is shown and dealt again.

    Attributes:
        rule: which hands may be thrown in: ``"no-honour-five"`` (default: no card
            above 10, so no J, Q, K or A, among the caller's first five),
            ``"no-picture-five"`` (no K, Q or J among them; aces are not pictures),
            ``"below-ten-five"`` (every card of the five a 9 or lower), all claimed at
            the trump call instead of naming trump; or ``"no-picture-hand"`` (no K, Q
            or J in the caller's whole hand), claimed once the deal is complete,
            before the first lead.
        max_redeals: annulled hands in a row after which the claim is no longer
            offered and the caller must play (default 2); ``None``: no limit.
    """

    info: ClassVar[VariantInfo] = VariantInfo(
        name="redeal",
        summary="the caller may throw in a hand without high cards: it is shown and dealt again",
        conflicts={
            "be-ranga": "be-ranga has no trump call, so there is no caller to throw a hand in",
            "troefcall": "troefcall has its own redeal (no picture in all thirteen: its option "
                         "'redeal')",
        },
        source="Persian Wikipedia: Hokm (the Hakem's throw-in with no card above 10); "
               "pagat.com/whist/satat.html (no pictures in the first five, at most two reshuffles); "
               "pagat.com/whist/troefcall.html (no picture in the whole hand, the same dealer); "
               "cardzmania.com/CourtPiece (all five below ten)",
    )

    rule: Rule = attrs.field(default="no-honour-five", kw_only=True,
                             validator=attrs.validators.in_(RULES))
    max_redeals: int | None = attrs.field(default=2, kw_only=True, validator=_check_max)

    @property
    def inactive_hooks(self) -> frozenset[str]:
        """The trump-call claim is idle under ``"no-picture-hand"``; the claim on the whole hand
        (and its composition check) under the five-card rules."""
        if self.rule == "no-picture-hand":
            return frozenset({"hokm_call_alternatives"})
        return frozenset({"hokm_pending_decision", "hokm_check_ruleset"})

    @property
    def turn_windows(self) -> Mapping[str, PauseWindow]:
        """The claim on the whole hand is offered only before the first lead, never at a trick's end."""
        return _WINDOWS

    def _offered(self, hand: HandView) -> bool:
        return self.max_redeals is None or hand.redeals < self.max_redeals

    def _judged(self, hand: HandView, seat: int) -> tuple[Card, ...]:
        """The cards a claim is judged on, and shows: the first five (or the whole hand) the caller
        has seen, so without a face-down card nobody has seen (RULES 1.5.2 rule 11: a blind
        indicator), which the offer must tell him nothing about."""
        dealt = hand.dealt(seat)
        if self.rule in FIVE_CARD_RULES:
            dealt = dealt[:FIVE]
        unseen = hand.set_aside_unseen(seat)
        return tuple(card for card in dealt if card not in unseen) if unseen else dealt

    # Composition (only with "no-picture-hand") -------------------------------------------

    @hookimpl
    def hokm_check_ruleset(self, ruleset: RulesetInfo) -> None:
        if "two-player" not in ruleset:
            return
        mode = ruleset.options.get("two-player", {}).get("mode")
        if mode != "dead-half":
            shown = "two-player's keep/reject draw" if mode is None else f"two-player mode={mode!r}"
            raise InvalidOptionError(
                "variant 'redeal', option 'rule': 'no-picture-hand' needs a dealt hand, and under "
                f"{shown} the players build their hands by their own choices; it is allowed "
                "with two-player only in mode='dead-half'")

    # The claim ---------------------------------------------------------------------------

    @hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        return _CHOICES  # the claim (at the call, or on the whole hand) and the secret decline

    @hookimpl
    def hokm_call_alternatives(self, hand: HandView) -> Sequence[Action] | None:
        # A five-card rule (otherwise idle): at the trump call, on the caller's first five.
        if self._offered(hand) and claimable(self._judged(hand, hand.hakem), self.rule):
            return _CLAIM
        return None

    @hookimpl
    def hokm_pending_decision(self, hand: HandView) -> Decision | None:
        # "no-picture-hand" (otherwise idle): once, when the deal is complete, before the first lead.
        if hand.plays or any(isinstance(action, ClaimRedeal | DeclineRedeal)
                             for _, action in hand.decisions):
            return None
        if not self._offered(hand) or not claimable(self._judged(hand, hand.hakem), self.rule):
            return None
        return Decision(hand.hakem, _CHOICES,
                        reason="redeal: no K, Q or J in your hand; show it and have it dealt again?")

    @hookimpl
    def hokm_decision_effect(self, hand: HandView, seat: Seat, action: Action) -> Effect | None:
        if not isinstance(action, ClaimRedeal):
            return None  # a decline is only recorded; other variants' actions are theirs
        return Effect(annul=True, show=self._judged(hand, seat))
