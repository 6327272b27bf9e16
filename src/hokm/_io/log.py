"""The append-only form of a match record: a log, one JSON object a line.

A log is written while the match is played (``hokm.records.RecordLog``) and read back as the
match record it amounts to, which ``load_record`` then replays like any other:

- line 1, the header: ``{"format": "hokm-record/1", "kind": "log", "ruleset": ..., "seed": ...,
  "first_seat": ..., "first_hakem_draw": [...], "seating": [...], "metadata": {...}}``
  (a match record's keys, without its hands and its result);
- at the start of each hand: ``{"hand": 2, "hakem": 1, "deck": [...]}`` (``"redeals": n``
  after annulled deals);
- one line an action, as records write them: ``{"seat": 0, "act": "play", "card": "A♠"}``;
- when a hand ends: ``{"result": {...}, "scores": [...]}`` (``"result": null`` and
  ``"annulled": true`` for an annulled hand);
- last, when the log is closed: ``{"end": true, "scores": [...], "winner": 0, "drawn": false}``.

A log whose last line is cut off (the writer died mid-line) loads up to its last whole line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from hokm._io.limits import MAX_ACTIONS, MAX_HANDS, fail, no_constant, unique_keys
from hokm.errors import RecordError, _kind, _shown

__all__ = ["KIND", "LogRecord", "dumps", "end_hand_line", "hand_line", "header_line", "is_log", "read_log",
           "relocate"]

KIND = "log"
"""The ``"kind"`` of a log's header line."""

_HEADER_KEYS = ({"format", "kind", "ruleset", "first_hakem_draw"},
                {"seed", "first_seat", "seating", "metadata"})
_HAND_KEYS = ({"hand", "hakem", "deck"}, {"redeals"})
_END_HAND_KEYS = ({"result", "scores"}, {"annulled"})
_END_KEYS: tuple[set[str], set[str]] = ({"end", "scores", "winner", "drawn"}, set())


