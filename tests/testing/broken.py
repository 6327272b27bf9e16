"""Deliberately broken plugins: each breaks one invariant the way a real plugin bug would.

The tests in this folder prove that ``check_variant`` and ``RulesetMachine``
catch every one of them with a message that says what went wrong.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import ClassVar

import attrs

from hokm import (
    Card,
    Decision,
    HandScore,
    HandState,
    HandView,
    PlayContext,
    PlayOn,
    Rank,
    Seat,
    Suit,
    Team,
    Trick,
    TurnWindow,
    Variant,
    VariantInfo,
    full_deck,
    hookimpl,
)


@attrs.frozen(eq=False)
class OffTableWinner(Variant):
    """Awards every trick to "the seat after the last player", which does not exist."""

    info: ClassVar[VariantInfo] = VariantInfo(summary="trick winner off the table", name="off-table-winner")

    @hookimpl
    def hokm_trick_winner(self, trick: Trick) -> Seat | None:
        return Seat(len(trick.plays))


TWO_OF_CLUBS = Card(Rank.TWO, Suit.CLUBS)


@attrs.frozen(eq=False)
class ClubTwoAlwaysPlayable(Variant):
    """Means "the 2♣ may always be played" but allows it whether or not the seat holds it."""

    info: ClassVar[VariantInfo] = VariantInfo(summary="the 2♣ may always be played", name="club-two")

    @hookimpl
    def hokm_restrict_plays(self, ctx: PlayContext) -> Collection[Card] | None:
        if ctx.led is None or not ctx.holds(ctx.led):
            return None  # leading, or void: no restriction
        return ctx.cards_of(ctx.led) | {TWO_OF_CLUBS}


@attrs.frozen(eq=False)
class MustPlayKing(Variant):
    """"Play a King if you can", written without the ``or None``: no King leaves no card at all."""

    info: ClassVar[VariantInfo] = VariantInfo(summary="play a King if you can", name="must-play-king")

    @hookimpl
    def hokm_restrict_plays(self, ctx: PlayContext) -> Collection[Card] | None:
        return {card for card in ctx.hand if card.rank == Rank.KING}


@attrs.frozen(eq=False)
class EndlessPlayOn(Variant):
    """Offers the Hakem "play on?" after the seventh trick, and again, and again."""

    info: ClassVar[VariantInfo] = VariantInfo(summary="play on? forever", name="endless-play-on")

    @hookimpl
    def hokm_pending_decision(self, hand: HandView) -> Decision | None:
        if max(hand.team_tricks) >= 7 and hand.tricks_left:
            return Decision(hand.hakem, (PlayOn(True), PlayOn(False)), "play on?")
        return None  # no offer yet

    @hookimpl
    def hokm_hand_complete(self, hand: HandView) -> bool | None:
        return False if hand.tricks_left else None  # play every trick (the offer decides)


@attrs.frozen(eq=False)
class HakemAlwaysWins(Variant):
    """Scores every hand for the Hakem's team, whoever took the tricks."""

    info: ClassVar[VariantInfo] = VariantInfo(summary="the Hakem's team wins", name="hakem-always-wins")

    @hookimpl
    def hokm_hand_score(self, hand: HandView) -> HandScore | None:
        return HandScore(hand.team_of(hand.hakem), 1)


@attrs.frozen(eq=False)
class PointsToNobody(Variant):
    """Gives the hand's point to team number ``team_count``: no team at all."""

    info: ClassVar[VariantInfo] = VariantInfo(summary="points to no team", name="points-to-nobody")

    @hookimpl
    def hokm_hand_score(self, hand: HandView) -> HandScore | None:
        return HandScore(Team(hand.layout.team_count), 1)


@attrs.frozen(eq=False)
class NoPoints(Variant):
    """Names the winner but scores nothing, so no match can ever end."""

    info: ClassVar[VariantInfo] = VariantInfo(summary="hands score nothing", name="no-points")

    @hookimpl
    def hokm_hand_score(self, hand: HandView) -> HandScore | None:
        tricks = hand.team_tricks
        return HandScore(Team(tricks.index(max(tricks))), 0)


