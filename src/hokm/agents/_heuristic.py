"""The ``heuristic`` agent: a rule-based player that reads only its observation.

Its rules, in plain words, are in the docs ("The heuristic player"); the class
docstring lists them too. Every card is judged by the ruleset's effective suits
and ranks through the observation's ``trick`` tables, so Satat's 2♥ counts as
the top trump and a card of the trump suit played before a hidden trump's
reveal as an ordinary card, without the agent knowing either variant.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from hokm.actions import Action, CallTrump, Discard, DrawCard, PlayCard, PlayOn
from hokm.agents._protocol import BaseAgent, turn_observation
from hokm.cards import Card, Suit
from hokm.observation import HandObservation, MatchObservation
from hokm.outcomes import Phase
from hokm.trick import Trick

__all__ = ["HeuristicAgent"]

_HONOUR_FROM = 10
"""Ranks above this (J, Q, K, A, and Satat's 2♥) count as honours when calling trump."""
_KEEP_FROM = 10
"""The lowest plain rank worth keeping in the two-player draw (a 10)."""
_HIGH = 11
"""A led card this high (a Jack or better) makes a trick worth trumping early."""


class HeuristicAgent(BaseAgent):
    """A rule-based player of decent club strength; deterministic, reads only its observation.

    - **Trump call:** names the suit it holds most cards of in the first packet;
      between suits of equal length, the one with more honour points (J 1, Q 2,
      K 3, A 4, Satat's 2♥ 5, by the ruleset's own ranks under that trump: the 2♥
      counts in every suit it would be a trump of).
    - **Leading:** cashes a sure winner of a plain suit (the highest card left in
      its suit, led where no opponent is known to ruff it); draws trumps with the
      top trump when it holds at least as many trumps as are still out; else
      leads low from its longest plain suit, avoiding suits an opponent ruffs.
    - **Following:** with its side already winning the trick safely (or playing
      last), plays low and never over-takes its partner; else wins as cheaply as
      it can with a card no later opponent can beat, or, playing last, with the
      cheapest winning card; it plays low second hand when a partner is still to
      play.
    - **Void:** trumps in (with the cheapest winning trump) when the trick matters
      (an opponent wins it and no partner is left to play, an honour was led, or
      the Double Sar pile is big); otherwise discards the lowest card of its
      shortest plain suit, keeping its sure winners.
    - **Double Sar:** a trick is worth the pile it may collect: with two or more
      tricks in the centre it spends its best winning card rather than the cheapest.
    - **Play on (bavney, court-piece, Troefcall's kap):** plays on when its side has
      a good chance: no opponent can hold a trump above its own and it holds sure
      winners for at least half the tricks left.
    - **Two-player draw:** keeps a trump, or a 10 or better (or, seeing both cards,
      the better one); discards the lowest card of its shortest plain suit.
    - **Obligations** (must-trump, a variant's duty) need nothing: it chooses only
      among ``legal_actions``.
    - **Decisions it does not know** (a variant's own actions): at the trump call, a
      choice that names one of its cards (a face-down indicator) is read as naming
      that card's suit, and it picks the lowest card of the suit it would call; a
      yes-or-no question (two answers of one action that differ only in a True/False
      field, such as Troefcall's capitulation) is answered no; an announcement is
      declined (it plays a card); anything else gets the first legal action.

    >>> import hokm
    >>> from hokm.agents import HeuristicAgent
    >>> rules = hokm.Ruleset.compose()
    >>> hand = rules.deal(hokm.full_deck())        # seat 0 is dealt A♠ to 5♠ first
    >>> HeuristicAgent().act(hand.observation(0))
    CallTrump(suit=Suit.SPADES)
    """

    def act(self, observation: HandObservation | MatchObservation) -> Action:
        """The heuristic's choice among ``observation``'s legal actions.

        Raises:
            GameStateError: the observation offers no action (it is not this seat's turn).
        """
        view = turn_observation(observation)
        legal = view.legal_actions
        plays = [action.card for action in legal if isinstance(action, PlayCard)]
        if plays:
            return PlayCard(_Play(view, plays).choose())
        calls = [action for action in legal if isinstance(action, CallTrump)]
        if calls and view.phase is Phase.TRUMP:
            return _call(view, calls)
        if all(isinstance(action, DrawCard) for action in legal):
            return _draw(view, legal)
        discards = [action.card for action in legal if isinstance(action, Discard)]
        if discards and len(discards) == len(legal):
            return Discard(_shed(view, discards))
        if all(isinstance(action, PlayOn) for action in legal):
            return PlayOn(_Play(view, list(view.hand)).good_chance())
        if view.phase is Phase.TRUMP:
            named = [(card, action) for action in legal if (card := _named_card(action)) is not None]
            if named:
                return _indicator(view, named)
        return _declined(legal) or legal[0]

    def __repr__(self) -> str:
        return "HeuristicAgent()"


# The trump call and the two-player draw --------------------------------------------


def _call(view: HandObservation, calls: Sequence[CallTrump]) -> CallTrump:
    rules = view.ruleset
    if rules is None:
        return calls[0]

    def score(call: CallTrump) -> tuple[int, int]:
        suit = call.suit
        mine = [card for card in view.hand if rules.effective_suit(card, suit) == suit]
        return len(mine), sum(max(0, rules.card_rank(card, suit) - _HONOUR_FROM) for card in mine)

    return max(calls, key=score)  # ties: the first offered (suit order)


def _named_card(action: Action) -> Card | None:
    """The card an action names (``action.card``), if it has one."""
    card = getattr(action, "card", None)
    return card if isinstance(card, Card) else None


def _indicator(view: HandObservation, named: Sequence[tuple[Card, Action]]) -> Action:
    """A trump-call choice that names one of the caller's cards (a face-down indicator): the
    lowest card of the suit the trump call would name."""
    suits = {card.suit for card, _ in named}
    best = _call(view, [CallTrump(suit) for suit in Suit if suit in suits]).suit
    return min(((card, action) for card, action in named if card.suit is best),
               key=lambda pair: (int(pair[0].rank), pair[0].index))[1]


def _declined(legal: Sequence[Action]) -> Action | None:
    """The "no" of a yes-or-no decision: options of one class whose one field is a bool."""
    kinds = {type(action) for action in legal}
    if len(kinds) != 1 or len(legal) != 2:
        return None
    (kind,) = kinds
    if not attrs.has(kind) or len(attrs.fields(kind)) != 1:
        return None
    name = attrs.fields(kind)[0].name
    answers = {getattr(action, name): action for action in legal}
    if set(answers) != {True, False} or not all(type(answer) is bool for answer in answers):
        return None
    return answers[False]


def _draw(view: HandObservation, legal: Sequence[Action]) -> Action:
    keep = next(a for a in legal if isinstance(a, DrawCard) and a.keep)
    reject = next((a for a in legal if isinstance(a, DrawCard) and not a.keep), keep)
    offered = view.offered
    if offered is None:
        return keep

    def worth(card: Card) -> int:
        if view.trump is not None and view.trick.suit_of(card) == view.trump:
            return 100 + view.trick.rank_of(card)
        return view.trick.rank_of(card)

    if view.offered_next is not None:
        return keep if worth(offered) >= worth(view.offered_next) else reject
    return keep if worth(offered) >= _KEEP_FROM else reject  # a trump is worth 100 or more


def _shed(view: HandObservation, cards: Sequence[Card]) -> Card:
    """The card to give up: the lowest of the shortest plain suit (trumps last)."""
    trick = view.trick
    trump = trick.trump
    lengths: dict[Suit, int] = {}
    for card in view.hand:
        lengths[trick.suit_of(card)] = lengths.get(trick.suit_of(card), 0) + 1
    return min(cards, key=lambda card: (trick.suit_of(card) == trump, lengths.get(trick.suit_of(card), 0),
                                        trick.rank_of(card), card.index))


# Trick play -----------------------------------------------------------------------------


class _Play:
    """One card decision: the trick, who is still to play, and what each seat may hold."""

    def __init__(self, view: HandObservation, legal: list[Card]) -> None:
        rules = view.ruleset
        assert rules is not None
        self.view = view
        self.legal = sorted(legal, key=lambda card: card.index)
        self.trick: Trick = view.trick
        self.trump: Suit | None = self.trick.trump
        layout = rules.layout
        self.players = layout.players
        me = view.seat
        self.me = me
        self.team = layout.teams[me]
        self.teams = layout.teams
        played = len(view.current_trick)
        self.after = [(me + offset) % self.players for offset in range(1, self.players - played)]
        self.partners_after = [seat for seat in self.after if self.teams[seat] == self.team]
        self.opponents_after = [seat for seat in self.after if self.teams[seat] != self.team]
        unseen = view.unseen
        held = view.known_holdings
        # Cards each other seat may hold: unseen ones its plays do not rule out, and its known ones.
        self.possible = [frozenset() if seat == me else (unseen - view.cannot_hold[seat]) | held[seat]
                         for seat in range(self.players)]
        outside: set[Card] = set(unseen)
        for seat in range(self.players):
            if seat != me:
                outside |= held[seat]
        self.outside = frozenset(outside)

    # Card facts -----------------------------------------------------------------------

    def suit(self, card: Card) -> Suit:
        return self.trick.suit_of(card)

    def rank(self, card: Card) -> int:
        return self.trick.rank_of(card)

    def is_trump(self, card: Card) -> bool:
        return self.trump is not None and self.trick.trick_suit_of(card) == self.trump

    def master(self, card: Card) -> bool:
        """No card outside this seat's hand ranks above ``card`` in its trick suit."""
        suit, rank = self.trick.trick_suit_of(card), self.rank(card)
        return not any(self.trick.trick_suit_of(other) == suit and self.rank(other) > rank
                       for other in self.outside)

    def may_ruff(self, seat: int, suit: Suit) -> bool:
        """Whether ``seat`` is known void in ``suit`` and may hold a trump."""
        if self.trump is None or suit == self.trump or suit not in self.view.voids[seat]:
            return False
        return any(self.is_trump(card) for card in self.possible[seat])

    def beatable(self, card: Card, led: Suit) -> bool:
        """Whether an opponent still to play may beat ``card`` once it wins the trick."""
        suit, rank = self.trick.trick_suit_of(card), self.rank(card)
        for seat in self.opponents_after:
            for other in self.possible[seat]:
                if self.trick.trick_suit_of(other) == suit and self.rank(other) > rank:
                    return True
            if not self.is_trump(card) and self.may_ruff(seat, led):
                return True
        return False

    # Decisions ------------------------------------------------------------------------

    def choose(self) -> Card:
        if len(self.legal) == 1:
            return self.legal[0]
        if not self.view.current_trick:
            return self.lead()
        return self.follow()

    def cheap(self, cards: Sequence[Card]) -> Card:
        """The least valuable card: non-trumps first, then the lowest rank."""
        return min(cards, key=lambda card: (self.is_trump(card), self.rank(card), card.index))

    def shed(self, cards: Sequence[Card]) -> Card:
        """A discard: the lowest card of the shortest plain suit, keeping sure winners."""
        plain = [card for card in cards if not self.is_trump(card)]
        pool = [card for card in plain if not self.master(card)] or plain or list(cards)
        lengths: dict[Suit, int] = {}
        for card in self.view.hand:
            lengths[self.suit(card)] = lengths.get(self.suit(card), 0) + 1
        return min(pool, key=lambda card: (self.is_trump(card), lengths[self.suit(card)], self.rank(card),
                                           card.index))

    def lead(self) -> Card:
        legal = self.legal
        opponents = [seat for seat in range(self.players) if self.teams[seat] != self.team]
        plain = [card for card in legal if not self.is_trump(card)]
        trumps = [card for card in legal if self.is_trump(card)]
        winners = [card for card in plain if self.master(card)
                   and not any(self.may_ruff(seat, self.suit(card)) for seat in opponents)]
        if winners:
            return max(winners, key=lambda card: (self.rank(card), card.index))
        if trumps:
            out = sum(1 for card in self.outside if self.is_trump(card))
            top = max(trumps, key=lambda card: (self.rank(card), card.index))
            if out and len(trumps) >= out and self.master(top):
                return top
        if plain:
            lengths: dict[Suit, int] = {}
            for card in plain:
                lengths[self.suit(card)] = lengths.get(self.suit(card), 0) + 1
            safe = [card for card in plain
                    if not any(self.may_ruff(seat, self.suit(card)) for seat in opponents)] or plain
            return min(safe, key=lambda card: (-lengths[self.suit(card)], self.rank(card), card.index))
        return self.cheap(legal)

    def follow(self) -> Card:
        trick, legal = self.trick, self.legal
        led = trick.led
        assert led is not None
        best = trick.winning_play()
        assert best is not None
        winner, winning = best
        following = all(self.suit(card) == led for card in legal)
        if self.teams[winner] == self.team:
            # The partner wins: never over-take; throw the least useful card.
            return self.cheap(legal) if following else self.shed(legal)
        beaters = [card for card in legal if trick.beats(card, winning)]
        worth = 1 + self.view.pile  # a Double Sar trick may carry the pile with it
        if beaters:
            if not self.after:  # playing last: the cheapest winner is enough
                return self.cheap(beaters)
            sure = [card for card in beaters if not self.beatable(card, led)]
            if sure:
                return max(sure, key=self.strength) if worth > 2 else self.cheap(sure)
            ruffing = not following
            matters = (not self.partners_after or worth > 2
                       or trick.rank_of(trick.plays[0][1]) >= _HIGH)
            if ruffing and matters:
                return max(beaters, key=self.strength) if worth > 2 else self.cheap(beaters)
            if following and not self.partners_after:
                return max(beaters, key=self.strength)  # the best chance against the last hands
        return self.cheap(legal) if following else self.shed(legal)

    def strength(self, card: Card) -> tuple[bool, int, int]:
        return self.is_trump(card), self.rank(card), card.index

    def good_chance(self) -> bool:
        """Whether to play on: trump control and sure winners for half the tricks left."""
        hand = list(self.view.hand)
        if not hand:
            return False
        if self.trump is not None:
            mine = [card for card in hand if self.is_trump(card)]
            top = max((self.rank(card) for card in mine), default=-1)
            if any(self.is_trump(card) and self.rank(card) > top for card in self.outside):
                return False
        sure = sum(1 for card in hand if self.master(card))
        return 2 * sure >= len(hand)
