"""The decision moments of RULES 1.5.1, run on a fresh copy of a state, in place.

``HandState`` calls in here only when the composed ruleset uses them (its
engine is not ``classic``): the trump call's alternatives (M1), announcements
on a seat's own turn (M3), effects of variants' decisions, forced consequences,
a trump fixed by the first card off the led suit (``TrumpRule``), and stock discards. The
classic hand never reaches this module, so its speed is untouched.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING

import attrs

from hokm._compose.cards import NO_TRUMP
from hokm._compose.hooks import Impl, contract_error
from hokm.actions import Action
from hokm.cards import Card, Suit
from hokm.decisions import Effect, TrumpRule
from hokm.outcomes import DRAW, OVER, PLAY, TRUMP
from hokm.table import Seat

if TYPE_CHECKING:
    from hokm._compose.windows import Gate
    from hokm._hand.parts import _Setup
    from hokm._hand.state import HandState

__all__ = ["LOG_ACT", "LOG_AUTO", "LOG_EFFECT", "LOG_FIX", "LOG_FORCED", "LOG_GIVEN", "NO_TRUMP",
           "after_card", "announcements", "apply_effect", "begin_call", "begin_discards", "begin_turn",
           "decide", "discard", "discarder", "end_of_hand", "fix_trump", "forget_announcement", "log",
           "trump_since", "turn_open"]

_SUIT: tuple[Suit, ...] = tuple(Suit)
_MAX_FORCED = 16
"""Forced effects in a row before a variant that keeps forcing is reported as broken."""

# The kinds of entry of a hand's log (``_Extra.log``: kind, plays so far, seat, what). The
# log holds what the plays and the state do not say, for records and events; nothing in the
# rules reads it. The classic hand logs only effects: its calls and draws are read back from
# the state, and its random-play kernel never logs.
LOG_ACT = 0
"""An action other than a play taken by the seat to act (a hand beyond the classic one)."""
LOG_AUTO = 1
"""A lone trump-call choice the core took by itself (RULES 1.5.1 rule 3)."""
LOG_GIVEN = 2
"""The trump given at the start (``Ruleset.new_hand(trump=...)``, a hand beyond the classic one)."""
LOG_EFFECT = 3
"""The effect of a seat's decision (``hokm_decision_effect``)."""
LOG_FORCED = 4
"""A forced effect (``hokm_forced_effect``); its seat is the seat to act then."""
LOG_FIX = 5
"""The trump fixed by a card played by a seat that could not follow; ``what`` is the suit."""


# Every part of an Effect but ``show``, read in one call, and its value in ``Effect()``: a
# finished hand can only have cards shown (end_of_hand), checked without building an Effect.
_BESIDE_SHOW = attrgetter(*(field.name for field in attrs.fields(Effect) if field.name != "show"))
_NOTHING_BESIDE_SHOW = _BESIDE_SHOW(Effect())


def trump_since(state: HandState) -> int:
    """The first play under the trump (``trump_from``), or more than any hand's plays while there is none."""
    setup = state._setup
    return setup.trump_from if 0 <= setup.trump < NO_TRUMP else 1 << 30


def log(state: HandState, kind: int, what: object) -> None:
    """Add an entry for the seat to act, at the number of cards played so far, to the log."""
    extra = state._extra.copy()
    extra.log += ((kind, len(state._plays), state._to_act, what),)
    state._extra = extra


def begin_call(state: HandState) -> None:
    """The trump call begins: no call at all (a ``TrumpRule`` fixes it in play), forced effects, or a
    lone choice taken."""
    setup = state._setup
    decisions = setup.engine.decisions
    if decisions.fixes_trump:  # no call: the whole deal, then play without a trump until one is fixed
        state._setup = setup.with_trump(NO_TRUMP)
        state._after_call()
        return
    if decisions.forced_at_call:  # (TurnWindow.at_call)
        _forced(state)
    if (state._phase == TRUMP and not decisions.alternatives
            and decisions.call_may_be_lone(state._setup.first_packet)):
        # Nothing to choose: never prompted (RULES 1.5.1 rule 3). Not where an alternative may
        # be offered: whether one is depends on the caller's cards, and the table would learn
        # it from whether the game waits for him.
        options = decisions.call_options(state, state._setup.first_packet)
        if len(options) == 1:
            log(state, LOG_AUTO, options[0])
            state._take(options[0])


