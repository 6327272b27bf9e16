"""Double Sar: won tricks pile up in the centre until one player wins two in a row and collects them.

After the Double Sar paragraph of pagat's *Court Piece / Rang* and Wikipedia's *Court piece*,
with TashZone's Court Piece specification for the last-trick sweep and the blocked pick-ups. A
trick's winner does not take it: it goes to a centre pile, and only when the same player wins two
tricks in a row does he collect the whole pile for his team. The winner of the last trick takes
whatever is left, so all 13 tricks are played; the team with 7 or more *collected* tricks wins the
hand, and collecting all 13 is this variant's kot (scored with the usual kot / Hakem-kot values).
Option ``ace_rule`` adds the "Double Sar with Ace" customs of some apps. Composed with
``court-piece``, Court Piece scores the deals and Double Sar decides who owns the tricks.
Composed with ``be-ranga``, no pair collects before be-ranga's ``first_pickup`` allows it; with
``hidden-trump`` ("Hidden Rung"), a pair collects only if its first trick was won with a card
played after the reveal.

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

from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Literal

import attrs

from hokm import (
    Capture,
    Card,
    HandTally,
    HandView,
    Kot,
    Rank,
    RulesetInfo,
    Seat,
    TableLayout,
    Team,
    Trick,
    Variant,
    VariantInfo,
    hookimpl,
)

__all__ = ["ACE_RULES", "DoubleSar", "pile_collectors"]

ACE_RULES: tuple[str, ...] = ("off", "two-aces", "ace-cannot-collect")
"""The values of option ``ace_rule``."""


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


def pile_collectors(winners: Sequence[int], aces: Sequence[bool], *,
                    same: Callable[[int, int], bool], tricks_total: int = 13,
                    reset_after_collect: bool = True, blocked_pickups: Iterable[int] = (),
                    ace_rule: str = "off", first_collection: int = 2,
                    after_reveal: Sequence[bool] | None = None) -> tuple[int | None, ...]:
    """Who collects the centre after each trick: Double Sar's collection procedure, step by step.

    ``winners[i]`` won trick ``i + 1``, with an Ace if ``aces[i]``; ``same(a, b)``
    says whether a win by ``b`` completes a pair with a pending win by ``a`` (the same
    seat, or with ``chain="team"`` the same team). ``None`` means the trick stayed in
    the centre. The pending win is the last trick's winner and whether his card was an
    Ace, or none. The steps are listed on the variant's docs page.

    The blocks other variants bring, (b) and (c) of step 3 there: no pair collects at a trick
    numbered below ``first_collection`` (be-ranga's ``first_pickup``: 3 for
    ``"trick-3"``, the trick after the fixing trick for ``"after-fixing-trick"``); and
    with ``after_reveal`` (hidden-trump: whether the card that won each trick was played
    after the reveal), a pair collects only if the card that won its first trick was.
    Like ``blocked_pickups`` they leave the pending win with the winner, and never block
    the last trick's sweep.

    >>> same_seat = lambda a, b: a == b
    >>> pile_collectors([1, 1, 0, 0], [True, True, False, False], same=same_seat)
    (None, 1, None, 0)
    >>> pile_collectors([1, 1, 0, 0], [True, True, False, False], same=same_seat,
    ...                 ace_rule="two-aces")  # the second Ace trick is not even a win
    (None, None, None, 0)
    >>> pile_collectors([1, 1, 1, 1], [False] * 4, same=same_seat, first_collection=4)
    (None, None, None, 1)
    >>> pile_collectors([1, 1, 1, 1], [False] * 4, same=same_seat,
    ...                 after_reveal=[False, False, True, True])  # the reveal came in trick 3
    (None, None, None, 1)
    """
    blocked = frozenset(blocked_pickups)
    pending: tuple[int, bool] | None = None
    collectors: list[int | None] = []
    for number, (winner, ace) in enumerate(zip(winners, aces, strict=True), start=1):
        if number >= tricks_total:  # 2: the last trick sweeps; nothing blocks it
            collectors.append(winner)
            pending = None
            continue
        two_aces = False
        if pending is not None and same(pending[0], winner):  # 3: a pair
            two_aces = ace_rule == "two-aces" and ace and pending[1]  # 4 (d)
            cannot = ace_rule == "ace-cannot-collect" and ace  # 4 (e)
            held_back = (number < first_collection  # 4 (b)
                         or (after_reveal is not None and not after_reveal[number - 2]))  # 4 (c)
            if not (number in blocked or held_back or two_aces or cannot):  # 4 (a)
                collectors.append(winner)  # 5: the pair collects the pile
                pending = None if reset_after_collect else (winner, ace)
                continue
        # 6: no pair, or a blocked one: this trick is the pending win, except after two Aces.
        collectors.append(None)
        pending = None if two_aces else (winner, ace)
    return tuple(collectors)


def _first_collection(hand: HandView) -> int:
    """The first trick at which a pair may collect under be-ranga's ``first_pickup`` (block (b))."""
    if hand.options["be-ranga"]["first_pickup"] == "trick-3":
        return 3  # nobody collects at trick 2
    if hand.trump is None:  # not fixed yet: only the last trick's sweep collects
        return hand.tricks_total
    # "after-fixing-trick": from the trick after the one in which the trump was fixed. trump_from
    # is the fixing card's play (never a lead), or with fixing_card_is_trump=False the first
    # play of the next trick: either way the fixing trick is the one holding play trump_from - 1.
    return (hand.trump_from - 1) // hand.layout.players + 2


