"""External bots over stdio: any program that speaks ``hokm-bot/1`` plays as an agent.

``CommandAgent(["python", "my_bot.py"])`` runs the program when it is first needed,
greets it (the handshake), tells it of matches, hands and events, and asks it for
each decision, one line of JSON each way, under a time limit. Whatever goes wrong
(an illegal or unreadable answer, a wrong id, silence, a crash, another protocol)
is an ``AgentFailedError`` with the reason, what the bot sent and what was expected,
and the bot's process is killed. The protocol is described in
docs/reference/bot-protocol.md.
"""

from __future__ import annotations

import os
import shlex
import weakref
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from hokm._checks import check_seconds
from hokm.actions import Action
from hokm.agents._bot_messages import (
    Fault,
    act_message,
    check_hello,
    event_message,
    goodbye_message,
    hand_message,
    hello_message,
    match_message,
    read_action,
)
from hokm.agents._protocol import turn_observation
from hokm.errors import AgentFailedError, ArgumentTypeError, InvalidArgumentError, _got
from hokm.observation import HandObservation, MatchObservation

if TYPE_CHECKING:
    from hokm.agents._bot_process import BotProcess
    from hokm.rules import Ruleset

__all__ = ["CommandAgent"]

GOODBYE_TIME = 1.0
"""Seconds a bot is given to exit after ``goodbye`` before it is killed."""


@attrs.define
class _Bot:
    """A bot process playing one seat under one ruleset, and what its handshake told."""

    process: BotProcess
    ruleset: Ruleset
    name: str
    variants: tuple[str, ...]
    requests: int = 0


def _stop_all(bots: dict[int, _Bot]) -> None:
    """Say goodbye to every bot and end its process (also run when a forgotten agent is collected)."""
    while bots:
        _, bot = bots.popitem()
        bot.process.stop(goodbye_message(), GOODBYE_TIME)


