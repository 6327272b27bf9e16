"""One running bot program: its pipes, read and written by threads so no wait is ever unbounded.

A writer thread sends queued lines (a bot that does not read its input cannot block
hokm: the reply it then never sends times out); a reader thread queues the lines the
bot writes; a third keeps the last lines of its stderr for error messages. Works the
same on every platform (no ``select`` on pipes).
"""

from __future__ import annotations

import collections
import contextlib
import os
import queue
import signal
import subprocess
import threading
from collections.abc import Mapping, Sequence
from typing import IO, Any

from hokm.agents._bot_messages import MAX_LINE, Fault, decode, dumps

__all__ = ["BotProcess"]

STDERR_LINES = 20
"""How many of a bot's last stderr lines are kept (and shown in its error messages)."""

_EOF = b""


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
        self._lines: queue.Queue[bytes] = queue.Queue()
        self._outgoing: queue.Queue[bytes | None] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        self._threads = [
            threading.Thread(target=self._read, args=(self._process.stdout,), daemon=True),
            threading.Thread(target=self._write, args=(self._process.stdin,), daemon=True),
            threading.Thread(target=self._read_stderr, args=(self._process.stderr,), daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    # Threads -------------------------------------------------------------------------------------

    def _read(self, stream: IO[bytes]) -> None:
        try:
            while True:
                line = stream.readline(MAX_LINE + 1)
                if not line:
                    break
                if line.strip():
                    self._lines.put(line)
        except (OSError, ValueError):
            pass
        self._lines.put(_EOF)

    def _write(self, stream: IO[bytes]) -> None:
        try:
            while (data := self._outgoing.get()) is not None:
                view = memoryview(data)
                while view:  # a raw pipe may take part of a long line at a time
                    view = view[stream.write(view) or 0:]
        except (OSError, ValueError):  # the bot is gone: the next receive says so
            pass
        with contextlib.suppress(OSError):
            stream.close()

    def _read_stderr(self, stream: IO[bytes]) -> None:
        try:
            for line in iter(stream.readline, b""):
                self._stderr.append(line.decode("utf-8", "replace").rstrip("\r\n"))
        except (OSError, ValueError):
            pass

    # Use -----------------------------------------------------------------------------------------

    @property
    def pid(self) -> int:
        """The bot's process id."""
        return self._process.pid

    def send(self, message: Mapping[str, Any]) -> None:
        """Queue ``message`` for the bot (never waits)."""
        self._outgoing.put(dumps(message))

    def receive(self, seconds: float, waiting_for: str) -> dict[str, Any]:
        """The bot's next message, within ``seconds``.

        Raises:
            Fault: "timeout" (nothing in time), "crash" (the bot's output ended), "malformed"
                (a line that is not a JSON object, or longer than ``MAX_LINE``).
        """
        try:
            line = self._lines.get(timeout=max(seconds, 0.0))
        except queue.Empty:
            raise Fault("timeout", f"no answer within {seconds:g} s, while waiting for "
                                   f"{waiting_for}") from None
        if line is _EOF or not line:
            self._lines.put(_EOF)  # stays at the end for any later receive
            code = self._exit_code(1.0)
            ended = "closed its output" if code is None else f"exited with code {code}"
            raise Fault("crash", f"the bot {ended} while hokm was waiting for {waiting_for}")
        if len(line) > MAX_LINE:
            raise Fault("malformed", f"a line longer than {MAX_LINE:,} bytes")
        return decode(line)

    def _exit_code(self, seconds: float) -> int | None:
        try:
            return self._process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            return None

    def stderr_tail(self) -> list[str]:
        """The last lines the bot wrote to stderr (up to ``STDERR_LINES``; all of them once stopped)."""
        return list(self._stderr)

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
