"""The random-play kernel's way in and out of a hand: read a state into locals, write them back.

The kernel (``hokm._kernel``) plays cards in local variables, each hand as four 13-bit
suits, and hands the state back to its own steps wherever a hook must see it. These
functions are the only place it touches a state's slots; the kernel works on a private
copy that nothing else holds, so writing in place is safe.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import floor  # floor(x) is int(x) for x >= 0, at half the cost of int()
from typing import TYPE_CHECKING

from hokm._compose.cards import NO_TRUMP, best_by_power
from hokm._compose.masks import nth_card
from hokm._hand.moments import (
    LOG_ACT,
    announcements,
    begin_turn,
    decide,
    discarder,
    end_of_hand,
    fix_trump,
    forget_announcement,
    log,
)
from hokm.actions import CALL_TRUMP_ACTIONS, DRAW_CHOICES, CallTrump
from hokm.outcomes import DRAW, OVER, PLAY, TRUMP

if TYPE_CHECKING:
    from hokm._compose.engine import Engine
    from hokm._hand.state import HandState
    from hokm.actions import Action
    from hokm.trick import Trick

__all__ = ["CALL", "CARDS", "DRAW", "OPTION", "OVER", "announce", "announced_of", "ask_capture", "begin",
           "begin_then_act", "close", "engine_of", "enter", "fix", "forget", "held_of", "mark", "mask_of",
           "moment", "pause", "random_call", "random_draw", "random_option", "random_turn", "sync",
           "tallies_of", "trick_so_far", "tricks_of", "tricks_with", "trump_of", "turn_choices", "went_on"]

CARDS = 5
"""``moment``: a turn of trick play (no decision pending)."""
CALL = TRUMP
"""``moment``: the trump call."""
OPTION = 6
"""``moment``: a pending decision, or a discard of the draw."""


def engine_of(state: HandState) -> Engine:
    """The engine of the state's ruleset."""
    return state._setup.engine


def moment(state: HandState) -> int:
    """Where the hand stands: ``OVER``, ``CALL``, ``DRAW`` (a keep or reject), ``CARDS`` or ``OPTION``."""
    phase = state._phase
    if phase == PLAY:
        return CARDS if state._extra.pending is None else OPTION
    if phase == DRAW:
        return OPTION if discarder(state) is not None else DRAW
    return phase


def random_call(state: HandState, rand: Callable[[], float]) -> None:
    """The trump call's choice, as ``legal_actions()`` lists it and ``apply`` takes it."""
    setup = state._setup
    engine = setup.engine
    logs = not engine.classic  # beyond the classic hand, calls are logged as stepping logs them
    if engine.classic_call:
        suit = floor(rand() * 4)
        if logs:
            log(state, LOG_ACT, CALL_TRUMP_ACTIONS[suit])
        state._call_trump(suit)
    else:
        action = engine.decisions.call_choice(state, setup.first_packet, rand)
        if action.__class__ is CallTrump:
            if logs:
                log(state, LOG_ACT, action)
            state._call_trump(action.suit.index)
        else:  # a variant's action: logged and recorded in decide's one copy
            decide(state, action, logs)
    state._legal = -1


def random_draw(state: HandState, rand: Callable[[], float]) -> None:
    """A keep or reject of a stock draw (``StockDraw``)."""
    keep = rand() < 0.5  # DRAW_CHOICES: keep, then reject
    if not state._setup.engine.classic:
        log(state, LOG_ACT, DRAW_CHOICES[not keep])
    state._draw(keep)
    state._legal = -1


def random_option(state: HandState, rand: Callable[[], float]) -> None:
    """One option of a pending decision, or of a discard, as ``apply`` takes it."""
    pending = state._extra.pending
    if pending is not None:
        options = pending.options
        decide(state, options[floor(rand() * len(options))], not state._setup.engine.classic)
    else:
        options = state.legal_actions()
        state._apply(options[floor(rand() * len(options))])
    state._legal = -1


def random_turn(state: HandState, rand: Callable[[], float]) -> None:
    """One action of a turn of play, as ``legal_actions()`` lists it and ``apply`` takes it: the
    legal cards in index order, then the turn's announcements, without building either list."""
    legal = state._legal_mask()
    setup = state._setup
    turn = (announcements(state) if setup.asks_turn and setup.turn_live[len(state._winners)]
            and state._extra.announced is None else ())
    count = legal.bit_count()
    pick = floor(rand() * (count + len(turn)))
    if pick < count:
        state._play(nth_card(legal, pick))
    else:
        decide(state, turn[pick - count], not setup.engine.classic)
    state._legal = -1


