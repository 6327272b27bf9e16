"""Windows: the turns and pauses on which a hook that reads the hand can answer.

A hook that takes the hand (``hand`` or ``ctx``) is asked per event: on every turn of
trick play (``hokm_turn_options``, ``hokm_forced_effect``, the legality hooks) or at
every pause of the hand (``hokm_pending_decision``, and ``hokm_hand_complete`` after
each trick). Most such rules act on few turns:
hidden trump's forced reveal only in the last trick, before the reveal; bavney's offer
only after the seventh trick. A variant says so in ``Variant.turn_windows`` (hook name ->
``TurnWindow`` or ``PauseWindow``); the composed rules then skip the hook, in stepping
and in playouts alike, everywhere outside the window. A window is a promise: outside it
the hook answers ``None``. ``hokm.testing.check_turn_windows`` checks the promise.

A hook that does not take the hand needs no window: it is tabulated when the ruleset is
composed, and its table says where it answers.

>>> from hokm import TurnWindow
>>> TurnWindow(leads="hakem", follows="void", until_trump=True)
TurnWindow(leads='hakem', follows='void', until_trump=True, announced=False, tricks=slice(None, None, None),
           at_call=True)
>>> TurnWindow(leads="caller")
Traceback (most recent call last):
...
hokm.errors.InvalidArgumentError: TurnWindow() leads must be 'all', 'hakem' or 'none', got 'caller'
"""

from __future__ import annotations

from typing import Any, Literal

import attrs

from hokm.errors import ArgumentTypeError, InvalidArgumentError, _got

__all__ = ["PAUSE_HOOKS", "WINDOW_HOOKS", "PauseWindow", "TurnWindow"]

WINDOW_HOOKS: tuple[str, ...] = (
    "hokm_turn_options", "hokm_forced_effect", "hokm_restrict_plays", "hokm_restrict_void_plays")
"""The hooks that may take a ``TurnWindow``: those asked on every turn of trick play."""
PAUSE_HOOKS: tuple[str, ...] = ("hokm_pending_decision", "hokm_hand_complete")
"""The hooks that may take a ``PauseWindow``: those asked at every pause of the hand."""

_LEADS = ("all", "hakem", "none")
_FOLLOWS = ("all", "void", "suit", "none")
_TRICK_ENDS = ("all", "majority", "none")
_EVERY_TRICK = slice(None)


def _one_of(choices: tuple[str, ...]) -> Any:
    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value not in choices:
            shown = ", ".join(map(repr, choices[:-1])) + f" or {choices[-1]!r}"
            raise InvalidArgumentError(f"{type(instance).__name__}() {attribute.name} must be {shown}, "
                                       f"got {value!r}")
    return check


