"""The parts of a hand state that rarely change, shared between its states until they do.

A ``HandState`` (``hokm.state``) copies a handful of slots per transition: its hands, plays
and tallies. What stays the same for many states lives in two objects the copies share:

- ``_Setup``: per-hand constants (the rules, the Hakem, the deal) and the trump state, replaced
  once when a trump is called or revealed (``with_trump``);
- ``_Extra``: the rarely-changing data of a state (decisions, the draw, cards set aside or
  shown, the log), copied by the step that changes it (``copy``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from hokm._compose.cards import NO_TRUMP
from hokm.actions import Action
from hokm.context import Decision
from hokm.table import Seat

if TYPE_CHECKING:
    from hokm._compose.engine import Engine
    from hokm.rules import Ruleset

__all__ = ["_FRESH_EXTRA", "_Extra", "_Setup"]


class _Setup:
    """Per-hand constants shared by every state of the hand."""

    __slots__ = (
        "asks_turn",
        "engine",
        "first_packet",
        "forced_live",
        "hakem",
        "order",
        "redeals",
        "ruleset",
        "stock",
        "suit_masks",
        "suit_of",
        "trump",
        "trump_from",
        "trump_settled",
        "turn_live",
    )

    def __init__(self, ruleset: Ruleset, engine: Engine, hakem: int, first_packet: int,
                 stock: tuple[int, ...], order: Sequence[int] | tuple[tuple[int, ...], ...],
                 redeals: int, trump: int = -1, trump_from: int = 0) -> None:
        self.ruleset = ruleset
        self.engine = engine
        self.hakem = hakem
        self.first_packet = first_packet
        self.stock = stock
        self.order = order  # the deck order dealt (card indices), or each seat's cards as given
        self.redeals = redeals
        self.trump = trump  # 0-3: a suit; NO_TRUMP: play without one; -1: not called yet
        self.trump_from = trump_from  # the play from which cards of the trump suit are trumps
        # By tricks done, in this trump state: whether an announcement may be offered on some turn
        # of the trick, and whether a forced effect may happen. A false answer skips the turn's
        # checks (a window already closed).
        decisions = engine.decisions
        if trump < 0:  # (a new hand: no trump called yet)
            self.trump_settled = 0
            self.suit_of: tuple[int, ...] = ()
            self.suit_masks: tuple[int, ...] = ()
            self.turn_live: tuple[bool, ...] = decisions.turn_asked[NO_TRUMP]
            self.asks_turn: bool = decisions.turn_any[NO_TRUMP]
            self.forced_live: tuple[bool, ...] = decisions.forced_live[0]
            return
        # trump_from rounded up to a trick's start (tricks are aligned): with more plays than
        # this, the trick in progress (even complete) began under the trump.
        self.trump_settled = -(-trump_from // engine.players) * engine.players
        self.suit_of = engine.cards.suit_of[trump]
        self.suit_masks = engine.cards.suit_masks[trump]
        self.turn_live = decisions.turn_asked[trump]
        self.asks_turn = decisions.turn_any[trump]
        self.forced_live = decisions.forced_live[trump < NO_TRUMP]

    def with_trump(self, trump: int, trump_from: int = 0) -> _Setup:
        """These constants with ``trump`` (a suit, or ``NO_TRUMP``) in force from play ``trump_from``."""
        return _Setup(self.ruleset, self.engine, self.hakem, self.first_packet, self.stock, self.order,
                      self.redeals, trump, trump_from)


class _Extra:
    """Rarely-changing per-state data: decisions, the draw, what each seat saw or set aside."""

    __slots__ = ("announced", "annulled", "aside", "blind", "decisions", "decisions_at", "discarded",
                 "log", "pending", "seen", "shown", "stock_pos")

    def __init__(self, players: int) -> None:
        self.decisions: tuple[tuple[Seat, Action], ...] = ()
        self.decisions_at: tuple[int, ...] = ()  # cards played when each decision was taken
        self.pending: Decision | None = None
        self.stock_pos = 0
        self.seen: tuple[int, ...] = (0,) * players
        self.aside: tuple[int, ...] = (0,) * players  # face-down cards apart from each hand
        self.blind = 0  # set-aside cards their owner has not seen either
        self.shown = 0  # cards turned face up for everyone by a decision
        self.announced: Action | None = None  # the announcement made on the current turn
        self.annulled = False
        self.discarded = 0  # discards made so far (StockDraw.discards)
        # What happened beside the plays, in order, as (kind, plays so far, seat, what): the
        # actions of a hand beyond the classic one, effects, a lone choice the core took, a trump
        # fixed by a void card (hokm._hand.moments.LOG_*). History, not position: records and events
        # read it; the rules never do.
        self.log: tuple[tuple[int, int, int, Any], ...] = ()

    def __new__(cls, players: int = 0) -> _Extra:
        # A mypyc-compiled class refuses object.__new__; copy() uses _NEW_EXTRA.
        return super().__new__(cls)

    def copy(self) -> _Extra:
        new: _Extra = _NEW_EXTRA(_Extra)  # every slot is set below: no __init__ to overwrite
        new.decisions, new.decisions_at, new.pending = self.decisions, self.decisions_at, self.pending
        new.stock_pos, new.seen, new.aside, new.blind = self.stock_pos, self.seen, self.aside, self.blind
        new.shown, new.announced, new.annulled = self.shown, self.announced, self.annulled
        new.discarded, new.log = self.discarded, self.log
        return new


_FRESH_EXTRA: tuple[_Extra, ...] = tuple(_Extra(players) for players in range(17))


# A mypyc-compiled class refuses object.__new__ (the cheaper call when interpreted).
_NEW_EXTRA: Callable[[type[_Extra]], _Extra] = (
    object.__new__ if __file__.endswith(".py") else _Extra.__new__)
