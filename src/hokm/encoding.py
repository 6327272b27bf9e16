"""Fixed-size encodings of actions and observations, for learning frameworks.

Frameworks such as OpenSpiel, PettingZoo and Gymnasium want numbers: a fixed set of
action ids with a mask of the legal ones, and an observation tensor of fixed shape.
Both are built per ruleset and depend on nothing but a seat's observation, so they
never reveal more than the seat may know.

* ``ActionSpace(ruleset)``: ids ``0``-``51`` play the card of that ``Card.index``,
  ``52``-``55`` call a trump suit (in ``Suit`` order), then the stock draw's actions
  when the deal has one, then every action the selected variants declare through the
  ``hokm_action_space`` hook, in the order the variants are listed.
* ``ObservationEncoder(ruleset)``: a float32 vector (every value in ``[0, 1]``) of
  named sections: the seat's hand, the trick by relative seat, the cards each seat
  played, voids, trump, Hakem, phase, counts and the variants' public fields.

Needs numpy (it comes with ``hokm[pettingzoo]``, ``hokm[gymnasium]`` and
``hokm[openspiel]``); ``import hokm`` never imports this module.

>>> import hokm
>>> from hokm.encoding import ActionSpace, ObservationEncoder
>>> rules = hokm.Ruleset.compose()
>>> space, encoder = ActionSpace(rules), ObservationEncoder(rules)
>>> space.size, space.describe()[0], space.describe()[52]
(56, 'play 2♠', 'call ♠')
>>> hand = rules.deal(hokm.full_deck())
>>> observation = hand.observation(hand.to_act)
>>> [space.action_of(i) for i in space.legal_ids(observation)] == list(observation.legal_actions)
True
>>> vector = encoder.encode(observation)
>>> vector.shape == encoder.shape, vector.dtype.name, float(vector.sum())
(True, 'float32', 12.0)
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any

from hokm._io.layout import Section, build_layout
from hokm.actions import Action, PlayCard
from hokm.errors import (
    ArgumentTypeError,
    InvalidArgumentError,
    MissingExtraError,
    UnknownActionError,
    _got,
    _shown,
)
from hokm.observation import HandObservation, MatchObservation

try:
    import numpy as np
except ModuleNotFoundError as _error:  # pragma: no cover - exercised in a venv without numpy
    raise MissingExtraError(
        "hokm.encoding needs numpy, which is not installed: install it, or an adapter extra "
        "that brings it: pip install 'hokm[gymnasium]' (or 'hokm[pettingzoo]', 'hokm[openspiel]')",
        extra="gymnasium", package="numpy") from _error

if TYPE_CHECKING:
    import numpy.typing as npt

    from hokm.rules import Ruleset

__all__ = ["ActionSpace", "ObservationEncoder", "Section", "describe_sections"]

Observation = HandObservation | MatchObservation


def _hand_view(observation: object) -> HandObservation:
    if observation.__class__ is HandObservation:
        return observation
    if isinstance(observation, MatchObservation):
        return observation.hand
    raise ArgumentTypeError(f"observation must be a HandObservation or MatchObservation (from "
                            f"state.observation(seat)), got {_got(observation)}")


def as_action_id(value: object, name: str = "action id") -> int:
    """``value`` as an action id: an int or a numpy integer (a 0-d or one-item integer array too).

    A bool, a float or a string (``"3"`` from JSON text) is refused with an
    ``ArgumentTypeError``: ``int()`` would take it silently as another id.
    """
    if value.__class__ is int:
        return value
    kind = type(value).__name__
    if not (isinstance(value, bool | str | bytes | float) or kind in ("bool", "bool_")):
        item = getattr(value, "item", None)
        if callable(item) and getattr(value, "size", None) == 1 and getattr(value, "ndim", 0) <= 1:
            value = item()  # a numpy scalar or a one-item array, as RL libraries pass it
        try:
            if not isinstance(value, bool):
                return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise ArgumentTypeError(f"{name} must be an int, got {_got(value)}")


class ActionSpace:
    """A ruleset's fixed action space: every action any state of it can offer, numbered.

    Built from the plugins' ``hokm_action_space`` declarations (see the hook reference):
    ids 0-51 play a card by ``Card.index``, 52-55 call a suit, then the stock draw's
    actions if the deal has one, then each variant's declared actions. An action declared
    by two plugins (``PlayOn``) keeps its first id.

    Attributes:
        ruleset: the ruleset it numbers.
        actions: every action, by id.
        declared_by: per id, the plugin that declared the action.
        size: the number of ids.
    """

    __slots__ = ("_ids", "_names", "actions", "declared_by", "ruleset", "size")

    def __init__(self, ruleset: Ruleset) -> None:
        from hokm.rules import Ruleset

        if not isinstance(ruleset, Ruleset):
            raise ArgumentTypeError(f"ActionSpace() ruleset must be a hokm.Ruleset, got {_got(ruleset)}")
        ids: dict[Action, int] = {}
        actions: list[Action] = []
        owners: list[str] = []
        for plugin, declared in ruleset.declared_actions():
            for action in declared:
                if action not in ids:
                    ids[action] = len(actions)
                    actions.append(action)
                    owners.append(plugin)
        self.ruleset = ruleset
        self.actions: tuple[Action, ...] = tuple(actions)
        self.declared_by: tuple[str, ...] = tuple(owners)
        self.size = len(actions)
        self._ids = ids
        names = [str(action) for action in actions]
        repeated = {name for name in names if names.count(name) > 1}
        self._names = tuple(f"{name} [{action.tag}]" if name in repeated else name
                            for name, action in zip(names, actions, strict=True))

    def __repr__(self) -> str:
        return f"ActionSpace({self.ruleset.describe()}: {self.size} actions)"

    def id_of(self, action: Action) -> int:
        """The id of ``action``.

        Raises:
            UnknownActionError: no composed plugin declares this action.
        """
        if action.__class__ is PlayCard:
            return action.card.index
        found = self._ids.get(action) if isinstance(action, Action) else None
        if found is None:
            if not isinstance(action, Action):
                raise ArgumentTypeError(f"id_of() action must be a hokm.Action, got {_got(action)}")
            raise UnknownActionError(
                f"{action!r} is not in the action space of {self.ruleset.describe()}: the plugin that "
                "offers it must declare it through the hokm_action_space hook")
        return found

    def action_of(self, action_id: int) -> Action:
        """The action numbered ``action_id`` (numpy integers are accepted).

        Raises:
            UnknownActionError: ``action_id`` is not an id of this space.
            ArgumentTypeError: ``action_id`` is not an integer (a bool, a float or a
                string such as ``"3"`` is not an id).
        """
        index = as_action_id(action_id, "action_of() action_id")
        if 0 <= index < self.size:
            return self.actions[index]
        raise UnknownActionError(f"action id {_shown(action_id)} is not in the action space of "
                                 f"{self.ruleset.describe()}: ids run from 0 to {self.size - 1}")

    def legal_ids(self, observation: Observation) -> list[int]:
        """The ids of the observation's legal actions, in its ``legal_actions`` order.

        Raises:
            UnknownActionError: a legal action is not declared (a plugin forgot the hook).
        """
        ids = self._ids
        out: list[int] = []
        for action in _hand_view(observation).legal_actions:
            found = action.card.index if isinstance(action, PlayCard) else ids.get(action)
            out.append(self.id_of(action) if found is None else found)  # id_of raises, naming it
        return out

    def mask(self, observation: Observation) -> npt.NDArray[np.int8]:
        """A ``(size,)`` int8 array: 1 at the ids of the legal actions, 0 elsewhere."""
        out = np.zeros(self.size, dtype=np.int8)
        out[self.legal_ids(observation)] = 1
        return out

    def mask_into(self, observation: Observation, out: npt.NDArray[Any]) -> npt.NDArray[Any]:
        """``mask`` written into ``out`` (any numeric array of shape ``(size,)``); returns it."""
        out[:] = 0
        out[self.legal_ids(observation)] = 1
        return out

    def describe(self) -> tuple[str, ...]:
        """A name for every id, in id order (``"play A♠"``, ``"call ♥"``, ``"keep"``, ...).

        Names are the actions' ``str``; where two actions print alike, the tag is added.
        """
        return self._names


class ObservationEncoder:
    """A seat's observation as a fixed-size float32 vector, the same function for every seat.

    Seats are relative: ``+0`` is the observing seat, ``+1`` the next to play after it,
    and so on; teams likewise (``own`` first). Counts are scaled to ``[0, 1]`` (see
    ``sections()`` for each one's divisor). The vector depends on the observation
    alone: it holds nothing the seat may not know.

    Attributes:
        ruleset: the rules it encodes for.
        actions: the action space whose ids number the decisions section.
        shape: ``(size,)``.
        size: the vector's length.
    """

    __slots__ = ("_layout", "actions", "ruleset", "shape", "size")

    def __init__(self, ruleset: Ruleset, *, actions: ActionSpace | None = None) -> None:
        space = ActionSpace(ruleset) if actions is None else actions
        if space.ruleset != ruleset:
            raise InvalidArgumentError(
                "ObservationEncoder() actions must be the ActionSpace of the same ruleset")
        self.ruleset = ruleset
        self.actions = space
        self._layout = build_layout(ruleset, space)
        self.size = self._layout.size
        self.shape: tuple[int] = (self.size,)

    def __repr__(self) -> str:
        return f"ObservationEncoder({self.ruleset.describe()}: {self.size} values)"

    def encode(self, observation: Observation) -> npt.NDArray[np.float32]:
        """The observation as a new float32 array of ``shape``."""
        out = np.empty(self.size, dtype=np.float32)
        self._layout.fill(observation, out)
        return out

    def encode_into(self, observation: Observation, out: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """``encode`` written into ``out`` (a float32 array of ``shape``, reused); returns it."""
        self._layout.fill(observation, out)
        return out

    def sections(self) -> tuple[Section, ...]:
        """The vector's sections in order: name, slice and meaning."""
        return self._layout.sections

    def describe(self) -> tuple[str, ...]:
        """A name for every slot, in order (``"hand[A♠]"``, ``"trick+1[K♥]"``, ``"trump[♠]"``)."""
        return self._layout.names


def describe_sections(encoder: ObservationEncoder) -> str:
    """The sections as a Markdown table (the encoding reference shows standard Hokm's)."""
    rows = ["| slots | section | size | meaning |", "|---|---|---|---|"]
    for section in encoder.sections():
        rows.append(f"| {section.start}-{section.stop - 1} | `{section.name}` | "
                    f"{section.stop - section.start} | {section.meaning} |")
    return "\n".join(rows)

