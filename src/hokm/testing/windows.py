"""``check_turn_windows``: hold a variant to the promise of its ``turn_windows``.

The engine does not ask a hook on turns outside its ``hokm.TurnWindow`` (nor a
decision hook at pauses outside its ``hokm.PauseWindow``), so a hook that would
answer there changes the game silently. This check asks it there anyway and
fails if it answers. ``check_hand_state``, ``MatchChecker``
and so ``check_variant`` run it on every state they see (as part of the
``hook-contract`` invariant).

>>> import hokm
>>> from hokm.testing import check_turn_windows
>>> hand = hokm.Ruleset.compose("hidden-trump").deal(hokm.full_deck(), hakem=0)
>>> hand = hand.apply(hand.legal_actions()[0])   # the indicator
>>> check_turn_windows(hand.apply(hand.legal_actions()[0]))   # silent outside their windows

A declared ``hokm.TurnOffers`` is checked on every turn, a declared ``hokm.TrumpDuty``
after every announcement, and a declared ``hokm.CardCall`` or ``hokm.CallClaim`` at the
trump call: the hook, asked anyway, must answer exactly what it declares. A declared
``hokm.EffectScope`` is checked wherever a variant's action is offered: the effect hook,
asked about each action outside the scope, must answer ``None``; with a declared
``hokm.IndicatorEffects``, about each action inside it, exactly the declared effect.
"""

from __future__ import annotations

from hokm import Action, HandState, Phase, PluginContractError, Seat
from hokm._hooks import Impl
from hokm.actions import CORE_ACTIONS
from hokm.context import PlayContext
from hokm.windows import WINDOW_HOOKS, PauseWindow, TurnWindow

__all__ = ["check_turn_windows"]


def _turn(hand: HandState) -> str:
    trick = hand.current_trick
    seat = hand.to_act
    role = "the Hakem" if seat == hand.hakem else f"seat {seat}"
    if not trick.plays:
        where = f"{role} leading to trick {hand.tricks_played + 1}"
    else:
        can = "cannot" if _void(hand) else "can"
        where = f"{role} following in trick {hand.tricks_played + 1} ({can} follow {trick.led})"
    trump = f"trump {hand.trump}" if hand.trump is not None else "no trump yet"
    announced = f", after {hand.announced}" if hand.announced is not None else ""
    return f"{where}, {trump}{announced}"


def _void(hand: HandState) -> bool:
    trick = hand.current_trick
    seat = hand.to_act
    assert seat is not None
    return bool(trick.plays) and all(trick.suit_of(card) != trick.led for card in hand.hand_of(seat))


def check_turn_windows(hand: HandState) -> None:
    """Ask every windowed hook on this turn if it lies outside the hook's window; it must answer ``None``.

    A ``hokm_turn_options`` that declares a ``TurnOffers`` is asked on every turn (before
    an announcement) and must answer exactly the declared offers; a ``hokm_restrict_plays``
    that declares a ``TrumpDuty``, after an announcement, the seat's trumps where the duty
    applies; at the trump call, a ``hokm_trump_call`` that declares a ``CardCall`` exactly
    its choices, and a ``hokm_call_alternatives`` that declares a ``CallClaim`` its claim.

    On a lead, the decision hook is also asked if the pause just passed (before the
    first lead, or after the last trick) lies outside its ``PauseWindow``. At the call,
    a ``hokm_forced_effect`` whose window says ``at_call=False`` must answer ``None``; at
    the end of a hand that has a trump, one whose window says ``until_trump``.
    Wherever a variant's action is offered (the call, a decision, a turn), a
    ``hokm_decision_effect`` that declares an ``EffectScope`` must answer ``None`` for
    each such action outside it (one that declares an ``IndicatorEffects``, inside it,
    the declared effect). The turn windows are checked only on turns of trick play.

    Raises:
        hokm.PluginContractError: a hook answered outside its window or its ``EffectScope``,
            or other than its declared ``TurnOffers``, ``TrumpDuty``, ``CardCall``,
            ``CallClaim`` or ``IndicatorEffects`` (the message names the plugin, the hook,
            the window or the offers, and the turn).
    """
    seat = hand.to_act
    _check_effect_scopes(hand)
    if hand.phase is Phase.TRUMP and hand.pending_decision is None:
        _check_claims(hand)  # A declared CardCall or CallClaim, at the call
        _check_forced_at_call(hand)
        return
    if hand.phase is Phase.OVER:
        _check_forced_at_end(hand)
        return
    if hand.phase is not Phase.PLAY or seat is None or hand.pending_decision is not None:
        return
    engine = hand.ruleset._engine  # the composed chains: each implementation with its window
    trick = hand.current_trick
    if not trick.plays:
        _check_pause(hand)
    void = _void(hand)
    lead, hakem, trump = not trick.plays, seat == hand.hakem, hand.trump is not None
    number, announced = hand.tricks_played + 1, hand.announced is not None
    total = hand.tricks_total
    for hook in WINDOW_HOOKS:
        for impl in engine.chains[hook]:
            if impl.declared is not None and not announced:
                _check_offers(hand, impl, impl.declared.answer(
                    lead=lead, hakem=hakem, void=void, trump=trump, trick=number, holding=hand.hand_of(seat)))
                continue
            if impl.duty is not None and announced:
                _check_duty(hand, impl, Seat(seat))
                continue
            window = impl.window
            if not isinstance(window, TurnWindow) or window.holds(
                    lead=lead, hakem=hakem, void=void, trump=trump, trick=number, announced=announced,
                    tricks_total=total):
                continue
            if hook == "hokm_turn_options":
                if hand.announced is not None:
                    continue  # never asked after an announcement, window or not
                answer = impl.call(hand)
            elif hook == "hokm_forced_effect":
                answer = impl.call(hand)
            else:
                if hook == "hokm_restrict_void_plays" and not void:
                    continue  # asked only of a seat that cannot follow
                answer = impl.call(_context(hand, Seat(seat)))
            if answer is not None:
                raise _outside(impl.plugin, hook, answer, window, _turn(hand))


