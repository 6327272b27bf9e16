"""The exceptions and warnings hokm raises.

Every error is a ``HokmError``; errors about bad input are also
``ValueError`` (or ``LookupError`` for unknown names), so generic
``except ValueError`` handlers keep working. An argument of the wrong *type*
raises an ``ArgumentTypeError``, which is a ``TypeError`` too; the
``...TypeError`` classes below are also the error of their area (a
``NotationTypeError`` is an ``InvalidNotationError``). Messages name
the argument, show its value (shortened) and say what was expected. When an
error is raised by a state transition, the state is unchanged: states are
immutable.

```
HokmError(Exception)
├── InvalidArgumentError(HokmError, ValueError)
│   ├── ArgumentTypeError(InvalidArgumentError, TypeError)
│   └── UnknownActionError(InvalidArgumentError, LookupError)
├── InvalidNotationError(HokmError, ValueError)
│   ├── InvalidSeatError(InvalidNotationError, InvalidArgumentError)
│   └── NotationTypeError(InvalidNotationError, ArgumentTypeError)
├── IllegalActionError(HokmError, ValueError)
│   └── IllegalPlayError(IllegalActionError)
│       └── ActionTypeError(IllegalPlayError, ArgumentTypeError)
├── InvalidDealError(HokmError, ValueError)
│   └── DealTypeError(InvalidDealError, ArgumentTypeError)
├── GameStateError(HokmError)
│   └── UnsolvableError(GameStateError)
│       └── SolveLimitError(UnsolvableError)
├── RecordError(HokmError, ValueError)
├── UnknownAgentError(HokmError, LookupError)
├── AgentLoadError(HokmError)
├── MissingExtraError(HokmError, ImportError)
├── RulesetError(HokmError)
│   ├── UnknownVariantError(RulesetError, LookupError)
│   ├── DuplicateVariantError(RulesetError, LookupError)
│   ├── VariantLoadError(RulesetError)
│   ├── VariantConflictError(RulesetError)
│   └── InvalidOptionError(RulesetError, ValueError)
│       └── OptionTypeError(InvalidOptionError, ArgumentTypeError)
└── PluginContractError(HokmError)
HokmWarning(UserWarning)
├── VariantOverlapWarning(HokmWarning)
├── SpecVersionWarning(HokmWarning)
├── DuplicateVariantWarning(HokmWarning)
└── TruncatedRecordWarning(HokmWarning)
```
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ActionTypeError",
    "AgentFailedError",
    "AgentLoadError",
    "ArgumentTypeError",
    "DealTypeError",
    "DuplicateVariantError",
    "DuplicateVariantWarning",
    "GameStateError",
    "HokmError",
    "HokmWarning",
    "IllegalActionError",
    "IllegalPlayError",
    "InvalidArgumentError",
    "InvalidDealError",
    "InvalidNotationError",
    "InvalidOptionError",
    "InvalidSeatError",
    "MissingExtraError",
    "NotationTypeError",
    "OptionTypeError",
    "PluginContractError",
    "RecordError",
    "RulesetError",
    "SolveLimitError",
    "SpecVersionWarning",
    "TruncatedRecordWarning",
    "UnknownActionError",
    "UnknownAgentError",
    "UnknownVariantError",
    "UnsolvableError",
    "VariantConflictError",
    "VariantLoadError",
    "VariantOverlapWarning",
]


class HokmError(Exception):
    """Base class of every error raised by hokm."""


class InvalidArgumentError(HokmError, ValueError):
    """An argument has a bad value and no narrower error below fits.

    For example ``simulate(hands=0)``, ``match.deck_for(0)``, ``hand.first_tricks_by(99)``
    or a ``hokm.TableLayout`` whose teams do not match its seats.
    """


class ArgumentTypeError(InvalidArgumentError, TypeError):
    """An argument has the wrong type: ``simulate(hands="5")``, ``hand.playout(5)``.

    It is a ``TypeError`` and, like every error about bad input, a
    ``ValueError``: ``except TypeError`` catches wrong types only, and
    ``except ValueError`` still catches all bad input as it always did. Where a
    wrong type belongs to an area with an error of its own, the error raised is
    that area's ``...TypeError`` (``NotationTypeError``,
    ``DealTypeError``, ``ActionTypeError``, ``OptionTypeError``).
    """


class UnknownActionError(InvalidArgumentError, LookupError):
    """An action, or an action id, that a ruleset's fixed action space (``hokm.encoding``) does
    not hold: an id out of range, or an action no composed plugin declares through
    ``hokm_action_space``."""


class MissingExtraError(HokmError, ImportError):
    """An optional part of hokm needs a package that is not installed.

    The message names the extra that installs it (``pip install 'hokm[pettingzoo]'``).

    Attributes:
        extra: the extra to install (``"pettingzoo"``).
        package: the missing import name (``"pettingzoo"``).
    """

    def __init__(self, message: str, *, extra: str, package: str) -> None:
        super().__init__(message, name=package)
        self.extra = extra
        self.package = package


class InvalidNotationError(HokmError, ValueError):
    """Text (or a value) is not a card, suit, rank, seat or team."""


class InvalidSeatError(InvalidNotationError, InvalidArgumentError):
    """A seat (or team) number that is not on the table: ``hand.hand_of(9)`` at a 4-player table,
    a seat of ``-1`` (negative seats do not wrap). Both an ``InvalidNotationError`` (as seats were
    before) and an ``InvalidArgumentError``, so either handler catches it."""


class NotationTypeError(InvalidNotationError, ArgumentTypeError):
    """A card, suit, rank, seat or trump is given as the wrong type: ``Suit.parse(5)``,
    ``Card.from_index("3")``, ``rules.trick_winner(plays, trump="h")``, ``layout.team_of("1")``."""


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

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (a process pool hands it back) with its attributes, not only its message.
        return (_illegal_action_error, (type(self), str(self), dict(self.__dict__)))


def _illegal_action_error(cls: type[IllegalActionError], message: str,
                          attributes: dict[str, Any]) -> IllegalActionError:
    error = cls(message)
    error.__dict__.update(attributes)
    return error


class IllegalPlayError(IllegalActionError):
    """A card may not be played now (not in hand, must follow suit, a variant forbids it).

    Attributes:
        reason: why, in words a table can show a player (``"must follow ♥"``, ``"seat 2 does not
            hold A♠"``, ``"cannot follow ♠, so must play a trump (obligatory-trump)"``,
            ``"forbidden by my-rule"``), without the message's frame and its list of legal cards;
            ``None`` where the raiser gave none.
    """

    def __init__(self, message: str, *, action: Any = None, seat: int | None = None,
                 legal: tuple[Any, ...] = (), reason: str | None = None) -> None:
        super().__init__(message, action=action, seat=seat, legal=legal)
        self.reason = reason


class ActionTypeError(IllegalPlayError, ArgumentTypeError):
    """What was given to ``play`` is not a Card, or to ``apply`` not an ``hokm.Action``.

    It is an ``IllegalPlayError`` (as ``hand.play("A♠")`` always raised one), so a
    server that catches illegal plays also catches unparsed input passed by mistake.
    """


class InvalidDealError(HokmError, ValueError):
    """Hands or a deck do not make a valid deal: wrong count, duplicates, unknown cards."""


class DealTypeError(InvalidDealError, ArgumentTypeError):
    """Hands, a deck, face-up cards, a Hakem, a trump or a seed of the wrong type:
    ``rules.deal(None)``, ``rules.new_hand("A♠ K♠")``, ``rules.new_match(seed=1.5)``."""


class GameStateError(HokmError):
    """The state cannot answer yet: for example the result of a hand that is not over."""


class UnsolvableError(GameStateError):
    """The double-dummy solver cannot answer for this state (``hokm.solve``): the hand is not in
    trick play with its trump in force, or its ruleset's hands do not run on its tables."""


