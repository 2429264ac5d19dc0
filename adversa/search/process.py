"""Searches in engine processes: `run_search` with the GIL of a process of its own.

A pure-Python search holds the GIL whenever it runs. In a thread of the app it
shares the interpreter with the UI: every time the UI wakes (a timer, a key) it
waits for the search to hand the GIL over, and any drawing it does then runs at
half speed, interleaved in 5 ms slices — measured on 2 cores, the UI's 20 ms
timer went up to 50 ms between ticks. Engine GUIs avoid this by running the
engine as a separate program; adversa does the same with `multiprocessing`:
`search_in_process` has the signature of `run_search`, so the app's engine
runner calls it from its worker thread exactly as it would call the search
itself, and that thread only waits on a pipe (which releases the GIL).

Engine processes are *spawned* (never forked: the app has threads) once and kept
in a small pool, because starting one costs a fresh interpreter and the imports
of the search (about a third of a second). A process serves one search at a
time; the pool hands an idle one out and takes it back when the search returns.
A search that is cancelled but does not stop within `STOP_GRACE` seconds, or a
process that dies, is discarded and reported as an `EngineProcessError`; the
caller's game never depends on the process being alive.

Only picklable things cross: the game, the state, the engine configuration, the
evaluation (its factories are module-level functions, which pickle by name), and
back the search's events and result (all immutable values in adversa).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import pickle
import subprocess
import sys
import tempfile
import threading
import time
from multiprocessing.connection import Connection
from pathlib import Path

import adversa
from adversa.games.base import AdversaError, Game, M, S
from adversa.games.evaluation import Evaluation
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search
from adversa.search.stats import EventCallback, SearchEvent, SearchResult, StopCallback
from adversa.search.timeman import ClockReading

STOP_GRACE = 5.0
"""Seconds a cancelled search may take to answer before its process is killed."""

POLL_INTERVAL = 0.05
"""How often (seconds) the waiting thread checks the caller's stop flag."""

IDLE_PROCESSES = 4
"""Idle engine processes kept for reuse; more are stopped when they come back."""

STOP = "stop"
"""The message that cancels the search under way (ignored when none is)."""


class EngineProcessError(AdversaError):
    """The engine process died, or did not stop when asked; the search has no result."""


def serve(read_fd: int, write_fd: int) -> None:
    """The engine process's loop: search each job received, stream its events back.

    Runs until the pipe closes (the app quit or discarded this process). A `STOP`
    message cancels the search under way; one that arrives after its search ended
    is dropped.
    """
    inbox = Connection(read_fd, writable=False)
    outbox = Connection(write_fd, readable=False)
    stopped = False

    def should_stop() -> bool:
        nonlocal stopped
        if not stopped and inbox.poll():
            try:
                stopped = inbox.recv() == STOP
            except EOFError:  # the app is gone: nobody wants this search any more
                stopped = True
        return stopped

    def send_event(event: SearchEvent) -> None:
        outbox.send(("event", event))

    while True:
        try:
            job = inbox.recv()
        except (EOFError, OSError):
            return
        if job == STOP:
            continue
        game, state, config, evaluation, time_left = job
        stopped = False
        try:
            try:
                result = run_search(game, state, config, evaluation=evaluation,
                                    should_stop=should_stop,
                                    on_event=send_event, time_left=time_left)
            except Exception as error:  # reported to the caller, never fatal to the process
                outbox.send(("error", _portable(error)))
            else:
                outbox.send(("result", result))
        except OSError:  # the pipe back is closed: the app is gone
            return


