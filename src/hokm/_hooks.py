"""Hook facts read from the hookspecs, and hook implementations as plain call chains.

What a hook takes and whether it is first-result come from ``hokm.hookspecs``
itself, as pluggy parses it: there is no second, hand-kept table to drift. The
engine turns each hook's implementations into a tuple of ``Impl``, callable
positionally with the spec's arguments, in the order pluggy would call them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, NoReturn

import attrs
import pluggy

from hokm import hookspecs
from hokm.errors import HokmError, InvalidArgumentError, PluginContractError
from hokm.windows import (
    CallClaim,
    CardCall,
    EffectScope,
    IndicatorEffects,
    PauseWindow,
    TrumpDuty,
    TurnOffers,
    TurnWindow,
)

__all__ = ["HookFacts", "Impl", "contract_error", "crash_error", "deliberate", "first_result", "hook_facts",
           "optional_result", "resolve_chain"]


@attrs.frozen
class HookFacts:
    """One hook as its spec declares it."""

    name: str
    args: tuple[str, ...]
    """Argument names in spec order (an implementation may take any subset)."""
    first_result: bool
    """``True``: the first non-``None`` answer decides; ``False``: every answer is collected."""


def spec_manager() -> pluggy.PluginManager:
    """A plugin manager that knows hokm's hookspecs and nothing else."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    return pm


@functools.cache
def hook_facts() -> Mapping[str, HookFacts]:
    """Every hook by name, in ``hookspecs.__all__`` order, read through pluggy's own parsing.

    >>> facts = hook_facts()
    >>> facts["hokm_trick_capture"].args, facts["hokm_restrict_plays"].first_result
    (('hand', 'trick', 'winner', 'number'), False)
    """
    pm = spec_manager()
    facts = {}
    for name in hookspecs.__all__:
        spec = getattr(pm.hook, name).spec
        facts[name] = HookFacts(name, tuple(spec.argnames), bool(spec.opts.get("firstresult")))
    return facts


Declared = TurnWindow | PauseWindow | TurnOffers | CallClaim | TrumpDuty | CardCall | EffectScope
"""What ``Variant.turn_windows`` may give for a hook: a window, or the hook's answer as data."""


class Impl:
    """One hook implementation, callable with the spec's arguments positionally."""

    __slots__ = ("argnames", "call", "card_call", "claim", "declared", "duty", "effects", "hook", "plugin",
                 "scope", "standard", "window")

    def __init__(self, call: Callable[..., Any], plugin: str, standard: bool, hook: str,
                 argnames: tuple[str, ...],
                 window: Declared | None = None) -> None:
        self.call = call
        self.plugin = plugin
        self.standard = standard
        self.hook = hook
        self.argnames = argnames
        # A declared TurnOffers is the hook's answer as data; its window is where it offers.
        self.declared = window if isinstance(window, TurnOffers) else None
        # A declared CallClaim is hokm_call_alternatives' answer as data (no window: asked at each call).
        self.claim = window if isinstance(window, CallClaim) else None
        # A declared CardCall is hokm_trump_call's answer as data (likewise asked at each call).
        self.card_call = window if isinstance(window, CardCall) else None
        # A declared TrumpDuty is hokm_restrict_plays' answer as data; its window is after an announcement.
        self.duty = window if isinstance(window, TrumpDuty) else None
        # A declared EffectScope: hokm_decision_effect answers only for these actions (asked at each).
        self.scope = window if isinstance(window, EffectScope) else None
        # A declared IndicatorEffects (an EffectScope) is its answers as data: the hook is not asked.
        self.effects = window if isinstance(window, IndicatorEffects) else None
        # The plugin's window for this hook (None: every turn, every pause).
        self.window: TurnWindow | PauseWindow | None = (
            window.window if isinstance(window, TurnOffers | TrumpDuty) else None
            if isinstance(window, CallClaim | CardCall | EffectScope) else window)


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
    """The implementations of ``hook`` in the order pluggy would call them, idle ones left out."""
    spec_args = hook_facts()[hook].args
    chain = []
    for impl in reversed(getattr(pm.hook, hook).get_hookimpls()):
        if hook in getattr(impl.plugin, "inactive_hooks", ()):
            continue  # switched off by the plugin's options: it costs nothing
        window = getattr(impl.plugin, "turn_windows", {}).get(hook)  # checked by check_plugin
        chain.append(Impl(_positional(impl.function, tuple(impl.argnames), spec_args),
                          impl.plugin_name, impl.plugin is standard, hook, tuple(impl.argnames), window))
    return tuple(chain)


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
