"""Chess positions for tests that check adversa's answers against python-chess's:
tricky cases for a move generator (pins, en passant, promotions, castling) and the
positions of random games from them."""

from __future__ import annotations

import random

import chess

TRICKY = (
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  # Kiwipete
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",  # perft position 3: en passant pins
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",  # promotions
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 1",  # en passant would expose the king
    "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1",  # a bishop pinned on a file
    "4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1",  # a pawn pinned on a diagonal
    "r3k2r/8/8/8/8/8/8/R3K1rR w KQkq - 0 1",  # in check: castling out of it is illegal
    "r3k2r/8/8/8/8/5b2/8/R3K2R w KQkq - 0 1",  # castling through an attacked square
    "7k/5Q2/8/8/8/8/8/K7 b - - 0 1",  # stalemate
    "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1",  # Fine #70
)


def positions(seed: int, plies: int) -> list[chess.Board]:
    """The tricky positions and every position of a random game from each."""
    chooser = random.Random(seed)
    found: list[chess.Board] = []
    for fen in TRICKY:
        board = chess.Board(fen)
        for _ply in range(plies):
            found.append(board.copy(stack=False))
            moves = list(board.generate_legal_moves())
            if not moves:
                break
            # Prefer captures, castling and promotions: the rare cases a generator misses.
            special = [move for move in moves if board.is_capture(move) or move.promotion
                       or board.is_castling(move)]
            board.push(chooser.choice(special if special and chooser.random() < 0.5
                                      else moves))
    return found
