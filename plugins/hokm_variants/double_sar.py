"""Double Sar: won tricks pile up in the centre until one player wins two in a row and collects them.

After the Double Sar paragraph of pagat's *Court Piece / Rang* and Wikipedia's *Court piece*,
with TashZone's Court Piece specification for the last-trick sweep and the blocked pick-ups. A
trick's winner does not take it: it goes to a centre pile, and only when the same player wins two
tricks in a row does he collect the whole pile for his team. The winner of the last trick takes
whatever is left, so all 13 tricks are played; the team with 7 or more *collected* tricks wins the
hand, and collecting all 13 is this variant's kot (scored with the usual kot / Hakem-kot values).

>>> import hokm
>>> from hokm import Suit, cards
>>> rules = hokm.Ruleset.compose("double-sar")
>>> hand = rules.new_hand([cards("A♠ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥"),
...                        cards("K♠ A♥ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦"),
...                        cards("Q♠ A♦ K♦ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣"),
...                        cards("J♠ Q♣ K♣ A♣ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠")],
...                       hakem=0, trump=Suit.SPADES)
>>> for card in cards("A♠ K♠ Q♠ J♠"):  # seat 0 wins trick 1: it stays in the centre
...     hand = hand.play(card)
>>> hand.team_tricks, hand.pile
((0, 0), 1)
>>> for card in cards("2♥ A♥ 2♣ 2♠"):  # seat 3 trumps: a different player, still no collection
...     hand = hand.play(card)
>>> hand.team_tricks, hand.pile, hand.winners
((0, 0), 2, (0, 3))
>>> for card in cards("3♠ 3♥ 2♦ 3♣"):  # seat 3 wins again: he collects all three tricks
...     hand = hand.play(card)
>>> hand.team_tricks, hand.pile, hand.collectors
((0, 3), 0, (None, None, 3))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Literal

import attrs

from hokm import Capture, HandView, Kot, Seat, Team, Variant, VariantInfo, hookimpl

__all__ = ["DoubleSar"]


def _trick_numbers(value: Iterable[int]) -> frozenset[int]:
    """Accept any iterable of trick numbers (a set, a list, a range)."""
    if isinstance(value, str | bytes):
        raise TypeError(f"blocked_pickups must be a collection of trick numbers, got {value!r}")
    return frozenset(value)


def _check_blocked(instance: object, attribute: attrs.Attribute[Any], value: frozenset[int]) -> None:
    for number in value:
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 12:
            raise ValueError(
                f"blocked_pickups must hold trick numbers 1..12 (trick 13 always sweeps), "
                f"got {number!r}")


@attrs.frozen(eq=False)  # pluggy tells registered plugins apart by ==; keep identity
class DoubleSar(Variant):
    """Tricks go to a centre pile; two wins in a row by the same player collect it.

    Attributes:
        chain: ``"player"`` (pagat: the same player must win both tricks) or ``"team"``
            (a house rule: two in a row by the same team).
        reset_after_collect: the collecting trick does not start a new pair, so the collector
            must win two *more* tricks to collect again (as TashZone has it).
        blocked_pickups: trick numbers after which nobody may collect, e.g. ``{2}`` or
            ``{2, 12}``; the last trick always sweeps.
    """

    info: ClassVar[VariantInfo] = VariantInfo(
        name="double-sar",
        summary="tricks pile up in the centre; the same player winning two in a row collects the pile",
        conflicts={
            "bavney": "Double Sar has no 'first seven tricks': collected tricks decide the hand, "
                      "and collecting all 13 is already its kot",
            "court-piece": "both decide when a hand ends and how it scores; courts scoring of "
                           "Double Sar is not defined",
            "three-player": "Double Sar is a 13-trick game; three-player's 17-trick early-stop "
                            "rule counts tricks as they are won, not as they are collected",
        },
        source="pagat.com/whist/rang.html (Double Sar); Wikipedia: Court piece; TashZone Court Piece spec",
    )

    chain: Literal["player", "team"] = attrs.field(
        default="player", kw_only=True, validator=attrs.validators.in_(("player", "team")))
    reset_after_collect: bool = attrs.field(
        default=True, kw_only=True, validator=attrs.validators.instance_of(bool))
    blocked_pickups: frozenset[int] = attrs.field(
        default=frozenset(), kw_only=True, converter=_trick_numbers, validator=_check_blocked)

    @hookimpl
    def hokm_trick_capture(self, hand: HandView, winner: Seat, number: int) -> Capture | None:
        # Only the winner and the trick number matter: no Trick value is built for this rule.
        if number >= hand.tricks_total:
            return Capture.of(winner)  # the last trick sweeps whatever is left
        if number == 1 or number in self.blocked_pickups:
            return Capture.NOBODY
        # hand.winners already ends with this trick's winner; collectors cover earlier tricks.
        if self.reset_after_collect and hand.collectors[number - 2] is not None:
            return Capture.NOBODY  # the previous trick was a collection: no pair started there
        previous = hand.winners[number - 2]
        if self.chain == "player":
            chained = previous == winner
        else:
            chained = hand.team_of(previous) == hand.team_of(winner)
        return Capture.of(winner) if chained else Capture.NOBODY

    @hookimpl
    def hokm_play_on(self) -> bool:
        # Nothing is settled while tricks lie in the centre: play all of them, even after
        # a team has collected seven.
        return True

    @hookimpl
    def hokm_kot(self, hand: HandView) -> Kot:
        # The kot of Double Sar is collecting every trick of the hand.
        for team, count in enumerate(hand.team_tricks):
            if count == hand.tricks_total:
                return Kot(Team(team))
        return Kot.NONE
