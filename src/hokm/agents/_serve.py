"""The bot's side of ``hokm-bot/1`` for Python: any hokm agent as a stdio bot, in one call.

``serve_stdio(agent)`` reads hokm's messages, rebuilds the observations and events
they carry (with the ruleset of the handshake, so an agent sees what it would see in
process) and answers each request with the agent's action.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING, Any

import attrs

from hokm._io.codec import encode
from hokm.agents._bot_messages import (
    MAX_LINE,
    PROTOCOL,
    Fault,
    decode,
    dumps,
    reply_hello,
)
from hokm.agents._protocol import Agent
from hokm.observation import HandObservation, MatchObservation

if TYPE_CHECKING:
    from hokm.rules import Ruleset

__all__ = ["serve_stdio"]


def serve_stdio(agent: Agent, *, name: str | None = None, variants: Sequence[str] = ("*",),
                stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None) -> None:
    """Play ``agent`` as a ``hokm-bot/1`` bot on stdin and stdout, until ``goodbye`` or end of input.

    A Python bot file needs only this (run it with ``cmd:python my_bot.py``)::

        from hokm.agents import serve_stdio
        from my_package import MyAgent

        serve_stdio(MyAgent())

    The handshake answers with ``name`` (default: the agent's class name) and ``variants``
    (default ``["*"]``: any ruleset). Notices call the agent's ``start_match``,
    ``start_hand`` and ``observe`` (with ``hokm.events`` events) when it has them; each
    request calls ``act``. If the agent raises, or the ruleset cannot be built here (a
    variant not installed), the bot answers ``{"type": "error", ...}`` and returns.

    Args:
        agent: the agent to play.
        name: the bot's name in the handshake.
        variants: the variants it plays (``"*"``: all).
        stdin: a binary stream to read instead of the process's standard input.
        stdout: a binary stream to write to instead of the process's standard output.
    """
    source = stdin if stdin is not None else sys.stdin.buffer
    sink = stdout if stdout is not None else sys.stdout.buffer
    bot_name = name if name is not None else type(agent).__name__
    if stdout is None:  # the real stdout is the protocol's: the agent's own prints go to stderr
        with contextlib.redirect_stdout(sys.stderr):
            _serve(agent, bot_name, variants, source, sink)
    else:
        _serve(agent, bot_name, variants, source, sink)


def _serve(agent: Agent, bot_name: str, variants: Sequence[str], source: IO[bytes], sink: IO[bytes]) -> None:
    """The message loop of ``serve_stdio``."""

    def send(message: dict[str, Any]) -> None:
        sink.write(dumps(message))
        sink.flush()

    rules: Ruleset | None = None
    while line := source.readline(MAX_LINE + 1):
        if not line.strip():
            continue
        try:
            message = decode(line)
            kind = message.get("type")
            if kind == "goodbye":
                return
            if kind == "hello":
                if message.get("protocol") != PROTOCOL:
                    raise Fault("error", f"this bot speaks {PROTOCOL}, not {message.get('protocol')!r}")
                from hokm.rules import Ruleset  # the engine: only once a game begins

                rules = Ruleset.from_spec(message["ruleset"])
                send(reply_hello(bot_name, variants))
            elif kind in ("match", "hand", "act"):
                observation = _observation(message["observation"], rules)
                if kind == "act":
                    action = agent.act(observation)
                    send({"type": "action", "id": message["id"], "action": encode(action)})
                else:
                    hook = getattr(agent, "start_match" if kind == "match" else "start_hand", None)
                    if hook is not None:
                        hook(observation)
            elif kind == "event":
                from hokm.events import Event

                hook = getattr(agent, "observe", None)
                if hook is not None:
                    hook(Event.from_dict(message["event"]))
        except Exception as error:  # the host is told why, then this bot stops
            what = error.what if isinstance(error, Fault) else f"{type(error).__name__}: {error}"
            send({"type": "error", "message": what})
            return


def _observation(data: Any, rules: Ruleset | None) -> HandObservation | MatchObservation:
    """The observation a message carries, with the handshake's ruleset (as in process)."""
    if isinstance(data, dict) and "hand_number" in data:
        match = MatchObservation.from_dict(data)
        return attrs.evolve(match, hand=attrs.evolve(match.hand, ruleset=rules))
    return attrs.evolve(HandObservation.from_dict(data), ruleset=rules)