@attrs.frozen(eq=False)
class LeftoverBonus(Variant):
    """A bonus point when the losers' unplayed cards add up to an odd number of pips.

    Nobody at the table can know those cards: the result depends on hidden cards.
    """

    info: ClassVar[VariantInfo] = VariantInfo(summary="bonus from the losers' hidden cards",
                                              name="leftover-bonus")

    @hookimpl
    def hokm_hand_score(self, hand: HandView) -> HandScore | None:
        if hand.kot_team is not None or not isinstance(hand, HandState):
            return None  # kots score as usual
        tricks = hand.team_tricks
        winner = Team(tricks.index(max(tricks)))
        pips = sum(int(card.rank) for seat in hand.layout.seats if hand.team_of(seat) != winner
                   for card in hand.hand_of(seat))
        return HandScore(winner, 1 + pips % 2)


@attrs.define(eq=False)
class NoLeadIntoAce(Variant):
    """Forbids leading a suit whose Ace the next seat holds, found by peeking at the table.

    It keeps the whole hand it is shown at every pause (a hook that keeps state)
    and reads the next seat's cards in its legality rule.
    """

    info: ClassVar[VariantInfo] = VariantInfo(summary="never lead into the next seat's Ace",
                                              name="no-lead-into-ace")
    table: HandState | None = None

    @hookimpl
    def hokm_pending_decision(self, hand: HandView) -> Decision | None:
        if isinstance(hand, HandState):
            self.table = hand  # the bug: remembers every seat's cards
        return None  # never a decision

    @hookimpl
    def hokm_restrict_plays(self, ctx: PlayContext) -> Collection[Card] | None:
        if ctx.led is not None or self.table is None:
            return None  # following: no restriction
        following = self.table.hand_of((ctx.seat + 1) % self.table.layout.players)
        allowed = {card for card in ctx.hand if Card(Rank.ACE, card.suit) not in following}
        return allowed or None


@attrs.define(eq=False)
class Moody(Variant):
    """Hands every 50th trick it is asked about to the leader: hidden state, not the cards."""

    info: ClassVar[VariantInfo] = VariantInfo(summary="a trick winner with a memory", name="moody")
    calls: int = 0

    @hookimpl
    def hokm_trick_winner(self, trick: Trick) -> Seat | None:
        self.calls += 1
        return trick.leader if self.calls % 50 == 0 else None  # usually no opinion


@attrs.frozen(eq=False)
class Harmless(Variant):
    """A well-behaved house rule: the 7♦ wins any trick it is played to."""

    info: ClassVar[VariantInfo] = VariantInfo(summary="the 7♦ beats everything", name="harmless")

    @hookimpl
    def hokm_trick_winner(self, trick: Trick) -> Seat | None:
        for seat, card in trick.plays:
            if card == SEVEN_OF_DIAMONDS:
                return seat
        return None  # no 7♦: the usual winner


SEVEN_OF_DIAMONDS = Card(Rank.SEVEN, Suit.DIAMONDS)


@attrs.frozen(eq=False)
class DoubleDeck(Variant):
    """Deals the pack twice over: cards must be distinct."""

    info: ClassVar[VariantInfo] = VariantInfo(summary="two packs", name="double-deck")

    @hookimpl
    def hokm_deck(self) -> Sequence[Card] | None:
        return (*full_deck(), *full_deck())


@attrs.frozen(eq=False)
class HatesClockwise(Variant):
    """Declares a conflict with ``clockwise``."""

    info: ClassVar[VariantInfo] = VariantInfo(summary="refuses clockwise", name="hates-clockwise",
                                              conflicts={"clockwise": "play must pass to the right"})


@attrs.frozen(eq=False)
class HiddenLeadRule(Variant):
    """Means "never lead a heart while holding another suit" but declares a window without leads.

    The engine trusts the window and never asks the hook on a lead, so the rule silently does
    nothing; only the kit's window check can tell.
    """

    info: ClassVar[VariantInfo] = VariantInfo(summary="no heart leads", name="hidden-lead-rule")

    @property
    def turn_windows(self) -> Mapping[str, TurnWindow]:
        return {"hokm_restrict_plays": TurnWindow(leads="none")}

    @hookimpl
    def hokm_restrict_plays(self, ctx: PlayContext) -> Collection[Card] | None:
        if ctx.led is not None or ctx.hand == ctx.cards_of(Suit.HEARTS):
            return None
        return ctx.hand - ctx.cards_of(Suit.HEARTS)
