"""Troefcall (Suriname, the Netherlands): the first Jack calls, must overtrump, kap and baunie.

Pagat's *Troefcall* (verified through a mirror) gives the deal, the roles, the rotation and the
"no picture, no game" redeal: play is clockwise; the first player dealt a Jack face up calls
trump, and the player before him deals; the caller is given five cards and calls, then five go
to each other player and two rounds of four to everybody; a caller whose thirteen cards hold no
King, Queen or Jack may show them and have the same dealer deal again; while the caller's side
wins, the same dealer deals, otherwise the failed caller deals and the next seat calls.

**Provisional:** the trumping duty, the hand scores, the kap decision, capitulation and the
match follow a single secondary source, the 2026 *Troefcall rulebook* site (TC-RB), because
pagat's scoring section could not be read and Wikipedia's point words (kap = 13, bounie = 52)
do not fit TC-RB's table. They are options, so a table that plays otherwise can say so.

>>> import hokm
>>> from hokm import Card, Suit, cards
>>> rules = hokm.Ruleset.compose("troefcall")
>>> rules.rotation                          # clockwise (rendering only)
Rotation.CLOCKWISE
>>> caller = rules.first_hakem(cards("5♦ A♠ J♣"), first_seat=0)   # the J♣ falls to seat 2
>>> caller, rules.dealer_for(caller)
(2, 1)
>>> trick = [(0, Card.parse("7♦")), (1, Card.parse("K♠"))]         # spades are trump
>>> sorted(map(str, rules.legal_plays(cards("6♠ A♠ 3♣"), trick, trump=Suit.SPADES)))
['A♠']

A side that takes the first seven tricks has a *kap*; the winner of the seventh trick stops
(5 points) or plays on for the *baunie* (all 13 tricks, 15 points):

>>> by_suit = [[c for c in hokm.full_deck() if c.suit is suit] for suit in Suit]
>>> hand = rules.new_hand(by_suit, hakem=0, trump=Suit.SPADES)    # seat 0 holds every spade
>>> while hand.pending_decision is None:
...     hand = hand.play(max(hand.legal_plays(), key=lambda card: card.rank))
>>> hand.tricks_played, hand.to_act, [str(option) for option in hand.legal_actions()]
(7, 0, ['play on', 'stop'])
>>> result = hand.apply(hokm.PlayOn(False)).result()
>>> result.label, result.points, result.next_hakem
('kap', 5, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, Literal

import attrs

from hokm import (
    Action,
    Card,
    Decision,
    Effect,
    HandScore,
    HandView,
    InvalidDealError,
    MatchStatus,
    MatchView,
    PauseWindow,
    PlayOn,
    Rank,
    Rotation,
    Seat,
    TableLayout,
    Team,
    TurnWindow,
    Variant,
    VariantInfo,
    VoidDuty,
    full_deck,
    hookimpl,
    majority,
)

__all__ = ["PICTURES", "Capitulate", "ClaimRedeal", "Troefcall", "draw_rank", "high_card_draw"]

PICTURES: frozenset[Rank] = frozenset({Rank.KING, Rank.QUEEN, Rank.JACK})
"""The picture cards of "no picture, no game": an Ace is not one (pagat names K, Q, J)."""

_KAP_CHOICES = (PlayOn(True), PlayOn(False))
"""The kap offer: play on for the baunie, or stop and score the kap."""


@attrs.frozen
class ClaimRedeal(Action):
    """The caller shows his 13 cards, none a King, Queen or Jack, and the hand is dealt again.

    Offered only on the caller's first turn, before he leads, and only when the claim is valid.
    Declining is simply leading a card, so nobody else learns that he could have claimed.
    """

    tag = "troefcall/claim-redeal"
    explanation = "Your cards are shown to everyone and the hand is dealt again."

    def __str__(self) -> str:
        return "claim a redeal (no picture)"


def _flag(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value.__class__ is not bool:
        raise TypeError(f"{type(instance).__name__}() {attribute.name} must be True or False, "
                        f"got {value!r}")


@attrs.frozen
class Capitulate(Action):
    """Answer to the capitulation offer after a trick: ``True`` concedes the hand for the seat's side."""

    tag = "troefcall/capitulate"

    concede: bool = attrs.field(validator=_flag)

    def __str__(self) -> str:
        return "capitulate" if self.concede else "keep playing"


