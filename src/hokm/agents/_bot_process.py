"""One running bot program: its pipes, read and written by threads so no wait is ever unbounded.

A writer thread sends queued lines (a bot that does not read its input cannot block
hokm: the reply it then never sends times out); a reader thread splits what the bot
writes to stdout into lines; a third drains its stderr as fast as it comes and keeps the
last lines for error messages, so a bot that logs a lot never waits for hokm. Both
readers take what the pipe holds, up to 64 KiB a system call (never a byte at a time).
Works the same on every platform (no ``select`` on pipes).

The time limit is the bot's own: it runs from the moment hokm has written the request
whole into the bot's input to the moment the answer's line arrives, so neither hokm's
writing nor its reading is counted against the bot.
"""

from __future__ import annotations

import collections
import contextlib
import os
import queue
import signal
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from typing import IO, Any

from hokm.agents._bot_messages import MAX_LINE, Fault, decode, dumps

__all__ = ["BotProcess"]

STDERR_LINES = 20
"""How many of a bot's last stderr lines are kept (and shown in its error messages)."""

STDERR_LINE = 1000
"""The most characters kept of one stderr line (the end of a longer one)."""

CHUNK = 1 << 16
"""The most bytes read from a pipe in one system call."""

_EOF = b""
_LONG = b"\x00long"  # a line over MAX_LINE bytes: the reader says so at once and skips the rest


