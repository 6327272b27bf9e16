"""Read-only values handed to hooks, and the small values hooks return.

Hooks never receive anything they could mutate: every argument is an immutable
value from this module, ``hokm.cards``, ``hokm.table``, ``hokm.trick``
or ``hokm.outcomes``, or a read-only view of a state (``HandView``,
``MatchView``). ``Trick``, ``HandScore`` and ``Kot`` are re-exported here
for the hooks' sake.
"""

from __future__ import annotations

import enum
import types
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import attrs

from hokm._checks import check_int
from hokm._compose.play_context import PlayContext
from hokm.cards import Card, Suit
from hokm.errors import ArgumentTypeError, InvalidArgumentError, _got, _shown
from hokm.outcomes import HandScore, Kot
from hokm.table import Seat, TableLayout, Team
from hokm.trick import Trick

if TYPE_CHECKING:
    from hokm.actions import Action


PlayContext.__module__ = __name__  # its public home (defined among the compiled modules: see there)

__all__ = [
    "Capture",
    "DealPattern",
    "Decision",
    "FollowDuty",
    "HandScore",
    "HandTally",
    "HandView",
    "Kot",
    "MatchView",
    "Packets",
    "PlayContext",
    "RulesetInfo",
    "StockDraw",
    "Trick",
    "VariantInfo",
    "VoidDuty",
]

class HandView(Protocol):
    """The read-only face of a hand that hooks see (a ``hokm.HandState`` satisfies it).

    ``variants`` names the selected variants (``Ruleset.variants``), so a rule can
    adapt to another variant it is composed with (``"double-sar" in hand.variants``).
    ``options`` gives every composed plugin's option values by variant name, standard
    first, defaults included (``Ruleset.option_values``, the same data as
    ``RulesetInfo.options`` while composing), so a rule can follow another variant's
    option during play (``hand.options["be-ranga"]["first_pickup"]``); it is read-only
    and cheap to read on every trick.
    """

    @property
    def layout(self) -> TableLayout: ...
    @property
    def variants(self) -> tuple[str, ...]: ...
    @property
    def options(self) -> Mapping[str, Mapping[str, Any]]: ...
    @property
    def hakem(self) -> Seat: ...
    @property
    def dealer(self) -> Seat: ...
    @property
    def trump(self) -> Suit | None: ...
    @property
    def tricks_total(self) -> int: ...
    @property
    def tricks_played(self) -> int: ...
    @property
    def tricks_left(self) -> int: ...
    @property
    def winners(self) -> tuple[Seat, ...]: ...
    @property
    def collectors(self) -> tuple[Seat | None, ...]: ...
    @property
    def tricks_won(self) -> tuple[int, ...]: ...
    @property
    def team_tricks(self) -> tuple[int, ...]: ...
    @property
    def pile(self) -> int: ...
    @property
    def tricks(self) -> tuple[Trick, ...]: ...
    @property
    def decisions(self) -> tuple[tuple[Seat, Action], ...]: ...
    @property
    def decisions_at(self) -> tuple[int, ...]: ...
    @property
    def trump_from(self) -> int: ...
    @property
    def announced(self) -> Action | None: ...
    @property
    def shown(self) -> frozenset[Card]: ...
    @property
    def to_act(self) -> Seat | None: ...
    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]: ...
    @property
    def current_trick(self) -> Trick: ...
    @property
    def redeals(self) -> int: ...
    @property
    def set_aside(self) -> tuple[frozenset[Card], ...]: ...
    def set_aside_unseen(self, seat: int) -> frozenset[Card]: ...
    def hand_of(self, seat: int) -> frozenset[Card]: ...
    def hand_mask(self, seat: int) -> int: ...
    def dealt(self, seat: int) -> tuple[Card, ...]: ...
    @property
    def kot_team(self) -> Team | None: ...
    def team_of(self, seat: int) -> Team: ...
    def first_tricks_by(self, count: int) -> Team | None: ...


