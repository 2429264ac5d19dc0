"""Which moves give check (`checking_moves`, read from bitboards for futility pruning)
against python-chess's `gives_check`, the referee, on positions full of discovered
checks, promotions, castling and en passant, and on random games from them."""

from __future__ import annotations

import chess
from chess_positions import positions

from adversa.games.chess import Chess
from adversa.games.chess_checks import checking_moves

DISCOVERIES = (
    "4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1",  # a knight in front of a rook
    "7k/8/8/4N3/8/8/1Q6/6K1 w - - 0 1",  # a knight in front of a queen, on the diagonal
    "4k3/8/8/4P3/8/8/8/4R1K1 w - - 0 1",  # a pawn whose push stays on the rook's file
    "k7/8/8/3K4/8/8/8/7B w - - 0 1",  # the king discovers the bishop
    "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",  # promotions that check from the back rank
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",  # castling, the rook checking on d8?
    "3k4/8/8/2pP4/8/8/8/B2K4 w - c6 0 2",  # en passant (python-chess answers)
)


def test_the_checking_moves_are_python_chess_s() -> None:
    boards = [chess.Board(fen) for fen in DISCOVERIES] + positions(seed=5, plies=60)
    found = 0
    for board in boards:
        moves = list(board.generate_legal_moves())
        expected = [move for move in moves if board.gives_check(move)]
        assert checking_moves(board, moves) == expected, board.fen()
        found += len(expected)
    assert found > 200  # the positions hold enough checks to mean something


def test_the_forcing_moves_are_the_captures_promotions_and_checks() -> None:
    game = Chess()
    for board in positions(seed=9, plies=40):
        state = game.parse_position(board.fen())
        moves = game.legal_moves(state)
        kept = set(game.forcing_moves(state, moves))
        assert kept == {move for move in moves if board.is_capture(move) or move.promotion
                        or board.gives_check(move)}, board.fen()
