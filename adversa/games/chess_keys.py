"""Chess's polyglot key and evaluation sums, updated move by move rather than recomputed.

`adversa.games.chess` keeps on each state its polyglot Zobrist key (the transposition
table's key) and the evaluation's two sums (`chess_eval.material_terms`); a move changes
at most four squares, so `next_terms` toggles only theirs (checked against the full
computation in tests/test_chess.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import chess
import chess.polyglot

from adversa.games.chess_eval import TABLE_EG, TABLE_MG

if TYPE_CHECKING:
    from adversa.games.chess import ChessState

HASHER = chess.polyglot.ZobristHasher(chess.polyglot.POLYGLOT_RANDOM_ARRAY)
_RANDOM = chess.polyglot.POLYGLOT_RANDOM_ARRAY
TURN_KEY = _RANDOM[780]
_castling_hashes: dict[int, int] = {}
"""Castling rights (python-chess's rook-square mask) → their share of the polyglot key."""


def _castling_hash(board: chess.Board) -> int:
    rights = board.castling_rights
    found = _castling_hashes.get(rights)
    if found is None:
        found = _castling_hashes[rights] = HASHER.hash_castling(board)
    return found


_POLYGLOT_BASE = tuple(64 * (2 * (index % 8 - 1) + index // 8) if index % 8 else 0
                       for index in range(16))
"""The evaluation tables' piece index ``8 · colour + type`` → the first of its 64 numbers
in polyglot's random array (polyglot orders black pawn, white pawn, black knight …)."""

_CASTLING_ROOK = {chess.G1: (chess.H1, chess.F1), chess.C1: (chess.A1, chess.D1),
                  chess.G8: (chess.H8, chess.F8), chess.C8: (chess.A8, chess.D8)}
"""The king's target when castling → where its rook leaves from and lands."""


def next_terms(state: ChessState, move: chess.Move, after: chess.Board,
               ep_before: int) -> tuple[int, int, int]:
    """The polyglot key and the evaluation's two sums (`material_terms`) of ``after``,
    ``move`` past ``state``.

    Speed over elegance: `chess.polyglot.zobrist_hash` walks all 32 pieces (about 50 µs
    here, more than the move itself), and so would the evaluation; a move changes at most
    four squares — the mover's two, a captured piece's, a castling rook's two — so only
    their terms are toggled, read from the move and the board before it. Both are
    checked against the full computation in tests/test_chess.py.
    """
    before = state.board
    key = state.key ^ TURN_KEY ^ ep_before ^ ep_key(after)
    if before.castling_rights != after.castling_rights:
        key ^= _castling_hash(before) ^ _castling_hash(after)
    own, enemy = (8, 0) if before.turn else (0, 8)
    origin, target = move.from_square, move.to_square
    mover = before.piece_type_at(origin) or chess.PAWN
    # (table index, square, +1 placed or −1 lifted) of each changed square.
    changes = [(own + mover, origin, -1), (own + (move.promotion or mover), target, 1)]
    victim = before.piece_type_at(target)
    if victim:
        changes.append((enemy + victim, target, -1))
    elif mover == chess.PAWN and target == before.ep_square:
        changes.append((enemy + chess.PAWN, target - 8 if before.turn else target + 8, -1))
    elif mover == chess.KING and abs(origin - target) == 2:
        rook_from, rook_to = _CASTLING_ROOK[target]
        changes += [(own + chess.ROOK, rook_from, -1), (own + chess.ROOK, rook_to, 1)]
    mg, eg = state.mg, state.eg
    for index, square, sign in changes:
        key ^= _RANDOM[_POLYGLOT_BASE[index] + square]
        mg += sign * TABLE_MG[index][square]
        eg += sign * TABLE_EG[index][square]
    return key, mg, eg


def ep_key(board: chess.Board) -> int:
    """The en passant square's share of ``board``'s polyglot key (0 when none counts)."""
    return HASHER.hash_ep_square(board) if board.ep_square is not None else 0
