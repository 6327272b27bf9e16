"""The random-play kernel: a hand played to its end with uniformly random legal actions.

Used by ``HandState.playout`` (and so by ``MatchState.playout_hand``,
``hokm.simulate`` and search agents), from any state: before the trump call,
mid-trick, or paused on a decision. It runs on one private copy of a state, in
place, with the per-card work of ``HandState.play`` hoisted into one loop: the
engine's rules (``Engine.legal_mask``, ``trick_winner``, ``collector``,
``hand_over``) in their speed form, read from the engine's per-trump tables and
flags, with a hook asked exactly where stepping asks it and on a state synced
just before. Every choice is ``options[int(random() * len(options))]`` over
``legal_actions()`` order, so a property test can hold the kernel to stepping:
the same random numbers give exactly the same hand. Where no hook can speak from
the first card to the end (``Engine.plain_play``), the play goes to the plain-tricks
loop of ``hokm._tricks`` (of ``hokm._odd_tricks`` where one card, Satat's 2♥, follows
another suit than its printed one; of ``hokm._offer_tricks`` before any trump where the
only per-turn answers are declared offers: hidden trump from its call, its ask or reveal
taken inside). The last trick, reached with a forced effect's window open (hidden trump's
indicator still face down), goes a card at a time as stepping takes it.
"""

from __future__ import annotations

from collections.abc import Callable
from math import floor  # floor(x) is int(x) for x >= 0, at half the cost of int()
from typing import TYPE_CHECKING

from hokm._moments import (
    LOG_ACT,
    NO_TRUMP,
    begin_turn,
    decide,
    discarder,
    end_of_hand,
    fix_trump,
    log,
    take_declared,
    trump_since,
)
from hokm._odd_tricks import odd_tricks
from hokm._offer_tricks import ANNOUNCED, offer_tricks
from hokm._tricks import BITS, COUNTS, announced_tricks, nth_card, plain_tricks
from hokm._windows import EVERY, NEVER, Gate, turn_open
from hokm._winner import best_play
from hokm.actions import CALL_TRUMP_ACTIONS, DRAW_CHOICES, CallTrump
from hokm.outcomes import DRAW, OVER, PLAY, TRUMP
from hokm.piles import collector_after, won_in_force

if TYPE_CHECKING:
    from hokm._engine import Engine
    from hokm._hand_parts import _Setup
    from hokm.actions import Action
    from hokm.state import HandState

__all__ = ["play_out"]



def play_out(state: HandState, rand: Callable[[], float]) -> None:
    """Play ``state`` (a private copy) to the end in place, one ``rand()`` per choice."""
    engine = state._setup.engine
    kernel_play, classic_call, discards = engine.kernel_play, engine.classic_call, engine.discards
    plain, once_trump, until = engine.plain_play, engine.plain_once_trump, engine.plain_until
    logs = not engine.classic  # beyond the classic hand, calls and draws are logged as stepping does
    suited = engine.printed_suits[NO_TRUMP]  # before a trump every card follows its printed suit
    last = engine.hand_size  # the last trick: a few cards, not worth a loop's set-up
    while state._phase != OVER:
        phase = state._phase
        if phase == PLAY and state._extra.pending is None and kernel_play:
            trump = state._setup.trump
            if len(state._winners) + 1 == last and until:  # the last trick, reached with a forced
                _random_turn(state, rand)  # window open (hidden trump's): a card at a time, as stepping
            elif state._extra.announced is not None:  # the card after an announcement, restricted by it
                if not ((plain or once_trump) and announced_tricks(state, rand)):  # with the tricks after it
                    _random_turn(state, rand)
            elif (plain or (once_trump and 0 <= trump < NO_TRUMP) or (
                    trump == NO_TRUMP and len(state._winners) < until)) and (
                    state._setup.trump_from <= len(state._plays)):  # no hook to the end; the trump in force
                action: Action | None = None
                if trump == NO_TRUMP and until and suited:  # before a trump, with declared offers
                    stopped = offer_tricks(state, rand)  # takes a picked offer itself
                    if stopped == ANNOUNCED:  # the announcer's turn goes on in this loop
                        state._legal = -1
                        continue
                elif plain and engine.odd_cards[trump] >= 0 and odd_tricks(state, rand):
                    pass  # one card of another suit than printed (Satat's 2♥): its own loop
                else:
                    action = plain_tricks(state, rand)
                if action is not None:  # a declared offer picked, before any trump
                    state._legal = -1
                    _announce(state, action)
                elif state._phase == OVER:
                    if engine.forced_chain:  # a forced effect may show cards
                        end_of_hand(state)
                else:  # stopped at a lead where a forced effect's window opens: the turn's start
                    begin_turn(state)
            else:
                _random_cards(state, rand)
        elif phase == TRUMP and classic_call:
            suit = floor(rand() * 4)
            if logs:
                log(state, LOG_ACT, CALL_TRUMP_ACTIONS[suit])
            state._call_trump(suit)
        elif phase == TRUMP:  # a call beyond the four suits (M1) or with alternatives: as _apply takes it
            action = engine.call_choice(state, rand)  # legal_actions() at the call, picked
            if action.__class__ is CallTrump:
                if logs:
                    log(state, LOG_ACT, action)
                state._call_trump(action.suit.index)
            else:  # a variant's action: logged and recorded in decide's one copy
                effect = engine.declared_effect(state, action)
                if effect is None:
                    decide(state, action, logs)
                else:  # declared data (hidden trump's indicator): decide's speed form
                    take_declared(state, action, effect, logs)
        elif phase == DRAW and not (discards and discarder(state) is not None):
            keep = rand() < 0.5  # DRAW_CHOICES: keep, then reject
            if logs:
                log(state, LOG_ACT, DRAW_CHOICES[not keep])
            state._draw(keep)
        elif phase == PLAY:
            pending = state._extra.pending
            if pending is None:  # a turn with announcements or forced effects: one action
                _random_turn(state, rand)
            else:  # the answer to a decision, as _apply takes it (legal_actions() is its options)
                options = pending.options
                decide(state, options[floor(rand() * len(options))], logs)
        else:  # a part of the hand beyond the classic game: one action as stepping
            options = state.legal_actions()
            state._apply(options[floor(rand() * len(options))])
        state._legal = -1


