"""A hand's steps told as events (``hokm.events``): what each seat may now know, every card
played and trick won, the effects and log entries in the order they happened.

Read from the states before and after a step, which is why it lives with ``HandState``: it
reads the hand's log and its per-seat masks (cards seen, laid apart, shown).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hokm._hand.keys import dealt_orders
from hokm._hand.moments import LOG_ACT, LOG_AUTO, LOG_EFFECT, LOG_FIX, LOG_FORCED, LOG_GIVEN
from hokm._hand.positions import hand_history
from hokm.actions import CallTrump, PlayCard
from hokm.cards import Card
from hokm.events import (
    CardPlayed,
    CardsDealt,
    CardsRestored,
    CardsSeen,
    CardsSetAside,
    CardsShown,
    DecisionTaken,
    Event,
    HakemChanged,
    HandAnnulled,
    HandOver,
    HandStarted,
    MatchOver,
    ScoresChanged,
    TrickWon,
    TrumpCalled,
    TrumpRevealed,
    _Stream,
)
from hokm.outcomes import TRUMP
from hokm.table import Seat

if TYPE_CHECKING:
    from hokm._hand.state import HandState
    from hokm.actions import Action
    from hokm.decisions import Effect
    from hokm.match import MatchState
    from hokm.outcomes import HandResult

__all__ = ["hand_events"]


def _known(hand: HandState, seat: int) -> int:
    """The cards of its own ``seat`` may know it holds, held or had: in hand, played, laid apart."""
    setup, extra = hand._setup, hand._extra
    if hand._phase == TRUMP:
        mask = setup.first_packet & ~extra.aside[seat] if seat == setup.hakem else 0
    else:
        mask = hand._hands[seat]
    for packed in hand._plays:
        if packed >> 6 == seat:
            mask |= 1 << (packed & 63)
    return mask | (extra.aside[seat] & ~extra.blind)


def _in_order(hand: HandState, seat: int, mask: int) -> tuple[Card, ...]:
    """The cards of ``mask``, in the order ``seat`` received them (then any others, in deck order)."""
    order = [index for index in dealt_orders(hand)[seat] if mask >> index & 1]
    rest = mask & ~sum(1 << index for index in order)
    order += [index for index in range(64) if rest >> index & 1]
    return tuple(Card.from_index(index) for index in order)


def _new_cards(old_known: Sequence[int], old_seen: Sequence[int], after: HandState,
               restored: int) -> list[Event]:
    """Cards each seat may now know of that it did not before: dealt (or drawn), or seen."""
    events: list[Event] = []
    for seat in range(after._setup.engine.players):
        known = _known(after, seat)
        new = known & ~old_known[seat] & ~restored
        if new:
            events.append(CardsDealt(Seat(seat), _in_order(after, seat, new)))
        seen = after._extra.seen[seat] & ~old_seen[seat] & ~known
        if seen:
            events.append(CardsSeen(Seat(seat), _in_order(after, seat, seen)))
    return events


def _effect_events(effect: Effect, seat: int, at: int, before: HandState | None,
                   after: HandState) -> list[Event]:
    """The events of an applied effect."""
    events: list[Event] = []
    if effect.set_aside is not None:
        events.append(CardsSetAside(Seat(seat), (effect.set_aside,), 1, effect.hidden_from_owner))
    if effect.restore is not None:
        card = effect.restore
        owner = next((s for s in range(after._setup.engine.players)
                      if before is not None and before._extra.aside[s] >> card.index & 1), seat)
        events.append(CardsRestored(Seat(owner), (card,), bool(after._extra.shown >> card.index & 1)))
    if effect.trump is not None:
        events.append(TrumpRevealed(effect.trump, at))
    if effect.show:
        events.append(CardsShown(Seat(seat), tuple(sorted(effect.show, key=lambda c: c.index))))
    return events


def _log_events(entry: tuple[int, int, int, Any], before: HandState | None,
                after: HandState) -> list[Event]:
    """The events of one log entry other than a seat's own action."""
    kind, at, seat, what = entry
    if kind in (LOG_EFFECT, LOG_FORCED):
        return _effect_events(what, seat, at, before, after)
    if kind == LOG_FIX:
        return [TrumpRevealed(what, after._setup.trump_from)]
    if kind == LOG_AUTO:
        return [_action_event(Seat(seat), what)]
    if kind == LOG_GIVEN:
        return [TrumpCalled(Seat(seat), what)]
    return []


def _action_event(seat: Seat, action: Action) -> Event:
    if isinstance(action, CallTrump):
        return TrumpCalled(seat, action.suit)
    return DecisionTaken(seat, action)


