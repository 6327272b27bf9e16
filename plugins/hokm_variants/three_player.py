"""Three-player Hokm: one two removed, 17 cards each, everyone for himself.

After every trick the hand is checked, in this order: a player who took the
first seven tricks (the others none) wins at once, a kot worth 2 if he is the
Hakem and 3 otherwise; else a player whose tricks exceed each other player's
tricks plus the tricks still to play wins 1 point; else, once all 17 tricks
are played with two players tied at the top, the third player wins 1 point.

Source: pagat's three-player Hokm (pagat.com/whist/hokm.html): 51 cards, 17
each, the stop rule and its examples. Which two is removed and the packets after
the first five are hokm's choices (the 2♣; 5-4-4-4).

>>> import hokm
>>> rules = hokm.Ruleset.compose("three-player")
>>> rules.players, len(rules.deck), rules.hand_size
(3, 51, 17)
>>> hokm.Card.parse("2♣") in rules.deck
False
>>> decided_winner((7, 4, 3), tricks_left=3) is None   # the 4 can still reach 7
True
>>> decided_winner((7, 4, 4), tricks_left=2)           # nobody can catch the 7
0
>>> decided_winner((7, 7, 3), tricks_left=0)           # tied at the top: the third wins
2
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal

import attrs

from hokm import (
    Card,
    HandScore,
    HandTally,
    HandView,
    Kot,
    Packets,
    Rank,
    Seat,
    Suit,
    TableLayout,
    Team,
    Variant,
    VariantInfo,
    full_deck,
    hookimpl,
)

__all__ = ["KOT_TRICKS", "PACKETS", "ThreePlayer", "decided_winner"]

KOT_TRICKS = 7
"""Taking this many tricks first, the others none, ends the hand as a kot."""
PACKETS = (5, 4, 4, 4)
"""The deal: the Hakem's first five (he calls trump from them), then three rounds of four."""

TieWinner = Literal["odd-player", "hakem"]
Succession = Literal["next", "hand-winner"]


def decided_winner(tricks: Sequence[int], tricks_left: int, *, hakem: int = 0,
                   tie_winner: TieWinner = "odd-player") -> Seat | None:
    """The winner of a hand that is decided without a kot, or ``None`` while play goes on.

    A player wins once his tricks exceed each other player's tricks plus the
    tricks left (nobody can catch him). With no tricks left and two players
    tied at the top, the third player wins (``tie_winner="odd-player"``) or the
    Hakem does (``"hakem"``, whether he is one of the tied pair or the third).

    Args:
        tricks: tricks taken so far, per seat.
        tricks_left: tricks still to play.
        hakem: the Hakem's seat (only used with ``tie_winner="hakem"``).
        tie_winner: who wins a hand that ends with two players tied at the top.
    """
    for seat, count in enumerate(tricks):
        if all(count > other + tricks_left for rival, other in enumerate(tricks) if rival != seat):
            return Seat(seat)
    if tricks_left > 0:
        return None
    best = max(tricks)
    if tie_winner == "hakem":
        return Seat(hakem)
    # No unique leader with every trick played: two are tied at the top (17 is not divisible by 3).
    return Seat(next(seat for seat, count in enumerate(tricks) if count != best))


def _two(value: Card | str) -> Card:
    """Accept a card or its notation (``"2♣"``, ``"2c"``)."""
    return Card.parse(value) if isinstance(value, str) else value


def _check_two(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, Card):
        raise TypeError(f"{attribute.name} must be a Card or a string such as '2♣', got {value!r}")
    if value.rank != Rank.TWO:
        raise ValueError(f"{attribute.name} must be one of the four twos, got {value}")