def _random_turn(state: HandState, rand: Callable[[], float]) -> None:
    """One action of a turn of play, as ``legal_actions()`` lists it and ``_apply`` takes it:
    the legal cards in index order, then the turn's announcements, without building either."""
    engine = state._setup.engine
    legal = state._legal_mask()
    turn = (engine.turn_options(state) if engine.turn_chain and state._extra.announced is None
            and turn_open(engine.turn_gate, state) else ())
    count = legal.bit_count()
    pick = floor(rand() * (count + len(turn)))
    if pick < count:
        state._play(nth_card(legal, pick))
        return
    _announce(state, turn[pick - count])


def _announce(state: HandState, action: Action) -> None:
    """Take an announcement of the turn as stepping takes it (logged beyond the classic hand)."""
    decide(state, action, not state._setup.engine.classic)
    state._legal = -1


def _window_turn(state: HandState, rand: Callable[[], float], fresh: bool) -> int:
    """A turn in a per-turn hook's window, on the synced state: as stepping takes it.

    ``fresh``: the turn began in the kernel, so its start (``begin_turn``: forced
    effects) runs first. Returns the card to play, which the kernel plays inline,
    or -1 when the state went on by its own steps (a forced effect played, named a
    trump or ended the hand) or took an announcement: the kernel returns then.
    """
    if fresh:
        setup, played = state._setup, len(state._plays)
        begin_turn(state)
        if (state._setup is not setup or len(state._plays) != played or state._phase != PLAY
                or state._extra.pending is not None):
            return -1
    # _random_turn's choice, the card left to the kernel.
    engine = state._setup.engine
    legal = state._legal_mask()
    turn = engine.turn_options(state) if engine.turn_chain and turn_open(engine.turn_gate, state) else ()
    count = legal.bit_count()
    pick = floor(rand() * (count + len(turn)))
    if pick < count:
        return nth_card(legal, pick)
    _announce(state, turn[pick - count])
    return -1


def _tables(engine: Engine, trump: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...],
                                                 tuple[int, ...], tuple[int, ...], int]:
    """The kernel's per-trump tables: suit masks, suit of, bases, trick suit of, rank of, trumps."""
    masks = engine.suit_masks[trump]
    return (masks, engine.suit_of[trump], engine.suit_bases[trump], engine.trick_suit_of[trump],
            engine.rank_of[trump], masks[trump])


def _sync(state: HandState, winners: list[int], collectors: list[int | None], tally: list[int],
          pile: int) -> None:
    """Write the kernel's local tallies back before a hook looks at the state."""
    state._winners, state._collectors = tuple(winners), tuple(collectors)
    state._team_tricks, state._pile = tuple(tally), pile


