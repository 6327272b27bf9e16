"""``hokm replay`` and ``hokm show``: check a game record, summarise it, print a hand.

A record file is one record (``.json``, or ``.json.gz``), one record a line (``.jsonl`` /
``.jsonl.gz``, as ``hokm simulate --records`` writes many), or a record log
(``hokm.records.RecordLog``, any of those names). ``--record N`` (or ``FILE:N``) picks the
N-th record of a file. A record that does not replay, and a file that cannot be read as
records (empty, corrupt gzip, not UTF-8), is reported in one line with exit status 1; a
file that cannot be opened with status 2.
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import sys
import textwrap
import warnings
import zlib
from collections.abc import Generator, Iterable, Iterator, Mapping, Sequence
from typing import IO, TYPE_CHECKING, Any, TextIO

from hokm._cli.analyse import DEFAULT_TRICKS, Analysis, analyse
from hokm._cli.common import _Count, ascii_suits, can_write_suits
from hokm._io.log import LogRecord, is_log
from hokm._io.records import parse
from hokm.actions import DrawCard, HiddenAction
from hokm.cards import Card, Suit
from hokm.errors import HokmWarning, RecordError
from hokm.events import CardPlayed, DecisionTaken, TrickWon, TrumpCalled, for_seat
from hokm.outcomes import Phase
from hokm.records import FORMAT, MAX_RECORD_BYTES, load_record

if TYPE_CHECKING:
    from hokm.match import MatchState
    from hokm.outcomes import HandResult
    from hokm.state import HandState

__all__ = ["add_commands"]

EXIT_INVALID = 1
"""Exit status when a record does not replay, or a file holds no readable record."""

MAX_RECORDS = 10**9
"""The highest record number ``--record`` takes (a file holds far fewer)."""

EXIT_USAGE = 2
"""Exit status when a file cannot be opened, or holds no record numbered as asked."""

PLAY_METADATA = "hokm-play"
"""The metadata key of a record ``hokm play`` saved: it names the seat that played it."""

ASCII_HELP = "write suits as letters (AS, 10H); automatic when the output cannot take ♠"

_RED, _BOLD, _RESET = "\033[31m", "\033[1m", "\033[0m"
_GZIP = b"\x1f\x8b"


class _Invalid(Exception):
    """A record did not load, or the file holds none that can be read: the message is the report."""


class _Usage(Exception):
    """The file or the record asked for does not exist: the message is the report."""


def _opened(path: str) -> IO[bytes] | gzip.GzipFile:
    """``path`` opened for reading bytes, through gzip when the file is gzip (whatever its name)."""
    raw = open(path, "rb")  # noqa: SIM115 - returned open
    try:
        packed = raw.read(2) == _GZIP
        raw.seek(0)
    except BaseException:
        raw.close()
        raise
    return gzip.GzipFile(fileobj=raw, mode="rb") if packed else raw


def _records(path: str) -> Iterator[tuple[str | None, bytes]]:
    """(label, data) of every record in the file: one, or one a line for ``.jsonl`` files.

    A record log is one record, whatever the file's name. Never more than
    ``MAX_RECORD_BYTES`` (and one byte, for the error) is read at a time.

    Raises:
        _Invalid: the file is empty, or its gzip data is corrupt or cut short.
        OSError: the file cannot be opened or read.
    """
    lines = path.lower().removesuffix(".gz").endswith(".jsonl")
    count = 0
    try:
        with _opened(path) as file:
            first = file.readline(MAX_RECORD_BYTES + 1) if lines else file.read(MAX_RECORD_BYTES + 1)
            if lines and _starts_log(first):  # a log: the whole file is one record
                first += file.read(MAX_RECORD_BYTES + 1 - len(first))
                lines = False
            if not lines:
                if first.strip():
                    count = 1
                    yield None, first
            else:
                number, line = 1, first
                while line:
                    if not line.endswith(b"\n"):
                        file.read(1)  # the last line: a gzip stream cut short says so here, first
                    if line.strip():
                        count += 1
                        yield f"line {number}", line
                    number += 1
                    line = file.readline(MAX_RECORD_BYTES + 1)
    except (zlib.error, gzip.BadGzipFile) as error:
        raise _Invalid(f"{path}: the gzip data is corrupt ({error})") from None
    except EOFError:
        raise _Invalid(f"{path}: the gzip data ends early: is the file cut short?") from None
    if count == 0:
        raise _Invalid(f"{path} holds no record: it is empty")


def _starts_log(line: bytes) -> bool:
    return is_log(line.decode("utf-8", "replace"))


def _picked(path: str, number: int | None) -> Generator[tuple[str | None, bytes], None, None]:
    """The file's records, or only record ``number`` (from 1) of it."""
    if number is None:
        yield from _records(path)
        return
    count = 0
    for label, data in _records(path):
        count += 1
        if count == number:
            yield (None if label is None else f"record {number} ({label})"), data
            return
    held = "one record" if count == 1 else f"{count:,} records"
    raise _Usage(f"{path} holds {held}; there is no record {number}")


