"""The random-play kernel's plain-tricks loop, and the bit tables it picks cards with.

Most rulesets, the standard one first, play their tricks with no hook at all once
trump is made: the winner comes from the engine's tables, the winner collects, and
the hand stops at a trick count (``Engine.plain_play``). For them ``hokm._playout``
hands the play over to ``plain_tricks``, which keeps everything in locals and plays
trick by trick: a lead, then the follows, then the stop rule as one comparison.
It makes the same ``rand()`` calls in the same order as the general loop, so both
give exactly the hand stepping gives (a property test holds them to it).

The tables below are built at import, never lazily, so threads can share them.
"""

from __future__ import annotations

from collections.abc import Callable
from math import floor  # floor(x) is int(x) for x >= 0, at half the cost of int()
from typing import TYPE_CHECKING

from hokm._kernel_piles import _LazyPile, _Pile, _piles
from hokm._moments import NO_TRUMP, fix_trump, forget_announcement
from hokm._winner import TRUMP_POWER
from hokm.outcomes import OVER

if TYPE_CHECKING:
    from hokm._engine import Engine
    from hokm.actions import Action
    from hokm.state import HandState

__all__ = ["BITS", "COUNTS", "announced_tricks", "nth_card", "plain_tricks"]


def _bit_table() -> tuple[tuple[int, ...], ...]:
    """For every 13-bit value (one printed suit of a card mask), its set bits, low first.

    Built by doubling: the values with bit ``i`` set are those below ``1 << i`` plus ``i``.
    """
    table: list[tuple[int, ...]] = [()]
    for bit in range(13):
        table += [(*bits, bit) for bits in table]
    return tuple(table)


BITS: tuple[tuple[int, ...], ...] = _bit_table()
COUNTS: tuple[int, ...] = tuple(map(len, BITS))
_FLOAT_COUNTS: tuple[float, ...] = tuple(map(float, COUNTS))  # x * n is the same float either way


def nth_card(legal: int, pick: int) -> int:
    """The index of the ``pick``-th card (0-based, in index order) of the mask ``legal``."""
    bits, counts = BITS, COUNTS
    segment = legal & 0x1FFF
    if pick < counts[segment]:
        return bits[segment][pick]
    pick -= counts[segment]
    segment = legal >> 13 & 0x1FFF
    if pick < counts[segment]:
        return 13 + bits[segment][pick]
    pick -= counts[segment]
    segment = legal >> 26 & 0x1FFF
    if pick < counts[segment]:
        return 26 + bits[segment][pick]
    return 39 + bits[legal >> 39][pick - counts[segment]]