def _modes(watch: Gate | None, trump: int) -> tuple[int, int]:
    """The watch gate's lead and follow modes while the hand's trump is ``trump`` (none: 0, 0)."""
    if watch is None or watch.announced:  # the kernel plays no announced turn
        return NEVER, NEVER
    has_trump = 0 <= trump < NO_TRUMP
    return watch.leads[has_trump], watch.follows[has_trump]


def _over(state: HandState, winners: list[int], collectors: list[int | None], tally: list[int], pile: int,
          seat: int) -> None:
    """The hand ends in the kernel: the tallies written back, then stepping's end of hand."""
    _sync(state, winners, collectors, tally, pile)
    state._trick, state._to_act = [], seat  # as stepping leaves it: the last to play
    state._phase = OVER
    if state._setup.engine.forced_chain:
        end_of_hand(state)


def _handoff(state: HandState, winners: list[int], collectors: list[int | None], tally: list[int],
             pile: int, leader: int) -> None:
    """A trick ended in the kernel and the plain loop takes over: the state as stepping leaves it."""
    _sync(state, winners, collectors, tally, pile)
    state._trick, state._to_act = [], leader


def _paused(state: HandState, setup: _Setup, played: int) -> bool:
    """Run the state's pause after a trick; whether the kernel must return: the hand paused for
    a decision or ended, or a forced effect at the next lead acted (a new setup, or a card)."""
    state._after_pause()
    return (state._phase != PLAY or state._extra.pending is not None or state._setup is not setup
            or len(state._plays) != played)


