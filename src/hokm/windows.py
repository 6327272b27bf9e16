"""Turn windows: on which turns a per-turn hook can answer, so the engine asks it nowhere else.

A hook such as ``hokm_turn_options`` is asked on every turn of trick play, and
a hook that may act on any turn keeps the random-play kernel from playing cards
in its tight loop. Most such rules act on few turns: hidden trump's ask only
before the reveal and only for a seat that cannot follow. A variant says so in
``Variant.turn_windows`` (hook name -> ``TurnWindow``); the composed rules then
skip the hook, in stepping and in playouts alike, on every turn outside the
window. A window is a promise: outside it the hook answers ``None``.
``hokm.testing`` checks the promise (``check_turn_windows``). ``PauseWindow``
does the same for ``hokm_pending_decision``, asked at every pause of the hand
(once the deal is complete, after each trick): bavney's offer comes only after
the seventh trick, so the other tricks end without a question.

A ``TurnOffers`` goes one step further for ``hokm_turn_options``: it is the hook's
exact answer on every turn, as data, so the engine offers the announcements
without asking the hook (and the random-play kernel plays such turns inline).
A ``CallClaim`` does the same for ``hokm_call_alternatives`` at the trump call: a
claim offered on weak first cards (redeal's); a ``CardCall`` for ``hokm_trump_call``:
one choice per card of the caller's first cards (hidden trump's indicator). An
``EffectScope`` tells ``hokm_decision_effect`` which actions it answers for, and an
``IndicatorEffects`` what it answers: a card laid face down, then turned up as trump.

>>> from hokm import TurnWindow
>>> TurnWindow(leads="hakem", follows="void", until_trump=True)
TurnWindow(leads='hakem', follows='void', until_trump=True, announced=False, first_tricks=None,
           last_trick=False, at_call=True)
>>> TurnWindow(leads="caller")
Traceback (most recent call last):
...
hokm.errors.InvalidArgumentError: TurnWindow() leads must be 'all', 'hakem' or 'none', got 'caller'
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Literal, TypeVar

import attrs

from hokm.actions import Action
from hokm.cards import Card, Rank, full_deck
from hokm.decisions import Effect
from hokm.errors import ArgumentTypeError, InvalidArgumentError, _got

__all__ = ["CALL_HOOKS", "CLAIM_HOOKS", "EFFECT_HOOKS", "PAUSE_HOOKS", "WINDOW_HOOKS", "CallClaim",
           "CardCall", "EffectScope", "IndicatorEffects", "PauseWindow", "TrumpDuty", "TurnOffers",
           "TurnWindow"]

WINDOW_HOOKS: tuple[str, ...] = (
    "hokm_turn_options", "hokm_forced_effect", "hokm_restrict_plays", "hokm_restrict_void_plays")
"""The hooks that may take a ``TurnWindow``: those asked on every turn of trick play."""
PAUSE_HOOKS: tuple[str, ...] = ("hokm_pending_decision",)
"""The hooks that may take a ``PauseWindow``: those asked at every pause of the hand."""
CLAIM_HOOKS: tuple[str, ...] = ("hokm_call_alternatives",)
"""The hooks that may take a ``CallClaim``: asked at every trump call."""
CALL_HOOKS: tuple[str, ...] = ("hokm_trump_call",)
"""The hooks that may take a ``CardCall``: asked at every trump call."""
EFFECT_HOOKS: tuple[str, ...] = ("hokm_decision_effect",)
"""The hooks that may take an ``EffectScope``: asked at every variant's action."""

_T = TypeVar("_T")
_LEADS = ("all", "hakem", "none")
_FOLLOWS = ("all", "void", "none")


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
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(f"TurnWindow() first_tricks must be an int or None, got {_got(value)}")
    if value < 1:
        raise InvalidArgumentError(f"TurnWindow() first_tricks must be 1 or more (None: every trick), "
                                   f"got {value}")


