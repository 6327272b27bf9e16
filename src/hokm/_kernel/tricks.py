"""The random-play kernel's card loop: one loop for every ruleset, its trick end written once.

``play_tricks`` plays random legal cards from any turn of trick play, each hand held as
four 13-bit suits (small ints, which CPython works on several times faster than 52-bit
ones), the trick winner as one comparison of card powers, the stop rule as one
comparison of tallies. It makes the ``rand()`` calls stepping makes, in the same order,
for the same choices (``options[floor(rand() * len(options))]`` over ``legal_actions()``
order), so a property test can hold it to stepping.

What the plan (``hokm._kernel.plan``) marks as events leaves the plain pick:

- a card that follows another suit than its printed one: its holder's turn is picked
  from its whole hand by the tables (``hokm._kernel.turns.by_tables``);
- a turn the plain pick cannot take exactly (a legality hook, an offer to a seat that can
  follow, the card after an announcement), and a turn in the window of a hook that reads
  the hand: ``hokm._kernel.turns``, a lead and a void turn by the plan's picks (``Plan.picks``:
  the lean ones where the legality hooks alone take such a turn from the plain pick);
- a tabulated announcement joins the pick on a lead or a void turn (``takes``: the plan offers
  some); where its effect is data that plays no card, the state's own step takes it on the hands
  written back and the loop goes on (``hokm._kernel.turns.announce_here``), else the loop hands
  the state back to take it (``hokm._kernel.turns.announce``);
- a trick end beyond the tables' winner and the stop rule's comparison:
  ``hokm._kernel.ends``, which also writes the loop's locals back to the state.

The loop's ``note`` remembers an announcement: one made on the turn at hand (1: that seat's card
is picked exactly), one whose card ended its trick (2: the trick-end rules still see it; it is
forgotten as the next lead begins), or one just taken in the loop (3: the trick's facts are read
again, then as 1). ``refresh`` says that the next lead reads the trick's rows again: a trump fixed
for a later trick, or rows that change by trick (``Plan.changes``); elsewhere a lead reads nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from math import floor  # floor(x) is int(x) for x >= 0, at half the cost of int()
from operator import add
from typing import TYPE_CHECKING

from hokm._compose.cards import NO_TRUMP, beating
from hokm._compose.masks import BIT13, BITS, COUNTS, FLOAT_COUNTS
from hokm._hand import kernel_io
from hokm._hand.kernel_io import enter, trick_so_far
from hokm._kernel.ends import trick_end, winner_of
from hokm._kernel.loop import ENDED, GOES_ON, STEP, STEPPED, TURN, Loop, facts
from hokm._kernel.turns import (
    announce,
    announce_here,
    follow_duty,
    follow_exactly,
    hand_back,
    narrowed,
)

if TYPE_CHECKING:
    from hokm._hand.state import HandState
    from hokm._kernel.plan import Facts, Offers, Plan
    from hokm.actions import Action

__all__ = ["ENDED", "STEP", "STEPPED", "TURN", "play_tricks"]

Announced = tuple[tuple["Action", ...], ...]
"""Per seat: the announcements on offer to it."""
Row = tuple[bool, ...]
TrickRows = tuple[int, int, int, bool, tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...], bool,
                  tuple["Offers", ...], Row, Row, Row, Row, "Offers", Announced, Announced, list[float],
                  list[float], int, int]
"""What ``_trick_rows`` gives the loop, typed field by field (the compiled build keeps the loop's locals
native where their types are known)."""
_AT_LEAD: tuple[int, int, tuple[int, ...], int, int, tuple[tuple[int, int], ...], int, int] = (
    0, 0, (), 0, 0, (), 0, 0)  # what _entered finds at a lead: no trick so far


def play_tricks(state: HandState, rand: Callable[[], float], plan: Plan) -> int:
    """Play random cards from the state's turn of trick play until the hand ends or an event
    the state's own steps must take; returns ``ENDED``, ``STEP``, ``TURN`` or ``STEPPED``."""
    plays, hakem, done, seat, held, sizes, tally, pile, start, hand_trump, since, note = enter(state)
    n, teams, followers, ends, asking, beats, void_asking, plain_end, dynamic, stop_at, takes = plan.switches
    bits, counts, fcounts, bit13, append, gone = BITS, COUNTS, FLOAT_COUNTS, BIT13, plays.append, 0.0
    won = (loop := Loop(plan, state, plays, hakem, held, tally, rand, hand_trump, since)).won
    stop_at = 0 if plan.play_on and max(tally) >= stop_at else stop_at  # (stop_rule)
    (hand_trump, trump, pending, fixing, suit_of, tsuit_of, powers, duty, offer_rows, lead_row, follow_row,
     void_row, changes, offers, leads, voids, lead_sizes, void_sizes, moved, holders) = _trick_rows(
        loop, plan.facts[since >= start + n][hand_trump], hakem, done, sizes)  # (Facts, then the rows)
    lead_event, follow_event, void_exact = lead_row[done] or bool(note), follow_row[done], void_row[done]
    led, base, power, best, top, rest, specials, exactly = (
        _entered(loop, start, trump, done, follow_event, moved, note) if len(plays) > start else _AT_LEAD)
    watch, leading = follow_event or moved or void_exact, len(plays) == start
    refresh, begun = pending >= 0, len(plays)
    while True:
        if note or (refresh and leading):  # a trump, the offers, an announcement made or to forget
            if note == 2:
                kernel_io.forget(state)  # the announcer's card ended its trick: the next turn begins
                note = 0
            if pending >= 0 or (takes and note == 3):  # a trump fixed in the last trick; an announcement
                (hand_trump, trump, pending, fixing, suit_of, tsuit_of, powers, duty, offer_rows, lead_row,
                 follow_row, void_row, changes, offers, leads, voids, lead_sizes, void_sizes, moved,
                 holders) = _trick_rows(loop, facts(plan, state, len(plays) // n * n), hakem, done, sizes)
            elif offer_rows[done] is not offers:  # the announcements on offer change
                offers = offer_rows[done]
                leads, voids, lead_sizes, void_sizes = _offers(offers, sizes)
            lead_event, refresh = lead_row[done] or (note > 0 and leading), refresh and not leading
            follow_event, void_exact = follow_row[done], void_row[done]
            watch = follow_event or moved or void_exact
            if takes and note == 3 and len(plays) % n:  # one taken on a follow: the trick goes on from it
                note, leading, lead_event = 1, False, lead_row[done]  # (the next lead: no announcement yet)
                led, base, power, best, top, rest, specials, exactly = _entered(
                    loop, len(plays) // n * n, trump, done, follow_event, moved, 1)
        if leading:  # the lead ------------------------------------------------------------------
            suits = held[seat]
            if lead_event and (index := loop.lead_pick(loop, pile, seat, trump, done, note, begun)) != -1:
                if index < -1:
                    return -2 - index  # handed to the state's own steps
                suits[index // 13] ^= bit13[index % 13]
                note, lead_event, led, base = 0, lead_row[done], suit_of[index], 13 * suit_of[index]
            else:  # the pick-th card in index order, suit by suit, or an announcement
                pick = floor(rand() * (lead_sizes[seat] - gone))  # (gone: the tricks done since entry)
                if pick < (count := counts[segment := suits[0]]):
                    led = 0
                elif (pick := pick - count) < (count := counts[segment := suits[1]]):
                    led = 1
                elif (pick := pick - count) < (count := counts[segment := suits[2]]):
                    led = 2
                elif (pick := pick - count) < (count := counts[segment := suits[3]]):
                    led = 3
                else:  # past the cards: an announcement of this turn, taken in the loop where it can be
                    if takes and (note := announce_here(loop, sizes, seat, leads[seat][pick - count])):
                        continue  # (the trick's facts read again, then this seat's card picked exactly)
                    return announce(loop, pile, seat, leads[seat][pick - count])
                bit = bits[segment][pick]
                suits[led] = segment ^ bit13[bit]
                index = (base := 13 * led) + bit
            append(seat << 6 | index)
            power = powers[tsuit_of[index]]
            best, top, rest = seat, power[index], followers[seat]
            if watch:  # the follows may leave the plain pick
                if moved and 1 << index & moved:  # a card of another suit than printed: it leads that suit
                    moved ^= 1 << index
                    led, base, (moved, holders) = suit_of[index], 13 * suit_of[index], _holders(held, moved)
                if follow_event or void_exact:
                    specials, exactly = _specials(loop, rest, led, trump, done, follow_event, moved)
                elif moved & (watched := plan.watched[trump][led])[0] or (moved & watched[1] and (
                        holders & holders - 1 or not held[holders.bit_length() - 1][led])):  # a lone holder
                    specials, exactly = holders, 0  # of a trump moved under a duty: where it is void only
                watch = follow_event or moved or void_exact
        leading = True
        for seat, mark in rest:  # the follows ----------------------------------------------------
            suits = held[seat]  # a hook, an announcement, a card of another suit than printed; a void turn
            if (specials and specials >> seat & 1) or (void_asking and not suits[led]):
                if exactly >> seat & 1:
                    index, note = follow_exactly(loop, pile, seat, trump, done, led, note, begun)
                    if index < 0:
                        return -2 - index  # handed to the state's own steps
                else:
                    index = loop.void_pick(loop, seat, suits, led, trump, duty, power, top, best, done)
                suits[index // 13] ^= bit13[index % 13]
            elif segment := suits[led]:  # follow suit (a float count: float * float is the cheaper product)
                if asking and segment & (segment - 1):  # the follow duty, a legality hook may narrow it
                    legal = (follow_duty(loop, segment, base, seat, trump, done, power, top, best) if beats
                             else narrowed(loop, segment << base, suits[0] | suits[1] << 13 | suits[2] << 26
                                           | suits[3] << 39, seat, trump, done, False, False, best) >> base)
                    bit = bits[legal][floor(rand() * fcounts[legal])]
                else:
                    bit = bits[segment][floor(rand() * fcounts[segment])]
                suits[led] = segment ^ bit13[bit]
                index = base + bit
                append(mark | index)
                if power[index] > top:
                    best, top = seat, power[index]
                continue
            elif duty and (segment := suits[trump]):  # void: a trump (one that beats the best, if it must)
                if plan.overtrump:
                    segment = beating(segment << 13 * trump, power, top) >> 13 * trump or segment
                bit = bits[segment][floor(rand() * fcounts[segment])]
                suits[trump] ^= bit13[bit]
                index = 13 * trump + bit
            else:  # void: any card, or the seat's tabulated announcements
                pick = floor(rand() * (void_sizes[seat] - gone))
                if pick < (count := counts[segment := suits[0]]):
                    suit = 0
                elif (pick := pick - count) < (count := counts[segment := suits[1]]):
                    suit = 1
                elif (pick := pick - count) < (count := counts[segment := suits[2]]):
                    suit = 2
                elif (pick := pick - count) < (count := counts[segment := suits[3]]):
                    suit = 3
                else:  # past the cards: an announcement of this turn, taken in the loop where it can be
                    if takes and (note := announce_here(loop, sizes, seat, voids[seat][pick - count])):
                        break
                    return announce(loop, pile, seat, voids[seat][pick - count])
                bit = bits[segment][pick]
                suits[suit] = segment ^ bit13[bit]
                index = 13 * suit + bit
            if moved and 1 << index & moved:  # a card that did not follow suit, of another suit than printed
                moved ^= 1 << index
                (moved, holders), watch = _holders(held, moved), follow_event or moved or void_exact
            append(mark | index)
            if fixing and suit_of[index] != led:  # it fixes its suit as trump (hokm._hand.moments.after_card)
                known, best, top, power, moved, holders = _fix(loop, seat, index, best, top, power)
                hand_trump, trump, pending, fixing, suit_of, tsuit_of, powers, duty = known
                refresh, watch = True, follow_event or moved or void_exact
                if len(plays) % n and (plan.events[trump][1][done] or moved):  # the rest of the trick,
                    return hand_back(loop, pile, seat)  # picked anew
            elif power[index] > top:
                best, top = seat, power[index]
        else:  # the trick end, unless a follow's announcement broke off: winner, collector, stop or pause
            done += 1
            gone, specials, refresh = gone + 1.0, 0, (dynamic and changes[done]) or refresh
            if plain_end:  # the winner by the tables takes the trick
                won.append(best)
                tally[team := teams[best]] += 1
                if tally[team] < stop_at and not ends[done]:
                    seat = best
                    continue
            else:
                best, pile, stop = winner_of(loop, pile, best, done, trump, stop_at)
                if not stop:
                    seat = best
                    continue
            if (code := trick_end(loop, pile, seat, done)) != GOES_ON:
                return code
            stop_at = stop_rule(plan, tally, stop_at)
            begun, note, seat = len(plays), 0, best  # the state's own steps began the next turn


def _entered(loop: Loop, start: int, trump: int, done: int, follow_event: bool, moved: int,
             note: int) -> tuple[int, int, tuple[int, ...], int, int, tuple[tuple[int, int], ...], int, int]:
    """Where the loop takes over: the trick so far (its led suit, its segment's base, the power row,
    the best play and its power), the seats still to follow and which of them leave the plain pick."""
    plan, state, plays = loop.plan, loop.state, loop.plays
    lead = plays[start] & 63
    led = plan.suit_of[trump][lead]
    power = plan.powers[trump][plan.trick_suit_of[trump][lead]]
    best, top = trick_so_far(state, plays, start, power)
    rest = plan.followers[plays[start] >> 6][len(plays) - start - 1:]
    specials = exactly = 0
    if follow_event or moved or plan.void_rows[loop.trump][trump < NO_TRUMP][done]:
        specials, exactly = _specials(loop, rest, led, trump, done, follow_event, moved)
    if note:  # the announcer's card is picked exactly
        specials |= 1 << rest[0][0]
        exactly |= 1 << rest[0][0]
    return led, 13 * led, power, best, top, rest, specials, exactly


def _trick_rows(loop: Loop, known: Facts, hakem: int, done: int, sizes: list[float]) -> TrickRows:
    """What the loop reads of a trick: its trump facts (``known``, as given), the offers by tricks done,
    the lead and follow event rows, whether a void turn may need its offers picked exactly
    (``Plan.void_rows``), at which tricks any of these rows change (``Plan.changes``), the offers now
    with the choices they give (``_offers``), and the cards of another suit than printed still held,
    with the seats holding them."""
    plan, held = loop.plan, loop.held
    hand_trump, trump = known[0], known[1]
    offer_rows, (lead_row, follow_row) = plan.offers[hand_trump][hakem], plan.events[hand_trump]
    offers = offer_rows[done]
    moved, holders = _holders(held, plan.moved[trump]) if plan.moved[trump] else (0, 0)
    trumped = trump < NO_TRUMP
    void_row = plan.void_rows[hand_trump][trumped]
    # (known + (...): a tuple's concatenation takes fewer steps than unpacking it into a new one)
    if not plan.dynamic:  # (the rows never change: no changes to read)
        return known + (offer_rows, lead_row, follow_row, void_row, (), offers, offers[0], offers[2],  # noqa: RUF005
                        sizes, sizes, moved, holders)
    return known + (offer_rows, lead_row, follow_row, void_row, plan.changes[hand_trump][trumped][hakem],  # noqa: RUF005
                    offers, *_offers(offers, sizes), moved, holders)


def stop_rule(plan: Plan, tally: list[int], stop_at: int) -> int:
    """The tricks that stop the hand from now on: 0 once play went on past the stop (the rule is
    then asked after every trick)."""
    return 0 if plan.play_on and max(tally) >= stop_at else stop_at


def _offers(offers: Offers, sizes: list[float]) -> tuple[Announced, Announced, list[float], list[float]]:
    """Each seat's tabulated announcements on a lead and on a void turn, and the choices it has on
    each (its cards when the trick began, plus the announcements: the pick subtracts the tricks since)."""
    leads, lead_widths, voids, void_widths = offers
    if not any(lead_widths) and not any(void_widths):
        return leads, voids, sizes, sizes
    # (map over operator.add: a third of the cost of a comprehension over zip, at each loop entry)
    return leads, voids, list(map(add, sizes, lead_widths)), list(map(add, sizes, void_widths))


def _fix(loop: Loop, seat: int, index: int, best: int, top: int, power: tuple[int, ...]) -> tuple[
        Facts, int, int, tuple[int, ...], int, int]:
    """The card ``index`` just played (already in the plays) by a seat that could not follow fixes its
    suit as trump: the trick's new facts, its best play (this card, where it is a trump at once), and
    the cards of another suit than printed under that trump still held, with their holders."""
    plan, state, plays = loop.plan, loop.state, loop.plays
    start = (len(plays) - 1) // plan.players * plan.players  # the trick the card was played to
    kernel_io.fix(state, plan.suit_of[NO_TRUMP][index], len(plays), len(plays) - start)
    loop.trump, loop.since = kernel_io.trump_of(state)
    known = facts(plan, state, start)
    if known[2] < 0:  # a trump in its own trick, which the led suit cannot beat
        power = known[6][known[5][plays[start] & 63]]
        best, top = seat, power[index]
    return known, best, top, power, *_holders(loop.held, plan.moved[known[1]])


def _specials(loop: Loop, rest: tuple[tuple[int, int], ...], led: int, trump: int, done: int,
              follow_event: bool, moved: int) -> tuple[int, int]:
    """Which of the seats still to follow (``rest``) leave the plain pick, as masks of seats: all of
    them and those picked from the engine's legal mask with the turn's announcements (a hook reading
    the hand may be asked; a void seat may be offered announcements, which the picks by the tables
    leave out). The others are picked by the tables (``hokm._kernel.turns.by_tables``): under a
    legality hook, or holding a card of another suit than printed, into or out of the led suit or,
    under a void duty, the trumps."""
    plan, held, hand_trump = loop.plan, loop.held, loop.trump
    void_offers = False
    if follow_event or plan.void_offers:
        offers = plan.engine.decisions.offer_rows[hand_trump][done]
        void_offers = bool(offers[4] or offers[5])  # (a void seat may be offered some)
        if (follow_event and plan.follow_steps[0 <= hand_trump < NO_TRUMP][done]) or (
                void_offers and ((plan.duty and trump < NO_TRUMP) or plan.restricts)):
            every_seat = (1 << plan.players) - 1  # (the loop reads the bits of the seats to follow)
            return every_seat, every_seat
        if follow_event and plan.restricts:
            return (1 << plan.players) - 1, 0
    relevant = moved & ((watched := plan.watched[trump][led])[0] | watched[1])  # (void or not: to come)
    holders = _holders(held, relevant)[1] & sum(1 << follower for follower, _ in rest) if relevant else 0
    return holders, (holders if void_offers else 0)


def _holders(held: list[list[int]], cards: int) -> tuple[int, int]:
    """Which of ``cards`` (few: of another suit than printed) the hands still hold, and the seats
    (a mask) holding them: a card at a time, each held by one seat at most (no 52-bit hand masks)."""
    left = seats = 0
    while cards:
        low = cards & -cards
        index = low.bit_length() - 1
        suit, bit = index // 13, 1 << index % 13
        for seat, suits in enumerate(held):
            if suits[suit] & bit:
                left, seats = left | low, seats | 1 << seat
                break
        cards ^= low
    return left, seats