def begin_turn(state: HandState) -> None:
    """A seat's turn in trick play begins: forget the last announcement, apply forced effects."""
    if state._extra.announced is not None:
        forget_announcement(state)
    setup = state._setup
    # forced_live: the forced chain may answer in this trick, in this trump state (a cheap first gate)
    if (setup.forced_live[len(state._winners)] and state._phase == PLAY and state._extra.pending is None
            and turn_open(setup.engine.decisions.forced_gate, state)):
        _forced(state)


def turn_open(gate: Gate | None, state: HandState) -> bool:
    """Whether a chain with ``gate`` is asked on the turn of ``state`` (a turn of trick play)."""
    if gate is None:
        return True
    setup = state._setup
    trick = state._trick
    seat = state._to_act
    void = bool(trick) and _void(state)
    return gate.open(not trick, seat == setup.hakem, void, 0 <= setup.trump < NO_TRUMP, len(state._winners),
                     state._extra.announced is not None)


def _void(state: HandState) -> bool:
    """Whether the seat to act holds no card of the led suit (the effective suit, as legality reads it)."""
    setup, trick = state._setup, state._trick
    engine, trump = setup.engine, state._active_trump()[0] if setup.trump_from else setup.trump
    cards = engine.cards
    return not state._hands[state._to_act] & cards.suit_masks[trump][cards.suit_of[trump][trick[0] & 63]]


def announcements(state: HandState) -> tuple[Action, ...]:
    """The announcements the seat to act may make before its card (M3): the tabulated ones, then
    those of the hooks that read the hand, inside their windows. Asked before an announcement only."""
    setup = state._setup
    decisions = setup.engine.decisions
    trick = state._trick
    done = len(state._winners)
    hakem = state._to_act == setup.hakem
    row = decisions.offer_rows[setup.trump][done]
    asks = bool(decisions.turn_chain) and decisions.turn_live[0 <= setup.trump < NO_TRUMP][done]
    kind, void = 0, False
    if trick:
        if not (asks or row[2 + hakem] or row[4 + hakem]):
            return ()
        void = _void(state)
        kind = 4 if void else 2
    if asks and (decisions.turn_gate is None or decisions.turn_gate.open(
            not trick, hakem, void, 0 <= setup.trump < NO_TRUMP, done, False)):
        return decisions.turn_options(state, setup.trump, done, not trick, hakem, void)
    return row[kind + hakem]


def forget_announcement(state: HandState) -> None:
    """The next turn begins: the announcement made on the last one no longer holds."""
    extra = state._extra.copy()
    extra.announced = None
    state._extra = extra


def _forced(state: HandState) -> None:
    decisions = state._setup.engine.decisions
    for _ in range(_MAX_FORCED):
        effect, impl = decisions.forced_effect(state)
        if effect is None:
            return
        seat = state._to_act
        apply_effect(state, effect, seat, impl, "hokm_forced_effect")
        if state._phase == OVER or state._to_act != seat or effect.play is not None:
            return
    raise contract_error(decisions.forced_chain[0], "hokm_forced_effect",
                         f"forced {_MAX_FORCED} effects in a row at one turn: a consequence that "
                         "keeps happening would never let the seat act")


def end_of_hand(state: HandState) -> None:
    """The hand just ended: a forced effect may turn cards face up, for information only (not asked
    where the hand has a trump and every forced window ends with it, ``TurnWindow.until_trump``)."""
    setup = state._setup
    decisions = setup.engine.decisions
    if 0 <= setup.trump < NO_TRUMP and not decisions.forced_at_end:
        return
    effect, impl = decisions.forced_effect(state)
    if effect is None:
        return
    if _BESIDE_SHOW(effect) != _NOTHING_BESIDE_SHOW:
        raise contract_error(impl, "hokm_forced_effect", f"answered {effect!r} once the hand was over: "
                             "a finished hand can only have cards shown")
    apply_effect(state, effect, state._to_act, impl, "hokm_forced_effect")