def _check_effect_scopes(hand: HandState) -> None:
    """A ``hokm_decision_effect`` that declares an ``EffectScope``, asked for every variant's action
    offered now outside the scope, must answer ``None`` (the engine does not ask it there)."""
    seat = hand.to_act
    scoped = [impl for impl in hand.ruleset._engine.effect_chain if impl.scope is not None]
    if not scoped or seat is None:
        return
    for action in hand.legal_actions():
        if isinstance(action, CORE_ACTIONS):
            continue
        for impl in scoped:
            assert impl.scope is not None
            if impl.scope.covers(action):
                if impl.effects is not None:
                    _check_effects(hand, impl, Seat(seat), action)
                continue
            answer = impl.call(hand, Seat(seat), action)
            if answer is not None:
                raise PluginContractError(
                    f"plugin {impl.plugin!r} broke the contract of {impl.hook}: it answered {answer!r} "
                    f"for {action!r}, outside its {impl.scope!r} ({_moment(hand)}); the engine does not "
                    "ask it for that action, so that answer would never count: add the action's class "
                    "to the scope or answer None", plugin=impl.plugin, hook=impl.hook)


def _check_effects(hand: HandState, impl: Impl, seat: Seat, action: Action) -> None:
    """A declared ``IndicatorEffects``: the hook, asked anyway, must answer exactly the declared effect."""
    assert impl.effects is not None
    declared = impl.effects.answer(action, trump=hand.trump is not None, aside=hand.set_aside[hand.hakem])
    answer = impl.call(hand, seat, action)
    if answer != declared:
        raise _differs(impl, answer, f"IndicatorEffects {impl.effects!r}", declared,
                       f"{action} by {_moment(hand)}")


def _moment(hand: HandState) -> str:
    """Where the hand is, for a message: the call, a decision, or a turn of trick play."""
    if hand.phase is Phase.TRUMP:
        return f"seat {hand.to_act} at the trump call"
    if hand.pending_decision is not None:
        return f"seat {hand.to_act} answering a decision after trick {hand.tricks_played}"
    return _turn(hand)


def _check_forced_at_call(hand: HandState) -> None:
    """A forced effect whose window says ``at_call=False`` must answer ``None`` at the trump call."""
    for impl in hand.ruleset._engine.forced_chain:
        window = impl.window
        if isinstance(window, TurnWindow) and not window.at_call:
            answer = impl.call(hand)
            if answer is not None:
                raise _outside(impl.plugin, impl.hook, answer, window, "at the trump call")


