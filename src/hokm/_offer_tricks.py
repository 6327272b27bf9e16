"""The plain-tricks loop held suit by suit before any trump, with declared offers and uneven hands.

Hidden trump's hand has no trump until the reveal, and its caller plays one card short
(the indicator lies apart from his hand), so ``hokm._tricks._suit_tricks`` (even hands, a
trump known from the first card) does not apply. Before the reveal the only per-turn
answers are the declared ``TurnOffers`` (``Engine.offer_table``): the ask and the reveal.
``offer_tricks`` keeps ``_suit_tricks``' form, each hand as four 13-bit suits, and:

- keeps each seat's count of cards as a float (the hands need not hold one number of cards:
  the caller's indicator lies apart), and each seat's declared offers on a lead and on a void
  turn with their count (``Engine.seat_offers``), so that a lead or a void seat's pick is one
  product;
- lets the declared offers of the turn join the random pick after the legal cards, as
  ``legal_actions()`` lists them (the pick walks the suits, and what is left past the fourth
  is an offer), and takes a picked one itself: where its effect is
  declared data turning a trump up (``IndicatorEffects``, ``Engine.turn_up_inline``) by
  ``decide``'s speed form (``hokm._moments.take_declared``: nothing is asked, so the state
  need not be synced first), else by ``decide`` on the synced state;
- plays on in the same loop where that effect turned a trump up and left the turn to the
  announcer, with nothing asked from then on (``Engine.plain_once_trump``, no offers
  under a trump): the announcer's card under the declared ``TrumpDuty`` (from the engine's
  legal mask where the state was synced), the trick so far judged again (RULES 1.5.1
  rule 9: trump-suit cards played before the trump are ordinary), then the void duty, the
  pile rule and the stop rule to the end; else it returns with the announcement taken;
- returns at the lead to trick ``Engine.plain_until + 1`` while there is no trump, where a
  forced effect's window opens (hidden trump's last trick).

With no trump, a card off the led suit never wins (its power is 0). The same ``rand()``
calls in the same order give exactly the hand stepping gives (property tests in
``tests/property/test_offer_tricks.py`` hold it to stepping).
"""

from __future__ import annotations

from collections.abc import Callable
from math import floor  # floor(x) is int(x) for x >= 0, at half the cost of int()
from typing import TYPE_CHECKING

from hokm._kernel_piles import _LazyPile, _Pile, _piles
from hokm._moments import NO_TRUMP, decide, forget_announcement, take_declared, trump_since
from hokm._tricks import (
    _BIT13,
    _FLOAT_COUNTS,
    BITS,
    COUNTS,
    _beating,
    _finish,
    _put_back,
    _so_far,
    _write_back,
    nth_card,
)
from hokm.outcomes import PLAY

if TYPE_CHECKING:
    from hokm._engine import Engine
    from hokm.actions import Action
    from hokm.state import HandState

__all__ = ["ANNOUNCED", "AT_LEAD", "ENDED", "SeatOffers", "offer_tricks", "seat_offers"]

SeatOffers = tuple[tuple[tuple["Action", ...], ...], tuple[float, ...], tuple[tuple["Action", ...], ...],
                   tuple[float, ...]]
"""Each seat's declared offers on a lead, their counts as floats (which the pick adds to the
seat's cards), its offers on a void turn and their counts."""

ENDED = 0
"""``offer_tricks`` played the hand to its end."""
AT_LEAD = 1
"""``offer_tricks`` stopped at a lead where a forced effect's window opens: the turn's start is due."""
ANNOUNCED = 2
"""``offer_tricks`` took an announcement and left the announcer's turn to the kernel."""