def after_card(state: HandState, index: int) -> None:
    """A card was just played (already in the trick): under a ``TrumpRule``, the first card off the
    led suit fixes its suit as trump."""
    setup = state._setup
    engine = setup.engine
    trick = state._trick
    if not engine.fixes_trump or setup.trump != NO_TRUMP or len(trick) < 2:
        return
    suit_of = engine.cards.suit_of[NO_TRUMP]
    suit = suit_of[index]
    if suit == suit_of[trick[0] & 63]:
        return
    fix_trump(state, suit, len(state._plays), len(trick))


def fix_trump(state: HandState, suit: int, played: int, in_trick: int) -> bool:
    """The card just played (the ``played``-th of the hand, the ``in_trick``-th of its
    trick) fixes ``suit`` as trump. Returns whether it is a trump in its own trick
    (``TrumpRule.FIRST_VOID_CARD``); else trumps count from the next trick. The kernel's
    loops call this too, with the card already appended to ``state._plays``."""
    engine = state._setup.engine
    immediate = engine.decisions.trump_rule is TrumpRule.FIRST_VOID_CARD
    since = played - 1 if immediate else played - in_trick + engine.players
    state._setup = state._setup.with_trump(suit, since)
    extra = state._extra.copy()
    extra.log += ((LOG_FIX, played, state._plays[played - 1] >> 6, _SUIT[suit]),)
    state._extra = extra
    return immediate


def decide(state: HandState, action: Action, logged: bool = False) -> None:
    """Apply a variant's action (legal, checked by the caller): record it, then its effect.

    ``logged``: add the action to the log (``LOG_ACT``) first, in the same copy of the extra data.
    """
    setup = state._setup
    decisions = setup.engine.decisions
    seat = state._to_act
    trump = setup.trump if setup.trump >= 0 else NO_TRUMP
    effect, impl = (decisions.decision_effect(state, seat, action, trump) if decisions.effect_chain
                    else (None, None))
    extra = state._extra.copy()
    if logged:
        extra.log += ((LOG_ACT, len(state._plays), seat, action),)
    extra.decisions += ((Seat(seat), action),)
    extra.decisions_at += (len(state._plays),)
    phase = state._phase
    if phase == TRUMP:  # M1: one choice instead of naming a suit
        state._extra = extra
        if effect is not None:
            apply_effect(state, effect, seat, impl, "hokm_decision_effect", owned=True)
        if state._phase == OVER:
            return
        if state._setup.trump < 0:
            state._setup = state._setup.with_trump(NO_TRUMP)
        state._after_call()
    elif extra.pending is not None:  # M2 / M4: the answer to a pending decision
        extra.pending = None
        state._extra = extra
        if effect is not None:
            apply_effect(state, effect, seat, impl, "hokm_decision_effect", owned=True)
        if state._phase != OVER:
            state._after_pause()
    else:  # M3: an announcement; the same seat plays next
        extra.announced = action
        state._extra = extra
        if effect is not None:
            apply_effect(state, effect, seat, impl, "hokm_decision_effect", owned=True)


