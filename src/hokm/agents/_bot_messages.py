"""The ``hokm-bot/1`` messages: building what hokm sends and checking what a bot answers.

Pure functions, no I/O: ``_command`` (hokm's side) and ``_serve`` (a Python bot's
side) share them, so both ends of the protocol are written from one description.
See docs/reference/bot-protocol.md for the protocol itself.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from hokm._io.codec import encode
from hokm.actions import Action
from hokm.errors import RecordError, _got, _shown
from hokm.observation import HandObservation, MatchObservation

if TYPE_CHECKING:
    from hokm.events import Event

__all__ = [
    "MAX_LINE",
    "PROTOCOL",
    "Fault",
    "act_message",
    "check_hello",
    "decode",
    "dumps",
    "event_message",
    "goodbye_message",
    "hand_message",
    "hello_message",
    "match_message",
    "read_action",
    "reply_hello",
]

PROTOCOL = "hokm-bot/1"
"""The protocol version this hokm speaks."""

MAX_LINE = 1 << 20
"""The longest line (in bytes) either side accepts: a bot's runaway output is refused, not buffered."""


class Fault(Exception):
    """A broken rule of the protocol: ``reason`` (an ``AgentFailedError`` reason) and what happened."""

    def __init__(self, reason: str, what: str) -> None:
        super().__init__(what)
        self.reason = reason
        self.what = what


def dumps(message: Mapping[str, Any]) -> bytes:
    """One message as one line of UTF-8 JSON, newline included (cards keep their suit symbols)."""
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def decode(line: bytes) -> dict[str, Any]:
    """A received line as a message object.

    Raises:
        Fault: "malformed": not UTF-8, not JSON, or not a JSON object.
    """
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise Fault("malformed", f"a line that is not UTF-8: {_shown(line)}") from None
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise Fault("malformed", f"a line that is not JSON: {_shown(text.strip())}") from None
    if not isinstance(message, dict):
        raise Fault("malformed", f"JSON that is not an object: {_shown(text.strip())}")
    return message


# hokm -> bot -------------------------------------------------------------------------------------


def hello_message(seat: int, spec: Mapping[str, Any], time_limit: float,
                  startup_time: float) -> dict[str, Any]:
    """The handshake's first message: the protocol, the seat, the ruleset's spec, the time limits."""
    return {"type": "hello", "protocol": PROTOCOL, "seat": seat, "ruleset": dict(spec),
            "time_limit": time_limit, "startup_time": startup_time}


def match_message(observation: MatchObservation) -> dict[str, Any]:
    """Notice: a match begins; the seat's view of it."""
    return {"type": "match", "seat": int(observation.seat), "observation": observation.to_dict()}


def hand_message(observation: HandObservation) -> dict[str, Any]:
    """Notice: a hand begins; the seat's view of it."""
    return {"type": "hand", "seat": int(observation.seat), "observation": observation.to_dict()}


def event_message(event: Event) -> dict[str, Any]:
    """Notice: an event (as the receiving seat may know it)."""
    return {"type": "event", "event": event.to_dict()}


def act_message(request: int, observation: HandObservation | MatchObservation,
                time_limit: float) -> dict[str, Any]:
    """A request for one decision: its id, the seat, the time limit, the observation, the legal actions."""
    hand = observation.hand if isinstance(observation, MatchObservation) else observation
    return {"type": "act", "id": request, "seat": int(observation.seat), "time_limit": time_limit,
            "legal_actions": [encode(action) for action in hand.legal_actions],
            "observation": observation.to_dict()}


def goodbye_message(reason: str = "done") -> dict[str, Any]:
    """The last message: the bot should exit."""
    return {"type": "goodbye", "reason": reason}


# bot -> hokm -------------------------------------------------------------------------------------


def _bot_error(message: Mapping[str, Any]) -> Fault:
    return Fault("error", f"the bot reported an error: {_shown(message.get('message'), 200)}")