def _random_cards(state: HandState, rand: Callable[[], float]) -> None:
    """Random cards until the hand pauses for a decision or ends."""
    setup = state._setup
    engine = setup.engine
    players, teams, total, stop = engine.players, engine.teams, engine.hand_size, engine.stop_count
    next_seat = engine.next_seat
    # The trump in force for this trick (none yet under be-ranga, or until the next trick), and
    # the position in it from which trump-suit cards are trumps (RULES 1.5.1 rules 8 and 9).
    trump, first_trump = state._active_trump()
    pending_trump = setup.trump if trump != setup.trump else -1  # fixed, counting from the next trick
    fixing = engine.fixes_trump and setup.trump == NO_TRUMP  # be-ranga: the first void card fixes it
    masks, suit_of, bases = engine.suit_masks[trump], engine.suit_of[trump], engine.suit_bases[trump]
    trick_suit_of, rank_of = engine.trick_suit_of[trump], engine.rank_of[trump]
    some, void_some = engine.kernel_restricts, engine.kernel_void_restricts
    duty, overtrump, trumps_mask = engine.void_duty is not None, engine.overtrump, masks[trump]
    by_tables = engine.winner_chain is None
    # Trick ends where a decision may be offered (its PauseWindows) go through the state's own steps.
    pauses = engine.decide_pauses  # by tricks done (hokm._windows.pause_row)
    captures = engine.capture_chain is not None
    piles = engine.pile_rule is not None  # a declared PileRule
    pile_key, pile_collects, pile_reset = engine.pile_key, engine.pile_collects, engine.pile_reset
    pile_after, since = engine.pile_after, trump_since(state)  # PileRule.after_trump
    # A constant hokm_hand_complete answers before hokm_play_on could (Engine.hand_over).
    completes = bool(engine.complete_plugins)
    plays_on = bool(engine.play_on_chain) and engine.completion is None
    # No hook looks at a trick's end: the winner takes it and the stop rule is a comparison.
    plain_end = by_tables and not (engine.decision_chain or captures or piles or completes or plays_on)
    # Once a trump is in force, a ruleset with Engine.plain_once_trump goes on in the plain loop
    # from the next trick's start (play_out hands it over).
    handoff = engine.plain_once_trump and 0 <= setup.trump < NO_TRUMP
    stop_at = total + 1 if stop is None else stop  # tricks that end the hand for a team
    bits, counts = BITS, COUNTS
    hands, plays = state._hands, state._plays
    # With inline trick ends the tallies live in local lists, synced before any hook looks.
    winners, collectors, tally = list(state._winners), list(state._collectors), list(state._team_tricks)
    pile = state._pile
    done = len(winners)  # tricks completed
    dirty = False  # the local tallies are ahead of the state's
    seat = state._to_act
    in_trick = len(state._trick)
    follow = base = best = best_suit = best_rank = led = 0
    if in_trick:  # starting mid-trick: the led suit and the best play so far
        lead = state._trick[0] & 63
        led = suit_of[lead]
        follow, base = masks[led], bases[led]
        best, best_suit, best_rank = best_play(state._trick, trick_suit_of, rank_of, trump, first_trump)
    # Turn windows of the per-turn hooks (hokm._windows): a turn they open goes to the state's
    # own steps (its start, then one action as stepping takes it); the others are played here.
    watch = engine.watch_gate
    hakem, limit = setup.hakem, watch.tricks if watch is not None else 0
    first = watch.after if watch is not None else 0  # the window opens once this many tricks are done
    lead_mode, follow_mode = _modes(watch, setup.trump)
    # Declared TurnOffers (hokm._windows.turn_offer): on a turn they answer, the announcements
    # join the legal cards in the random pick, and only a picked one goes to the state's steps.
    offering = engine.turn_offers is not None
    offers = engine.offer_table[0 <= setup.trump < NO_TRUMP]
    offer_tricks, none_of = engine.offer_tricks, engine.offer_none_of  # TurnOffers.none_of as a mask
    extra: tuple[Action, ...] = ()
    fresh = False  # whether this turn began in the kernel: its start (forced effects) is still to run
    while True:
        if pending_trump >= 0 and not in_trick:  # a trump fixed last trick counts from this lead
            trump, pending_trump = pending_trump, -1
            masks, suit_of, bases, trick_suit_of, rank_of, trumps_mask = _tables(engine, trump)
        # Engine.legal_mask, inlined: follow the led suit, then the void duty and legality hooks.
        hand = hands[seat]
        index = -1
        if (follow_mode if in_trick else lead_mode) and first <= done < limit and (
                (follow_mode == EVERY or not hand & follow) if in_trick
                else (lead_mode == EVERY or seat == hakem)):  # a turn in a per-turn hook's window
            _sync(state, winners, collectors, tally, pile)
            dirty = False
            state._to_act, state._trick, state._legal = seat, plays[len(plays) - in_trick:], -1
            index = _window_turn(state, rand, fresh)
            if index < 0:
                return  # the state moved on by its own steps, or took an announcement
        elif in_trick:
            legal = hand & follow
            if legal:
                if some and legal & (legal - 1):
                    if dirty:
                        _sync(state, winners, collectors, tally, pile)
                        dirty = False
                    state._to_act, state._trick = seat, plays[len(plays) - in_trick:]
                    legal = engine.restrict(legal, hand, seat, state._trick, trump, done + 1, state, False)
                if base >= 0:  # the led suit lies in one printed suit: pick straight from it
                    segment = legal >> base
                    index = base + bits[segment][floor(rand() * counts[segment])]
            else:  # void in the led suit: any card, unless a void duty or rule narrows it
                legal = hand
                if offering and done < offer_tricks and not hand & none_of:
                    extra = offers[2 + (seat == hakem)]
                if duty and hand & trumps_mask:  # Engine.void_duty_mask, with the best card known
                    legal = hand & trumps_mask
                    if overtrump:
                        legal = engine.beating(legal, best_suit, best_rank, trump) or legal
                if void_some and legal & (legal - 1):
                    if dirty:
                        _sync(state, winners, collectors, tally, pile)
                        dirty = False
                    state._to_act, state._trick = seat, plays[len(plays) - in_trick:]
                    legal = engine.restrict(legal, hand, seat, state._trick, trump, done + 1, state, True)
        else:  # the lead: any card, unless a legality rule narrows it
            legal = hand
            if offering and done < offer_tricks and not hand & none_of:
                extra = offers[seat == hakem]
            if some and legal & (legal - 1):
                if dirty:
                    _sync(state, winners, collectors, tally, pile)
                    dirty = False
                state._to_act, state._trick = seat, []
                legal = engine.restrict(legal, hand, seat, [], trump, done + 1, state, False)
        fresh = True  # the next turn starts here, in the kernel
        if extra:  # declared announcements after the legal cards, as legal_actions() lists them
            count = legal.bit_count()
            pick = floor(rand() * (count + len(extra)))
            if pick >= count:
                _sync(state, winners, collectors, tally, pile)
                state._to_act, state._trick, state._legal = seat, plays[len(plays) - in_trick:], -1
                _announce(state, extra[pick - count])
                return
            index, extra = nth_card(legal, pick), ()
        if index < 0:  # the pick-th legal card in index order, as legal_actions() lists them
            pick = floor(rand() * legal.bit_count())
            segment = legal & 0x1FFF
            if pick < counts[segment]:
                index = bits[segment][pick]
            else:
                pick -= counts[segment]
                segment = legal >> 13 & 0x1FFF
                if pick < counts[segment]:
                    index = 13 + bits[segment][pick]
                else:
                    index = 26 + nth_card(legal >> 26, pick - counts[segment])
        hands[seat] = hand ^ (1 << index)
        plays.append(seat << 6 | index)
        if in_trick:  # Engine.trick_winner's table rule, card by card
            suit = trick_suit_of[index]
            if suit == best_suit:
                if rank_of[index] > best_rank:
                    best, best_rank = seat, rank_of[index]
            elif suit == trump:
                best, best_suit, best_rank = seat, suit, rank_of[index]
        else:
            led = suit_of[index]
            follow, base = masks[led], bases[led]
            best, best_suit, best_rank = seat, trick_suit_of[index], rank_of[index]
        if fixing and in_trick and suit_of[index] != led:  # after_card: be-ranga fixes the trump
            fixing = False
            fixed = suit_of[index]
            immediate = fix_trump(state, fixed, len(plays), in_trick + 1)
            setup = state._setup
            lead_mode, follow_mode = _modes(watch, fixed)
            offers = engine.offer_table[1]
            if immediate:  # a trump from this card on: earlier cards are all of the led suit
                trump = fixed
                masks, suit_of, bases, trick_suit_of, rank_of, trumps_mask = _tables(engine, trump)
                follow, base = masks[led], bases[led]
                best, best_suit, best_rank = seat, trick_suit_of[index], rank_of[index]
            else:
                pending_trump = fixed
        in_trick += 1
        if in_trick < players:
            seat = next_seat[seat]
            continue
        in_trick = 0
        done += 1
        if plain_end:  # the winner collects (no pile without a capture rule); the stop rule
            winners.append(best)
            collectors.append(best)
            team = teams[best]
            tally[team] += 1
            if done == total or tally[team] >= stop_at:
                _over(state, winners, collectors, tally, pile, seat)
                return
            seat = best
            if handoff:
                _handoff(state, winners, collectors, tally, pile, seat)
                return
            continue
        trick = plays[-players:]
        winner = best if by_tables else engine.trick_winner(trick, trump, done)
        pause = pauses[done]  # decisions may pause the hand: the state's own pause
        if pause and captures:  # the state's own trick end, capture rule included
            _sync(state, winners, collectors, tally, pile)
            state._to_act, state._trick = seat, trick
            state._collect(winner)
            state._trick = []
            if _paused(state, setup, len(plays)):
                return
            fresh = False  # the state's own steps began the turn
            seat = state._to_act
            winners, collectors = list(state._winners), list(state._collectors)
            tally, pile = list(state._team_tricks), state._pile
            continue
        # Engine.collector and Engine.tally on the local tallies.
        winners.append(winner)
        if captures:  # the variant sees the hand with this trick's winner recorded
            _sync(state, winners, collectors, tally, pile)
            dirty = False
            state._to_act, state._trick = seat, trick
            collector = engine.collector(state, trick, trump, done, winner)
        elif not piles:
            collector = winner
        else:  # a declared PileRule (Engine.pile_collector)
            in_force = not pile_after or done < 2 or won_in_force(plays, winners, done - 1, players, since)
            collector = collector_after(winners, collectors, total, pile_key, pile_collects, pile_reset,
                                        in_force)
        collectors.append(collector)
        if collector is None:
            pile += 1
        else:
            tally[teams[collector]] += pile + 1
            pile = 0
        if pause:  # the state's own pause (decision, then completion), on the synced tallies
            _sync(state, winners, collectors, tally, pile)
            dirty = False
            state._to_act, state._trick = seat, []
            if _paused(state, setup, len(plays)):
                return
            fresh = False  # the state's own steps began the turn
            seat = state._to_act
            continue  # the tallies as synced: a pause that went on changed none of them
        dirty = True
        # Engine.hand_over, asked only when a variant may answer; else the stop rule inline.
        if done == total:
            over = True
        elif completes or (plays_on and stop is not None and max(tally) >= stop):
            _sync(state, winners, collectors, tally, pile)
            dirty = False
            state._to_act, state._trick = seat, []
            over = engine.hand_over(state, done, tally)
        else:
            over = stop is not None and max(tally) >= stop
        if over:
            _over(state, winners, collectors, tally, pile, seat)
            return
        seat = winner
        if handoff:
            _handoff(state, winners, collectors, tally, pile, seat)
            return
