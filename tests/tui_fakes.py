"""Test doubles for the app's Pilot tests: fast, deterministic engines.

Pilot waits for the CPU to go idle after every key, so a real search makes UI
tests slow and timing-dependent (textual.md §10). These fakes have the shape of
`engine.run_search`, play the first legal move, and emit the same event kinds
a real search does (snapshot, iteration, result) with fixed figures.
"""

from __future__ import annotations

import threading
from collections.abc import Hashable
from typing import Any

from textual.app import App
from textual.pilot import Pilot

from adversa.games import Game, make_game
from adversa.games.base import M, S
from adversa.games.evaluation import Evaluation
from adversa.match.session import GameSession, parse_player
from adversa.search.config import EngineConfig
from adversa.search.stats import (
    EventCallback,
    Iteration,
    RootMove,
    SearchResult,
    Snapshot,
    StopCallback,
)
from adversa.search.timeman import ClockReading
from adversa.tui.screens.compare import CompareScreen
from adversa.tui.screens.game import GameScreen
from adversa.tui.screens.start import StartScreen


def canned_snapshot(game: Game[S, M], state: S, config: EngineConfig, *,
                    finished: bool = False) -> Snapshot:
    """A fixed, timing-free snapshot of a two-iteration search of ``state``."""
    legal = list(game.legal_moves(state))
    texts = [game.format_move(state, move) for move in legal]
    iterations = (
        Iteration(1, 0.01, 10, 0.0, tuple(texts[:1]), None),
        Iteration(2, 0.05, 35, 0.25, tuple(texts[:2]), 3.5),
    )
    return Snapshot(
        algorithm=config.algorithm, config=config.text, elapsed=0.25,
        time_budget=config.time_budget, depth=3, completed_depth=2, seldepth=4,
        nodes=12_345, leaves=8_000, cutoffs=321, pruned=1_234, tt_probes=500, tt_hits=125,
        tt_stores=400, tt_fill=0.03, nps=49_380.0, score=0.25, pv=tuple(texts[:3]),
        root_moves=tuple(RootMove(text, score=0.25 - 0.25 * index)
                         for index, text in enumerate(texts)),
        current_move=texts[0] if texts and not finished else None,
        iterations=iterations, finished=finished,
    )


class FakeEngine:
    """Plays the first legal move; records every call (and the clock it was given).

    ``block=True`` makes it wait until it is told to stop (a search that only
    ends when cancelled), then return a move marked ``stopped`` as a real
    search does — a result the app must ignore as stale. ``fail`` makes it raise.
    """

    def __init__(self, *, block: bool = False, fail: bool = False) -> None:
        self.block = block
        self.fail = fail
        self.calls: list[tuple[Hashable, EngineConfig]] = []
        """Each search asked for: its position (only compared) and its engine."""
        self.clock_readings: list[ClockReading | None] = []
        self.started = threading.Event()
        self.stopped = threading.Event()

    def __call__(self, game: Game[S, M], state: S, config: EngineConfig, *,
                 evaluation: Evaluation[S, M],
                 should_stop: StopCallback | None = None,
                 on_event: EventCallback | None = None,
                 time_left: ClockReading | None = None) -> SearchResult[M]:
        self.calls.append((state, config))
        self.clock_readings.append(time_left)
        emit = on_event or (lambda _event: None)
        self.started.set()
        emit(canned_snapshot(game, state, config))
        emit(canned_snapshot(game, state, config).iterations[0])
        if self.fail:
            raise RuntimeError("engine exploded")
        if self.block:
            assert should_stop is not None
            while not should_stop():
                threading.Event().wait(0.005)
            self.stopped.set()
        move = game.legal_moves(state)[0]
        text = game.format_move(state, move)
        result = SearchResult(move, text, 0.25, (text,),
                              canned_snapshot(game, state, config, finished=True),
                              stopped=self.block)
        emit(result)
        return result


async def until(pilot: Pilot[Any], event: threading.Event) -> bool:
    """Wait for a thread's event without blocking the app's loop (workers start on it)."""
    for _ in range(200):
        if event.is_set():
            return True
        await pilot.pause(0.01)
    return event.is_set()


async def choose_game(pilot: Pilot[Any], start: StartScreen, name: str) -> None:
    """Pick ``name`` in a start screen's game picker and wait until its option and seat
    forms are built (an async handler rebuilds them; one pause is not always enough)."""
    from textual.widgets import Select

    start.query_one("#game", Select).value = name
    for _ in range(500):
        await pilot.pause()
        if start.shown_game == name:
            return
    raise AssertionError(f"the start screen did not show {name!r}")


def session_for(game_name: str, *players: str, **options: object) -> GameSession:
    """A session of ``game_name`` with players given as text (``human``, an engine)."""
    game = make_game(game_name, options)
    return GameSession(game_name, options, [parse_player(game, p) for p in players])


def game_screen(app: App[Any]) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


def start_screen(app: App[Any]) -> StartScreen:
    screen = app.screen
    assert isinstance(screen, StartScreen)
    return screen


async def settle(pilot: Pilot[Any], screen: GameScreen) -> None:
    """Wait until no search is running (the fake engine answers in milliseconds)."""
    for _ in range(100):
        await pilot.pause(0.02)
        if screen.runner is None or not screen.runner.running:
            await pilot.pause()
            return
    raise AssertionError("the search did not finish")


async def compare_settled(app: App[Any], pilot: Pilot[Any],
                          wanted: set[str] | None = None) -> CompareScreen:
    """The compare screen once no engine is searching (or every engine's state is in
    ``wanted``, e.g. ``{"done"}``); after about six seconds it is returned as it is, for
    the test's own assertions to say what did not happen."""
    screen = app.screen
    assert isinstance(screen, CompareScreen)
    for _ in range(300):
        await pilot.pause(0.02)
        states = {column.state for column in screen.columns}
        if (wanted is None and "searching" not in states) or (wanted and states <= wanted):
            break
    return screen