@attrs.frozen
class HandTally:
    """The facts a finished hand's score may rest on, small enough to tabulate.

    ``hokm_kot`` and ``hokm_hand_score`` receive it beside the hand. An implementation
    that takes the tally and neither ``hand`` nor ``match`` is asked once per distinct
    tally, never per hand: its answers are kept, and a batch of hands is scored from
    them (in the C kernel too, ``Ruleset.native``).

    >>> from hokm.table import Seat, Team
    >>> tally = HandTally(hakem=Seat(0), hakem_team=Team(0), team_tricks=(7, 2),
    ...                   tricks_played=9, tricks_total=13, opening_team=Team(0), opening_run=4)
    >>> tally.first_tricks_by(4), tally.first_tricks_by(5), tally.tricks_left
    (0, None, 4)

    Attributes:
        hakem: the hand's Hakem.
        hakem_team: the Hakem's team.
        team_tricks: the tricks each team collected (``HandView.team_tricks``).
        tricks_played: the tricks played.
        tricks_total: the tricks in a full hand.
        opening_team: the team that won the hand's first ``opening_run`` tricks (``None``
            before the first trick).
        opening_run: how many tricks in a row from the first that team won.
    """

    hakem: Seat
    hakem_team: Team
    team_tricks: tuple[int, ...]
    tricks_played: int
    tricks_total: int
    opening_team: Team | None
    opening_run: int

    @property
    def tricks_left(self) -> int:
        """The tricks not played (0 after a full hand)."""
        return self.tricks_total - self.tricks_played

    def first_tricks_by(self, count: int) -> Team | None:
        """The team that won each of the first ``count`` tricks, if one did (as
        ``HandView.first_tricks_by``)."""
        if count.__class__ is not int or not 1 <= count <= self.tricks_total:
            check_int(count, "count", low=1, high=self.tricks_total)
        return self.opening_team if self.opening_run >= count else None


class MatchView(Protocol):
    """The read-only face of a match that match-level hooks see."""

    @property
    def layout(self) -> TableLayout: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def results(self) -> tuple[HandResultLike, ...]: ...


class HandResultLike(Protocol):
    """What match-level hooks read of a finished hand (``hokm.HandResult``)."""

    @property
    def winner(self) -> Team: ...
    @property
    def points(self) -> int: ...
    @property
    def kot(self) -> bool: ...
    @property
    def hakem(self) -> Seat: ...
    @property
    def label(self) -> str: ...


def _names_in(value: object, attribute: str, example: str) -> list[str]:
    """The variant names of ``value``: an iterable of strings, never one bare string."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"VariantInfo() {attribute} must be {example}, got {_got(value)}")
    names = list(value)
    for name in names:
        if not isinstance(name, str):
            raise ArgumentTypeError(f"VariantInfo() {attribute} must hold variant names (strings), "
                                    f"got {_got(name)}")
    return names


def _reasons(value: Mapping[str, str] | Iterable[str]) -> tuple[tuple[str, str], ...]:
    example = "variant names or a mapping of name to reason, e.g. {'two-player': 'why'}"
    if isinstance(value, Mapping):
        names = _names_in(value.keys(), "conflicts", example)
        for reason in value.values():
            if not isinstance(reason, str):
                raise ArgumentTypeError(f"VariantInfo() conflicts: each reason must be a string, "
                                        f"got {_got(reason)}")
        return tuple(sorted((name, value[name]) for name in names))
    return tuple(sorted((name, "") for name in _names_in(value, "conflicts", example)))


def _names(value: Iterable[str]) -> frozenset[str]:
    return frozenset(_names_in(value, "requires", "variant names, e.g. ('satat',)"))


def _text(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, str):
        raise ArgumentTypeError(f"VariantInfo() {attribute.name} must be a string, got {_got(value)}")


@attrs.frozen
class VariantInfo:
    """What a variant declares about itself.

    Attributes:
        summary: one line for ``hokm variants`` and the docs.
        name: the canonical (entry-point) name; derived from the class name if empty.
        conflicts: variant names this one cannot run with, each with the reason
            (give a mapping name -> reason, or just names).
        requires: variant names that must be selected too.
        source: where the rule comes from: a public citation (a pagat page, a book, a site).
        replaces: standard options this variant makes meaningless, each with the reason
            (a mapping option -> reason, or just names). Giving such an option with the
            variant selected is refused when the ruleset is composed: every option is
            honoured or refused, never silently ignored.
    """

    summary: str = attrs.field(validator=_text)
    name: str = attrs.field(default="", validator=_text)
    conflicts: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_reasons)
    requires: frozenset[str] = attrs.field(default=frozenset(), converter=_names)
    source: str = attrs.field(default="", validator=_text)
    replaces: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_reasons, kw_only=True)

    @property
    def conflict_names(self) -> frozenset[str]:
        """The names this variant declares a conflict with."""
        return frozenset(name for name, _ in self.conflicts)

    def conflict_reason(self, name: str) -> str:
        """Why this variant cannot run with ``name`` ("" if no reason was given)."""
        return dict(self.conflicts).get(name, "")

    def replaced_options(self) -> dict[str, str]:
        """The standard options this variant replaces, with the reasons."""
        return dict(self.replaces)


def _option_views(value: Mapping[str, Mapping[str, Any]]) -> Mapping[str, Mapping[str, Any]]:
    """Read-only copies, two levels deep: a hook cannot change what the others see."""
    return types.MappingProxyType({name: types.MappingProxyType(dict(options))
                                   for name, options in value.items()})


@attrs.frozen
class RulesetInfo:
    """The composition being checked by ``hokm_check_ruleset``.

    >>> info = RulesetInfo(("satat",), {"standard": {"partners": "seating"}, "satat": {}})
    >>> "satat" in info, info.options["standard"]["partners"]
    (True, 'seating')
    """

    variants: tuple[str, ...]
    """The selected variant names, in the order given."""
    options: Mapping[str, Mapping[str, Any]] = attrs.field(
        factory=dict, converter=_option_views, hash=False)
    """Every plugin's options by name, ``"standard"`` first, as the plugins hold them
    (defaults included, read-only), for vetoes that depend on another plugin's option."""

    def __contains__(self, name: object) -> bool:
        return name in self.variants


