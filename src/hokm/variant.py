"""What a variant plugin is: the ``Variant`` protocol, and the check made at composition.

A variant is an object whose methods are hook implementations (marked with
``hokm.hookimpl``). Subclass ``Variant`` to have mypy check your
plugin and to inherit the defaults of ``inactive_hooks`` and ``options``:

>>> import attrs, hokm
>>> @attrs.frozen(eq=False)
... class LongMatch(hokm.Variant):
...     info = hokm.VariantInfo(name="long-match", summary="play to 21")
...     target: int = 21
...     @hokm.hookimpl
...     def hokm_match_winner(self, match: hokm.MatchView) -> hokm.Team | None:
...         return next((hokm.Team(t) for t, s in enumerate(match.scores) if s >= self.target), None)
>>> LongMatch().options, LongMatch().inactive_hooks
({'target': 21}, frozenset())
>>> hokm.Ruleset.compose(LongMatch()).variants
('long-match',)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, ClassVar, Protocol

import attrs

from hokm._compose.hooks import hook_facts
from hokm.context import VariantInfo
from hokm.errors import RulesetError
from hokm.hookspecs import PROJECT
from hokm.windows import PAUSE_HOOKS, WINDOW_HOOKS, PauseWindow, TurnWindow

__all__ = ["Variant", "check_plugin", "option_values"]

_MARK = f"{PROJECT}_impl"


def option_values(plugin: object) -> dict[str, Any]:
    """A plugin's options by keyword: the init fields of an attrs class, else none."""
    cls = type(plugin)
    if not attrs.has(cls):
        return {}
    return {field.alias: getattr(plugin, field.name) for field in attrs.fields(cls) if field.init}


class Variant(Protocol):
    """A variant plugin as hokm sees it (``Ruleset.compose`` accepts these and variant names).

    ``info`` names and describes the variant; ``options`` are its keyword
    options and their values; ``inactive_hooks`` lists hooks its options leave
    idle, so composed rules skip them; ``turn_windows`` says on which turns its
    per-turn hooks may answer. Subclassing inherits the last three.
    """

    info: ClassVar[VariantInfo] = VariantInfo(summary="")
    """Name, summary, conflicts, requirements and source (an empty one unless overridden)."""

    @property
    def inactive_hooks(self) -> Collection[str]:
        """Hook names this plugin implements but its options switch off (none by default); or
        the method name of one implementation of a hook that has two (``specname``), to keep
        the other: a rule written from the tally for one option, from the hand for another."""
        return frozenset()

    @property
    def turn_windows(self) -> Mapping[str, TurnWindow | PauseWindow]:
        """Per-turn hook name -> the turns on which it may answer (none by default: every turn).

        A promise the engine relies on: outside its window the hook answers ``None``,
        so stepping and playouts do not ask it there (see ``hokm.TurnWindow``;
        ``hokm_pending_decision`` takes a ``hokm.PauseWindow``). Only an implementation
        that reads the hand is asked per turn, so only it needs a window: one that takes
        small fixed-range values is a table, which says where it answers.
        """
        return {}

    @property
    def options(self) -> Mapping[str, Any]:
        """The plugin's options by keyword (for an attrs class: its init fields)."""
        return option_values(self)


def _describe(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def check_plugin(plugin: object) -> None:
    """Refuse, with a ``hokm.RulesetError`` naming it, what cannot be a hokm plugin.

    A plugin is an instance (not a class) with hook implementations or at least
    a ``VariantInfo`` (a variant may only declare conflicts), no pluggy
    wrappers, an ``inactive_hooks`` (if any) naming only hooks, and
    ``turn_windows`` (if any) mapping hooks it implements that take a window to
    ``TurnWindow`` values.
    """
    if isinstance(plugin, list | tuple | set | frozenset | dict):
        raise RulesetError(f"{_describe(plugin)} is a {type(plugin).__name__}, not a variant: pass "
                           "variants as separate arguments, e.g. Ruleset.compose('satat', 'bavney')")
    if isinstance(plugin, type):
        raise RulesetError(f"{plugin.__name__} is a class: pass an instance, e.g. {plugin.__name__}()")
    hooks = hook_facts()
    marked = {}  # hook name -> the marks of its implementations (a specname may implement it twice)
    methods = set()  # the names of the methods that implement a hook
    for name in dir(plugin):
        if name.startswith("__") or name in ("turn_windows", "inactive_hooks", "options"):
            continue
        opts = getattr(getattr(plugin, name, None), _MARK, None)
        if isinstance(opts, dict):
            marked[opts.get("specname") or name] = opts
            methods.add(name)
    if not marked and not isinstance(getattr(plugin, "info", None), VariantInfo):
        raise RulesetError(f"{_describe(plugin)} is not a variant: it has no hook implementations "
                           "(methods named hokm_... and marked with @hokm.hookimpl) and no VariantInfo")
    for name, opts in marked.items():
        if opts.get("hookwrapper") or opts.get("wrapper"):
            raise RulesetError(f"{_describe(plugin)}: {name} is a pluggy wrapper; hokm hooks answer "
                               "questions, so wrappers are not supported (hooks are compiled once)")
    inactive = getattr(plugin, "inactive_hooks", ())
    if isinstance(inactive, str) or not isinstance(inactive, Collection):
        raise RulesetError(f"{_describe(plugin)}: inactive_hooks must be a collection of hook names, "
                           f"got {_describe(inactive)}")
    for name in inactive:
        if name not in hooks and name not in methods:
            raise RulesetError(f"{_describe(plugin)}: inactive_hooks names {name!r}, which is not a "
                               "hokm hook nor a method of this plugin implementing one")
    _check_windows(plugin, marked)


def _check_windows(plugin: object, marked: Mapping[str, object]) -> None:
    windows = getattr(plugin, "turn_windows", {})
    if not isinstance(windows, Mapping):
        raise RulesetError(f"{_describe(plugin)}: turn_windows must be a mapping of hook names to "
                           f"TurnWindow (or PauseWindow) values, got {_describe(windows)}")
    hooks = hook_facts()
    for name, window in windows.items():
        if name not in hooks:
            raise RulesetError(f"{_describe(plugin)}: turn_windows names {name!r}, which is not a hokm hook")
        declarable = WINDOW_HOOKS + PAUSE_HOOKS
        if name not in declarable:
            raise RulesetError(f"{_describe(plugin)}: turn_windows names {name}, which is not asked turn "
                               f"by turn and takes no window (only {', '.join(declarable)})")
        kind: type[PauseWindow | TurnWindow] = PauseWindow if name in PAUSE_HOOKS else TurnWindow
        if not isinstance(window, kind):
            raise RulesetError(f"{_describe(plugin)}: turn_windows[{name!r}] is {_describe(window)}, "
                               f"not a hokm.{kind.__name__}")
        if name not in marked:
            raise RulesetError(f"{_describe(plugin)}: turn_windows gives a window for {name}, which it "
                               "does not implement")
        if isinstance(window, TurnWindow) and not window.at_call and name != "hokm_forced_effect":
            raise RulesetError(f"{_describe(plugin)}: turn_windows[{name!r}] has at_call=False, but {name} "
                               "is not asked at the trump call (at_call is for hokm_forced_effect)")
        if isinstance(window, TurnWindow) and window.announced and name in ("hokm_turn_options",
                                                                             "hokm_forced_effect"):
            raise RulesetError(f"{_describe(plugin)}: turn_windows[{name!r}] has announced=True, but "
                               f"{name} is asked before any announcement of the turn: it would never "
                               "be asked (announced is for the legality hooks)")
