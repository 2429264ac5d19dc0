"""The single entry point from the outside world into the search: `run_search`.

The CLI, the app's engine runner and engine matches all call `run_search` with a
game, a state, an `EngineConfig` and the `Evaluation` to judge positions with (the
registry's, `registry.evaluation_of`; a test may hand its own); it picks the
algorithm's module from the one registry (`config.ALGORITHMS`), checks that the
algorithm fits the game, wires a `Reporter` to the caller's stop callable and event
callback, and returns a `SearchResult`.

Every algorithm module is an `AlgorithmModule`: it defines

* ``fits(game, algorithm) -> str | None``: None when the algorithm applies, else the
  reason it does not (e.g. "alphabeta needs a two-player zero-sum game without chance");
* ``search(request) -> SearchResult``, the request (`SearchRequest`) carrying the
  game, the state, the config, the reporter and the evaluation;

and, when some positions are beyond it under a given budget, ``refuses`` as well
(a `RefusingModule`: the exact solver without ``time``).
"""

from __future__ import annotations

import functools
import importlib
import time
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from adversa.games.base import AdversaError, Game, M, S, line_movers
from adversa.games.evaluation import Evaluation
from adversa.games.registry import entry_of
from adversa.search.collector import collector_paused
from adversa.search.config import ALGORITHMS, EngineConfig
from adversa.search.request import SearchRequest
from adversa.search.stats import EventCallback, Progress, Reporter, SearchResult, StopCallback
from adversa.search.timeman import ClockReading, TimeManager, budget_for


class AlgorithmError(AdversaError):
    """An algorithm that does not fit the game, named with those that do."""


@runtime_checkable
class AlgorithmModule(Protocol):
    """What `run_search` needs of the module `config.ALGORITHMS` names for an algorithm.

    Its functions are generic in the game's state and move types: one module serves
    every game, and the result's move is the game's own."""

    def fits(self, game: Game[S, M], algorithm: str) -> str | None:
        """None when ``algorithm`` applies to ``game``, else why it does not."""
        ...

    def search(self, request: SearchRequest[S, M]) -> SearchResult[M]:
        """Search the request's state, reporting through its reporter; the result."""
        ...


@runtime_checkable
class RefusingModule(Protocol):
    """An algorithm module that cannot finish some positions under a given budget."""

    def refuses(self, game: Game[S, M], state: S, config: EngineConfig) -> str | None:
        """Why ``config`` will not search ``state``, or None when it will."""
        ...


def _module(algorithm: str) -> AlgorithmModule:
    if algorithm not in ALGORITHMS:
        raise AlgorithmError(
            f"unknown algorithm {algorithm!r}; expected one of: {', '.join(ALGORITHMS)}"
        )
    path = ALGORITHMS[algorithm].module
    module = importlib.import_module(path)  # imported when first used: the CLI starts fast
    if not isinstance(module, AlgorithmModule):
        raise TypeError(f"{path} is registered for {algorithm} but lacks fits() or search()")
    return module


def why_not(game: Game[S, M], algorithm: str) -> str | None:
    """None when ``algorithm`` can search ``game``, else the reason it cannot."""
    reason: str | None = _module(algorithm).fits(game, algorithm)
    return reason


def algorithms_for(game: Game[S, M]) -> list[str]:
    """The algorithms that fit ``game``, in menu order."""
    return [name for name in ALGORITHMS if why_not(game, name) is None]


DEFAULT = "default"
"""The engine name that means "the game's default engine", wherever an engine is given."""


def default_engine(game: Game[S, M]) -> EngineConfig | None:
    """The engine people play ``game`` against: the first of the engines its registration
    offers that fits the game's options and its start, else the first algorithm that fits
    (None when none does)."""
    available = algorithms_for(game)
    start = game.initial_state()
    for text in entry_of(game).engines:
        config = EngineConfig.parse(text)
        if config.algorithm in available and refusal(game, start, config) is None:
            return config
    return EngineConfig(available[0]) if available else None


def engine_for(game: Game[S, M], text: str) -> EngineConfig:
    """An engine's text form for ``game``, where ``default`` (with optional overrides,
    ``default time=0.5``) is the game's default engine; checked to fit the game."""
    words = text.split()
    if words and words[0].lower() == DEFAULT:
        base = default_engine(game)
        if base is None:
            raise AlgorithmError(f"no algorithm fits {game.name}, so it has no default engine")
        overrides = EngineConfig.parse(" ".join([base.algorithm, *words[1:]]))
        config = base.with_values(**dict(overrides.params)) if overrides.params else base
    else:
        config = EngineConfig.parse(text)
    check_fits(game, config.algorithm)
    return config