def begin(state: HandState) -> None:
    """A turn reached in the kernel begins as stepping begins it (its forced effects)."""
    begin_turn(state)


def turn_choices(state: HandState) -> tuple[int, tuple[Action, ...]]:
    """The legal cards (a mask) and the announcements of the turn at hand, as ``legal_actions()``
    lists them (the cards in index order, then the announcements)."""
    setup = state._setup
    turn = (announcements(state) if setup.asks_turn and setup.turn_live[len(state._winners)]
            and state._extra.announced is None else ())
    return state._legal_mask(), turn


def begin_then_act(state: HandState, rand: Callable[[], float]) -> None:
    """A turn reached in the kernel begins as stepping begins it (its forced effects); then, unless
    that moved the hand on, one action of the turn."""
    setup, played = state._setup, len(state._plays)
    begin_turn(state)
    if (state._setup is setup and len(state._plays) == played and state._phase == PLAY
            and state._extra.pending is None):
        random_turn(state, rand)


def enter(state: HandState) -> tuple[list[int], int, int, int, list[list[int]], list[float], list[int], int,
                                     int, int, int, int]:
    """A hand's trick play as the kernel reads it when it takes over: the plays (appended to in
    place), the Hakem, the tricks done, the seat to act, each hand as its four suits (``held_of``),
    each seat's cards when the trick in progress began (as floats: the hands need not be even), the
    team tallies (a fresh list), the pile in the centre, where the trick in progress begins in the
    plays, the hand's trump index, the play from which it counts, and whether the seat to act made an
    announcement on this turn (1, else 0: the loop's first ``note``)."""
    setup, plays, hands = state._setup, state._plays, state._hands
    start = len(plays) - len(state._trick)
    sizes = list(map(float, map(int.bit_count, hands)))
    for play in state._trick:
        sizes[play >> 6] += 1.0
    held = [[hand & 0x1FFF, hand >> 13 & 0x1FFF, hand >> 26 & 0x1FFF, hand >> 39] for hand in hands]
    return (plays, setup.hakem, len(state._winners), state._to_act, held, sizes, list(state._team_tricks),
            state._pile, start, setup.trump, setup.trump_from, int(state._extra.announced is not None))



def tricks_of(state: HandState) -> tuple[tuple[int, ...], tuple[int | None, ...]]:
    """The tricks written back so far: each one's winner and who collected it (``None``: nobody)."""
    return state._winners, state._collectors


def tallies_of(state: HandState) -> tuple[tuple[int, ...], int]:
    """The tricks each team has collected, and the tricks left uncollected in the centre."""
    return state._team_tricks, state._pile


def announced_of(state: HandState) -> Action | None:
    """The announcement made on the turn at hand, if any."""
    return state._extra.announced


def mark(state: HandState) -> tuple[object, int]:
    """Where the hand stands, for ``went_on`` to tell whether the state's own steps moved it on."""
    return state._setup, len(state._plays)


def went_on(state: HandState, before: tuple[object, int]) -> bool:
    """Whether the state moved on since ``before`` (``mark``): a new trump, a card played, the
    hand over, or a decision pending."""
    return (state._setup is not before[0] or len(state._plays) != before[1] or state._phase != PLAY
            or state._extra.pending is not None)


def announce(state: HandState, action: Action) -> None:
    """A turn's announcement, taken as ``apply`` takes it (logged beyond the classic hand)."""
    decide(state, action, not state._setup.engine.classic)
    state._legal = -1


def announce_amid(state: HandState, seat: int, hands: list[int], action: Action) -> list[int]:
    """A turn's announcement taken amid the kernel's play, where its effect reads and changes no more
    of what the kernel holds than the hands: the hands and the seat to act written back, then
    ``announce``. Returns the hands after it (an effect may restore a card, or set one aside)."""
    state._hands = hands[:]
    state._to_act = seat
    announce(state, action)
    return state._hands