def apply_effect(state: HandState, effect: Effect, seat: int, impl: Impl | None, hook: str,
                 owned: bool = False) -> None:
    """Apply ``effect`` for ``seat``, refusing what breaks the hand (named as ``impl``'s contract breach).

    ``owned``: the state's extra data is a copy made in this step (``decide``'s), changed in place.
    """
    setup = state._setup
    extra = state._extra if owned else state._extra.copy()
    if effect.turn_up:  # the Hakem's card laid aside, as the concrete effect the log records
        effect = _turned_up(effect, setup, extra.aside, impl, hook)
    kind = LOG_FORCED if hook == "hokm_forced_effect" else LOG_EFFECT
    extra.log += ((kind, len(state._plays), seat, effect),)
    hands = state._hands
    if effect.set_aside is not None:
        bit = 1 << effect.set_aside.index
        if not hands[seat] & bit:
            raise contract_error(impl, hook, f"set aside {effect.set_aside}, which seat {seat} does not hold")
        hands[seat] ^= bit
        aside = list(extra.aside)
        aside[seat] |= bit
        extra.aside = tuple(aside)
        if effect.hidden_from_owner:
            extra.blind |= bit
    if effect.restore is not None:
        bit = 1 << effect.restore.index
        aside, owner = list(extra.aside), 0
        while owner < len(aside) and not aside[owner] & bit:
            owner += 1
        if owner == len(aside):
            raise contract_error(impl, hook, f"restored {effect.restore}, which no seat set aside")
        aside[owner] ^= bit
        extra.aside = tuple(aside)
        extra.blind &= ~bit
        hands[owner] |= bit
    if effect.trump is not None:
        if 0 <= setup.trump < NO_TRUMP:
            raise contract_error(impl, hook, f"named {effect.trump.name.lower()} trump, but the hand "
                                 f"already has a trump: a trump in force never changes")
        state._setup = setup.with_trump(effect.trump.index, len(state._plays))
    for card in effect.show:
        extra.shown |= 1 << card.index
    state._extra = extra
    if effect.annul:
        if state._plays or state._phase not in (TRUMP, DRAW, PLAY):
            raise contract_error(impl, hook, "annulled the hand after its first card: only a hand "
                                 "that has not started may be annulled")
        extra.annulled = True
        extra.pending = None
        state._phase = OVER
        return
    state._legal = -1
    if effect.play is not None:
        index = effect.play.index
        if state._phase != PLAY or not (state._legal_mask() >> index) & 1:
            raise contract_error(impl, hook, f"played {effect.play} for seat {state._to_act}, which is "
                                 "not a legal play now")
        state._play(index)
        state._legal = -1


def _turned_up(effect: Effect, setup: _Setup, aside: tuple[int, ...], impl: Impl | None, hook: str) -> Effect:
    """``effect`` with ``turn_up`` spelt out: the Hakem's one card set aside is restored to his hand,
    shown, and its suit named trump (refused where he has not exactly one, or the hand has a trump)."""
    laid = aside[setup.hakem]
    if not laid or laid & (laid - 1):
        raise contract_error(impl, hook, f"turned up the Hakem's card set aside, but seat {setup.hakem} has "
                             f"{laid.bit_count()} cards set aside, not one")
    if 0 <= setup.trump < NO_TRUMP:
        raise contract_error(impl, hook, "turned up the Hakem's card set aside, but the hand already has a "
                             "trump: a trump in force never changes")
    index = laid.bit_length() - 1
    if not effect.show and _BESIDE_SHOW(effect) == _TURN_UP_BESIDE_SHOW:  # Effect(turn_up=True), read in C
        return _TURNED_UP[index]  # the usual answer: one concrete effect per card, built once
    card = _TURNED_UP[index].restore
    assert card is not None
    return attrs.evolve(effect, turn_up=False, trump=card.suit, restore=card, show=effect.show | {card})


_TURN_UP_BESIDE_SHOW = _BESIDE_SHOW(Effect(turn_up=True))
_TURNED_UP: tuple[Effect, ...] = tuple(
    Effect(trump=card.suit, restore=card, show=(card,)) for card in map(Card.from_index, range(52)))


# Stock discards (StockDraw.discards) ----------------------------------------------


def discarder(state: HandState) -> int | None:
    """The seat that must discard now, or ``None`` once every discard is made (or none are due)."""
    if state._phase != DRAW:
        return None
    engine = state._setup.engine
    done = state._extra.discarded
    for offset, count in enumerate(engine.table.discards):
        if done < count:
            return (state._setup.hakem + offset) % engine.players
        done -= count
    return None


def begin_discards(state: HandState) -> None:
    """After the call: the first seat owing discards acts (or the draw starts at once)."""
    seat = discarder(state)
    if seat is None:
        _start_draw(state)
    else:
        state._to_act = seat


def discard(state: HandState, index: int) -> None:
    """The seat to act lays card ``index`` face down out of play."""
    seat = state._to_act
    bit = 1 << index
    state._hands[seat] ^= bit
    extra = state._extra.copy()
    aside = list(extra.aside)
    aside[seat] |= bit
    extra.aside = tuple(aside)
    extra.discarded += 1
    state._extra = extra
    begin_discards(state)


def _start_draw(state: HandState) -> None:
    state._to_act = state._setup.hakem
    if state._draw_done():
        state._start_play()