def _sizes(value: Iterable[int]) -> tuple[int, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"Packets() sizes must be packet sizes such as (5, 4, 4), got "
                                f"{_got(value)}")
    return tuple(value)


def _discards(value: Iterable[int]) -> tuple[int, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"StockDraw() discards must be counts of cards such as (3, 2), got "
                                f"{_got(value)}")
    return tuple(value)


def _count(low: int) -> Any:
    """An attrs validator: an int (not a bool) of at least ``low``."""
    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ArgumentTypeError(f"{type(instance).__name__}() {attribute.name} must be an int, "
                                    f"got {_got(value)}")
        if value < low:
            raise InvalidArgumentError(f"{type(instance).__name__}() {attribute.name} must be at "
                                       f"least {low}, got {_got(value)}")
    return check


@attrs.frozen
class Packets:
    """Deal in rounds of packets, in play order starting with the Hakem.

    The deal pauses after the Hakem's first packet; the Hakem calls trump having
    seen exactly those cards, then the rest is dealt. ``Packets((5, 4, 4))`` is
    pagat's deal.
    """

    sizes: tuple[int, ...] = attrs.field(converter=_sizes)
    undealt: bool = attrs.field(default=False, kw_only=True)
    """Whether the packets may leave cards of the deck undealt, never seen by anyone
    (two-player ``dead-half``); by default they must deal the whole deck."""

    @undealt.validator
    def _check_undealt(self, _attribute: object, value: object) -> None:
        if value.__class__ is not bool:
            raise ArgumentTypeError(f"Packets() undealt must be True or False, got {_got(value)}")

    @sizes.validator
    def _check(self, _attribute: object, value: tuple[int, ...]) -> None:
        if any(isinstance(v, bool) or not isinstance(v, int) for v in value):
            raise ArgumentTypeError(f"Packets() sizes must be positive integers, got {_shown(value)}")
        if not value or any(v < 1 for v in value):
            raise InvalidArgumentError(f"Packets() sizes must be positive integers, got {_shown(value)}")

    @property
    def hand_size(self) -> int:
        """Cards each seat holds once the deal is complete."""
        return sum(self.sizes)