def plain_tricks(state: HandState, rand: Callable[[], float]) -> Action | None:
    """Random cards to the end of a hand whose ruleset has ``Engine.plain_play`` and whose trump
    is in force from its first card (``trump_from`` 0), from any point of its trick play.

    Before any trump, with ``Engine.plain_until``: the declared offers (``Engine.offer_table``)
    join the random pick; a picked one is returned, the state left as stepping leaves it before
    it, for the caller to take. The loop also returns (``None``) at the lead to trick
    ``plain_until + 1``, where a forced effect's window opens.
    """
    setup = state._setup
    engine = setup.engine
    trump = setup.trump
    fixing = engine.fixes_trump and trump == NO_TRUMP  # be-ranga: the first void card fixes it
    offering = trump == NO_TRUMP and engine.plain_until > 0  # declared offers, no trump yet
    if (engine.printed_suits[trump] and (not fixing or engine.all_printed) and not offering
            and _even_hands(state)):
        _suit_tricks(state, rand)
        return None
    until, offers, hakem = engine.plain_until, engine.offer_table[0], setup.hakem
    offer_tricks, none_of = engine.offer_tricks, engine.offer_none_of  # TurnOffers.none_of as a mask
    teams, total, followers, players = engine.teams, engine.hand_size, engine.followers, engine.players
    stop_at = total + 1 if engine.stop_count is None else engine.stop_count  # tricks that end the hand
    masks, suit_of, bases, trick_suit_of, powers, trumps_mask = _tables(engine, trump)
    duty, overtrump = engine.void_duty is not None, engine.overtrump
    pending = -1  # a trump fixed by be-ranga's rule, counting from the next trick
    bits, counts, nth = BITS, COUNTS, nth_card
    hands, plays = state._hands, state._plays
    append = plays.append
    won: list[int] = []  # the winners of the tricks played here
    tally = list(state._team_tricks)
    plays_on = bool(engine.play_on_chain) and engine.completion is None  # (a constant answers first)
    if plays_on and max(tally) >= stop_at:  # play went on past the stop: the rule is asked after every trick
        stop_at = 0
    piles, trick_piles = (None, None) if engine.pile_rule is None else _piles(state, tally, stop_at)
    done = len(state._winners)
    seat = state._to_act
    trick = state._trick
    follow = base = best = top = 0
    power = powers[0]
    rest: tuple[tuple[int, int], ...] = ()  # the seats still to play to this trick, each with seat << 6
    if trick:  # mid-trick: the led suit, the best play so far, the seats still to play
        lead = trick[0] & 63
        follow, base, power = masks[suit_of[lead]], bases[suit_of[lead]], powers[trick_suit_of[lead]]
        best, top, rest = _so_far(state, power, followers)
    leading = not trick
    while True:
        if leading:  # the lead: any card, the pick-th in index order (nth_card, inlined)
            if pending >= 0:  # trumps from this trick on
                trump, pending = pending, -1
                masks, suit_of, bases, trick_suit_of, powers, trumps_mask = _tables(engine, trump)
            hand = hands[seat]
            if offering:
                if done >= until:  # a forced effect's window: the general loop plays on
                    _write_back(state, won, tally, seat, piles)
                    return None
                extra = offers[seat == hakem] if done < offer_tricks and not hand & none_of else ()
                count = hand.bit_count()
                pick = floor(rand() * (count + len(extra)))
                if pick >= count:
                    _write_back(state, won, tally, seat, piles)
                    return extra[pick - count]
            else:
                pick = floor(rand() * hand.bit_count())
            segment = hand & 0x1FFF
            if pick < counts[segment]:
                index = bits[segment][pick]
            else:
                pick -= counts[segment]
                segment = hand >> 13 & 0x1FFF
                if pick < counts[segment]:
                    index = 13 + bits[segment][pick]
                else:
                    index = 26 + nth(hand >> 26, pick - counts[segment])
            hands[seat] = hand ^ (1 << index)
            append(seat << 6 | index)
            led = suit_of[index]
            follow, base, power = masks[led], bases[led], powers[trick_suit_of[index]]
            best, top = seat, power[index]
            rest = followers[seat]
        leading = True
        for seat, mark in rest:
            hand = hands[seat]
            legal = hand & follow
            if legal and base >= 0:  # the led suit lies in one printed suit: pick straight from it
                segment = legal >> base
                index = base + bits[segment][floor(rand() * _FLOAT_COUNTS[segment])]
            elif legal:
                index = nth(legal, floor(rand() * legal.bit_count()))
            else:  # void: any card, unless the void duty narrows it
                legal = hand
                if duty and hand & trumps_mask:  # Engine.void_duty_mask, the best card known
                    legal = hand & trumps_mask
                    if overtrump:
                        legal = _beating(legal, power, top) or legal
                if offering and done < offer_tricks and not hand & none_of:  # declared offers join the pick
                    extra = offers[2 + (seat == hakem)]
                    count = legal.bit_count()
                    pick = floor(rand() * (count + len(extra)))
                    if pick >= count:
                        _write_back(state, won, tally, seat, piles)
                        state._trick = plays[done * players:]
                        return extra[pick - count]
                    index = nth(legal, pick)
                else:
                    index = nth(legal, floor(rand() * legal.bit_count()))
                if fixing:  # hokm._moments.after_card: this card fixes its suit as trump
                    hands[seat] = hand ^ (1 << index)
                    append(mark | index)
                    fixing = False
                    fixed = suit_of[index]
                    lead = plays[done * players] & 63
                    led = suit_of[lead]
                    if fix_trump(state, fixed, len(plays), len(plays) - done * players):
                        trump = fixed  # a trump in its own trick, which the led suit cannot beat
                        masks, suit_of, bases, trick_suit_of, powers, trumps_mask = _tables(engine, trump)
                        follow, base = masks[led], bases[led]
                        power = powers[trick_suit_of[lead]]
                        best, top = seat, power[index]
                    else:
                        pending = fixed
                    continue
            hands[seat] = hand ^ (1 << index)
            append(mark | index)
            if power[index] > top:  # Engine.trick_winner's table rule, card by card
                best, top = seat, power[index]
        done += 1
        won.append(best)
        team = teams[best]
        if trick_piles is None:
            tally[team] += 1
        else:  # a declared PileRule: the trick may stay in the centre
            trick_piles.end(best)
        if done == total or tally[team] >= stop_at:
            # The stop rule, or a hokm_play_on rule asked on the state as stepping leaves it.
            if done == total or not plays_on:
                break
            _write_back(state, won, tally, seat, piles)
            if not engine.play_on(state):
                break
            stop_at = 0  # play goes on: the rule is asked after every trick from now on
        seat = best
    _finish(state, won, tally, seat, piles)
    return None


