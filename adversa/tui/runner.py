"""The engine runner: runs one search at a time off the UI thread.

The search is pure Python and holds the GIL whenever it runs, so it runs in an
engine process (`adversa.search.process.search_in_process`), driven from a Textual
*thread* worker that only waits on the process's pipe. Sharing the UI's GIL in a
thread instead stretched the UI's 20 ms timer to 50 ms (benchmarks/bench_tui.py).
An injected search function (tests' fast fakes) runs in the worker thread itself.
The thread talks to the UI only through messages posted to the runner's owner —
`post_message` is thread-safe — never by touching widgets.

Every search gets an id. The owner compares a message's ``search_id`` with
`EngineRunner.current_id` and ignores anything stale (a search for a position
that undo or a new game has since replaced). Cancelling is cooperative: the
search polls ``should_stop``, which is true once the worker is cancelled or
`cancel` was called, so quitting during a search returns at once.

An outside engine's seat (``uci:stockfish``, ``external:./mine``) runs through the same
runner: the worker thread asks it for its move (`adversa.match.outside_move`), each of its
``info`` lines comes as an `EngineInfo` message, and its failure as `SearchFailed`.

Several runners can live side by side (the compare screen runs two), each with
its own worker group so an exclusive start of one never cancels the other.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Sequence
from typing import Protocol

from textual.dom import DOMNode
from textual.message import Message
from textual.worker import Worker, get_current_worker

from adversa.games import Game
from adversa.games.base import M, S
from adversa.games.evaluation import Evaluation
from adversa.games.registry import evaluation_of
from adversa.match.outside_move import outside_move
from adversa.match.seats import OutsideSeat
from adversa.search.config import EngineConfig
from adversa.search.process import search_in_process
from adversa.search.stats import (
    EventCallback,
    Iteration,
    SearchEvent,
    SearchResult,
    Snapshot,
    StopCallback,
)
from adversa.search.timeman import ClockReading


class SearchFunction(Protocol):
    """The shape of `engine.run_search`; tests inject a fast fake with it."""

    def __call__(
        self,
        game: Game[S, M],
        state: S,
        config: EngineConfig,
        *,
        evaluation: Evaluation[S, M],
        should_stop: StopCallback | None = None,
        on_event: EventCallback | None = None,
        time_left: ClockReading | None = None,
    ) -> SearchResult[M]: ...


class SearchMessage(Message):
    """Base of the runner's messages: which runner and which search they are about."""

    def __init__(self, runner: EngineRunner, search_id: int) -> None:
        super().__init__()
        self.runner = runner
        self.search_id = search_id

    @property
    def is_current(self) -> bool:
        """False when a newer search started or this one was cancelled."""
        return self.runner.current_id == self.search_id


class SearchStarted(SearchMessage):
    """A search began (sent from the UI thread, before the worker runs)."""

    def __init__(self, runner: EngineRunner, search_id: int,
                 config: EngineConfig | OutsideSeat) -> None:
        super().__init__(runner, search_id)
        self.config = config


class SearchProgress(SearchMessage):
    """A live snapshot; a newer one replaces an unprocessed older one (coalescing)."""

    def __init__(self, runner: EngineRunner, search_id: int, snapshot: Snapshot) -> None:
        super().__init__(runner, search_id)
        self.snapshot = snapshot

    def can_replace(self, message: Message) -> bool:
        return (
            isinstance(message, SearchProgress)
            and message.runner is self.runner
            and message.search_id == self.search_id
        )


class EngineInfo(SearchMessage):
    """An outside engine's ``info`` line; a newer one replaces an unprocessed older one,
    so an engine that writes thousands a second cannot swamp the screen."""

    def __init__(self, runner: EngineRunner, search_id: int, text: str) -> None:
        super().__init__(runner, search_id)
        self.text = text

    def can_replace(self, message: Message) -> bool:
        return (
            isinstance(message, EngineInfo)
            and message.runner is self.runner
            and message.search_id == self.search_id
        )


class IterationDone(SearchMessage):
    """One completed iteration of deepening (never coalesced: the table needs each)."""

    def __init__(self, runner: EngineRunner, search_id: int, iteration: Iteration) -> None:
        super().__init__(runner, search_id)
        self.iteration = iteration


