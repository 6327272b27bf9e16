"""Hook facts read from the hookspecs, and hook implementations as plain call chains.

What a hook takes and whether it is first-result come from ``hokm.hookspecs``
itself, as pluggy parses it: there is no second, hand-kept table to drift. The
engine turns each hook's implementations into a tuple of ``Impl``, callable
positionally with the spec's arguments, in the order pluggy would call them,
except that within one plugin an implementation that does not read the hand
comes before one that does (so a table answers first, see ``hokm.hookspecs``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple, NoReturn

import pluggy

from hokm import hookspecs
from hokm.errors import HokmError, InvalidArgumentError, PluginContractError
from hokm.windows import PauseWindow, TurnWindow

__all__ = ["HAND_ARGUMENTS", "HookFacts", "Impl", "contract_error", "crash_error", "deliberate",
           "first_result", "hook_facts", "optional_result", "reraise", "resolve_chain", "table_part"]

HAND_ARGUMENTS = frozenset({"hand", "ctx", "trick", "match", "rng", "face_up"})
"""Arguments that make an implementation one asked per event (it reads the hand, or the play so far)."""


class HookFacts(NamedTuple):
    """One hook as its spec declares it."""

    name: str
    args: tuple[str, ...]
    """Argument names in spec order (an implementation may take any subset)."""
    first_result: bool
    """``True``: the first non-None answer decides; ``False``: every answer is collected."""


def spec_manager() -> pluggy.PluginManager:
    """A plugin manager that knows hokm's hookspecs and nothing else."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    return pm


@functools.cache
def hook_facts() -> Mapping[str, HookFacts]:
    """Every hook by name, in ``hookspecs.__all__`` order, read through pluggy's own parsing.

    >>> facts = hook_facts()
    >>> facts["hokm_void_duty"].args, facts["hokm_restrict_plays"].first_result
    (('announced',), False)
    """
    pm = spec_manager()
    facts = {}
    for name in hookspecs.__all__:
        spec = getattr(pm.hook, name).spec
        facts[name] = HookFacts(name, tuple(spec.argnames), bool(spec.opts.get("firstresult")))
    return facts


class Impl:
    """One hook implementation, callable with the spec's arguments positionally."""

    __slots__ = ("argnames", "call", "function", "hook", "plugin", "source", "standard", "takes_hand",
                 "window")

    def __init__(self, function: Callable[..., Any], plugin: str, standard: bool, hook: str,
                 argnames: tuple[str, ...], window: TurnWindow | PauseWindow | None = None,
                 source: object = None) -> None:
        self.function = function
        """The implementation as written (taking ``argnames``)."""
        self.call = _positional(function, argnames, hook_facts()[hook].args)
        """The implementation taking every argument of the spec, positionally."""
        self.plugin = plugin
        self.standard = standard
        self.hook = hook
        self.argnames = argnames
        self.takes_hand = not HAND_ARGUMENTS.isdisjoint(argnames)
        """Whether it is asked per event: it reads the hand (or the trick, the match...)."""
        self.window = window
        """The plugin's window for this hook (``None``: every turn, every pause)."""
        self.source = source
        """The plugin object that holds the implementation."""

    def __repr__(self) -> str:
        return f"<{self.hook} of {self.plugin!r}({', '.join(self.argnames)})>"


def _positional(function: Callable[..., Any], wanted: tuple[str, ...],
                spec_args: tuple[str, ...]) -> Callable[..., Any]:
    """Adapt an impl taking a subset of the spec's arguments to positional full-spec calls.

    The adapter is a lambda compiled from the argument names (as attrs compiles an
    ``__init__``): ``lambda hand, trick, winner, number: function(hand, winner, number)``
    is several times cheaper per call than unpacking ``*args``, and hooks run per trick.
    The names are the hookspec's own identifiers.
    """
    if wanted == spec_args:
        return function
    source = f"lambda {', '.join(spec_args)}: function({', '.join(wanted)})"
    adapter: Callable[..., Any] = eval(source, {"function": function})
    return adapter


