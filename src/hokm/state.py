"""One hand of Hokm as an immutable state: ``apply`` returns the next state.

The old state stays valid, so states serve as history, search-tree nodes and
fixtures. Internally a transition copies a handful of slots and mutates the
copy; cards are 52-bit masks. Random playouts (``HandState.playout``, used by
``hokm.simulate``) run the same transitions in place on one private copy, with
the per-card steps hoisted into tight loops; a property test checks that they
give exactly the hands that stepping with the same choices gives.

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

import enum
import operator
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import attrs

from hokm._engine import table_winner
from hokm._seeding import shuffled
from hokm.actions import (
    CALL_TRUMP,
    DRAW_CHOICES,
    PLAY_CARD,
    Action,
    CallTrump,
    DrawCard,
    PlayCard,
)
from hokm.cards import Card, SegmentedTuples, Suit, frozen_cards, indices_of
from hokm.context import Decision, MatchView, StockDraw, Trick
from hokm.errors import GameStateError, IllegalActionError, IllegalPlayError, InvalidDealError
from hokm.observation import HandObservation
from hokm.table import Seat, TableLayout, Team

if TYPE_CHECKING:
    from hokm._engine import Engine
    from hokm.rules import Ruleset

__all__ = ["HandResult", "HandState", "Phase"]

_SUITS: tuple[Suit, ...] = tuple(Suit)


class Phase(enum.Enum):
    """Where a hand stands."""

    TRUMP = "trump"
    """The Hakem, holding his first packet, must call trump."""
    DRAW = "draw"
    """Two-player keep/reject draw from the stock."""
    PLAY = "play"
    """Trick play (possibly paused by a pending decision)."""
    OVER = "over"
    """The hand is complete; ``result()`` is available."""

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


_TRUMP, _DRAW, _PLAY, _OVER = 0, 1, 2, 3
_PHASES = (Phase.TRUMP, Phase.DRAW, Phase.PLAY, Phase.OVER)
_NEW = object.__new__
_play_actions: SegmentedTuples[PlayCard] = SegmentedTuples(PLAY_CARD.__getitem__)
_INDEX = operator.attrgetter("index")
_BIT = tuple(1 << index for index in range(52)).__getitem__
_SEGMENT_BITS: list[tuple[int, ...]] = []
_SEGMENT_COUNTS: list[int] = []


def _segment_bits() -> tuple[list[tuple[int, ...]], list[int]]:
    """Bit positions and bit counts of every 13-bit value (one suit of a mask), built on first use."""
    if not _SEGMENT_BITS:
        _SEGMENT_BITS.extend(tuple(i for i in range(13) if value >> i & 1) for value in range(1 << 13))
        _SEGMENT_COUNTS.extend(len(bits) for bits in _SEGMENT_BITS)
    return _SEGMENT_BITS, _SEGMENT_COUNTS


@attrs.frozen
class HandResult:
    """How a finished hand ended.

    Attributes:
        winner: the team that won the hand.
        points: the points (or courts) the winner scores.
        kot: the hand was a sweep (the first seven tricks; Double Sar: all 13 collected).
        label: short outcome name: ``"win"``, ``"kot"``, ``"hakem-kot"``, ``"bavney"``, ...
        tricks: tricks each team took (collected, under Double Sar).
        hakem: the hand's Hakem.
        trump: the trump suit.
        next_hakem: the Hakem of the next hand.
        tricks_played: how many tricks were played before the hand ended.
    """

    winner: Team
    points: int
    kot: bool
    label: str
    tricks: tuple[int, ...]
    hakem: Seat
    trump: Suit
    next_hakem: Seat
    tricks_played: int


class _Setup:
    """Per-hand constants shared by every state of the hand."""

    __slots__ = (
        "engine",
        "first_packet",
        "hakem",
        "ruleset",
        "stock",
        "suit_masks",
        "suit_of",
        "trump",
    )

    def __init__(self, ruleset: Ruleset, engine: Engine, hakem: int, first_packet: int,
                 stock: tuple[int, ...]) -> None:
        self.ruleset = ruleset
        self.engine = engine
        self.hakem = hakem
        self.first_packet = first_packet
        self.stock = stock
        self.trump = -1
        self.suit_of: tuple[int, ...] = ()
        self.suit_masks: tuple[int, ...] = ()

    def with_trump(self, trump: int) -> _Setup:
        setup = _Setup(self.ruleset, self.engine, self.hakem, self.first_packet, self.stock)
        setup.trump = trump
        setup.suit_of = self.engine.suit_of[trump]
        setup.suit_masks = self.engine.suit_masks[trump]
        return setup


class _Extra:
    """Rarely-changing per-state data: decisions, the draw, what each seat saw."""

    __slots__ = ("decisions", "pending", "seen", "stock_pos")

    def __init__(self, decisions: tuple[tuple[Seat, Action], ...], pending: Decision | None,
                 stock_pos: int, seen: tuple[int, ...]) -> None:
        self.decisions = decisions
        self.pending = pending
        self.stock_pos = stock_pos
        self.seen = seen


class HandState:
    """An immutable hand: query it, then ``apply`` an action to get the next state.

    Create one with :meth:`hokm.Ruleset.new_hand` (explicit hands) or
    :meth:`hokm.Ruleset.deal` (from a deck order, starting at the trump call).
    """

    __slots__ = (
        "_collectors",
        "_hands",
        "_legal",
        "_phase",
        "_pile",
        "_plays",
        "_s",
        "_team_tricks",
        "_to_act",
        "_trick",
        "_winners",
        "_x",
    )

    _s: _Setup
    _phase: int
    _hands: list[int]
    _to_act: int
    _trick: list[int]
    _plays: list[int]
    _winners: tuple[int, ...]
    _collectors: tuple[int | None, ...]
    _team_tricks: tuple[int, ...]
    _pile: int
    _x: _Extra
    _legal: int

    def __init__(self) -> None:
        raise TypeError("create hands with Ruleset.new_hand() or Ruleset.deal()")

    # Construction ---------------------------------------------------------------

    @classmethod
    def _start(cls, ruleset: Ruleset, hands: list[int], hakem: int, first_packet: int,
               stock: tuple[int, ...], trump: int | None) -> HandState:
        engine = ruleset._engine
        state: HandState = _NEW(cls)
        state._s = _Setup(ruleset, engine, hakem, first_packet, stock)
        state._phase = _TRUMP
        state._hands = hands
        state._to_act = hakem
        state._trick = []
        state._plays = []
        state._winners = ()
        state._collectors = ()
        state._team_tricks = (0,) * engine.team_count
        state._pile = 0
        state._x = _Extra((), None, 0, (0,) * engine.players)
        state._legal = -1
        if trump is not None:
            state._call_trump(trump)
        return state

    def _copy(self) -> HandState:
        new: HandState = _NEW(HandState)
        new._s = self._s
        new._phase = self._phase
        new._hands = self._hands.copy()
        new._to_act = self._to_act
        new._trick = self._trick.copy()
        new._plays = self._plays.copy()
        new._winners = self._winners
        new._collectors = self._collectors
        new._team_tricks = self._team_tricks
        new._pile = self._pile
        new._x = self._x
        new._legal = -1
        return new

    # Public queries --------------------------------------------------------------

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset this hand is played under."""
        return self._s.ruleset

    @property
    def layout(self) -> TableLayout:
        """The table layout."""
        return self._s.engine.layout

    @property
    def phase(self) -> Phase:
        """Trump call, draw, play or over."""
        return _PHASES[self._phase]

    @property
    def hakem(self) -> Seat:
        """The Hakem: called trump (or will), leads the first trick."""
        return Seat(self._s.hakem)

    @property
    def dealer(self) -> Seat:
        """The dealer: always the seat before the Hakem."""
        return Seat((self._s.hakem - 1) % self._s.engine.players)

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None`` before the call."""
        trump = self._s.trump
        return None if trump < 0 else _SUITS[trump]

    @property
    def to_act(self) -> Seat | None:
        """The seat whose action is awaited, or ``None`` once the hand is over."""
        return None if self._phase == _OVER else Seat(self._to_act)

    @property
    def is_over(self) -> bool:
        """Whether the hand is complete."""
        return self._phase == _OVER

    @property
    def pending_decision(self) -> Decision | None:
        """The blocking decision awaited from ``to_act``, if any."""
        return self._x.pending

    @property
    def hands(self) -> tuple[frozenset[Card], ...]:
        """Every seat's cards (omniscient view: never give this to a player; see ``observation``)."""
        return tuple(frozen_cards(mask) for mask in self._hands)

    def hand_of(self, seat: int) -> frozenset[Card]:
        """The cards ``seat`` holds now (omniscient)."""
        return frozen_cards(self._hands[self.layout.check_seat(seat)])

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        """Every card played so far, in order, with its seat."""
        return tuple((Seat(p >> 6), Card.from_index(p & 63)) for p in self._plays)

    @property
    def current_trick(self) -> Trick:
        """The trick in progress (empty between tricks)."""
        trump = self._s.trump
        if trump < 0:
            return Trick(())
        return self._s.engine.trick_value(self._trick, trump, len(self._winners) + 1)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, each with its winner."""
        engine, trump, n = self._s.engine, self._s.trump, self._s.engine.players
        plays = self._plays
        return tuple(engine.trick_value(plays[i * n:(i + 1) * n], trump, i + 1, winner)
                     for i, winner in enumerate(self._winners))

    @property
    def tricks_total(self) -> int:
        """Tricks in a full hand (13; 17 with three players)."""
        return self._s.engine.hand_size

    @property
    def tricks_played(self) -> int:
        """Completed tricks."""
        return len(self._winners)

    @property
    def tricks_left(self) -> int:
        """Tricks not yet completed."""
        return self._s.engine.hand_size - len(self._winners)

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
        counts = [0] * self._s.engine.players
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
        return self._x.decisions

    @property
    def stock_left(self) -> int:
        """Cards left in the two-player stock (0 for other deals)."""
        return len(self._s.stock) - self._x.stock_pos

    @property
    def kot_team(self) -> Team | None:
        """The team that made this hand's kot (by the ruleset's definition), once it is over."""
        if self._phase != _OVER:
            return None
        return self._s.engine.kot(self)

    def team_of(self, seat: int) -> Team:
        """The team of ``seat``."""
        return Team(self._s.engine.teams[seat])

    def first_tricks_by(self, count: int) -> Team | None:
        """The team that won each of the first ``count`` tricks, if one did."""
        winners = self._winners
        if len(winners) < count:
            return None
        teams = self._s.engine.teams
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
        if self._phase != _PLAY or self._x.pending is not None:
            legal = 0
        else:
            hand = self._hands[self._to_act]
            trick = self._trick
            setup = self._s
            follow = hand & setup.suit_masks[setup.suit_of[trick[0] & 63]] if trick else 0
            legal = follow or hand
            engine = setup.engine
            void = bool(trick) and not follow
            if (engine.void_restrictors if void else engine.restrictors) and legal & (legal - 1):
                legal = engine.restrict(legal, hand, self._to_act, trick, setup.trump,
                                        len(self._winners) + 1, self, void)
        self._legal = legal
        return legal

    def legal_plays(self) -> frozenset[Card]:
        """The cards ``to_act`` may play now (empty outside trick play)."""
        return frozen_cards(self._legal_mask())

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action legal now, in a stable order (empty once the hand is over)."""
        phase = self._phase
        if phase == _PLAY:
            pending = self._x.pending
            if pending is not None:
                return pending.options
            return _play_actions(self._legal_mask())
        if phase == _TRUMP:
            return tuple(CALL_TRUMP[suit] for suit in _SUITS)
        if phase == _DRAW:
            return DRAW_CHOICES
        return ()

    # Transitions ---------------------------------------------------------------------

    def play(self, card: Card) -> HandState:
        """Play ``card`` for ``to_act``; returns the next state.

        Raises:
            IllegalPlayError: the card is not legal now; the message says why.
        """
        index = getattr(card, "index", None)
        if card.__class__ is not Card or not isinstance(index, int):
            raise IllegalPlayError(f"{card!r} is not a Card", action=card, seat=self.to_act)
        if not (self._legal_mask() >> index) & 1:
            raise self._illegal_play(card)
        new = self._copy()
        new._play(index)
        return new

    def apply(self, action: Action) -> HandState:
        """Apply any legal action (play, trump call, draw, decision); returns the next state.

        Raises:
            IllegalActionError: the action is not legal now (``IllegalPlayError`` for cards).
        """
        if isinstance(action, PlayCard):
            return self.play(action.card)
        if action not in self.legal_actions():
            raise self._illegal_action(action)
        new = self._copy()
        if isinstance(action, CallTrump):
            new._call_trump(action.suit.index)
        elif isinstance(action, DrawCard):
            new._draw(action.keep)
        else:
            new._decide(action)
        return new

    def _illegal_action(self, action: object) -> IllegalActionError:
        seat = self.to_act
        legal = self.legal_actions()
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
        elif self._x.pending is not None:
            reason = f"a decision is pending ({self._x.pending.reason or 'choose an option'})"
        elif not (self._hands[self._to_act] >> card.index) & 1:
            reason = f"seat {seat} does not hold {card} (legal: {shown})"
        else:
            setup = self._s
            led = setup.suit_of[self._trick[0] & 63] if self._trick else -1
            hand = self._hands[self._to_act]
            if led >= 0 and hand & setup.suit_masks[led] and setup.suit_of[card.index] != led:
                reason = f"must follow {_SUITS[led]} (legal: {shown})"
            else:
                names = ", ".join(setup.engine.restrictor_names())
                reason = f"forbidden by {names} (legal: {shown})"
        return IllegalPlayError(f"illegal play {card} by seat {seat}: {reason}",
                                action=PlayCard(card), seat=seat, legal=self.legal_actions())

    # In-place steps (only ever run on a fresh copy) -------------------------------

    def _call_trump(self, trump: int) -> None:
        self._s = self._s.with_trump(trump)
        if self._s.stock:
            self._phase = _DRAW
            self._to_act = self._s.hakem
            if self._draw_done():
                self._start_play()
        else:
            self._start_play()

    def _draw_done(self) -> bool:
        size = self._s.engine.hand_size
        return all(mask.bit_count() >= size for mask in self._hands)

    def _draw(self, keep: bool) -> None:
        setup, extra = self._s, self._x
        position = extra.stock_pos
        top, second = setup.stock[position], setup.stock[position + 1]
        seat = self._to_act
        taken = top if keep else second
        seen_now = 1 << top
        if not keep or self._pattern_sees_second():
            seen_now |= 1 << second
        seen = list(extra.seen)
        seen[seat] |= seen_now
        self._hands[seat] |= 1 << taken
        self._x = _Extra(extra.decisions, None, position + 2, tuple(seen))
        if self._draw_done():
            self._start_play()
        else:
            players = setup.engine.players
            size = setup.engine.hand_size
            nxt = (seat + 1) % players
            while self._hands[nxt].bit_count() >= size:
                nxt = (nxt + 1) % players
            self._to_act = nxt

    def _pattern_sees_second(self) -> bool:
        pattern = self._s.engine.pattern
        return isinstance(pattern, StockDraw) and pattern.second_card_seen

    def _start_play(self) -> None:
        self._phase = _PLAY
        self._to_act = self._s.hakem
        self._after_pause()

    def _after_pause(self) -> None:
        """At a pause (start of play, end of a trick, after a decision): ask decision, then completion."""
        engine = self._s.engine
        if engine.decision_chain:
            pending = engine.pending_decision(self)
            if pending is not None:
                extra = self._x
                self._x = _Extra(extra.decisions, pending, extra.stock_pos, extra.seen)
                self._to_act = pending.seat
                return
        winners = self._winners
        if winners:
            if len(winners) == engine.hand_size:
                self._phase = _OVER
                return
            over = engine.variant_completion(self) if engine.complete_plugins else None
            if over is None:  # no variant answered: the standard stop rule, inlined
                stop = engine.stop_at
                over = stop is not None and max(self._team_tricks) >= stop
            if over:
                self._phase = _OVER
                return
        self._to_act = winners[-1] if winners else self._s.hakem

    def _decide(self, action: Action) -> None:
        extra = self._x
        self._x = _Extra((*extra.decisions, (Seat(self._to_act), action)), None,
                         extra.stock_pos, extra.seen)
        self._after_pause()

    def _play(self, index: int) -> None:
        seat = self._to_act
        self._hands[seat] ^= 1 << index
        packed = seat << 6 | index
        self._plays.append(packed)
        trick = self._trick
        trick.append(packed)
        players = self._s.engine.players
        if len(trick) < players:
            self._to_act = (seat + 1) % players
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        """The trick is complete: winner, capture, then the pause hooks (decision, completion)."""
        winner = self._s.engine.trick_winner(self._trick, self._s.trump, len(self._winners) + 1)
        self._collect(winner)
        self._trick = []
        self._after_pause()

    def _collect(self, winner: int) -> None:
        """Record the trick's winner and who collects the centre (the winner, unless a plugin says)."""
        engine = self._s.engine
        self._winners += (winner,)
        collector = winner if engine.capture_chain is None else engine.capture(
            self, self._trick, self._s.trump, len(self._winners), winner)
        self._collectors += (collector,)
        if collector is None:
            self._pile += 1
        else:
            tally = list(self._team_tricks)
            tally[engine.teams[collector]] += self._pile + 1
            self._team_tricks = tuple(tally)
            self._pile = 0

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
        return self._playout((rng or random.Random()).random, kernel=True)

    def _playout(self, rand: Callable[[], float], *, kernel: bool) -> HandState:
        state = self._copy()
        while state._phase != _OVER:
            if state._phase == _PLAY and state._x.pending is None:
                if kernel:
                    state._random_play(rand)
                else:
                    choices = indices_of(state._legal_mask())
                    state._play(choices[int(rand() * len(choices))])
            elif state._phase == _TRUMP:
                state._call_trump(int(rand() * 4))
            elif state._phase == _DRAW:
                state._draw(rand() < 0.5)
            else:
                options = state._x.pending.options  # type: ignore[union-attr]
                state._decide(options[int(rand() * len(options))])
            state._legal = -1
        return state

    def _random_play(self, rand: Callable[[], float]) -> None:
        """Random cards until the hand pauses for a decision or ends, for any ruleset.

        The steps of ``_legal_mask``, ``_play`` and ``_finish_trick`` with the
        per-card lookups hoisted out of the loop and the tallies kept in local
        lists. Hooks are called exactly where stepping calls them, on a state
        synced just before; only rulesets with decisions end their tricks through
        ``_collect`` and ``_after_pause``. A property test checks that this gives
        exactly the hands that stepping with the same choices gives.
        """
        setup = self._s
        engine = setup.engine
        players, teams, total, stop = engine.players, engine.teams, engine.hand_size, engine.stop_at
        trump = setup.trump
        masks, suit_of = setup.suit_masks, setup.suit_of
        contest_of, rank_of = engine.contest_of[trump], engine.rank_of[trump]
        restrict = engine.restrict
        some, void_some = bool(engine.restrictors), bool(engine.void_restrictors)
        restricted = some or void_some
        by_tables = engine.winner_chain is None
        inline_end = not engine.decision_chain
        captures = engine.capture_chain is not None
        completes = bool(engine.complete_plugins)
        hands, plays = self._hands, self._plays
        bits, counts = _segment_bits()
        seat = self._to_act
        in_trick = len(self._trick)
        follow = masks[suit_of[self._trick[0] & 63]] if in_trick else 0
        # With inline trick ends the tallies live in local lists, written back ("synced")
        # before any hook can look at the state and when the hand ends.
        winners, collectors, tally = list(self._winners), list(self._collectors), list(self._team_tricks)
        pile = self._pile
        done = len(winners)  # tricks completed
        dirty = False
        while True:
            hand = hands[seat]
            if in_trick:
                following = hand & follow
                legal = following or hand
            else:
                legal = following = hand
            if (restricted and legal & (legal - 1)
                    and (void_some if in_trick and not following else some)):
                if dirty:
                    self._winners, self._collectors = tuple(winners), tuple(collectors)
                    self._team_tricks, self._pile, dirty = tuple(tally), pile, False
                self._to_act = seat  # hooks may look at the state
                trick = plays[len(plays) - in_trick:]
                self._trick = trick
                legal = restrict(legal, hand, seat, trick, trump, done + 1, self,
                                 bool(in_trick) and not following)
            # The int(random() * n)-th legal card in index order, as legal_actions() lists them.
            pick = int(rand() * legal.bit_count())
            base = 0
            while True:
                count = counts[legal & 0x1FFF]
                if pick < count:
                    index = base + bits[legal & 0x1FFF][pick]
                    break
                pick -= count
                legal >>= 13
                base += 13
            hands[seat] = hand ^ (1 << index)
            plays.append(seat << 6 | index)
            if not in_trick:
                follow = masks[suit_of[index]]
            in_trick += 1
            if in_trick < players:
                seat = seat + 1 if seat + 1 < players else 0
                continue
            in_trick = 0
            trick = plays[-players:]
            if by_tables:
                winner = table_winner(trick, contest_of, rank_of, trump)
            else:
                winner = engine.trick_winner(trick, trump, done + 1)
            done += 1
            if inline_end:  # _collect and _after_pause, on the local tallies
                winners.append(winner)
                if captures:  # the variant sees the hand with this trick's winner recorded
                    self._winners, self._collectors = tuple(winners), tuple(collectors)
                    self._team_tricks, self._pile, dirty = tuple(tally), pile, False
                    self._to_act, self._trick = seat, trick
                    collector = engine.capture(self, trick, trump, done, winner)
                else:
                    collector = winner
                collectors.append(collector)
                if collector is None:
                    pile += 1
                else:
                    tally[teams[collector]] += pile + 1
                    pile = 0
                dirty = True
                over: bool | None = done == total or None
                if over is None and completes:  # the variants look at the state: sync it
                    self._winners, self._collectors = tuple(winners), tuple(collectors)
                    self._team_tricks, self._pile, dirty = tuple(tally), pile, False
                    self._to_act, self._trick = seat, []
                    over = engine.variant_completion(self)
                if over is None:
                    over = stop is not None and max(tally) >= stop
                if over:
                    self._winners, self._collectors = tuple(winners), tuple(collectors)
                    self._team_tricks, self._pile = tuple(tally), pile
                    self._trick = []
                    self._phase = _OVER
                    return
                seat = winner
                continue
            self._to_act = seat
            self._trick = trick
            self._collect(winner)
            self._trick = []
            self._after_pause()
            if self._phase != _PLAY or self._x.pending is not None:
                return
            seat = self._to_act

    # Results and views ----------------------------------------------------------------

    def result(self, match: MatchView | None = None) -> HandResult:
        """The result of the finished hand (``match``: earlier hands, for match-aware scoring).

        Raises:
            GameStateError: the hand is not over yet.
        """
        if self._phase != _OVER:
            raise GameStateError(
                f"the hand is not over: {self.tricks_played} of {self.tricks_total} tricks played, "
                f"seat {self._to_act} to act")
        engine = self._s.engine
        score = engine.hand_score(self, match)
        return HandResult(
            winner=score.winner,
            points=score.points,
            kot=score.kot,
            label=score.label,
            tricks=self._team_tricks,
            hakem=Seat(self._s.hakem),
            trump=_SUITS[self._s.trump],
            next_hakem=engine.next_hakem(self, score, match),
            tricks_played=len(self._winners),
        )

    def observation(self, seat: int) -> HandObservation:
        """What ``seat`` may know now, and nothing more."""
        seat = self.layout.check_seat(seat)
        setup = self._s
        if self._phase == _TRUMP:
            hand = setup.first_packet if seat == setup.hakem else 0
        else:
            hand = self._hands[seat]
        played = self._plays
        n = setup.engine.players
        completed = len(self._winners) * n
        return HandObservation(
            seat=seat,
            phase=self.phase,
            hakem=self.hakem,
            dealer=self.dealer,
            trump=self.trump,
            hand=frozen_cards(hand),
            tricks=self.tricks,
            current_trick=tuple((Seat(p >> 6), Card.from_index(p & 63)) for p in played[completed:]),
            team_tricks=self._team_tricks,
            pile=self._pile,
            to_act=self.to_act,
            legal_actions=self.legal_actions() if self.to_act == seat else (),
            decisions=self._x.decisions,
            seen=frozen_cards(self._x.seen[seat] & ~hand),
            stock_left=self.stock_left,
        )

    def __repr__(self) -> str:
        trump = self.trump
        return (f"<HandState {self.phase.value} hakem={self._s.hakem} "
                f"trump={trump.value if trump else '-'} tricks={self._team_tricks} "
                f"to_act={self.to_act}>")


