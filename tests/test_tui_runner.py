"""The engine runner on its own: messages, cancellation, independent runners,
and the panel's number formatting."""

from __future__ import annotations

import dataclasses

from textual import on
from textual.app import App, ComposeResult
from tui_fakes import FakeEngine, until

from adversa.games import make_game
from adversa.games.evaluation import Evaluation
from adversa.games.registry import evaluation_of
from adversa.presentation import format_count
from adversa.search.config import EngineConfig
from adversa.search.stats import Iteration
from adversa.tui.iterations import IterationTable, format_score
from adversa.tui.panel import effective_branching
from adversa.tui.runner import (
    EngineRunner,
    IterationDone,
    SearchFailed,
    SearchFinished,
    SearchMessage,
    SearchProgress,
    SearchStarted,
)

CONFIG = EngineConfig.parse("alphabeta depth=3")


class RunnerApp(App[None]):
    """Two runners on one app, recording every message they deliver."""

    def __init__(self, first: FakeEngine, second: FakeEngine) -> None:
        super().__init__()
        self.engines = (first, second)
        self.received: list[SearchMessage] = []

    def on_mount(self) -> None:
        self.runners = (
            EngineRunner(self, "search-a", self.engines[0]),
            EngineRunner(self, "search-b", self.engines[1]),
        )

    @on(SearchStarted)
    @on(SearchProgress)
    @on(IterationDone)
    @on(SearchFinished)
    @on(SearchFailed)
    def record(self, message: SearchMessage) -> None:
        self.received.append(message)
        if isinstance(message, SearchFinished | SearchFailed):
            message.runner.done(message.search_id)


async def test_a_search_streams_then_finishes_with_the_move() -> None:
    game = make_game("tictactoe")
    app = RunnerApp(FakeEngine(), FakeEngine())
    async with app.run_test() as pilot:
        runner = app.runners[0]
        search_id = runner.start(game, game.initial_state(), CONFIG)
        for _ in range(100):
            await pilot.pause(0.01)
            if not runner.running:
                break
        kinds = [type(m).__name__ for m in app.received if m.search_id == search_id]
        assert kinds[0] == "SearchStarted" and kinds[-1] == "SearchFinished"
        assert "SearchProgress" in kinds and "IterationDone" in kinds
        finished = app.received[-1]
        assert isinstance(finished, SearchFinished)
        assert finished.result.best_move == game.legal_moves(game.initial_state())[0]
        assert not runner.running


async def test_cancelling_one_runner_leaves_the_other_running() -> None:
    game = make_game("tictactoe")
    first, second = FakeEngine(block=True), FakeEngine(block=True)
    app = RunnerApp(first, second)
    async with app.run_test() as pilot:
        a, b = app.runners
        a.start(game, game.initial_state(), CONFIG)
        b_id = b.start(game, game.initial_state(), CONFIG)
        assert await until(pilot, first.started) and await until(pilot, second.started)
        a.cancel()
        assert await until(pilot, first.stopped)
        await pilot.pause(0.05)
        assert not second.stopped.is_set() and b.running and b.current_id == b_id
        stale = [m for m in app.received if m.runner is a and isinstance(m, SearchFinished)]
        assert all(not message.is_current for message in stale)
        b.cancel()
        assert await until(pilot, second.stopped)


async def test_a_restart_cancels_the_previous_search_of_the_same_runner() -> None:
    game = make_game("tictactoe")
    blocking = FakeEngine(block=True)
    app = RunnerApp(blocking, FakeEngine())
    async with app.run_test() as pilot:
        runner = app.runners[0]
        old_id = runner.start(game, game.initial_state(), CONFIG)
        assert await until(pilot, blocking.started)
        new_id = runner.start(game, game.initial_state(), CONFIG)
        assert await until(pilot, blocking.stopped)
        assert new_id != old_id and runner.current_id == new_id
        runner.cancel()


async def test_an_engine_exception_becomes_a_failure_message() -> None:
    game = make_game("tictactoe")
    app = RunnerApp(FakeEngine(fail=True), FakeEngine())
    async with app.run_test() as pilot:
        runner = app.runners[0]
        runner.start(game, game.initial_state(), CONFIG)
        for _ in range(100):
            await pilot.pause(0.01)
            if not runner.running:
                break
        failures = [m for m in app.received if isinstance(m, SearchFailed)]
        assert len(failures) == 1 and "engine exploded" in str(failures[0].error)


