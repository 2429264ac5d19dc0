"""Pilot tests of the backgammon board: what it shows at 80×24 and on a big screen."""

from __future__ import annotations

from test_tui_boards import BoardApp

from adversa.games import make_game
from adversa.games.base import play_line
from adversa.tui.boards import make_board
from adversa.tui.boards.backgammon import BackgammonBoard

GAME = make_game("backgammon")


def board_text(app: BoardApp) -> list[str]:
    board = app.query_one("#board", BackgammonBoard)
    canvas = board._current_canvas()
    return ["".join(segment.text for segment in line) for line in canvas.lines]


def test_the_registry_gives_backgammon_its_own_board() -> None:
    assert type(make_board(GAME)) is BackgammonBoard


async def test_the_board_shows_points_stacks_dice_and_pips() -> None:
    # X opened 31: 8/5 6/5, O rolled 52 and has to play it.
    state = play_line(GAME, GAME.initial_state(), "31: 8/5 6/5 52")
    app = BoardApp(GAME, state)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = "\n".join(board_text(app))
        rows = [line for line in board_text(app) if line.startswith("│")]
    assert "O to play  5   2" in text
    assert "pips X 163 O 167" in text
    assert "13 14 15 16 17 18" in text and "12 11 10" in text
    # X's 5-point now holds two checkers: two rows of the bottom half show X there.
    bottom = rows[-5:]
    column = bottom[-1].index("│", 1) + 8  # past the bar (│, 3 cells, │) and the 6-point
    assert [row[column:column + 3].strip() for row in bottom] == ["", "", "", "X", "X"]


async def test_a_tall_stack_writes_its_count_and_the_bar_shows_its_checkers() -> None:
    state = GAME.parse_position(
        "1,-9,0,0,0,0,12,0,0,0,0,0,0,0,0,0,0,0,0,-5,0,0,0,0,2,0 X 31")
    app = BoardApp(GAME, state)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = "\n".join(board_text(app))
        rows = [line for line in board_text(app) if line.startswith("│")]
    assert any("12" in row for row in rows) and any(" 9" in row for row in rows)
    assert "pips X 120 O 271  off X 1 O 0" in text  # O's bar counts 25
    assert "O" in rows[0][rows[0].index("│", 1):rows[0].index("│", 1) + 5]  # O on the bar


async def test_it_fits_80_by_24_with_the_panel_beside() -> None:
    state = play_line(GAME, GAME.initial_state(), "31")
    app = BoardApp(GAME, state)
    async with app.run_test(size=(32, 14)) as pilot:
        await pilot.pause()
        lines = board_text(app)
    assert max(len(line) for line in lines) <= 32
    assert len([line for line in lines if line]) <= 14