def _from_trick(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(f"PauseWindow() from_trick must be an int, got {_got(value)}")
    if value < 1:
        raise InvalidArgumentError(f"PauseWindow() from_trick must be 1 or more (1: from the first trick), "
                                   f"got {value}")


@attrs.frozen(kw_only=True)
class TurnWindow:
    """The turns of trick play on which a hook may answer; on every other turn it answers ``None``.

    A turn lies in the window when all of these hold:

    Attributes:
        leads: on a lead to a trick: ``"all"`` (any seat), ``"hakem"`` (only the Hakem's
            lead) or ``"none"`` (never).
        follows: on a card to a trick already led: ``"all"`` (any seat), ``"void"`` (only
            a seat holding no card of the led suit, the effective suit as legality reads
            it) or ``"none"`` (never).
        until_trump: the hook is idle once the hand has a trump (``hand.trump`` is not
            ``None``): hidden trump after its reveal, be-ranga once the trump is fixed. For
            ``hokm_forced_effect`` this holds at the end of the hand too, where it is asked
            once more (to show cards): not asked there once the hand has a trump.
        announced: only on a turn where the seat to act has made an announcement
            (``hand.announced``); for the legality hooks, which are asked again after one.
        first_tricks: only during the first this many tricks (``None``: every trick).
        last_trick: only during the hand's last trick (hidden trump's forced reveal of
            the caller's last card).
        at_call: for ``hokm_forced_effect``, which is also asked at the trump call: ``False``
            promises ``None`` there as well, so the call goes by without asking it (hidden
            trump with a chosen indicator; its blind indicator is laid at the call).

    The default window holds every turn, as a hook without a window.
    """

    leads: Literal["all", "hakem", "none"] = attrs.field(default="all", validator=_one_of(_LEADS))
    follows: Literal["all", "void", "none"] = attrs.field(default="all", validator=_one_of(_FOLLOWS))
    until_trump: bool = attrs.field(default=False, validator=_flag)
    announced: bool = attrs.field(default=False, validator=_flag)
    first_tricks: int | None = attrs.field(default=None, validator=_tricks)
    last_trick: bool = attrs.field(default=False, validator=_flag)
    at_call: bool = attrs.field(default=True, validator=_flag)

    def holds(self, *, lead: bool, hakem: bool, void: bool, trump: bool, trick: int,
              announced: bool, tricks_total: int | None = None) -> bool:
        """Whether the turn lies in this window.

        Args:
            lead: the seat to act leads to the trick.
            hakem: the seat to act is the Hakem.
            void: (following) the seat holds no card of the led suit.
            trump: the hand has a trump.
            trick: the number of the trick in progress (1 for the first).
            announced: the seat to act has made an announcement this turn.
            tricks_total: the tricks in the hand, for ``last_trick`` (``None``: unknown, the
                window holds on any trick).

        >>> window = TurnWindow(leads="hakem", follows="none", first_tricks=1)
        >>> window.holds(lead=True, hakem=True, void=False, trump=True, trick=1, announced=False)
        True
        >>> window.holds(lead=True, hakem=True, void=False, trump=True, trick=2, announced=False)
        False
        """
        if (self.until_trump and trump) or (self.announced and not announced):
            return False
        if self.first_tricks is not None and trick > self.first_tricks:
            return False
        if self.last_trick and tricks_total is not None and trick < tricks_total:
            return False
        mode = self.leads if lead else self.follows
        return mode == "all" or (mode == "hakem" and hakem) or (mode == "void" and void)


def _actions(value: object, owner: str = "TurnOffers") -> tuple[Action, ...]:
    if isinstance(value, str | bytes) or not hasattr(value, "__iter__"):
        raise ArgumentTypeError(f"{owner}() offers must be a sequence of actions, got {_got(value)}")
    actions = tuple(value)
    for action in actions:
        if not isinstance(action, Action):
            raise ArgumentTypeError(f"{owner}() offers must be actions, got {_got(action)}")
    if len(set(actions)) != len(actions):
        raise InvalidArgumentError(f"{owner}() offers the same action twice: {actions!r}")
    return actions


def _set_of(value: object, kind: type[_T], field: str, wrong: str) -> frozenset[_T]:
    """``value``, a collection of ``kind``, as a frozenset; ``field`` names it in the errors and
    ``wrong`` says what each item must be."""
    if isinstance(value, kind | str | bytes) or not hasattr(value, "__iter__"):
        raise ArgumentTypeError(f"{field} must be a collection of {kind.__name__}s, got {_got(value)}")
    items = frozenset(value)
    for item in items:
        if not isinstance(item, kind):
            raise ArgumentTypeError(f"{field} {wrong}, got {_got(item)}")
    return items


def _none_of(value: object) -> frozenset[Card]:
    return _set_of(value, Card, "TurnOffers() none_of", "must hold Cards such as Card.parse('K♠')")


@attrs.frozen(kw_only=True)
class TurnOffers:
    """``hokm_turn_options``'s exact answer on every turn of trick play, declared as data.

    Given as ``Variant.turn_windows["hokm_turn_options"]``, in place of a ``TurnWindow``.
    It is a promise that the plugin's hook answers exactly these announcements (an empty
    tuple: ``None``), so while that plugin is the only one implementing the hook, stepping
    offers them without asking it and the random-play kernel plays the turn inline;
    ``hokm.testing.check_turn_windows`` asks the hook anyway and fails where it differs.

    Attributes:
        hakem_lead: offered to the Hakem leading to a trick.
        lead: offered to another seat leading to a trick.
        hakem_void: offered to the Hakem following without a card of the led suit
            (the effective suit, as legality reads it).
        void: offered to another seat following without a card of the led suit.
        until_trump: nothing is offered once the hand has a trump.
        first_tricks: offered only during the first this many tricks (``None``: every trick).
        none_of: offered only to a seat holding none of these cards (empty: no such condition):
            Troefcall's "no picture, no game" claim.
        none_of_mask: ``none_of`` as a mask (``Card.mask``), derived.

    A seat that can follow suit is offered nothing, and nothing is asked after an
    announcement (the hook is not asked then either).

    >>> from hokm import Action
    >>> class Reveal(Action):
    ...     tag = "example/reveal"
    >>> offers = TurnOffers(hakem_lead=(Reveal(),), until_trump=True)
    >>> offers.answer(lead=True, hakem=True, void=False, trump=False, trick=1)
    (Reveal(),)
    >>> offers.answer(lead=True, hakem=True, void=False, trump=True, trick=1)
    ()
    >>> offers.window
    TurnWindow(leads='hakem', follows='none', until_trump=True, announced=False, first_tricks=None,
               last_trick=False, at_call=True)

    A condition on the seat's cards: offered only to a Hakem who holds no King.

    >>> from hokm import Rank, cards, full_deck
    >>> claim = TurnOffers(hakem_lead=(Reveal(),), first_tricks=1,
    ...                    none_of=[card for card in full_deck() if card.rank is Rank.KING])
    >>> claim.answer(lead=True, hakem=True, void=False, trump=True, trick=1, holding=cards("Q♠ 2♥"))
    (Reveal(),)
    >>> claim.answer(lead=True, hakem=True, void=False, trump=True, trick=1, holding=cards("K♠ 2♥"))
    ()
    """

    hakem_lead: tuple[Action, ...] = attrs.field(default=(), converter=_actions)
    lead: tuple[Action, ...] = attrs.field(default=(), converter=_actions)
    hakem_void: tuple[Action, ...] = attrs.field(default=(), converter=_actions)
    void: tuple[Action, ...] = attrs.field(default=(), converter=_actions)
    until_trump: bool = attrs.field(default=False, validator=_flag)
    first_tricks: int | None = attrs.field(default=None, validator=_tricks)
    none_of: frozenset[Card] = attrs.field(default=frozenset(), converter=_none_of)
    none_of_mask: int = attrs.field(init=False, repr=False)

    @none_of_mask.default
    def _none_of_mask(self) -> int:
        return sum(card.mask for card in self.none_of)

    def answer(self, *, lead: bool, hakem: bool, void: bool, trump: bool, trick: int,
               holding: Iterable[Card] = ()) -> tuple[Action, ...]:
        """The announcements offered on a turn (arguments as for ``TurnWindow.holds``;
        ``holding``: the seat's cards, read against ``none_of``)."""
        if (self.until_trump and trump) or (self.first_tricks is not None and trick > self.first_tricks):
            return ()
        if self.none_of and not self.none_of.isdisjoint(holding):
            return ()
        if lead:
            return self.hakem_lead if hakem else self.lead
        if not void:
            return ()
        return self.hakem_void if hakem else self.void

    @property
    def window(self) -> TurnWindow:
        """The turns on which something may be offered (where the hook is asked if the
        declaration is not used: beside another implementation of the hook)."""
        leads: Literal["all", "hakem", "none"] = ("all" if self.lead else "hakem" if self.hakem_lead
                                                  else "none")
        follows: Literal["void", "none"] = "void" if self.void or self.hakem_void else "none"
        return TurnWindow(leads=leads, follows=follows, until_trump=self.until_trump,
                          first_tricks=self.first_tricks)

    def table(self) -> tuple[tuple[tuple[Action, ...], ...], tuple[tuple[Action, ...], ...]]:
        """Per trump state (0: no trump yet, 1: a trump): lead by another seat, by the Hakem,
        void follow by another seat, by the Hakem (the engine's form of ``answer``; it tests
        ``none_of_mask`` against the seat's hand itself)."""
        rows = []
        for trump in (False, True):
            rows.append(tuple(self.answer(lead=lead, hakem=hakem, void=True, trump=trump, trick=1)
                              for lead in (True, False) for hakem in (False, True)))
        return rows[0], rows[1]


def _action_classes(value: object, owner: str = "TrumpDuty() after") -> tuple[type[Action], ...]:
    if isinstance(value, type | str | bytes) or not hasattr(value, "__iter__"):
        raise ArgumentTypeError(f"{owner} must be a sequence of Action classes, got {_got(value)}")
    kinds = tuple(value)
    for kind in kinds:
        if not (isinstance(kind, type) and issubclass(kind, Action)):
            raise ArgumentTypeError(f"{owner} must hold Action classes, got {_got(kind)}")
    if not kinds:
        raise InvalidArgumentError(f"{owner} must name at least one Action class")
    return kinds


def _announcements(value: object) -> tuple[type[Action], ...]:
    return _action_classes(value)


def _scoped(value: object) -> tuple[type[Action], ...]:
    return _action_classes(value, "EffectScope() actions")


@attrs.frozen(kw_only=True)
class TrumpDuty:
    """``hokm_restrict_plays``' exact answer, as data: after an announcement, play a trump if you hold one.

    Given as ``Variant.turn_windows["hokm_restrict_plays"]``, in place of a ``TurnWindow``.
    It is a promise that the plugin's hook answers the seat's trumps (``ctx.cards_of(ctx.trump)``)
    on a turn where the seat announced one of ``after`` (``ctx.announced``), the hand has a
    trump and the seat holds one, and ``None`` on every other turn. While the plugin is the
    only legality rule (the only implementation of ``hokm_restrict_plays`` and of
    ``hokm_restrict_void_plays``), the engine narrows the legal cards itself without asking
    the hook; ``hokm.testing.check_turn_windows`` asks it anyway after an announcement and
    fails where it differs. Hidden trump's asker (and revealing caller) declares one.

    Attributes:
        after: the announcements (``Action`` classes) that bring the duty.

    >>> from hokm import Action
    >>> class Ask(Action):
    ...     tag = "example/ask"
    >>> duty = TrumpDuty(after=(Ask,))
    >>> duty.applies(Ask()), duty.applies(None), duty.window.announced
    (True, False, True)
    """

    after: tuple[type[Action], ...] = attrs.field(converter=_announcements)

    def applies(self, announced: Action | None) -> bool:
        """Whether the seat's announcement this turn (``None``: none) brings the duty."""
        return isinstance(announced, self.after)

    @property
    def window(self) -> TurnWindow:
        """The turns on which the hook may answer: after an announcement."""
        return TurnWindow(announced=True)


_TRICK_ENDS = ("all", "majority", "none")


@attrs.frozen(kw_only=True, repr=False)
class PauseWindow:
    """The pauses of a hand at which ``hokm_pending_decision`` may offer a decision.

    A pause is the moment once the deal is complete, before the first lead, and the
    end of each trick; after a decision is answered the same pause goes on, and the
    hook is asked again there.

    Attributes:
        before_play: the pause before the first lead (a claim on the dealt hand).
        trick_ends: after which tricks: ``"all"``, ``"majority"`` (only after the trick
            numbered ``hokm.majority(hand.tricks_total)``, the 7th of 13: the first moment
            a side can hold a majority, a kot) or ``"none"``.
        from_trick: no trick end before the one of this trick (counting from 1) lies in the
            window. ``2`` leaves out the end of the first trick, where only one side holds a
            trick: Troefcall's capitulation, offered once both sides hold one, is never due there.

    >>> PauseWindow(before_play=False, trick_ends="majority")
    PauseWindow(before_play=False, trick_ends='majority')
    >>> PauseWindow(before_play=False, from_trick=2)
    PauseWindow(before_play=False, trick_ends='all', from_trick=2)
    """

    before_play: bool = attrs.field(default=True, validator=_flag)
    trick_ends: Literal["all", "majority", "none"] = attrs.field(default="all",
                                                                 validator=_one_of(_TRICK_ENDS))
    from_trick: int = attrs.field(default=1, validator=_from_trick)

    def __repr__(self) -> str:
        # from_trick only when set: the repr stays as it was before the field (messages quote it).
        since = f", from_trick={self.from_trick!r}" if self.from_trick != 1 else ""
        return f"PauseWindow(before_play={self.before_play!r}, trick_ends={self.trick_ends!r}{since})"

    def holds(self, *, tricks_played: int, tricks_total: int) -> bool:
        """Whether the pause after ``tricks_played`` tricks (0: before the first lead) lies in it.

        >>> PauseWindow(trick_ends="majority").holds(tricks_played=7, tricks_total=13)
        True
        >>> PauseWindow(trick_ends="majority").holds(tricks_played=8, tricks_total=13)
        False
        >>> PauseWindow(from_trick=2).holds(tricks_played=1, tricks_total=13)
        False
        """
        if not tricks_played:
            return self.before_play
        if tricks_played < self.from_trick:
            return False
        return self.trick_ends == "all" or (
            self.trick_ends == "majority" and tricks_played == tricks_total // 2 + 1)


def _claim_offers(value: object) -> tuple[Action, ...]:
    actions = _actions(value, "CallClaim")
    if not actions:
        raise InvalidArgumentError("CallClaim() offers must hold at least one action")
    return actions


def _ranks(value: object) -> frozenset[Rank]:
    return _set_of(value, Rank, "CallClaim() ranks", "must be Ranks such as Rank.TEN")


def _count(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is None and attribute.name == "max_redeals":
        return
    owner = type(instance).__name__
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(f"{owner}() {attribute.name} must be an int, got {_got(value)}")
    if value < 1:
        raise InvalidArgumentError(f"{owner}() {attribute.name} must be 1 or more, got {value}")


@attrs.frozen(kw_only=True)
class CallClaim:
    """``hokm_call_alternatives``'s exact answer at the trump call, as data: a claim on weak first cards.

    Given as ``Variant.turn_windows["hokm_call_alternatives"]``. It is a promise that the
    plugin's hook answers ``offers`` at a call where each of the caller's first ``first``
    cards dealt (``hand.dealt(hand.hakem)[:first]``) has a rank in ``ranks`` and, with
    ``max_redeals``, fewer hands to this caller were annulled in a row (``hand.redeals``),
    and ``None`` at every other call. The engine then offers the claim without asking the
    hook, from the cards' mask; ``hokm.testing.check_turn_windows`` asks the hook anyway at
    the call and fails where it differs. Redeal's five-card rules declare one.

    Attributes:
        offers: the alternatives offered, after the ways to make trump (at least one).
        ranks: the ranks the caller's first cards may have.
        first: how many of the caller's first cards dealt are read.
        max_redeals: offered only while ``hand.redeals`` is below it (``None``: no limit).
        rank_mask: the cards whose rank is in ``ranks``, as a mask (``Card.mask``), derived.

    >>> from hokm import Action, Rank, cards
    >>> class Claim(Action):
    ...     tag = "example/claim"
    >>> claim = CallClaim(offers=(Claim(),), ranks=[rank for rank in Rank if rank <= Rank.TEN],
    ...                   max_redeals=2)
    >>> claim.answer(cards("10♠ 9♥ 7♣ 4♦ 2♠ A♠"), redeals=0)  # the sixth card is not read
    (Claim(),)
    >>> claim.answer(cards("J♠ 9♥ 7♣ 4♦ 2♠"), redeals=0), claim.answer(cards("10♠ 9♥ 7♣ 4♦ 2♠"), redeals=2)
    ((), ())
    """

    offers: tuple[Action, ...] = attrs.field(converter=_claim_offers)
    ranks: frozenset[Rank] = attrs.field(converter=_ranks)
    first: int = attrs.field(default=5, validator=_count)
    max_redeals: int | None = attrs.field(default=None, validator=_count)
    rank_mask: int = attrs.field(init=False, repr=False)

    @rank_mask.default
    def _rank_mask(self) -> int:
        return sum(card.mask for card in full_deck() if card.rank in self.ranks)

    def answer(self, cards: Sequence[Card], redeals: int) -> tuple[Action, ...]:
        """The claim offered to a caller dealt ``cards`` first (the first ``first`` are read) after
        ``redeals`` annulled hands in a row: ``offers``, or ``()``."""
        if self.max_redeals is not None and redeals >= self.max_redeals:
            return ()
        return self.offers if all(card.rank in self.ranks for card in cards[:self.first]) else ()


def _card_actions(value: object) -> tuple[Action, ...]:
    actions = _actions(value, "CardCall")
    if len(actions) != len(full_deck()):
        raise InvalidArgumentError(f"CardCall() actions must hold one action per card, 52 in index order, "
                                   f"got {len(actions)}")
    return actions


@attrs.frozen(kw_only=True)
class CardCall:
    """``hokm_trump_call``'s exact answer, as data: one choice per card of the caller's first cards.

    Given as ``Variant.turn_windows["hokm_trump_call"]``. It is a promise that the plugin's
    hook answers, at every trump call, ``actions[card.index]`` for each of the caller's first
    ``first`` cards dealt (``hand.dealt(hand.hakem)[:first]``), in display order
    (``Card.sort_key``: by suit, then rank high to low). While the plugin is the only
    implementation of the hook, the engine builds the choices from the cards' mask without
    asking it; ``hokm.testing.check_turn_windows`` asks it anyway at the call and fails where
    it differs. Hidden trump's chosen indicator declares one.

    Attributes:
        actions: one action per card, by card index (52, distinct).
        first: how many of the caller's first cards dealt are offered.

    >>> from hokm import Action, Card, cards, full_deck
    >>> import attrs
    >>> @attrs.frozen
    ... class Pick(Action):
    ...     tag = "example/pick"
    ...     card: Card
    >>> call = CardCall(actions=[Pick(card) for card in full_deck()], first=3)
    >>> [str(action.card) for action in call.answer(cards("9♦ A♠ 2♠ K♣"))]  # the fourth is not read
    ['A♠', '2♠', '9♦']
    """

    actions: tuple[Action, ...] = attrs.field(converter=_card_actions, repr=False)
    first: int = attrs.field(default=5, validator=_count)

    def answer(self, cards: Sequence[Card]) -> tuple[Action, ...]:
        """The choices offered to a caller dealt ``cards`` first (the first ``first`` are read)."""
        return tuple(self.actions[card.index] for card in sorted(cards[:self.first], key=_sort_key))


def _sort_key(card: Card) -> tuple[int, int]:
    return card.sort_key


@attrs.frozen
class EffectScope:
    """``hokm_decision_effect``'s promise, as data: it answers only for these actions.

    Given as ``Variant.turn_windows["hokm_decision_effect"]``. It is a promise that the
    plugin's hook answers ``None`` (the action is only recorded) for every action that is not
    an instance of one of ``actions``, as the hook's contract asks ("answer only for your own
    action types"). The engine then does not ask the hook for other actions: another
    variant's, or the plugin's own answers that only get recorded (Troefcall's capitulation
    answers). ``hokm.testing.check_turn_windows`` asks it anyway for every action offered
    outside the scope and fails where it answers. Every bundled variant with decision effects
    declares one.

    Attributes:
        actions: the ``Action`` classes the hook may answer for (subclasses included).

    >>> from hokm import Action
    >>> class Claim(Action):
    ...     tag = "example/claim"
    >>> class Decline(Action):
    ...     tag = "example/decline"
    >>> scope = EffectScope((Claim,))
    >>> scope.covers(Claim()), scope.covers(Decline())
    (True, False)
    """

    actions: tuple[type[Action], ...] = attrs.field(converter=_scoped)

    def covers(self, action: Action) -> bool:
        """Whether the hook may answer for ``action`` (else it answers ``None``)."""
        return isinstance(action, self.actions)


def _lay(value: object) -> tuple[Action, ...]:
    if isinstance(value, str | bytes) or not hasattr(value, "__iter__"):
        raise ArgumentTypeError(f"IndicatorEffects() lay must be a sequence of actions, got {_got(value)}")
    actions = tuple(value)
    for action in actions:
        if not isinstance(action, Action):
            raise ArgumentTypeError(f"IndicatorEffects() lay must hold actions, got {_got(action)}")
    if len(actions) not in (0, len(full_deck())):
        raise InvalidArgumentError(f"IndicatorEffects() lay must hold one action per card, 52 in index "
                                   f"order (or none), got {len(actions)}")
    if len(set(actions)) != len(actions):
        raise InvalidArgumentError("IndicatorEffects() lay holds the same action for two cards")
    return actions


def _turn_up(value: object) -> tuple[type[Action], ...]:
    if isinstance(value, tuple) and not value:
        return ()
    return _action_classes(value, "IndicatorEffects() turn_up")


@attrs.frozen(kw_only=True)
class IndicatorEffects(EffectScope):
    """``hokm_decision_effect``'s exact answers, as data: a card laid face down, then turned up as trump.

    Given as ``Variant.turn_windows["hokm_decision_effect"]``, in place of an ``EffectScope``
    (it is one: the hook answers only for these actions). It is a promise that the
    plugin's hook answers:

    - for ``lay[card.index]``: ``Effect(set_aside=card)``, the seat lays that card face down;
    - for an instance of one of ``turn_up``, while the hand has no trump and the Hakem has
      exactly one card set aside: ``Effect(trump=card.suit, restore=card, show=(card,))``, that
      card turned face up, its suit trump from now on, and back in his hand (else ``None``);
    - ``None`` for every other action.

    The engine then answers for the hook without asking it (and the random-play kernel takes
    a turn-up inline); ``hokm.testing.check_turn_windows`` asks it anyway for every such
    action offered and fails where it differs. Hidden trump's indicator declares one.

    Attributes:
        lay: one action per card, by card index (52, distinct), or none.
        turn_up: the announcements (``Action`` classes) that turn the laid card up.
        actions: the scope, derived: the classes of ``lay`` and ``turn_up``.

    >>> from hokm import Action, Card, full_deck
    >>> import attrs
    >>> @attrs.frozen
    ... class Lay(Action):
    ...     tag = "example/lay"
    ...     card: Card
    >>> class Show(Action):
    ...     tag = "example/show-laid"
    >>> effects = IndicatorEffects(lay=[Lay(card) for card in full_deck()], turn_up=(Show,))
    >>> from hokm import Effect
    >>> nine = Card.parse("9♦")
    >>> effects.answer(Lay(nine), trump=False, aside=()) == Effect(set_aside=nine)
    True
    >>> turned_up = Effect(trump=nine.suit, restore=nine, show=[nine])
    >>> effects.answer(Show(), trump=False, aside=[nine]) == turned_up
    True
    >>> effects.answer(Show(), trump=True, aside=()), effects.covers(Show())
    (None, True)
    """

    lay: tuple[Action, ...] = attrs.field(default=(), converter=_lay, repr=False)
    turn_up: tuple[type[Action], ...] = attrs.field(default=(), converter=_turn_up)
    actions: tuple[type[Action], ...] = attrs.field(init=False)
    laid: Mapping[Action, int] = attrs.field(init=False, repr=False, eq=False)
    """Each ``lay`` action's card index (derived)."""
    lay_effects: tuple[Effect, ...] = attrs.field(init=False, repr=False, eq=False)
    """By card index: ``Effect(set_aside=card)`` (derived, built once)."""
    turn_up_effects: tuple[Effect, ...] = attrs.field(init=False, repr=False, eq=False)
    """By card index: that card turned up as trump (derived, built once)."""

    @actions.default
    def _actions(self) -> tuple[type[Action], ...]:
        kinds = tuple(dict.fromkeys(action.__class__ for action in self.lay)) + self.turn_up
        if not kinds:
            raise InvalidArgumentError("IndicatorEffects() must lay a card or turn one up: give lay, "
                                       "turn_up or both")
        return kinds

    @laid.default
    def _laid(self) -> Mapping[Action, int]:
        return MappingProxyType({action: index for index, action in enumerate(self.lay)})

    @lay_effects.default
    def _lay_effects(self) -> tuple[Effect, ...]:
        return tuple(Effect(set_aside=card) for card in full_deck()) if self.lay else ()

    @turn_up_effects.default
    def _turn_up_effects(self) -> tuple[Effect, ...]:
        return tuple(Effect(trump=card.suit, restore=card, show=(card,)) for card in full_deck())

    def answer(self, action: Action, *, trump: bool, aside: Collection[Card]) -> Effect | None:
        """The hook's answer for ``action``, in a hand that has a trump (``trump``) or not, whose
        Hakem has ``aside`` set aside."""
        return self._answer(action, trump, sum(card.mask for card in aside))

    def _answer(self, action: Action, trump: bool, aside: int) -> Effect | None:
        """``answer`` with the Hakem's cards set aside as a mask (the engine's form)."""
        index = self.laid.get(action)
        if index is not None:
            return self.lay_effects[index]
        if isinstance(action, self.turn_up) and not trump and aside and not aside & (aside - 1):
            return self.turn_up_effects[aside.bit_length() - 1]  # exactly one card: that one
        return None
