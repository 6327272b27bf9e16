"""The plain-tricks loop held suit by suit before any trump, with declared offers and uneven hands.

Hidden trump's hand has no trump until the reveal, and its caller plays one card short
(the indicator lies apart from his hand), so ``hokm._tricks._suit_tricks`` (even hands, a
trump known from the first card) does not apply. Before the reveal the only per-turn
answers are the declared ``TurnOffers`` (``Engine.offer_table``): the ask and the reveal.
``offer_tricks`` keeps ``_suit_tricks``' form, each hand as four 13-bit suits, and:

- counts each hand where it needs the count (a lead, a void seat's any card): the hands
  need not hold one number of cards;
- lets the declared offers of the turn join the random pick after the legal cards, as
  ``legal_actions()`` lists them, and returns a picked one, the state left as stepping
  leaves it before it, for the kernel to take by the state's own steps;
- returns (``None``) at the lead to trick ``Engine.plain_until + 1``, where a forced
  effect's window opens (hidden trump's last trick).

With no trump, a card off the led suit never wins, so only follows are compared. The
same ``rand()`` calls in the same order give exactly the hand stepping gives (property
tests in ``tests/property/test_offer_tricks.py`` hold it to stepping).
"""

from __future__ import annotations

from collections.abc import Callable
from math import floor  # floor(x) is int(x) for x >= 0, at half the cost of int()
from typing import TYPE_CHECKING

from hokm._kernel_piles import _Pile
from hokm._moments import NO_TRUMP
from hokm._tricks import _BIT13, _FLOAT_COUNTS, BITS, COUNTS, _finish, _put_back, _so_far, _write_back

if TYPE_CHECKING:
    from hokm.actions import Action
    from hokm.state import HandState

__all__ = ["offer_tricks"]


def offer_tricks(state: HandState, rand: Callable[[], float]) -> Action | None:
    """``plain_tricks`` before any trump, with declared offers (``Engine.plain_until``), for a
    ruleset whose cards follow their printed suits while there is no trump; returns a picked
    offer, or ``None`` at the end of the hand or at the lead where the loop stops."""
    setup = state._setup
    engine = setup.engine
    teams, total, followers, players = engine.teams, engine.hand_size, engine.followers, engine.players
    stop_at = total + 1 if engine.stop_count is None else engine.stop_count
    until, offers, hakem = engine.plain_until, engine.offer_table[0], setup.hakem
    offered = engine.offer_tricks  # offers are made while fewer tricks are done
    none_of = engine.offer_none_of  # TurnOffers.none_of as a mask: a seat holding one is offered nothing
    powers = engine.powers[NO_TRUMP]
    bits, counts, fcounts, bit13 = BITS, COUNTS, _FLOAT_COUNTS, _BIT13
    hands, plays = state._hands, state._plays
    held = [[hand & 0x1FFF, hand >> 13 & 0x1FFF, hand >> 26 & 0x1FFF, hand >> 39] for hand in hands]
    append = plays.append
    won: list[int] = []
    tally = list(state._team_tricks)
    piles = None if engine.pile_rule is None else _Pile(state, tally)
    plays_on = bool(engine.play_on_chain) and engine.completion is None  # (a constant answers first)
    if plays_on and max(tally) >= stop_at:  # play went on past the stop: the rule is asked after every trick
        stop_at = 0
    done = len(state._winners)
    seat = state._to_act
    trick = state._trick
    led = base = best = top = 0
    power = powers[0]
    rest: tuple[tuple[int, int], ...] = ()
    if trick:  # mid-trick: the led suit, the best play so far, the seats still to play
        lead = trick[0] & 63
        led, power = lead // 13, powers[lead // 13]
        base = 13 * led
        best, top, rest = _so_far(state, power, followers)
    leading = not trick
    while True:
        if leading:  # the lead: the pick-th card of the hand, suit by suit, or an offer
            if done >= until:  # a forced effect's window: the general loop plays on
                _put_back(hands, held)
                _write_back(state, won, tally, seat, piles)
                return None
            suits = held[seat]
            first, second, third = counts[suits[0]], counts[suits[1]], counts[suits[2]]
            size = first + second + third + counts[suits[3]]
            extra = offers[seat == hakem] if done < offered and not (none_of and _holds(suits, none_of)) \
                else ()
            pick = floor(rand() * (size + len(extra)))
            if pick >= size:
                _put_back(hands, held)
                _write_back(state, won, tally, seat, piles)
                return extra[pick - size]
            if pick < first:
                led = 0
            elif pick < first + second:
                led, pick = 1, pick - first
            elif pick < first + second + third:
                led, pick = 2, pick - first - second
            else:
                led, pick = 3, pick - first - second - third
            segment = suits[led]
            bit = bits[segment][pick]
            suits[led] = segment ^ bit13[bit]
            base = 13 * led
            append(seat << 6 | base + bit)
            power = powers[led]
            best, top = seat, power[base + bit]
            rest = followers[seat]
        leading = True
        for seat, mark in rest:
            suits = held[seat]
            segment = suits[led]
            if segment:  # follow suit (a float count: float * float is the cheaper product)
                bit = bits[segment][floor(rand() * fcounts[segment])]
                suits[led] = segment ^ bit13[bit]
                append(mark | base + bit)
                if power[base + bit] > top:
                    best, top = seat, power[base + bit]
                continue
            # Void: any card (none can win without a trump), or the seat's declared offers.
            first, second, third = counts[suits[0]], counts[suits[1]], counts[suits[2]]
            size = first + second + third + counts[suits[3]]
            extra = offers[2 + (seat == hakem)] if done < offered and not (
                none_of and _holds(suits, none_of)) else ()
            pick = floor(rand() * (size + len(extra)))
            if pick >= size:
                _put_back(hands, held)
                _write_back(state, won, tally, seat, piles)
                state._trick = plays[done * players:]
                return extra[pick - size]
            if pick < first:
                suit = 0
            elif pick < first + second:
                suit, pick = 1, pick - first
            elif pick < first + second + third:
                suit, pick = 2, pick - first - second
            else:
                suit, pick = 3, pick - first - second - third
            segment = suits[suit]
            bit = bits[segment][pick]
            suits[suit] = segment ^ bit13[bit]
            append(mark | 13 * suit + bit)
        done += 1
        won.append(best)
        team = teams[best]
        if piles is None:
            tally[team] += 1
        else:
            piles.end(best)
        if done == total or tally[team] >= stop_at:
            if done == total or not plays_on:
                break
            _put_back(hands, held)  # the hook may look at the hands
            _write_back(state, won, tally, seat, piles)
            if not engine.play_on(state):
                break
            stop_at = 0
        seat = best
    _put_back(hands, held)
    _finish(state, won, tally, seat, piles)
    return None


def _holds(suits: list[int], mask: int) -> bool:
    """Whether a hand held as four 13-bit suits holds a card of the 52-bit ``mask``."""
    return (suits[0] | suits[1] << 13 | suits[2] << 26 | suits[3] << 39) & mask != 0
