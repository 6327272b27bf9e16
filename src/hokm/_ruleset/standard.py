"""Standard Hokm (as pagat describes it) as an ordinary plugin whose every hook runs last.

Every variant overrides a rule simply by answering the same hook; the
standard plugin answers whatever nobody else did.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Literal

import attrs

from hokm._plugin import hookimpl
from hokm.actions import CALL_TRUMP_ACTIONS, PLAY_CARD, Action
from hokm.cards import Card, Rank, Suit, full_deck
from hokm.context import Capture, HandTally, HandView, MatchView, Packets, VariantInfo
from hokm.errors import InvalidDealError, InvalidOptionError, _got, _shown
from hokm.outcomes import HandScore, Kot, majority
from hokm.table import Rotation, Seat, TableLayout, Team
from hokm.trick import Trick
from hokm.variant import Variant

__all__ = ["Standard"]

NAMED_PACKETS: tuple[tuple[int, ...], ...] = ((5, 4, 4), (5, 3, 3, 2), (5, 4, 2, 2), (5, 8))


def _non_negative_int(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{attribute.name} must be a non-negative integer, got {_shown(value)}")


def _positive_int(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{attribute.name} must be a positive integer, got {_shown(value)}")


DEFAULT_PACKETS = (5, 4, 4)
"""Pagat's deal."""

FIRST_PACKET = 5
"""The Hakem calls trump having seen exactly this many cards: every packet pattern starts with it."""


def _packets(value: Sequence[int] | str) -> tuple[int, ...]:
    """Accept ``(5, 4, 4)`` or the written form ``"5-4-4"``."""
    if isinstance(value, str):
        if len(value) > 100:
            raise ValueError(f"packets must be packet sizes such as '5-4-4', got {_shown(value)}")
        parts = [part.strip() for part in value.replace("-", ",").split(",")]
        if not all(part.isdigit() for part in parts):
            raise ValueError(f"packets must be packet sizes such as '5-4-4' or (5, 4, 4), "
                             f"got {_shown(value)}")
        return tuple(int(part) for part in parts)
    if not isinstance(value, list | tuple):
        raise TypeError(f"packets must be packet sizes such as (5, 4, 4) or '5-4-4', "
                        f"got {_got(value)}")
    return tuple(value)


def _check_packets(instance: object, attribute: attrs.Attribute[Any], value: tuple[int, ...]) -> None:
    if not value or any(isinstance(v, bool) or not isinstance(v, int) or v < 1 for v in value):
        raise ValueError(f"packets must be positive packet sizes such as (5, 4, 4), got {_shown(value)}")
    if value[0] != FIRST_PACKET:
        raise ValueError(f"packets must start with a packet of {FIRST_PACKET} (the Hakem calls trump "
                         f"after his first {FIRST_PACKET} cards), such as "
                         f"{' or '.join('-'.join(map(str, named)) for named in NAMED_PACKETS)}; "
                         f"got {_shown(value)}")


def _check_first_hakem(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value in ("first-ace", "random"):
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"first_hakem must be 'first-ace', 'random' or a seat number, got {_shown(value)}")


