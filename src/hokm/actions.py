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

An action travels as JSON in the form records use (``Action.to_dict`` and
``Action.from_dict``) and as the text people type (``Action.parse``);
``parse_action(data, state)`` reads either and refuses what is not legal now:

>>> PlayCard(Card.parse("A♠")).to_dict()
{'act': 'play', 'card': 'A♠'}
>>> Action.from_dict({"act": "call", "suit": "♥"}), Action.parse("play 10h")
(CallTrump(suit=Suit.HEARTS), PlayCard(card=Card.parse('10♥')))
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

import attrs

from hokm.cards import Card, Rank, Suit
from hokm.errors import (
    ArgumentTypeError,
    IllegalActionError,
    IllegalPlayError,
    InvalidArgumentError,
    InvalidNotationError,
    NotationTypeError,
    RecordError,
    _got,
    _shown,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from hokm.match import MatchState
    from hokm.observation import HandObservation, MatchObservation
    from hokm.state import HandState

__all__ = ["Action", "CallTrump", "Discard", "DrawCard", "HiddenAction", "PlayCard", "PlayOn", "parse_action"]

_A = TypeVar("_A", bound="Action")


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
    ``hokm.agents.sample_deals`` read it. ``explanation`` says what taking it
    does, for a table to show the player before it is taken.
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
    explanation: ClassVar[str] = ""
    """What taking this action does, in a sentence or two for the player about to take it (empty:
    nothing beyond its label). A table may show it before the player confirms an announcement,
    as ``hokm play`` does (``"Ask for trump? The indicator is turned face up for everyone, ..."``).
    """

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

    def to_dict(self) -> dict[str, Any]:
        """This action as plain JSON data: ``{"act": TAG, FIELD: VALUE, ...}``, without a seat.

        The form game records, observations and the bot protocol use: a card as ``"A♠"``, a
        suit as ``"♥"``, a bool, int or str as it is. ``Action.from_dict`` reads it back.

        >>> DrawCard(True).to_dict()
        {'act': 'draw', 'keep': True}
        """
        from hokm._io.fields import write_fields

        return {"act": self.tag, **write_fields(self)}

    @classmethod
    def from_dict(cls: type[_A], data: Mapping[str, Any]) -> _A:
        """The action ``to_dict`` wrote (it compares equal), of any loaded action class.

        Called on a subclass (``PlayCard.from_dict``), the action must be of that class.
        It says nothing of legality: ``hokm.parse_action(data, state)`` also checks that the
        action is legal at a state.

        >>> Action.from_dict({"act": "play", "card": "Q♥"})
        PlayCard(card=Card.parse('Q♥'))

        Raises:
            ArgumentTypeError: ``data`` is not a mapping (parse JSON text first).
            RecordError: ``data`` is not an action: an unknown ``"act"``, a missing,
                unknown or badly typed field (the message names the JSON path).
        """
        if not isinstance(data, Mapping):
            raise ArgumentTypeError(f"{cls.__name__}.from_dict() takes a mapping such as "
                                    f"{{'act': 'play', 'card': 'A♠'}}, got {_got(data)}")
        if "seat" in data:
            raise RecordError("$.seat: an action's JSON has no 'seat' (who acts is the state's to_act): "
                              "drop it, or read it with hokm.parse_action(data, state)", path="$.seat")
        from hokm._io.fields import read_action

        _, action = read_action({"seat": 0, **data}, "$", None, None, _TAGGED)
        if not isinstance(action, cls):
            raise RecordError(f"$.act: expected a {cls.__name__} action, got {action.tag!r} ({action})",
                              path="$.act")
        return action

    @staticmethod
    def parse(text: str) -> Action:
        """The action written as text, as people type it (``Move.from_uci`` in python-chess).

        Read, case and spacing aside: a card alone or ``play CARD`` (``PlayCard``),
        ``call SUIT`` (``CallTrump``; ``♥``, ``h`` or ``hearts``), ``discard CARD``,
        ``keep`` / ``reject`` (``DrawCard``), ``play on`` / ``stop`` (``PlayOn``), and any
        loaded action class by its tag: ``TAG`` for one without fields, ``TAG VALUE`` for
        one with a single field, else ``TAG NAME=VALUE ...``. Cards read as
        ``Card.parse`` reads them, so ``"as"``, ``"10h"`` and ``"play T♥"`` all work;
        ``str(action)`` of a core action reads back. Whether the action is legal is
        ``parse_action``'s question.

        >>> Action.parse("call hearts"), Action.parse("keep")
        (CallTrump(suit=Suit.HEARTS), DrawCard(keep=True))

        Raises:
            NotationTypeError: ``text`` is not a string.
            InvalidNotationError: ``text`` is not an action.
        """
        if not isinstance(text, str):
            raise NotationTypeError(f"Action.parse() takes a string such as 'play A♠' or 'call ♥', "
                                    f"got {_got(text)}")
        if len(text) > _MAX_TEXT:
            raise InvalidNotationError(f"{_shown(text)} is not an action: far too long")
        words = text.split()
        if not words:
            raise InvalidNotationError(f"{_shown(text)} is not an action: it is empty; write 'play A♠', "
                                       "'call ♥', 'keep', ...")
        head, rest = words[0].lower(), words[1:]
        try:
            if not rest and head in _WORDS:
                return _WORDS[head]
            if head == "play" and [word.lower() for word in rest] == ["on"]:
                return PLAY_ON
            if head in ("play", "discard") and len(rest) == 1:
                card = Card.parse(rest[0])
                return PLAY_CARD[card.index] if head == "play" else DISCARD[card.index]
            if head == "call" and len(rest) == 1:
                return CALL_TRUMP[Suit.parse(rest[0])]
            cls = _TAGGED.get(head)
            if cls is not None:
                return _from_words(cls, rest, text)
        except InvalidNotationError as error:
            raise InvalidNotationError(f"{_shown(text)} is not an action: {error}") from None
        if "/" in head:
            raise InvalidNotationError(f"{_shown(text)} is not an action: no loaded variant defines the "
                                       f"action {_shown(head, 40)}")
        if not rest:
            try:
                return PLAY_CARD[Card.parse(head).index]
            except InvalidNotationError as error:
                raise InvalidNotationError(f"{_shown(text)} is neither an action ('play A♠', 'call ♥', "
                                           f"'keep', ...) nor a card: {error}") from None
        raise InvalidNotationError(f"{_shown(text)} is not an action: write a card ('A♠'), 'play A♠', "
                                   "'call ♥', 'keep', 'reject', 'play on', 'stop' or an action's tag")


_MAX_TEXT = 200
"""The longest text ``Action.parse`` reads (real actions are a few words)."""


def _field_value(kind: object, word: str) -> object:
    """One word of an action's text as a value of the field type ``kind``."""
    if kind in (Card, "Card"):
        return Card.parse(word)
    if kind in (Suit, "Suit"):
        return Suit.parse(word)
    if kind in (Rank, "Rank"):
        return Rank.parse(word)
    if kind in (bool, "bool"):
        lowered = word.lower()
        if lowered not in ("true", "false", "yes", "no"):
            raise InvalidNotationError(f"{_shown(word)} is not true or false")
        return lowered in ("true", "yes")
    if kind in (int, "int", "Seat", "Team") or getattr(kind, "__supertype__", None) is int:
        if not re.fullmatch(r"-?[0-9]{1,9}", word):
            raise InvalidNotationError(f"{_shown(word)} is not a whole number")
        return int(word)
    return word


def _from_words(cls: type[Action], words: Sequence[str], text: str) -> Action:
    """An action of ``cls`` from the words after its tag: one value, or ``NAME=VALUE`` pairs."""
    from hokm._io.fields import fields_of

    fields = {field.name: field for field in attrs.fields(cls) if field.init}
    written = {field.name: field for field in fields_of(cls)}
    values: dict[str, object] = {}
    if len(fields) == 1 and len(words) == 1 and "=" not in words[0]:
        words = [f"{next(iter(fields))}={words[0]}"]
    for word in words:
        name, equals, value = word.partition("=")
        field = fields.get(name)
        if not equals or field is None or name not in written or written[name].many:
            raise InvalidNotationError(f"{_shown(word)} is not a field of {cls.tag!r} (its fields: "
                                       f"{', '.join(fields) or 'none'})")
        values[field.alias or name] = _field_value(field.type, value)
    try:
        return cls(**values)
    except (TypeError, ValueError) as error:
        raise InvalidNotationError(f"{_shown(text)} is not a valid {cls.tag!r} action: "
                                   f"{str(error)[:120]}") from None


def parse_action(data: Action | Mapping[str, Any] | str,
                 state: HandState | MatchState | HandObservation | MatchObservation) -> Action:
    """The legal action ``data`` names at ``state``: what a server does with a player's input.

    ``data`` is JSON data as ``Action.to_dict`` writes it (a ``"seat"`` key is allowed and
    must be the seat to act, as in a game record's actions), text as ``Action.parse`` reads
    it or as ``str(action)`` prints any legal action (``"ask for trump"``), or an
    ``Action``. A card alone names the legal action with that card (a discard while
    discarding), a suit alone the one with that suit. ``state`` is a ``HandState`` or a
    ``MatchState`` (its seat to act), or a seat's observation (a bot checking its own
    answer).

    >>> import hokm
    >>> hand = hokm.Ruleset.compose().deal(hokm.full_deck(), hakem=0)
    >>> parse_action({"act": "call", "suit": "♠"}, hand), parse_action("call h", hand)
    (CallTrump(suit=Suit.SPADES), CallTrump(suit=Suit.HEARTS))
    >>> parse_action("play A♠", hand)
    Traceback (most recent call last):
      ...
    hokm.errors.IllegalActionError: illegal action play A♠ by seat 0 (legal: call ♠, call ♥, call ♦, call ♣)

    Raises:
        IllegalActionError: the action is not legal at ``state`` (or a ``"seat"`` that is
            not the seat to act); ``.action``, ``.seat`` and ``.legal`` say which. A card refused
            on a turn of trick play at a state is an ``IllegalPlayError`` whose ``.reason`` names
            the rule (``"must follow ♠"``).
        RecordError: ``data`` is a mapping that is not an action.
        InvalidNotationError: ``data`` is text that is not an action.
        ArgumentTypeError: ``data`` or ``state`` has the wrong type.
    """
    legal, seat, hand = acting_at(state)
    if isinstance(data, Action):
        action = data
    elif isinstance(data, Mapping):
        action = _from_mapping(data, seat, legal)
    elif isinstance(data, str):
        action = _from_text(data, legal, seat)
    else:
        raise ArgumentTypeError(f"parse_action() takes an action's JSON data (a dict), its text or an "
                                f"Action, got {_got(data)}")
    if action not in legal:
        raise _refusal(hand, action, seat, legal)
    return action


def _refusal(hand: _Playing | None, action: Action, seat: int | None,
             legal: tuple[Action, ...]) -> IllegalActionError:
    """Why ``action`` is refused: a card refused on a turn of trick play of a state (not an
    observation) by the state's own ``IllegalPlayError``, which names the rule (``reason``);
    anything else by the legal actions."""
    if hand is not None and isinstance(action, PlayCard) and any(isinstance(option, PlayCard)
                                                                 for option in legal):
        try:
            hand.play(action.card)
        except IllegalPlayError as error:
            return error
    return _illegal(action, seat, legal)


class _Playing(Protocol):
    """A hand that refuses a card with the ``IllegalPlayError`` naming the rule (a ``HandState``)."""

    def play(self, card: Card, /) -> object: ...


@functools.singledispatch
def acting_at(state: object) -> tuple[tuple[Action, ...], int | None, _Playing | None]:
    """The legal actions at ``state``, the seat they are for, and the hand that plays a card
    there (``None`` for an observation): ``parse_action``'s view of a state.

    The state and observation classes register themselves (``acting_at.register``) where they
    are defined, so this module, which they all import, imports none of them.
    """
    raise ArgumentTypeError(f"parse_action() state must be a HandState, a MatchState or an observation, "
                            f"got {_got(state)}")


def _illegal(action: Action, seat: int | None, legal: tuple[Action, ...]) -> IllegalActionError:
    if not legal:
        why = "nobody is to act" if seat is None else f"seat {seat} has no action to take now"
        return IllegalActionError(f"illegal action {_short(action)}: {why}", action=action, seat=seat)
    return IllegalActionError(f"illegal action {_short(action)} by seat {seat} (legal: "
                              f"{_listed(legal)})", action=action, seat=seat, legal=legal)


def _short(action: Action, limit: int = 40) -> str:
    """``str(action)``, cut to ``limit`` characters (a variant's action may print long)."""
    text = str(action)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _listed(legal: Sequence[Action]) -> str:
    shown = ", ".join(_short(action) for action in legal[:10])
    return shown + (f", ... ({len(legal)} in all)" if len(legal) > 10 else "")


def _from_mapping(data: Mapping[str, Any], seat: int | None, legal: tuple[Action, ...]) -> Action:
    if "seat" in data:
        given = data["seat"]
        if given.__class__ is not int:
            raise RecordError(f"$.seat: expected a seat number, got {_got(given)}", path="$.seat")
        data = {key: value for key, value in data.items() if key != "seat"}
        if given != seat:
            action = Action.from_dict(data)
            who = "nobody is" if seat is None else f"seat {seat} is"
            raise IllegalActionError(f"seat {given} acts ({_short(action)}), but {who} to act",
                                     action=action, seat=seat, legal=legal)
    return Action.from_dict(data)


def _words(text: str) -> str:
    return " ".join(text.split()).lower()


def _from_text(text: str, legal: tuple[Action, ...], seat: int | None) -> Action:
    """The action ``text`` names, preferring the legal ones (their printed forms, a lone card or suit)."""
    if len(text) <= _MAX_TEXT:
        wanted = _words(text)
        printed = [action for action in legal if _words(str(action)) == wanted]
        if len(printed) == 1:
            return printed[0]
    try:
        action = Action.parse(text)
    except InvalidNotationError as error:
        found = _by_value(text, legal)
        if found is not None:
            return found
        if legal:
            raise InvalidNotationError(f"{str(error)[:160]} (legal now: {_listed(legal)[:100]})") from None
        raise
    if action not in legal:
        found = _by_value(text, legal) if len(text.split()) == 1 else None
        if found is not None:
            return found
    return action


def _by_value(text: str, legal: tuple[Action, ...]) -> Action | None:
    """The one legal action with the card (or suit) ``text`` names, if exactly one has it."""
    value: object
    try:
        value = Card.parse(text)
        name = "card"
    except InvalidNotationError:
        try:
            value = Suit.parse(text)
            name = "suit"
        except InvalidNotationError:
            return None
    found = [action for action in legal if getattr(action, name, None) == value]
    return found[0] if len(found) == 1 else None


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
PLAY_ON = PlayOn(True)
_WORDS: dict[str, Action] = {"keep": DRAW_CHOICES[0], "reject": DRAW_CHOICES[1], "stop": PlayOn(False)}