class SolveLimitError(UnsolvableError):
    """The double-dummy solver stopped at its budget (``hokm.solve(state, max_nodes=...)``): an
    exact answer needs more cards tried than ``max_nodes``. Nothing is answered; a caller may
    estimate instead (``hokm.solver.playout_values``).

    Attributes:
        max_nodes: the budget, in cards tried.
    """

    def __init__(self, message: str, *, max_nodes: int) -> None:
        super().__init__(message)
        self.max_nodes = max_nodes

    def __reduce__(self) -> tuple[Any, ...]:
        return (_solve_limit_error, (str(self), self.max_nodes))


def _solve_limit_error(message: str, max_nodes: int) -> SolveLimitError:
    return SolveLimitError(message, max_nodes=max_nodes)


class RecordError(HokmError, ValueError):
    """A game record cannot be loaded: it is not a record, or its replay disagrees with the rules.

    Nothing is loaded when it is raised. The message says where (the hand number, the
    action's index in that hand and the JSON path, such as ``$.hands[2].actions[13]``)
    and what is wrong (an illegal card with the legal ones, an out-of-turn seat, a card
    dealt twice, a result the replay does not give, a limit exceeded, ...). A ruleset
    that cannot be composed, or an illegal action, is the ``__cause__``.

    Attributes:
        path: the JSON path of the offending value (``"$"`` for the record as a whole).
        hand: the number of the hand (from 1, as ``MatchState.hand_number``), if the problem
            is in one.
        action: the index of the action in that hand's ``actions`` (from 0), if it is one.
    """

    def __init__(self, message: str, *, path: str = "$", hand: int | None = None,
                 action: int | None = None) -> None:
        super().__init__(message)
        self.path = path
        self.hand = hand
        self.action = action

    def __reduce__(self) -> tuple[Any, ...]:
        return (_record_error, (str(self), self.path, self.hand, self.action))


