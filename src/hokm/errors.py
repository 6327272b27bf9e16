"""The exceptions and warnings hokm raises.

Every error is a :class:`HokmError`; errors about bad input are also
:class:`ValueError` (or :class:`LookupError` for unknown names), so generic
``except ValueError`` handlers keep working. Messages name what was wrong
(seat, card, variant, option) and why. When an error is raised by a state
transition, the state is unchanged: states are immutable.

```
HokmError(Exception)
├── InvalidNotationError(HokmError, ValueError)
├── IllegalActionError(HokmError, ValueError)
│   └── IllegalPlayError(IllegalActionError)
├── InvalidDealError(HokmError, ValueError)
├── GameStateError(HokmError)
├── RulesetError(HokmError)
│   ├── UnknownVariantError(RulesetError, LookupError)
│   ├── DuplicateVariantError(RulesetError, LookupError)
│   ├── VariantLoadError(RulesetError)
│   ├── VariantConflictError(RulesetError)
│   └── InvalidOptionError(RulesetError, ValueError)
└── PluginContractError(HokmError)
HokmWarning(UserWarning)
├── VariantOverlapWarning(HokmWarning)
└── DuplicateVariantWarning(HokmWarning)
```
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "DuplicateVariantError",
    "DuplicateVariantWarning",
    "GameStateError",
    "HokmError",
    "HokmWarning",
    "IllegalActionError",
    "IllegalPlayError",
    "InvalidDealError",
    "InvalidNotationError",
    "InvalidOptionError",
    "PluginContractError",
    "RulesetError",
    "UnknownVariantError",
    "VariantConflictError",
    "VariantLoadError",
    "VariantOverlapWarning",
]


class HokmError(Exception):
    """Base class of every error raised by hokm."""


class InvalidNotationError(HokmError, ValueError):
    """Text (or a value) is not a card, suit, rank or seat."""


class IllegalActionError(HokmError, ValueError):
    """An action is not legal in this state: wrong kind, wrong time, or the game is over.

    Attributes:
        action: the refused action.
        seat: the seat that was to act (``None`` when nobody is).
        legal: the actions that are legal now.
    """

    def __init__(self, message: str, *, action: Any = None, seat: int | None = None,
                 legal: tuple[Any, ...] = ()) -> None:
        super().__init__(message)
        self.action = action
        self.seat = seat
        self.legal = legal


class IllegalPlayError(IllegalActionError):
    """A card may not be played now (not in hand, must follow suit, a variant forbids it)."""


class InvalidDealError(HokmError, ValueError):
    """Hands or a deck do not make a valid deal: wrong count, duplicates, unknown cards."""


class GameStateError(HokmError):
    """The state cannot answer yet: for example the result of a hand that is not over."""


class RulesetError(HokmError):
    """A ruleset cannot be composed as asked."""


class UnknownVariantError(RulesetError, LookupError):
    """No installed variant has this name."""


class DuplicateVariantError(RulesetError, LookupError):
    """Two installed distributions register the same variant name; hokm will not guess which is meant.

    Attributes:
        variant: the variant name.
        entry_points: the ``"module:attr"`` each distribution registers under it.
        distributions: the distributions (name and version), in the same order.
    """

    def __init__(self, message: str, *, variant: str, entry_points: tuple[str, ...],
                 distributions: tuple[str, ...]) -> None:
        super().__init__(message)
        self.variant = variant
        self.entry_points = entry_points
        self.distributions = distributions


class VariantLoadError(RulesetError):
    """An installed variant cannot be loaded: importing its entry point raised.

    The original exception is the ``__cause__``.

    Attributes:
        variant: the variant name.
        entry_point: the entry point's ``"module:attr"``.
        distribution: the distribution (name and version) that registers it.
    """

    def __init__(self, message: str, *, variant: str, entry_point: str, distribution: str) -> None:
        super().__init__(message)
        self.variant = variant
        self.entry_point = entry_point
        self.distribution = distribution


class VariantConflictError(RulesetError):
    """Selected variants cannot run together (declared conflict, unmet requirement, empty legal set)."""


class InvalidOptionError(RulesetError, ValueError):
    """A variant option is unknown or has a bad value; the message names variant and option."""


class PluginContractError(HokmError):
    """A plugin's hook returned something its hook specification forbids, or raised.

    The message names the plugin and the hook. When the hook raised, the
    original exception is chained (``__cause__``) and summarised in ``cause``.

    Attributes:
        plugin: the offending plugin's registered name (``None`` if unknown).
        hook: the hook whose contract was broken (``None`` if unknown).
        cause: ``"ZeroDivisionError: ..."`` when the hook raised, else ``None``
            (kept as text so it survives a process pool).
    """

    def __init__(self, message: str, *, plugin: str | None = None, hook: str | None = None,
                 cause: str | None = None) -> None:
        super().__init__(message)
        self.plugin = plugin
        self.hook = hook
        self.cause = cause


class HokmWarning(UserWarning):
    """Base class of hokm's warnings."""


class VariantOverlapWarning(HokmWarning):
    """Two selected variants answer the same first-result hook; the later-listed one is asked first."""


class DuplicateVariantWarning(HokmWarning):
    """Two installed distributions register the same variant name: it is left out of the listing."""