def dumps(data: Mapping[str, Any]) -> str:
    """One line of a log: compact JSON, cards with their suit symbols, and the newline."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def header_line(record: Mapping[str, Any]) -> dict[str, Any]:
    """The header of the log of a match record (``match_record``'s dict)."""
    header = {key: value for key, value in record.items()
              if key not in ("hands", "scores", "winner", "drawn")}
    header["kind"] = KIND
    return header


def hand_line(number: int, entry: Mapping[str, Any]) -> dict[str, Any]:
    """The line that starts hand ``number`` (a match record's hand entry, or what it will hold)."""
    line: dict[str, Any] = {"hand": number, "hakem": entry["hakem"], "deck": entry["deck"]}
    if entry.get("redeals"):
        line["redeals"] = entry["redeals"]
    return line


def end_hand_line(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The line that ends a hand: its result (or that it was annulled) and the scores after it."""
    line: dict[str, Any] = {"result": entry["result"]}
    if entry.get("annulled"):
        line["annulled"] = True
    line["scores"] = entry["scores"]
    return line


_HEADER = re.compile(r'\s*\{.*"kind"\s*:\s*"log"', re.DOTALL)


def is_log(text: str) -> bool:
    """Whether ``text`` starts with a log's header line (cheap: reads the first line only)."""
    end = text.find("\n")
    first = text if end < 0 else text[:end]
    if _HEADER.match(first) is None:
        return False
    try:
        header = json.loads(first)
    except ValueError:  # a header cut off: still a log (read_log says it is cut)
        return end < 0
    return isinstance(header, dict) and header.get("kind") == KIND


class LogRecord(dict):  # type: ignore[type-arg]  # dict[str, Any]: the match record a log amounts to
    """The match record a log amounts to, and where each of its parts came from in the log.

    ``cut``: the log's last line was cut off and left out. ``closed``: the log has its end
    line. ``places``: for a JSON path of the record (``"$.hands[1].actions[4]"``), the line
    it came from and the path that line's ``$`` stands for, to name lines in errors.
    """

    cut: bool
    closed: bool
    places: dict[str, tuple[int, str]]


def _keys(value: object, number: int, keys: tuple[set[str], set[str]], what: str) -> dict[str, Any]:
    required, optional = keys
    if not isinstance(value, dict):
        fail(f"line {number}: {what} is a JSON object, got {_kind(value)}")
    for key in value:
        if key not in required and key not in optional:
            fail(f"line {number}: unknown key {_shown(key, 40)} in {what} (it has "
                 f"{', '.join(sorted(required | optional))})")
    for key in sorted(required):
        if key not in value:
            fail(f"line {number}: {what} needs the key {key!r}")
    return value


def _parse_line(text: str, number: int) -> Any:
    try:
        return json.loads(text, object_pairs_hook=unique_keys, parse_constant=no_constant)
    except json.JSONDecodeError as error:
        fail(f"line {number}: not valid JSON: {error.msg} at column {error.colno}")
    except RecursionError:
        fail(f"line {number}: the JSON is nested too deeply")
    except ValueError as error:
        fail(f"line {number}: {str(error)[:200]}")


def read_log(text: str) -> LogRecord:
    """The match record a log's text amounts to (its shape checked; the replay is ``load``'s).

    Raises:
        RecordError: a line is not JSON or not what the log holds at that place.
    """
    pieces = text.split("\n")
    tail = pieces.pop()  # after the last newline: "" for a whole log, else a line cut off
    cut = False
    if tail.strip():
        try:
            json.loads(tail)
        except ValueError:
            cut = True  # the writer died mid-line: load what is whole, and say so
        else:
            pieces.append(tail)  # a whole last line, its newline lost
    if not pieces or not pieces[0].strip():
        fail("the log is cut off in its header line: nothing to load" if cut else "the log is empty")
    record = LogRecord()
    record.cut, record.closed, record.places = cut, False, {}
    header = _keys(_parse_line(pieces[0], 1), 1, _HEADER_KEYS, "the header line")
    if header.get("kind") != KIND:
        fail(f"line 1: a log's header has \"kind\": \"log\", got {_shown(header.get('kind'), 40)}")
    record.update(header)
    record["kind"] = "match"
    record.places["$"] = (1, "$")
    hands: list[dict[str, Any]] = []
    actions = 0
    for number, line in enumerate(pieces[1:], start=2):
        if not line.strip():
            continue
        if record.closed:
            fail(f"line {number}: the log goes on after its end line")
        data = _parse_line(line, number)
        if not isinstance(data, dict):
            fail(f"line {number}: a log line is a JSON object, got {_kind(data)}")
        if "act" in data:
            if not hands or "result" in hands[-1]:
                fail(f"line {number}: an action outside a hand (a hand starts with a line such as "
                     '{"hand": 1, "hakem": 0, "deck": [...]})')
            entry = hands[-1]
            path = f"$.hands[{len(hands) - 1}].actions[{len(entry['actions'])}]"
            record.places[path] = (number, path)
            entry["actions"].append(data)
            actions += 1
            if actions > MAX_ACTIONS:
                fail(f"line {number}: the log holds more than the limit of {MAX_ACTIONS:,} actions")
        elif "hand" in data:
            _keys(data, number, _HAND_KEYS, "a hand's first line")
            if hands and "result" not in hands[-1]:
                fail(f"line {number}: hand {data['hand']!r} starts before hand {len(hands)} ended")
            if data["hand"] != len(hands) + 1:
                fail(f"line {number}: expected hand {len(hands) + 1}, got {_shown(data['hand'], 40)}")
            if len(hands) >= MAX_HANDS:
                fail(f"line {number}: the log holds more than the limit of {MAX_HANDS:,} hands")
            entry = {key: value for key, value in data.items() if key != "hand"}
            entry["actions"] = []
            hands.append(entry)
            record.places[f"$.hands[{len(hands) - 1}]"] = (number, f"$.hands[{len(hands) - 1}]")
        elif "end" in data:
            _keys(data, number, _END_KEYS, "the end line")
            if data["end"] is not True:
                fail(f"line {number}: the end line has \"end\": true, got {_shown(data['end'], 40)}")
            record.update(scores=data["scores"], winner=data["winner"], drawn=data["drawn"])
            record.closed = True
            record.places.update({f"$.{key}": (number, "$") for key in ("scores", "winner", "drawn")})
        elif "result" in data:
            _keys(data, number, _END_HAND_KEYS, "a hand's last line")
            if not hands or "result" in hands[-1]:
                fail(f"line {number}: a hand's result outside a hand")
            hands[-1].update(data)
            root = f"$.hands[{len(hands) - 1}]"
            record.places.update({f"{root}.{key}": (number, root)
                                  for key in ("result", "scores", "annulled")})
        else:
            fail(f"line {number}: not a line of a log: an action has \"act\", a hand's first line "
                 '"hand", its last line "result", the end line "end"')
    for entry in hands:
        entry.setdefault("result", None)
    record["hands"] = hands
    return record


def relocate(error: RecordError, record: LogRecord) -> RecordError:
    """``error``, found in the match record a log amounts to, said of the log's line.

    ``hand 2, action 4 ($.hands[1].actions[4].seat): ...`` becomes ``line 57 (hand 2,
    action 4): ...`` with the path ``$.seat`` inside that line.
    """
    path = error.path
    found = max((prefix for prefix in record.places
                 if path == prefix or path.startswith((prefix + ".", prefix + "["))), key=len, default=None)
    if found is None:
        return error
    number, root = record.places[found]
    text = str(error)
    what = text.split("): ", 1)[-1] if error.hand is not None else text.split(": ", 1)[-1]
    where = "" if error.hand is None else f" (hand {error.hand}" + (
        f", action {error.action})" if error.action is not None else ")")
    inner = "$" + path[len(root):]
    return RecordError(f"line {number}{where}: {what}", path=inner, hand=error.hand, action=error.action)
