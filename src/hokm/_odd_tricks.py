"""The plain-tricks loop held suit by suit when one card follows another suit than its printed one.

Satat's 2♥ is a trump under every trump suit: under a trump other than hearts it is
the one card whose effective suit differs from its printed suit, which keeps its
rulesets out of ``hokm._tricks._suit_tricks`` (every card in its printed suit).
``odd_tricks`` keeps that loop's form, each hand as four 13-bit printed suits with the
odd card in its printed suit's bits, where a walk of the hand in index order (a lead,
a void seat's any card) finds it. Only its holder plays differently, so only his turns
are special-cased (``Engine.odd_cards`` names the card per trump):

- to a lead of its printed suit it does not follow: it is masked out of his follows;
- to a lead of its effective suit, and to the void duty when that suit is trump, it
  joins his legal cards, picked as one 52-bit mask in index order, as ``legal_actions()``
  lists them;
- led, it leads its effective suit.

The winner comes from the engine's power tables, as in the other loops. The same
``rand()`` calls in the same order give exactly the hand stepping gives (property
tests in ``tests/property/test_odd_tricks.py`` hold it to stepping).
"""

from __future__ import annotations

from collections.abc import Callable
from math import floor  # floor(x) is int(x) for x >= 0, at half the cost of int()
from typing import TYPE_CHECKING

from hokm._kernel_piles import _piles
from hokm._moments import NO_TRUMP
from hokm._tricks import (
    _BIT13,
    _FLOAT_COUNTS,
    BITS,
    COUNTS,
    _beating,
    _even_hands,
    _finish,
    _put_back,
    _so_far,
    _write_back,
    nth_card,
)

if TYPE_CHECKING:
    from hokm.state import HandState

__all__ = ["odd_tricks"]