@attrs.frozen(eq=False)  # pluggy tells registered plugins apart by ==; keep identity
class Standard(Variant):
    """Pagat's 4-player Hokm; the ways other tables play it are keyword options.

    Attributes:
        target: points that win the match (a set, with ``sets`` > 1).
        kot_points: the Hakem's team takes the first seven tricks.
        hakem_kot_points: the opponents take the first seven tricks.
        play_all: play all 13 tricks instead of stopping at 7.
        succession: after a lost hand the Hakem passes to the ``"next"`` or ``"previous"`` seat.
        first_hakem: ``"first-ace"`` (face-up deal), ``"random"`` or a fixed seat.
        packets: the packet pattern of the deal; the Hakem calls after the first packet.
        partners: ``"seating"`` or ``"second-ace"`` (the second Ace's receiver partners the Hakem).
        sets: sets of ``target`` to win (2: "two sets of 7").
    """

    info: ClassVar[VariantInfo] = VariantInfo(
        summary="pagat's 4-player Hokm: first Ace is Hakem, 5-4-4, stop at 7, kot 2 / Hakem-kot 3",
        source="pagat.com/whist/hokm.html; jahanshiri.ir/cardgames/en/hokm",
    )

    target: int = attrs.field(default=7, kw_only=True, validator=_positive_int)
    kot_points: int = attrs.field(default=2, kw_only=True, validator=_non_negative_int)
    hakem_kot_points: int = attrs.field(default=3, kw_only=True, validator=_non_negative_int)
    play_all: bool = attrs.field(default=False, kw_only=True,
                                 validator=attrs.validators.instance_of(bool))
    succession: Literal["next", "previous"] = attrs.field(
        default="next", kw_only=True, validator=attrs.validators.in_(("next", "previous")))
    first_hakem: Literal["first-ace", "random"] | int = attrs.field(
        default="first-ace", kw_only=True, validator=_check_first_hakem)
    packets: tuple[int, ...] = attrs.field(
        default=DEFAULT_PACKETS, kw_only=True, converter=_packets, validator=_check_packets)
    partners: Literal["seating", "second-ace"] = attrs.field(
        default="seating", kw_only=True, validator=attrs.validators.in_(("seating", "second-ace")))
    sets: int = attrs.field(default=1, kw_only=True, validator=_positive_int)

    @partners.validator
    def _check_partners(self, attribute: attrs.Attribute[Any], value: str) -> None:
        if value == "second-ace" and self.first_hakem != "first-ace":
            raise ValueError("partners='second-ace' needs first_hakem='first-ace': the face-up "
                             "deal goes on from the Ace that made the Hakem")

    def check_table(self, layout: TableLayout, deck_size: int, *, deals: bool) -> None:
        """Check the options that depend on the composed table, when the ruleset is composed.

        ``first_hakem`` must be a seat of ``layout``; when the standard deal is used
        (``deals``: no variant replaces it), ``packets`` other than the default must deal the
        whole deck (default packets that do not fit are the fault of the variant that changed
        the table without a deal of its own, and the engine names it).

        Raises:
            InvalidOptionError: naming ``standard`` and the option.
        """
        players = layout.players
        if isinstance(self.first_hakem, int) and not self.first_hakem < players:
            raise InvalidOptionError(
                f"variant 'standard', option 'first_hakem': {self.first_hakem} is not a seat of this "
                f"{players}-player table (seats 0..{players - 1}), nor 'first-ace' or 'random'")
        dealt = sum(self.packets) * players
        # Default packets that do not fit: a variant changed the table without a deal of its own
        # (the engine names it); packets the user chose are his to fix.
        if deals and dealt != deck_size and self.packets != DEFAULT_PACKETS:
            per_seat = (f"packets adding up to {deck_size // players}, such as "
                        f"{FIRST_PACKET}-{deck_size // players - FIRST_PACKET}"
                        if deck_size % players == 0 and deck_size // players > FIRST_PACKET
                        else f"a variant's own deal: {deck_size} cards do not split evenly "
                             f"among {players} players")
            raise InvalidOptionError(
                f"variant 'standard', option 'packets': {'-'.join(map(str, self.packets))} deals "
                f"{dealt:,} cards to {players} players but the deck has {deck_size}; use {per_seat}")

    # Table and deal ------------------------------------------------------------

    @hookimpl(trylast=True)
    def hokm_table_layout(self) -> TableLayout:
        return TableLayout.standard(4)

    @hookimpl(trylast=True)
    def hokm_rotation(self) -> Rotation:
        return Rotation.COUNTERCLOCKWISE

    @hookimpl(trylast=True)
    def hokm_deck(self) -> Sequence[Card]:
        return full_deck()

    @hookimpl(trylast=True)
    def hokm_deal_pattern(self) -> Packets:
        return Packets(self.packets)

    @hookimpl(trylast=True)
    def hokm_trump_call(self) -> Sequence[Action]:
        # The caller names one of the four suits (asked once: it takes no argument).
        return CALL_TRUMP_ACTIONS

    @hookimpl(trylast=True)
    def hokm_action_space(self) -> Sequence[Action]:
        # Ids 0-51 play a card (by Card.index), 52-55 call a suit; the core adds the stock
        # draw's actions when the deal is a StockDraw.
        return PLAY_CARD + CALL_TRUMP_ACTIONS

    @hookimpl(trylast=True)
    def hokm_first_hakem(self, layout: TableLayout, face_up: Sequence[Card], first_seat: Seat,
                         rng: random.Random) -> Seat:
        if self.first_hakem == "random":
            return Seat(int(rng.random() * layout.players))
        if self.first_hakem != "first-ace":
            return layout.check_seat(self.first_hakem)
        for position, card in enumerate(face_up):
            if card.rank == Rank.ACE:
                return Seat((first_seat + position) % layout.players)
        raise InvalidDealError(f"face_up holds no Ace ({len(face_up)} cards): deal face up until "
                               "the first Ace")

    @hookimpl(trylast=True)
    def hokm_seating(self, layout: TableLayout, face_up: Sequence[Card], first_seat: Seat,
                     hakem: Seat) -> tuple[int, ...]:
        seating = list(range(layout.players))
        if self.partners == "seating" or layout.players != 4:
            return tuple(seating)
        # The face-up deal continues after the first Ace, skipping the Hakem.
        aces = [i for i, card in enumerate(face_up) if card.rank == Rank.ACE]
        if len(aces) < 2:
            raise InvalidDealError(f"face_up holds {len(aces)} Ace{'' if len(aces) == 1 else 's'} "
                                   f"({len(face_up)} cards): the second-Ace seating deals face up "
                                   "until a second Ace")
        position = aces[0] + 1
        receiver = (hakem + 1) % layout.players
        for card in face_up[position:]:  # a second Ace is among them (checked above)
            if card.rank == Rank.ACE:
                break
            receiver = (receiver + 1) % layout.players
            if receiver == hakem:
                receiver = (receiver + 1) % layout.players
        opposite = (hakem + 2) % layout.players
        seating[receiver], seating[opposite] = seating[opposite], seating[receiver]
        return tuple(seating)

    # Trick play ----------------------------------------------------------------

    @hookimpl(trylast=True)
    def hokm_effective_suit(self, card: Card) -> Suit:
        return card.suit

    @hookimpl(trylast=True)
    def hokm_card_rank(self, card: Card) -> int:
        return int(card.rank)

    @hookimpl(trylast=True)
    def hokm_trick_winner(self, trick: Trick) -> Seat:
        return trick.default_winner()

    @hookimpl(trylast=True)
    def hokm_trick_capture(self, winner: Seat) -> Capture:
        return Capture.of(winner)

    def stop_at(self, tricks_total: int) -> int | None:
        """Tricks that end the hand for the team taking them (``None``: play every trick).

        The engine applies this threshold itself when no variant answers ``hokm_hand_complete``.
        """
        return None if self.play_all else majority(tricks_total)

    @hookimpl(trylast=True)
    def hokm_hand_complete(self, tally: HandTally) -> bool:
        stop = self.stop_at(tally.tricks_total)
        return tally.tricks_left == 0 or (stop is not None and max(tally.team_tricks) >= stop)

    # Scoring and succession --------------------------------------------------------

    @hookimpl(trylast=True)
    def hokm_kot(self, tally: HandTally) -> Kot:
        # From the tally alone: asked once per distinct tally, never per hand.
        team = tally.first_tricks_by(majority(tally.tricks_total))
        return Kot.NONE if team is None else Kot(team)

    @hookimpl(trylast=True)
    def hokm_hand_score(self, tally: HandTally, kot: Team | None) -> HandScore:
        if kot is not None:
            if kot == tally.hakem_team:
                return HandScore(kot, self.kot_points, kot=True, label="kot")
            return HandScore(kot, self.hakem_kot_points, kot=True, label="hakem-kot")
        tricks = tally.team_tricks
        return HandScore(Team(tricks.index(max(tricks))), 1)

    @hookimpl(trylast=True)
    def hokm_next_hakem(self, hand: HandView, score: HandScore) -> Seat:
        if score.winner == hand.team_of(hand.hakem):
            return hand.hakem
        step = 1 if self.succession == "next" else -1
        return Seat((hand.hakem + step) % hand.layout.players)

    @hookimpl(trylast=True)
    def hokm_match_winner(self, match: MatchView) -> Team | None:
        teams = match.layout.team_count
        if self.sets == 1:
            return _leader_at_target(match.scores, self.target)
        sets_won = [0] * teams
        points = [0] * teams
        for result in match.results:
            points[result.winner] += result.points
            set_winner = _leader_at_target(points, self.target)
            if set_winner is not None:
                sets_won[set_winner] += 1
                points = [0] * teams
                if sets_won[set_winner] >= self.sets:
                    return set_winner
        return None


def _leader_at_target(scores: Sequence[int], target: int) -> Team | None:
    """The team at or past ``target`` with the most points; ``None`` if none or tied."""
    best = max(scores)
    if best < target or list(scores).count(best) > 1:
        return None
    return Team(list(scores).index(best))
