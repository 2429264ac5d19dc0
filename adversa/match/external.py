"""``external:`` seats: a program in any language over adversa's line protocol.

The protocol is in ``docs/engine-protocol.md``. In short: adversa starts the program
(its command split like a shell does, never run through a shell), sends
``protocol 1`` and waits for ``ready`` (after optional ``name``/``author`` lines);
for each move it sends ``game``, ``position``, ``moves``, ``legal`` and ``go
<seconds>`` and waits for ``move <m>`` (after optional ``info`` lines); ``quit`` at
the end. Unknown lines are ignored both ways.

A student's program must not be able to hurt the tournament, so everything it can do
wrong ends in an `OutsideEngineError` with a one-line reason (and the game is lost,
`adversa.match.arena`), never in a hang or a dead machine:

* it runs in its own session with resource limits set before it starts
  (``memory=`` MB of address space, ``cpu=`` seconds of CPU, no core files);
* a thread reads its output, so a silent program is noticed by the clock: no move
  within the move's time plus ``grace=`` seconds loses;
* lines longer than `MAX_LINE_BYTES` or more than `MAX_LINES_PER_MOVE` lines for one
  move (an endless loop printing) lose, as do bytes that are not UTF-8;
* a move that does not parse or is not legal loses;
* a program that exits (crash, a limit's signal) loses, with its exit code or signal.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import queue
import resource
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import IO

from adversa.games.base import AdversaError, Game, M, S
from adversa.match.seats import OutsideEngineError, find_program, parse_options

PROTOCOL_VERSION = 1
MAX_LINE_BYTES = 65_536
"""The longest line an engine may write (a ``legal`` list of a big game fits easily)."""
MAX_LINES_PER_MOVE = 10_000
"""Lines an engine may write while choosing one move (``info`` included)."""
DEFAULTS: Mapping[str, float] = {
    "time": 5.0,      # seconds per move when the match sets none
    "grace": 1.0,     # seconds past the move's time before the engine loses
    "startup": 10.0,  # seconds to answer ``protocol 1`` with ``ready``
    "memory": 1024.0,  # MB of address space
    "cpu": 3600.0,    # seconds of CPU time over the whole game
}
"""The seat options (``external:./engine time=2 memory=256``) and their defaults."""

_END = object()
"""Put on the line queue when the engine's output ends (it exited or closed stdout)."""


class _Flood(Exception):
    """The reader saw a line longer than `MAX_LINE_BYTES`."""


def check(command_line: str, game: Game[S, M], options: Mapping[str, str]) -> None:
    """Before a match: the program exists and the options are valid."""
    parse_options(options, DEFAULTS, f"external:{command_line}")
    find_program(shlex.split(command_line)[0])


def open_engine(command_line: str, game: Game[S, M],
                options: Mapping[str, str]) -> ExternalEngine:
    """Start the program and complete the handshake (`OutsideEngineError` on failure)."""
    return ExternalEngine(shlex.split(command_line),
                          parse_options(options, DEFAULTS, f"external:{command_line}"))


PR_SET_PDEATHSIG = 1
"""Linux ``prctl`` option: a signal the kernel sends the child when its parent dies."""


def _limiter(memory_mb: float, cpu_seconds: float) -> Callable[[], None]:
    """The ``preexec_fn`` that caps the child's memory and CPU before it runs, and (on
    Linux) kills it with its parent: a match worker killed outright (Ctrl-C on the
    match, ``kill -9``) cannot close its engines, and one that ignores its closed input
    would otherwise live on."""
    prctl = _linux_prctl()

    def limit() -> None:
        memory = int(memory_mb * 1024 * 1024)
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        cpu = max(1, int(cpu_seconds))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if prctl is not None:
            prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    return limit