_NUMBERED = re.compile(r"(?P<path>.+):(?P<number>[0-9]+)")


def _file_and_record(args: argparse.Namespace) -> tuple[str, int | None]:
    """The file and the record number: ``--record N``, or ``FILE:N`` when no file has that name."""
    path, number = args.file, args.record
    found = _NUMBERED.fullmatch(path)
    if found is not None and not os.path.exists(path) and os.path.exists(found["path"]):
        given = int(found["number"])
        if given < 1:
            raise _Usage(f"{path}: records are numbered from 1")
        if number is not None and number != given:
            raise _Usage(f"{path} and --record {number} name different records")
        path, number = found["path"], given
    return path, number


def _report(error: BaseException, path: str) -> int:
    """One line on stderr for a failure to read ``path``; the exit status."""
    if isinstance(error, _Invalid):
        print(f"hokm: invalid record: {error}", file=sys.stderr)
        return EXIT_INVALID
    if isinstance(error, _Usage):
        print(f"hokm: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
    print(f"hokm: error: cannot read {path}: {reason}", file=sys.stderr)
    return EXIT_USAGE


def _printable(value: object, limit: int = 80) -> str:
    """Text from a record, safe for a terminal: no control characters, not too long."""
    text = "".join(char if char.isprintable() else "?" for char in str(value)[:limit + 1])
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _load(label: str | None, data: bytes, strict: bool = False) -> tuple[MatchState | HandState,
                                                                        Mapping[str, Any]]:
    """The state a record ends in, and the record's data; warnings become one line each."""
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", HokmWarning)
            record = parse(data)
            state = load_record(record, strict=strict)
    except RecordError as error:
        raise _Invalid(f"{label}: {error}" if label else str(error)) from error
    for warning in caught:
        if issubclass(warning.category, HokmWarning):
            print(f"hokm: warning: {f'{label}: ' if label else ''}{warning.message}", file=sys.stderr)
        else:
            warnings.warn_explicit(warning.message, warning.category, warning.filename, warning.lineno)
    return state, record


def _pair(values: tuple[int, ...] | list[int]) -> str:
    return "-".join(map(str, values))


def _ruleset_line(state: MatchState | HandState) -> str:
    return state.ruleset.describe()


# hokm replay ------------------------------------------------------------------------------------


def _about(record: Mapping[str, Any], out: TextIO) -> None:
    """The metadata people put in records: players, event, date."""
    metadata = record.get("metadata") or {}
    players = metadata.get("players")
    if isinstance(players, list) and players:
        print("players: " + ", ".join(_printable(name, 40) for name in players[:16]), file=out)
    for key in ("event", "date"):
        if isinstance(metadata.get(key), str):
            print(f"{key}: {_printable(metadata[key])}", file=out)


def _match_summary(match: MatchState, record: Mapping[str, Any], out: TextIO) -> None:
    hands = [*match.finished_hands, *([] if match.is_over else [match.hand])]
    actions = sum(len(hand["actions"]) for hand in record["hands"])
    seed = f"seed {_printable(record['seed'])}" if "seed" in record else "no seed"
    kind = ""
    if isinstance(record, LogRecord):
        kind = ", a log" + ("" if record.closed else " not closed (the match as far as it goes)")
    print(f"valid record ({FORMAT}{kind}): a match of {_ruleset_line(match)}, {seed}", file=out)
    _about(record, out)
    print("hand  hakem  trump  tricks  outcome                scores", file=out)
    scores = [0] * len(match.scores)
    results = iter(match.results)
    for number, hand in enumerate(hands, start=1):
        trump = hand.trump.value if hand.trump else "-"
        if hand.is_annulled:
            print(f"{number:>4}  {hand.hakem:>5}  {trump:>5}  {'-':<6}  {'annulled (dealt again)':<21}  "
                  f"{_pair(scores)}", file=out)
        elif hand.is_over:
            result = next(results)
            scores[result.winner] += result.points
            outcome = f"team {result.winner} +{result.points} ({result.label})"
            print(f"{number:>4}  {hand.hakem:>5}  {trump:>5}  {_pair(result.team_tricks):<6}  "
                  f"{outcome:<21}  {_pair(scores)}", file=out)
        else:
            doing = f"seat {hand.to_act} to act ({hand.phase.value})"
            print(f"{number:>4}  {hand.hakem:>5}  {trump:>5}  {_pair(hand.team_tricks):<6}  {doing}",
                  file=out)
    if match.winner is not None:
        print(f"winner: team {match.winner}, {_pair(match.scores)}, after {len(hands)} hands "
              f"({actions} actions)", file=out)
    elif match.is_drawn:
        print(f"drawn: {_pair(match.scores)}, after {len(hands)} hands ({actions} actions)", file=out)
    else:
        print(f"in progress: hand {match.hand_number}, scores {_pair(match.scores)} ({actions} actions)",
              file=out)


def _hand_summary(hand: HandState, record: Mapping[str, Any], out: TextIO) -> None:
    trump = hand.trump.value if hand.trump else "not called yet"
    actions = len(record["hand"]["actions"])
    print(f"valid record ({FORMAT}): a hand of {_ruleset_line(hand)}", file=out)
    _about(record, out)
    print(f"Hakem seat {hand.hakem}, trump {trump}, tricks {_pair(hand.team_tricks)} ({actions} actions)",
          file=out)
    if hand.is_annulled:
        print("annulled: the hand ended before its first trick and is dealt again", file=out)
    elif hand.is_over:
        result = hand.result()
        print(f"result: team {result.winner} +{result.points} ({result.label})", file=out)
    else:
        print(f"in progress: seat {hand.to_act} to act ({hand.phase.value})", file=out)


def _one_line(state: MatchState | HandState) -> str:
    from hokm.match import MatchState

    if isinstance(state, MatchState):
        end = (f"winner team {state.winner} ({_pair(state.scores)})" if state.winner is not None
               else f"drawn ({_pair(state.scores)})" if state.is_drawn
               else f"in progress ({_pair(state.scores)})")
        return f"a match of {_ruleset_line(state)}, {state.hand_number} hands, {end}"
    return f"a hand of {_ruleset_line(state)}, {'over' if state.is_over else 'in progress'}"


def _replay_command(args: argparse.Namespace) -> int:
    from hokm.match import MatchState

    out = _output(sys.stdout, args.ascii)
    path = args.file
    try:
        path, number = _file_and_record(args)
        count = 0
        label: str | None = None
        for label, data in _picked(path, number):
            state, record = _load(label, data, args.strict)
            count += 1
            if label is not None and number is None:
                print(f"{label}: {_one_line(state)}", file=out)
            elif isinstance(state, MatchState):
                if label is not None:
                    print(f"{label} of {path}", file=out)
                _match_summary(state, record, out)
            else:
                _hand_summary(state, record, out)
        if number is None and (count != 1 or label is not None):
            print(f"{count} records, all valid", file=out)
    except BrokenPipeError:
        raise  # `hokm replay ... | head`: the command line ends quietly
    except (_Invalid, _Usage, OSError) as error:
        return _report(error, path)
    return 0


# hokm show --------------------------------------------------------------------------------------


class _Style:
    def __init__(self, colour: bool) -> None:
        self.colour = colour

    def card(self, card: Card, *, strong: bool = False) -> str:
        text = str(card) + ("*" if strong else "")
        if not self.colour:
            return text
        text = f"{_RED}{text}{_RESET}" if card.suit.is_red else text
        return f"{_BOLD}{text}{_RESET}" if strong else text

    def suit(self, suit: Suit, text: str) -> str:
        return f"{_RED}{text}{_RESET}" if self.colour and suit.is_red else text


def _wants_colour(choice: str, stream: TextIO) -> bool:
    if choice != "auto":
        return choice == "always"
    if os.environ.get("NO_COLOR"):
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _holding(cards: Iterable[Card], style: _Style) -> str:
    groups = []
    held = set(cards)
    for suit in Suit:
        ranks = sorted((card for card in held if card.suit is suit), key=lambda c: c.sort_key)
        if ranks:
            groups.append(style.suit(suit, f"{suit.value} " + " ".join(c.rank.symbol for c in ranks)))
    return "  ".join(groups) or "-"


def _trick_line(number: int, plays: Sequence[tuple[int, Card]], winner: int | None, style: _Style) -> str:
    shown = []
    for seat, card in plays:
        strong = seat == winner
        pad = " " * (4 - len(str(card)) - strong)
        shown.append(f"seat {seat} {style.card(card, strong=strong)}{pad}")
    end = f"won by seat {winner}" if winner is not None else "(in progress)"
    return f"  {number:>2}. " + " ".join(shown) + f" {end}"


def _indicator(hand: HandState) -> Card | None:
    """A hidden trump's indicator (``hidden-trump``): the caller's card laid face down, or the one
    of his that was turned up. Omniscient, for the whole-table view."""
    if "hidden-trump" not in hand.ruleset.variants:
        return None
    caller = hand.hakem
    aside = hand.set_aside[caller]
    if len(aside) == 1:
        return next(iter(aside))
    played = {card for seat, card in hand.plays if seat == caller}
    shown = [card for card in hand.shown if card in played | hand.hand_of(caller)]
    return shown[0] if len(shown) == 1 else None


def _trump_line(hand: HandState, seat: int | None, style: _Style) -> str:
    """The trump as the whole table (``seat`` ``None``) or as ``seat`` may know it."""
    if seat is not None:
        seen = hand.observation(seat)
        if seen.trump is not None:
            return f"trump {seen.trump.value}"
        if seen.phase is Phase.TRUMP:
            return "trump not called yet"
        if "hidden-trump" in hand.ruleset.variants and seen.set_aside_counts[seen.hakem]:
            if seat == seen.hakem and len(seen.set_aside) == 1:
                card = next(iter(seen.set_aside))
                return f"trump {card.suit.value}, hidden (your indicator {style.card(card)})"
            return "trump hidden (a face-down indicator)"
        return "trump not called yet"
    indicator = _indicator(hand)
    if indicator is not None:
        trump = indicator.suit.value
        if hand.trump is None and hand.is_over:
            return f"trump {trump}, hidden and never revealed (indicator {style.card(indicator)})"
        if hand.trump is None:
            return f"trump {trump}, hidden so far (indicator {style.card(indicator)})"
        trick = hand.trump_from // hand.ruleset.players + 1
        return f"trump {trump}, hidden, revealed in trick {trick} (indicator {style.card(indicator)})"
    return f"trump {hand.trump.value}" if hand.trump else "trump not called yet"


def _show_hand(hand: HandState, result: HandResult | None, title: str, out: TextIO,
               style: _Style, seat: int | None = None, analysis: Analysis | None = None) -> None:
    """The hand: who holds what at the first lead, then every action, a trick a line.

    With ``seat``, only what that seat saw: its own cards, the others' plays and public
    decisions (another seat's private one as ``(hidden)``), the trump as it knew it. With
    ``analysis``, its mistakes under their tricks and a summary at the end.
    """
    from hokm.events import history

    print(title, file=out)
    print(f"Hakem seat {hand.hakem} (dealer seat {hand.dealer}), {_trump_line(hand, seat, style)}", file=out)
    plays = hand.plays
    for holder in hand.layout.seats:
        if seat is not None and holder != seat:
            print(f"  seat {holder}  (not seen)", file=out)
            continue
        played = (card for who, card in plays if who == holder)
        held = [*hand.hand_of(holder), *hand.set_aside[holder], *played]  # kept, played or laid apart
        print(f"  seat {holder}  {_holding(held, style)}", file=out)
    events = history(hand) if seat is None else for_seat(history(hand), seat)
    trick: list[tuple[int, Card]] = []
    draws: list[str] = []
    drawing = "two-player" in hand.ruleset.variants
    called = played_any = False
    for event in events:
        if isinstance(event, DecisionTaken) and (isinstance(event.action, DrawCard) or (
                drawing and called and not played_any and isinstance(event.action, HiddenAction))):
            draws.append(f"seat {event.seat} {event.action}")  # a hidden one: the other's draw, as seen
            continue
        called = called or isinstance(event, TrumpCalled)
        played_any = played_any or isinstance(event, CardPlayed)
        if draws and isinstance(event, DecisionTaken | TrumpCalled | CardPlayed):
            _wrapped("draws: " + ", ".join(draws), out)
            draws = []
        if isinstance(event, TrumpCalled):
            print(f"  seat {event.seat}: call {event.suit.value}", file=out)
        elif isinstance(event, DecisionTaken):
            print(f"  seat {event.seat}: {event.action}", file=out)
        elif isinstance(event, CardPlayed):
            trick.append((event.seat, event.card))
        elif isinstance(event, TrickWon):
            print(_trick_line(event.number, event.plays, event.winner, style), file=out)
            _mistakes(analysis, event.number, out, style)
            trick = []
    if draws:
        _wrapped("draws: " + ", ".join(draws), out)
    if trick:
        print(_trick_line(hand.tricks_played + 1, trick, None, style), file=out)
        _mistakes(analysis, hand.tricks_played + 1, out, style)
    if hand.is_annulled:
        print(f"annulled: the hand is dealt again (Hakem seat {hand.hakem})", file=out)
    elif result is not None:
        print(f"result: team {result.winner} +{result.points} ({result.label}), tricks "
              f"{_pair(result.team_tricks)}; next Hakem seat {result.next_hakem}", file=out)
    else:
        print(f"in progress: seat {hand.to_act} to act, tricks {_pair(hand.team_tricks)}", file=out)
    if analysis is not None:
        print(_summary(analysis), file=out)


def _mistakes(analysis: Analysis | None, number: int, out: TextIO, style: _Style) -> None:
    """The analysis' notes on trick ``number``."""
    for mistake in () if analysis is None else analysis.mistakes:
        if mistake.trick == number:
            best = " or ".join(style.card(card) for card in mistake.best)
            print(mistake.line(style.card(mistake.card), best), file=out)


def _summary(analysis: Analysis) -> str:
    if analysis.reason is not None:
        return f"analysis: none ({analysis.reason})"
    found = len(analysis.mistakes)
    return (f"analysis: {analysis.weighed} plays solved double-dummy (a choice with at most "
            f"{analysis.tricks} tricks left), {found} mistake{'' if found == 1 else 's'}")


def _wrapped(text: str, out: TextIO) -> None:
    print(textwrap.fill(text, width=88, initial_indent="  ", subsequent_indent="    "), file=out)


def _show_command(args: argparse.Namespace) -> int:
    from hokm.match import MatchState

    out = _output(sys.stdout, args.ascii)
    style = _Style(_wants_colour(args.color, sys.stdout))
    if args.seat is not None and args.all:
        print("hokm: error: --seat and --all contradict each other: give one of them", file=sys.stderr)
        return 2
    path = args.file
    try:
        path, chosen = _file_and_record(args)
        records = _picked(path, chosen)
        try:
            first = next(records)
            if chosen is None and first[0] is not None and next(records, None) is not None:
                raise _Usage(f"{path} holds more than one record: pick one with --record N (or {path}:N)")
        finally:
            records.close()
        state, record = _load(*first)
    except BrokenPipeError:
        raise
    except (_Invalid, _Usage, OSError) as error:
        return _report(error, path)
    number = args.hand
    if isinstance(state, MatchState):
        hands = [*state.finished_hands, *([] if state.is_over else [state.hand])]
        if number > len(hands):
            print(f"hokm: error: the record holds {len(hands)} hands; there is no hand {number}",
                  file=sys.stderr)
            return 2
        shown = hands[number - 1]
        scored = sum(1 for hand in hands[:number] if hand.is_over and not hand.is_annulled)
        result = state.results[scored - 1] if shown.is_over and not shown.is_annulled else None
        title = f"hand {number} of {len(hands)}: {_ruleset_line(state)}"
    else:
        if number != 1:
            print(f"hokm: error: a hand record holds one hand; there is no hand {number}", file=sys.stderr)
            return 2
        shown, title = state, f"a hand of {_ruleset_line(state)}"
        result = state.result() if state.is_over else None
    try:
        seat = _viewer(args, record, shown)
    except ValueError as error:
        print(f"hokm: error: {error}", file=sys.stderr)
        return 2
    if seat is not None:
        title += f" (as seat {seat} saw it{'' if args.seat is not None else '; --all shows every card'})"
    analysis = None
    if args.analyse is not None:
        if seat is not None:
            print("hokm: error: --analyse weighs every card: show the whole table (--all, not --seat)",
                  file=sys.stderr)
            return 2
        analysis = analyse(shown, args.analyse)
    _show_hand(shown, result, title, out, style, seat, analysis)
    return 0


def _viewer(args: argparse.Namespace, record: Mapping[str, Any], hand: HandState) -> int | None:
    """Whose view ``hokm show`` prints: ``--seat N``; else, for a hand still in progress in a
    record ``hokm play`` saved, the seat that played it (what it saw, no more); else every card.

    Raises:
        ValueError: ``--seat`` names no seat of the table.
    """
    if args.all:
        return None
    if args.seat is not None:
        if not 0 <= args.seat < hand.ruleset.players:
            raise ValueError(f"--seat {args.seat}: the table has seats 0 to {hand.ruleset.players - 1}")
        return int(args.seat)
    if hand.is_over:
        return None
    metadata = record.get("metadata")
    saved = metadata.get(PLAY_METADATA) if isinstance(metadata, Mapping) else None
    seat = saved.get("seat") if isinstance(saved, Mapping) else None
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < hand.ruleset.players:
        return seat
    return None


class _Ascii:
    """A text stream that writes suits as letters (``A♠`` as ``AS``) and any other character the
    stream's encoding lacks as ``?``: output for a terminal or file that cannot take ``♠``."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.encoding = getattr(stream, "encoding", None) or "ascii"

    def write(self, text: str) -> int:
        text = ascii_suits(text)
        try:
            text = text.encode(self.encoding, "replace").decode(self.encoding)
        except LookupError:
            text = text.encode("ascii", "replace").decode("ascii")
        return self.stream.write(text)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return bool(self.stream.isatty())


def _output(stream: TextIO, ascii: bool) -> TextIO:
    """``stream``, or its ASCII form with ``--ascii`` or when it cannot write ``♠``."""
    if ascii or not can_write_suits(stream):
        return _Ascii(stream)  # type: ignore[return-value]
    return stream


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser],
                 common: argparse.ArgumentParser, count: type[argparse.Action] | object) -> None:
    """Add ``replay`` and ``show`` to the parser's commands."""
    replay = commands.add_parser("replay", parents=[common],
                                 help="check a game record by replaying it, and summarise it")
    replay.add_argument("file", metavar="FILE",
                        help="a record (.json or .json.gz), one a line (.jsonl or .jsonl.gz) or a record "
                             "log; FILE:N picks record N")
    replay.add_argument("--record", type=_Count("records", MAX_RECORDS), default=None, metavar="N",
                        help="check and summarise only record N of the file (from 1)")
    replay.add_argument("--strict", action="store_true",
                        help="refuse a record whose ruleset names another version of a variant's "
                             "distribution than the one installed (default: a warning)")
    replay.add_argument("--ascii", action="store_true", help=ASCII_HELP)
    replay.set_defaults(run=_replay_command)

    show = commands.add_parser("show", parents=[common],
                               help="print one hand of a game record, trick by trick")
    show.add_argument("file", metavar="FILE",
                      help="a record (.json or .json.gz), one a line (.jsonl or .jsonl.gz: pick one with "
                           "--record N or FILE:N) or a record log")
    show.add_argument("--record", type=_Count("records", MAX_RECORDS), default=None, metavar="N",
                      help="the record of the file to print, from 1 (needed when it holds several)")
    show.add_argument("--hand", type=count, default=1, metavar="N",  # type: ignore[arg-type]
                      help="the hand to print, from 1 (default 1)")
    show.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                      help="colour the red suits and each trick's winner (default: auto, only on a terminal "
                           "and without NO_COLOR)")
    show.add_argument("--seat", type=int, default=None, metavar="N",
                      help="print only what seat N saw: its own cards, the others' plays (default: every "
                           "card, except for a hand in progress of a record hokm play saved, which shows "
                           "what its player saw)")
    show.add_argument("--all", action="store_true",
                      help="print every card, also of a hand in progress that hokm play saved")
    show.add_argument("--analyse", type=_Count("tricks", 26), nargs="?", const=DEFAULT_TRICKS, default=None,
                      metavar="TRICKS",
                      help="solve every position double-dummy (all cards known) before each card played "
                           f"with at most TRICKS tricks left (default {DEFAULT_TRICKS}) and mark each card "
                           "that did worse than the best; more tricks take longer")
    show.add_argument("--ascii", action="store_true", help=ASCII_HELP)
    show.set_defaults(run=_show_command)