def _portable(error: Exception) -> Exception:
    """``error`` if it survives pickling, else an `AdversaError` with its message."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return AdversaError(f"{type(error).__name__}: {error}")
    return error


class EngineProcess:
    """One engine process (``python -c serve(...)``) and the two pipes that drive it.

    A plain `subprocess` rather than `multiprocessing`: the latter's spawn starts a
    resource tracker that passes ``sys.stderr``'s descriptor on, and inside a
    Textual app ``sys.stderr`` is the app's capture object, which has none. The
    child's standard streams are not the terminal the app draws on; its stderr
    goes to a temporary file, quoted when the process dies.
    """

    def __init__(self) -> None:
        to_child_read, to_child_write = os.pipe()
        from_child_read, from_child_write = os.pipe()
        # Held open for the process's life and closed in `close`, so no `with`.
        self.errors = tempfile.TemporaryFile()  # noqa: SIM115
        # The child imports what this process imports (as multiprocessing's spawn
        # does): adversa from where it was found, and any module a game class in the
        # job comes from.
        # Never the working folder, though: ``-P`` keeps ``-c`` from putting it first on
        # the path, and it is left out of the inherited path (a ``random.py`` there must
        # not replace the standard module in every engine).
        package_root = str(Path(adversa.__file__).resolve().parents[1])
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(
            part for part in (package_root, *sys.path)
            if part and (part == package_root or Path(part).resolve() != Path.cwd().resolve())))
        self.process = subprocess.Popen(
            [sys.executable, "-P", "-c",
             f"from adversa.search.process import serve; "
             f"serve({to_child_read}, {from_child_write})"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self.errors,
            pass_fds=(to_child_read, from_child_write), env=env,
        )
        os.close(to_child_read)
        os.close(from_child_write)
        self.outbox = Connection(to_child_write, readable=False)
        self.inbox = Connection(from_child_read, writable=False)
        self.busy = False
        """Whether a search was sent and its result (or error) not yet received."""

    def search(
        self,
        game: Game[S, M],
        state: S,
        config: EngineConfig,
        evaluation: Evaluation[S, M],
        should_stop: StopCallback | None,
        on_event: EventCallback | None,
        time_left: ClockReading | None = None,
    ) -> SearchResult[M]:
        """Run one search in the process; raises what the search raised there."""
        self.busy = True
        try:
            self.outbox.send((game, state, config, evaluation, time_left))
        except OSError:
            raise self._died() from None
        stop_asked: float | None = None
        while True:
            if stop_asked is None and should_stop is not None and should_stop():
                stop_asked = time.monotonic()
                try:
                    self.outbox.send(STOP)
                except OSError:
                    raise self._died() from None
            if stop_asked is not None and time.monotonic() - stop_asked > STOP_GRACE:
                self.close()
                raise EngineProcessError(
                    f"the engine did not stop within {STOP_GRACE:g} s of being asked")
            try:
                if not self.inbox.poll(POLL_INTERVAL):
                    if self.process.poll() is not None:
                        raise EOFError
                    continue
                kind, payload = self.inbox.recv()
            except (EOFError, OSError):
                raise self._died() from None
            if kind == "event":
                if on_event is not None:
                    on_event(payload)
                continue
            self.busy = False
            if kind == "result":
                return payload  # type: ignore[no-any-return]
            raise payload

    def _died(self) -> EngineProcessError:
        """The error for a process that ended mid-search, with the last line it wrote."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=1.0)  # let it finish writing its last words
        self.errors.seek(0)
        lines = self.errors.read().decode(errors="replace").strip().splitlines()
        last = f": {lines[-1]}" if lines else ""
        self.close()
        return EngineProcessError(
            f"the engine process ended unexpectedly (exit code {self.process.returncode}){last}")

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def close(self) -> None:
        """Stop the process now (its search, if any, is abandoned)."""
        self.outbox.close()
        self.inbox.close()
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=5.0)
        self.errors.close()


class _Pool:
    """Idle engine processes, handed out one per search and taken back after it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._idle: list[EngineProcess] = []

    def acquire(self) -> EngineProcess:
        with self._lock:
            while self._idle:
                engine = self._idle.pop()
                if engine.alive:
                    return engine
                engine.close()
        return EngineProcess()

    def release(self, engine: EngineProcess) -> None:
        with self._lock:
            if engine.alive and len(self._idle) < IDLE_PROCESSES:
                self._idle.append(engine)
                return
        engine.close()

    def close_all(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for engine in idle:
            engine.close()


_pool = _Pool()
atexit.register(_pool.close_all)


def search_in_process(
    game: Game[S, M],
    state: S,
    config: EngineConfig,
    *,
    evaluation: Evaluation[S, M],
    should_stop: StopCallback | None = None,
    on_event: EventCallback | None = None,
    time_left: ClockReading | None = None,
) -> SearchResult[M]:
    """`run_search` in an engine process: same arguments, events, result and errors.

    Its parameters repeat `run_search`'s on purpose: callers take either one as the same
    function (the app's ``SearchFunction``).

    ``should_stop`` and ``on_event`` run in the calling thread; the process is
    asked to stop within `POLL_INTERVAL` of ``should_stop`` turning true.
    ``time_left`` (a game clock's reading) crosses with the job, so the engine
    budgets the move there as `run_search` would here.
    """
    engine = _pool.acquire()
    try:
        return engine.search(game, state, config, evaluation, should_stop, on_event, time_left)
    finally:
        # A process still ``busy`` (the caller's callback raised mid-search) would
        # send that search's events to the next caller: it is stopped instead.
        if engine.busy:
            engine.close()
        else:
            _pool.release(engine)