def hand_events(before: HandState | None, action: Action | None, after: HandState,
                 hand_number: int | None = None, result: HandResult | None = None) -> list[Event]:
    """The events from ``before`` (``None``: the deal itself) to ``after``, ``action`` taken."""
    setup = after._setup
    players = setup.engine.players
    events: list[Event] = []
    if before is None:  # the deal: the Hakem sees his first packet before the call
        hakem = setup.hakem
        events.append(HandStarted(hand_number, Seat(hakem), Seat((hakem - 1) % players), setup.redeals))
        old_known = [0] * players
        if not setup.engine.fixes_trump:
            first = setup.first_packet & ~after._extra.blind
            if first:
                events.append(CardsDealt(Seat(hakem), _in_order(after, hakem, first)))
                old_known[hakem] = first
        old_seen = [0] * players
        start, log = 0, after._extra.log
    else:
        old_known = [_known(before, seat) for seat in range(players)]
        old_seen = list(before._extra.seen)
        start, log = len(before._plays), after._extra.log[len(before._extra.log):]
        if action is not None and action.__class__ is not PlayCard:
            events.append(_action_event(Seat(before._to_act), action))
    pending = [entry for entry in log if entry[0] != LOG_ACT]
    restored = 0
    for _, _, _, what in pending:
        restore = getattr(what, "restore", None)
        if restore is not None:
            restored |= 1 << restore.index
    # What happened before the first card of this step: the action's effects, forced ones;
    # then the cards that became known (the call deals the rest of every hand).
    while pending and pending[0][1] <= start and pending[0][0] != LOG_FIX:
        events += _log_events(pending.pop(0), before, after)
    events += _new_cards(old_known, old_seen, after, restored)
    plays = after._plays
    for index in range(start, len(plays)):
        while pending and pending[0][1] <= index and pending[0][0] != LOG_FIX:
            events += _log_events(pending.pop(0), before, after)
        packed = plays[index]
        forced = index != start or action is None or action.__class__ is not PlayCard
        events.append(CardPlayed(Seat(packed >> 6), Card.from_index(packed & 63), forced))
        while pending and pending[0][0] == LOG_FIX and pending[0][1] == index + 1:
            events += _log_events(pending.pop(0), before, after)
        if (index + 1) % players == 0:  # a trick is complete
            number = (index + 1) // players
            trick = plays[index + 1 - players:index + 1]
            events.append(TrickWon(number, tuple((Seat(p >> 6), Card.from_index(p & 63)) for p in trick),
                                   Seat(after._winners[number - 1]), _seat(after._collectors[number - 1]),
                                   _pile(after, number)))
    for entry in pending:
        events += _log_events(entry, before, after)
    if after.is_over and (before is None or not before.is_over):
        if after.is_annulled:
            events.append(HandAnnulled(Seat(setup.hakem)))
        else:
            events.append(HandOver(after.result() if result is None else result))
    return events


def _seat(value: int | None) -> Seat | None:
    return None if value is None else Seat(value)


def _pile(hand: HandState, number: int) -> int:
    """The tricks lying in the centre after trick ``number`` (0 when every trick is collected)."""
    pile = 0
    for collector in hand._collectors[:number]:
        pile = pile + 1 if collector is None else 0
    return pile


# Steps ------------------------------------------------------------------------------------------


def hand_step(hand: HandState, action: Action) -> tuple[HandState, tuple[Event, ...]]:
    """``HandState.apply_with_events``."""
    after = hand.apply(action)
    return after, _Stream(hand_events(hand, action, after), hand.ruleset.players)


def match_step(match: MatchState, action: Action) -> tuple[MatchState, tuple[Event, ...]]:
    """``MatchState.apply_with_events``."""
    after = match.apply(action)
    number = match.hand_number
    finished = after._hand if after._hand_number == number else after._last_hand
    assert finished is not None
    result = after._results[-1] if finished.is_over and not finished.is_annulled else None
    events = hand_events(match._hand, action, finished, number, result)
    if finished.is_over:
        if result is not None:
            events.append(ScoresChanged(after.scores))
        if after.is_over:
            events.append(MatchOver(after.winner, after.is_drawn, after.scores))
        else:
            new = after._hand
            if new.hakem != finished.hakem:
                events.append(HakemChanged(finished.hakem, new.hakem))
            events += hand_events(None, None, new, after.hand_number)
    return after, _Stream(events, match.ruleset.players)


# Replays: opening and history ---------------------------------------------------------------------


def hand_replayed(hand: HandState, _name: str, *, whole: bool) -> tuple[Event, ...]:
    """``hokm.events.opening`` (``whole``: ``history``) of a hand alone, replayed from its deal."""
    past = hand_history(hand)
    events = hand_events(None, None, past.start)
    if whole:
        state = past.start
        for _, action in past.actions:
            state, more = hand_step(state, action)
            events += more
    return _Stream(events, hand.ruleset.players)


def match_replayed(match: MatchState, _name: str, *, whole: bool) -> tuple[Event, ...]:
    """``hokm.events.opening`` (``whole``: ``history``) of a match, replayed from its first deal."""
    if not whole:
        start = hand_history(match.hand).start
        return _Stream(hand_events(None, None, start, match.hand_number), match.ruleset.players)
    hands = [*match.finished_hands, *([] if match.is_over else [match.hand])]
    replay = _first_deal(match, hands)
    events = list(match_replayed(replay, "history", whole=False))
    for hand in hands:
        for _, action in hand_history(hand).actions:
            replay, more = match_step(replay, action)
            events += more
    return _Stream(events, match.ruleset.players)


def _first_deal(match: MatchState, hands: Sequence[HandState]) -> MatchState:
    """``match`` as it was dealt (``hands``: its hands so far): its first hand at the trump call, the
    decks of its hands kept."""
    decks = tuple(match.deck_for(number) for number in range(1, len(hands) + 1))
    first = match._with(_hand_number=1, _scores=(0,) * len(match._scores), _results=(), _winner=None,
                        _drawn=False, _finished=(), _last_hand=None, _decks=decks)
    first._hand = match.ruleset.deal(decks[0], hakem=hands[0].hakem)
    return first
