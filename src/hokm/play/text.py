"""Words at the table: typed cards read leniently, actions and seats labelled for people.

Nothing here imports Textual: the model, the tests and the app share these helpers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from hokm._cli.common import ascii_suits, can_write_suits
from hokm.actions import Action, CallTrump, Discard, DrawCard, PlayCard, PlayOn
from hokm.cards import Card, Suit
from hokm.errors import InvalidNotationError, NotationTypeError, _shown
from hokm.observation import HandObservation
from hokm.table import Rotation

__all__ = [
    "SUIT_ORDER",
    "action_label",
    "ascii_suits",
    "can_write_suits",
    "parse_card_text",
    "seat_positions",
    "sorted_hand",
]

SUIT_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""The order a hand is shown in: black and red suits alternate, so neighbours never look alike."""

_WORDS = {
    "ace": "a", "king": "k", "queen": "q", "jack": "j", "ten": "10", "nine": "9", "eight": "8",
    "seven": "7", "six": "6", "five": "5", "four": "4", "three": "3", "two": "2",
    "spade": "s", "spades": "s", "heart": "h", "hearts": "h", "diamond": "d", "diamonds": "d",
    "club": "c", "clubs": "c", "of": "",
}
_SUIT_CHARS = "shdc♠♥♦♣♤♡♢♧"


def parse_card_text(text: str) -> Card:
    """A card from what a player types: ``A♠``, ``as``, ``10h``, ``th``, and also ``a s``,
    ``sa`` (suit first), ``♠A`` or ``ace of spades``.

    ``hokm.Card.parse`` reads the strict forms; this adds the forms a hurried player types.

    >>> parse_card_text("as"), parse_card_text("sa"), parse_card_text("queen of hearts")
    (Card.parse('A♠'), Card.parse('A♠'), Card.parse('Q♥'))

    Raises:
        InvalidNotationError: ``text`` is no card in any of these forms (the message is
            ``Card.parse``'s).
        NotationTypeError: ``text`` is not a string.
    """
    if not isinstance(text, str):
        raise NotationTypeError(f"a typed card must be a string such as 'as' or '10h', got {_shown(text)}")
    try:
        return Card.parse(text)
    except InvalidNotationError as error:
        first = error
    words = re.split(r"\s+", text.strip().lower())
    compact = "".join(_WORDS.get(word, word) for word in words)
    candidates = [compact]
    if len(compact) >= 2 and compact[0] in _SUIT_CHARS:
        candidates.append(compact[1:] + compact[0])
    for candidate in candidates:
        try:
            return Card.parse(candidate)
        except InvalidNotationError:
            continue
    raise first


def sorted_hand(cards: Iterable[Card]) -> list[Card]:
    """``cards`` in display order: by suit (``SUIT_ORDER``), high rank first within a suit."""
    return sorted(cards, key=lambda card: (SUIT_ORDER.index(card.suit), -int(card.rank)))


def action_label(action: Action, observation: HandObservation | None = None) -> str:
    """A readable label for a decision: ``"call trump ♥ (hearts)"``, ``"keep 7♣"``, ...

    Actions of a variant that define ``__str__`` are shown that way; others by their
    record tag and fields (``"my-variant/ask: position=2"``).

    >>> from hokm import CallTrump, Suit
    >>> action_label(CallTrump(Suit.HEARTS))
    'call trump ♥ (hearts)'
    """
    offered = observation.offered if observation is not None else None
    if isinstance(action, PlayCard):
        return f"play {action.card}"
    if isinstance(action, CallTrump):
        return f"call trump {action.suit} ({action.suit.name.lower()})"
    if isinstance(action, DrawCard):
        if action.keep:
            return f"keep {offered}" if offered is not None else "keep the offered card"
        return f"reject {offered}, take the next" if offered is not None else "reject, take the next"
    if isinstance(action, Discard):
        return f"discard {action.card}"
    if isinstance(action, PlayOn):
        return "play on for every trick" if action.accept else "stop here"
    if type(action).__str__ is not object.__str__ and type(action).__str__ is not Action.__str__:
        return str(action)
    fields = getattr(type(action), "__attrs_attrs__", ())
    shown = ", ".join(f"{field.name}={getattr(action, field.name)}" for field in fields)
    return f"{action.tag}: {shown}" if shown else action.tag


def seat_positions(players: int, rotation: Rotation, you: int) -> dict[int, str]:
    """Where each seat sits as you see the table: ``"bottom"`` (you), ``"right"``, ``"top"``, ``"left"``.

    Play passes to the right counter-clockwise (standard Hokm), to the left clockwise.

    >>> from hokm.table import Rotation
    >>> seat_positions(4, Rotation.COUNTERCLOCKWISE, 0)
    {0: 'bottom', 1: 'right', 2: 'top', 3: 'left'}
    >>> seat_positions(2, Rotation.CLOCKWISE, 1)
    {1: 'bottom', 0: 'top'}
    """
    if players == 2:
        ring = ["bottom", "top"]
    elif players == 3:
        ring = ["bottom", "right", "left"]
    else:
        ring = ["bottom", "right", "top", "left"][:players]
    if rotation is Rotation.CLOCKWISE:
        swap = {"right": "left", "left": "right"}
        ring = [swap.get(place, place) for place in ring]
    return {(you + step) % players: ring[step] for step in range(players)}

