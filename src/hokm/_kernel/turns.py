"""The card loop's turns that leave the plain pick.

A turn the plain pick cannot take exactly (a legality hook, an announcement on offer to a
seat that can follow, the card after an announcement) is picked from the engine's legal
mask and the turn's tabulated announcements, as ``legal_actions()`` lists them; a picked
announcement, and a turn in the window of a hook that reads the hand, are taken by the
state's own steps on the state written back. Each returns the card's index for the loop
to play, or ``-2 - code`` where the state went on by its own steps (``hokm._kernel.loop``).
An announcement the loop picks itself, whose effect is data that plays no card, is taken by
the state's own step on the hands alone written back, and the loop goes on
(``announce_here``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from math import floor  # floor(x) is int(x) for x >= 0, at half the cost of int()
from typing import TYPE_CHECKING

from hokm._compose.cards import NO_TRUMP, beating
from hokm._compose.decisions import NEEDS_HAND
from hokm._compose.hooks import reraise
from hokm._compose.legality import FROZEN_MASKS, SEATS
from hokm._compose.masks import BITS, FLOAT_COUNTS, nth_card
from hokm._hand import kernel_io
from hokm._hand.kernel_io import held_of, mask_of
from hokm._kernel.ends import write
from hokm._kernel.loop import STEPPED, Loop, first_trump, trick_start

if TYPE_CHECKING:
    from hokm.actions import Action

__all__ = ["LeadPick", "VoidPick", "announce", "by_tables", "follow_duty", "follow_exactly", "hand_back",
           "lead_exactly", "lead_narrowed", "narrowed", "void_narrowed"]

LeadPick = Callable[[Loop, int, int, int, int, int, int], int]
"""How the loop picks a lead that may leave the plain pick (``Loop.lead_pick``): ``lead_exactly`` or
``lead_narrowed``, called with the loop, the pile, the seat, the trump, the tricks done, the note and
where the loop began."""
VoidPick = Callable[[Loop, int, list[int], int, int, bool, Sequence[int], int, int, int], int]
"""How the loop picks a turn by the tables (``Loop.void_pick``): ``by_tables`` or ``void_narrowed``, with
``by_tables``' arguments."""


def lead_exactly(loop: Loop, pile: int, seat: int, trump: int, done: int, note: int, begun: int) -> int:
    """A lead that may leave the plain pick: handed to the state's steps (``-2 - code``), picked
    exactly (an announcement made on it, a legality hook: the card's index), or plain (-1)."""
    plan = loop.plan
    if note:  # the announcer's card: the next turn begins right after it
        announced = kernel_io.announced_of(loop.state)
        index = _exact(loop, pile, seat, len(loop.plays), trump, done, announced, True, False)
        kernel_io.forget(loop.state)
        return index
    called = 0 <= loop.trump < NO_TRUMP  # (is the lead in the window of a per-turn hook that reads the hand?)
    if plan.lead_steps[called][done] and plan.step_at(True, seat == loop.hakem, False, called, done):
        return _stepped(loop, pile, seat, begun)
    if not plan.engine.legality.kernel_restricts:
        return -1
    offered = plan.engine.decisions.offered(loop.trump, done, True, seat == loop.hakem,
                                            False) if plan.lead_offers else ()
    if not offered:  # the legality hooks alone narrow the whole hand: left whole, the plain pick takes it
        return lead_narrowed(loop, pile, seat, trump, done, 0, begun)
    index = _exact(loop, pile, seat, len(loop.plays), trump, done, None, True, False)
    if index < -1:
        return -2 - announce(loop, pile, seat, offered[-2 - index])
    return index


def lead_narrowed(loop: Loop, pile: int, seat: int, trump: int, done: int, note: int, begun: int) -> int:
    """``lead_exactly`` under a plan where only the legality hooks may take a lead from the plain pick
    (no announcement is offered to a leader, no lead lies in the window of a per-turn hook that reads the
    hand): the seat's whole hand narrowed by them, then the pick (-1: left whole, the plain pick takes it)."""
    if note:  # (the announcer's card)
        return lead_exactly(loop, pile, seat, trump, done, note, begun)
    suits = loop.held[seat]
    hand = suits[0] | suits[1] << 13 | suits[2] << 26 | suits[3] << 39  # (mask_of, inlined)
    if not hand & (hand - 1):
        return -1
    legal = narrowed(loop, hand, hand, seat, trump, done, True)
    return -1 if legal == hand else nth_card(legal, floor(loop.rand() * legal.bit_count()))