def check_fits(game: Game[S, M], algorithm: str) -> None:
    reason = why_not(game, algorithm)
    if reason is not None:
        raise AlgorithmError(
            f"{reason}; algorithms for {game.name}: {', '.join(algorithms_for(game))}"
        )


def refusal(game: Game[S, M], state: S, config: EngineConfig) -> str | None:
    """Why ``config`` will not search ``state`` of ``game``, or None when it will.

    Beyond `why_not` (the algorithm never fits the game), an algorithm module may
    define ``refuses(game, state, config)`` for positions it cannot finish under the
    given budget (the exact solver without ``time``).
    """
    reason = why_not(game, config.algorithm)
    module = _module(config.algorithm)
    if reason is None and isinstance(module, RefusingModule):
        reason = module.refuses(game, state, config)
    return reason


def run_search(
    game: Game[S, M],
    state: S,
    config: EngineConfig,
    *,
    evaluation: Evaluation[S, M],
    should_stop: StopCallback | None = None,
    on_event: EventCallback | None = None,
    clock: Callable[[], float] = time.perf_counter,
    time_left: ClockReading | None = None,
) -> SearchResult[M]:
    """Search ``state`` with ``config``, judging positions by ``evaluation``; stream
    events; return the result.

    ``time_left`` plays under a game clock: the engine's own ``time`` is replaced by a
    budget for this move (`clocked`), and a deepening search answers when its time
    manager says it has thought enough.

    Raises `AlgorithmError` when the algorithm does not fit the game and
    `AdversaError` when the state is terminal (there is no move to choose).
    """
    check_fits(game, config.algorithm)
    if game.is_terminal(state):
        raise AdversaError("the game is over in this position: there is no move to search")
    reason = refusal(game, state, config)
    if reason is not None:
        raise AlgorithmError(reason)
    manager = None
    if time_left is not None:
        config, manager = clocked(config, time_left)
    reporter = Reporter(
        config.algorithm,
        config.text,
        time_budget=config.time_budget,
        node_budget=config.node_budget,
        should_stop=should_stop,
        on_event=on_event,
        clock=clock,
    )
    reporter.signed = not game.fixed_move_order  # a textbook tree's numbers: 3, not +3
    reporter.line_movers = functools.partial(line_movers, game, state)
    if manager is not None:
        reporter.settled = manager.enough
    try:
        with collector_paused():
            result: SearchResult[M] = _module(config.algorithm).search(
                SearchRequest(game, state, config, reporter, evaluation)
            )
    finally:
        # The algorithm's progress callback is a bound method of its search object, and
        # the search object holds the reporter: a reference cycle that kept the whole
        # search (its transposition table: tens of thousands of tuples) alive until the
        # cyclic collector ran — on whichever thread was running then, the app's UI
        # thread too, for up to a fifth of a second. Breaking it here frees the search
        # by reference counting, in the thread that ran it.
        reporter.snapshot_fields = Progress
    return reporter.finish(result)


def clocked(config: EngineConfig, reading: ClockReading) -> tuple[EngineConfig, TimeManager | None]:
    """The engine to run for one move under a game clock, and its time manager.

    A deepening search (one with a ``depth``) gets the move's hard limit as its
    ``time`` and a `TimeManager` that ends it at the soft target, earlier or later
    by the best move's stability; any other timed search (MCTS, the solver) gets the
    soft target as its ``time``. An engine without a time parameter (random) plays
    as it is.
    """
    names = {param.name for param in ALGORITHMS[config.algorithm].params}
    if "time" not in names:
        return config, None
    budget = budget_for(reading)
    if "depth" not in names:
        return config.with_values(time=_seconds(budget.soft)), None
    return config.with_values(time=_seconds(budget.hard)), TimeManager(budget)


def _seconds(seconds: float) -> float:
    """A budget as a ``time`` value: whole hundredths (as the panel's time bar writes
    seconds, so its ``time=12.8`` and ``… / 12.80s`` agree), within the parameter's range."""
    return min(3600.0, max(0.01, round(seconds, 2)))