def announced_tricks(state: HandState, rand: Callable[[], float]) -> bool:
    """The card after an announcement, then ``plain_tricks`` to the end, in one loop; ``False``
    (nothing done) where the plain loop may not take it from here.

    For a ruleset with ``Engine.plain_play`` or ``plain_once_trump`` whose trump is in force
    (hidden trump after the ask or the reveal). The seat's legal cards come from the engine
    (``HandState._legal_mask``: the declared ``TrumpDuty`` and every other legality rule),
    picked as ``legal_actions()`` lists them, with the ``rand()`` call stepping makes. Not
    where that card ends the trick: stepping forgets the announcement only when the next
    turn begins, after the trick-end rules have seen the state.
    """
    setup = state._setup
    engine = setup.engine
    trump = setup.trump
    if (not 0 <= trump < NO_TRUMP or not engine.printed_suits[trump] or engine.fixes_trump
            or len(state._trick) + 1 >= engine.players or setup.trump_from > len(state._plays)
            or not _even_hands(state)):
        return False
    legal = state._legal_mask()
    index = nth_card(legal, floor(rand() * legal.bit_count()))
    _suit_tricks(state, rand, index)
    return True


def _tables(engine: Engine, trump: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...],
                                                 tuple[int, ...], tuple[tuple[int, ...], ...], int]:
    """The loop's per-trump tables: suit masks, suit of, bases, trick suit of, powers, trumps."""
    masks = engine.suit_masks[trump]
    return (masks, engine.suit_of[trump], engine.suit_bases[trump], engine.trick_suit_of[trump],
            engine.powers[trump], masks[trump])


def _so_far(state: HandState, power: tuple[int, ...], followers: tuple[tuple[tuple[int, int], ...], ...]
            ) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    """For the trick in progress: the seat winning it so far, its card's power, the seats still to play.

    Where the trump came mid-trick (hidden trump's reveal, RULES 1.5.1 rule 9), a card of the
    trump suit played before it is an ordinary card, unless the trump suit was led.
    """
    trick = state._trick
    early = state._setup.trump_from - (len(state._plays) - len(trick))  # plays before the trump came
    if power[trick[0] & 63] >= TRUMP_POWER:
        early = 0  # the trump suit was led: its cards count from the lead
    best = top = 0
    for position, play in enumerate(trick):
        value = power[play & 63]
        if value > top and (position >= early or value < TRUMP_POWER):
            best, top = play >> 6, value
    return best, top, followers[trick[0] >> 6][len(trick) - 1:]


def _write_back(state: HandState, won: list[int], tally: list[int], seat: int,
                piles: _Pile | _LazyPile | None) -> None:
    """Write the tricks played in locals back to ``state`` at a trick's end, as stepping leaves it
    (the last to play still to act), and empty ``won`` for the tricks to come."""
    if piles is None:
        state._collectors += tuple(won)  # the winner collects: no capture rule, no pile
    else:
        piles.write(state, won, tally)
    state._winners += tuple(won)
    won.clear()
    state._team_tricks = tuple(tally)
    state._trick, state._to_act = [], seat


def _finish(state: HandState, won: list[int], tally: list[int], seat: int,
            piles: _Pile | _LazyPile | None) -> None:
    """Write the tricks played in locals back to ``state``: the hand is over."""
    _write_back(state, won, tally, seat, piles)
    state._phase = OVER


def _beating(cards: int, power: tuple[int, ...], top: int) -> int:
    """The cards of the mask ``cards`` whose power beats ``top`` (``Engine.beating``)."""
    beats = 0
    rest = cards
    while rest:
        low = rest & -rest
        if power[low.bit_length() - 1] > top:
            beats |= low
        rest ^= low
    return beats


_BIT13: tuple[int, ...] = tuple(1 << bit for bit in range(13))


def _even_hands(state: HandState) -> bool:
    """Whether the seats yet to play to the trick in progress hold one number of cards, and the
    seats that played to it one fewer (always so from a deal: each trick takes one card a seat)."""
    hands, trick = state._hands, state._trick
    if not trick:
        return len(set(map(int.bit_count, hands))) == 1
    size = hands[state._to_act].bit_count()
    played = {play >> 6 for play in trick}
    return all(hand.bit_count() == size - (seat in played) for seat, hand in enumerate(hands))


