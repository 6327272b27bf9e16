"""Game records: a match or a hand as plain JSON data, and back by replaying it.

A record (``"format": "hokm-record/1"``) holds the ruleset's spec, the seed, the
first-Hakem draw and, for every hand, the Hakem, the deck order, every action
with its seat, and the result and scores of the hands that are over; optional
free ``metadata`` may go with it. Cards are written as hokm prints them (``"A♠"``,
``"10♥"``), actions as short tagged objects (``{"seat": 2, "act": "play",
"card": "Q♥"}``). ``MatchState.to_record`` and ``HandState.to_record`` write one;
``load_record`` reads one by replaying every action through the rules, and
refuses a corrupt record with a ``RecordError`` that says where and what.

>>> import hokm, json
>>> match = hokm.Ruleset.compose().new_match(seed=11)
>>> for _ in range(6):
...     match = match.apply(match.legal_actions()[-1])
>>> text = json.dumps(match.to_record(), ensure_ascii=False)
>>> again = hokm.load_record(text)
>>> again == match, again.hand.plays == match.hand.plays
(True, True)
>>> hokm.load_record(text.replace('"card": "K♣"', '"card": "K♦"', 1))
Traceback (most recent call last):
  ...
hokm.errors.RecordError: hand 1, action 3 ($.hands[0].actions[3]): illegal play K♦ by seat 2: ...

A record rewritten after every action costs more as the match grows. ``RecordLog`` writes
the same record append-only, a line an action, while the match is played; ``load_record``
reads the log as it reads a record.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from typing import TYPE_CHECKING, Any

from hokm._checks import is_instance
from hokm._io.limits import MAX_ACTIONS, MAX_HAND_ACTIONS, MAX_HANDS, MAX_RECORD_BYTES, MAX_TEXT_LENGTH
from hokm._io.records import encode_action, parse
from hokm._io.writing import FORMAT, match_record, result_data
from hokm.errors import ArgumentTypeError, GameStateError, RecordError, _got

if TYPE_CHECKING:
    import os
    from types import TracebackType

    from hokm.actions import Action
    from hokm.match import MatchState
    from hokm.state import HandState

__all__ = [
    "FORMAT",
    "MAX_ACTIONS",
    "MAX_HANDS",
    "MAX_HAND_ACTIONS",
    "MAX_RECORD_BYTES",
    "MAX_TEXT_LENGTH",
    "RecordLog",
    "load_record",
    "schema",
]



def load_record(source: str | bytes | os.PathLike[str] | Mapping[str, Any], *,
                strict: bool = False) -> MatchState | HandState:
    """The state at the end of a record: a ``MatchState`` or, for a hand record, a ``HandState``.

    Every action is replayed through the rules, so the state is exactly the one the
    record was written from: it compares equal, and a half-played match plays on
    identically (hands after the record are dealt from its seed; a record without a
    seed goes on from a fresh one).

    Args:
        source: the record as JSON text (``str``), as bytes (UTF-8 JSON, plain or gzip),
            as a path (``pathlib.Path``; a ``str`` is always read as JSON text), or
            already parsed (a ``dict``).
        strict: refuse a ruleset spec that names another version of a variant's
            distribution than the one installed (by default a ``SpecVersionWarning``).

    Raises:
        RecordError: the record is not valid JSON or not a record, exceeds a limit
            (``MAX_RECORD_BYTES``, ``MAX_TEXT_LENGTH``, ``MAX_HANDS``, ``MAX_HAND_ACTIONS``,
            ``MAX_ACTIONS``), or its replay disagrees with the rules. The message names the
            hand, the action's index and the JSON path. Nothing is loaded.
        OSError: a path that cannot be read.
    """
    from hokm._io.replay import load

    return load(parse(source), strict=strict)


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the record format, shipped with hokm.

    The schema checks the shape of a record; ``load_record`` also checks that its
    replay agrees with the rules.

    >>> schema()["properties"]["format"]["const"]
    'hokm-record/1'
    """
    text = resources.files("hokm").joinpath("schemas", "hokm-record-1.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


# Writing ----------------------------------------------------------------------------------------

# The append-only form: a log --------------------------------------------------------------------


class RecordLog:
    """A match's record written as it is played: append-only, one line an action.

    Saving a match after every action with ``to_record()`` rewrites it whole, which costs
    more as the match grows; a log writes only what is new. The first lines are the header
    and the match so far (the match given may be under way, as ``load_record`` returned
    it); ``append(action)`` applies the action and writes its line (with, when the action
    ends a hand, the hand's result and the next hand's deal); ``close()`` writes the end
    line with the scores. Each line is flushed as it is written, so a log cut short by a
    crash still loads up to its last whole line (with a ``TruncatedRecordWarning`` when
    the last line is cut off). ``load_record``, ``hokm replay`` and ``hokm show`` read a
    log as they read a record; ``load_record(path).to_record()`` makes it one. The lines
    are described in [Game records](../reference/records.md#the-append-only-log).

    >>> import hokm, pathlib, tempfile
    >>> from hokm.records import RecordLog
    >>> match = hokm.Ruleset.compose().new_match(seed=8)
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "match.jsonl"
    >>> with RecordLog(path, match, metadata={"event": "club night"}) as log:
    ...     for _ in range(20):
    ...         match = log.append(match.legal_actions()[0])
    >>> hokm.load_record(path) == match == log.match
    True

    Args:
        path: the file to write (created, or emptied if it exists).
        match: the match to log, from its start or already under way.
        metadata: free JSON data for the header, checked as ``to_record`` checks it
            (``"clock"``, which needs every hand, is not taken).

    Raises:
        ArgumentTypeError: ``match`` is not a ``MatchState``, or ``path`` not a path.
        RecordError: ``metadata`` is not JSON data or breaks a documented key's rule.
        OSError: the file cannot be written.
    """

    def __init__(self, path: str | os.PathLike[str], match: MatchState, *,
                 metadata: Mapping[str, Any] | None = None) -> None:
        import os

        from hokm._io.log import dumps, end_hand_line, hand_line, header_line
        if not is_instance(match, "MatchState"):
            raise ArgumentTypeError(f"RecordLog() match must be a MatchState, got {_got(match)}")
        if not isinstance(path, str | os.PathLike):
            raise ArgumentTypeError(f"RecordLog() path must be a str or os.PathLike, got {_got(path)}")
        if isinstance(metadata, Mapping) and "clock" in metadata:
            raise RecordError("$.metadata.clock: a log's header cannot hold 'clock' (a list per hand "
                              "of the match): write the record with to_record to keep clock times",
                              path="$.metadata.clock")
        record = match_record(match, metadata)
        lines = [dumps(header_line(record))]
        for number, entry in enumerate(record["hands"], start=1):
            lines.append(dumps(hand_line(number, entry)))
            lines += [dumps(action) for action in entry["actions"]]
            if entry["result"] is not None or entry.get("annulled"):
                lines.append(dumps(end_hand_line(entry)))
        self.path = path
        self.match = match
        """The match as logged so far: the state after the last ``append``."""
        self._actions = sum(len(entry["actions"]) for entry in record["hands"])
        self._hand_actions = len(record["hands"][-1]["actions"]) if record["hands"] else 0
        self._file: Any = open(path, "w", encoding="utf-8", newline="\n")  # noqa: SIM115 - closed by close()
        try:
            self._write("".join(lines))
        except BaseException:
            self._file.close()
            raise

    def _write(self, text: str) -> None:
        self._file.write(text)
        self._file.flush()

    @property
    def closed(self) -> bool:
        """Whether ``close`` has ended the log."""
        return bool(self._file.closed)

    def append(self, action: Action) -> MatchState:
        """Apply ``action`` to the match and write its line; returns the match after it.

        Writing is O(1): one line (two more when the action ends a hand). An action the
        match refuses writes nothing.

        Raises:
            IllegalActionError: as ``MatchState.apply``; the log is unchanged.
            RecordError: the log would exceed what ``load_record`` reads (``MAX_ACTIONS``,
                ``MAX_HAND_ACTIONS``, ``MAX_HANDS``).
            GameStateError: the log is closed.
        """
        from hokm._io.log import dumps, end_hand_line, hand_line

        if self.closed:
            raise GameStateError(f"the record log {_shown_path(self.path)} is closed")
        before = self.match
        seat = before.to_act
        after = before.apply(action)
        if self._actions + 1 > MAX_ACTIONS or self._hand_actions + 1 > MAX_HAND_ACTIONS:
            raise RecordError(f"the log would hold more actions than a record holds (MAX_ACTIONS "
                              f"{MAX_ACTIONS:,}, MAX_HAND_ACTIONS {MAX_HAND_ACTIONS:,} a hand): "
                              "load_record would refuse it", path="$.hands")
        lines = [dumps(encode_action(seat if seat is not None else 0, action))]
        if after.hand_number != before.hand_number or after.is_over:  # the action ended the hand
            finished = after.last_hand
            assert finished is not None
            annulled = finished.is_annulled
            lines.append(dumps(end_hand_line({
                "result": None if annulled else result_data(after.results[-1]),
                "annulled": annulled, "scores": list(after.scores)})))
            if not after.is_over:
                if after.hand_number > MAX_HANDS:
                    raise RecordError(f"the log would hold more than {MAX_HANDS:,} hands (MAX_HANDS): "
                                      "load_record would refuse it", path="$.hands")
                hand = after.hand
                lines.append(dumps(hand_line(after.hand_number, {
                    "hakem": hand.hakem, "redeals": hand.redeals,
                    "deck": [str(card) for card in after.deck_for(after.hand_number)]})))
                self._hand_actions = -1
        self._write("".join(lines))
        self.match = after
        self._actions += 1
        self._hand_actions += 1
        return after

    def close(self) -> None:
        """End the log: write its end line (the scores, the winner) and close the file.

        Closing again does nothing. A log of a match that is not over may be closed too: it
        loads as the match in progress.
        """
        from hokm._io.log import dumps

        if self.closed:
            return
        match = self.match
        try:
            self._write(dumps({"end": True, "scores": list(match.scores), "winner": match.winner,
                               "drawn": match.is_drawn}))
        finally:
            self._file.close()

    def __enter__(self) -> RecordLog:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self.closed else f"{self._actions} actions"
        return f"<RecordLog {_shown_path(self.path)} ({state})>"


def _shown_path(path: object) -> str:
    import os

    return repr(os.fspath(path)) if isinstance(path, str | os.PathLike) else repr(path)
