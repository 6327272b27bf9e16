"""The plain-tricks loop held suit by suit when one card follows another suit than its printed one.

Satat's 2♥ is a trump under every trump suit: under a trump other than hearts it is
the one card whose effective suit differs from its printed suit, which keeps its
rulesets out of ``hokm._tricks._suit_tricks`` (every card in its printed suit).
``odd_tricks`` keeps that loop's form, each hand as four 13-bit printed suits with the
odd card in its printed suit's bits, and special-cases the one card where it
matters (``Engine.odd_cards``):

- a lead of it leads its effective suit;
- a lead of its printed suit: it does not follow, so it is masked out of the follows;
- a lead of its effective suit (and the void duty's trumps, when that is its suit): it
  joins those follows, and the pick walks the legal cards as one 52-bit mask, in index
  order, as ``legal_actions()`` lists them;
- a void seat playing any card walks the printed suits, where the card lies at its index.

The winner comes from the engine's power tables, as in the other loops. The same
``rand()`` calls in the same order give exactly the hand stepping gives (property
tests in ``tests/property/test_playout.py`` hold it to stepping).
"""

from __future__ import annotations

from collections.abc import Callable
from math import floor  # floor(x) is int(x) for x >= 0, at half the cost of int()
from typing import TYPE_CHECKING

from hokm._moments import NO_TRUMP
from hokm._tricks import (
    _BIT13,
    _FLOAT_COUNTS,
    BITS,
    COUNTS,
    _beating,
    _even_hands,
    _finish,
    _Pile,
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
    follow another suit than its printed one; ``False`` (nothing played) where this loop does
    not apply: no such card, a trump still to be fixed, or uneven hands."""
    setup = state._setup
    engine = setup.engine
    trump = setup.trump
    odd = engine.odd_cards[trump]
    if odd < 0 or (engine.fixes_trump and trump == NO_TRUMP) or not _even_hands(state):
        return False
    teams, total, followers = engine.teams, engine.hand_size, engine.followers
    stop_at = total + 1 if engine.stop_count is None else engine.stop_count
    suit_of, trick_suit_of, powers = engine.suit_of[trump], engine.trick_suit_of[trump], engine.powers[trump]
    duty = engine.void_duty is not None and trump < 4  # the void duty: a trump if it has one
    overtrump = engine.overtrump
    # The odd card: where it lies (its printed suit and bit) and the suit it follows as.
    home, odd_bit, odd_mask, odd_suit = odd // 13, _BIT13[odd % 13], 1 << odd, suit_of[odd]
    keeps = [0x1FFF, 0x1FFF, 0x1FFF, 0x1FFF]  # per led suit: the printed bits that follow it
    keeps[home] ^= odd_bit
    # The void duty's trumps, as for a led trump.
    trump_keep, trump_joins = (keeps[trump], odd_suit == trump) if duty else (0, False)
    trump_base = 13 * trump
    bits, counts, fcounts, bit13, nth = BITS, COUNTS, _FLOAT_COUNTS, _BIT13, nth_card
    hands, plays = state._hands, state._plays
    held = [[hand & 0x1FFF, hand >> 13 & 0x1FFF, hand >> 26 & 0x1FFF, hand >> 39] for hand in hands]
    append = plays.append
    won: list[int] = []
    tally = list(state._team_tricks)
    piles = None if engine.pile_rule is None else _Pile(state, tally)
    plays_on = bool(engine.play_on_chain) and engine.completion is None  # (a constant answers first)
    done = len(state._winners)
    seat = state._to_act
    trick = state._trick
    led = base = best = top = 0
    keep, joins = 0x1FFF, False
    power = powers[0]
    rest: tuple[tuple[int, int], ...] = ()
    if trick:  # mid-trick: the led suit, the best play so far, the seats still to play
        lead = trick[0] & 63
        led, power = suit_of[lead], powers[trick_suit_of[lead]]
        base, keep, joins = 13 * led, keeps[led], led == odd_suit
        best, top, rest = _so_far(trick, power, followers)
    size = float(hands[seat].bit_count())  # cards in each hand yet to play to this trick (even_hands)
    leading = not trick
    while True:
        if leading:  # the lead: the pick-th card of the hand, suit by suit
            suits = held[seat]
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
            append(seat << 6 | index)
            led = suit_of[index]  # the odd card leads the suit it follows as
            base, keep, joins = 13 * led, keeps[led], led == odd_suit
            power = powers[trick_suit_of[index]]
            best, top = seat, power[index]
            rest = followers[seat]
        leading = True
        for seat, mark in rest:
            suits = held[seat]
            segment = suits[led] & keep
            if joins and suits[home] & odd_bit:  # the odd card among the follows: pick in index order
                legal = segment << base | odd_mask
                index = nth(legal, floor(rand() * legal.bit_count()))
                suits[index // 13] ^= bit13[index % 13]
            elif segment:  # follow suit
                bit = bits[segment][floor(rand() * fcounts[segment])]
                suits[led] ^= bit13[bit]
                index = base + bit
            elif duty and (suits[trump] & trump_keep or (trump_joins and suits[home] & odd_bit)):
                # Void: a trump (one that beats the best, if it must), the odd card among them if it is one.
                legal = (suits[trump] & trump_keep) << trump_base
                if trump_joins and suits[home] & odd_bit:
                    legal |= odd_mask
                if overtrump:
                    legal = _beating(legal, power, top) or legal
                index = nth(legal, floor(rand() * legal.bit_count()))
                suits[index // 13] ^= bit13[index % 13]
            else:  # void: any card, walked in its printed suit
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
            append(mark | index)
            if power[index] > top:
                best, top = seat, power[index]
        done += 1
        size -= 1.0
        won.append(best)
        team = teams[best]
        if piles is None:
            tally[team] += 1
        else:
            piles.end(best)
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