def follow_exactly(loop: Loop, pile: int, seat: int, trump: int, done: int, led: int, note: int,
                   begun: int) -> tuple[int, int]:
    """A follow that leaves the plain pick: handed to the state's steps (``-2 - code``), or picked
    from the engine's legal mask. Returns the index and the announcement note after the card (2: the
    announcer's card ended its trick, the announcement is forgotten as the next lead begins)."""
    plan, state = loop.plan, loop.state
    start = trick_start(loop)
    void = not (mask_of(loop.held[seat]) & plan.suit_masks[trump][led])
    hand_trump = loop.trump
    called = 0 <= hand_trump < NO_TRUMP
    if not note and plan.follow_steps[called][done] and plan.step_at(
            False, seat == loop.hakem, void, called, done):
        return _stepped(loop, pile, seat, begun), note
    announced = kernel_io.announced_of(state) if note else None
    index = _exact(loop, pile, seat, start, trump, done, announced, False, void)
    if index < -1:
        offered = plan.engine.decisions.offered(hand_trump, done, False, seat == loop.hakem, void)
        return -2 - announce(loop, pile, seat, offered[-2 - index]), note
    if note:
        if len(loop.plays) + 1 - start == plan.players:
            return index, 2  # it ends its trick: the trick-end rules see the announcement
        kernel_io.forget(state)
    return index, 0


def by_tables(loop: Loop, seat: int, suits: list[int], led: int, trump: int, duty: bool,
              power: Sequence[int], top: int, best: int, done: int) -> int:
    """A turn picked from the seat's whole hand by the tables: on a follow (``led`` >= 0) the led
    effective suit (under the follow duty, its cards that beat ``top`` where it holds one), else the
    void duty, else any card; on a lead (``led`` -1) any card; narrowed by
    the legality hooks whose window holds the turn (``Legality.narrow`` for the loop, on a turn with no
    announcement); the pick in index order. (A seat holding a card of another suit than printed, or
    any seat under a legality hook.)"""
    plan = loop.plan
    hand = suits[0] | suits[1] << 13 | suits[2] << 26 | suits[3] << 39  # mask_of
    legal, void = hand, False
    if led >= 0:
        masks = plan.suit_masks[trump]
        legal = hand & masks[led]
        if not legal:
            legal, void = hand, True
            if duty and (trumps := hand & masks[trump]):
                legal = beating(trumps, power, top) or trumps if plan.overtrump else trumps
        elif plan.beats and legal & (legal - 1):
            legal = beating(legal, power, top) or legal
    if plan.restricts and legal & (legal - 1):
        legal = narrowed(loop, legal, hand, seat, trump, done, led < 0, void, best)
    if led >= 0 and not void:
        shift = 13 * led
        segment = legal >> shift
        if segment <= 0x1FFF and segment << shift == legal:  # (the usual: cards of the led printed suit)
            return shift + BITS[segment][floor(loop.rand() * FLOAT_COUNTS[segment])]
    return nth_card(legal, floor(loop.rand() * legal.bit_count()))


def void_narrowed(loop: Loop, seat: int, suits: list[int], led: int, trump: int, duty: bool,
                  power: Sequence[int], top: int, best: int, done: int) -> int:
    """``by_tables`` under a plan where a turn is picked by the tables only when the seat cannot follow
    (no duty, no card of another suit than printed, no event on a follow): the seat's whole hand narrowed
    by the legality hooks asked on a void turn, then the pick in index order."""
    hand = suits[0] | suits[1] << 13 | suits[2] << 26 | suits[3] << 39  # (mask_of, inlined)
    legal = narrowed(loop, hand, hand, seat, trump, done, False, True, best) if hand & (hand - 1) else hand
    return nth_card(legal, floor(loop.rand() * legal.bit_count()))


def follow_duty(loop: Loop, segment: int, base: int, seat: int, trump: int, done: int, power: Sequence[int],
                top: int, best: int) -> int:
    """The cards of ``segment`` (the seat's several cards of the led suit, in the suit's 13 bits; the
    suit's first card is ``base``) that the follow duty (the ones that beat ``top`` in ``power``, where
    the seat holds one) and then any legality hook leave it, on a turn with no announcement (``best``:
    the seat winning the trick so far). The loop asks it only under a plan with the duty."""
    plan = loop.plan
    legal = beating(segment << base, power, top) >> base or segment
    if plan.follow_asks:
        legal = narrowed(loop, legal << base, mask_of(loop.held[seat]), seat, trump, done, False, False,
                         best) >> base
    return legal


