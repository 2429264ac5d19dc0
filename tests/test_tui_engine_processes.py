"""The app's searches in engine processes (`adversa.search.process`): an error raised by
a game's own rules comes back, and the compare screen, whose engines each search in a
process, shows exactly ``adversa compare``'s figures."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from adversa.games import make_game
from adversa.games.registry import evaluation_of
from adversa.games.tictactoe import TicTacToe, TicTacToeState
from adversa.match.compare import run_comparison, summary_rows
from adversa.presentation import COMPARE_COLUMNS, compare_rows_text
from adversa.search.config import EngineConfig
from adversa.search.process import search_in_process
from adversa.tui.screens.compare import CompareApp, CompareScreen


class Exploding(TicTacToe):
    """Rules that fail in the middle of a search (a bug in a game, say)."""

    def legal_moves(self, state: TicTacToeState) -> list[int]:
        if state.x:
            raise RuntimeError("the rules broke")
        return super().legal_moves(state)


def test_an_error_in_the_process_comes_back_as_the_same_error() -> None:
    game = Exploding()
    with pytest.raises(RuntimeError, match="the rules broke"):
        search_in_process(game, game.initial_state(), EngineConfig.parse("minimax depth=3"),
                          evaluation=evaluation_of(game))
    # The slot is free again: the next search runs.
    fine = make_game("tictactoe")
    assert search_in_process(fine, fine.initial_state(),
                            EngineConfig.parse("alphabeta depth=2"),
                             evaluation=evaluation_of(fine)).best_move_text


async def test_the_compare_screen_shows_exactly_the_command_line_figures() -> None:
    game = make_game("checkers")
    state = game.initial_state()
    engines = [EngineConfig.parse("alphabeta depth=5"), EngineConfig.parse("minimax depth=4")]
    expected = compare_rows_text(summary_rows(run_comparison(game, state, engines)))
    app = CompareApp(game, state, engines)
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