def resolve_chain(pm: pluggy.PluginManager, hook: str, standard: object) -> tuple[Impl, ...]:
    """The implementations of ``hook`` in the order pluggy would call them, idle ones left out.

    Within one plugin, the implementations that do not read the hand come first (keeping
    pluggy's order otherwise), so a plugin's table answers before its per-event rule.
    """
    chain: list[Impl] = []
    for impl in reversed(getattr(pm.hook, hook).get_hookimpls()):
        inactive = getattr(impl.plugin, "inactive_hooks", ())
        if hook in inactive or getattr(impl.function, "__name__", None) in inactive:
            continue  # switched off by the plugin's options (all of the hook, or one method): no cost
        window = getattr(impl.plugin, "turn_windows", {}).get(hook)  # checked by check_plugin
        chain.append(Impl(impl.function, impl.plugin_name, impl.plugin is standard, hook,
                          tuple(impl.argnames), window, impl.plugin))
    order = {id(impl): position for position, impl in enumerate(chain)}
    first_of: dict[object, int] = {}  # each plugin's first position: its implementations stay together
    for impl in chain:
        first_of.setdefault(impl.plugin, order[id(impl)])
    chain.sort(key=lambda impl: (first_of[impl.plugin], impl.takes_hand, order[id(impl)]))
    return tuple(chain)


def table_part(chain: Iterable[Impl]) -> tuple[tuple[Impl, ...], tuple[Impl, ...]]:
    """Split a first-result chain where the first implementation reading the hand begins: the ones
    before it can be tabulated (where they answer, nothing after them is asked), the rest are asked."""
    impls = tuple(chain)
    for position, impl in enumerate(impls):
        if impl.takes_hand:
            return impls[:position], impls[position:]
    return impls, ()


def contract_error(impl: Impl | None, hook: str, problem: str) -> PluginContractError:
    """The error for an answer that breaks ``hook``'s contract, naming the plugin."""
    who = impl.plugin if impl is not None else None
    return PluginContractError(f"plugin {who or '?'!r} broke the contract of {hook}: {problem}",
                               plugin=who, hook=hook)


def deliberate(error: BaseException) -> bool:
    """Whether a plugin raised ``error`` on purpose: a hokm error other than a bad call of its own.

    A plugin may veto or refuse with hokm's errors (a ``RulesetError`` from
    ``hokm_check_ruleset``); a wrong argument it passed to hokm is its own bug.
    """
    return isinstance(error, HokmError) and not isinstance(error, InvalidArgumentError)


def crash_error(impl: Impl | None, error: BaseException) -> PluginContractError:
    """The error for a hook implementation that raised instead of answering (chain it ``from``)."""
    who = impl.plugin if impl is not None else None
    hook = impl.hook if impl is not None else None
    text = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    if len(text) > 300:
        text = text[:297] + "..."
    crash = PluginContractError(f"plugin {who or '?'!r} raised in {hook or 'a hook'}: {text}",
                                plugin=who, hook=hook, cause=text)
    # Chained here as well as by the callers' ``raise ... from``, which a mypyc-compiled caller
    # does not always honour.
    crash.__cause__ = error
    return crash


def reraise(impl: Impl | None, error: Exception) -> NoReturn:
    """Raise what hook implementation ``impl`` raised: a deliberate hokm error as it is, anything
    else as the ``PluginContractError`` naming the plugin and the hook (chained to ``error``).

    The one ``except`` policy of every call into a plugin:
    ``except Exception as error: reraise(impl, error)``.
    """
    if deliberate(error):
        raise error
    raise crash_error(impl, error) from error


def optional_result(chain: tuple[Impl, ...], *args: Any) -> tuple[Any, Impl | None]:
    """The first non-None answer and who gave it, or ``(None, None)`` for hooks with no default.

    A hokm error a plugin raises on purpose passes through; any other exception
    becomes a ``hokm.PluginContractError`` naming the plugin and the hook.
    """
    impl = None
    try:
        for impl in chain:
            answer = impl.call(*args)
            if answer is not None:
                return answer, impl
    except Exception as error:
        reraise(impl, error)
    return None, None


def first_result(chain: tuple[Impl, ...], hook: str, *args: Any) -> tuple[Any, Impl]:
    """Ask each implementation in turn; the first non-None answer wins (the standard rules always answer)."""
    answer, impl = optional_result(chain, *args)
    if impl is None:
        raise PluginContractError(f"no plugin answered {hook} (the standard rules always should)",
                                  hook=hook)
    return answer, impl