def _suit_tricks(state: HandState, rand: Callable[[], float], first: int = -1) -> None:
    """``plain_tricks`` where every card's effective suit is its printed suit (``Engine.printed_suits``)
    and the hands are even (``_even_hands``).

    ``first``: the card the seat to act plays first, chosen by the caller (``announced_tricks``:
    after an announcement), which must not end the trick.

    Each hand is held as four 13-bit suits: following suit is one list item, and the
    mask arithmetic stays on small ints, which CPython does several times faster than
    on 52-bit ones. A pick walks the suits in index order, as ``legal_actions()`` lists.
    """
    setup = state._setup
    engine = setup.engine
    teams, total, followers = engine.teams, engine.hand_size, engine.followers
    stop_at = total + 1 if engine.stop_count is None else engine.stop_count
    trump = setup.trump
    trick_suit_of, powers = engine.trick_suit_of[trump], engine.powers[trump]
    duty = engine.void_duty is not None and trump < 4  # the void duty: a trump if it has one
    overtrump, players = engine.overtrump, engine.players
    fixing = engine.fixes_trump and trump == NO_TRUMP  # be-ranga: the first void card fixes it
    pending = -1  # a trump fixed by be-ranga's rule, counting from the next trick
    bits, counts, fcounts, bit13 = BITS, COUNTS, _FLOAT_COUNTS, _BIT13
    hands, plays = state._hands, state._plays
    held = [[hand & 0x1FFF, hand >> 13 & 0x1FFF, hand >> 26 & 0x1FFF, hand >> 39] for hand in hands]
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
        led, power = lead // 13, powers[trick_suit_of[lead]]
        base = 13 * led
        best, top, rest = _so_far(state, power, followers)
    # Cards in each hand of a seat yet to play to this trick: the same for all (even_hands).
    size = float(hands[seat].bit_count())
    leading = not trick
    if first >= 0:  # the caller's card for the seat to act, which does not end the trick
        held[seat][first // 13] ^= bit13[first % 13]
        append(seat << 6 | first)
        if leading:
            led, base = first // 13, first - first % 13
            power = powers[trick_suit_of[first]]
            best, top, rest = seat, power[first], followers[seat]
        else:
            if power[first] > top:
                best, top = seat, power[first]
            rest = rest[1:]
        leading = False
        forget_announcement(state)  # the next seat's turn begins (hokm._moments.begin_turn)
    while True:
        if leading:  # the lead: the pick-th card of the hand, suit by suit
            if pending >= 0:  # trumps from this trick on
                trump, pending = pending, -1
                trick_suit_of, powers = engine.trick_suit_of[trump], engine.powers[trump]
                duty = engine.void_duty is not None
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
            base = 13 * led
            index = base + bit
            append(seat << 6 | index)
            power = powers[trick_suit_of[index]]
            best, top = seat, power[index]
            rest = followers[seat]
        leading = True
        for seat, mark in rest:
            suits = held[seat]
            segment = suits[led]
            if segment:  # follow suit (a float count: float * float is the cheaper product)
                bit = bits[segment][floor(rand() * fcounts[segment])]
                suits[led] = segment ^ bit13[bit]
                index = base + bit
            elif duty and suits[trump]:  # void: a trump (one that beats the best, if it must)
                segment = suits[trump]
                if overtrump:
                    segment = _beating(segment << 13 * trump, power, top) >> 13 * trump or segment
                bit = bits[segment][floor(rand() * fcounts[segment])]
                suits[trump] ^= bit13[bit]
                index = 13 * trump + bit
            else:  # void: any card
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
                if fixing:  # hokm._moments.after_card: this card fixes its suit as trump
                    append(mark | index)
                    fixing = False
                    if fix_trump(state, suit, len(plays), len(plays) - done * players):
                        trump, duty = suit, engine.void_duty is not None  # a trump in its own trick
                        trick_suit_of, powers = engine.trick_suit_of[trump], engine.powers[trump]
                        power = powers[trick_suit_of[plays[done * players] & 63]]
                        best, top = seat, power[index]
                    else:
                        pending = suit
                    continue
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


def _put_back(hands: list[int], held: list[list[int]]) -> None:
    """Each hand's four 13-bit suits back into its 52-bit mask."""
    for number, suits in enumerate(held):
        hands[number] = suits[0] | suits[1] << 13 | suits[2] << 26 | suits[3] << 39
