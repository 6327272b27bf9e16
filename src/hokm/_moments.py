"""The decision moments of RULES 1.5.1, run on a fresh copy of a state, in place.

``HandState`` calls in here only when the composed ruleset uses them (its
engine is not ``classic``): the trump call's alternatives (M1), announcements
on a seat's own turn (M3), effects of variants' decisions, forced consequences,
be-ranga's trump fixed by the first void card, and two-player discards. The
classic hand never reaches this module, so its speed is untouched.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING

import attrs

from hokm._hooks import Impl, contract_error
from hokm._windows import turn_open
from hokm.actions import Action
from hokm.cards import Suit
from hokm.decisions import Effect, TrumpRule
from hokm.outcomes import DRAW, OVER, PLAY, TRUMP
from hokm.table import Seat

if TYPE_CHECKING:
    from hokm.state import HandState

__all__ = ["LOG_ACT", "LOG_AUTO", "LOG_EFFECT", "LOG_FIX", "LOG_FORCED", "LOG_GIVEN", "NO_TRUMP",
           "after_card", "begin_call", "begin_discards", "begin_turn", "decide", "discard", "discarder",
           "end_of_hand", "fix_trump", "forget_announcement", "log", "take_declared", "trump_since"]

_SUIT: tuple[Suit, ...] = tuple(Suit)
NO_TRUMP = 4
"""The table index of play without a trump suit (RULES 1.5.1 rule 8); 0-3 are the suits."""
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
    """The trump call begins: no call at all (be-ranga), forced effects, or a lone choice taken."""
    engine = state._setup.engine
    if engine.fixes_trump:  # no call: the whole deal, then play without a trump until one is fixed
        state._setup = state._setup.with_trump(NO_TRUMP)
        state._after_call()
        return
    if engine.forced_at_call:  # (TurnWindow.at_call)
        _forced(state)
    if state._phase == TRUMP and not engine.alternatives_chain and engine.call_may_be_lone(state):
        # Nothing to choose: never prompted (RULES 1.5.1 rule 3). Not where an alternative may
        # be offered: whether one is depends on the caller's cards, and the table would learn
        # it from whether the game waits for him.
        options = engine.call_options(state)
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
            and turn_open(setup.engine.forced_gate, state)):
        _forced(state)


def forget_announcement(state: HandState) -> None:
    """The next turn begins: the announcement made on the last one no longer holds."""
    extra = state._extra.copy()
    extra.announced = None
    state._extra = extra


def _forced(state: HandState) -> None:
    engine = state._setup.engine
    for _ in range(_MAX_FORCED):
        effect, impl = engine.forced_effect(state)
        if effect is None:
            return
        seat = state._to_act
        apply_effect(state, effect, seat, impl, "hokm_forced_effect")
        if state._phase == OVER or state._to_act != seat or effect.play is not None:
            return
    raise contract_error(engine.forced_chain[0], "hokm_forced_effect",
                         f"forced {_MAX_FORCED} effects in a row at one turn: a consequence that "
                         "keeps happening would never let the seat act")


def end_of_hand(state: HandState) -> None:
    """The hand just ended: a forced effect may turn cards face up, for information only (not asked
    where the hand has a trump and every forced window ends with it, ``TurnWindow.until_trump``)."""
    setup = state._setup
    engine = setup.engine
    if 0 <= setup.trump < NO_TRUMP and not engine.forced_at_end:
        return
    effect, impl = engine.forced_effect(state)
    if effect is None:
        return
    if _BESIDE_SHOW(effect) != _NOTHING_BESIDE_SHOW:
        raise contract_error(impl, "hokm_forced_effect", f"answered {effect!r} once the hand was over: "
                             "a finished hand can only have cards shown")
    apply_effect(state, effect, state._to_act, impl, "hokm_forced_effect")


def after_card(state: HandState, index: int) -> None:
    """A card was just played (already in the trick): be-ranga fixes trump on the first void card."""
    setup = state._setup
    engine = setup.engine
    trick = state._trick
    if not engine.fixes_trump or setup.trump != NO_TRUMP or len(trick) < 2:
        return
    suit_of = engine.suit_of[NO_TRUMP]
    suit = suit_of[index]
    if suit == suit_of[trick[0] & 63]:
        return
    fix_trump(state, suit, len(state._plays), len(trick))


def fix_trump(state: HandState, suit: int, played: int, in_trick: int) -> bool:
    """Be-ranga: the card just played (the ``played``-th of the hand, the ``in_trick``-th of its
    trick) fixes ``suit`` as trump. Returns whether it is a trump in its own trick
    (``TrumpRule.FIRST_VOID_CARD``); else trumps count from the next trick. The kernel's
    loops call this too, with the card already appended to ``state._plays``."""
    engine = state._setup.engine
    immediate = engine.trump_rule is TrumpRule.FIRST_VOID_CARD
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
    engine = state._setup.engine
    seat = state._to_act
    effect, impl = engine.decision_effect(state, seat, action) if engine.effect_chain else (None, None)
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


def take_declared(state: HandState, action: Action, effect: Effect, logged: bool,
                  announce: bool = True) -> None:
    """``decide`` in the random-play kernel's speed form, for an action of the seat to act whose
    effect is declared data (``Engine.declared_effect``, an ``IndicatorEffects`` answer): a card
    laid face down at the trump call, or on a turn the Hakem's laid card turned up as trump.

    The same records and the same state as ``decide`` and ``apply_effect`` (the kernel's
    property tests hold it to stepping), without their checks: the declaration lays a card of
    the caller's first ones, which he holds, and turns up the one card the Hakem laid. The
    state's hands may lag behind the kernel's (no hook looks): the laid or restored card is
    changed in them by its bit, which the kernel mirrors in its own copy. ``announce=False``: the
    turn-up is not kept as the turn's announcement, for a caller that plays the announcer's card
    itself and would forget it at once (``forget_announcement``): where that card does not end
    its trick, nothing can look at it.
    """
    seat = state._to_act
    played = len(state._plays)
    extra = state._extra.copy()
    entry = (LOG_EFFECT, played, seat, effect)
    extra.log += ((LOG_ACT, played, seat, action), entry) if logged else (entry,)
    extra.decisions += ((Seat(seat), action),)
    extra.decisions_at += (played,)
    aside = list(extra.aside)
    laid = effect.set_aside
    if laid is not None:  # M1, the trump call: laid face down, and the hand goes on without a trump
        assert state._phase == TRUMP, "a declared card is laid at the trump call"
        bit = 1 << laid.index
        state._hands[seat] ^= bit
        aside[seat] |= bit
        extra.aside = tuple(aside)
        state._extra = extra
        state._legal = -1
        setup = state._setup
        if setup.trump < 0:
            state._setup = setup.with_trump(NO_TRUMP)
        state._after_call()
        return
    card = effect.restore  # M3: the Hakem's laid card, face up as trump and back in his hand
    assert card is not None and effect.trump is not None and state._phase == PLAY, \
        "a declared card is turned up by an announcement on a turn of play"
    hakem = state._setup.hakem
    bit = 1 << card.index
    aside[hakem] ^= bit
    extra.aside = tuple(aside)
    extra.blind &= ~bit
    extra.shown |= bit
    if announce:
        extra.announced = action
    state._hands[hakem] |= bit
    state._extra = extra
    state._setup = state._setup.with_trump(effect.trump.index, played)
    state._legal = -1


def apply_effect(state: HandState, effect: Effect, seat: int, impl: Impl | None, hook: str,
                 owned: bool = False) -> None:
    """Apply ``effect`` for ``seat``, refusing what breaks the hand (named as ``impl``'s contract breach).

    ``owned``: the state's extra data is a copy made in this step (``decide``'s), changed in place.
    """
    setup = state._setup
    extra = state._extra if owned else state._extra.copy()
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
        owners = [s for s, mask in enumerate(extra.aside) if mask & bit]
        if not owners:
            raise contract_error(impl, hook, f"restored {effect.restore}, which no seat set aside")
        aside = list(extra.aside)
        aside[owners[0]] ^= bit
        extra.aside = tuple(aside)
        extra.blind &= ~bit
        hands[owners[0]] |= bit
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


# Two-player discards (StockDraw.discards) -----------------------------------------


def discarder(state: HandState) -> int | None:
    """The seat that must discard now, or ``None`` once every discard is made (or none are due)."""
    if state._phase != DRAW:
        return None
    engine = state._setup.engine
    done = state._extra.discarded
    for offset, count in enumerate(engine.discards):
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