def fix(state: HandState, suit: int, played: int, in_trick: int) -> None:
    """The card just played (the ``played``-th, the ``in_trick``-th of its trick) fixes ``suit`` as
    trump, as stepping fixes it (``hokm._hand.moments.fix_trump``)."""
    fix_trump(state, suit, played, in_trick)


def ask_capture(state: HandState, trump: int, number: int, winner: int, first_trump: int) -> int | None:
    """Who collects after trick ``number``, asked of the capture hooks that read the hand, on the
    state written back with this trick's winner recorded and not yet who collected it."""
    setup = state._setup
    since = setup.trump_from if 0 <= setup.trump < NO_TRUMP else 1 << 30
    state._winners += (winner,)
    try:
        return setup.engine.ends.collector(state, state._plays, trump, number, winner, state._winners,
                                           state._collectors, since, first_trump)
    finally:
        state._winners = state._winners[:-1]  # the kernel records the trick, with its collector


def pause(state: HandState, rand: Callable[[], float], tally: list[int]) -> bool:
    """Stepping's own pause after a trick (``HandState._after_pause``: a decision, the end of the
    hand, the next turn's start), any decision it offers answered as stepping answers it. Returns
    whether play goes on from where it stood, the teams' tricks read back into ``tally`` (else the
    hand ended, or its steps moved it on)."""
    setup, played = state._setup, len(state._plays)
    state._after_pause()
    while state._phase == PLAY and state._extra.pending is not None:
        random_option(state, rand)
    if state._phase != PLAY or state._setup is not setup or len(state._plays) != played:
        return False
    tally[:] = state._team_tricks  # (a decision may move tricks: none does)
    return True

def tricks_with(state: HandState, won: Sequence[int]) -> tuple[Trick, ...]:
    """The completed tricks: those written back, then those the kernel holds (won by ``won``)."""
    return state._tricks_won_by(state._winners + tuple(won))


def trump_of(state: HandState) -> tuple[int, int]:
    """The hand's trump index and the play from which its cards are trumps."""
    setup = state._setup
    return setup.trump, setup.trump_from


def held_of(hands: Sequence[int]) -> list[list[int]]:
    """Each hand as its four printed suits, 13 bits each (small ints: CPython's cheap ones)."""
    return [[hand & 0x1FFF, hand >> 13 & 0x1FFF, hand >> 26 & 0x1FFF, hand >> 39] for hand in hands]


def mask_of(suits: Sequence[int]) -> int:
    """A hand's four 13-bit suits as its 52-bit mask."""
    return suits[0] | suits[1] << 13 | suits[2] << 26 | suits[3] << 39


def sync(state: HandState, held: list[list[int]], won: Sequence[int], collectors: Sequence[int | None],
         tally: Sequence[int], pile: int, seat: int, start: int) -> None:
    """Write the kernel's locals back: every hand, the tricks it played (``won`` and their
    ``collectors``), the tallies, the trick in progress (plays from ``start``) and the seat to act."""
    state._hands = [suits[0] | suits[1] << 13 | suits[2] << 26 | suits[3] << 39 for suits in held]  # mask_of
    if won:
        state._winners += tuple(won)
        state._collectors += tuple(collectors)
    state._team_tricks = tuple(tally)
    state._pile = pile
    state._trick = state._plays[start:]
    state._to_act = seat
    state._legal = -1


def close(state: HandState) -> None:
    """The hand ended in the kernel (its tallies written back by ``sync``): stepping's end of hand."""
    state._phase = OVER
    if state._setup.engine.decisions.forced_chain:
        end_of_hand(state)  # a forced effect may show cards


def forget(state: HandState) -> None:
    """The next turn begins: the announcement of the last one no longer holds."""
    if state._extra.announced is not None:
        forget_announcement(state)


def trick_so_far(state: HandState, plays: Sequence[int], start: int, power: Sequence[int]) -> tuple[int, int]:
    """The seat winning the trick in progress (``plays`` from ``start``) and its card's power, where
    a card of the trump suit played before the trump appeared is an ordinary card unless the trump
    suit was led (RULES 1.5.1 rule 9; ``best_by_power``)."""
    setup = state._setup
    early = setup.trump_from - start if 0 <= setup.trump < NO_TRUMP else 0  # plays before the trump came
    best = best_by_power(plays[start:], power, early)
    return best >> 6, power[best & 63]