def start_hand(ruleset: Ruleset, hands: Sequence[Sequence[Card]], hakem: int,
               trump: Suit | None) -> HandState:
    """Validate explicit hands and start a hand (see ``Ruleset.new_hand``)."""
    engine = ruleset._engine
    if isinstance(hakem, bool) or not isinstance(hakem, int) or not 0 <= hakem < engine.players:
        raise InvalidDealError(f"hakem {hakem!r} is not a seat 0..{engine.players - 1}")
    if trump is not None and not isinstance(trump, Suit):
        raise InvalidDealError(f"trump {trump!r} is not a Suit")
    if len(hands) != engine.players:
        raise InvalidDealError(f"expected {engine.players} hands (one per seat), got {len(hands)}")
    masks: list[int] = []
    seen = 0
    for seat, given in enumerate(hands):
        mask = 0
        cards = list(given)
        for card in cards:
            if not isinstance(card, Card):
                raise InvalidDealError(f"seat {seat}'s hand holds {card!r}, which is not a Card")
            bit = 1 << card.index
            if not engine.deck_mask & bit:
                raise InvalidDealError(f"{card} (seat {seat}) is not in this ruleset's deck")
            if seen & bit:
                raise InvalidDealError(f"{card} is dealt twice (again to seat {seat})")
            seen |= bit
            mask |= bit
        if len(cards) != engine.hand_size:
            raise InvalidDealError(
                f"seat {seat} holds {len(cards)} cards; every hand needs {engine.hand_size}")
        masks.append(mask)
    first = sum(1 << card.index for card in list(hands[hakem])[:engine.first_packet])
    return HandState._start(ruleset, masks, hakem, first, (), None if trump is None else trump.index)


