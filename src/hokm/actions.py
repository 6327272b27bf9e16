"""Decisions as actions: everything a seat can do is a typed, immutable value.

A hand is not only "play a card". The Hakem calls trump, a two-player seat
keeps or rejects a stock card, a kot team may choose to play on. States expose
``to_act``, ``legal_actions()`` and ``apply(action)`` over these values, and a
variant may define its own ``Action`` subclasses for new decisions.

Every action class has a ``tag``, the short name game records write for it
(``{"seat": 0, "act": "play", "card": "A♠"}``). A subclass names its own with a
``tag`` class variable, or gets its class name in kebab case (``RevealTrump`` is
``"reveal-trump"``); defining the class registers the tag, so a record that
uses it can be read back (see ``Action.tagged``). A third-party variant should
prefix its tags with its own name (``"my-variant/ask"``).

>>> from hokm import Card, Suit
>>> PlayCard(Card.parse("A♠"))
PlayCard(card=Card.parse('A♠'))
>>> CallTrump(Suit.HEARTS) == CallTrump(Suit.HEARTS)
True
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import attrs

from hokm.cards import Card, Suit
from hokm.errors import ArgumentTypeError, InvalidArgumentError, NotationTypeError, _got, _shown

__all__ = ["Action", "CallTrump", "Discard", "DrawCard", "HiddenAction", "PlayCard", "PlayOn"]


def _card(_instance: object, _attribute: attrs.Attribute[Any], value: object) -> None:
    if value.__class__ is not Card:
        hint = "; Card.parse() reads text" if isinstance(value, str) else ""
        raise NotationTypeError(f"{type(_instance).__name__}() card must be a Card, got {_got(value)}{hint}")


def _suit(_instance: object, _attribute: attrs.Attribute[Any], value: object) -> None:
    if value.__class__ is not Suit:
        hint = "; Suit.parse() reads text" if isinstance(value, str) else ""
        raise NotationTypeError(f"CallTrump() suit must be a Suit such as Suit.HEARTS, got "
                                f"{_got(value)}{hint}")


def _flag(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value.__class__ is not bool:
        raise ArgumentTypeError(f"{type(instance).__name__}() {attribute.name} must be True or "
                                f"False, got {_got(value)}")


_TAG = re.compile(r"[a-z0-9][a-z0-9._-]*(?:/[a-z0-9][a-z0-9._-]*)*")
_TAGGED: dict[str, type[Action]] = {}


def _qualified_tag(cls: type) -> str:
    """A tag from the module and qualified name, for a class whose short tag another class holds."""
    text = f"{cls.__module__}.{cls.__qualname__}".lower()
    return re.sub(r"[^a-z0-9._/-]+", "-", text).strip("-.")[-64:].lstrip("-._/") or "action"


def _kebab(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "-", name).lower()


@attrs.frozen
class Action:
    """Base class of every action; variants subclass it for decisions of their own.

    A subclass is an ``attrs`` class whose fields say what was chosen. Records
    write an action as its ``tag`` and its fields (a ``Card`` as ``"A♠"``, a
    ``Suit`` as ``"♥"``, a bool, int or str as it is), so give every field one
    of these types (or a tuple of them, or ``None``). A subclass whose choice
    the rules keep from the other seats sets ``private = True``: their
    observations show it as ``HiddenAction()``. One whose very taking they
    must not learn sets ``secret = True``: their observations leave it out.
    That is declining an offer only the deciding seat knew of, when being
    offered it tells something about its cards (the other seats learn only
    which seat the game waits for). An announcement the rules offer inside a
    trick only to a seat holding no card of the led suit (asking for a hidden
    trump) sets ``shows_void = True``: taking it there tells every seat so,
    and the observations' public knowledge (``voids``, ``cannot_hold``) and
    ``hokm.agents.sample_deals`` read it.
    """

    tag: ClassVar[str] = ""
    """The name records use for this class; unique among all action classes.

    Give it explicitly (``tag = "my-variant/ask"``) so records stay readable and stable;
    without one a class is named after itself in kebab case (``ThrowIn``: ``"throw-in"``),
    or, if another class already holds that name, after its module and qualified name.
    """
    private: ClassVar[bool] = False
    secret: ClassVar[bool] = False
    shows_void: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        explicit = cls.__dict__.get("tag")
        tag = explicit or _kebab(cls.__name__.lstrip("_"))
        if not isinstance(tag, str) or len(tag) > 64 or not _TAG.fullmatch(tag):
            raise InvalidArgumentError(
                f"{cls.__qualname__}.tag must be a short lower-case name such as 'play' or "
                f"'my-variant/ask' (letters, digits, '.', '_', '-', '/'), got {_shown(tag)}")
        known = _TAGGED.get(tag)
        if known is not None and (known.__module__, known.__qualname__) != (cls.__module__, cls.__qualname__):
            if explicit:
                raise InvalidArgumentError(
                    f"action tag {tag!r} of {cls.__module__}.{cls.__qualname__} is already taken by "
                    f"{known.__module__}.{known.__qualname__}: give the class a tag of its own")
            tag = _qualified_tag(cls)  # an unnamed class whose short name is taken
        cls.tag = tag
        _TAGGED[tag] = cls  # attrs remakes a slotted class: the final class replaces the first

    @staticmethod
    def tagged(tag: str) -> type[Action] | None:
        """The action class registered under ``tag``, or ``None`` if no loaded module defines it.

        >>> Action.tagged("play") is PlayCard, PlayCard.tag, Action.tagged("no-such-action")
        (True, 'play', None)
        """
        return _TAGGED.get(tag)


@attrs.frozen
class HiddenAction(Action):
    """Another seat's private decision, as your observation shows it: that it decided, not what."""

    tag = "hidden"

    def __str__(self) -> str:
        return "(hidden)"


