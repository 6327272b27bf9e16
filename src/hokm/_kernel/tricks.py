"""The random-play kernel's card loop: one loop for every ruleset, its trick end written once.

``play_tricks`` plays random legal cards from any turn of trick play, each hand held as
four 13-bit suits (small ints, which CPython works on several times faster than 52-bit
ones), the trick winner as one comparison of card powers, the stop rule as one
comparison of tallies. It makes the ``rand()`` calls stepping makes, in the same order,
for the same choices (``options[floor(rand() * len(options))]`` over ``legal_actions()``
order), so a property test can hold it to stepping.

What the plan (``hokm._kernel.plan``) marks as events leaves the plain pick:

- a turn the plain pick cannot take exactly (a card that follows another suit than its
  printed one, a legality hook, an announcement, an offer to a seat that can follow) is
  picked from the engine's legal mask (``_exact``);
- a tabulated announcement joins the pick on a lead or a void turn, and is taken by the
  state's own step (``_announce``), after which the announcer's card is picked exactly;
- a turn in the window of a hook that reads the hand, and a trick end where a hook must
  see the hand, are handed to the state's own steps: the loop writes its locals back
  (``hokm._hand.kernel_io.sync``) and returns, or carries on where the state did.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import floor  # floor(x) is int(x) for x >= 0, at half the cost of int()
from typing import TYPE_CHECKING

from hokm._compose.cards import NO_TRUMP, TRUMP_POWER, beating
from hokm._compose.masks import BIT13, BITS, COUNTS, FLOAT_COUNTS, nth_card
from hokm._compose.trick_end import NOBODY, UNANSWERED, capture_key, won_in_force
from hokm._hand import kernel_io
from hokm._hand.kernel_io import mask_of, sync, trick_so_far
from hokm._hand.moments import decide, fix_trump
from hokm.outcomes import PLAY

if TYPE_CHECKING:
    from hokm._hand.state import HandState
    from hokm._kernel.plan import Facts, Offers, Plan
    from hokm.actions import Action

__all__ = ["ENDED", "STEP", "STEPPED", "TURN", "play_tricks"]

ENDED = 0
"""``play_tricks`` played the hand to its end."""
STEP = 1
"""``play_tricks`` stopped at a turn that the state's own steps must take, before the turn's start
(its forced effects) ran."""
TURN = 2
"""As ``STEP``, but the turn's start has run: one action is due."""
STEPPED = 3
"""``play_tricks`` stopped where the state went on by its own steps (a pause, an announcement):
the driver looks at the state again."""
_GOES_ON = -1  # a trick end after which the loop plays on
_STALE: Offers = ((), (), (), ())  # no row of the plan: the offers are looked up again
_AT_LEAD: tuple[int, int, tuple[int, ...], int, int, tuple[tuple[int, int], ...], int, int] = (
    0, 0, (), 0, 0, (), 0, 0)  # what _entered finds at a lead: no trick so far


class Loop:
    """What the loop's helpers share with it: the plan, the state, the loop's lists (changed in place;
    ``tally`` and ``won``/``taken`` are the tricks not yet written back) and the random source."""

    __slots__ = ("held", "plan", "rand", "state", "taken", "tally", "won")

    def __init__(self, plan: Plan, state: HandState, held: list[list[int]], won: list[int],
                 taken: list[int | None], tally: list[int], rand: Callable[[], float]) -> None:
        self.plan, self.state, self.held, self.won, self.taken, self.tally, self.rand = (
            plan, state, held, won, taken, tally, rand)