def offer_tricks(state: HandState, rand: Callable[[], float]) -> int:
    """``plain_tricks`` before any trump, with declared offers (``Engine.plain_until``), for a
    ruleset whose cards follow their printed suits while there is no trump; returns where it
    stopped: ``ENDED``, ``AT_LEAD`` or ``ANNOUNCED``."""
    setup = state._setup
    engine = setup.engine
    teams, total, followers, players = engine.teams, engine.hand_size, engine.followers, engine.players
    stop_at = total + 1 if engine.stop_count is None else engine.stop_count
    until, hakem = engine.plain_until, setup.hakem
    offered = engine.offer_tricks  # offers are made while fewer tricks are done
    none_of = engine.offer_none_of  # TurnOffers.none_of as a mask: a seat holding one is offered nothing
    screened = none_of != 0
    logs = not engine.classic  # announcements are logged as stepping logs them
    fused = engine.turn_up_inline  # a declared turn-up is taken without syncing the state
    trump = NO_TRUMP
    powers = engine.powers[NO_TRUMP]
    duty = overtrump = False  # the void duty: only once a trump is in force
    bits, counts, fcounts, bit13 = BITS, COUNTS, _FLOAT_COUNTS, _BIT13
    hands, plays = state._hands, state._plays
    held = _split(hands)
    append = plays.append
    won: list[int] = []
    tally = list(state._team_tricks)
    plays_on = bool(engine.play_on_chain) and engine.completion is None  # (a constant answers first)
    if plays_on and max(tally) >= stop_at:  # play went on past the stop: the rule is asked after every trick
        stop_at = 0
    piles, trick_piles = (None, None) if engine.pile_rule is None else _piles(state, tally, stop_at)
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
    # Each seat's offers on a lead and on a void turn, with their counts as floats for the pick.
    seated = engine.seat_offers  # before a trump, under one, no more offers: SeatOffers by Hakem
    leads, lead_widths, voids, void_widths = seated[0 if done < offered else 2][hakem]
    # Cards each seat holds on its turn in a trick: sizes[seat] - gone (the hands are uneven:
    # the caller's indicator lies apart until the reveal).
    sizes, gone = _sizes(hands, plays, done * players), 0.0
    # The announcer's card ended its trick: the next lead forgets the announcement (stepping
    # forgets it as the next turn begins; before then, only a trick-end rule may look).
    announced = False
    while True:
        if leading:  # the lead: the pick-th card of the hand, suit by suit, or an offer
            if announced:
                forget_announcement(state)
                announced = False
            if done >= until:  # a forced effect's window: the general loop plays on
                _put_back(hands, held)
                _write_back(state, won, tally, seat, piles)
                return AT_LEAD
            suits = held[seat]
            width = lead_widths[seat]
            if screened and width and _holds(suits, none_of):
                width = 0.0
            # The pick-th of the cards in index order, then of the offers: suit by suit.
            pick = floor(rand() * (sizes[seat] - gone + width))
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
            if pick >= counts[segment]:  # an offer: taken by the state's own step, then its card
                action = leads[seat][pick - counts[segment]]
                taken = _take(state, action, seat, fused, logs, held, won, tally, piles, -1, False)
                if taken is None:
                    return ANNOUNCED
                card, held = taken
                trump, until, powers, duty, overtrump, seats = _under_trump(
                    state, trick_piles, done < offered)
                leads, lead_widths, voids, void_widths = seats
                sizes = _grown(sizes, card, hakem, state._hands, plays, done * players, gone)
                suits = held[seat]
                if card < 0:  # the announcer's card from the engine's legal mask
                    legal = state._legal_mask()
                    index = nth_card(legal, floor(rand() * legal.bit_count()))
                    led, bit = index // 13, index % 13
                    suits[led] ^= bit13[bit]
                else:  # a declared TrumpDuty: lead a trump (he holds one: the card turned up)
                    segment = suits[trump] if _narrowed(engine, action) else 0
                    led, bit = (trump, _pick(suits, trump, segment, rand)) if segment else _any(suits, rand)
                if card < 0:  # a lead never ends its trick: the next turn begins
                    forget_announcement(state)
            else:
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
            if duty and suits[trump]:  # void under a trump: a trump (one that beats the best, if it must)
                segment = suits[trump]
                if overtrump:
                    segment = _beating(segment << 13 * trump, power, top) >> 13 * trump or segment
                bit = bits[segment][floor(rand() * fcounts[segment])]
                suits[trump] ^= bit13[bit]
                index = 13 * trump + bit
                append(mark | index)
                if power[index] > top:
                    best, top = seat, power[index]
                continue
            # Void: any card, or the seat's declared offers.
            width = void_widths[seat]
            if screened and width and _holds(suits, none_of):
                width = 0.0
            pick = floor(rand() * (sizes[seat] - gone + width))
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
            if pick >= counts[segment]:  # an offer: taken by the state's own step, then its card
                action = voids[seat][pick - counts[segment]]
                ends = len(plays) - done * players == players - 1  # his card ends the trick
                taken = _take(state, action, seat, fused, logs, held, won, tally, piles, done * players, ends)
                if taken is None:
                    return ANNOUNCED
                card, held = taken
                trump, until, powers, duty, overtrump, seats = _under_trump(
                    state, trick_piles, done < offered)
                leads, lead_widths, voids, void_widths = seats
                sizes = _grown(sizes, card, hakem, state._hands, plays, done * players, gone)
                # The trick so far under the trump: its earlier trump-suit cards are ordinary (rule 9).
                power = powers[led]
                state._trick = plays[done * players:]
                best, top, _ = _so_far(state, power, followers)
                suits = held[seat]
                if card < 0:  # the announcer's card from the engine's legal mask
                    legal = state._legal_mask()
                    index = nth_card(legal, floor(rand() * legal.bit_count()))
                    suits[index // 13] ^= bit13[index % 13]
                else:  # void: a trump if he holds one (the declared TrumpDuty, the void duty)
                    segment = suits[trump] if duty or _narrowed(engine, action) else 0
                    if segment and overtrump:
                        segment = _beating(segment << 13 * trump, power, top) >> 13 * trump or segment
                    suit, bit = (trump, _pick(suits, trump, segment, rand)) if segment else _any(suits, rand)
                    index = 13 * suit + bit
                append(mark | index)
                if power[index] > top:
                    best, top = seat, power[index]
                if ends:
                    announced = True
                elif card < 0:  # the next seat's turn begins (a declared turn-up was not kept)
                    forget_announcement(state)
                continue
            bit = bits[segment][pick]
            suits[suit] = segment ^ bit13[bit]
            index = 13 * suit + bit
            append(mark | index)
            if power[index] > top:  # a trump (none before the trump comes: power 0)
                best, top = seat, power[index]
        done += 1
        gone += 1.0
        if done == offered:  # no more offers from this trick on
            leads, lead_widths, voids, void_widths = seated[2][hakem]
        won.append(best)
        team = teams[best]
        if trick_piles is None:
            tally[team] += 1
        else:  # a declared PileRule: the trick may stay in the centre
            trick_piles.end(best)
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
    return ENDED


def _take(state: HandState, action: Action, seat: int, fused: bool, logs: bool, held: list[list[int]],
          won: list[int], tally: list[int], piles: _Pile | _LazyPile | None,
          start: int, ends: bool) -> tuple[int, list[list[int]]] | None:
    """Take the offer ``action`` of ``seat`` in the trick begun at ``plays[start]`` (-1: he leads),
    whose card after it ends the trick or not (``ends``).

    A declared turn-up (with ``fused``) by decide's speed form (``Engine.declared_effect``), kept
    as the turn's announcement only where his card ends the trick (a trick-end rule may look;
    otherwise the next turn would forget it at once): the card it turns up joins the Hakem's
    hand as held. Anything else by ``decide`` on the state synced first (a hook may look).
    Returns that card (-1 for the synced way) and the hands as held from now on, or ``None`` where
    the loop cannot play on from the announcement (the announcer's turn is left to the kernel).
    """
    if fused:
        effect = state._setup.engine.declared_effect(state, action)
        if effect is not None and effect.restore is not None and effect.trump is not None:
            state._to_act = seat
            take_declared(state, action, effect, logs, ends)
            index = effect.restore.index
            held[state._setup.hakem][index // 13] |= _BIT13[index % 13]
            return index, held
    hands = state._hands
    _put_back(hands, held)
    _write_back(state, won, tally, seat, piles)
    if start >= 0:
        state._trick = state._plays[start:]
    if not _turned_up(state, action, logs):
        return None
    return -1, _split(hands)  # the trump turned up may be back in a hand


def _under_trump(state: HandState, piles: _Pile | None, live: bool) -> tuple[
        int, int, tuple[tuple[int, ...], ...], bool, bool, SeatOffers]:
    """The loop's tables once a trump has come: the trump, no more stop for a forced effect's
    window, the powers, the void duty, whether it must overtrump and the seats' offers under it
    (none unless ``live``); ``piles``, the pile stepped trick by trick, learns the first play
    under the trump (one worked out at the write-back reads it from the state)."""
    setup = state._setup
    engine, trump = setup.engine, setup.trump
    if piles is not None:
        piles.since = trump_since(state) if engine.pile_after else -1
    return (trump, 1 << 30, engine.powers[trump], engine.void_duty is not None, engine.overtrump,
            engine.seat_offers[1 if live else 2][setup.hakem])


def _grown(sizes: list[float], card: int, hakem: int, hands: list[int], plays: list[int], start: int,
           gone: float) -> list[float]:
    """The seats' cards on their turns (``sizes`` less ``gone``) after a turn-up: the Hakem's grew by
    the card turned up (``card``); after the state's own step (-1), read again from its hands."""
    if card < 0:
        return [size + gone for size in _sizes(hands, plays, start)]
    sizes[hakem] += 1.0
    return sizes


def seat_offers(table: tuple[tuple[Action, ...], ...], players: int) -> tuple[SeatOffers, ...]:
    """``SeatOffers`` for each seat as Hakem, from a row of ``TurnOffers.table`` (lead by another
    seat, by the Hakem, void follow by another seat, by the Hakem): ``Engine.seat_offers``."""
    rows = []
    for hakem in range(players):
        leads = tuple(table[seat == hakem] for seat in range(players))
        voids = tuple(table[2 + (seat == hakem)] for seat in range(players))
        rows.append((leads, tuple(float(len(offers)) for offers in leads),
                     voids, tuple(float(len(offers)) for offers in voids)))
    return tuple(rows)


def _sizes(hands: list[int], plays: list[int], start: int) -> list[float]:
    """The cards each seat holds on its turn in the trick begun at ``plays[start]``, as floats:
    its hand, and the card it played to that trick if it has played."""
    sizes = [float(hand.bit_count()) for hand in hands]
    for play in plays[start:]:
        sizes[play >> 6] += 1.0
    return sizes


def _turned_up(state: HandState, action: Action, logs: bool) -> bool:
    """Take the announcement ``action`` of the seat to act by the state's own step; whether the
    loop plays on from it: its effect turned a trump up and the turn is still the announcer's, in
    a ruleset where the loop can play on under it (``Engine.plays_on_turn_up``)."""
    played = len(state._plays)
    decide(state, action, logs)
    state._legal = -1
    return (0 <= state._setup.trump < NO_TRUMP and state._phase == PLAY and state._extra.pending is None
            and len(state._plays) == played and state._setup.engine.plays_on_turn_up)


def _narrowed(engine: Engine, action: Action) -> bool:
    """Whether the declared ``TrumpDuty`` narrows the card after ``action`` to the seat's trumps."""
    duty = engine.trump_duty
    return duty is not None and duty.applies(action)


def _pick(suits: list[int], suit: int, segment: int, rand: Callable[[], float]) -> int:
    """A random card of ``segment`` (13 bits of ``suit``), taken from the hand: its bit."""
    bit = BITS[segment][floor(rand() * _FLOAT_COUNTS[segment])]
    suits[suit] ^= _BIT13[bit]
    return bit


def _any(suits: list[int], rand: Callable[[], float]) -> tuple[int, int]:
    """A random card of the hand, the pick-th in index order, taken from it: its suit and bit."""
    counts = COUNTS
    pick = floor(rand() * (counts[suits[0]] + counts[suits[1]] + counts[suits[2]] + counts[suits[3]]))
    suit = 0
    while pick >= counts[suits[suit]]:
        pick -= counts[suits[suit]]
        suit += 1
    bit = BITS[suits[suit]][pick]
    suits[suit] ^= _BIT13[bit]
    return suit, bit


def _split(hands: list[int]) -> list[list[int]]:
    """Each hand's 52-bit mask as its four 13-bit suits (``_put_back`` joins them again)."""
    return [[hand & 0x1FFF, hand >> 13 & 0x1FFF, hand >> 26 & 0x1FFF, hand >> 39] for hand in hands]


def _holds(suits: list[int], mask: int) -> bool:
    """Whether a hand held as four 13-bit suits holds a card of the 52-bit ``mask``."""
    return (suits[0] | suits[1] << 13 | suits[2] << 26 | suits[3] << 39) & mask != 0