def odd_tricks(state: HandState, rand: Callable[[], float]) -> bool:
    """Play ``state`` to its end as ``plain_tricks`` does, when its trump makes exactly one card
    follow another suit than its printed one (a suit other than trump); ``False`` (nothing
    played) where this loop does not apply: no such card, a trump still to be fixed, or uneven hands."""
    setup = state._setup
    engine = setup.engine
    trump = setup.trump
    odd = engine.odd_cards[trump]
    if (odd < 0 or odd // 13 == trump or (engine.fixes_trump and trump == NO_TRUMP)
            or not _even_hands(state)):
        return False
    teams, total, followers = engine.teams, engine.hand_size, engine.followers
    stop_at = total + 1 if engine.stop_count is None else engine.stop_count
    suit_of, trick_suit_of, powers = engine.suit_of[trump], engine.trick_suit_of[trump], engine.powers[trump]
    duty = engine.void_duty is not None and trump < 4  # the void duty: a trump if it has one
    overtrump = engine.overtrump
    bits, counts, fcounts, bit13, nth = BITS, COUNTS, _FLOAT_COUNTS, _BIT13, nth_card
    hands, plays = state._hands, state._plays
    # The odd card lies in its printed suit's bits, with its holder (-1: played, or with nobody).
    # Only he plays it differently, to a lead of its printed suit (it does not follow) or of its
    # effective suit (it does), and, when that is trump, to the void duty: specials[led] and
    # duty_holder name him for those turns, so every other turn is _suit_tricks' own.
    home, odd_bit, odd_mask, odd_suit = odd // 13, _BIT13[odd % 13], 1 << odd, suit_of[odd]
    odd_first = 1 if odd < 13 * odd_suit else 0  # in index order, before the cards of its suit (or after)
    holder = -1
    for number, hand in enumerate(hands):
        if hand & odd_mask:
            holder = number
    specials = [-1, -1, -1, -1]
    specials[home] = specials[odd_suit] = holder
    duty_holder = holder if duty and odd_suit == trump else -1
    trump_base = 13 * trump
    held = [[hand & 0x1FFF, hand >> 13 & 0x1FFF, hand >> 26 & 0x1FFF, hand >> 39] for hand in hands]
    append = plays.append
    won: list[int] = []
    tally = list(state._team_tricks)
    if max(tally) >= stop_at:  # play already went on past the stop: asked after every trick
        stop_at = 0
    piles, trick_piles = (None, None) if engine.pile_rule is None else _piles(state, tally, stop_at)
    plays_on = bool(engine.play_on_chain) and engine.completion is None  # (a constant answers first)
    done = len(state._winners)
    seat = state._to_act
    trick = state._trick
    led = base = best = top = 0
    special = -1  # the holder, when this trick's led suit is the odd card's printed or effective one
    power = powers[0]
    rest: tuple[tuple[int, int], ...] = ()
    if trick:  # mid-trick: the led suit, the best play so far, the seats still to play
        lead = trick[0] & 63
        led, power = suit_of[lead], powers[trick_suit_of[lead]]
        base, special = 13 * led, specials[led]
        best, top, rest = _so_far(state, power, followers)
    size = float(hands[seat].bit_count())  # cards in each hand yet to play to this trick (even_hands)
    leading = not trick
    while True:
        if leading:  # the lead: the pick-th card of the hand, suit by suit
            suits = held[seat]
            pick = floor(rand() * size)
            segment = suits[0]
            if pick < counts[segment]:
                led = 0
            else:
                pick -= counts[segment]
                segment = suits[1]
                if pick < counts[segment]:
                    led = 1
                else:
                    pick -= counts[segment]
                    segment = suits[2]
                    if pick < counts[segment]:
                        led = 2
                    else:
                        led, pick, segment = 3, pick - counts[segment], suits[3]
            bit = bits[segment][pick]
            suits[led] = segment ^ bit13[bit]
            index = 13 * led + bit
            if index == odd:  # it leads the suit it follows as
                led = odd_suit
                holder = duty_holder = specials[home] = specials[odd_suit] = -1
            append(seat << 6 | index)
            base, special = 13 * led, specials[led]
            power = powers[trick_suit_of[index]]
            best, top = seat, power[index]
            rest = followers[seat]
        leading = True
        for seat, mark in rest:
            suits = held[seat]
            segment = suits[led]
            if seat == special:  # the holder, to a lead of the odd card's printed or effective suit
                if led == odd_suit:  # it follows: the pick in index order, the odd card first or last
                    pick = floor(rand() * (counts[segment] + 1)) - odd_first
                    index = base + bits[segment][pick] if 0 <= pick < counts[segment] else odd
                elif segment ^ odd_bit:  # its printed suit: it does not follow
                    segment ^= odd_bit
                    index = base + bits[segment][floor(rand() * fcounts[segment])]
                else:  # void but for it
                    index = _void_holder(suits, duty_holder >= 0, duty, overtrump, trump_base, odd_mask,
                                         power, top, rand)
                if index == odd:
                    holder = duty_holder = specials[home] = specials[odd_suit] = -1
                suits[index // 13] ^= bit13[index % 13]
            elif segment:  # follow suit
                bit = bits[segment][floor(rand() * fcounts[segment])]
                suits[led] = segment ^ bit13[bit]
                index = base + bit
            elif seat == duty_holder:  # void, holding the odd card, a trump under the duty
                if overtrump:  # the trumps that beat the best, if any
                    legal = suits[trump] << trump_base | odd_mask
                    legal = _beating(legal, power, top) or legal
                    index = nth(legal, floor(rand() * legal.bit_count()))
                else:  # any trump, the odd card first or last in index order, as above
                    segment = suits[trump]
                    pick = floor(rand() * (counts[segment] + 1)) - odd_first
                    index = trump_base + bits[segment][pick] if 0 <= pick < counts[segment] else odd
                if index == odd:
                    holder = duty_holder = specials[home] = specials[odd_suit] = -1
                suits[index // 13] ^= bit13[index % 13]
            elif duty and suits[trump]:  # void: a trump (one that beats the best, if it must)
                segment = suits[trump]
                if overtrump:
                    segment = _beating(segment << trump_base, power, top) >> trump_base or segment
                bit = bits[segment][floor(rand() * fcounts[segment])]
                suits[trump] ^= bit13[bit]
                index = trump_base + bit
            else:  # void: any card, the odd card in its printed suit
                pick = floor(rand() * size)
                segment = suits[0]
                if pick < counts[segment]:
                    suit = 0
                else:
                    pick -= counts[segment]
                    segment = suits[1]
                    if pick < counts[segment]:
                        suit = 1
                    else:
                        pick -= counts[segment]
                        segment = suits[2]
                        if pick < counts[segment]:
                            suit = 2
                        else:
                            suit, pick, segment = 3, pick - counts[segment], suits[3]
                bit = bits[segment][pick]
                suits[suit] = segment ^ bit13[bit]
                index = 13 * suit + bit
                if index == odd:
                    holder = duty_holder = specials[home] = specials[odd_suit] = -1
            append(mark | index)
            if power[index] > top:
                best, top = seat, power[index]
        done += 1
        size -= 1.0
        won.append(best)
        team = teams[best]
        if trick_piles is None:
            tally[team] += 1
        else:
            trick_piles.end(best)
        if done == total or tally[team] >= stop_at:
            if done == total or not plays_on:
                break
            _write_back(state, won, tally, seat, piles)
            _put_back(hands, held)  # the hook may look at the hands
            if not engine.play_on(state):
                break
            stop_at = 0
        seat = best
    _put_back(hands, held)
    _finish(state, won, tally, seat, piles)
    return True


def _void_holder(suits: list[int], odd_trump: bool, duty: bool, overtrump: bool, trump_base: int,
                 odd_mask: int, power: tuple[int, ...], top: int, rand: Callable[[], float]) -> int:
    """The card the odd card's holder plays to a lead of its printed suit when it is his only card
    of that suit: a trump under the void duty (the odd card among them, if it is one), else any
    card; the pick-th in index order. The card stays in ``suits``: the caller takes it out."""
    hand = suits[0] | suits[1] << 13 | suits[2] << 26 | suits[3] << 39  # the odd card at its index
    legal = hand
    if duty:
        trumps = suits[trump_base // 13] << trump_base | (odd_mask if odd_trump else 0)
        if trumps:
            legal = _beating(trumps, power, top) or trumps if overtrump else trumps
    return nth_card(legal, floor(rand() * legal.bit_count()))