def narrowed(loop: Loop, legal: int, hand: int, seat: int, trump: int, done: int, lead: bool = False,
             void: bool = False, best: int = -1) -> int:
    """The cards of ``legal`` (several, following suit and meeting the duty) that the legality hooks
    whose window holds this turn leave ``seat``, on a turn with no announcement: ``Legality.narrow``
    for the loop, whose trick and tricks so far are its own (``best``: the seat winning the trick so
    far, which ``PlayContext.winning`` reads; -1 on a lead)."""
    chain, opens, everywhere, impl = loop.plan.asked[void]
    if not (everywhere or opens[(seat != loop.hakem) if lead else 3 - void][trump < NO_TRUMP][done]):
        return legal
    ctx = loop.context
    assert ctx is not None  # (a loop under a legality hook has one)
    # The context pointed at this turn, slot by slot: a call, or a list of the trick's plays, would cost
    # about what a hook that reads nothing costs (the context reads the loop's plays from ``_start``).
    ctx.seat = SEATS[seat]
    ctx._hand_mask = hand
    ctx._trump, ctx._since = trump, loop.since  # (the trump, and the play it counts from, change in a trick)
    ctx._trick = None
    ctx._best = best
    if ctx._number != done + 1:  # a new trick (or the context's first turn); tricks are aligned
        ctx._start, ctx._number = done * ctx._players, done + 1
    if impl is None:
        return loop.plan.engine.legality.ask(chain, ctx, legal, hand, seat)
    try:  # (one rule, the usual: asked here, so that its None costs the call alone)
        allowed = impl.call(ctx)
        if allowed is None:
            return legal
        if allowed.__class__ is frozenset:  # (an answer seen before, of the seat's cards, leaving some)
            mask = FROZEN_MASKS.get(allowed, -1)
            if mask >= 0 and not mask & ~hand and mask & legal:
                return mask & legal
        return loop.plan.engine.legality.narrowed_by(impl, allowed, chain, ctx, legal, hand, seat)
    except Exception as error:
        reraise(impl, error)


def _exact(loop: Loop, pile: int, seat: int, start: int, trump: int, done: int,
           announced: Action | None, lead: bool, void: bool) -> int:
    """A turn picked from the engine's legal mask (follow suit, the duty, the legality hooks) and the
    turn's tabulated announcements, as ``legal_actions()`` lists them: the card's index, or
    ``-2 - k`` for the ``k``-th announcement."""
    plan = loop.plan
    # A legality hook sees the tricks so far (those not yet written back included) through its PlayContext,
    # worked out only if it reads them.
    legal = plan.engine.legality.legal_mask(mask_of(loop.held[seat]), loop.plays[start:], seat, trump,
                                            done + 1, None, first_trump(loop, start), announced, loop.hakem,
                                            partial(kernel_io.tricks_with, loop.state, loop.won))
    count = legal.bit_count()
    offered = () if announced is not None else plan.engine.decisions.offered(
        loop.trump, done, lead, seat == loop.hakem, void)
    pick = floor(loop.rand() * (count + len(offered)))
    if pick >= count:
        return -2 - (pick - count)
    return nth_card(legal, pick)


def _stepped(loop: Loop, pile: int, seat: int, begun: int) -> int:
    """A turn in the window of a hook that reads the hand, taken as stepping takes it on the state
    written back: its start (forced effects) unless it ran, then one of its actions. (Where no card
    was played since the loop took over or the state's pause ran, ``begun``, the state already
    stands where the loop does: nothing to write.)"""
    state = loop.state
    if len(loop.plays) != begun or loop.won:
        write(loop, pile, seat, trick_start(loop))
    before = kernel_io.mark(state)
    if before[1] != begun:  # the turn began in the loop: its start is still to run
        kernel_io.begin(state)
        if kernel_io.went_on(state, before):
            return -2 - STEPPED  # a forced effect acted
    legal, turn = kernel_io.turn_choices(state)
    count = legal.bit_count()
    pick = floor(loop.rand() * (count + len(turn)))
    if pick < count:
        return nth_card(legal, pick)
    kernel_io.announce(state, turn[pick - count])
    return -2 - STEPPED


def hand_back(loop: Loop, pile: int, seat: int) -> int:
    """Write the loop back after ``seat``'s card, the next seat to act, for the loop to start again
    from there (the trump fixed by that card leaves other turns of the trick to pick exactly)."""
    write(loop, pile, (seat + 1) % loop.plan.players, trick_start(loop))
    return STEPPED


def announce_here(loop: Loop, sizes: list[float], seat: int, action: Action) -> int:
    """A picked announcement taken in the loop where its effect is data that plays no card: the state's
    own step takes it on the hands written back (all such a step reads of what the loop holds), then
    the loop reads back the hands (``sizes``: each seat's cards as the trick began, in place) and the
    trump. Returns the loop's note for it (``hokm._kernel.tricks``: 3, the trick's facts to read again
    before the seat's card is picked exactly), or 0 where it must be taken as ``announce`` takes it."""
    plan, state, held = loop.plan, loop.state, loop.held
    effect = plan.engine.decisions.data_effect(seat, action, loop.trump)
    if effect is NEEDS_HAND or (effect is not None and (effect.play is not None or effect.annul)):
        return 0
    hands = [suits[0] | suits[1] << 13 | suits[2] << 26 | suits[3] << 39 for suits in held]  # (mask_of)
    for other, hand in enumerate(kernel_io.announce_amid(state, seat, hands, action)):
        if hand != hands[other]:  # (a card restored or set aside)
            held[other][:] = held_of((hand,))[0]
            sizes[other] += hand.bit_count() - hands[other].bit_count()
    loop.trump, loop.since = kernel_io.trump_of(state)
    return 3


def announce(loop: Loop, pile: int, seat: int, action: Action) -> int:
    """An announcement of the turn was picked: the state's own step takes it."""
    write(loop, pile, seat, trick_start(loop))
    kernel_io.announce(loop.state, action)
    return STEPPED