@attrs.frozen(eq=False)  # pluggy tells registered plugins apart by ==; keep identity
class ThreePlayer(Variant):
    """Three players, each for himself, play 17 tricks from a 51-card pack.

    Attributes:
        removed_two: the two taken out of the pack (default the 2♣; pagat leaves it open).
        tie_winner: who wins a 17-trick hand with two players tied at the top
            (6-6-5, 7-7-3, 8-8-1): ``"odd-player"`` (pagat's sentence, the third
            player) or ``"hakem"`` (the Hakem, tied or not).
        succession: ``"next"`` (the Hakem keeps the role if he won the hand,
            else the next seat takes it) or ``"hand-winner"`` (the hand's winner
            becomes Hakem).
    """

    info: ClassVar[VariantInfo] = VariantInfo(
        name="three-player",
        summary="3 players each for himself: 51 cards, 17 each (5-4-4-4), won once nobody can catch up",
        conflicts={
            "two-player": "both set the number of players",
            "court-piece": "Court Piece is a 4-player partnership game",
            "bavney": "bavney plays on after a team's first seven; three-player stops at once on a kot",
            "double-sar": "the 3-player stop rule counts tricks won; double-sar scores tricks collected",
        },
        source="pagat.com/whist/hokm.html (three players); Wikipedia: Court piece",
        replaces={
            "packets": "51 cards are dealt 5-4-4-4",
            "partners": "three players have no partners",
            "play_all": "three-player's own rule ends the hand: a kot, a lead out of reach, or 17 tricks",
            "succession": "use three-player's own 'succession' option",
        },
    )

    removed_two: Card = attrs.field(default=Card(Rank.TWO, Suit.CLUBS), kw_only=True,
                                    converter=_two, validator=_check_two)
    tie_winner: TieWinner = attrs.field(
        default="odd-player", kw_only=True, validator=attrs.validators.in_(("odd-player", "hakem")))
    succession: Succession = attrs.field(
        default="next", kw_only=True, validator=attrs.validators.in_(("next", "hand-winner")))

    # Table and deal ------------------------------------------------------------

    @hookimpl
    def hokm_table_layout(self) -> TableLayout:
        return TableLayout.standard(3)

    @hookimpl
    def hokm_deck(self) -> tuple[Card, ...]:
        return tuple(card for card in full_deck() if card != self.removed_two)

    @hookimpl
    def hokm_deal_pattern(self) -> Packets:
        return Packets(PACKETS)

    # End of hand ----------------------------------------------------------------

    @hookimpl
    def hokm_hand_complete(self, tally: HandTally) -> bool:
        # From the tally alone: asked once per distinct tally.
        if tally.first_tricks_by(KOT_TRICKS) is not None:
            return True
        return decided_winner(tally.team_tricks, tally.tricks_left, hakem=tally.hakem,
                              tie_winner=self.tie_winner) is not None

    # Scoring and succession -----------------------------------------------------------

    @hookimpl
    def hokm_kot(self, tally: HandTally) -> Kot:
        # Three players cannot hold a "majority" of 17 in the 4-player sense: the first seven is the kot.
        team = tally.first_tricks_by(KOT_TRICKS)
        return Kot.NONE if team is None else Kot(team)

    @hookimpl
    def hokm_hand_score(self, tally: HandTally, kot: Team | None) -> HandScore | None:
        if kot is not None:
            return None  # a kot: the standard kot / Hakem-kot values (2 / 3) apply
        winner = decided_winner(tally.team_tricks, tally.tricks_left, hakem=tally.hakem,
                                tie_winner=self.tie_winner)
        if winner is None:
            return None  # stopped by some other plugin's rule: no opinion
        tricks = tally.team_tricks
        tied = tricks.count(max(tricks)) > 1
        return HandScore(Team(winner), 1, label="tie" if tied else "win")

    @hookimpl
    def hokm_next_hakem(self, hand: HandView, score: HandScore) -> Seat:
        winner = hand.layout.seats_of(score.winner)[0]
        if self.succession == "hand-winner" or winner == hand.hakem:
            return winner
        return hand.layout.next_seat(hand.hakem)

