"""One hand of Hokm as an immutable state: ``apply`` returns the next state.

The old state stays valid, so states serve as history, search-tree nodes and
fixtures. Internally a transition copies a handful of slots and mutates the
copy; cards are 52-bit masks. The rules themselves live in the composed engine
(``hokm._compose``): a state asks it for the legal set, the trick winner, who
collects and whether the hand is over. Random playouts run in the kernel
(``hokm._kernel``) on one private copy; a property test checks that they give
exactly the hands that stepping with the same choices gives.

>>> import hokm
>>> from hokm import Card, Suit, cards
>>> rules = hokm.Ruleset.compose()
>>> deck = hokm.full_deck()
>>> hand = rules.new_hand([deck[0:13], deck[13:26], deck[26:39], deck[39:52]],
...                      hakem=0, trump=Suit.HEARTS)
>>> hand.to_act, sorted(map(str, hand.legal_plays()))[:3]
(0, ['10♠', '2♠', '3♠'])
>>> after = hand.play(Card.parse("A♠"))
>>> after.to_act, hand.to_act
(1, 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from hokm._checks import check_int, check_match_view, check_rng, register_class
from hokm._compose.card_sets import frozen_cards
from hokm._compose.masks import SegmentedTuples
from hokm._hand.events import hand_replayed, hand_step
from hokm._hand.keys import hand_key
from hokm._hand.moments import (
    LOG_ACT,
    LOG_GIVEN,
    NO_TRUMP,
    after_card,
    announcements,
    begin_call,
    begin_discards,
    begin_turn,
    decide,
    discard,
    discarder,
    end_of_hand,
    log,
)
from hokm._hand.observe import observe
from hokm._hand.parts import _FRESH_EXTRA, _Extra, _Setup
from hokm._hand.positions import Deal, deal_of, hand_history, started
from hokm._kernel.playout import play_out
from hokm.actions import (
    CALL_TRUMP_ACTIONS,
    DISCARD,
    DRAW_CHOICES,
    PLAY_CARD,
    Action,
    CallTrump,
    Discard,
    DrawCard,
    PlayCard,
    acting_at,
)
from hokm.cards import Card, Suit, full_deck
from hokm.context import Decision, MatchView, StockDraw
from hokm.errors import ActionTypeError, GameStateError, IllegalActionError, IllegalPlayError, _got
from hokm.events import replayed
from hokm.observation import HandObservation
from hokm.outcomes import DRAW, OVER, PHASES, PLAY, TRUMP, HandResult, HandScore, Phase
from hokm.table import Seat, TableLayout, Team
from hokm.trick import Trick

if TYPE_CHECKING:
    from hokm.events import Event
    from hokm.playouts import Playouts
    from hokm.rules import Ruleset
    from hokm.solver import Solution

__all__ = ["HandState"]

_SUITS: tuple[Suit, ...] = tuple(Suit)
_TRUMP, _DRAW, _PLAY, _OVER = TRUMP, DRAW, PLAY, OVER
_PHASES = PHASES
_DECK: tuple[Card, ...] = tuple(full_deck())
_NOTHING: frozenset[Card] = frozenset()
_CARD_AT: Callable[[int], Card] = _DECK.__getitem__  # the interned card at an index, in C
_play_actions: SegmentedTuples[PlayCard] = SegmentedTuples(PLAY_CARD.__getitem__)
_CORE_STEPS = (CallTrump, DrawCard, Discard)  # the core's actions other than a play (HandState._take)


def _indices(mask: int) -> Iterator[int]:
    """The card indices of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class HandState:
    """An immutable hand: query it, then ``apply`` an action to get the next state.

    Create one with ``hokm.Ruleset.new_hand`` (explicit hands) or
    ``hokm.Ruleset.deal`` (from a deck order, starting at the trump call).
    """

    __slots__ = (
        "_collectors",
        "_extra",
        "_hands",
        "_legal",
        "_phase",
        "_pile",
        "_plays",
        "_setup",
        "_team_tricks",
        "_to_act",
        "_trick",
        "_winners",
    )

    _setup: _Setup
    _phase: int
    _hands: list[int]
    _to_act: int
    _trick: list[int]
    _plays: list[int]
    _winners: tuple[int, ...]
    _collectors: tuple[int | None, ...]
    _team_tricks: tuple[int, ...]
    _pile: int
    _extra: _Extra
    _legal: int

    def __new__(cls) -> HandState:
        # A mypyc-compiled class refuses object.__new__; the states below use _NEW.
        return super().__new__(cls)

    def __init__(self) -> None:
        raise TypeError("create hands with Ruleset.new_hand() or Ruleset.deal()")

    # Construction ---------------------------------------------------------------

    @classmethod
    def _start(cls, ruleset: Ruleset, hands: list[int], hakem: int, first_packet: int,
               stock: tuple[int, ...], trump: int | None,
               order: Sequence[int] | tuple[tuple[int, ...], ...] = (), redeals: int = 0) -> HandState:
        engine = ruleset._engine
        state: HandState = _NEW(cls)
        state._setup = _Setup(ruleset, engine, hakem, first_packet, stock, order, redeals)
        state._phase = _TRUMP
        state._hands = hands
        state._to_act = hakem
        state._trick = []
        state._plays = []
        state._winners = ()
        state._collectors = ()
        state._team_tricks = (0,) * engine.team_count
        state._pile = 0
        state._extra = _FRESH_EXTRA[engine.players]  # copied before any change, so shared
        state._legal = -1
        if trump is not None:
            if not engine.classic:  # the trump call was skipped: records must say so
                log(state, LOG_GIVEN, _SUITS[trump])
            state._call_trump(trump)
        elif not engine.classic_call:
            begin_call(state)
        return state

    def _copy(self) -> HandState:
        new: HandState = _NEW(HandState)
        new._setup = self._setup
        new._phase = self._phase
        new._hands = self._hands.copy()
        new._to_act = self._to_act
        new._trick = self._trick.copy()
        new._plays = self._plays.copy()
        new._winners = self._winners
        new._collectors = self._collectors
        new._team_tricks = self._team_tricks
        new._pile = self._pile
        new._extra = self._extra
        new._legal = -1
        return new

    # Public queries --------------------------------------------------------------

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset this hand is played under."""
        return self._setup.ruleset

    @property
    def variants(self) -> tuple[str, ...]:
        """The selected variant names, in the order given (``ruleset.variants``).

        Hooks read it to adapt to a variant they are composed with:

        >>> import hokm
        >>> hokm.Ruleset.compose("satat", "clockwise").new_hand(
        ...     [hokm.full_deck()[i::4] for i in range(4)], trump=hokm.Suit.SPADES).variants
        ('satat', 'clockwise')
        """
        return self._setup.ruleset.variants

    @property
    def options(self) -> Mapping[str, Mapping[str, Any]]:
        """Every composed plugin's option values, by variant name, ``"standard"`` first (read-only).

        The same data as ``Ruleset.option_values`` (and, while composing, ``RulesetInfo.options``):
        defaults included, as the plugins hold them. Hooks read it during play to follow an
        option of another variant they are composed with; it is computed once per ruleset.

        >>> import hokm
        >>> rules = hokm.Ruleset.compose("be-ranga", "double-sar",
        ...                              options={"be-ranga": {"first_pickup": "after-fixing-trick"}})
        >>> hand = rules.new_hand([hokm.full_deck()[i::4] for i in range(4)])
        >>> hand.options["be-ranga"]["first_pickup"], hand.options["standard"]["target"]
        ('after-fixing-trick', 7)
        >>> hand.options is rules.option_values
        True
        """
        return self._setup.ruleset.option_values

    @property
    def layout(self) -> TableLayout:
        """The table layout."""
        return self._setup.engine.layout

    @property
    def phase(self) -> Phase:
        """Trump call, draw, play or over."""
        return _PHASES[self._phase]

    @property
    def hakem(self) -> Seat:
        """The Hakem: called trump (or will), leads the first trick."""
        return self._setup.hakem  # type: ignore[return-value]  # a Seat (NewType: no call)

    @property
    def dealer(self) -> Seat:
        """The dealer: always the seat before the Hakem."""
        return Seat((self._setup.hakem - 1) % self._setup.engine.players)

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None`` before the call and while the hand has none (RULES 1.5.1 rule 8)."""
        trump = self._setup.trump
        return _SUITS[trump] if 0 <= trump < NO_TRUMP else None

    @property
    def trump_from(self) -> int:
        """The play (0-based, in ``plays``) from which cards of the trump suit count as trumps.

        0 in the classic game; later when the trump appeared during the hand (a
        hidden trump's reveal, be-ranga's fixing card). An earlier card of the trump
        suit counts as one only in a trick where the trump suit was led.
        """
        return self._setup.trump_from

    @property
    def is_annulled(self) -> bool:
        """Whether the hand ended before its first trick and counts for nothing (a redeal)."""
        return self._extra.annulled

    @property
    def redeals(self) -> int:
        """Deals annulled in a row, with this Hakem, before this one (the redeal limit counts them)."""
        return self._setup.redeals

    @property
    def set_aside(self) -> tuple[frozenset[Card], ...]:
        """Each seat's cards laid face down apart from its hand (omniscient)."""
        return tuple(map(frozen_cards, self._extra.aside))

    def set_aside_unseen(self, seat: int) -> frozenset[Card]:
        """The cards of ``set_aside[seat]`` that ``seat`` itself has not seen: laid apart face down
        before it could look (``Effect(hidden_from_owner=True)``, as a blind indicator is). A rule
        that judges what a seat knows of its own cards leaves these out.

        >>> import random, hokm
        >>> rules = hokm.Ruleset.compose("hidden-trump", options={"hidden-trump": {"indicator": "blind"}})
        >>> hand = rules.deal(random.Random(1), hakem=0)
        >>> unseen = hand.set_aside_unseen(0)
        >>> unseen == hand.set_aside[0], len(unseen), hand.set_aside_unseen(1)
        (True, 1, frozenset())
        """
        blind = self._extra.blind
        if not blind and seat.__class__ is int and 0 <= seat < self._setup.engine.players:
            return _NOTHING  # (asked at every trump call by a rule that judges the caller's cards)
        return frozen_cards(self._extra.aside[self.layout.check_seat(seat)] & blind)

    @property
    def shown(self) -> frozenset[Card]:
        """Cards turned face up for every seat by a decision."""
        return frozen_cards(self._extra.shown)

    @property
    def announced(self) -> Action | None:
        """The announcement ``to_act`` made on this turn before its card (M3), if any."""
        return self._extra.announced

    @property
    def decisions_at(self) -> tuple[int, ...]:
        """How many cards had been played when each of ``decisions`` was taken."""
        return self._extra.decisions_at

    def dealt(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` was dealt, in the order received (omniscient).

        From a deck, in deal order (so the last four are the seat's last packet of
        four); for ``Ruleset.new_hand``, in the order given.
        """
        setup = self._setup
        if seat.__class__ is not int or not 0 <= seat < setup.engine.players:  # a hook's seat: no check
            seat = self.layout.check_seat(seat)
        order = setup.order
        if order and isinstance(order[0], tuple):
            indices: Sequence[int] = order[seat]  # type: ignore[assignment]
        else:
            indices = setup.engine.table.plans[setup.hakem].seats[seat](order) if order else ()  # type: ignore[arg-type]
        if len(indices) > 1:  # hooks read it at the trump call: one itemgetter builds it in C
            cards: tuple[Card, ...] = itemgetter(*indices)(_DECK)
            return cards
        return tuple(map(_CARD_AT, indices))

    @property
    def to_act(self) -> Seat | None:
        """The seat whose action is awaited, or ``None`` once the hand is over."""
        return None if self._phase == _OVER else self._to_act  # type: ignore[return-value]  # a Seat

    @property
    def is_over(self) -> bool:
        """Whether the hand is complete."""
        return self._phase == _OVER

    @property
    def pending_decision(self) -> Decision | None:
        """The blocking decision awaited from ``to_act``, if any."""
        return self._extra.pending

    @property
    def hands(self) -> tuple[frozenset[Card], ...]:
        """Every seat's cards (omniscient view: never give this to a player; see ``observation``)."""
        return tuple(map(frozen_cards, self._hands))

    def hand_of(self, seat: int) -> frozenset[Card]:
        """The cards ``seat`` holds now (omniscient)."""
        return frozen_cards(self._hands[self.layout.check_seat(seat)])

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds now as a mask, bit ``card.index`` set for each (omniscient).

        A hook asked on a hot path tests it against a fixed set (``Card.mask``s or'ed
        together) without building the frozenset ``hand_of`` gives.

        >>> import hokm
        >>> hand = hokm.Ruleset.compose().deal(list(hokm.full_deck()))
        >>> hand.hand_mask(0) == sum(card.mask for card in hand.hand_of(0))
        True
        """
        if seat.__class__ is not int or not 0 <= seat < self._setup.engine.players:  # else no check
            seat = self.layout.check_seat(seat)
        return self._hands[seat]

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        """Every card played so far, in order, with its seat."""
        return tuple((Seat(p >> 6), Card.from_index(p & 63)) for p in self._plays)

    @property
    def current_trick(self) -> Trick:
        """The trick in progress (empty between tricks)."""
        if self._setup.trump < 0:
            return Trick(())
        trump, first = self._active_trump()
        return self._setup.engine.cards.trick_value(self._trick, trump, len(self._winners) + 1,
                                              first_trump=first)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, each with its winner."""
        return self._tricks_won_by(self._winners)

    def _tricks_won_by(self, winners: Sequence[int]) -> tuple[Trick, ...]:
        """The first ``len(winners)`` tricks of the plays, won by ``winners``."""
        setup = self._setup
        engine, trump, since, n = setup.engine, setup.trump, setup.trump_from, setup.engine.players
        plays = self._plays
        tricks = []
        for i, winner in enumerate(winners):
            start = i * n
            if since >= start + n:  # the trump appeared after this trick
                tricks.append(engine.cards.trick_value(plays[start:start + n], NO_TRUMP, i + 1, winner))
            else:
                tricks.append(engine.cards.trick_value(plays[start:start + n], trump, i + 1, winner,
                                                 first_trump=max(0, since - start)))
        return tuple(tricks)

    def _active_trump(self) -> tuple[int, int]:
        """The trump table for the trick in progress, and the position its trumps count from."""
        setup = self._setup
        since = setup.trump_from
        if not since or len(self._plays) > setup.trump_settled:
            return setup.trump, 0
        played = len(self._plays)
        if since > played:
            return NO_TRUMP, 0
        return setup.trump, max(0, since - (played - len(self._trick)))

    @property
    def tricks_total(self) -> int:
        """Tricks in a full hand (13; 17 with three players)."""
        return self._setup.engine.hand_size

    @property
    def tricks_played(self) -> int:
        """Completed tricks."""
        return len(self._winners)

    @property
    def tricks_left(self) -> int:
        """Tricks not yet completed."""
        return self._setup.engine.hand_size - len(self._winners)

    @property
    def winners(self) -> tuple[Seat, ...]:
        """The winner of each completed trick, in order."""
        return self._winners  # type: ignore[return-value]

    @property
    def collectors(self) -> tuple[Seat | None, ...]:
        """Who collected the centre after each trick (``None``: it stayed there)."""
        return self._collectors  # type: ignore[return-value]

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks won per seat (by winning them, whoever collected them)."""
        counts = [0] * self._setup.engine.players
        for winner in self._winners:
            counts[winner] += 1
        return tuple(counts)

    @property
    def team_tricks(self) -> tuple[int, ...]:
        """Tricks each team has collected (= won, except under Double Sar)."""
        return self._team_tricks

    @property
    def pile(self) -> int:
        """Tricks lying uncollected in the centre (Double Sar)."""
        return self._pile

    @property
    def decisions(self) -> tuple[tuple[Seat, Action], ...]:
        """Decisions taken so far (seat, action), in order."""
        return self._extra.decisions

    @property
    def stock_left(self) -> int:
        """Cards left in the two-player stock (0 for other deals)."""
        return len(self._setup.stock) - self._extra.stock_pos

    @property
    def undealt(self) -> frozenset[Card]:
        """Cards of the deck this hand never deals to anyone, nor puts in a stock (omniscient).

        The 26 cards two-player ``dead-half`` leaves out; for a hand started with
        ``Ruleset.new_hand``, the deck's cards given to no seat. Empty for the other deals.
        Nobody ever sees them.
        """
        setup = self._setup
        order = setup.order
        given = 0
        if order and isinstance(order[0], tuple):
            for cards in order:
                for index in cards:  # type: ignore[union-attr]
                    given |= 1 << index
        else:
            for index in order[:setup.engine.table.plans[setup.hakem].dealt]:
                given |= 1 << index  # type: ignore[operator]
        for index in setup.stock:
            given |= 1 << index
        return frozen_cards(setup.engine.deck_mask & ~given)

    @property
    def offered_card(self) -> Card | None:
        """The stock card the seat to act may keep or reject (two-player draw), else ``None``.

        Omniscient, like ``hands``: the drawer's ``observation`` shows it to him alone.
        """
        if self._phase != _DRAW or discarder(self) is not None:
            return None
        return Card.from_index(self._setup.stock[self._extra.stock_pos])

    @property
    def kot_team(self) -> Team | None:
        """The team that made this hand's kot (by the ruleset's definition), once it is over."""
        if self._phase != _OVER:
            return None
        return self._setup.engine.scoring.kot(self)

    def team_of(self, seat: int) -> Team:
        """The team of ``seat``."""
        return Team(self._setup.engine.teams[self.layout.check_seat(seat)])

    def first_tricks_by(self, count: int) -> Team | None:
        """The team that won each of the first ``count`` tricks, if one did."""
        if count.__class__ is not int or not 1 <= count <= self._setup.engine.hand_size:
            check_int(count, "count", low=1, high=self._setup.engine.hand_size)
        winners = self._winners
        if len(winners) < count:
            return None
        teams = self._setup.engine.teams
        team = teams[winners[0]]
        for winner in winners[1:count]:
            if teams[winner] != team:
                return None
        return Team(team)

    # Legal actions -------------------------------------------------------------------

    def _legal_mask(self) -> int:
        legal = self._legal
        if legal >= 0:
            return legal
        if self._phase != _PLAY or self._extra.pending is not None:
            legal = 0
        else:
            setup = self._setup
            since = setup.trump_from  # _active_trump, inlined where the trick began under the trump
            trump, first = (self._active_trump() if since and len(self._plays) <= setup.trump_settled
                            else (setup.trump, 0))
            legal = setup.engine.legality.legal_mask(self._hands[self._to_act], self._trick, self._to_act,
                                                     trump, len(self._winners) + 1, self, first,
                                                     self._extra.announced)
        self._legal = legal
        return legal

    def legal_plays(self) -> frozenset[Card]:
        """The cards ``to_act`` may play now (empty outside trick play)."""
        legal = self._legal
        return frozen_cards(legal if legal >= 0 else self._legal_mask())

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action legal now, in a stable order (empty once the hand is over)."""
        phase = self._phase
        if phase == _PLAY:
            pending = self._extra.pending
            if pending is not None:
                return pending.options
            setup = self._setup
            if setup.asks_turn and setup.turn_live[len(self._winners)] and self._extra.announced is None:
                return _play_actions(self._legal_mask()) + announcements(self)
            return _play_actions(self._legal_mask())
        if phase == _TRUMP:
            setup = self._setup
            if setup.engine.classic_call:
                return CALL_TRUMP_ACTIONS
            return setup.engine.decisions.call_options(self, setup.first_packet)
        if phase == _DRAW:
            seat = discarder(self)
            if seat is not None:
                return tuple(DISCARD[i] for i in _indices(self._hands[seat]))
            return DRAW_CHOICES
        return ()

    # Transitions ---------------------------------------------------------------------

    def play(self, card: Card) -> HandState:
        """Play ``card`` for ``to_act``; returns the next state.

        Raises:
            IllegalPlayError: the card is not legal now; the message says why.
            ActionTypeError: ``card`` is not a Card.
        """
        legal = self._legal if self._legal >= 0 else self._legal_mask()
        if card.__class__ is not Card or not legal >> card.index & 1:
            raise self._refused_card(card)
        new = self._copy()
        new._play(card.index)
        return new

    def apply(self, action: Action) -> HandState:
        """Apply any legal action (play, trump call, draw, decision); returns the next state.

        Raises:
            IllegalActionError: the action is not legal now (``IllegalPlayError`` for cards).
            ActionTypeError: ``action`` is not an Action.
        """
        if isinstance(action, PlayCard):
            return self.play(action.card)
        self._check_action(action)
        new = self._copy()
        new._apply(action)
        return new

    def apply_all(self, actions: Iterable[Action]) -> HandState:
        """The state after ``actions``, applied in turn and each checked as ``apply`` checks it, on one
        copy instead of a new state per action: for replaying a history (a search agent rebuilding
        the hand on a sampled deal, a tool stepping through a record).

        >>> import hokm
        >>> hand = hokm.Ruleset.compose().deal(hokm.full_deck(), hakem=0)
        >>> after = hand.apply_all([hokm.CallTrump(hokm.Suit.SPADES), hokm.PlayCard(hokm.Card.parse("2♠"))])
        >>> after == hand.apply(hokm.CallTrump(hokm.Suit.SPADES)).play(hokm.Card.parse("2♠"))
        True

        Raises:
            IllegalActionError: the first action not legal where it comes (``IllegalPlayError`` for a
                card); this state is unchanged, and no state is kept for the actions before it.
            ActionTypeError: an item is not an Action.
        """
        new = self._copy()
        for action in actions:
            if isinstance(action, PlayCard):  # (as apply takes it: play(action.card))
                card, legal = action.card, new._legal if new._legal >= 0 else new._legal_mask()
                if card.__class__ is not Card or not legal >> card.index & 1:
                    raise new._refused_card(card)
                new._play(card.index)
                new._legal = -1
            else:
                new._check_action(action)
                new._apply(action)
        return new

    def _refused_card(self, card: object) -> IllegalActionError:
        """What ``play`` raises for ``card``, which is not a Card or not a legal play now (the cold path:
        the test itself stays inline where cards are played)."""
        if card.__class__ is not Card:
            return ActionTypeError(f"card {_got(card)} is not a Card; Card.parse() reads text",
                                   action=card, seat=self.to_act)
        return self._illegal_play(card)

    def _check_action(self, action: object) -> None:
        """Raise what ``apply`` raises where ``action`` (not a card) is not legal now."""
        legal = self.legal_actions()
        if self._phase == _PLAY and self._extra.pending is None:  # an announcement: after the cards
            legal = legal[self._legal.bit_count():]
        if action not in legal:
            raise self._illegal_action(action)

    def apply_with_events(self, action: Action) -> tuple[HandState, tuple[Event, ...]]:
        """``apply``, and what happened: the events of this step, omniscient, in order.

        The action itself, what it set off (a forced play, a trump revealed, cards shown),
        the trick won, the hand over. ``hokm.events.for_seat(events, seat)`` keeps what a
        seat may know. Events are computed here only: ``apply`` pays nothing for them.
        See [Events](../reference/events.md).

        >>> import hokm
        >>> hand = hokm.Ruleset.compose().deal(hokm.full_deck(), hakem=0)
        >>> hand, happened = hand.apply_with_events(hokm.CallTrump(hokm.Suit.SPADES))
        >>> hand, happened = hand.apply_with_events(hand.legal_actions()[0])
        >>> happened
        (CardPlayed(seat=0, card=Card.parse('2♠'), forced=False),)

        Raises:
            IllegalActionError: as ``apply``.
        """
        return hand_step(self, action)

    def _apply(self, action: Action) -> None:
        """Apply a legal action in place (a fresh copy, or the playout's private one)."""
        if action.__class__ is PlayCard:
            self._play(action.card.index)
            self._legal = -1
            return
        classic = self._setup.engine.classic
        if self._extra.pending is not None:  # the answer to a decision (none is a core action):
            decide(self, action, not classic)  # logged in decide's own copy of the extra data
            self._legal = -1
            return
        if not isinstance(action, _CORE_STEPS):  # a variant's action: logged in decide's own copy
            decide(self, action, not classic)
            self._legal = -1
            return
        if not classic:  # the classic hand's calls and draws are read back
            log(self, LOG_ACT, action)
        self._take(action)

    def _take(self, action: Action) -> None:
        """Apply a legal action other than a play, in place, without logging it."""
        if isinstance(action, CallTrump):
            self._call_trump(action.suit.index)
        elif isinstance(action, DrawCard):
            self._draw(action.keep)
        elif isinstance(action, Discard):
            discard(self, action.card.index)
        else:
            decide(self, action)
        self._legal = -1

    def _illegal_action(self, action: object) -> IllegalActionError:
        seat = self.to_act
        legal = self.legal_actions()
        if not isinstance(action, Action):
            return ActionTypeError(f"action must be an Action such as PlayCard(card), got {_got(action)}",
                                   action=action, seat=seat, legal=legal)
        if self._phase == _OVER:
            reason = "the hand is over"
        else:
            reason = f"expected one of: {', '.join(map(str, legal))}"
        error_type = IllegalPlayError if isinstance(action, PlayCard) else IllegalActionError
        return error_type(f"illegal action {action} by seat {seat}: {reason}",
                          action=action, seat=seat, legal=legal)

    def _illegal_play(self, card: Card) -> IllegalPlayError:
        seat = self.to_act
        legal = tuple(sorted(self.legal_plays(), key=lambda c: c.sort_key))
        shown = ", ".join(map(str, legal))
        if self._phase == _OVER:
            reason = "the hand is over"
        elif self._phase != _PLAY:
            reason = f"no card can be played during the {_PHASES[self._phase].value} phase"
        elif self._extra.pending is not None:
            reason = f"a decision is pending ({self._extra.pending.reason or 'choose an option'})"
        elif not (self._hands[self._to_act] >> card.index) & 1:
            reason = f"seat {seat} does not hold {card}"
        else:
            setup = self._setup
            trump, first = self._active_trump() if setup.trump_from else (setup.trump, 0)
            reason = setup.engine.legality.why_illegal(self._hands[self._to_act], self._trick, trump,
                                                       card.index, self._extra.announced, first)
        listed = f" (legal: {shown})" if self._phase == _PLAY and self._extra.pending is None else ""
        return IllegalPlayError(f"illegal play {card} by seat {seat}: {reason}{listed}",
                                action=PlayCard(card), seat=seat, legal=self.legal_actions(), reason=reason)

    # In-place steps (only ever run on a fresh copy) -------------------------------

    def _call_trump(self, trump: int) -> None:
        self._setup = self._setup.with_trump(trump)
        self._after_call()

    def _after_call(self) -> None:
        """Trump is made (or the hand goes on without one): the draw, if any, else play."""
        if self._setup.stock:
            self._phase = _DRAW
            self._to_act = self._setup.hakem
            if self._setup.engine.table.discards:
                begin_discards(self)
            elif self._draw_done():
                self._start_play()
        else:
            self._start_play()

    def _draw_done(self) -> bool:
        size = self._setup.engine.hand_size
        return all(mask.bit_count() >= size for mask in self._hands)

    def _draw(self, keep: bool) -> None:
        setup, extra = self._setup, self._extra
        position = extra.stock_pos
        top, second = setup.stock[position], setup.stock[position + 1]
        seat = self._to_act
        taken = top if keep else second
        seen_now = 1 << top
        if not keep or self._sees_second(position):
            seen_now |= 1 << second
        seen = list(extra.seen)
        seen[seat] |= seen_now
        self._hands[seat] |= 1 << taken
        extra = extra.copy()
        extra.stock_pos, extra.seen = position + 2, tuple(seen)
        self._extra = extra
        if self._draw_done():
            self._start_play()
        else:
            players = setup.engine.players
            size = setup.engine.hand_size
            nxt = (seat + 1) % players
            while self._hands[nxt].bit_count() >= size:
                nxt = (nxt + 1) % players
            self._to_act = nxt

    def _sees_second(self, position: int) -> bool:
        """Whether the drawer sees the second card of the turn at ``position`` before choosing."""
        pattern = self._setup.engine.table.pattern
        return isinstance(pattern, StockDraw) and (
            pattern.second_card_seen or (pattern.last_choice and position + 2 >= len(self._setup.stock)))

    def _start_play(self) -> None:
        self._phase = _PLAY
        self._to_act = self._setup.hakem
        self._after_pause()

    def _after_pause(self) -> None:
        """At a pause (start of play, end of a trick, after a decision): ask decision, then completion."""
        engine = self._setup.engine
        if engine.ends.decide_pauses[len(self._winners)]:  # else nothing to ask (TrickEnd.decide_pauses)
            pending = engine.ends.pending_decision(self)
            if pending is not None:
                extra = self._extra.copy()
                extra.pending = pending
                self._extra = extra
                self._to_act = pending.seat
                return
        winners = self._winners
        if winners and engine.ends.hand_over(self, len(winners), self._team_tricks):
            self._phase = _OVER
            if engine.decisions.forced_chain:
                end_of_hand(self)
            return
        self._to_act = winners[-1] if winners else self._setup.hakem
        if not engine.classic_play and (self._extra.announced is not None
                                        or self._setup.forced_live[len(winners)]):
            begin_turn(self)  # as in _play: only when it has work

    def _play(self, index: int) -> None:
        seat = self._to_act
        self._hands[seat] ^= 1 << index
        packed = seat << 6 | index
        self._plays.append(packed)
        trick = self._trick
        trick.append(packed)
        engine = self._setup.engine
        players = engine.players
        if engine.fixes_trump:
            after_card(self, index)
        if len(trick) < players:
            self._to_act = (seat + 1) % players
            # begin_turn, when it has work: an announcement to forget, or a forced effect's window.
            if not engine.classic_play and (self._extra.announced is not None
                                            or self._setup.forced_live[len(self._winners)]):
                begin_turn(self)
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        """The trick is complete: winner, capture, then the pause hooks (decision, completion)."""
        trump, first = self._active_trump()
        winner = self._setup.engine.ends.trick_winner(self._trick, trump, len(self._winners) + 1, first)
        self._collect(winner, trump, first)
        self._trick = []
        self._after_pause()

    def _collect(self, winner: int, trump: int = -1, first: int = 0) -> None:
        """Record the trick's winner, then who collects the centre (the engine asks any capture rule)."""
        engine = self._setup.engine
        self._winners += (winner,)
        if trump < 0:
            trump, first = self._active_trump()
        setup = self._setup
        since = setup.trump_from if 0 <= setup.trump < NO_TRUMP else 1 << 30
        collector = engine.ends.collector(self, self._plays, trump, len(self._winners), winner, self._winners,
                                          self._collectors, since, first)
        self._collectors += (collector,)
        self._team_tricks, self._pile = engine.ends.tally(self._team_tricks, self._pile, collector)

    def playout(self, rng: random.Random | None = None) -> HandState:
        """Play to the end with uniformly random legal actions (for rollouts and simulations).

        Every choice is ``options[int(rng.random() * len(options))]`` over
        ``legal_actions()`` order, made in place on a private copy without building
        intermediate states: several times faster than stepping, with exactly the
        outcome stepping with the same choices would give.

        >>> import random, hokm
        >>> hand = hokm.Ruleset.compose().deal(list(hokm.full_deck()))
        >>> hand.playout(random.Random(1)).is_over, hand.is_over
        (True, False)
        """
        check_rng(rng)
        state = self._copy()
        if self._phase == _TRUMP:  # the call's choices, worked out as this state began, are the copy's
            self._setup.engine.decisions.copied_at_call(self, state)
        play_out(state, (rng or random.Random()).random)
        return state

    def rollouts(self, count: int, *, seed: int | str, plays: bool = False) -> Playouts:
        """Play ``count`` random continuations of this position and return their outcomes as
        compact columns (what a search bot scores a candidate by).

        Continuation ``i`` is ``playout(rng)`` with the batch's generator as continuation
        ``i - 1`` left it; the generator is seeded from ``seed`` (``hokm.playouts`` writes it
        down), so a seed gives the same batch on every machine. ``plays=True`` keeps every
        hand's plays (``Playouts.plays``); ``Playouts.hand(i)`` plays continuation ``i`` again.

        >>> import random, hokm
        >>> hand = hokm.Ruleset.compose().deal(random.Random(5), hakem=1)
        >>> batch = hand.rollouts(100, seed=2)
        >>> len(batch), batch.hakem.count(1)
        (100, 100)

        Raises:
            InvalidArgumentError: ``count`` is negative or above ``hokm.playouts.MAX_BATCH``,
                ``plays=True`` at a table of more than four seats, or the batch's columns would
                need more memory than the machine has (``ArgumentTypeError``: a value of the
                wrong type).
        """
        from hokm._kernel.batch import Continuations, check_batch, play_batch, play_native
        from hokm._kernel.native import NATIVE
        from hokm._kernel.native_plan import native_plan_of, position_of
        from hokm._seeding import rng_for

        check_batch(self.ruleset, count, seed, plays)
        assert isinstance(seed, int | str)  # (checked)
        native = native_plan_of(self._setup.engine)  # (Ruleset.native, without its reasons)
        position = position_of(self) if NATIVE is not None and not native.story else None
        if position is not None:
            return play_native(self.ruleset, seed, count, None, plays, native, "rollouts", self, position)[0]
        return play_batch(self.ruleset, seed, count, rng_for(seed, "rollouts"), Continuations(self), plays)

    def solve(self, *, max_nodes: int | None = None) -> Solution:
        """The double-dummy outcome of this position for the seat to move, and every legal card's:
        what each side ends with if every seat plays perfectly from here with every card face up
        (``hokm.solver``). ``max_nodes`` bounds the work: the search stops (``SolveLimitError``)
        rather than try more cards than that (a whole deal from its first lead takes from a few
        thousand to millions; the last six tricks a few hundred).

        >>> import random, hokm
        >>> rng = random.Random(5)
        >>> hand = hokm.Ruleset.compose().deal(rng, hakem=1)
        >>> hand = hand.apply(hand.legal_actions()[0])  # the Hakem calls the trump
        >>> while hand.tricks_left > 6:  # on to the last six tricks
        ...     hand = hand.play(rng.choice(sorted(hand.legal_plays(), key=str)))
        >>> solution = hand.solve()
        >>> solution.seat == hand.to_act and solution.best <= hand.legal_plays()
        True
        >>> hand.solve(max_nodes=solution.nodes) == solution
        True
        >>> hand.solve(max_nodes=1)
        Traceback (most recent call last):
        ...
        hokm.errors.SolveLimitError: an exact answer needs more than max_nodes=1 cards tried

        Raises:
            UnsolvableError: the hand is not in trick play with its trump in force, or its ruleset's
                hands do not run on its tables (the message gives the reasons).
            SolveLimitError: the answer needs more than ``max_nodes`` cards tried.
            ArgumentTypeError, InvalidArgumentError: ``max_nodes`` is not an int of 1 or more.
        """
        from hokm.solver import solution_of

        return solution_of(self._setup.engine, self, max_nodes)

    # Results and views ----------------------------------------------------------------

    def score(self, match: MatchView | None = None) -> HandScore:
        """The finished hand's score alone: who won it and how many points (``match``: earlier hands,
        for match-aware scoring). Cheaper than ``result``, which also finds the next Hakem: what a
        search agent scores its playouts by.

        >>> import random, hokm
        >>> end = hokm.Ruleset.compose().deal(random.Random(3), hakem=0).playout(random.Random(4))
        >>> end.score().points == end.result().points, end.score().winner == end.result().winner
        (True, True)

        Raises:
            GameStateError: the hand is not over yet, or it was annulled.
        """
        check_match_view(match)
        self._check_finished()
        return self._setup.engine.scoring.hand_score(self, match)

    def _check_finished(self) -> None:
        if self._phase != _OVER:
            raise GameStateError(
                f"the hand is not over: {self.tricks_played} of {self.tricks_total} tricks played, "
                f"seat {self._to_act} to act")
        if self._extra.annulled:
            raise GameStateError("the hand was annulled before its first trick: it has no result "
                                 "(the same dealer deals again)")

    def result(self, match: MatchView | None = None) -> HandResult:
        """The result of the finished hand (``match``: earlier hands, for match-aware scoring).

        Raises:
            GameStateError: the hand is not over yet, or it was annulled.
        """
        check_match_view(match)
        self._check_finished()
        engine = self._setup.engine
        score = engine.scoring.hand_score(self, match)
        return HandResult(
            winner=score.winner,
            points=score.points,
            kot=score.kot,
            label=score.label,
            team_tricks=self._team_tricks,
            hakem=Seat(self._setup.hakem),
            trump=self.trump,
            next_hakem=engine.scoring.next_hakem(self, score, match),
            tricks_played=len(self._winners),
        )

    def observation(self, seat: int) -> HandObservation:
        """What ``seat`` may know now, and nothing more."""
        return observe(self, self.layout.check_seat(seat))

    # Records and values ----------------------------------------------------------------

    def to_record(self, metadata: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """This hand so far as a game record: plain, JSON-ready data (``"hokm-record/1"``).

        It holds the ruleset's spec, the Hakem, the deal (a deck order that deals these
        hands, or the hands themselves when no deck order does), every action with its
        seat and, once the hand is over, its result. ``hokm.load_record`` replays it into
        an equal hand. See [the record format](../reference/records.md).

        Raises:
            RecordError: ``metadata`` is not JSON-ready data within the record limits, or the
                record would hold more hands or actions than ``load_record`` reads
                (``hokm.records.MAX_HANDS``, ``MAX_ACTIONS``, ``MAX_HAND_ACTIONS``).
            RulesetError: the ruleset holds a variant passed as an object, not installed.

        >>> import hokm
        >>> hand = hokm.Ruleset.compose().deal(list(hokm.full_deck()), hakem=1)
        >>> hand = hand.apply(hand.legal_actions()[0])
        >>> record = hand.to_record()
        >>> record["kind"], record["hand"]["actions"]
        ('hand', [{'seat': 1, 'act': 'call', 'suit': '♠'}])
        >>> hokm.load_record(record) == hand
        True
        """
        from hokm._io.writing import hand_record

        return hand_record(self, metadata)

    def _position(self) -> tuple[Any, ...]:
        return hand_key(self)

    def __eq__(self, other: object) -> bool:
        """Equal when the position is: the rules, the deal, and the same actions taken so far."""
        if not isinstance(other, HandState):
            return NotImplemented
        return self is other or self._position() == other._position()

    def __hash__(self) -> int:
        return hash(self._position())

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as what its record holds (its ruleset's spec, its deal, the trump given and every
        action), so it unpickles wherever hokm and its variants are: the actions are replayed."""
        history = hand_history(self)
        return (_replayed, (deal_of(self), history.trump, tuple(action for _, action in history.actions)))

    def __copy__(self) -> HandState:
        return self  # immutable: a copy would be equal in every way

    def __deepcopy__(self, memo: dict[int, Any]) -> HandState:
        return self

    def __repr__(self) -> str:
        trump = self.trump
        return (f"<HandState {self.phase.value} hakem={self._setup.hakem} "
                f"trump={trump.value if trump else '-'} tricks={self._team_tricks} "
                f"to_act={self.to_act}>")


# States are made without __init__ (which refuses): object.__new__ when interpreted (the
# cheaper call), the class's own __new__ when compiled by mypyc (which refuses object.__new__).
_NEW: Callable[[type[HandState]], HandState] = (
    object.__new__ if __file__.endswith(".py") else HandState.__new__)


def _acting(state: HandState) -> tuple[tuple[Action, ...], Seat | None, HandState]:
    return tuple(state.legal_actions()), state.to_act, state


def _replayed(deal: Deal, trump: Suit | None, actions: tuple[Action, ...]) -> HandState:
    """The hand ``HandState.__reduce__`` describes: dealt again, then its actions replayed."""
    return started(HandState, *deal, trump).apply_all(actions)


# What the modules below ask of a hand (they import none of this one). Registered by calls, not
# decorators: mypyc compiles this module and takes a register decorator for its own single-dispatch
# support, which another module's function is not.
acting_at.register(HandState, _acting)
replayed.register(HandState, hand_replayed)
register_class(HandState)
