"""Searches in processes (`adversa.tui.processes`): the same result and events as in the
app's own process, a stop that is honoured, errors that come back, and a compare screen
whose figures are exactly ``adversa compare``'s."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from textual.widgets import DataTable

from adversa.games import make_game
from adversa.games.tictactoe import TicTacToe, TicTacToeState
from adversa.match.compare import run_comparison, summary_rows
from adversa.presentation import COMPARE_COLUMNS, compare_rows_text
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search
from adversa.search.stats import Iteration, SearchResult, Snapshot
from adversa.tui.processes import SearchProcesses
from adversa.tui.screens.compare import CompareApp, CompareScreen


@pytest.fixture(scope="module")
def processes() -> Iterator[SearchProcesses]:
    pool = SearchProcesses(slots=2)
    pool.warm()
    yield pool
    pool.close()


def test_a_search_in_a_process_is_the_search_in_this_one(processes: SearchProcesses) -> None:
    game = make_game("checkers")
    config = EngineConfig.parse("alphabeta depth=6")
    events: list[Any] = []
    here = run_search(game, game.initial_state(), config)
    there = processes.search(game, game.initial_state(), config, on_event=events.append)
    assert (there.best_move_text, there.value, there.pv, there.snapshot.nodes) == (
        here.best_move_text, here.value, here.pv, here.snapshot.nodes)
    iterations = [event for event in events if isinstance(event, Iteration)]
    assert [iteration.depth for iteration in iterations] == list(range(1, 7))
    assert all(isinstance(event, Snapshot | Iteration) for event in events)
    assert not any(isinstance(event, SearchResult) for event in events)


def test_a_stop_request_reaches_the_process(processes: SearchProcesses) -> None:
    game = make_game("checkers")
    seen: list[Any] = []
    result = processes.search(
        game, game.initial_state(), EngineConfig.parse("alphabeta depth=40"),
        should_stop=lambda: bool(seen), on_event=seen.append,
    )
    assert result.stopped
    assert result.best_move_text in {game.format_move(game.initial_state(), move)
                                     for move in game.legal_moves(game.initial_state())}


class Exploding(TicTacToe):
    """Rules that fail in the middle of a search (a bug in a game, say)."""

    def legal_moves(self, state: TicTacToeState) -> list[int]:
        if state.x:
            raise RuntimeError("the rules broke")
        return super().legal_moves(state)


def test_an_error_in_the_process_comes_back_as_the_same_error(
    processes: SearchProcesses,
) -> None:
    game = Exploding()
    with pytest.raises(RuntimeError, match="the rules broke"):
        processes.search(game, game.initial_state(), EngineConfig.parse("minimax depth=3"))
    # The slot is free again: the next search runs.
    fine = make_game("tictactoe")
    assert processes.search(fine, fine.initial_state(),
                            EngineConfig.parse("alphabeta depth=2")).best_move_text


async def test_the_compare_screen_shows_exactly_the_command_line_figures(
    processes: SearchProcesses,
) -> None:
    game = make_game("checkers")
    state = game.initial_state()
    engines = [EngineConfig.parse("alphabeta depth=5"), EngineConfig.parse("minimax depth=4")]
    expected = compare_rows_text(summary_rows(run_comparison(game, state, engines)))
    app = CompareApp(game, state, engines, compare_search=processes.search)
    async with app.run_test(size=(160, 50)) as pilot:
        screen = app.screen
        assert isinstance(screen, CompareScreen)
        for _ in range(600):
            await pilot.pause(0.05)
            if all(column.state == "done" for column in screen.columns):
                break
        table = screen.query_one("#compare-summary", DataTable)
        shown = [[str(cell) for cell in table.get_row_at(row)] for row in range(table.row_count)]
    # Wall-clock time: the one figure two runs cannot share.
    time_column = [key for key, _ in COMPARE_COLUMNS].index("time")
    for shown_row, cli_row in zip(shown, expected, strict=True):
        assert shown_row[0] == cli_row[0]
        figures = shown_row[2:]  # after the engine and its state
        assert figures[:time_column] + figures[time_column + 1:] == (
            cli_row[1:][:time_column] + cli_row[1:][time_column + 1:])