def check_hello(message: Mapping[str, Any], variants_needed: Sequence[str]) -> tuple[str, tuple[str, ...]]:
    """The bot's name and variants from its answer to ``hello``.

    Raises:
        Fault: "malformed" (not a hello, or another protocol), or "error" (the bot reported
            an error, or does not play every variant of ``variants_needed``).
    """
    kind = message.get("type")
    if kind == "error":
        raise _bot_error(message)
    if kind != "hello":
        raise Fault("malformed", f"{_json(message, 120)} where a hello answer was expected "
                                 f'({{"type": "hello", "protocol": "{PROTOCOL}", "name": ..., '
                                 '"variants": [...]})')
    protocol = message.get("protocol")
    if protocol != PROTOCOL:
        raise Fault("malformed", f"a hello in protocol {_got(protocol)}, but hokm speaks {PROTOCOL!r}")
    name, variants = message.get("name"), message.get("variants")
    if not isinstance(name, str) or not name:
        raise Fault("malformed", f"a hello whose 'name' is {_got(name)}, where a non-empty string "
                                 "was expected")
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise Fault("malformed", f"a hello whose 'variants' is {_got(variants)}, where a list of variant "
                                 'names (or ["*"] for any) was expected')
    if "*" not in variants:
        missing = [v for v in variants_needed if v not in variants]
        if missing:
            raise Fault("error", f"the bot {name!r} does not play {', '.join(map(repr, missing))}: it plays "
                                 f"{', '.join(map(repr, variants)) or 'nothing'}, the ruleset needs "
                                 f"{', '.join(map(repr, variants_needed))}")
    return name, tuple(variants)


def read_action(message: Mapping[str, Any], request: int, legal: Sequence[Action], seat: int) -> Action:
    """The action a bot's reply to request ``request`` chooses among ``legal``.

    The reply names it by ``"action"`` (an action object in the record encoding), by
    ``"index"`` (its 0-based place in ``legal_actions``), or both (they must agree).

    Raises:
        Fault: "malformed" (not an action reply, a wrong id, no action, an unreadable
            action), "illegal" (an action not among the legal ones, an index out of
            range), "error" (the bot reported an error).
    """
    kind = message.get("type")
    if kind == "error":
        raise _bot_error(message)
    if kind != "action":
        raise Fault("malformed", f"{_json(message, 120)} where an action reply to request {request} "
                                 f'was expected ({{"type": "action", "id": {request}, "action": ...}})')
    echoed = message.get("id")
    if echoed.__class__ is not int or echoed != request:
        raise Fault("malformed", f"a reply with id {_got(echoed)} to request {request}")
    chosen: Action | None = None
    if "action" in message:
        chosen = _decode_action(message["action"], seat)
        if chosen not in legal:
            raise Fault("illegal", f"the action {_json(message['action'], 80)}, which is not legal here "
                                   f"(legal: {_legal(legal)})")
    if "index" in message:
        index = message["index"]
        if index.__class__ is not int:
            raise Fault("malformed", f"an index {_got(index)}, where a position in legal_actions "
                                     "was expected")
        if not 0 <= index < len(legal):
            raise Fault("illegal", f"index {index}, but there are {len(legal)} legal actions "
                                   f"(0 to {len(legal) - 1}: {_legal(legal)})")
        if chosen is not None and legal[index] != chosen:
            raise Fault("malformed", f"index {index} ({_json(encode(legal[index]), 80)}) and action "
                                     f"{_json(message['action'], 80)}, which disagree")
        chosen = legal[index]
    if chosen is None:
        raise Fault("malformed", f"an action reply with neither 'action' nor 'index': "
                                 f"{_json(message, 120)}")
    return chosen


def _decode_action(data: object, seat: int) -> Action:
    from hokm._io.records import decode_action

    if not isinstance(data, Mapping):
        raise Fault("malformed", f"an action {_got(data)}, where an object such as "
                                 '{"act": "play", "card": "A♠"} was expected')
    try:
        return decode_action({**data, "seat": seat}, "$.action", None, None)[1]
    except RecordError as error:
        raise Fault("malformed", f"an action that cannot be read: {error}") from None


def _json(value: object, limit: int) -> str:
    """``value`` as JSON, as the bot wrote it (cut to ``limit`` characters): messages quote one language."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return _shown(value, limit)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _legal(legal: Sequence[Action]) -> str:
    shown = ", ".join(json.dumps(encode(action), ensure_ascii=False) for action in legal[:8])
    return shown + (f", ... ({len(legal)} in all)" if len(legal) > 8 else "")


def reply_hello(name: str, variants: Sequence[str] = ("*",)) -> dict[str, Any]:
    """A bot's answer to ``hello``: its name, the protocol it speaks, the variants it plays."""
    return {"type": "hello", "protocol": PROTOCOL, "name": name, "variants": list(variants)}
