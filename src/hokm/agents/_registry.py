"""Agents by name: the ``hokm.agents`` entry-point group, as variants use ``hokm.variants``.

A distribution registers a bot under a name::

    [project.entry-points."hokm.agents"]
    my-bot = "my_package.bot:MyBot"

The target is a class (or any callable) that takes the agent's parameters as
keyword arguments and returns an agent. Listing the agents imports nothing;
``get_agent`` imports only the one asked for.
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any

from hokm._entry_points import installed
from hokm.errors import (
    AgentLoadError,
    ArgumentTypeError,
    HokmError,
    InvalidArgumentError,
    UnknownAgentError,
    _got,
    _shown,
)

if TYPE_CHECKING:
    import importlib.metadata

    from hokm.agents._protocol import Agent

__all__ = ["COMMAND_PREFIX", "ENTRY_POINT_GROUP", "agent_from_spec", "available_agents", "get_agent"]

ENTRY_POINT_GROUP = "hokm.agents"
"""The entry-point group agents register under."""

COMMAND_PREFIX = "cmd:"
"""``agent_from_spec`` runs a spec starting with this as an external program (the stdio protocol)."""


def _installed() -> dict[str, list[importlib.metadata.EntryPoint]]:
    """Entry points by agent name (sorted), one per distinct distribution that registers it."""
    return installed(ENTRY_POINT_GROUP)


def available_agents() -> dict[str, str]:
    """Installed agents: entry-point name -> ``"module:attr"``. Imports nothing.

    A name that two distributions register is left out: ``get_agent`` refuses it.

    >>> from hokm.agents import available_agents
    >>> available_agents()["random"]
    'hokm.agents:RandomAgent'
    """
    return {name: eps[0].value for name, eps in _installed().items() if len(eps) == 1}


def get_agent(name: str, /, **params: Any) -> Agent:
    """A new agent of the installed kind ``name``, made with ``params``.

    The bundled agents are ``"random"`` (parameter ``seed``), ``"heuristic"`` (none) and
    ``"pimc"`` (``samples``, ``playouts``, ``endgame``, ``time_budget``, ``seed``);
    third-party bots register under the ``hokm.agents`` entry-point group.

    >>> from hokm.agents import get_agent
    >>> get_agent("random", seed=7)
    RandomAgent(seed=7)

    Raises:
        ArgumentTypeError: ``name`` is not a string.
        UnknownAgentError: no installed agent has that name.
        InvalidArgumentError: a parameter the agent does not take, or a bad value
            (``ArgumentTypeError`` for a wrong type), as the agent reports it.
        AgentLoadError: the name is registered twice, its entry point cannot be
            imported, or it raised or gave something without an ``act`` method.
    """
    if not isinstance(name, str):
        raise ArgumentTypeError(f"an agent name must be a str such as 'random', got {_got(name)}")
    installed = _installed()
    eps = installed.get(name)
    if not eps:
        known = ", ".join(installed) or "none installed"
        raise UnknownAgentError(f"no agent named {_shown(name)} is installed (available: {known})")
    if len(eps) > 1:
        raise AgentLoadError(f"agent name {name!r} is registered by {len(eps)} installed distributions "
                             f"({', '.join(ep.value for ep in eps)}): uninstall all but one", agent=name)
    ep = eps[0]
    try:
        factory = ep.load()
    except Exception as error:
        raise AgentLoadError(f"agent {name!r} cannot be loaded: entry point {ep.value!r} raised "
                             f"{type(error).__name__}: {error}", agent=name, entry_point=ep.value) from error
    _check_params(name, factory, params)
    try:
        agent = factory(**params)
    except HokmError:
        raise
    except Exception as error:
        raise AgentLoadError(f"agent {name!r} ({ep.value}) raised while being made: "
                             f"{type(error).__name__}: {error}", agent=name, entry_point=ep.value) from error
    if not callable(getattr(agent, "act", None)):
        raise AgentLoadError(f"agent {name!r} ({ep.value}) gave {_got(agent)}, which has no act(observation) "
                             "method", agent=name, entry_point=ep.value)
    return agent  # type: ignore[no-any-return]


def _check_params(name: str, factory: Any, params: dict[str, Any]) -> None:
    """Refuse a parameter the factory does not take, naming the ones it does."""
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):  # no signature to read: let the call decide
        return
    accepted = [p.name for p in signature.parameters.values()
                if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if any(p.kind is p.VAR_KEYWORD for p in signature.parameters.values()):
        return
    unknown = sorted(set(params) - set(accepted))
    if unknown:
        takes = ", ".join(accepted) or "no parameters"
        raise InvalidArgumentError(f"agent {name!r} has no parameter {', '.join(map(repr, unknown))} "
                                   f"(it takes: {takes})")


def agent_from_spec(spec: str, /, **params: Any) -> Agent:
    """An agent from a command-line spec: an installed agent's name, with parameters, or
    ``"cmd:COMMAND"``.

    ``"cmd:python my_bot.py"`` runs that program as a player over the stdio protocol
    (``hokm.agents.CommandAgent``; ``params`` go to it). ``"NAME:KEY=VALUE,KEY=VALUE"`` is
    ``get_agent(NAME, KEY=VALUE, ...)``, each value read as an int, a float, ``none`` or else
    text; they take precedence over ``params`` of the same name (a seed given by the caller).

    >>> from hokm.agents import agent_from_spec
    >>> agent_from_spec("random", seed=3)
    RandomAgent(seed=3)
    >>> agent_from_spec("pimc:time_budget=0.1,samples=12", seed=1)
    PimcAgent(samples=12, playouts=64, endgame=8, policy='greedy', time_budget=0.1, seed=1)

    Raises:
        ArgumentTypeError: ``spec`` is not a string.
        InvalidArgumentError: ``"cmd:"`` with no command, a command that does not split as a
            shell would split it (an unclosed quote), or parameters not written ``KEY=VALUE``.
        UnknownAgentError, AgentLoadError: as ``get_agent``.
    """
    if not isinstance(spec, str):
        raise ArgumentTypeError(f"an agent spec must be a str such as 'heuristic' or 'cmd:python bot.py', "
                                f"got {_got(spec)}")
    if spec.startswith(COMMAND_PREFIX):
        import shlex

        from hokm.agents._command import CommandAgent

        try:
            command = shlex.split(spec[len(COMMAND_PREFIX):])
        except ValueError as error:  # "No closing quotation", "No escaped character"
            raise InvalidArgumentError(f"agent spec {_shown(spec)} is not a command line: "
                                       f"{str(error).lower()} (quote as a shell does)") from None
        if not command:
            raise InvalidArgumentError(f"agent spec {spec!r} names no command to run "
                                       "(write 'cmd:python bot.py')")
        return CommandAgent(command, **params)
    name, _, written = spec.partition(":")
    return get_agent(name, **{**params, **_spec_params(spec, written)})


def _spec_params(spec: str, written: str) -> dict[str, Any]:
    """The ``KEY=VALUE,...`` parameters of a spec, each value an int, a float, ``None`` or text."""
    params: dict[str, Any] = {}
    for item in written.split(",") if written else ():
        key, equals, text = (part.strip() for part in item.partition("="))
        if not equals or not key.isidentifier():
            raise InvalidArgumentError(f"agent spec {_shown(spec)}: parameters are written NAME:KEY=VALUE,"
                                       f"KEY=VALUE (as 'pimc:time_budget=0.2'), got {_shown(item)}")
        params[key] = _spec_value(text)
    return params


def _spec_value(text: str) -> Any:
    if text.lower() == "none":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text
