"""Which moves give check, for a whole move list at once (futility pruning keeps them).

python-chess answers `Board.gives_check` by playing the move and asking `is_check`
(about 10 µs a move). Futility pruning asks it of every quiet move of a node one ply
above the horizon, so the answer is read from bitboards instead, for the node once and
then a move at a time: a move checks directly when its piece lands on a square from
which it attacks the enemy king, and by discovery when it leaves the only square
between the king and one of the mover's sliders, off that line. Castling (whose rook
may check) and en passant (which may uncover two lines) are rare and left to
python-chess. tests/test_chess_checks.py checks the answer against `gives_check`.
"""

from __future__ import annotations

from collections.abc import Sequence

import chess


def _discovering(board: chess.Board, king: int) -> int:
    """The mover's pieces that alone stand between one of its sliders and ``king``."""
    us = board.turn
    own = board.occupied_co[us]
    occupied = board.occupied
    diagonal = chess.BB_DIAG_ATTACKS[king][0] & (board.bishops | board.queens)
    straight = (chess.BB_RANK_ATTACKS[king][0] | chess.BB_FILE_ATTACKS[king][0]) \
        & (board.rooks | board.queens)
    found = 0
    for sniper in chess.scan_reversed((diagonal | straight) & own):
        between = chess.between(king, sniper) & occupied
        if between and between & (between - 1) == 0 and between & own:
            found |= between
    return found


def checking_moves(board: chess.Board, moves: Sequence[chess.Move]) -> list[chess.Move]:
    """The moves of ``moves`` (legal on ``board``) that give check, in their order."""
    us = board.turn
    king = board.king(not us)
    if king is None:
        return []
    occupied = board.occupied
    # From which squares each piece type would attack the king (the same tables the
    # other way round: attacks are symmetric, a pawn's seen from the king's colour).
    diagonal = chess.BB_DIAG_ATTACKS[king][chess.BB_DIAG_MASKS[king] & occupied]
    straight = (chess.BB_RANK_ATTACKS[king][chess.BB_RANK_MASKS[king] & occupied]
                | chess.BB_FILE_ATTACKS[king][chess.BB_FILE_MASKS[king] & occupied])
    by_type = (0, chess.BB_PAWN_ATTACKS[not us][king], chess.BB_KNIGHT_ATTACKS[king],
               diagonal, straight, diagonal | straight, 0)
    discovering = _discovering(board, king)
    line = chess.BB_RAYS[king]
    piece_type_at = board.piece_type_at
    kings, pawns, en_passant = board.kings, board.pawns, board.ep_square
    checks = []
    for move in moves:
        origin, target = move.from_square, move.to_square
        if move.promotion or (kings >> origin & 1 and abs(target - origin) == 2) or (
                target == en_passant and pawns >> origin & 1):
            # Promotion, castling, en passant: rare, and python-chess answers.
            if board.gives_check(move):
                checks.append(move)
        elif (by_type[piece_type_at(origin) or 0] >> target & 1
              or (discovering >> origin & 1 and not line[origin] >> target & 1)):
            checks.append(move)
    return checks