def _flag(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not True and value is not False:
        raise ArgumentTypeError(f"{type(instance).__name__}() {attribute.name} must be a bool, "
                                f"got {_got(value)}")


def _tricks(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    owner = type(instance).__name__
    if not isinstance(value, slice):
        raise ArgumentTypeError(f"{owner}() tricks must be a slice of the hand's tricks, such as "
                                f"slice(None, 1) for the first or slice(-1, None) for the last, "
                                f"got {_got(value)}")
    for part in ("start", "stop", "step"):
        bound = getattr(value, part)
        if bound is not None and (isinstance(bound, bool) or not isinstance(bound, int)):
            raise ArgumentTypeError(f"{owner}() tricks must be a slice of ints or None, got {value!r}")
    if value.step == 0:
        raise InvalidArgumentError(f"{owner}() tricks must not have a step of 0, got {value!r}")


def _bounds(tricks: slice) -> tuple[object, object, object]:
    """A slice as the key a window compares and hashes it by (a slice is unhashable before 3.12)."""
    return tricks.start, tricks.stop, tricks.step


def trick_numbers(tricks: slice, tricks_total: int) -> range:
    """The trick numbers (from 1) that ``tricks``, a slice of a hand's tricks in order, picks.

    >>> list(trick_numbers(slice(None, 1), 13)), list(trick_numbers(slice(-1, None), 17))
    ([1], [17])
    >>> list(trick_numbers(slice(1, None), 4))
    [2, 3, 4]
    """
    return range(1, tricks_total + 1)[tricks]


@attrs.frozen(kw_only=True)
class TurnWindow:
    """The turns of trick play on which a hook may answer; on every other turn it answers ``None``.

    A turn lies in the window when all of these hold:

    Attributes:
        leads: on a lead to a trick: ``"all"`` (any seat), ``"hakem"`` (only the Hakem's
            lead) or ``"none"`` (never).
        follows: on a card to a trick already led: ``"all"`` (any seat), ``"void"`` (only
            a seat holding no card of the led suit, the effective suit as legality reads
            it), ``"suit"`` (only a seat holding one: it must follow suit) or ``"none"``
            (never).
        until_trump: the hook is idle once the hand has a trump (``hand.trump`` is not
            ``None``). For ``hokm_forced_effect`` this holds at the end of the hand too,
            where it is asked once more (to show cards): not asked there once the hand has
            a trump.
        announced: only on a turn where the seat to act has made an announcement
            (``hand.announced``); for the legality hooks, which are asked again after one.
        tricks: which tricks of the hand, as a slice of them in order: ``slice(None, 1)``
            the first, ``slice(-1, None)`` the last (whatever the hand's length),
            ``slice(1, None)`` all but the first. Every trick by default.
        at_call: for ``hokm_forced_effect``, which is also asked at the trump call: ``False``
            promises ``None`` there as well, so the call goes by without asking it.

    The default window holds every turn, as a hook without a window.
    """

    leads: Literal["all", "hakem", "none"] = attrs.field(default="all", validator=_one_of(_LEADS))
    follows: Literal["all", "void", "suit", "none"] = attrs.field(default="all", validator=_one_of(_FOLLOWS))
    until_trump: bool = attrs.field(default=False, validator=_flag)
    announced: bool = attrs.field(default=False, validator=_flag)
    tricks: slice = attrs.field(default=_EVERY_TRICK, validator=_tricks, eq=_bounds)
    at_call: bool = attrs.field(default=True, validator=_flag)

    def holds(self, *, lead: bool, hakem: bool, void: bool, trump: bool, trick: int,
              announced: bool, tricks_total: int) -> bool:
        """Whether the turn lies in this window.

        Args:
            lead: the seat to act leads to the trick.
            hakem: the seat to act is the Hakem.
            void: (following) the seat holds no card of the led suit.
            trump: the hand has a trump.
            trick: the number of the trick in progress (1 for the first).
            announced: the seat to act has made an announcement this turn.
            tricks_total: the tricks in the hand (for ``tricks`` counted from the end).

        >>> window = TurnWindow(leads="hakem", follows="none", tricks=slice(None, 1))
        >>> window.holds(lead=True, hakem=True, void=False, trump=True, trick=1, announced=False,
        ...              tricks_total=13)
        True
        >>> window.holds(lead=True, hakem=True, void=False, trump=True, trick=2, announced=False,
        ...              tricks_total=13)
        False
        >>> TurnWindow(leads="none", follows="suit").holds(lead=False, hakem=False, void=True, trump=True,
        ...                                                 trick=2, announced=False, tricks_total=13)
        False
        """
        if (self.until_trump and trump) or (self.announced and not announced):
            return False
        if trick not in trick_numbers(self.tricks, tricks_total):
            return False
        mode = self.leads if lead else self.follows
        return mode == "all" or (mode == "hakem" and hakem) or (mode == "void" and void) or (
            mode == "suit" and not lead and not void)


@attrs.frozen(kw_only=True)
class PauseWindow:
    """The pauses of a hand at which ``hokm_pending_decision`` may offer a decision, or
    ``hokm_hand_complete`` end the hand.

    A pause is the moment once the deal is complete, before the first lead, and the
    end of each trick; after a decision is answered the same pause goes on, and the
    hooks are asked again there. Outside its window a hook that reads the hand is not
    asked (``hokm_hand_complete`` then leaves the hand to the stop rule), and a trick end
    where no pause hook is asked costs the random-play kernel no step of its own.

    Attributes:
        before_play: the pause before the first lead (a claim on the dealt hand;
            ``hokm_hand_complete`` is asked only after tricks, so it ignores this).
        trick_ends: after which tricks: ``"all"``, ``"majority"`` (only after the trick
            numbered ``hokm.majority(hand.tricks_total)``, the 7th of 13: the first moment
            a side can hold a majority, a kot) or ``"none"``.
        tricks: the tricks whose ends may lie in the window, as a slice of the hand's tricks
            in order: ``slice(1, None)`` leaves out the end of the first trick, where only one
            side holds a trick (Troefcall's capitulation is never due there).

    >>> PauseWindow(before_play=False, trick_ends="majority")
    PauseWindow(before_play=False, trick_ends='majority', tricks=slice(None, None, None))
    """

    before_play: bool = attrs.field(default=True, validator=_flag)
    trick_ends: Literal["all", "majority", "none"] = attrs.field(default="all",
                                                                 validator=_one_of(_TRICK_ENDS))
    tricks: slice = attrs.field(default=_EVERY_TRICK, validator=_tricks, eq=_bounds)

    def holds(self, *, tricks_played: int, tricks_total: int) -> bool:
        """Whether the pause after ``tricks_played`` tricks (0: before the first lead) lies in it.

        >>> PauseWindow(trick_ends="majority").holds(tricks_played=7, tricks_total=13)
        True
        >>> PauseWindow(trick_ends="majority").holds(tricks_played=8, tricks_total=13)
        False
        >>> PauseWindow(tricks=slice(1, None)).holds(tricks_played=1, tricks_total=13)
        False
        """
        if not tricks_played:
            return self.before_play
        if tricks_played not in trick_numbers(self.tricks, tricks_total):
            return False
        return self.trick_ends == "all" or (
            self.trick_ends == "majority" and tricks_played == tricks_total // 2 + 1)