def play_tricks(state: HandState, rand: Callable[[], float], plan: Plan) -> int:
    """Play random cards from the state's turn of trick play until the hand ends or an event
    the state's own steps must take; returns ``ENDED``, ``STEP``, ``TURN`` or ``STEPPED``."""
    (plays, hakem, done, seat, held, sizes, tally, pile, start, hand_trump, since,
     announced) = kernel_io.enter(state)
    n, teams, followers, ends, dynamic = plan.players, plan.teams, plan.followers, plan.ends, plan.dynamic
    bits, counts, fcounts, bit13 = BITS, COUNTS, FLOAT_COUNTS, BIT13
    void_offers, watched = plan.void_offers, plan.watched
    append = plays.append
    gone = 0.0  # tricks completed since the trick in progress began: a seat's cards on its turn are
    # sizes[seat] - gone (its cards when that trick began)
    plain_end = (plan.capture_identity or plan.lazy_capture) and not plan.winner_hook
    won: list[int] = []
    taken: list[int | None] = won if plan.capture_identity else []  # type: ignore[assignment]  # collectors
    loop = Loop(plan, state, held, won, taken, tally, rand)
    stop_at = plan.stop_at
    if plan.play_on and max(tally) >= stop_at:
        stop_at = 0  # play went on past the stop: the rule is asked after every trick from now on
    facts = plan.facts[since >= start + n][hand_trump]
    hand_trump, trump, pending, fixing, suit_of, tsuit_of, powers, duty = facts
    offer_rows, (lead_row, follow_row) = plan.offers[hand_trump][hakem], plan.events[hand_trump]
    offers, lead_event, follow_event = offer_rows[done], lead_row[done], follow_row[done]
    leads, voids, lead_sizes, void_sizes = (_offers(offers, sizes) if dynamic
                                            else (offers[0], offers[2], sizes, sizes))
    moved = plan.moved[trump] and _moved_left(plan, trump, held)  # cards of another suit than printed, held
    holders = moved and _holders(held, moved)  # the seats holding them
    # An announcement of the turn at hand (1: its card is picked exactly), or of a turn played (2:
    # it ended its trick, and is forgotten as the next lead begins).
    note = 1 if announced is not None else 0
    lead_event = lead_event or bool(note)
    refresh = dynamic or pending >= 0  # whether the next lead must look again at what a trick may change
    begun = len(plays)  # the turn at this many plays began by the state's own steps (its start ran)
    led, base, power, best, top, rest, specials, exactly = _entered(
        plan, state, held, start, trump, done, follow_event, moved, note) if len(plays) > start else _AT_LEAD
    watch = follow_event or moved  # whether the follows of a trick may leave the plain pick
    leading = len(plays) == start
    while True:
        if leading:  # the lead ------------------------------------------------------------------
            if refresh:  # what the last trick changed: a trump, the offers, an announcement to forget
                if note == 2:
                    kernel_io.forget(state)  # the announcer's card ended its trick: the next turn begins
                    note = 0
                if pending >= 0:  # a trump fixed in the last trick counts from this lead
                    hand_trump, trump, pending, fixing, suit_of, tsuit_of, powers, duty = _facts(
                        plan, state, len(plays))
                    moved = _moved_left(plan, trump, held)
                    holders, watch = _holders(held, moved), follow_event or moved
                    offer_rows, offers = plan.offers[hand_trump][hakem], _STALE
                    lead_row, follow_row = plan.events[hand_trump]
                if offer_rows[done] is not offers:  # the announcements on offer change
                    offers = offer_rows[done]
                    leads, voids, lead_sizes, void_sizes = _offers(offers, sizes)
                lead_event, follow_event, refresh = lead_row[done] or note == 1, follow_row[done], dynamic
                watch = follow_event or moved
            suits = held[seat]
            if lead_event and (index := _lead_exactly(loop, pile, seat, trump, done,
                                                    note, begun)) != -1:
                if index < -1:
                    return -2 - index  # handed to the state's own steps
                suits[index // 13] ^= bit13[index % 13]
                note, led = 0, suit_of[index]
                base = 13 * led
            else:  # the pick-th card in index order, suit by suit, or an announcement
                pick = floor(rand() * (lead_sizes[seat] - gone))
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
                            if pick >= counts[segment]:  # past the cards: an announcement of this turn
                                return _announce(loop, pile, seat,
                                                 leads[seat][pick - counts[segment]])
                bit = bits[segment][pick]
                suits[led] = segment ^ bit13[bit]
                base = 13 * led
                index = base + bit
            append(seat << 6 | index)
            power = powers[tsuit_of[index]]
            best, top, rest = seat, power[index], followers[seat]
            if watch:  # the follows may leave the plain pick
                if moved and 1 << index & moved:  # a card of another suit than printed: it leads that suit
                    moved ^= 1 << index
                    led, holders = suit_of[index], _holders(held, moved)
                    base = 13 * led
                if follow_event or void_offers:
                    specials, exactly = _specials(plan, held, state, rest, led, trump, done, follow_event,
                                                  moved)
                elif moved & watched[trump][led]:  # their holders' follows are picked by mask
                    specials, exactly = holders, 0
                watch = follow_event or moved
        leading = True
        for seat, mark in rest:  # the follows ----------------------------------------------------
            suits = held[seat]
            if specials and specials >> seat & 1:  # a hook, an announcement; a card of another suit
                if exactly >> seat & 1:
                    index, note = _follow_exactly(loop, pile, seat, trump, done,
                                                  led, note, begun)
                    if index < 0:
                        return -2 - index  # handed to the state's own steps
                    refresh = refresh or note == 2
                else:
                    index = _holder_pick(plan, suits, led, trump, duty, power, top, rand)
                suits[index // 13] ^= bit13[index % 13]
            elif segment := suits[led]:  # follow suit (a float count: float * float is the cheaper product)
                bit = bits[segment][floor(rand() * fcounts[segment])]
                suits[led] = segment ^ bit13[bit]
                index = base + bit
                append(mark | index)
                if power[index] > top:
                    best, top = seat, power[index]
                continue
            elif duty and suits[trump]:  # void: a trump (one that beats the best, if it must)
                segment = suits[trump]
                if plan.overtrump:
                    segment = beating(segment << 13 * trump, power, top) >> 13 * trump or segment
                bit = bits[segment][floor(rand() * fcounts[segment])]
                suits[trump] ^= bit13[bit]
                index = 13 * trump + bit
                append(mark | index)
                if power[index] > top:
                    best, top = seat, power[index]
                continue
            else:  # void: any card, or the seat's tabulated announcements
                pick = floor(rand() * (void_sizes[seat] - gone))
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
                            if pick >= counts[segment]:
                                return _announce(loop, pile, seat,
                                                 voids[seat][pick - counts[segment]])
                bit = bits[segment][pick]
                suits[suit] = segment ^ bit13[bit]
                index = 13 * suit + bit
            # A card that did not follow suit: one of another suit than printed, or one that fixes a trump.
            if moved and 1 << index & moved:
                moved ^= 1 << index
                holders, watch = _holders(held, moved), follow_event or moved
            append(mark | index)
            if fixing and suit_of[index] != led:  # it fixes its suit as trump (hokm._hand.moments.after_card)
                facts, best, top, power = _fix(plan, state, seat, index, best, top, power)
                hand_trump, trump, pending, fixing, suit_of, tsuit_of, powers, duty = facts
                refresh, moved = True, _moved_left(plan, trump, held)
                holders, watch = _holders(held, moved), follow_event or moved
                if len(plays) % n and (plan.events[trump][1][done] or moved):  # the rest of the trick,
                    return _hand_back(loop, pile, seat)  # picked anew
            elif power[index] > top:
                best, top = seat, power[index]
        # The trick end: the winner, who collects, then the stop rule or the state's own pause.
        done += 1
        gone += 1.0
        specials = 0
        if plain_end:  # the winner by the tables takes the trick
            won.append(best)
            team = teams[best]
            tally[team] += 1
            if tally[team] < stop_at and not ends[done]:
                seat = best
                continue
        else:
            best, pile, stop = _won(loop, pile, best, done, trump, stop_at)
            if not stop:
                seat = best
                continue
        code = _trick_end(loop, pile, seat)
        if code != _GOES_ON:
            return code
        if plan.play_on and max(tally) >= stop_at:
            stop_at = 0  # play goes on past the stop: the rule is asked after every trick
        begun, note, seat = len(plays), 0, best  # the state's own steps began the next turn


def _entered(plan: Plan, state: HandState, held: list[list[int]], start: int, trump: int, done: int,
             follow_event: bool, moved: int, note: int) -> tuple[int, int, tuple[int, ...], int, int,
                                                                tuple[tuple[int, int], ...], int, int]:
    """Where the loop takes over: the trick so far (its led suit, its segment's base, the power row,
    the best play and its power), the seats still to follow and which of them leave the plain pick."""
    plays = state._plays
    lead = plays[start] & 63
    led = plan.suit_of[trump][lead]
    power = plan.powers[trump][plan.trick_suit_of[trump][lead]]
    best, top = trick_so_far(state._setup, plays, start, power, TRUMP_POWER)
    rest = plan.followers[plays[start] >> 6][len(plays) - start - 1:]
    specials = exactly = 0
    if follow_event or moved:
        specials, exactly = _specials(plan, held, state, rest, led, trump, done, follow_event, moved)
    if note:  # the announcer's card is picked exactly
        specials |= 1 << rest[0][0]
        exactly |= 1 << rest[0][0]
    return led, 13 * led, power, best, top, rest, specials, exactly


def _won(loop: Loop, pile: int, best: int, done: int, trump: int, stop_at: int) -> tuple[int, int, bool]:
    """A trick whose winner a hook decides, or whose collector a capture rule does: the winner, the
    pile left in the centre, and whether the trick end may stop the hand."""
    plan, state, won, tally = loop.plan, loop.state, loop.won, loop.tally
    if plan.winner_hook:
        start = len(state._plays) - plan.players
        best = plan.engine.ends.trick_winner(state._plays[start:], trump, done, _first(state, start))
    won.append(best)
    if plan.capture_identity:
        team = plan.teams[best]
        tally[team] += 1
        return best, pile, tally[team] >= stop_at or plan.ends[done]
    pile, team = _collect(loop, pile, best, done)
    return best, pile, plan.ends[done] or stop_at == 0 or (team >= 0 and tally[team] >= stop_at)


def _collect(loop: Loop, pile: int, winner: int, done: int) -> tuple[int, int]:
    """Who collects after trick ``done`` (``won`` ends with it), into ``taken`` and the tallies: the
    capture table, else the hooks that read the hand, which see this trick's winner recorded and not
    yet who collected it. Returns the pile left in the centre and the collecting team (-1: nobody)."""
    plan, state, won, taken, tally = loop.plan, loop.state, loop.won, loop.taken, loop.tally
    previous = collected = in_force = None
    if done > 1:
        previous = won[-2] if len(won) > 1 else state._winners[-1]
        collected = (taken[-1] if taken else state._collectors[-1]) is not None
        if plan.capture_in_force:
            setup = state._setup
            since = setup.trump_from if 0 <= setup.trump < NO_TRUMP else 1 << 30
            in_force = won_in_force(state._plays, state._winners + tuple(won), done - 1, plan.players, since)
    collector = plan.capture_table[capture_key(plan.players, plan.total, winner, previous, bool(collected),
                                               bool(in_force), done)]
    if collector == UNANSWERED:
        collector = _asked_capture(loop, pile, winner, done)
    if collector == NOBODY:
        taken.append(None)
        return pile + 1, -1
    taken.append(collector)
    team = plan.teams[collector]
    tally[team] += pile + 1
    return 0, team


def _asked_capture(loop: Loop, pile: int, winner: int, done: int) -> int:
    """The capture hooks that read the hand, asked on the state written back with this trick's
    winner recorded and not yet who collected it."""
    plan, state, won, taken = loop.plan, loop.state, loop.won, loop.taken
    plays = state._plays
    start = len(plays) - plan.players
    won.pop()
    _write(loop, pile, winner, len(plays))
    won.clear()
    taken.clear()
    state._winners += (winner,)
    setup = state._setup
    since = setup.trump_from if 0 <= setup.trump < NO_TRUMP else 1 << 30
    answer = plan.engine.ends.collector(state, plays, _facts(plan, state, start)[1], done, winner,
                                        state._winners, state._collectors, since, _first(state, start))
    state._winners = state._winners[:-1]  # the loop records the trick again, with its collector
    won.append(winner)
    return NOBODY if answer is None else answer


def _offers(offers: Offers, sizes: list[float]) -> tuple[
        tuple[tuple[Action, ...], ...], tuple[tuple[Action, ...], ...], list[float], list[float]]:
    """Each seat's tabulated announcements on a lead and on a void turn, and the choices it has on
    each (its cards when the trick began, plus the announcements: the pick subtracts the tricks since)."""
    leads, lead_widths, voids, void_widths = offers
    if not any(lead_widths) and not any(void_widths):
        return leads, voids, sizes, sizes
    return (leads, voids, [size + width for size, width in zip(sizes, lead_widths, strict=True)],
            [size + width for size, width in zip(sizes, void_widths, strict=True)])


def _start(state: HandState) -> int:
    """Where the trick in progress begins in the plays (tricks are aligned: each takes a card a seat),
    before its last card is played."""
    players = state._setup.engine.players
    return len(state._plays) // players * players


def _first(state: HandState, start: int) -> int:
    """The position in the trick beginning at ``start`` from which trump-suit cards are trumps."""
    since = state._setup.trump_from
    return since - start if since > start else 0


def _facts(plan: Plan, state: HandState, start: int) -> Facts:
    """The trump facts of the trick beginning at ``start`` (``hokm._kernel.plan.Facts``)."""
    trump, since = kernel_io.trump_of(state)
    return plan.facts[since >= start + plan.players][trump]


def _fix(plan: Plan, state: HandState, seat: int, index: int, best: int, top: int,
         power: tuple[int, ...]) -> tuple[tuple[int, int, int, bool, tuple[int, ...], tuple[int, ...],
                                             tuple[tuple[int, ...], ...], bool], int, int, tuple[int, ...]]:
    """The card ``index`` just played (already in the plays) by a seat that could not follow fixes its
    suit as trump: the trick's new facts, and its best play (this card, where it is a trump at once)."""
    plays = state._plays
    start = (len(plays) - 1) // plan.players * plan.players  # the trick the card was played to
    fix_trump(state, plan.suit_of[NO_TRUMP][index], len(plays), len(plays) - start)
    facts = _facts(plan, state, start)
    if facts[2] < 0:  # a trump in its own trick, which the led suit cannot beat
        power = facts[6][facts[5][plays[start] & 63]]
        best, top = seat, power[index]
    return facts, best, top, power


def _specials(plan: Plan, held: list[list[int]], state: HandState, rest: tuple[tuple[int, int], ...],
              led: int, trump: int, done: int, follow_event: bool, moved: int) -> tuple[int, int]:
    """Which of the seats still to follow (``rest``) leave the plain pick, as masks of seats: all of
    them and those picked from the engine's legal mask (a hook may be asked, or an announcement
    offered to a seat that can follow; the others hold a card of another suit than printed, into or
    out of the led suit or, under a void duty, the trumps)."""
    void_offers = False
    if follow_event or plan.void_offers:
        hand_trump = state._setup.trump
        offers = plan.engine.decisions.offer_rows[hand_trump][done]
        if follow_event and (plan.restricts or offers[2] or offers[3]
                             or plan.follow_steps[0 <= hand_trump < NO_TRUMP][done]):
            every = sum(1 << follower for follower, _ in rest)
            return every, every
        void_offers = bool(offers[4] or offers[5])  # (a void holder may be offered some)
    relevant = moved & plan.watched[trump][led]
    holders = 0
    while relevant:  # (few: the cards of another suit than printed)
        low = relevant & -relevant
        index = low.bit_length() - 1
        suit, bit = index // 13, 1 << index % 13
        for follower, _ in rest:
            if held[follower][suit] & bit:
                holders |= 1 << follower
        relevant ^= low
    return holders, (holders if void_offers else 0)


def _moved_left(plan: Plan, trump: int, held: list[list[int]]) -> int:
    """The cards of the mask ``moved`` of the trump (another suit than printed) that the hands hold."""
    moved = plan.moved[trump]
    if not moved:
        return 0
    cards = 0
    for suits in held:
        cards |= mask_of(suits)
    return moved & cards


def _holders(held: list[list[int]], cards: int) -> int:
    """The seats (a mask) whose hands hold any of ``cards``."""
    seats = 0
    while cards:  # (few: the cards of another suit than printed)
        low = cards & -cards
        index = low.bit_length() - 1
        suit, bit = index // 13, 1 << index % 13
        for seat, suits in enumerate(held):
            if suits[suit] & bit:
                seats |= 1 << seat
        cards ^= low
    return seats


def _holder_pick(plan: Plan, suits: list[int], led: int, trump: int, duty: bool, power: Sequence[int],
                 top: int, rand: Callable[[], float]) -> int:
    """The turn of a seat holding a card of another suit than printed, picked from its whole hand by
    the tables: follow the led effective suit, else the void duty, else any card (index order)."""
    hand = mask_of(suits)
    masks = plan.suit_masks[trump]
    legal = hand & masks[led]
    if not legal:
        legal = hand
        trumps = hand & masks[trump] if duty else 0
        if trumps:
            legal = beating(trumps, power, top) or trumps if plan.overtrump else trumps
    return nth_card(legal, floor(rand() * legal.bit_count()))


def _offers_at(plan: Plan, state: HandState, done: int, lead: bool, hakem: bool,
               void: bool) -> tuple[Action, ...]:
    """The tabulated announcements of a turn (none after an announcement, which the caller checks)."""
    return plan.engine.decisions.offered(state._setup.trump, done, lead, hakem, void)


def _exact(loop: Loop, pile: int, seat: int, start: int, trump: int, done: int,
           announced: Action | None, lead: bool, void: bool) -> int:
    """A turn picked from the engine's legal mask (follow suit, the duty, the legality hooks) and the
    turn's tabulated announcements, as ``legal_actions()`` lists them: the card's index, or
    ``-2 - k`` for the ``k``-th announcement."""
    plan, state, held, won, taken, rand = loop.plan, loop.state, loop.held, loop.won, loop.taken, loop.rand
    if plan.restricts:  # a legality hook reads the hand: it sees the tricks played so far
        _write(loop, pile, seat, start)
        won.clear()
        taken.clear()
    plays = state._plays
    legal = plan.engine.legality.legal_mask(mask_of(held[seat]), plays[start:], seat, trump, done + 1, state,
                                            _first(state, start), announced)
    count = legal.bit_count()
    offered = () if announced is not None else _offers_at(plan, state, done, lead, seat == state._setup.hakem,
                                                          void)
    pick = floor(rand() * (count + len(offered)))
    if pick >= count:
        return -2 - (pick - count)
    return nth_card(legal, pick)


def _hand_back(loop: Loop, pile: int, seat: int) -> int:
    """Write the loop back after ``seat``'s card, the next seat to act, for the loop to start again
    from there (the trump fixed by that card leaves other turns of the trick to pick exactly)."""
    plan, state = loop.plan, loop.state
    _write(loop, pile, (seat + 1) % plan.players, _start(state))
    return STEPPED


def _announce(loop: Loop, pile: int, seat: int, action: Action) -> int:
    """An announcement of the turn was picked: the state's own step takes it (``decide``)."""
    state = loop.state
    _write(loop, pile, seat, _start(state))
    decide(state, action, not state._setup.engine.classic)
    state._legal = -1
    return STEPPED


def _stepped(loop: Loop, pile: int, seat: int, begun: int) -> int:
    """A turn in the window of a hook that reads the hand, taken as stepping takes it on the state
    written back: its start (forced effects) unless it ran, then one of its actions. Returns the card
    for the loop to play, or ``-2 - code`` where the state went on by its own steps."""
    state, won, taken, rand = loop.state, loop.won, loop.taken, loop.rand
    start = _start(state)
    _write(loop, pile, seat, start)
    won.clear()
    taken.clear()
    setup, played = state._setup, len(state._plays)
    if played != begun:  # the turn began in the loop: its start is still to run
        kernel_io.begin(state)
        if (state._setup is not setup or len(state._plays) != played or state._phase != PLAY
                or state._extra.pending is not None):
            return -2 - STEPPED  # a forced effect acted
    legal, turn = kernel_io.turn_choices(state)
    count = legal.bit_count()
    pick = floor(rand() * (count + len(turn)))
    if pick < count:
        return nth_card(legal, pick)
    decide(state, turn[pick - count], not setup.engine.classic)
    state._legal = -1
    return -2 - STEPPED


def _lead_exactly(loop: Loop, pile: int, seat: int, trump: int, done: int, note: int,
                  begun: int) -> int:
    """A lead that may leave the plain pick: handed to the state's steps (``-2 - code``), picked
    exactly (an announcement made on it, a legality hook: the card's index), or plain (-1)."""
    plan, state = loop.plan, loop.state
    setup = state._setup
    start = len(state._plays)
    if note:  # the announcer's card: the next turn begins right after it
        announced = state._extra.announced
        index = _exact(loop, pile, seat, start, trump, done, announced, True,
                       False)
        kernel_io.forget(state)
        return index
    if plan.lead_steps[0 <= setup.trump < NO_TRUMP][done] and plan.step_at(
            True, seat == setup.hakem, False, 0 <= setup.trump < NO_TRUMP, done):
        return _stepped(loop, pile, seat, begun)
    if not plan.engine.legality.kernel_restricts:
        return -1
    index = _exact(loop, pile, seat, start, trump, done, None, True, False)
    if index < -1:
        return -2 - _announce(loop, pile, seat, _offers_at(
            plan, state, done, True, seat == setup.hakem, False)[-2 - index])
    return index


def _follow_exactly(loop: Loop, pile: int, seat: int, trump: int, done: int, led: int, note: int,
                    begun: int) -> tuple[int, int]:
    """A follow that leaves the plain pick: handed to the state's steps (``-2 - code``), or picked
    from the engine's legal mask. Returns the index and the announcement note after the card (2: the
    announcer's card ended its trick, the announcement is forgotten as the next lead begins)."""
    plan, state, held = loop.plan, loop.state, loop.held
    setup = state._setup
    start = _start(state)
    void = not (mask_of(held[seat]) & plan.suit_masks[trump][led])
    if not note and plan.follow_steps[0 <= setup.trump < NO_TRUMP][done] and plan.step_at(
            False, seat == setup.hakem, void, 0 <= setup.trump < NO_TRUMP, done):
        return _stepped(loop, pile, seat, begun), note
    announced = state._extra.announced if note else None
    index = _exact(loop, pile, seat, start, trump, done, announced, False, void)
    if index < -1:
        return -2 - _announce(loop, pile, seat, _offers_at(
            plan, state, done, False, seat == setup.hakem, void)[-2 - index]), note
    if note:
        if len(state._plays) + 1 - start == plan.players:
            return index, 2  # it ends its trick: the trick-end rules see the announcement
        kernel_io.forget(state)
    return index, 0


def _trick_end(loop: Loop, pile: int, last: int) -> int:
    """A trick end where the hand may be over or a hook must see it: stepping's own pause runs on
    the state written back (``HandState._after_pause``: a decision, the end of the hand, the next
    turn's start), ``last`` the seat that played the trick's last card, and a decision it offers is
    answered as stepping answers it. Returns ``ENDED``, ``STEPPED`` (the state went on by its own
    steps) or ``_GOES_ON``."""
    plan, state, won, taken, tally, rand = loop.plan, loop.state, loop.won, loop.taken, loop.tally, loop.rand
    _write(loop, pile, last, len(state._plays))
    won.clear()
    taken.clear()  # (the same list as won where the winner takes every trick)
    done = len(state._winners)
    if not plan.pauses[done] and (done == plan.total or not (plan.play_on or plan.complete_hooks)):
        kernel_io.close(state)  # the cards ran out, or the stop rule ends it and nothing plays on
        return ENDED
    setup, played = state._setup, len(state._plays)
    state._after_pause()
    while state._phase == PLAY and state._extra.pending is not None:
        kernel_io.random_option(state, rand)  # the answer, as stepping takes it
    if state._phase != PLAY:
        return ENDED
    if state._setup is not setup or len(state._plays) != played:
        return STEPPED  # the pause's steps moved the hand on (a trump, a forced card)
    tally[:] = state._team_tricks  # (a decision may have moved tricks: none does, but read them back)
    return _GOES_ON


def _write(loop: Loop, pile: int, seat: int, start: int) -> None:
    """Write the loop's locals back to the state (``hokm._hand.kernel_io.sync``), the collectors of
    a capture rule the loop left to this moment worked out first."""
    plan, state, held, won, taken, tally = loop.plan, loop.state, loop.held, loop.won, loop.taken, loop.tally
    if plan.lazy_capture:  # (the loop keeps no pile of its own then)
        pile = _flush(plan, state, won, taken, tally) if len(taken) < len(won) else state._pile
    sync(state, held, won, taken, tally, pile, seat, start)


def _flush(plan: Plan, state: HandState, won: list[int], taken: list[int | None], tally: list[int]) -> int:
    """Who collected each trick of ``won`` not yet in ``taken``, by the capture table, with the
    tallies from the state's; returns the pile left in the centre. (Whether a trick was won under
    the trump is the same worked out now as then: the trump appears once, at a play that stays.)"""
    captures, teams, players = plan.captures, plan.teams, plan.players
    tally[:] = state._team_tricks
    pile = state._pile
    done = len(state._winners) + len(taken)
    previous = won[len(taken) - 1] if taken else (state._winners[-1] if state._winners else -1)
    collected = (taken[-1] if taken else state._collectors[-1] if state._collectors else None) is not None
    setup, plays = state._setup, state._plays
    since = setup.trump_from if plan.capture_in_force and 0 <= setup.trump < NO_TRUMP else 1 << 30
    for winner in won[len(taken):]:
        start = done * players  # the trick just played begins here; the previous one, players before
        done += 1
        flags = 2 if collected else 0
        if since < start:  # the previous trick was played (partly) under the trump
            if since <= start - players:
                flags += 1
            else:  # the trump came inside it: was its winning card played after?
                for position in range(start - players, start):
                    if plays[position] >> 6 == previous:
                        flags += position >= since
                        break
        collector = captures[winner][previous + 1 if done > 1 else 0][flags if done > 1 else 0][done]
        if collector == NOBODY:
            taken.append(None)
            pile += 1
            collected = False
        else:
            taken.append(collector)
            tally[teams[collector]] += pile + 1
            pile = 0
            collected = True
        previous = winner
    return pile