def _won_after_reveal(hand: HandView, number: int,
                      plays: Sequence[tuple[int, Card]] | None = None) -> bool:
    """Whether the card that won trick ``number`` was played after hidden-trump's reveal (block (c))."""
    if hand.trump is None:
        return False  # not revealed yet
    players, since = hand.layout.players, hand.trump_from
    start = (number - 1) * players
    if since <= start or since >= start + players:
        return since <= start  # the reveal came before, or after, the whole trick
    winner = hand.winners[number - 1]  # the reveal came inside this trick: look at the card
    plays = hand.plays if plays is None else plays
    return next(index for index in range(start, start + players) if plays[index][0] == winner) >= since


def _won_with_an_ace(trick: Trick) -> bool:
    """Whether the card that won ``trick`` is an Ace (of any suit; the satat 2♥ is a two)."""
    return any(seat == trick.winner and card.rank == Rank.ACE for seat, card in trick.plays)


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
        ace_rule: ``"off"`` (pagat); ``"two-aces"``: a pair whose two winning cards are
            both Aces does not collect, and its second trick does not count as a win;
            ``"ace-cannot-collect"``: a trick won with an Ace never completes a pair.

    Two variants block pairs too, read during play from ``hand.variants`` and
    ``hand.options``: ``be-ranga`` (its ``first_pickup``: ``"trick-3"``, nobody collects at
    trick 2; ``"after-fixing-trick"``, no pair collects at or before the trick in which the
    trump was fixed) and ``hidden-trump`` (a pair collects only if the card that won its
    first trick was played after the reveal). A blocked pair leaves the pending win with
    the winner, as a blocked trick number does; the last trick always sweeps.
    """

    info: ClassVar[VariantInfo] = VariantInfo(
        name="double-sar",
        summary="tricks pile up in the centre; the same player winning two in a row collects the pile",
        conflicts={
            "bavney": "Double Sar has no 'first seven tricks': collected tricks decide the hand, "
                      "and collecting all 13 is already its kot",
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
    ace_rule: Literal["off", "two-aces", "ace-cannot-collect"] = attrs.field(
        default="off", kw_only=True, validator=attrs.validators.in_(ACE_RULES))

    def _reads_the_hand(self, ruleset: RulesetInfo) -> bool:
        """Whether the rule needs the hand: the ace rules read the winning cards, and be-ranga's
        ``"after-fixing-trick"`` the trick in which the trump was fixed."""
        return self.ace_rule != "off" or (
            "be-ranga" in ruleset and ruleset.options["be-ranga"]["first_pickup"] != "trick-3")

    @hookimpl
    def hokm_trick_capture(self, winner: Seat, number: int, previous: Seat | None, previous_collected: bool,
                           in_force: bool, tricks_total: int, layout: TableLayout,
                           ruleset: RulesetInfo) -> Capture | None:
        # Takes no hand: a table asked when the rules are composed, for every winner, previous winner
        # and trick number. The rule needs only them: the last trick sweeps; a pair (the same player,
        # or team, winning two in a row) collects unless its trick number is blocked, its first trick
        # was a collection (reset_after_collect), or a composed variant blocks it: be-ranga's trick 3
        # (block (b)), hidden trump's reveal (block (c): the pair's first trick won after it).
        if self._reads_the_hand(ruleset):
            return None  # the hook below reads the hand
        if number >= tricks_total:
            return Capture.of(winner)  # the last trick sweeps whatever is left
        if previous is None or (self.reset_after_collect and previous_collected):
            return Capture.NOBODY
        if self.chain == "player":
            chained = previous == winner
        else:
            chained = layout.team_of(previous) == layout.team_of(winner)
        if not chained or number in self.blocked_pickups:
            return Capture.NOBODY
        if "be-ranga" in ruleset and number < 3:
            return Capture.NOBODY  # first_pickup "trick-3": nobody collects at trick 2
        if "hidden-trump" in ruleset and not in_force:
            return Capture.NOBODY
        return Capture.of(winner)

    @hookimpl(specname="hokm_trick_capture")
    def capture_with_the_hand(self, hand: HandView, winner: Seat, number: int) -> Capture | None:
        # The ace rules and be-ranga's "after-fixing-trick" read the hand (asked only where the
        # table above has no answer: with those options).
        if number >= hand.tricks_total:
            return Capture.of(winner)  # the last trick sweeps whatever is left
        if number == 1:
            return Capture.NOBODY
        # hand.winners already ends with this trick's winner; collectors cover earlier tricks.
        # The pending win, if any, is the previous trick's: no pair unless it chains.
        if self.reset_after_collect and hand.collectors[number - 2] is not None:
            return Capture.NOBODY  # the previous trick was a collection: no pair started there
        previous = hand.winners[number - 2]
        if self.chain == "player":
            chained = previous == winner
        else:
            chained = hand.team_of(previous) == hand.team_of(winner)
        if not chained:
            return Capture.NOBODY
        if self.ace_rule != "off":
            return Capture.of(self._replayed(hand)[-1])
        if number in self.blocked_pickups:
            return Capture.NOBODY
        # The blocks of other variants ((b), (c)), asked only of a pair and only when composed:
        # like a blocked trick they leave the pending win with the winner.
        variants = hand.variants
        if "be-ranga" in variants and number < _first_collection(hand):
            return Capture.NOBODY
        if "hidden-trump" in variants and not _won_after_reveal(hand, number - 1):
            return Capture.NOBODY
        return Capture.of(winner)

    def _replayed(self, hand: HandView) -> tuple[int | None, ...]:
        """The collection procedure over the hand so far, Ace-won tricks included."""
        aces = [_won_with_an_ace(trick) for trick in hand.tricks]
        team_of, by_seat = hand.team_of, self.chain == "player"

        def same(a: int, b: int) -> bool:
            return a == b if by_seat else team_of(a) == team_of(b)

        variants = hand.variants
        first = _first_collection(hand) if "be-ranga" in variants else 2
        after_reveal = None
        if "hidden-trump" in variants:
            plays = hand.plays
            after_reveal = [_won_after_reveal(hand, number, plays) for number in range(1, len(aces) + 1)]
        return pile_collectors(hand.winners, aces, same=same, tricks_total=hand.tricks_total,
                               reset_after_collect=self.reset_after_collect,
                               blocked_pickups=self.blocked_pickups, ace_rule=self.ace_rule,
                               first_collection=first, after_reveal=after_reveal)

    @hookimpl
    def hokm_hand_complete(self) -> bool:
        # Nothing is settled while tricks lie in the centre: play all of them, even after a
        # team has collected seven (the core ends the hand when the cards run out). Answering
        # here rather than in hokm_play_on also settles court-piece's play-on question.
        return False

    @hookimpl
    def hokm_kot(self, tally: HandTally) -> Kot:
        # The kot of Double Sar is collecting every trick of the hand (from the tally alone).
        for team, count in enumerate(tally.team_tricks):
            if count == tally.tricks_total:
                return Kot(Team(team))
        return Kot.NONE
