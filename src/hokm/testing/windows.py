"""``check_turn_windows``: hold a variant to the promise of its ``turn_windows``.

The engine does not ask a hook that reads the hand on turns outside its
``hokm.TurnWindow`` (nor a pause hook at pauses outside its ``hokm.PauseWindow``),
so a hook that would answer there changes the game silently. This check asks it
there anyway and fails if it answers. It also asks a plugin's
``hokm_decision_effect`` about every variant action offered now that is not of
the classes the plugin declares (``hokm_action_space``): the engine does not ask it
about those either. ``check_hand_state``, ``MatchChecker`` and so ``check_variant``
run it on every state they see (as part of the ``hook-contract`` invariant).

>>> import hokm
>>> from hokm.testing import check_turn_windows
>>> hand = hokm.Ruleset.compose("hidden-trump").deal(hokm.full_deck(), hakem=0)
>>> hand = hand.apply(hand.legal_actions()[0])   # the indicator
>>> check_turn_windows(hand.apply(hand.legal_actions()[0]))   # silent outside their windows
"""

from __future__ import annotations

from hokm import HandState, Phase, PluginContractError, Seat
from hokm._compose.cards import NO_TRUMP
from hokm.actions import CORE_ACTIONS
from hokm.context import PlayContext
from hokm.windows import PAUSE_HOOKS, WINDOW_HOOKS, PauseWindow, TurnWindow

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

    On a lead, the pause hooks are also asked if the pause just passed (before the
    first lead, or after the last trick) lies outside their ``PauseWindow``: the decision
    hook, and after a trick ``hokm_hand_complete``. At the call,
    a ``hokm_forced_effect`` whose window says ``at_call=False`` must answer ``None``; at
    the end of a hand that has a trump, one whose window says ``until_trump``.
    Wherever a variant's action is offered (the call, a decision, a turn), a
    ``hokm_decision_effect`` of a plugin that declares its actions must answer ``None``
    for each such action of a class it does not declare. The turn windows are checked
    only on turns of trick play.

    Raises:
        hokm.PluginContractError: a hook answered outside its window, or about an action it
            does not declare (the message names the plugin, the hook, the window and the turn).
    """
    seat = hand.to_act
    _check_effect_scopes(hand)
    if hand.phase is Phase.TRUMP and hand.pending_decision is None:
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
            window = impl.window
            if not impl.takes_hand or not isinstance(window, TurnWindow) or window.holds(
                    lead=lead, hakem=hakem, void=void, trump=trump, trick=number, announced=announced,
                    tricks_total=total):
                continue
            if hook == "hokm_turn_options":
                if hand.announced is not None:
                    continue  # never asked after an announcement, window or not
                answer = impl.call(hand, lead, hakem, void, hand.trump, number)
            elif hook == "hokm_forced_effect":
                answer = impl.call(hand)
            else:
                if hook == "hokm_restrict_void_plays" and not void:
                    continue  # asked only of a seat that cannot follow
                answer = impl.call(_context(hand, Seat(seat)))
            if answer is not None:
                raise _outside(impl.plugin, hook, answer, window, _turn(hand))


def _check_effect_scopes(hand: HandState) -> None:
    """A plugin's ``hokm_decision_effect``, asked for every variant's action offered now of a class
    the plugin does not declare in ``hokm_action_space``, must answer ``None`` (the engine does not
    ask it there)."""
    seat = hand.to_act
    decisions = hand.ruleset._engine.decisions
    scoped = [impl for impl in decisions.effect_chain if impl.plugin in decisions.scopes]
    if not scoped or seat is None:
        return
    trump = hand.trump
    for action in hand.legal_actions():
        if isinstance(action, CORE_ACTIONS):
            continue
        for impl in scoped:
            kinds = decisions.scopes[impl.plugin]
            if isinstance(action, kinds):
                continue
            answer = impl.call(hand, Seat(seat), action, trump)
            if answer is not None:
                raise PluginContractError(
                    f"plugin {impl.plugin!r} broke the contract of {impl.hook}: it answered {answer!r} "
                    f"for {action!r}, an action it does not declare in hokm_action_space "
                    f"({_moment(hand)}); the engine does not ask it about that action, so that answer "
                    "would never count: declare the action or answer None", plugin=impl.plugin,
                    hook=impl.hook)


def _moment(hand: HandState) -> str:
    """Where the hand is, for a message: the call, a decision, or a turn of trick play."""
    if hand.phase is Phase.TRUMP:
        return f"seat {hand.to_act} at the trump call"
    if hand.pending_decision is not None:
        return f"seat {hand.to_act} answering a decision after trick {hand.tricks_played}"
    return _turn(hand)


def _check_forced_at_call(hand: HandState) -> None:
    """A forced effect whose window says ``at_call=False`` must answer ``None`` at the trump call."""
    for impl in hand.ruleset._engine.decisions.forced_chain:
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
    for impl in hand.ruleset._engine.decisions.forced_chain:
        window = impl.window
        if isinstance(window, TurnWindow) and window.until_trump:
            answer = impl.call(hand)
            if answer is not None:
                raise _outside(impl.plugin, impl.hook, answer, window,
                               f"at the end of the hand, trump {hand.trump}")


def _check_pause(hand: HandState) -> None:
    """The pause hooks' windows, on a state where a pause has just passed (a trick led next): the
    decision hook, and the completion hook after a trick (its answer there, ``False`` too, would
    have overruled the stop rule)."""
    played, total = hand.tricks_played, hand.tricks_total
    ends = hand.ruleset._engine.ends
    where = f"the pause after trick {played}" if played else "the pause before the first lead"
    for hook in PAUSE_HOOKS:
        if hook == "hokm_hand_complete" and not played:
            continue  # asked only after tricks
        for impl in hand.ruleset._engine.chains[hook]:
            window = impl.window
            if not isinstance(window, PauseWindow) or window.holds(tricks_played=played, tricks_total=total):
                continue
            if hook == "hokm_hand_complete":
                tally = ends.tallies.tally(ends.tallies.key_of(hand)) if "tally" in impl.argnames else None
                answer = impl.call(hand, tally)
            else:
                answer = impl.call(hand)
            if answer is not None:
                raise _outside(impl.plugin, hook, answer, window, where)


def _outside(plugin: str, hook: str, answer: object, window: object, where: str) -> PluginContractError:
    return PluginContractError(
        f"plugin {plugin!r} broke the contract of {hook}: it answered {answer!r} outside its window "
        f"{window!r} ({where}); the engine does not ask it there, so that answer would never count: "
        "widen the window or answer None", plugin=plugin, hook=hook)


def _context(hand: HandState, seat: Seat) -> PlayContext:
    """The ``PlayContext`` the legality hooks would get on this turn (from the public view)."""
    trick = hand.current_trick
    trump = NO_TRUMP if trick.trump is None else trick.trump.index
    plays = [player << 6 | card.index for player, card in trick.plays]
    return PlayContext(hand.ruleset._engine.cards, seat, hand.hand_mask(seat), trump, plays,
                       hand.tricks_played + 1, hand, hand.announced, trick.first_trump)