@attrs.frozen
class PlayCard(Action):
    """Play ``card`` to the current trick."""

    tag = "play"

    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class CallTrump(Action):
    """The Hakem names the trump suit (having seen only his first packet)."""

    tag = "call"

    suit: Suit = attrs.field(validator=_suit)

    def __str__(self) -> str:
        return f"call {self.suit.value}"


@attrs.frozen
class DrawCard(Action):
    """Two-player stock draw: keep the top card (the next is discarded) or reject it (take the next)."""

    tag = "draw"

    keep: bool = attrs.field(validator=_flag)

    def __str__(self) -> str:
        return "keep" if self.keep else "reject"


@attrs.frozen
class Discard(Action):
    """Lay ``card`` face down out of play before the draw (two-player ``zhinam`` and ``fifty-card``).

    Only the discarding seat ever sees it.
    """

    tag = "discard"

    private: ClassVar[bool] = True
    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class PlayOn(Action):
    """Answer to a play-on offer (bavney, 52-court): ``True`` plays on for all 13 tricks."""

    tag = "play-on"

    accept: bool = attrs.field(validator=_flag)

    def __str__(self) -> str:
        return "play on" if self.accept else "stop"


PLAY_CARD: tuple[PlayCard, ...] = tuple(PlayCard(Card.from_index(i)) for i in range(52))
"""Interned ``PlayCard`` actions by card index (the hot path reuses them)."""
CALL_TRUMP: dict[Suit, CallTrump] = {suit: CallTrump(suit) for suit in Suit}
CALL_TRUMP_ACTIONS: tuple[Action, ...] = tuple(CALL_TRUMP.values())
"""The standard trump call's choices, in suit order."""
DRAW_CHOICES: tuple[DrawCard, DrawCard] = (DrawCard(True), DrawCard(False))
DISCARD: tuple[Discard, ...] = tuple(Discard(Card.from_index(i)) for i in range(52))
"""Interned ``Discard`` actions by card index."""
CORE_ACTIONS: tuple[type[Action], ...] = (PlayCard, CallTrump, DrawCard, Discard)
"""The actions the core applies itself; any other action is a variant's (a decision)."""
HIDDEN = HiddenAction()