_CAPITULATION_CHOICES = (Capitulate(True), Capitulate(False))
_CLAIM: tuple[Action, ...] = (ClaimRedeal(),)
# The claim is offered only on the caller's lead to the first trick.
_CLAIM_WINDOW = TurnWindow(leads="hakem", follows="none", tricks=slice(None, 1))
# Not after the first trick either: one side holds no trick, so nobody may capitulate yet (and
# so no capitulation can have ended the hand there).
_CAPITULATION_WINDOW = PauseWindow(before_play=False, tricks=slice(1, None))
_WINDOWS: Mapping[str, TurnWindow | PauseWindow] = MappingProxyType({
    "hokm_turn_options": _CLAIM_WINDOW,
    "hokm_pending_decision": _CAPITULATION_WINDOW,
    "hokm_hand_complete": _CAPITULATION_WINDOW})
_KAP_ONLY: Mapping[str, TurnWindow | PauseWindow] = MappingProxyType({
    "hokm_turn_options": _CLAIM_WINDOW,
    "hokm_pending_decision": PauseWindow(before_play=False, trick_ends="majority")})
_PICTURE_MASK = sum(card.mask for card in full_deck() if card.rank in PICTURES)
# The offers, one per seat (a table has at most 16), built once: a Decision is a frozen value,
# and the engine checks an options tuple it has seen before by identity.
_KAP_OFFERS = tuple(
    Decision(Seat(seat), _KAP_CHOICES,
             reason="kap: your side took the first seven tricks; play on for the baunie (all 13), or stop?")
    for seat in range(16))
_CAPITULATION_OFFERS = tuple(
    Decision(Seat(seat), _CAPITULATION_CHOICES,
             reason="capitulate for your side? the other side then scores the hand")
    for seat in range(16))


def draw_rank(card: Card) -> int:
    """A card's rank in the draw for the first dealer: Aces high (14) down to twos (2); suits are equal.

    >>> from hokm import Card
    >>> draw_rank(Card.parse("A♣")), draw_rank(Card.parse("K♥")), draw_rank(Card.parse("2♠"))
    (14, 13, 2)
    """
    return int(card.rank)


def high_card_draw(face_up: Sequence[Card], players: int,
                   first_seat: int = 0) -> tuple[tuple[tuple[Seat, Card], ...], ...]:
    """The rounds of the draw for the first dealer, as ``(seat, card)`` pairs in the order drawn.

    Every seat, in play order from ``first_seat``, takes the next card of ``face_up``. Seats that
    share the highest ``draw_rank`` draw again, alone and in the same order, from the cards that
    follow, until one seat is highest: he deals the first hand, and the next seat calls.

    >>> from hokm import cards
    >>> rounds = high_card_draw(cards("A♠ 9♥ A♦ 3♣ 4♠ 2♦"), players=4)
    >>> [[(seat, str(card)) for seat, card in one] for one in rounds]
    [[(0, 'A♠'), (1, '9♥'), (2, 'A♦'), (3, '3♣')], [(0, '4♠'), (2, '2♦')]]

    Raises:
        InvalidDealError: ``face_up`` runs out while seats are still tied.
    """
    seats = [Seat((first_seat + offset) % players) for offset in range(players)]
    rounds: list[tuple[tuple[Seat, Card], ...]] = []
    position = 0
    while True:
        if position + len(seats) > len(face_up):
            raise InvalidDealError(
                f"face_up ran out ({len(face_up)} cards) during troefcall's draw for the first "
                f"dealer with seats {', '.join(map(str, seats))} still tied: deal more cards face up")
        drawn = tuple(zip(seats, face_up[position:position + len(seats)], strict=True))
        position += len(seats)
        rounds.append(drawn)
        best = max(draw_rank(card) for _, card in drawn)
        seats = [seat for seat, card in drawn if draw_rank(card) == best]
        if len(seats) == 1:
            return tuple(rounds)