@attrs.frozen
class StockDraw:
    """Two-player deal: a first packet each, trump, then keep/reject draws from the stock.

    On each turn (Hakem first) the drawer sees the top card and keeps it (the
    next card is discarded) or rejects it (and must take the next card), until
    every seat holds ``hand_size`` cards.
    """

    first_packet: int = attrs.field(default=5, validator=_count(1))
    hand_size: int = attrs.field(default=13, validator=_count(1))
    second_card_seen: bool = attrs.field(default=False)
    """Whether the drawer sees the card discarded after a keep (information only)."""
    discards: tuple[int, ...] = attrs.field(default=(), kw_only=True, converter=_discards)
    """Cards each seat lays face down out of play after the trump call, before the draw,
    in play order from the Hakem (``(3, 2)``: the Hakem 3, then the other seat 2)."""
    last_choice: bool = attrs.field(default=False, kw_only=True)
    """On the last turn, with two stock cards left, the drawer sees both and keeps either."""

    @discards.validator
    def _check_discards(self, _attribute: object, value: tuple[object, ...]) -> None:
        if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in value):
            raise InvalidArgumentError(f"StockDraw() discards must be counts of cards (ints >= 0), "
                                       f"got {_shown(value)}")

    @last_choice.validator
    def _check_last(self, _attribute: object, value: object) -> None:
        if value.__class__ is not bool:
            raise ArgumentTypeError(f"StockDraw() last_choice must be True or False, got {_got(value)}")

    @second_card_seen.validator
    def _check_seen(self, _attribute: object, value: object) -> None:
        if value.__class__ is not bool:
            raise ArgumentTypeError(f"StockDraw() second_card_seen must be True or False, "
                                    f"got {_got(value)}")
        if self.first_packet > self.hand_size:
            raise InvalidArgumentError(f"StockDraw() first_packet ({self.first_packet}) must not "
                                       f"exceed hand_size ({self.hand_size})")


DealPattern = Packets | StockDraw
"""The deal procedures the core knows how to run."""


class VoidDuty(enum.Enum):
    """What a seat that cannot follow the led suit must play (the answer of ``hokm_void_duty``).

    The classic duties of trick-taking games, declared once and applied by the
    engine from its tables: a rule that needs no plugin call on any card.
    """

    TRUMP = "trump"
    """Play a trump if you hold one."""
    OVERTRUMP = "overtrump"
    """Play a trump that beats the card winning the trick if you can; else any trump."""

    def __repr__(self) -> str:
        return f"VoidDuty.{self.name}"


class FollowDuty(enum.Enum):
    """What a seat that follows suit must play (the answer of ``hokm_follow_duty``).

    The counterpart of ``VoidDuty`` for the seats that can follow: declared once and applied by
    the engine from its power tables, so the rule costs no plugin call on any card.
    """

    BEAT = "beat"
    """Play a card of the led suit that beats the card winning the trick, if you hold one; else
    any card of the led suit (a trick already trumped cannot be beaten by following)."""

    def __repr__(self) -> str:
        return f"FollowDuty.{self.name}"


@attrs.frozen
class Capture:
    """Who collects the tricks lying in the centre after a trick, if anyone.

    ``Capture(seat)``: ``seat`` collects every uncollected trick (the one just
    won included) for his team. ``Capture(None)``: the trick stays in the
    centre (Double Sar).
    """

    collector: Seat | None

    NOBODY: ClassVar[Capture]

    @classmethod
    def of(cls, seat: int | None) -> Capture:
        """The shared ``Capture`` for ``seat`` (cheaper than building one per trick).

        >>> Capture.of(2) is Capture.of(2), Capture.of(None) is Capture.NOBODY
        (True, True)
        """
        found = _CAPTURES.get(seat)
        if found is None:  # a seat beyond 16 (or an unusual value): one shared value all the same
            found = _CAPTURES.setdefault(seat, cls(seat))  # type: ignore[arg-type]
        return found


# Built at import for every seat a table can have (2 to 16), so threads never race to make them
# and the engine can trust their identity.
_CAPTURES: dict[int | None, Capture] = {seat: Capture(seat) for seat in (None, *range(16))}
Capture.NOBODY = Capture.of(None)


def _actions(value: Iterable[Action]) -> tuple[Action, ...]:
    return tuple(value)


@attrs.frozen
class Decision:
    """A blocking decision: only ``options`` are legal until ``seat`` picks one."""

    seat: Seat
    options: tuple[Action, ...] = attrs.field(converter=_actions)
    reason: str = ""
