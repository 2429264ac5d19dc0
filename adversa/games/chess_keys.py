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
    from adversa.games.chess_state import ChessState

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

PIECE_KEYS = tuple(tuple(_RANDOM[_POLYGLOT_BASE[index] + square] for square in range(64))
                   if 1 <= index % 8 <= chess.KING else () for index in range(16))
"""``[8 · colour + piece type][square]`` → that piece's share of the polyglot key there:
the evaluation tables' indexing, so a move's square reads both alike."""

_CASTLING_ROOK = {chess.G1: (chess.H1, chess.F1), chess.C1: (chess.A1, chess.D1),
                  chess.G8: (chess.H8, chess.F8), chess.C8: (chess.A8, chess.D8)}
"""The king's target when castling → where its rook leaves from and lands."""


def side_terms(before: chess.Board, after: chess.Board, ep_before: int) -> int:
    """The polyglot key's change from ``before`` to ``after`` other than the pieces': the
    turn, the en passant square (``ep_before`` is `ep_key` of ``before``), the castling
    rights."""
    toggled = TURN_KEY ^ ep_before ^ ep_key(after)
    if before.castling_rights != after.castling_rights:
        toggled ^= _castling_hash(before) ^ _castling_hash(after)
    return toggled


def next_terms(state: ChessState, move: chess.Move, toggled: int) -> tuple[int, int, int]:
    """The polyglot key and the evaluation's two sums (`material_terms`) of the board
    ``move`` leaves past ``state``; ``toggled`` is the key's change besides the pieces'
    (`side_terms`).

    Speed over elegance: `chess.polyglot.zobrist_hash` walks all 32 pieces (about 50 µs
    here, more than the move itself), and so would the evaluation; a move changes at most
    four squares — the mover's two, a captured piece's, a castling rook's two — so only
    their terms are toggled, read from the move and the board before it. The mover's two
    squares are written out rather than looped over (with the piece found by a bitboard
    test where python-chess's `piece_type_at` is a call: the pieces of the endings,
    pawns, kings and rooks): this runs for every move a search plays for the first
    time. Both are checked against the full computation in tests/test_chess.py.
    """
    before = state.position
    key = state.key ^ toggled
    own, enemy = (8, 0) if before.turn else (0, 8)
    origin, target = move.from_square, move.to_square
    origin_bb = 1 << origin
    mover = (chess.PAWN if before.pawns & origin_bb else chess.KING if before.kings & origin_bb
             else chess.ROOK if before.rooks & origin_bb
             else before.piece_type_at(origin) or chess.PAWN)
    lifted, placed = own + mover, own + (move.promotion or mover)
    key ^= PIECE_KEYS[lifted][origin] ^ PIECE_KEYS[placed][target]
    mg = state.mg + TABLE_MG[placed][target] - TABLE_MG[lifted][origin]
    eg = state.eg + TABLE_EG[placed][target] - TABLE_EG[lifted][origin]
    victim = before.piece_type_at(target) if before.occupied >> target & 1 else None
    if victim:
        taken = enemy + victim
    elif mover == chess.PAWN and target == before.ep_square:
        taken, target = enemy + chess.PAWN, target - 8 if before.turn else target + 8
    elif mover == chess.KING and abs(origin - target) == 2:
        rook_from, rook_to = _CASTLING_ROOK[target]
        rook = own + chess.ROOK
        key ^= PIECE_KEYS[rook][rook_from] ^ PIECE_KEYS[rook][rook_to]
        return (key, mg + TABLE_MG[rook][rook_to] - TABLE_MG[rook][rook_from],
                eg + TABLE_EG[rook][rook_to] - TABLE_EG[rook][rook_from])
    else:
        return key, mg, eg
    return key ^ PIECE_KEYS[taken][target], mg - TABLE_MG[taken][target], \
        eg - TABLE_EG[taken][target]


def ep_key(board: chess.Board) -> int:
    """The en passant square's share of ``board``'s polyglot key (0 when none counts)."""
    return HASHER.hash_ep_square(board) if board.ep_square is not None else 0
