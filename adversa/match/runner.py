"""Running a match: its games in this process or in worker processes, and stopping.

`run_match` plays a `MatchPlan`'s games (`arena` says what a game is and how one is
played) and keeps score as each ends; `play_tasks` runs any list of games, one job in
this process or several in worker processes (a tournament uses it too). Ctrl-C and
SIGTERM stop a match cleanly: the finished games are kept, and workers never outlive it.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from adversa.match.arena import GameRecord, GameTask, MatchError, MatchPlan, MatchState, play_game

if TYPE_CHECKING:
    from multiprocessing.queues import SimpleQueue
    from multiprocessing.sharedctypes import Synchronized

RecordCallback = Callable[[GameRecord, MatchState], object]


def run_match(
    plan: MatchPlan,
    *,
    jobs: int = 1,
    on_record: RecordCallback | None = None,
    sprt_hypotheses: tuple[float, float] | None = None,
    done: Sequence[GameRecord] = (),
) -> MatchState:
    """Play the match; call ``on_record`` as each game ends; return the totals.

    ``done`` are games an earlier run of this match finished (``arena --resume``): they
    count, and are not played again.

    With ``jobs > 1`` games run in that many worker processes. An SPRT that
    reaches a verdict stops the match (games still running are abandoned).
    Ctrl-C (KeyboardInterrupt) stops it too, and SIGTERM within
    `terminate_as_interrupt`; the returned state keeps every finished game and says
    ``interrupted``. A Ctrl-C that arrives while a finished game is being counted and
    written waits until both are done, so the totals and the files ``on_record`` writes
    always agree.
    """
    state = MatchState(plan, sprt_hypotheses=sprt_hypotheses)
    for record in sorted(done, key=lambda record: record.index):
        state.add(record)
    finished = {record.index for record in done}
    results = play_tasks([task for task in plan.tasks() if task.index not in finished], jobs)
    try:
        if finished and (verdict := state.sprt) is not None and verdict.verdict != "continue":
            state.stopped_by_sprt = True
            return state
        for record in results:
            with _interrupts_deferred():
                state.add(record)
                if on_record is not None:
                    on_record(record, state)
            verdict = state.sprt
            if verdict is not None and verdict.verdict != "continue":
                state.stopped_by_sprt = True
                break
    except KeyboardInterrupt:
        state.interrupted = True
    finally:
        results.close()
    return state


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


@contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """Within the block SIGTERM stops the match as Ctrl-C does (finished games kept, the
    summary written), instead of killing the process mid-write. Main thread only."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@contextmanager
def _interrupts_deferred() -> Iterator[None]:
    """Hold a SIGINT (or a SIGTERM that `terminate_as_interrupt` turned into one) that
    arrives inside the block; raise KeyboardInterrupt after it.

    Only the main thread can install signal handlers; elsewhere (and where SIGINT is
    not Python's KeyboardInterrupt) the block runs as is.
    """
    previous = signal.getsignal(signal.SIGINT)
    if (threading.current_thread() is not threading.main_thread()
            or previous is not signal.default_int_handler):
        yield
        return
    caught: list[int] = []
    previous_term = signal.getsignal(signal.SIGTERM)
    signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    if previous_term is _interrupt:
        signal.signal(signal.SIGTERM, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if previous_term is _interrupt:
            signal.signal(signal.SIGTERM, previous_term)
    if caught:
        raise KeyboardInterrupt


def play_tasks(tasks: Sequence[GameTask], jobs: int) -> Generator[GameRecord, None, None]:
    """Records of ``tasks`` as their games finish: in this process for one job, else
    in ``jobs`` worker processes (a match, and a tournament's remaining games)."""
    return _play_sequentially(tasks) if jobs <= 1 else _play_in_processes(tasks, jobs)


def _play_sequentially(tasks: Sequence[GameTask]) -> Generator[GameRecord, None, None]:
    for task in tasks:
        yield play_game(task)


def _worker_setup(parent: int) -> None:
    """Worker initialiser: Ctrl-C and SIGTERM are the parent's to handle (they stop the
    match), and the worker dies with the parent even when the parent is killed outright
    (``kill -9``): Linux's parent-death signal, and a check that the parent did not die
    before it was set."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        import ctypes

        pr_set_pdeathsig = 1
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent:
            os._exit(1)


RESULT_POLL_SECONDS = 0.01
"""How often the parent looks for a finished game (and for a worker that died)."""


def _play_in_processes(tasks: Sequence[GameTask],
                       jobs: int) -> Generator[GameRecord, None, None]:
    """Records in the order games finish, from ``jobs`` worker processes.

    Each worker takes the next game's number from a shared counter, plays it and sends
    the record back on a queue. Closing the generator (a finished, stopped or
    interrupted match) kills the workers at once: games in flight are abandoned, not
    waited for, and nothing more is read. Neither `ProcessPoolExecutor` nor
    `multiprocessing.Pool` can do that safely: killing a worker while it writes its
    result left the pool's result thread, and with it ``terminate``, waiting forever
    (seen in the test suite with ``Pool``).
    """
    workers = max(1, min(jobs, len(tasks), 61))  # 61: the Windows process-pool limit
    context = multiprocessing.get_context()
    next_task: Synchronized[int] = context.Value("i", 0)
    results: SimpleQueue[GameRecord | BaseException] = context.SimpleQueue()
    processes = [context.Process(target=_play_tasks,
                                 args=(tasks, next_task, results, os.getpid()), daemon=True)
                 for _ in range(workers)]
    for process in processes:
        process.start()
    try:
        for _ in range(len(tasks)):
            while results.empty():
                if not any(process.is_alive() for process in processes):
                    raise MatchError("every match worker process ended before the match did")
                time.sleep(RESULT_POLL_SECONDS)
            outcome = results.get()
            if isinstance(outcome, BaseException):
                raise outcome
            yield outcome
    finally:
        for process in processes:
            if process.is_alive():
                process.kill()
        for process in processes:
            process.join()
        results.close()


def _play_tasks(tasks: Sequence[GameTask], next_task: Synchronized[int],
                results: SimpleQueue[GameRecord | BaseException], parent: int) -> None:
    """A worker: play games by number until none is left; send each record (or the error
    that stopped a game) to the parent."""
    _worker_setup(parent)
    while True:
        with next_task.get_lock():
            index = next_task.value
            next_task.value = index + 1
        if index >= len(tasks):
            return
        try:
            outcome: GameRecord | BaseException = play_game(tasks[index])
        except Exception as error:  # reported to the parent, which raises it
            outcome = error
        results.put(outcome)