def _record_error(message: str, path: str, hand: int | None, action: int | None) -> RecordError:
    return RecordError(message, path=path, hand=hand, action=action)


class UnknownAgentError(HokmError, LookupError):
    """No installed agent (``hokm.agents`` entry point) has this name."""


class AgentLoadError(HokmError):
    """An installed agent cannot be made: its entry point is registered twice, fails to
    import, or its factory raised or returned something that is not an agent.

    The original exception, if any, is the ``__cause__``.

    Attributes:
        agent: the agent name.
        entry_point: the entry point's ``"module:attr"`` (``None`` when it is registered twice).
    """

    def __init__(self, message: str, *, agent: str, entry_point: str | None = None) -> None:
        super().__init__(message)
        self.agent = agent
        self.entry_point = entry_point

    def __reduce__(self) -> tuple[Any, ...]:
        return (_agent_load_error, (str(self), self.agent, self.entry_point))


def _agent_load_error(message: str, agent: str, entry_point: str | None) -> AgentLoadError:
    return AgentLoadError(message, agent=agent, entry_point=entry_point)


class AgentFailedError(HokmError):
    """An agent failed a decision while playing: it answered an action that is not legal,
    raised, crashed, sent malformed output, or ran out of time.

    Drivers (the arena, ``hokm play``) catch it: the agent forfeits its match, or a random
    legal action is played in its place where the driver is told to go on. The original
    exception, if any, is the ``__cause__``.

    Attributes:
        agent: a name for the agent (``"heuristic"``, ``"cmd:python bot.py"``).
        seat: the seat it was playing.
        reason: ``"illegal"`` (an action not among the legal ones), ``"malformed"`` (a
            reply that is not an action), ``"timeout"``, ``"crash"`` (an external bot's
            process ended) or ``"error"`` (the agent raised).
    """

    REASONS = ("illegal", "malformed", "timeout", "crash", "error")

    def __init__(self, message: str, *, agent: str, seat: int, reason: str) -> None:
        super().__init__(message)
        if reason not in self.REASONS:
            raise ValueError(f"reason must be one of {', '.join(self.REASONS)}, got {reason!r}")
        self.agent = agent
        self.seat = seat
        self.reason = reason

    def __reduce__(self) -> tuple[Any, ...]:
        return (_agent_failed_error, (str(self), self.agent, self.seat, self.reason))


def _agent_failed_error(message: str, agent: str, seat: int, reason: str) -> AgentFailedError:
    return AgentFailedError(message, agent=agent, seat=seat, reason=reason)


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
    """A variant option is unknown or has a bad value; the message names variant and option.

    Options that depend on the composed table (``first_hakem``, a seat; ``packets``, which
    must deal the whole deck) are checked when the ruleset is composed.
    """


class OptionTypeError(InvalidOptionError, ArgumentTypeError):
    """``options`` is not shaped as ``{variant name: {option: value}}``: a string, a list,
    ``{"standard": None}`` or a name that is not a string."""


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


class SpecVersionWarning(HokmWarning):
    """A ruleset spec names a distribution version other than the one installed (``Ruleset.from_spec``)."""


class TruncatedRecordWarning(HokmWarning):
    """A record log's last line was cut off (its writer stopped mid-line): ``load_record`` loaded
    the whole lines before it. See ``hokm.records.RecordLog``."""


class DuplicateVariantWarning(HokmWarning):
    """Two installed distributions register the same variant name: it is left out of the listing."""


# Messages --------------------------------------------------------------------------------


def _shown(value: object, limit: int = 60) -> str:
    """``repr(value)``, shortened to about ``limit`` characters: a message never echoes a megabyte.

    Long strings and large collections are cut before ``repr`` runs, so showing them is cheap.

    >>> _shown("x" * 10_000_000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (10,000,000 characters)"
    >>> _shown(list(range(1_000_000)))
    'a list of 1,000,000 items'
    >>> _shown(None), _shown("A♠")
    ('None', "'A♠'")
    """
    if isinstance(value, str | bytes | bytearray) and len(value) > limit:
        unit = "characters" if isinstance(value, str) else "bytes"
        return f"{value[:limit - 14]!r}... ({len(value):,} {unit})"
    if isinstance(value, int) and value.bit_length() > 192:  # printing huge ints is slow, or refused
        return f"an int of {value.bit_length():,} bits"
    if isinstance(value, list | tuple | set | frozenset | dict) and len(value) > 16:
        return f"{_article(type(value).__name__)} of {len(value):,} items"
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ must not hide the real error
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _article(noun: str) -> str:
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def _kind(value: object) -> str:
    """What ``value`` is, for "expected ..., got ...": ``an int``, ``a str``, ``None``."""
    if value is None:
        return "None"
    return _article(type(value).__name__)


def _got(value: object) -> str:
    """``5 (an int)``: the value shortened, with its type (``None`` alone)."""
    return "None" if value is None else f"{_shown(value)} ({_kind(value)})"