class CommandAgent:
    """A player that is an external program speaking the ``hokm-bot/1`` stdio protocol.

    The program is started at the first message for a seat (so an unstarted agent pickles
    by its command and parameters, and a worker process of an executor starts its own),
    and is greeted with the seat and the ruleset's spec; it answers with its name and the
    variants it plays. It then gets a notice at each ``start_match``, ``start_hand`` and
    ``observe(event)`` (``hokm.events`` events, each as the process's seat may know it;
    other objects are not sent), and one
    request per ``act``, which it must answer within ``time_limit`` seconds.

    One process plays one seat under one ruleset: an agent placed at two seats runs two
    processes (each told the events the agent is shown as its own seat may know them), and a match under other
    rules restarts the seat's process with a new handshake. After a failure the process
    is killed; the next message for that seat starts a fresh one. ``close()`` (or the
    ``with`` block's end) says goodbye to every process and ends it. The bot's stderr is
    captured: its last lines are quoted in the error when it fails.

    Failure policy is the driver's: the agent reports, the arena forfeits the match (or
    plays on with a random action if told to). Every method may raise the error below.

    >>> import sys, hokm
    >>> from hokm.agents import CommandAgent
    >>> from hokm.agents import play_match
    >>> program = "from hokm.agents import serve_stdio, RandomAgent; serve_stdio(RandomAgent(seed=1))"
    >>> with CommandAgent([sys.executable, "-c", program]) as bot:
    ...     match = play_match(hokm.Ruleset.compose(options={"standard": {"target": 1}}), [bot] * 4, seed=2)
    ...     bot.bot_name
    'RandomAgent'
    >>> match.is_over
    True

    Args:
        command: the program and its arguments (``["python", "bot.py"]``; no shell).
        time_limit: seconds the bot has for each decision.
        startup_time: seconds from starting the program to its answer to ``hello``.
        name: what reports call this agent; default ``"cmd:"`` and the command.
        cwd: the program's working directory (default: this process's).
        env: the program's whole environment (default: this process's).

    Raises:
        ArgumentTypeError: ``command`` is not a sequence of strings, or a parameter has
            the wrong type; InvalidArgumentError: an empty command, a time that is not
            positive.
        AgentFailedError: (from the methods) the bot failed: reason ``"crash"`` (it cannot
            be started, or exited), ``"timeout"``, ``"malformed"`` (not a protocol message,
            a wrong id, another protocol version), ``"illegal"`` (an action that is not
            legal) or ``"error"`` (it reported an error, or does not play the ruleset).
    """

    def __init__(self, command: Sequence[str], *, time_limit: float = 5.0, startup_time: float = 10.0,
                 name: str | None = None, cwd: str | os.PathLike[str] | None = None,
                 env: Mapping[str, str] | None = None) -> None:
        if isinstance(command, str | bytes) or not isinstance(command, Sequence) or not all(
                isinstance(part, str) for part in command):
            raise ArgumentTypeError(f"command must be a sequence of strings such as ['python', 'bot.py'] "
                                    f"(use shlex.split on a command line), got {_got(command)}")
        if not command:
            raise InvalidArgumentError("command is empty: name the program to run, e.g. ['python', 'bot.py']")
        if name is not None and not isinstance(name, str):
            raise ArgumentTypeError(f"name must be a str or None, got {_got(name)}")
        if cwd is not None and not isinstance(cwd, str | os.PathLike):
            raise ArgumentTypeError(f"cwd must be a path or None, got {_got(cwd)}")
        if env is not None and not (isinstance(env, Mapping) and all(
                isinstance(k, str) and isinstance(v, str) for k, v in env.items())):
            raise ArgumentTypeError(f"env must be a mapping of str to str or None, got {_got(env)}")
        self.command: tuple[str, ...] = tuple(command)
        self.time_limit = check_seconds(time_limit, "time_limit")
        self.startup_time = check_seconds(startup_time, "startup_time")
        self.name: str = name if name is not None else "cmd:" + shlex.join(self.command)
        self.cwd = cwd
        self.env = None if env is None else dict(env)
        self._bots: dict[int, _Bot] = {}
        self._finalizer = weakref.finalize(self, _stop_all, self._bots)

    # The Agent protocol --------------------------------------------------------------------------

    def start_match(self, observation: MatchObservation) -> None:
        """Tell the bot a match begins (starting it if needed): a ``match`` notice."""
        bot = self._bot(int(observation.seat), observation.hand.ruleset)
        bot.process.send(match_message(observation))

    def start_hand(self, observation: HandObservation) -> None:
        """Tell the bot a hand begins (starting it if needed): a ``hand`` notice."""
        bot = self._bot(int(observation.seat), observation.ruleset)
        bot.process.send(hand_message(observation))

    def observe(self, event: object) -> None:
        """Forward a ``hokm.events`` event to the running bots as an ``event`` notice.

        Each process gets the event as its own seat may know it (``event.seen_by(seat)``),
        or not at all: an agent at two seats never tells one process the other's cards.
        Other objects, and events before any bot has started, are not sent.
        """
        if not self._bots:
            return
        from hokm.events import Event

        if isinstance(event, Event):
            for seat, bot in self._bots.items():
                mine = event.seen_by(seat)
                if mine is not None:
                    bot.process.send(event_message(mine))

    def act(self, observation: HandObservation | MatchObservation) -> Action:
        """Ask the bot for a decision (an ``act`` request) and return its legal answer.

        Raises:
            GameStateError: the observation offers no action (it is not this seat's turn).
            AgentFailedError: the bot failed (see the class).
        """
        hand = turn_observation(observation)
        seat = int(hand.seat)
        bot = self._bot(seat, hand.ruleset)
        bot.requests += 1
        request = bot.requests
        sent = bot.process.send(act_message(request, observation, self.time_limit), timed=True)
        try:
            reply = bot.process.receive(self.time_limit, f"the answer to request {request}", after=sent)
            return read_action(reply, request, hand.legal_actions, seat)
        except Fault as fault:
            raise self._failed(seat, fault) from None

    # Lifetime ------------------------------------------------------------------------------------

    @property
    def bot_name(self) -> str | None:
        """The name the bot gave in its latest handshake (``None`` before any)."""
        return next((bot.name for bot in reversed(self._bots.values())), None)

    def close(self) -> None:
        """Say goodbye to every running bot and end its process (killed after 1 s). Idempotent."""
        _stop_all(self._bots)

    def __enter__(self) -> CommandAgent:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by command and parameters only: a copy starts processes of its own."""
        return (_rebuild, (self.command, {"time_limit": self.time_limit, "startup_time": self.startup_time,
                                          "name": self.name, "cwd": self.cwd, "env": self.env}))

    def __repr__(self) -> str:
        return (f"CommandAgent({list(self.command)!r}, time_limit={self.time_limit!r}, "
                f"startup_time={self.startup_time!r})")

    # Internals -----------------------------------------------------------------------------------

    def _bot(self, seat: int, ruleset: Ruleset | None) -> _Bot:
        """The running bot for ``seat`` under ``ruleset``, started and greeted if need be."""
        if ruleset is None:
            raise InvalidArgumentError("the observation has no ruleset (it was built by hand): a command "
                                       "bot is told the rules at its handshake, so use "
                                       "state.observation(seat)")
        bot = self._bots.get(seat)
        if bot is not None:
            if bot.ruleset is ruleset or bot.ruleset == ruleset:
                return bot
            del self._bots[seat]
            bot.process.stop(goodbye_message("new ruleset"), GOODBYE_TIME)
        from hokm.agents._bot_process import BotProcess  # subprocess and threads: only once a bot runs

        spec = ruleset.spec
        try:
            process = BotProcess(self.command, cwd=self.cwd, env=self.env)
        except Fault as fault:
            raise AgentFailedError(f"agent {self.name!r} at seat {seat} failed (crash): {fault.what}",
                                   agent=self.name, seat=seat, reason="crash") from None
        self._bots[seat] = _Bot(process, ruleset, "?", ())
        hello = process.send(hello_message(seat, spec, self.time_limit, self.startup_time), timed=True)
        try:
            answer = process.receive(self.startup_time, "the answer to hello", after=hello)
            name, variants = check_hello(answer, [entry["name"] for entry in spec["variants"]])
        except Fault as fault:
            raise self._failed(seat, fault) from None
        self._bots[seat] = bot = _Bot(process, ruleset, name, variants)
        return bot

    def _failed(self, seat: int, fault: Fault) -> AgentFailedError:
        """Kill the seat's bot and make the error that says what it did wrong."""
        bot = self._bots.pop(seat)
        bot.process.stop(None, 0.0)  # killed: its stderr is then read to the end
        tail = bot.process.stderr_tail()
        who = f"agent {self.name!r}" + (f" (bot {bot.name!r})" if bot.name != "?" else "")
        message = f"{who} at seat {seat} failed ({fault.reason}): {fault.what}"
        if tail:
            message += "; its last stderr lines:\n  " + "\n  ".join(line[:200] for line in tail[-5:])
        return AgentFailedError(message, agent=self.name, seat=seat, reason=fault.reason)


def _rebuild(command: tuple[str, ...], params: dict[str, Any]) -> CommandAgent:
    return CommandAgent(command, **params)