def _points(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{attribute.name} must be a positive integer, got {value!r}")


def _target(instance: Troefcall, attribute: attrs.Attribute[Any], value: object) -> None:
    if instance.match == "set":
        if value is not None:
            raise ValueError(f"target={value!r} is refused with match='set', which ends after "
                             f"set_hands={instance.set_hands} hands: give match='target' with it")
        return
    if value is None:
        raise ValueError("target must be given with match='target' (it has no default), "
                         "e.g. target=30")
    _points(instance, attribute, value)
    if instance.set_hands != _SET_HANDS:
        raise ValueError(f"set_hands={instance.set_hands!r} counts the hands of match='set' and "
                         "means nothing with match='target': leave it out")


_SET_HANDS = 4
"""Hands in a set (TC-RB: a set is four hands at one table)."""


def _other(team: Team) -> Team:
    """The other side (Troefcall is a game of two partnerships)."""
    return Team(1 - team)


@attrs.frozen(eq=False)  # pluggy tells registered plugins apart by ==; keep identity
class Troefcall(Variant):
    """Pagat's Troefcall, with TC-RB's scoring, kap and capitulation (provisional).

    *Provisional* below means: the rule rests on a single secondary source, the 2026
    Troefcall rulebook site (TC-RB), because pagat's scoring section could not be read and
    Wikipedia's point words do not fit TC-RB's table; it will change when pagat's or the
    federation's table is read.

    Attributes:
        first_caller: who calls in the first hand. ``"first-jack"`` (pagat): cards are dealt
            face up, one a seat in play order, until a Jack; its receiver calls and the seat
            before him deals. ``"high-card-dealer"`` (TC-RB): every seat draws a card, the
            highest deals (Aces high, suits equal, see ``draw_rank``) and the next seat calls;
            seats tied highest draw again (a house choice).
        trumping: what a seat that cannot follow suit must play. ``"must-overtrump"``: a
            trump if it holds one, and one that beats the trump now winning the trick if it
            can (a lower trump if that is all it holds). ``"must-trump"``: any trump if it
            holds one. ``"free"``: any card (Hokm and Court Piece practice). Provisional
            (single secondary source, TC-RB).
        redeal: "no picture, no game" (pagat): a caller whose 13 cards hold no King, Queen or
            Jack (an Ace is no picture) may claim before he leads; his cards are shown, the
            hand is annulled and the same dealer deals again. No limit.
        win_points: a side with 7 tricks while the other has at least one; also a
            capitulation. Provisional (single secondary source, TC-RB).
        kap_points: a side that took the first seven tricks stops there. Provisional (single
            secondary source, TC-RB).
        baunie_points: the kap side played on and took all 13 tricks. Provisional (single
            secondary source, TC-RB).
        failed_baunie_points: the kap side played on and lost a trick; the hand ends at once
            and the **other** side scores this. Provisional (single secondary source, TC-RB).
        capitulation: after a trick, once both sides hold a trick, each seat in turn from the
            trick's winner may concede for its side; the other side scores ``win_points``.
            Provisional (single secondary source, TC-RB).
        match: ``"set"``: ``set_hands`` hands are played (annulled ones do not count), the side
            with more points wins, equal totals draw; provisional (single secondary source,
            TC-RB). ``"target"``: the first side to ``target`` points wins, overshoot counts
            (a house choice).
        set_hands: hands in a set (only with ``match="set"``).
        target: points that win with ``match="target"``, which needs it (there is no
            default); refused with ``match="set"``.
    """

    info: ClassVar[VariantInfo] = VariantInfo(
        name="troefcall",
        summary="Troefcall (Suriname): first Jack calls, clockwise, must overtrump, "
                "kap 5 / baunie 15, capitulation, sets of 4 hands (scoring provisional)",
        conflicts={
            "court-piece": "troefcall has its own rotation, play-on and scoring",
            "bavney": "troefcall has its own play-on for all 13 tricks (the baunie) and scoring",
            "obligatory-trump": "troefcall owns the trumping rule: use its option 'trumping'",
            "redeal": "troefcall has its own redeal ('no picture, no game'): use its option 'redeal'",
            "hidden-trump": "Troefcall's caller names trump openly; the combination has no source",
            "be-ranga": "Troefcall's caller names trump from his first five; the combination has "
                        "no source",
            "double-sar": "troefcall scores tricks as they are won; the combination has no source",
            "satat": "Troefcall has no 2♥ rule; the combination has no source",
            "two-player": "Troefcall is a game for two partnerships of two",
            "three-player": "Troefcall is a game for two partnerships of two",
        },
        source="pagat.com/whist/troefcall.html (deal, roles, rotation, redeal); catsatcards.com; "
               "Wikipedia: Troefcall; the Troefcall rulebook site, VITAL-Development/"
               "troefcall-rulebook (trumping, scoring, kap, capitulation, sets: provisional)",
        replaces={
            "first_hakem": "use troefcall's own 'first_caller' option",
            "partners": "partners sit opposite; the second-Ace seating needs the first-Ace Hakem",
            "packets": "the caller gets five, then five to each other seat, then four and four (5-4-4)",
            "play_all": "the hand ends as soon as its result is fixed (or on a kap, by choice)",
            "kot_points": "use troefcall's 'kap_points' and 'baunie_points'",
            "hakem_kot_points": "use troefcall's 'kap_points' and 'baunie_points'",
            "succession": "same dealer while the caller's side wins, else the failed caller deals",
            "target": "use troefcall's 'match' and 'target' options",
            "sets": "use troefcall's 'match' and 'set_hands' options",
        },
    )

    first_caller: Literal["first-jack", "high-card-dealer"] = attrs.field(
        default="first-jack", kw_only=True,
        validator=attrs.validators.in_(("first-jack", "high-card-dealer")))
    trumping: Literal["must-overtrump", "must-trump", "free"] = attrs.field(
        default="must-overtrump", kw_only=True,
        validator=attrs.validators.in_(("must-overtrump", "must-trump", "free")))
    redeal: bool = attrs.field(default=True, kw_only=True, validator=attrs.validators.instance_of(bool))
    win_points: int = attrs.field(default=2, kw_only=True, validator=_points)
    kap_points: int = attrs.field(default=5, kw_only=True, validator=_points)
    baunie_points: int = attrs.field(default=15, kw_only=True, validator=_points)
    failed_baunie_points: int = attrs.field(default=2, kw_only=True, validator=_points)
    capitulation: bool = attrs.field(
        default=True, kw_only=True, validator=attrs.validators.instance_of(bool))
    match: Literal["set", "target"] = attrs.field(
        default="set", kw_only=True, validator=attrs.validators.in_(("set", "target")))
    set_hands: int = attrs.field(default=_SET_HANDS, kw_only=True, validator=_points)
    target: int | None = attrs.field(default=None, kw_only=True, validator=_target)

    @property
    def inactive_hooks(self) -> frozenset[str]:
        """Hooks idle under the options: the void duty (``"free"``), the redeal, capitulation."""
        idle = set()
        if self.trumping == "free":
            idle.add("hokm_void_duty")
        if not self.redeal:
            idle |= {"hokm_turn_options", "hokm_decision_effect"}
        if not self.capitulation:
            idle.add("hokm_hand_complete")
        return frozenset(idle)

    # Table and the first caller ------------------------------------------------------

    @hookimpl
    def hokm_rotation(self) -> Rotation:
        # Clockwise, as pagat says; rendering only (who sits on whose left).
        return Rotation.CLOCKWISE

    @hookimpl
    def hokm_first_hakem(self, layout: TableLayout, face_up: Sequence[Card], first_seat: Seat) -> Seat:
        players = layout.players
        if self.first_caller == "high-card-dealer":
            last = high_card_draw(face_up, players, first_seat)[-1]
            dealer = max(last, key=lambda drawn: draw_rank(drawn[1]))[0]
            return Seat((dealer + 1) % players)  # the caller sits after the dealer
        for position, card in enumerate(face_up):
            if card.rank is Rank.JACK:
                return Seat((first_seat + position) % players)
        raise InvalidDealError(f"face_up holds no Jack ({len(face_up)} cards): troefcall deals "
                               "face up until the first Jack")

    # Trick play --------------------------------------------------------------------

    @hookimpl
    def hokm_void_duty(self) -> VoidDuty | None:
        # Declared once; the engine applies it on every void play (idle with "free").
        if self.trumping == "must-overtrump":
            return VoidDuty.OVERTRUMP
        if self.trumping == "must-trump":
            return VoidDuty.TRUMP
        return None

    @hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        claim: tuple[Action, ...] = (ClaimRedeal(),) if self.redeal else ()
        return (*_KAP_CHOICES, *(_CAPITULATION_CHOICES if self.capitulation else ()), *claim)

    @property
    def turn_windows(self) -> Mapping[str, TurnWindow | PauseWindow]:
        """The redeal claim is offered only on the caller's lead to the first trick. The kap only
        after the seventh trick, and the capitulation offer (if on) after any trick from the
        second (both sides must hold a trick), never before play; so a capitulation ends the
        hand only there."""
        return _WINDOWS if self.capitulation else _KAP_ONLY

    # No picture, no game ------------------------------------------------------------

    @hookimpl
    def hokm_turn_options(self, hand: HandView) -> Sequence[Action] | None:
        # Only on the caller's lead to the first trick (he leads it): the deal is complete and
        # no card has been played. Declining is leading a card, which leaves no trace.
        if hand.tricks_played or hand.to_act != hand.hakem:
            return None
        if hand.hand_mask(hand.hakem) & _PICTURE_MASK:  # no frozenset of his 13 cards
            return None
        return _CLAIM

    @hookimpl
    def hokm_decision_effect(self, hand: HandView, seat: Seat, action: Action) -> Effect | None:
        if isinstance(action, ClaimRedeal):
            return Effect(annul=True, show=hand.hand_of(seat))  # all 13 cards, face up
        return None  # the kap and capitulation answers are only recorded

    # Kap and capitulation (M4) -----------------------------------------------------------

    @hookimpl
    def hokm_pending_decision(self, hand: HandView) -> Decision | None:
        played = hand.tricks_played
        if not played:
            return None
        seven = majority(hand.tricks_total)
        if played == seven and hand.first_tricks_by(seven) is not None:
            if _kap_choice(hand) is None:  # only the seventh trick's winner is asked
                return _KAP_OFFERS[hand.winners[-1]]
            return None
        tricks = hand.team_tricks
        if not self.capitulation or 0 in tricks:
            return None  # a side has no trick yet: no concession then
        for count in tricks:  # (a loop is cheaper than max() on two sides)
            if count >= seven:
                return None  # the hand is over
        players = hand.layout.players
        now = played * players  # cards played: this pause's decisions were taken at this count
        asked = 0
        taken_at = hand.decisions_at
        position = len(taken_at)
        if position and taken_at[-1] == now:  # answers at this pause (the counts never decrease)
            decisions = hand.decisions
            while position and taken_at[position - 1] == now:
                position -= 1
                action = decisions[position][1]
                if isinstance(action, Capitulate):
                    if action.concede:
                        return None
                    asked += 1
        if asked >= players:
            return None  # everyone declined after this trick
        # The next seat in play order from the trick's winner.
        return _CAPITULATION_OFFERS[(hand.winners[-1] + asked) % players]

    @hookimpl
    def hokm_hand_complete(self, hand: HandView) -> bool | None:
        # A capitulation ends the hand; otherwise the standard stop at seven and hokm_play_on.
        return True if _capitulated(hand) is not None else None

    @hookimpl
    def hokm_play_on(self, hand: HandView) -> bool:
        # Asked once a side holds seven: only a kap side that chose to play on goes on, and only
        # while it has every trick.
        team = hand.first_tricks_by(majority(hand.tricks_total))
        if team is None or not _kap_choice(hand):
            return False
        return hand.first_tricks_by(hand.tricks_played) == team

    # Scoring and the match ----------------------------------------------------------------

    @hookimpl
    def hokm_hand_score(self, hand: HandView) -> HandScore:
        conceded = _capitulated(hand)
        if conceded is not None:
            return HandScore(_other(hand.team_of(conceded)), self.win_points, label="capitulation")
        kap = hand.first_tricks_by(majority(hand.tricks_total))
        if kap is not None:
            if hand.first_tricks_by(hand.tricks_played) != kap:  # played on and lost a trick
                return HandScore(_other(kap), self.failed_baunie_points, label="failed-baunie")
            if hand.tricks_played == hand.tricks_total:
                return HandScore(kap, self.baunie_points, kot=True, label="baunie")
            return HandScore(kap, self.kap_points, kot=True, label="kap")
        tricks = hand.team_tricks
        return HandScore(Team(tricks.index(max(tricks))), self.win_points, label="win")

    @hookimpl
    def hokm_match_winner(self, match: MatchView) -> Team | MatchStatus:
        scores = match.scores
        best = max(scores)
        if self.match == "target":
            assert self.target is not None  # the option's validator requires it
            return Team(scores.index(best)) if best >= self.target else MatchStatus.GOES_ON
        if len(match.results) < self.set_hands:
            return MatchStatus.GOES_ON
        if scores.count(best) > 1:
            return MatchStatus.DRAWN
        return Team(scores.index(best))


def _kap_choice(hand: HandView) -> bool | None:
    """The kap side's answer (``True``: play on), or ``None`` before it was given."""
    for _seat, action in hand.decisions:
        if isinstance(action, PlayOn):
            return action.accept
    return None


def _capitulated(hand: HandView) -> Seat | None:
    """The seat that conceded the hand, if one did."""
    for seat, action in hand.decisions:
        if isinstance(action, Capitulate) and action.concede:
            return seat
    return None
