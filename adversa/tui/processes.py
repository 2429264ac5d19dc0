"""Searches in processes of their own, so engines compared side by side each get a core.

A pure-Python search holds the GIL: two engines in threads of the app share one
core, each at about half speed, and the figures a student compares are skewed by
whichever got more slices. `SearchProcesses` keeps a few worker processes and runs
each search in one of them; the app's thread worker (`runner.EngineRunner`) only
waits, relaying the child's snapshots and iterations as they arrive, so the UI
thread stays free and the searches run on separate cores.

Textual and process start-up do not mix: a process spawned inside the running app
fails (Textual issue #3593, shared/reference/textual.md §2). The pool is therefore
created, and every worker started, *before* ``App.run()`` (`multiprocessing.Pool`
starts its workers in its constructor), with the ``spawn`` method, which is safe
with the app's threads where ``fork`` is not. Each of the pool's `SLOTS` has an
event queue and a stop flag shared at start-up; a search borrows a slot, so
whichever worker runs it reports on that slot's queue.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import queue
import threading
import time
from collections.abc import Sequence
from multiprocessing.pool import Pool
from typing import Any

from adversa.games import Game
from adversa.search.config import EngineConfig
from adversa.search.stats import EventCallback, SearchResult, StopCallback

SLOTS = 4
"""Searches that can run at once: the compare screen's most engines."""

POLL_SECONDS = 0.02
"""How often the waiting thread looks at the stop request while no event arrives."""

STOP_GRACE_SECONDS = 5.0
"""How long a stopped search may take to answer before its worker is given up for lost
(a search polls its stop flag every thousand nodes or so: milliseconds)."""

_DONE = "done"
"""Put on a slot's queue after the search's last event, so the parent reads them all."""

_queues: Sequence[Any] = ()
_stops: Any = None
"""A worker's view of the slots' queues and stop flags (set by `_start_worker`)."""


def _start_worker(queues: Sequence[Any], stops: Any) -> None:
    """Pool initializer: keep the shared queues and flags where the searches find them."""
    global _queues, _stops
    _queues, _stops = queues, stops


def _search_in_worker(slot: int, game: Game[Any, Any], state: Any,
                      config: EngineConfig) -> SearchResult:
    """Run one search in a worker, streaming its events on the slot's queue."""
    from adversa.search.engine import run_search  # imported in the worker, once

    events = _queues[slot]
    stops = _stops

    def should_stop() -> bool:
        return bool(stops[slot])

    def on_event(event: object) -> None:
        if not isinstance(event, SearchResult):  # the result travels back as the return
            events.put(event)

    try:
        return run_search(game, state, config, should_stop=should_stop, on_event=on_event)
    finally:
        events.put(_DONE)


def _ready() -> bool:
    """A task that proves a worker is up (see `SearchProcesses.warm`)."""
    return True


class SearchProcesses:
    """A pool of search processes and the slots searches borrow; see the module docstring.

    Create it before ``App.run()`` and `close` it after. `search` has the shape of
    `engine.run_search`, so an `EngineRunner` takes it as its search function.
    """

    def __init__(self, slots: int = SLOTS) -> None:
        context = multiprocessing.get_context("spawn")
        self._queues = [context.Queue() for _ in range(slots)]
        self._stops = context.Array("b", slots, lock=False)
        self._pool: Pool = context.Pool(slots, _start_worker, (self._queues, self._stops))
        self._free = list(range(slots))
        self._lock = threading.Lock()
        self._slot_free = threading.Condition(self._lock)

    def warm(self) -> None:
        """Wait until the workers answer, so the first search does not pay their start."""
        self._pool.apply(_ready)

    def close(self) -> None:
        """Stop every worker now (a running search is abandoned)."""
        self._pool.terminate()
        self._pool.join()

    def search(
        self,
        game: Game[Any, Any],
        state: Any,
        config: EngineConfig,
        *,
        should_stop: StopCallback | None = None,
        on_event: EventCallback | None = None,
    ) -> SearchResult:
        """Run ``config`` on ``state`` in a worker; blocks the calling (worker) thread.

        Events arrive through ``on_event`` in the order the search made them;
        ``should_stop`` is polled while waiting and passed on as the slot's flag.
        A search that raises in the worker raises the same error here.
        """
        slot = self._acquire()
        try:
            events = self._queues[slot]
            self._stops[slot] = 0
            pending = self._pool.apply_async(_search_in_worker, (slot, game, state, config))
            stopped_at: float | None = None
            while True:
                try:
                    event = events.get(timeout=POLL_SECONDS)
                except queue.Empty:
                    if stopped_at is None and should_stop is not None and should_stop():
                        self._stops[slot] = 1
                        stopped_at = time.monotonic()
                    if stopped_at is not None and (
                        time.monotonic() - stopped_at > STOP_GRACE_SECONDS
                    ):
                        raise RuntimeError("the search process did not answer the stop") from None
                    continue
                if event == _DONE:
                    break
                if on_event is not None:
                    on_event(event)
            result: SearchResult = pending.get()
            return result
        finally:
            self._release(slot)

    def _acquire(self) -> int:
        with self._slot_free:
            while not self._free:
                self._slot_free.wait()
            return self._free.pop()

    def _release(self, slot: int) -> None:
        with self._slot_free:
            self._free.append(slot)
            self._slot_free.notify()


def start_search_processes() -> SearchProcesses | None:
    """The pool for the app, its workers started now (before the app runs) but not
    awaited, so the app opens at once; None where processes cannot be started, and the
    app then searches in threads as before."""
    with contextlib.suppress(OSError, ValueError):
        return SearchProcesses()
    return None
