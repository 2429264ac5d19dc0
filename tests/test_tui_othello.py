"""Pilot tests of the Othello board: clicks and Enter play legal squares, an illegal square
is refused, a pass is one key, the turned discs and the pass are shown, and the ASCII
fallback draws X, O and + without colour."""

from __future__ import annotations

from test_tui_boards import BoardApp, click, play

from adversa.games import make_game
from adversa.tui.boards import make_board
from adversa.tui.boards.othello import OthelloBoard

GAME = make_game("othello")
MUST_PASS = GAME.parse_position("XO" + "-" * 62 + " O")
"""White to move with no move while Black has one (c1)."""


def screen_text(app: BoardApp) -> str:
    return "\n".join(app.board.render_line(y).text for y in range(app.board.size.height))


def test_the_registry_gives_othello_its_own_board() -> None:
    assert type(make_board(GAME)) is OthelloBoard
    assert type(make_board(make_game("reversi"))) is OthelloBoard


async def test_a_click_on_a_legal_square_plays_it() -> None:
    app = BoardApp(GAME, GAME.initial_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await click(pilot, app, ("cell", 4, 5))  # f5
        await pilot.pause()
    assert [GAME.format_move(GAME.initial_state(), move) for move in app.chosen] == ["f5"]


async def test_enter_at_the_cursor_plays_and_an_illegal_square_is_refused() -> None:
    app = BoardApp(GAME, GAME.initial_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the cursor starts on d3, a legal move
        await pilot.pause()
    assert [GAME.format_move(GAME.initial_state(), move) for move in app.chosen] == ["d3"]
    app = BoardApp(GAME, GAME.initial_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "enter")  # d4 holds a disc
        await pilot.pause()
    assert app.chosen == []


async def test_a_side_without_a_move_passes_with_enter_and_is_told_so() -> None:
    app = BoardApp(GAME, MUST_PASS)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "White has no move: Enter passes" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
    assert app.chosen == [-1]
    passed = GAME.result(MUST_PASS, -1)
    app = BoardApp(GAME, passed, last_move=-1)
    async with app.run_test(size=(80, 24)):
        assert "White passes; Black to move" in screen_text(app)
        assert "Black 1 · White 1" in screen_text(app)


async def test_the_discs_a_move_turned_are_highlighted_after_it() -> None:
    app = BoardApp(GAME, GAME.initial_state())
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.board
        assert isinstance(board, OthelloBoard)
        after, last = play(GAME, "f5")
        board.show(after, last_move=last, legal_moves=GAME.legal_moves(after))
        await pilot.pause()
        assert board.flipped_cells() == {(4, 4)}  # e5


async def test_without_colour_the_discs_and_moves_are_ascii() -> None:
    app = BoardApp(GAME, GAME.initial_state())
    app.no_color = True
    async with app.run_test(size=(80, 24)):
        text = screen_text(app)
    assert "X" in text and "O" in text and "+" in text
    assert "●" not in text and "○" not in text
