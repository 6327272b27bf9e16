"""How a hand started and what was done in it, read back from its state.

``start_of``, ``hand_deck``, ``dealt_hands`` and ``hand_history`` recover the deal and the
actions taken, which game records write and event streams replay: a hand state keeps its
cards as masks and its history as plays, decisions and a log (``_Extra.log``), not as the
list of actions that made it. (What a position *is*, for equality, is ``hokm._hand.keys``.)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hokm._hand.keys import dealt_orders, hand_key
from hokm._hand.moments import LOG_ACT, LOG_GIVEN
from hokm.actions import CALL_TRUMP, PLAY_CARD, Action, DrawCard
from hokm.cards import Card, Suit
from hokm.errors import GameStateError
from hokm.outcomes import DRAW, PLAY, TRUMP
from hokm.table import Seat

if TYPE_CHECKING:
    from hokm._hand.state import HandState
    from hokm.rules import Ruleset

__all__ = ["History", "dealt_hands", "hand_deck", "hand_history", "start_of"]

_SUITS = tuple(Suit)


# The deal ----------------------------------------------------------------------------------------


def start_of(hand: HandState, trump: Suit | None = None) -> HandState:
    """The hand as it was dealt, at its trump call (or with ``trump`` given, as ``new_hand`` does)."""
    return started(type(hand), *deal_of(hand), trump)


Deal = tuple["Ruleset", tuple[Any, ...], int, int, int]
"""What a hand was dealt from: its ruleset, the deck order (card indices) or each seat's cards
in the order received, the Hakem, his first packet (a mask) and the deals annulled before it."""


def deal_of(hand: HandState) -> Deal:
    """What ``hand`` was dealt from (``started`` deals it again)."""
    setup = hand._setup
    return setup.ruleset, tuple(setup.order), setup.hakem, setup.first_packet, setup.redeals


def started(cls: type[HandState], ruleset: Ruleset, order: tuple[Any, ...], hakem: int, first_packet: int,
            redeals: int, trump: Suit | None = None) -> HandState:
    """A hand of class ``cls`` dealt as ``deal_of`` says, at its trump call (or with ``trump`` given)."""
    if order and isinstance(order[0], tuple):
        masks = [sum(1 << index for index in cards) for cards in order]
        return cls._start(ruleset, masks, hakem, first_packet, (), None if trump is None else trump.index,
                          order, redeals)
    return ruleset.deal([Card.from_index(index) for index in order], hakem=hakem, redeals=redeals)


def dealt_hands(hand: HandState) -> list[list[Card]]:
    """Each seat's cards in the order received (the Hakem's first packet first)."""
    return [[Card.from_index(index) for index in cards] for cards in dealt_orders(hand)]


def hand_deck(hand: HandState) -> list[Card] | None:
    """The deck order the hand was dealt from, or one that deals it exactly, if there is one.

    A hand dealt from a deck has it. For ``Ruleset.new_hand`` the deck puts each seat's
    cards in its packets in the order given, so ``dealt(seat)`` is the same; ``None``
    when the hands are not a deal of the whole deck (two players hold 26 of 52 cards).
    """
    setup = hand._setup
    order = setup.order
    if not (order and isinstance(order[0], tuple)):
        return [Card.from_index(index) for index in order]  # type: ignore[arg-type]
    engine = setup.engine
    plan = engine.table.plans[setup.hakem]
    size = len(engine.table.deck)
    if plan.dealt != size:
        return None
    places: list[int | None] = [None] * size
    given = 0
    for seat, cards in enumerate(order):
        positions = plan.seats[seat](range(size))
        if len(positions) != len(cards):  # type: ignore[arg-type]
            return None
        for position, index in zip(positions, cards, strict=True):  # type: ignore[call-overload]
            places[position] = index
            given |= 1 << index
    if given != engine.deck_mask or None in places:
        return None
    return [Card.from_index(index) for index in places]  # type: ignore[arg-type]


# The actions taken -------------------------------------------------------------------------------


class History:
    """How a hand came to be: the trump given at its start, if any, and every action taken."""

    __slots__ = ("actions", "start", "trump")

    def __init__(self, start: HandState, trump: Suit | None, actions: list[tuple[Seat, Action]]) -> None:
        self.start = start
        self.trump = trump
        self.actions = actions


def hand_history(hand: HandState) -> History:
    """Every action taken in ``hand``, in order, with its seat, and the state it started from.

    A hand beyond the classic one logs its actions other than plays with the number of
    cards played before each (``LOG_ACT``), so they interleave exactly with the plays; a
    forced play and a lone choice the core took happen by themselves in the replay and are
    not actions. In the classic hand the trump call and the stock draws are read from what
    they left (the trump, who holds which stock card) and the answers to pending decisions
    from ``decisions``. Either way the hand is replayed from its deal, and the replay must
    reach ``hand`` exactly.

    Raises:
        GameStateError: the replay does not reach ``hand`` (a state changed by a kind of step
            this module cannot read).
    """
    setup, extra = hand._setup, hand._extra
    given = next((what for kind, _, _, what in extra.log if kind == LOG_GIVEN), None)
    start = start_of(hand, given)
    if setup.engine.classic:
        taken, state = _classic_actions(hand, start)
    else:
        taken, state = _logged_actions(hand, start)
    if hand_key(state) != hand_key(hand):
        raise GameStateError("cannot list the actions of this hand: replaying its plays and decisions "
                             "does not reach it")
    return History(start, given, taken)


def hand_actions(hand: HandState) -> list[tuple[Seat, Action]]:
    """Every action taken in ``hand``, in order, with its seat (see ``hand_history``)."""
    return hand_history(hand).actions


def _logged_actions(hand: HandState, start: HandState) -> tuple[list[tuple[Seat, Action]], HandState]:
    acts = [(at, seat, action) for kind, at, seat, action in hand._extra.log if kind == LOG_ACT]
    plays: Sequence[int] = hand._plays
    taken: list[tuple[Seat, Action]] = []
    state, done = start, 0
    while True:
        played = len(state._plays)
        if done < len(acts) and acts[done][0] <= played:
            _, seat, action = acts[done]
            done += 1
        elif played < len(plays):
            seat, action = plays[played] >> 6, PLAY_CARD[plays[played] & 63]
        else:
            break
        taken.append((Seat(seat), action))
        state = state.apply(action)
    return taken, state


def _classic_actions(hand: HandState, start: HandState) -> tuple[list[tuple[Seat, Action]], HandState]:
    setup, extra = hand._setup, hand._extra
    if setup.trump < 0:
        return [], start
    hakem = Seat(setup.hakem)
    if not extra.decisions and not setup.stock:  # the call, then the plays: no replay needed
        return ([(hakem, CALL_TRUMP[_SUITS[setup.trump]]),
                 *[(Seat(p >> 6), PLAY_CARD[p & 63]) for p in hand._plays]], hand)
    held = list(hand._hands)
    for packed in hand._plays:
        held[packed >> 6] |= 1 << (packed & 63)
    taken: list[tuple[Seat, Action]] = []
    plays, decisions = iter(hand._plays), iter(extra.decisions)
    state = start
    while True:
        phase, seat = state._phase, Seat(state._to_act)
        action: Action | None
        if phase == TRUMP:
            action = CALL_TRUMP[_SUITS[setup.trump]]
        elif phase == DRAW:
            position = state._extra.stock_pos
            action = (None if position >= extra.stock_pos
                      else DrawCard(bool(held[seat] >> setup.stock[position] & 1)))
        elif phase == PLAY and state._extra.pending is not None:
            decision = next(decisions, None)
            action = None if decision is None else decision[1]
        elif phase == PLAY:
            play = next(plays, None)
            action = None if play is None else PLAY_CARD[play & 63]
        else:
            action = None
        if action is None:
            break
        taken.append((seat, action))
        state = state.apply(action)
    return taken, state