def _check_forced_at_end(hand: HandState) -> None:
    """A forced effect whose window says ``until_trump`` must answer ``None`` at the end of a hand
    that has a trump (the engine does not ask it there)."""
    if hand.trump is None or hand.is_annulled:
        return
    for impl in hand.ruleset._engine.forced_chain:
        window = impl.window
        if isinstance(window, TurnWindow) and window.until_trump:
            answer = impl.call(hand)
            if answer is not None:
                raise _outside(impl.plugin, impl.hook, answer, window,
                               f"at the end of the hand, trump {hand.trump}")


def _check_offers(hand: HandState, impl: Impl, declared: tuple[Action, ...]) -> None:
    """A declared ``TurnOffers``: the hook, asked anyway, must answer exactly the declared offers."""
    answer = impl.call(hand)
    given = () if answer is None else tuple(answer)
    if given != declared:
        raise _differs(impl, answer, f"TurnOffers {impl.declared!r}", declared, _turn(hand))


def _check_duty(hand: HandState, impl: Impl, seat: Seat) -> None:
    """A declared ``TrumpDuty``: the hook, asked anyway after an announcement, must answer the
    seat's trumps where the duty applies and it holds one, else ``None``."""
    ctx = _context(hand, seat)
    answer = impl.call(ctx)
    trumps = ctx.cards_of(ctx.trump) if ctx.trump is not None else frozenset()
    declared = trumps if impl.duty is not None and impl.duty.applies(hand.announced) and trumps else None
    given = None if answer is None else frozenset(answer)
    if given != declared:
        raise _differs(impl, answer, f"TrumpDuty {impl.duty!r}", declared, _turn(hand))


def _check_claims(hand: HandState) -> None:
    """A declared ``CardCall`` or ``CallClaim``: the hook, asked anyway at the call, must answer
    exactly the declared choices or claim."""
    for impl in hand.ruleset._engine.call_chain:
        call = impl.card_call
        if call is None:
            continue
        chosen = call.answer(hand.dealt(hand.hakem))
        answer = impl.call(hand)
        if (None if answer is None else tuple(answer)) != chosen:
            raise _differs(impl, answer, "CardCall", chosen, _call(hand, call.first))
    for impl in hand.ruleset._engine.alternatives_chain:
        claim = impl.claim
        if claim is None:
            continue
        declared = claim.answer(hand.dealt(hand.hakem), hand.redeals)
        answer = impl.call(hand)
        given = () if answer is None else tuple(answer)
        if given != declared:
            raise _differs(impl, answer, "CallClaim", declared,
                           f"{_call(hand, claim.first)}, {hand.redeals} redeals before")


def _call(hand: HandState, first: int) -> str:
    cards = ", ".join(map(str, hand.dealt(hand.hakem)[:first]))
    return f"the trump call, the Hakem's first {first} cards {cards}"


def _differs(impl: Impl, answer: object, declaration: str, declared: object,
             where: str) -> PluginContractError:
    """A hook whose answer differs from its declaration (the engine uses the declaration instead)."""
    return PluginContractError(
        f"plugin {impl.plugin!r} broke the contract of {impl.hook}: it answered {answer!r} where its "
        f"{declaration} declares {declared!r} ({where}); the engine uses the declared answer without "
        "asking the hook, so the two must agree", plugin=impl.plugin, hook=impl.hook)


def _check_pause(hand: HandState) -> None:
    """The decision hook's windows, on a state where a pause has just passed (a trick led next)."""
    played, total = hand.tricks_played, hand.tricks_total
    for impl in hand.ruleset._engine.chains["hokm_pending_decision"]:
        window = impl.window
        if not isinstance(window, PauseWindow) or window.holds(tricks_played=played, tricks_total=total):
            continue
        answer = impl.call(hand)
        if answer is not None:
            where = f"after trick {played}" if played else "before the first lead"
            raise _outside(impl.plugin, "hokm_pending_decision", answer, window, f"the pause {where}")


def _outside(plugin: str, hook: str, answer: object, window: object, where: str) -> PluginContractError:
    return PluginContractError(
        f"plugin {plugin!r} broke the contract of {hook}: it answered {answer!r} outside its window "
        f"{window!r} ({where}); the engine does not ask it there, so that answer would never count: "
        "widen the window or answer None", plugin=plugin, hook=hook)


def _context(hand: HandState, seat: Seat) -> PlayContext:
    """The ``PlayContext`` the legality hooks would get on this turn."""
    trump, first = hand._active_trump()
    engine = hand.ruleset._engine
    return PlayContext(engine, seat, hand._hands[seat], trump, list(hand._trick), hand.tricks_played + 1,
                       hand, hand.announced, first)