def test_progress_messages_coalesce_only_within_one_search() -> None:
    game = make_game("tictactoe")
    app = RunnerApp(FakeEngine(), FakeEngine())
    runner = EngineRunner(app)
    snapshot = FakeEngine()(game, game.initial_state(), CONFIG, evaluation=Evaluation()).snapshot
    older, newer = SearchProgress(runner, 1, snapshot), SearchProgress(runner, 1, snapshot)
    other_search = SearchProgress(runner, 2, snapshot)
    assert newer.can_replace(older)
    assert not other_search.can_replace(older)
    assert not newer.can_replace(SearchStarted(runner, 1, CONFIG))


def test_number_formatting_for_the_panel() -> None:
    assert format_count(1234567) == "1,234,567"
    assert format_count(123_456_789_012) == "123,457M"
    assert format_score(0.5) == "+0.5"
    assert format_score(None) == "–"
    assert format_score((1.0, -0.5, 0.0)) == "(1, -0.5, 0)"
    assert format_score((0.5, 0.25, 0.25), compact=True) == "0.5/0.25/0.25"
    # Scores are shown in the search's own units: e(n) = +1 for the centre at depth 2
    # is 1/9 on the ±1 scale, and a proven result reads as win/loss.
    game = make_game("tictactoe")
    snapshot = dataclasses.replace(
        FakeEngine()(game, game.initial_state(), CONFIG, evaluation=Evaluation()).snapshot,
        score_scale=9.0,
        win_value=1.0,
    )
    assert format_score(1 / 9, snapshot) == "+1"
    assert format_score(-2 / 9, snapshot) == "-2"
    assert format_score(1.0, snapshot) == "win"
    assert format_score(-1.0, snapshot) == "loss"
    iterations = [Iteration(1, 0.1, 10, 0.0, ()), Iteration(2, 0.2, 40, 0.0, (), 4.0),
                  Iteration(3, 0.3, 100, 0.0, (), None)]
    assert effective_branching(iterations) == 4.0


async def test_the_iteration_table_keeps_the_newest_rows_in_view() -> None:
    class TableApp(App[None]):
        def compose(self) -> ComposeResult:
            yield IterationTable(id="table")

    app = TableApp()
    async with app.run_test(size=(60, 6)) as pilot:
        table = app.query_one(IterationTable)
        for depth in range(1, 13):
            table.add(Iteration(depth, 0.01 * depth, 10 * depth, 0.0, ("b2",), 2.0))
        await pilot.pause()
        lines = table.render().plain.splitlines()
        assert lines[0].split()[:3] == ["depth", "time", "nodes"]
        assert [line.split()[0] for line in lines[1:]] == ["8", "9", "10", "11", "12"]
        table.clear()
        assert table.render().plain.splitlines()[1:] == []


async def test_n_player_values_keep_the_panel_rows_in_place() -> None:
    """3-player Pig (max^n) reports value vectors: they must neither wrap the fixed
    statistics block (pushing 'TT fill' out of view) nor run into the nodes column."""
    from adversa.search.engine import run_search
    from adversa.tui.panel import SearchPanel

    class PanelApp(App[None]):
        def compose(self) -> ComposeResult:
            yield SearchPanel()

    game = make_game("pig", {"players": "3"})
    result = run_search(game, game.initial_state(), EngineConfig.parse("maxn depth=3"),
                        evaluation=evaluation_of(game))
    assert isinstance(result.value, tuple)
    app = PanelApp()
    async with app.run_test(size=(46, 40)) as pilot:  # the panel's width on an 80-column screen
        panel = app.query_one(SearchPanel)
        panel.show_result(result)
        await pilot.pause()
        stats = app.screen.get_widget_at(*panel.query_one("#panel-stats").region.offset)[0]
        assert stats.id == "panel-stats"
        lines = [str(stats.render_line(row).text) for row in range(5)]
        assert lines[0].split()[0] == "depth" and lines[4].split()[0] == "TT", lines
        rows = panel.query_one(IterationTable).render().plain.splitlines()[1:]
        nodes = format_count(result.iterations[-1].nodes)
        assert f" {nodes} " in rows[-1], rows