class SearchFinished(SearchMessage):
    """The search returned a result (possibly ``stopped`` early by its deadline)."""

    def __init__(self, runner: EngineRunner, search_id: int, result: SearchResult) -> None:
        super().__init__(runner, search_id)
        self.result = result


class SearchFailed(SearchMessage):
    """The search raised; the game must carry on unchanged."""

    def __init__(self, runner: EngineRunner, search_id: int, error: BaseException) -> None:
        super().__init__(runner, search_id)
        self.error = error


class EngineRunner:
    """Starts, streams and cancels searches for one owner widget or screen.

    ``group`` names the worker group (``search-<seat or id>``); ``search`` is
    the search function, `search_in_process` unless a test injects a fake.
    """

    _ids = itertools.count(1)

    def __init__(
        self,
        owner: DOMNode,
        group: str = "search",
        search: SearchFunction | None = None,
    ) -> None:
        self.owner = owner
        self.group = group
        self.search: SearchFunction = search or search_in_process
        self.current_id: int | None = None
        self.purpose: str | None = None
        """What the current search is for (``"move"``, ``"hint"``…), set by the caller."""
        self._worker: Worker[None] | None = None
        self._cancel = threading.Event()

    @property
    def running(self) -> bool:
        return self.current_id is not None

    def start(
        self, game: Game[S, M], state: S, config: EngineConfig | OutsideSeat,
        purpose: str = "move", time_left: ClockReading | None = None,
        history: tuple[S, Sequence[M]] | None = None,
    ) -> int:
        """Cancel any running search and start a new one; returns its id.

        ``time_left`` is the mover's game clock: the engine then budgets its own move
        (`engine.run_search`) instead of thinking for its fixed ``time``. ``history`` is
        the game's start and the moves since, which an outside engine is sent (it
        knows repetitions by them); without it the engine sees ``state`` alone.
        """
        self.cancel()
        search_id = next(self._ids)
        self.current_id = search_id
        self.purpose = purpose
        cancel = threading.Event()
        self._cancel = cancel
        self.owner.post_message(SearchStarted(self, search_id, config))
        self._worker = self.owner.run_worker(
            self._make_work(game, state, config, search_id, cancel, time_left,
                            history or (state, ())),
            name=f"{self.group}#{search_id}",
            group=self.group,
            exclusive=True,
            thread=True,
            exit_on_error=False,
        )
        return search_id

    def cancel(self) -> None:
        """Stop the running search now; its late messages become stale."""
        self._cancel.set()
        if self._worker is not None:
            self._worker.cancel()
            self._worker = None
        self.current_id = None
        self.purpose = None

    def done(self, search_id: int) -> None:
        """The owner saw the final message of ``search_id``: the runner is idle."""
        if self.current_id == search_id:
            self.current_id = None
            self._worker = None

    def _make_work(
        self,
        game: Game[S, M],
        state: S,
        config: EngineConfig | OutsideSeat,
        search_id: int,
        cancel: threading.Event,
        time_left: ClockReading | None,
        history: tuple[S, Sequence[M]],
    ) -> Callable[[], None]:
        owner = self.owner

        def work() -> None:
            cancelled = get_current_worker().cancelled_event

            def should_stop() -> bool:
                return cancel.is_set() or cancelled.is_set()

            def on_event(event: SearchEvent) -> None:
                if isinstance(event, Snapshot):
                    owner.post_message(SearchProgress(self, search_id, event))
                elif isinstance(event, Iteration):
                    owner.post_message(IterationDone(self, search_id, event))
                # The SearchResult event is posted below, once, as SearchFinished.

            def on_info(text: str) -> None:
                owner.post_message(EngineInfo(self, search_id, text))

            try:
                if isinstance(config, OutsideSeat):
                    start, moves = history
                    result = outside_move(game, start, moves, config, should_stop=should_stop,
                                          on_info=on_info, time_left=time_left)
                else:
                    result = self.search(game, state, config, evaluation=evaluation_of(game),
                                         should_stop=should_stop,
                                         on_event=on_event, time_left=time_left)
            except Exception as error:  # any engine failure is reported, never fatal
                owner.post_message(SearchFailed(self, search_id, error))
            else:
                owner.post_message(SearchFinished(self, search_id, result))

        return work