def deal_hand(ruleset: Ruleset, order: Sequence[Card] | random.Random, hakem: int) -> HandState:
    """Deal ``order`` (top card first), or a fresh shuffle from a ``random.Random``.

    The hand starts at the trump call.
    """
    engine = ruleset._engine
    if isinstance(hakem, bool) or not isinstance(hakem, int) or not 0 <= hakem < engine.players:
        raise InvalidDealError(f"hakem {hakem!r} is not a seat 0..{engine.players - 1}")
    size = len(engine.deck)
    if isinstance(order, random.Random):
        return _deal_indices(ruleset, shuffled(engine.deck_indices, order), hakem)
    cards = list(order)
    if len(cards) == size and set(map(type, cards)) == {Card}:
        indices = list(map(_INDEX, cards))
        # Distinct indices whose bits add up to the deck: exactly the ruleset's cards.
        if len(set(indices)) == size and sum(map(_BIT, indices)) == engine.deck_mask:
            return _deal_indices(ruleset, indices, hakem)
    check_deck(engine.deck_mask, size, cards)  # raises the precise reason
    raise InvalidDealError("the deck is not a valid order of this ruleset's cards")


def _deal_indices(ruleset: Ruleset, indices: list[int], hakem: int) -> HandState:
    """Deal a validated order of card indices by the ruleset's pattern."""
    plan = ruleset._engine.deal_plan(hakem)
    masks = [sum(map(_BIT, take(indices))) for take in plan.seats]
    first = sum(map(_BIT, plan.first(indices)))
    stock = tuple(indices[plan.dealt:]) if plan.dealt < len(indices) else ()
    return HandState._start(ruleset, masks, hakem, first, stock, None)


def check_deck(deck_mask: int, size: int, order: Sequence[Card]) -> list[Card]:
    """Validate a deck order against the ruleset's deck; raise InvalidDealError naming the problem."""
    cards = list(order)
    try:
        mask = 0
        for card in cards:
            mask |= 1 << card.index
        if mask == deck_mask and len(cards) == size and all(c.__class__ is Card for c in cards):
            return cards
    except AttributeError:
        pass
    seen = 0
    for card in cards:
        if not isinstance(card, Card):
            raise InvalidDealError(f"the deck holds {card!r}, which is not a Card")
        bit = 1 << card.index
        if not deck_mask & bit:
            raise InvalidDealError(f"{card} is not in this ruleset's deck")
        if seen & bit:
            raise InvalidDealError(f"{card} appears twice in the deck")
        seen |= bit
    missing = [str(c) for c in frozen_cards(deck_mask & ~seen)]
    raise InvalidDealError(
        f"the deck has {len(cards)} cards; this ruleset deals {size}"
        + (f" (missing: {', '.join(sorted(missing))})" if missing else ""))