def _linux_prctl() -> Callable[[int, int], int] | None:
    """libc's ``prctl`` on Linux, looked up before the fork (None elsewhere)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl: Callable[[int, int], int] = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    return prctl


class ExternalEngine:
    """One running engine process, talked to over the line protocol."""

    def __init__(self, argv: list[str], settings: Mapping[str, float],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.settings = dict(settings)
        self.clock = clock
        program = find_program(argv[0])
        self.label = os.path.basename(argv[0])
        self.author: str | None = None
        try:
            self.process = subprocess.Popen(
                [program, *argv[1:]], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, start_new_session=True,
                preexec_fn=_limiter(self.settings["memory"], self.settings["cpu"]))
        except OSError as error:
            raise OutsideEngineError(
                f"engine {self.label!r} cannot be started ({error.strerror or error})") from None
        assert self.process.stdin is not None and self.process.stdout is not None
        self.lines: queue.Queue[object] = queue.Queue()
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()
        try:
            self._send(f"protocol {PROTOCOL_VERSION}")
            self._handshake()
        except OutsideEngineError:
            self.close()
            raise

    def _read(self, stream: IO[bytes]) -> None:
        """Reader thread: each line (or `_Flood`, or `_END`) onto the queue."""
        try:
            while True:
                raw = stream.readline(MAX_LINE_BYTES + 1)
                if not raw:
                    break
                if len(raw) > MAX_LINE_BYTES:
                    self.lines.put(_Flood())
                    return
                self.lines.put(raw)
        except (OSError, ValueError):  # the stream was closed under us by close()
            pass
        self.lines.put(_END)

    def _send(self, line: str) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(line.encode("utf-8") + b"\n")
            stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise self._ended() from None

    def _ended(self) -> OutsideEngineError:
        """The error for an engine whose output ended: how its process exited."""
        try:
            code = self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return OutsideEngineError(f"{self.label} closed its output and stopped answering")
        if code < 0:
            name = signal.Signals(-code).name
            hint = {"SIGXCPU": " (CPU time limit)", "SIGKILL": " (killed; a limit?)"}.get(
                name, "")
            return OutsideEngineError(f"{self.label} was killed by {name}{hint}")
        return OutsideEngineError(f"{self.label} exited (code {code})")

    def _next(self, deadline: float, waiting_for: str, count: list[int]) -> tuple[str, str]:
        """The next line as (keyword, rest); errors for silence past ``deadline``,
        floods, bad bytes and an exit."""
        remaining = deadline - self.clock()
        try:
            item = self.lines.get(timeout=max(0.0, remaining))
        except queue.Empty:
            raise OutsideEngineError(
                f"{self.label} sent no {waiting_for} in time") from None
        if item is _END:
            raise self._ended()
        if isinstance(item, _Flood):
            raise OutsideEngineError(
                f"{self.label} wrote a line longer than {MAX_LINE_BYTES} bytes")
        count[0] += 1
        if count[0] > MAX_LINES_PER_MOVE:
            raise OutsideEngineError(
                f"{self.label} flooded its output (over {MAX_LINES_PER_MOVE} lines for one "
                f"{waiting_for})")
        assert isinstance(item, bytes)
        try:
            text = item.decode("utf-8").strip()
        except UnicodeDecodeError:
            raise OutsideEngineError(f"{self.label} wrote garbage (bytes that are not UTF-8)"
                                     ) from None
        keyword, _, rest = text.partition(" ")
        return keyword, rest.strip()

    def _handshake(self) -> None:
        deadline = self.clock() + self.settings["startup"]
        count = [0]
        while True:
            keyword, rest = self._next(deadline, "'ready'", count)
            if keyword == "name" and rest:
                self.label = rest
            elif keyword == "author" and rest:
                self.author = rest
            elif keyword == "ready":
                return

    def choose_move(self, game: Game[S, M], start: S, moves: Sequence[M], state: S,
                    seconds: float | None,
                    on_info: Callable[[str], None] | None = None) -> M:
        self._discard_stale_lines()
        budget = self.settings["time"] if seconds is None else seconds
        legal = list(game.legal_moves(state))
        options = " ".join(f"{key}={_option_text(value)}" for key, value in game.options.items())
        for line in (
            f"game {game.name} {options}".rstrip(),
            f"position {game.format_position(start)}",
            f"moves {' '.join(_history(game, start, moves))}".rstrip(),
            f"legal {' '.join(game.format_moves(state, legal))}".rstrip(),
            f"go {budget:g}",
        ):
            self._send(line)
        deadline = self.clock() + budget + self.settings["grace"]
        count = [0]
        while True:
            keyword, rest = self._next(deadline, "move", count)
            if keyword == "info" and on_info is not None:
                on_info(rest)
            elif keyword == "move":
                return self._legal(game, state, legal, rest)

    def _legal(self, game: Game[S, M], state: S, legal: list[M], text: str) -> M:
        try:
            move = game.parse_move(state, text)
        except AdversaError:
            move = None
        if move is None or move not in legal:
            raise OutsideEngineError(f"{self.label} played an illegal move {text[:40]!r}")
        return move

    def _discard_stale_lines(self) -> None:
        """Lines left from the last move (info after ``move``) are not this move's; an
        end of output is kept so the next read reports it."""
        while True:
            try:
                item = self.lines.get_nowait()
            except queue.Empty:
                return
            if item is _END or isinstance(item, _Flood):
                self.lines.put(item)
                return

    def close(self) -> None:
        """Say ``quit``, give the program a moment, then kill its whole session."""
        if self.process.poll() is None:
            with contextlib.suppress(OutsideEngineError):
                self._send("quit")
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=0.5)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError, ValueError):
                    stream.close()


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value).replace(" ", "_")


def _history(game: Game[S, M], start: S, moves: Sequence[M]) -> list[str]:
    """Each move since ``start`` in the game's notation (chance outcomes too)."""
    texts = []
    state = start
    for move in moves:
        texts.append(game.format_move(state, move))
        state = game.result(state, move)
    return texts

