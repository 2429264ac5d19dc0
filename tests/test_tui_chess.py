"""Pilot tests of the chess board: a piece then its square makes the move, the selected
piece's destinations are highlighted, a promotion asks for the piece, a check is shown,
and the board flips; the whole app takes typed SAN."""

from __future__ import annotations

import chess
from test_tui_boards import BoardApp, click

from adversa.games import make_game
from adversa.tui.boards import make_board
from adversa.tui.boards.chess import ChessBoard

GAME = make_game("chess")


def test_the_registry_gives_chess_its_own_board() -> None:
    assert type(make_board(GAME)) is ChessBoard


def picture(app: BoardApp) -> str:
    canvas = app.board._current_canvas()
    return "\n".join("".join(segment.text for segment in line) for line in canvas.lines)


def rank(text: str, number: str) -> list[str]:
    """The pieces drawn on the line labelled with a rank's number."""
    line = next(line for line in text.splitlines() if line.split()[:1] == [number])
    return line.split()[1:]


async def test_clicking_a_pawn_then_its_square_plays_the_move() -> None:
    app = BoardApp(GAME, GAME.initial_state())
    async with app.run_test(size=(80, 30)) as pilot:
        await click(pilot, app, ("square", chess.E2))
        await pilot.pause()
        board = app.board
        assert isinstance(board, ChessBoard) and board.selected == chess.E2
        marks = board._highlights()
        assert {square for square, names in marks.items() if "chess--target" in names} == {
            chess.E3, chess.E4}
        await click(pilot, app, ("square", chess.E4))
        await pilot.pause()
    assert app.chosen == [chess.Move.from_uci("e2e4")]


async def test_a_square_the_piece_cannot_reach_plays_nothing() -> None:
    app = BoardApp(GAME, GAME.initial_state())
    async with app.run_test(size=(80, 30)) as pilot:
        await click(pilot, app, ("square", chess.G1))
        await click(pilot, app, ("square", chess.G3))
        await pilot.pause()
    assert app.chosen == []


async def test_a_promotion_asks_which_piece() -> None:
    state = GAME.parse_position("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1")
    app = BoardApp(GAME, state)
    async with app.run_test(size=(80, 30)) as pilot:
        await click(pilot, app, ("square", chess.E7))
        await click(pilot, app, ("square", chess.E8))
        await pilot.pause()
        assert app.chosen == []
        assert "promote to: [Q] [R] [B] [N]" in picture(app)
        await click(pilot, app, ("promote", chess.KNIGHT))
        await pilot.pause()
    assert app.chosen == [chess.Move.from_uci("e7e8n")]


async def test_check_is_shown_on_the_king_and_in_the_side_label() -> None:
    state = GAME.parse_position("4k3/8/8/8/8/8/8/4RK2 b - - 0 1")
    app = BoardApp(GAME, state)
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        board = app.board
        assert isinstance(board, ChessBoard)
        assert "chess--check" in board._highlights()[chess.E8]
        assert "Black ◀ to move — check!" in picture(app)


async def test_the_end_reason_is_shown_and_flipping_puts_black_at_the_bottom() -> None:
    state = GAME.parse_position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    app = BoardApp(GAME, state, flipped=True)
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        text = picture(app)
    assert "draw: stalemate" in text
    lines = text.splitlines()
    assert lines[-2].split() == list("hgfedcba")
    ranks = [line.split()[0] for line in lines if line.strip()[:1].isdigit()]
    assert ranks == list("12345678")


async def test_without_colour_the_pieces_are_fen_letters() -> None:
    app = BoardApp(GAME, GAME.initial_state())
    app.no_color = True
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        text = picture(app)
    assert rank(text, "8") == list("rnbqkbnr") and rank(text, "1") == list("RNBQKBNR")
    assert "♜" not in text


async def test_with_colour_the_pieces_are_unicode_glyphs() -> None:
    app = BoardApp(GAME, GAME.initial_state())
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        text = picture(app)
    assert rank(text, "8") == rank(text, "1") == list("♜♞♝♛♚♝♞♜")