class BotProcess:
    """A started bot: ``send`` a message, ``receive`` the next one before a deadline, ``stop``.

    Raises ``Fault("crash", ...)`` if the program cannot be started.
    """

    def __init__(self, command: Sequence[str], *, cwd: str | os.PathLike[str] | None,
                 env: Mapping[str, str] | None) -> None:
        self.command = list(command)
        try:
            self._process = subprocess.Popen(
                self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                cwd=cwd, env=None if env is None else dict(env), bufsize=0,
                start_new_session=os.name == "posix")  # its own process group: stop() kills it whole
        except (OSError, ValueError) as error:
            raise Fault("crash", f"the command {self.command!r} cannot be started: "
                                 f"{type(error).__name__}: {error}") from None
        assert self._process.stdin and self._process.stdout and self._process.stderr
        self._lines: queue.Queue[tuple[bytes, float]] = queue.Queue()
        self._outgoing: queue.Queue[tuple[int, bytes] | None] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        self._stderr_line = ""  # the end of the line the bot is writing to stderr
        self._sent = 0
        self._written = 0  # the number of the last message written whole
        self._written_at: dict[int, float] = {}  # when each timed message was written whole
        self._timed: set[int] = set()
        self._wrote = threading.Condition()
        self._threads = [
            threading.Thread(target=self._read, args=(self._process.stdout,), daemon=True),
            threading.Thread(target=self._write, args=(self._process.stdin,), daemon=True),
            threading.Thread(target=self._read_stderr, args=(self._process.stderr,), daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    # Threads -------------------------------------------------------------------------------------

    def _read(self, stream: IO[bytes]) -> None:
        """Split the bot's stdout into lines, each stamped with its arrival; refuse long ones at once."""
        pending = bytearray()
        skipping = False  # inside a line already reported as too long
        try:
            while chunk := stream.read(CHUNK):
                now = time.monotonic()
                start = 0
                while (end := chunk.find(b"\n", start)) >= 0:
                    if not skipping:
                        pending += chunk[start:end + 1]
                        if len(pending) > MAX_LINE:
                            self._lines.put((_LONG, now))
                        elif pending.strip():
                            self._lines.put((bytes(pending), now))
                    pending.clear()
                    skipping = False
                    start = end + 1
                if not skipping:
                    pending += chunk[start:]
                    if len(pending) > MAX_LINE:
                        self._lines.put((_LONG, now))
                        pending.clear()
                        skipping = True
        except (OSError, ValueError):
            pass
        if pending.strip() and not skipping:
            self._lines.put((bytes(pending), time.monotonic()))
        self._lines.put((_EOF, time.monotonic()))

    def _write(self, stream: IO[bytes]) -> None:
        try:
            while (item := self._outgoing.get()) is not None:
                number, data = item
                view = memoryview(data)
                while view:  # a raw pipe may take part of a long line at a time
                    view = view[stream.write(view) or 0:]
                with self._wrote:
                    self._written = number
                    if number in self._timed:
                        self._timed.discard(number)
                        self._written_at[number] = time.monotonic()
                    self._wrote.notify_all()
        except (OSError, ValueError):  # the bot is gone: the next receive says so
            pass
        with self._wrote:
            self._written = -1  # nothing more will be written
            self._wrote.notify_all()
        with contextlib.suppress(OSError):
            stream.close()

    def _read_stderr(self, stream: IO[bytes]) -> None:
        """Drain the bot's stderr as fast as it writes, keeping the end of its last lines."""
        try:
            while chunk := stream.read(CHUNK):
                text = self._stderr_line + chunk.decode("utf-8", "replace")
                *lines, pending = text.split("\n")
                for line in lines[-STDERR_LINES:]:
                    self._stderr.append(_tail(line.rstrip("\r")))
                self._stderr_line = _tail(pending, STDERR_LINE * 4)
        except (OSError, ValueError):
            pass
        if self._stderr_line:
            self._stderr.append(_tail(self._stderr_line.rstrip("\r")))
            self._stderr_line = ""

    # Use -----------------------------------------------------------------------------------------

    @property
    def pid(self) -> int:
        """The bot's process id."""
        return self._process.pid

    def send(self, message: Mapping[str, Any], *, timed: bool = False) -> int:
        """Queue ``message`` for the bot (never waits); its number, for ``receive(after=...)``.

        ``timed``: note when it is written whole, where the bot's clock for its answer starts.
        """
        self._sent += 1
        if timed:
            with self._wrote:
                self._timed.add(self._sent)
        self._outgoing.put((self._sent, dumps(message)))
        return self._sent

    def receive(self, seconds: float, waiting_for: str, *, after: int | None = None) -> dict[str, Any]:
        """The bot's next message, within ``seconds`` of the bot's own time.

        With ``after`` (the number ``send(..., timed=True)`` gave a request), the clock
        starts once that request is written whole into the bot's input, not when it was
        queued; a line counts by when it arrived, not when this thread looks.

        Raises:
            Fault: "timeout" (nothing in time, or the bot does not read its input), "crash"
                (the bot's output ended), "malformed" (a line that is not a JSON object, or
                longer than ``MAX_LINE``: reported as soon as it is that long).
        """
        seconds = max(seconds, 0.0)
        start = time.monotonic()
        if after is not None:
            start = self._written_whole(after, seconds, waiting_for)
        deadline = start + seconds
        try:
            line, arrived = self._lines.get(timeout=max(deadline - time.monotonic(), 0.0))
        except queue.Empty:
            raise Fault("timeout", f"no answer within {seconds:g} s, while waiting for "
                                   f"{waiting_for}") from None
        if line is _EOF or not line:
            self._lines.put((_EOF, arrived))  # stays at the end for any later receive
            code = self._exit_code(1.0)
            ended = "closed its output" if code is None else f"exited with code {code}"
            raise Fault("crash", f"the bot {ended} while hokm was waiting for {waiting_for}")
        if line is _LONG:
            raise Fault("malformed", f"a line longer than {MAX_LINE:,} bytes")
        if arrived > deadline:
            raise Fault("timeout", f"no answer within {seconds:g} s, while waiting for {waiting_for}")
        return decode(line)

    def _written_whole(self, number: int, seconds: float, waiting_for: str) -> float:
        """When message ``number`` was written whole (waiting up to ``seconds`` for the bot to read it)."""
        with self._wrote:
            done = self._wrote.wait_for(lambda: self._written >= number or self._written < 0, timeout=seconds)
            if self._written < 0:  # the bot's input closed: its output says how it ended
                return time.monotonic()
            if not done:
                raise Fault("timeout", f"the bot did not read its input within {seconds:g} s, while hokm "
                                       f"was sending it {waiting_for.removeprefix('the answer to ')}")
            return self._written_at.pop(number, time.monotonic())

    def _exit_code(self, seconds: float) -> int | None:
        try:
            return self._process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            return None

    def stderr_tail(self) -> list[str]:
        """The last lines the bot wrote to stderr, the one it is writing included (up to
        ``STDERR_LINES``, each cut to its last ``STDERR_LINE`` characters)."""
        partial = self._stderr_line
        lines = list(self._stderr)
        return [*lines, _tail(partial.rstrip("\r"))][-STDERR_LINES:] if partial else lines

    def stop(self, goodbye: Mapping[str, Any] | None, seconds: float) -> None:
        """End the bot: send ``goodbye`` and give it ``seconds`` to exit, then kill it; close the pipes."""
        if goodbye is not None and self._process.poll() is None:
            self.send(goodbye)
        self._outgoing.put(None)  # the writer closes stdin: end of input for the bot
        if goodbye is None or self._exit_code(seconds) is None:
            self._kill()
        for thread in self._threads:
            thread.join(1.0)
        for stream in (self._process.stdout, self._process.stderr):
            if stream is not None:
                stream.close()

    def _kill(self) -> None:
        if os.name == "posix":
            with contextlib.suppress(OSError):
                os.killpg(self._process.pid, signal.SIGKILL)  # the bot and whatever it started
        if self._process.poll() is None:
            self._process.kill()
        self._exit_code(5.0)

    @property
    def running(self) -> bool:
        """Whether the bot's process is still running."""
        return self._process.poll() is None


def _tail(text: str, limit: int = STDERR_LINE) -> str:
    """The end of ``text``, at most ``limit`` characters (a runaway line keeps its last words)."""
    return text if len(text) <= limit else "..." + text[-(limit - 3):]
